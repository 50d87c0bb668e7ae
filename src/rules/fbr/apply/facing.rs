//! `royal=evasefacing` (seed 001: "A player may decide to make a move so that his royal
//! piece faces the other player's royal piece (performed with check only given by opponent's
//! King). In this situation, the opponent can either call a draw, or make a move that breaks
//! the position with two royal pieces facing unobstructed").
//!
//! The reading (the engine's side is `fairy::layer_facing`): facing is xiangqi's "flying
//! general", two royals of the two sides on one file with no piece between: the one meaning
//! of facing royals a player meets in a real variant (xiangqi, janggi's bikjang; SjaakII's
//! `taboo` and Fairy-Stockfish's `flyingGeneral` test exactly this line), and the seed's "check
//! only given by opponent's King" is that flying general's check. So facing is a check the
//! opponent's royal gives; a move may bring it about (the attribute's exception to "It is not
//! allowed to expose a royal piece into check"), and the side then to move must break it (a
//! move leaving the royals facing is illegal for it, as under Fairy-Stockfish's
//! `flyingGeneral`). Its draw call is a claim, which a move list does not record (as
//! repetition claims): not applied; a facing side with no breaking move has only the draw,
//! so the game ends drawn there (mated when a piece checks it too). Castling may cross a
//! square facing the other royal (the move may end facing, so it may pass facing too;
//! Fairy-Stockfish's `flyingGeneral`, which forbids facing, forbids the crossing).

use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};

impl Applier {
    /// `evasefacing` beside `alice` is refused: the seed does not say whether royals on two
    /// boards face (the engine's facing line looks at the one board of squares).
    pub(super) fn facing_beside(&self, list: &RuleList) -> Result<(), FbrError> {
        if self.layers.royal.evade_facing
            && self.layers.alice
            && let Some(r) = list.rules.iter().find(|r| r.name == "alice")
        {
            return refuse(
                r.column,
                "FBR rule `alice` beside `royal=evasefacing` is not implemented: the seed does not say whether royals on two boards face each other",
            );
        }
        Ok(())
    }
}
