//! cqlq at a terminal (issue 19 item 9), through `script` (util-linux), which runs it on a
//! pseudo-terminal shared by stdout, stderr and stdin, and records what it writes there:
//!
//! - with nothing piped in, cqlq says it is reading standard input instead of waiting silently;
//! - a progress display drawn among the results is cleared before each result is written
//!   (no stale bar line left among them) and at the end.
//!
//! Skipped without `script` (outside CI).

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

/// `script`'s path, or None (a failure under CI, where util-linux is part of the system).
fn script() -> Option<&'static str> {
    let found = ["/usr/bin/script", "/bin/script"]
        .into_iter()
        .find(|p| Path::new(p).exists());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "script is missing under CI"
        );
        eprintln!("skipped: `script` (util-linux) is not installed");
    }
    found
}

/// Runs `command` (a shell line) on a pseudo-terminal for at most `limit`; what it wrote
/// there.
fn on_terminal(script: &str, command: &str, limit: Duration) -> String {
    let mut child = Command::new(script)
        .args(["-qc", command, "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .env_remove("NO_COLOR")
        .spawn()
        .expect("run script");
    let started = Instant::now();
    while started.elapsed() < limit {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut out = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
    String::from_utf8_lossy(&out).into_owned()
}

/// `cqlq -e mate` with the terminal as its input (no file, nothing piped in) says so at once,
/// before waiting for games typed there.
#[test]
fn a_terminal_on_standard_input_is_announced() {
    let Some(script) = script() else { return };
    let bin = env!("CARGO_BIN_EXE_cqlq");
    let seen = on_terminal(script, &format!("{bin} -e mate"), Duration::from_secs(3));
    assert!(seen.contains("reading PGN from standard input"), "{seen:?}");
}

/// With stdout and stderr on the same terminal, the progress display never stays among the
/// results: after each drawing of it (its text has the speed, `KiB/s`) the terminal's "clear line"
/// (`ESC [2K`) comes before the next line break, so no result is written after a bar on its
/// line. The query (the issue's example) first matches game 48 of the master games, so the
/// display is drawn (after each batch of 8 games under `--limit 1`) before that result.
#[test]
fn no_stale_progress_line_among_results_on_a_terminal() {
    let Some(script) = script() else { return };
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let query =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("queries/knight-forks-king-and-queen.cql");
    let bin = env!("CARGO_BIN_EXE_cqlq");
    let seen = on_terminal(
        script,
        &format!(
            "{bin} --fen --limit 1 {} {}",
            query.display(),
            pgn.display()
        ),
        Duration::from_secs(120),
    );
    assert!(seen.contains("stopped at --limit 1"), "{seen:?}");
    let drawn = seen.match_indices("B/s").count();
    assert!(drawn > 0, "the display was drawn: {seen:?}");
    for (at, _) in seen.match_indices("B/s") {
        let rest = &seen[at..];
        let cleared = rest.find("\x1b[2K").unwrap_or(usize::MAX);
        let line_break = rest.find('\n').unwrap_or(usize::MAX);
        assert!(
            cleared < line_break,
            "a progress line stays among the results: {:?}",
            &rest[..rest.len().min(300)]
        );
    }
}

/// Issue 36: `cqlq -j 1 --count -e 'line --> check{3,}' GAMES` in an 80-column terminal. The
/// progress line fits the width (a longer one wraps, and its clearing, which counts one
/// line, left the wrapped frame and erased the count written after it), and it is cleared
/// before the count is written: the screen ends with the count (the number a run without a
/// terminal prints) and the summary, and no frame of the display is left on it.
#[test]
fn the_count_stays_on_an_80_column_screen() {
    let Some(script) = script() else { return };
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let query = "line --> check{3,}";
    let piped = common::cqlq(&["-j", "1", "--count", "-e", query, pgn.to_str().unwrap()]);
    let count = String::from_utf8(piped.stdout).unwrap().trim().to_string();
    assert!(count.parse::<u64>().is_ok(), "{count:?}");
    let bin = env!("CARGO_BIN_EXE_cqlq");
    let seen = on_terminal(
        script,
        &format!(
            "stty cols 80 rows 24; {bin} -j 1 --count -e '{query}' {}",
            pgn.display()
        ),
        Duration::from_secs(300),
    );
    assert!(seen.contains("B/s"), "the display was drawn: {seen:?}");
    let screen = crate::terminal_screen::screen_lines(&seen, 80);
    // The summary (which may wrap) follows the count.
    let summary = screen
        .iter()
        .position(|l| l.starts_with("cqlq: 5000 games read"))
        .unwrap_or_else(|| panic!("the summary on screen: {screen:?}"));
    assert!(summary >= 1, "{screen:?}");
    assert_eq!(
        screen[summary - 1],
        count,
        "the count on screen: {screen:?}"
    );
    assert!(
        !screen.iter().any(|l| l.contains("B/s")),
        "a progress frame stays on screen: {screen:?}"
    );
}

/// Issue 36: a query error on a terminal is coloured (an SGR sequence, `ESC[...m`), and not
/// with `NO_COLOR` set (no-color.org: "should prevent the addition of ANSI color"), as clap's
/// messages and `--diagram` already honour it.
#[test]
fn no_color_turns_query_error_colours_off() {
    let Some(script) = script() else { return };
    let bin = env!("CARGO_BIN_EXE_cqlq");
    let sgr = regex::Regex::new(r"\x1b\[[0-9;]*m").unwrap();
    let coloured = on_terminal(
        script,
        &format!("TERM=xterm {bin} -e chek"),
        Duration::from_secs(20),
    );
    assert!(coloured.contains("chek"), "{coloured:?}");
    assert!(
        sgr.is_match(&coloured),
        "coloured on a terminal: {coloured:?}"
    );
    let plain = on_terminal(
        script,
        &format!("TERM=xterm NO_COLOR=1 {bin} -e chek"),
        Duration::from_secs(20),
    );
    assert!(plain.contains("chek"), "{plain:?}");
    assert!(!sgr.is_match(&plain), "colours despite NO_COLOR: {plain:?}");
}

/// Issue 36: `cqlq annotate THEME GAMES --in-place` on a terminal shows the search's progress
/// display (its message: `N games (R games/s), M matched`) and clears it before the summary;
/// `--no-progress` and `-q` show none.
#[test]
fn annotate_in_place_shows_progress_unless_told_not_to() {
    let Some(script) = script() else { return };
    let dir = common::scratch("terminal", "annotate-progress");
    let theme = dir.path().join("mate.cql");
    std::fs::write(&theme, "mate\n").unwrap();
    let game = "[Event \"e\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
    let games = dir.path().join("games.pgn");
    let bin = env!("CARGO_BIN_EXE_cqlq");
    let run = |extra: &str| {
        std::fs::write(&games, game.repeat(4000)).unwrap();
        on_terminal(
            script,
            &format!(
                "stty cols 80 rows 24; {bin} annotate {} {} --in-place --no-backup {extra}",
                theme.display(),
                games.display()
            ),
            Duration::from_secs(120),
        )
    };
    let shown = run("");
    assert!(
        shown.contains("games/s), "),
        "a progress display: {shown:?}"
    );
    let screen = crate::terminal_screen::screen_lines(&shown, 80);
    assert!(
        screen
            .iter()
            .any(|l| l.starts_with("cqlq annotate: 4000 games read")),
        "{screen:?}"
    );
    assert!(!screen.iter().any(|l| l.contains("games/s)")), "{screen:?}");
    for quiet in ["--no-progress", "-q"] {
        let shown = run(quiet);
        assert!(!shown.contains("games/s)"), "{quiet}: {shown:?}");
    }
}
