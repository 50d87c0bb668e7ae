//! Friendly captures of a rule list's piece definitions (MBN `cc`, `cy`: `mbn::friendly_capture`;
//! the engine's side is `fairy::layer_friendly_captures`), and the rules no source reads
//! beside them.

use super::super::mbn::{FriendlyCaptures, mbn_move_sets_with_explosion};
use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::PieceDef;
use crate::rules::fairy::layer_friendly_captures::FriendlyCaptureRule;

/// Rules whose reading of a capture no source gives when the captured piece is the mover's
/// own: a capture's explosion, colour change, compulsion, rebirth or protection.
const NOT_BESIDE: [&str; 10] = [
    "alice",
    "andernach",
    "atomic",
    "benedict",
    "cheshire",
    "difficulttrading",
    "magnetic",
    "multicapture",
    "mustcapture",
    "protector",
];

impl Applier {
    /// The friendly captures of the list's (unprefixed) piece definitions: a rule per
    /// friendly-capture movement, its victims the set's types (every type without a set);
    /// those along a board movement (`acc?{D}:K:`) by `board`, the pieces before the list.
    pub(super) fn mbn_friendly_captures(
        &mut self,
        list: &RuleList,
        board: &[PieceDef],
    ) -> Result<(), FbrError> {
        self.board_friendly_captures(list, board)?;
        for d in list.pieces.iter().filter(|d| d.prefix.is_none()) {
            let Some((text, column)) = &d.mbn else {
                continue;
            };
            let sets = mbn_move_sets_with_explosion(text)
                .or_else(|e| refuse(column + e.column - 1, format!("MBN: {}", e.reason)))?;
            if sets.friendly_captures.is_empty() {
                continue;
            }
            let Some(t) = self.type_of(&d.letter.to_string()) else {
                return refuse(
                    d.column,
                    format!("`{}` names no piece of this board", d.letter),
                );
            };
            for f in sets.friendly_captures {
                let victim_types = self.victim_types(&f.victims, column + f.column - 1)?;
                let lines = self.both_sides(f.lines);
                self.layers.friendly_captures.push(FriendlyCaptureRule {
                    piece: t as u8,
                    lines,
                    victim_types,
                });
            }
        }
        Ok(())
    }

    /// The types a friendly capture's set names (every type without a set); a letter naming
    /// no piece is refused at `at`.
    pub(super) fn victim_types(&self, f: &FriendlyCaptures, at: usize) -> Result<u64, FbrError> {
        let Some(letters) = &f.victims else {
            return Ok(self.all_types());
        };
        let mut mask = 0u64;
        for l in letters {
            let Some(v) = self.type_of(l) else {
                return refuse(
                    at,
                    format!("`{l}` in the piece set of `cc` names no piece of this board"),
                );
            };
            mask |= 1 << v;
        }
        Ok(mask)
    }

    /// Refuses rules whose reading of a friendly capture no source gives ([`NOT_BESIDE`], and
    /// `pieces` with neutral, impartial, transparent or taboo pieces), beside friendly
    /// captures.
    pub(super) fn friendly_captures_beside(&self, list: &RuleList) -> Result<(), FbrError> {
        if self.layers.friendly_captures.is_empty() {
            return Ok(());
        }
        let l = &self.layers;
        if (l.neutral | l.impartial | l.transparent != 0 || !l.taboo.is_empty())
            && let Some(r) = list.rules.iter().find(|r| r.name == "pieces" && !r.cancel)
        {
            return refuse(
                r.column,
                "`pieces=neutral`, `impartial`, `transparent` or `taboo` beside friendly captures (MBN `cc`, `cy`) is not implemented: no source says whose a neutral piece is to `cc`, or whether a set after `cc` names a taboo piece \"explicitly\"",
            );
        }
        for r in &list.rules {
            if NOT_BESIDE.contains(&r.name.as_str()) && !r.cancel {
                return refuse(
                    r.column,
                    format!(
                        "FBR rule `{}` beside friendly captures (MBN `cc`, `cy`) is not implemented: no source says how it reads a capture of the mover's own piece",
                        r.name
                    ),
                );
            }
        }
        Ok(())
    }
}
