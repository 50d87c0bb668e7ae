//! Lines of the board (files, ranks, diagonals) computed from squares' coordinates, for the
//! move lookup's sliders (`quick_moves`).

use shakmaty::{Bitboard, Role, Square};

/// A file, rank or diagonal through two squares: its squares (from one edge of the board to
/// the other), and whether it is a file or a rank. Computed from the squares' coordinates,
/// where shakmaty's `ray` and `between` read a table, and its sliders' attacks a larger one:
/// the move lookup asks at every slider's move, and a table read that misses the cache costs
/// more than these few operations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Line {
    /// The line's squares.
    pub(super) squares: Bitboard,
    /// True for a file or a rank, false for a diagonal.
    pub(super) orthogonal: bool,
}

impl Line {
    /// The line through two different squares, None when they share no file, rank or
    /// diagonal.
    #[inline]
    pub(super) fn through(a: Square, b: Square) -> Option<Line> {
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        const RANK_1: u64 = 0xff;
        const A1_H8: u64 = 0x8040_2010_0804_0201;
        const H1_A8: u64 = 0x0102_0408_1020_4080;
        let (a, b) = (a.to_u32(), b.to_u32());
        let (file_a, rank_a, file_b, rank_b) = (a & 7, a >> 3, b & 7, b >> 3);
        let (squares, orthogonal) = if file_a == file_b {
            (FILE_A << file_a, true)
        } else if rank_a == rank_b {
            (RANK_1 << (8 * rank_a), true)
        } else if file_a + rank_b == file_b + rank_a {
            // file - rank is the same: A1_H8 moved up or down by whole ranks.
            let diagonal = if file_a >= rank_a {
                A1_H8 >> (8 * (file_a - rank_a))
            } else {
                A1_H8 << (8 * (rank_a - file_a))
            };
            (diagonal, false)
        } else if file_a + rank_a == file_b + rank_b {
            // file + rank is the same: H1_A8 (file + rank = 7) moved up or down.
            let sum = file_a + rank_a;
            let diagonal = if sum >= 7 {
                H1_A8 << (8 * (sum - 7))
            } else {
                H1_A8 >> (8 * (7 - sum))
            };
            (diagonal, false)
        } else {
            return None;
        };
        Some(Line {
            squares: Bitboard(squares),
            orthogonal,
        })
    }

    /// The line's squares strictly between `a` and `b`, two different squares on it.
    #[inline]
    pub(super) fn between(self, a: Square, b: Square) -> Bitboard {
        let (low, high) = (a.to_u32().min(b.to_u32()), a.to_u32().max(b.to_u32()));
        // The squares numbered low + 1 ..= high - 1 (high is at most 63, low at most 62).
        let range = ((1u64 << high) - 1) & !((2u64 << low) - 1);
        self.squares & Bitboard(range)
    }

    /// Whether a piece of type `slider` (a bishop, rook or queen) moves along the line.
    #[inline]
    pub(super) fn carries(self, slider: Role) -> bool {
        match slider {
            Role::Rook => self.orthogonal,
            Role::Bishop => !self.orthogonal,
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Line::through` holds shakmaty's `ray` and `Line::between` its `between`, for every
    /// two different squares; `carries` is whether the slider's attacks on an empty board
    /// reach from one to the other.
    #[test]
    fn lines_are_shakmatys() {
        use shakmaty::attacks::{between, bishop_attacks, queen_attacks, ray, rook_attacks};
        for a in Square::ALL {
            for b in Square::ALL.into_iter().filter(|&b| b != a) {
                let line = Line::through(a, b);
                assert_eq!(
                    line.map_or(Bitboard::EMPTY, |l| l.squares),
                    ray(a, b),
                    "{a} {b}"
                );
                let Some(line) = line else {
                    continue;
                };
                assert_eq!(line.between(a, b), between(a, b), "{a} {b}");
                for (role, attacks) in [
                    (Role::Rook, rook_attacks(a, Bitboard::EMPTY)),
                    (Role::Bishop, bishop_attacks(a, Bitboard::EMPTY)),
                    (Role::Queen, queen_attacks(a, Bitboard::EMPTY)),
                ] {
                    assert_eq!(line.carries(role), attacks.contains(b), "{role:?} {a} {b}");
                }
            }
        }
    }
}
