//! The sparse board: pieces in a hash map keyed by coordinates, plus one sorted index per line
//! (rank, file, diagonal, anti-diagonal), so the nearest piece along a line is a range
//! look-up, never a walk over empty squares.

use super::piece::Piece;
use std::collections::{BTreeSet, HashMap};

/// A square of the infinite board: x grows to the right, y towards black; (0,0) is dark.
pub type Square = (i64, i64);

/// Pieces and the per-line indexes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pieces: HashMap<Square, Piece>,
    /// y -> x of every piece on that rank.
    ranks: HashMap<i64, BTreeSet<i64>>,
    /// x -> y of every piece on that file.
    files: HashMap<i64, BTreeSet<i64>>,
    /// x - y -> x of every piece on that diagonal.
    diagonals: HashMap<i128, BTreeSet<i64>>,
    /// x + y -> x of every piece on that anti-diagonal.
    anti_diagonals: HashMap<i128, BTreeSet<i64>>,
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board::default()
    }

    /// The piece on `sq`.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.pieces.get(&sq).copied()
    }

    /// Number of pieces.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Whether the board has no piece.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Every piece with its square (arbitrary order).
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces.iter().map(|(s, p)| (*s, *p))
    }

    /// Puts `piece` on `sq`, returning what was there.
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.pieces.insert(sq, piece);
        if old.is_none() {
            let (x, y) = sq;
            self.ranks.entry(y).or_default().insert(x);
            self.files.entry(x).or_default().insert(y);
            self.diagonals.entry(diag_key(sq)).or_default().insert(x);
            self.anti_diagonals
                .entry(anti_key(sq))
                .or_default()
                .insert(x);
        }
        old
    }

    /// Removes the piece on `sq`.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let old = self.pieces.remove(&sq)?;
        let (x, y) = sq;
        remove_from(&mut self.ranks, y, x);
        remove_from(&mut self.files, x, y);
        remove_from(&mut self.diagonals, diag_key(sq), x);
        remove_from(&mut self.anti_diagonals, anti_key(sq), x);
        Some(old)
    }

    /// The nearest piece from `from` (exclusive) in the king-step direction `dir`
    /// (orthogonal or diagonal), with its distance in steps. Other directions return `None`.
    pub fn nearest(&self, from: Square, dir: (i64, i64)) -> Option<(Square, u64)> {
        let (x, y) = from;
        let (line, along_x) = match dir {
            (0, _) => (self.files.get(&x)?, false),
            (_, 0) => (self.ranks.get(&y)?, true),
            (dx, dy) if dx == dy => (self.diagonals.get(&diag_key(from))?, true),
            (dx, dy) if dx == -dy => (self.anti_diagonals.get(&anti_key(from))?, true),
            _ => return None,
        };
        let (pos, step) = if along_x { (x, dir.0) } else { (y, dir.1) };
        let hit = if step > 0 {
            line.range(pos.checked_add(1)?..).next()
        } else {
            line.range(..pos).next_back()
        }?;
        let dist = hit.abs_diff(pos);
        let sq = if along_x {
            (*hit, y_on_line(from, dir, *hit))
        } else {
            (x, *hit)
        };
        Some((sq, dist))
    }

    /// The smallest and largest x and y of any piece (`None` for an empty board).
    pub fn bounds(&self) -> Option<(Square, Square)> {
        let mut it = self.pieces.keys();
        let first = *it.next()?;
        let (mut lo, mut hi) = (first, first);
        for &(x, y) in it {
            lo = (lo.0.min(x), lo.1.min(y));
            hi = (hi.0.max(x), hi.1.max(y));
        }
        Some((lo, hi))
    }
}

/// The y of the square with this `x` on the diagonal line through `from` along `dir` (a unit
/// diagonal step). Computed in 128 bits: the x difference of two squares may pass `i64`, the
/// result, a square's y on the line, never does.
fn y_on_line(from: Square, dir: (i64, i64), x: i64) -> i64 {
    let steps = (i128::from(x) - i128::from(from.0)) / i128::from(dir.0);
    let y = i128::from(from.1) + steps * i128::from(dir.1);
    i64::try_from(y).expect("a square on the line through two squares has a 64-bit y")
}

fn diag_key((x, y): Square) -> i128 {
    x as i128 - y as i128
}

fn anti_key((x, y): Square) -> i128 {
    x as i128 + y as i128
}

fn remove_from<K: std::hash::Hash + Eq>(map: &mut HashMap<K, BTreeSet<i64>>, key: K, v: i64) {
    if let Some(set) = map.get_mut(&key) {
        set.remove(&v);
        if set.is_empty() {
            map.remove(&key);
        }
    }
}
