//! Issue 18, items 1–5, 16, 17: output files are never destroyed or lost. Devices, FIFOs and
//! symbolic links are written through, never replaced; a run that read nothing leaves the
//! old output; an output that is an input (standard input, a hard link) is refused;
//! `annotate --in-place` twice keeps the original backup and writes nothing twice; an
//! interrupted run leaves no temporary file; a full stderr does not panic, a closed stdout
//! is reported; `writefile` and output failures are reported once, naming the output.
//!
//! Device nodes are made with `mknod` in the test's own folder (`c 1 3` is Linux's null
//! device, `c 1 7` its full device: every write fails with ENOSPC), never the machine's
//! `/dev`; the tests run as root (skipped, with a note, where `mknod` is not allowed).

use crate::common::{cqlq_in as run, stderr};
use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::FileTypeExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Two games: the first has checks (plies 5 and 7, the last a mate), the second none.
const GAMES: &str = "[Event \"E1\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 *\n\n\
[Event \"E2\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";

/// A game whose last move is a check and a mate.
const MATE: &str = "[Event \"scholar\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_cqlq")
}

/// Makes a character device node `name` (major 1, `minor`) in `dir`; false (and a note)
/// where the system does not allow it.
fn mknod(dir: &Path, name: &str, minor: u32) -> bool {
    let made = Command::new("mknod")
        .arg(dir.join(name))
        .args(["c", "1", &minor.to_string()])
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        eprintln!("skipped: mknod is not allowed here");
    }
    made
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

fn is_char_device(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

/// The hidden temporary files (`.NAME.cqlq-XXXXXXXX.tmp`) left in `dir`.
fn temp_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.contains(".cqlq-") && n.ends_with(".tmp"))
        .collect()
}

/// Item 1: `-o`, `--html`, `--split-by` and `annotate -o` write into a device node and a
/// FIFO (which stay what they are), and through a symbolic link (which stays a link, its
/// file written).
#[test]
fn output_to_devices_fifos_and_links_is_written_through() {
    let scratch = crate::common::scratch("outsafe", "devices");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), GAMES).unwrap();
    fs::write(dir.join("check.cql"), "check\n").unwrap();
    if !mknod(dir, "null", 3) {
        return;
    }
    for args in [
        &["-e", "check", "g.pgn", "-o", "null"][..],
        &["-e", "check", "g.pgn", "--html", "null"],
        &["annotate", "check.cql", "g.pgn", "-o", "null"],
    ] {
        let out = run(dir, args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(
            is_char_device(&dir.join("null")),
            "{args:?} replaced the device"
        );
    }
    // --split-by: the file for Event "E1" is a device node.
    fs::create_dir(dir.join("split")).unwrap();
    assert!(mknod(dir, "split/E1.pgn", 3));
    let out = run(
        dir,
        &["-e", "check", "g.pgn", "--split-by", "Event", "-o", "split"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(is_char_device(&dir.join("split/E1.pgn")));
    assert!(temp_files(&dir.join("split")).is_empty());

    // A FIFO: read by a thread while cqlq writes into it.
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            fs::File::open(fifo)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        })
    };
    let out = run(dir, &["-e", "check", "g.pgn", "-o", "fifo"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = reader.join().unwrap();
    assert!(
        text.contains("[Event \"E1\"]") && !text.contains("E2"),
        "{text}"
    );
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());

    // A link to a file, and a link to a name not made yet.
    fs::write(dir.join("real.pgn"), "old\n").unwrap();
    std::os::unix::fs::symlink("real.pgn", dir.join("link.pgn")).unwrap();
    std::os::unix::fs::symlink("new.pgn", dir.join("dangling.pgn")).unwrap();
    for (link, file) in [("link.pgn", "real.pgn"), ("dangling.pgn", "new.pgn")] {
        let out = run(dir, &["-e", "check", "g.pgn", "-o", link]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let meta = fs::symlink_metadata(dir.join(link)).unwrap();
        assert!(meta.file_type().is_symlink(), "{link} was replaced");
        let text = fs::read_to_string(dir.join(file)).unwrap();
        assert!(text.contains("[Event \"E1\"]"), "{file}: {text}");
    }
    assert!(temp_files(dir).is_empty());
}

/// Item 2: a run whose inputs all failed (named, or the header's `input`) leaves the old
/// output as it was; when only some failed, the output is written and stderr says so.
#[test]
fn a_run_that_read_nothing_leaves_the_output_untouched() {
    let scratch = crate::common::scratch("outsafe", "nothing");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), GAMES).unwrap();
    fs::write(dir.join("q.cql"), "cql(input nosuch.pgn)\ncheck\n").unwrap();
    for args in [
        &["-e", "check", "nosuch.pgn", "-o", "out.pgn"][..],
        &["q.cql", "-o", "out.pgn"],
        &[
            "-e",
            "check",
            "nosuch.pgn",
            "other.pgn",
            "-o",
            "out.pgn",
            "--append",
        ],
    ] {
        fs::write(dir.join("out.pgn"), "precious\n").unwrap();
        let out = run(dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            fs::read_to_string(dir.join("out.pgn")).unwrap(),
            "precious\n",
            "{args:?}"
        );
        assert!(
            stderr(&out).contains("out.pgn: left as it was"),
            "{}",
            stderr(&out)
        );
    }
    let out = run(
        dir,
        &["-e", "check", "nosuch.pgn", "g.pgn", "-o", "out.pgn"],
    );
    assert_eq!(out.status.code(), Some(2));
    let text = fs::read_to_string(dir.join("out.pgn")).unwrap();
    assert!(text.contains("[Event \"E1\"]"), "{text}");
    assert!(
        stderr(&out).contains("out.pgn holds the results of the inputs that could be read"),
        "{}",
        stderr(&out)
    );
    assert!(temp_files(dir).is_empty());
}

/// Item 3: `-o FILE < FILE` and `-o` naming a hard link to an input are refused before
/// anything is written (search and annotate).
#[test]
fn an_output_that_is_standard_input_or_a_hard_link_to_an_input_is_refused() {
    let scratch = crate::common::scratch("outsafe", "same");
    let dir = scratch.path();
    let g = dir.join("g.pgn");
    fs::write(&g, GAMES).unwrap();
    fs::hard_link(&g, dir.join("h.pgn")).unwrap();
    fs::write(dir.join("check.cql"), "check\n").unwrap();
    let out = Command::new(bin())
        .current_dir(dir)
        .args(["-e", "check", "-o", "g.pgn"])
        .stdin(fs::File::open(&g).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("refusing"), "{}", stderr(&out));
    for args in [
        &["-e", "check", "g.pgn", "-o", "h.pgn"][..],
        &["annotate", "check.cql", "g.pgn", "-o", "h.pgn"],
    ] {
        let out = run(dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("refusing"), "{}", stderr(&out));
    }
    assert_eq!(fs::read_to_string(&g).unwrap(), GAMES);
}

/// Item 4: `annotate --in-place` twice: the backup keeps the original (the oldest), and the
/// second run changes nothing (no comment written twice, the tag not doubled), also with a
/// theme whose own text has a space (`in check`).
#[test]
fn annotating_in_place_twice_keeps_the_original_and_changes_nothing() {
    let scratch = crate::common::scratch("outsafe", "twice");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), MATE).unwrap();
    fs::write(dir.join("checks.cql"), "check comment(\"in check\")\n").unwrap();
    fs::write(dir.join("mate.cql"), "mate\n").unwrap();
    let args = ["annotate", "checks.cql", "mate.cql", "g.pgn", "--in-place"];
    let first = run(dir, &args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let once = fs::read_to_string(dir.join("g.pgn")).unwrap();
    // Written by the first run, as `annotate`'s documentation describes its additions.
    assert_eq!(
        once,
        "[Event \"scholar\"]\n[Result \"1-0\"]\n[Themes \"checks mate\"]\n\n\
1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {in check mate} 1-0\n"
    );
    let second = run(dir, &args);
    assert_eq!(second.status.code(), Some(0), "{}", stderr(&second));
    assert_eq!(fs::read_to_string(dir.join("g.pgn")).unwrap(), once);
    assert_eq!(fs::read_to_string(dir.join("g.pgn.bak")).unwrap(), MATE);
    assert!(temp_files(dir).is_empty());
}

/// Sends `signal` to the process `pid`.
fn kill(pid: u32, signal: i32) {
    // SAFETY: kill(2) on a child this test spawned and has not waited for yet.
    assert_eq!(unsafe { libc::kill(pid as i32, signal) }, 0);
}

/// Waits (20 s at most) until `dir` holds a temporary file for `name`
/// (`.NAME.cqlq-XXXXXXXX.tmp`); its path.
fn wait_for_temp(dir: &Path, name: &str) -> Option<std::path::PathBuf> {
    let started = Instant::now();
    loop {
        let prefix = format!(".{name}.cqlq-");
        if let Some(found) = temp_files(dir).into_iter().find(|n| n.starts_with(&prefix)) {
            return Some(dir.join(found));
        }
        if started.elapsed() > Duration::from_secs(20) {
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Item 5, search: a run reading standard input (kept open, so the run waits) into `-o` is
/// interrupted by SIGTERM and SIGINT: its temporary file is removed, the old output is as it
/// was, and the exit status is 128 + the signal (143, 130).
#[test]
fn an_interrupted_search_removes_its_temporary_file() {
    let scratch = crate::common::scratch("outsafe", "signal");
    let dir = scratch.path();
    for (signal, status) in [(libc::SIGTERM, 143), (libc::SIGINT, 130)] {
        fs::write(dir.join("out.pgn"), "precious\n").unwrap();
        let mut child = Command::new(bin())
            .current_dir(dir)
            .args(["-e", "check", "-o", "out.pgn"])
            .stdin(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input.write_all(GAMES.as_bytes()).unwrap();
        let temp = wait_for_temp(dir, "out.pgn").expect("no temporary file");
        kill(child.id(), signal);
        let code = child.wait().unwrap().code();
        drop(input);
        assert_eq!(code, Some(status));
        assert!(!temp.exists(), "the temporary file was left");
        assert_eq!(
            fs::read_to_string(dir.join("out.pgn")).unwrap(),
            "precious\n"
        );
    }
}

/// Item 5, annotate: `--in-place` and `-o` runs on a large input, interrupted by SIGTERM once
/// their temporary file exists: it is removed, the input (and the old output) as they were.
#[test]
fn an_interrupted_annotate_removes_its_temporary_file() {
    let scratch = crate::common::scratch("outsafe", "signal-annotate");
    let dir = scratch.path();
    let text = MATE.repeat(100_000);
    fs::write(dir.join("many.pgn"), &text).unwrap();
    fs::write(dir.join("mate.cql"), "mate\n").unwrap();
    fs::write(dir.join("out.pgn"), "precious\n").unwrap();
    for (args, temp_of) in [
        (&["--in-place"][..], "many.pgn"),
        (&["-o", "out.pgn"], "out.pgn"),
    ] {
        let mut child = Command::new(bin())
            .current_dir(dir)
            .args(["annotate", "mate.cql", "many.pgn", "-j", "1"])
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let temp = wait_for_temp(dir, temp_of).expect("no temporary file");
        let finished = child.try_wait().unwrap().is_some();
        kill(child.id(), libc::SIGTERM);
        let code = child.wait().unwrap().code();
        assert!(!finished, "the run ended before it could be interrupted");
        assert_eq!(code, Some(143));
        assert!(!temp.exists(), "the temporary file was left");
        assert!(fs::read(dir.join("many.pgn")).unwrap() == text.as_bytes());
        assert_eq!(
            fs::read_to_string(dir.join("out.pgn")).unwrap(),
            "precious\n"
        );
        assert!(!dir.join("many.pgn.bak").exists());
    }
}

/// Item 16: with stderr on a full device, diagnostics (a bad game's report, the summary)
/// are lost but cqlq does not panic (exit 101): it ends as the search says.
#[test]
fn a_full_stderr_does_not_panic() {
    let scratch = crate::common::scratch("outsafe", "stderr");
    let dir = scratch.path();
    if !mknod(dir, "full", 7) {
        return;
    }
    let bad = format!("{GAMES}\n[Event \"bad\"]\n\n1. e4 e4 *\n");
    fs::write(dir.join("g.pgn"), bad).unwrap();
    for args in [
        &["-e", "check", "g.pgn"][..],
        &["annotate", "nosuch.cql", "g.pgn"],
    ] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open(dir.join("full"))
            .unwrap();
        let out = Command::new(bin())
            .current_dir(dir)
            .args(args)
            .stdout(Stdio::null())
            .stderr(full)
            .output()
            .unwrap();
        assert_ne!(out.status.code(), Some(101), "{args:?} panicked");
    }
    let full = fs::OpenOptions::new()
        .write(true)
        .open(dir.join("full"))
        .unwrap();
    let out = Command::new(bin())
        .current_dir(dir)
        .args(["-e", "check", "g.pgn"])
        .stdout(Stdio::null())
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

/// Item 16: started with standard output closed (`>&-`), cqlq does not drop the matches
/// silently: it says so and exits 2 (search and annotate). A closed reading end (a broken
/// pipe) stays quiet by design: `tests/cli/pipes.rs`.
#[test]
fn a_closed_stdout_is_reported() {
    let scratch = crate::common::scratch("outsafe", "stdout");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), GAMES).unwrap();
    fs::write(dir.join("check.cql"), "check\n").unwrap();
    for args in [
        &["-e", "check", "g.pgn"][..],
        &["annotate", "check.cql", "g.pgn"],
    ] {
        let mut command = Command::new(bin());
        command.current_dir(dir).args(args).stderr(Stdio::piped());
        // SAFETY: close(2) only, between fork and exec.
        unsafe {
            command.pre_exec(|| {
                libc::close(1);
                Ok(())
            });
        }
        let out = command.output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("standard output is closed"),
            "{}",
            stderr(&out)
        );
    }
}

/// Item 17: `writefile` into a full device fails at each of the matched positions: one
/// line names the file and the error, one more gives the count, and the exit is 2.
#[test]
fn writefile_failures_are_reported_once() {
    let scratch = crate::common::scratch("outsafe", "writefile");
    let dir = scratch.path();
    if !mknod(dir, "full", 7) {
        return;
    }
    fs::write(dir.join("g.pgn"), GAMES.repeat(3)).unwrap();
    let out = run(
        dir,
        &["-e", "writefile(\"full\" \"x\")", "g.pgn", "-o", "out.pgn"],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    let failures: Vec<&str> = err.lines().filter(|l| l.contains("writefile")).collect();
    assert_eq!(failures.len(), 2, "{err}");
    assert!(
        // A device is no regular file: refused by name (issue 32, row 9), once.
        failures[0].contains("full") && failures[0].contains("it is a character device"),
        "{err}"
    );
    assert!(failures[1].contains("failed"), "{err}");
}

/// Item 17: a full `-o` (a full device, written directly) or a full stdout is reported
/// naming the output, not the input, with exit 2.
#[test]
fn a_full_output_is_named_not_blamed_on_the_input() {
    let scratch = crate::common::scratch("outsafe", "full-output");
    let dir = scratch.path();
    if !mknod(dir, "full", 7) {
        return;
    }
    fs::write(dir.join("g.pgn"), GAMES).unwrap();
    fs::write(dir.join("check.cql"), "check\n").unwrap();
    for args in [
        &["-e", "check", "g.pgn", "-o", "full"][..],
        &["annotate", "check.cql", "g.pgn", "-o", "full"],
    ] {
        let out = run(dir, args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("full: No space left on device"), "{err}");
        assert!(!err.contains("g.pgn:"), "{err}");
        assert!(is_char_device(&dir.join("full")));
    }
    for args in [
        &["-e", "check", "g.pgn"][..],
        &["annotate", "check.cql", "g.pgn"],
    ] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open(dir.join("full"))
            .unwrap();
        let out = Command::new(bin())
            .current_dir(dir)
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("standard output: No space left on device"),
            "{err}"
        );
        assert!(!err.contains("g.pgn:"), "{err}");
    }
}
