//! `promotion=null`, `available` and `warp` (seed 001): promotions where the piece stands, as
//! its side's move, written `@@e8=Q`. The engine's side is [`InPlacePromotion`]
//! (`fairy::layer_promotion_in_place`).
//!
//! Readings (the seed's words, `docs/fbr.md`): `null` "allows to promote without doing a
//! move, but such a promotion counts as a move": any piece standing in its zone with a
//! promotion choice may promote there as its move. `available`: "As soon as a piece for
//! promotion of a dead piece is available, it must promote immediately, except if attribute
//! optional is specified and the piece is able to move, then it may promote immediately": a
//! dead piece (one that cannot move on from its square of the zone, e.g. a pawn let onto the
//! last rank by `notforced` while the `stack` held nothing) with a choice available must
//! promote on its side's next move (the moves are those promotions while one is legal); with
//! `optional` a piece in its zone that can move may promote there too; entering the zone
//! promotes as before ("if attribute enter is specified, then the promotion must be done
//! immediately when entering"). `warp`: "The piece will not promote immediately, and will not
//! be removed from board, it will be promoted when warped. This attribute is not allowed if
//! rule warp is not specified": no move promotes (a pawn may stay on the last rank); warping
//! a piece that stands in its zone (`warp`'s removal `@@e8`, from its `start(N)` ply) promotes
//! it (`@@e8=Q`) instead of taking it off.

use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_promotion_in_place::InPlacePromotion;

/// The `promotion` attributes this module reads.
pub(super) const ATTRIBUTES: &[&str] = &["null", "available", "warp"];

/// `promotion` attributes that say when a move promotes: under `warp` no move does, so they
/// are refused beside it.
const MOVE_TRIGGERS: &[&str] = &[
    "capture",
    "leave",
    "move",
    "entersuspend",
    "suspend",
    "optional",
    "notforced",
    "swap",
];

impl Applier {
    /// Fills `Layers::promotion_in_place` from the `promotion` rules' `null`, `available` and
    /// `warp` attributes (read after every rule: `warp` needs the warp rule), and refuses what
    /// `enpassant`, `continue` and `drop=immediate` do not read
    /// (`promotion_legs_beside`, `immediate_drops_beside`).
    pub(super) fn promotion_in_place(&mut self, list: &RuleList) -> Result<(), FbrError> {
        self.promotion_legs_beside(list)?;
        self.immediate_drops_beside(list)?;
        let mut rule = InPlacePromotion::default();
        let mut any = false;
        for r in list
            .rules
            .iter()
            .filter(|r| r.name == "promotion" && !r.cancel)
        {
            let optional = r.attrs.iter().any(|a| a.name == "optional");
            for a in r
                .attrs
                .iter()
                .filter(|a| ATTRIBUTES.contains(&a.name.as_str()))
            {
                if a.negated || a.pieces.is_some() || a.arg.is_some() || a.range.is_some() {
                    return refuse(
                        a.column,
                        format!("`promotion={}` takes no argument", a.name),
                    );
                }
                any = true;
                match a.name.as_str() {
                    "null" => rule.null = true,
                    "available" => {
                        rule.available = true;
                        rule.optional |= optional;
                    }
                    _ => {
                        if !list.rules.iter().any(|w| w.name == "warp" && !w.cancel) {
                            return refuse(
                                a.column,
                                "`promotion=warp` needs the rule `warp` (the seed: \"This attribute is not allowed if rule warp is not specified\")",
                            );
                        }
                        if let Some(t) = r
                            .attrs
                            .iter()
                            .find(|t| MOVE_TRIGGERS.contains(&t.name.as_str()))
                        {
                            return refuse(
                                t.column,
                                format!(
                                    "`promotion=warp` beside `{}` is not implemented: under `warp` no move promotes (\"it will be promoted when warped\")",
                                    t.name
                                ),
                            );
                        }
                        rule.warp = true;
                    }
                }
            }
        }
        if any {
            self.layers.promotion_in_place = Some(rule);
        }
        Ok(())
    }
}
