//! FBR `promotion=enpassant` and `promotion=continue` (seed 001): promotion inside a move and
//! a promoted piece moving on. `enpassant`: "Normally promotion will be done only after the
//! move has finished. When this attribute is specified, then promotion will be done in any
//! leg, and the move will continue with the promoted piece": a move along a line whose first
//! square between the piece's movement reaches (a slide, a rider's or a pawn's multi-step
//! move: one-square legs, as `stopifchecking` reads them) promotes when one of its legs ends
//! in the zone, and the promoted piece ends the move. `continue`: "After promotion continue
//! with the promoted piece": after a promoting move the same side moves again, with the
//! promoted piece only (`LayerState::promotion_continuing`), when that piece has a legal
//! move; a PGN writes that move as the next SAN token (`e8=Q Qxa4`), as `turn`'s moves are
//! written. `rules::fbr` sets `Layers::promotion_any_leg` and `Layers::promotion_continue`.

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// `enpassant`: whether the move of the side to move's piece of type `t` from `from` to
    /// `to` is a sequence of one-square legs (a line, at least two squares long, over empty
    /// squares, the first of which the piece's movement reaches) one of whose inner squares
    /// lies in `zone`.
    pub(super) fn leg_in_zone(&self, zone: Bits256, from: usize, to: usize, t: usize) -> bool {
        let Some(between) = self.empty_legs_between(from, to) else {
            return false;
        };
        if !between.iter().any(|&s| zone.has(s)) {
            return false;
        }
        let occ = self.occupied();
        let us = self.turn;
        let k = &self.v.kinds[t];
        let mut gens = vec![&k.moves[us]];
        if self.unmoved.has(from)
            && let Some(initial) = &k.initial
        {
            gens.push(&initial[us]);
        }
        if let Some((zone, special)) = &k.special
            && zone[us].has(from)
        {
            gens.push(&special[us]);
        }
        gens.iter().any(|g| {
            self.targets(g, us, from, occ | k.block[us], k.prison[us])
                .has(between[0])
        })
    }

    /// `continue`: whether `m` may be played while the piece on `sq` must move on: a board
    /// move of that piece that does not take a royal piece.
    pub(super) fn continuation_allows(&self, sq: u8, m: &FMove) -> bool {
        let board_move = matches!(m.kind, MoveKind::Normal | MoveKind::Double(_));
        let takes_royal = m
            .capture
            .is_some_and(|c| self.royals(1 - self.turn).has(c.into()));
        board_move && m.from == sq && !takes_royal
    }

    /// `continue`, after `us` made `m`: a piece `m` promoted moves on (the turn stays with
    /// `us`) when it has a legal move; any earlier continuation ends, and a continuation
    /// that promotes again does not continue ("continue with the promoted piece": once, which
    /// also bounds the search for a legal move on).
    pub(super) fn note_promotion_continues(&mut self, m: &FMove, us: usize) {
        if self.layer.promotion_continuing.take().is_some() {
            return;
        }
        let Some(p) = m.promo else {
            return;
        };
        let sq = match m.kind {
            MoveKind::Normal | MoveKind::Double(_) => m.to,
            MoveKind::Pickup => m.from,
            _ => return,
        };
        if self.piece(sq.into()) != Some((us, p.into())) || self.turn == us {
            return;
        }
        let (turn, fullmove) = (self.turn, self.fullmove);
        self.turn = us;
        if us == 1 {
            self.fullmove = self.fullmove.saturating_sub(1);
        }
        self.layer.promotion_continuing = Some(sq);
        if self.legal_moves().is_empty() {
            // No move on: the turn passes as after any promotion.
            self.layer.promotion_continuing = None;
            self.turn = turn;
            self.fullmove = fullmove;
        }
    }
}
