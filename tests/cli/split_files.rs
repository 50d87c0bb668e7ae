//! Issue 32 row 11: `--split-by` commits all its files or none, cuts tag values by bytes at a
//! character boundary, makes temporary names that fit wherever the final name fits, and
//! keeps fewer files open under a low open-file limit.

use std::fs;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A mate in four, as written in `output_files`; `Event` set per game below.
const MATE: &str = "[Event \"scholar\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_cqlq")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `count` games whose Event is `E0000`, `E0001`, ...
fn numbered_games(count: usize) -> String {
    (0..count)
        .map(|k| MATE.replace("scholar", &format!("E{k:04}")))
        .collect()
}

/// A SIGTERM sent the moment the first file of 500 is renamed: the rest are renamed too
/// before the process ends (all new), never a mix of appended and untouched files, and no
/// temporary file is left. Before, 33 files were appended and 4,967 left (issue 32).
#[test]
fn a_sigterm_during_the_renames_leaves_all_files_new() {
    let scratch = crate::common::scratch("splitfiles", "sigterm");
    let dir = scratch.path();
    let count = 500;
    fs::write(dir.join("g.pgn"), numbered_games(count)).unwrap();
    fs::create_dir(dir.join("split")).unwrap();
    for k in 0..count {
        fs::write(dir.join(format!("split/E{k:04}.pgn")), "old\n").unwrap();
    }
    let first = dir.join("split/E0000.pgn");
    let mut child = Command::new(bin())
        .current_dir(dir)
        .args([
            "-e",
            "mate",
            "g.pgn",
            "--split-by",
            "Event",
            "-a",
            "-o",
            "split",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while fs::metadata(&first).is_ok_and(|m| m.len() == 4) && started.elapsed().as_secs() < 60 {
        std::hint::spin_loop();
    }
    // SAFETY: kill(2) on a child this test spawned and has not waited for.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let code = child.wait().unwrap().code();
    assert!(matches!(code, Some(0 | 143)), "{code:?}");
    let new = (0..count)
        .filter(|k| {
            let text = fs::read_to_string(dir.join(format!("split/E{k:04}.pgn"))).unwrap();
            text.starts_with("old\n") && text.contains("Qxf7#")
        })
        .count();
    assert_eq!(new, count, "only {new} of {count} files were appended");
    let left: Vec<_> = fs::read_dir(dir.join("split"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A value of 79 CJK characters (237 bytes) is cut to 100 bytes at a character boundary (33
/// characters), and a 249-byte `-o` name is written: their temporary names fit in 255 bytes.
#[test]
fn long_names_are_cut_by_bytes_and_their_temporary_names_fit() {
    let scratch = crate::common::scratch("splitfiles", "names");
    let dir = scratch.path();
    let cjk = "漢".repeat(79);
    fs::write(dir.join("g.pgn"), MATE.replace("scholar", &cjk)).unwrap();
    fs::create_dir(dir.join("split")).unwrap();
    let out = Command::new(bin())
        .current_dir(dir)
        .args(["-e", "mate", "g.pgn", "--split-by", "Event", "-o", "split"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let expected = format!("{}.pgn", "漢".repeat(33));
    assert!(
        dir.join("split").join(&expected).is_file(),
        "{expected} missing"
    );
    let long = format!("{}.pgn", "x".repeat(245));
    assert_eq!(long.len(), 249);
    for args in [
        &["-e", "mate", "g.pgn", "-o", &long][..],
        &["-e", "mate", "g.pgn", "-a", "-o", &long],
    ] {
        let out = Command::new(bin())
            .current_dir(dir)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let text = fs::read_to_string(dir.join(&long)).unwrap();
    assert_eq!(text.matches("Qxf7#").count(), 2);
}

/// Under an open-file limit of 100 (`prlimit --nofile=100`), 150 split files are all written:
/// the default `--maxopenoutputfiles` (128) adapts to the limit.
#[test]
fn the_open_file_default_adapts_to_the_descriptor_limit() {
    let scratch = crate::common::scratch("splitfiles", "nofile");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), numbered_games(150)).unwrap();
    fs::create_dir(dir.join("split")).unwrap();
    let mut command = Command::new(bin());
    command
        .current_dir(dir)
        .args(["-e", "mate", "g.pgn", "--split-by", "Event", "-o", "split"]);
    // SAFETY: setrlimit(2) only, between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 100,
                rlim_max: 100,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = command.output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = fs::read_dir(dir.join("split")).unwrap().count();
    assert_eq!(written, 150);
    assert!(Path::new(&dir.join("split/E0149.pgn")).is_file());
}
