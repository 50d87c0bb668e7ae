//! The submissions table of CQL 6.2's `similarposition "f.pgn"`: every main-line position of
//! the submissions file, under each board symmetry CQL 6.2 tries, keyed by piece placement and
//! side to move, so that a searched position is looked up, never compared with each
//! submission. The file is read once per run, at the first lookup (`eval::similar_position`
//! reads it; this module holds the table and the symmetries).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// A board as a key: one byte per square (`a1` = 0, `b1` = 1, ..., `h8` = 63), 0 for an
/// empty square, else the piece's FEN letter; and whether White is to move.
pub type BoardKey = ([u8; 64], bool);

/// A symmetry CQL 6.2's `similarposition` tries: a shift along the ranks, then a reflection
/// of files (`reflect_v`), of ranks (`reflect_h`), then a swap of file and rank (CQL 6.2's
/// `DihedralTransform` after its `ShiftTransform`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Files moved right (negative: left), applied first.
    pub shift: i8,
    /// File x becomes 7 - x.
    pub reflect_files: bool,
    /// Rank y becomes 7 - y.
    pub reflect_ranks: bool,
    /// File and rank swapped (applied last).
    pub swap: bool,
}

impl Symmetry {
    /// No move at all.
    pub const IDENTITY: Symmetry = Symmetry::dihedral(false, false, false);

    const fn dihedral(reflect_files: bool, reflect_ranks: bool, swap: bool) -> Symmetry {
        Symmetry {
            shift: 0,
            reflect_files,
            reflect_ranks,
            swap,
        }
    }

    /// The 8 symmetries of the square, identity first (a board without pawns).
    pub fn pawnless() -> Vec<Symmetry> {
        let mut all = Vec::with_capacity(8);
        for reflect_files in [false, true] {
            for reflect_ranks in [false, true] {
                for swap in [false, true] {
                    all.push(Symmetry::dihedral(reflect_files, reflect_ranks, swap));
                }
            }
        }
        all
    }

    /// The 30 symmetries of a board with pawns: the identity, the 14 shifts along the ranks,
    /// the mirror of files, and the mirror after each shift.
    pub fn with_pawns() -> Vec<Symmetry> {
        let shifts = (-7i8..=7).filter(|&s| s != 0);
        let mut all = vec![Symmetry::IDENTITY];
        all.extend(shifts.clone().map(|shift| Symmetry {
            shift,
            ..Symmetry::IDENTITY
        }));
        all.push(Symmetry::dihedral(true, false, false));
        all.extend(shifts.map(|shift| Symmetry {
            shift,
            ..Symmetry::dihedral(true, false, false)
        }));
        all
    }

    /// Only the identity (`notransform`).
    pub fn identity_only() -> Vec<Symmetry> {
        vec![Symmetry::IDENTITY]
    }

    /// Whether this is the identity.
    pub fn is_identity(self) -> bool {
        self == Symmetry::IDENTITY
    }

    /// Where a square goes (file, rank 0-7), or None off the board.
    fn map(self, file: i8, rank: i8) -> Option<(i8, i8)> {
        let mut x = file + self.shift;
        if !(0..8).contains(&x) {
            return None;
        }
        let mut y = rank;
        if self.reflect_files {
            x = 7 - x;
        }
        if self.reflect_ranks {
            y = 7 - y;
        }
        Some(if self.swap { (y, x) } else { (x, y) })
    }

    /// The board moved by this symmetry, or None when a piece would leave the board.
    pub fn apply(self, board: &[u8; 64]) -> Option<[u8; 64]> {
        let mut moved = [0u8; 64];
        for (square, &piece) in board.iter().enumerate() {
            if piece == 0 {
                continue;
            }
            let (file, rank) = ((square % 8) as i8, (square / 8) as i8);
            let (x, y) = self.map(file, rank)?;
            moved[(y * 8 + x) as usize] = piece;
        }
        Some(moved)
    }

    /// CQL 6.2's name of the symmetry in its comment ("" for the identity): `reflect_v`,
    /// `rotate180`, `clockwise90`, ..., `right^3`, `left^2`, `reflect_v right^3`.
    pub fn name(self) -> String {
        let dihedral = match (self.swap, self.reflect_files, self.reflect_ranks) {
            (false, false, false) => "",
            (false, false, true) => "reflect_h",
            (false, true, false) => "reflect_v",
            (false, true, true) => "rotate180",
            (true, false, false) => "reflect_a1h8",
            (true, false, true) => "counterclockwise90",
            (true, true, false) => "clockwise90",
            (true, true, true) => "reflect_a8h1",
        };
        let shift = match self.shift {
            0 => String::new(),
            s if s > 0 => format!("right^{s}"),
            s => format!("left^{}", -s),
        };
        match (dihedral.is_empty(), shift.is_empty()) {
            (_, true) => dihedral.to_string(),
            (true, false) => shift,
            (false, false) => format!("{dihedral} {shift}"),
        }
    }
}

/// Where a submission's position is: its game, move number and side to move, and the
/// symmetry that carries it onto the key it is filed under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubmissionEntry {
    /// The game's number in the submissions file (1 for the first).
    pub game: u64,
    /// CQL 6.2's move number: 1 at the game's first position, one more after each Black move
    /// (after each second half-move when Black moves first).
    pub move_number: u32,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// The symmetry applied to the submission's board.
    pub symmetry: Symmetry,
}

/// The table: each key's entries, in file order, then symmetry order.
#[derive(Clone, Debug, Default)]
pub struct SubmissionTable {
    entries: HashMap<BoardKey, Vec<SubmissionEntry>>,
    /// How many games were read.
    pub games: u64,
}

impl SubmissionTable {
    /// Files a submission's position under each symmetry of `symmetries` that keeps every
    /// piece on the board (a position already filed for this game and move is not repeated).
    pub fn insert(&mut self, board: &[u8; 64], entry: &SubmissionEntry, symmetries: &[Symmetry]) {
        for &symmetry in symmetries {
            let Some(moved) = symmetry.apply(board) else {
                continue;
            };
            let filed = self
                .entries
                .entry((moved, entry.white_to_move))
                .or_default();
            if filed
                .iter()
                .any(|e| e.game == entry.game && e.move_number == entry.move_number)
            {
                continue;
            }
            filed.push(SubmissionEntry {
                symmetry,
                ..entry.clone()
            });
        }
    }

    /// The submissions similar to a board (none: an empty slice).
    pub fn lookup(&self, key: &BoardKey) -> &[SubmissionEntry] {
        self.entries.get(key).map_or(&[], Vec::as_slice)
    }
}

/// `similarposition [nosort] [notransform] "f.pgn"`: the file, whether symmetries are tried,
/// and its table, read at the first lookup of the run.
#[derive(Debug)]
pub struct Submissions {
    /// The file as the query names it (and as the comment names it).
    pub file: Arc<str>,
    /// `notransform`: only the identity is tried.
    pub no_transform: bool,
    /// The table, or why the file could not be read; filled once.
    pub table: OnceLock<Result<SubmissionTable, Arc<str>>>,
}

impl Submissions {
    /// Not read yet.
    pub fn new(file: &str, no_transform: bool) -> Submissions {
        Submissions {
            file: file.into(),
            no_transform,
            table: OnceLock::new(),
        }
    }

    /// The symmetries a submission with (or without) pawns is filed under.
    pub fn symmetries(&self, has_pawns: bool) -> Vec<Symmetry> {
        if self.no_transform {
            Symmetry::identity_only()
        } else if has_pawns {
            Symmetry::with_pawns()
        } else {
            Symmetry::pawnless()
        }
    }
}

impl PartialEq for Submissions {
    fn eq(&self, other: &Self) -> bool {
        self.file == other.file && self.no_transform == other.no_transform
    }
}

impl Eq for Submissions {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_symmetries_with_pawns_and_eight_without() {
        // CQL 6.2's AnticipateDb asserts these sizes: 8 dihedral, 1 + 14 + 1 + 14 with pawns.
        assert_eq!(Symmetry::pawnless().len(), 8);
        assert_eq!(Symmetry::with_pawns().len(), 30);
    }

    #[test]
    fn a_shift_that_leaves_the_board_is_not_applied() {
        let mut board = [0u8; 64];
        board[7] = b'K'; // h1
        let right = Symmetry {
            shift: 1,
            ..Symmetry::IDENTITY
        };
        assert_eq!(right.apply(&board), None);
        let left = Symmetry {
            shift: -7,
            ..Symmetry::IDENTITY
        };
        assert_eq!(left.apply(&board).map(|b| b[0]), Some(b'K')); // a1
        assert_eq!(left.name(), "left^7");
    }
}
