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

use super::bits::Bits256;
use super::position::FairyPos;

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
}
