//! FBR `promotion` attributes that decide when a move promotes and to what (seed 001):
//! `capture{set}`, `!capture`, `leave{set}`, `move{set}` (the triggers) and `stack` (the
//! choices), read by `FairyPos::push_promotions` (`movegen.rs`). `rules::fbr` fills
//! [`PromotionRule`].

use super::bits::Bits256;
use super::layers::has_type;
use super::position::FairyPos;

/// One trigger of a promotion: the kind of move that promotes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// `enter`: a move that ends in the zone (or starts there: the engine's zone reading).
    Enter,
    /// `capture{set}`: a capture on a square of the zone (of a type of the set, when given).
    Capture(Option<u64>),
    /// `!capture`: a move ending in the zone that captures nothing.
    NoCapture,
    /// `leave`: a move from the zone to a square outside it.
    Leave,
    /// `move`: a move from a square of the zone to another (castling never promotes).
    Within,
}

/// A promotion rule's triggers and choice limits (`Layers::promotion_rule`).
#[derive(Clone, Debug, Default)]
pub struct PromotionRule {
    /// The zone per colour (the rule's range, or the last rank; black's mirrored).
    pub zone: [Bits256; 2],
    /// The triggers, each with the types it promotes to (`None`: the definition's choices).
    pub triggers: Vec<(Trigger, Option<Vec<u8>>)>,
    /// `notforced`: a piece may end where it cannot move on without promoting.
    pub not_forced: bool,
    /// `stack`: per colour and type, the pieces of the definition's start position.
    pub stack_start: Option<[Vec<u32>; 2]>,
    /// `stack{set}`: the types allowed when the stack holds none of the choices.
    pub stack_fallback: u64,
    /// `promotion{set}=stack`: types allowed beside the stack's.
    pub stack_extra: u64,
    /// `entersuspend`: a piece entering the zone without promoting may promote on its side's
    /// next move only by capturing.
    pub enter_suspend: bool,
    /// `suspend`: a piece not promoting at its first chance may promote on its side's next
    /// move only by capturing or where it must.
    pub suspend: bool,
}

impl FairyPos {
    /// Under a [`PromotionRule`]: `None` when the move from `from` to `to` (capturing on
    /// `capture`) fires none of its triggers, else whether a firing trigger keeps the
    /// definition's choices and the types the firing triggers' own sets add.
    pub(super) fn promotion_fires(
        &self,
        rule: &PromotionRule,
        from: usize,
        to: usize,
        capture: Option<u8>,
    ) -> Option<(bool, Vec<u8>)> {
        let zone = rule.zone[self.turn];
        let (from_in, to_in) = (zone.has(from), zone.has(to));
        let captured = capture.and_then(|sq| self.piece(sq as usize)).map(|p| p.1);
        let mut fired: Option<(bool, Vec<u8>)> = None;
        for (trigger, only) in &rule.triggers {
            let fires = match *trigger {
                Trigger::Enter => to_in || from_in,
                Trigger::Capture(set) => {
                    to_in && captured.is_some_and(|t| set.is_none_or(|m| has_type(m, t)))
                }
                Trigger::NoCapture => to_in && captured.is_none(),
                Trigger::Leave => from_in && !to_in,
                Trigger::Within => from_in && to_in,
            };
            if !fires {
                continue;
            }
            let (definition, types) = fired.get_or_insert((false, Vec::new()));
            match only {
                None => *definition = true,
                Some(set) => {
                    for &c in set {
                        if !types.contains(&c) {
                            types.push(c);
                        }
                    }
                }
            }
        }
        fired
    }

    /// `entersuspend`: whether the side to move's piece on `from` may not promote on this
    /// move (it entered the zone unpromoted on the side's last move, and `capture` is none).
    pub(super) fn promotion_suspended(
        &self,
        rule: &PromotionRule,
        from: usize,
        capture: Option<u8>,
    ) -> bool {
        (rule.enter_suspend || rule.suspend)
            && capture.is_none()
            && self.layer.promotion_suspended[self.turn].has(from)
    }

    /// `entersuspend` / `suspend`, after `us` made `m`: the piece that entered the zone
    /// (`entersuspend`), or had its first chance to promote (`suspend`: a move of a promoting
    /// type starting or ending in the zone, its first since the start or the FEN), without
    /// promoting is suspended for `us`'s next move; any earlier suspension of `us` ends.
    pub(super) fn note_promotion_suspension(
        &mut self,
        rule: &PromotionRule,
        m: &super::position::FMove,
        us: usize,
    ) {
        let (from, to) = (m.from as usize, m.to as usize);
        let zone = rule.zone[us];
        let board_move = m.kind == super::position::MoveKind::Normal
            && !self.v.kinds[m.piece as usize].promotions.is_empty()
            && self.color[us].has(to);
        let mut suspended = Bits256::EMPTY;
        if rule.enter_suspend && board_move && m.promo.is_none() && !zone.has(from) && zone.has(to)
        {
            suspended.set(to);
        }
        if rule.suspend {
            let seen = &mut self.layer.promotion_seen;
            if let Some(c) = m.capture {
                seen[1 - us].clear(c as usize);
            }
            let had = seen[us].has(from);
            seen[us].clear(from);
            let chance = board_move && (zone.has(from) || zone.has(to));
            if had || chance {
                seen[us].set(to);
            }
            if chance && !had && m.promo.is_none() {
                suspended.set(to);
            }
        }
        self.layer.promotion_suspended[us] = suspended;
    }

    /// `stack`: whether the side to move may promote to type `c` (it has `count` of them
    /// on the board): one of its pieces of that type is missing from the board, against the
    /// definition's start position (captured, and not since promoted to), or `c` is in the
    /// rule's set, or in `stack{set}` while no choice of `choices` is on the stack.
    pub(super) fn stack_allows(&self, rule: &PromotionRule, c: u8, choices: &[u8]) -> bool {
        let Some(start) = &rule.stack_start else {
            return true;
        };
        let us = self.turn;
        let on_stack = |t: u8| {
            let t = t as usize;
            start[us].get(t).copied().unwrap_or(0) > self.count_of(us, t)
        };
        if on_stack(c) || has_type(rule.stack_extra, c as usize) {
            return true;
        }
        has_type(rule.stack_fallback, c as usize) && !choices.iter().any(|&t| on_stack(t))
    }
}
