//! `royal=evasefacing` (seed 001): royals of the two sides facing each other on an open file
//! (xiangqi's "flying general", SjaakII's `taboo` line, Fairy-Stockfish's `flyingGeneral`)
//! is a check given by the opponent's royal. A player may make the move that brings the
//! facing about ("performed with check only given by opponent's King"); the opponent must
//! then break it (or call a draw, a claim the move list does not hold): a side that faces
//! may not keep facing, and one that cannot break it ends the game drawn (the draw it may
//! call is all the seed leaves it), unless a piece checks it too (then it is mated).

use super::position::FairyPos;

impl FairyPos {
    /// `evasefacing`: whether `color` is in check by facing royals alone: the file between
    /// the two royals is open (either side's royals, so both are).
    pub(super) fn facing_check(&self, color: usize) -> bool {
        self.v.layers.royal.evade_facing && !self.royals(color).none() && self.kings_face()
    }

    /// Whether a move that led from `before` (the mover `us` to move) to `self` leaves the
    /// mover in check: attacked by a piece, or (under `evasefacing`) facing the opponent's
    /// royal when it already faced it before the move (the facing must be broken). Facing
    /// brought about by the move itself is the attribute's allowed check.
    pub(super) fn mover_left_in_check(&self, before: &FairyPos, us: usize) -> bool {
        if !self.v.layers.royal.evade_facing {
            return self.layer_in_check(us);
        }
        self.layer_in_check_by_pieces(us) || (self.kings_face() && before.kings_face())
    }
}
