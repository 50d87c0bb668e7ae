//! `cheshire{X}` (Cheshire Cat Chess, seed 001): the square a piece leaves is removed, held by
//! a piece `X` that is `neutral`, `immovable` and `transparent` (the seed's expansion
//! `pieces{X}=neutral,immovable,transparent promotion*=origin,move X *KQRBNP==X`); no
//! castling. The engine's side is `Layers::cheshire` (`fairy::layer_make`).

use super::super::model::Rule;
use super::super::parse::FbrError;
use super::{Applier, refuse, without_castling_rights};
use crate::rules::fairy::defs::PieceDef;

impl Applier {
    /// `cheshire{X}`: the letter `X` names the removed square's piece (added when the board
    /// has no such piece; one the board has keeps its name but moves no more). "Note that
    /// castling is impossible in Cheshire Cat Chess": the castling moves and the start
    /// position's rights go. The rule's first-king-move option, which the seed leaves out,
    /// is not added.
    pub(super) fn cheshire(&mut self, r: &Rule) -> Result<(), FbrError> {
        let letter = match &r.pieces {
            Some(set) if !set.not && !set.caret && set.pieces.len() == 1 => set.pieces[0].clone(),
            _ => {
                return refuse(
                    r.column,
                    "`cheshire` needs a piece set of one letter, the removed square's (`cheshire{X}`)",
                );
            }
        };
        if let Some(a) = r.attrs.first() {
            return Self::unsupported(r, a);
        }
        let t = match self.type_of(&letter) {
            Some(t) => t,
            None => {
                let upper = letter.to_ascii_uppercase();
                self.def.pieces.push(PieceDef {
                    name: "Removed square".into(),
                    san: upper.clone(),
                    symbols: [upper, letter.to_ascii_lowercase()],
                    ..PieceDef::default()
                });
                self.def.pieces.len() - 1
            }
        };
        if t >= 64 || self.def.pieces[t].flags.royal {
            return refuse(
                r.column,
                format!(
                    "`cheshire{{{letter}}}`: `{letter}` is a royal piece or past the 64th type"
                ),
            );
        }
        let x = 1u64 << t;
        self.layers.neutral |= x;
        self.layers.immovable.push((x, None));
        self.layers.transparent |= x;
        self.layers.cheshire = Some(t as u8);
        for p in &mut self.def.pieces {
            p.castles.clear();
        }
        self.def.fen = without_castling_rights(&self.def.fen);
        Ok(())
    }
}
