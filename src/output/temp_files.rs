//! The temporary output files alive in this process (`.NAME.cqlq-PID.tmp`), removed when the
//! run is interrupted: [`remove_on_signals`] starts a thread that, on SIGINT or SIGTERM,
//! removes every temporary file still registered and exits with status 128 + the signal's
//! number (130, 143), as a shell reports a process killed by it. The targets and inputs are
//! untouched: a temporary file only replaces its target by a rename after a complete run.
//!
//! Creating, renaming and removing a temporary file happen under the registry's lock, which
//! the signal thread takes and keeps until the process exits, so a file is never created or
//! renamed after the cleanup began, nor left behind by one created just before it.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The temporary files created and not yet renamed or removed.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Makes the temporary file `path` with `make` (e.g. `fs::File::create`) and registers it,
/// so an interruption removes it.
pub fn create(
    path: &Path,
    make: impl FnOnce(&Path) -> io::Result<fs::File>,
) -> io::Result<fs::File> {
    let mut live = live();
    match make(path) {
        Ok(file) => {
            live.push(path.to_path_buf());
            Ok(file)
        }
        Err(e) => {
            // A copy that failed half way leaves a partial file.
            let _ = fs::remove_file(path);
            Err(e)
        }
    }
}

/// Renames the temporary file `path` over `target` and forgets it.
pub fn rename(path: &Path, target: &Path) -> io::Result<()> {
    let mut live = live();
    let renamed = fs::rename(path, target);
    if renamed.is_ok() {
        live.retain(|p| p != path);
    }
    renamed
}

/// Removes the temporary file `path` (a failed or abandoned run) and forgets it.
pub fn discard(path: &Path) {
    let mut live = live();
    let _ = fs::remove_file(path);
    live.retain(|p| p != path);
}

/// Starts the thread that removes the registered temporary files on SIGINT or SIGTERM and
/// exits with 128 + the signal's number.
pub fn remove_on_signals() -> io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
    std::thread::Builder::new()
        .name("cqlq-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Kept until the exit: nothing is created or renamed after this.
                let live = live();
                for path in live.iter() {
                    let _ = fs::remove_file(path);
                }
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
        let scratch = crate::scratch_dir::scratch_dir("temp_files", "registry");
        let dir = scratch.path();
        let (a, b) = (dir.join(".a.tmp"), dir.join(".b.tmp"));
        create(&a, |t: &Path| fs::File::create(t)).unwrap();
        create(&b, |t: &Path| fs::File::create(t)).unwrap();
        assert!(live().contains(&a) && live().contains(&b));
        rename(&a, &dir.join("a")).unwrap();
        discard(&b);
        assert!(!live().contains(&a) && !live().contains(&b));
        assert!(dir.join("a").is_file() && !b.exists());
    }
}
