//! The evaluator's limits in time, memory and stack (issue 18, items 12–15): a hostile query
//! ends, with an error naming the filter, or with the same answer as before, never an abort.
//!
//! The runs that must end go through the built binary with a generous deadline (60 s, for a
//! loaded machine; on the sizes chosen the unbounded forms ran for hours or forever), and where memory is at stake under an address
//! space limit (`ulimit -v`, 1 GiB) that an unbounded string or read would pass. The answers
//! are reasoned next to each test from the pattern and the generated game.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common;

/// The address space a run may use, in KiB (1 GiB): the capped strings (16 MiB) fit many
/// times over; a string doubled without a cap, or `/dev/zero` read whole, does not.
const MEMORY_KIB: u64 = 1 << 20;

/// How long a run may take before the test calls it endless.
const DEADLINE: Duration = Duration::from_secs(60);

/// A game of `plies` knight moves (1. Nf3 Nf6 2. Ng1 Ng8 ... repeated): every move is legal
/// and nothing else happens, so a pattern's answer depends only on the plies left.
pub(crate) fn shuffle_game(plies: usize) -> String {
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::from("[Event \"shuffle\"]\n\n");
    for ply in 0..plies {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(moves[ply % 4]);
        text.push(' ');
    }
    text.push_str("*\n");
    text
}

/// Runs the binary in `dir` with `args` under the memory limit, killing it (and failing)
/// when it has not ended by the deadline.
pub(crate) fn run_bounded(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_cqlq"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cqlq");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("cqlq {args:?} did not end within {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// A folder holding `game.pgn` (the given text) and `query.cql` (the query).
pub(crate) fn workdir(pgn: &str, query: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("game.pgn"), pgn).expect("write game");
    std::fs::write(dir.path().join("query.cql"), query).expect("write query");
    dir
}

/// Runs `query` on `pgn` (bounded): exit code, stderr.
pub(crate) fn run_query(pgn: &str, query: &str) -> (Option<i32>, String) {
    let dir = workdir(pgn, query);
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The comments `query` leaves on the main line of `pgn` (through the library).
fn comments(pgn: &str, query: &str) -> Vec<String> {
    let games = common::games_from("limits", pgn);
    let game = games[0].as_ref().expect("game");
    let context = cqlq::eval::GameContext {
        record: &game.record,
        replayed: &game.replayed,
        number: 1,
        variations: false,
    };
    let filter = common::compile(query);
    let ev = cqlq::eval::Evaluator::new(&context);
    for at in ev.searched_nodes() {
        ev.matches(&filter, at);
    }
    ev.take_comments().into_iter().map(|(_, t)| t).collect()
}

/// The main-line plies where `query` matches in `pgn`.
fn plies(pgn: &str, query: &str) -> Vec<u32> {
    let games = common::games_from("limits", pgn);
    let game = games[0].as_ref().expect("game");
    common::matching_plies(game, 1, &common::compile(query))
}

// Item 12: strings and file reads are capped.

/// `readfile` of an endless device (a `/dev/zero` node made here, never the machine's own)
/// stops with an error naming `readfile` and the game, instead of reading forever: a device
/// is no regular file, refused before a byte is read (issue 32, row 9).
#[test]
fn readfile_of_dev_zero_stops_with_an_error_naming_readfile() {
    let dir = workdir(&shuffle_game(4), "");
    let zero = dir.path().join("zero");
    let made = Command::new("mknod")
        .arg(&zero)
        .args(["c", "1", "5"])
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("skipped: cannot make a device node here (not root?)");
        return;
    }
    let query = format!("readfile \"{}\"", zero.display());
    std::fs::write(dir.path().join("query.cql"), query).expect("write query");
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("'readfile' refuses") && err.contains("a character device"),
        "{err}"
    );
    assert!(err.contains("game number 1"), "{err}");
}

/// `s = s + s` in an endless loop stops when the string would pass the cap (16 MiB, after
/// 24 doublings), naming `+` and the game, inside the memory limit.
#[test]
fn a_string_doubled_in_a_loop_stops_with_an_error_naming_plus() {
    let (code, err) = run_query(&shuffle_game(4), "s = \"a\" while (true) { s = s + s }");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'+' stopped"), "{err}");
    assert!(err.contains("game number 1"), "{err}");
}

// Item 14: one budget of loop rounds per position, shared by all loops.

/// Six nested `piece all` over the 32 pieces would run 32^6 (about 10^9) rounds at the first
/// position; the shared budget stops them at 1,000,000 with an error.
#[test]
fn six_nested_piece_loops_share_one_budget() {
    let query = "piece all p1 in [Aa] piece all p2 in [Aa] piece all p3 in [Aa] \
                 piece all p4 in [Aa] piece all p5 in [Aa] piece all p6 in [Aa] true";
    let (code, err) = run_query(&shuffle_game(4), query);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'piece' stopped"), "{err}");
    assert!(err.contains("1000000"), "{err}");
}

/// An outer `while` of 1,000,000 rounds around an inner one of 1,000 (10^9 rounds, each loop
/// under the old per-loop cap) stops at the shared budget.
#[test]
fn nested_while_loops_share_one_budget() {
    let query = "x = 0 while (x < 1000000) { x = x + 1 y = 0 while (y < 1000) { y = y + 1 } }";
    let (code, err) = run_query(&shuffle_game(4), query);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'while' stopped"), "{err}");
}

/// Three nested `echo` on a 200-ply game visit 200^3 = 8,000,000 targets at each position:
/// over the budget, stopped with an error naming `echo`.
#[test]
fn triple_nested_echo_shares_one_budget() {
    let query = "echo (s1 t1) echo (s2 t2) echo (s3 t3) false";
    let (code, err) = run_query(&shuffle_game(200), query);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'echo' stopped"), "{err}");
}

/// A loop spends a round for every square it goes over (`eval::budget`), also after its
/// body matched. At the first position, four nested `square all` over 56, 36, 15 and 32
/// squares spend 56 + 56·36 + 56·36·15 + 56·36·15·32 = 999,992 rounds (their body `true`
/// passes every square), then the `piece` loop over the 16 white pieces, whose body matches
/// on the first, spends 16: 1,000,008 passes the budget of 1,000,000, and the run stops
/// naming `piece`. The one-pass search's compiled loop stops at the first match; it must
/// still spend the rounds of the squares left, or the position would end at 999,993 rounds
/// and the query match.
#[test]
fn a_loop_that_matched_early_still_spends_its_rounds() {
    let query = "square all s1 in a-h1-7 square all s2 in a-f1-6 square all s3 in a-e1-3 \
                 square all s4 in a-h1-4 true piece y in A { y in A }";
    let (code, err) = run_query(&shuffle_game(4), query);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'piece' stopped"), "{err}");
    assert!(err.contains("game number 1 and position id 0"), "{err}");
}

/// A budget for the position, not for the game: a loop of 300,000 rounds at each of 5
/// positions (1.5 million in the game) runs, each position under the budget.
#[test]
fn the_loop_budget_starts_again_at_each_position() {
    let (code, err) = run_query(
        &shuffle_game(4),
        "x = 0 while (x < 300000) { x = x + 1 } x == 300000",
    );
    assert_eq!(code, Some(0), "{err}");
}

// Item 13: `path` and `line` polynomial in the game's length.

/// `path (-- --?)+` on an 80-ply game (over 20 s on 40 plies before, growing exponentially):
/// every path from ply k may run to the end (one or two moves per round), so the longest has
/// 80 - k moves.
#[test]
fn path_of_optional_dashes_ends_on_an_80_ply_game() {
    let pgn = shuffle_game(80);
    let (code, err) = run_query(&pgn, "path (-- --?)+");
    assert_eq!(code, Some(0), "{err}");
    let ends: Vec<String> = comments(&pgn, "path (-- --?)+")
        .into_iter()
        .filter(|c| c.starts_with("End path"))
        .collect();
    let want: Vec<String> = (0..80)
        .map(|k| {
            format!(
                "End path of length {} that starts at move {}({})",
                80 - k,
                k / 2 + 1,
                if k % 2 == 0 { "wtm" } else { "btm" }
            )
        })
        .collect();
    assert_eq!(ends, want);
}

/// CQL 6.2 accepts this path, which took 51 s on one 60-ply game before (here 80 plies):
/// 2-3 moves, one or more groups of 2-3, any groups of 3, then 3 — every length from 7 up, so
/// from ply k (while 80 - k >= 7) the longest path has 80 - k moves, and plies 74..80 have
/// none.
#[test]
fn path_of_optional_middle_dashes_ends_on_an_80_ply_game() {
    let pgn = shuffle_game(80);
    let query = "path (-- --? --) (-- --? --)+ (-- -- --)* (-- -- --)";
    let (code, err) = run_query(&pgn, query);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(plies(&pgn, query), (0..=73).collect::<Vec<u32>>());
    let lengths: Vec<String> = comments(&pgn, query)
        .into_iter()
        .filter(|c| c.starts_with("End path"))
        .map(|c| c.split(' ').nth(4).unwrap_or("").to_string())
        .collect();
    let want: Vec<String> = (0..=73).map(|k| (80 - k).to_string()).collect();
    assert_eq!(lengths, want);
}

/// Nested counted repetitions (4^4 = 256 and 4^5 = 1024 copies of `true`; 1.5 s and 42 s on
/// a 60-ply game before, growing with the square of its length) match every position to the
/// end of a 120-ply game: from ply k, 121 - k positions, so `line 110 200` holds at plies
/// 0..=11.
#[test]
fn line_of_nested_repetitions_ends() {
    let pgn = shuffle_game(120);
    for query in [
        "line 110 200 --> ((((true){0,4}){0,4}){0,4}){0,4}",
        "line 110 200 --> (((((true){0,4}){0,4}){0,4}){0,4}){0,4}",
    ] {
        let dir = workdir(&pgn, query);
        let out = run_bounded(dir.path(), &["--gamenumbers", "query.cql", "game.pgn"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{query}: {err}");
        assert!(err.contains(" 12 positions matched"), "{query}: {err}");
    }
    // The positions themselves, for the shallower one (the library's run is unoptimised).
    let query = "line 110 200 --> ((((true){0,4}){0,4}){0,4}){0,4}";
    assert_eq!(plies(&pgn, query), (0..=11).collect::<Vec<u32>>());
}

// Item 15: no recursion whose depth the query or the game chooses.

/// A `line` of 45,000 optional elements (exit 134, a stack overflow, before) runs: on a
/// 10-ply game each of the 11 positions can be one element, so `line 11 --> ...` holds at
/// the start only.
#[test]
fn a_line_of_45000_optional_elements_does_not_overflow_the_stack() {
    let pgn = shuffle_game(10);
    let query = format!("line 11 11 {}", "--> true? ".repeat(45_000));
    let (code, err) = run_query(&pgn, &query);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("1 game read, 1 matched"), "{err}");
}

/// A query nested deeper than the parser's limits (64 levels of brackets; the parser's own
/// stack limit for a long prefix chain) gets an error saying so (exit 2), not a stack
/// overflow; the line's pattern reaches lowering and `Line::compile` only within them.
/// 1,000 and 3,000 nested `not`s pass pest's own limit (10,000 do not) and overflowed the
/// stack while the parse tree became a syntax tree (exit 134) before its depth was checked.
#[test]
fn a_too_deep_query_gets_a_clear_error() {
    for query in [
        format!("{}check{}", "(".repeat(10_000), ")".repeat(10_000)),
        format!("{}check", "not ".repeat(10_000)),
        format!("{}check", "not ".repeat(1_000)),
        format!("{}check", "not ".repeat(3_000)),
        format!("line --> {}check{}", "(".repeat(10_000), ")".repeat(10_000)),
    ] {
        let (code, err) = run_query(&shuffle_game(4), &query);
        assert_eq!(code, Some(2), "{err}");
        assert!(
            err.contains("nests more than 64 levels")
                || err.contains("nests too deeply")
                || err.contains("too complex to parse"),
            "{err}"
        );
    }
}

/// Twelve `path` filters each nested in the one before (no parentheses, no blank line) took
/// 19 s to parse, tripling with each level (the grammar tries a nested path three times
/// where it stands; found by the evaluator fuzz target); now the parser stops at its step
/// budget with an error saying so, well inside the deadline.
#[test]
fn nested_paths_stop_at_the_parser_step_budget() {
    let query: String = (0..12)
        .map(|i| format!("{}path check\n", " ".repeat(i)))
        .collect();
    let (code, err) = run_query(&shuffle_game(4), &query);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("too complex to parse"), "{err}");
}

// Item 14: a dictionary carried across games grows linearly.

/// 3,000 games each adding 41 entries to a dictionary carried from game to game (42 s for
/// 3,000 games before: the dictionary was copied per game) end well inside the deadline;
/// the count of entries is 3,000 x 41.
#[test]
fn a_dictionary_filled_across_3000_games_ends() {
    let game = shuffle_game(40);
    let pgn = game.repeat(3000);
    let query = "dictionary D\nD[str(gamenumber \" \" ply)] = 1\n\
                 gamenumber == 3000 terminal #D == 123000";
    let dir = workdir(&pgn, query);
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("3000 games read, 1 matched"), "{err}");
}

// Issue 15 item 6: `find` keeps its answers per game; they are the scan's.

/// Each `find` whose body only reads the game (kept per game) against the same `find` with a
/// body that assigns a variable (scanned from each position, as before), on real games with
/// their variations: the same positions match, with the same found position (`: ply`) or
/// count, forward and back.
#[test]
fn find_kept_per_game_answers_as_a_scan() {
    let Some(file) = common::shared_file("data/annotated.pgn") else {
        return;
    };
    let games = common::replay_file_with(&file, 200, true);
    let pairs = [
        ("(find check):ply", "(find {check z = 1}):ply"),
        ("(find mate):ply", "(find {mate z = 1}):ply"),
        ("(find <-- check):ply", "(find <-- {check z = 1}):ply"),
        ("find 2 6 check", "find 2 6 {check z = 1}"),
        ("find all check", "find all {check z = 1}"),
        ("find <-- 1 3 check", "find <-- 1 3 {check z = 1}"),
        (
            "(find move capture q):ply",
            "(find {move capture q z = 1}):ply",
        ),
    ];
    let mut positions = 0;
    for (number, game) in games.iter().enumerate() {
        let Some(game) = game else { continue };
        for (kept, scanned) in pairs {
            for k in 0..8 {
                let with = |q: &str| format!("x = {q} (x == {k} or x == ply + {k})");
                let a = values(game, number, &with(kept));
                let b = values(game, number, &with(scanned));
                assert_eq!(a, b, "game {} {kept} vs {scanned} ({k})", number + 1);
                positions += a.len();
            }
        }
    }
    assert!(positions > 1000, "too few positions compared: {positions}");
}

/// Whether `query` matches at each searched node (variations included) of the game.
fn values(game: &common::Replayed, number: usize, query: &str) -> Vec<bool> {
    let context = cqlq::eval::GameContext {
        record: &game.record,
        replayed: &game.replayed,
        number: number as u64 + 1,
        variations: true,
    };
    let filter = common::compile(query);
    let ev = cqlq::eval::Evaluator::new(&context);
    ev.searched_nodes()
        .into_iter()
        .map(|at| ev.matches(&filter, at))
        .collect()
}

/// A path as long as a 3,000-ply game recursed once per move until the stack overflowed
/// (exit 134 on 20,000 plies); past 2,000 moves it stops the run with an error naming `path`.
#[test]
fn a_path_longer_than_2000_moves_stops_with_an_error() {
    let (code, err) = run_query(&shuffle_game(3000), "path --+");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'path' stopped"), "{err}");
}
