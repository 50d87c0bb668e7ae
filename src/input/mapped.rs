//! The inputs mapped in memory, and what happens when one shrinks while it is read: another
//! program truncating a mapped file turns a read past its new end into SIGBUS, which would
//! kill cqlq (exit 135) with no message and leave its temporary output files.
//!
//! [`register`] notes each mapping (its addresses and the file's name) in a list that only
//! grows, newest first, so the newest mapping at an address (the live one) is found first;
//! [`catch_bus_errors`] installs a SIGBUS handler that, using only async-signal-safe calls
//! (`write`, `unlink`, `_exit`) and atomic loads:
//! - finds the mapped input the faulting address is in, and writes
//!   `cqlq: FILE: the file shrank while it was read (byte B): another program changed it;
//!   the run stopped and wrote nothing`;
//! - removes every temporary output file (`output::temp_files::remove_all_now`), so the old
//!   outputs stay as they were;
//! - exits with status 2.
//!
//! A SIGBUS at an address no input is mapped at is not an input's fault: the temporary files
//! are removed and the default action (the process killed by the signal) is restored for
//! the fault to repeat.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

/// One mapping: its addresses and the file's name (never freed: one per input mapped).
struct Mapping {
    start: usize,
    len: usize,
    name: CString,
    next: *mut Mapping,
}

/// The newest mapping first.
static HEAD: AtomicPtr<Mapping> = AtomicPtr::new(ptr::null_mut());

/// Notes that `bytes` (a mapping of `path`) may fault when the file shrinks.
pub fn register(bytes: &[u8], path: &Path) {
    let Ok(name) = CString::new(path.as_os_str().as_bytes()) else {
        return;
    };
    let entry = Box::into_raw(Box::new(Mapping {
        start: bytes.as_ptr() as usize,
        len: bytes.len(),
        name,
        next: ptr::null_mut(),
    }));
    let mut head = HEAD.load(Ordering::Acquire);
    loop {
        // SAFETY: `entry` is ours until the exchange publishes it.
        unsafe { (*entry).next = head };
        match HEAD.compare_exchange(head, entry, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => return,
            Err(now) => head = now,
        }
    }
}

/// The mapping holding `address`, newest first, and the byte offset in its file.
fn find(address: usize) -> Option<(&'static Mapping, usize)> {
    let mut at = HEAD.load(Ordering::Acquire);
    // SAFETY: entries are leaked boxes, never freed, linked before being published.
    while let Some(m) = unsafe { at.as_ref() } {
        if address >= m.start && address - m.start < m.len {
            return Some((m, address - m.start));
        }
        at = m.next;
    }
    None
}

/// Writes `bytes` to stderr (async-signal-safe; a failure is ignored: no one to tell).
fn say(bytes: &[u8]) {
    // SAFETY: write(2) of a valid buffer.
    let _ = unsafe { libc::write(2, bytes.as_ptr().cast(), bytes.len()) };
}

/// `n` in decimal into `buf`; the digits written.
fn decimal(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
}

extern "C" fn on_bus_error(_signal: i32, info: *mut libc::siginfo_t, _context: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo_t to an SA_SIGINFO handler.
    let address = unsafe { (*info).si_addr() } as usize;
    crate::output::temp_files::remove_all_now();
    match find(address) {
        Some((mapping, offset)) => {
            let mut digits = [0u8; 20];
            say(b"cqlq: ");
            say(mapping.name.as_bytes());
            say(b": the file shrank while it was read (byte ");
            say(decimal(offset, &mut digits));
            say(b"): another program changed it; the run stopped and wrote nothing\n");
            // SAFETY: _exit(2) ends the process at once, as a handler may.
            unsafe { libc::_exit(2) }
        }
        None => {
            // SAFETY: restores the default action; the fault repeats and ends the process.
            unsafe { libc::signal(libc::SIGBUS, libc::SIG_DFL) };
        }
    }
}

/// Installs the SIGBUS handler (once, at start).
pub fn catch_bus_errors() -> std::io::Result<()> {
    // SAFETY: a zeroed sigaction filled with a handler of the SA_SIGINFO signature.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_bus_error as *const () as usize;
        action.sa_flags = libc::SA_SIGINFO;
        libc::sigemptyset(&mut action.sa_mask);
        if libc::sigaction(libc::SIGBUS, &action, ptr::null_mut()) != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Maps the file at `path` read-only; None for an empty file (which cannot be mapped).
///
/// # Safety
///
/// The map is a `&[u8]` over the file's pages: while it lives, no program may change the
/// file's bytes, and one that truncates it makes a read past the new end raise SIGBUS. The
/// caller either knows the file is not changed during the run, or has installed
/// [`catch_bus_errors`] first (the `cqlq` binary does, at start), which turns that SIGBUS
/// into `cqlq: FILE: the file shrank while it was read (byte B)...`, removes the temporary
/// outputs and exits 2. A program linking the library without the handler is killed by the
/// signal.
pub unsafe fn map_file(path: &Path) -> std::io::Result<Option<memmap2::Mmap>> {
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(std::io::Error::other("is a directory"));
    }
    // SAFETY: the caller's promise, as above.
    unsafe { map_opened(&file, meta.len(), path) }
}

/// Maps an open file of `len` bytes (None when empty), `path` its name, and [`register`]s
/// the mapping so that a SIGBUS in it names the file.
///
/// # Safety
///
/// As [`map_file`]: the file's bytes are not changed while the map lives, or
/// [`catch_bus_errors`] is installed.
pub(super) unsafe fn map_opened(
    file: &std::fs::File,
    len: u64,
    path: &Path,
) -> std::io::Result<Option<memmap2::Mmap>> {
    if len == 0 {
        return Ok(None);
    }
    // SAFETY: the map is read-only; the caller's promise covers changes to the file.
    let map = unsafe { memmap2::Mmap::map(file)? };
    register(&map, path);
    Ok(Some(map))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fault_is_found_in_the_newest_mapping_holding_it() {
        let old = vec![0u8; 64];
        register(&old, Path::new("old.pgn"));
        register(&old[16..32], Path::new("new.pgn"));
        let base = old.as_ptr() as usize;
        let (m, at) = find(base + 20).unwrap();
        assert_eq!((m.name.to_str().unwrap(), at), ("new.pgn", 4));
        let (m, at) = find(base + 40).unwrap();
        assert_eq!((m.name.to_str().unwrap(), at), ("old.pgn", 40));
        let mut digits = [0u8; 20];
        assert_eq!(decimal(1_234_567, &mut digits), b"1234567");
        assert_eq!(decimal(0, &mut digits), b"0");
    }
}
