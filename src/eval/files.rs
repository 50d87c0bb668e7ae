//! `readfile` and `writefile`: which files a query may read and write.
//!
//! The command line sets the rules once, in the run's `eval::Environment` (and `--secure`
//! in the `query::Program`): under `--secure` (CQLi's option) both words are refused when
//! the query is lowered, and
//! `writefile` never writes to one of the run's input files (compared by name and by device
//! and inode) nor to the run's output file. Neither touches a file that is not a regular one
//! (a FIFO would block, a device may never end): refused by name. Writes are appended (the file is
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

/// Why `readfile` stopped the run rather than read a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadStop {
    /// The file is longer than `readfile` may read.
    TooLong,
    /// Not a regular file: a FIFO would block until a writer came, a device may never end.
    NotAFile(&'static str),
}

/// What a file that is not a regular file is (`"a FIFO"`, `"a character device"`, ...).
fn not_regular(meta: &std::fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt as _;
    let t = meta.file_type();
    Some(if t.is_file() {
        return None;
    } else if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    })
}

/// Opens `options` on `name` without blocking (a FIFO with no writer, or no reader, would
/// wait forever).
fn open_nonblocking(
    options: &mut std::fs::OpenOptions,
    name: &str,
) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    options.custom_flags(libc::O_NONBLOCK).open(name)
}

/// `readfile name`: the file's text (invalid UTF-8 replaced), reading at most `limit` bytes
/// (`Err(ReadStop::TooLong)` for a longer file); `Err(ReadStop::NotAFile)` for a FIFO, a
/// device or any other file that is not a regular one (opened without blocking, never
/// read); None when it cannot be read or under `--secure`.
pub fn read(access: &FileAccess, name: &str, limit: usize) -> Option<Result<String, ReadStop>> {
    if access.secure {
        return None;
    }
    let file = open_nonblocking(std::fs::OpenOptions::new().read(true), name).ok()?;
    if let Some(what) = not_regular(&file.metadata().ok()?) {
        return Some(Err(ReadStop::NotAFile(what)));
    }
    let mut bytes = Vec::new();
    let most = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    std::io::Read::read_to_end(&mut std::io::Read::take(file, most), &mut bytes).ok()?;
    if bytes.len() > limit {
        return Some(Err(ReadStop::TooLong));
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
    /// The file is no regular file (a FIFO, a device, ...): what it is.
    NotAFile {
        /// The file, as the query names it.
        name: String,
        /// What it is, e.g. "a FIFO".
        what: &'static str,
    },
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
            FileAccessError::NotAFile { name, what } => write!(
                f,
                "'writefile' refuses {name}: it is {what}, not a regular file"
            ),
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
    // Looked at before opening too: a FIFO without a reader cannot be opened without
    // blocking, and is refused as what it is.
    if let Some(what) = std::fs::metadata(name).ok().as_ref().and_then(not_regular) {
        return Err(FileAccessError::NotAFile {
            name: name.to_string(),
            what,
        });
    }
    let io_error = |error| FileAccessError::Io {
        name: name.to_string(),
        error,
    };
    let mut f = open_nonblocking(std::fs::OpenOptions::new().create(true).append(true), name)
        .map_err(io_error)?;
    let meta = f.metadata().map_err(io_error)?;
    if let Some(what) = not_regular(&meta) {
        return Err(FileAccessError::NotAFile {
            name: name.to_string(),
            what,
        });
    }
    // The file opened, whatever link or rename came between the check and the open.
    if access.input_ids.contains(&id_of(&meta)) {
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
