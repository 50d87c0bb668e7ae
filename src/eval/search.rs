//! One game's search, the chain every caller shares (the run's PGN games of every rule
//! family, ICN games, the benches): replay the game from its start position, make the
//! evaluator over it in the run's environment, carry values in and out, evaluate the filter
//! at each searched position, and give what was found to the caller, who renders it.
//! (`cqlq annotate` shares one replay among several themes and the one-pass search replays
//! nothing; both make their evaluators the same way, with [`Evaluator::in_env`].)

use super::{
    Carried, Environment, Evaluator, GameContext, GameEdits, ReplayedGame, SortValue, Worker,
    replay,
};
use crate::ir::Node;
use crate::pgn::GameRecord;
use crate::rules::Position;

/// How the games of a run are searched (the same for every game).
#[derive(Clone, Copy, Debug)]
pub struct SearchSettings<'a> {
    /// Whether positions inside variations are searched.
    pub variations: bool,
    /// What the filters read beyond the game.
    pub env: &'a Environment,
    /// `lastgamenumber`'s value, when the run counted the games.
    pub last_game_number: Option<u64>,
    /// Whether the squares the filter marks at each match are kept (the picture formats).
    pub marking: bool,
}

/// What [`search_game`] found in one game, owned by the caller, who renders it.
pub struct Found<P: Position> {
    /// The replayed game (its positions and first fault).
    pub replayed: ReplayedGame<P>,
    /// The matched nodes, in order.
    pub matched: Vec<u32>,
    /// With [`SearchSettings::marking`]: the squares marked at each matched node.
    pub marks: Vec<P::Set>,
    /// The comments the query added (`comment`), by record node.
    pub comments: Vec<(u32, String)>,
    /// The query's edits of the game, messages and file writes.
    pub edits: GameEdits,
    /// The best value of each `sort` filter (for the sort comment).
    pub best_sorts: Vec<SortValue>,
    /// The game's `sort` value (its first `sort` filter's best).
    pub sort_value: Option<SortValue>,
    /// Why the run must stop after this game (a failed `assert`).
    pub abort: Option<String>,
}

/// Replays `record` from `start` and evaluates `filter` at each searched position (none when
/// `filter` is None: a game the game filters refused, written only because `matchcount`
/// admits 0). `carried` (persistent values) is moved into the evaluator before and taken
/// back after.
pub fn search_game<P: Position>(
    record: &GameRecord,
    start: P,
    number: u64,
    filter: Option<&Node<P::Set>>,
    settings: &SearchSettings,
    worker: &Worker,
    carried: Option<&mut Carried>,
) -> Found<P> {
    let replayed = replay(record, start, settings.variations);
    let context = GameContext {
        record,
        replayed: &replayed,
        number,
        variations: settings.variations,
    };
    let evaluator = Evaluator::new(&context).in_env(settings.env, worker);
    if let Some(n) = settings.last_game_number {
        evaluator.set_last_game_number(n);
    }
    let mut carried = carried;
    if let Some(store) = carried.as_deref_mut() {
        // Moved in, not copied (a copy per game made a dictionary filled across games
        // quadratic); `suspend` puts the game's values back below.
        let empty = Carried::new(&store.globals);
        evaluator.resume(std::mem::replace(store, empty));
    }
    let (matched, marks) = match filter {
        Some(filter) => evaluator.matched_nodes(filter, settings.marking),
        None => Default::default(),
    };
    if let Some(store) = carried {
        let globals = store.globals.clone();
        *store = evaluator.suspend(&globals);
    }
    let comments = evaluator.take_comments();
    let edits = evaluator.take_edits();
    let best_sorts = evaluator.best_sorts();
    let sort_value = evaluator.sort_value();
    let abort = evaluator.abort_message();
    drop(evaluator);
    Found {
        replayed,
        matched,
        marks,
        comments,
        edits,
        best_sorts,
        sort_value,
        abort,
    }
}
