//! Unit tests' scratch folders: one new empty folder per test under the system's temporary
//! folder, named by the test's area and the test, removed when the test ends.

/// A new empty folder `cqlq-AREA-NAME-XXXXXX` in the temporary folder, removed with all it
/// holds when the value is dropped, whether the test passed or not.
pub fn scratch_dir(area: &str, name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("cqlq-{area}-{name}-"))
        .tempdir()
        .expect("the temporary folder is writable")
}
