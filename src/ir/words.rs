//! The IR of the last CQL 6.2 forms cqlq learnt: `position N`, `while (s ~~ re) body`, the
//! conditional assignment `x =? S`, `find` with a range given by variables, `makesquare` of a
//! square name, and `pathdebug`.
//!
//! [`Node::Words`](super::Node::Words) holds a [`WordFilter`]; `eval::words` evaluates it.
//! (`currenttransform` needs no node of its own: transforms are expanded when lowering, so
//! each image's name is a string literal; `makesquare` inside a transform is the plain
//! [`Node::MakeSquare`](super::Node::MakeSquare), as CQL 6.2 does not move the square it
//! makes.)

use super::{Find, Node, Pattern, VarId};

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
    /// `find v F`, `find 1 v F`, `find v w F` (also `<--`, `quiet`): a counted `find` whose
    /// bounds are numbers or numeric variables read when it runs (CQL 6.2's `Range` with
    /// variables). The inner `find` counts every match (its own range admits any count);
    /// the count must lie between `min` and `max`, and is the value. An unbound variable
    /// (which stops CQL 6.2 with an error) makes it not match.
    FindCounted {
        /// The counting `find`.
        find: Find<S>,
        /// The least count admitted.
        min: Node<S>,
        /// The greatest count admitted.
        max: Node<S>,
    },
    /// `makesquare "e4"`: the square named by the string (a file letter `a`-`h` and a rank
    /// digit `1`-`8`); the empty set for any other string (CQL 6.2's `MakeSquareNode`).
    MakeSquareNamed(Node<S>),
    /// `pathdebug`: prints the state of the innermost `path` being matched (its best length
    /// and count so far, its current position) to stderr; always matches (CQL 6.2's
    /// `PathDebugNode`, which prints to stdout).
    PathDebug,
}
