//! FBR `promotion=castle{set}` (seed 001): "After promotion to a piece specified in the
//! following obligatory piece set the square of this piece will get the castle right for
//! forward castling. The piece on this square will be initial again, as if it didn't move
//! before." A piece promoted to a type of the set is unmoved again (its initial moves come
//! back), and an unmoved royal that may castle castles forward with it along its file: the
//! chess problemists' Pam-Krabbé (Staugaard) castling, "wKe1 & wRe8 to wKe3 & wRe2", written
//! `O-O-O-O` (`fairy::san`, `fairy::coord_moves`). `rules::fbr` fills
//! `Layers::promotion_castle`.

use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// After `us` made `m`: a piece it promoted to a type of `mask` (on the move's
    /// destination, or in place) is unmoved again.
    pub(super) fn note_castle_promotion(&mut self, mask: u64, m: &FMove, us: usize) {
        let Some(p) = m.promo else {
            return;
        };
        let sq = match m.kind {
            MoveKind::Normal | MoveKind::Double(_) => m.to as usize,
            MoveKind::Pickup => m.from as usize,
            _ => return,
        };
        if has_type(mask, p.into()) && self.piece(sq) == Some((us, p.into())) {
            self.unmoved.set(sq);
        }
    }

    /// Forward castling with a promoted partner: an unmoved royal of the side to move whose
    /// type castles finds, forward along its file (up for white, down for black), first an
    /// unmoved promoted piece of a type of `mask`, at least two squares away; the royal moves
    /// two squares towards it and the partner to the square the royal crossed. As any castling,
    /// the royal may not start in check nor cross or land on an attacked square (`royal=passover`:
    /// it may cross one); the move's legality tests the landing.
    pub(super) fn push_forward_castles(&self, mask: u64, out: &mut Vec<FMove>) {
        let us = self.turn;
        let them = 1 - us;
        let dy = if us == 0 { 1 } else { -1 };
        let passover = self.v.layers.royal.passover;
        for sq in (self.royal[us] & self.unmoved).iter() {
            let t = self.type_on(sq);
            if self.v.kinds[t].def.castles.is_empty() {
                continue;
            }
            let (Some(crossed), Some(landing)) =
                (self.offset(sq, 0, dy), self.offset(sq, 0, 2 * dy))
            else {
                continue;
            };
            // The first piece forward along the file.
            let mut cur = sq;
            let mut partner = None;
            for _ in 0..self.v.ranks {
                let Some(n) = self.offset(cur, 0, dy) else {
                    break;
                };
                if n == sq {
                    break;
                }
                if self.occupied().has(n) {
                    partner = Some(n);
                    break;
                }
                cur = n;
            }
            let Some(pf) = partner.filter(|&pf| pf != crossed) else {
                continue;
            };
            let ok_partner = self.color[us].has(pf)
                && self.unmoved.has(pf)
                && self.promoted.has(pf)
                && has_type(mask, self.type_on(pf));
            if !ok_partner
                || self.layer_in_check(us)
                || (!passover && self.attacked(crossed, them))
                || (pf != landing && self.attacked(landing, them))
            {
                continue;
            }
            out.push(FMove {
                from: sq as u8,
                to: landing as u8,
                piece: t as u8,
                promo: None,
                capture: None,
                kind: MoveKind::Castle(pf as u8, crossed as u8),
                gate: None,
                sets_ep: false,
            });
        }
    }
}
