//! MBN (Modified Betza Notation, the FBR site's piece-movement notation): the single-leg
//! part of it ([`mbn_to_moves`]: basic leapers W F D N A H C Z G and R B Q K, step counts,
//! direction letters and amalgamated directions, `m` / `c`, alternatives with `+`) turned into
//! the fairy engine's movements ([`mbn_atoms`]), and move sequences (`mW-F`, `[mK]--K`,
//! complex riders `(mW-F)0`, exact counts `W03`) as multi-leg paths ([`mbn_move_sets`],
//! `fairy::leg_paths`), the predefined move `X` (the explosion) after a movement
//! ([`explosion`]), board identifiers and transitions ([`boards`]: `C<1>`, `<2>mO`), the
//! piece set after a swap modifier (`ww{^K}`) and captures of friendly pieces (`cc`, `cy`,
//! `a`: [`friendly_capture`]), hops, leaps and visits (`p`, `pp`, `g`, `gg`, `j`, `jj`, `jy`:
//! `hops`, `fairy::leg_hops`), board ranges on a partial move and the edge rider `W*`
//! (`ranges`, `fairy::leg_limits`), the state modifiers `i`, `e`, `o`, `oo` ([`state`]), flips
//! of a piece's colour (`x`, `xx`, `xy`: [`flip`]), two-leg locusts (`cW-mW`: [`locust`])
//! and a compound letter as a movement (`K=acc?{D}:K:`: [`compound_movement`]).
//! The rest of the notation is refused by name at its column. See
//! `docs/fbr.md`.

pub mod boards;
mod brackets;
mod chains;
pub mod compound_movement;
pub mod explosion;
pub mod flip;
pub mod friendly_capture;
mod hops;
pub mod leg_shapes;
pub mod locust;
pub mod lower;
pub mod parse;
mod piece_sets;
mod ranges;
mod relative_legs;
pub mod sequence;
pub mod state;

pub use explosion::MbnExplosion;
pub use flip::MbnFlips;
pub use friendly_capture::FriendlyCaptures;
pub use locust::MbnLocust;
pub use lower::{MbnFriendlyCaptures, MbnMoveSets, MbnSwaps, mbn_atoms};
pub use parse::{Directions, MbnError, MbnMove, Reach, mbn_to_moves};
pub use sequence::{mbn_move_sets, mbn_move_sets_with_explosion, mbn_piece_move_sets};
