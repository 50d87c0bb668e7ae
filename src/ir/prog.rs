//! The IR of CQL 6's programming words: the root holding what a query carries from game to
//! game (`persistent` variables, and which dictionaries persist: [`Globals`]), `while`,
//! `loop`, `assert`, `equal`, `sqrt`, counting transforms (`rotate90 count F`), directions
//! with computed distances (`up DeltaRank X`), and the assignments beyond `x = v` (`x =? S`,
//! `piece x = S`).
//!
//! [`Node::Prog`] holds a [`Prog`]; `eval::prog` evaluates it.

use super::{Directions, Node, VarId};

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
/// a query that has any is a [`Prog::Program`].
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

/// One of the programming filters.
#[derive(Clone, Debug, PartialEq)]
pub enum Prog<S> {
    /// The root of a query with persistent variables or dictionaries: the globals, and the
    /// body evaluated at each position.
    Program(Globals, Node<S>),
    /// `while (test) body`: evaluates the body after each time the test matches, until it
    /// does not; always matches (CQL 6.2's `WhileNode`).
    While(Node<S>, Node<S>),
    /// `loop body`: evaluates the body until it fails; matches when it matched at least once
    /// (CQL 6.2's `LoopNode`).
    Loop(Node<S>),
    /// `assert F`: stops the run with an error naming the text when F does not match (a
    /// variable: when it is unbound).
    Assert(Node<S>, String),
    /// `equal(x y)`: both match with equal values (CQL 6.2's `GenericEqualNode`).
    Equal(Node<S>, Node<S>),
    /// `sqrt x`: the integer square root (no match for a negative number).
    Sqrt(Node<S>),
    /// `T count F`: the number of the transform's images of F that match (each image of the
    /// group counted, also when two are the same filter; images a transform drops count as
    /// not matching).
    CountImages(Vec<Node<S>>),
    /// `up N X`, `right 1 N X`, ...: the directions with distances computed at the position:
    /// X translated by `n` steps for each n in the range (a negative n goes the other way).
    DirectionBy(Directions, Node<S>, Option<Node<S>>, Node<S>),
    /// `piece x = S` (`◭x = S`): binds x to the piece on S's one square; no match (x left
    /// alone) unless S is exactly one square holding a piece (CQL 6.2's `PieceAssignNode`).
    PieceAssign(VarId, Node<S>),
    /// `x =? S`: binds the set variable x to S's squares when there is at least one; no match
    /// (and x left alone) when S is empty or does not match (CQL 6.2's conditional
    /// `AssignSquareNode`).
    AssignIfNonEmpty(VarId, Node<S>),
}
