//! Rule engines: replay moves and answer what filters ask of a position.
//!
//! One trait, [`Position`], with one implementation per family of rules: standard chess and
//! Chess960 through shakmaty ([`standard`]); fairy and infinite boards come later. The
//! evaluator is generic over it, so standard chess keeps 64-bit bitboards.

pub mod fairy;
pub mod families;
pub mod fbr;
pub mod infinite;
mod lenient_san;
pub mod online;
#[cfg(test)]
pub(crate) mod random_games;
pub mod select;
mod shakmaty_bridge;
pub mod standard;

use crate::chess::{Color, PieceKinds, PieceType};
use crate::squares::{Geometry, SquareSet};

/// A move as filters see it; squares are singleton sets of the board's set type.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveInfo<S> {
    /// The moving piece's square (empty for a null move or a drop).
    pub from: S,
    /// The destination square (for castling: the king's destination; empty for a null move).
    pub to: S,
    /// The moving side.
    pub color: Color,
    /// The moving piece's type.
    pub mover: PieceType,
    /// The captured piece's type and square (for en passant: the captured pawn's square).
    pub capture: Option<(PieceType, S)>,
    /// The piece type promoted to.
    pub promotion: Option<PieceType>,
    /// `Some(true)` king-side castling, `Some(false)` queen-side.
    pub castle: Option<bool>,
    /// An en passant capture.
    pub en_passant: bool,
    /// A null move (`--`).
    pub null: bool,
}

/// Why a move could not be played, or a game could not be set up: the kind, and the message
/// for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// What went wrong, as a kind a caller can act on.
    pub kind: RulesErrorKind,
    /// What went wrong, for the user (e.g. `illegal move "Nf3"`).
    pub reason: String,
}

/// The kinds of [`RulesError`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesErrorKind {
    /// The text is no move the notation reads (`unreadable move "Nz9"`).
    UnreadableMove,
    /// The move is not legal in the position (`illegal move "Nf3"`).
    IllegalMove,
    /// The move fits more than one legal move (`ambiguous move "Nd2"`).
    AmbiguousMove,
    /// A move that could not be played, where the rule family does not say why (fairy and
    /// infinite chess, `illegal or ambiguous move`).
    UnplayableMove,
    /// A null move that cannot be played here (in check, or in infinite chess).
    NullMove,
    /// A start position (FEN or setup) the rules refuse.
    BadPosition,
    /// A variant name no rules know.
    UnknownVariant,
    /// A variant definition or `--rules` text that could not be built.
    BadDefinition,
    /// Rules that do not apply to this game (a variant that is not standard chess, `--rules`
    /// on an online variant, a query not lowered for the variant).
    NotApplicable,
}

impl RulesError {
    /// An error of `kind` with the message `reason`.
    pub fn new(kind: RulesErrorKind, reason: impl Into<String>) -> RulesError {
        RulesError {
            kind,
            reason: reason.into(),
        }
    }
}

/// The message alone, for a caller that only prints it (`?` in a function returning
/// a `String` error).
impl From<RulesError> for String {
    fn from(e: RulesError) -> String {
        e.reason
    }
}

impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

/// Each square of `set` that holds a piece, as a singleton set.
fn piece_squares<P: Position>(pos: &P, set: &P::Set) -> impl Iterator<Item = P::Set> {
    let geo = pos.geometry();
    let pieces = set.intersect(&pos.occupied());
    pieces
        .coords()
        .into_iter()
        .map(move |c| P::Set::from_coords(geo, [c]))
}

/// A position of some variant: what the evaluator needs, nothing about queries.
pub trait Position: Clone + Send + Sync {
    /// The board's square-set type.
    type Set: SquareSet;

    /// The board's size.
    fn geometry(&self) -> Geometry;
    /// The squares holding pieces admitted by `kinds` (and the empty squares if admitted).
    fn pieces(&self, kinds: PieceKinds) -> Self::Set;
    /// All occupied squares.
    fn occupied(&self) -> Self::Set;
    /// The piece on a square (given as a singleton set), if any.
    fn piece_at(&self, square: &Self::Set) -> Option<(Color, PieceType)>;
    /// The squares attacked by the piece on `square` (a singleton), as "a king of the other
    /// colour there would be in check" (seed 003): pinned pieces attack, pawns attack
    /// diagonally forward whether or not the square is occupied.
    fn attacks_from(&self, square: &Self::Set) -> Self::Set;
    /// The squares of `within` attacked by the piece on `square`: `attacks_from ∩ within`,
    /// which the unbounded board answers exactly for a finite `within` even when the attack
    /// set itself is an infinite ray.
    fn attacks_within(&self, square: &Self::Set, within: &Self::Set) -> Self::Set {
        self.attacks_from(square).intersect(within)
    }
    /// The squares of `candidates` holding a piece that attacks a square of `targets`
    /// (`candidates attacks targets`).
    fn attacking(&self, candidates: &Self::Set, targets: &Self::Set) -> Self::Set {
        let mut out = Self::Set::empty();
        for square in piece_squares(self, candidates) {
            if !self.attacks_within(&square, targets).is_empty() {
                out = out.union(&square);
            }
        }
        out
    }
    /// The squares of `within` attacked by a piece standing on a square of `from` (`within
    /// attackedby from`): the union of [`Position::attacks_within`] over the pieces of `from`.
    fn attacked_within(&self, from: &Self::Set, within: &Self::Set) -> Self::Set {
        let mut hit = Self::Set::empty();
        for square in piece_squares(self, from) {
            hit = hit.union(&self.attacks_within(&square, within));
            // Every square of `within` is attacked: the other attackers add nothing.
            if hit == *within {
                break;
            }
        }
        hit
    }
    /// The side to move.
    fn turn(&self) -> Color;
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// The legal moves.
    fn legal_moves(&self) -> Vec<MoveInfo<Self::Set>>;
    /// Whether there is at least one legal move (cheaper than counting).
    fn has_legal_move(&self) -> bool;
    /// The pseudo-legal moves (moves that may leave the own king attacked).
    fn pseudo_legal_moves(&self) -> Vec<MoveInfo<Self::Set>>;
    /// How many legal moves there are, a promotion counted once whatever it promotes to
    /// (`move legal count`), when the rules count them without listing them; None: count
    /// [`Position::legal_moves`].
    fn legal_move_count(&self) -> Option<usize> {
        None
    }
    /// [`Position::legal_move_count`] for the pseudo-legal moves (`move pseudolegal count`).
    fn pseudo_legal_move_count(&self) -> Option<usize> {
        None
    }
    /// The squares of pieces that are promoted pawns.
    fn promoted(&self) -> Self::Set;
    /// The halfmove clock.
    fn halfmove_clock(&self) -> u32;
    /// The fullmove number.
    fn fullmove_number(&self) -> u32;
    /// The FEN (X-FEN castling for Chess960); `standard == false` gives CQL's `currentfen`
    /// (halfmove clock 0, move number 1).
    fn fen(&self, standard: bool) -> String;
    /// The Polyglot-compatible Zobrist key (en passant hashed when a pawn could capture,
    /// legality ignored).
    fn zobrist(&self) -> u64;
    /// The value of each piece type for `power` (king 0, pawn 1, knight 3, ...).
    fn power_of(&self, piece_type: PieceType) -> i64;
    /// `power S`: the sum of the powers of the pieces on the squares of `set`.
    fn power_of_pieces(&self, set: &Self::Set) -> i64 {
        // Taken type by type: each occupied square holds one piece of one type, so the
        // types' sets divide the occupied part of the set, and the loop ends when it is used
        // up.
        let mut rest = set.intersect(&self.occupied());
        let mut total = 0;
        for t in 0..32 {
            if rest.is_empty() {
                break;
            }
            let both = crate::chess::PieceKinds {
                white: 1 << t,
                black: 1 << t,
                empty: false,
            };
            let of_type = rest.intersect(&self.pieces(both));
            if !of_type.is_empty() {
                total += self.power_of(t) * i64::from(of_type.count());
                rest = rest.minus(&of_type);
            }
        }
        total
    }
    /// Plays a move given in SAN; returns what the move did.
    fn play_san(&mut self, san: &str) -> Result<MoveInfo<Self::Set>, RulesError>;
    /// Plays a move given in SAN that the PGN reader already parsed (`san`, written `text`):
    /// the same as [`Position::play_san`] on `text`, which it is unless a set of rules can use
    /// the parsed form.
    fn play_parsed_san(
        &mut self,
        san: &shakmaty::san::San,
        text: &str,
    ) -> Result<MoveInfo<Self::Set>, RulesError> {
        let _ = san;
        self.play_san(text)
    }
    /// Plays a null move (`--`, `Z0`), passing the turn.
    fn play_null(&mut self) -> Result<MoveInfo<Self::Set>, RulesError>;
    /// The move written `san` (as [`Position::play_san`] reads it) from this position,
    /// written again as standard SAN (with `+`/`#`) and as UCI, for `--json`; None where
    /// cqlq does not write these for the board (fairy boards, infinite chess) or the move is
    /// not legal here.
    fn san_and_uci(&self, _san: &str) -> Option<(String, String)> {
        None
    }
    /// The FEN letter of the piece on `square` (a singleton) when CQL has none for its type
    /// (fairy pieces: `C`, `+P`), for `piecename`/`typename`; None on other boards.
    fn fairy_letter(&self, _square: Self::Set) -> Option<String> {
        None
    }
    /// The squares of `color`'s pawns, as the pawn-structure filters (`passedpawns`, ...)
    /// see them: the pawns; fairy boards count their pawn-like pieces (see `docs/fairy.md`).
    fn pawns(&self, color: Color) -> Self::Set {
        self.pieces(PieceKinds::one(color, crate::chess::piece_type::PAWN))
    }
    /// Whether a variant's own goal is reached (king of the hill, third check, racing kings
    /// finish, exploded king, no pieces left, ...): the game is over without mate or
    /// stalemate. Standard chess has none.
    fn is_variant_end(&self) -> bool {
        false
    }
    /// Whether the variant's rules make a capture compulsory when one is possible (Antichess,
    /// Giveaway, Losers, fairy rule sets with `forced capture` or `mustcapture`), for CQL-S's
    /// `:mustcapture`. Standard chess: never.
    fn compels_capture(&self) -> bool {
        false
    }
    /// Whether the side to move is mated: in check with no legal move (python-chess's rule,
    /// so in Three-check the third check is a mate).
    fn is_mate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }
    /// Whether the side to move is stalemated: not in check, no legal move, and no variant
    /// goal reached.
    fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move() && !self.is_variant_end()
    }
}
