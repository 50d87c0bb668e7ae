//! Square sets of the unbounded board: finite, or co-finite (every square but finitely many),
//! so complement (`~`), empty squares (`_`) and every square (`.`) stay exact.
//!
//! Inside, squares are ICN `(x, y)`; through [`SquareSet`] they are [`Coord`]s with
//! `file = x - 1`, `rank = y - 1`, so the classical a1 (ICN `1,1`) is `Coord(0, 0)` as on every
//! other board and square names and transforms keep their meaning on the embedded 8x8 board.
//! Listing a co-finite set is impossible: [`SquareSet::coords`] then lists nothing and
//! [`SquareSet::count`] saturates at `u32::MAX`, and both record a refusal
//! ([`super::refusal`]) so the game's result is withdrawn rather than answered wrongly.

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

/// The [`Coord`] of an ICN square (`1,1` → `(0, 0)`; wrapping, so every `i64` round-trips).
pub fn icn_to_coord((x, y): (i64, i64)) -> Coord {
    Coord {
        file: x.wrapping_sub(1),
        rank: y.wrapping_sub(1),
    }
}

/// The ICN square of a [`Coord`] (the inverse of [`icn_to_coord`]).
pub fn coord_to_icn(c: Coord) -> (i64, i64) {
    (c.file.wrapping_add(1), c.rank.wrapping_add(1))
}

impl SparseSet {
    /// The one ICN square of a singleton set (None for any other set).
    pub fn single(&self) -> Option<(i64, i64)> {
        match (self.cofinite, self.listed.len()) {
            (false, 1) => self.listed.first().map(|&(y, x)| (x, y)),
            _ => None,
        }
    }

    /// The ICN squares of a finite set (None for a co-finite one), without a refusal.
    pub fn icn_squares(&self) -> Option<Vec<(i64, i64)>> {
        (!self.cofinite).then(|| self.listed.iter().map(|&(y, x)| (x, y)).collect())
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
        SparseSet::of_squares(coords.into_iter().map(coord_to_icn))
    }
    fn coords(&self) -> Vec<Coord> {
        if self.cofinite {
            super::refusal::refuse(
                "a filter lists or iterates over a co-finite square set (every square but finitely many) of the unbounded board",
            );
            return Vec::new();
        }
        self.listed
            .iter()
            .map(|&(y, x)| icn_to_coord((x, y)))
            .collect()
    }
    fn count(&self) -> u32 {
        if self.cofinite {
            super::refusal::refuse(
                "a filter counts a co-finite square set (every square but finitely many) of the unbounded board",
            );
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
        let c: Vec<(i64, i64)> = s.coords().into_iter().map(coord_to_icn).collect();
        assert_eq!(c, vec![(0, -5), (-2, 1), (3, 1)]);
        assert_eq!(s.coords()[0], Coord { file: -1, rank: -6 });
        assert_eq!(s.count(), 3);
        assert!(!s.complement().is_finite());
        assert_eq!(s.complement().count(), u32::MAX);
        assert!(s.complement().coords().is_empty());
        let shifted = s.map_bijection(|(x, y)| (x + 1_000_000_000_000_000, y));
        assert!(shifted.contains((1_000_000_000_000_003, 1)));
    }
}
