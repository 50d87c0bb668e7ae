//! The `royal` attributes that change which pieces are royal during a game.
//!
//! `royal[range]` (seed 001): of a side's pieces of the royal types, the one nearest to the
//! range is its royal piece, "horizontal measure prevailing over vertical", and the others are
//! not royal; "the royal piece may change after a turn". The position's royal squares
//! (`FairyPos::royals`) are chosen again after every move and when a FEN is read.
//!
//! The distance of a piece to the range is the smallest, over the range's squares, of the
//! pair (file distance, rank distance) compared file distance first. Pieces at an equal
//! distance are each a piece nearest to the range, and so each royal (the seed does not break
//! the tie; with several royals a side is in check when any is attacked, the seed's "A royal
//! piece is in check when attacked").
//!
//! `royal=suicide`: "If the side to move has more than one royal pieces, and one of his royal
//! pieces is mate, it must do a suicide move (remove it from board), except if any other royal
//! piece is checked, then the royal piece must evase from check, and the opponent might
//! capture the mated King." Read so: when a side with several royals has no legal move and is
//! in check, a royal is mated when it is attacked and no move leaves it on the board
//! unattacked; with one mated, the side's moves are the removal of a mated royal (a pickup,
//! written `@@e1`) when no other royal is attacked, else the moves after which every royal
//! but the mated ones stands unattacked; the other royals must be safe after either. With no
//! royal mated by itself the side is mated as usual.

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// Narrows each side's royal squares to its pieces of the royal types nearest to the
    /// `royal[range]` range (nothing without that rule).
    pub(super) fn choose_range_royals(&mut self) {
        let Some(range) = self.v.layers.royal.range else {
            return;
        };
        for (color, zone) in range.iter().enumerate() {
            let mut nearest = Bits256::EMPTY;
            let mut best = (usize::MAX, usize::MAX);
            for s in self.color[color].iter() {
                let t = ((self.board[s] - 1) >> 1) as usize;
                if t >= 64 || self.v.royal_types >> t & 1 == 0 {
                    continue;
                }
                let d = self.distance_to(s, zone);
                if d < best {
                    best = d;
                    nearest = Bits256::EMPTY;
                }
                if d == best {
                    nearest.set(s);
                }
            }
            self.royal[color] = nearest;
        }
    }

    /// (file distance, rank distance) from `s` to the nearest square of `zone`, file
    /// distance first (across the edge where the board wraps).
    fn distance_to(&self, s: usize, zone: &Bits256) -> (usize, usize) {
        let l = &self.v.layers;
        let (files, ranks) = (self.v.files, self.v.ranks);
        let across = |a: usize, b: usize, n: usize, wraps: bool| {
            let d = a.abs_diff(b);
            if wraps { d.min(n - d) } else { d }
        };
        zone.iter()
            .map(|z| {
                (
                    across(s % 16, z % 16, files, l.wrap_files),
                    across(s / 16, z / 16, ranks, l.wrap_ranks),
                )
            })
            .min()
            .unwrap_or((usize::MAX, usize::MAX))
    }

    /// `royal=suicide`: the moves of a side to move that has no legal move (see the module's
    /// text); empty when the rule does not apply.
    pub(super) fn royal_suicide_moves(&self) -> Vec<FMove> {
        let us = self.turn;
        let royals = self.royals(us);
        if royals.len() < 2 || !self.layer_in_check(us) {
            return Vec::new();
        }
        let after: Vec<(FMove, FairyPos)> = self
            .pseudo_moves()
            .into_iter()
            .filter(|m| self.layer_allows(m))
            .map(|m| {
                let mut p = self.clone();
                p.make(&m);
                (m, p)
            })
            .collect();
        let mated: Vec<usize> = royals
            .iter()
            .filter(|&r| {
                self.checked_among(us, Bits256::single(r))
                    && !after.iter().any(|(m, p)| {
                        let at = Self::square_after(m, r);
                        p.royals(us).has(at) && !p.checked_among(us, Bits256::single(at))
                    })
            })
            .collect();
        if mated.is_empty() {
            return Vec::new();
        }
        let mut mated_now = Bits256::EMPTY;
        for &r in &mated {
            mated_now.set(r);
        }
        let others_safe = |m: &FMove, p: &FairyPos| {
            let mut left = Bits256::EMPTY;
            for &r in &mated {
                left.set(Self::square_after(m, r));
            }
            let rest = p.royals(us) & !left;
            !rest.none() && !p.checked_among(us, rest)
        };
        if self.checked_among(us, royals & !mated_now) {
            // "except if any other royal piece is checked, then the royal piece must evase".
            return after
                .iter()
                .filter(|(m, p)| p.turn != us && others_safe(m, p))
                .map(|(m, _)| *m)
                .collect();
        }
        mated
            .iter()
            .filter_map(|&r| {
                let t = ((self.board[r] - 1) >> 1) as usize;
                let m = FMove::pickup(r, t);
                let mut p = self.clone();
                p.make(&m);
                others_safe(&m, &p).then_some(m)
            })
            .collect()
    }

    /// Where the piece on `sq` stands after `m` (the mover's destination, the castling
    /// partner's square; `sq` for the others).
    fn square_after(m: &FMove, sq: usize) -> usize {
        match m.kind {
            MoveKind::Normal | MoveKind::Double(_) | MoveKind::Castle(..)
                if m.from as usize == sq =>
            {
                m.to as usize
            }
            MoveKind::Castle(pf, pt) if pf as usize == sq => pt as usize,
            _ => sq,
        }
    }

    /// Whether `color` would be in check were its royal pieces only those on `royals` (any
    /// of them attacked, the layers' reading).
    fn checked_among(&self, color: usize, royals: Bits256) -> bool {
        let mut p = self.clone();
        p.royal[color] = royals;
        p.layer_in_check(color)
    }
}
