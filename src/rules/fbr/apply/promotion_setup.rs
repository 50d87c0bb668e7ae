//! `promotion=setup` (seed 001): "A piece will promote only to the type of piece that was on
//! the promotion file in the opening setup. If more than one pieces are on the same file in
//! setup, then the piece closest to the pawn (behind) will be chosen. If the file only
//! contains royal pieces (in setup) then either promotion is not possible, or the piece will
//! promote to any piece specified in optional piece set following the attribute." The table
//! is read from the definition's start position; the engine's side is a move filter
//! (`Layers::promotion_setup`, `fairy::layer_moves`).

use super::Applier;
use crate::rules::fairy::layers::PromotionSetup;

impl Applier {
    /// Fills `Layers::promotion_setup` from the start position: per colour and file, the
    /// side's non-promoting piece nearest behind its promoting piece (pawn) on that file
    /// (without a pawn there: its front-most one); royal or none: the `fallback` types. The
    /// promotion choices become every type the table names plus the fallback's.
    pub(super) fn promotion_setup(&mut self, fallback: u64) {
        let mut placed: Vec<(usize, usize, usize, usize)> = Vec::new(); // colour, file, rank, type
        let board = self.def.fen.split([' ', '[']).next().unwrap_or_default();
        let ranks = self.def.ranks as usize;
        for (row, text) in board.split('/').enumerate() {
            let Some(rank) = ranks.checked_sub(row + 1) else {
                break;
            };
            let (mut file, mut skip) = (0usize, 0usize);
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    skip = skip * 10 + d as usize;
                    continue;
                }
                file += skip;
                skip = 0;
                if !c.is_ascii_alphabetic() {
                    continue;
                }
                let letter = c.to_string();
                let found = self.def.pieces.iter().enumerate().find_map(|(t, p)| {
                    let sym = |i: usize| p.symbols[i].trim_end_matches('~');
                    (sym(0) == letter)
                        .then_some((0, t))
                        .or_else(|| (sym(1) == letter).then_some((1, t)))
                });
                if let Some((colour, t)) = found {
                    placed.push((colour, file, rank, t));
                }
                file += 1;
            }
        }
        let promotes = |t: usize| !self.def.pieces[t].promotions.is_empty();
        let mut table = PromotionSetup {
            fallback,
            ..PromotionSetup::default()
        };
        for (colour, row) in table.by_file.iter_mut().enumerate() {
            // Rank distance towards the side's front: white's ranks up, black's down.
            let front = |rank: usize| if colour == 0 { rank } else { ranks - 1 - rank };
            for (file, slot) in row.iter_mut().enumerate() {
                let here = placed.iter().filter(|p| p.0 == colour && p.1 == file);
                let pawn = here
                    .clone()
                    .filter(|p| promotes(p.3))
                    .map(|p| front(p.2))
                    .min();
                let behind = here
                    .filter(|p| !promotes(p.3) && pawn.is_none_or(|pf| front(p.2) < pf))
                    .max_by_key(|p| front(p.2));
                *slot = behind
                    .filter(|p| !self.def.pieces[p.3].flags.royal && p.3 < 256)
                    .map(|p| p.3 as u8);
            }
        }
        let mut allowed = fallback;
        for t in table.by_file.iter().flatten().flatten() {
            allowed |= 1u64 << (*t).min(63);
        }
        let letters: String = (0..self.types())
            .filter(|&t| allowed >> t & 1 != 0)
            .map(|t| self.def.pieces[t].symbols[0].clone())
            .collect();
        for p in &mut self.def.pieces {
            for pr in &mut p.promotions {
                pr.choices = letters.clone();
            }
        }
        self.layers.promotion_setup = Some(Box::new(table));
    }
}
