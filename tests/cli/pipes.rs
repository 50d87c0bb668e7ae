//! Outputs for pipes (issue 7, item 3): `--fen`, `--epd`, `--json`, `--gamenumbers`,
//! `--count`, `--limit`, `--split-by`; `cqlq ... | head -1` ends quietly with status 0.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A collection of `games` copies of Fool's mate, each a distinct game by its Round tag.
fn fools_mates(games: usize) -> String {
    let mut pgn = String::new();
    for n in 1..=games {
        pgn.push_str(&format!(
            "[Event \"pipe\"]\n[Round \"{n}\"]\n[White \"Fool\"]\n[Black \"B\"]\n\
             [Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
        ));
    }
    pgn
}

fn write_file(path: &Path, text: &str) {
    std::fs::File::create(path)
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
}

fn themes() -> String {
    format!("{}/testdata/themes.pgn", env!("CARGO_MANIFEST_DIR"))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs cqlq with `args` as `cqlq ... | head -1` does: reads the first line of its stdout,
/// then closes the pipe; returns that line and how cqlq ended.
fn head_one_line(args: &[&str]) -> (String, Output) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cqlq starts");
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    drop(reader);
    let out = child.wait_with_output().expect("cqlq ends");
    (first.trim_end().to_string(), out)
}

/// A broken pipe must end the run with status 0 and nothing on stderr (no "writing output"
/// error, no summary line, no panic from `println!`).
fn assert_quiet_end(out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "", "a broken pipe must end the run silently");
}

/// `true` matches every position of the 5000 games, so cqlq writes about 500 kB of PGN, or
/// 25,000 FEN, EPD or JSON lines (5 positions a game), far more than a pipe's buffer. The
/// reader takes one line and goes away, as `head -1` does: the next write fails with a
/// broken pipe. The first line of each format is known from the first game: its tags, or the
/// start position (game 1, ply 0).
#[test]
fn broken_pipe_ends_quietly_with_status_zero() {
    let scratch = crate::common::scratch("pipes", "head");
    let dir = scratch.path();
    let file = dir.join("many.pgn");
    write_file(&file, &fools_mates(5000));
    let file = file.to_str().unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let (first, out) = head_one_line(&["-e", "true", file]);
    assert_eq!(first, "[Event \"pipe\"]");
    assert_quiet_end(&out);
    let (first, out) = head_one_line(&["--fen", "-e", "true", file]);
    assert_eq!(first, format!("{start} 0 1"));
    assert_quiet_end(&out);
    let (first, out) = head_one_line(&["--epd", "-e", "true", file]);
    assert_eq!(first, format!("{start} id \"game 1 ply 0\";"));
    assert_quiet_end(&out);
    let (first, out) = head_one_line(&["--json", "-e", "true", file]);
    let line: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(
        (line["game"].as_u64(), line["ply"].as_u64()),
        (Some(1), Some(0))
    );
    assert_quiet_end(&out);
}

/// `--gamenumbers` writes about 7 bytes a game: 100,000 games without moves (each only its
/// start position, which `true` matches) make about 590 kB, far more than a pipe's buffer.
#[test]
fn gamenumbers_end_quietly_when_the_reader_goes() {
    let scratch = crate::common::scratch("pipes", "head-numbers");
    let dir = scratch.path();
    let file = dir.join("empty-games.pgn");
    write_file(&file, &"[Event \"e\"]\n\n*\n\n".repeat(100_000));
    let (first, out) = head_one_line(&["--gamenumbers", "-e", "true", file.to_str().unwrap()]);
    assert_eq!(first, "1");
    assert_quiet_end(&out);
}

/// themes.pgn's mates (see `gamenumbers_prints_one_number_per_matched_game`), as python-chess
/// 1.11.2 writes them: `board.epd(en_passant="fen", id=f"game {n} ply {ply}")` after each
/// checkmating move of the file's games (`chess.pgn.read_game`, main line).
#[test]
fn epd_lines_name_game_and_ply() {
    let out = crate::common::cqlq(&["--epd", "-q", "-e", "mate", &themes()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "r1bqkb1r/pp1npppp/2pN1n2/8/3P4/8/PPP1QPPP/R1B1KBNR b KQkq - id \"game 1 ply 11\";\n\
         rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - id \"game 4 ply 4\";\n"
    );
}

/// The issue's JSON fields: game number, ply, FEN, SAN, tags, and the `comment`/`message`
/// texts made at the position. `mate` holds at 6.Nd6# (game 1, ply 11) and 2...Qh4# (game 4,
/// ply 4) only; the comment and message are made there. themes.pgn's game 4 has the Seven
/// Tag Roster in order (Event, Site, Date, Round, White, Black, Result); `settag` adds
/// `Theme` to the game as written.
#[test]
fn json_lines_carry_san_tags_comments_and_messages() {
    let out = crate::common::cqlq(&[
        "--json",
        "-q",
        "-e",
        r#"mate comment("mated") message("mate seen") settag("Theme" "mate")"#,
        &themes(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let lines = crate::common::json_lines(&out.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["san"], "Nd6#");
    let fool = &lines[1];
    assert_eq!(
        (fool["game"].as_u64(), fool["ply"].as_u64()),
        (Some(4), Some(4))
    );
    assert_eq!(fool["san"], "Qh4#");
    assert_eq!(
        fool["fen"],
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    assert_eq!(fool["comments"], serde_json::json!(["mated"]));
    assert_eq!(fool["messages"], serde_json::json!(["mate seen"]));
    let tags = fool["tags"].as_object().unwrap();
    let names: Vec<&str> = tags.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Theme"
        ]
    );
    assert_eq!(tags["White"], "Fool");
    assert_eq!(tags["Theme"], "mate");
    // Messages still go to stderr, with CQL's position prefix (2...Qh4#: move 3, White to
    // move).
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("Game 4 move 3(wtm): mate seen"), "{stderr}");
}

/// A message belongs to the game whose search wrote it: in two Fool's mates, only game 1's
/// search reaches `message` (the braces fail on `gamenumber == 1` in game 2, and `or true`
/// still matches ply 4 there), so game 2's line has no messages.
#[test]
fn json_messages_do_not_carry_into_the_next_game() {
    let scratch = crate::common::scratch("pipes", "messages");
    let dir = scratch.path();
    let pgn = dir.join("two.pgn");
    write_file(&pgn, &fools_mates(2));
    let out = crate::common::cqlq(&[
        "--json",
        "-q",
        "-e",
        r#"ply == 4 ({gamenumber == 1 message("first only")} or true)"#,
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let lines = crate::common::json_lines(&out.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["messages"], serde_json::json!(["first only"]));
    assert_eq!(lines[1]["game"].as_u64(), Some(2));
    assert_eq!(lines[1]["messages"], serde_json::json!([]));
}

/// Game k of this collection is Fool's mate (Result 0-1, 5 positions) when k is a multiple
/// of 10, else `1.e4 e5` (Result 1/2-1/2): `result 0-1` matches every position of games 10,
/// 20, 30, ... and nothing else.
fn every_tenth_a_mate(games: usize) -> String {
    let mut pgn = String::new();
    for k in 1..=games {
        if k % 10 == 0 {
            pgn.push_str(&format!(
                "[Event \"limit\"]\n[Round \"{k}\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
            ));
        } else {
            pgn.push_str(&format!(
                "[Event \"limit\"]\n[Round \"{k}\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n\n"
            ));
        }
    }
    pgn
}

/// `--limit 2` over 20,000 games: exactly games 10 and 20 (the first two matched, in input
/// order) with all their positions, in every format; the summary counts 20 games read (the
/// run stopped at game 20 of 20,000) and says it stopped at the limit.
#[test]
fn limit_stops_after_n_matched_games() {
    let scratch = crate::common::scratch("pipes", "limit");
    let dir = scratch.path();
    let file = dir.join("limit.pgn");
    write_file(&file, &every_tenth_a_mate(20_000));
    let file = file.to_str().unwrap();
    let run = |format: &str| {
        let out = crate::common::cqlq(&[format, "--limit", "2", "-e", "result 0-1", file]);
        assert_eq!(out.status.code(), Some(0));
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            stderr.contains("cqlq: 20 games read, 2 matched, 10 positions matched")
                && stderr.contains("stopped at --limit 2"),
            "{format}: {stderr}"
        );
        stdout(&out)
    };
    assert_eq!(run("--gamenumbers"), "10\n20\n");
    assert_eq!(run("--count"), "2\n");
    for format in ["--fen", "--epd", "--json"] {
        assert_eq!(run(format).lines().count(), 10, "{format}");
    }
    let epd = run("--epd");
    assert!(epd.ends_with("id \"game 20 ply 4\";\n"), "{epd}");
    // PGN (`--mainline` is the default search, a harmless first argument).
    let pgn = run("--mainline");
    let headers: Vec<&str> = pgn
        .lines()
        .filter_map(|l| l.strip_prefix("{Game number "))
        .map(|l| l.split('}').next().unwrap())
        .collect();
    assert_eq!(headers, ["10", "20"]);
}

/// `--limit` stops reading: the input comes on a pipe that stays open (about 5 MB written,
/// more than one 4 MiB read, then the writer waits); cqlq must end on its own after the
/// first matched game, not wait for the end of its input.
#[test]
fn limit_stops_reading_an_open_stdin() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args([
            "--gamenumbers",
            "--limit",
            "1",
            "-q",
            "-e",
            "result 0-1",
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cqlq starts");
    let mut stdin = child.stdin.take().unwrap();
    let games = every_tenth_a_mate(60_000);
    // The writer may fail once cqlq has gone: that is the point.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(games.as_bytes());
        stdin
    });
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert_eq!(status.code(), Some(0));
            break;
        }
        if started.elapsed() > std::time::Duration::from_secs(120) {
            let _ = child.kill();
            panic!("cqlq --limit 1 kept reading an open stdin");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
    assert_eq!(out, "10\n");
    drop(writer.join());
}

/// `--split-by White` on themes.pgn's checks (games 1, 3, 4, 5, 6; see `cli::count_prints_the_
/// number_of_matched_games`): game 1 is White "Trap", 3 "Promoter", 4 "Fool"; games 5 and 6
/// have no White tag and go to `no-White.pgn`, in input order.
#[test]
fn split_by_tag_writes_one_file_per_value() {
    let scratch = crate::common::scratch("pipes", "split");
    let dir = scratch.path();
    let out_dir = dir.join("out");
    let out_arg = out_dir.to_str().unwrap();
    let split = |extra: &[&str]| {
        let mut args = vec!["-q", "--split-by", "White", "-o", out_arg, "-e", "check"];
        args.extend_from_slice(extra);
        let theme = themes();
        args.push(&theme);
        crate::common::cqlq(&args)
    };
    // The directory is made only with --createdirectories.
    let out = split(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!out_dir.exists());
    // --dryrun names the files, creates nothing.
    let out = split(&["--dryrun", "--createdirectories"]);
    assert_eq!(out.status.code(), Some(0));
    let names: Vec<String> = stdout(&out)
        .lines()
        .map(|l| {
            Path::new(l)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        names,
        ["Trap.pgn", "Promoter.pgn", "Fool.pgn", "no-White.pgn"]
    );
    assert!(!out_dir.exists());

    let out = split(&["--createdirectories"]);
    assert_eq!(out.status.code(), Some(0));
    let read = |name: &str| std::fs::read_to_string(out_dir.join(name)).unwrap();
    let numbers = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix("{Game number "))
            .map(|l| l.split('}').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(numbers(&read("Trap.pgn")), ["1"]);
    assert!(read("Trap.pgn").contains("[White \"Trap\"]"));
    assert_eq!(numbers(&read("Promoter.pgn")), ["3"]);
    assert_eq!(numbers(&read("Fool.pgn")), ["4"]);
    assert_eq!(numbers(&read("no-White.pgn")), ["5", "6"]);
    assert_eq!(
        std::fs::read_dir(&out_dir).unwrap().count(),
        4,
        "no temporary file left"
    );

    // --noclobber meets Trap.pgn: the run fails and no file changes.
    std::fs::write(out_dir.join("Fool.pgn"), "old\n").unwrap();
    let out = split(&["--noclobber"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(read("Fool.pgn"), "old\n");
    assert_eq!(
        std::fs::read_dir(&out_dir).unwrap().count(),
        4,
        "no temporary file left"
    );
    // --append adds to the old text.
    let out = split(&["--append"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(read("Fool.pgn").starts_with("old\n"));
    assert_eq!(numbers(&read("Fool.pgn")), ["4"]);
}

/// A pattern names the files; `--epd` splits too; `--split-by` needs `-o` and refuses
/// `--count`.
#[test]
fn split_by_pattern_and_refusals() {
    let scratch = crate::common::scratch("pipes", "split-pattern");
    let dir = scratch.path();
    let pattern = dir.join("res-{}.epd");
    let out = crate::common::cqlq(&[
        "-q",
        "--epd",
        "--split-by",
        "Result",
        "-o",
        pattern.to_str().unwrap(),
        "-e",
        "mate",
        &themes(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    // Game 1 (6.Nd6#) is 1-0, game 4 (Fool's mate) 0-1.
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    assert!(read("res-1-0.epd").ends_with("id \"game 1 ply 11\";\n"));
    assert!(read("res-0-1.epd").ends_with("id \"game 4 ply 4\";\n"));
    let out = crate::common::cqlq(&["--split-by", "ECO", "-e", "mate", &themes()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--split-by needs -o"));
    let out = crate::common::cqlq(&[
        "--count",
        "--split-by",
        "ECO",
        "-o",
        dir.to_str().unwrap(),
        "-e",
        "mate",
        &themes(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// themes.pgn: `mate` matches games 1 (6.Nd6#) and 4 (Fool's mate) only (see
/// `cli::json_lines_name_game_ply_fen_move_and_tags`); `--gamenumbers` prints one number per
/// matched game, in input order.
#[test]
fn gamenumbers_prints_one_number_per_matched_game() {
    let out = crate::common::cqlq(&["--gamenumbers", "-e", "mate", &themes()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n4\n");
}
