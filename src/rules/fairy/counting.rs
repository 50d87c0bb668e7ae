//! Makruk's counting rules as Fairy-Stockfish keeps and writes them (`Rule: makruk counting`,
//! a cqlq extension of the definitions format used by the bundled Makruk).
//!
//! Once no pawn is left, the count starts: the board's honour (64 moves, counted from 0), or,
//! when the side to move has a bare king, the pieces' honour (the limit by the other side's
//! pieces, counted from the number of pieces on the board; restarted by a capture that
//! leaves a bare king). Fairy-Stockfish
//! (`Position::do_move`, `Position::counting_limit`) keeps both in plies and writes them in
//! the FEN in place of the en passant square and the halfmove clock:
//! `8/2m1k3/5s2/8/8/1K2m3/1n6/4r3 w - 32 14 109` (a limit of 16 moves with one rook, the count
//! at 14 plies: 7 pieces on the board when it started). The count does not end the game in
//! cqlq; it is kept for the FEN.

use super::position::FairyPos;

impl FairyPos {
    /// The pieces of colour `c` on the board whose FEN letter is `letter` (upper case).
    fn count_letter(&self, c: usize, letter: &str) -> usize {
        self.color[c]
            .iter()
            .filter(|&s| {
                self.piece(s)
                    .is_some_and(|(_, t)| self.v.kinds[t].def.symbols[0] == letter)
            })
            .count()
    }

    /// Fairy-Stockfish's counting limit in moves for the side to move (0: no count yet).
    fn counting_limit_moves(&self) -> u32 {
        let us = self.turn;
        let them = 1 - us;
        let pawns = self.count_letter(0, "P") + self.count_letter(1, "P");
        let ours = self.color[us].len();
        // Fairy-Stockfish 11.1 counts only once the pawns are gone, and not for the side to
        // move when the other side has a bare king (that side is the one counting).
        if pawns > 0 || self.color[them].len() == 1 {
            return 0;
        }
        if ours > 1 {
            return 64; // the board's honour
        }
        // The pieces' honour, by the strong side's pieces.
        let (rooks, khons, knights) = (
            self.count_letter(them, "R"),
            self.count_letter(them, "S"),
            self.count_letter(them, "N"),
        );
        match () {
            _ if rooks > 1 => 8,
            _ if rooks == 1 => 16,
            _ if khons > 1 => 22,
            _ if knights > 1 => 32,
            _ if khons == 1 => 44,
            _ => 64,
        }
    }

    /// Updates the count after a move (the side to move already switched): one more ply while
    /// it runs; (re)started when no count runs and the pawns are gone or the side to move has
    /// a bare king, or when a capture leaves the side to move a bare king.
    pub(super) fn update_counting(&mut self, captured: bool) {
        if let Some((_, ply)) = &mut self.counting {
            *ply += 1;
        }
        let running = self.counting.is_some();
        let bare = self.color[self.turn].len() == 1;
        let pawns = self.count_letter(0, "P") + self.count_letter(1, "P");
        if ((!running || captured) && bare) || (!running && pawns == 0) {
            let limit = 2 * self.counting_limit_moves();
            self.counting = (limit != 0).then(|| {
                let all = self.color[0].len() + self.color[1].len();
                (limit, if bare { 2 * all } else { 0 })
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::fairy::{RankBase, bundled_variants, find_variant};

    use super::*;

    /// Expected FENs from Fairy-Stockfish 11.1 (`/usr/games/fairy-stockfish`, `setoption name
    /// UCI_Variant value makruk`, `position fen FEN moves MOVE`, `d`): the count runs on; a
    /// capture that leaves White a bare king starts the pieces' honour at twice the pieces on
    /// the board (4: count 8), limit 16 moves for Black's one rook; not while a pawn stands.
    #[test]
    fn count_runs_and_starts_on_a_bare_king() {
        let vs = bundled_variants();
        let v = find_variant(&vs, "makruk").unwrap().clone();
        let mut p =
            FairyPos::from_fen(v.clone(), "8/2m1k3/5s2/8/8/1K2m3/1n6/4r3 w - 32 14 109").unwrap();
        assert_eq!(p.counting, Some((32, 14)));
        let m = p.coord_to_move("b3c2", RankBase::One).unwrap();
        p.make(&m);
        assert_eq!(p.to_fen(true), "8/2m1k3/5s2/8/8/4m3/1nK5/4r3 b - 32 15 109");

        let mut p = FairyPos::from_fen(v, "4k3/8/8/8/8/8/3Ks3/R6r b - - 3 40").unwrap();
        assert_eq!(p.counting, None);
        let m = p.coord_to_move("h1a1", RankBase::One).unwrap();
        p.make(&m);
        assert_eq!(p.to_fen(true), "4k3/8/8/8/8/8/3Ks3/r7 w - 32 8 41");

        // With a pawn on the board no count starts (`- 0 41`).
        let mut p = FairyPos::from_fen(p.v.clone(), "4k3/8/8/8/p7/8/3Ks3/R6r b - - 3 40").unwrap();
        let m = p.coord_to_move("h1a1", RankBase::One).unwrap();
        p.make(&m);
        assert_eq!(p.to_fen(true), "4k3/8/8/8/p7/8/3Ks3/r7 w - - 0 41");
    }
}
