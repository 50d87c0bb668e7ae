//! Issue 32, the rows about the files cqlq writes: temporary files that no planted link can
//! redirect (row 2), `-o` naming the file already open as standard output (row 3), the mode
//! and owner of a replaced file kept (row 12).
//!
//! Every file is made in the test's own folder; `/proc/self/fd/1` is reached through a link
//! made there, never through the machine's `/dev`. The tests run as root, so a file can be
//! given another owner (`chown`), as a shared folder's file would have.

use crate::common::{cqlq_in as run, stderr};
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A game with a mate: every query below matches it once.
const MATE: &str = "[Event \"scholar\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_cqlq")
}

fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Runs `sh -c SCRIPT` in `dir`, the script ending in `exec cqlq ...` (so `$$`, the
/// shell's process id, is cqlq's: the old temporary name `.NAME.cqlq-$$.tmp` is known
/// before cqlq starts).
fn sh(dir: &Path, script: &str) -> Output {
    Command::new("sh")
        .current_dir(dir)
        .env("CQLQ", bin())
        .args(["-c", script])
        .output()
        .unwrap()
}

/// Row 2: links planted at the temporary names an attacker can guess (the old
/// `.NAME.cqlq-PID.tmp`, and names of the new pattern) are never followed: `-o`, `-a`,
/// `annotate --in-place`, `annotate -o`, `--split-by` and `cqlq split` leave the link's
/// target (the victim) as it was, its mode too, and write a regular file, not a link.
#[test]
fn planted_links_at_temporary_names_are_never_followed() {
    let scratch = crate::common::scratch("outfiles", "planted");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), MATE).unwrap();
    fs::write(dir.join("mate.cql"), "mate\n").unwrap();
    fs::create_dir(dir.join("split")).unwrap();
    fs::create_dir(dir.join("shards")).unwrap();
    let victim = dir.join("victim");
    fs::write(&victim, "precious\n").unwrap();
    fs::set_permissions(&victim, fs::Permissions::from_mode(0o640)).unwrap();
    // Names of the new pattern an attacker might plant in advance.
    for name in ["out.pgn", "g.pgn", "split/E.pgn"] {
        let (parent, file) = name.rsplit_once('/').unwrap_or(("", name));
        for guess in ["AAAAAAAA", "00000000", "aaaaaaaa"] {
            let link = dir.join(parent).join(format!(".{file}.cqlq-{guess}.tmp"));
            symlink(&victim, link).unwrap();
        }
    }
    let scripts = [
        (
            "ln -s victim .out.pgn.cqlq-$$.tmp; exec \"$CQLQ\" -e mate g.pgn -o out.pgn",
            "out.pgn",
        ),
        (
            "ln -sf victim .out.pgn.cqlq-$$.tmp; exec \"$CQLQ\" -e mate g.pgn -a -o out.pgn",
            "out.pgn",
        ),
        (
            "ln -s victim .g.pgn.cqlq-$$.tmp; exec \"$CQLQ\" annotate mate.cql g.pgn --in-place",
            "g.pgn",
        ),
        (
            "ln -sf victim .out.pgn.cqlq-$$.tmp; exec \"$CQLQ\" annotate mate.cql g.pgn -o out.pgn",
            "out.pgn",
        ),
        (
            "ln -s ../victim split/.E.pgn.cqlq-$$.tmp; \
             exec \"$CQLQ\" -e mate g.pgn --split-by Event -o split/{}.pgn",
            "split/scholar.pgn",
        ),
        (
            "ln -s ../victim shards/.g.00000.pgn.zst.tmp; \
             exec \"$CQLQ\" split g.pgn -o shards --shards 1",
            "shards/g.00000.pgn.zst",
        ),
    ];
    for (script, written) in scripts {
        let out = sh(dir, script);
        assert!(
            out.status.code().is_some_and(|c| c < 2),
            "{script}: {}",
            stderr(&out)
        );
        assert_eq!(
            fs::read_to_string(&victim).unwrap(),
            "precious\n",
            "{script}"
        );
        let mode = fs::metadata(&victim).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "{script}: the victim's mode changed");
        let meta = fs::symlink_metadata(dir.join(written)).unwrap();
        assert!(
            meta.file_type().is_file(),
            "{script}: {written} is not a regular file"
        );
    }
    // The planted links are left alone (they are not cqlq's to remove).
    assert!(is_link(&dir.join(".out.pgn.cqlq-AAAAAAAA.tmp")));
}

/// Row 3: `-o` naming the file open as standard output (through a link to
/// `/proc/self/fd/1`, or by its own name) writes through the open descriptor, as `-o -`:
/// `{ cqlq ... -o /proc/self/fd/1; echo footer; } >> log.txt` keeps the log's inode, its old
/// lines, and the lines written after.
#[test]
fn an_output_that_is_standard_output_is_written_through_the_descriptor() {
    let scratch = crate::common::scratch("outfiles", "stdout");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), MATE).unwrap();
    symlink("/proc/self/fd/1", dir.join("stdout-link")).unwrap();
    for (target, append) in [
        ("stdout-link", false),
        ("log.txt", false),
        ("stdout-link", true),
    ] {
        let log = dir.join("log.txt");
        fs::write(&log, "old line\n").unwrap();
        let inode = fs::metadata(&log).unwrap().ino();
        let handle = fs::OpenOptions::new().append(true).open(&log).unwrap();
        let mut args = vec!["-e", "mate", "g.pgn", "-o", target];
        if append {
            args.push("-a");
        }
        let out = Command::new(bin())
            .current_dir(dir)
            .args(&args)
            .stdout(handle.try_clone().unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        std::io::Write::write_all(&mut &handle, b"footer\n").unwrap();
        assert_eq!(
            fs::metadata(&log).unwrap().ino(),
            inode,
            "{args:?}: log replaced"
        );
        let text = fs::read_to_string(&log).unwrap();
        assert!(text.starts_with("old line\n"), "{args:?}: {text}");
        assert!(text.ends_with("footer\n"), "{args:?}: {text}");
        assert_eq!(text.matches("Qxf7#").count(), 1, "{args:?}: {text}");
        assert!(is_link(&dir.join("stdout-link")));
    }
}

/// Row 12: `-o` (and `-a`, `annotate -o`, `annotate --in-place`) over an existing file keeps
/// its mode and owner, as a rewrite in place would; a new file gets `0666` less the umask,
/// as any new file.
#[test]
fn a_replaced_file_keeps_its_mode_and_owner() {
    let scratch = crate::common::scratch("outfiles", "mode");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), MATE).unwrap();
    fs::write(dir.join("mate.cql"), "mate\n").unwrap();
    let out_pgn = dir.join("out.pgn");
    let chown = |path: &Path| {
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: chown(2) on a file of the test's folder (the tests run as root).
        unsafe { libc::chown(c.as_ptr(), 1234, 5678) == 0 }
    };
    for args in [
        &["-e", "mate", "g.pgn", "-o", "out.pgn"][..],
        &["-e", "mate", "g.pgn", "-a", "-o", "out.pgn"],
        &["annotate", "mate.cql", "g.pgn", "-o", "out.pgn"],
        &[
            "annotate",
            "mate.cql",
            "out.pgn",
            "--in-place",
            "--no-backup",
        ],
    ] {
        fs::write(&out_pgn, MATE).unwrap();
        fs::set_permissions(&out_pgn, fs::Permissions::from_mode(0o600)).unwrap();
        let owned = chown(&out_pgn);
        let out = run(dir, args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let meta = fs::metadata(&out_pgn).unwrap();
        assert_eq!(meta.mode() & 0o7777, 0o600, "{args:?}");
        if owned {
            assert_eq!((meta.uid(), meta.gid()), (1234, 5678), "{args:?}");
        }
    }
    // A new file: 0666 less the umask (027 here), not the temporary file's own 0600.
    let mut command = Command::new(bin());
    command
        .current_dir(dir)
        .args(["-e", "mate", "g.pgn", "-o", "new.pgn"]);
    // SAFETY: umask(2) only, between fork and exec.
    unsafe {
        command.pre_exec(|| {
            libc::umask(0o027);
            Ok(())
        });
    }
    assert_eq!(command.output().unwrap().status.code(), Some(0));
    let mode = fs::metadata(dir.join("new.pgn")).unwrap().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

/// Row 5: `writefile` into an input is refused by device and inode, not by name alone: a
/// hard link to the input, and the input given on standard input, keep their text (exit 2,
/// the refusal named). Row 14: `writefile` into the `-o` file (which the final rename would
/// replace) is refused by name, exit 2.
#[test]
fn writefile_refuses_inputs_by_inode_and_the_output_by_name() {
    let scratch = crate::common::scratch("outfiles", "writefile");
    let dir = scratch.path();
    let w = dir.join("w.pgn");
    fs::write(&w, MATE).unwrap();
    fs::hard_link(&w, dir.join("wl.pgn")).unwrap();
    let out = run(dir, &["-e", "writefile(\"wl.pgn\" \"JUNK\\n\")", "w.pgn"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("refuses to write the input file wl.pgn"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(&w).unwrap(), MATE);
    let out = Command::new(bin())
        .current_dir(dir)
        .args(["-e", "writefile(\"w.pgn\" \"JUNK\\n\")"])
        .stdin(fs::File::open(&w).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("refuses to write the input file w.pgn"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(&w).unwrap(), MATE);
    // The -o file, by its name and through a link to it.
    symlink("out.pgn", dir.join("out-link.pgn")).unwrap();
    for name in ["out.pgn", "out-link.pgn"] {
        let query = format!("writefile(\"{name}\" \"JUNK\\n\")");
        let out = run(dir, &["-e", &query, "w.pgn", "-o", "out.pgn"]);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("refuses to write the output file"),
            "{}",
            stderr(&out)
        );
        assert!(
            !fs::read_to_string(dir.join("out.pgn"))
                .unwrap()
                .contains("JUNK")
        );
    }
    // Another file is written as asked (once: at the initial position).
    let query = "initial writefile(\"notes.txt\" \"seen\")";
    let out = run(dir, &["-e", query, "w.pgn", "-o", "out.pgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(dir.join("notes.txt")).unwrap(), "seen");
}

/// `count` games, each a scholar's mate, with the Event tag `event`.
fn mates(event: &str, count: usize) -> String {
    MATE.replace("scholar", event).repeat(count)
}

/// Row 6: four `-a` runs appending to one file at once, five rounds: every game of every
/// run is in the file (before the lock, the issue measured 4,019 of 4,121 kept).
#[test]
fn concurrent_appenders_lose_no_games() {
    let scratch = crate::common::scratch("outfiles", "append");
    let dir = scratch.path();
    let per_run = 300;
    for k in 0..4 {
        fs::write(
            dir.join(format!("g{k}.pgn")),
            mates(&format!("run{k}"), per_run),
        )
        .unwrap();
    }
    let rounds = 5;
    for _ in 0..rounds {
        let children: Vec<_> = (0..4)
            .map(|k| {
                Command::new(bin())
                    .current_dir(dir)
                    .args(["-e", "mate", &format!("g{k}.pgn"), "-a", "-o", "all.pgn"])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut child in children {
            assert_eq!(child.wait().unwrap().code(), Some(0));
        }
    }
    let text = fs::read_to_string(dir.join("all.pgn")).unwrap();
    for k in 0..4 {
        let kept = text.matches(&format!("[Event \"run{k}\"]")).count();
        assert_eq!(kept, per_run * rounds, "run{k}'s games");
    }
}

/// The temporary files (`.NAME.cqlq-XXXXXXXX.tmp`) in `dir`.
fn temp_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.contains(".cqlq-") && n.ends_with(".tmp"))
        .collect()
}

/// Waits (20 s at most) until `dir` holds a temporary file.
fn wait_for_temp(dir: &Path) -> bool {
    let started = std::time::Instant::now();
    while temp_files(dir).is_empty() {
        if started.elapsed().as_secs() > 20 {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    true
}

/// Waits (at most 20 s) until process `pid` has a mapping of a file whose path ends in `name`.
fn wait_for_mapping(pid: u32, name: &str) -> bool {
    let started = std::time::Instant::now();
    let maps = format!("/proc/{pid}/maps");
    loop {
        match fs::read_to_string(&maps) {
            Ok(text) if text.lines().any(|l| l.ends_with(name)) => return true,
            Ok(_) => {}
            Err(_) => return false,
        }
        if started.elapsed().as_secs() > 20 {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Row 13: every terminating signal a process may catch removes the temporary file and
/// leaves the old output; the exit status is 128 + the signal's number (a shell's report
/// of a process it ended).
#[test]
fn every_terminating_signal_removes_the_temporary_file() {
    let scratch = crate::common::scratch("outfiles", "signals");
    let dir = scratch.path();
    for signal in [
        libc::SIGHUP,
        libc::SIGINT,
        libc::SIGQUIT,
        libc::SIGTERM,
        libc::SIGALRM,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGXCPU,
        libc::SIGXFSZ,
        libc::SIGVTALRM,
        libc::SIGPROF,
    ] {
        fs::write(dir.join("out.pgn"), "precious\n").unwrap();
        let mut child = Command::new(bin())
            .current_dir(dir)
            .args(["-e", "mate", "-o", "out.pgn"])
            .stdin(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Standard input stays open: the run waits for more games.
        let mut input = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut input, MATE.as_bytes()).unwrap();
        assert!(wait_for_temp(dir), "signal {signal}: no temporary file");
        // SAFETY: kill(2) on a child this test spawned and has not waited for.
        assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
        let code = child.wait().unwrap().code();
        drop(input);
        assert_eq!(code, Some(128 + signal), "signal {signal}");
        assert!(
            temp_files(dir).is_empty(),
            "signal {signal}: left {:?}",
            temp_files(dir)
        );
        assert_eq!(
            fs::read_to_string(dir.join("out.pgn")).unwrap(),
            "precious\n"
        );
    }
}

/// Row 13: an input truncated by another program while cqlq reads it (mapped: the read past
/// the new end is a SIGBUS) is reported by name and byte, exit 2; the temporary file is
/// removed and the old output kept.
#[test]
fn an_input_truncated_during_the_run_is_named_and_cleaned_up() {
    let scratch = crate::common::scratch("outfiles", "sigbus");
    let dir = scratch.path();
    let big = dir.join("big.pgn");
    fs::write(&big, mates("big", 200_000)).unwrap();
    fs::write(dir.join("out.pgn"), "precious\n").unwrap();
    let child = Command::new(bin())
        .current_dir(dir)
        .args(["-e", "mate", "big.pgn", "-j", "1", "-o", "out.pgn"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    assert!(wait_for_temp(dir), "no temporary file");
    // Cut the file only once cqlq has mapped it: cut before, it would just read a short file.
    assert!(
        wait_for_mapping(child.id(), "big.pgn"),
        "big.pgn never mapped"
    );
    fs::OpenOptions::new()
        .write(true)
        .open(&big)
        .unwrap()
        .set_len(4096)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("big.pgn: the file shrank while it was read (byte "),
        "{err}"
    );
    assert!(temp_files(dir).is_empty(), "left {:?}", temp_files(dir));
    assert_eq!(
        fs::read_to_string(dir.join("out.pgn")).unwrap(),
        "precious\n"
    );
}

/// Row 14: `annotate --in-place` beside an unrelated `FILE.bak` keeps it and keeps the text
/// it replaced in `FILE.bak.1` (numbered, as `cp --backup=numbered`), not nowhere.
#[test]
fn an_unrelated_backup_is_kept_and_the_rewrite_backed_up_beside_it() {
    let scratch = crate::common::scratch("outfiles", "backup");
    let dir = scratch.path();
    fs::write(dir.join("g.pgn"), MATE).unwrap();
    fs::write(dir.join("g.pgn.bak"), "unrelated\n").unwrap();
    fs::write(dir.join("mate.cql"), "mate\n").unwrap();
    let out = run(dir, &["annotate", "mate.cql", "g.pgn", "--in-place"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(dir.join("g.pgn.bak")).unwrap(),
        "unrelated\n"
    );
    assert_eq!(fs::read_to_string(dir.join("g.pgn.bak.1")).unwrap(), MATE);
    assert!(
        fs::read_to_string(dir.join("g.pgn"))
            .unwrap()
            .contains("{mate}")
    );
}

/// Row 14: `annotate` reads `.gz`, `.zst` and `.bz2` inputs as the search does (told by
/// their first bytes) and writes the games annotated (decompressed); `--in-place` on one is
/// refused by name (exit 2), the file left as it was.
#[test]
fn annotate_decompresses_and_refuses_to_rewrite_a_compressed_input() {
    use std::io::Write;
    let scratch = crate::common::scratch("outfiles", "compressed");
    let dir = scratch.path();
    fs::write(dir.join("mate.cql"), "mate\n").unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(MATE.as_bytes()).unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    bz.write_all(MATE.as_bytes()).unwrap();
    let files = [
        ("g.pgn.gz", gz.finish().unwrap(), "gzip"),
        (
            "g.pgn.zst",
            zstd::encode_all(MATE.as_bytes(), 3).unwrap(),
            "zstd",
        ),
        ("g.pgn.bz2", bz.finish().unwrap(), "bzip2"),
    ];
    for (name, bytes, _) in &files {
        fs::write(dir.join(name), bytes).unwrap();
        let out = run(dir, &["annotate", "mate.cql", name]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let text = String::from_utf8_lossy(&out.stdout);
        // As annotate's documentation describes its additions (output_safety's test).
        assert_eq!(
            text,
            "[Event \"scholar\"]\n[Result \"1-0\"]\n[Themes \"mate\"]\n\n\
1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {mate} 1-0\n",
            "{name}"
        );
    }
    for (name, bytes, kind) in &files {
        let out = run(dir, &["annotate", "mate.cql", name, "--in-place"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(name) && err.contains("compressed"), "{err}");
        assert!(err.contains(kind), "{err}");
        assert_eq!(&fs::read(dir.join(name)).unwrap(), bytes, "{name} changed");
        assert!(!dir.join(format!("{name}.bak")).exists());
    }
}
