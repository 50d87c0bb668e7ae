//! The temporary output files alive in this process, made beside their target by
//! [`create_beside`] with the `tempfile` crate: a random name (`.NAME.cqlq-XXXXXXXX.tmp`),
//! opened with `O_CREAT | O_EXCL`, so a name planted in advance (a symbolic link, a file) is
//! never followed nor reused; the target's mode and owner are copied onto it.
//!
//! Every temporary file is removed when the run is interrupted: [`remove_on_signals`] starts a thread that, on any terminating
//! signal that can be caught ([`CLEANED_SIGNALS`]), removes every one still registered and
//! exits with status 128 + the signal's number (130, 143, ...), as a shell reports a process
//! killed by it. The targets and inputs are untouched: a temporary file only replaces its
//! target by a rename after a complete run. SIGPIPE is ignored (Rust's default): a write to
//! a closed pipe is an error the run reports, and the temporary file is removed then.
//!
//! Creating, renaming and removing a temporary file happen under the registry's lock, which
//! the signal thread takes and keeps until the process exits, so a file is never created or
//! renamed after the cleanup began, nor left behind by one created just before it. The
//! registry is a list that only grows, read without locks by [`remove_all_now`], which a
//! signal handler may call (`input::mapped`'s SIGBUS handler): only `unlink` and atomic
//! loads.

use std::ffi::{CString, OsString};
use std::fs;
use std::io;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Taken to create, rename or remove a registered file; the signal thread keeps it.
static LOCK: Mutex<()> = Mutex::new(());

/// A registered path (never freed: a run registers a few, `--split-by` one per file).
struct Entry {
    path: CString,
    /// Still to be removed on an interruption.
    live: AtomicBool,
    next: *mut Entry,
}

/// The newest entry first.
static HEAD: AtomicPtr<Entry> = AtomicPtr::new(ptr::null_mut());

fn lock() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// The entries, newest first.
fn entries() -> impl Iterator<Item = &'static Entry> {
    let mut at = HEAD.load(Ordering::Acquire);
    std::iter::from_fn(move || {
        // SAFETY: entries are leaked boxes, never freed, linked before being published.
        let entry = unsafe { at.as_ref()? };
        at = entry.next;
        Some(entry)
    })
}

fn push(path: &Path) {
    let Ok(path) = CString::new(path.as_os_str().as_bytes()) else {
        return;
    };
    let entry = Box::into_raw(Box::new(Entry {
        path,
        live: AtomicBool::new(true),
        next: ptr::null_mut(),
    }));
    let mut head = HEAD.load(Ordering::Acquire);
    loop {
        // SAFETY: `entry` is ours until published by the exchange.
        unsafe { (*entry).next = head };
        match HEAD.compare_exchange(head, entry, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => return,
            Err(now) => head = now,
        }
    }
}

fn forget(path: &Path) {
    let bytes = path.as_os_str().as_bytes();
    if let Some(e) =
        entries().find(|e| e.live.load(Ordering::Acquire) && e.path.as_bytes() == bytes)
    {
        e.live.store(false, Ordering::Release);
    }
}

/// Whether `path` is registered (for the tests).
#[cfg(test)]
fn is_live(path: &Path) -> bool {
    let bytes = path.as_os_str().as_bytes();
    entries().any(|e| e.live.load(Ordering::Acquire) && e.path.as_bytes() == bytes)
}

/// The longest file name the systems cqlq runs on accept (Linux's `NAME_MAX`).
pub const NAME_MAX: usize = 255;

/// What a temporary name adds to the target's: `.`, `.cqlq-`, 8 random characters, `.tmp`.
const ADDED: usize = 1 + 6 + 8 + 4;

/// `name` cut to at most `most` bytes, at a character boundary when it is UTF-8.
pub fn cut_name(name: &[u8], most: usize) -> OsString {
    if name.len() <= most {
        return OsString::from_vec(name.to_vec());
    }
    let mut end = most;
    if let Ok(text) = std::str::from_utf8(name) {
        while !text.is_char_boundary(end) {
            end -= 1;
        }
    }
    OsString::from_vec(name[..end].to_vec())
}

/// Makes a new temporary file in `dir` named after `name` (cut so the whole name fits in
/// [`NAME_MAX`] bytes: a target whose name fits always gets one), registered for removal on
/// an interruption. Its mode is `0666` less the umask, as a new file's.
pub fn create_in(dir: &Path, name: &std::ffi::OsStr) -> io::Result<(fs::File, PathBuf)> {
    let mut prefix = OsString::from(".");
    prefix.push(cut_name(name.as_bytes(), NAME_MAX - ADDED));
    prefix.push(".cqlq-");
    let _lock = lock();
    let (file, path) = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        .rand_bytes(8)
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)?
        .keep()
        .map_err(|e| e.error)?;
    push(&path);
    Ok((file, path))
}

/// Makes the temporary file for `target` beside it ([`create_in`]); when `target` is a
/// regular file its mode and owner are copied onto it ([`copy_mode_and_owner`]).
pub fn create_beside(target: &Path) -> io::Result<(fs::File, PathBuf)> {
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target.file_name().unwrap_or_default();
    let (file, path) = create_in(dir, name)?;
    if let Ok(meta) = fs::metadata(target)
        && meta.is_file()
        && let Err(e) = copy_mode_and_owner(&file, &meta)
    {
        discard(&path);
        return Err(e);
    }
    Ok((file, path))
}

/// Gives `file` the owner, group and mode of the file `meta` describes, so the file that
/// replaces it keeps them (`-o`, `annotate --in-place`). An owner that cannot be given (not
/// root) is left as it is; the group too.
pub fn copy_mode_and_owner(file: &fs::File, meta: &fs::Metadata) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: fchown on a descriptor this process owns. The owner first: a change of owner
    // clears the set-id bits the mode below gives back.
    if unsafe { libc::fchown(fd, meta.uid(), meta.gid()) } != 0 {
        // SAFETY: as above; the group alone, which a member of it may give.
        let _ = unsafe { libc::fchown(fd, u32::MAX, meta.gid()) };
    }
    file.set_permissions(fs::Permissions::from_mode(meta.mode() & 0o7777))
}

/// Renames the temporary file `path` over `target` and forgets it.
pub fn rename(path: &Path, target: &Path) -> io::Result<()> {
    let _lock = lock();
    let renamed = fs::rename(path, target);
    if renamed.is_ok() {
        forget(path);
    }
    renamed
}

/// Runs `commit` (renames of registered files, with [`forget_locked`]) under the registry's
/// lock: an interruption waits for it to finish, so `--split-by`'s files are all renamed or
/// none.
pub fn while_locked<T>(commit: impl FnOnce() -> T) -> T {
    let _lock = lock();
    commit()
}

/// Forgets `path`, renamed by the caller inside [`while_locked`].
pub fn forget_locked(path: &Path) {
    forget(path);
}

/// Removes the temporary file `path` (a failed or abandoned run) and forgets it.
pub fn discard(path: &Path) {
    let _lock = lock();
    let _ = fs::remove_file(path);
    forget(path);
}

/// Removes every registered file still alive, with only `unlink` and atomic loads: safe in a signal handler. Returns nothing: there is no one to tell.
pub fn remove_all_now() {
    for entry in entries() {
        if entry.live.load(Ordering::Acquire) {
            // SAFETY: a NUL-terminated path owned by a leaked entry.
            unsafe { libc::unlink(entry.path.as_ptr()) };
        }
    }
}

/// The signals after which the temporary files are removed: every terminating signal a
/// process may catch, but SIGPIPE (ignored) and SIGBUS (`input::mapped`).
pub const CLEANED_SIGNALS: [i32; 11] = [
    libc::SIGINT,
    libc::SIGTERM,
    libc::SIGHUP,
    libc::SIGQUIT,
    libc::SIGALRM,
    libc::SIGUSR1,
    libc::SIGUSR2,
    libc::SIGXCPU,
    libc::SIGXFSZ,
    libc::SIGVTALRM,
    libc::SIGPROF,
];

/// Starts the thread that removes the registered temporary files on any of
/// [`CLEANED_SIGNALS`] and exits with 128 + the signal's number.
pub fn remove_on_signals() -> io::Result<()> {
    let mut signals = signal_hook::iterator::Signals::new(CLEANED_SIGNALS)?;
    std::thread::Builder::new()
        .name("cqlq-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Kept until the exit: nothing is created or renamed after this.
                let _lock = lock();
                remove_all_now();
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn created_files_are_registered_until_renamed_or_discarded() {
        let scratch = crate::output::scratch_dir::scratch_dir("temp_files", "registry");
        let dir = scratch.path();
        let (_, a) = create_beside(&dir.join("a")).unwrap();
        let (_, b) = create_beside(&dir.join("b")).unwrap();
        assert!(is_live(&a) && is_live(&b));
        rename(&a, &dir.join("a")).unwrap();
        discard(&b);
        assert!(!is_live(&a) && !is_live(&b));
        assert!(dir.join("a").is_file() && !b.exists());
    }

    /// Issue 32 row 11: a 249-byte name gets a temporary name within `NAME_MAX`; a name of
    /// two-byte characters is cut between characters.
    #[test]
    fn temporary_names_fit_and_are_cut_at_a_character() {
        let scratch = crate::output::scratch_dir::scratch_dir("temp_files", "long");
        let dir = scratch.path();
        let (_, path) = create_beside(&dir.join("x".repeat(249))).unwrap();
        assert!(path.file_name().unwrap().len() <= NAME_MAX);
        discard(&path);
        let cut = cut_name("é".repeat(200).as_bytes(), 7);
        assert_eq!(cut.to_str(), Some("ééé"));
    }
}
