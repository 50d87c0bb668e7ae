//! Alice Chess on three or four boards (FBR `alice=3D`, `alice=4D`): the boards stand side by
//! side on one wider board of four quadrants (board 1 the lower left, where the game starts,
//! board 2 the lower right, board 3 the upper left, board 4 the upper right; with three
//! boards the fourth quadrant is holes), each piece on its own board's square. A move is
//! played on the mover's board alone (generated and judged there by the board's own variant,
//! a position of only that board's pieces: "a move must be legal on the board where it is
//! played") and lands on the corresponding square of another board, which must be vacant;
//! which board is the mover's choice, and the move's destination square on the wide board
//! records it. A royal is in check from the pieces of its own board only.
//!
//! Which boards a move may transfer to: with three boards either other one ("a piece may
//! have a free choice of which other board"); with four only a board holding at least one
//! of the kings (of either side), but any of the other three when the board moved from
//! holds both, and a king's move any of the other three (the 4D Quasi-Alice page's rule 2
//! names "a piece that is not a king"; the seed writes the king's transfer apart, `aO`).

use std::sync::Arc;

use super::bits::{Bits256, square};
use super::position::{FMove, FairyPos, MoveKind};
use super::tables::Variant;

/// The boards of `alice=3D` / `alice=4D` on the wide board.
#[derive(Clone, Debug)]
pub struct AliceBoards {
    /// The variant of one board (the definition before it was widened): it generates and
    /// judges each board's moves.
    pub base: Arc<Variant>,
    /// How many boards: 3 or 4.
    pub count: usize,
    /// Files of one board.
    pub files: usize,
    /// Ranks of one board.
    pub ranks: usize,
}

impl AliceBoards {
    /// The board (0 = board 1 .. 3 = board 4) a wide square lies on.
    pub fn board_of(&self, sq: usize) -> usize {
        let (f, r) = (sq % 16, sq / 16);
        (r / self.ranks) * 2 + f / self.files
    }

    /// A wide square as the square of its own board.
    pub fn local(&self, sq: usize) -> usize {
        square(sq % 16 % self.files, sq / 16 % self.ranks)
    }

    /// The wide square of a board's square `local` on board `board`.
    pub fn wide(&self, local: usize, board: usize) -> usize {
        square(
            local % 16 + (board % 2) * self.files,
            local / 16 + (board / 2) * self.ranks,
        )
    }

    /// The wide squares of board `board`.
    pub fn squares(&self, board: usize) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for r in 0..self.ranks {
            for f in 0..self.files {
                b.set(self.wide(square(f, r), board));
            }
        }
        b
    }

    /// A set of one board's squares copied onto every board (zones, prisons, flags).
    pub fn on_every_board(&self, local: Bits256) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for s in local.iter() {
            for board in 0..self.count {
                b.set(self.wide(s, board));
            }
        }
        b
    }
}

impl FairyPos {
    /// The position of board `board` alone, on the one-board variant: its pieces, their
    /// unmoved and promoted marks, the en passant squares and victim that lie on it.
    fn alice_board_position(&self, a: &AliceBoards, board: usize) -> FairyPos {
        let mut p = FairyPos::empty(a.base.clone());
        let on = a.squares(board);
        for sq in (self.occupied() & on).iter() {
            if let Some((c, t)) = self.piece(sq) {
                p.put(a.local(sq), c, t);
            }
        }
        for sq in (self.unmoved & on).iter() {
            p.unmoved.set(a.local(sq));
        }
        for sq in (self.promoted & on).iter() {
            p.promoted.set(a.local(sq));
        }
        if let Some(v) = self.ep_victim
            && on.has(v as usize)
        {
            p.ep_victim = Some(a.local(v as usize) as u8);
            for sq in (self.ep & on).iter() {
                p.ep.set(a.local(sq));
            }
        }
        p.turn = self.turn;
        p.halfmove = self.halfmove;
        p.fullmove = self.fullmove;
        p
    }

    /// The boards a move of a piece of type `t` from board `from_board` may transfer to.
    fn alice_destination_boards(&self, a: &AliceBoards, from_board: usize, t: usize) -> Vec<usize> {
        let others = (0..a.count).filter(|&b| b != from_board);
        if a.count == 3 || self.v.kinds[t].def.flags.royal {
            return others.collect();
        }
        let kings = self.royals(0) | self.royals(1);
        let holds = |b: usize| !(kings & a.squares(b)).none();
        let both_here = [0, 1]
            .iter()
            .all(|&c| !(self.royals(c) & a.squares(from_board)).none());
        others.filter(|&b| both_here || holds(b)).collect()
    }

    /// The pseudo-legal moves under `alice=3D`/`4D`: each board's legal moves (legal on the
    /// board where they are played), each landing on every allowed board whose square (and
    /// a castling partner's) is vacant there.
    pub(super) fn alice_boards_moves(&self, a: &AliceBoards) -> Vec<FMove> {
        let mut out = Vec::new();
        for board in 0..a.count {
            if (self.color[self.turn] & a.squares(board)).none() {
                continue;
            }
            let p = self.alice_board_position(a, board);
            for m in p.legal_moves() {
                let capture = m.capture.map(|c| a.wide(c as usize, board) as u8);
                for dest in self.alice_destination_boards(a, board, m.piece as usize) {
                    let to = a.wide(m.to as usize, dest);
                    if self.board[to] != 0 {
                        continue;
                    }
                    let kind = match m.kind {
                        MoveKind::Castle(pf, pt) => {
                            let pt = a.wide(pt as usize, dest);
                            if self.board[pt] != 0 {
                                continue;
                            }
                            MoveKind::Castle(a.wide(pf as usize, board) as u8, pt as u8)
                        }
                        k => k,
                    };
                    out.push(FMove {
                        from: a.wide(m.from as usize, board) as u8,
                        to: to as u8,
                        capture,
                        kind,
                        ..m
                    });
                }
            }
        }
        out
    }

    /// Whether `color` is in check under `alice=3D`/`4D`: a royal attacked by the enemy
    /// pieces of its own board (the other boards' pieces stand as a wall around it); with
    /// several royals as the classic `alice` reads it.
    pub(super) fn alice_boards_in_check(&self, a: &AliceBoards, color: usize) -> bool {
        let royals = self.royals(color);
        let hit = |s: usize| {
            let on = a.squares(a.board_of(s));
            let occ = (self.occupied() & on) | !on;
            self.attacked_with(s, 1 - color, occ, self.color[1 - color] & on)
        };
        let rules = &self.v.def.rules;
        if royals.len() == 1 || rules.check_any_king {
            royals.iter().any(hit)
        } else if rules.duplecheck {
            !royals.none() && royals.iter().all(hit)
        } else {
            false
        }
    }

    /// The en passant squares of a multi-step move under `alice=3D`/`4D`: the squares it
    /// passed on its own board, on the board it landed on (where the pawn now stands beside
    /// the enemy pawns that may take it), and the moved piece as the victim.
    pub(super) fn alice_boards_ep_squares(&mut self, a: &AliceBoards, m: &FMove) {
        let (from, to) = (a.local(m.from as usize), a.local(m.to as usize));
        let dest = a.board_of(m.to as usize);
        let (ff, fr) = ((from % 16) as i32, (from / 16) as i32);
        let (tf, tr) = ((to % 16) as i32, (to / 16) as i32);
        let (dx, dy) = ((tf - ff).signum(), (tr - fr).signum());
        if tf != ff && tr != fr && (tf - ff).abs() != (tr - fr).abs() {
            return;
        }
        let mut cur = (ff + dx, fr + dy);
        while cur != (tf, tr) {
            self.ep
                .set(a.wide(square(cur.0 as usize, cur.1 as usize), dest));
            cur = (cur.0 + dx, cur.1 + dy);
        }
        if !self.ep.none() {
            self.ep_victim = Some(m.to);
        }
    }

    /// Whether `m` takes en passant under `alice=3D`/`4D`: played on the victim's board onto
    /// one of its en passant squares (it lands on another board).
    pub(super) fn alice_boards_takes_ep(&self, a: &AliceBoards, m: &FMove) -> bool {
        m.capture.is_some_and(|c| {
            let played_to = a.wide(a.local(m.to as usize), a.board_of(c as usize));
            self.ep.has(played_to)
        })
    }
}
