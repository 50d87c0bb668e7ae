//! MBN halflings (`h`, `fbr::mbn::leg_shapes`) beside the rules that change where a board's
//! edge is: a halfling goes "half the way to the edge of the board" (the MBN page), and a
//! board that wraps (`cylindric`, `torus`) has no edge along its wrapped lines, while
//! `alice=3D`/`4D` lays the boards side by side on one wide board, whose edge is not each
//! board's. Both are refused by name rather than measured on the wrong board.

use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::{Atom, PieceDef};

/// Whether any of `p`'s movements has a halfling leg.
fn has_halfling(p: &PieceDef) -> bool {
    p.moves
        .iter()
        .chain(p.captures.iter().flatten())
        .chain(p.special.iter().flat_map(|(_, m)| m))
        .chain(&p.initial)
        .any(|a| matches!(a, Atom::Path(path) if path.legs.iter().any(|l| l.half)))
}

impl Applier {
    /// Refuses a halfling piece on a board that wraps or beside `alice=3D`/`4D`, at the rule.
    pub(super) fn halflings_beside(&self, list: &RuleList) -> Result<(), FbrError> {
        let Some(p) = self.def.pieces.iter().find(|p| has_halfling(p)) else {
            return Ok(());
        };
        let wide = self.layers.alice_boards.is_some();
        if !self.layers.wraps() && !wide {
            return Ok(());
        }
        let names: &[&str] = if wide {
            &["alice"]
        } else {
            &["cylindric", "torus"]
        };
        let column = list
            .rules
            .iter()
            .find(|r| names.contains(&r.name.as_str()))
            .map_or(1, |r| r.column);
        refuse(
            column,
            format!(
                "the MBN halfling `{}` (`h`: half the way to the board's edge) on a board that \
                 wraps (`cylindric`, `torus`) or beside `alice=3D`/`4D` is not evaluated by \
                 cqlq: a wrapped line has no edge, and the wide board's edge is not each board's",
                p.symbols[0]
            ),
        )
    }
}
