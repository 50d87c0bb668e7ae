//! Unit tests' scratch folders: one empty folder per test under the system's temporary
//! folder, named by the test's area, the process and the test, so parallel tests and runs do
//! not meet.

use std::fs;
use std::path::PathBuf;

/// An empty folder `cqlq-AREA-PID-NAME` in the temporary folder (emptied if it was left).
pub fn scratch_dir(area: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cqlq-{area}-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("the temporary folder is writable");
    dir
}
