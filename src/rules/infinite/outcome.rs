//! How a game stands: checkmate, stalemate, the win conditions other than checkmate (which
//! end the game: no move may follow them), and the move-rule counter (a draw that may be
//! claimed, seed 002: the game goes on).

use super::moves::{Played, in_check};
use super::piece::{Kind, Owner};
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
    /// The X-move rule counter reached its limit: a draw may be claimed (the game may also
    /// go on).
    MoveRule,
}

/// The squares of the hill under `koth` (the infinitechess.org rule: the four centre squares
/// of the classical board).
pub const KOTH_HILL: [(i64, i64); 4] = [(4, 4), (5, 4), (4, 5), (5, 5)];

/// Whether `side` has reached one of its win conditions other than checkmate in `pos`.
pub fn variant_win(pos: &InfPosition, side: Owner) -> Option<WinCondition> {
    if let Some((winner, how)) = &pos.won_by_move
        && *winner == side
    {
        return Some(how.clone());
    }
    let opp = side.other();
    pos.rules.win_of(side).iter().find_map(|w| {
        let reached = match w {
            WinCondition::AllPiecesCaptured => !pos.board.iter().any(|(_, p)| p.owner == opp),
            WinCondition::ThreeCheck => pos.checks_given[usize::from(side == Owner::Black)] >= 3,
            // Judged from the move that reached them (`won_by_move`).
            WinCondition::RoyalCapture
            | WinCondition::AllRoyalsCaptured
            | WinCondition::Koth
            | WinCondition::Checkmate => false,
        };
        reached.then(|| w.clone())
    })
}

/// The side that has won by a condition other than checkmate, and how: the game is over
/// and no move may follow.
pub fn game_end(pos: &InfPosition) -> Option<(Owner, WinCondition)> {
    [pos.turn.other(), pos.turn]
        .into_iter()
        .find_map(|side| variant_win(pos, side).map(|how| (side, how)))
}

/// The win the move just played reached by what it did (`after` is the position after it,
/// `played` the move): capturing a royal under `royalcapture`, the last royal under
/// `allroyalscaptured`, a king move leaving a king on the hill under `koth`.
pub fn won_by(after: &InfPosition, played: &Played) -> Option<(Owner, WinCondition)> {
    let side = played.piece.owner;
    let royal_taken = played.captured.is_some_and(|(_, p)| p.kind.is_royal());
    after.rules.win_of(side).iter().find_map(|w| {
        let reached = match w {
            WinCondition::RoyalCapture => royal_taken,
            WinCondition::AllRoyalsCaptured => royal_taken && after.royals(side.other()).is_empty(),
            WinCondition::Koth => {
                played.piece.kind == Kind::King
                    && KOTH_HILL
                        .iter()
                        .any(|&sq| after.board.get(sq).is_some_and(|p| p.kind == Kind::King))
            }
            _ => false,
        };
        reached.then(|| (side, w.clone()))
    })
}

/// The outcome of `pos` (checkmate and stalemate need a legal-move search).
pub fn outcome(pos: &InfPosition) -> Outcome {
    let mover = pos.turn;
    if let Some((side, how)) = game_end(pos) {
        return Outcome::Win { side, how };
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
