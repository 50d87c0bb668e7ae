//! The IR's string, tag, game-information and file filters: indexing and slices of strings,
//! regular-expression captures and iteration (`while (s ~~ re)`), conversions (`int`, `str`, `ascii`, `indexof`), tags by a
//! computed name, the output edits (`settag`, `removetag`, `removecomment`), `message`,
//! `year`, `hhdb`'s award codes and `hhdb cooked`, and `readfile`/`writefile`.
//!
//! [`Node::Strs`](super::Node::Strs) holds one of these boxed, so the common filters stay
//! small. Their meanings follow CQL 6.2 (its `SubstringNode`, `BracketRange`,
//! `StringMatchNode`, `YearNode`, `HhdbAwardNode`, ...); strings are indexed by byte, as CQL
//! 6.2's `std::string` is.

use super::{Node, Pattern, VarId};

/// Which studies an `hhdb` award filter admits (HHdb's Event tag starts with the award:
/// `1.p`, `2/3.hm`, `.c`, `sp.p`, ...).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AwardKind {
    /// `award`: any prize, honourable mention or commendation.
    Any,
    /// `prize` (`.p`)
    Prize,
    /// `hm` (`.hm`)
    HonourableMention,
    /// `commendation` (`.c`)
    Commendation,
}

/// `hhdb [special] [max] award|prize|hm|commendation`: the study's place in its award
/// (the first of a shared range `2/4.p`, or its last with `max`; 1 for an unranked `.p`,
/// and with `max` the last place CQL 6.2 assumes for it); a special award (`sp.p`) is worth 0,
/// which does not match, unless `special` asks for special awards only.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HhdbAward {
    /// Which awards count.
    pub kind: AwardKind,
    /// `special`: only special awards.
    pub special: bool,
    /// `max`: the last place of a shared range.
    pub max: bool,
}

/// One string, tag, game-information or file filter.
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
    /// `tag x`: the value of the tag named by the string x.
    TagOf(Node<S>),
    /// `settag(name value)`, `tag "X" = value`: sets the tag in the output game.
    SetTag(Node<S>, Node<S>),
    /// `removetag x` (CQLi): removes the tag from the output game.
    RemoveTag(Node<S>),
    /// `originalcomment`: the PGN comment after the move reaching the position.
    OriginalComment,
    /// `removecomment`: removes the original comments after the move reaching the position
    /// from the output game.
    RemoveComment,
    /// `hascomment x` with a text that is no NAG: some original comment of the position
    /// contains it.
    HasCommentText(Node<S>),
    /// `message(a b ...)` (`quiet`: no position header): prints the text.
    Message(Vec<Node<S>>, bool),
    /// `year`: the year of the Date tag (0 when it has none, as CQL 6.2's date decoding).
    Year,
    /// `hhdb award ...`
    Hhdb(HhdbAward),
    /// `hhdb cooked` / `cql_hhdbhascook`: the game's PGN text contains `<cook` (CQL 6.2's
    /// `QGame::foundCook`, a substring search of the game's text); cqlq looks in the tags'
    /// names and values and in every comment, where PGN lets such text stand.
    HhdbCooked,
    /// `readfile x`: the contents of the file named by x.
    ReadFile(Node<S>),
    /// `writefile(name text)`: appends the text to the file.
    WriteFile(Node<S>, Node<S>),
}
