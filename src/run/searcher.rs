//! The driver: [`run`] opens each input, splits it into game slices (or, for a file with a
//! usable index, takes the slices of the games the index leaves), searches them in
//! parallel batches (per game, the one dispatch between the one-pass search and the careful
//! path) and pushes each game's result, in input order, into the run's [`Sink`]s. It writes
//! no byte itself.

use std::io::{self, Write};

use super::driver::{Delivery, GameWork, drive};

use super::{
    BATCH_GAMES, CarriedCell, GameOutput, InputName, RunConfig, last_game, one_pass, process_game,
    workers,
};
use crate::index::use_index::{IndexedInput, Replays, Survivor, SurvivorBlock};
use crate::input::byte_range::{ShardPlace, open_shard};
use crate::input::{self, Input};
use crate::ir::Node;
use crate::output::counter::{Counter, CounterOptions};
use crate::output::sink::{Flow, Sink, Summary};
use crate::output::split::SplitWriter;
use crate::output::writers::{OrderedWriter, SortedWriter, SplitFiles};
use crate::output::{Format, progress};
use crate::pgn::{ReadSoFar, split_games};
use crate::rules::infinite::is_icn;
use workers::WorkerState;

/// The run's sinks: the progress display, in front of the counter, in front of the writer.
type RunSink<'a> = progress::Progress<Counter<'a, Box<dyn Sink + 'a>>>;

/// One run's driver: where it stands in its inputs, what it carries between games and
/// batches, and the sinks its results go to.
pub(super) struct Searcher<'a> {
    pub(super) config: &'a RunConfig,
    /// Where the games' results go.
    pub(super) out: Sinks<'a>,
    /// How each game is searched, shared by the workers.
    pub(super) search: GameSearch<'a>,
}

/// How each game of a run is searched: what the workers share from batch to batch.
pub(super) struct GameSearch<'a> {
    config: &'a RunConfig,
    /// What a query with persistent variables or dictionaries carries between games.
    carried: Option<CarriedCell>,
    /// How the one-pass search runs, when the query and options allow it.
    one_pass: Option<one_pass::OnePass>,
    /// The one-pass search's filter compiled, when it can be (`one_pass::compiled_for`).
    compiled: Option<crate::eval::compiled::Test<'a, crate::rules::standard::Standard>>,
    /// The workers' state (scratch, engine), kept from batch to batch.
    pub(super) workers: workers::Pool,
}

impl<'a> GameSearch<'a> {
    /// The games of `data`, whose first byte is at `offset` in the input `name`.
    fn over<'s>(&'s self, data: &'s [u8], offset: u64, name: &'s InputName) -> PgnSearch<'s, 'a> {
        PgnSearch {
            search: self,
            data,
            offset,
            name,
            stopped_at: std::sync::atomic::AtomicU64::new(u64::MAX),
        }
    }

    /// Whether games are searched one after the other, in input order (values carried
    /// between them), not in parallel.
    fn in_order(&self) -> bool {
        self.carried.is_some()
    }
}

/// The search's [`Delivery`]: its sinks, and what the run knows besides the games.
pub(super) struct Sinks<'a> {
    config: &'a RunConfig,
    /// Where the games' results go.
    sink: RunSink<'a>,
    /// What the run knows besides the games: inputs it could not read, an abort before the
    /// first game.
    outside: Summary,
    /// A sink stopped the run (`--limit`, a failed `assert`), or it was aborted before.
    halted: bool,
    bytes_before_input: u64,
    /// For a compressed input: the compressed bytes read when the chunk being searched was
    /// made (the progress bar counts compressed bytes for it).
    pub(super) compressed_position: Option<u64>,
}

/// Whether a search of `config` replays the main lines of the games an index leaves from
/// their packed moves (`one_pass::search_packed`: the queries and options the one-pass
/// search takes), so that an index pays even where it skips no game: in `--count` and
/// `--gamenumbers` always, in PGN and JSON where many games are left (a matched game is
/// read from its text there too: `Replays::WhereManyLeft`).
pub fn replays_packed_moves(config: &RunConfig) -> Replays {
    if one_pass::one_pass_for(config).is_none() {
        return Replays::No;
    }
    match config.format {
        Format::Count | Format::GameNumbers => Replays::Always,
        Format::Pgn | Format::Json => Replays::WhereManyLeft,
        _ => Replays::No,
    }
}

/// Runs the query over every input, writing matches to `out` and messages to stderr.
/// A broken pipe on `out` is returned as an error of kind `BrokenPipe`.
pub fn run(config: &RunConfig, out: &mut dyn Write) -> io::Result<Summary> {
    // The inputs' bytes together, for the progress bar; standard input has no size: a
    // spinner instead of a bar.
    let reads_stdin = config.inputs.contains(&Input::Stdin);
    let bytes = (!reads_stdin).then(|| config.inputs.iter().filter_map(Input::size).sum());
    let display = progress::bar(config.progress, bytes);
    if let Some(notice) =
        progress::stdin_notice(reads_stdin, std::io::IsTerminal::is_terminal(&io::stdin()))
    {
        display.suspend(|| eprintln!("{notice}"));
    }
    let terminal = config.terminal_stdout.then(|| display.clone());
    let mut ordered = OrderedWriter::new(out, config.format, terminal);
    ordered.start(config.fairy_query.program().text())?;
    let mut writer: Box<dyn Sink + '_> = match config.split.clone() {
        Some(spec) => Box::new(SplitFiles::new(SplitWriter::new(spec), ordered)),
        None => Box::new(ordered),
    };
    // A query only fairy boards can run has a stand-in 8x8 filter: ask its fairy form.
    let sorted = config.sort_by_match_count
        || super::has_sort(&config.filter)
        || (config.standard_refusal.is_some()
            && config
                .fairy_query
                .any_board_has(|n| matches!(n, Node::Sort(_))));
    if sorted {
        writer = Box::new(SortedWriter::new(writer));
    }
    let options = CounterOptions {
        files: &config.env.files,
        show_matches: config.show_matches,
        sort_by_match_count: config.sort_by_match_count,
        limit: config.limit,
    };
    let counter = Counter::new(options, display.clone(), writer);
    let one_pass = one_pass::one_pass_for(config);
    let mut searcher = Searcher {
        config,
        out: Sinks {
            config,
            sink: progress::Progress::new(display, counter),
            outside: Summary::default(),
            halted: false,
            bytes_before_input: 0,
            compressed_position: None,
        },
        search: GameSearch {
            config,
            carried: crate::eval::carried_globals(&config.filter)
                .map(|g| std::sync::Mutex::new(crate::eval::Carried::new(g))),
            one_pass,
            compiled: one_pass.and_then(|mode| one_pass::compiled_for(config, mode)),
            workers: workers::Pool::default(),
        },
    };
    if last_game::uses_last_game_number(config) {
        match last_game::last_game_number(config) {
            Ok(n) => {
                let _ = config.last_game_number.set(n);
            }
            Err(e) => {
                searcher.out.outside.aborted = Some(e.to_string());
                searcher.out.halted = true;
            }
        }
    }
    for input in &config.inputs {
        if searcher.out.stopped() {
            break;
        }
        let name = input.name();
        let games_before = searcher.out.counts().games;
        let result = searcher.search_input(input, &name);
        searcher.out.compressed_position = None;
        if let Err(e) = result {
            searcher.out.report_input_error(e, &name)?;
        } else if searcher.out.counts().games == games_before && !searcher.out.stopped() {
            searcher.out.tell(&format!("cqlq: no games in {name}"));
        }
        searcher.out.bytes_before_input += input.size().unwrap_or(0);
    }
    searcher.finish()
}

impl Sinks<'_> {
    /// The games counted so far (their number, the matched ones).
    pub(super) fn counts(&self) -> &Summary {
        self.sink.inner().counts()
    }

    /// Delivers `n` games read and not matched at once (games an index skipped, in their
    /// places); a sink may stop the run.
    pub(super) fn take_unmatched(&mut self, n: u64) -> io::Result<()> {
        if self.sink.unmatched_games(n)? == Flow::Stop {
            self.halted = true;
        }
        Ok(())
    }

    /// Writes a line on stderr, the progress display cleared.
    pub(super) fn tell(&self, line: &str) {
        self.sink.display().suspend(|| eprintln!("{line}"));
    }

    /// Reports an input that could not be read, and goes on to the next input; the output's
    /// own failures (a full disk, a closed pipe) end the run.
    pub(super) fn report_input_error(&mut self, e: io::Error, name: &str) -> io::Result<()> {
        // The output's failures (a full disk) end the run, named as the output's.
        if e.kind() == io::ErrorKind::BrokenPipe || crate::output::files::is_output_error(&e) {
            return Err(e);
        }
        let mut advice = crate::input::io_advice(e.kind()).to_string();
        if matches!(
            e.kind(),
            io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied
        ) {
            advice.push_str("; the other inputs are searched");
        }
        match (e.get_ref()).and_then(|e| e.downcast_ref::<crate::input::NotPgn>()) {
            Some(not_pgn) => self.tell(&format!("cqlq: {name} {not_pgn}")),
            None => self.tell(&format!("cqlq: {name}: {e} ({advice})")),
        }
        // Counted: the run fails.
        self.outside.unreadable_inputs += 1;
        Ok(())
    }
}

impl Delivery<GameOutput> for Sinks<'_> {
    /// Whether the run stops: a sink stopped it (`--limit` matched games written, a failed
    /// `assert`), it was aborted before the first game, or it was told to stop
    /// ([`RunConfig::stop`]).
    fn stopped(&self) -> bool {
        self.halted
            || (self.config.stop.as_ref())
                .is_some_and(|stop| stop.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Games per parallel batch: [`BATCH_GAMES`], or under `--limit` about twice the
    /// matched games still wanted (at least four per thread), so that little is evaluated
    /// past the limit.
    fn batch_games(&self) -> usize {
        match self.config.limit {
            None => BATCH_GAMES,
            Some(limit) => {
                let wanted = limit.saturating_sub(self.counts().matched_games);
                let wanted = usize::try_from(wanted.saturating_mul(2)).unwrap_or(BATCH_GAMES);
                wanted
                    .max(4 * rayon::current_num_threads())
                    .min(BATCH_GAMES)
            }
        }
    }

    fn delivered(&self) -> u64 {
        self.counts().games
    }

    /// Pushes one game's result, in input order, into the sinks; they may stop the run.
    fn take(&mut self, game: GameOutput) -> io::Result<()> {
        if self.sink.game(game)? == Flow::Stop {
            self.halted = true;
        }
        Ok(())
    }

    /// The progress display moved on to the batch's end (for a compressed input, to the
    /// compressed bytes read when its chunk was made).
    fn batch_delivered(&mut self, end: Option<u64>) {
        if let Some(end) = end {
            let read = self.compressed_position.unwrap_or(end);
            self.sink.read_to(self.bytes_before_input + read);
        }
    }
}

/// One buffer's games searched: per game, the one dispatch between the one-pass search and
/// the careful path.
struct PgnSearch<'s, 'a> {
    search: &'s GameSearch<'a>,
    /// The buffer, whose first byte is at `offset` in the input `name`.
    data: &'s [u8],
    offset: u64,
    name: &'s InputName,
    /// The first game (by number) whose evaluation stopped the run (a loop budget, a
    /// failed `assert`): no later game is started, in this batch or after it.
    stopped_at: std::sync::atomic::AtomicU64,
}

impl PgnSearch<'_, '_> {
    /// Searches game `number`, the bytes `range` of the buffer; its main line replayed from
    /// `packed`, the index's packed moves, when given and the one-pass search can (else, or
    /// when the replay gives up, from its text).
    fn one(
        &self,
        worker: &mut workers::WorkerState,
        range: &std::ops::Range<usize>,
        number: u64,
        packed: Option<&[u8]>,
    ) -> GameOutput {
        let search = self.search;
        let config = search.config;
        let slice = &self.data[range.clone()];
        if number > self.stopped_at.load(std::sync::atomic::Ordering::Relaxed) {
            return GameOutput::default();
        }
        // The one-pass search when it can decide the game, else the careful path (which
        // reports a game over --max-game-bytes, and a game cut short after its tags).
        let small = slice.len() as u64 <= config.limits.max_game_bytes
            && !crate::pgn::split::ends_in_tags(slice);
        let at = self.offset + range.start as u64;
        let compiled = search.compiled.as_ref();
        let searched = match search.one_pass.filter(|_| small) {
            Some(mode) => {
                let mode = (mode, compiled);
                // Where a matched game is written whole, its packed moves are replayed first
                // only while they pay (`one_pass::MatchRate`).
                let writes_game = matches!(config.format, Format::Pgn | Format::Json);
                let packed = packed.filter(|_| !writes_game || worker.match_rate.packed_pays());
                let packed = packed.and_then(|packed| {
                    one_pass::search_packed(config, mode, (slice, packed), number, worker)
                });
                let output = match packed {
                    Some(output) => Ok(output),
                    None => one_pass::search(config, mode, slice, number, worker).map_err(Some),
                };
                if let Ok(output) = &output {
                    worker.match_rate.note(output.matched);
                }
                output
            }
            None => Err(None),
        };
        // The careful path reads on from where the one-pass search stopped.
        let carried = search.carried.as_ref();
        let output = match searched {
            Ok(output) => output,
            Err(None) => {
                let game = (slice, &ReadSoFar::NOTHING);
                process_game(config, game, number, at, self.name, carried, &worker.eval)
            }
            Err(Some(stopped)) => {
                let game = (slice, &worker.scratch.so_far(&stopped));
                let output =
                    process_game(config, game, number, at, self.name, carried, &worker.eval);
                worker.scratch.give_back(stopped.tokens);
                output
            }
        };
        if output.fatal.is_some() {
            (self.stopped_at).fetch_min(number, std::sync::atomic::Ordering::Relaxed);
        }
        output
    }
}

impl GameWork<std::ops::Range<usize>> for PgnSearch<'_, '_> {
    type Done = GameOutput;

    /// In parallel; with values carried between games, one game after the other in input
    /// order.
    fn batch(&self, batch: &[std::ops::Range<usize>], before: u64) -> Vec<GameOutput> {
        let first = before + self.search.config.shard.first_game_number;
        let one = |worker: &mut WorkerState, k: usize, r: &std::ops::Range<usize>| {
            self.one(worker, r, first + k as u64, None)
        };
        (self.search.workers).map(batch, self.search.in_order(), one)
    }

    fn end_of(&self, game: &std::ops::Range<usize>) -> Option<u64> {
        Some(self.offset + game.end as u64)
    }
}

impl Searcher<'_> {
    /// The number of the next game delivered (games are numbered across the inputs, from
    /// `--first-game-number`).
    pub(super) fn next_game_number(&self) -> u64 {
        self.out.delivered() + self.config.shard.first_game_number
    }

    /// After the last input: the persistent variables' values, and the sinks' ends.
    fn finish(mut self) -> io::Result<Summary> {
        let mut outside = std::mem::take(&mut self.out.outside);
        if let Some(carried) = &self.search.carried {
            let carried = carried.lock().unwrap_or_else(|e| e.into_inner());
            outside.persistent = carried.report();
        }
        self.out.sink.finish(outside)
    }

    /// Opens one input (mapped, a stream, a shard of it) and searches its games.
    fn search_input(&mut self, input: &Input, name: &str) -> io::Result<()> {
        if self.config.shard != ShardPlace::default()
            && let Some(searched) = self.indexed_shard(input, name)
        {
            return searched;
        }
        let opened = if self.config.shard == ShardPlace::default() {
            input::open_input(input)
        } else {
            open_shard(input, &self.config.shard).map(input::Opened::Stream)
        };
        let index = self.config.index.clone();
        let indexed = index.as_ref().and_then(|ix| ix.input(name));
        let named = |decompressed| InputName {
            name: name.to_string(),
            decompressed,
        };
        opened.and_then(|opened| match (opened, input) {
            (input::Opened::Stream(stream), _) => {
                let named = named(stream.compression.is_some());
                match indexed {
                    Some(indexed) if self.streams_indexed(&stream, indexed) => {
                        self.indexed_stream(stream, indexed, &named)
                    }
                    _ => self.stream(stream, &named),
                }
            }
            (input::Opened::Mapped(Some(map)), Input::File(path)) if is_icn(path, &map) => {
                self.icn_games(&map, name)
            }
            (input::Opened::Mapped(Some(map)), _) => match indexed {
                Some(indexed) if indexed.fits(map.len()) => {
                    self.indexed_games(&map, indexed, &named(false))
                }
                _ => (self.games(&map, 0, split_games(&map), &named(false))).map(|_| ()),
            },
            (input::Opened::Mapped(None), _) => Ok(()),
        })
    }

    /// A shard of a plain file (`--byte-range`, `--first-game-number`; not `--input-offset`)
    /// searched through its index, when the file has a usable one whose games are the
    /// shard's (`IndexedInput::fits_shard`); None: searched as without an index.
    fn indexed_shard(&mut self, input: &Input, name: &str) -> Option<io::Result<()>> {
        let index = self.config.index.clone()?;
        let indexed = index.input(name)?;
        let Input::File(path) = input else {
            return None;
        };
        if self.config.shard.input_offset != 0 {
            return None;
        }
        let Ok(input::Opened::Mapped(Some(map))) = input::open_input(input) else {
            return None;
        };
        if is_icn(path, &map) || !indexed.fits_shard(&map) {
            return None;
        }
        let named = InputName {
            name: name.to_string(),
            decompressed: false,
        };
        Some(self.indexed_games(&map, indexed, &named))
    }

    /// Processes `games`, byte ranges of `data` (whose first byte is at `offset` in the
    /// input). Returns the bytes used.
    pub(super) fn games(
        &mut self,
        data: &[u8],
        offset: u64,
        games: impl Iterator<Item = std::ops::Range<usize>> + Send,
        name: &InputName,
    ) -> io::Result<usize> {
        let work = self.search.over(data, offset, name);
        // Without `--limit` (whose batch size follows the matches) and without values carried
        // from game to game, the next batch is split while this one is searched. Split
        // lazily, a batch at a time, so that a run stopped by `--limit` reads no further.
        let prefetch = self.config.limit.is_none() && !self.search.in_order();
        let end = drive(&work, &mut self.out, games, prefetch)?;
        Ok(end.map_or(0, |end| (end - offset) as usize))
    }

    /// Searches the games of the whole file `data` its index says the query may match (no
    /// split of the file: the index's game slices); the others are counted as read.
    fn indexed_games(
        &mut self,
        data: &[u8],
        indexed: &IndexedInput,
        name: &InputName,
    ) -> io::Result<()> {
        let mut part = IndexedPart {
            first: self.next_game_number(),
            read: 0,
        };
        for block in indexed.survivor_blocks() {
            if self.out.stopped() {
                break;
            }
            let block = block?;
            self.indexed_part(data, 0, &block, &block.survivors, &mut part, name)?;
        }
        self.indexed_end(&part, indexed, data.len() as u64)
    }

    /// Searches the games `survivors` of an indexed input (of `block`, which holds their
    /// packed moves), which lie in `data` (whose first byte is at `base` in the input's
    /// text); the games the index skipped before each are delivered as read first
    /// (`part.read`: the input's games delivered so far).
    pub(super) fn indexed_part(
        &mut self,
        data: &[u8],
        base: u64,
        block: &SurvivorBlock,
        survivors: &[Survivor],
        part: &mut IndexedPart,
        name: &InputName,
    ) -> io::Result<()> {
        let work = IndexedSearch {
            block,
            search: self.search.over(data, base, name),
            first: part.first,
            base,
        };
        let mut counted = Counted {
            sinks: &mut self.out,
            read: part.read,
        };
        drive(&work, &mut counted, survivors.iter().copied(), false)?;
        part.read = counted.read;
        Ok(())
    }

    /// After an indexed input's last survivor: its skipped games after it delivered as read,
    /// and the input's bytes, to `end`, as done.
    pub(super) fn indexed_end(
        &mut self,
        part: &IndexedPart,
        indexed: &IndexedInput,
        end: u64,
    ) -> io::Result<()> {
        let mut counted = Counted {
            sinks: &mut self.out,
            read: part.read,
        };
        counted.read_to(indexed.games)?;
        counted.sinks.batch_delivered(Some(end));
        Ok(())
    }
}

/// Where the search of an indexed input stands: its first game's number, and its games
/// delivered so far.
pub(super) struct IndexedPart {
    /// The number of the input's first game.
    pub(super) first: u64,
    /// The input's games delivered (searched, or skipped and counted as read).
    pub(super) read: u64,
}

/// The most survivors of an index a batch gives each thread ([`Counted`]'s batch).
const SURVIVORS_A_THREAD: usize = 64;

/// The games an index leaves to search in one file, searched as [`PgnSearch`] searches
/// the games of a split file: each numbered by its place among the file's games.
struct IndexedSearch<'s, 'a> {
    /// The survivors' packed moves.
    block: &'s SurvivorBlock,
    search: PgnSearch<'s, 'a>,
    /// The number of the file's first game.
    first: u64,
    /// Where `search`'s bytes start in the input's text.
    base: u64,
}

impl GameWork<Survivor> for IndexedSearch<'_, '_> {
    type Done = (u64, GameOutput);

    /// Each game's place in the file and its result, as [`PgnSearch`]'s batch.
    fn batch(&self, batch: &[Survivor], _before: u64) -> Vec<(u64, GameOutput)> {
        let one = |worker: &mut WorkerState, _: usize, game: &Survivor| {
            let start = game.offset - self.base;
            let range = start as usize..(start + u64::from(game.length)) as usize;
            let number = self.first + game.position;
            let packed = self.block.packed_moves(game);
            (
                game.position,
                self.search.one(worker, &range, number, packed),
            )
        };
        let search = self.search.search;
        (search.workers).map(batch, search.in_order(), one)
    }

    fn end_of(&self, game: &Survivor) -> Option<u64> {
        Some(game.offset + u64::from(game.length))
    }
}

/// The search's sinks fed from an index: before each searched game, the games the index
/// skipped since the one before are delivered as read and unmatched (as the scan would
/// deliver them), so counts, game numbers and `--limit`'s stop are the scan's.
struct Counted<'c, 'a> {
    sinks: &'c mut Sinks<'a>,
    /// The file's games delivered so far.
    read: u64,
}

impl Counted<'_, '_> {
    /// Delivers the skipped games up to the file's game `position` (not included), at once
    /// (`Sink::unmatched_games`: counted as the scan counts games it does not match).
    fn read_to(&mut self, position: u64) -> io::Result<()> {
        if self.read < position && !self.sinks.stopped() {
            let before = self.sinks.delivered();
            self.sinks.take_unmatched(position - self.read)?;
            self.read += self.sinks.delivered() - before;
        }
        Ok(())
    }
}

impl Delivery<(u64, GameOutput)> for Counted<'_, '_> {
    fn stopped(&self) -> bool {
        self.sinks.stopped()
    }

    /// The search's batch, at most [`SURVIVORS_A_THREAD`] survivors a thread: an index's
    /// survivors mostly match, and a batch's written games are held until it is delivered,
    /// so a smaller batch keeps reusing the same memory rather than touching fresh pages
    /// (each a page fault, a few microseconds).
    fn batch_games(&self) -> usize {
        let threads = rayon::current_num_threads().max(1);
        (self.sinks.batch_games()).min(SURVIVORS_A_THREAD.saturating_mul(threads))
    }

    fn delivered(&self) -> u64 {
        self.sinks.delivered()
    }

    fn take(&mut self, (position, game): (u64, GameOutput)) -> io::Result<()> {
        self.read_to(position)?;
        if !self.sinks.stopped() {
            self.sinks.take(game)?;
            self.read += 1;
        }
        Ok(())
    }

    fn batch_delivered(&mut self, end: Option<u64>) {
        self.sinks.batch_delivered(end);
    }
}
