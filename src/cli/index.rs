//! `cqlq index PGN...`: writes `PGN.cqlqi` beside each plain PGN file (or `-o FILE` for one
//! input), the games summarised in parallel with a progress bar; a file that only grew since
//! its index was made has only its new games read. `--stats` prints what an index holds.
//! The format and its use are `docs/index.md`'s.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use super::TROUBLE;
use super::failure::CliError;
use cqlq::index::build::index_bytes;
use cqlq::index::format::{Header, IndexError, IndexWriter};
use cqlq::index::{SourceId, index_path_for};

/// cqlq index: make the game index searches use to skip games.
#[derive(Parser, Debug)]
#[command(
    name = "cqlq index",
    bin_name = "cqlq index",
    about = "Index PGN files: searches then skip the games their query cannot match",
    after_help = "Examples:\n  cqlq index games.pgn            (writes games.pgn.cqlqi)\n  \
cqlq index --stats games.pgn\n\nA search of games.pgn uses games.pgn.cqlqi by itself when it \
matches the file (size, modification time, content of its ends); --no-index searches without \
it. Run cqlq index again after games are appended: only the new games are read. \
Exit status: 0 done, 2 trouble. See docs/index.md."
)]
pub struct IndexCli {
    /// The plain PGN files to index.
    #[arg(value_name = "PGN", required = true)]
    pub inputs: Vec<PathBuf>,

    /// Where the index goes (one input only; default: PGN.cqlqi beside it).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Print what each input's index holds instead of making it.
    #[arg(long)]
    pub stats: bool,

    /// Keep each game's positions' Zobrist keys too (a filter of about 2 bytes a position:
    /// `zobristkey` and exact `fen` searches skip the games without the position).
    #[arg(long)]
    pub keys: bool,

    /// Worker threads (default: one per core).
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub threads: Option<usize>,

    /// No progress bar.
    #[arg(short = 'q', long = "quiet")]
    pub quiet: bool,
}

/// Runs `cqlq index` with the arguments after `index`.
pub fn main() -> ExitCode {
    let cli = IndexCli::parse_from(
        std::iter::once(std::ffi::OsString::from("cqlq index")).chain(std::env::args_os().skip(2)),
    );
    if cli.output.is_some() && cli.inputs.len() > 1 {
        eprintln!("cqlq index: -o names one index: give one PGN file with it");
        return ExitCode::from(TROUBLE);
    }
    if let Err(e) = super::threads::start_pool(cli.threads) {
        eprintln!("cqlq index: {e}");
        return ExitCode::from(TROUBLE);
    }
    let mut failed = false;
    for input in &cli.inputs {
        let output = cli.output.clone().unwrap_or_else(|| index_path_for(input));
        let done = if cli.stats {
            stats(input, &output)
        } else {
            index_file(input, &output, (!cli.quiet, cli.keys))
        };
        if let Err(message) = done {
            eprintln!("cqlq index: {message}");
            failed = true;
        }
    }
    if failed {
        ExitCode::from(TROUBLE)
    } else {
        ExitCode::SUCCESS
    }
}

/// Indexes the plain PGN file `input` into `output` (written whole to a temporary file,
/// then renamed over it).
fn index_file(input: &Path, output: &Path, (progress, keys): (bool, bool)) -> Result<(), CliError> {
    let at = |reason: String| CliError::File {
        path: input.to_path_buf(),
        reason,
    };
    let file = std::fs::File::open(input).map_err(|e| at(e.to_string()))?;
    let metadata = file.metadata().map_err(|e| at(e.to_string()))?;
    if !metadata.is_file() {
        return Err(at("not a regular file".into()));
    }
    if same_file(input, output) {
        return Err(at("the index would overwrite its PGN file".into()));
    }
    match compressed(&head(&file).map_err(|e| at(e.to_string()))?) {
        Some("zstd") => {
            return index_zstd(input, output, (progress, keys), metadata.len());
        }
        Some(kind) => {
            return Err(at(format!(
                "{kind}-compressed: cqlq index reads plain and zstd-compressed PGN only \
                 (decompress it, or compress it with zstd)"
            )));
        }
        None => {}
    }
    // SAFETY: the map is read only; a file cut short while mapped is caught by the bus-error
    // handler (`input::mapped`), which names it.
    let map = if metadata.len() == 0 {
        None
    } else {
        Some(unsafe { memmap2::Mmap::map(&file) }.map_err(|e| at(e.to_string()))?)
    };
    let bytes: &[u8] = map.as_deref().unwrap_or(&[]);
    if let Some(map) = &map {
        cqlq::input::mapped::register(map, input);
    }
    let earlier = cqlq::index::earlier::EarlierIndex::open(output).ok();
    let bar = cqlq::output::progress::bar(progress, Some(bytes.len() as u64));
    let source = SourceId::of(bytes, &metadata);
    let mut forgotten = 0;
    let written = write_index(
        bytes,
        (&source, keys),
        earlier.as_ref(),
        output,
        &mut |done| {
            bar.set_position(done);
            if let Some(map) = &map {
                forgotten = forget_pages(map, forgotten, done);
            }
        },
    );
    bar.finish_and_clear();
    let (counts, size) = written.map_err(|e| CliError::File {
        path: output.to_path_buf(),
        reason: e.to_string(),
    })?;
    let read = counts.games - counts.kept;
    eprintln!(
        "cqlq index: {}: {} games ({read} read, {} kept, {} to search always), {} bytes ({:.1} % of the PGN)",
        output.display(),
        counts.games,
        counts.kept,
        counts.must_scan,
        size,
        percent(size, bytes.len() as u64),
    );
    Ok(())
}

/// Indexes the zstd-compressed PGN file `input` (`size` bytes) into `output`: its text
/// decompressed as a search decompresses it, a chunk at a time (`index::build::index_stream`);
/// the games' places count the decompressed text, the index's identity is the compressed
/// file's. Written to a temporary file and renamed; a fault of the data leaves no index.
fn index_zstd(
    input: &Path,
    output: &Path,
    (progress, keys): (bool, bool),
    size: u64,
) -> Result<(), CliError> {
    let at = |reason: String| CliError::File {
        path: input.to_path_buf(),
        reason,
    };
    let source = SourceId::of_file(input).map_err(|e| at(e.to_string()))?;
    let opened = cqlq::input::open_input(&cqlq::input::Input::File(input.to_path_buf()));
    let mut stream = match opened {
        Ok(cqlq::input::Opened::Stream(stream)) => stream,
        Ok(cqlq::input::Opened::Mapped(_)) => return Err(at("not zstd data".into())),
        Err(e) => return Err(at(e.to_string())),
    };
    let bar = cqlq::output::progress::bar(progress, Some(size));
    let consumed = stream.consumed.clone();
    let (file, temp) =
        cqlq::output::temp_files::create_beside(output).map_err(|e| CliError::File {
            path: output.to_path_buf(),
            reason: e.to_string(),
        })?;
    let built = (|| {
        let mut writer = IndexWriter::new_keyed(file, &source, keys)?;
        let (counts, text_size) = cqlq::index::build::index_stream(
            &mut stream.reader,
            &mut || bar.set_position(consumed.load(std::sync::atomic::Ordering::Relaxed)),
            &mut writer,
        )?;
        writer.text = cqlq::index::format::Text::Zstd { size: text_size };
        let written = writer.finish()?;
        Ok::<_, std::io::Error>((counts, text_size, written))
    })();
    bar.finish_and_clear();
    let (counts, text_size, written) = match built {
        Ok(done) => done,
        Err(e) => {
            cqlq::output::temp_files::discard(&temp);
            return Err(at(e.to_string()));
        }
    };
    cqlq::output::temp_files::rename(&temp, output).map_err(|e| {
        cqlq::output::temp_files::discard(&temp);
        CliError::File {
            path: output.to_path_buf(),
            reason: e.to_string(),
        }
    })?;
    eprintln!(
        "cqlq index: {}: {} games ({} to search always), {written} bytes ({:.1} % of the \
         compressed PGN, {:.1} % of its {text_size} decompressed bytes)",
        output.display(),
        counts.games,
        counts.must_scan,
        percent(written, size),
        percent(written, text_size),
    );
    Ok(())
}

/// Lets the kernel take back the mapped input's pages from `from` (a page boundary: the
/// pages before it were let go already) to `done` (whole pages only): they are not read
/// again, and the memory the build holds stays flat however long the file. The map is of a
/// file, read only: a page read again would be read from the file. Returns where the pages
/// let go now end (the next call's `from`).
fn forget_pages(map: &memmap2::Mmap, from: u64, done: u64) -> u64 {
    const PAGE: u64 = 4096;
    let end = done / PAGE * PAGE;
    if end > from {
        // SAFETY: MADV_DONTNEED on a read-only file mapping drops the pages from this
        // process only; the bytes stay the file's, and no slice of them is in use between
        // batches (`index_bytes` calls the progress after a batch is written).
        let _ = unsafe {
            map.unchecked_advise_range(
                memmap2::UncheckedAdvice::DontNeed,
                from as usize,
                (end - from) as usize,
            )
        };
        end
    } else {
        from
    }
}

/// Writes the index of `bytes` (whose identity is `source`) to a temporary file beside
/// `output`, then renames it to `output`: a reader never sees half an index. The counts and
/// the file's size.
fn write_index(
    bytes: &[u8],
    (source, keys): (&SourceId, bool),
    earlier: Option<&cqlq::index::earlier::EarlierIndex>,
    output: &Path,
    progress: &mut dyn FnMut(u64),
) -> std::io::Result<(cqlq::index::build::BuildCounts, u64)> {
    // A random name made with O_EXCL (`temp_files`, as `-o`): a planted link is never followed.
    let (file, temp) = cqlq::output::temp_files::create_beside(output)?;
    let written = (|| {
        let mut writer = IndexWriter::new_keyed(file, source, keys)?;
        let counts = index_bytes(bytes, earlier, progress, &mut writer)?;
        let size = writer.finish()?;
        cqlq::output::temp_files::rename(&temp, output)?;
        Ok((counts, size))
    })();
    if written.is_err() {
        cqlq::output::temp_files::discard(&temp);
    }
    written
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// The first bytes of `file` (up to 4), read without moving its offset.
fn head(file: &std::fs::File) -> std::io::Result<Vec<u8>> {
    use std::os::unix::fs::FileExt;
    let mut head = vec![0u8; 4];
    let n = file.read_at(&mut head, 0)?;
    head.truncate(n);
    Ok(head)
}

/// The compression a file's first bytes show (zstd, gzip, bzip2), if any.
fn compressed(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0x28, 0xb5, 0x2f, 0xfd, ..] => Some("zstd"),
        [0x1f, 0x8b, ..] => Some("gzip"),
        [b'B', b'Z', b'h', ..] => Some("bzip2"),
        _ => None,
    }
}

/// `part` as a percentage of `whole`.
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// Prints what the index `index_path` of `input` holds: its games read one at a time, every
/// part checked (memory flat in its games).
fn stats(input: &Path, index_path: &Path) -> Result<(), CliError> {
    let at = |reason: String| CliError::File {
        path: index_path.to_path_buf(),
        reason,
    };
    let size = std::fs::metadata(index_path)
        .map_err(|e| at(e.to_string()))?
        .len();
    let (header, tally) = tally_index(index_path).map_err(|e| at(e.to_string()))?;
    let state = match SourceId::of_file(input) {
        Ok(now) => match header.source.differs_from(&now) {
            None => "matches the file".to_string(),
            Some(why) => format!("stale: {why}"),
        },
        Err(e) => format!("the PGN cannot be read: {e}"),
    };
    let mut out = std::io::stdout().lock();
    let name = input.display().to_string();
    let lines = stats_lines(&header, &tally, size, &name, &state);
    out.write_all(lines.as_bytes())
        .map_err(|e| CliError::Usage(e.to_string()))
}

/// What `--stats` counts of an index's games.
#[derive(Debug, Default)]
struct Tally {
    /// Games searched always.
    scan: u64,
    /// Main-line plies.
    plies: u64,
    /// Their packed bytes.
    move_bytes: u64,
    /// Bytes of the positions' keys' filters.
    key_bytes: u64,
    /// The distinct tag values (the string table's).
    values: u64,
    /// Tags whose value was not kept.
    not_kept: u64,
    /// Per flag bit, the games (not searched always) with it.
    flags: [u64; 16],
    /// Games (not searched always) with a promotion.
    promotions: u64,
    /// Games with a position without queens.
    queens_gone: u64,
    /// Games (not searched always) castling queen-side without queens, by the plies.
    long_castle_without_queens: u64,
    /// Positions in check (of the games not searched always).
    checks: u64,
    /// Games with 3 positions in check in a row.
    three_checks_in_a_row: u64,
    /// Games with 3 positions in check in a row two plies apart (one side checked).
    three_checks_of_one_side: u64,
}

/// The header of the index at `path` and what [`Tally`] counts, its games read one at a
/// time (`index::reader::visit_games`: each part checked against its CRC-32), its tags
/// checked against its string table.
fn tally_index(path: &Path) -> Result<(Header, Tally), IndexError> {
    use cqlq::index::format::TAG_NOT_KEPT;
    use cqlq::index::reader::{
        Columns, IndexFile, check_tags, read_header, read_strings, visit_games,
    };
    use cqlq::index::summary as s;
    let file = IndexFile::open(path)?;
    let header = read_header(&file)?;
    let mut tally = Tally {
        values: read_strings(&file, &header, |_| {})?,
        ..Tally::default()
    };
    let max_tag = visit_games(&file, &header, Columns::ALL, |game| {
        let summary = game.summary;
        // A game searched always has its flags only.
        if summary.must_scan() {
            tally.scan += 1;
            return;
        }
        tally.plies += u64::from(summary.plies);
        tally.move_bytes += game.moves.len() as u64;
        tally.key_bytes += game.keys.len() as u64;
        tally.not_kept += summary.tags.iter().filter(|&&t| t == TAG_NOT_KEPT).count() as u64;
        for (bit, n) in tally.flags.iter_mut().enumerate() {
            *n += u64::from(summary.flags >> bit & 1);
        }
        tally.promotions += u64::from(summary.flags & (s::PROMOTE_KNIGHT * 0b1111) != 0);
        tally.queens_gone += u64::from(summary.queens_gone != 0);
        tally.long_castle_without_queens +=
            u64::from(cqlq::index::prune::long_castle_without_queens(summary));
        tally.checks += u64::from(summary.checks);
        tally.three_checks_in_a_row += u64::from(summary.check_run >= 3);
        tally.three_checks_of_one_side += u64::from(summary.same_side_check_run >= 3);
    })?;
    check_tags(max_tag, tally.values)?;
    Ok((header, tally))
}

/// The `--stats` report of the index whose header is `header` and whose games `tally`
/// counts (a file of `size` bytes) of the PGN named `name`.
fn stats_lines(header: &Header, tally: &Tally, size: u64, name: &str, state: &str) -> String {
    use cqlq::index::summary as s;
    let games = header.games;
    let count = |flag: u32| tally.flags[flag.trailing_zeros() as usize];
    let of_text = match header.text {
        cqlq::index::format::Text::Plain => String::new(),
        cqlq::index::format::Text::Zstd { size: text } => format!(
            "{:.1} % of its {text} decompressed bytes, ",
            percent(size, text)
        ),
    };
    let mut text = format!(
        "index of {name} ({state})\n\
         size: {size} bytes ({:.1} % of the PGN's {} bytes, {of_text}{:.1} bytes a game)\n\
         games: {games}, searched always (faults, variants, set-up starts): {}\n\
         main-line moves packed: {} in {} bytes; positions in check: {}\n\
         distinct tag values ({}): {}; tags whose value was not kept (the table full): {}\n",
        percent(size, header.source.size),
        header.source.size,
        if games == 0 {
            0.0
        } else {
            size as f64 / games as f64
        },
        tally.scan,
        tally.plies,
        tally.move_bytes,
        tally.checks,
        s::TAG_NAMES.join(", "),
        tally.values,
        tally.not_kept,
    );
    if header.keys {
        text.push_str(&format!(
            "positions' keys: a filter a game, {} bytes ({:.1} % of the PGN)\n",
            tally.key_bytes,
            percent(tally.key_bytes, header.source.size)
        ));
    } else {
        text.push_str("positions' keys: none (cqlq index --keys keeps them)\n");
    }
    for (what, n) in [
        ("with a check", count(s::CHECK)),
        (
            "with 3 positions in check in a row",
            tally.three_checks_in_a_row,
        ),
        (
            "with 3 positions in check two plies apart in a row",
            tally.three_checks_of_one_side,
        ),
        ("with a mate", count(s::MATE)),
        ("with a stalemate", count(s::STALEMATE)),
        ("with a capture", count(s::CAPTURE)),
        ("with en passant", count(s::EN_PASSANT)),
        ("castling king-side", count(s::CASTLE_KING_SIDE)),
        ("castling queen-side", count(s::CASTLE_QUEEN_SIDE)),
        ("with a promotion", tally.promotions),
        ("with variations", count(s::VARIATIONS)),
        ("with a position without queens", tally.queens_gone),
        (
            "castling queen-side without queens (by the plies: at most)",
            tally.long_castle_without_queens,
        ),
    ] {
        text.push_str(&format!("games {what}: {n}\n"));
    }
    text
}
