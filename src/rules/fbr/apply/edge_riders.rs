//! MBN edge riders (`W*`, `fairy::leg_limits`) beside a board that wraps: a line that comes
//! round the board (`cylindric`'s files, `torus`'s files and ranks) has no edge to land on, so
//! such a piece is refused rather than left without the moves along those lines.

use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::{Atom, PieceDef};

impl Applier {
    /// Refuses an edge rider on a wrapping board, at the wrapping rule's column.
    pub(super) fn edge_riders_beside_wrapping(&self, list: &RuleList) -> Result<(), FbrError> {
        if !self.layers.wraps() || !self.def.pieces.iter().any(has_edge_rider) {
            return Ok(());
        }
        let Some(r) = list
            .rules
            .iter()
            .find(|r| ["cylindric", "torus"].contains(&r.name.as_str()))
        else {
            return Ok(());
        };
        refuse(
            r.column,
            format!(
                "an MBN edge rider (`W*`) on a board that wraps (`{}`) is not implemented: a \
                 line round the board has no edge to land on",
                r.name
            ),
        )
    }
}

/// Whether a piece moves or captures as an edge rider.
fn has_edge_rider(p: &PieceDef) -> bool {
    let edge = |a: &Atom| matches!(a, Atom::Path(path) if path.has_edge_leg());
    p.moves.iter().chain(p.captures.iter().flatten()).any(edge)
}
