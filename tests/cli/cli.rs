//! The `cqlq` binary end to end: output forms, exit status, thread-count invariance, files,
//! stdin, and bad input (every file of `../shared/data` runs without a panic).

use crate::common;

use common::cqlq;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 output")
}

fn testdata(name: &str) -> String {
    format!("{}/testdata/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// themes.pgn game 4 is Fool's mate (mate at ply 4, the game's last position) and game 1 ends
/// in 6.Nd6# (ply 11): `mate` matches exactly those two games, at those plies.
#[test]
fn json_lines_name_game_ply_fen_move_and_tags() {
    let out = cqlq(&["--json", "-q", "-e", "mate", &testdata("themes.pgn")]);
    assert_eq!(out.status.code(), Some(0));
    let lines = common::json_lines(&out.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (lines[0]["game"].as_u64(), lines[0]["ply"].as_u64()),
        (Some(1), Some(11))
    );
    assert_eq!(lines[0]["move"], "Nd6#");
    assert_eq!(lines[1]["game"], 4);
    assert_eq!(lines[1]["ply"], 4);
    assert_eq!(lines[1]["White"], "Fool");
    assert_eq!(lines[1]["Result"], "0-1");
    // After 1.f3 e5 2.g4 Qh4#: White to move at move 3, no castling lost, no en passant
    // square (the last move was a queen move), halfmove clock 1.
    assert_eq!(
        lines[1]["fen"],
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
}

#[test]
fn fen_output_is_one_line_per_matched_position() {
    let out = cqlq(&["--fen", "-q", "-e", "stalemate", &testdata("themes.pgn")]);
    assert_eq!(out.status.code(), Some(0));
    // themes.pgn game 2: 1.g8=Q stalemates the a1 king.
    assert_eq!(stdout(&out), "6Q1/8/8/8/8/8/2K5/k7 b - - 0 1\n");
}

#[test]
fn count_prints_the_number_of_matched_games() {
    let out = cqlq(&["--count", "-q", "-e", "check", &testdata("themes.pgn")]);
    // Checks occur in games 1 (6.Nd6#), 3 (1.e8=N+), 4 (2...Qh4#), 5 (1.O-O+), 6 (1.Nc7+).
    assert_eq!(stdout(&out).trim(), "5");
}

/// CQL 6's output: matched games only, `{Game number N}` first, `{CQL}` after the move that
/// reached each matched position; `--noheader` drops the former.
#[test]
fn pgn_output_marks_matches_like_cql() {
    let out = cqlq(&["-q", "-e", "mate", &testdata("themes.pgn")]);
    // Lines are wrapped; compare with single spaces.
    let text = stdout(&out)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("{Game number 1}"), "{text}");
    assert!(text.contains("{Game number 4}"), "{text}");
    assert!(!text.contains("{Game number 2}"), "{text}");
    assert!(text.contains("Nd6# {CQL}"), "{text}");
    assert!(text.contains("Qh4# {CQL}"), "{text}");
    assert!(text.contains("[White \"Fool\"]"), "{text}");
    let out = cqlq(&["-q", "--noheader", "-e", "mate", &testdata("themes.pgn")]);
    assert!(!stdout(&out).contains("Game number"));
}

#[test]
fn exit_status_is_0_on_match_1_on_none_2_on_trouble() {
    assert_eq!(
        cqlq(&["--count", "-q", "-e", "mate", &testdata("themes.pgn")])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        cqlq(&["--count", "-q", "-e", "false", &testdata("themes.pgn")])
            .status
            .code(),
        Some(1)
    );
    let missing = cqlq(&["--count", "-q", "-e", "mate", "/nonexistent/games.pgn"]);
    assert_eq!(missing.status.code(), Some(2));
    // The message names the file and what to do.
    let said = String::from_utf8_lossy(&missing.stderr);
    assert!(
        said.contains("/nonexistent/games.pgn") && said.contains("check the path"),
        "{said}"
    );
    let bad = cqlq(&[
        "--count",
        "-q",
        "-e",
        "check and (",
        &testdata("themes.pgn"),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let message = String::from_utf8_lossy(&bad.stderr);
    assert!(message.contains('^'), "caret under the error: {message}");
    assert!(message.contains(":1:"), "line number: {message}");
}

#[test]
fn unsupported_words_are_named_not_silently_ignored() {
    let out = cqlq(&[
        "--count",
        "-q",
        "-e",
        "rotate45 {check and currenttransform == \"<>\"}",
        &testdata("themes.pgn"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("currenttransform"));
}

#[test]
fn query_file_and_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let query = dir.path().join("q.cql");
    std::fs::write(&query, "cql() // find stalemates\nstalemate\n").unwrap();
    let input = std::fs::read(testdata("themes.pgn")).unwrap();
    let out = common::cqlq_fed(None, &["--fen", "-q", query.to_str().unwrap()], &input);
    assert_eq!(stdout(&out), "6Q1/8/8/8/8/8/2K5/k7 b - - 0 1\n");
}

#[test]
fn output_file_is_written_whole_and_never_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out.pgn");
    let out = cqlq(&[
        "-q",
        "-o",
        out_path.to_str().unwrap(),
        "-e",
        "mate",
        &testdata("themes.pgn"),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read_to_string(&out_path).unwrap();
    assert!(written.contains("{Game number 4}"));
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left behind");

    let input = dir.path().join("in.pgn");
    std::fs::copy(testdata("themes.pgn"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let out = cqlq(&[
        "-q",
        "-o",
        input.to_str().unwrap(),
        "-e",
        "mate",
        input.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(&input).unwrap(), before, "input untouched");
}

/// Output is byte-identical for any thread count (input order, whatever finishes first).
#[test]
fn output_is_identical_for_1_and_2_threads() {
    let Some(pgn) = common::shared_file("data/cql-sample.pgn") else {
        return;
    };
    let pgn = pgn.to_str().unwrap().to_string();
    for query in ["check", "mate", "#(. attackedby A) >= 30"] {
        for form in ["--json", "--fen", "--variations"] {
            let one = cqlq(&["-q", form, "-j", "1", "-e", query, &pgn]);
            let two = cqlq(&["-q", form, "-j", "2", "-e", query, &pgn]);
            assert_eq!(one.stdout, two.stdout, "{query} {form}");
            assert!(!one.stdout.is_empty(), "{query} {form}");
        }
    }
}

/// Bad games are reported as `FILE: game N (byte B): reason`, counted, and the run goes on;
/// nothing in `../shared/data` makes cqlq panic.
#[test]
fn every_shared_file_runs_without_panic() {
    let Some(data) = common::shared() else {
        return;
    };
    let data = data.join("data");
    let mut files = vec![];
    for dir in [data.clone(), data.join("variants")] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    for path in files {
        let name = path.to_str().unwrap();
        let out = cqlq(&["--count", "-e", "check or mate", name]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{name}: {:?}\n{err}",
            out.status
        );
        assert!(!err.contains("panicked"), "{name}: {err}");
        for line in err.lines().filter(|l| !l.starts_with("cqlq: ")) {
            assert!(
                line.starts_with(name) && line.contains(": game ") && line.contains("(byte "),
                "{name}: bad report line {line:?}"
            );
        }
        assert!(
            err.lines().last().is_some_and(|l| l.contains(" read, ")),
            "{name}: summary line\n{err}"
        );
    }
}

/// messy.pgn's broken games are reported with their number and byte offset; the summary counts
/// them and the games after them are still read.
#[test]
fn messy_input_is_reported_and_counted() {
    let Some(pgn) = common::shared_file("data/messy.pgn") else {
        return;
    };
    let out = cqlq(&["--count", "-e", "true", pgn.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    let reported = err.lines().filter(|l| l.contains(": game ")).count();
    let summary = err.lines().last().unwrap();
    // Three games are bad, each broken on purpose by its source (SOURCES.md, `real-messy`):
    // game 1, scoutfish's `ambiguous.pgn`, plays `Rd1` where two rooks reach d1; game 8,
    // pychess's `badpgn.pgn`, is no PGN (`[kj90trkm"sdfsdf"yl]`); game 65, pgn-extract's
    // nested-comment test, ends its comment at the inner `}` so `which` stands for a move.
    // Game 7, python-chess's `uci-moves.pgn`, is written in coordinates (`g1f3`): read as
    // python-chess and pgn-extract read it (unambiguous coordinate moves), so it is good.
    let bad: Vec<&str> = err
        .lines()
        .filter_map(|l| l.split(": game ").nth(1))
        .filter_map(|l| l.split(' ').next())
        .collect();
    assert_eq!(bad, ["1", "8", "65"], "{err}");
    assert!(
        summary.contains(&format!("{reported} bad games")),
        "{summary}"
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Coordinate moves with a hyphen (`e2-e4`, `Ng1-f3`, `Bc4-b5+`) are read as python-chess reads
/// them (issue 19 item 6; they were "unreadable move token" before). python-chess 1.x reads this
/// game whole (no errors, 12 moves) and gives one check, after `Bc4-b5+` at ply 11, in the
/// position `r1bqkb1r/ppp2ppp/5n2/nB1Pp1N1/8/8/PPPP1PPP/RNBQK2R b KQkq - 2 6` (the Two Knights'
/// Defence, 6.Bb5+); the move keeps the text it was written with.
#[test]
fn hyphenated_coordinate_moves_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("hyphens.pgn");
    std::fs::write(
        &pgn,
        "[Event \"x\"]\n[Result \"*\"]\n\n1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-c4 Ng8-f6 \
         4. Nf3-g5 d7-d5 5. e4xd5 Nc6-a5 6. Bc4-b5+ c7-c6 *\n",
    )
    .unwrap();
    let out = cqlq(&["--json", "-e", "check", pgn.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(lines[0].contains("\"ply\":11"), "{text}");
    assert!(
        lines[0].contains(
            "\"fen\":\"r1bqkb1r/ppp2ppp/5n2/nB1Pp1N1/8/8/PPPP1PPP/RNBQK2R b KQkq - 2 6\""
        ),
        "{text}"
    );
    assert!(
        lines[0].contains("\"san_as_written\":\"Bc4-b5+\""),
        "{text}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("0 bad games"), "{err}");
}

/// `--parse` compiles without reading games. `imagine k` is CQLi (its manual's imaginary
/// positions), accepted by the parser, so the exit status is 0 and the tree is printed, with a
/// note naming what cqlq does not run yet; `check and` is not CQL
/// (`parse=1`), so the exit status is 2 with a caret under the fault.
#[test]
fn parse_prints_the_tree_and_the_verdict() {
    let out = cqlq(&["--parse", "-e", "imagine k"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].to_lowercase().starts_with("imagine"), "{text}");
    assert!(text.contains("designator k"), "{text}");
    assert!(
        text.contains("note:") && text.contains("'imagine'"),
        "{text}"
    );

    // A query cqlq runs: no note.
    let out = cqlq(&["--parse", "-e", "wtm and check"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!stdout(&out).contains("note:"));
    assert!(stdout(&out).starts_with("and"));

    let out = cqlq(&["--parse", "-e", "check and"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains("1:10") && err.contains('^') && err.contains("expected a filter"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}
