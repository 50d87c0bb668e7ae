//! `torus=spacious` and `spacious` (seed 001: "All pieces are spacious pieces"): Betza's
//! spacious pieces (chessvariants.com's piececlopedia, "Spacious Pieces"): a piece "cannot move
//! if the square one step further in the desired direction is occupied", and a rider or slider
//! is a rider of that spacious step; Spacious Torus Chess, the variant the rule names,
//! "requires the next square beyond to be empty to either move or capture". So every target (a
//! move's or a capture's, and so every attack and check) needs the square one more step of the
//! same vector beyond it empty: a knight's one more knight leap (Betza's "Spacious Nightrider"
//! is a rider of the spacious knight), a pawn's one more step forward (its double step's third
//! square) or diagonally on (its capture, en passant too). The square the piece leaves counts
//! as empty (it is no longer there). On a torus every square has one beyond it; off a board
//! that does not wrap no square lies beyond the edge, so none is occupied there. Castling is
//! not a piece's movement and stays as it is (Spacious Torus Chess: "played as FIDE except").

use super::bits::Bits256;
use super::position::FairyPos;
use super::tables::{Gen, line_dirs};

impl FairyPos {
    /// The targets of movement `g` from `sq` under `spacious` (before the prison and board
    /// masks): each leap, step and line square whose next square along the same vector is
    /// empty or `sq`; lines and multi-square steps stop at their first occupied square.
    pub(super) fn spacious_targets(&self, g: &Gen, sq: usize, occ: Bits256) -> Bits256 {
        let room = |n: usize, (dx, dy): (i8, i8)| {
            self.offset(n, i32::from(dx), i32::from(dy))
                .is_none_or(|beyond| beyond == sq || !occ.has(beyond))
        };
        let mut b = Bits256::EMPTY;
        for &v in &g.leap_vectors {
            if let Some(n) = self.offset(sq, i32::from(v.0), i32::from(v.1))
                && room(n, v)
            {
                b.set(n);
            }
        }
        let lines = line_dirs(g.slide)
            .map(|v| (v, u8::MAX))
            .chain(g.ride.iter().map(|&v| (v, u8::MAX)))
            .chain(g.steps.iter().map(|&(dx, dy, n)| ((dx, dy), n)));
        for (v, count) in lines {
            let mut cur = sq;
            for _ in 0..count {
                let Some(n) = self.offset(cur, i32::from(v.0), i32::from(v.1)) else {
                    break;
                };
                if room(n, v) {
                    b.set(n);
                }
                if n == sq || occ.has(n) {
                    break;
                }
                cur = n;
            }
        }
        b
    }
}
