//! ICN inputs at the command line: recognised by extension or content, validated, and
//! searched with CQL (never read as PGN, never silently empty).

use cqlq::rules::infinite::looks_like_icn;
use std::process::Command;

fn run(path: &std::path::Path) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["-e", "check", path.to_str().unwrap()])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn icn_file_is_read_validated_and_searched() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("games.icn");
    std::fs::write(
        &good,
        "[Event \"x\"]\n\nw K0,0|k5,5|R1,9\n1,9>5,9+|5,5>4,4\n",
    )
    .unwrap();
    let (code, out, err) = run(&good);
    // 1,9>5,9 puts the rook on the black king's file with 5,6..5,8 empty: check after ply 1
    // only (the king steps off the file at ply 2).
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("1,9>5,9 {CQL}|5,5>4,4\n"), "{out}");
    assert!(
        err.contains("1 game read, 1 matched, 1 position matched"),
        "{err}"
    );
    // Detected by content without the extension; the illegal move (a king moving three
    // squares) is named with its place, and the game counts as bad.
    let bad = dir.path().join("games.txt");
    std::fs::write(&bad, "w K0,0|k5,5\n0,0>0,3\n").unwrap();
    let (code, _, err) = run(&bad);
    assert_eq!(code, Some(1));
    assert!(err.contains("line 2, column 1"), "{err}");
    assert!(err.contains("1 bad game,"), "{err}");
}

#[test]
fn icn_on_stdin_is_recognised() {
    let out = crate::common::cqlq_fed(None, &["-e", "check", "-"], b"w K0,0|k5,5|R1,9\n1,9>5,9+\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("1 game read, 1 matched"), "{err}");
}

#[test]
fn pgn_is_not_taken_for_icn() {
    let pgn = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/themes.pgn"))
        .unwrap();
    assert!(!looks_like_icn(&pgn));
    assert!(!looks_like_icn(
        "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1. Kb1 *\n"
    ));
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let mut seen = 0;
    for entry in std::fs::read_dir(&data).into_iter().flatten().flatten() {
        let p = entry.path();
        if p.extension().is_some_and(|e| e == "pgn") {
            let bytes = std::fs::read(&p).unwrap();
            let head = String::from_utf8_lossy(&bytes[..bytes.len().min(64 * 1024)]);
            assert!(!looks_like_icn(&head), "{}", p.display());
            seen += 1;
        }
    }
    eprintln!("{seen} PGN files of ../shared/data checked");
    assert!(looks_like_icn(
        "[Variant \"Classical\"]\n\nw 0/100 1 (8|1) K5,1+|k5,8+\n"
    ));
}
