//! Swap moves of a rule list (the engine's side is `fairy::layer_swaps`): the MBN swap
//! movements of its piece definitions (`Q=mQ+wQ`: `w` enemy, `ww` friendly, `wy` any piece)
//! and the rule `switching` (seed 001: Switching Chess, `@X=wwK` added to every piece: a piece
//! exchanges squares with a friendly piece next to it; `notincheck`: not while in check;
//! `excluderoyals`: not with a royal piece, and royal pieces do not switch).

use super::super::mbn::{MbnSwaps, mbn_move_sets_with_explosion};
use super::super::model::{Attribute, Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_powers::ZoneLine;
use crate::rules::fairy::layer_swaps::{SwapPartners, SwapPromotion, SwapRule};

/// The king's steps (MBN `K`), one square each.
const KING_STEPS: [ZoneLine; 8] = [
    (1, 0, 1),
    (-1, 0, 1),
    (0, 1, 1),
    (0, -1, 1),
    (1, 1, 1),
    (1, -1, 1),
    (-1, 1, 1),
    (-1, -1, 1),
];

impl Applier {
    /// White's lines and black's (mirrored as the list's `mirror` says).
    pub(super) fn both_sides(&self, white: Vec<ZoneLine>) -> [Vec<ZoneLine>; 2] {
        let (fx, fy) = self.flip;
        let black = white
            .iter()
            .map(|&(x, y, n)| (if fx { -x } else { x }, if fy { -y } else { y }, n))
            .collect();
        [white, black]
    }

    /// The swap movements of the list's (unprefixed) piece definitions.
    pub(super) fn mbn_swaps(&mut self, list: &RuleList) -> Result<(), FbrError> {
        for d in list.pieces.iter().filter(|d| d.prefix.is_none()) {
            let Some((text, column)) = &d.mbn else {
                continue;
            };
            let sets = mbn_move_sets_with_explosion(text)
                .or_else(|e| refuse(column + e.column - 1, format!("MBN: {}", e.reason)))?;
            if sets.swaps.is_empty() {
                continue;
            }
            let Some(t) = self.type_of(&d.letter.to_string()) else {
                return refuse(
                    d.column,
                    format!("`{}` names no piece of this board", d.letter),
                );
            };
            let column = *column;
            self.push_swaps(t, sets.swaps, false, |c| column + c - 1)?;
        }
        Ok(())
    }

    /// The swap rules of the piece of type `t`'s MBN swaps (`not_in_check`: under `[*]`), with
    /// the partner types of the swap's piece set (`ww{^K}`: any but the king), any without
    /// one; `column` maps a column of the MBN text to the rules text's.
    pub(super) fn push_swaps(
        &mut self,
        t: usize,
        swaps: Vec<MbnSwaps>,
        not_in_check: bool,
        column: impl Fn(usize) -> usize,
    ) -> Result<(), FbrError> {
        let all = self.all_types();
        for s in swaps {
            let partner_types = match s.set {
                Some(mut set) => {
                    let at = set.columns.first().map_or(1, |&c| column(c));
                    set.columns = set.columns.iter().map(|&c| column(c)).collect();
                    self.mask(&set, at)?
                }
                None => all,
            };
            let lines = self.both_sides(s.lines);
            self.layers.swaps.push(SwapRule {
                piece: t as u8,
                lines,
                partners: s.partners,
                partner_types,
                not_in_check,
            });
        }
        Ok(())
    }

    /// `switching[=notincheck|excluderoyals]`: every piece (but royals under
    /// `excluderoyals`) swaps with a friendly piece one king step away (of the non-royal
    /// types under `excluderoyals`). Applied after the other rules, so that `royal{...}`
    /// anywhere in the list decides which types are royal.
    pub(super) fn switching(&mut self, r: &Rule) -> Result<(), FbrError> {
        let (mut not_in_check, mut exclude_royals) = (false, false);
        for a in &r.attrs {
            match a.name.as_str() {
                "notincheck" => not_in_check = true,
                "excluderoyals" => exclude_royals = true,
                _ => return Self::unsupported(r, a),
            }
            if not_in_check && exclude_royals {
                // The seed: "This attribute cannot be combined with attribute ...".
                return refuse(
                    a.column,
                    "`switching=notincheck` cannot be combined with `excluderoyals` (seed 001)",
                );
            }
        }
        let royals = if exclude_royals {
            self.royal_types()
        } else {
            0
        };
        let partner_types = self.all_types() & !royals;
        let lines = self.both_sides(KING_STEPS.to_vec());
        for t in 0..self.def.pieces.len().min(64) {
            if royals >> t & 1 != 0 {
                continue;
            }
            self.layers.swaps.push(SwapRule {
                piece: t as u8,
                lines: lines.clone(),
                partners: SwapPartners::Friendly,
                partner_types,
                not_in_check: false,
            });
        }
        self.layers.swap_not_in_check |= not_in_check;
        Ok(())
    }

    /// `promotion=swap{set}` (a swap promotes only wholly within the zone, to the set's types
    /// when given) and `promotion=!swap` (a swap never promotes); moves promote as before.
    pub(super) fn swap_promotion(&mut self, a: &Attribute) -> Result<(), FbrError> {
        self.layers.swap_promotion = if a.negated {
            if a.pieces.is_some() {
                return refuse(a.column, "`promotion=!swap` takes no piece set");
            }
            SwapPromotion::Never
        } else {
            let set = match &a.pieces {
                Some(set) => Some(self.mask(set, a.column)?),
                None => None,
            };
            SwapPromotion::Wholly(set)
        };
        Ok(())
    }

    /// Refuses rules whose reading of a swap (both pieces move, nothing is captured) no
    /// source gives, beside swap moves.
    pub(super) fn swaps_beside(&self, list: &RuleList) -> Result<(), FbrError> {
        if self.layers.swaps.is_empty() {
            return Ok(());
        }
        for r in &list.rules {
            if ["alice", "cheshire", "magnetic", "benedict"].contains(&r.name.as_str()) && !r.cancel
            {
                return refuse(
                    r.column,
                    format!(
                        "FBR rule `{}` beside swap moves (MBN `w`, `switching`) is not implemented: no source says how it reads a move of two pieces",
                        r.name
                    ),
                );
            }
        }
        Ok(())
    }
}
