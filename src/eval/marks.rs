//! The squares a matching query marks, for the picture formats (`--diagram`, `--html`).
//!
//! At a position where the query matches, the marked squares are the value of its body when
//! the body is a set filter (`R attacks k`: the squares of the rooks that attack the black
//! king, as CQL 6's `attacks` yields its left side's attackers), or the union of the values of
//! the set filters standing at the top level of a `{...}` body (`{R attacks k check}`: the
//! same rooks); an `or` (and a transformed body, lowered to the `or` of its images) marks
//! what its first matching branch marks, by the same rule. Nothing is marked when the body is
//! not a set filter (`check`, `mate`, a count), and a co-finite set of the unbounded board
//! (`~K` on infinite chess) marks nothing, as it cannot be listed.
//!
//! The filters are evaluated exactly as [`Evaluator::matches`] evaluates them (same order,
//! same side effects, comments rolled back on failure), so only the picture formats pay for
//! it, and they get the same matches.

use super::{Evaluator, Value, is_match};
use crate::ir::Node;
use crate::rules::Position;
use crate::squares::SquareSet;

impl<P: Position> Evaluator<'_, P> {
    /// The searched nodes where `filter` matches, in order, and with `marking` the squares it
    /// marks at each ([`Evaluator::matches_marking`], for the picture formats); without
    /// `marking` the marks are left empty and only [`Evaluator::matches`] runs.
    pub fn matched_nodes(&self, filter: &Node<P::Set>, marking: bool) -> (Vec<u32>, Vec<P::Set>) {
        let mut marks = Vec::new();
        let matched = self
            .searched_nodes()
            .into_iter()
            .filter(|&at| {
                self.begin_position();
                if !marking {
                    return self.matches(filter, at);
                }
                match self.matches_marking(filter, at) {
                    Some(marked) => {
                        marks.push(marked);
                        true
                    }
                    None => false,
                }
            })
            .collect();
        (matched, marks)
    }

    /// The squares `filter` marks at node `at` when it matches there (see the module doc);
    /// None when it does not match.
    pub fn matches_marking(&self, filter: &Node<P::Set>, at: u32) -> Option<P::Set> {
        let mark = self.state.borrow().comment_mark();
        let marked = self.marking(filter, at);
        if marked.is_none() {
            self.state.borrow_mut().rollback(mark);
        }
        marked
    }

    /// [`Evaluator::matches_marking`] without the rollback.
    fn marking(&self, filter: &Node<P::Set>, at: u32) -> Option<P::Set> {
        match filter {
            // { a b c }: all must match, in order; the union of the set filters' values.
            Node::And(items) => {
                let mut marked = P::Set::empty();
                for item in items {
                    let value = self.eval(item, at);
                    if !is_match(&value) {
                        return None;
                    }
                    marked = marked.union(&set_of(value));
                }
                Some(marked)
            }
            // a or b (and transformed bodies): the first match's marks.
            Node::Or(items) => items.iter().find_map(|item| self.marking(item, at)),
            Node::Placements(table) if !table.union => table
                .images()
                .iter()
                .find_map(|item| self.marking(item, at)),
            _ => {
                let value = self.eval(filter, at);
                is_match(&value).then(|| set_of(value))
            }
        }
    }
}

/// The listable squares of a filter's value: a finite set's squares, else none.
fn set_of<S: SquareSet>(value: Option<Value<S>>) -> S {
    match value {
        Some(Value::Set(s)) if s.is_finite() => s,
        _ => S::empty(),
    }
}
