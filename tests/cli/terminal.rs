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
/// results: after each drawing of it (its text has the speed, `KiB/s `) the terminal's "clear line"
/// (`ESC [2K`) comes before the next line break, so no result is written after a bar on its
/// line. The query (the example) first matches game 48 of the master games, so the
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
    let drawn = seen.match_indices("B/s ").count();
    assert!(drawn > 0, "the display was drawn: {seen:?}");
    for (at, _) in seen.match_indices("B/s ") {
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
