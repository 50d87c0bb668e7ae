//! The output file and CQLi's options for it: the run writes a temporary file beside the
//! target, renamed over it only when the run completes, so a failed or interrupted run never
//! leaves a partial file.
//!
//! CQLi's commandline options (its manual, `manual/commandline-options/`, one line each):
//! `-a`/`--append` "Append PGN output to the specified file", `--createdirectories` "Create
//! directories as needed to house output PGN files", `--dryrun` "Show the output file names
//! without actually creating them", `--noclobber` "Prevents overwriting existing output
//! files". What cqlq does with each, beyond those lines, is written at [`OutputFile`].

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where and how the output file is written.
///
/// - `append`: the temporary file starts as a copy of the existing file (if any), the run
///   adds to it, and it is renamed over the file: the old games are kept whole whatever
///   happens to the run.
/// - `no_clobber`: an existing file is refused before any game is read (exit 2); appending
///   does not overwrite, so it is allowed with `append`.
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

impl OutputFile {
    /// The checks made before any game is read: `--noclobber` on an existing file, a missing
    /// directory (made with `--createdirectories`, unless this is a dry run).
    pub fn check(&self) -> Result<(), String> {
        let shown = self.path.display();
        if self.path.file_name().is_none() {
            return Err(format!("{shown}: not a file name"));
        }
        if self.path.is_dir() {
            return Err(format!(
                "{shown}: is a directory: give -o a file name (e.g. {shown}/out.pgn)"
            ));
        }
        if self.no_clobber && !self.append && self.path.exists() {
            return Err(format!(
                "{shown}: exists, and --noclobber forbids overwriting it"
            ));
        }
        let dir = self.dir();
        if !dir.is_dir() {
            if !self.create_dirs {
                return Err(format!(
                    "{shown}: the directory {} does not exist (--createdirectories makes it)",
                    dir.display()
                ));
            }
            if !self.dry_run {
                fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
        }
        Ok(())
    }

    /// Runs `write` into a temporary file beside the target and renames it over the target
    /// when `write` succeeds; on any failure the temporary file is removed and the target is
    /// left as it was.
    pub fn write_with<T>(
        &self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<T>,
    ) -> Result<T, String> {
        let temp = self.temp_path();
        let result = (|| -> io::Result<T> {
            let mut out = io::BufWriter::with_capacity(1 << 16, self.create_temp()?);
            let value = write(&mut out)?;
            let file = out.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            fs::rename(&temp, &self.path)?;
            Ok(value)
        })();
        result.map_err(|e| {
            let _ = fs::remove_file(&temp);
            format!("{}: {e}", self.path.display())
        })
    }

    /// Creates the temporary file (with `append`, a copy of the existing file) for a writer
    /// that keeps it open; [`OutputFile::commit`] renames it over the target.
    pub(crate) fn create_temp(&self) -> io::Result<fs::File> {
        let temp = self.temp_path();
        if self.append && self.path.is_file() {
            fs::copy(&self.path, &temp)?;
            fs::OpenOptions::new().append(true).open(&temp)
        } else {
            fs::File::create(&temp)
        }
    }

    /// Syncs the (closed) temporary file and renames it over the target.
    pub(crate) fn commit(&self) -> io::Result<()> {
        let temp = self.temp_path();
        fs::File::open(&temp)?.sync_all()?;
        fs::rename(&temp, &self.path)
    }

    /// The directory the file goes in (`.` for a bare name).
    pub(crate) fn dir(&self) -> &Path {
        self.path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
    }

    /// `.NAME.cqlq-PID.tmp` beside the target.
    pub(crate) fn temp_path(&self) -> PathBuf {
        let name = self.path.file_name().unwrap_or_default().to_string_lossy();
        self.dir()
            .join(format!(".{name}.cqlq-{}.tmp", std::process::id()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        crate::scratch_dir::scratch_dir("files", name)
    }

    #[test]
    fn append_keeps_the_old_text_and_adds_the_new() {
        let dir = scratch("append");
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
        let _ = fs::remove_dir_all(&dir);
    }

    /// A run that fails leaves the target as it was and no temporary file behind.
    #[test]
    fn a_failed_run_leaves_the_file_untouched() {
        let dir = scratch("failed");
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
            assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn noclobber_refuses_an_existing_file_unless_appending() {
        let dir = scratch("noclobber");
        let path = dir.join("out.pgn");
        let mut file = OutputFile {
            path: path.clone(),
            no_clobber: true,
            ..Default::default()
        };
        assert!(file.check().is_ok());
        fs::write(&path, "old\n").unwrap();
        assert!(file.check().unwrap_err().contains("--noclobber"));
        file.append = true;
        assert!(file.check().is_ok());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn missing_directories_are_made_only_when_asked() {
        let dir = scratch("dirs");
        let path = dir.join("a/b/out.pgn");
        let mut file = OutputFile {
            path: path.clone(),
            ..Default::default()
        };
        assert!(file.check().unwrap_err().contains("--createdirectories"));
        file.create_dirs = true;
        file.dry_run = true;
        file.check().unwrap();
        assert!(!dir.join("a").exists(), "a dry run creates nothing");
        file.dry_run = false;
        file.check().unwrap();
        assert!(dir.join("a/b").is_dir());
        let _ = fs::remove_dir_all(&dir);
    }
}
