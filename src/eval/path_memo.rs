//! Keeps `path`'s depth-first search polynomial: a search state (the constituents still to
//! match, and the position) explored once is never explored again.
//!
//! Why skipping is exact (CQL 6.2's order and answers kept): without a focus, the count of a
//! path ending at position E is E's distance in plies from the start; with a focus it is the
//! number of focused moves on the game tree's one line from the start to E (a dash may not
//! step over a focused move). So every complete path ending at E has the same count, and
//! with `max F` the same value F(E). A second visit of a state would find the same ends as
//! the first, each already merged, none *better* than the best kept, so nothing it does
//! survives: the comments made inside are rolled back, and an equal path is only kept by
//! `keepallbest`. That holds when the filters inside change nothing that outlives them and
//! read nothing that the search changes, which [`may_skip`] checks: no assignments, no
//! string or program side effects, no nested `path` (it sets the last match), no
//! `pathlastposition` (it reads the best so far), no `comment`/`sort` (those made before the
//! first move outlive a state), and no `keepallbest`.
//!
//! A state is keyed by its stack: each pending constituent by its address, each running
//! repetition by its address, its copies counted up to where the count no longer matters
//! (`min`, at least 1, for an open repetition), and whether its last copy began here (the
//! check that stops an empty copy from looping).

use std::collections::HashSet;

use super::path::Item;
use crate::ir::Node;
use crate::ir::path::{Dash, Path, PathCon, PathFilter, PathStatus};
use crate::ir::walk::{Reads, any_node};

/// The states explored to the end in one search.
pub(super) type Explored = HashSet<Vec<u64>>;

/// Whether the search of `path` may skip states explored before (see the module doc).
pub(super) fn may_skip<S>(path: &Path<S>) -> bool {
    !path.keep_all_best && path.max.as_ref().is_none_or(pure) && path.cons.iter().all(con_pure)
}

/// The key of the state: `top` (just taken off) over `rest`, at position `at`.
pub(super) fn key<S>(rest: &[Item<'_, S>], top: &Item<'_, S>, at: u32) -> Vec<u64> {
    let mut key = Vec::with_capacity(2 * rest.len() + 3);
    key.push(u64::from(at));
    for item in rest.iter().chain([top]) {
        match *item {
            Item::Con(c) => key.push((c as *const PathCon<S> as u64) << 1),
            Item::Rep {
                con,
                min,
                max,
                seen,
                from,
            } => {
                key.push((con as *const PathCon<S> as u64) << 1 | 1);
                let seen = match max {
                    None => seen.min(min.max(1)),
                    Some(_) => seen,
                };
                key.push(u64::from(seen) << 1 | u64::from(from == at));
            }
        }
    }
    key
}

/// Whether a constituent's filters are [`pure`].
fn con_pure<S>(c: &PathCon<S>) -> bool {
    match c {
        PathCon::Filter(f) => pure(f),
        PathCon::Dash(d) => dash_pure(d),
        PathCon::Chain(v) => v.iter().all(con_pure),
        PathCon::Repeat(c, ..) => con_pure(c),
    }
}

/// Whether a dash's sets and targets are [`pure`] (a legal dash's move conditions are not
/// looked into: taken as impure).
fn dash_pure<S>(d: &Dash<S>) -> bool {
    d.move_target.is_none()
        && [&d.from, &d.to, &d.promote_named, &d.target]
            .into_iter()
            .flatten()
            .all(pure)
}

/// Whether `node` and every filter inside it only read the game and variables (a loop's or
/// `echo`'s own variables are restored): a list of the filters known to, anything else is
/// taken as impure.
pub(super) fn pure<S>(node: &Node<S>) -> bool {
    !any_node(node, |n| !reads_only(n))
}

/// Whether the filter itself (not looking inside) only reads: by what it reads
/// ([`Node::reads`]), and for `path`'s words by the word.
fn reads_only<S>(n: &Node<S>) -> bool {
    match n.reads() {
        Reads::Squares
        | Reads::Position
        | Reads::Text
        | Reads::Game
        | Reads::PieceIdentity
        | Reads::PreviousMove
        | Reads::NextMove
        | Reads::Variation
        | Reads::Navigation => true,
        Reads::Captures | Reads::Binds | Reads::Output => false,
        Reads::Other => match n {
            Node::Path(p) => match &**p {
                PathFilter::Path(_) | PathFilter::Status(PathStatus::LastPosition) => false,
                PathFilter::Dash(d) => d.move_target.is_none(),
                PathFilter::MoveSquares(_) | PathFilter::Status(_) => true,
            },
            _ => false,
        },
    }
}
