//! Flip movements of a rule list's piece definitions (MBN `x`, `xx`, `xy`: `mbn::flip`): each
//! is a conversion move of its piece (`fairy::layer_convert`), as `conversion*`'s `*K=cK`
//! gives one, without the rule; and the rules beside which no source says how a flip reads.

use super::super::mbn::mbn_move_sets_with_explosion;
use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_convert::ConversionMove;

/// Rules whose after-effects read a moved piece, which a flip does not move (as for
/// `conversion*`'s conversion moves, `conversion_moves`).
const NOT_BESIDE: [&str; 3] = ["alice", "magnetic", "benedict"];

impl Applier {
    /// The flip movements of the list's (unprefixed) piece definitions: a conversion move per
    /// flipping partial move, its lines mirrored for black as the list's `mirror` says.
    /// Returns the rules-text column of the first flip, if any.
    pub(super) fn mbn_flips(&mut self, list: &RuleList) -> Result<Option<usize>, FbrError> {
        let mut first = None;
        for d in list.pieces.iter().filter(|d| d.prefix.is_none()) {
            let Some((text, column)) = &d.mbn else {
                continue;
            };
            let sets = mbn_move_sets_with_explosion(text)
                .or_else(|e| refuse(column + e.column - 1, format!("MBN: {}", e.reason)))?;
            if sets.flips.is_empty() {
                continue;
            }
            let Some(t) = self.type_of(&d.letter.to_string()) else {
                return refuse(
                    d.column,
                    format!("`{}` names no piece of this board", d.letter),
                );
            };
            for f in sets.flips {
                first.get_or_insert(column + f.column - 1);
                let lines = self.both_sides(f.lines);
                self.layers.conversion_moves.push(ConversionMove {
                    holder: t as u8,
                    lines,
                    condition: None,
                    spared: Vec::new(),
                    targets: f.targets,
                });
            }
        }
        Ok(first)
    }

    /// Refuses, at the first flip's column `at`, the rules beside which no source says how a
    /// flip reads ([`NOT_BESIDE`], swaps).
    pub(super) fn flips_beside(&self, list: &RuleList, at: Option<usize>) -> Result<(), FbrError> {
        let Some(at) = at else {
            return Ok(());
        };
        if let Some(r) = list
            .rules
            .iter()
            .find(|r| NOT_BESIDE.contains(&r.name.as_str()) && !r.cancel)
        {
            return refuse(
                at,
                format!(
                    "an MBN flip (`x`, `xx`, `xy`) beside FBR rule `{}` is not implemented (the seed does not say how they meet)",
                    r.name
                ),
            );
        }
        if !self.layers.swaps.is_empty() {
            return refuse(
                at,
                "an MBN flip (`x`, `xx`, `xy`) beside swaps (MBN `w`, `switching`) is not implemented (the seed does not say how they meet)",
            );
        }
        Ok(())
    }
}
