//! `readfile` and `writefile`: which files a query may read and write.
//!
//! The command line sets the rules once, in the run's `eval::Environment` (and `--secure`
//! in the `query::Program`): under `--secure` (CQLi's option) both words are refused when
//! the query is lowered, and
//! `writefile` never writes to one of the run's input files (compared by name and by device
//! and inode) nor to the run's output file. Writes are appended (the file is
//! created when missing), as CQL 6.2's `writefile` does; the runner performs them in input
//! order after each game, so the file's contents do not depend on the thread count.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The rules for `readfile` / `writefile`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FileAccess {
    /// `--secure`: no file is read or written by the query.
    pub secure: bool,
    /// The run's input files, which `writefile` refuses.
    pub inputs: Vec<PathBuf>,
    /// The device and inode of each input (standard input's too when it is a file): a hard
    /// link to an input, or the file given on stdin, is refused whatever its name.
    pub input_ids: Vec<(u64, u64)>,
    /// The run's output file (`-o`, `--html`, the header's `output`): written by the final
    /// rename, which would replace what `writefile` put there, so it is refused.
    pub output: Option<PathBuf>,
}

/// A file longer than `readfile` may read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLong;

/// `readfile name`: the file's text (invalid UTF-8 replaced), reading at most `limit` bytes
/// (`Err(TooLong)` for a longer file: `/dev/zero` ends); None when it cannot be read or under
/// `--secure`.
pub fn read(access: &FileAccess, name: &str, limit: usize) -> Option<Result<String, TooLong>> {
    if access.secure {
        return None;
    }
    let file = std::fs::File::open(name).ok()?;
    let mut bytes = Vec::new();
    let most = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    std::io::Read::read_to_end(&mut std::io::Read::take(file, most), &mut bytes).ok()?;
    if bytes.len() > limit {
        return Some(Err(TooLong));
    }
    Some(Ok(String::from_utf8_lossy(&bytes).into_owned()))
}

/// Why `writefile` did not write a file.
#[derive(Debug)]
#[non_exhaustive]
pub enum FileAccessError {
    /// `--secure` is given.
    Secure,
    /// The file is one of the run's inputs.
    Input(String),
    /// The file is the run's output file (`-o`).
    Output(String),
    /// Opening or writing the file failed.
    Io {
        /// The file, as the query names it.
        name: String,
        /// The failure.
        error: std::io::Error,
    },
}

impl std::fmt::Display for FileAccessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileAccessError::Secure => f.write_str("'writefile' is refused under --secure"),
            FileAccessError::Input(name) => {
                write!(f, "'writefile' refuses to write the input file {name}")
            }
            FileAccessError::Output(name) => write!(
                f,
                "'writefile' refuses to write the output file {name} (the run's -o replaces it \
                 at the end): give writefile another file"
            ),
            FileAccessError::Io { name, error } => write!(f, "writefile {name}: {error}"),
        }
    }
}

impl std::error::Error for FileAccessError {}

/// Whether `writefile` may write `name`: not under `--secure`, never an input file (by name,
/// or device and inode: a hard link, the file on stdin), never the run's output file.
pub fn check_write(access: &FileAccess, name: &str) -> Result<(), FileAccessError> {
    if access.secure {
        return Err(FileAccessError::Secure);
    }
    let target = full_path(Path::new(name));
    let id = std::fs::metadata(name).ok().map(|m| id_of(&m));
    if access.inputs.iter().any(|i| full_path(i) == target)
        || id.is_some_and(|id| access.input_ids.contains(&id))
    {
        return Err(FileAccessError::Input(name.to_string()));
    }
    if let Some(output) = &access.output {
        let output_id = std::fs::metadata(output).ok().map(|m| id_of(&m));
        if full_path(output) == target || id.is_some() && id == output_id {
            return Err(FileAccessError::Output(name.to_string()));
        }
    }
    Ok(())
}

/// A file's device and inode.
fn id_of(meta: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

/// `writefile(name text)`: appends `text` to the file (created when missing).
pub fn append(access: &FileAccess, name: &str, text: &str) -> Result<(), FileAccessError> {
    check_write(access, name)?;
    let io_error = |error| FileAccessError::Io {
        name: name.to_string(),
        error,
    };
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(name)
        .map_err(io_error)?;
    // The file opened, whatever link or rename came between the check and the open.
    let opened = f.metadata().map(|m| id_of(&m)).map_err(io_error)?;
    if access.input_ids.contains(&opened) {
        return Err(FileAccessError::Input(name.to_string()));
    }
    f.write_all(text.as_bytes()).map_err(io_error)
}

/// The path made absolute with its links resolved (its directory's, when the file does not
/// exist yet), so two spellings of one file compare equal.
fn full_path(p: &Path) -> PathBuf {
    if let Ok(c) = p.canonicalize() {
        return c;
    }
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match (dir.canonicalize(), p.file_name()) {
        (Ok(d), Some(f)) => d.join(f),
        _ => p.to_path_buf(),
    }
}
