//! Game ends of SjaakII's format that do not come from the legal moves: capture the flag
//! (`captureanyflag`, `captureallflags`), repetition (`repeatN`) and perpetual check
//! (`perpetual`), as SjaakII 1.4.1 tests them (`side_captured_flag`, `count_repetition`).
//! The chase rule (`chase rule`) is not decided here: [`repetition_end`] reports a repeated
//! position of such a variant as [`FairyEnd::ChaseUndecided`].

use super::defs::{Outcome, RuleSet};
use super::position::FairyPos;

/// How a game ended by one of these rules; `outcome` is the rule's, for the side named.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FairyEnd {
    /// `side`'s flag-capturing pieces hold its flag squares (any or all, as the rule says).
    Flag {
        /// The side on its flags.
        side: usize,
        /// The rule's outcome for that side (normally a win).
        outcome: Outcome,
    },
    /// The position occurred for the Nth time (`repeatN`).
    Repetition {
        /// The rule's outcome (normally a draw).
        outcome: Outcome,
    },
    /// The position repeated with the side to move in check (`perpetual`).
    Perpetual {
        /// The side giving the checks.
        checker: usize,
        /// The rule's outcome for the checking side (`perpetual = loss`: it loses).
        outcome: Outcome,
    },
    /// A repetition under `chase rule`: the chase is not judged (not implemented).
    ChaseUndecided,
}

/// One position of a game, for [`repetition_end`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    /// The position's key (equal positions, equal keys).
    pub key: u64,
    /// The side to move (0 White, 1 Black).
    pub turn: usize,
    /// The side to move is in check.
    pub in_check: bool,
    /// The move that reached it cannot be undone (a capture or a pawn move: the halfmove
    /// clock was reset); repetitions are not looked for across it.
    pub irreversible: bool,
}

impl FairyPos {
    /// Whether `side` holds its flags (SjaakII's `side_captured_flag`): its pieces with
    /// `capture_flag` stand on some of its flag squares (`captureanyflag`) or on all of them
    /// (`captureallflags`). The `<Colour>Flag:` squares are the other side's to reach.
    pub fn holds_flag(&self, side: usize) -> bool {
        let rules = &self.v.def.rules;
        if rules.capture_any_flag.is_none() && rules.capture_all_flags.is_none() {
            return false;
        }
        let flag = self.v.def.flags[side];
        let mut on = flag & self.color[side];
        for s in on.iter() {
            let t = ((self.board[s] - 1) >> 1) as usize;
            if !self.v.kinds[t].def.flags.capture_flag {
                on.clear(s);
            }
        }
        if on.none() {
            return false;
        }
        rules.capture_any_flag.is_some() || on == flag
    }

    /// The flag rule's end, if a side holds its flags (White tested first, as SjaakII does).
    pub fn flag_end(&self) -> Option<FairyEnd> {
        let rules = &self.v.def.rules;
        let outcome = rules.capture_any_flag.or(rules.capture_all_flags)?;
        (0..2)
            .find(|&side| self.holds_flag(side))
            .map(|side| FairyEnd::Flag { side, outcome })
    }
}

/// The repetition rules' end after the last position of `game` (every position from the
/// start, in order): the last position occurred N times (`repeatN`, default 3; `repeat0`
/// disables), counting positions with the same side to move back to the last irreversible
/// move (in games with captures to hand, across them, as SjaakII does). With the side to move
/// in check and a `perpetual` rule (other than `repeat`), the end is perpetual check.
pub fn repetition_end(rules: &RuleSet, game: &[Seen]) -> Option<FairyEnd> {
    let (n, outcome) = rules.repeat.unwrap_or((3, Outcome::Draw));
    let last = game.last()?;
    if n == 0 {
        return None;
    }
    let holdings = rules.keep_capture || rules.return_capture;
    let mut count = 1;
    let mut i = game.len() - 1;
    while i >= 2 {
        if !holdings && (game[i].irreversible || game[i - 1].irreversible) {
            break;
        }
        i -= 2;
        if game[i].key == last.key {
            count += 1;
        }
    }
    if count < n {
        return None;
    }
    if rules.chase_rule {
        return Some(FairyEnd::ChaseUndecided);
    }
    match rules.perpetual {
        Some(p) if p != Outcome::Repeat && last.in_check => Some(FairyEnd::Perpetual {
            checker: 1 - last.turn,
            outcome: p,
        }),
        _ => Some(FairyEnd::Repetition { outcome }),
    }
}

#[cfg(test)]
mod tests;
