//! `--in-place`: an input rewritten atomically. The new text goes to a temporary file beside
//! the input (`.NAME.cqlq-XXXXXXXX.tmp`, a random name made with `O_EXCL`, with the input's
//! mode and owner), is flushed and `fsync`ed;
//! then the original is kept as a backup (`NAME.bak`, a hard link to it; a copy where links
//! are not possible), the temporary file is renamed over the input, and the folder is
//! `fsync`ed. Until that rename the input is untouched: an error or an interrupted run
//! (SIGINT, SIGTERM: `output::temp_files`) leaves it as it was, and no temporary file.
//!
//! An existing backup is never replaced, and every rewrite keeps the text it replaced: the
//! first backup is `NAME.bak`, later ones (or all, when an unrelated `NAME.bak` was there)
//! `NAME.bak.1`, `NAME.bak.2`, ... (the first free number, as `cp --backup=numbered`). A symbolic
//! link is followed: the file it points to is rewritten (its backup beside it) and the link
//! stays; anything but a regular file is refused.

use super::AnnotateError;
use crate::output::files::real_path;
use crate::output::temp_files;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The backup of `input`: `NAME.bak` beside it (`games.pgn` → `games.pgn.bak`).
pub fn backup_path(input: &Path) -> PathBuf {
    let mut name = input.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    input.with_file_name(name)
}

/// Rewrites `input` with what `write` writes (it may read `input` meanwhile: the original
/// stays in place until `write` is done); keeps a backup unless `backup` is false or one
/// exists. On an error the input is left as it was and the temporary file removed.
pub fn rewrite<T>(
    input: &Path,
    backup: bool,
    write: impl FnOnce(&mut dyn Write) -> io::Result<T>,
) -> Result<T, AnnotateError> {
    let real = real_path(input);
    let mut temp = None;
    let result = (|| -> io::Result<T> {
        let meta = fs::metadata(&real)?;
        if !meta.is_file() {
            return Err(io::Error::other(
                "not a regular file (--in-place rewrites files only)",
            ));
        }
        // The same temporary file as any output file's (`output::temp_files`): a random
        // name, never a planted link, with the input's mode and owner.
        let (file, path) = temp_files::create_beside(&real)?;
        temp = Some(path.clone());
        let mut out = io::BufWriter::with_capacity(1 << 16, file);
        let value = write(&mut out)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        if backup {
            keep_backup(&real)?;
        }
        temp_files::rename(&path, &real)?;
        // Makes the rename durable (best effort: not every system can `fsync` a folder).
        let dir = real.parent().filter(|d| !d.as_os_str().is_empty());
        if let Ok(dir) = fs::File::open(dir.unwrap_or(Path::new("."))) {
            let _ = dir.sync_all();
        }
        Ok(value)
    })();
    result.map_err(|error| {
        if let Some(path) = &temp {
            temp_files::discard(path);
        }
        AnnotateError::Rewrite {
            path: input.to_path_buf(),
            error,
        }
    })
}

/// The most numbered backups (`NAME.bak.1` ... `NAME.bak.999`) before `--in-place` refuses.
const MOST_BACKUPS: u32 = 999;

/// The first free backup name: `NAME.bak`, else `NAME.bak.1`, `NAME.bak.2`, ... (as
/// `cp --backup=numbered` numbers its copies); an error when all are taken.
fn free_backup_path(input: &Path) -> io::Result<PathBuf> {
    let bak = backup_path(input);
    let taken = |p: &Path| fs::symlink_metadata(p).is_ok();
    if !taken(&bak) {
        return Ok(bak);
    }
    for n in 1..=MOST_BACKUPS {
        let mut name = bak.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".{n}"));
        let numbered = bak.with_file_name(name);
        if !taken(&numbered) {
            return Ok(numbered);
        }
    }
    Err(io::Error::other(format!(
        "{}.1 to .{MOST_BACKUPS} all exist: remove old backups or give --no-backup",
        bak.display()
    )))
}

/// The text before this rewrite kept in the first free backup name ([`free_backup_path`]):
/// a hard link to the original, else a copy. An existing backup is never replaced.
fn keep_backup(input: &Path) -> io::Result<()> {
    let bak = free_backup_path(input)?;
    if fs::hard_link(input, &bak).is_err() {
        fs::copy(input, &bak)?;
        fs::File::open(&bak)?.sync_all()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::scratch_dir::scratch_dir;

    #[test]
    fn rewrites_and_keeps_a_backup() {
        let scratch = scratch_dir("inplace", "ok");
        let dir = scratch.path();
        let input = dir.join("g.pgn");
        fs::write(&input, "old").unwrap();
        rewrite(&input, true, |w| w.write_all(b"new")).unwrap();
        assert_eq!(fs::read_to_string(&input).unwrap(), "new");
        assert_eq!(fs::read_to_string(dir.join("g.pgn.bak")).unwrap(), "old");
        rewrite(&input, false, |w| w.write_all(b"newer")).unwrap();
        assert_eq!(fs::read_to_string(&input).unwrap(), "newer");
        assert_eq!(fs::read_to_string(dir.join("g.pgn.bak")).unwrap(), "old");
        assert_eq!(fs::read_dir(dir).unwrap().count(), 2);
    }

    /// Issue 18 item 4: a second rewrite keeps the first backup (the original), not the
    /// first rewrite's text.
    #[test]
    fn an_existing_backup_is_never_overwritten() {
        let scratch = scratch_dir("inplace", "twice");
        let dir = scratch.path();
        let input = dir.join("g.pgn");
        fs::write(&input, "original").unwrap();
        rewrite(&input, true, |w| w.write_all(b"first")).unwrap();
        rewrite(&input, true, |w| w.write_all(b"second")).unwrap();
        assert_eq!(fs::read_to_string(&input).unwrap(), "second");
        assert_eq!(
            fs::read_to_string(dir.join("g.pgn.bak")).unwrap(),
            "original"
        );
        // Issue 32 row 14: the second rewrite keeps the text it replaced too.
        assert_eq!(
            fs::read_to_string(dir.join("g.pgn.bak.1")).unwrap(),
            "first"
        );
        assert_eq!(fs::read_dir(dir).unwrap().count(), 3);
    }

    /// Issue 18 item 1: a symbolic link's file is rewritten and the link stays a link.
    #[test]
    fn a_link_is_followed_and_kept() {
        let scratch = scratch_dir("inplace", "link");
        let dir = scratch.path();
        let input = dir.join("g.pgn");
        fs::write(&input, "old").unwrap();
        let link = dir.join("link.pgn");
        std::os::unix::fs::symlink("g.pgn", &link).unwrap();
        rewrite(&link, true, |w| w.write_all(b"new")).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&input).unwrap(), "new");
        assert_eq!(fs::read_to_string(dir.join("g.pgn.bak")).unwrap(), "old");
    }

    #[test]
    fn a_failed_write_leaves_the_input_and_nothing_else() {
        let scratch = scratch_dir("inplace", "fail");
        let dir = scratch.path();
        let input = dir.join("g.pgn");
        fs::write(&input, "old").unwrap();
        let r = rewrite(&input, true, |w| {
            w.write_all(b"partial")?;
            Err::<(), _>(io::Error::other("interrupted"))
        });
        assert!(r.unwrap_err().to_string().contains("interrupted"));
        assert_eq!(fs::read_to_string(&input).unwrap(), "old");
        assert_eq!(fs::read_dir(dir).unwrap().count(), 1);
    }
}
