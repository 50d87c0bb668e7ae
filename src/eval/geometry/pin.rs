//! `pin from X through Y to Z`: sliders, the one enemy piece between, and what it shields,
//! square by square on any board and over bitboards on the 8x8 board.

use shakmaty::{Bitboard, attacks};

use super::super::bits::{Grid, bitboard, from_bits};
use super::super::{Evaluator, Value};
use super::{between_coords, color_kinds, squares};
use crate::ir::{Node, Pin, PinYield, piece_type};
use crate::rules::Position;
use crate::squares::{Coord, SquareSet};

impl<P: Position> Evaluator<'_, P> {
    /// `pin from X through Y to Z`
    pub(in crate::eval) fn eval_pin(&self, pin: &Pin<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let part = |f: &Option<Node<P::Set>>| -> Option<Option<P::Set>> {
            match f {
                Some(f) => Some(Some(self.set(f, at)?)),
                None => Some(None),
            }
        };
        let (from, through, to) = (part(&pin.from)?, part(&pin.through)?, part(&pin.to)?);
        let pos = &self.node(at).position;
        Some(Value::Set(pin_squares(pos, from, through, to, pin.yields)))
    }
}

/// `pin`'s squares: for each side, a rook, bishop or queen on `from`, one enemy piece on
/// `through` between it and an enemy piece or empty square on `to` (the kings by default),
/// nothing else between.
pub(in crate::eval) fn pin_squares<P: Position>(
    pos: &P,
    from: Option<P::Set>,
    through: Option<P::Set>,
    to: Option<P::Set>,
    yields: PinYield,
) -> P::Set {
    let geo = pos.geometry();
    let all = P::Set::full(geo);
    let from = from.unwrap_or_else(|| all.clone());
    let through = through.unwrap_or_else(|| all.clone());
    let kings = crate::ir::PieceKinds {
        white: 1 << piece_type::KING,
        black: 1 << piece_type::KING,
        empty: false,
    };
    let to = to.unwrap_or_else(|| pos.pieces(kings));
    if let Some(set) = pin_bits(pos, &from, &through, &to, yields) {
        return set;
    }
    pin_listed(pos, &from, &through, &to, yields)
}

/// [`pin_squares`] on any board, square by square, the sets given.
fn pin_listed<P: Position>(
    pos: &P,
    from: &P::Set,
    through: &P::Set,
    to: &P::Set,
    yields: PinYield,
) -> P::Set {
    let geo = pos.geometry();
    let all = P::Set::full(geo);
    let occupied = Grid::new(geo, &pos.occupied());
    let mut out = Vec::new();
    for color in [crate::ir::Color::White, crate::ir::Color::Black] {
        let own = pos.pieces(color_kinds(color));
        let other = pos.pieces(color_kinds(color.other()));
        let empty = all.minus(&pos.occupied());
        let through = Grid::new(geo, &through.intersect(&other));
        let to = to.intersect(&other.union(&empty));
        for f in from.intersect(&own).coords() {
            let Some((_, t)) = pos.piece_at(&P::Set::from_coords(geo, [f])) else {
                continue;
            };
            let (ortho, diag) = match t {
                piece_type::ROOK => (true, false),
                piece_type::BISHOP => (false, true),
                piece_type::QUEEN => (true, true),
                _ => continue,
            };
            for target in to.coords() {
                let (df, dr) = (target.file - f.file, target.rank - f.rank);
                let aligned =
                    (ortho && (df == 0) != (dr == 0)) || (diag && df != 0 && df.abs() == dr.abs());
                if !aligned {
                    continue;
                }
                let line = between_coords(f, target);
                let pinned: Vec<Coord> = line.iter().copied().filter(|&c| through.has(c)).collect();
                if pinned.is_empty() || line.iter().filter(|&&c| occupied.has(c)).count() > 1 {
                    continue;
                }
                match yields {
                    PinYield::From => out.push(f),
                    PinYield::Through => out.extend(pinned),
                    PinYield::To => out.push(target),
                }
            }
        }
    }
    P::Set::from_coords(geo, out)
}

/// [`pin_squares`] on the 8x8 board, with the same walk read off bitboards: for each side,
/// each rook, bishop or queen of `from`, each square of `to` on one of its lines (an enemy
/// piece or an empty square), the squares strictly between must hold exactly one piece, an
/// enemy piece of `through`. None when the sets are not 64-bit boards.
fn pin_bits<P: Position>(
    pos: &P,
    from: &P::Set,
    through: &P::Set,
    to: &P::Set,
    yields: PinYield,
) -> Option<P::Set> {
    let (from, through, to) = (bitboard(from)?, bitboard(through)?, bitboard(to)?);
    let occupied = bitboard(&pos.occupied())?;
    let of_type = |color: crate::ir::Color, t: crate::ir::PieceType| {
        let mut kinds = crate::ir::PieceKinds::default();
        match color {
            crate::ir::Color::White => kinds.white = 1 << t,
            crate::ir::Color::Black => kinds.black = 1 << t,
        }
        bitboard(&pos.pieces(kinds)).unwrap_or(0)
    };
    let mut out = 0u64;
    for color in [crate::ir::Color::White, crate::ir::Color::Black] {
        let other = bitboard(&pos.pieces(color_kinds(color.other())))?;
        let through = through & other;
        let to = to & (other | !occupied);
        if through == 0 || to == 0 {
            continue;
        }
        let queens = of_type(color, piece_type::QUEEN);
        let rooks = (of_type(color, piece_type::ROOK) | queens) & from;
        let bishops = (of_type(color, piece_type::BISHOP) | queens) & from;
        for f in squares(rooks | bishops) {
            let mut lines = 0;
            if rooks >> u32::from(f) & 1 != 0 {
                lines |= attacks::rook_attacks(f, Bitboard::EMPTY).0;
            }
            if bishops >> u32::from(f) & 1 != 0 {
                lines |= attacks::bishop_attacks(f, Bitboard::EMPTY).0;
            }
            for target in squares(to & lines) {
                let line = attacks::between(f, target).0;
                let pinned = line & through;
                if pinned == 0 || (line & occupied).count_ones() > 1 {
                    continue;
                }
                out |= match yields {
                    PinYield::From => 1 << u32::from(f),
                    PinYield::Through => pinned,
                    PinYield::To => 1 << u32::from(target),
                };
            }
        }
    }
    from_bits(out)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{kinds, positions};
    use super::*;

    /// `pin` on bitboards gives the squares the square-by-square walk gives, for every yield
    /// and for default and narrowed sets (empty squares as targets included).
    #[test]
    fn pin_bits_agree_with_the_listed_walk() {
        let yields = [PinYield::From, PinYield::Through, PinYield::To];
        for pos in positions() {
            let all = Bitboard::FULL;
            let sliders = pos.pieces(kinds(0b11100, 0b11100));
            let minor = pos.pieces(kinds(0b110, 0b110));
            let empty = !pos.occupied();
            let kings = pos.pieces(kinds(1 << 5, 1 << 5));
            let queens = pos.pieces(kinds(1 << 4, 1 << 4));
            let cases = [
                (all, all, kings),
                (sliders, minor, kings),
                (all, all, queens | empty),
                (sliders, all, all),
            ];
            for (from, through, to) in cases {
                for y in yields {
                    let fast = pin_bits(&pos, &from, &through, &to, y).unwrap();
                    let listed = pin_listed(&pos, &from, &through, &to, y);
                    assert_eq!(fast, listed, "{} {y:?}", pos.fen(true));
                }
            }
        }
    }
}
