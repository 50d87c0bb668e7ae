//! The run: inputs → game slices → (in parallel) read, replay, evaluate, render → one writer
//! in input order. Bad games are reported on stderr and counted, never fatal.

pub mod byte_range;
mod emit;
pub mod fairy;
pub mod families;
mod game_filters;
mod icn;
pub mod input;
mod last_game;
pub mod limits;
pub mod mapped;
pub mod members;
mod one_pass;
pub mod params;
mod plan;
pub mod progress;
pub mod select;
mod stream;
mod workers;
pub use stream::fill;

use std::io::{self, Write};
use std::path::PathBuf;

use rayon::prelude::*;

use crate::eval::{GameEdits, OutputOrder, ReplayFault};
use crate::ir::Node;
use crate::output::split::{SplitSpec, SplitWriter};
use crate::output::{Format, Notes, PgnStyle, render_game};
use crate::pgn::{read_game_with, split_games};
use crate::rules::Position;
use crate::rules::fairy::{FairyPos, Variant};
use crate::rules::select::GameRules;

/// Games per parallel batch: enough to keep every thread busy, few enough that memory stays
/// bounded whatever the input's size.
pub const BATCH_GAMES: usize = 1024;
/// One input: a file (memory-mapped when plain, streamed when compressed: see [`input`]),
/// standard input (`-`, streamed, decompressed when compressed) or PGN text in memory
/// (streamed as standard input is; given by a program, see [`crate::api`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A PGN (or ICN) file, plain or compressed (zstd, gzip, bzip2).
    File(PathBuf),
    /// Standard input.
    Stdin,
    /// PGN text held in memory.
    Text {
        /// The name used in messages (`<text>`, `<game 3>`).
        name: String,
        /// The PGN bytes.
        pgn: std::sync::Arc<[u8]>,
    },
}

impl Input {
    /// The name used in messages.
    pub fn name(&self) -> String {
        match self {
            Input::File(p) => p.display().to_string(),
            Input::Stdin => "<stdin>".to_string(),
            Input::Text { name, .. } => name.clone(),
        }
    }
}

/// An input's name in messages, and whether its byte offsets count decompressed bytes.
pub(crate) struct InputName {
    /// The name (a path, or `<stdin>`).
    pub name: String,
    /// The input is decompressed: offsets are in the decompressed stream, and say so.
    pub decompressed: bool,
}

impl InputName {
    /// "byte N", or "decompressed byte N".
    fn byte(&self, at: u64) -> String {
        if self.decompressed {
            format!("decompressed byte {at}")
        } else {
            format!("byte {at}")
        }
    }
}

impl std::fmt::Display for InputName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// What to run and how.
pub struct RunConfig {
    /// The compiled query for standard chess.
    pub filter: Node<shakmaty::Bitboard>,
    /// Inputs, read in order; game numbers continue across them.
    pub inputs: Vec<Input>,
    /// Output format.
    pub format: Format,
    /// PGN annotation style.
    pub style: PgnStyle,
    /// Whether positions inside variations are searched.
    pub variations: bool,
    /// Show a progress bar (only when stderr is a terminal).
    pub progress: bool,
    /// The results go to a terminal (stdout, no `-o`): each game is written with the progress
    /// display cleared and flushed at once ([`progress::write_to_terminal`]).
    pub terminal_stdout: bool,
    /// The rules of games without a `[Variant]` tag (`--variant`); None: standard chess.
    pub default_variant: Option<GameRules>,
    /// Fairy definitions a `[Variant]` tag may name: `--variants` files first, bundled last.
    pub fairy_defs: crate::rules::fairy::VariantBook,
    /// The fairy variant of games without a `[Variant]` tag (`--variant` naming one).
    pub default_fairy: Option<std::sync::Arc<Variant>>,
    /// The query, compiled per fairy board geometry when a fairy game needs it.
    pub fairy_query: fairy::FairyQuery,
    /// The game filters (checked before replay) and the `matchcount` range.
    pub games: select::GameSelect,
    /// `sort matchcount`: matched games written most matched positions first.
    pub sort_by_match_count: bool,
    /// Why the query cannot run on the 8x8 board (it names squares past h8, or fairy
    /// pieces): standard and online games are then skipped, and this told once.
    pub standard_refusal: Option<fairy::Refusal>,
    /// `--rules`: standard games replay on the bundled chess with these FBR rules (the fairy
    /// definitions in `fairy_defs` already carry them), or are refused with this fault when
    /// the rules fit only the loaded fairy definitions (`gating{HE}`).
    pub rules_chess: Option<Result<std::sync::Arc<Variant>, crate::rules::fbr::FbrError>>,
    /// `lastgamenumber`'s value: set by [`run`] before the search when the query uses it
    /// (`RunConfig` users leave it empty).
    pub last_game_number: std::sync::OnceLock<u64>,
    /// `--limit N`: stop after N matched games (the first N in input order); no more
    /// batches are read or evaluated once the Nth is written.
    pub limit: Option<u64>,
    /// `--split-by TAG`: matched games go to files named by the tag's value.
    pub split: Option<SplitSpec>,
    /// CQL's `-showmatches`: `<N>` on stderr for each matched game N, as it is written.
    pub show_matches: bool,
    /// The largest game and ICN board read (`--max-game-bytes`, `--max-icn-board`).
    pub limits: limits::InputLimits,
    /// Where the input sits in a larger file (`--byte-range`, `--input-offset`,
    /// `--first-game-number`); the default: the input is the whole file.
    pub shard: byte_range::ShardPlace,
    /// Whether the matched positions are reported (the summary line). When they are not,
    /// `--count` and `--gamenumbers` may stop evaluating a game at its first match.
    pub counts_positions: bool,
    /// What the filters read beyond the game (file access, the UCI engine's path).
    pub env: crate::eval::Environment,
    /// Set by another thread to stop the run after the batch being searched, as `--limit`
    /// stops it (a program's caller gone, Ctrl-C in Python: [`crate::api`]); None: never.
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The games an index says the query cannot match (`cqlq index`, `docs/index.md`): they
    /// are counted as read and not read; None: every game is searched.
    pub index: Option<std::sync::Arc<crate::index::use_index::IndexedSkips>>,
}

/// Counts for the summary line and the exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read.
    pub games: u64,
    /// Games with at least one matched position.
    pub matched_games: u64,
    /// Matched positions.
    pub matched_positions: u64,
    /// Games with a fault (unreadable PGN, bad setup or an unplayable move).
    pub bad_games: u64,
    /// Inputs that could not be opened or read.
    pub unreadable_inputs: u64,
    /// Games skipped because the query cannot run on their board (`Ri1` on 8x8).
    pub refused_games: u64,
    /// The persistent variables' final values (None: unbound), which CQL 6.2 prints after
    /// the run (none are `quiet`).
    pub persistent: Vec<(String, Option<crate::eval::Datum>)>,
    /// Why the run stopped early (a failed `assert`), if it did.
    pub aborted: Option<String>,
    /// `--limit N`: Some(N) when the run stopped at the Nth matched game.
    pub stopped_at_limit: Option<u64>,
    /// `--split-by`: the files written (with `--dryrun`: that would be), in the order met.
    pub split_files: Vec<PathBuf>,
    /// `writefile` writes that failed (the first is reported on stderr; the run exits 2).
    pub writefile_failures: u64,
}

impl Summary {
    /// Whether the run failed (exit status 2): it was aborted, an input could not be read, a
    /// `writefile` failed, or games were skipped (the query cannot run on their board) and
    /// none matched. A failed run writes no count.
    pub fn failed(&self) -> bool {
        self.aborted.is_some()
            || self.unreadable_inputs > 0
            || self.writefile_failures > 0
            || (self.refused_games > 0 && self.matched_games == 0)
    }
}

/// What one game produced, rendered in the worker.
#[derive(Default)]
struct GameOutput {
    text: String,
    /// Whether the game counts as matched (one matched position, or `matchcount`'s range).
    matched: bool,
    matched_positions: u64,
    error: Option<String>,
    /// The game's `sort` value (greater is written first).
    sort: Option<OutputOrder>,
    /// The query cannot run on the game's board: the game was skipped.
    refused: bool,
    /// The query's messages and file writes, performed by the writer in input order.
    effects: GameEdits,
    /// Why the run must stop after this game (a failed `assert`).
    fatal: Option<String>,
    /// `--split-by`: the game's value of the tag, as written.
    split_key: Option<String>,
    /// The encoding `text` is written in: the game's own for PGN output (see
    /// [`crate::pgn::TextEncoding`]), UTF-8 for every other format.
    encoding: crate::pgn::TextEncoding,
}

impl GameOutput {
    /// A game the query cannot run on (the reason is told once per board).
    fn refused() -> Self {
        GameOutput {
            refused: true,
            ..GameOutput::default()
        }
    }
}

/// What a query with persistent variables or dictionaries carries from game to game; such
/// queries are evaluated one game after the other, in input order.
type CarriedCell = std::sync::Mutex<crate::eval::Carried>;

/// The game's record, read from `slice`, and the reader's fault (where `at` names the
/// place of a byte of the game): the part read before it, with the message.
fn read_record(
    config: &RunConfig,
    slice: &[u8],
    at: impl Fn(u64) -> String,
) -> (crate::pgn::GameRecord, Option<String>) {
    let raw = config.default_fairy.is_some() || config.rules_chess.is_some();
    match read_game_with(slice, families::move_reading(raw)) {
        Ok(r) => (r, None),
        Err(e) => {
            let message = format!("{}: {}", at(e.offset as u64), e.message);
            (*e.partial, Some(message))
        }
    }
}

/// The message of a replay fault of the game at `place` (`FILE: game N (byte B)`).
fn fault_message(place: &str, f: &ReplayFault) -> String {
    let in_line = if f.mainline { "" } else { " in a variation" };
    format!("{place}: {} at ply {}{in_line}", f.error, f.ply)
}

/// Reads one game slice, replays it and evaluates the filter at each searched position. A game
/// with a fault is reported, and the part before the fault is still searched.
fn process_game(
    config: &RunConfig,
    slice: &[u8],
    number: u64,
    offset: u64,
    name: &InputName,
    carried: Option<&CarriedCell>,
    worker: &crate::eval::Worker,
) -> GameOutput {
    let at = |byte: u64| format!("{name}: game {number} ({})", name.byte(byte));
    let skipped = GameOutput::default();
    if !config.games.admits_number(number) {
        return skipped;
    }
    let limit = config.limits.max_game_bytes;
    if slice.len() as u64 > limit {
        let why = limits::game_too_long(Some(slice.len() as u64), limit);
        return GameOutput {
            error: Some(format!("{}: {why}", at(offset))),
            ..skipped
        };
    }
    let (record, mut error) = read_record(config, slice, |byte| at(offset + byte));
    if error.is_none() && crate::pgn::split::ends_in_tags(slice) {
        // Searched as the game it is (its tags, the start position), and reported.
        error = Some(format!(
            "{}: the tags end without movetext (no moves, no result): a game cut short",
            at(offset)
        ));
    }
    // Game filters on the tags, before any replay. As in CQL 6.2, a refused game is still
    // matched (written without marks) when the `matchcount` range admits 0.
    let searching = (!config.games.reads_tags() || config.games.admits_tags(&record))
        && !game_filters::refuses(config, &record, number, worker);
    if !searching && !config.games.counts_as_match(0) {
        return skipped;
    }
    let rules = families::rules_of(config, &record);
    if let (Ok(fairy::AnyRules::Known(_)), Some(refusal)) = (&rules, &config.standard_refusal) {
        refusal.tell();
        return GameOutput::refused();
    }
    // The fairy filter first: a game of a board the query cannot run on is skipped.
    let fairy_filter = match &rules {
        Ok(fairy::AnyRules::Fairy(v)) => match config.fairy_query.filter(v) {
            Some(filter) => Some(filter),
            None => return GameOutput::refused(),
        },
        _ => None,
    };
    let search = SearchOne {
        config,
        record: &record,
        number,
        searching,
        carried,
        worker,
        fairy_filter,
    };
    let searched = rules
        .and_then(|rules| families::start_game(rules, record.tag("FEN"), search))
        .and_then(|searched| searched);
    let Searched {
        text,
        matched_positions,
        fault,
        sort,
        effects,
        fatal,
        split_key,
    } = match searched {
        Ok(found) => found,
        Err(e) => {
            let message = error.unwrap_or_else(|| format!("{}: {e}", at(offset)));
            return GameOutput {
                error: Some(message),
                ..skipped
            };
        }
    };
    if error.is_none() {
        error = fault.map(|f| fault_message(&at(offset), &f));
    }
    GameOutput {
        text,
        matched: config.games.counts_as_match(matched_positions),
        matched_positions,
        error,
        sort,
        refused: false,
        effects,
        fatal,
        split_key,
        encoding: match config.format {
            Format::Pgn => record.encoding,
            _ => crate::pgn::TextEncoding::Utf8,
        },
    }
}

/// One game's search under the rules [`families::start_game`] picked.
struct SearchOne<'a> {
    config: &'a RunConfig,
    record: &'a crate::pgn::GameRecord,
    number: u64,
    /// Whether the filter is evaluated (false: the game filters refused the game).
    searching: bool,
    carried: Option<&'a CarriedCell>,
    worker: &'a crate::eval::Worker,
    /// The filter lowered for the game's fairy board (None for the 8x8 families).
    fairy_filter: Option<std::sync::Arc<Node<crate::rules::fairy::Bits256>>>,
}

impl families::OnStart for SearchOne<'_> {
    type Out = Result<Searched, crate::rules::RulesError>;

    fn on_8x8<P: Position<Set = shakmaty::Bitboard>>(self, start: P) -> Self::Out {
        let c = self.config;
        Ok(search_game(
            c,
            &c.filter,
            self.record,
            start,
            self.number,
            self.searching,
            self.carried,
            self.worker,
        ))
    }

    fn on_fairy(self, start: FairyPos, _: &std::sync::Arc<Variant>) -> Self::Out {
        let Some(filter) = &self.fairy_filter else {
            return Err(crate::rules::RulesError::new(
                crate::rules::RulesErrorKind::NotApplicable,
                "the query was not lowered for this variant",
            ));
        };
        Ok(search_game(
            self.config,
            filter,
            self.record,
            start,
            self.number,
            self.searching,
            self.carried,
            self.worker,
        ))
    }
}

/// What [`search_game`] found in one game.
struct Searched {
    /// The rendered output (empty when nothing matched).
    text: String,
    /// The number of matched positions.
    matched_positions: u64,
    /// The replay's first fault.
    fault: Option<ReplayFault>,
    /// The game's `sort` value (greater is written first).
    sort: Option<OutputOrder>,
    /// The query's messages and file writes.
    effects: GameEdits,
    /// A failed `assert`.
    fatal: Option<String>,
    /// `--split-by`: the game's value of the tag, as written.
    split_key: Option<String>,
}

/// Replays a game from `start` under its rules and evaluates the filter at each searched
/// position (none when `evaluate` is false: a game the game filters refused, written only
/// because `matchcount` admits 0), then renders it.
#[allow(clippy::too_many_arguments)]
fn search_game<P: Position>(
    config: &RunConfig,
    filter: &Node<P::Set>,
    record: &crate::pgn::GameRecord,
    start: P,
    number: u64,
    evaluate: bool,
    carried: Option<&CarriedCell>,
    worker: &crate::eval::Worker,
) -> Searched {
    let mut store = carried.map(|c| c.lock().unwrap_or_else(|e| e.into_inner()));
    let settings = config.search_settings(config.variations);
    let evaluated = evaluate.then_some(filter);
    crate::eval::search_game(
        record,
        start,
        number,
        evaluated,
        &settings,
        worker,
        store.as_deref_mut(),
        |found| render_searched(config, filter, record, number, found),
    )
}

/// A searched game's output: the text (its edits applied), the counts, what the writer does.
fn render_searched<P: Position>(
    config: &RunConfig,
    filter: &Node<P::Set>,
    record: &crate::pgn::GameRecord,
    number: u64,
    found: crate::eval::Found<'_, '_, P>,
) -> Searched {
    let crate::eval::Found {
        evaluator,
        replayed,
        matched,
        marks,
    } = found;
    let fault = replayed.fault.clone();
    let fatal = evaluator.abort_message();
    let comments = evaluator.take_comments();
    let mut effects = evaluator.take_edits();
    // `settag`, `removetag`, `removecomment` change the game as written.
    let edited = effects.changes_the_game().then(|| effects.apply(record));
    let written = edited.as_ref().unwrap_or(record);
    let text = if !config.games.counts_as_match(matched.len() as u64) {
        String::new()
    } else if config.format.is_picture() {
        crate::output::pictures::render_pictures(
            config.format,
            number,
            written,
            replayed,
            &matched,
            &marks,
        )
    } else {
        let headings = crate::output::sort_comment::sort_headings(filter);
        let match_count = config.sort_by_match_count.then_some(matched.len() as u64);
        let sort_text = crate::output::sort_comment::sort_comment(
            &headings,
            &evaluator.best_sorts(),
            match_count,
        );
        let notes = Notes {
            comments: &comments,
            messages: &effects.message_texts,
            sort: &sort_text,
        };
        render_game(
            config.format,
            &config.style,
            number,
            written,
            replayed,
            &matched,
            &notes,
        )
    };
    let split_key = config.split_key(written);
    let sort = evaluator.sort_value().map(|s| s.output_order());
    effects.set_tags.clear();
    effects.removed_tags.clear();
    effects.removed_comments.clear();
    effects.message_texts.clear();
    Searched {
        text,
        matched_positions: matched.len() as u64,
        fault,
        sort,
        effects,
        fatal,
        split_key,
    }
}

impl RunConfig {
    /// How this run's games are searched (`variations`: ICN games never search any).
    fn search_settings(&self, variations: bool) -> crate::eval::SearchSettings<'_> {
        crate::eval::SearchSettings {
            variations,
            env: &self.env,
            last_game_number: self.last_game_number.get().copied(),
            marking: self.format.is_picture(),
        }
    }
}

/// Where results go: the writer, the counts and the progress bar.
struct Sink<'a> {
    config: &'a RunConfig,
    out: &'a mut dyn Write,
    summary: Summary,
    bar: indicatif::ProgressBar,
    bytes_before_input: u64,
    /// For a compressed input: the compressed bytes read when the chunk being searched was
    /// made (the progress bar counts compressed bytes for it).
    compressed_position: Option<u64>,
    /// With a `sort` in the query: the matched games' (sort value, `--split-by` tag value,
    /// text), written at the end best first (ties and games without a value in input order,
    /// the latter last). The matched games are held in memory until then.
    sorted: Option<Vec<emit::Held>>,
    /// What a query with persistent variables or dictionaries carries between games.
    carried: Option<CarriedCell>,
    /// `--split-by`: the files the matched games go to (instead of `out`).
    split: Option<SplitWriter>,
    /// How the one-pass search runs, when the query and options allow it.
    one_pass: Option<one_pass::OnePass>,
    /// The one-pass search's filter compiled, when it can be (`one_pass::compiled_for`).
    compiled: Option<crate::eval::compiled::Test<'a, crate::rules::standard::Standard>>,
    /// The workers' state (scratch, engine), kept from batch to batch.
    workers: workers::Pool,
}

impl Sink<'_> {
    /// Processes the games of `data` (whose first byte is at `offset` in the input); when
    /// `at_end` is false the last game may be incomplete and is left. Returns the bytes used.
    fn games(
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
        while !self.stopped() && self.summary.aborted.is_none() {
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
            let first = self.summary.games + config.shard.first_game_number;
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
                if self.summary.aborted.is_some() || self.stopped() {
                    break;
                }
                self.take_result(result)?;
            }
            if let Some(last) = batch.last() {
                let read = self.compressed_position.unwrap_or(offset + last.end as u64);
                self.bar.set_position(self.bytes_before_input + read);
                self.bar.set_message(progress::bar_message(
                    &self.bar,
                    self.summary.games,
                    self.summary.matched_games,
                ));
                used = last.end;
            }
        }
        Ok(used)
    }

    /// A game's messages (on stderr, as stdout carries the matched games) and `writefile`
    /// appends, in input order.
    fn effects(&mut self, effects: &GameEdits) {
        for m in &effects.messages {
            self.bar.suspend(|| eprintln!("{m}"));
        }
        for (file, text) in &effects.writes {
            if let Err(e) = crate::eval::files::append(&self.config.env.files, file, text) {
                if self.summary.writefile_failures == 0 {
                    self.bar.suspend(|| eprintln!("cqlq: {e}"));
                }
                self.summary.writefile_failures += 1;
            }
        }
    }
}

/// Runs the query over every input, writing matches to `out` and messages to stderr.
/// A broken pipe on `out` is returned as an error of kind `BrokenPipe`.
pub fn run(config: &RunConfig, out: &mut dyn Write) -> io::Result<Summary> {
    // Standard input has no size: a spinner instead of a bar.
    let reads_stdin = config.inputs.contains(&Input::Stdin);
    let bar = progress::bar(config.progress, input_bytes(config));
    if let Some(notice) =
        progress::stdin_notice(reads_stdin, std::io::IsTerminal::is_terminal(&io::stdin()))
    {
        bar.suspend(|| eprintln!("{notice}"));
    }
    let one_pass = one_pass::one_pass_for(config);
    let mut sink = Sink {
        config,
        out,
        summary: Summary::default(),
        bar,
        bytes_before_input: 0,
        compressed_position: None,
        // A query only fairy boards can run has a stand-in 8x8 filter: ask its fairy form.
        sorted: (config.sort_by_match_count
            || has_sort(&config.filter)
            || (config.standard_refusal.is_some()
                && config
                    .fairy_query
                    .any_board_has(|n| matches!(n, Node::Sort(_)))))
        .then(Vec::new),
        carried: crate::eval::carried_globals(&config.filter)
            .map(|g| std::sync::Mutex::new(crate::eval::Carried::new(g))),
        split: config.split.clone().map(SplitWriter::new),
        one_pass,
        compiled: one_pass.and_then(|mode| one_pass::compiled_for(config, mode)),
        workers: workers::Pool::default(),
    };
    if config.format == Format::Html {
        let page = crate::output::html::page_start(config.fairy_query.program().text());
        sink.out.write_all(page.as_bytes())?;
    }
    if last_game::uses_last_game_number(config) {
        match last_game::last_game_number(config) {
            Ok(n) => {
                let _ = config.last_game_number.set(n);
            }
            Err(e) => sink.summary.aborted = Some(e.to_string()),
        }
    }
    for input in &config.inputs {
        if sink.summary.aborted.is_some() || sink.stopped() {
            break;
        }
        let name = input.name();
        let games_before = sink.summary.games;
        let result = sink.search_input(input, &name);
        sink.compressed_position = None;
        if let Err(e) = result {
            sink.report_input_error(e, &name)?;
        } else if sink.summary.games == games_before && !sink.stopped() {
            sink.bar.suspend(|| eprintln!("cqlq: no games in {name}"));
        }
        sink.bytes_before_input += match input {
            Input::File(path) => std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
            Input::Text { pgn, .. } => pgn.len() as u64,
            Input::Stdin => 0,
        };
    }
    sink.finish()
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

impl Sink<'_> {
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
}

/// Whether the query has a `sort` filter (asked once per run).
fn has_sort<S>(filter: &Node<S>) -> bool {
    crate::ir::walk::any_node(filter, |n| matches!(n, Node::Sort(_)))
}

/// Maps a file read-only; None for an empty file (which cannot be mapped).
pub fn map_file(path: &std::path::Path) -> io::Result<Option<memmap2::Mmap>> {
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    map_opened(&file, meta.len(), path)
}

/// Maps an open file of `len` bytes (None when empty), `path` its name.
fn map_opened(
    file: &std::fs::File,
    len: u64,
    path: &std::path::Path,
) -> io::Result<Option<memmap2::Mmap>> {
    if len == 0 {
        return Ok(None);
    }
    // SAFETY: the map is read-only and lives only during this run. A file truncated by another
    // process while mapped faults (SIGBUS) on a read past its new end: `mapped` reports it,
    // naming the file, removes the temporary outputs and exits 2.
    let map = unsafe { memmap2::Mmap::map(file)? };
    mapped::register(&map, path);
    Ok(Some(map))
}
