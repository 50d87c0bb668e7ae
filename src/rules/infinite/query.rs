//! What CQL filters ask of an infinite-chess position, answered with [`SparseSet`]s: the
//! piece-type numbering, piece designators (with `_` as a co-finite set), attacks, check and
//! mate, `power`, `currentfen` (an ICN string) and `zobristkey`.
//!
//! [`crate::rules::Position`] (in [`super::cql`]) answers the evaluator with these inherent
//! methods (see `docs/infinite.md`).

use super::attack::{is_attacked, piece_attacks};
use super::board::Square;
use super::movegen::has_legal_move;
use super::moves::in_check;
use super::outcome::game_end;
use super::piece::{ALL_KINDS, Kind, Owner, Piece};
use super::position::InfPosition;
use super::squares::SparseSet;
use super::write::position_to_icn;
use crate::chess::{Color, PieceKinds, PieceType};

/// The CQL piece-type index of a kind: the standard six keep their numbers (pawn 0 ... king 5),
/// the fairy kinds follow in ICN's listing order (amazon 6, hawk 7, ..., void 21).
pub fn piece_type(kind: Kind) -> PieceType {
    match kind {
        Kind::Pawn => 0,
        Kind::Knight => 1,
        Kind::Bishop => 2,
        Kind::Rook => 3,
        Kind::Queen => 4,
        Kind::King => 5,
        k => ALL_KINDS.iter().position(|x| *x == k).unwrap_or(0) as PieceType,
    }
}

/// The kind of a CQL piece-type index (the inverse of [`piece_type`]).
pub fn kind_of(t: PieceType) -> Option<Kind> {
    ALL_KINDS.iter().copied().find(|k| piece_type(*k) == t)
}

/// The longest slide, in squares, that [`InfPosition::attack_set`] lists square by square
/// (a slide stopped by a piece 10^18 squares away is finite, but no memory holds it).
pub const MAX_LISTED_SLIDE: u64 = 100_000;

/// Why a set cannot be given exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unbounded {
    /// The square whose piece slides without end, or too far to list.
    pub square: Square,
    /// The slide's length when it is finite but longer than [`MAX_LISTED_SLIDE`].
    pub too_long: Option<u64>,
}

impl std::fmt::Display for Unbounded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (x, y) = self.square;
        match self.too_long {
            None => write!(
                f,
                "the piece on {x},{y} attacks infinitely many squares (no slideLimit): its attack set is neither finite nor co-finite"
            ),
            Some(n) => write!(
                f,
                "the piece on {x},{y} slides {n} squares, more than the {MAX_LISTED_SLIDE} cqlq lists in an attack set"
            ),
        }
    }
}

fn owner_of(c: Color) -> Owner {
    match c {
        Color::White => Owner::White,
        Color::Black => Owner::Black,
    }
}

impl InfPosition {
    /// The squares of pieces admitted by `kinds`, plus every empty square when `_` is admitted
    /// (a co-finite set). Neutral pieces (obstacles, voids) belong to neither colour: `A`, `a`
    /// and `[Aa]` do not match them; a designator naming them (`[=ob]`) sets their type's bit
    /// in both colours, which no CQL letter does short of `[Aa]`; `.` (every square, `[Aa_]`)
    /// matches them.
    pub fn designated(&self, kinds: PieceKinds) -> SparseSet {
        let every_piece = kinds.white == u32::MAX && kinds.black == u32::MAX && !kinds.empty;
        let admitted = |p: Piece| {
            let bit = 1u32.checked_shl(u32::from(piece_type(p.kind))).unwrap_or(0);
            match p.owner {
                Owner::White => kinds.white & bit != 0,
                Owner::Black => kinds.black & bit != 0,
                Owner::Neutral => !every_piece && kinds.white & kinds.black & bit != 0,
            }
        };
        let pieces = SparseSet::of_squares(
            self.board
                .iter()
                .filter(|(_, p)| admitted(*p))
                .map(|(s, _)| s),
        );
        if kinds.empty {
            use crate::squares::SquareSet;
            pieces.union(&self.occupied_set().complement())
        } else {
            pieces
        }
    }

    /// Every occupied square.
    pub fn occupied_set(&self) -> SparseSet {
        SparseSet::of_squares(self.board.iter().map(|(s, _)| s))
    }

    /// The piece on a square, as CQL sees it (neutral pieces have no colour: `None`).
    pub fn cql_piece_at(&self, sq: Square) -> Option<(Color, PieceType)> {
        let p = self.board.get(sq)?;
        let c = match p.owner {
            Owner::White => Color::White,
            Owner::Black => Color::Black,
            Owner::Neutral => return None,
        };
        Some((c, piece_type(p.kind)))
    }

    /// The squares the piece on `sq` attacks: exact when its slides are bounded (by blockers
    /// or `slideLimit`), else [`Unbounded`].
    pub fn attack_set(&self, sq: Square) -> Result<SparseSet, Unbounded> {
        let Some(p) = self.board.get(sq) else {
            return Ok(SparseSet::default());
        };
        let limit = self.rules.slide_limit;
        let mut reach: u64 = 6;
        for d in p.kind.rides() {
            match (super::attack::blocker(&self.board, sq, d), limit) {
                (Some((_, b)), Some(l)) => reach = reach.max(b.min(l)),
                (Some((_, b)), None) => reach = reach.max(b),
                (None, Some(l)) => reach = reach.max(l),
                (None, None) => {
                    return Err(Unbounded {
                        square: sq,
                        too_long: None,
                    });
                }
            }
        }
        let mut out = Vec::new();
        if p.kind == Kind::Huygen {
            // A huygen moves along files and ranks only, to prime distances within its limit.
            let l = limit.ok_or(Unbounded {
                square: sq,
                too_long: None,
            })?;
            if l > MAX_LISTED_SLIDE {
                return Err(Unbounded {
                    square: sq,
                    too_long: Some(l),
                });
            }
            for d in super::piece::ORTHOGONAL {
                for t in (2..=l).filter(|t| super::piece::is_prime(*t)) {
                    match super::attack::step(sq, d, t) {
                        Some(to) if piece_attacks(&self.board, p, sq, to, limit) => out.push(to),
                        Some(_) => {}
                        None => break,
                    }
                }
            }
            return Ok(SparseSet::of_squares(out));
        }
        if reach > MAX_LISTED_SLIDE {
            return Err(Unbounded {
                square: sq,
                too_long: Some(reach),
            });
        }
        for d in p.kind.rides() {
            for t in 1..=reach {
                match super::attack::step(sq, d, t) {
                    Some(to) if piece_attacks(&self.board, p, sq, to, limit) => out.push(to),
                    _ => break,
                }
            }
        }
        let leaps = self.attacks_in_window(p, sq, 6);
        Ok(leaps.union_with(SparseSet::of_squares(out)))
    }

    fn attacks_in_window(&self, p: Piece, sq: Square, r: u64) -> SparseSet {
        let r = r as i64;
        let mut out = Vec::new();
        for dx in -r..=r {
            for dy in -r..=r {
                let Some(to) = super::attack::offset(sq, (dx, dy)) else {
                    continue;
                };
                if (dx == 0 || dy == 0 || dx.abs() == dy.abs() || dx.abs() + dy.abs() <= 7)
                    && piece_attacks(&self.board, p, sq, to, self.rules.slide_limit)
                {
                    out.push(to);
                }
            }
        }
        SparseSet::of_squares(out)
    }

    /// Whether a piece of `by` attacks `sq` (exact, without building attack sets).
    pub fn attacked_by(&self, sq: Square, by: Color) -> bool {
        is_attacked(&self.board, sq, owner_of(by), self.rules.slide_limit)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        in_check(self, self.turn)
    }

    /// Whether the side to move is checkmated (in check, no legal move).
    pub fn is_mate(&self) -> bool {
        self.is_check() && !has_legal_move(self)
    }

    /// Whether the side to move is stalemated (no legal move, not in check, no win reached).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && game_end(self).is_none() && !has_legal_move(self)
    }

    /// CQL `power` of a kind (see [`Kind::power`]).
    pub fn power_of_type(&self, t: PieceType) -> i64 {
        kind_of(t).map_or(0, Kind::power)
    }

    /// CQL `currentfen` on an ICN game: the ICN position string, counters reset as CQL does
    /// (halfmove 0, fullmove 1).
    pub fn current_icn(&self) -> String {
        let mut p = self.clone();
        p.halfmove = 0;
        p.fullmove = 1;
        position_to_icn(&p)
    }

    /// CQL `zobristkey` on an ICN game (see [`super::zobrist`]).
    pub fn zobrist_key(&self) -> u64 {
        super::zobrist::zobrist(self)
    }
}

impl SparseSet {
    fn union_with(self, other: SparseSet) -> SparseSet {
        use crate::squares::SquareSet;
        self.union(&other)
    }
}
