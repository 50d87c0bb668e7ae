//! `--split-by`'s commit journal: the renames of a run's temporary files over their targets,
//! made crash-safe by a journal written and synced before the first rename and removed
//! after the last (roll forward).
//!
//! - The commit writes the list of (temporary file, target) pairs, absolute, to a new
//!   temporary file in the journal folder ([`journal_dir`]), holds an exclusive `flock` on
//!   it, syncs it, renames it to `.cqlq-split.cqlq-XXXXXXXX.journal` and syncs the folder:
//!   from then on the run is committed. It renames every temporary file (each synced
//!   before), syncs the targets' folders and removes the journal.
//! - A process that ends in the renames (SIGKILL, a power cut) leaves the journal and the
//!   temporary files not yet renamed. The next `--split-by` run with the same `-o` finds the
//!   journal before reading a game ([`recover`]), waits for its lock (a live commit holds it
//!   for milliseconds; a dead process holds none), renames the temporary files still there
//!   and removes the journal, and says so on stderr: every file is then the new one, as if
//!   the killed run had finished. Ended before the journal's rename, the run changed nothing
//!   (its temporary files, if a caught signal did not remove them, are left as `.tmp`).
//! - A journal is obeyed only when it is the user's own (same owner, not readable or
//!   writable by others: mode `0600`), complete, and each pair renames a cqlq temporary
//!   name (`.NAME.cqlq-XXXXXXXX.tmp`) to a file of the same folder whose name starts with
//!   NAME: a journal planted in a shared folder cannot move other files. Any other journal
//!   is refused by name (exit 2) and left for the user to inspect.
//! - `CQLQ_SPLIT_COMMIT_PAUSE_MS=N` (for the tests that kill a run inside its commit) sleeps
//!   N milliseconds before the journal's rename, after it and after each file's rename.

use std::ffi::OsStr;
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use crate::output::temp_files;

/// The journal's first bytes (format 1: then NUL-ended paths, temporary file and target in
/// turn, then [`END`]).
const MAGIC: &[u8] = b"cqlq split journal 1\0";
/// The journal's last bytes: a journal without them is incomplete.
const END: &[u8] = b"end\0";
/// The name given to [`temp_files::create_in`]: the journal is first
/// `.cqlq-split.cqlq-XXXXXXXX.tmp`, then `.cqlq-split.cqlq-XXXXXXXX.journal`.
const STEM: &str = "cqlq-split";
/// The committed journal's suffix.
const SUFFIX: &str = ".journal";
/// The test hook's environment variable (see the module documentation).
const PAUSE_VARIABLE: &str = "CQLQ_SPLIT_COMMIT_PAUSE_MS";

/// The folder of a split run's journal: `-o DIR` itself, or for a pattern the folder above
/// its first component holding `{}` (`out/eco-{}.pgn` → `out`, `{}.pgn` → `.`).
pub(super) fn journal_dir(output: &Path) -> PathBuf {
    let mut dir = PathBuf::new();
    for part in output.components() {
        if part.as_os_str().as_bytes().windows(2).any(|w| w == b"{}") {
            break;
        }
        dir.push(part);
    }
    if dir.as_os_str().is_empty() {
        dir.push(".");
    }
    dir
}

/// Why a journal is not obeyed.
fn refused(journal: &Path, why: &str) -> io::Error {
    io::Error::other(format!(
        "{}: not a --split-by journal cqlq can complete ({why}); check the folder's files \
         and remove it",
        journal.display()
    ))
}

/// `path` made absolute against the current folder (no link followed).
fn absolute(path: &Path) -> io::Result<PathBuf> {
    std::path::absolute(path)
}

/// Sleeps for the test hook's pause, if set.
fn pause() {
    if let Some(ms) = std::env::var(PAUSE_VARIABLE)
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        std::thread::sleep(Duration::from_millis(ms));
    }
}

/// Syncs the folder `dir` (a rename or removal in it made durable).
fn sync_dir(dir: &Path) -> io::Result<()> {
    fs::File::open(dir)?.sync_all()
}

/// The folder a file is in.
fn parent(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Waits for and takes an exclusive `flock` on `file` (released when it is closed).
fn lock(file: &fs::File) -> io::Result<()> {
    loop {
        // SAFETY: flock(2) on a descriptor this process owns.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } == 0 {
            return Ok(());
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// Renames each `(temporary, target)` pair through a journal in `dir` (see the module
/// documentation). The temporary files must be registered ([`temp_files`]) and synced.
/// `handed_over` is set once the journal is committed: the temporary files are then the
/// journal's, and a failure after that point must leave them for the next run.
pub(super) fn commit(
    dir: &Path,
    pairs: &[(PathBuf, PathBuf)],
    handed_over: &mut bool,
) -> io::Result<()> {
    if pairs.is_empty() {
        return Ok(());
    }
    let mut text = MAGIC.to_vec();
    for (temp, target) in pairs {
        for path in [absolute(temp)?, absolute(target)?] {
            text.extend_from_slice(path.as_os_str().as_bytes());
            text.push(0);
        }
    }
    text.extend_from_slice(END);
    let (mut file, temp) = temp_files::create_in(dir, OsStr::new(STEM))?;
    let written = (|| {
        file.set_permissions(fs::Permissions::from_mode(0o600))?;
        lock(&file)?;
        file.write_all(&text)?;
        file.sync_all()
    })();
    if let Err(e) = written {
        temp_files::discard(&temp);
        return Err(e);
    }
    let mut journal = temp.clone();
    journal.set_extension(&SUFFIX[1..]);
    pause();
    // Under the registry's lock: a caught signal waits for the whole commit.
    temp_files::while_locked(|| -> io::Result<()> {
        if let Err(e) = fs::rename(&temp, &journal) {
            let _ = fs::remove_file(&temp);
            temp_files::forget_locked(&temp);
            return Err(e);
        }
        temp_files::forget_locked(&temp);
        *handed_over = true;
        // The journal now owns the temporary files: a failure below leaves them for it.
        for (temp, _) in pairs {
            temp_files::forget_locked(temp);
        }
        let renamed = (|| {
            sync_dir(dir)?;
            pause();
            for (temp, target) in pairs {
                fs::rename(temp, target)?;
                pause();
            }
            finish(&journal, pairs)
        })();
        renamed.map_err(|e| {
            io::Error::new(
                e.kind(),
                format!(
                    "{e}; the journal {} keeps the renames not made, and the next \
                     --split-by run with this -o completes them",
                    journal.display()
                ),
            )
        })
    })
}

/// Syncs the targets' folders and removes the journal (its renames done).
fn finish(journal: &Path, pairs: &[(PathBuf, PathBuf)]) -> io::Result<()> {
    let mut dirs: Vec<&Path> = pairs.iter().map(|(_, target)| parent(target)).collect();
    dirs.sort();
    dirs.dedup();
    for dir in dirs {
        sync_dir(dir)?;
    }
    fs::remove_file(journal)?;
    sync_dir(parent(journal))
}

/// A journal found by [`recover`], once completed: its name, the files renamed, the pairs.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Recovered {
    /// The journal's path.
    pub journal: PathBuf,
    /// How many temporary files were still there and renamed.
    pub renamed: usize,
    /// How many files the journal lists.
    pub listed: usize,
}

/// Completes every journal left in `dir` by a run that ended inside its commit (see the
/// module documentation); a journal of a live run is waited for. Returns what was done.
pub(super) fn recover(dir: &Path) -> io::Result<Vec<Recovered>> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let prefix = format!(".{STEM}.cqlq-");
    let mut journals: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name())
        .filter(|name| {
            let name = name.as_bytes();
            name.starts_with(prefix.as_bytes()) && name.ends_with(SUFFIX.as_bytes())
        })
        .map(|name| dir.join(name))
        .collect();
    journals.sort();
    let mut done = Vec::new();
    for journal in journals {
        if let Some(recovered) = recover_one(&journal)? {
            done.push(recovered);
        }
    }
    Ok(done)
}

/// Completes one journal; None when it was gone or completed by its run meanwhile.
fn recover_one(journal: &Path) -> io::Result<Option<Recovered>> {
    let mut file = match fs::OpenOptions::new().read(true).open(journal) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(io::Error::new(
                e.kind(),
                format!("{}: {e}", journal.display()),
            ));
        }
    };
    lock(&file)?;
    let meta = file.metadata()?;
    if meta.nlink() == 0 {
        return Ok(None);
    }
    // SAFETY: geteuid(2) has no failure.
    if meta.uid() != unsafe { libc::geteuid() } || meta.mode() & 0o077 != 0 || !meta.is_file() {
        return Err(refused(journal, "not the user's own, mode 0600"));
    }
    let mut text = Vec::new();
    file.read_to_end(&mut text)?;
    let pairs = parse(&text).ok_or_else(|| refused(journal, "incomplete or malformed"))?;
    if let Some((temp, _)) = pairs.iter().find(|(t, target)| !is_pair(t, target)) {
        return Err(refused(
            journal,
            &format!("{} is not a cqlq temporary file", temp.display()),
        ));
    }
    let mut renamed = 0;
    for (temp, target) in &pairs {
        match fs::symlink_metadata(temp) {
            Ok(m) if m.is_file() => {
                fs::rename(temp, target)?;
                renamed += 1;
            }
            _ => {}
        }
    }
    finish(journal, &pairs)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", journal.display())))?;
    Ok(Some(Recovered {
        journal: journal.to_path_buf(),
        renamed,
        listed: pairs.len(),
    }))
}

/// The pairs of a journal's text; None when it is not a complete journal.
fn parse(text: &[u8]) -> Option<Vec<(PathBuf, PathBuf)>> {
    let body = text.strip_prefix(MAGIC)?.strip_suffix(END)?;
    let paths: Vec<PathBuf> = body
        .split(|&b| b == 0)
        .map(|p| PathBuf::from(OsStr::from_bytes(p)))
        .collect();
    // The body ends with a NUL, so the split's last part is empty.
    let (last, paths) = paths.split_last()?;
    if !last.as_os_str().is_empty() || paths.len() % 2 != 0 || paths.is_empty() {
        return None;
    }
    Some(
        paths
            .chunks(2)
            .map(|pair| (pair[0].clone(), pair[1].clone()))
            .collect(),
    )
}

/// Whether `temp` is a cqlq temporary name for `target`: absolute, plain, in the same
/// folder, named `.NAME.cqlq-XXXXXXXX.tmp` with `target`'s name starting with NAME.
fn is_pair(temp: &Path, target: &Path) -> bool {
    let plain = |p: &Path| {
        p.is_absolute()
            && p.components()
                .all(|c| matches!(c, Component::RootDir | Component::Normal(_)))
    };
    if !plain(temp) || !plain(target) || temp.parent() != target.parent() {
        return false;
    }
    let (Some(temp_name), Some(target_name)) = (temp.file_name(), target.file_name()) else {
        return false;
    };
    let temp_name = temp_name.as_bytes();
    let Some(inner) = temp_name
        .strip_prefix(b".")
        .and_then(|n| n.strip_suffix(b".tmp"))
    else {
        return false;
    };
    // `NAME.cqlq-` then 8 random characters.
    if inner.len() < 6 + 8 {
        return false;
    }
    let (name, random) = inner.split_at(inner.len() - 8);
    let Some(name) = name.strip_suffix(b".cqlq-") else {
        return false;
    };
    random.iter().all(u8::is_ascii_alphanumeric)
        && !name.is_empty()
        && target_name.as_bytes().starts_with(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::scratch_dir::scratch_dir;

    #[test]
    fn the_journal_folder_is_the_directory_or_the_patterns_fixed_part() {
        assert_eq!(journal_dir(Path::new("out")), PathBuf::from("out"));
        assert_eq!(
            journal_dir(Path::new("out/eco-{}.pgn")),
            PathBuf::from("out")
        );
        assert_eq!(journal_dir(Path::new("{}.pgn")), PathBuf::from("."));
        assert_eq!(journal_dir(Path::new("a/x{}/y.pgn")), PathBuf::from("a"));
    }

    #[test]
    fn only_cqlq_temporary_names_beside_their_target_are_renamed() {
        let t = |a: &str, b: &str| is_pair(Path::new(a), Path::new(b));
        assert!(t("/o/.E1.pgn.cqlq-Ab3dE6gH.tmp", "/o/E1.pgn"));
        assert!(!t("/o/.E1.pgn.cqlq-Ab3dE6gH.tmp", "/p/E1.pgn"));
        assert!(!t("/home/u/.ssh/id_rsa", "/o/E1.pgn"));
        assert!(!t("/o/.E1.pgn.cqlq-Ab3dE6gH.tmp", "/o/passwd"));
        assert!(!t("/o/../.E1.pgn.cqlq-Ab3dE6gH.tmp", "/o/../E1.pgn"));
        assert!(!t("o/.E1.pgn.cqlq-Ab3dE6gH.tmp", "o/E1.pgn"));
    }

    #[test]
    fn a_journal_parses_only_when_complete() {
        let mut text = MAGIC.to_vec();
        text.extend_from_slice(b"/o/.a.cqlq-12345678.tmp\0/o/a\0");
        assert_eq!(parse(&text), None);
        text.extend_from_slice(END);
        assert_eq!(
            parse(&text),
            Some(vec![(
                PathBuf::from("/o/.a.cqlq-12345678.tmp"),
                PathBuf::from("/o/a")
            )])
        );
        assert_eq!(parse(&text[1..]), None);
    }

    /// A journal left by a run killed after its commit point: the next recovery renames the
    /// temporary files still there, leaves the target already renamed alone, and removes
    /// the journal.
    #[test]
    fn a_left_journal_is_rolled_forward() {
        let scratch = scratch_dir("split_journal", "roll");
        let dir = std::path::absolute(scratch.path()).unwrap();
        let a_temp = dir.join(".a.pgn.cqlq-AAAAAAAA.tmp");
        let b_temp = dir.join(".b.pgn.cqlq-BBBBBBBB.tmp");
        fs::write(dir.join("a.pgn"), "a new\n").unwrap();
        fs::write(&b_temp, "b new\n").unwrap();
        fs::write(dir.join("b.pgn"), "b old\n").unwrap();
        let mut text = MAGIC.to_vec();
        for p in [&a_temp, &dir.join("a.pgn"), &b_temp, &dir.join("b.pgn")] {
            text.extend_from_slice(p.as_os_str().as_bytes());
            text.push(0);
        }
        text.extend_from_slice(END);
        let journal = dir.join(".cqlq-split.cqlq-JJJJJJJJ.journal");
        fs::write(&journal, &text).unwrap();
        fs::set_permissions(&journal, fs::Permissions::from_mode(0o644)).unwrap();
        assert!(
            recover(&dir).is_err(),
            "a journal others may read is refused"
        );
        fs::set_permissions(&journal, fs::Permissions::from_mode(0o600)).unwrap();
        let done = recover(&dir).unwrap();
        assert_eq!(
            done,
            [Recovered {
                journal: journal.clone(),
                renamed: 1,
                listed: 2
            }]
        );
        assert_eq!(fs::read_to_string(dir.join("b.pgn")).unwrap(), "b new\n");
        assert_eq!(fs::read_to_string(dir.join("a.pgn")).unwrap(), "a new\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
    }
}
