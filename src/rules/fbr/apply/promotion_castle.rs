//! `promotion=castle{set}` (seed 001): a piece promoted to a type of the set is unmoved again
//! and a castling partner of its side's royal, forward along the file (Pam-Krabbé castling,
//! `O-O-O-O`). The engine's side is `fairy::layer_promotion_castle`.

use super::super::model::Attribute;
use super::super::parse::FbrError;
use super::{Applier, refuse};

impl Applier {
    /// Reads `castle{set}` ("the following obligatory piece set") into
    /// `Layers::promotion_castle`.
    pub(super) fn promotion_castle(&mut self, a: &Attribute) -> Result<(), FbrError> {
        let Some(set) = &a.pieces else {
            return refuse(
                a.column,
                "`promotion=castle` needs a piece set `{...}` (the seed's \"obligatory piece set\")",
            );
        };
        if a.negated || a.arg.is_some() || a.range.is_some() {
            return refuse(
                a.column,
                "`promotion=castle{set}` takes nothing but its set",
            );
        }
        self.layers.promotion_castle |= self.mask(set, a.column)?;
        Ok(())
    }
}
