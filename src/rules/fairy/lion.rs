//! SjaakII's lion: a two-step leaper without a mask (`leap ((0,1)|(1,1))+((0,1)|(1,1))`, Chu
//! shogi's lion in elven, elfin and lion) moves as SjaakII 1.4.1's `generate_double_moves` and
//! `generate_double_captures` make it move, and the victim rules of the flags `no_retaliate`
//! and `endangered`.
//!
//! A lion's moves (first step: the first leap's targets, whatever stands there):
//! - to every empty square one second leap from a first-step square (it jumps);
//! - a pass (from = to, no capture) when a first-step square is empty;
//! - a capture on a first-step square, then: stop there, capture again one second leap
//!   further (a double capture, [`MoveKind::Double`]), move on to an empty square one second
//!   leap further, or return to its square (igui; the last two are moves whose captured square
//!   differs from the destination);
//! - a capture one second leap from any first-step square (it jumps).
//!
//! Victim rules: after a piece without `no_retaliate` captured one with it, no piece may
//! capture a `no_retaliate` piece on the next move ([`FairyPos::no_retaliate`]); an
//! `endangered` piece may not capture an enemy `endangered` piece that its side protects.

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};
use super::tables::{Gen, Kind};

/// Bit `t` set when piece type `t` moves as SjaakII's lion: its moves are one two-step leaper
/// without a mask and nothing else, and it captures as it moves.
pub fn lion_types(kinds: &[Kind]) -> u64 {
    let lion_gen = |g: &Gen| {
        g.compound.len() == 1
            && g.compound[0].2.is_none()
            && g.leaps.iter().all(|b| b.none())
            && g.slide == 0
            && g.hop == 0
            && g.ride.is_empty()
            && g.steps.is_empty()
    };
    kinds
        .iter()
        .enumerate()
        .filter(|(t, k)| {
            *t < 64 && k.same_captures && lion_gen(&k.moves[0]) && lion_gen(&k.moves[1])
        })
        .fold(0, |m, (t, _)| m | 1u64 << t)
}

/// Whether some piece type carries a victim rule (`no_retaliate` or `endangered`): then moves
/// are made through [`FairyPos::make`]'s victim-rule path.
pub fn has_victim_rules(kinds: &[Kind]) -> bool {
    kinds
        .iter()
        .any(|k| k.def.flags.no_retaliate || k.def.flags.endangered)
}

impl FairyPos {
    /// The squares whose pieces may not be captured now: the `no_retaliate` pieces right after
    /// one of them was captured by a piece without the flag (SjaakII's "iron" pieces).
    pub fn iron_squares(&self) -> Bits256 {
        if !self.no_retaliate {
            return Bits256::EMPTY;
        }
        self.squares_where(|k| k.def.flags.no_retaliate)
    }

    fn squares_where(&self, pick: impl Fn(&Kind) -> bool) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for s in self.occupied().iter() {
            let t = ((self.board[s] - 1) >> 1) as usize;
            if pick(&self.v.kinds[t]) {
                b.set(s);
            }
        }
        b
    }

    /// Squares a piece of type `t` may not capture on now: the iron squares, and for an
    /// `endangered` piece every `endangered` piece but the enemy ones their side leaves
    /// unprotected (SjaakII's `do_generate_moves_mask_victim`).
    fn forbidden_victims(&self, t: usize) -> Bits256 {
        let mut no = self.iron_squares();
        if self.v.kinds[t].def.flags.endangered {
            let them = 1 - self.turn;
            let danger = self.squares_where(|k| k.def.flags.endangered);
            let mut open = Bits256::EMPTY;
            for s in (danger & self.color[them] & !no).iter() {
                if !self.attacked(s, them) {
                    open.set(s);
                }
            }
            no |= danger & !open;
        }
        no
    }

    /// The squares one second leap of `second` from `s`.
    fn second_leaps(&self, second: &[(i8, i8)], s: usize) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for &(x, y) in second {
            if let Some(u) = self.offset(s, x as i32, y as i32) {
                b.set(u);
            }
        }
        b & self.v.board
    }

    /// Pushes the moves of the lion of type `t` on `sq` whose destination is in `dests`.
    pub(super) fn push_lion_moves(
        &self,
        out: &mut Vec<FMove>,
        sq: usize,
        t: usize,
        dests: Bits256,
    ) {
        let us = self.turn;
        let k = &self.v.kinds[t];
        let (first, second, _) = &k.moves[us].compound[0];
        let occ = self.occupied() | k.block[us];
        let enemies = self.color[1 - us];
        let f1 = first[sq] & self.v.board;
        let base = FMove::quiet(sq, sq, t);
        let mv = |to: usize, capture: Option<usize>, kind: MoveKind| FMove {
            to: to as u8,
            capture: capture.map(|c| c as u8),
            kind,
            ..base
        };
        let mut reach2 = Bits256::EMPTY;
        for s in f1.iter() {
            reach2 |= self.second_leaps(second, s);
        }
        if !(f1 & !occ).none() && reach2.has(sq) && dests.has(sq) {
            out.push(base);
        }
        for to in (reach2 & !occ & dests).iter() {
            out.push(mv(to, None, MoveKind::Normal));
        }
        let allowed = dests & !self.forbidden_victims(t);
        let mut done = Bits256::EMPTY;
        for to in (f1 & enemies & allowed).iter() {
            out.push(mv(to, Some(to), MoveKind::Normal));
            done.set(to);
            let c2 = self.second_leaps(second, to) & allowed;
            for to2 in (c2 & enemies).iter() {
                out.push(mv(to2, Some(to2), MoveKind::Double(to as u8)));
            }
            let mut on = c2 & !occ;
            on.set(sq);
            for to2 in on.iter() {
                out.push(mv(to2, Some(to), MoveKind::Normal));
            }
        }
        for s in f1.iter() {
            for to in (self.second_leaps(second, s) & allowed & enemies & !done).iter() {
                out.push(mv(to, Some(to), MoveKind::Normal));
                done.set(to);
            }
        }
    }

    /// Plays a move under the victim rules: a double capture's first victim is taken, and
    /// [`FairyPos::no_retaliate`] records whether a `no_retaliate` piece was just captured by
    /// a piece without the flag.
    pub(super) fn make_with_victim_rules(&mut self, m: &FMove) {
        let kinds = &self.v.kinds;
        let caught = |sq: Option<u8>| {
            sq.and_then(|s| self.piece(s as usize))
                .is_some_and(|(_, t)| kinds[t].def.flags.no_retaliate)
        };
        let first = match m.kind {
            MoveKind::Double(v) => Some(v),
            _ => None,
        };
        let flag =
            !kinds[m.piece as usize].def.flags.no_retaliate && (caught(m.capture) || caught(first));
        let plain = match first {
            Some(v) => {
                self.take_captured(v as usize);
                FMove {
                    kind: MoveKind::Normal,
                    ..*m
                }
            }
            None => *m,
        };
        self.make_layered(&plain);
        self.no_retaliate = flag;
    }
}
