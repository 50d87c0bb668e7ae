//! The IR of what a filter keeps in the game's state: variable slots ([`VarId`]), the loops
//! that bind them (`square x in S`, `piece x in S`), `sort`'s values (kept per game by
//! `eval::state`), and what a query keeps from game to game ([`Globals`]: `persistent`
//! variables, and which dictionaries persist), held by the root [`Node::WithGlobals`].

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

/// The type of a persistent variable's value (what it starts as: 0, `""` or `[]`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PersistentType {
    /// A number (starts at 0).
    Number,
    /// A string (starts empty).
    Str,
    /// A set of squares (starts empty).
    Set,
}

/// A variable declared `persistent` (or `persistent quiet`): it keeps its value from game to
/// game, and its last value is printed after the run as `Name: value` (unless quiet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersistentVar {
    /// Its slot.
    pub var: VarId,
    /// Its name, as printed.
    pub name: String,
    /// Its type.
    pub ty: PersistentType,
    /// `persistent quiet`: not printed.
    pub quiet: bool,
}

/// What a query keeps across games: its persistent variables and its dictionaries. The root of
/// a query that has any is a [`Node::WithGlobals`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Globals {
    /// The persistent variables, in order of declaration (the order CQL prints them in).
    pub persistent: Vec<PersistentVar>,
    /// For each dictionary slot: whether it keeps its entries across games (`dictionary D`
    /// and `persistent dictionary D`; a `local dictionary D` starts empty in every game).
    pub dictionaries: Vec<bool>,
}

impl Globals {
    /// Whether anything is carried from game to game (games must then be evaluated in order).
    pub fn carries(&self) -> bool {
        !self.persistent.is_empty() || self.dictionaries.iter().any(|&p| p)
    }
}
