//! `promotion=enpassant` (promotion in any one-square leg of a move, the promoted piece
//! ending the move) and `promotion=continue` (the promoted piece moves on in the same turn)
//! (seed 001). The engine's side is `fairy::layer_promotion_legs`.

use super::super::model::{Attribute, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::Atom;

/// `promotion` attributes that choose which moves promote, refused beside `enpassant` (a
/// promotion in a leg is compulsory, as entering the zone is by default).
const BESIDE_ENPASSANT: &[&str] = &[
    "optional",
    "notforced",
    "capture",
    "leave",
    "move",
    "entersuspend",
    "suspend",
    "warp",
];

/// Rules that keep a turn's moves themselves, refused beside `continue`.
const BESIDE_CONTINUE: &[&str] = &["turn", "progressive", "monster"];

impl Applier {
    /// Reads `enpassant` or `continue` (attribute `a` of a `promotion` rule).
    pub(super) fn promotion_legs(&mut self, a: &Attribute) -> Result<(), FbrError> {
        if a.negated || a.pieces.is_some() || a.arg.is_some() || a.range.is_some() {
            return refuse(
                a.column,
                format!("`promotion={}` takes no argument", a.name),
            );
        }
        if a.name == "enpassant" {
            self.layers.promotion_any_leg = true;
        } else {
            self.layers.promotion_continue = true;
        }
        Ok(())
    }

    /// The combinations refused with `enpassant` and `continue`, after every rule is read.
    pub(super) fn promotion_legs_beside(&self, list: &RuleList) -> Result<(), FbrError> {
        let attribute = |name: &str| {
            list.rules
                .iter()
                // A letter's rule reads its own `enpassant` (seed 001's unmounting,
                // `fbr::apply::disk_mounting`).
                .filter(|r| r.name == "promotion" && !r.cancel && r.prefix.is_none_or(|p| p == '+'))
                .flat_map(|r| &r.attrs)
                .find(|a| a.name == name)
        };
        if let Some(a) = attribute("enpassant") {
            if let Some(other) = BESIDE_ENPASSANT.iter().find_map(|n| attribute(n)) {
                return refuse(
                    other.column,
                    format!(
                        "`promotion=enpassant` beside `{}` is not implemented: a promotion in a leg is compulsory",
                        other.name
                    ),
                );
            }
            if self.layers.wraps() {
                return refuse(
                    a.column,
                    "`promotion=enpassant` on a board that wraps (`cylindric`, `torus`) is not implemented",
                );
            }
            let two_part = self.def.pieces.iter().any(|p| {
                !p.promotions.is_empty()
                    && p.moves.iter().chain(p.captures.iter().flatten()).any(|m| {
                        matches!(m, Atom::Leap(l) if !l.second.is_empty())
                            || matches!(m, Atom::Path(_))
                    })
            });
            if two_part {
                return refuse(
                    a.column,
                    "`promotion=enpassant` for a promoting piece with two-part leaps (MBN move sequences, lame leapers) is not implemented: the square between its legs is not kept with the move",
                );
            }
        }
        if let Some(a) = attribute("continue")
            && let Some(r) = list
                .rules
                .iter()
                .find(|r| !r.cancel && BESIDE_CONTINUE.contains(&r.name.as_str()))
        {
            return refuse(
                a.column,
                format!(
                    "`promotion=continue` beside `{}` is not implemented: both decide when a side moves again",
                    r.name
                ),
            );
        }
        Ok(())
    }
}
