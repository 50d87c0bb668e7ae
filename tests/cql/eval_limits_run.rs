//! Time bounded across the run (issue 32, row 9): a loop-budget error ends the run at its
//! game instead of spending the budget again in every later game, and `readfile` /
//! `writefile` refuse a FIFO by name instead of blocking forever.
//!
//! Runs go through the built binary with `eval_limits`'s deadline (60 s) and memory limit.

use std::ffi::CString;
use std::path::Path;

use super::eval_limits::{run_bounded, shuffle_game, workdir};

/// A FIFO at `path` (made here, in a temporary folder), with no writer and no reader.
fn mkfifo(path: &Path) {
    let c = CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string; mkfifo only creates the node.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
}

/// 3,000 games of 4 plies; the query's endless `while` spends the position's budget of
/// 1,000,000 rounds at game 1's first position. The run stops there (exit 2, the message
/// names game 1): before, every later game spent its own million rounds (3,000 games, about
/// 3 * 10^9 rounds: many minutes, past the deadline).
#[test]
fn a_loop_budget_error_at_game_1_ends_the_run() {
    let pgn: String = (0..3000).map(|_| shuffle_game(4) + "\n").collect();
    let dir = workdir(&pgn, "x = 0 while (true) { x = x + 1 }");
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("'while' stopped") && err.contains("game number 1 "),
        "{err}"
    );
}

/// `readfile` of a FIFO nobody writes to would block forever in `open`; it is refused by
/// name, with what it is, and the run stops (exit 2).
#[test]
fn readfile_of_a_fifo_is_refused_by_name() {
    let dir = workdir(&shuffle_game(4), "");
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let query = format!("readfile \"{}\"", fifo.display());
    std::fs::write(dir.path().join("query.cql"), query).unwrap();
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "'readfile' refuses {}: it is a FIFO",
            fifo.display()
        )),
        "{err}"
    );
}

/// `writefile` to a FIFO nobody reads would block forever in `open`; it is refused by name
/// (exit 2), and nothing waits.
#[test]
fn writefile_to_a_fifo_is_refused_by_name() {
    let dir = workdir(&shuffle_game(4), "");
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let query = format!("writefile (\"{}\" \"text\")", fifo.display());
    std::fs::write(dir.path().join("query.cql"), query).unwrap();
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "'writefile' refuses {}: it is a FIFO",
            fifo.display()
        )),
        "{err}"
    );
}

/// 200,000 `settag`s of new names at one position (inside the loop budget): the tags are
/// applied by name (a map), not by a scan of the tags so far per `settag` (2 * 10^10
/// comparisons, minutes); the run ends within 20 s and the game matches.
#[test]
fn settag_of_200000_new_names_is_not_quadratic() {
    let dir = workdir(
        &shuffle_game(0),
        "x = 0 while (x < 200000) { x = x + 1 settag(str(x) \"v\") }",
    );
    let started = std::time::Instant::now();
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n", "{err}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

/// `path` followed by 1,000 `--?` (each an optional dash, counted once): its expanded size
/// is 1,000, over the limit of 64, so it is refused before a game is read (exit 2, naming
/// the size and the limit). Before, the search's states (positions times constituents, each
/// keyed by its whole stack) made it quadratic in the query: on this 300-ply game it ran
/// past the memory limit.
#[test]
fn a_path_of_1000_optional_dashes_is_refused_by_its_size() {
    let query = format!("path {}", "--? ".repeat(1000));
    let dir = workdir(&shuffle_game(300), &query);
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("expanded size is 1000") && err.contains("limit of 64"),
        "{err}"
    );
}

/// `(--{0,100}){0,100}`: a repetition of up to 100 copies of a repetition of up to 100
/// dashes expands to 100 * 100 = 10,000 constituents; refused (it ran over 200 s on a
/// 332-ply game before).
#[test]
fn a_path_of_nested_bounded_repetitions_is_refused_by_its_size() {
    let dir = workdir(&shuffle_game(300), "path (--{0,100}){0,100}");
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("expanded size is 10000"), "{err}");
}

/// At the limit, 64 `--?`, the path runs: on a 40-ply game every position but the last has
/// a path of at least one move (the longest: the rest of the game, up to 64 moves), so 40
/// of the 41 positions match.
#[test]
fn a_path_at_the_size_limit_runs() {
    let query = format!("path {}", "--? ".repeat(64));
    let dir = workdir(&shuffle_game(40), &query);
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("40 positions matched"), "{err}");
}

/// A `line` inside a `line` inside a `line`: each level walks the rest of the game at every
/// position the level around it visits (plies cubed: over a minute on 300 plies before), so
/// the third level is refused (exit 2, naming the depth and the limit of 2); two levels run.
#[test]
fn a_line_nested_three_deep_is_refused_and_two_deep_runs() {
    let dir = workdir(
        &shuffle_game(300),
        "line --> (line --> (line --> (true)+)+)+",
    );
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("'line' nested 3 deep") && err.contains("limit of 2"),
        "{err}"
    );
    std::fs::write(dir.path().join("query.cql"), "line --> (line --> (true)+)+").unwrap();
    let out = run_bounded(dir.path(), &["--count", "query.cql", "game.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
}

/// The query that makes an 8 MiB string (`"a"` doubled 23 times, inside the string cap of
/// 16 MiB) and hands it to `effect` at every position.
fn eight_mib_each_position(effect: &str) -> String {
    format!("s = \"a\" i = 0 while (i < 23) {{ s = s + s i = i + 1 }} {effect}")
}

/// Runs the 8 MiB `effect` at each of a 200-ply game's 201 positions under the 1 GiB
/// address-space limit. Held until the game ends, the texts would need 201 × 8 MiB (1.6 GiB,
/// twice that for `message`'s line and text): the run failed to allocate. The game's held
/// text is bounded (64 MiB, passed at the 9th position): exit 2 with the limit named.
/// (The stopped game's messages are printed, 24 MiB on stderr: the output is read as the
/// run goes, with `Command::output`, and `timeout` gives the deadline.)
fn held_text_stops(effect: &str, word: &str) {
    let dir = workdir(&shuffle_game(200), &eight_mib_each_position(effect));
    let out = std::process::Command::new("timeout")
        .args(["60", "sh", "-c", "ulimit -v 1048576; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_cqlq"))
        .args(["--count", "query.cql", "game.pgn"])
        .current_dir(dir.path())
        .output()
        .expect("run cqlq");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("'{word}' stopped"))
            && err.contains("limit of 67108864 bytes")
            && err.contains("game number 1 "),
        "{err}"
    );
}

/// `message` texts held until the game ends are bounded (issue 32, row 8).
#[test]
fn messages_held_for_one_game_are_bounded() {
    held_text_stops("message (s)", "message");
}

/// `comment` texts held until the game ends are bounded (issue 32, row 8).
#[test]
fn comments_held_for_one_game_are_bounded() {
    held_text_stops("comment (s)", "comment");
}

/// `writefile` texts held until the game ends are bounded (issue 32, row 8); nothing is
/// written for the stopped game.
#[test]
fn writefile_texts_held_for_one_game_are_bounded() {
    held_text_stops("writefile (\"out.txt\" s)", "writefile");
}

/// `loop { move legal : true }` makes the start position's 20 imaginary positions each
/// round, all held until the game ends (about 2.3 KB each): within the loop budget it made
/// 20 million (7.3 GB; under the 1 GiB address-space limit the run failed to allocate). The
/// positions one game may make are bounded (500,000): exit 2 with the limit named.
#[test]
fn imaginary_positions_of_one_game_are_bounded() {
    let (code, err) = super::eval_limits::run_query(&shuffle_game(2), "loop { move legal : true }");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("'move' stopped: the query made more than 500000 imaginary positions")
            && err.contains("game number 1 "),
        "{err}"
    );
}
