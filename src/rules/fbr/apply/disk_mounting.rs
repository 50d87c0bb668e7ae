//! Seed 001's Disk queen, word for word (the `promotion` rule's `demote` example):
//!
//! `promotion*[1-12]=capture{D} promotion#[1-12]=swap,enpassant,origin,demote @D=K D
//! Q=acc?{D}Q *Q==(wwO--:QD:)+D :QD:=Q #Q==D -:QD:==Q`
//!
//! "After capturing a Disk (D), the Queen (Q) will promote to a Queen with mounted Disk
//! (:QD:). The side to move may umnount the Disk with a queen move – with the use of promotion
//! rules "#" and "-" –; this means that after moving the promoted Queen it will demote to a
//! Queen, and the Disk will remain on the start square."
//!
//! How each part is read (`docs/fbr.md` has it too):
//! - `promotion*[1-12]=capture{D}` with `*Q==...`: a letter's promotion rule with a trigger
//!   and no `origin` ([`Applier::moved_promotion`]): after a move of a piece with a `*` rule
//!   that captures a piece of the set ("The promotion will be done after capturing a piece
//!   within the zone ... only ... if one of the piece types specified inside the piece set is
//!   being captured"), the piece becomes its rule's one result where it landed, compulsorily
//!   ("A piece must promote"). The result `(wwO--:QD:)+D` is `fbr::movement_result`'s: the
//!   piece `:QD:`, whose movement also begins with the zero swap (below) and has the
//!   alternative `+D`, which must add no move to `:QD:`'s own (`D` is the macro `@D=K`, a
//!   king step, and `:QD:=Q` moves as a queen): checked here, refused where it would add one.
//! - `promotion#[1-12]=swap,enpassant,origin,demote` ([`Applier::unmount_rule`]): the zero
//!   swap `wwO` (the piece swapping with itself on its start square) is a swap "wholly within
//!   the zone", so the `#` rule fires, in that first leg (`enpassant`); `origin` puts its
//!   result on the origin square, the start square; `demote` then turns "the causing piece"
//!   by its `-` rule; and the move goes on as a queen (`--:QD:`). The `#` result is the
//!   mover's own `#` rule, or else the one of the piece it was promoted from by the movement
//!   result (`#Q==D`: the queen's Disk). The move may be played with the swap (unmounting) or
//!   without it (`:QD:=Q`, mounted): "The side to move may umnount". PGN: the Disk left on
//!   the start square is written as a gate is (`:QD:d5/D`, `fairy::layer_mounting`).
//! - `@D=K D`: the Disk, a new piece moving by its letter's macro, a king step
//!   (`fbr::piece_defs`).
//!
//! Refused by name: other attributes beside these, a zero swap with no `swap` rule to fire
//! or a `swap` rule with no zero swap, missing `#` or `-` rules, several results, and the
//! unmounting beside rules that place pieces by `FMove::gate` or hold pieces in hand
//! (`gating`, `musketeer`, `drop`, `holding`).

use super::super::model::{Attribute, Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::{Atom, MoveSet};
use crate::rules::fairy::layer_mounting::{MovedPromotion, Unmount};
use crate::rules::fairy::layer_prefix::OriginTrigger;

/// Rules beside which the unmounting is refused: they place pieces by a move's gate or keep
/// pieces in hand, which the Disk left behind would be mistaken for.
const BESIDE_UNMOUNT: &[&str] = &["gating", "musketeer", "drop", "holding"];

impl Applier {
    /// `promotion<p>[range]=<trigger>` (a letter other than `+`, no `origin`): the `p` rules'
    /// pieces promote where they land after a move firing the trigger (`enter` `move` `leave`
    /// `capture{set}` `!capture`) over the zone (the range, or the last rank).
    pub(super) fn moved_promotion(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        let p = r.prefix.unwrap_or('+');
        if r.pieces.is_some() || r.seq.is_some() {
            return refuse(
                r.column,
                format!("`promotion{p}` with a piece set or sequence number is not implemented"),
            );
        }
        let mut trigger = None;
        for a in &r.attrs {
            let t = self.trigger_of(a, p)?;
            if trigger.replace(t).is_some() {
                return refuse(
                    a.column,
                    format!("`promotion{p}` with two triggers is not implemented"),
                );
            }
        }
        super::prefix_rules::require_prefix_rules(list, p, r.column)?;
        if let Some(x) = list
            .prefix_rules
            .iter()
            .filter(|pr| pr.prefix == p)
            .flat_map(|pr| &pr.results)
            .find(|x| x.promoted)
        {
            return refuse(
                x.column,
                "a result with promoted status (`==+D`) of a moved piece's promotion is not implemented",
            );
        }
        let to = self.single_results(list, p, "a moved piece's promotion rule")?;
        for pr in list.prefix_rules.iter().filter(|pr| pr.prefix == p) {
            if let Some(m) = &pr.movement {
                self.alternatives_add_nothing(m)?;
            }
        }
        let rule = MovedPromotion {
            zone: self.promotion_zone(r.range.as_ref()),
            trigger: trigger.unwrap_or(OriginTrigger::Enter),
            to,
        };
        self.prefix_layer().moved.push(rule);
        Ok(())
    }

    /// The trigger attribute `a` of a moved piece's promotion.
    fn trigger_of(&self, a: &Attribute, p: char) -> Result<OriginTrigger, FbrError> {
        Ok(match (a.name.as_str(), a.negated) {
            ("enter", false) if a.pieces.is_none() => OriginTrigger::Enter,
            ("move", false) if a.pieces.is_none() && a.prefix.is_none() => OriginTrigger::Within,
            ("leave", false) if a.pieces.is_none() => OriginTrigger::Leave,
            ("capture", false) => OriginTrigger::Capture(match &a.pieces {
                Some(s) => Some(self.mask(s, a.column)?),
                None => None,
            }),
            ("capture", true) if a.pieces.is_none() => OriginTrigger::NoCapture,
            _ => {
                return refuse(
                    a.column,
                    format!(
                        "`promotion{p}={}` is not implemented: a letter's promotion rule reads its zone, `origin` (with `demote`, and seed 001's unmounting `swap,enpassant,origin,demote`) or one trigger (`enter`, `move`, `leave`, `capture{{set}}`, `!capture`)",
                        a.written_name()
                    ),
                );
            }
        })
    }

    /// A movement result's alternatives (`+D`, a king step) must add no move to its piece's
    /// own movement (`:QD:=Q`): the promoted piece moves by both.
    fn alternatives_add_nothing(
        &self,
        m: &super::super::movement_result::MovementResult,
    ) -> Result<(), FbrError> {
        let Some((text, columns)) = &m.alternatives else {
            return Ok(());
        };
        let column = columns.first().copied().unwrap_or(m.piece_column);
        let Some(t) = self.type_of(&m.piece) else {
            return refuse(
                m.piece_column,
                format!("`{}` names no piece of this board", m.piece),
            );
        };
        let sets = super::super::mbn::mbn_move_sets(text)
            .or_else(|e| refuse(column, format!("MBN: {}", e.reason)))?;
        let own = &self.def.pieces[t];
        let own_captures = own.captures.as_ref().unwrap_or(&own.moves);
        let plain = sets.swaps.is_empty()
            && sets.friendly_captures.is_empty()
            && sets.flips.is_empty()
            && sets.locusts.is_empty()
            && sets.explosion.is_none();
        if !plain || !within(&sets.moves, &own.moves) || !within(&sets.captures, own_captures) {
            return refuse(
                column,
                format!(
                    "an alternative after a movement result that adds moves `{}`'s own movement lacks is not implemented (seed 001's `+D`, a king step beside a queen, adds none)",
                    m.piece
                ),
            );
        }
        Ok(())
    }

    /// `promotion<q>[range]=swap,enpassant,origin,demote<d>` beside a movement result
    /// `(wwO--L)`: the unmounting moves of each such `L`.
    pub(super) fn unmount_rule(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        let q = super::prefix_rules::origin_prefix(r, "promotion#=swap,enpassant,origin,demote")?;
        let mut demote = None;
        let mut seen = Vec::new();
        for a in &r.attrs {
            let plain = !a.negated && a.pieces.is_none() && a.range.is_none() && a.arg.is_none();
            match a.name.as_str() {
                "demote" if plain => demote = Some(a.prefix.unwrap_or('-')),
                "swap" | "enpassant" | "origin" if plain && a.prefix.is_none() => {}
                _ => {
                    return refuse(
                        a.column,
                        format!(
                            "`promotion{q}={}` beside `origin` and `swap` is not implemented (read: seed 001's unmounting `swap,enpassant,origin,demote`)",
                            a.written_name()
                        ),
                    );
                }
            }
            seen.push(a.name.as_str());
        }
        if let Some(missing) = ["enpassant", "demote"].iter().find(|n| !seen.contains(n)) {
            return refuse(
                r.column,
                format!(
                    "`promotion{q}=swap,origin` without `{missing}` is not implemented (read: seed 001's unmounting `swap,enpassant,origin,demote`, the swap made in the move's first leg)"
                ),
            );
        }
        let swap_column = r
            .attrs
            .iter()
            .find(|a| a.name == "swap")
            .map_or(r.column, |a| a.column);
        if let Some(other) = list
            .rules
            .iter()
            .find(|o| !o.cancel && BESIDE_UNMOUNT.contains(&o.name.as_str()))
        {
            return refuse(
                swap_column,
                format!(
                    "seed 001's unmounting (`promotion{q}=swap,...,origin`) beside `{}` is not implemented: the piece it leaves is written and placed as a gate",
                    other.name
                ),
            );
        }
        // The pieces whose movement begins with the zero swap, and the pieces they are
        // promoted from.
        let mut mounted: Vec<(usize, Vec<usize>)> = Vec::new();
        for pr in &list.prefix_rules {
            let Some(m) = &pr.movement else { continue };
            let Some(t) = self.type_of(&m.piece) else {
                return refuse(
                    m.piece_column,
                    format!("`{}` names no piece of this board", m.piece),
                );
            };
            let from: Vec<usize> = pr
                .pieces
                .iter()
                .filter_map(|(l, _)| self.type_of(l))
                .collect();
            match mounted.iter_mut().find(|x| x.0 == t) {
                Some(x) => x.1.extend(from),
                None => mounted.push((t, from)),
            }
        }
        if mounted.is_empty() {
            return refuse(
                swap_column,
                format!(
                    "`promotion{q}=swap` beside `origin` is read only for a movement result's zero swap (`*Q==(wwO--:QD:)`, seed 001's unmounting), which the list lacks"
                ),
            );
        }
        let left = self.single_results(list, q, "an origin rule")?;
        let becomes = self.single_results(list, demote.unwrap_or('-'), "a demotion rule")?;
        let mut by_type = vec![None; self.types()];
        for (t, from) in mounted {
            let letter = self.def.pieces[t].symbols[0].clone();
            let piece = left[t].or_else(|| from.iter().find_map(|&f| left[f]));
            let Some(piece) = piece else {
                return refuse(
                    r.column,
                    format!(
                        "`promotion{q}=origin` needs a `{q}` rule of `{letter}` or of the piece it is promoted from (`{q}Q==D`)"
                    ),
                );
            };
            let Some(d) = becomes[t] else {
                return refuse(
                    r.column,
                    format!(
                        "`promotion{q}=...,demote` needs a `{}` rule of `{letter}` (`{}{letter}==Q`)",
                        demote.unwrap_or('-'),
                        demote.unwrap_or('-')
                    ),
                );
            };
            by_type[t] = Some((piece, d));
        }
        let zone = match &r.range {
            Some(range) => self.zone(range),
            None => self.board(),
        };
        let layer = self.prefix_layer();
        if layer.unmount.is_some() {
            return refuse(
                r.column,
                "two unmounting rules (`promotion<p>=swap,enpassant,origin,demote`) are not implemented",
            );
        }
        layer.unmount = Some(Unmount { zone, by_type });
        Ok(())
    }

    /// Refuses a movement result whose prefix no moved piece's promotion applies (`origin`
    /// would put a movement on a square).
    pub(super) fn movement_results_applied(list: &RuleList) -> Result<(), FbrError> {
        for pr in &list.prefix_rules {
            let Some(m) = &pr.movement else { continue };
            let applied = list.rules.iter().any(|r| {
                !r.cancel
                    && r.name == "promotion"
                    && r.prefix == Some(pr.prefix)
                    && !r.attrs.is_empty()
                    && !r
                        .attrs
                        .iter()
                        .any(|a| a.name == "origin" || a.name == "demote")
            });
            if !applied {
                return refuse(
                    m.swap_column - 1,
                    format!(
                        "a movement result is read only for a moved piece's promotion (`promotion{}[range]=capture{{set}}`, seed 001's Disk queen)",
                        pr.prefix
                    ),
                );
            }
        }
        Ok(())
    }
}

/// Whether every atom of `extra` is also a move of `own`: the same atom, or a one-step leap
/// along one of `own`'s lines (a king step beside a queen's lines), for both sides.
fn within(extra: &MoveSet, own: &MoveSet) -> bool {
    extra.iter().all(|a| {
        own.contains(a)
            || matches!(a, Atom::Leap(l) if l.second.is_empty() && l.mask.is_none()
                && l.first.iter().all(|&v| own.iter().any(|o| has_step(o, v))))
    })
}

/// Whether `own` moves one step `v` (|x|, |y| at most 1) wherever a leap of `v` goes: a
/// rider, step line or slide along `v`, or a plain leap of `v`. The lines are symmetric or
/// turned for black as a leap is mirrored (`fbr::mbn::lower`).
fn has_step(own: &Atom, v: (i8, i8)) -> bool {
    if v.0.abs() > 1 || v.1.abs() > 1 || v == (0, 0) {
        return false;
    }
    match own {
        Atom::Ride(vs) => vs.contains(&v),
        Atom::Step(vs) => vs.iter().any(|&(x, y, n)| (x, y) == v && n >= 1),
        Atom::Slide(bits) => {
            let bit = match v {
                (_, 0) => 0,
                (0, _) => 1,
                (x, y) if x == y => 2,
                _ => 3,
            };
            bits >> bit & 1 != 0
        }
        Atom::Leap(l) => l.second.is_empty() && l.mask.is_none() && l.first.contains(&v),
        Atom::Hop(_) | Atom::Path(_) => false,
    }
}
