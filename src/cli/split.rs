//! `cqlq split`: one PGN file (plain or compressed) cut at game starts into shards for a
//! cluster. `-o DIR` rewrites it as independent `.pgn.zst` files of whole games (their
//! concatenation is the file's text) with a manifest of their first game numbers; `--plan`
//! only prints the shards' byte ranges and game numbers of a plain file, for `--byte-range`.
//! Both read a streamed input once, holding one chunk and the longest game; a plain file is
//! mapped, and its plan then cuts only where `--byte-range` on the file finds the same game
//! start (so `cqlq --byte-range A-B FILE` and the bytes `[A, B)` sent with `--input-offset A`
//! search the same games).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use super::TROUBLE;
use super::failure::CliError;
use cqlq::input::Input;
use cqlq::input::byte_range::{CutStart, game_start_at_or_after};
use cqlq::input::{Opened, open_input};
use cqlq::output::temp_files;
use cqlq::pgn::{CHUNK_BYTES, ChunkedGames, split_games};

/// cqlq split: cut a PGN file at game starts into shards for a cluster.
#[derive(Parser, Debug)]
#[command(
    name = "cqlq split",
    bin_name = "cqlq split",
    about = "Cut a PGN file (plain or compressed) at game starts into shards of whole games",
    after_help = "Examples:\n  cqlq split lichess_db_standard_rated_2024-01.pgn.zst --shards 64 -o shards/\n  \
cqlq split games.pgn --plan --shards 8\n\nWith -o, DIR gets NAME.00000.pgn.zst, NAME.00001.pgn.zst, ... \
(shards of consecutive games; decompressed and concatenated they are the input's text) and \
NAME.shards.jsonl: one line per shard with its file, its first game's number in the input and \
its number of games. With --plan, nothing is written: one JSON line per shard of a plain file \
gives its byte range [start, end) (cut at game starts), first game number and number of games, \
for `cqlq --byte-range start-end --first-game-number N`. Exit status: 0 done, 2 trouble."
)]
pub struct SplitCli {
    /// The PGN file (`.pgn`, `.pgn.zst`, `.pgn.gz`, `.pgn.bz2`); `-`: standard input.
    #[arg(value_name = "FILE")]
    pub input: PathBuf,

    /// About how many shards: the input's (compressed) size divided by N per shard.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub shards: Option<u64>,

    /// Bytes of input per shard (instead of --shards; needed for standard input).
    #[arg(long, value_name = "BYTES", value_parser = clap::value_parser!(u64).range(1..))]
    pub shard_bytes: Option<u64>,

    /// The folder for the shards and their manifest (made if missing).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "DIR",
        required_unless_present = "plan"
    )]
    pub output: Option<PathBuf>,

    /// Print the shards' byte ranges of a plain file as JSON lines; write nothing.
    #[arg(long, conflicts_with = "output")]
    pub plan: bool,

    /// The zstd compression level of the shards.
    #[arg(long, value_name = "LEVEL", default_value_t = 3)]
    pub level: i32,
}

/// Runs `cqlq split` with the arguments after `split`.
pub fn main() -> ExitCode {
    let cli = SplitCli::parse_from(
        std::iter::once(std::ffi::OsString::from("cqlq split")).chain(std::env::args_os().skip(2)),
    );
    match split(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("cqlq split: {message}");
            ExitCode::from(TROUBLE)
        }
    }
}

/// One shard as it is cut: its first byte, first game and games.
#[derive(Clone, Copy, Debug, Default)]
struct ShardCount {
    start: u64,
    first_game: u64,
    games: u64,
}

/// Where the shards go: printed ranges (`--plan`) or `.pgn.zst` files.
trait ShardSink {
    /// The bytes `[from, from + bytes.len())` belong to the current shard.
    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()>;
    /// The current shard is complete and ends at file byte `end`.
    fn close(&mut self, shard: ShardCount, end: u64) -> io::Result<()>;
}

/// `cqlq split`'s work: the input opened, cut and written.
fn split(cli: &SplitCli) -> Result<(), CliError> {
    let at_input = |e: io::Error| CliError::File {
        path: cli.input.clone(),
        reason: e.to_string(),
    };
    let input = if cli.input.as_os_str() == "-" {
        Input::Stdin
    } else {
        Input::File(cli.input.clone())
    };
    let per_shard = match (cli.shard_bytes, cli.shards, &input) {
        (Some(bytes), _, _) => bytes,
        (None, Some(n), Input::File(path)) => {
            let size = std::fs::metadata(path).map_err(at_input)?.len();
            size.div_ceil(n).max(1)
        }
        (None, Some(_), Input::Stdin | Input::Text { .. }) => {
            return Err(CliError::Usage(
                "standard input has no size to divide: give --shard-bytes".into(),
            ));
        }
        (None, None, _) => {
            return Err(CliError::Usage(
                "give --shards N or --shard-bytes BYTES".into(),
            ));
        }
    };
    let opened = open_input(&input).map_err(at_input)?;
    if cli.plan {
        if matches!(&opened, Opened::Stream(s) if s.compression.is_some()) {
            return Err(CliError::File {
                path: cli.input.clone(),
                reason: "--plan gives byte ranges of plain PGN, and this file is compressed: \
                         cut it with -o DIR instead"
                    .into(),
            });
        }
        let stdout = io::stdout();
        let mut plan = Plan {
            out: io::BufWriter::new(stdout.lock()),
        };
        cut(opened, per_shard, &mut plan).map_err(at_input)?;
        return plan.out.flush().map_err(CliError::Io);
    }
    let dir = cli
        .output
        .as_deref()
        .expect("clap requires -o without --plan");
    let at_dir = |e: io::Error| CliError::File {
        path: dir.to_path_buf(),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(at_dir)?;
    let mut files = ZstShards {
        dir: dir.to_path_buf(),
        stem: stem_of(&cli.input),
        level: cli.level,
        current: None,
        index: 0,
        manifest: Vec::new(),
    };
    cut(opened, per_shard, &mut files).map_err(at_input)?;
    files.write_manifest().map_err(at_dir)
}

/// The shards' name stem: the file name less `.pgn` and a compression ending.
fn stem_of(path: &Path) -> String {
    let name = path
        .file_name()
        .map_or("stdin".into(), |n| n.to_string_lossy().into_owned());
    let mut stem = name.as_str();
    for ending in [".zst", ".gz", ".bz2", ".pgn"] {
        if stem.to_ascii_lowercase().ends_with(ending) {
            stem = &stem[..stem.len() - ending.len()];
        }
    }
    if stem.is_empty() { "games" } else { stem }.to_string()
}

/// Cuts the input's games into shards of about `per_shard` bytes (compressed bytes for a
/// compressed input), each cut at a game start.
fn cut(opened: Opened, per_shard: u64, sink: &mut dyn ShardSink) -> io::Result<()> {
    let mut cutter = Cutter {
        per_shard,
        shard: ShardCount {
            first_game: 1,
            ..ShardCount::default()
        },
        games: 0,
        written: 0,
        measure_start: 0,
    };
    match opened {
        Opened::Mapped(None) => {}
        Opened::Mapped(Some(map)) => {
            cutter.games(&map, 0, split_games(&map), None, true, sink)?;
        }
        Opened::Stream(mut stream) => {
            let compressed = stream.compression.is_some();
            let mut text = ChunkedGames::new(0, None);
            loop {
                let (chunk, fault) = cqlq::input::read_chunk(&mut stream.reader, CHUNK_BYTES);
                if let Some(e) = fault {
                    return Err(e);
                }
                let at_end = chunk.len() < CHUNK_BYTES;
                text.push(chunk, at_end);
                let (data, offset) = (text.text(), text.base());
                // Compressed and decompressed bytes read so far.
                let read = compressed.then(|| {
                    let consumed = stream.consumed.load(std::sync::atomic::Ordering::Relaxed);
                    (consumed, offset + data.len() as u64)
                });
                let used = cutter.games(data, offset, text.games(), read, at_end, sink)?;
                if at_end {
                    break;
                }
                text.consume(used);
            }
        }
    }
    let end = cutter.written;
    if cutter.games > 0 || end > 0 {
        sink.close(cutter.shard, end)?;
    }
    Ok(())
}

/// The cutting state carried across chunks.
struct Cutter {
    per_shard: u64,
    /// The shard being filled.
    shard: ShardCount,
    /// Games met so far.
    games: u64,
    /// Bytes given to the sink so far (the file offset of the next).
    written: u64,
    /// The measure of progress (file bytes, or compressed bytes read) at the shard's start.
    measure_start: u64,
}

impl Cutter {
    /// Takes in `games`, the complete games of `data` (file offset `offset`; `read`: for a
    /// compressed input, the compressed and decompressed bytes read so far; `at_end`: `data`
    /// ends the input); returns the bytes used.
    fn games(
        &mut self,
        data: &[u8],
        offset: u64,
        games: impl Iterator<Item = std::ops::Range<usize>>,
        read: Option<(u64, u64)>,
        at_end: bool,
        sink: &mut dyn ShardSink,
    ) -> io::Result<usize> {
        let mut used = 0;
        // With the whole plain file at hand, a cut is made only at a game start that
        // `--byte-range` on the file resolves to itself (its look-back scan agrees with this
        // whole-file scan there), so a task may run `cqlq --byte-range A-B FILE` on the plan.
        let whole_plain = offset == 0 && at_end && read.is_none();
        let resolves_to_itself = |start: u64| {
            !whole_plain || game_start_at_or_after(data, 0, start, true) == CutStart::At(start)
        };
        for game in games {
            let start = offset + game.start as u64;
            // The measure of progress: file bytes, or for a compressed stream the compressed
            // bytes the game start corresponds to (at the ratio read so far).
            let at = read.map_or(start, |(consumed, decompressed)| {
                (start as u128 * consumed as u128 / decompressed.max(1) as u128) as u64
            });
            if self.shard.games > 0 && at >= self.next_cut() && resolves_to_itself(start) {
                self.measure_start = at;
                let from = (self.written - offset) as usize;
                sink.bytes(&data[from..game.start])?;
                sink.close(self.shard, start)?;
                self.shard = ShardCount {
                    start,
                    first_game: self.games + 1,
                    games: 0,
                };
                self.written = start;
            }
            self.games += 1;
            self.shard.games += 1;
            used = game.end;
        }
        let upto = if at_end { data.len() } else { used };
        let from = (self.written - offset) as usize;
        if upto > from {
            sink.bytes(&data[from..upto])?;
            self.written = offset + upto as u64;
        }
        Ok(used)
    }

    /// Where the current shard should end: the next multiple of the shard size after its start
    /// (so shard k ends at the first game start at or after (k + 1) × size).
    fn next_cut(&self) -> u64 {
        (self.measure_start / self.per_shard + 1) * self.per_shard
    }
}

/// `--plan`: one JSON line per shard.
struct Plan<W: Write> {
    out: W,
}

impl<W: Write> ShardSink for Plan<W> {
    fn bytes(&mut self, _bytes: &[u8]) -> io::Result<()> {
        Ok(())
    }

    fn close(&mut self, shard: ShardCount, end: u64) -> io::Result<()> {
        writeln!(
            self.out,
            "{{\"start\":{},\"end\":{},\"first_game\":{},\"games\":{}}}",
            shard.start, end, shard.first_game, shard.games
        )
    }
}

/// A shard's zstd writer.
type ShardEncoder = zstd::stream::write::Encoder<'static, io::BufWriter<std::fs::File>>;

/// `-o DIR`: each shard a `.pgn.zst` file, written to a temporary name and renamed when
/// complete, and the manifest at the end.
struct ZstShards {
    dir: PathBuf,
    stem: String,
    level: i32,
    /// The shard being written and its temporary path.
    current: Option<(ShardEncoder, PathBuf)>,
    index: usize,
    /// The manifest's lines.
    manifest: Vec<String>,
}

impl ZstShards {
    /// The name of shard `index`.
    fn name(&self, index: usize) -> String {
        format!("{}.{index:05}.pgn.zst", self.stem)
    }

    /// Writes `NAME.shards.jsonl`.
    fn write_manifest(&self) -> io::Result<()> {
        let path = self.dir.join(format!("{}.shards.jsonl", self.stem));
        let mut text = self.manifest.join("\n");
        if !text.is_empty() {
            text.push('\n');
        }
        // Through a temporary file too: the manifest appears whole or not at all.
        let name = path.file_name().unwrap_or_default();
        let (mut file, temp) = temp_files::create_in(&self.dir, name)?;
        let written = file
            .write_all(text.as_bytes())
            .and_then(|()| file.sync_all());
        if let Err(e) = written {
            temp_files::discard(&temp);
            return Err(e);
        }
        temp_files::rename(&temp, &path)
    }
}

impl Drop for ZstShards {
    /// A shard left unfinished (a failed read or write) leaves no temporary file.
    fn drop(&mut self) {
        if let Some((encoder, temp)) = self.current.take() {
            drop(encoder);
            temp_files::discard(&temp);
        }
    }
}

impl ShardSink for ZstShards {
    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.current.is_none() {
            // A random name made with O_EXCL, removed on an interruption (`temp_files`).
            let name = self.name(self.index);
            let (file, temp) = temp_files::create_in(&self.dir, name.as_ref())?;
            let file = io::BufWriter::new(file);
            self.current = Some((zstd::stream::write::Encoder::new(file, self.level)?, temp));
        }
        let (encoder, _) = self.current.as_mut().expect("opened above");
        encoder.write_all(bytes)
    }

    fn close(&mut self, shard: ShardCount, end: u64) -> io::Result<()> {
        if self.current.is_none() {
            self.bytes(&[])?;
        }
        let (encoder, temp) = self.current.take().expect("opened above");
        encoder
            .finish()?
            .into_inner()
            .map_err(|e| e.into_error())?
            .sync_all()?;
        let name = self.name(self.index);
        temp_files::rename(&temp, &self.dir.join(&name))?;
        self.manifest.push(
            serde_json::json!({
                "file": name,
                "first_game": shard.first_game,
                "games": shard.games,
                "start": shard.start,
                "end": end,
            })
            .to_string(),
        );
        self.index += 1;
        Ok(())
    }
}
