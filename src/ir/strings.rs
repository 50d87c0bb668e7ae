//! The IR's operations on strings: indexing and slices, regular-expression captures and
//! iteration (`while (s ~~ re)`), length, containment and conversions (`int`, `str`,
//! `ascii`, `indexof`). The filters that read or edit the game's text (tags, comments,
//! `message`, files) are [`Node`] variants beside `Tag` and `Comment`.
//!
//! [`Node::Strs`](super::Node::Strs) holds one of these boxed, so the common filters stay
//! small. Their meanings follow CQL 6.2 (its `SubstringNode`, `BracketRange`,
//! `StringMatchNode`, `YearNode`, `HhdbAwardNode`, ...); strings are indexed by byte, as CQL
//! 6.2's `std::string` is.

use super::{Node, Pattern, VarId};

/// One operation on strings.
#[derive(Clone, Debug, PartialEq)]
pub enum StrFilter<S> {
    /// `\N`: capture group N (`\0` the whole match) of the last successful `~~` of this game;
    /// no match when the last `~~` failed or the group took no part.
    Capture(u32),
    /// `s[i]`: the one-byte string at index i (negative counts from the end); no match when
    /// it is out of range.
    Index(Node<S>, Node<S>),
    /// `s[i:j]`, `s[i:]`, `s[:j]`: the bytes from i up to j (negative indexes count from the
    /// end; the bounds are clamped to the string, and j to at least i).
    Slice(Node<S>, Option<Node<S>>, Option<Node<S>>),
    /// `s[i] = t`, `s[i:j] = t`: replaces that part of the string variable.
    SliceAssign(VarId, Node<S>, Option<Node<S>>, bool, Node<S>),
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
    /// `#s`: the string's length in bytes.
    Length(Node<S>),
    /// `a in b`: a is a substring of b.
    Contains(Node<S>, Node<S>),
    /// `indexof(a b)`: the index of the first occurrence of a in b, -1 when none.
    IndexOf(Node<S>, Node<S>),
    /// `int s`: the number the string spells (optional sign, decimal digits); no match
    /// otherwise.
    ToInt(Node<S>),
    /// `str(a b ...)`: the arguments converted to text and joined (`<false>` for an argument
    /// that does not match).
    ToStr(Vec<Node<S>>),
    /// `ascii x`: a one-character string's code, or the one-character string of a code.
    Ascii(Node<S>),
}
