//! Board geometry and the square-set abstraction the IR and evaluator are generic over.
//!
//! Standard chess uses 64-bit bitboards ([`shakmaty::Bitboard`]); larger fairy boards and the
//! infinite board bring their own [`SquareSet`] types, so the evaluator pays nothing for them.

use std::fmt::Debug;

/// A square as (file, rank), both 0-based: a1 = (0, 0), h8 = (7, 7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// 0 = the a-file.
    pub file: i64,
    /// 0 = the first rank.
    pub rank: i64,
}

/// The size of a finite board; transforms and square names are resolved against it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Number of files (8 for chess).
    pub files: u8,
    /// Number of ranks (8 for chess).
    pub ranks: u8,
}

impl Geometry {
    /// The 8x8 board of standard chess.
    pub const STANDARD: Geometry = Geometry { files: 8, ranks: 8 };

    /// Whether `c` lies on the board.
    pub fn contains(&self, c: Coord) -> bool {
        c.file >= 0 && c.rank >= 0 && c.file < self.files as i64 && c.rank < self.ranks as i64
    }
}

/// A set of squares of one board type: what set-valued CQL filters yield.
pub trait SquareSet: Clone + PartialEq + Debug + Send + Sync + 'static {
    /// The empty set.
    fn empty() -> Self;
    /// Every square of a board of geometry `geo`.
    fn full(geo: Geometry) -> Self;
    /// The set of the given squares (squares off the board are ignored).
    fn from_coords(geo: Geometry, coords: impl IntoIterator<Item = Coord>) -> Self;
    /// The squares of the set, in ascending order (a1, b1, ..., h8).
    fn coords(&self) -> Vec<Coord>;
    /// Number of squares.
    fn count(&self) -> u32;
    /// Whether the set has no square.
    fn is_empty(&self) -> bool;
    /// Union.
    fn union(&self, other: &Self) -> Self;
    /// Intersection.
    fn intersect(&self, other: &Self) -> Self;
    /// The squares of `self` not in `other`.
    fn minus(&self, other: &Self) -> Self;
    /// Whether every square of `self` is in `other`.
    fn is_subset(&self, other: &Self) -> bool;
    /// Whether the set can be listed: false for the co-finite sets of the unbounded board
    /// (whose `coords` is then empty and `count` saturated); finite boards are always finite.
    fn is_finite(&self) -> bool {
        true
    }
}

impl SquareSet for shakmaty::Bitboard {
    fn empty() -> Self {
        shakmaty::Bitboard::EMPTY
    }
    fn full(_geo: Geometry) -> Self {
        shakmaty::Bitboard::FULL
    }
    fn from_coords(geo: Geometry, coords: impl IntoIterator<Item = Coord>) -> Self {
        let mut bits = 0u64;
        for c in coords {
            if geo.contains(c) && c.file < 8 && c.rank < 8 {
                bits |= 1 << (c.rank * 8 + c.file);
            }
        }
        shakmaty::Bitboard(bits)
    }
    fn coords(&self) -> Vec<Coord> {
        self.into_iter()
            .map(|sq| Coord {
                file: i64::from(u32::from(sq) % 8),
                rank: i64::from(u32::from(sq) / 8),
            })
            .collect()
    }
    fn count(&self) -> u32 {
        self.0.count_ones()
    }
    fn is_empty(&self) -> bool {
        self.0 == 0
    }
    fn union(&self, other: &Self) -> Self {
        *self | *other
    }
    fn intersect(&self, other: &Self) -> Self {
        *self & *other
    }
    fn minus(&self, other: &Self) -> Self {
        shakmaty::Bitboard(self.0 & !other.0)
    }
    fn is_subset(&self, other: &Self) -> bool {
        self.0 & !other.0 == 0
    }
}
