//! The turn attributes that end or judge a turn (FBR `turn=optional`, `achievable`,
//! `dontcross`; `progressive=moderate`, `english`): a `--` pass that ends a turn early, the
//! loss of a turn that cannot fill an `achievable` part, and the progressive series whose
//! pieces each move once (`moderate`) or once per sequence (`english`). The parts and series
//! themselves are `fairy::layer_turns`.

use super::bits::Bits256;
use super::layer_end::{GameEnd, Verdict};
use super::layer_turns::{ProgressiveStyle, TurnPart, TurnRules};
use super::position::{FMove, FairyPos, MoveKind};
use crate::rules::{RulesError, RulesErrorKind};

/// The squares a move lifts pieces from: its origin and, when castling, the partner's.
fn lifted(m: &FMove) -> Bits256 {
    let mut b = Bits256::single(m.from as usize);
    if let MoveKind::Castle(pf, _) = m.kind {
        b.set(pf as usize);
    }
    b
}

impl FairyPos {
    /// `dontcross`: whether a move visits a square twice. The engine's moves are straight
    /// lines, leaps, two-leg leaps that never end on their origin and a lion's two steps, so
    /// the one way is to end on the origin: a lion's pass or igui, a slide round a wrapping
    /// board back to its own square (`cylindric=null`).
    pub(super) fn crosses_twice(m: &FMove) -> bool {
        matches!(m.kind, MoveKind::Normal | MoveKind::Double(_)) && m.from == m.to
    }

    /// The length of the series the side `us` plays at move `fullmove`: the Italian count
    /// (the game's Nth turn, N from the move number) or, under `moderate`, one more than the
    /// opponent's last series (the Italian count for the first series read from a FEN, which
    /// does not hold the opponent's last series).
    pub(super) fn series_length(&self, style: ProgressiveStyle, fullmove: u32, us: usize) -> u32 {
        let prev = u32::from(self.layer.turns.prev_len);
        if style == ProgressiveStyle::Moderate && prev > 0 {
            return prev + 1;
        }
        2 * fullmove.saturating_sub(1) + 1 + us as u32
    }

    /// Whether a progressive series allows a move: `moderate`: no piece moved in this series
    /// moves again ("A piece cannot be moved more than once per turn"); `english`: no en
    /// passant, and a piece moved in this sequence moves again only when no other piece (not
    /// moved in it) has a legal move ("every mobile piece must have moved once before any
    /// can move a second time"; castling moves the king and the rook).
    pub(super) fn series_allows(&self, style: ProgressiveStyle, m: &FMove) -> bool {
        let moved = self.layer.turns.moved;
        let again = !(lifted(m) & moved).none();
        match style {
            ProgressiveStyle::Italian | ProgressiveStyle::Scottish => true,
            ProgressiveStyle::Moderate => !again,
            ProgressiveStyle::English => {
                let en_passant = m.kind == MoveKind::Normal
                    && m.capture.is_some_and(|c| c != m.to)
                    && m.capture == self.ep_victim
                    && self.ep.has(m.to as usize);
                if en_passant {
                    return false;
                }
                if !again {
                    return true;
                }
                // The other pieces' moves are judged without the moved set (their own
                // squares are not in it), so that this question is not asked again.
                let mut fresh = self.clone();
                fresh.layer.turns.moved = Bits256::EMPTY;
                !fresh
                    .pseudo_moves()
                    .iter()
                    .any(|o| (lifted(o) & moved).none() && fresh.is_legal(o))
            }
        }
    }

    /// `moderate`, `english`: notes the squares of the pieces a move (made) moved; under
    /// `english` a piece moving again starts a new sequence.
    pub(super) fn note_moved(&mut self, style: ProgressiveStyle, m: &FMove, us: usize) {
        if !matches!(
            style,
            ProgressiveStyle::Moderate | ProgressiveStyle::English
        ) {
            return;
        }
        let mut moved = self.layer.turns.moved;
        if self.layer.turns.made == 0 {
            moved = Bits256::EMPTY;
        }
        if !(lifted(m) & moved).none() {
            moved = Bits256::EMPTY;
        }
        moved &= !lifted(m);
        moved.set(m.to as usize);
        if let MoveKind::Castle(_, pt) = m.kind {
            moved.set(pt as usize);
        }
        self.layer.turns.moved = moved & self.color[us];
    }

    /// `moderate`: whether the mover (whose move is made) has a legal move to go on with.
    pub(super) fn series_can_go_on(&self, us: usize) -> bool {
        let mut next = self.clone();
        next.turn = us;
        if us == 1 {
            next.fullmove -= 1;
        }
        next.layer.turns.made += 1;
        next.ep = Bits256::EMPTY;
        next.ep_victim = None;
        next.any_legal_move()
    }

    /// A `--` pass inside a turn (after its first move): ends the turn when the rules let it
    /// end there, and passes the move. `turn`: every part still due that a legal move could
    /// fill is `optional` ("This move is optional, except if the royal piece is in check
    /// and must evase with this move"); `progressive=moderate`: always ("may move as few
    /// pieces as desired"). Refused in check, and under the other rules, whose turns end by
    /// themselves.
    pub(super) fn pass_inside_turn(&mut self) -> Result<(), RulesError> {
        let refuse = |why: &str| Err(RulesError::new(RulesErrorKind::NullMove, why));
        let Some(rules) = self.v.layers.turns.clone() else {
            return refuse("a null move inside a turn needs turn rules");
        };
        if self.layer_in_check(self.turn) {
            return refuse("a turn cannot end with the royal in check");
        }
        match &rules {
            TurnRules::Parts(parts) => {
                if !self.parts_may_end(parts) {
                    return refuse(
                        "`--` ends a turn only where every part still due is `optional` or has no legal move",
                    );
                }
            }
            TurnRules::Progressive(ProgressiveStyle::Moderate) => {
                let made = u32::from(self.layer.turns.made);
                let own = self.layer.turns.own_ep;
                self.end_series(made, own.0, own.1);
            }
            TurnRules::Progressive(_) => {
                return refuse(
                    "`--` ends a series only under `progressive=moderate`: an Italian, Scottish or English series is played in full (a check ends the last two)",
                );
            }
        }
        let ts = &mut self.layer.turns;
        ts.made = 0;
        ts.filled = 0;
        ts.moved = Bits256::EMPTY;
        if !matches!(rules, TurnRules::Progressive(_)) {
            self.ep = Bits256::EMPTY;
            self.ep_victim = None;
        }
        if self.turn == 1 {
            self.fullmove += 1;
        }
        self.turn = 1 - self.turn;
        Ok(())
    }

    /// `turn`: whether the turn may end now: for some way the moves so far filled the
    /// parts, no part still due (not filled, not passed over) that is not `optional` can be
    /// filled by a legal move.
    fn parts_may_end(&self, parts: &[TurnPart]) -> bool {
        let legal = self.legal_moves();
        let feasible = if self.layer.turns.made == 0 {
            1
        } else {
            self.layer.turns.filled
        };
        let mut fillable = vec![0u64; 1 << parts.len()];
        for m in &legal {
            for (s, i) in self.fillings(parts, m) {
                fillable[s as usize] |= 1 << i;
            }
        }
        (0..fillable.len()).any(|s| {
            feasible >> s & 1 != 0
                && parts
                    .iter()
                    .enumerate()
                    .all(|(i, p)| p.optional || fillable[s] >> i & 1 == 0)
        })
    }

    /// `turn=achievable`: the game's end when the side to move has no legal move and is not
    /// in check while an `achievable` part is due: "the game is lost for the side to move,
    /// except if he can capture the last royal piece with any other move (in any other
    /// part)": then (a move of another part could take the opponent's last royal, which
    /// cqlq's turns never play: see `FairyPos::turn_allows`) the side wins.
    pub(super) fn turn_game_end(&self) -> Option<GameEnd> {
        let Some(TurnRules::Parts(parts)) = &self.v.layers.turns else {
            return None;
        };
        if !parts.iter().any(|p| p.achievable) || self.layer_in_check(self.turn) {
            return None;
        }
        let due = self.parts_due(parts);
        if !parts
            .iter()
            .enumerate()
            .any(|(i, p)| due >> i & 1 != 0 && p.achievable)
        {
            return None;
        }
        let us = self.turn;
        let their_royals = self.royals(1 - us);
        // The pieces' own moves, before the layers' filter (which drops royal captures).
        let mut own = Vec::new();
        for sq in self.color[us].iter() {
            self.push_piece_moves(&mut own, sq);
        }
        let takes_last_royal = their_royals.len() == 1
            && own.iter().any(|m| {
                m.capture.is_some_and(|c| their_royals.has(c as usize))
                    && parts
                        .iter()
                        .enumerate()
                        .any(|(i, p)| due >> i & 1 != 0 && !p.achievable && self.fits(p, m))
            });
        let verdict = if takes_last_royal {
            Verdict::Win(us)
        } else {
            Verdict::Win(1 - us)
        };
        Some(GameEnd {
            verdict,
            reason: "achievable",
        })
    }
}
