//! Piece identity: which piece stands on each square at each position, so that a piece
//! variable (`piece x in S ...`) follows its piece through the game (CQL's piece variables).
//!
//! The table is built on first use only (queries without piece variables never pay for it):
//! the pieces of the first position are numbered in square order; each move carries the
//! moving piece's number to its destination and drops the captured one; squares that change
//! otherwise (the rook of a castling) are reconciled against the next position's board. A
//! promoted pawn keeps its number.

use super::Evaluator;
use crate::rules::Position;
use crate::squares::{Coord, Geometry, SquareSet};

/// Piece numbers by square (0: empty), one board per record node (empty when not reached).
pub(super) struct PieceTable {
    geo: Geometry,
    boards: Vec<Vec<u32>>,
}

impl PieceTable {
    fn index(&self, c: Coord) -> Option<usize> {
        self.geo
            .contains(c)
            .then(|| (c.rank * i64::from(self.geo.files) + c.file) as usize)
    }

    /// The piece number on `c` at node `at` (0 when empty).
    pub fn piece_at(&self, at: u32, c: Coord) -> u32 {
        let Some(board) = self.boards.get(at as usize) else {
            return 0;
        };
        self.index(c)
            .and_then(|i| board.get(i).copied())
            .unwrap_or(0)
    }

    /// The squares holding piece `id` at node `at` (none, or one).
    pub fn squares_of<S: SquareSet>(&self, at: u32, id: u32) -> S {
        let Some(board) = self.boards.get(at as usize) else {
            return S::empty();
        };
        let files = usize::from(self.geo.files);
        let found = board
            .iter()
            .position(|&p| p == id && id != 0)
            .map(|i| Coord {
                file: (i % files) as i64,
                rank: (i / files) as i64,
            });
        S::from_coords(self.geo, found)
    }
}

impl<P: Position> Evaluator<'_, P> {
    /// The game's piece table (built on first call).
    pub(super) fn pieces(&self) -> &PieceTable {
        self.piece_table.get_or_init(|| self.build_piece_table())
    }

    fn build_piece_table(&self) -> PieceTable {
        let replayed = &self.game.replayed.nodes;
        let record = &self.game.record.nodes;
        let geo = self.geometry(0);
        let cells = usize::from(geo.files) * usize::from(geo.ranks);
        let mut table = PieceTable {
            geo,
            boards: vec![Vec::new(); replayed.len()],
        };
        let occupied_cells = |pos: &P| -> Vec<bool> {
            let mut occ = vec![false; cells];
            for c in pos.occupied().coords() {
                if let Some(i) = table_index(geo, c) {
                    occ[i] = true;
                }
            }
            occ
        };
        let Some(Some(root)) = replayed.first() else {
            return table;
        };
        let mut first = vec![0u32; cells];
        let mut next_id = 0u32;
        for (i, occupied) in occupied_cells(&root.position).into_iter().enumerate() {
            if occupied {
                next_id += 1;
                first[i] = next_id;
            }
        }
        table.boards[0] = first;
        // Parents come before their children in the record's numbering.
        for at in 1..replayed.len() {
            let (Some(node), Some(parent)) = (&replayed[at], record[at].parent) else {
                continue;
            };
            let mut board = table.boards[parent as usize].clone();
            if board.is_empty() {
                continue;
            }
            if let Some(mv) = &node.played
                && !mv.null
            {
                let from = mv.from.coords().first().and_then(|&c| table_index(geo, c));
                let to = mv.to.coords().first().and_then(|&c| table_index(geo, c));
                let moving = from.map_or(0, |f| std::mem::take(&mut board[f]));
                if let Some((_, sq)) = &mv.capture
                    && let Some(c) = sq.coords().first().and_then(|&c| table_index(geo, c))
                {
                    board[c] = 0;
                }
                if let Some(t) = to {
                    board[t] = moving;
                }
            }
            // Reconcile with the board: pieces that left a square the move did not account
            // for (the castling rook) reappear where a square is newly occupied.
            let occupied = occupied_cells(&node.position);
            let mut vacated: Vec<u32> = Vec::new();
            for (i, &occ) in occupied.iter().enumerate() {
                if !occ && board[i] != 0 {
                    vacated.push(std::mem::take(&mut board[i]));
                }
            }
            let mut vacated = vacated.into_iter();
            for (i, &occ) in occupied.iter().enumerate() {
                if occ && board[i] == 0 {
                    board[i] = vacated.next().unwrap_or_else(|| {
                        next_id += 1;
                        next_id
                    });
                }
            }
            table.boards[at] = board;
        }
        table
    }
}

fn table_index(geo: Geometry, c: Coord) -> Option<usize> {
    geo.contains(c)
        .then(|| (c.rank * i64::from(geo.files) + c.file) as usize)
}
