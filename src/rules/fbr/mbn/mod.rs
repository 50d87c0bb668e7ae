//! MBN (Modified Betza Notation, the FBR site's piece-movement notation): the single-leg
//! part of it ([`mbn_to_moves`]: basic leapers W F D N A H C Z G and R B Q K, step counts,
//! direction letters and amalgamated directions, `m` / `c`, alternatives with `+`) turned into
//! the fairy engine's movements ([`mbn_atoms`]). The rest of the notation is refused by name
//! at its column. See `docs/fbr.md`.

pub mod lower;
pub mod parse;

pub use lower::{MbnMoveSets, mbn_atoms};
pub use parse::{Directions, MbnError, MbnMove, Reach, mbn_to_moves};
