//! The IR of what a filter keeps in the game's state: variable slots ([`VarId`]), the loops
//! that bind them (`square x in S`, `piece x in S`) and `sort`'s values (kept per game by
//! `eval::state`).

use super::Node;

/// A variable's slot, numbered by lowering (one slot per distinct variable name; function
/// parameters and `local` variables get fresh slots at each call site, as CQL expands
/// functions there).
pub type VarId = u16;

/// `square [all] x in S body` and `piece [all] x in S body`.
#[derive(Clone, Debug, PartialEq)]
pub struct Loop<S> {
    /// The variable bound to each square (piece) in turn.
    pub var: VarId,
    /// `all`: every square must satisfy the body.
    pub all: bool,
    /// The squares iterated over.
    pub domain: Node<S>,
    /// The filter evaluated for each.
    pub body: Node<S>,
}

/// `sort ["doc"] [min|max] body`: matches where `body` matches; its value (the best over the
/// game, the largest unless `min`) orders the output games.
#[derive(Clone, Debug, PartialEq)]
pub struct Sort<S> {
    /// The text shown with the value in the output game's comment.
    pub label: String,
    /// `min`: the smallest value is best.
    pub min: bool,
    /// `quiet`: the value is left out of the output game's first comment.
    pub quiet: bool,
    /// The numeric (or string) filter.
    pub body: Node<S>,
}
