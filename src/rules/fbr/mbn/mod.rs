//! MBN (Modified Betza Notation, the FBR site's piece-movement notation): the single-leg
//! part of it ([`mbn_to_moves`]: basic leapers W F D N A H C Z G and R B Q K, step counts,
//! direction letters and amalgamated directions, `m` / `c`, alternatives with `+`) turned into
//! the fairy engine's movements ([`mbn_atoms`]), and move sequences (`mW-F`, `[mK]--K`,
//! complex riders `(mW-F)0`, exact counts `W03`) as multi-leg paths ([`mbn_move_sets`],
//! `fairy::leg_paths`), captures of friendly pieces (`cc`, `cy`, `a`: [`friendly_capture`]).
//! The rest of the notation is refused by name at its column. See
//! `docs/fbr.md`.

mod brackets;
mod chains;
pub mod friendly_capture;
pub mod lower;
pub mod parse;
pub mod sequence;

pub use friendly_capture::FriendlyCaptures;
pub use lower::{MbnFriendlyCaptures, MbnMoveSets, MbnSwaps, mbn_atoms};
pub use parse::{Directions, MbnError, MbnMove, Reach, mbn_to_moves};
pub use sequence::{mbn_move_sets, mbn_piece_move_sets};
