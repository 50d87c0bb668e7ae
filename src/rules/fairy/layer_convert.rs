//! Conversion moves (FBR `conversion*` with a prefixed definition `*K=cK`, seed 001: "the
//! piece at the destination square will flip the color ... This conversion is a separate
//! move"): instead of moving, a piece turns an enemy piece its prefixed movement reaches into
//! one of its own side; it stays where it is. Royal pieces are not converted (a side's royal
//! changing sides is no move the seed describes). A PGN writes the move as SAN of the
//! converting piece to its target's square without a capture mark (`Kd2`; the capture of the
//! same piece is `Kxd2`), or in coordinates (`e1d2`), as swaps are written.

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// Pushes the side to move's conversion moves: for each of its pieces with a conversion
    /// movement, each enemy non-royal piece on the movement's lines (a line up to its first
    /// piece).
    pub(super) fn push_conversions(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        let them = 1 - us;
        let occ = self.occupied();
        for (holder, lines) in &self.v.layers.conversion_moves {
            for sq in self.color[us].iter() {
                if self.type_on(sq) != usize::from(*holder) {
                    continue;
                }
                let mut targets = Bits256::EMPTY;
                for &(dx, dy, n) in &lines[us] {
                    let mut cur = sq;
                    for _ in 0..n {
                        match self.offset(cur, dx.into(), dy.into()) {
                            Some(next) if next != sq && self.v.board.has(next) => {
                                if occ.has(next) {
                                    targets.set(next);
                                    break;
                                }
                                cur = next;
                            }
                            _ => break,
                        }
                    }
                }
                for to in (targets & self.color[them] & !self.royals(them)).iter() {
                    out.push(FMove {
                        from: sq as u8,
                        to: to as u8,
                        piece: *holder,
                        promo: None,
                        capture: None,
                        kind: MoveKind::Convert,
                        gate: None,
                        sets_ep: false,
                    });
                }
            }
        }
    }

    /// Plays a conversion's effect: the piece on `sq` becomes `us`'s (its type, promoted mark
    /// kept; no longer unmoved, so a converted rook gives no castling). Returns whether the
    /// move resets the halfmove clock (it does, as a capture: the position cannot come back).
    pub(super) fn convert_target(&mut self, sq: usize, us: usize) -> bool {
        if let Some((_, t)) = self.piece(sq) {
            let promoted = self.promoted.has(sq);
            self.remove(sq);
            self.put(sq, us, t);
            if promoted {
                self.promoted.set(sq);
            }
            self.unmoved.clear(sq);
        }
        true
    }
}
