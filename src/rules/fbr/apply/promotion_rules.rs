//! `promotion=capture{set}`, `!capture`, `leave{set}`, `move{set}` and `stack{set}` (seed
//! 001): which moves promote and to what. The engine's side is
//! [`PromotionRule`] (`fairy::layer_promotion`), read where promotions are generated.
//!
//! Readings (the seed's words in the docs, `docs/fbr.md`): a trigger's zone is the rule's
//! (the range, or the last rank); `capture`: "after capturing a piece within the zone", the
//! capture's destination in the zone; `!capture`: a move ending in the zone without a capture;
//! `leave`: from the zone to outside it; `move`: "moving wholly within the zone", from a zone
//! square to another (castling moves never promote); with any of these the default `enter`
//! holds only when written. A move no trigger names is plain, but "If a promotion is not
//! possible due to rules, then the promotion zone cannot be entered" for a piece that could
//! not move on from there (a "dead piece"), unless `notforced`. `stack`: "Any captured piece
//! will be stored on a stack. Only promote to one of the pieces hold on the stack. The
//! promoted piece will be removed from stack": a side's stack is its pieces captured and not
//! yet promoted back, which is, when captures and promotions are the only changes of the
//! board's pieces, the start position's count of a type less the count on the board (as
//! Fairy-Stockfish's `promotionLimit` counts for Grand Chess); so rules that change pieces
//! otherwise (holdings, drops, colour changes) are refused beside it.

use super::super::model::{Attribute, Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::bits::Bits256;
use crate::rules::fairy::layer_promotion::{PromotionRule, Trigger};
use crate::rules::fairy::tables::promotion_tokens;

/// The `promotion` attributes this module reads.
pub(super) const RULE_ATTRIBUTES: &[&str] = &[
    "capture",
    "leave",
    "move",
    "move*",
    "stack",
    "captures",
    "captured",
    "entersuspend",
    "suspend",
];

/// Attributes of this module that are no trigger.
const NOT_TRIGGERS: &[&str] = &[
    "enter",
    "stack",
    "captures",
    "captured",
    "entersuspend",
    "suspend",
];

/// Rules that change the pieces on the board other than by capture and promotion, which the
/// `stack` count (start position less board) cannot follow.
const BESIDE_STACK: &[&str] = &[
    "holding",
    "drop",
    "gating",
    "andernach",
    "benedict",
    "conversion",
    "atomic",
    "burner",
    "warp",
];

/// Whether the `promotion` attribute `name` is a trigger of this module (`capture`, `leave`,
/// `move`), which puts `enter` among the triggers.
pub(super) fn is_trigger(name: &str) -> bool {
    RULE_ATTRIBUTES.contains(&name) && !NOT_TRIGGERS.contains(&name)
}

impl Applier {
    /// Builds `Layers::promotion_rule` from the rule's `capture`, `leave`, `move`, `stack`
    /// attributes (`attrs`; `enter` too when one of the triggers is written) over `zone`.
    pub(super) fn promotion_rule(
        &mut self,
        r: &Rule,
        attrs: &[&Attribute],
        zone: [Bits256; 2],
        not_forced: bool,
    ) -> Result<(), FbrError> {
        let mut rule = PromotionRule {
            zone,
            not_forced,
            ..PromotionRule::default()
        };
        let has_trigger = attrs
            .iter()
            .any(|a| !NOT_TRIGGERS.contains(&a.name.as_str()));
        for a in attrs {
            if a.prefix.is_some() {
                return refuse(
                    a.column,
                    format!(
                        "`promotion={}{}` is not implemented: {}",
                        a.name,
                        a.prefix.unwrap_or_default(),
                        "a prefixed trigger names no rule cqlq applies (the prefixed rules are read by `origin`, `demote`, `swap`, `holding`)",
                    ),
                );
            }
            let set = match &a.pieces {
                Some(s) => Some(self.mask(s, a.column)?),
                None => None,
            };
            let types = |mask: Option<u64>| {
                mask.map(|m| (0..64u8).filter(|&t| m >> t & 1 != 0).collect::<Vec<_>>())
            };
            match (a.name.as_str(), a.negated) {
                ("enter", false) if has_trigger => rule.triggers.push((Trigger::Enter, types(set))),
                ("enter", false) => {}
                // Read after every rule (`promotion_captures`): it needs the holding.
                ("captures" | "captured", false) if set.is_none() => {}
                ("entersuspend", false) if set.is_none() => rule.enter_suspend = true,
                ("suspend", false) if set.is_none() => rule.suspend = true,
                ("capture", false) => rule.triggers.push((Trigger::Capture(set), None)),
                ("capture", true) if set.is_none() => {
                    rule.triggers.push((Trigger::NoCapture, None));
                }
                ("leave", false) => rule.triggers.push((Trigger::Leave, types(set))),
                ("move", false) => rule.triggers.push((Trigger::Within, types(set))),
                // `move*`: `move`, and a castling's king and rook promote (`fairy::layer_prefix`).
                ("move*", false) => {
                    rule.triggers.push((Trigger::Within, types(set)));
                    self.castling_promotes(a.column)?;
                }
                ("stack", false) => {
                    rule.stack_start = Some(self.start_counts());
                    rule.stack_fallback = set.unwrap_or(0);
                    rule.stack_extra = match &r.pieces {
                        Some(s) => self.mask(s, r.column)?,
                        None => 0,
                    };
                }
                _ => {
                    return refuse(
                        a.column,
                        format!("`promotion={}` is not implemented", a.written_name()),
                    );
                }
            }
        }
        if rule.triggers.is_empty()
            && rule.stack_start.is_none()
            && !rule.enter_suspend
            && !rule.suspend
        {
            return Ok(());
        }
        self.layers.promotion_rule = Some(Box::new(rule));
        Ok(())
    }

    /// `promotion=captures` (the seed's text spells it `captured`): "Do promote the piece
    /// when captured by the opponent, this means that the captured piece cannot be dropped
    /// as such, it can only be dropped as the promoted piece." The holding's `promote`, with
    /// each promoting type's one choice; a type with several choices (chess's pawn) is
    /// refused, as the seed does not say which piece it becomes; without a holding that
    /// takes captures it is refused too ("useful only when piece drops are available").
    pub(super) fn promotion_captures(&mut self, list: &RuleList) -> Result<(), FbrError> {
        let Some(at) = list
            .rules
            .iter()
            .filter(|r| r.name == "promotion" && !r.cancel)
            .flat_map(|r| &r.attrs)
            .find(|a| a.name == "captures" || a.name == "captured")
        else {
            return Ok(());
        };
        let mut promoted = vec![None; self.def.pieces.len()];
        for (t, p) in self.def.pieces.iter().enumerate() {
            let mut choices: Vec<usize> = Vec::new();
            for pr in &p.promotions {
                for tok in promotion_tokens(&pr.choices) {
                    let name = if tok == "+" {
                        format!("+{}", p.symbols[0])
                    } else {
                        tok
                    };
                    if let Some(c) = self.type_of(name.trim_end_matches('~'))
                        && !choices.contains(&c)
                    {
                        choices.push(c);
                    }
                }
            }
            match choices.as_slice() {
                [] => {}
                [c] => promoted[t] = Some(*c as u8),
                _ => {
                    return refuse(
                        at.column,
                        format!(
                            "`promotion={}` is not implemented where a piece has several promotion choices (`{}`): the seed does not say which piece a captured one becomes (write one choice, e.g. `enter{{Q}}`)",
                            at.name, p.symbols[0]
                        ),
                    );
                }
            }
        }
        match self.layers.holding.as_mut() {
            Some(h) if !h.pocket => {
                h.promote = true;
                h.promoted = promoted;
                Ok(())
            }
            _ => refuse(
                at.column,
                format!(
                    "`promotion={}` needs `holding` (captured pieces kept in hand): it is \"useful only when piece drops are available\"",
                    at.name
                ),
            ),
        }
    }

    /// Per colour and type: the pieces of the definition's start position.
    fn start_counts(&self) -> [Vec<u32>; 2] {
        let mut counts = [
            vec![0; self.def.pieces.len()],
            vec![0; self.def.pieces.len()],
        ];
        let board = self.def.fen.split([' ', '[']).next().unwrap_or_default();
        for c in board.chars().filter(|c| c.is_ascii_alphabetic()) {
            let letter = c.to_string();
            for (t, p) in self.def.pieces.iter().enumerate() {
                for (colour, count) in counts.iter_mut().enumerate() {
                    if p.symbols[colour].trim_end_matches('~') == letter {
                        count[t] += 1;
                    }
                }
            }
        }
        counts
    }

    /// `stack` beside a rule that changes the board's pieces otherwise than by capture and
    /// promotion: refused (the stack could not be counted).
    pub(super) fn stack_partners(list: &RuleList) -> Result<(), FbrError> {
        let stack = list.rules.iter().find(|r| {
            r.name == "promotion" && r.attrs.iter().any(|a| a.name == "stack" && !a.negated)
        });
        if let Some(r) = stack
            && let Some(other) = list
                .rules
                .iter()
                .find(|o| !o.cancel && BESIDE_STACK.contains(&o.name.as_str()))
        {
            return refuse(
                r.column,
                format!(
                    "`promotion=stack` beside `{}` is not implemented: the stack is counted as the start position's pieces less the board's, which `{}` changes otherwise than by capture and promotion",
                    other.name, other.name
                ),
            );
        }
        Ok(())
    }
}
