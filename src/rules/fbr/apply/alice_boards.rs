//! `alice[=classic]` (seed 001's Alice Chess on a single-board description) and why its
//! `3D` / `4D` forms are refused (the engine's side is `Layers::alice`).

use super::super::model::Rule;
use super::super::parse::FbrError;
use super::{Applier, refuse};

impl Applier {
    /// `alice[=classic]`: moves pass to the other board (the classic rules only). With two
    /// boards no square ever holds two pieces (a move lands only where the other board is
    /// empty and leaves its own board's square empty), so one board of squares holds the
    /// game; with three or four it does not (below).
    pub(super) fn alice(&mut self, r: &Rule) -> Result<(), FbrError> {
        if let Some(a) = r.attrs.iter().find(|a| a.name != "classic") {
            return refuse(
                a.column,
                format!(
                    "`alice={}` is not implemented: with three or four boards two pieces may stand on one square (a piece moves on its board onto a square empty there and vacant on the board it chooses, while the third board holds a piece there), which cqlq's position, one piece per square as CQL's board has it, cannot hold; and each move's destination board is the mover's choice (3D: either other board; 4D: one with a king on it), which a SAN move does not record",
                    a.name
                ),
            );
        }
        self.layers.alice = true;
        Ok(())
    }
}
