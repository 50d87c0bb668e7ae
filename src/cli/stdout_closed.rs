//! Whether standard output was closed when cqlq started (`cqlq ... >&-`). Rust's runtime
//! opens `/dev/null` on a closed descriptor 0, 1 or 2 before `main`, so the output would be
//! dropped without an error; a constructor in `.init_array`, which runs before that, looks
//! at descriptor 1 first, and `main` refuses to write matches nowhere (exit 2).

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by [`record`] when descriptor 1 was not open at start.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Run by the loader before Rust's runtime starts (ELF's `.init_array`).
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static RECORD_AT_START: extern "C" fn() = record;

/// Records whether descriptor 1 is open.
#[cfg(target_os = "linux")]
extern "C" fn record() {
    // SAFETY: `fcntl(F_GETFD)` only reads the descriptor's flags; -1 (EBADF) when closed.
    let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
    CLOSED.store(closed, Ordering::Relaxed);
}

/// Whether standard output was closed when the process started.
pub fn was_closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
}

/// The error for output that would go to a closed standard output.
pub const MESSAGE: &str = "standard output is closed: the output would be lost (give -o FILE, or -o - with an open stdout)";
