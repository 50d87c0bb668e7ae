//! The `pieces` rule's counting limits ([`PieceLimits`](super::layers::PieceLimits)): the
//! moves they forbid (`file`, `avoidsamecolored`, `holding`, `cannotbechecked`, `maxcaptures`, `minimum`), judged
//! on the position before and after the move, and the game ends they decide (`win`,
//! `morethan`, `draw`), judged on the position before any move; and the squares of
//! `transparent` pieces, which the move generator and the check test see through.

use super::bits::Bits256;
use super::layer_end::{GameEnd, Verdict};
use super::layers::has_type;
use super::position::{FMove, FairyPos};

impl FairyPos {
    /// `pieces=transparent`: the squares of the transparent pieces (both sides).
    pub fn transparent_squares(&self) -> Bits256 {
        let mask = self.v.layers.transparent;
        let mut b = Bits256::EMPTY;
        if mask == 0 {
            return b;
        }
        for s in self.occupied().iter() {
            if has_type(mask, self.type_on(s)) {
                b.set(s);
            }
        }
        b
    }

    /// `color`'s pieces of the types in `mask` on `file`, counted.
    fn count_on_file(&self, color: usize, mask: u64, file: usize) -> u32 {
        self.color[color]
            .iter()
            .filter(|&s| s % 16 == file && has_type(mask, self.type_on(s)))
            .count() as u32
    }

    /// `color`'s pieces of the types in `mask` on squares of colour `shade` (0: the colour of
    /// a1, 1: the other), counted.
    fn count_on_shade(&self, color: usize, mask: u64, shade: usize) -> u32 {
        self.color[color]
            .iter()
            .filter(|&s| (s % 16 + s / 16) % 2 == shade && has_type(mask, self.type_on(s)))
            .count() as u32
    }

    /// `color`'s held pieces of the types in `mask`, counted.
    fn held_of(&self, color: usize, mask: u64) -> u32 {
        self.hand[color]
            .iter()
            .enumerate()
            .filter(|&(t, _)| has_type(mask, t))
            .map(|(_, &n)| u32::from(n))
            .sum()
    }

    /// Whether the `pieces` limits forbid `m`, whose result is `after`: a file, the squares
    /// of one colour or a hand holding more than its limit where they held fewer before
    /// (`file`, `avoidsamecolored`, `holding`), a check
    /// to a side left with only `cannotbechecked` pieces, a move removing more than
    /// `maxcaptures` enemy pieces (explosions included), a capture from a side down to its
    /// `minimum` (royal pieces not counted unless `royal=expose`).
    pub(super) fn pieces_forbid(&self, m: &FMove, after: &FairyPos) -> bool {
        let lim = &self.v.layers.limits;
        let them = 1 - self.turn;
        let files = self.v.def.files as usize;
        for &(mask, n) in &lim.per_file {
            for c in 0..2 {
                for f in 0..files {
                    let now = after.count_on_file(c, mask, f);
                    if now > n && now > self.count_on_file(c, mask, f) {
                        return true;
                    }
                }
            }
        }
        for &(mask, n) in &lim.per_square_colour {
            for c in 0..2 {
                for shade in 0..2 {
                    let now = after.count_on_shade(c, mask, shade);
                    if now > n && now > self.count_on_shade(c, mask, shade) {
                        return true;
                    }
                }
            }
        }
        if let Some((mask, n)) = lim.overall {
            for c in 0..2 {
                let now = after.count_mask(c, mask) + u32::from(after.layer.gone[c]);
                if now > n && now > self.count_mask(c, mask) + u32::from(self.layer.gone[c]) {
                    return true;
                }
            }
        }
        for &(mask, n) in &lim.in_hand {
            for c in 0..2 {
                let now = after.held_of(c, mask);
                if now > n && now > self.held_of(c, mask) {
                    return true;
                }
            }
        }
        for &mask in &lim.cannot_be_checked {
            let only = !after.color[them].none() && after.count_mask(them, !mask) == 0;
            if only && after.layer_in_check(them) {
                return true;
            }
        }
        if m.capture.is_none() {
            return false;
        }
        let removed: Bits256 = self.color[them] & !after.color[them];
        for &(mask, n) in &lim.max_captures {
            let taken = removed
                .iter()
                .filter(|&s| has_type(mask, self.type_on(s)))
                .count() as u32;
            if taken > n {
                return true;
            }
        }
        for &(mask, n) in &lim.minimum {
            let counted = if self.v.layers.royal.expose {
                self.color[them]
            } else {
                self.color[them] & !self.royals(them)
            };
            let left = counted
                .iter()
                .filter(|&s| has_type(mask, self.type_on(s)))
                .count() as u32;
            if left <= n {
                return true;
            }
        }
        false
    }

    /// The game end the `pieces` limits decide before the side to move moves: the board
    /// within a `win` set (the side to move wins), a side down to `morethan`'s count (it
    /// loses; the side to move first), a board of `draw` pieces only.
    pub(super) fn pieces_end(&self) -> Option<GameEnd> {
        let lim = &self.v.layers.limits;
        let us = self.turn;
        let end = |verdict, reason| Some(GameEnd { verdict, reason });
        for most in &lim.win_when_at_most {
            let within = (0..2).all(|c| {
                (0..self.v.kinds.len().min(64))
                    .all(|t| self.count_mask(c, 1 << t) <= most[c].get(t).copied().unwrap_or(0))
            });
            if within {
                return end(Verdict::Win(us), "pieces=win");
            }
        }
        for &(mask, n) in &lim.more_than {
            for c in [us, 1 - us] {
                if self.count_mask(c, mask) <= n {
                    return end(Verdict::Win(1 - c), "pieces=morethan");
                }
            }
        }
        for &mask in &lim.draw_when_only {
            if (0..2).all(|c| self.count_mask(c, !mask) == 0) {
                return end(Verdict::Draw, "pieces=draw");
            }
        }
        None
    }
}
