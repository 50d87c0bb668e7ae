//! Move generation to one destination square: what reading a SAN move needs (it names the
//! destination), without computing a piece's other targets. Gives the same moves as
//! [`FairyPos::push_piece_moves_to`] with that one square; leaps, one-square steps, longer
//! steps and slides are tested against the square directly, other movements compute all
//! targets.

use super::bits::Bits256;
use super::position::{FMove, FairyPos};
use super::tables::{Gen, Kind};

impl FairyPos {
    /// Whether `targets(g, _, sq, occ, prison)` holds `to`: for leaps, steps and slides on a
    /// board that does not wrap, a direct test of `to`; otherwise by computing the targets.
    #[inline]
    pub fn reaches(&self, g: &Gen, sq: usize, to: usize, occ: Bits256, prison: Bits256) -> bool {
        if !g.compound.is_empty()
            || !g.paths.is_empty()
            || g.hop != 0
            || !g.ride.is_empty()
            || self.v.layers.wraps()
            || self.v.layers.spacious
        {
            return self.targets(g, 0, sq, occ, prison).has(to);
        }
        // `targets` leaves out the origin (unless null moves are allowed) and keeps the
        // prison's squares of the board.
        if (to == sq && !self.v.layers.null_moves) || !prison.has(to) || !self.v.board.has(to) {
            return false;
        }
        if g.leaps[sq].has(to)
            || g.step_leaps.get(sq).is_some_and(|b| b.has(to))
            || (g.slide != 0 && self.slides_to(g.slide, sq, to, occ))
        {
            return true;
        }
        // Steps of several squares stop at the first piece and at the prison's edge.
        for &(dx, dy, n) in &g.long_steps {
            let mut cur = sq;
            for _ in 0..n {
                match self.offset(cur, dx as i32, dy as i32) {
                    Some(t) if prison.has(t) => {
                        if t == to {
                            return true;
                        }
                        if occ.has(t) {
                            break;
                        }
                        cur = t;
                    }
                    _ => break,
                }
            }
        }
        false
    }

    /// Pushes the pseudo-legal moves of the piece on `sq` to `to`: the moves
    /// [`FairyPos::push_piece_moves_to`] pushes with `dests` = `{to}`, computed for that square
    /// only (Alice boards, rule layers, lions and the victim rules take the general way). A lion's
    /// moves that land on `to` after a capture elsewhere are included (`push_piece_moves_to`
    /// with `{to}` leaves them out, as it filters the first victim's square too).
    pub fn push_piece_moves_at(&self, out: &mut Vec<FMove>, sq: usize, to: usize) {
        let v = &*self.v;
        let t = ((self.board[sq] - 1) >> 1) as usize;
        let lion = v.lion_types != 0 && t < 64 && v.lion_types >> t & 1 != 0;
        if lion {
            return self.push_lion_moves_at(out, sq, to);
        }
        if self.no_retaliate || v.layers.alice || v.layers.active {
            return self.push_piece_moves_to(out, sq, Bits256::single(to));
        }
        let us = self.turn;
        let them = 1 - us;
        let occ = self.occupied();
        let k = &v.kinds[t];
        let block = k.block[us];
        let occ_b = occ | block;
        let prison = k.prison[us];
        let blocked = block.has(to);
        // A non-capture needs an empty square outside the block.
        let free = !occ.has(to) && !blocked;
        let moves_reach =
            (free || k.same_captures) && self.reaches(&k.moves[us], sq, to, occ_b, prison);
        let mut quiet = moves_reach && free;
        let mut special = self.special_reaches(k, sq, to, occ_b, free, &mut quiet);
        special &= !quiet;
        let enemy_there = self.color[them].has(to);
        let ep_there = k.def.flags.take_ep
            && self.ep.has(to)
            && !occ.has(to)
            && self
                .ep_victim
                .is_some_and(|victim| self.color[them].has(victim as usize));
        let cap = !blocked
            && (enemy_there || ep_there)
            && if k.same_captures {
                moves_reach
            } else {
                self.reaches(&k.captures[us], sq, to, occ_b, prison)
            };
        if quiet {
            self.push_promotions(out, sq, to, t, None, false);
        }
        if special {
            self.push_promotions(out, sq, to, t, None, k.def.flags.set_ep);
        }
        if cap && enemy_there {
            self.push_promotions(out, sq, to, t, Some(to as u8), false);
        }
        if cap && ep_there {
            self.push_promotions(out, sq, to, t, self.ep_victim, false);
        }
        if k.def.castles.iter().any(|c| c.to.contains(&to)) {
            self.push_castles(out, sq, t);
        }
    }

    /// A lion's moves to `to`: its capture on its first step followed by a move on (or a
    /// second capture) is filtered by the first victim's square too, so all its moves are
    /// made and those to `to` kept, in order.
    #[inline]
    fn push_lion_moves_at(&self, out: &mut Vec<FMove>, sq: usize, to: usize) {
        let start = out.len();
        self.push_piece_moves_to(out, sq, !Bits256::EMPTY);
        // Those to `to` moved to the front of the new part, in order; the rest dropped.
        let mut kept = start;
        for i in start..out.len() {
            if out[i].to as usize == to {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether the piece of kind `k` on `sq` reaches `to` (`free`: empty and not blocked)
    /// by a special move (its zone's `Special:` moves, its `Initial:` moves while unmoved).
    /// As in `push_piece_moves_to`: under `special init` the special moves replace the
    /// ordinary non-captures (`quiet` cleared).
    #[inline]
    fn special_reaches(
        &self,
        k: &Kind,
        sq: usize,
        to: usize,
        occ_b: Bits256,
        free: bool,
        quiet: &mut bool,
    ) -> bool {
        let us = self.turn;
        let prison = k.prison[us];
        let special_init = self.v.def.rules.special_init;
        let mut special = false;
        if let Some((zone, g)) = &k.special {
            let unmoved_ok = !special_init || self.unmoved.has(sq);
            if zone[us].has(sq) && unmoved_ok {
                special |= free && self.reaches(&g[us], sq, to, occ_b, prison);
                if special_init {
                    *quiet = false;
                }
            }
        }
        if let Some(g) = &k.initial
            && self.unmoved.has(sq)
            && !(k.def.flags.initial_decays && self.layer.checked[us])
        {
            special |= free && self.reaches(&g[us], sq, to, occ_b, prison);
        }
        special
    }
}

#[cfg(test)]
mod tests;
