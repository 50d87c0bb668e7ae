//! Game filters inside the query: the conjuncts at the head of its top-level `{ }` / `and`
//! that read only the game's tags and number (`result 1-0`, `elo white > 2700`,
//! `event ~~ "Olympiad"`, `gamenumber == 10`). Such a filter has one value in the whole game:
//! failing at the first position, it fails at every one, and so does the query (the
//! conjuncts before it are game filters too, so nothing ran before it). Such a game is
//! refused before its moves are read or replayed, as for the `cql( )` header's game filters:
//! the one-pass search and the careful path alike.

use super::RunConfig;
use crate::eval::{Evaluator, GameContext, ReplayedGame, Worker};
use crate::ir::{Node, NumProp};
use crate::pgn::GameRecord;
use crate::rules::standard::Standard;

/// Whether a game filter of the query refuses game `number` of tags `record` (its moves may
/// be unread). The filters read no position: they are evaluated at the standard start, on
/// any board's game.
pub(super) fn refuses(
    config: &RunConfig,
    record: &GameRecord,
    number: u64,
    worker: &Worker,
) -> bool {
    let filters = leading_game_filters(&config.filter);
    if filters.iter().all(|f| *f == Node::True) {
        return false;
    }
    let no_tree = ReplayedGame::none();
    let context = GameContext::tags_only(record, &no_tree, number);
    let evaluator =
        Evaluator::one_position(&context, Standard::default()).in_env(&config.env, worker);
    filters.iter().any(|f| !evaluator.matches(f, 0))
}

/// The leading conjuncts of `filter` that are game filters (`filter` itself when it is one).
pub(super) fn leading_game_filters<S>(filter: &Node<S>) -> &[Node<S>] {
    match filter {
        Node::And(conjuncts) => {
            let n = conjuncts.iter().take_while(|c| reads_game_only(c)).count();
            &conjuncts[..n]
        }
        _ if reads_game_only(filter) => std::slice::from_ref(filter),
        _ => &[],
    }
}

/// Whether `node` reads nothing but the game's tags and number, and changes nothing (a
/// regular expression's captures are set the same at every position).
fn reads_game_only<S>(node: &Node<S>) -> bool {
    match node {
        // `true` (also what a comparison of constants folds to) refuses nothing. Not
        // `false`: it also stands for a query that cannot run on the board (`run::fairy`),
        // whose games must reach the refusal that says so.
        Node::True
        | Node::Number(_)
        | Node::Str(_)
        | Node::Num(NumProp::GameNumber)
        | Node::Elo(_)
        | Node::Tag(_)
        | Node::TagContains(..)
        | Node::Result(_) => true,
        Node::Not(a) | Node::Negate(a) | Node::Abs(a) | Node::RegexMatch(a, _) => {
            reads_game_only(a)
        }
        Node::Compare(_, a, b) | Node::Arith(_, a, b) => reads_game_only(a) && reads_game_only(b),
        Node::And(v) | Node::Or(v) => v.iter().all(reads_game_only),
        _ => false,
    }
}
