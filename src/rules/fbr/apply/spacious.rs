//! `torus=spacious` and the rule `spacious` (seed 001: "All pieces are spacious pieces, see
//! chessvariants.com"; its example for standard chess writes the rule alone, `royal spacious K
//! Q R B N P +P`), its expansion `K=K-!mK Q=Q-!mK R=R-!mW B=B-!mF N=N-!mN
//! P=(mfW+cesF+imefW02)-!mK`): each move and capture needs the square one step beyond its
//! destination empty. The expansion's second leg `-!mK` does not say in which direction it
//! looks, and the FBR author himself calls the spacious pawn and knight unclear (ccif feature
//! request 5, 2018). cqlq reads it as Betza's piececlopedia page defines spacious pieces, the
//! source the seed points to: "one step further in the desired direction", i.e. one more step
//! of the move's own vector (the king's and queen's `mK` and the rook's `mW` are then that
//! step; the knight's `mN` is one more knight leap the same way, as Betza's "Spacious
//! Nightrider" is a rider of it; the pawn's one more step forward, or diagonally on after its
//! capture). The engine's side is `fairy::layer_spacious`. On a board that does not wrap a
//! square beyond the edge is no square, so nothing occupies it: Betza's piece "cannot move if
//! the square one step further in the desired direction is occupied", and a spacious pawn steps
//! onto its last rank.

use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::Atom;

impl Applier {
    /// `torus=spacious` or `spacious` (`written`, as the message names it): every piece
    /// spacious. A piece with a movement that has no single vector to step on by (a hopper,
    /// a two-part or lame leap) is refused: Betza's page defines no spacious hopper or bent
    /// leaper.
    pub(super) fn spacious(&mut self, column: usize, written: &str) -> Result<(), FbrError> {
        for p in &self.def.pieces {
            let atoms = p
                .moves
                .iter()
                .chain(p.captures.iter().flatten())
                .chain(p.special.iter().flat_map(|(_, m)| m))
                .chain(&p.initial);
            let bent = atoms.into_iter().any(|a| match a {
                Atom::Hop(_) | Atom::Path(_) => true,
                Atom::Leap(l) => !l.second.is_empty() || l.mask.is_some(),
                _ => false,
            });
            if bent {
                return refuse(
                    column,
                    format!(
                        "`{written}` for `{}` (a hopper, a two-part leap or a multi-leg path) is not implemented: a spacious piece steps on along its move's one vector, which such a move does not have",
                        p.symbols[0]
                    ),
                );
            }
        }
        self.layers.spacious = true;
        Ok(())
    }
}
