//! The positions a one-pass search holds: the current one and, when the query reads them, the
//! one before and the next one, in a ring of three slots.
//!
//! Moving on turns the ring instead of moving positions: the next slot becomes the current
//! one, the current one the previous, and the old previous slot is written over by the next
//! move. A position is copied once per move (into the next slot, to be played there), never
//! moved about.

use super::tree::ReplayedNode;
use crate::rules::Position;

/// The current position and its held neighbours (see the module's doc).
pub(super) struct Held<P: Position> {
    /// The three slots (all filled from the start: a slot not held is one written over
    /// later).
    slots: [ReplayedNode<P>; 3],
    /// The current position's slot.
    current: usize,
    /// Whether the slot before the current one holds the previous position.
    has_previous: bool,
    /// Whether the slot after the current one holds the next position.
    has_next: bool,
}

impl<P: Position> Held<P> {
    /// The ring holding `start` alone.
    pub(super) fn new(start: ReplayedNode<P>) -> Self {
        Held {
            slots: [start.clone(), start.clone(), start],
            current: 0,
            has_previous: false,
            has_next: false,
        }
    }

    fn next_slot(&self) -> usize {
        (self.current + 1) % 3
    }

    fn previous_slot(&self) -> usize {
        (self.current + 2) % 3
    }

    /// The current position.
    pub(super) fn current(&self) -> &ReplayedNode<P> {
        &self.slots[self.current]
    }

    /// The current position, to be played on.
    pub(super) fn current_mut(&mut self) -> &mut ReplayedNode<P> {
        &mut self.slots[self.current]
    }

    /// The previous position, when held.
    pub(super) fn previous(&self) -> Option<&ReplayedNode<P>> {
        Some(&self.slots[self.previous_slot()]).filter(|_| self.has_previous)
    }

    /// The next position, when held.
    pub(super) fn next(&self) -> Option<&ReplayedNode<P>> {
        Some(&self.slots[self.next_slot()]).filter(|_| self.has_next)
    }

    /// The next slot, made a copy of the current position (to play the next move on); it is
    /// held as the next position from now on.
    pub(super) fn copy_to_next(&mut self) -> &mut ReplayedNode<P> {
        let [a, b, c] = &mut self.slots;
        let (from, to) = match self.current {
            0 => (a, b),
            1 => (b, c),
            _ => (c, a),
        };
        to.clone_from(from);
        self.has_next = true;
        to
    }

    /// No next position is held (the game ends here).
    pub(super) fn clear_next(&mut self) {
        self.has_next = false;
    }

    /// Moves on to the next position; the current one becomes the previous when
    /// `keep_previous`. False (and nothing changes) when no next position is held.
    pub(super) fn step(&mut self, keep_previous: bool) -> bool {
        if !self.has_next {
            return false;
        }
        self.current = self.next_slot();
        self.has_previous = keep_previous;
        self.has_next = false;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::standard::Standard;

    fn node(ply: u32) -> ReplayedNode<Standard> {
        ReplayedNode {
            position: Standard::default(),
            played: None,
            ply,
        }
    }

    /// Three turns of the ring: each step makes the next position current and the current
    /// one previous (when kept), whichever slots they are in.
    #[test]
    fn stepping_turns_the_ring() {
        let mut held = Held::new(node(0));
        assert!(!held.step(true), "no next position yet");
        for ply in 1..=7u32 {
            held.copy_to_next().ply = ply;
            assert_eq!(held.next().map(|n| n.ply), Some(ply));
            assert_eq!(held.current().ply, ply - 1);
            let keep = ply % 2 == 0;
            assert!(held.step(keep));
            assert_eq!(held.current().ply, ply);
            assert_eq!(held.previous().map(|n| n.ply), keep.then_some(ply - 1));
            assert!(held.next().is_none());
        }
        held.copy_to_next();
        held.clear_next();
        assert!(held.next().is_none());
        assert!(!held.step(true));
        assert_eq!(held.current().ply, 7);
    }
}
