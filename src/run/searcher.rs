//! The driver: [`run`] opens each input, splits it into game slices, searches them in
//! parallel batches (per game, the one dispatch between the one-pass search and the careful
//! path) and pushes each game's result, in input order, into the run's [`Sink`]s. It writes
//! no byte itself.

use std::io::{self, Write};

use rayon::prelude::*;

use super::{
    BATCH_GAMES, CarriedCell, GameOutput, Input, InputName, RunConfig, byte_range, icn, input,
    last_game, one_pass, process_game, progress, workers,
};
use crate::ir::Node;
use crate::output::counter::{Counter, CounterOptions};
use crate::output::sink::{Flow, Sink, Summary};
use crate::output::split::SplitWriter;
use crate::output::writers::{OrderedWriter, SortedWriter, SplitFiles};
use crate::pgn::split_games;

/// The run's sinks: the progress display, in front of the counter, in front of the writer.
type RunSink<'a> = progress::Progress<Counter<'a, Box<dyn Sink + 'a>>>;

/// One run's driver: where it stands in its inputs, what it carries between games and
/// batches, and the sinks its results go to.
pub(super) struct Searcher<'a> {
    pub(super) config: &'a RunConfig,
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
    /// What a query with persistent variables or dictionaries carries between games.
    carried: Option<CarriedCell>,
    /// How the one-pass search runs, when the query and options allow it.
    one_pass: Option<one_pass::OnePass>,
    /// The one-pass search's filter compiled, when it can be (`one_pass::compiled_for`).
    compiled: Option<crate::eval::compiled::Test<'a, crate::rules::standard::Standard>>,
    /// The workers' state (scratch, engine), kept from batch to batch.
    pub(super) workers: workers::Pool,
}

/// Runs the query over every input, writing matches to `out` and messages to stderr.
/// A broken pipe on `out` is returned as an error of kind `BrokenPipe`.
pub fn run(config: &RunConfig, out: &mut dyn Write) -> io::Result<Summary> {
    // Standard input has no size: a spinner instead of a bar.
    let reads_stdin = config.inputs.contains(&Input::Stdin);
    let display = progress::bar(config.progress, input_bytes(config));
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
        sink: progress::Progress::new(display, counter),
        outside: Summary::default(),
        halted: false,
        bytes_before_input: 0,
        compressed_position: None,
        carried: crate::eval::carried_globals(&config.filter)
            .map(|g| std::sync::Mutex::new(crate::eval::Carried::new(g))),
        one_pass,
        compiled: one_pass.and_then(|mode| one_pass::compiled_for(config, mode)),
        workers: workers::Pool::default(),
    };
    if last_game::uses_last_game_number(config) {
        match last_game::last_game_number(config) {
            Ok(n) => {
                let _ = config.last_game_number.set(n);
            }
            Err(e) => {
                searcher.outside.aborted = Some(e.to_string());
                searcher.halted = true;
            }
        }
    }
    for input in &config.inputs {
        if searcher.stopped() {
            break;
        }
        let name = input.name();
        let games_before = searcher.counts().games;
        let result = searcher.search_input(input, &name);
        searcher.compressed_position = None;
        if let Err(e) = result {
            searcher.report_input_error(e, &name)?;
        } else if searcher.counts().games == games_before && !searcher.stopped() {
            searcher.tell(&format!("cqlq: no games in {name}"));
        }
        searcher.bytes_before_input += match input {
            Input::File(path) => std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
            Input::Text { pgn, .. } => pgn.len() as u64,
            Input::Stdin => 0,
        };
    }
    searcher.finish()
}

/// The inputs' bytes together (for the progress bar), or None when one is standard input.
fn input_bytes(config: &RunConfig) -> Option<u64> {
    if config.inputs.contains(&Input::Stdin) {
        return None;
    }
    Some(
        config
            .inputs
            .iter()
            .filter_map(|i| match i {
                Input::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
                Input::Text { pgn, .. } => Some(pgn.len() as u64),
                Input::Stdin => None,
            })
            .sum(),
    )
}

impl Searcher<'_> {
    /// The games counted so far (their number, the matched ones).
    pub(super) fn counts(&self) -> &Summary {
        self.sink.inner().counts()
    }

    /// Writes a line on stderr, the progress display cleared.
    pub(super) fn tell(&self, line: &str) {
        self.sink.display().suspend(|| eprintln!("{line}"));
    }

    /// An input that could not be opened or read: counted (the run fails) and told.
    pub(super) fn count_unreadable_input(&mut self) {
        self.outside.unreadable_inputs += 1;
    }

    /// Pushes one game's result, in input order, into the sinks; they may stop the run.
    pub(super) fn take(&mut self, game: GameOutput) -> io::Result<()> {
        if self.sink.game(game)? == Flow::Stop {
            self.halted = true;
        }
        Ok(())
    }

    /// Whether the run stops: a sink stopped it (`--limit` matched games written, a failed
    /// `assert`), it was aborted before the first game, or it was told to stop
    /// ([`RunConfig::stop`]).
    pub(super) fn stopped(&self) -> bool {
        self.halted
            || (self.config.stop.as_ref())
                .is_some_and(|stop| stop.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Games per parallel batch: [`BATCH_GAMES`], or under `--limit` about twice the
    /// matched games still wanted (at least four per thread), so that little is evaluated
    /// past the limit.
    pub(super) fn batch_games(&self) -> usize {
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

    /// After the last input: the persistent variables' values, and the sinks' ends.
    fn finish(mut self) -> io::Result<Summary> {
        let mut outside = std::mem::take(&mut self.outside);
        if let Some(carried) = &self.carried {
            let carried = carried.lock().unwrap_or_else(|e| e.into_inner());
            outside.persistent = carried.report();
        }
        self.sink.finish(outside)
    }

    /// Opens one input (mapped, a stream, a shard of it) and searches its games.
    fn search_input(&mut self, input: &Input, name: &str) -> io::Result<()> {
        let opened = if self.config.shard == byte_range::ShardPlace::default() {
            input::open_input(input)
        } else {
            byte_range::open_shard(input, &self.config.shard).map(input::Opened::Stream)
        };
        opened.and_then(|opened| match (opened, input) {
            (input::Opened::Stream(stream), _) => {
                let named = InputName {
                    name: name.to_string(),
                    decompressed: stream.compression.is_some(),
                };
                self.stream(stream, &named)
            }
            (input::Opened::Mapped(Some(map)), Input::File(path)) if icn::is_icn(path, &map) => {
                self.icn_games(&map, name)
            }
            (input::Opened::Mapped(Some(map)), _) => {
                let named = InputName {
                    name: name.to_string(),
                    decompressed: false,
                };
                self.games(&map, 0, true, &named).map(|_| ())
            }
            (input::Opened::Mapped(None), _) => Ok(()),
        })
    }

    /// Processes the games of `data` (whose first byte is at `offset` in the input); when
    /// `at_end` is false the last game may be incomplete and is left. Returns the bytes used.
    pub(super) fn games(
        &mut self,
        data: &[u8],
        offset: u64,
        at_end: bool,
        name: &InputName,
    ) -> io::Result<usize> {
        // Split lazily, a batch at a time, so that a run stopped by `--limit` reads no further.
        let mut ranges = split_games(data).peekable();
        let mut used = 0;
        let config = self.config;
        // Without `--limit` (whose batch size follows the matches) and without values carried
        // from game to game, the next batch is split while this one is searched.
        let prefetch = config.limit.is_none() && self.carried.is_none();
        let mut split: Option<Vec<_>> = None;
        // The first game (by number) whose evaluation stopped the run (a loop budget, a
        // failed `assert`): no later game is started, in this batch or after it.
        let stopped_at = std::sync::atomic::AtomicU64::new(u64::MAX);
        while !self.stopped() {
            let mut batch: Vec<_> = match split.take() {
                Some(batch) => batch,
                None => ranges.by_ref().take(self.batch_games()).collect(),
            };
            if !at_end && ranges.peek().is_none() {
                batch.pop();
            }
            if batch.is_empty() {
                break;
            }
            let first = self.counts().games + config.shard.first_game_number;
            let one_pass = self.one_pass;
            let compiled = self.compiled.as_ref();
            let one = |worker: &mut workers::Lease, (k, r): (usize, &std::ops::Range<usize>)| {
                let worker = &mut **worker;
                let (slice, number) = (&data[r.clone()], first + k as u64);
                if number > stopped_at.load(std::sync::atomic::Ordering::Relaxed) {
                    return GameOutput::default();
                }
                // The one-pass search when it can decide the game, else the careful path.
                // A game over --max-game-bytes is reported by the careful path.
                // A game cut short after its tags is reported by the careful path too.
                let small = slice.len() as u64 <= config.limits.max_game_bytes
                    && !crate::pgn::split::ends_in_tags(slice);
                let at = offset + r.start as u64;
                if small
                    && config
                        .index
                        .as_ref()
                        .is_some_and(|ix| ix.skips(&name.name, at, r.len()))
                {
                    return GameOutput::default();
                }
                let output = one_pass
                    .filter(|_| small)
                    .and_then(|mode| {
                        one_pass::search(config, (mode, compiled), slice, number, worker)
                    })
                    .unwrap_or_else(|| {
                        process_game(
                            config,
                            slice,
                            number,
                            offset + r.start as u64,
                            name,
                            self.carried.as_ref(),
                            &worker.eval,
                        )
                    });
                if output.fatal.is_some() {
                    stopped_at.fetch_min(number, std::sync::atomic::Ordering::Relaxed);
                }
                output
            };
            // Values carried between games: one game after the other, in input order.
            let results: Vec<GameOutput> = if self.carried.is_some() {
                let mut worker = self.workers.lease();
                batch
                    .iter()
                    .enumerate()
                    .map(|g| one(&mut worker, g))
                    .collect()
            } else if prefetch {
                let (results, next) = rayon::join(
                    || {
                        batch
                            .par_iter()
                            .enumerate()
                            .map_init(|| self.workers.lease(), one)
                            .collect()
                    },
                    || ranges.by_ref().take(BATCH_GAMES).collect::<Vec<_>>(),
                );
                split = Some(next);
                results
            } else {
                batch
                    .par_iter()
                    .enumerate()
                    .map_init(|| self.workers.lease(), one)
                    .collect()
            };
            for result in results {
                if self.stopped() {
                    break;
                }
                self.take(result)?;
            }
            if let Some(last) = batch.last() {
                let read = self.compressed_position.unwrap_or(offset + last.end as u64);
                self.sink.read_to(self.bytes_before_input + read);
                used = last.end;
            }
        }
        Ok(used)
    }
}
