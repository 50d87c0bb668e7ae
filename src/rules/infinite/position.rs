//! A position of infinite chess: the board plus every optional rule ICN can state.

use super::board::{Board, Square};
use super::piece::{Kind, Owner};
use std::collections::BTreeSet;

/// How a side wins (ICN win-condition words).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum WinCondition {
    /// `checkmate` (the default): royals may not be left attacked.
    Checkmate,
    /// `royalcapture`: capturing any royal wins.
    RoyalCapture,
    /// `allroyalscaptured`: capturing every royal wins.
    AllRoyalsCaptured,
    /// `allpiecescaptured`: capturing every piece wins.
    AllPiecesCaptured,
    /// `threecheck`: giving the third check wins.
    ThreeCheck,
    /// `koth`: a king move that leaves a king on the hill 4,4 / 5,4 / 4,5 / 5,5 wins (the
    /// infinitechess.org rule; seed 002 names no hill).
    Koth,
}

impl WinCondition {
    /// The ICN word.
    pub fn word(&self) -> &'static str {
        match self {
            WinCondition::Checkmate => "checkmate",
            WinCondition::RoyalCapture => "royalcapture",
            WinCondition::AllRoyalsCaptured => "allroyalscaptured",
            WinCondition::AllPiecesCaptured => "allpiecescaptured",
            WinCondition::ThreeCheck => "threecheck",
            WinCondition::Koth => "koth",
        }
    }

    /// The condition for an ICN word.
    pub fn from_word(w: &str) -> Option<WinCondition> {
        [
            WinCondition::Checkmate,
            WinCondition::RoyalCapture,
            WinCondition::AllRoyalsCaptured,
            WinCondition::AllPiecesCaptured,
            WinCondition::ThreeCheck,
            WinCondition::Koth,
        ]
        .into_iter()
        .find(|c| c.word() == w)
    }
}

/// One side's promotion rule: the ranks that promote and the kinds one may choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// y-coordinates on which this side's pawns promote.
    pub ranks: Vec<i64>,
    /// Allowed kinds (default queen, rook, bishop, knight).
    pub choices: Vec<Kind>,
    /// Whether the choices were written explicitly (kept for writing back).
    pub explicit_choices: bool,
}

/// The rules an ICN string sets for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// Promotion rule per side: `[white, black]`; `None` = no promotion.
    pub promotion: [Option<Promotion>; 2],
    /// Whether the promotion argument was present at all.
    pub promotion_given: bool,
    /// Win conditions per side: `[white, black]`.
    pub win: [Vec<WinCondition>; 2],
    /// Whether the win-condition argument was present.
    pub win_given: bool,
    /// The X-move rule (`M` of `N/M`), `None` = no such rule.
    pub move_rule: Option<u32>,
    /// `slideLimit` from the JSON extras: the longest slide, `None` = unbounded.
    pub slide_limit: Option<u64>,
    /// `cannotPassTurn` from the JSON extras (kept; passing is never legal here anyway).
    pub cannot_pass_turn: bool,
    /// The JSON extras as written (`{...}`), kept for writing back.
    pub extras: Option<serde_json::Map<String, serde_json::Value>>,
    /// World border `left,right,bottom,top` (`None` = unbounded on that side).
    pub border: Option<[Option<i64>; 4]>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            promotion: [None, None],
            promotion_given: false,
            win: [vec![WinCondition::Checkmate], vec![WinCondition::Checkmate]],
            win_given: false,
            move_rule: None,
            slide_limit: None,
            cannot_pass_turn: false,
            extras: None,
            border: None,
        }
    }
}

impl Rules {
    /// Whether `sq` is inside the world border.
    pub fn inside(&self, (x, y): Square) -> bool {
        let Some([l, r, b, t]) = self.border else {
            return true;
        };
        l.is_none_or(|l| x >= l)
            && r.is_none_or(|r| x <= r)
            && b.is_none_or(|b| y >= b)
            && t.is_none_or(|t| y <= t)
    }

    /// The win conditions of `side`.
    pub fn win_of(&self, side: Owner) -> &[WinCondition] {
        match side {
            Owner::White => &self.win[0],
            _ => &self.win[1],
        }
    }

    /// The promotion rule of `side`.
    pub fn promotion_of(&self, side: Owner) -> Option<&Promotion> {
        match side {
            Owner::White => self.promotion[0].as_ref(),
            _ => self.promotion[1].as_ref(),
        }
    }
}

/// A full position: board, side to move, rights, counters and rules.
#[derive(Clone, Debug, PartialEq)]
pub struct InfPosition {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Owner,
    /// The en passant square (the square a double-moving pawn skipped).
    pub en_passant: Option<Square>,
    /// Squares whose piece has the `+` right (pawn double move, castling).
    pub rights: BTreeSet<Square>,
    /// Halfmoves since the last pawn move or capture.
    pub halfmove: u32,
    /// The fullmove number (starts at 1, grows after black's move).
    pub fullmove: u64,
    /// Checks given so far by `[white, black]` (for `threecheck`; ICN has no field for it).
    pub checks_given: [u32; 2],
    /// A win reached by the last move that the board alone does not show (`royalcapture`,
    /// `allroyalscaptured`, `koth` look at what the move did): the winner and the condition.
    pub won_by_move: Option<(Owner, WinCondition)>,
    /// The rules.
    pub rules: Rules,
}

impl InfPosition {
    /// An empty board, white to move, default rules.
    pub fn empty() -> InfPosition {
        InfPosition {
            board: Board::new(),
            turn: Owner::White,
            en_passant: None,
            rights: BTreeSet::new(),
            halfmove: 0,
            fullmove: 1,
            checks_given: [0, 0],
            won_by_move: None,
            rules: Rules::default(),
        }
    }

    /// Whether `side` must keep its royals out of attack: its opponent wins by checkmate or
    /// by the third check (a check that need not be answered would not count as one).
    pub fn must_avoid_check(&self, side: Owner) -> bool {
        self.rules
            .win_of(side.other())
            .iter()
            .any(|w| matches!(w, WinCondition::Checkmate | WinCondition::ThreeCheck))
    }

    /// The squares of `side`'s royal pieces.
    pub fn royals(&self, side: Owner) -> Vec<Square> {
        let mut v: Vec<Square> = self
            .board
            .iter()
            .filter(|(_, p)| p.owner == side && p.kind.is_royal())
            .map(|(s, _)| s)
            .collect();
        v.sort_unstable();
        v
    }
}
