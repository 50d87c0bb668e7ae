//! `--split-by TAG`: each matched game's output goes to a file named by the game's value of
//! TAG, e.g. `cqlq q.cql games.pgn --split-by ECO -o out/` writes `out/B12.pgn`, ...
//!
//! - Names: `-o DIR` gives `DIR/VALUE.EXT` (EXT by the format: `pgn`, `fen`, `epd`,
//!   `jsonl`, `txt` for `--gamenumbers`); an `-o` containing `{}` is a pattern whose `{}`
//!   is replaced by VALUE (`-o out/eco-{}.pgn`).
//! - VALUE is the tag's value in the game as written (after the query's `settag` /
//!   `removetag`), trimmed, with every character other than a letter, a digit, `-`, `_`,
//!   `.`, `+` or `=` replaced by `_`, a leading `.` by `_`, cut to 100 bytes (at a
//!   character boundary: 33 CJK characters; the temporary names fit too). A game
//!   without the tag, or with an empty value or PGN's unknown `?`, goes to `no-TAG`
//!   (`out/no-ECO.pgn`). Different values may share a file after this (`A/B`, `A B`).
//! - All or nothing: each file is written to a temporary file beside it (`temp_files`), and
//!   all are renamed at the end of a run that completes; a failed run leaves no file changed
//!   and no temporary file behind. The renames happen under the temporary files' lock, which
//!   the signal thread takes first: a SIGTERM (or any caught signal) before them removes
//!   every temporary file (all old), one during them waits for the last (all new). Against
//!   an uncatchable end (SIGKILL, a power cut) in the renames, they go through a journal
//!   (`journal`) synced before the first: the next `--split-by` run with the same `-o`
//!   completes them before it reads a game (all new).
//! - `--append` starts each file from its old content; `--noclobber` fails the run (nothing
//!   renamed) when it meets a file that exists; `--createdirectories` makes `DIR` (or the
//!   pattern's directories); `--dryrun` creates nothing and lists the files' names.
//! - At most `max_open` files are kept open (CQLi's `--maxopenoutputfiles`; default
//!   [`default_max_open`]: 128, fewer under a low `ulimit -n`): past that the file opened
//!   first is closed, and reopened (appending to its temporary file) when needed.
//! - A target naming one of the inputs (or a hard link to one) is refused.
//! - A target that is a device, FIFO or socket is written directly (never replaced), and a
//!   symbolic link is followed: its file is replaced, the link stays (`output::files`).
//!
//! CQLi documents "dynamic output splitting" (cql64.com FAQ) and `--maxopenoutputfiles`
//! ("Limits the number of output PGN files kept open at a time"), but the stored pages of
//! its manual do not give the syntax; `--split-by` is cqlq's.

use std::collections::{HashMap, VecDeque};
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use super::Format;
use super::files::{
    AppendLock, Destination, OutputFile, OutputFileError, create_dir, file_id, real_path,
};
use super::temp_files;

mod journal;

/// Where and how a split run writes.
#[derive(Clone, Debug)]
pub struct SplitSpec {
    /// The tag whose value names the file.
    pub tag: String,
    /// The `-o` value and the output options (`path` is the directory or the pattern).
    pub options: OutputFile,
    /// The files' extension in directory mode.
    pub extension: &'static str,
    /// The most files kept open at once (at least 1).
    pub max_open: usize,
    /// The inputs, canonical: never written over.
    pub inputs: Vec<PathBuf>,
}

impl SplitSpec {
    /// The extension of split files in `format` (None: `--count`, which has nothing to split,
    /// and `--html`, whose one page is its own file).
    pub fn extension_of(format: Format) -> Option<&'static str> {
        match format {
            Format::Pgn => Some("pgn"),
            Format::Fen => Some("fen"),
            Format::Epd => Some("epd"),
            Format::Json => Some("jsonl"),
            Format::GameNumbers | Format::Diagram { .. } => Some("txt"),
            Format::Count | Format::Html => None,
        }
    }

    /// The checks made before any game is read: directory mode needs the directory (made
    /// with `--createdirectories`, unless this is a dry run).
    pub fn check(&self) -> Result<(), OutputFileError> {
        if !self.options.dry_run {
            self.recover()?;
        }
        if self.is_pattern() {
            return Ok(());
        }
        let dir = &self.options.path;
        if dir.is_dir() {
            return Ok(());
        }
        if dir.exists() {
            return Err(OutputFileError::SplitTargetNotADirectory(dir.clone()));
        }
        if !self.options.create_dirs {
            return Err(OutputFileError::NoSplitDirectory(dir.clone()));
        }
        if !self.options.dry_run {
            create_dir(dir)?;
        }
        Ok(())
    }

    /// Completes the renames of an earlier run with this `-o` that ended inside its commit
    /// (SIGKILL, a power cut: [`journal::recover`]), and says so on stderr.
    fn recover(&self) -> Result<(), OutputFileError> {
        let dir = journal::journal_dir(&self.options.path);
        let done = journal::recover(&dir).map_err(|error| OutputFileError::Write {
            path: dir.clone(),
            error,
        })?;
        for d in done {
            eprintln!(
                "cqlq: {}: completed the --split-by commit of an interrupted run ({} of its \
                 {} files renamed now, the rest before it ended)",
                d.journal.display(),
                d.renamed,
                d.listed
            );
        }
        Ok(())
    }

    fn is_pattern(&self) -> bool {
        self.options.path.to_string_lossy().contains("{}")
    }

    /// The file a game with `value` for the tag goes to.
    pub fn path_for(&self, value: Option<&str>) -> PathBuf {
        let stem = file_stem(value, &self.tag);
        let target = self.options.path.to_string_lossy();
        if target.contains("{}") {
            PathBuf::from(target.replace("{}", &stem))
        } else {
            self.options.path.join(format!("{stem}.{}", self.extension))
        }
    }
}

/// Descriptors left for everything but the split files (standard streams, inputs, the
/// engine's pipes, the signal thread's).
const RESERVED_DESCRIPTORS: u64 = 32;

/// `--maxopenoutputfiles`'s default: 128, or the open-file limit (`ulimit -n`, the soft
/// `RLIMIT_NOFILE`) less `RESERVED_DESCRIPTORS` when that is lower (at least 1).
pub fn default_max_open() -> usize {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit(2) into a local struct.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return 128;
    }
    let room = limit.rlim_cur.saturating_sub(RESERVED_DESCRIPTORS);
    room.clamp(1, 128) as usize
}

/// The file name part for a tag value (see the module documentation).
pub fn file_stem(value: Option<&str>, tag: &str) -> String {
    match value.map(str::trim).filter(|v| !v.is_empty() && *v != "?") {
        Some(v) => sanitise(v),
        None => format!("no-{}", sanitise(tag)),
    }
}

/// The most bytes of a tag value kept in a file name (cut at a character boundary).
pub const VALUE_BYTES: usize = 100;

fn sanitise(text: &str) -> String {
    let mut end = text.len().min(VALUE_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut out: String = text[..end]
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.+=".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.starts_with('.') {
        out.replace_range(..1, "_");
    }
    out
}

/// One output file of a split run.
struct Target {
    file: OutputFile,
    /// A device, FIFO or socket, written directly (no temporary file).
    direct: bool,
    /// The temporary file, once made (it is reopened for appending after an eviction).
    temp: Option<PathBuf>,
}

/// The writer of a split run: routes each matched game's text to its file.
pub struct SplitWriter {
    spec: SplitSpec,
    /// Every target met, in the order first met.
    targets: Vec<Target>,
    index: HashMap<PathBuf, usize>,
    /// The open files, by target, and the order they were opened.
    open: HashMap<usize, BufWriter<fs::File>>,
    opened: VecDeque<usize>,
    /// With `--append`, the locks taken on the targets' folders ([`AppendLock`]).
    locks: HashMap<PathBuf, AppendLock>,
    finished: bool,
}

impl SplitWriter {
    /// A writer for `spec` (check it first with [`SplitSpec::check`]).
    pub fn new(spec: SplitSpec) -> Self {
        SplitWriter {
            spec,
            targets: Vec::new(),
            index: HashMap::new(),
            open: HashMap::new(),
            opened: VecDeque::new(),
            locks: HashMap::new(),
            finished: false,
        }
    }

    /// Writes `text` (one game's output, as bytes or text) to the file for the tag value
    /// `value`. The system's failures (a full disk) name the file
    /// (`output::files::is_output_error`).
    pub fn write(&mut self, value: Option<&str>, text: impl AsRef<[u8]>) -> io::Result<()> {
        let path = self.spec.path_for(value);
        let shown = path.display().to_string();
        self.write_to(path, text.as_ref())
            .map_err(|e| match e.raw_os_error() {
                Some(_) => super::files::output_error(&shown, e),
                None => e,
            })
    }

    fn write_to(&mut self, path: PathBuf, text: &[u8]) -> io::Result<()> {
        let k = match self.index.get(&path) {
            Some(&k) => k,
            None => self.add_target(path)?,
        };
        if self.spec.options.dry_run {
            return Ok(());
        }
        if !self.open.contains_key(&k) {
            self.open_target(k)?;
        }
        match self.open.get_mut(&k) {
            Some(out) => out.write_all(text),
            None => Err(io::Error::other("split output file not open")),
        }
    }

    /// Checks a new target (`--noclobber`, its directory, the inputs) and records it.
    fn add_target(&mut self, path: PathBuf) -> io::Result<usize> {
        let file = OutputFile {
            path: path.clone(),
            ..self.spec.options.clone()
        };
        file.check().map_err(io::Error::other)?;
        let id = file_id(&path);
        if let Ok(real) = path.canonicalize()
            && (self.spec.inputs.contains(&real)
                || id.is_some() && self.spec.inputs.iter().any(|i| file_id(i) == id))
        {
            return Err(io::Error::other(format!(
                "{}: refusing to write the output over an input",
                path.display()
            )));
        }
        let direct = !matches!(file.destination(), Destination::Replace { .. });
        if self.spec.options.append && !direct && !self.spec.options.dry_run {
            let real = super::files::real_path(&path);
            let dir = match real.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            };
            if let std::collections::hash_map::Entry::Vacant(free) = self.locks.entry(dir) {
                let lock = AppendLock::take(free.key())?;
                free.insert(lock);
            }
        }
        self.targets.push(Target {
            direct,
            file,
            temp: None,
        });
        let k = self.targets.len() - 1;
        self.index.insert(path, k);
        Ok(k)
    }

    /// Opens target `k`'s temporary file, closing the oldest open one past `max_open`.
    fn open_target(&mut self, k: usize) -> io::Result<()> {
        while self.open.len() >= self.spec.max_open.max(1) {
            let Some(oldest) = self.opened.pop_front() else {
                break;
            };
            if let Some(mut out) = self.open.remove(&oldest) {
                out.flush()?;
            }
        }
        let target = &mut self.targets[k];
        let file = if target.direct {
            target.file.open_direct()?
        } else if let Some(temp) = &target.temp {
            // Our own file, reopened: never through a link put in its place.
            std::os::unix::fs::OpenOptionsExt::custom_flags(
                fs::OpenOptions::new().append(true),
                libc::O_NOFOLLOW,
            )
            .open(temp)?
        } else {
            let (file, temp) = target.file.create_temp()?;
            target.temp = Some(temp);
            file
        };
        self.open.insert(k, BufWriter::with_capacity(1 << 16, file));
        self.opened.push_back(k);
        Ok(())
    }

    /// Closes every file and renames each temporary file over its target; returns the files'
    /// names in the order first met (with `--dryrun`, the names only).
    pub fn finish(mut self) -> io::Result<Vec<PathBuf>> {
        for (_, mut out) in self.open.drain() {
            out.flush()?;
        }
        if !self.spec.options.dry_run {
            let temps: Vec<_> = self
                .targets
                .iter()
                .filter_map(|t| Some((t.temp.as_ref()?, real_path(&t.file.path))))
                .collect();
            for (temp, _) in &temps {
                fs::File::open(temp)?.sync_all()?;
            }
            // All renamed before a signal's cleanup runs, or none; and after a SIGKILL, by
            // the next run (see the module's doc).
            let pairs: Vec<(PathBuf, PathBuf)> = temps
                .into_iter()
                .map(|(temp, real)| (temp.clone(), real))
                .collect();
            let dir = journal::journal_dir(&self.spec.options.path);
            journal::commit(&dir, &pairs, &mut self.finished)?;
        }
        self.finished = true;
        Ok(self.targets.iter().map(|t| t.file.path.clone()).collect())
    }
}

impl Drop for SplitWriter {
    /// A run that did not finish leaves no temporary file behind (but those a committed
    /// journal holds: `journal::commit`).
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        self.open.clear();
        for temp in self.targets.iter().filter_map(|t| t.temp.as_ref()) {
            temp_files::discard(temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::scratch_dir::scratch_dir;

    fn spec(path: PathBuf) -> SplitSpec {
        SplitSpec {
            tag: "ECO".into(),
            options: OutputFile {
                path,
                ..Default::default()
            },
            extension: "pgn",
            max_open: 2,
            inputs: Vec::new(),
        }
    }

    #[test]
    fn names_are_sanitised_and_missing_values_named() {
        assert_eq!(file_stem(Some(" B12 "), "ECO"), "B12");
        assert_eq!(file_stem(Some("../etc/passwd"), "ECO"), "_._etc_passwd");
        assert_eq!(file_stem(Some("Kasparov, G."), "White"), "Kasparov__G.");
        assert_eq!(file_stem(Some("?"), "ECO"), "no-ECO");
        assert_eq!(file_stem(None, "ECO"), "no-ECO");
        assert_eq!(file_stem(Some("Müller"), "White"), "Müller");
        let s = spec(PathBuf::from("out/eco-{}.txt"));
        assert_eq!(s.path_for(Some("C20")), PathBuf::from("out/eco-C20.txt"));
        let s = spec(PathBuf::from("out"));
        assert_eq!(s.path_for(None), PathBuf::from("out/no-ECO.pgn"));
    }

    /// Three targets with two open files at most: the evicted file is reopened and appended
    /// to; nothing is visible before `finish`.
    #[test]
    fn evicted_files_are_reopened_and_renamed_at_the_end() {
        let scratch = scratch_dir("split", "evict");
        let dir = scratch.path();
        let mut w = SplitWriter::new(spec(dir.to_path_buf()));
        for (eco, text) in [("A", "1\n"), ("B", "2\n"), ("C", "3\n"), ("A", "4\n")] {
            w.write(Some(eco), text).unwrap();
        }
        assert!(!dir.join("A.pgn").exists());
        let names = w.finish().unwrap();
        assert_eq!(names, ["A", "B", "C"].map(|e| dir.join(format!("{e}.pgn"))));
        assert_eq!(fs::read_to_string(dir.join("A.pgn")).unwrap(), "1\n4\n");
        assert_eq!(fs::read_dir(dir).unwrap().count(), 3);
    }

    #[test]
    fn an_unfinished_run_leaves_nothing() {
        let scratch = scratch_dir("split", "drop");
        let dir = scratch.path();
        let mut w = SplitWriter::new(spec(dir.to_path_buf()));
        w.write(Some("A"), "1\n").unwrap();
        drop(w);
        assert_eq!(fs::read_dir(dir).unwrap().count(), 0);
    }
}
