//! FBR `drop=immediate` (seed 001): "Drop the piece immediately after it has been captured.
//! If no square is available on which to place the piece, it will be held until a square is
//! vacant and immediately placed on any vacant square. This does not count as a turn."
//!
//! The seed leaves open who places it ("TODO: who is placing the piece"); cqlq's reading: the
//! side whose holding receives the piece, which under `holding`'s default is the capturer
//! ("Per default any piece is changing the side when stacked on holding, like in Shogi, or
//! Crazyhouse", and a holding's pieces are dropped by its holder), so the capture and the
//! placement are one move of the capturer, as Seirawan gating puts a second piece on the
//! board inside a move. A move of the side to move that captures a piece of the rule's set
//! (one the holding takes) or that is made while such a piece is held places one of them on a
//! square empty after the move where a drop of it is allowed (the drop zone; squares it could
//! not move from only under a drop range); without such a square the move is played plain
//! and the piece stays held. The placement is the move's gate, written after the move as a
//! drop: `Bxf7/N@c3` (`fairy::san`). Ordinary drops of the set's pieces are gone: they are
//! placed by the moves. `rules::fbr` sets `Layers::immediate_drops`.

use super::bits::Bits256;
use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// The type the holding receives for the side to move's capture of the piece on `c`, if
    /// it takes that piece (the holding's `demote`/`promote` read as its after-effect does).
    fn held_type_of_capture(&self, c: usize) -> Option<u8> {
        let h = self.v.layers.holding.as_ref()?;
        let (_, victim) = self.piece(c)?;
        if h.pocket || !has_type(h.pieces, victim) || !h.zone.has(c) {
            return None;
        }
        let mut ty = victim;
        if h.demote && self.promoted.has(c) {
            ty = usize::from(*h.demoted.get(victim)?);
        }
        if h.promote
            && let Some(Some(p)) = h.promoted.get(victim)
        {
            ty = usize::from(*p);
        }
        Some(ty as u8)
    }

    /// The occupied squares after the side to move plays `m`.
    fn occupied_after(&self, m: &FMove) -> Bits256 {
        let mut occ = self.occupied();
        let (from, to) = (m.from as usize, m.to as usize);
        if let Some(c) = m.capture {
            occ.clear(c.into());
        }
        match m.kind {
            MoveKind::Normal => occ.clear(from),
            MoveKind::Double(first) => {
                occ.clear(from);
                occ.clear(first.into());
            }
            MoveKind::Castle(pf, pt) => {
                occ.clear(from);
                occ.clear(pf.into());
                occ.set(pt.into());
            }
            MoveKind::Pickup if m.promo.is_none() => occ.clear(from),
            // A conversion changes the target's colour: both squares stay occupied.
            MoveKind::Drop | MoveKind::Pickup | MoveKind::Swap(_) | MoveKind::Convert => {}
        }
        if !matches!(m.kind, MoveKind::Pickup) {
            occ.set(to);
        }
        occ
    }

    /// Replaces the pseudo-legal moves by their immediate-drop forms: each move that captures
    /// a piece of `set` the holding takes, or is made while one is held, places one of them
    /// (a variant per type and square); without a square it stays plain. Drops of the set's
    /// pieces as moves of their own are removed.
    pub(super) fn push_immediate_drops(&self, set: u64, out: &mut Vec<FMove>) {
        let us = self.turn;
        let held: Vec<u8> = (0..self.v.kinds.len().min(32))
            .filter(|&t| self.hand[us][t] > 0 && has_type(set, t))
            .map(|t| t as u8)
            .collect();
        let moves = std::mem::take(out);
        for m in moves {
            if m.kind == MoveKind::Drop && has_type(set, m.piece.into()) {
                continue;
            }
            let mut pending = held.clone();
            if let Some(ty) = m.capture.and_then(|c| self.held_type_of_capture(c.into()))
                && has_type(set, ty.into())
                && !pending.contains(&ty)
            {
                pending.push(ty);
            }
            if pending.is_empty() || m.gate.is_some() {
                out.push(m);
                continue;
            }
            let free = self.v.board & !self.occupied_after(&m);
            let before = out.len();
            for &ty in &pending {
                let k = &self.v.kinds[ty as usize];
                let mut zone = k.drop_zone[us] & free;
                if !k.def.flags.drop_dead {
                    zone &= k.mobile[us];
                }
                for sq in zone.iter() {
                    out.push(FMove {
                        gate: Some((ty, sq as u8)),
                        ..m
                    });
                }
            }
            if out.len() == before {
                out.push(m);
            }
        }
    }

    /// After the move: a placed piece that came from the capture (none of its type was held
    /// before, `held_before`) leaves no piece in the hand.
    pub(super) fn settle_immediate_drop(&mut self, m: &FMove, us: usize, held_before: u8) {
        if let Some((t, _)) = m.gate
            && held_before == 0
        {
            let t = t as usize;
            self.hand[us][t] = self.hand[us][t].saturating_sub(1);
        }
    }
}
