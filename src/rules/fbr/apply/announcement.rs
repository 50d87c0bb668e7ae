//! `announcement{set}[range]/Name/=pieces{set}` (seed 001) with the prefixed rules bound to it
//! (`!+W/Name/`, `*W/Name/==+D`) → [`Announcement`] layers (`fairy::layer_announcement`); and
//! the promoted-status results (`==+D`) of the other prefixed rules, read where a promotion of
//! the board gives them.
//!
//! Readings (also in `docs/fbr.md`):
//! - "an annoucement will be done before moving, and it applies to the related piece then
//!   moving": a declaration belongs to one move, of a piece of the set, ending on a square of
//!   the range ("the announcement can be done only for these pieces at one of the squares
//!   matching the board range": the square the piece announces for is where the move takes
//!   it, since the seed's own example, `promotion+[8-9]` with `{GHW}[8-9]`, leaves no
//!   unpromoted W standing on ranks 8-9 to announce from). The seed's "declared by the
//!   opponent" is read as declared to the opponent, by the player moving: "it applies to the
//!   related piece then moving".
//! - "This announcement is mandatory, it must be applied, but only if possible": once
//!   declared, its bound promotion is made (compulsory: "there is no choice"), and a
//!   declaration that changes nothing for the move (no bound rule fires, none is cancelled)
//!   or whose promotion is impossible (a type at its maximum, a `pieces` limit) is no move.
//! - `!+W/Name/` cancels W's `+` promotion for the announced move (the seed: "it cannot
//!   promote to piece H on rank 8 or 9 if DragonResurrection is announced"); a bound rule's
//!   zone is its prefix's `promotion<p>[range]` (the seed's `promotion*[9]`; the `+` rule's
//!   own zone for `+W/Name/==...`), and where it fires it replaces the cancelled choice.
//! - `pieces`: "If any of the declared piece rules (pieces) is fulfilled, then an
//!   announcement is not possible. This can be restricted to an optional piece set following
//!   the attribute": a `pieces` count limit (`total`, `sum`, `overall`) whose pieces meet the
//!   set is fulfilled when the mover has reached its count.

use super::super::model::{Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_announcement::{Announcement, BoundPromotion};

impl Applier {
    /// Every `announcement` rule of the list with its bound rules, after the promotions are
    /// set (the `+` rules, `promotion`, its attributes).
    pub(super) fn announcements(&mut self, list: &RuleList) -> Result<(), FbrError> {
        let rules: Vec<&Rule> = list
            .rules
            .iter()
            .filter(|r| r.name == "announcement")
            .collect();
        for pr in &list.announced_rules {
            let Some((name, column)) = &pr.announcement else {
                continue;
            };
            let declared = rules
                .iter()
                .any(|r| !r.cancel && r.announcement.as_ref().is_some_and(|(n, _)| n == name));
            if !declared {
                return refuse(
                    *column,
                    format!(
                        "`/{name}/` names no announcement of the list (`announcement{{set}}[range]/{name}/`)"
                    ),
                );
            }
        }
        for r in &rules {
            let ann = self.announcement(r, list)?;
            if self.layers.announcements.iter().any(|a| a.name == ann.name) {
                return refuse(r.column, format!("a second announcement `/{}/`", ann.name));
            }
            self.layers.announcements.push(ann);
        }
        if let Some(r) = rules.first()
            && (self.layers.promotion_rule.is_some()
                || self.layers.promotion_in_place.is_some()
                || self.layers.promotion_any_leg)
        {
            return refuse(
                r.column,
                "`announcement` beside the `promotion` attributes that choose which moves promote (`capture`, `leave`, `move`, `stack`, `suspend`, `entersuspend`, `null`, `available`, `warp`, `enpassant`) is not implemented",
            );
        }
        Ok(())
    }

    /// One `announcement` rule and the rules bound to its name.
    fn announcement(&self, r: &Rule, list: &RuleList) -> Result<Announcement, FbrError> {
        if r.cancel || r.prefix.is_some() || r.seq.is_some() {
            return refuse(
                r.column,
                "`announcement` takes a piece set, a board range, its name (`/Name/`) and the attribute `pieces`",
            );
        }
        let Some((name, name_column)) = &r.announcement else {
            return refuse(
                r.column,
                "`announcement` needs its name in slashes (`announcement{GHW}[8-9]/DragonResurrection/`)",
            );
        };
        let mut ann = Announcement {
            name: name.clone(),
            pieces: self.mask_or(&r.pieces, r.column, self.all_types())?,
            zone: r.range.as_ref().map_or(self.board(), |z| self.zone(z)),
            ..Announcement::default()
        };
        for a in &r.attrs {
            if a.name != "pieces" || a.negated {
                return Self::unsupported(r, a);
            }
            let limits = &self.layers.limits;
            if !limits.per_file.is_empty()
                || !limits.in_hand.is_empty()
                || !limits.per_square_colour.is_empty()
            {
                return refuse(
                    a.column,
                    "`announcement=pieces` beside `pieces=file`, `holding` or `avoidsamecolored` is not implemented: the seed does not say when a limit per file, hand or square colour is \"fulfilled\"",
                );
            }
            ann.barred_by_limits = Some(self.mask_or(&a.pieces, a.column, self.all_types())?);
        }
        for pr in list
            .announced_rules
            .iter()
            .filter(|p| p.announcement.as_ref().is_some_and(|(n, _)| n == name))
        {
            for (letter, column) in &pr.pieces {
                let (letter, column) = (letter.as_str(), *column);
                let Some(t) = self.type_of(letter).filter(|&t| t < 64) else {
                    return refuse(column, format!("`{letter}` names no piece of this board"));
                };
                if ann.pieces >> t & 1 == 0 {
                    return refuse(
                        column,
                        format!(
                            "`{letter}` is not among the pieces of the announcement `/{name}/`"
                        ),
                    );
                }
                if pr.cancel {
                    if pr.prefix != '+' {
                        return refuse(
                            pr.column,
                            "cancelling a prefixed rule other than the `+` promotion (`!+W/Name/`) is not implemented",
                        );
                    }
                    if self.def.pieces[t].promotions.len() > 1 {
                        return refuse(
                            pr.column,
                            format!(
                                "`!+{letter}/{name}/` where `{letter}` has several promotion zones is not implemented"
                            ),
                        );
                    }
                    ann.cancels |= 1 << t;
                    continue;
                }
                if ann.bound.iter().any(|b| usize::from(b.piece) == t) {
                    return refuse(
                        column,
                        format!("`{letter}` has a second rule bound to `/{name}/` (one per piece)"),
                    );
                }
                ann.bound.push(self.bound_promotion(pr, t, list)?);
            }
        }
        if ann.bound.is_empty() && ann.cancels == 0 {
            return refuse(
                *name_column,
                format!(
                    "the announcement `/{name}/` has no rule bound to it (`*W/{name}/==+D`, `!+W/{name}/`); the seed: \"Either a special move definition, or a special promotion rule, must be specified for this announcment\""
                ),
            );
        }
        Ok(ann)
    }

    /// A promotion rule bound to an announcement for type `t`: its zone and choices.
    fn bound_promotion(
        &self,
        pr: &super::super::prefix_rules::PrefixRule,
        t: usize,
        list: &RuleList,
    ) -> Result<BoundPromotion, FbrError> {
        let p = pr.prefix;
        if pr.results.is_empty() {
            return refuse(
                pr.column,
                "a promotion rule bound to an announcement needs its results (`*W/Name/==+D`)",
            );
        }
        if let Some(x) = pr.results.iter().find(|x| x.opponent) {
            return refuse(
                x.column,
                "a promotion to the opponent's piece is not implemented",
            );
        }
        let mut choices = Vec::new();
        for x in &pr.results {
            let Some(c) = self.type_of(&x.letter.to_string()).filter(|&c| c < 64) else {
                return refuse(
                    x.column,
                    format!("`{}` names no piece of this board", x.letter),
                );
            };
            choices.push(c as u8);
        }
        let zone = if p == '+' {
            self.def.pieces[t]
                .promotions
                .first()
                .map_or(self.promotion_zone(None), |d| d.zone)
        } else {
            let Some(rule) = list
                .rules
                .iter()
                .find(|r| r.name == "promotion" && !r.cancel && r.prefix == Some(p))
            else {
                return refuse(
                    pr.column,
                    format!(
                        "`{p}{}/...` needs the rule `promotion{p}[range]` giving its zone (the seed's `promotion*[9]`)",
                        pr.pieces.first().map_or("?", |x| x.0.as_str())
                    ),
                );
            };
            if let Some(a) = rule.attrs.first() {
                return refuse(
                    a.column,
                    format!(
                        "`promotion{p}={}` beside a rule bound to an announcement is not implemented",
                        a.name
                    ),
                );
            }
            self.promotion_zone(rule.range.as_ref())
        };
        Ok(BoundPromotion {
            piece: t as u8,
            zone,
            choices,
        })
    }

    /// Whether the `promotion<p>[range]` rule of prefix `p` serves only rules bound to an
    /// announcement (the seed's `promotion*[9]` beside `*W/DragonResurrection/==+D`).
    pub(super) fn announced_prefix_only(list: &RuleList, p: Option<char>) -> bool {
        let Some(p) = p else { return false };
        !list.prefix_rules.iter().any(|r| r.prefix == p)
            && list.announced_rules.iter().any(|r| r.prefix == p)
    }

    /// Results with promoted status (`==+D`) are read where the board's promotion gives them
    /// (every promotion of the board marks its piece promoted: FEN `~`, what `holding=demote`
    /// and `promotion=once` read): the `+` rules and the zones `promotion<p>[range]`. Other
    /// prefixed rules (`origin`, `demote`, `swap`, `holding`) put or change a piece without
    /// that mark, so a `+` result there is refused.
    pub(super) fn promoted_results(list: &RuleList) -> Result<(), FbrError> {
        for pr in &list.prefix_rules {
            let Some(x) = pr.results.iter().find(|x| x.promoted) else {
                continue;
            };
            let zone_rule = list.rules.iter().any(|r| {
                r.name == "promotion"
                    && !r.cancel
                    && r.prefix == Some(pr.prefix)
                    && !r
                        .attrs
                        .iter()
                        .any(|a| a.name == "origin" || a.name == "demote")
            });
            if pr.prefix != '+' && !zone_rule {
                return refuse(
                    x.column,
                    format!(
                        "a result with promoted status (`+{}`) is read only in the board's promotions (the `+` rules and `promotion{}[range]`); here it is not implemented",
                        x.letter, pr.prefix
                    ),
                );
            }
        }
        Ok(())
    }
}
