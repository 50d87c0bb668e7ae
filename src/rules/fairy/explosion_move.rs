//! The MBN explosion `X` ending a piece's movement (`fbr::mbn::explosion`: seed 001's
//! `Q=mQ+(cQ--X)`, its Fire Demon `...--X`): after the piece's move (or capture, as the rule
//! says) lands, every piece of the exploding types, of either side, on the landing square
//! (the mover itself included) and on the eight squares around it is removed. It is
//! `atomic`'s explosion (`layer_make`) bound to one piece's movements instead of to every
//! capture. A royal removed so is lost as under `atomic`: the move is illegal for the mover's
//! own royals and wins against the opponent's (`layer_moves`, `layer_end`).

use super::layers::{DIRS, has_type};
use super::position::{FMove, FairyPos, MoveKind};

/// One piece type's movements that end in the explosion `X`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveExplosion {
    /// The piece type whose movements explode.
    pub piece: u8,
    /// Its moves to empty squares explode.
    pub on_moves: bool,
    /// Its captures explode.
    pub on_captures: bool,
    /// The types removed (`X`'s `cy{^P}`: all but pawns).
    pub removes: u64,
}

impl FairyPos {
    /// Applies the explosion of `rules` that the move `m` (just made) ends in, if any.
    pub(super) fn explode_after_move(&mut self, rules: &[MoveExplosion], m: &FMove) {
        if m.kind != MoveKind::Normal {
            return;
        }
        let Some(rule) = rules.iter().find(|r| r.piece == m.piece) else {
            return;
        };
        let fires = if m.capture.is_some() {
            rule.on_captures
        } else {
            rule.on_moves
        };
        if !fires {
            return;
        }
        let to = m.to as usize;
        let around = DIRS.iter().filter_map(|&(dx, dy)| self.offset(to, dx, dy));
        let squares: Vec<usize> = std::iter::once(to).chain(around).collect();
        for s in squares {
            if let Some((_, t)) = self.piece(s)
                && has_type(rule.removes, t)
            {
                self.drop_piece_at(s);
            }
        }
    }
}
