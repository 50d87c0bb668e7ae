//! FBR `pincher` (seed 001): "Any piece prefixed by this letter will have the power to pinch an
//! opposing piece within the pinching zone. Any opposing piece inside the pinching zone can be
//! relocated to a square of the pinching player's choosing on that opponent's first rank. If
//! the first rank is completely occupied, then the pinched piece is removed from play." The
//! zone is the prefixed piece's MBN (`*C=K`: the squares next to the crab; a rider's line up
//! to and including its first piece). A pinch is a move of its own (the seed makes it a power
//! of the piece, not part of its move, and one relocation is one choice of the player): the
//! pinched piece leaves its square for an empty square of its side's first rank, or leaves
//! the board when that rank is full. It is a removal move ([`MoveKind::Pickup`]) of an enemy
//! piece whose destination is the new square (the square itself for a removal).

use super::layer_powers::ZoneLine;
use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};

/// The rule: the pinching types with their zone lines per colour, and the types that may be
/// pinched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PinchRule {
    /// Each pinching type and its zone lines (white's, black's).
    pub holders: Vec<(u8, [Vec<ZoneLine>; 2])>,
    /// The types that may be pinched.
    pub pieces: u64,
}

impl FairyPos {
    /// The squares the zone lines from `sq` reach (a line stops after its first piece).
    fn pinch_zone(&self, lines: &[ZoneLine], sq: usize) -> Vec<usize> {
        let occ = self.occupied();
        let mut zone = Vec::new();
        for &line in lines {
            for next in self.line_squares(sq, line) {
                zone.push(next);
                if occ.has(next) {
                    break;
                }
            }
        }
        zone
    }

    /// Adds the side to move's pinches: each enemy piece of the set in a pincher's zone goes
    /// to each empty square of its side's first rank, or off the board when there is none.
    pub(super) fn push_pinches(&self, out: &mut Vec<FMove>) {
        let Some(rule) = &self.v.layers.pincher else {
            return;
        };
        let us = self.turn;
        let them = 1 - us;
        let rank = if them == 0 { 0 } else { self.v.ranks - 1 };
        let free: Vec<usize> = (0..self.v.files)
            .map(|f| rank * 16 + f)
            .filter(|&s| self.v.board.has(s) && self.piece(s).is_none())
            .collect();
        let n = out.len();
        for sq in self.color[us].iter() {
            let t = self.type_on(sq);
            for (_, lines) in rule.holders.iter().filter(|(h, _)| usize::from(*h) == t) {
                for s in self.pinch_zone(&lines[us], sq) {
                    if !self.color[them].has(s) || !has_type(rule.pieces, self.type_on(s)) {
                        continue;
                    }
                    let pinched = FMove::pickup(s, self.type_on(s));
                    let dests: Vec<usize> = if free.is_empty() {
                        vec![s]
                    } else {
                        free.clone()
                    };
                    for d in dests {
                        let m = FMove {
                            to: d as u8,
                            ..pinched
                        };
                        if !out[n..].contains(&m) {
                            out.push(m);
                        }
                    }
                }
            }
        }
    }

    /// After a pinch that relocates (a removal of an enemy piece with another destination):
    /// the piece stands on its new square.
    pub(super) fn pinch_after(&mut self, m: &FMove, us: usize) {
        if m.kind == MoveKind::Pickup && m.from != m.to && self.piece(m.from.into()).is_none() {
            self.put(m.to.into(), 1 - us, m.piece.into());
        }
    }
}
