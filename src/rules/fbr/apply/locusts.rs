//! Locust movements of a rule list's piece definitions (MBN `cW-mW`: `mbn::locust`; the
//! engine's side is `fairy::layer_locust`), and what no source says how they meet.

use super::super::mbn::mbn_move_sets_with_explosion;
use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_locust::LocustRule;

impl Applier {
    /// The locust movements of the list's (unprefixed) piece definitions, their lines
    /// mirrored for black. Refused beside any FBR rule (each rule's reading of a capture on a
    /// square the mover does not land on is not written down), beside the definitions'
    /// swaps, flips, friendly captures and explosions, and for a piece that promotes (a locust
    /// landing in the zone would need the promotion the engine gives plain moves).
    pub(super) fn mbn_locusts(&mut self, list: &RuleList) -> Result<(), FbrError> {
        for d in list.pieces.iter().filter(|d| d.prefix.is_none()) {
            let Some((text, column)) = &d.mbn else {
                continue;
            };
            let sets = mbn_move_sets_with_explosion(text)
                .or_else(|e| refuse(column + e.column - 1, format!("MBN: {}", e.reason)))?;
            let Some(first) = sets.locusts.first() else {
                continue;
            };
            let at = column + first.column - 1;
            if let Some(r) = list.rules.first() {
                return refuse(
                    at,
                    format!(
                        "an MBN locust move (`cW-mW`) beside FBR rule `{}` is not implemented (no source says how the rule reads a capture on a square the mover does not land on)",
                        r.name
                    ),
                );
            }
            let l = &self.layers;
            if sets.explosion.is_some()
                || !l.swaps.is_empty()
                || !l.conversion_moves.is_empty()
                || !l.friendly_captures.is_empty()
                || !l.explosions.is_empty()
            {
                return refuse(
                    at,
                    "an MBN locust move (`cW-mW`) beside swaps, flips, friendly captures or the explosion `X` is not implemented",
                );
            }
            let Some(t) = self.type_of(&d.letter.to_string()) else {
                return refuse(
                    d.column,
                    format!("`{}` names no piece of this board", d.letter),
                );
            };
            if !self.def.pieces[t].promotions.is_empty() {
                return refuse(
                    at,
                    "an MBN locust move (`cW-mW`) of a piece that promotes is not implemented (a locust landing in the zone would not promote)",
                );
            }
            for l in sets.locusts {
                self.layers.locusts.push(LocustRule {
                    piece: t as u8,
                    first: self.both_sides(l.first),
                    second: self.both_sides(l.second),
                    moves: l.moves,
                    captures: l.captures,
                });
            }
        }
        Ok(())
    }
}
