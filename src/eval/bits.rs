//! The 8x8 fast path: a square set seen as a 64-bit board when the board's set type is
//! shakmaty's [`Bitboard`] (standard chess, Chess960 and the online variants), so the heavy
//! filters can test squares with a shift and a mask instead of listing [`Coord`]s.
//!
//! The set type is known when the evaluator is compiled for a board, so the checks below
//! fold to a constant: the other boards keep their general code paths unchanged.

use std::any::Any;

use shakmaty::Bitboard;

use crate::squares::{Coord, Geometry, SquareSet};

/// The set as a 64-bit board (bit `rank * 8 + file`), when it is one.
pub(super) fn bitboard<S: SquareSet>(set: &S) -> Option<u64> {
    (set as &dyn Any).downcast_ref::<Bitboard>().map(|b| b.0)
}

/// The set of type `S` holding the squares of a 64-bit board, when `S` is the 64-bit board.
pub(super) fn from_bits<S: SquareSet>(bits: u64) -> Option<S> {
    let mut slot = Some(Bitboard(bits));
    (&mut slot as &mut dyn Any)
        .downcast_mut::<Option<S>>()
        .and_then(Option::take)
}

/// Whether sets of type `S` are 64-bit boards.
pub(super) fn is_bitboard<S: SquareSet>() -> bool {
    std::any::TypeId::of::<S>() == std::any::TypeId::of::<Bitboard>()
}

/// A set of squares as a membership test: a 64-bit board, or a table over a larger or
/// unbounded board's frame.
pub(super) enum Grid {
    /// The 8x8 board's squares.
    Bits(u64),
    /// Any other board: a flag per square of the geometry.
    Cells { geo: Geometry, cells: Vec<bool> },
}

impl Grid {
    /// The membership test of `set` on a board of geometry `geo`.
    pub(super) fn new<S: SquareSet>(geo: Geometry, set: &S) -> Grid {
        if let Some(bits) = bitboard(set) {
            return Grid::Bits(bits);
        }
        let mut cells = vec![false; usize::from(geo.files) * usize::from(geo.ranks)];
        for c in set.coords() {
            if geo.contains(c) {
                cells[(c.rank * i64::from(geo.files) + c.file) as usize] = true;
            }
        }
        Grid::Cells { geo, cells }
    }

    /// Whether `c` is a square of the set.
    pub(super) fn has(&self, c: Coord) -> bool {
        match self {
            Grid::Bits(bits) => {
                (0..8).contains(&c.file)
                    && (0..8).contains(&c.rank)
                    && bits >> (c.rank * 8 + c.file) & 1 != 0
            }
            Grid::Cells { geo, cells } => {
                geo.contains(c) && cells[(c.rank * i64::from(geo.files) + c.file) as usize]
            }
        }
    }
}

/// The squares of a set one by one as [`Coord`]s, without listing them first on the 8x8
/// board.
pub(super) fn each_coord<S: SquareSet>(set: &S) -> impl Iterator<Item = Coord> {
    enum Squares {
        Bits(u64),
        Listed(std::vec::IntoIter<Coord>),
    }
    let mut squares = match bitboard(set) {
        Some(bits) => Squares::Bits(bits),
        None => Squares::Listed(set.coords().into_iter()),
    };
    std::iter::from_fn(move || match &mut squares {
        Squares::Bits(bits) => {
            if *bits == 0 {
                return None;
            }
            let i = i64::from(bits.trailing_zeros());
            *bits &= *bits - 1;
            Some(Coord {
                file: i % 8,
                rank: i / 8,
            })
        }
        Squares::Listed(list) => list.next(),
    })
}

/// The set holding the one square `c` (cheap on the 8x8 board).
pub(super) fn single<S: SquareSet>(geo: Geometry, c: Coord) -> S {
    if is_bitboard::<S>()
        && (0..8).contains(&c.file)
        && (0..8).contains(&c.rank)
        && let Some(set) = from_bits(1 << (c.rank * 8 + c.file))
    {
        return set;
    }
    S::from_coords(geo, [c])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 64-bit view and the listed squares agree on a bitboard; other set types have no
    /// 64-bit view.
    #[test]
    fn bitboard_view_agrees_with_coords() {
        let geo = Geometry::STANDARD;
        let set = Bitboard(0x8100_0000_0000_0081 | 1 << 28);
        assert_eq!(bitboard(&set), Some(set.0));
        assert_eq!(each_coord(&set).collect::<Vec<_>>(), set.coords());
        let grid = Grid::new(geo, &set);
        for c in Bitboard::FULL.coords() {
            assert_eq!(grid.has(c), set.coords().contains(&c), "{c:?}");
        }
        assert!(!grid.has(Coord { file: 8, rank: 0 }));
        assert!(!grid.has(Coord { file: -1, rank: 0 }));
        let e4 = Coord { file: 4, rank: 3 };
        assert_eq!(
            single::<Bitboard>(geo, e4),
            Bitboard::from_coords(geo, [e4])
        );
        assert_eq!(from_bits::<Bitboard>(5), Some(Bitboard(5)));
    }
}
