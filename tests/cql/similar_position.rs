//! CQL 6.2's `similarposition [nosort] [notransform] "f.pgn"` (issue 33). The expectations are
//! derived, next to each test, from CQL 6.2's source (`lamech/cql`: `anticipate-parse.cpp`,
//! `anticipatedb.cpp`, `anticipateentry.cpp`, `anticipatenode.cpp`, `dihedraltransform.cpp`,
//! `shifttransform.cpp`, `composetransform.cpp`, `qpos.cpp`) and from the hand-made games,
//! never from cqlq's output. What the source says:
//! - every main-line position of the submissions file is filed under its piece placement and
//!   side to move (castling and en passant are not part of the key), moved by each symmetry
//!   that keeps every piece on the board: only the identity with `notransform`; the 8
//!   symmetries of the square for a board without pawns; otherwise 30: the identity, the 14
//!   shifts along the ranks, the mirror of files (`reflect_v`) and that mirror after each
//!   shift. A submission position already filed under a key for the same game and move number
//!   is not filed again, so the first symmetry in that order names it;
//! - a searched position whose placement and side are filed matches, with the comment
//!   `see FILE game: N at move: M wtm|btm` and the symmetry's name unless it is the identity
//!   (`right^2`, `clockwise90` = file and rank swapped after the files are mirrored, ...);
//!   the move number is 1 at a game's first position and grows after each Black move;
//! - unless `nosort`, the query is that filter and `sort min "submission game"` of the
//!   smallest submission game number matched, so games come out in ascending order of it.

use crate::common;

use std::io::Write;

/// A temporary PGN file holding `text`.
fn pgn_file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new()
        .suffix(".pgn")
        .tempfile()
        .expect("temp");
    f.write_all(text.as_bytes()).expect("write");
    f
}

/// Submission 1 has a pawn: Ke1 Pe2 ke8, White to move (move 1 wtm), then 1. e4 (move 1
/// btm). Submission 2 has none: Ka1 Nb1 kh8, White to move (move 1 wtm).
const SUBMISSIONS: &str = "[Event \"s1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n\n\
                           [Event \"s2\"]\n[FEN \"7k/8/8/8/8/8/8/KN6 w - - 0 1\"]\n\n*\n";

/// The searched games, each starting from a FEN so that no game shares the initial position:
/// 1. Submission 2 turned: file and rank swapped after the files are mirrored (CQL 6.2's
///    `clockwise90`): a1 -> a8, b1 -> a7, h8 -> h1: Ka8 Na7 kh1. No other symmetry takes the
///    king from a1 to a8 and the knight from b1 to a7 (`reflect_h` puts it on b8).
/// 2. Submission 1 itself, then 1. e4: both of its positions, with no symmetry.
/// 3. Submission 1 moved two files right: Kg1 Pg2 kg8 (`right^2`; the mirror after three files
///    left gives the same board, but comes later in CQL 6.2's order and is not filed again).
/// 4. Submission 1 turned half way round: Kd8 Pd7 ke1 (`rotate180`), which is no symmetry of a
///    board with pawns, so it is never found.
const GAMES: &str = "[Event \"g1\"]\n[FEN \"K7/N7/8/8/8/8/8/7k w - - 0 1\"]\n\n*\n\n\
                     [Event \"g2\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n\n\
                     [Event \"g3\"]\n[FEN \"6k1/8/8/8/8/8/6P1/6K1 w - - 0 1\"]\n\n*\n\n\
                     [Event \"g4\"]\n[FEN \"3K4/3P4/8/8/8/8/8/4k3 w - - 0 1\"]\n\n*\n";

/// Runs `similarposition FLAGS "SUBMISSIONS"` over the games: the output and the file name.
fn run(flags: &str) -> (String, String) {
    let subs = pgn_file(SUBMISSIONS);
    let games = pgn_file(GAMES);
    let name = subs.path().to_str().unwrap().to_string();
    let query = format!("similarposition {flags} \"{name}\"");
    let out = common::cqlq(&["-e", &query, games.path().to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{query}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (String::from_utf8_lossy(&out.stdout).into_owned(), name)
}

/// The `{Game number N ...}` of each game written, in output order.
fn game_numbers(out: &str) -> Vec<u64> {
    out.lines()
        .filter_map(|l| l.strip_prefix("{Game number "))
        .map(|l| l.split(['}', ' ']).next().unwrap().parse().unwrap())
        .collect()
}

/// Each comment names the submission's game, move, side and symmetry (reasoning at `GAMES`).
#[test]
fn similarposition_comments_name_the_submission_and_symmetry() {
    let (out, name) = run("nosort");
    for expected in [
        format!("see {name} game: 2 at move: 1 wtm clockwise90"),
        format!("see {name} game: 1 at move: 1 wtm}}"),
        format!("see {name} game: 1 at move: 1 btm}}"),
        format!("see {name} game: 1 at move: 1 wtm right^2"),
    ] {
        assert!(out.contains(&expected), "{expected} missing from:\n{out}");
    }
    assert!(!out.contains("reflect_v left^3"), "{out}");
    assert_eq!(game_numbers(&out), [1, 2, 3]);
}

/// With `notransform` only the identity is filed: game 2 alone.
#[test]
fn similarposition_notransform_finds_only_the_position_itself() {
    let (out, _) = run("nosort notransform");
    assert_eq!(game_numbers(&out), [2]);
    // The flags in either order (anticipate-parse.cpp reads them in a loop).
    let (out, _) = run("notransform nosort");
    assert_eq!(game_numbers(&out), [2]);
}

/// Without `nosort` the games come out by their smallest submission game, ascending: games 2
/// and 3 match submission 1, game 1 submission 2, so game 1 comes last; with `nosort` the
/// games keep their order. The sort is CQL 6.2's `sort min "submission game"`, whose label is
/// in each game's first comment.
#[test]
fn similarposition_sorts_by_the_smallest_submission_game_unless_nosort() {
    let (sorted, _) = run("");
    let order = game_numbers(&sorted);
    assert_eq!(order.len(), 3, "{sorted}");
    assert_eq!(order[2], 1, "{sorted}");
    assert!(sorted.contains("submission game"), "{sorted}");
    let (unsorted, _) = run("nosort");
    assert_eq!(game_numbers(&unsorted), [1, 2, 3]);
    assert!(!unsorted.contains("submission game:"), "{unsorted}");
}

/// anticipate-parse.cpp: the quoted string must name a `.pgn` file; anticipatedb.cpp: a
/// submissions file without a game is an error. Neither is accepted silently.
#[test]
fn similarposition_refuses_a_file_that_is_no_pgn_or_holds_no_game() {
    let games = pgn_file(GAMES);
    let g = games.path().to_str().unwrap();
    let out = common::cqlq(&["-e", "similarposition \"subs.txt\"", g]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(".pgn file"));
    let empty = pgn_file("");
    let query = format!("similarposition \"{}\"", empty.path().to_str().unwrap());
    let out = common::cqlq(&["-e", &query, g]);
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(empty.path().to_str().unwrap()), "{err}");
}

/// CQL 6.2's `AnticipateNode::deepify` refuses a transform applied to it.
#[test]
fn similarposition_inside_a_transform_is_refused() {
    let games = pgn_file(GAMES);
    let out = common::cqlq(&[
        "-e",
        "flip similarposition \"s.pgn\"",
        games.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// CQL 6.2's `-similarposition [nosort] [notransform] FILE` (cql.cpp) adds the filter
/// `similarposition [nosort] [notransform] "FILE"` to the query's preamble: with
/// `notransform`, game 2 alone (as `similarposition_notransform_finds_only_the_position_itself`);
/// a file that is no `.pgn` is refused.
#[test]
fn similarposition_command_line_option() {
    let subs = pgn_file(SUBMISSIONS);
    let games = pgn_file(GAMES);
    let out = common::cqlq(&[
        "-similarposition",
        "nosort",
        "notransform",
        subs.path().to_str().unwrap(),
        "-i",
        games.path().to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(game_numbers(&String::from_utf8_lossy(&out.stdout)), [2]);
    let out = common::cqlq(&[
        "-similarposition",
        "subs.txt",
        "-i",
        games.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}
