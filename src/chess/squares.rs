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

    /// The unbounded board of infinite chess (`files` = `ranks` = 0 marks it). [`contains`]
    /// stays false for it, so code written for finite boards finds no square and never indexes
    /// a table; code that knows the plane asks [`admits`]. Square names and transforms use the
    /// embedded classical 8x8 board ([`frame`]): a1 = (0, 0) is ICN square 1,1.
    ///
    /// [`contains`]: Geometry::contains
    /// [`admits`]: Geometry::admits
    /// [`frame`]: Geometry::frame
    pub const UNBOUNDED: Geometry = Geometry { files: 0, ranks: 0 };

    /// Whether this is the unbounded board ([`Geometry::UNBOUNDED`]).
    pub fn is_unbounded(&self) -> bool {
        self.files == 0 && self.ranks == 0
    }

    /// Whether `c` is a square of the board: every square of the unbounded board, else
    /// [`Geometry::contains`].
    pub fn admits(&self, c: Coord) -> bool {
        self.is_unbounded() || self.contains(c)
    }

    /// The (files, ranks) that square names and transforms are resolved against: the board's
    /// own size, or the classical 8x8 board embedded in the unbounded one.
    pub fn frame(&self) -> (u8, u8) {
        if self.is_unbounded() {
            (8, 8)
        } else {
            (self.files, self.ranks)
        }
    }
}

/// An axis-parallel rectangle of squares in [`Coord`] numbers, bounds inclusive, `None` open:
/// the region of a coordinate designator (`[X,Y]`, `docs/infinite.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    /// Lowest and highest file.
    pub files: (Option<i64>, Option<i64>),
    /// Lowest and highest rank.
    pub ranks: (Option<i64>, Option<i64>),
}

impl Rect {
    /// Whether `c` lies in the rectangle.
    pub fn contains(&self, c: Coord) -> bool {
        let inside = |(lo, hi): (Option<i64>, Option<i64>), v: i64| {
            lo.is_none_or(|l| v >= l) && hi.is_none_or(|h| v <= h)
        };
        inside(self.files, c.file) && inside(self.ranks, c.rank)
    }

    /// Whether every bound is given (the rectangle holds finitely many squares).
    pub fn is_bounded(&self) -> bool {
        let (a, b) = self.files;
        let (c, d) = self.ranks;
        a.is_some() && b.is_some() && c.is_some() && d.is_some()
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
    /// The squares `files` files and `ranks` ranks away from the set's squares that lie on a
    /// board of geometry `geo`, when the set type can shift itself at once (bitboards); None
    /// tells the caller to walk the squares one by one.
    fn shifted(&self, _geo: Geometry, _files: i64, _ranks: i64) -> Option<Self> {
        None
    }
    /// The light squares of the set (`light`), or the dark ones: a1 is dark, and a square is
    /// light when its file + rank is odd.
    fn shade(&self, geo: Geometry, light: bool) -> Self {
        let keep = self
            .coords()
            .into_iter()
            .filter(|c| ((c.file + c.rank) % 2 == 1) == light);
        Self::from_coords(geo, keep)
    }
}

/// For a shift of `f` files (at index `f + 7`, `f` in -7..=7), the squares of an 8x8 board
/// whose file stays on the board.
const KEPT_FILES: [u64; 15] = {
    let mut table = [0u64; 15];
    let mut i = 0;
    while i < 15 {
        let shift = i as i64 - 7;
        let mut row = 0u64;
        let mut file = 0;
        while file < 8 {
            if file + shift >= 0 && file + shift < 8 {
                row |= 1 << file;
            }
            file += 1;
        }
        table[i] = row * 0x0101_0101_0101_0101;
        i += 1;
    }
    table
};

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
    fn shifted(&self, geo: Geometry, files: i64, ranks: i64) -> Option<Self> {
        if files.abs() >= 8 || ranks.abs() >= 8 {
            return Some(shakmaty::Bitboard::EMPTY);
        }
        // The files whose squares stay on the 8 files, then one shift of the 64 bits (the
        // rank move is a multiple of 8: squares leaving the top or bottom fall off the word).
        let bits = self.0 & KEPT_FILES[(files + 7) as usize];
        let by = ranks * 8 + files;
        let moved = if by >= 0 { bits << by } else { bits >> -by };
        // A smaller board than 8x8: only its squares.
        let on_board = if geo == Geometry::STANDARD {
            u64::MAX
        } else {
            let row = (0..i64::from(geo.files.min(8))).fold(0u64, |row, f| row | 1 << f);
            (0..u64::from(geo.ranks.min(8))).fold(0u64, |all, r| all | row << (8 * r))
        };
        Some(shakmaty::Bitboard(moved & on_board))
    }
    fn shade(&self, _geo: Geometry, light: bool) -> Self {
        // shakmaty's masks: a1 dark, h1 light.
        *self
            & if light {
                shakmaty::Bitboard::LIGHT_SQUARES
            } else {
                shakmaty::Bitboard::DARK_SQUARES
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitboard's shade (two masks) keeps the squares the rule of the trait's own `shade`
    /// keeps (file + rank odd: light), on sets of every kind of square.
    #[test]
    fn bitboard_shades_follow_the_file_and_rank_rule() {
        let mut seed: u64 = 99;
        for _ in 0..200 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let set = shakmaty::Bitboard(seed);
            for light in [false, true] {
                let by_rule = shakmaty::Bitboard::from_coords(
                    Geometry::STANDARD,
                    set.coords()
                        .into_iter()
                        .filter(|c| ((c.file + c.rank) % 2 == 1) == light),
                );
                assert_eq!(set.shade(Geometry::STANDARD, light), by_rule, "{seed:x}");
            }
        }
        // a1 dark, h1 and a8 light.
        let corners = shakmaty::Bitboard(1 | 1 << 7 | 1 << 56);
        assert_eq!(corners.shade(Geometry::STANDARD, false).0, 1);
        assert_eq!(corners.shade(Geometry::STANDARD, true).0, 1 << 7 | 1 << 56);
    }

    /// A bitboard shifted at once holds the squares the coordinates reach one by one (each
    /// square moved, those off the board dropped), for every shift across the board and
    /// beyond, on the 8x8 board and a smaller one.
    #[test]
    fn bitboard_shifts_move_each_square() {
        let mut seed: u64 = 99;
        for geo in [Geometry::STANDARD, Geometry { files: 6, ranks: 7 }] {
            for _ in 0..200 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let set = shakmaty::Bitboard::from_coords(geo, shakmaty::Bitboard(seed).coords());
                for files in -9..=9 {
                    for ranks in -9..=9 {
                        let walked = shakmaty::Bitboard::from_coords(
                            geo,
                            set.coords().into_iter().map(|c| Coord {
                                file: c.file + files,
                                rank: c.rank + ranks,
                            }),
                        );
                        assert_eq!(set.shifted(geo, files, ranks), Some(walked));
                    }
                }
            }
        }
    }
}
