//! Seed 001's Disk queen (`promotion*[1-12]=capture{D} promotion#[1-12]=swap,enpassant,origin,
//! demote ... *Q==(wwO--:QD:)+D :QD:=Q #Q==D -:QD:==Q`): a prefixed rule promoting the moved
//! piece where it lands ([`MovedPromotion`]: a queen capturing a Disk becomes `:QD:`), and the
//! unmounting move ([`Unmount`]: `:QD:` may move as a queen leaving the Disk on its start
//! square and land as a queen). The FBR side, with the reading of each part of the example, is
//! `fbr::apply::disk_mounting`; `docs/fbr.md` has it too.
//!
//! An unmounting move is the plain move with a gated piece on its start square (`FMove::gate`,
//! as Seirawan gating places a held piece on the square a piece leaves), so SAN writes it as
//! gating does: `:QD:d5/D` (the Disk left behind), coordinates `d1d5d`; the plain `:QD:d5`
//! keeps the Disk mounted.

use std::sync::Arc;

use super::bits::Bits256;
use super::layer_prefix::OriginTrigger;
use super::position::{FMove, FairyPos, MoveKind};

/// `promotion<p>[range]=<trigger>` (no `origin`) with the `p` rules of the moved pieces: after
/// a board move whose trigger holds over the zone, the piece on the destination becomes its
/// rule's one result there (compulsorily: "A piece must promote").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovedPromotion {
    /// The zone per colour (white's, black's).
    pub zone: [Bits256; 2],
    /// When it applies (`capture{D}`: the move captured a Disk, of either side).
    pub trigger: OriginTrigger,
    /// Per type of the piece on the destination: the type it becomes.
    pub to: Vec<Option<u8>>,
}

/// `promotion<q>[range]=swap,enpassant,origin,demote<d>` for the pieces whose movement begins
/// with the zero swap `wwO` (a movement result `(wwO--L)`): the swap fires the `q` rule in the
/// move's first leg, on its start square, so a move of such a piece may leave the `q` result
/// on its start square (`origin`) and land as its `d` result (`demote`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unmount {
    /// The `q` rule's zone per colour: the start square must lie in it (the swap is made
    /// there, "wholly within the zone").
    pub zone: [Bits256; 2],
    /// Per mover type: the piece left on the start square and the type it lands as.
    pub by_type: Vec<Option<(u8, u8)>>,
}

impl FairyPos {
    /// Pushes, for each plain board move of a piece that may unmount (its start square in
    /// the zone), its twin leaving the piece behind (`gate` on the start square).
    pub(super) fn push_unmounts(&self, out: &mut Vec<FMove>) {
        let Some(u) = self
            .v
            .layers
            .prefix
            .as_ref()
            .and_then(|l| l.unmount.as_ref())
        else {
            return;
        };
        let us = self.turn;
        for i in 0..out.len() {
            let m = out[i];
            let from = m.from as usize;
            if m.kind != MoveKind::Normal
                || m.from == m.to
                || m.gate.is_some()
                || m.promo.is_some()
                || !u.zone[us].has(from)
                || self.piece(from) != Some((us, m.piece as usize))
            {
                continue;
            }
            if let Some(Some((left, _))) = u.by_type.get(m.piece as usize) {
                out.push(FMove {
                    gate: Some((*left, m.from)),
                    ..m
                });
            }
        }
    }

    /// After a board move of `us`: an unmounting move's piece lands as its demoted type (the
    /// piece left behind is already on the start square, as a gate is), then the moved
    /// promotions apply to the piece on the destination (so a queen that unmounted and
    /// captured a Disk in the same move mounts it: the `#` rule fired in the first leg, and
    /// the queen continued). `captured` is the captured piece's type.
    pub(super) fn mount_after_move(&mut self, m: &FMove, us: usize, captured: Option<usize>) {
        let Some(layer) = self.v.layers.prefix.as_ref().map(Arc::clone) else {
            return;
        };
        if !matches!(m.kind, MoveKind::Normal | MoveKind::Double(_)) || m.from == m.to {
            return;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        if let (Some(u), Some((g, s))) = (&layer.unmount, m.gate)
            && s == m.from
            && let Some(Some((left, becomes))) = u.by_type.get(m.piece as usize)
            && *left == g
            && self.piece(to) == Some((us, m.piece as usize))
        {
            self.remove(to);
            self.put(to, us, *becomes as usize);
        }
        for rule in &layer.moved {
            let Some((c, t)) = self.piece(to) else {
                continue;
            };
            if c != us || !rule.trigger.fires(rule.zone[us], from, to, captured) {
                continue;
            }
            if let Some(Some(x)) = rule.to.get(t).copied() {
                self.remove(to);
                self.put(to, us, x as usize);
            }
        }
    }
}
