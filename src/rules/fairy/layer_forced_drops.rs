//! FBR drop rules (seed 001's `pieces<p>=minimum(N)` with `<p>K==@k`): "as long as this
//! condition is not fulfilled the associated drop rule will be performed". The seed's example
//! `pieces*<1>{!k}=minimum(1) pieces$<2>{!K}=minimum(1) *K==@k $K==@K@w@S`: "If no black King
//! is on board, then Black has to drop his King. And if no white King is on board, then White
//! has to drop his King, then Black has to drop a Winding General (W), and at least White has
//! to drop the Storm General (S), in this order."
//!
//! cqlq's reading (`docs/fbr.md`, "Forced drops"): a rule's drops are made one per turn of the
//! side whose colour the drop names, in order; a drop is that side's only legal move (a
//! `MoveKind::Drop` of a piece from no hand: a held piece of the type stays held), onto any
//! empty square the piece may be dropped on (its drop zone, not where it could not move
//! from), the move otherwise judged as any (a royal may not be dropped into check). A rule
//! starts when its condition is unfulfilled at a turn of the side of its first drop; the
//! rules are tried in the order of their sequence numbers; a started rule runs to its last
//! drop (the other side moving freely between its drops when the next drop is not its own)
//! before another starts. A side whose royal piece a rule will drop has not lost by lacking
//! it. `rules::fbr` fills `Layers::forced_drops`.

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};

/// One drop rule: its condition and the drops it forces.
#[derive(Clone, Debug, Default)]
pub struct ForcedDrop {
    /// The pieces the condition counts, each a (colour, type) (`{!k}`: the black king).
    pub watched: Vec<(u8, u8)>,
    /// The condition `minimum(N)`: fulfilled while the board holds at least N of them.
    pub minimum: u32,
    /// The drops, in order, each a (colour, type) (`@K@w@S`).
    pub drops: Vec<(u8, u8)>,
}

/// A forced drop due now: the rule, its step and the type dropped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DueDrop {
    /// Index of the rule in `Layers::forced_drops`.
    pub rule: u8,
    /// Index of the drop in the rule's drops.
    pub step: u8,
    /// The type dropped.
    pub piece: u8,
}

impl FairyPos {
    /// Whether rule `r`'s condition is fulfilled on the board.
    fn drop_condition_holds(&self, r: &ForcedDrop) -> bool {
        let on_board: u32 = r
            .watched
            .iter()
            .map(|&(c, t)| self.count_mask(usize::from(c), 1u64 << t))
            .sum();
        on_board >= r.minimum
    }

    /// The forced drop the side to move must make, if any.
    pub fn forced_drop_due(&self) -> Option<DueDrop> {
        let rules = &self.v.layers.forced_drops;
        let us = self.turn as u8;
        if let Some((rule, step)) = self.layer.forced_drop {
            let (c, t) = *rules.get(usize::from(rule))?.drops.get(usize::from(step))?;
            return (c == us).then_some(DueDrop {
                rule,
                step,
                piece: t,
            });
        }
        rules.iter().enumerate().find_map(|(i, r)| {
            let &(c, t) = r.drops.first()?;
            (c == us && !self.drop_condition_holds(r)).then_some(DueDrop {
                rule: i as u8,
                step: 0,
                piece: t,
            })
        })
    }

    /// Whether a drop rule running or due will drop a piece of `color` (so a royal `color`
    /// lacks has not been lost for good).
    pub(super) fn awaits_forced_drop(&self, color: usize) -> bool {
        let rules = &self.v.layers.forced_drops;
        let c = color as u8;
        if let Some((rule, step)) = self.layer.forced_drop
            && rules.get(usize::from(rule)).is_some_and(|r| {
                r.drops
                    .iter()
                    .skip(usize::from(step))
                    .any(|&(dc, _)| dc == c)
            })
        {
            return true;
        }
        rules
            .iter()
            .any(|r| !self.drop_condition_holds(r) && r.drops.iter().any(|&(dc, _)| dc == c))
    }

    /// Replaces the pseudo-legal moves by the forced drop's, when one is due: the piece
    /// dropped on every empty square of its drop zone (where it can move from, unless it may
    /// be dropped dead).
    pub(super) fn push_forced_drops(&self, out: &mut Vec<FMove>) {
        let Some(due) = self.forced_drop_due() else {
            return;
        };
        out.clear();
        let us = self.turn;
        let k = &self.v.kinds[usize::from(due.piece)];
        let mut zone: Bits256 = k.drop_zone[us] & self.v.board & !self.occupied();
        if !k.def.flags.drop_dead {
            zone &= k.mobile[us];
        }
        for to in zone.iter() {
            out.push(FMove {
                from: to as u8,
                to: to as u8,
                piece: due.piece,
                promo: None,
                capture: None,
                kind: MoveKind::Drop,
                gate: None,
                sets_ep: false,
            });
        }
    }

    /// After `us`'s move made with `due` due (the forced drop, as the only moves were): the
    /// hand it did not come from is given back (`hand_before`), and the rule steps on.
    pub(super) fn forced_drop_after(
        &mut self,
        m: &FMove,
        us: usize,
        due: DueDrop,
        hand_before: u8,
    ) {
        if m.kind != MoveKind::Drop || m.piece != due.piece {
            return;
        }
        let t = usize::from(due.piece);
        if t < 32 {
            self.hand[us][t] = hand_before;
        }
        let next = due.step + 1;
        let len = self.v.layers.forced_drops[usize::from(due.rule)]
            .drops
            .len();
        self.layer.forced_drop = (usize::from(next) < len).then_some((due.rule, next));
    }
}
