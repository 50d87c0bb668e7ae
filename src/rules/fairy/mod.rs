//! Fairy variants defined in SjaakII's `variants.txt` format: boards up to 16x16, sliders,
//! leapers, steppers, hoppers, riders, zones, promotions, drops, gating and castling.
//!
//! Stages: definitions text → [`VariantDef`]s ([`sjaak_to_defs`], errors carry file, line and
//! reason) → compiled [`Variant`] tables ([`defs_to_variant`]) → [`FairyPos`] positions that
//! generate and play moves. The square set is [`Bits256`] (`rank * 16 + file`).

pub mod bits;
pub mod book;
pub mod castle_king;
pub mod compound_letters;
pub mod coord_moves;
pub mod counting;
pub mod cql;
pub mod defs;
pub mod explosion_move;
pub mod fen;
pub mod game_end;
pub mod layer_alice_boards;
pub mod layer_announcement;
mod layer_bounce;
pub mod layer_castle;
mod layer_checking;
pub mod layer_convert;
pub mod layer_end;
mod layer_facing;
pub mod layer_forced_drops;
pub mod layer_friendly_captures;
mod layer_immediate_drops;
pub mod layer_locust;
pub mod layer_make;
pub mod layer_mounting;
pub mod layer_moves;
pub mod layer_musketeer;
mod layer_pieces;
pub mod layer_pinch;
pub mod layer_powers;
pub mod layer_prefix;
pub mod layer_promotion;
mod layer_promotion_castle;
pub mod layer_promotion_in_place;
mod layer_promotion_legs;
mod layer_royal;
mod layer_spacious;
pub mod layer_swapping;
pub mod layer_swaps;
mod layer_trading;
pub mod layer_turns;
mod layer_turns_more;
mod layer_turns_push;
pub mod layers;
pub mod leg_hops;
pub mod leg_limits;
pub mod leg_paths;
pub mod leg_wrap;
pub mod lion;
pub mod movegen;
pub mod movegen_at;
pub mod parse;
pub mod position;
pub mod san;
pub mod sjaak_fold;
pub mod tables;

pub use bits::Bits256;
pub use book::VariantBook;
pub use coord_moves::RankBase;
pub use defs::VariantDef;
pub use layers::{LayerState, Layers};
pub use parse::{DefError, sjaak_to_defs};
pub use position::{FMove, FairyPos, MoveKind};
pub use tables::{Variant, defs_to_variant, defs_to_variant_with};

use std::sync::Arc;

/// Reads a definitions file's text and compiles every variant in it.
pub fn load_variants(file: &str, text: &str) -> Result<Vec<Arc<Variant>>, DefError> {
    let defs = sjaak_to_defs(file, text)?;
    defs.iter()
        .map(|d| {
            if let Some((line, _)) = &d.fbr_rules {
                // A `Rules:` line: FBR rule layers on the definition.
                return crate::rules::fbr::variant_with_rules(d, "")
                    .map(Arc::new)
                    .map_err(|e| DefError {
                        file: file.to_string(),
                        line: *line,
                        reason: e.to_string(),
                    });
            }
            Ok(Arc::new(defs_to_variant(d)))
        })
        .collect()
}

/// The definitions file compiled into cqlq (`bundled.txt`): Chess, Capablanca, Gothic,
/// Seirawan, Shatranj, Makruk, Courier, Xiangqi and Shogi, with Fairy-Stockfish's letters.
pub const BUNDLED: &str = include_str!("bundled.txt");

/// The bundled variants, compiled.
pub fn bundled_variants() -> Vec<Arc<Variant>> {
    load_variants("<bundled>", BUNDLED).unwrap_or_default()
}

/// Finds a variant by name, as a PGN `Variant` tag or `--variant` gives it: the short name
/// (`capablanca`), the title (`Capablanca (10x8)`), case and `-`/`_`/space ignored.
pub fn find_variant<'a>(variants: &'a [Arc<Variant>], name: &str) -> Option<&'a Arc<Variant>> {
    let norm = |s: &str| {
        s.to_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
    };
    let want = norm(name);
    variants
        .iter()
        .find(|v| norm(&v.def.name) == want || norm(&v.def.title) == want)
}
