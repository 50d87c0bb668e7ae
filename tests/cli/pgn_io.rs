//! PGN input and output: the splitter, the reader and the writer, on hand-written inputs and on
//! the real files in `../shared/data` (tests that need them skip, saying so, when absent).
//!
//! Truth used here: game counts stated in `../shared/data/SOURCES.md` and recomputed with a
//! plain line scan (`[Event ` lines), and the CQL 6.2 reference's count for `cql-sample.pgn`
//! (253). Everything else is shape: round trips, invariants, and hand-checked small cases.

use std::ops::Range;
use std::path::PathBuf;

use cqlq::output::pgn_write::{Marks, termination_marker, write_game};
use cqlq::pgn::{GameRecord, PgnErrorKind, read_game, split_games};

// ---------------------------------------------------------------- helpers

/// A file of `../shared/data`, or `None` (after saying so) when it is absent.
fn shared(name: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name);
    match std::fs::read(&path) {
        Ok(data) => Some(data),
        Err(_) => {
            crate::common::skip(format!("{} is absent", path.display()));
            None
        }
    }
}

fn ranges(data: &[u8]) -> Vec<Range<usize>> {
    split_games(data).collect()
}

fn games(data: &[u8]) -> Vec<&[u8]> {
    split_games(data).map(|r| &data[r]).collect()
}

/// Lines starting with `[Event `, counted without the splitter.
fn event_lines(data: &[u8]) -> usize {
    data.split(|&b| b == b'\n')
        .filter(|line| line.starts_with(b"[Event "))
        .count()
}

fn is_bom_at(data: &[u8], i: usize) -> bool {
    (0..3).any(|k| i >= k && data[i - k..].starts_with(b"\xef\xbb\xbf"))
}

/// The splitter's promises: ranges in order, non-empty, inside the input, not starting or
/// ending with whitespace or a BOM, and only whitespace and BOMs outside them.
fn check_ranges(data: &[u8], ranges: &[Range<usize>]) {
    let mut covered_until = 0;
    for r in ranges {
        assert!(
            r.start >= covered_until && r.start < r.end && r.end <= data.len(),
            "bad range {r:?}"
        );
        for i in covered_until..r.start {
            assert!(
                data[i].is_ascii_whitespace() || is_bom_at(data, i),
                "byte {i} is outside every game"
            );
        }
        assert!(
            !data[r.start].is_ascii_whitespace() && !data[r.start..].starts_with(b"\xef\xbb\xbf")
        );
        assert!(!data[r.end - 1].is_ascii_whitespace());
        covered_until = r.end;
    }
    for i in covered_until..data.len() {
        assert!(
            data[i].is_ascii_whitespace() || is_bom_at(data, i),
            "byte {i} is outside every game"
        );
    }
}

/// The record read from `slice`, or the part read before a fault.
fn read_lenient(slice: &[u8]) -> GameRecord {
    read_game(slice).unwrap_or_else(|e| *e.partial)
}

fn pgn(game: &GameRecord, marks: &Marks) -> String {
    let mut out = String::new();
    write_game(&mut out, game, marks);
    out
}

/// Where two records differ first, for readable failures.
fn difference(a: &GameRecord, b: &GameRecord) -> Option<String> {
    if a.tags != b.tags {
        return Some(format!("tags {:?} vs {:?}", a.tags, b.tags));
    }
    if a.outcome != b.outcome {
        return Some(format!("outcome {:?} vs {:?}", a.outcome, b.outcome));
    }
    for i in 0..a.nodes.len().max(b.nodes.len()) {
        if a.nodes.get(i) != b.nodes.get(i) {
            return Some(format!(
                "node {i}: {:?} vs {:?}",
                a.nodes.get(i),
                b.nodes.get(i)
            ));
        }
    }
    None
}

/// `game` with its termination marker as the writer completes it.
fn with_marker(mut game: GameRecord) -> GameRecord {
    game.outcome = Some(termination_marker(&game).to_string());
    game
}

// ---------------------------------------------------------------- splitter: real files

#[test]
fn split_std_visible_finds_its_50000_games() {
    let Some(data) = shared("std-visible.pgn") else {
        return;
    };
    let found = ranges(&data);
    assert_eq!(found.len(), 50_000);
    assert_eq!(found.len(), event_lines(&data));
    check_ranges(&data, &found);
}

#[test]
fn split_counts_match_event_lines() {
    // Counts from SOURCES.md; cql-sample.pgn's 253 is also what CQL 6.2 read.
    for (name, count) in [
        ("std-visible-5k.pgn", 5_000),
        ("cql-sample.pgn", 253),
        ("annotated.pgn", 4_976),
        ("chess960.pgn", 1_260),
    ] {
        let Some(data) = shared(name) else { return };
        let found = ranges(&data);
        assert_eq!(found.len(), count, "{name}");
        assert_eq!(found.len(), event_lines(&data), "{name}");
        check_ranges(&data, &found);
    }
}

#[test]
fn split_messy_covers_every_byte_and_every_game_reads() {
    let Some(data) = shared("messy.pgn") else {
        return;
    };
    let found = ranges(&data);
    check_ranges(&data, &found);
    // Every `[White ` line (338, SOURCES.md) is in a different game.
    let white_lines: Vec<usize> = (0..data.len())
        .filter(|&i| (i == 0 || data[i - 1] == b'\n') && data[i..].starts_with(b"[White "))
        .collect();
    assert_eq!(white_lines.len(), 338);
    let mut games_with_white: Vec<usize> = white_lines
        .iter()
        .map(|&i| found.iter().position(|r| r.contains(&i)).unwrap())
        .collect();
    games_with_white.dedup();
    assert_eq!(games_with_white.len(), 338);
    // Every game is read; exactly two cannot be, both broken on purpose by their sources:
    // game 8 is pychess's `badpgn.pgn` (`[kj90trkm"sdfsdf"yl]`, `g(erg)`, `r23`: no PGN at all,
    // so `yl]` is no move), game 65 pgn-extract's nested comment test (`{ ... { a nested
    // comment } which should be ...}`: PGN has no nested comments, so the first `}` ends the
    // comment and `which` stands where a move belongs).
    let unreadable: Vec<(usize, String)> = found
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            read_game(&data[r.clone()])
                .err()
                .map(|e| (i + 1, e.to_string()))
        })
        .collect();
    let numbers: Vec<usize> = unreadable.iter().map(|u| u.0).collect();
    assert_eq!(numbers, [8, 65], "{unreadable:?}");
    assert!(unreadable[0].1.contains("yl]"), "{unreadable:?}");
    assert!(unreadable[1].1.contains("which"), "{unreadable:?}");
}

#[test]
fn split_and_read_survive_any_window_of_messy() {
    let Some(data) = shared("messy.pgn") else {
        return;
    };
    let mut start = 0;
    let mut len = 1;
    while start < data.len() {
        let window = &data[start..(start + len).min(data.len())];
        let found = ranges(window);
        check_ranges(window, &found);
        for r in found {
            let _ = read_game(&window[r]);
        }
        start += 997;
        len = (len * 7 + 13) % 9_000;
    }
}

// ---------------------------------------------------------------- splitter: small inputs

#[test]
fn split_empty_and_blank_inputs() {
    assert!(ranges(b"").is_empty());
    assert!(ranges(b" \r\n\n\t").is_empty());
    assert!(ranges(b"\xef\xbb\xbf\n").is_empty());
}

#[test]
fn split_brackets_in_comments_do_not_start_games() {
    let data = b"[Event \"a\"]\n\n1. e4 {see\n[White \"b\"] below? no: a comment}\n[%clk} ; 1. d4\n; [Event \"c\"]\ne5 *\n\n[Event \"d\"]\n*\n";
    let found = games(data);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[1].starts_with(b"[%clk}"));
    assert_eq!(found[2], b"[Event \"d\"]\n*");
}

#[test]
fn split_crlf_bom_and_no_final_newline() {
    let data =
        b"\xef\xbb\xbf[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n\xef\xbb\xbf[Event \"b\"]\r\n\r\n1. d4 *";
    assert_eq!(
        games(data),
        vec![
            &b"[Event \"a\"]\r\n\r\n1. e4 *"[..],
            b"[Event \"b\"]\r\n\r\n1. d4 *"
        ]
    );
}

#[test]
fn split_chessbase_blank_lines_between_tags_stay_in_the_game() {
    let data =
        b"[Event \"a\"]\n\n[White \"x\"]\n\n\n1. e4 *\n\n[Event \"b\"]\n\n[White \"y\"]\n1. d4 *\n";
    let found = games(data);
    assert_eq!(found.len(), 2);
    assert!(found[1].starts_with(b"[Event \"b\"]\n\n[White \"y\"]"));
}

#[test]
fn split_games_without_tags() {
    assert_eq!(games(b"1. e4 e5 *"), vec![&b"1. e4 e5 *"[..]]);
    // After a result, moves start the next game (blank line or not); a lone comment or junk
    // after a result stays with its game.
    let data = b"1. e4 e5 1-0\n\n1. d4 *\ne4 e5 *\n{after the end}\n\n[Event \"x\"]\n*\n\n{A tagless game} 1. c4 *\n{after\nthe end}\n\n1. d4 *";
    assert_eq!(
        games(data),
        vec![
            &b"1. e4 e5 1-0"[..],
            b"1. d4 *",
            b"e4 e5 *\n{after the end}",
            b"[Event \"x\"]\n*",
            b"{A tagless game} 1. c4 *\n{after\nthe end}",
            b"1. d4 *",
        ]
    );
}

#[test]
fn split_caps_an_unclosed_comment() {
    let data = b"[Event \"a\"]\n\n1. e4 {never closed\n\n[Event \"b\"]\n1. d4 *\n\n[White \"c\"]\n1. c4 {open\n\n[White \"d\"]\n*";
    let found = games(data);
    assert_eq!(found.len(), 4, "{found:?}");
    assert_eq!(found[1], b"[Event \"b\"]\n1. d4 *");
    assert_eq!(found[3], b"[White \"d\"]\n*");
}

#[test]
fn split_escape_lines_and_semicolons() {
    let data = b"% [Event \"not a game\"]\n[Event \"a\"]\n1. e4 ; {\n% {\ne5 *\n[Event \"b\"]\n*";
    let found = games(data);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].ends_with(b"e5 *"));
}

// ---------------------------------------------------------------- reader

#[test]
fn read_tags_moves_nags_outcome() {
    let g = read_game(b"[White \"Kasparov, \\\"Gazza\\\" \\\\ G.\"]\n[Black \"Deep Blue\"]\n\n1. e4! e5 $14 2. O-O 0-0-0+ -- Z0 1/2-1/2").unwrap();
    assert_eq!(
        g.tags,
        vec![
            ("White".into(), "Kasparov, \"Gazza\" \\ G.".into()),
            ("Black".into(), "Deep Blue".into())
        ]
    );
    let sans: Vec<&str> = g
        .mainline()
        .iter()
        .skip(1)
        .map(|&i| g.nodes[i as usize].san.as_str())
        .collect();
    assert_eq!(sans, ["e4", "e5", "O-O", "O-O-O+", "--", "--"]);
    assert_eq!(g.nodes[1].nags, [1]);
    assert_eq!(g.nodes[2].nags, [14]);
    assert_eq!(g.outcome.as_deref(), Some("1/2-1/2"));
}

#[test]
fn read_comment_placement() {
    let g = read_game(b"{before} 1. e4 {after e4} e5 ({start} 1... c5 {after c5} ({deeper} 1... e6)) ( {empty} ) 2. Nf3 *").unwrap();
    assert_eq!(g.nodes[0].comments_after, ["before"]);
    let e4 = &g.nodes[1];
    assert_eq!(e4.comments_after, ["after e4", "empty"]);
    assert_eq!(e4.children.len(), 3, "e5, c5 and e6 follow e4");
    let c5 = &g.nodes[e4.children[1] as usize];
    assert_eq!(
        (
            c5.san.as_str(),
            &c5.comments_before[..],
            &c5.comments_after[..]
        ),
        (
            "c5",
            &["start".to_string()][..],
            &["after c5".to_string()][..]
        )
    );
    let e6 = &g.nodes[e4.children[2] as usize];
    assert_eq!(
        (e6.san.as_str(), &e6.comments_before[..]),
        ("e6", &["deeper".to_string()][..])
    );
    let nf3 = &g.nodes[g.nodes[2].children[0] as usize];
    assert_eq!(nf3.san, "Nf3");
}

#[test]
fn read_keeps_line_comments_and_reads_through_blank_lines() {
    let g = read_game(b"[Event \"x\"]\n\n{Intro}\n\n1. e4 ; best by test\r\n\n e5 *").unwrap();
    assert_eq!(g.nodes[0].comments_after, ["Intro"]);
    assert_eq!(g.nodes[1].comments_after, [" best by test"]);
    assert_eq!(g.mainline().len(), 3);
}

#[test]
fn read_long_comment_whole() {
    let long = "pv=".to_string() + &"e2e4 e7e5 ".repeat(40_000) + "é";
    let g = read_game(format!("1. e4 {{{long}}} *").as_bytes()).unwrap();
    assert_eq!(g.nodes[1].comments_after, [long]);
}

/// A game that is not UTF-8 reads as Windows-1252 (issue 18 item 7): 0xFC is ü, 0xDF ß.
#[test]
fn read_invalid_utf8_as_windows_1252() {
    let g = read_game(b"[Site \"M\xfcnchen\"]\n1. e4 {gr\xfc\xdf} *").unwrap();
    assert_eq!(g.tag("Site"), Some("München"));
    assert_eq!(g.nodes[1].comments_after, ["grüß"]);
    assert_eq!(g.encoding, cqlq::pgn::TextEncoding::Windows1252);
}

#[test]
fn read_empty_and_moveless_games() {
    let g = read_game(b"").unwrap();
    assert_eq!(g.nodes.len(), 1);
    let g = read_game(b"[Event \"x\"]\n[Result \"*\"]\n\n *").unwrap();
    assert_eq!((g.nodes.len(), g.outcome.as_deref()), (1, Some("*")));
}

#[test]
fn read_reports_unreadable_move_tokens() {
    // `g1-f3` is a coordinate move now (read as python-chess reads it); `g1-f9` names no square.
    let slice = b"1. e4 e5 2. g1-f9 Nc6 *";
    let e = read_game(slice).unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::UnreadableToken);
    assert_eq!(&slice[e.offset..e.offset + 5], b"g1-f9");
    assert_eq!(e.message, "unreadable move token \"g1-f9\": not SAN");
    assert_eq!(e.partial.mainline().len(), 3, "e4 and e5 are kept");
}

/// Reads a game as the search does: a `[Variant]` tag naming no standard or online rules
/// keeps the moves as written (the choice the reader asks of its caller).
fn read_as_searched(slice: &[u8]) -> Result<GameRecord, cqlq::pgn::PgnError> {
    cqlq::pgn::read_game_with(slice, cqlq::run::families::move_reading(false))
}

/// A game of a variant cqlq does not know keeps its moves as written, one move per token: a
/// token pgn-reader reads part of (`00d5a8`: `d5a8` after the digits) is still one move, so
/// writing the game and reading it again gives the same moves (the fuzz target pgn_splitter
/// found `00d5a8` read as two moves, then as three once written).
#[test]
fn a_kept_move_token_is_one_move_and_reads_back_the_same() {
    let slice = b"[Variant \"Bakaev\"]\n\n1. +1600 00d5a8 (1... 00d5a8 2. d5a8) 2. e2-e4 *";
    let g = read_as_searched(slice).unwrap();
    let moves: Vec<&str> = g.nodes[1..].iter().map(|n| n.san.as_str()).collect();
    // Movetext order: the main line's moves, the variation after the move it replaces.
    assert_eq!(moves, ["+1600", "00d5a8", "00d5a8", "d5a8", "e2-e4"]);
    let again = read_as_searched(pgn(&g, &Marks::default()).as_bytes()).unwrap();
    assert_eq!(again.nodes, g.nodes);
}

/// A token that does not start as a move (`[`, `%`, `$`, ...) is not kept as a move even for
/// a variant cqlq does not know: written on its own it would read back as a tag, an escaped
/// line or a glyph (the fuzz target pgn_splitter found `[Evel...nt` kept, then read back as a
/// tag, and a kept `$1` read back as a glyph); it is an unreadable token, as in a standard game.
#[test]
fn a_token_that_would_start_a_tag_is_not_kept_as_a_move() {
    for token in ["[Evelnt", "%x", "$1\u{e9}"] {
        let text = format!("[Variant \"Bakaev\"]\n\n1. Kg8 {token} 2. Kf7 *");
        let e = read_as_searched(text.as_bytes()).unwrap_err();
        assert_eq!(e.kind, PgnErrorKind::UnreadableToken, "{text}");
        assert_eq!(&text[e.offset..e.offset + token.len()], token, "{text}");
    }
}

#[test]
fn read_recovers_moves_with_glued_junk_and_text_glyphs() {
    let g = read_game(b"1. e4 +- d5 2. exd5 e.p. c5 3. dxc6ep b5 4. cxb7 Qd7 5. bxa8Q Qxd2++ 6. Kxd2, Nf6 7. Qxb8 e5 8. Qxb5 Ke7 9. Qxe5#1-0").unwrap();
    let sans: Vec<&str> = g
        .mainline()
        .iter()
        .skip(1)
        .map(|&i| g.nodes[i as usize].san.as_str())
        .collect();
    assert_eq!(
        sans,
        [
            "e4", "d5", "exd5", "c5", "dxc6", "b5", "cxb7", "Qd7", "bxa8=Q", "Qxd2+", "Kxd2",
            "Nf6", "Qxb8", "e5", "Qxb5", "Ke7", "Qxe5#"
        ]
    );
    assert_eq!(g.nodes[1].nags, [18]);
    assert_eq!(g.outcome.as_deref(), Some("1-0"));
}

#[test]
fn read_repairs_unescaped_quotes_in_tags() {
    let g = read_game(b"[Event \"PCC \"All-play-all\"\"]\n[Annotator \"Lopez \"Battle Royale\"\"]\n[White \"A\"]\n\n1. e4 *").unwrap();
    assert_eq!(g.tag("Event"), Some("PCC \"All-play-all\""));
    assert_eq!(g.tag("Annotator"), Some("Lopez \"Battle Royale\""));
    assert_eq!(g.tag("White"), Some("A"));
    assert_eq!(g.mainline().len(), 2);
}

#[test]
fn read_faults_keep_the_part_before() {
    let e = read_game(b"1. e4 e5 {truncated here").unwrap_err();
    assert_eq!((e.kind, e.offset), (PgnErrorKind::UnterminatedComment, 9));
    assert_eq!(e.partial.nodes[2].comments_after, ["truncated here"]);

    let e = read_game(b"1. e4 e5 ) 2. Nf3 *").unwrap_err();
    assert_eq!(
        (e.kind, e.offset, e.partial.nodes.len()),
        (PgnErrorKind::UnmatchedParenthesis, 9, 3)
    );

    let e = read_game(b"( 1. d4 ) 1. e4 *").unwrap_err();
    assert_eq!((e.kind, e.offset), (PgnErrorKind::VariationWithoutMove, 0));

    let e = read_game(b"1. e4 (1. d4 d5 (1... c5").unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::UnclosedVariation);
    assert_eq!(e.partial.nodes.len(), 5, "everything is kept");

    let e = read_game(b"[Event \"x\"]\n[Round 3]\n\n1. e4 *").unwrap_err();
    assert_eq!((e.kind, e.offset), (PgnErrorKind::BadTag, 12));
    assert_eq!(e.partial.mainline().len(), 2, "the moves are kept");

    let e = read_game(b"1. e4 e5 1-0\n\n2. Nf3 *").unwrap_err();
    assert_eq!((e.kind, e.offset), (PgnErrorKind::MovesAfterResult, 17));
    assert_eq!(e.partial.mainline().len(), 3);

    let e = read_game(b"[Event \"never closed").unwrap_err();
    assert_eq!((e.kind, e.offset), (PgnErrorKind::UnterminatedTag, 0));
}

/// The faults found in a whole file, by kind.
fn faults(data: &[u8]) -> std::collections::BTreeMap<String, usize> {
    let mut kinds = std::collections::BTreeMap::new();
    for r in split_games(data) {
        if let Err(e) = read_game(&data[r.clone()]) {
            *kinds.entry(format!("{:?}", e.kind)).or_insert(0) += 1;
        }
    }
    kinds
}

#[test]
fn read_real_files_faults_are_the_known_ones() {
    // annotated.pgn's faults, each looked at: words outside braces in variations ("(A playable
    // alternative)", "keep them doggies rollin'", "ends the debate"), long algebraic "g1-f3"
    // twice, a junk line after a game, one `)` too many, and one game cut off in a comment.
    let expected: &[(&str, &[(&str, usize)])] = &[
        (
            "annotated.pgn",
            &[
                ("UnmatchedParenthesis", 1),
                ("UnreadableToken", 6),
                ("UnterminatedComment", 1),
            ],
        ),
        ("cql-sample.pgn", &[]),
        ("chess960.pgn", &[]),
        ("std-visible-5k.pgn", &[]),
        // A nested comment and a line of junk tags.
        ("messy.pgn", &[("UnreadableToken", 2)]),
    ];
    for (name, kinds) in expected {
        let Some(data) = shared(name) else { return };
        let want: std::collections::BTreeMap<String, usize> =
            kinds.iter().map(|(k, n)| (k.to_string(), *n)).collect();
        assert_eq!(faults(&data), want, "{name}");
    }
    for name in ["antichess.pgn", "atomic.pgn", "crazyhouse.pgn", "horde.pgn"] {
        let Some(data) = shared(&format!("variants/{name}")) else {
            return;
        };
        assert!(faults(&data).is_empty(), "{name}");
    }
}

// ---------------------------------------------------------------- writer

#[test]
fn write_numbers_wraps_and_marks() {
    let g = read_game(
        b"[Event \"E \\\"1\\\"\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 12\"]\n\n{start} 12... Kc2 $1 13. Ka2 {c} Kc3 (13... Kc1 14. Kb3) 14. Kb1 *",
    )
    .unwrap();
    let mut marks = Marks {
        header: Some("Game number 7".into()),
        ..Marks::default()
    };
    marks.after.insert(0, "CQL".into());
    marks.after.insert(3, "CQL".into());
    assert_eq!(
        pgn(&g, &marks),
        "[Event \"E \\\"1\\\"\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 12\"]\n\n\
         {Game number 7} {start} {CQL} 12... Kc2 $1 13. Ka2 {c} 13... Kc3 {CQL}\n\
         (13... Kc1 14. Kb3) 14. Kb1 *\n\n"
    );
}

#[test]
fn write_lines_stay_short_and_comments_with_braces_survive() {
    let mut g = read_game(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *").unwrap();
    g.nodes[3].comments_after.push("a } in a comment".into());
    let text = pgn(&g, &Marks::default());
    assert!(text.lines().all(|l| l.len() <= 79), "{text}");
    assert!(text.contains(";a } in a comment\n"));
    assert_eq!(read_game(text.as_bytes()).unwrap(), g);
}

#[test]
fn write_completes_a_missing_result_from_the_tag() {
    let g = read_game(b"[Result \"0-1\"]\n\n1. e4").unwrap();
    assert_eq!(g.outcome, None);
    assert!(pgn(&g, &Marks::default()).ends_with("1. e4 0-1\n\n"));
    assert!(pgn(&read_game(b"1. e4").unwrap(), &Marks::default()).ends_with("1. e4 *\n\n"));
}

// ---------------------------------------------------------------- round trips on real games

/// read → write → read gives the same record (with the writer's termination marker), the
/// output is a fixed point, and marks come back as the last comments of their nodes.
fn round_trip_file(name: &str, max_games: usize) {
    let Some(data) = shared(name) else { return };
    let mut written = String::new();
    let mut count = 0;
    for (n, r) in split_games(&data).take(max_games).enumerate() {
        let game = read_lenient(&data[r]);
        let text = pgn(&game, &Marks::default());
        let again = read_game(text.as_bytes())
            .unwrap_or_else(|e| panic!("{name} game {}: {e}\n{text}", n + 1));
        if let Some(diff) = difference(&again, &with_marker(game.clone())) {
            panic!("{name} game {}: {diff}\n{text}", n + 1);
        }
        assert_eq!(
            pgn(&again, &Marks::default()),
            text,
            "{name} game {}",
            n + 1
        );

        // Marks on every third node, the root included, and a header.
        let mut marks = Marks {
            header: Some(format!("Game number {}", n + 1)),
            ..Marks::default()
        };
        for i in (0..game.nodes.len() as u32).step_by(3) {
            marks.after.insert(i, "CQL".into());
        }
        let marked = read_game(pgn(&game, &marks).as_bytes()).unwrap();
        let mut unmarked = marked.clone();
        assert_eq!(
            unmarked.nodes[0].comments_after.remove(0),
            format!("Game number {}", n + 1)
        );
        for &i in marks.after.keys() {
            assert_eq!(
                unmarked.nodes[i as usize].comments_after.pop().as_deref(),
                Some("CQL")
            );
        }
        assert_eq!(
            difference(&unmarked, &with_marker(game)),
            None,
            "{name} game {}",
            n + 1
        );

        written.push_str(&text);
        count += 1;
    }
    // The written games split back into as many.
    assert_eq!(split_games(written.as_bytes()).count(), count, "{name}");
}

#[test]
fn round_trip_annotated() {
    round_trip_file("annotated.pgn", usize::MAX);
}

#[test]
fn round_trip_cql_sample() {
    round_trip_file("cql-sample.pgn", usize::MAX);
}

#[test]
fn round_trip_messy_and_chess960() {
    round_trip_file("messy.pgn", usize::MAX);
    round_trip_file("chess960.pgn", 300);
}
