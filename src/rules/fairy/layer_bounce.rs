//! `bouncing{...}` under rule layers (seed 001: "The diagonally moving pieces ... bounce off
//! from the vertical (left and right) edges of the board", MBN `B-[([a,h]zB)0]`): a diagonal
//! slide that reaches the first or last file after at least one step may go on with its
//! file direction reversed, as often as it meets an edge, until a piece or the last rank
//! stops it. It may stop on any square of the way.

use super::bits::{Bits256, square};
use super::position::FairyPos;
use super::tables::{Kind, LINE_DIRS};

/// Marks the movement of the types in `mask` as bouncing; their quick reach tables become the
/// whole board (a bounced line reaches squares no straight one does), and their captures are
/// no longer plain slides, so the check test computes their targets.
pub(super) fn mark_bouncing(kinds: &mut [Kind], mask: u64, board: Bits256) {
    for (t, k) in kinds.iter_mut().enumerate() {
        if t >= 64 || mask >> t & 1 == 0 {
            continue;
        }
        for c in 0..2 {
            k.moves[c].bounce = true;
            k.captures[c].bounce = true;
            k.plain_captures[c] = false;
            for s in k.reach[c].iter_mut() {
                *s = board;
            }
            for s in k.reach_all[c].iter_mut() {
                *s = board;
            }
        }
    }
}

impl FairyPos {
    /// Slider targets with `dirs` where the diagonal lines bounce off the first and last
    /// files (the orthogonal ones do not).
    pub fn bouncing_slide_targets(&self, dirs: u8, sq: usize, occ: Bits256) -> Bits256 {
        let mut b = self.slide_targets(dirs & 3, sq, occ);
        let (files, ranks) = (self.v.files as i32, self.v.ranks as i32);
        for &(bit, (dx, dy)) in LINE_DIRS.iter() {
            if dirs & bit == 0 || bit < 4 {
                continue;
            }
            let (mut f, mut r) = ((sq % 16) as i32, (sq / 16) as i32);
            let mut dx = dx as i32;
            let dy = dy as i32;
            let mut moved = false;
            loop {
                if moved && !(0..files).contains(&(f + dx)) {
                    dx = -dx;
                }
                let (nf, nr) = (f + dx, r + dy);
                if !(0..files).contains(&nf) || !(0..ranks).contains(&nr) {
                    break;
                }
                let n = square(nf as usize, nr as usize);
                b.set(n);
                if occ.has(n) {
                    break;
                }
                (f, r, moved) = (nf, nr, true);
            }
        }
        b
    }
}
