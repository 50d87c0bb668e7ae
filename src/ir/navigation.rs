//! The IR's navigation filters: the positions a position filter names (`parent`,
//! `child(2)`, ...), `find`, `echo`, the relations of two positions (`ancestor`, ...), and the
//! ranges they count with.

use super::{Node, VarId};

/// An inclusive range of numbers, `2` (2..2), `1 3`, or an open end written `{2,}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// The smallest value admitted.
    pub min: i64,
    /// The largest value admitted.
    pub max: i64,
}

impl Range {
    /// `min..=max`.
    pub const fn new(min: i64, max: i64) -> Range {
        Range { min, max }
    }
    /// Whether `n` lies in the range.
    pub fn contains(&self, n: i64) -> bool {
        self.min <= n && n <= self.max
    }
}

/// A position a position filter names (`parent`, `child(2)`, `initialposition`, ...).
#[derive(Clone, Debug, PartialEq)]
pub enum PositionRef {
    /// `currentposition`, `curpos`
    Current,
    /// `parent`: none at the first position.
    Parent,
    /// `child` (0), `child(n)`: the n-th continuation (0 the main one; n > 0 are variations,
    /// which exist only when variations are searched).
    Child(u32),
    /// `initialposition`: the game's first position.
    Initial,
    /// `lastposition`: the last position of the main line.
    Last,
}

/// `find [all] [quiet] [<--] [range] body`: looks for positions where `body` matches, at and
/// after the current one (every later position of the searched tree), or at and before it
/// with `<--`.
#[derive(Clone, Debug, PartialEq)]
pub struct Find<S> {
    /// The filter looked for.
    pub body: Node<S>,
    /// `<--`: search the current position and its ancestors.
    pub backward: bool,
    /// A count range (`find 3 10 check`; `find all` is 1..=1,000,000): the number of matching
    /// positions must lie in it, and is the value. Without one, the value is the first
    /// matching position.
    pub range: Option<Range>,
    /// `quiet`: no comments.
    pub quiet: bool,
    /// Bounds given by numeric variables (or numbers beside them: `find v F`, `find 1 v F`,
    /// `find v w F`), read after counting as CQL 6.2's `Range::valid` does: the count must
    /// lie between them, and `range` then admits any count. An unbound variable (which stops
    /// CQL 6.2 with an error) makes the `find` not match.
    pub read_bounds: Option<Box<ReadBounds<S>>>,
}

/// The bounds of a counted `find` read when it runs ([`Find::read_bounds`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ReadBounds<S> {
    /// The least count admitted.
    pub min: Node<S>,
    /// The greatest count admitted.
    pub max: Node<S>,
}

/// `echo (s t) [in all] body`: with `s` bound to the current position, `t` runs over every
/// searched position of the game (except the current one, unless `in all`), and `body` is
/// evaluated at `t`. Matches when it matches for some `t`; a numeric body's value is its
/// largest value.
#[derive(Clone, Debug, PartialEq)]
pub struct Echo<S> {
    /// The source position variable.
    pub source: VarId,
    /// The target position variable.
    pub target: VarId,
    /// `in all`: the current position is a target too.
    pub all: bool,
    /// `quiet`: no comments.
    pub quiet: bool,
    /// The filter evaluated at each target.
    pub body: Node<S>,
}

/// How two positions relate (`ancestor(x y)`, `descendant(x y)`, `lca(x y)`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PosRelation {
    /// `ancestor(x y)`: x comes strictly before y on y's path from the start.
    Ancestor,
    /// `descendant(x y)`: x comes strictly after y on x's path from the start.
    Descendant,
    /// `lca(x y)`: the last position shared by both paths from the start.
    Lca,
}
