//! The IR of the last CQL 6.2 forms cqlq learnt: `position N`, `while (s ~~ re) body`, the
//! conditional assignment `x =? S`, and `pathdebug`.
//!
//! [`Node::Words`](super::Node::Words) holds a [`WordFilter`]; `eval::words` evaluates it.
//! (`currenttransform` needs no node of its own: transforms are expanded when lowering, so
//! each image's name is a string literal; a `find` with bounds given by variables is a
//! [`Find`](super::Find) with [`read_bounds`](super::Find::read_bounds); both forms of
//! `makesquare` are [`Node::MakeSquare`](super::Node::MakeSquare).)

use super::{Node, Pattern, VarId};

/// One of the forms named in the module doc.
#[derive(Clone, Debug, PartialEq)]
pub enum WordFilter<S> {
    /// `position N`: the position whose `positionid` is N (CQL 6.2's `GotoNode`); no match
    /// when N is negative or past the game's last position.
    PositionById(Node<S>),
    /// `while (s ~~ re) body`: for each successive non-overlapping match of `re` in the
    /// string s, left to right, sets `\0`, `\1`, ... to the match's groups and evaluates the
    /// body; matches when s does, whatever the body does (CQL 6.2's `StringIteratorNode`).
    RegexWhile {
        /// The string searched.
        target: Node<S>,
        /// The regular expression.
        pattern: Pattern,
        /// What is evaluated at each match.
        body: Node<S>,
    },
    /// `x =? S`: binds the set variable x to S's squares when there is at least one; no match
    /// (and x left alone) when S is empty or does not match (CQL 6.2's conditional
    /// `AssignSquareNode`).
    AssignIfNonEmpty(VarId, Node<S>),
    /// `pathdebug`: prints the state of the innermost `path` being matched (its best length
    /// and count so far, its current position) to stderr; always matches (CQL 6.2's
    /// `PathDebugNode`, which prints to stdout).
    PathDebug,
}
