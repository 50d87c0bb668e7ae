//! The IR's move filters: the plain `move` filter ([`MoveFilter`]: which moves, from, to,
//! capture, promotion, castling, what it yields), the one with the game tree's parameters
//! ([`MoveExt`]: `primary`, `secondary`, `comment`, CQLi's speculative `: F`, `countmoves`),
//! and `consecutivemoves` ([`ConsecutiveMoves`]).

use super::{Node, PieceKinds, Range};

/// Which moves a `move` filter looks at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveSource {
    /// `move ...`: the moves played from this position in the game (main line, and the
    /// variations when they are searched).
    Played,
    /// `move previous ...`: the move that led here.
    Previous,
    /// `move legal ...`
    Legal,
    /// `move pseudolegal ...`
    PseudoLegal,
    /// `move reverse ...` (CQLi): the retro moves, those that could have led here
    /// (`eval::retro`).
    Reverse,
}

/// What a `move` filter yields.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveYield {
    /// The from-squares of the matching moves (the default).
    From,
    /// The to-squares (when `to` is the first parameter).
    To,
    /// The captured pieces' squares (when `capture` is the first parameter).
    Capture,
    /// `count`: the number of matching moves (a promotion counts once, as in CQL 6.2).
    Count,
}

/// Castling restriction of a `move` filter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastleKind {
    /// `castle`: either side.
    Any,
    /// `o-o`
    KingSide,
    /// `o-o-o`
    QueenSide,
}

impl CastleKind {
    /// Whether a move that castles as `castle` says (`Some(true)` king-side, `Some(false)`
    /// queen-side, None: no castling) is of this kind.
    pub fn admits(self, castle: Option<bool>) -> bool {
        matches!(
            (self, castle),
            (CastleKind::Any, Some(_))
                | (CastleKind::KingSide, Some(true))
                | (CastleKind::QueenSide, Some(false))
        )
    }
}

/// A `move` filter: `move [legal|pseudolegal|previous] [from X] [to Y] [capture Z]
/// [promote P] [enpassant] [castle|o-o|o-o-o] [null] [count]`.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveFilter<S> {
    /// Which moves are considered.
    pub source: MoveSource,
    /// `from X`: the moving piece's square is in X (X is evaluated at the current position).
    pub from: Option<Box<Node<S>>>,
    /// `to Y`: the destination square is in Y.
    pub to: Option<Box<Node<S>>>,
    /// `capture Z`: the captured piece stands on a square of Z (for en passant, the pawn's
    /// square).
    pub capture: Option<Box<Node<S>>>,
    /// `promote P`: the move promotes to a piece admitted by P (a piece-only designator).
    pub promote: Option<PieceKinds>,
    /// `enpassant`
    pub enpassant: bool,
    /// `enpassantsquare X` (CQL 6.2): an en passant capture whose taken pawn stands on a
    /// square of X (X is evaluated at the current position).
    pub ep_square: Option<Box<Node<S>>>,
    /// `castle`, `o-o`, `o-o-o`
    pub castle: Option<CastleKind>,
    /// `null`: a null move (`--` in PGN).
    pub null: bool,
    /// `drop P` (cqlq): a drop (no from square, not a null move) of a piece P admits, by
    /// colour and type.
    pub drop: Option<PieceKinds>,
    /// What the filter yields.
    pub yields: MoveYield,
}

impl<S> MoveFilter<S> {
    /// `move` with no parameter but its source: every move of `source`, yielding their
    /// from-squares (what the other parameters then narrow).
    pub fn any(source: MoveSource) -> MoveFilter<S> {
        MoveFilter {
            source,
            from: None,
            to: None,
            capture: None,
            promote: None,
            enpassant: false,
            ep_square: None,
            castle: None,
            null: false,
            drop: None,
            yields: MoveYield::From,
        }
    }
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
