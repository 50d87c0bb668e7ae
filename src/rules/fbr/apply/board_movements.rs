//! Compound letters as movements (`K=acc?{D}:K:`, `fbr::mbn::compound_movement`) applied:
//! the friendly captures along the board's movement of `X` (the rest, moves and captures, is
//! `fbr::piece_defs`'), and the royalty of what a royal piece promotes or demotes to.

use super::super::mbn::compound_movement::{board_piece, capture_lines};
use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::PieceDef;
use crate::rules::fairy::layer_friendly_captures::FriendlyCaptureRule;

impl Applier {
    /// The friendly captures of `cc{set}:X:` (`acc?{D}:K:`): a rule per board movement, along
    /// the lines on which `X` captures on the board before the list (`board`).
    pub(super) fn board_friendly_captures(
        &mut self,
        list: &RuleList,
        board: &[PieceDef],
    ) -> Result<(), FbrError> {
        for d in list.pieces.iter().filter(|d| d.prefix.is_none()) {
            for m in &d.board_movements {
                let Some(f) = &m.friendly else {
                    continue;
                };
                let lines = board_piece(board, &m.letter, m.column)
                    .and_then(|x| capture_lines(x, m.column))
                    .or_else(|e| refuse(e.column, format!("MBN: {}", e.reason)))?;
                let Some(t) = self.type_of(&d.letter) else {
                    return refuse(
                        d.column,
                        format!("`{}` names no piece of this board", d.letter),
                    );
                };
                let victim_types = self.victim_types(f, m.column)?;
                let lines = self.both_sides(lines);
                self.layers.friendly_captures.push(FriendlyCaptureRule {
                    piece: t as u8,
                    lines,
                    victim_types,
                });
            }
        }
        Ok(())
    }

    /// Refuses a promotion (`+`) or demotion (`-`) rule that changes a royal piece into one
    /// that is not royal (`+K==:KD:` without `royal{K:KD:}`): the seed's `royal` ("Note that a
    /// promoted piece like +K is not inheriting the royalty; if this piece also should be
    /// royal, then +K has to be included in the piece set") makes the result an ordinary
    /// piece, and a side whose king so becomes one is left without a royal piece, which no
    /// user of the seed's Disk example ("promotion from K to :KD:": the mounted king is still
    /// the king) means. Run once the `royal` rules are applied.
    pub(super) fn royal_changes(&self, list: &RuleList) -> Result<(), FbrError> {
        let royal = |letter: &str| {
            self.type_of(letter)
                .is_some_and(|t| self.def.pieces[t].flags.royal)
        };
        for r in list
            .prefix_rules
            .iter()
            .filter(|r| matches!(r.prefix, '+' | '-') && !r.cancel)
        {
            for (letter, _) in r.pieces.iter().filter(|(l, _)| royal(l)) {
                if let Some(x) = r
                    .results
                    .iter()
                    .find(|x| !x.opponent && !royal(&x.letter.to_string()))
                {
                    return refuse(
                        x.column,
                        format!(
                            "`{}{letter}=={}` changes the royal `{letter}` into `{}`, which is not \
                             royal (seed 001's `royal`: \"a promoted piece like +K is not \
                             inheriting the royalty; if this piece also should be royal, then +K \
                             has to be included in the piece set\"), leaving the side without \
                             its royal piece: name both in the royal set (`royal{{{letter}{}}}`)",
                            r.prefix, x.letter, x.letter, x.letter
                        ),
                    );
                }
            }
        }
        Ok(())
    }
}
