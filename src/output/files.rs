//! The output file and CQLi's options for it: the run writes a temporary file beside the
//! target, renamed over it only when the run completes, so a failed or interrupted run never
//! leaves a partial file.
//!
//! What the target is decides how it is written ([`OutputFile::destination`]):
//! - a regular file or a new name: the temporary file + rename, through symbolic links: the
//!   temporary file is made beside the file the link points to and renamed over that file,
//!   so the link stays a link;
//! - the file open as standard output or standard error (the same device and inode:
//!   `-o /dev/stdout`, `-o /proc/self/fd/1`, `-o log.txt >> log.txt`): written through the
//!   descriptor already open, as `-o -`, so a shell's redirection keeps its file and offset;
//! - a character or block device, a FIFO or a socket (`/dev/null`, a named pipe): opened and
//!   written directly, never replaced by a regular file.
//!
//! The temporary file has a random name and is made with `O_EXCL` (`output::temp_files`): a
//! link planted beside the target is never followed. It takes the old file's mode and
//! owner, so `-o` over a `chmod 600` file keeps it private.
//!
//! Write failures of the output carry its name ([`OutputWriter`], [`is_output_error`]), so a
//! full disk is reported as `out.pgn: No space left on device`, not blamed on an input.
//!
//! CQLi's commandline options (its manual, `manual/commandline-options/`, one line each):
//! `-a`/`--append` "Append PGN output to the specified file", `--createdirectories` "Create
//! directories as needed to house output PGN files", `--dryrun` "Show the output file names
//! without actually creating them", `--noclobber` "Prevents overwriting existing output
//! files". What cqlq does with each, beyond those lines, is written at [`OutputFile`].

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};

use super::temp_files;

/// Where and how the output file is written.
///
/// - `append`: the temporary file starts as a copy of the existing file (if any), the run
///   adds to it, and it is renamed over the file: the old games are kept whole whatever
///   happens to the run. Concurrent appenders take turns (`AppendLock`).
/// - `no_clobber`: an existing regular file is refused before any game is read (exit 2);
///   appending does not overwrite, so it is allowed with `append`; a device or FIFO is not
///   clobbered by writing to it.
/// - `create_dirs`: missing parent directories are made before the run; without it a
///   missing directory is an error.
/// - `dry_run`: nothing is created; [`OutputFile::check`] passes and the caller runs the
///   query into a sink and prints the name.
#[derive(Clone, Debug, Default)]
pub struct OutputFile {
    /// The file the matched games go to.
    pub path: PathBuf,
    /// `--append`
    pub append: bool,
    /// `--noclobber`
    pub no_clobber: bool,
    /// `--createdirectories`
    pub create_dirs: bool,
    /// `--dryrun`
    pub dry_run: bool,
}

/// How an output path is written (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// A regular file or a new name: a temporary file beside `real` (the path with its
    /// symbolic links resolved), renamed over it.
    Replace {
        /// The file written, links resolved.
        real: PathBuf,
    },
    /// A device, FIFO or socket: opened and written directly.
    Direct,
    /// The file already open as standard output (1) or standard error (2), whatever the
    /// name (`/dev/stdout`, `/proc/self/fd/1`, the file itself): written through that open
    /// descriptor, as `-o -`, never replaced nor reopened.
    Descriptor(i32),
}

impl OutputFile {
    /// The checks made before any game is read: `--noclobber` on an existing file, a missing
    /// directory (made with `--createdirectories`, unless this is a dry run).
    pub fn check(&self) -> Result<(), OutputFileError> {
        let path = || self.path.clone();
        if self.path.file_name().is_none() {
            return Err(OutputFileError::NotAFileName(path()));
        }
        if self.path.is_dir() {
            return Err(OutputFileError::IsADirectory(path()));
        }
        if !matches!(self.destination(), Destination::Replace { .. }) {
            return Ok(());
        }
        if self.no_clobber && !self.append && self.path.exists() {
            return Err(OutputFileError::WouldClobber(path()));
        }
        let dir = self.dir();
        if !dir.is_dir() {
            if !self.create_dirs {
                return Err(OutputFileError::NoDirectory {
                    path: path(),
                    dir: dir.to_path_buf(),
                });
            }
            if !self.dry_run {
                create_dir(dir)?;
            }
        }
        Ok(())
    }

    /// How the target is written: directly for a device, FIFO or socket; else through a
    /// temporary file renamed over the real file (symbolic links resolved).
    pub fn destination(&self) -> Destination {
        match fs::metadata(&self.path) {
            Ok(meta) => match standard_descriptor_of(&meta) {
                Some(fd) => Destination::Descriptor(fd),
                None if is_special(&meta.file_type()) => Destination::Direct,
                None => Destination::Replace {
                    real: real_path(&self.path),
                },
            },
            Err(_) => Destination::Replace {
                real: real_path(&self.path),
            },
        }
    }

    /// Runs `write` into the output and, when `write` succeeds, makes it the target's content:
    /// a temporary file beside the target renamed over it (on any failure the temporary
    /// file is removed and the target is left as it was), or, for a device or FIFO, the
    /// target itself. Write failures name the output (`out.pgn: No space left on device`).
    pub fn write_with<T>(
        &self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<T>,
    ) -> Result<T, OutputFileError> {
        self.write_unless(write, |_| false).map(|(value, _)| value)
    }

    /// As [`OutputFile::write_with`], but when `abandon` says so of what `write` returned,
    /// the temporary file is removed and the target left as it was (a run that searched
    /// nothing); returns the value and whether the target was written. A device or FIFO
    /// has then been written already.
    pub fn write_unless<T>(
        &self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<T>,
        abandon: impl FnOnce(&T) -> bool,
    ) -> Result<(T, bool), OutputFileError> {
        let shown = self.path.display().to_string();
        let message = |error: io::Error| OutputFileError::Write {
            path: self.path.clone(),
            error,
        };
        let Destination::Replace { real } = self.destination() else {
            let file = self.open_direct().map_err(message)?;
            let mut out = io::BufWriter::with_capacity(1 << 16, OutputWriter::new(file, &shown));
            let value = write(&mut out).map_err(message)?;
            out.flush().map_err(message)?;
            return Ok((value, true));
        };
        let mut temp = None;
        let result = (|| -> io::Result<(T, bool)> {
            // Held from reading the old text to the rename: concurrent appenders take turns.
            let _lock = match self.append {
                true => Some(AppendLock::take(parent_dir(&real))?),
                false => None,
            };
            let (file, path) = self.create_temp()?;
            temp = Some(path.clone());
            let file = OutputWriter::new(file, &shown);
            let mut out = io::BufWriter::with_capacity(1 << 16, file);
            let value = write(&mut out)?;
            let file = out.into_inner().map_err(|e| e.into_error())?;
            if abandon(&value) {
                drop(file);
                temp_files::discard(&path);
                return Ok((value, false));
            }
            file.inner.sync_all().map_err(|e| output_error(&shown, e))?;
            temp_files::rename(&path, &real)?;
            Ok((value, true))
        })();
        result.map_err(|e| {
            if let Some(path) = &temp {
                temp_files::discard(path);
            }
            message(e)
        })
    }

    /// Opens a device, FIFO or socket target for writing (appending with `append`); the
    /// file open as standard output or error is its descriptor, duplicated (its offset and
    /// `O_APPEND` shared).
    pub(crate) fn open_direct(&self) -> io::Result<fs::File> {
        if let Destination::Descriptor(fd) = self.destination() {
            use std::os::fd::{AsFd, BorrowedFd};
            // SAFETY: 1 and 2 are open for the process's life (checked by `destination`).
            let borrowed = unsafe { BorrowedFd::borrow_raw(fd) };
            return Ok(fs::File::from(borrowed.as_fd().try_clone_to_owned()?));
        }
        fs::OpenOptions::new()
            .write(true)
            .append(self.append)
            .open(&self.path)
    }

    /// Creates the temporary file beside the real target (with `append`, a copy of the
    /// existing file) for a writer that keeps it open, with the target's mode and owner
    /// (`--split-by` renames it over the target). It is removed if the process is
    /// interrupted ([`temp_files`]). Returns the file and its path.
    pub(crate) fn create_temp(&self) -> io::Result<(fs::File, PathBuf)> {
        let real = real_path(&self.path);
        let (mut file, path) = temp_files::create_beside(&real)?;
        if self.append && real.is_file() {
            let copied = fs::File::open(&real).and_then(|mut old| io::copy(&mut old, &mut file));
            if let Err(e) = copied {
                temp_files::discard(&path);
                return Err(e);
            }
        }
        Ok((file, path))
    }

    /// The directory the file goes in (`.` for a bare name).
    pub(crate) fn dir(&self) -> &Path {
        parent_dir(&self.path)
    }
}

/// Why the output cannot be written: a check made before any game is read
/// ([`OutputFile::check`], `--split-by`'s [`super::split::SplitSpec::check`]), or a write.
#[derive(Debug)]
#[non_exhaustive]
pub enum OutputFileError {
    /// `-o` names no file: `-o /`.
    NotAFileName(PathBuf),
    /// `-o` names a directory.
    IsADirectory(PathBuf),
    /// The file exists and `--noclobber` forbids overwriting it.
    WouldClobber(PathBuf),
    /// The file's directory is missing and `--createdirectories` is not given.
    NoDirectory {
        /// The output file.
        path: PathBuf,
        /// Its missing directory.
        dir: PathBuf,
    },
    /// `--split-by`'s `-o DIR` exists and is not a directory.
    SplitTargetNotADirectory(PathBuf),
    /// `--split-by`'s directory is missing and `--createdirectories` is not given.
    NoSplitDirectory(PathBuf),
    /// A missing directory could not be made (`--createdirectories`).
    CreateDirectory {
        /// The directory.
        dir: PathBuf,
        /// Why not.
        error: io::Error,
    },
    /// Writing the output failed: `out.pgn: No space left on device`.
    Write {
        /// The output file.
        path: PathBuf,
        /// The failure ([`is_output_error`]: its text already names the output).
        error: io::Error,
    },
}

impl fmt::Display for OutputFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputFileError::NotAFileName(path) => write!(f, "{}: not a file name", path.display()),
            OutputFileError::IsADirectory(path) => {
                let shown = path.display();
                write!(
                    f,
                    "{shown}: is a directory: give -o a file name (e.g. {shown}/out.pgn)"
                )
            }
            OutputFileError::WouldClobber(path) => write!(
                f,
                "{}: exists, and --noclobber forbids overwriting it",
                path.display()
            ),
            OutputFileError::NoDirectory { path, dir } => write!(
                f,
                "{}: the directory {} does not exist (--createdirectories makes it)",
                path.display(),
                dir.display()
            ),
            OutputFileError::SplitTargetNotADirectory(dir) => write!(
                f,
                "{}: --split-by needs -o DIR (a directory) or a pattern with {{}}",
                dir.display()
            ),
            OutputFileError::NoSplitDirectory(dir) => write!(
                f,
                "{}: the directory does not exist (--createdirectories makes it)",
                dir.display()
            ),
            OutputFileError::CreateDirectory { dir, error } => {
                write!(f, "{}: {error}", dir.display())
            }
            OutputFileError::Write { path, error } => {
                if is_output_error(error) {
                    write!(f, "{error}")
                } else {
                    write!(f, "{}: {error}", path.display())
                }
            }
        }
    }
}

impl std::error::Error for OutputFileError {}

/// Makes `dir` and its missing parents.
pub(crate) fn create_dir(dir: &Path) -> Result<(), OutputFileError> {
    fs::create_dir_all(dir).map_err(|error| OutputFileError::CreateDirectory {
        dir: dir.to_path_buf(),
        error,
    })
}

/// Whether a file type is written directly: a character or block device, a FIFO, a socket.
fn is_special(kind: &fs::FileType) -> bool {
    kind.is_char_device() || kind.is_block_device() || kind.is_fifo() || kind.is_socket()
}

/// An exclusive advisory lock (`flock`) on the folder of an appended file, released when
/// dropped: two `-a` runs on one file take turns from reading the old text to the rename, so
/// neither loses the other's games. The folder is locked, not the file: the rename replaces
/// the file's inode, and a lock on it would not hold the next appender back.
pub(crate) struct AppendLock {
    _folder: fs::File,
}

impl AppendLock {
    /// Waits for, and takes, the lock on `dir`.
    pub(crate) fn take(dir: &Path) -> io::Result<AppendLock> {
        use std::os::fd::AsRawFd;
        let folder = fs::File::open(dir)?;
        loop {
            // SAFETY: flock(2) on a descriptor this process owns.
            if unsafe { libc::flock(folder.as_raw_fd(), libc::LOCK_EX) } == 0 {
                return Ok(AppendLock { _folder: folder });
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(error);
            }
        }
    }
}

/// Standard output (1) or standard error (2) when `meta` is the file open there (same
/// device and inode): `/dev/stdout`, `/proc/self/fd/1`, or the redirection's file by name.
fn standard_descriptor_of(meta: &fs::Metadata) -> Option<i32> {
    use std::os::fd::{AsFd, BorrowedFd};
    [1, 2].into_iter().find(|&fd| {
        // SAFETY: fstat through a borrowed descriptor; a closed one fails the clone.
        let borrowed = unsafe { BorrowedFd::borrow_raw(fd) };
        borrowed
            .as_fd()
            .try_clone_to_owned()
            .and_then(|owned| fs::File::from(owned).metadata())
            .is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino())
    })
}

/// The directory `path` is in (`.` for a bare name).
fn parent_dir(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// `path` with its symbolic links followed: an existing file's canonical path; a link to a
/// file not made yet gives the link's target (followed up to 40 links); else `path`.
pub fn real_path(path: &Path) -> PathBuf {
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match fs::read_link(&at) {
            Ok(target) => at = parent_dir(&at).join(target),
            Err(_) => return at,
        }
    }
    path.to_path_buf()
}

/// The device and inode of a file (links followed): two paths, or standard input and a path,
/// with the same id are one file, whatever the names (hard links included).
pub fn file_id(path: &Path) -> Option<(u64, u64)> {
    fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Standard input's device and inode when it is a regular file (`cqlq ... < games.pgn`).
pub fn stdin_file_id() -> Option<(u64, u64)> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    let meta = fs::File::from(fd).metadata().ok()?;
    meta.is_file().then(|| (meta.dev(), meta.ino()))
}

/// A write failure of the output (not of an input): its name and the error.
#[derive(Debug)]
struct OutputError {
    name: String,
    error: io::Error,
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.error)
    }
}

impl std::error::Error for OutputError {}

/// `error` marked as the output `name`'s, keeping its kind (a broken pipe stays one).
pub(crate) fn output_error(name: &str, error: io::Error) -> io::Error {
    if is_output_error(&error) {
        return error;
    }
    io::Error::new(
        error.kind(),
        OutputError {
            name: name.to_string(),
            error,
        },
    )
}

/// Whether an error is a write failure of the output (made by [`OutputWriter`]); its text
/// then names the output.
pub fn is_output_error(error: &io::Error) -> bool {
    error.get_ref().is_some_and(|e| e.is::<OutputError>())
}

/// A writer whose failures name the output they write (`out.pgn`, `standard output`):
/// the runner stops at them instead of blaming the input being read.
pub struct OutputWriter<W> {
    inner: W,
    name: String,
}

impl<W: Write> OutputWriter<W> {
    /// `inner`, whose failures are reported as the output `name`'s.
    pub fn new(inner: W, name: &str) -> Self {
        OutputWriter {
            inner,
            name: name.to_string(),
        }
    }
}

impl<W: Write> Write for OutputWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner
            .write(buf)
            .map_err(|e| output_error(&self.name, e))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner
            .write_all(buf)
            .map_err(|e| output_error(&self.name, e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| output_error(&self.name, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::scratch_dir::scratch_dir;

    #[test]
    fn append_keeps_the_old_text_and_adds_the_new() {
        let scratch = scratch_dir("files", "append");
        let dir = scratch.path();
        let path = dir.join("out.pgn");
        fs::write(&path, "old\n").unwrap();
        let file = OutputFile {
            path: path.clone(),
            append: true,
            ..Default::default()
        };
        file.check().unwrap();
        file.write_with(|w| w.write_all(b"new\n")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\nnew\n");
    }

    /// A run that fails leaves the target as it was and no temporary file behind.
    #[test]
    fn a_failed_run_leaves_the_file_untouched() {
        let scratch = scratch_dir("files", "failed");
        let dir = scratch.path();
        let path = dir.join("out.pgn");
        fs::write(&path, "old\n").unwrap();
        for append in [false, true] {
            let file = OutputFile {
                path: path.clone(),
                append,
                ..Default::default()
            };
            let r = file.write_with(|w| {
                w.write_all(b"partial")?;
                Err::<(), _>(io::Error::other("interrupted"))
            });
            assert!(r.is_err());
            assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
            assert_eq!(fs::read_dir(dir).unwrap().count(), 1);
        }
    }

    /// Issue 18 item 1: a FIFO is written directly; a link (also to a name not made yet) is
    /// replaced through: the temporary file goes beside the file it points to.
    #[test]
    fn fifos_are_direct_and_links_are_followed() {
        let scratch = scratch_dir("files", "destination");
        let dir = scratch.path();
        let fifo = dir.join("fifo");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        let at = |path: &Path| OutputFile {
            path: path.to_path_buf(),
            ..Default::default()
        };
        assert_eq!(at(&fifo).destination(), Destination::Direct);
        fs::create_dir(dir.join("sub")).unwrap();
        std::os::unix::fs::symlink("sub/new.pgn", dir.join("link.pgn")).unwrap();
        let link = at(&dir.join("link.pgn"));
        assert_eq!(
            link.destination(),
            Destination::Replace {
                real: dir.join("sub/new.pgn")
            }
        );
        let (_, temp) = link.create_temp().unwrap();
        assert_eq!(temp.parent(), Some(dir.join("sub").as_path()));
        temp_files::discard(&temp);
        link.write_with(|w| w.write_all(b"games")).unwrap();
        assert_eq!(
            fs::read_to_string(dir.join("sub/new.pgn")).unwrap(),
            "games"
        );
        assert!(
            fs::symlink_metadata(dir.join("link.pgn"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }

    #[test]
    fn noclobber_refuses_an_existing_file_unless_appending() {
        let scratch = scratch_dir("files", "noclobber");
        let dir = scratch.path();
        let path = dir.join("out.pgn");
        let mut file = OutputFile {
            path: path.clone(),
            no_clobber: true,
            ..Default::default()
        };
        assert!(file.check().is_ok());
        fs::write(&path, "old\n").unwrap();
        assert!(
            file.check()
                .unwrap_err()
                .to_string()
                .contains("--noclobber")
        );
        file.append = true;
        assert!(file.check().is_ok());
    }

    #[test]
    fn missing_directories_are_made_only_when_asked() {
        let scratch = scratch_dir("files", "dirs");
        let dir = scratch.path();
        let path = dir.join("a/b/out.pgn");
        let mut file = OutputFile {
            path: path.clone(),
            ..Default::default()
        };
        assert!(
            file.check()
                .unwrap_err()
                .to_string()
                .contains("--createdirectories")
        );
        file.create_dirs = true;
        file.dry_run = true;
        file.check().unwrap();
        assert!(!dir.join("a").exists(), "a dry run creates nothing");
        file.dry_run = false;
        file.check().unwrap();
        assert!(dir.join("a/b").is_dir());
    }
}
