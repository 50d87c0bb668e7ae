//! How a game stands: checkmate, stalemate, the win conditions other than checkmate, and the
//! move-rule counter.

use super::moves::in_check;
use super::piece::Owner;
use super::position::{InfPosition, WinCondition};

/// How a game stands after the last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// `side` won by `how`.
    Win {
        /// The winner.
        side: Owner,
        /// The win condition reached (`checkmate`, `allpiecescaptured`, ...).
        how: WinCondition,
    },
    /// Stalemate: the side to move has no legal move and is not in check.
    Stalemate,
    /// The X-move rule counter reached its limit.
    MoveRule,
}

/// Whether `side` has reached one of its win conditions other than checkmate in `pos`.
pub fn variant_win(pos: &InfPosition, side: Owner) -> Option<WinCondition> {
    let opp = side.other();
    for w in pos.rules.win_of(side) {
        let reached = match w {
            WinCondition::AllPiecesCaptured => !pos.board.iter().any(|(_, p)| p.owner == opp),
            WinCondition::ThreeCheck => pos.checks_given[usize::from(side == Owner::Black)] >= 3,
            WinCondition::RoyalCapture | WinCondition::AllRoyalsCaptured => {
                pos.royals(opp).is_empty() && !pos.must_avoid_check(opp)
            }
            WinCondition::Checkmate | WinCondition::Koth => false,
        };
        if reached {
            return Some(w.clone());
        }
    }
    None
}

/// The outcome of `pos` (checkmate and stalemate need a legal-move search).
pub fn outcome(pos: &InfPosition) -> Outcome {
    let mover = pos.turn;
    if let Some(how) = variant_win(pos, mover.other()) {
        return Outcome::Win {
            side: mover.other(),
            how,
        };
    }
    if !super::movegen::has_legal_move(pos) {
        if in_check(pos, mover)
            && pos
                .rules
                .win_of(mover.other())
                .contains(&WinCondition::Checkmate)
        {
            return Outcome::Win {
                side: mover.other(),
                how: WinCondition::Checkmate,
            };
        }
        return Outcome::Stalemate;
    }
    if pos.rules.move_rule.is_some_and(|m| pos.halfmove >= m) {
        return Outcome::MoveRule;
    }
    Outcome::Ongoing
}
