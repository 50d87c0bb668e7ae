//! The IR's game-tree and move words beyond the plain `move` filter: CQL 6.2's
//! `virtualmainline`, `position N`, `child(n)` with a computed index, the past-move words
//! `primary` / `secondary` (which `try` is made of), `pieceid`, `consecutivemoves`, `countmoves`, `currentmove`, the `move`
//! parameters `primary`, `secondary` and `comment`, and CQLi's imaginary positions
//! (speculative `move ... : F`, `legalposition`).
//!
//! [`Node::Tree`](super::Node::Tree) holds a [`TreeWord`]; `eval::tree_words` and
//! `eval::imagine` evaluate them.

use super::{MoveFilter, Node, Range};

/// A game-tree or move word (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub enum TreeWord<S> {
    /// `virtualmainline`: every White move on the path from the start is a main
    /// continuation, and no move on it is a null move (CQL 6.2's `QPos::virtualmainline`).
    VirtualMainline,
    /// `position N`: the position whose `positionid` is N (CQL 6.2's `GotoNode`); no match
    /// when N is negative or past the game's last position.
    PositionById(Node<S>),
    /// `child(n)` with a computed index: the n-th continuation (0 the main one), as
    /// [`PositionRef::Child`](super::PositionRef::Child).
    ChildAt(Node<S>),
    /// `primary` (true) / `secondary` (false): the move that led here is (not) the first
    /// continuation of its position (CQL 6.2's `PastMoveNode`); no match at the start.
    PrimaryMove(bool),
    /// `pieceid x`: the identity number of the piece on the single square of x (no match
    /// for an empty square or a set of another size).
    PieceId(Node<S>),
    /// `consecutivemoves [quiet] [range] (x y)`
    ConsecutiveMoves(ConsecutiveMoves<S>),
    /// A `move` filter with the parameters [`MoveFilter`] lacks; also `countmoves --`
    /// (`count` set) and `currentmove --` (source `previous`).
    Move(MoveExt<S>),
    /// `x & y` of two positions (CQL's positional intersection): the squares on which both
    /// positions have the same content (the same coloured piece type, or both empty).
    SameContent(Node<S>, Node<S>),
    /// `distance(x y)` of two positions: the moves from their latest common ancestor to x
    /// plus those to y (CQL's distance page).
    TreeDistance(Node<S>, Node<S>),
    /// `legalposition` (CQLi): the position could arise in a game — each side has one king,
    /// the side not to move is not in check, no pawn stands on the first or last rank.
    LegalPosition,
    /// `reachableposition` (CQLi): the position passes the retrograde checks of
    /// `eval::reachable` (standard chess on the 8x8 board).
    ReachablePosition,
}

/// `consecutivemoves [quiet] [range] (x y)`: the length of the longest run of identical
/// consecutive moves (same from, to and moving piece) on the paths from the latest common
/// ancestor of positions x and y to x and to y.
#[derive(Clone, Debug, PartialEq)]
pub struct ConsecutiveMoves<S> {
    /// The first position filter (commented as `x-move[i]`).
    pub left: Node<S>,
    /// The second position filter.
    pub right: Node<S>,
    /// The name of the left variable, for the comments.
    pub left_name: String,
    /// The name of the right variable.
    pub right_name: String,
    /// The lengths admitted (1 and more by default; a length of 0 never matches).
    pub range: Range,
    /// `quiet`: no comments.
    pub quiet: bool,
}

/// A `move` filter with further parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveExt<S> {
    /// The plain parameters (source, from, to, capture, promote, ..., what it yields).
    pub base: MoveFilter<S>,
    /// `primary`: only main continuations (the move is its position's first child).
    pub primary: bool,
    /// `secondary`: only variations.
    pub secondary: bool,
    /// `comment X`: evaluated at the position each matching move leads to (CQL 6.2's
    /// `MoveBase::match_move`), so the comment is put after that move.
    pub comment: Option<Node<S>>,
    /// CQLi's speculative move `: F` (false) and `all : F` (true): each matching move is
    /// made on a copy of the position and F evaluated in that imaginary position; the moves
    /// where F matches are kept (`all`: the filter matches only when F matches after every
    /// matching move).
    pub then: Option<(bool, Node<S>)>,
    /// `countmoves`: the value is the number of matching moves (played moves each counted;
    /// a generated promotion counted once, whatever it promotes to, as CQL 6.2 does).
    pub count: bool,
}
