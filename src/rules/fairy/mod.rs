//! Fairy variants defined in SjaakII's `variants.txt` format: boards up to 16x16, sliders,
//! leapers, steppers, hoppers, riders, zones, promotions, drops, gating and castling.
//!
//! Stages: definitions text → [`VariantDef`]s ([`sjaak_to_defs`], errors carry file, line and
//! reason) → compiled [`Variant`] tables ([`defs_to_variant`]) → [`FairyPos`] positions that
//! generate and play moves. The square set is [`Bits256`] (`rank * 16 + file`).

pub mod bits;
pub mod coord_moves;
pub mod defs;
pub mod fen;
pub mod movegen;
pub mod parse;
pub mod position;
pub mod tables;

pub use bits::Bits256;
pub use coord_moves::RankBase;
pub use defs::VariantDef;
pub use parse::{sjaak_to_defs, DefError};
pub use position::{FMove, FairyPos, MoveKind};
pub use tables::{defs_to_variant, Variant};

use std::sync::Arc;

/// Reads a definitions file's text and compiles every variant in it.
pub fn load_variants(file: &str, text: &str) -> Result<Vec<Arc<Variant>>, DefError> {
    let defs = sjaak_to_defs(file, text)?;
    defs.iter()
        .map(|d| {
            defs_to_variant(d).map(Arc::new).map_err(|reason| DefError {
                file: file.to_string(),
                line: d.line,
                reason,
            })
        })
        .collect()
}
