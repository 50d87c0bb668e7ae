//! `Bits256`: a set of squares of a board up to 16x16, the fairy engine's square-set type.
//!
//! Square index = `rank * 16 + file` whatever the board's width, so the index of a square does
//! not depend on the variant and transforms need no renumbering.

use crate::squares::{Coord, Geometry, SquareSet};

/// A set of squares on a board of at most 16 files and 16 ranks (bit `rank * 16 + file`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bits256(pub [u64; 4]);

impl std::fmt::Debug for Bits256 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<String> = self.iter().map(square_name).collect();
        write!(f, "Bits256[{}]", names.join(","))
    }
}

/// The name of a square index (`a1`, `p16`).
pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 16) as u8) as char, sq / 16 + 1)
}

/// The index of the square at `file`, `rank` (both 0-based).
#[inline]
pub fn square(file: usize, rank: usize) -> usize {
    rank * 16 + file
}

impl Bits256 {
    /// The empty set.
    pub const EMPTY: Bits256 = Bits256([0; 4]);

    /// The set holding one square.
    #[inline]
    pub fn single(sq: usize) -> Bits256 {
        let mut b = Bits256::EMPTY;
        b.set(sq);
        b
    }
    /// Adds a square.
    #[inline]
    pub fn set(&mut self, sq: usize) {
        self.0[sq >> 6] |= 1u64 << (sq & 63);
    }
    /// Removes a square.
    #[inline]
    pub fn clear(&mut self, sq: usize) {
        self.0[sq >> 6] &= !(1u64 << (sq & 63));
    }
    /// Whether the square is in the set.
    #[inline]
    pub fn has(&self, sq: usize) -> bool {
        self.0[sq >> 6] >> (sq & 63) & 1 != 0
    }
    /// Whether the set has no square.
    #[inline]
    pub fn none(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    /// Whether the set has no square (same as [`Bits256::none`]).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.none()
    }
    /// Number of squares.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// The squares in ascending order.
    #[inline]
    pub fn iter(&self) -> BitsIter {
        BitsIter {
            words: self.0,
            cur: self.0[0],
            i: 0,
        }
    }
    /// The lowest square, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        self.iter().next()
    }
    /// The highest square, if any.
    #[inline]
    pub fn last(&self) -> Option<usize> {
        (0..4)
            .rev()
            .find(|&i| self.0[i] != 0)
            .map(|i| i * 64 + 63 - self.0[i].leading_zeros() as usize)
    }
}

/// Iterator over the squares of a [`Bits256`]: the squares left of word `i` are in `cur` (kept
/// apart from the array so that the loop over one word stays in a register).
pub struct BitsIter {
    words: [u64; 4],
    cur: u64,
    i: usize,
}

impl Iterator for BitsIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.cur == 0 {
            if self.i >= 3 {
                return None;
            }
            self.i += 1;
            self.cur = self.words[self.i];
        }
        let w = self.cur;
        self.cur = w & (w - 1);
        Some(self.i * 64 + w.trailing_zeros() as usize)
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl std::ops::$tr for Bits256 {
            type Output = Bits256;
            #[inline]
            fn $f(self, o: Bits256) -> Bits256 {
                Bits256([
                    self.0[0] $op o.0[0],
                    self.0[1] $op o.0[1],
                    self.0[2] $op o.0[2],
                    self.0[3] $op o.0[3],
                ])
            }
        }
        impl std::ops::$tra for Bits256 {
            #[inline]
            fn $fa(&mut self, o: Bits256) {
                *self = *self $op o;
            }
        }
    };
}
bitop!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bitop!(BitOr, bitor, |, BitOrAssign, bitor_assign);
bitop!(BitXor, bitxor, ^, BitXorAssign, bitxor_assign);

impl std::ops::Not for Bits256 {
    type Output = Bits256;
    #[inline]
    fn not(self) -> Bits256 {
        Bits256([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl SquareSet for Bits256 {
    fn empty() -> Self {
        Bits256::EMPTY
    }
    fn full(geo: Geometry) -> Self {
        let mut b = Bits256::EMPTY;
        for r in 0..geo.ranks.min(16) as usize {
            for f in 0..geo.files.min(16) as usize {
                b.set(square(f, r));
            }
        }
        b
    }
    fn from_coords(geo: Geometry, coords: impl IntoIterator<Item = Coord>) -> Self {
        let mut b = Bits256::EMPTY;
        for c in coords {
            if geo.contains(c) && c.file < 16 && c.rank < 16 {
                b.set(square(c.file as usize, c.rank as usize));
            }
        }
        b
    }
    fn coords(&self) -> Vec<Coord> {
        self.iter()
            .map(|sq| Coord {
                file: (sq % 16) as i64,
                rank: (sq / 16) as i64,
            })
            .collect()
    }
    fn count(&self) -> u32 {
        self.len()
    }
    fn is_empty(&self) -> bool {
        self.none()
    }
    fn union(&self, other: &Self) -> Self {
        *self | *other
    }
    fn intersect(&self, other: &Self) -> Self {
        *self & *other
    }
    fn minus(&self, other: &Self) -> Self {
        *self & !*other
    }
    fn is_subset(&self, other: &Self) -> bool {
        (*self & !*other).none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_iter_and_coords_round_trip() {
        let geo = Geometry {
            files: 16,
            ranks: 16,
        };
        let mut b = Bits256::EMPTY;
        for sq in [0, 15, 63, 64, 200, 255] {
            b.set(sq);
        }
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 15, 63, 64, 200, 255]);
        assert_eq!(Bits256::from_coords(geo, b.coords()), b);
        assert_eq!(Bits256::full(geo).len(), 256);
        assert_eq!(square_name(255), "p16");
        assert_eq!(b.last(), Some(255));
        assert_eq!(Bits256::single(64).last(), Some(64));
        assert_eq!(Bits256::EMPTY.last(), None);
    }
}
