//! Square sets of the unbounded board: finite, or co-finite (every square but finitely many),
//! so complement (`~`), empty squares (`_`) and every square (`.`) stay exact.
//!
//! Squares are [`Coord`]s with `file` = ICN x and `rank` = ICN y. Listing a co-finite set is
//! impossible: [`SquareSet::coords`] then lists nothing and [`SquareSet::is_finite`] is false,
//! [`SquareSet::count`] saturates at `u32::MAX`; callers that list must check finiteness.

use crate::squares::{Coord, Geometry, SquareSet};
use std::collections::BTreeSet;

/// A finite or co-finite set of squares of the unbounded board.
#[derive(Clone, Debug, PartialEq, Eq, Default, Hash)]
pub struct SparseSet {
    /// When true the set is every square except `listed`.
    cofinite: bool,
    /// Squares as (rank, file), so iteration is in CQL's order (rank by rank).
    listed: BTreeSet<(i64, i64)>,
}

impl SparseSet {
    /// Every square of the plane.
    pub fn everything() -> SparseSet {
        SparseSet {
            cofinite: true,
            listed: BTreeSet::new(),
        }
    }

    /// The set of the given ICN squares `(x, y)`.
    pub fn of_squares(squares: impl IntoIterator<Item = (i64, i64)>) -> SparseSet {
        SparseSet {
            cofinite: false,
            listed: squares.into_iter().map(|(x, y)| (y, x)).collect(),
        }
    }

    /// Whether the ICN square `(x, y)` is in the set.
    pub fn contains(&self, (x, y): (i64, i64)) -> bool {
        self.listed.contains(&(y, x)) != self.cofinite
    }

    /// Every square not in the set.
    pub fn complement(&self) -> SparseSet {
        SparseSet {
            cofinite: !self.cofinite,
            listed: self.listed.clone(),
        }
    }

    /// The image under a map of squares that is a bijection of the plane (a translation,
    /// reflection or rotation), so co-finite sets map to co-finite sets exactly.
    pub fn map_bijection(&self, f: impl Fn((i64, i64)) -> (i64, i64)) -> SparseSet {
        SparseSet {
            cofinite: self.cofinite,
            listed: self
                .listed
                .iter()
                .map(|&(y, x)| {
                    let (nx, ny) = f((x, y));
                    (ny, nx)
                })
                .collect(),
        }
    }
}

impl SquareSet for SparseSet {
    fn empty() -> Self {
        SparseSet::default()
    }
    fn full(_geo: Geometry) -> Self {
        SparseSet::everything()
    }
    fn from_coords(_geo: Geometry, coords: impl IntoIterator<Item = Coord>) -> Self {
        SparseSet::of_squares(coords.into_iter().map(|c| (c.file, c.rank)))
    }
    fn coords(&self) -> Vec<Coord> {
        if self.cofinite {
            return Vec::new();
        }
        self.listed
            .iter()
            .map(|&(rank, file)| Coord { file, rank })
            .collect()
    }
    fn count(&self) -> u32 {
        if self.cofinite {
            u32::MAX
        } else {
            u32::try_from(self.listed.len()).unwrap_or(u32::MAX)
        }
    }
    fn is_empty(&self) -> bool {
        !self.cofinite && self.listed.is_empty()
    }
    fn union(&self, other: &Self) -> Self {
        let (a, b) = (&self.listed, &other.listed);
        match (self.cofinite, other.cofinite) {
            (false, false) => SparseSet {
                cofinite: false,
                listed: a | b,
            },
            (true, true) => SparseSet {
                cofinite: true,
                listed: a & b,
            },
            (true, false) => SparseSet {
                cofinite: true,
                listed: a - b,
            },
            (false, true) => SparseSet {
                cofinite: true,
                listed: b - a,
            },
        }
    }
    fn intersect(&self, other: &Self) -> Self {
        self.complement().union(&other.complement()).complement()
    }
    fn minus(&self, other: &Self) -> Self {
        self.intersect(&other.complement())
    }
    fn is_subset(&self, other: &Self) -> bool {
        self.minus(other).is_empty()
    }
    fn is_finite(&self) -> bool {
        !self.cofinite
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sets from a seed: finite or co-finite, over a 5x5 window, checked square by square
    /// against the plain definitions of union, intersection, difference and subset.
    fn set(seed: u64) -> SparseSet {
        let squares = (0..25)
            .filter(|i| seed >> i & 1 == 1)
            .map(|i| (i % 5 - 2, i / 5 - 2));
        let s = SparseSet::of_squares(squares);
        if seed >> 30 & 1 == 1 {
            s.complement()
        } else {
            s
        }
    }

    #[test]
    fn algebra_agrees_with_membership() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = (set(x), set(x.rotate_left(29)));
            let (u, i, m) = (a.union(&b), a.intersect(&b), a.minus(&b));
            for sx in -3..=3 {
                for sy in -3..=3 {
                    let (p, q) = (a.contains((sx, sy)), b.contains((sx, sy)));
                    assert_eq!(u.contains((sx, sy)), p || q);
                    assert_eq!(i.contains((sx, sy)), p && q);
                    assert_eq!(m.contains((sx, sy)), p && !q);
                }
            }
            // Far away every set is constant: empty when finite, full when co-finite.
            assert_eq!(u.contains((1 << 50, 7)), u.cofinite);
            assert_eq!(a.is_subset(&b), a.minus(&b).is_empty());
            assert_eq!(a.complement().complement(), a);
        }
    }

    #[test]
    fn listing_and_counting() {
        let s = SparseSet::of_squares([(3, 1), (-2, 1), (0, -5)]);
        let c: Vec<(i64, i64)> = s.coords().iter().map(|c| (c.file, c.rank)).collect();
        assert_eq!(c, vec![(0, -5), (-2, 1), (3, 1)]);
        assert_eq!(s.count(), 3);
        assert!(!s.complement().is_finite());
        assert_eq!(s.complement().count(), u32::MAX);
        assert!(s.complement().coords().is_empty());
        let shifted = s.map_bijection(|(x, y)| (x + 1_000_000_000_000_000, y));
        assert!(shifted.contains((1_000_000_000_000_003, 1)));
    }
}
