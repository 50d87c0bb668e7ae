//! Swap moves (FBR's MBN `w` modifier, `switching`): a piece goes to a square its swap
//! movement reaches and the piece standing there takes the mover's square, in one move
//! ([`MoveKind::Swap`]). MBN's `w` swaps with an enemy piece, `ww` with a friendly one, `wy`
//! with any ("Because the piece will not be removed it's also possible to swap with royal
//! pieces"); a swap captures nothing. A piece moved into its promotion zone by a swap (the
//! mover or the partner) promotes as on entering the zone by a move; the choice is the
//! mover's, written once in the SAN (`=Q`).

use super::bits::Bits256;
use super::layer_powers::ZoneLine;
use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};

/// Whose pieces a swap movement exchanges with (MBN `w`, `ww`, `wy`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SwapPartners {
    /// `w`: enemy pieces.
    Enemy,
    /// `ww`: friendly pieces.
    Friendly,
    /// `wy`: any piece.
    Any,
}

/// When a swap promotes (FBR's `promotion` attribute `swap`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum SwapPromotion {
    /// A piece a swap brings into its zone promotes, as on entering it by a move.
    #[default]
    Entering,
    /// `promotion=swap{set}`: "The promotion will be done after swapping wholly within the
    /// zone": a piece promotes when both squares of the swap lie in its zone (to the set's
    /// types when given).
    Wholly(Option<u64>),
    /// `promotion=!swap`: "the promotion will be done when the piece has not swapped": a
    /// swap never promotes.
    Never,
}

/// One piece type's swap movement.
#[derive(Clone, Debug, PartialEq)]
pub struct SwapRule {
    /// The type that swaps (the mover).
    pub piece: u8,
    /// The lines its swap movement follows, per colour: a vector and the most steps along
    /// it (1: a leap); the partner is the first piece on the line.
    pub lines: [Vec<ZoneLine>; 2],
    /// Whose pieces it swaps with.
    pub partners: SwapPartners,
    /// The partner's types it may swap with (bit `t`).
    pub partner_types: u64,
    /// MBN's `[*]` (`K=K+[*]wwK`): no such swap while the mover's side is in check.
    pub not_in_check: bool,
}

impl FairyPos {
    /// The squares of the partners the piece of `rule` on `sq` (of the side to move)
    /// reaches: along each line, the first piece, when it is a partner of the rule.
    fn swap_partners(&self, rule: &SwapRule, sq: usize) -> Bits256 {
        let us = self.turn;
        let occ = self.occupied();
        let mut found = Bits256::EMPTY;
        for &line in &rule.lines[us] {
            if let Some(first) = self.line_squares(sq, line).find(|&s| occ.has(s)) {
                found.set(first);
            }
        }
        let side = match rule.partners {
            SwapPartners::Enemy => self.color[1 - us],
            SwapPartners::Friendly => self.color[us],
            SwapPartners::Any => occ,
        };
        let mut out = Bits256::EMPTY;
        for s in (found & side).iter() {
            if has_type(rule.partner_types, self.type_on(s)) {
                out.set(s);
            }
        }
        out
    }

    /// Adds the swap moves of the side to move (none in check under
    /// `switching=notincheck`).
    pub(super) fn push_swaps(&self, out: &mut Vec<FMove>) {
        let l = &self.v.layers;
        let us = self.turn;
        let in_check = (l.swap_not_in_check || l.swaps.iter().any(|r| r.not_in_check))
            && self.layer_in_check(us);
        if l.swap_not_in_check && in_check {
            return;
        }
        for rule in &l.swaps {
            if rule.not_in_check && in_check {
                continue;
            }
            for sq in self.color[us].iter() {
                if self.type_on(sq) != rule.piece as usize {
                    continue;
                }
                for to in self.swap_partners(rule, sq).iter() {
                    self.push_swap(out, sq, to);
                }
            }
        }
    }

    /// The swap of the pieces on `from` (the mover's) and `to`, with each promotion choice
    /// of the pieces a swap brings into their zones.
    fn push_swap(&self, out: &mut Vec<FMove>, from: usize, to: usize) {
        let us = self.turn;
        let t = self.type_on(from);
        let (pc, pt) = self.piece(to).unwrap_or((us, t));
        // `swap=demote,promote` (`fairy::layer_prefix`) replaces a piece's zone promotion.
        let (changed_mover, changed_partner) = self.swap_changes(t, pt);
        let (mover, partner) = (
            changed_mover.unwrap_or_else(|| self.swap_promotions(us, t, from, to)),
            changed_partner.unwrap_or_else(|| self.swap_promotions(pc, pt, to, from)),
        );
        for &promo in &mover {
            for &partner_promo in &partner {
                out.push(FMove {
                    from: from as u8,
                    to: to as u8,
                    piece: t as u8,
                    promo,
                    capture: None,
                    kind: MoveKind::Swap(partner_promo),
                    gate: None,
                    sets_ep: false,
                });
            }
        }
    }

    /// The promotions of a piece of type `t` and colour `c` moved by a swap from `from` to
    /// `to`: none when `to` is outside its zones (or `from` too under `promotion=swap`, and
    /// always under `promotion=!swap`); else its choices, and staying unpromoted where the
    /// zone's promotion is optional (the rules of a move into the zone).
    fn swap_promotions(&self, c: usize, t: usize, from: usize, to: usize) -> Vec<Option<u8>> {
        let k = &self.v.kinds[t];
        let rule = self.v.layers.swap_promotion;
        // A swap captures nothing: under a `promotion` rule whose every trigger is a capture
        // (seed 001's Disks, `promotion+[1-12]=capture{D}`) it promotes nothing.
        // (A rule without triggers, `stack` or `suspend` alone, keeps the default `enter`.)
        let by_capture_only = self.v.layers.promotion_rule.as_ref().is_some_and(|r| {
            !r.triggers.is_empty()
                && r.triggers
                    .iter()
                    .all(|(t, _)| matches!(t, super::layer_promotion::Trigger::Capture(_)))
        });
        if rule == SwapPromotion::Never || by_capture_only {
            return vec![None];
        }
        let mut choices: Vec<Option<u8>> = Vec::new();
        let mut union = Bits256::EMPTY;
        for (zone, ch) in &k.promotions {
            union |= zone[c];
            let wholly = zone[c].has(from);
            if zone[c].has(to) && (wholly || rule == SwapPromotion::Entering) {
                if let SwapPromotion::Wholly(Some(set)) = rule {
                    // The set's types replace the zone's choices.
                    for p in (0..self.v.kinds.len().min(64)).filter(|&p| has_type(set, p)) {
                        if !choices.contains(&Some(p as u8)) {
                            choices.push(Some(p as u8));
                        }
                    }
                    continue;
                }
                for &p in ch {
                    if !choices.contains(&Some(p)) {
                        choices.push(Some(p));
                    }
                }
            }
        }
        let once = self.v.layers.promotion_once && self.promoted.has(from);
        if choices.is_empty() || once {
            return vec![None];
        }
        let opt_zone = match &k.optional_zone {
            Some(z) => z[c],
            None => union & k.move_mobile[c],
        };
        if opt_zone.has(to) {
            choices.insert(0, None);
        }
        choices
    }

    /// Plays a swap: the mover (promoted as the move says) goes to `to`, the partner
    /// (promoted as `partner_promo` says) to `from`; each keeps its promoted mark, and both
    /// squares lose their unmoved mark.
    pub(super) fn swap_pieces(&mut self, m: &FMove, us: usize, partner_promo: Option<u8>) {
        let (from, to) = (m.from as usize, m.to as usize);
        let Some((pc, pt)) = self.piece(to) else {
            return;
        };
        let (mover_marked, partner_marked) = (self.promoted.has(from), self.promoted.has(to));
        self.remove(from);
        self.remove(to);
        self.put(to, us, m.promo.map_or(m.piece as usize, usize::from));
        self.put(from, pc, partner_promo.map_or(pt, usize::from));
        let mark = |b: &mut Bits256, sq: usize, on: bool| {
            if on {
                b.set(sq);
            } else {
                b.clear(sq);
            }
        };
        mark(&mut self.promoted, to, mover_marked || m.promo.is_some());
        mark(
            &mut self.promoted,
            from,
            partner_marked || partner_promo.is_some(),
        );
        self.unmoved.clear(from);
        self.unmoved.clear(to);
    }
}
