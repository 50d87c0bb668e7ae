//! One game's search, the chain every caller shares (the run's PGN games of every rule
//! family, ICN games, the benches): replay the game from its start position, make the
//! evaluator over it in the run's environment, carry values in and out, evaluate the filter
//! at each searched position, and lend what was found to the caller, who renders it.
//! (`cqlq annotate` shares one replay among several themes and the one-pass search replays
//! nothing; both make their evaluators the same way, with [`Evaluator::in_env`].)

use super::{Carried, Environment, Evaluator, GameContext, ReplayedGame, Worker, replay};
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

/// What [`search_game`] found, lent to the caller's `finish`.
pub struct Found<'e, 'a, P: Position> {
    /// The game's evaluator (its comments, edits, sort values, abort message).
    pub evaluator: &'e Evaluator<'a, P>,
    /// The replayed game (its positions and first fault).
    pub replayed: &'e ReplayedGame<P>,
    /// The matched nodes, in order.
    pub matched: Vec<u32>,
    /// With [`SearchSettings::marking`]: the squares marked at each matched node.
    pub marks: Vec<P::Set>,
}

/// Replays `record` from `start` and evaluates `filter` at each searched position (none when
/// `filter` is None: a game the game filters refused, written only because `matchcount`
/// admits 0). `carried` (persistent values) is moved into the evaluator before and taken
/// back after. `finish` gets what was found.
#[allow(clippy::too_many_arguments)]
pub fn search_game<P: Position, R>(
    record: &GameRecord,
    start: P,
    number: u64,
    filter: Option<&Node<P::Set>>,
    settings: &SearchSettings,
    worker: &Worker,
    carried: Option<&mut Carried>,
    finish: impl FnOnce(Found<'_, '_, P>) -> R,
) -> R {
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
    finish(Found {
        evaluator: &evaluator,
        replayed: &replayed,
        matched,
        marks,
    })
}
