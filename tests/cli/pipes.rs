//! Outputs for pipes (issue 7, item 3): `cqlq ... | head -1` ends quietly with status 0.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

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

/// `true` matches every game, so cqlq writes all 5000 games (about 500 kB, far more than a
/// pipe's buffer) to stdout. The reader takes one line and goes away, as `head -1` does: the
/// next write fails with a broken pipe, which must end the run with status 0 and no message
/// (no "writing output" error, no summary line, no panic from `println!`).
#[test]
fn broken_pipe_ends_quietly_with_status_zero() {
    let dir = std::env::temp_dir().join(format!("cqlq-pipes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many.pgn");
    std::fs::File::create(&file)
        .unwrap()
        .write_all(fools_mates(5000).as_bytes())
        .unwrap();

    let mut child = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["-e", "true", file.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cqlq starts");
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert_eq!(first.trim_end(), "[Event \"pipe\"]");
    drop(reader);

    let out = child.wait_with_output().expect("cqlq ends");
    std::fs::remove_dir_all(&dir).ok();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "", "a broken pipe must end the run silently");
}

/// themes.pgn: `mate` matches games 1 (6.Nd6#) and 4 (Fool's mate) only (see
/// `cli::json_lines_name_game_ply_fen_move_and_tags`); `--gamenumbers` prints one number per
/// matched game, in input order.
#[test]
fn gamenumbers_prints_one_number_per_matched_game() {
    let themes = format!("{}/testdata/themes.pgn", env!("CARGO_MANIFEST_DIR"));
    let out = crate::common::cqlq(&["--gamenumbers", "-e", "mate", &themes]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n4\n");
}
