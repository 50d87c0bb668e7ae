//! Rules about checks under rule layers: `stopifchecking` (a move along a line stops on the
//! first square where it checks), `antiroyal{...}` (a piece in check while no enemy piece
//! attacks it), `loss=perpetualcheck(N)` (the side that checked at every move of a
//! repetition loses) and `royal=noperpetualcheck` (such a repetition may not be made).

use super::bits::Bits256;
use super::layer_end::{GameEnd, Verdict};
use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// `stopifchecking` ("the move is complete as soon as a leg is checking the opponent
    /// King, the piece must stop"): whether a board move along a line passes a square on
    /// which the mover checks the opponent. A move along a line whose first square between
    /// the piece's movement reaches (a slide, a rider's or a pawn's multi-step move) is read
    /// as a sequence of one-square legs; a leap (the piece does not reach that square) and a
    /// move over pieces have no legs between.
    pub(super) fn passes_checking_square(&self, m: &FMove) -> bool {
        if m.kind != MoveKind::Normal {
            return false;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let Some(between) = self.empty_legs_between(from, to) else {
            return false;
        };
        let occ = self.occupied();
        let us = self.turn;
        let t = m.piece as usize;
        let k = &self.v.kinds[t];
        let reach = self.targets(&k.moves[us], us, from, occ | k.block[us], k.prison[us]);
        if !reach.has(between[0]) {
            return false;
        }
        between.iter().any(|&s| {
            let mut p = self.clone();
            p.remove(from);
            p.put(s, us, t);
            p.layer_in_check(1 - us)
        })
    }

    /// The inner squares of a move from `from` to `to` along a line (orthogonal or diagonal,
    /// at least two squares long) when every one is empty: the move read as a sequence of
    /// one-square legs (`stopifchecking`, `promotion=enpassant`); `None` otherwise.
    pub(super) fn empty_legs_between(&self, from: usize, to: usize) -> Option<Vec<usize>> {
        let (ff, fr) = ((from % 16) as i32, (from / 16) as i32);
        let (dx, dy) = ((to % 16) as i32 - ff, (to / 16) as i32 - fr);
        let steps = dx.abs().max(dy.abs());
        if steps < 2 || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        let between: Vec<usize> = (1..steps)
            .map(|k| ((fr + k * sy) * 16 + ff + k * sx) as usize)
            .collect();
        let occ = self.occupied();
        (!between.iter().any(|&s| occ.has(s))).then_some(between)
    }

    /// `antiroyal`: whether one of `color`'s anti-royal pieces stands where no enemy
    /// non-royal piece attacks it ("Kings do not attack Anti-Kings"): that side is in check.
    pub fn anti_royal_unattacked(&self, color: usize) -> bool {
        let mask = self.v.layers.anti_royal;
        let them = 1 - color;
        let attackers = self.color[them] & !self.royals(them);
        let occ = self.occupied();
        self.color[color].iter().any(|s| {
            has_type(mask, self.type_on(s)) && !self.attacked_with(s, them, occ, attackers)
        })
    }

    /// `antiroyal`: the squares of `color`'s anti-royal pieces.
    pub(super) fn anti_royal_squares(&self, color: usize) -> Bits256 {
        let mask = self.v.layers.anti_royal;
        let mut b = Bits256::EMPTY;
        for s in self.color[color].iter() {
            if has_type(mask, self.type_on(s)) {
                b.set(s);
            }
        }
        b
    }

    /// `antiroyal` ("the anti-royal may not capture opposing pieces, only friendly ones"):
    /// the anti-royal pieces' captures of their own side's pieces, with their capturing
    /// movement.
    pub(super) fn push_anti_royal_captures(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        for sq in self.color[us].iter() {
            let t = self.type_on(sq);
            if !has_type(self.v.layers.anti_royal, t) {
                continue;
            }
            let k = &self.v.kinds[t];
            let occ = self.occupied() | k.block[us];
            // Its own royals aside: "Anti-Kings do not offer check to friendly Kings".
            let own = self.targets(&k.captures[us], us, sq, occ, k.prison[us])
                & self.color[us]
                & !self.royals(us)
                & !k.block[us];
            for to in own.iter() {
                out.push(FMove {
                    from: sq as u8,
                    to: to as u8,
                    piece: t as u8,
                    promo: None,
                    capture: Some(to as u8),
                    kind: MoveKind::Normal,
                    gate: None,
                    sets_ep: false,
                });
            }
        }
    }

    /// `antiroyal`: a capture the rule forbids: of an anti-royal piece ("they may not be
    /// captured, only mated"), or of an enemy piece by an anti-royal one.
    pub(super) fn anti_royal_forbids(&self, m: &FMove) -> bool {
        let mask = self.v.layers.anti_royal;
        let Some((victim_color, victim)) = m.capture.and_then(|c| self.piece(c as usize)) else {
            return false;
        };
        has_type(mask, victim) || (has_type(mask, m.piece as usize) && victim_color != self.turn)
    }

    /// `loss=perpetualcheck(N)`: at the Nth occurrence of the position, a side that gave
    /// check with every move since the first of those occurrences loses (both sides: a
    /// draw). As Fairy-Stockfish's `perpetualCheckIllegal`: the side to move's positions
    /// from the first occurrence to this one all in check, or the opponent's between them.
    /// Bit 0 of a history key holds whether its side to move was in check
    /// ([`FairyPos::layer_key`]).
    pub(super) fn perpetual_check_end(&self) -> Option<GameEnd> {
        let n = self.v.layers.history.perpetual_check? as usize;
        let key = self.layer_key();
        let h = &self.history;
        let mut earlier = (0..h.len()).rev().filter(|&i| h[i] == key);
        let first = earlier.nth(n.checked_sub(2)?)?;
        let checked = |i: &usize| h[*i] & 1 == 1;
        let us_checked = (first..h.len()).step_by(2).all(|i| checked(&i));
        let them_checked = (first + 1..h.len()).step_by(2).all(|i| checked(&i));
        let us = self.turn;
        let verdict = match (us_checked, them_checked) {
            (true, false) => Verdict::Win(us),
            (false, true) => Verdict::Win(1 - us),
            (true, true) => Verdict::Draw,
            (false, false) => return None,
        };
        Some(GameEnd {
            verdict,
            reason: "perpetual check",
        })
    }

    /// `royal=noperpetualcheck` ("A player is not allowed to give perpetual check to a sole
    /// royal piece"), judged on the position after the move (`self`): the side to move has
    /// one royal piece, is in check, the position occurs for the third time (FBR's default
    /// repetition count, `draw=repetition(3)`), and that side was in check at each of its
    /// turns since the first occurrence: the move that made it is a perpetual check.
    pub(super) fn completes_perpetual_check(&self) -> bool {
        const OCCURRENCE: usize = 3;
        let checked = self.turn;
        if self.royals(checked).len() != 1 || !self.layer_in_check(checked) {
            return false;
        }
        let key = self.layer_key();
        let h = &self.history;
        let mut earlier = (0..h.len()).rev().filter(|&i| h[i] == key);
        let Some(first) = earlier.nth(OCCURRENCE - 2) else {
            return false;
        };
        (first..h.len()).step_by(2).all(|i| h[i] & 1 == 1)
    }
}
