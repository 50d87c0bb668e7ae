//! Issue 32 row 11: `--split-by` commits all its files or none, cuts tag values by bytes at a
//! character boundary, makes temporary names that fit wherever the final name fits, and
//! keeps fewer files open under a low open-file limit.

use crate::common::stderr;
use std::fs;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

/// A mate in four, as written in `output_files`; `Event` set per game below.
const MATE: &str = "[Event \"scholar\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_cqlq")
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

/// The names in `folder` ending with `suffix`.
fn names_ending(folder: &Path, suffix: &str) -> Vec<String> {
    fs::read_dir(folder)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(suffix))
        .collect()
}

/// How many of the `count` split files hold the new game after their old line.
fn appended(split: &Path, count: usize) -> Vec<usize> {
    (0..count)
        .map(|k| {
            let text = fs::read_to_string(split.join(format!("E{k:04}.pgn"))).unwrap();
            assert!(text.starts_with("old\n"), "E{k:04}.pgn lost its old text");
            text.matches("Qxf7#").count()
        })
        .collect()
}

/// Row 11's crash case: a SIGKILL at chosen and pseudo-random points of the commit of 20
/// appended split files (`CQLQ_SPLIT_COMMIT_PAUSE_MS` spreads the commit over ~0.5 s),
/// then a `--split-by` run with the same `-o` (on a game that does not match): every file is the old one
/// (killed before the journal was committed) or every file has the game appended once
/// (after: the journal's renames completed, and stderr says so), never a mix; then a re-run
/// of the killed command, when it did not commit, gives every game exactly once. Before the
/// journal, a kill between two renames left some files appended and the others not, and a
/// re-run with `-a` duplicated the appended ones (issue 32 row 11).
#[test]
fn a_sigkill_during_the_commit_is_completed_by_the_next_run() {
    let scratch = crate::common::scratch("splitfiles", "sigkill");
    let dir = scratch.path();
    let split = dir.join("split");
    let count = 20;
    fs::write(dir.join("g.pgn"), numbered_games(count)).unwrap();
    fs::write(dir.join("none.pgn"), "[Event \"none\"]\n\n1. e4 *\n").unwrap();
    fs::create_dir(&split).unwrap();
    let run = |input: &str| {
        let mut command = Command::new(bin());
        command.current_dir(dir).args([
            "-e",
            "mate",
            input,
            "--split-by",
            "Event",
            "-a",
            "-o",
            "split",
        ]);
        command
    };
    // A linear congruential generator: kill points reproducible from run to run.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut seen_committed = false;
    let mut seen_uncommitted = false;
    let mut seen_message = false;
    for round in 0..8 {
        for k in 0..count {
            fs::write(split.join(format!("E{k:04}.pgn")), "old\n").unwrap();
        }
        let mut child = run("g.pgn")
            .env("CQLQ_SPLIT_COMMIT_PAUSE_MS", "25")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Rounds 0 and 4: while the journal is still a temporary file (the pause before its
        // rename); the others: a pseudo-random 0-499 ms after the journal is committed.
        let before_commit = round % 4 == 0;
        let started = std::time::Instant::now();
        loop {
            let journal = if before_commit {
                names_ending(&split, ".tmp")
                    .iter()
                    .any(|n| n.starts_with(".cqlq-split."))
            } else {
                !names_ending(&split, ".journal").is_empty()
            };
            if journal || started.elapsed().as_secs() > 60 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        if !before_commit {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            std::thread::sleep(std::time::Duration::from_millis((seed >> 33) % 500));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        // Exit 1: no game matched, as grep.
        let recovery = run("none.pgn").output().unwrap();
        assert_eq!(recovery.status.code(), Some(1), "{}", stderr(&recovery));
        let counts = appended(&split, count);
        let committed = counts[0] == 1;
        assert!(
            counts.iter().all(|&c| c == counts[0]) && counts[0] <= 1,
            "round {round}: a mix after the recovery: {counts:?}"
        );
        assert!(names_ending(&split, ".journal").is_empty());
        if before_commit {
            assert!(!committed, "round {round}: killed before the journal");
        } else {
            assert!(committed, "round {round}: killed after the journal");
        }
        seen_message |= stderr(&recovery).contains("completed the --split-by commit");
        seen_committed |= committed;
        seen_uncommitted |= !committed;
        if !committed {
            let rerun = run("g.pgn").output().unwrap();
            assert_eq!(rerun.status.code(), Some(0), "{}", stderr(&rerun));
        }
        assert_eq!(appended(&split, count), vec![1; count], "round {round}");
        // Temporary files a SIGKILL left (nothing can remove them) are removed here.
        for name in names_ending(&split, ".tmp") {
            fs::remove_file(split.join(name)).unwrap();
        }
    }
    assert!(seen_committed && seen_uncommitted && seen_message);
}
