//! `cylindric=wrongrook` / `torus=wrongrook`: castling with the wrong rook, over the board's
//! edge (FBR, seed 001: "By such castling on the kingside the king e1 moves to g1 and rook a1
//! moves to f1. This castling on the queenside has the rook on h1 moving to d1, king moves to
//! c1").
//!
//! Reading: every castling move of the definition (king from, king to, partner) on one rank
//! has a wrong-rook twin when the king has another castling partner on the same rank on the
//! far side (the other castling's partner): the king makes the same move, and that partner
//! travels away from the king, round the edge, to the square the right partner would have
//! taken. As in ordinary castling (SjaakII's rules, `movegen::push_castles`) both pieces must
//! be unmoved, every square either one passes or lands on must be empty (but for the two of
//! them), and a royal may not start on, cross or land on an attacked square.

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// Pushes the wrong-rook castling moves of the side to move (pseudo-legal, the king's path
    /// already checked for attacks).
    pub(super) fn push_wrong_rook(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        let occ = self.occupied();
        for sq in (self.color[us] & self.unmoved).iter() {
            let t = self.type_on(sq);
            let def = &self.v.kinds[t].def;
            let rank = sq / 16;
            let on_rank = |p: usize| p / 16 == rank && p != sq;
            for c in def.castles.iter() {
                if c.color != us || c.from != sq || !on_rank(c.partner) {
                    continue;
                }
                for &to in &c.to {
                    let east = to % 16 > sq % 16;
                    // The right partner's landing square (as `push_castles` computes it).
                    let pto = if to % 16 >= self.v.files / 2 {
                        to - 1
                    } else {
                        to + 1
                    };
                    let wrong = def.castles.iter().filter(|w| {
                        w.color == us
                            && w.from == sq
                            && on_rank(w.partner)
                            && (w.partner % 16 > sq % 16) != east
                    });
                    for w in wrong {
                        if let Some(m) = self.wrong_rook_move(sq, to, w.partner, pto, occ) {
                            out.push(FMove {
                                piece: t as u8,
                                ..m
                            });
                        }
                    }
                }
            }
        }
    }

    /// The wrong-rook castling of the king on `king` to `to` with the partner on `partner`
    /// landing on `pto`, if the squares allow it.
    fn wrong_rook_move(
        &self,
        king: usize,
        to: usize,
        partner: usize,
        pto: usize,
        occ: Bits256,
    ) -> Option<FMove> {
        let us = self.turn;
        if !self.unmoved.has(partner) || !self.color[us].has(partner) {
            return None;
        }
        let step: i32 = if to % 16 > king % 16 { 1 } else { -1 };
        // The king's path, from its square to its destination (no wrapping).
        let mut king_path = Bits256::single(king);
        let mut cur = king;
        while cur != to {
            cur = (cur as i32 + step) as usize;
            king_path.set(cur);
        }
        // The partner's path: away from the king, round the edge, to its landing square.
        let mut partner_path = Bits256::single(pto);
        let mut cur = partner;
        for _ in 0..self.v.files {
            cur = self.offset(cur, -step, 0)?;
            partner_path.set(cur);
            if cur == pto {
                break;
            }
        }
        if cur != pto {
            return None;
        }
        let mut need_empty = king_path | partner_path;
        need_empty.clear(king);
        need_empty.clear(partner);
        if !(need_empty & occ).none() {
            return None;
        }
        let royal = self.v.kinds[self.type_on(king)].def.flags.royal;
        if royal && king_path.iter().any(|s| self.attacked(s, 1 - us)) {
            return None;
        }
        Some(FMove {
            from: king as u8,
            to: to as u8,
            piece: 0,
            promo: None,
            capture: None,
            kind: MoveKind::Castle(partner as u8, pto as u8),
            gate: None,
            sets_ep: false,
        })
    }
}
