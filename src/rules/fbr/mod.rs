//! FBR (Formalized Board Rules) rule layers on any fairy variant: FBR text →
//! [`RuleList`] ([`fbr_to_rules`], errors with column and reason) → applied to a SjaakII
//! [`VariantDef`](crate::rules::fairy::VariantDef) ([`apply_rules`]): rules the engine already
//! knows set its rules and piece flags, the others become
//! [`Layers`](crate::rules::fairy::Layers) the fairy move generator reads. See `docs/fbr.md`.

pub mod announced_movement;
pub mod apply;
pub mod castling_defs;
pub mod macros;
pub mod mbn;
pub mod mbn_conditions;
pub mod model;
pub mod movement_result;
pub mod parse;
pub mod piece_defs;
pub mod prefix_rules;

pub use apply::{apply_rules, chess_with_rules, variant_with_rules};
pub use model::{Attribute, BoardRange, PieceSet, Rule, RuleList};
pub use parse::{FbrError, fbr_to_rules};
