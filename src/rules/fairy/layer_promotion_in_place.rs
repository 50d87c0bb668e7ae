//! FBR `promotion` attributes that promote a piece where it stands, as its side's move (seed
//! 001): `null` ("promote without doing a move, but such a promotion counts as a move"),
//! `available` (a "dead piece" must promote as soon as a piece for it is available) and `warp`
//! (a piece in the zone "will be promoted when warped"). The move is a [`MoveKind::Pickup`]
//! with `promo` set (the piece is not taken off: it changes type on its square), written
//! `@@e8=Q` (`fairy::coord_moves`): the removal token `@@sq` of `warp` and `freezer=suicide`
//! with the promotion's `=Q`. `rules::fbr` fills [`InPlacePromotion`].

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};

/// Which in-place promotions a variant has (`Layers::promotion_in_place`).
#[derive(Clone, Debug, Default)]
pub struct InPlacePromotion {
    /// `null`: any piece of the mover standing in its promotion zone unpromoted may promote
    /// there as its move.
    pub null: bool,
    /// `available`: a piece in its zone that cannot move on (a dead piece) must promote as
    /// soon as one of its choices is available (its side's next move, while such a move is
    /// legal).
    pub available: bool,
    /// `available` with `optional`: a piece in its zone that can move on may promote there
    /// too (not compulsory).
    pub optional: bool,
    /// `warp`: moves never promote; warping (`@@sq`) a piece standing in its zone promotes
    /// it instead of taking it off.
    pub warp: bool,
}

impl FairyPos {
    /// The types the side to move's piece on `sq` may promote to where it stands: its type
    /// has a promotion whose zone holds `sq` (and has not promoted already under `once`,
    /// nor is barred by `entersuspend`/`suspend`); each choice within the type's maximum and
    /// the `stack`.
    pub(super) fn in_place_choices(&self, sq: usize) -> Vec<u8> {
        let us = self.turn;
        let Some((c, t)) = self.piece(sq) else {
            return Vec::new();
        };
        let l = &self.v.layers;
        if c != us
            || (l.promotion_once && self.promoted.has(sq))
            || self.layer.promotion_suspended[us].has(sq)
        {
            return Vec::new();
        }
        let mut choices: Vec<u8> = Vec::new();
        for (zone, ch) in &self.v.kinds[t].promotions {
            if zone[us].has(sq) {
                for &c in ch {
                    if !choices.contains(&c) {
                        choices.push(c);
                    }
                }
            }
        }
        let all = choices.clone();
        choices.retain(|&c| {
            let max = self.v.kinds[c as usize].max[us];
            let room = max == 0 || self.count_of(us, c as usize) < max;
            let stacked = l
                .promotion_rule
                .as_deref()
                .is_none_or(|rule| self.stack_allows(rule, c, &all));
            room && stacked
        });
        choices
    }

    /// Whether the side to move's piece on `sq` (of type `t`) is a dead piece: it cannot move
    /// on from there.
    fn dead_piece(&self, sq: usize, t: usize) -> bool {
        !self.v.kinds[t].move_mobile[self.turn].has(sq)
    }

    /// Adds the in-place promotions `rule` gives the side to move to the pseudo-legal list;
    /// under `warp`, a piece with such a promotion is no longer taken off by warping.
    pub(super) fn push_in_place_promotions(&self, rule: &InPlacePromotion, out: &mut Vec<FMove>) {
        let us = self.turn;
        let warp_now = rule.warp && self.v.layers.warp.is_some_and(|s| self.ply() >= s);
        let mut pending = Bits256::EMPTY;
        for sq in self.color[us].iter() {
            let t = self.type_on(sq);
            let choices = self.in_place_choices(sq);
            if choices.is_empty() {
                continue;
            }
            pending.set(sq);
            let dead = self.dead_piece(sq, t);
            let allowed = rule.null
                || (rule.available && (dead || rule.optional))
                || (warp_now && !self.v.kinds[t].def.flags.royal);
            if !allowed {
                continue;
            }
            for c in choices {
                out.push(FMove {
                    promo: Some(c),
                    ..FMove::pickup(sq, t)
                });
            }
        }
        if rule.warp {
            // "The piece ... will not be removed from board, it will be promoted when
            // warped": a pending piece's warp is its promotion.
            out.retain(|m| {
                !(m.kind == MoveKind::Pickup && m.promo.is_none() && pending.has(m.from.into()))
            });
        }
    }

    /// `available`: "As soon as a piece for promotion of a dead piece is available, it must
    /// promote immediately": when a legal move promotes a dead piece in place, the legal
    /// moves are those.
    pub(super) fn in_place_compulsory(&self, rule: &InPlacePromotion, moves: &mut Vec<FMove>) {
        if !rule.available {
            return;
        }
        let forced = |m: &FMove| {
            m.kind == MoveKind::Pickup
                && m.promo.is_some()
                && self.dead_piece(m.from.into(), m.piece.into())
        };
        if moves.iter().any(forced) {
            moves.retain(forced);
        }
    }
}
