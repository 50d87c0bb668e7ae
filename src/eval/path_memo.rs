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
//! A state is keyed by its position and its stack: each pending constituent by its address,
//! each running repetition by its address, its copies counted up to where the count no
//! longer matters (`min`, at least 1, for an open repetition), and whether its last copy
//! began here (the check that stops an empty copy from looping). The stack is interned
//! ([`Memo`]): each prefix gets a number from its prefix's number and its top item, so a
//! key is two numbers, and the prefix below the items pushed since the search reached the
//! position (a move) is numbered once, not at every state: a state costs the items pushed
//! at its position, not the whole stack (1,000 `--?`: 2 items, not 1,000).

use std::collections::{HashMap, HashSet};

use super::path::Item;
use crate::ir::Node;
use crate::ir::path::{Dash, Path, PathCon, PathFilter, PathStatus};
use crate::ir::walk::{Reads, any_node};

/// The states of one search, interned (see the module doc).
#[derive(Default)]
pub(super) struct Memo {
    /// The states explored to the end: (position, the stack's number).
    explored: HashSet<(u32, u32)>,
    /// (prefix's number, item) → the number of the prefix with the item on top (from 1;
    /// 0 is the empty stack).
    numbers: HashMap<(u32, u64, u64), u32>,
    /// `prefixes[k]`: the number of the stack's first `k + 1` items; kept for items below
    /// [`Memo::low`] only, whose keys no longer change while they stay on the stack.
    prefixes: Vec<u32>,
    /// The stack's length when the search reached its position by a move, lowered by the
    /// pops since: no repetition below it began at the position.
    low: usize,
}

impl Memo {
    /// A memo for a search whose stack starts with `len` constituents (no repetition).
    pub(super) fn new(len: usize) -> Self {
        Memo {
            low: len,
            ..Default::default()
        }
    }

    /// The stack's top was popped, leaving `len` items: returns the low mark to give back
    /// to [`Memo::restore`] once the top is pushed back.
    pub(super) fn popped(&mut self, len: usize) -> usize {
        self.shrunk(len);
        let saved = self.low;
        self.low = self.low.min(len);
        saved
    }

    /// The stack shrank to `len` items: the numbers above are forgotten.
    pub(super) fn shrunk(&mut self, len: usize) {
        self.prefixes.truncate(len);
    }

    /// The search moved to a new position with `len` items on the stack: returns the low
    /// mark to give back to [`Memo::restore`] when it comes back.
    pub(super) fn moved(&mut self, len: usize) -> usize {
        std::mem::replace(&mut self.low, len)
    }

    /// Gives back a low mark from [`Memo::popped`] or [`Memo::moved`].
    pub(super) fn restore(&mut self, low: usize) {
        self.low = low;
    }

    /// Whether the state was explored to the end.
    pub(super) fn seen(&self, key: (u32, u32)) -> bool {
        self.explored.contains(&key)
    }

    /// Records the state as explored to the end.
    pub(super) fn insert(&mut self, key: (u32, u32)) {
        self.explored.insert(key);
    }

    fn number(&mut self, prefix: u32, item: (u64, u64)) -> u32 {
        let next = u32::try_from(self.numbers.len() + 1).unwrap_or(u32::MAX);
        *self.numbers.entry((prefix, item.0, item.1)).or_insert(next)
    }

    /// The key of the state: `top` (just taken off) over `rest`, at position `at`.
    pub(super) fn key<S>(
        &mut self,
        rest: &[Item<'_, S>],
        top: &Item<'_, S>,
        at: u32,
    ) -> (u32, u32) {
        let fixed = self.low.min(rest.len());
        while self.prefixes.len() < fixed {
            let k = self.prefixes.len();
            let below = k.checked_sub(1).map_or(0, |j| self.prefixes[j]);
            let number = self.number(below, item_key(&rest[k], at));
            self.prefixes.push(number);
        }
        let mut number = fixed.checked_sub(1).map_or(0, |j| self.prefixes[j]);
        for item in rest[fixed..].iter().chain([top]) {
            number = self.number(number, item_key(item, at));
        }
        (at, number)
    }
}

/// Whether the search of `path` may skip states explored before (see the module doc).
pub(super) fn may_skip<S>(path: &Path<S>) -> bool {
    !path.keep_all_best && path.max.as_ref().is_none_or(pure) && path.cons.iter().all(con_pure)
}

/// One stack item's part of a key at position `at` (see the module doc).
fn item_key<S>(item: &Item<'_, S>, at: u32) -> (u64, u64) {
    match *item {
        Item::Con(c) => ((c as *const PathCon<S> as u64) << 1, 0),
        Item::Rep {
            con,
            min,
            max,
            seen,
            from,
        } => {
            let seen = match max {
                None => seen.min(min.max(1)),
                Some(_) => seen,
            };
            (
                (con as *const PathCon<S> as u64) << 1 | 1,
                u64::from(seen) << 1 | u64::from(from == at),
            )
        }
    }
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
                PathFilter::Path(_)
                | PathFilter::Status(PathStatus::LastPosition)
                | PathFilter::Debug => false,
                PathFilter::Dash(d) => d.move_target.is_none(),
                PathFilter::MoveSquares(_) | PathFilter::Status(_) => true,
            },
            _ => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key is a function of the position and the stack alone: numbered through the kept
    /// prefix (a move's `low`) or item by item, a stack gets the same number; a repetition
    /// that began here and one that began before get different ones; and walking a
    /// 50-constituent stack down one pop at a time numbers each prefix once (the old key
    /// rebuilt the whole stack at every state).
    #[test]
    fn a_stacks_number_depends_on_the_stack_only() {
        let cons: Vec<PathCon<u64>> = (0..50).map(|_| PathCon::Chain(Vec::new())).collect();
        let mut stack: Vec<Item<'_, u64>> = cons.iter().rev().map(Item::Con).collect();
        let mut memo = Memo::new(stack.len());
        let mut keys = Vec::new();
        while let Some(top) = stack.pop() {
            memo.popped(stack.len());
            keys.push(memo.key(&stack, &top, 7));
        }
        assert!(memo.numbers.len() <= 50, "{}", memo.numbers.len());
        let mut stack: Vec<Item<'_, u64>> = cons.iter().rev().map(Item::Con).collect();
        let top = stack.pop().unwrap();
        let mut fresh = Memo::new(0);
        fresh.numbers = memo.numbers.clone();
        assert_eq!(fresh.key(&stack, &top, 7), keys[0]);
        assert_ne!(fresh.key(&stack, &top, 8).1, 0);
        let rep = |from| Item::Rep {
            con: &cons[0],
            min: 0,
            max: Some(1),
            seen: 1,
            from,
        };
        stack.push(rep(7));
        let here = memo.key(&stack, &top, 7);
        stack.pop();
        stack.push(rep(3));
        let before = memo.key(&stack, &top, 7);
        assert_ne!(here, before);
    }
}
