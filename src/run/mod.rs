//! The run: inputs → game slices → (in parallel) read, replay, evaluate → the output's
//! renderer → the output's sinks, in input order (`searcher`). Bad games are reported on stderr and counted, never fatal.

mod driver;
pub mod fairy;
pub mod families;
mod game_filters;
mod icn;
mod indexed_stream;
mod indexes_used;
mod last_game;
mod one_pass;
pub mod params;
mod plan;
mod searcher;
pub mod select;
mod stream;
mod workers;
pub use crate::output::sink::Summary;
pub(crate) use driver::{GameWork, drive_into};
pub use searcher::{replays_packed_moves, run};

use crate::output::sink::GameOutput;

use std::path::PathBuf;

use crate::eval::ReplayFault;
use crate::input::Input;
use crate::input::byte_range::ShardPlace;
use crate::input::limits::{InputLimits, game_too_long};
use crate::ir::Node;
use crate::output::render::Renderer;
use crate::output::split::SplitSpec;
use crate::output::{Format, PgnStyle};
use crate::pgn::{ReadSoFar, read_game_from};
use crate::rules::Position;
use crate::rules::fairy::{FairyPos, Variant};
use crate::rules::select::GameRules;

/// Games per parallel batch: enough to keep every thread busy, few enough that memory stays
/// bounded whatever the input's size.
pub const BATCH_GAMES: usize = 1024;
/// An input's name in messages, and whether its byte offsets count decompressed bytes.
pub(crate) struct InputName {
    /// The name (a path, or `<stdin>`).
    pub name: String,
    /// The input is decompressed: offsets are in the decompressed stream, and say so.
    pub decompressed: bool,
}

impl InputName {
    /// A game's place in messages: `NAME: game N (byte B)`, or `(decompressed byte B)`.
    fn game_at(&self, number: u64, byte: u64) -> String {
        let decompressed = if self.decompressed {
            "decompressed "
        } else {
            ""
        };
        format!("{self}: game {number} ({decompressed}byte {byte})")
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
    /// display cleared and flushed at once (`output::writers::write_to_terminal`).
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
    pub limits: InputLimits,
    /// Where the input sits in a larger file (`--byte-range`, `--input-offset`,
    /// `--first-game-number`); the default: the input is the whole file.
    pub shard: ShardPlace,
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

/// What `readfile` and `writefile` may touch in a run over `inputs` that writes `output`
/// (`--secure`: nothing): the inputs are refused by name and by device and inode (a hard link
/// to one, the file given on standard input), and so is the output, which the final rename
/// would replace.
pub fn file_access(
    secure: bool,
    inputs: &[Input],
    output: Option<PathBuf>,
) -> crate::eval::files::FileAccess {
    crate::eval::files::FileAccess {
        secure,
        inputs: inputs
            .iter()
            .filter_map(|i| match i {
                Input::File(p) => Some(p.clone()),
                Input::Stdin | Input::Text { .. } => None,
            })
            .collect(),
        input_ids: inputs
            .iter()
            .filter_map(|i| match i {
                Input::File(p) => crate::output::files::file_id(p),
                Input::Stdin => crate::output::files::stdin_file_id(),
                Input::Text { .. } => None,
            })
            .collect(),
        output,
    }
}

/// What a query with persistent variables or dictionaries carries from game to game; such
/// queries are evaluated one game after the other, in input order.
type CarriedCell = std::sync::Mutex<crate::eval::Carried>;

/// Reads one game slice (on from `so_far`: what the one-pass search read of it before it
/// stopped), replays it and evaluates the filter at each searched position. A game with a
/// fault is reported, and the part before the fault is still searched.
fn process_game(
    config: &RunConfig,
    (slice, so_far): (&[u8], &ReadSoFar),
    number: u64,
    offset: u64,
    name: &InputName,
    carried: Option<&CarriedCell>,
    worker: &crate::eval::Worker,
) -> GameOutput {
    let at = |byte: u64| name.game_at(number, byte);
    let skipped = GameOutput::default();
    if !config.games.admits_number(number) {
        return skipped;
    }
    let limit = config.limits.max_game_bytes;
    if slice.len() as u64 > limit {
        let why = game_too_long(Some(slice.len() as u64), limit);
        return GameOutput::bad(format!("{}: {why}", at(offset)));
    }
    // The record, and the reader's fault (the part read before it is searched).
    let raw = config.default_fairy.is_some() || config.rules_chess.is_some();
    let (record, mut error) = match read_game_from(slice, families::move_reading(raw), so_far) {
        Ok(r) => (r, None),
        Err(e) => {
            let message = format!("{}: {}", at(offset + e.offset as u64), e.message);
            (*e.partial, Some(message))
        }
    };
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
    if let (Ok(crate::rules::families::AnyRules::Known(_)), Some(refusal)) =
        (&rules, &config.standard_refusal)
    {
        refusal.tell();
        return GameOutput::refused();
    }
    // The fairy filter first: a game of a board the query cannot run on is skipped.
    let fairy_filter = match &rules {
        Ok(crate::rules::families::AnyRules::Fairy(v)) => match config.fairy_query.filter(v) {
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
        .and_then(|rules| crate::rules::families::start_game(rules, record.tag("FEN"), search))
        .and_then(|searched| searched);
    let (output, fault) = match searched {
        Ok(found) => found,
        Err(e) => {
            let message = error.unwrap_or_else(|| format!("{}: {e}", at(offset)));
            return GameOutput::bad(message);
        }
    };
    if let (None, Some(f)) = (&error, fault) {
        let in_line = if f.mainline { "" } else { " in a variation" };
        error = Some(format!(
            "{}: {} at ply {}{in_line}",
            at(offset),
            f.error,
            f.ply
        ));
    }
    GameOutput { error, ..output }
}

/// One game's search under the rules [`crate::rules::families::start_game`] picked.
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

impl crate::rules::families::OnStart for SearchOne<'_> {
    type Out = Result<(GameOutput, Option<ReplayFault>), crate::rules::RulesError>;

    fn on_8x8<P: Position<Set = shakmaty::Bitboard>>(self, start: P) -> Self::Out {
        Ok(self.search(&self.config.filter, start))
    }

    fn on_fairy(self, start: FairyPos, _: &std::sync::Arc<Variant>) -> Self::Out {
        let Some(filter) = &self.fairy_filter else {
            return Err(crate::rules::RulesError::new(
                crate::rules::RulesErrorKind::NotApplicable,
                "the query was not lowered for this variant",
            ));
        };
        Ok(self.search(filter, start))
    }
}

impl SearchOne<'_> {
    /// Replays the game from `start` under its rules and evaluates `filter` at each searched
    /// position (none when `searching` is false: a game the game filters refused, written
    /// only because `matchcount` admits 0); the output renders what it found.
    fn search<P: Position>(
        &self,
        filter: &Node<P::Set>,
        start: P,
    ) -> (GameOutput, Option<ReplayFault>) {
        let (config, record, number) = (self.config, self.record, self.number);
        let found = {
            let carried = self.carried;
            let mut store = carried.map(|c| c.lock().unwrap_or_else(|e| e.into_inner()));
            let settings = config.search_settings(config.variations);
            let evaluated = self.searching.then_some(filter);
            let store = store.as_deref_mut();
            crate::eval::search_game(
                record,
                start,
                number,
                evaluated,
                &settings,
                self.worker,
                store,
            )
        };
        let counts_as_match = |n| config.games.counts_as_match(n);
        (config.renderer()).careful(filter, record, number, found, counts_as_match)
    }
}

impl RunConfig {
    /// How this run's games are written (`output::render`).
    pub(super) fn renderer(&self) -> Renderer<'_> {
        Renderer {
            format: self.format,
            style: &self.style,
            sort_by_match_count: self.sort_by_match_count,
            split_tag: self.split.as_ref().map(|s| s.tag.as_str()),
        }
    }

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

/// Whether the query has a `sort` filter (asked once per run).
fn has_sort<S>(filter: &Node<S>) -> bool {
    crate::ir::walk::any_node(filter, |n| matches!(n, Node::Sort(_)))
}
