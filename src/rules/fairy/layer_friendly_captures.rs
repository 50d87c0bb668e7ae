//! Captures of friendly pieces (FBR's MBN `cc`, `cy`: "A doubled modifier (cc) allows
//! capturing of friendly pieces, but not the capturing of enemies. And if suffixed with y
//! (cy) all pieces, inclusively friendly pieces, can be captured"): a piece goes to a square
//! its friendly-capture movement reaches and removes the friendly piece standing there, in one
//! move written as a capture (`Qxd4`). The enemy half of `cy` is an ordinary capture of the
//! piece's movement. A friendly capture never takes a royal piece of its own side, and promotes
//! as any capture does; the captured piece goes where any captured piece goes (no hand, or
//! under `holding` the capturer's, which is also its owner's).

use super::bits::Bits256;
use super::layer_powers::ZoneLine;
use super::layers::has_type;
use super::position::{FMove, FairyPos};

/// One piece type's friendly-capture movement.
#[derive(Clone, Debug, PartialEq)]
pub struct FriendlyCaptureRule {
    /// The type that captures.
    pub piece: u8,
    /// The lines its movement follows, per colour: a vector and the most steps along it
    /// (1: a leap); the victim is the first piece on the line.
    pub lines: [Vec<ZoneLine>; 2],
    /// The friendly types it may capture (bit `t`).
    pub victim_types: u64,
}

impl FairyPos {
    /// Adds the friendly captures of the side to move (each target once per piece, however
    /// many of its rules reach it).
    pub(super) fn push_friendly_captures(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        let occ = self.occupied();
        let own = self.color[us] & !self.royals(us);
        for sq in self.color[us].iter() {
            let t = self.type_on(sq);
            let mut victims = Bits256::EMPTY;
            for rule in &self.v.layers.friendly_captures {
                if rule.piece as usize != t {
                    continue;
                }
                for &line in &rule.lines[us] {
                    if let Some(to) = self.line_squares(sq, line).find(|&s| occ.has(s))
                        && own.has(to)
                        && has_type(rule.victim_types, self.type_on(to))
                    {
                        victims.set(to);
                    }
                }
            }
            for to in victims.iter() {
                self.push_promotions(out, sq, to, t, Some(to as u8), false);
            }
        }
    }
}
