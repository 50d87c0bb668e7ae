//! Game ends under rule layers: lost royals (`atomic`, `royal=expose`, `benedict`), a side
//! without pieces where there is no royal (`!royal`),
//! `pieces=extinction` (and `win`, `morethan`, `draw`: `layer_pieces.rs`), `hill` (with `balance`, `fill`, `pass`), `royal=bare`/`baremove`/
//! `solely`/`maxchecks`, `win=mostpoints`, repetitions (`draw`, `loss`), and the result of mate and stalemate
//! (`royal=checkmated`, `stalemate=...`).

use super::bits::Bits256;
use super::defs::Outcome;
use super::layers::has_type;
use super::position::{FairyPos, MoveKind};

/// Who a finished game goes to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The colour (0 white, 1 black) wins.
    Win(usize),
    /// A draw.
    Draw,
}

/// A finished game: the verdict and the rule that ended it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The result.
    pub verdict: Verdict,
    /// The rule (`"hill"`, `"royal lost"`, `"checkmate"`, ...).
    pub reason: &'static str,
}

fn end(verdict: Verdict, reason: &'static str) -> Option<GameEnd> {
    Some(GameEnd { verdict, reason })
}

impl FairyPos {
    /// Whether `color` has only royal pieces on the board.
    fn bare_of(&self, color: usize) -> bool {
        let royals = self.royals(color);
        !royals.none() && (self.color[color] & !royals).none()
    }

    /// The squares of `color`'s pieces of the types in `mask`.
    fn squares_of(&self, color: usize, mask: u64) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for s in self.color[color].iter() {
            if has_type(mask, self.type_on(s)) {
                b.set(s);
            }
        }
        b
    }

    /// Whether `color` has reached hill `h`.
    fn on_hill(&self, h: usize, color: usize) -> bool {
        let hill = &self.v.layers.hills[h];
        let zone = hill.zone[color];
        if hill.fill {
            return !zone.none() && (zone & !self.color[color]).none();
        }
        let mut there = self.squares_of(color, hill.pieces) & zone;
        if hill.pass.is_some() {
            there &= self.layer.passed;
        }
        !there.none()
    }

    /// `hill=balance`: white has reached hill `h`, black (to move) may still reach it.
    pub fn hill_pending(&self) -> Option<usize> {
        if self.turn != 1 {
            return None;
        }
        (0..self.v.layers.hills.len()).find(|&h| {
            let hill = &self.v.layers.hills[h];
            hill.balance
                && self.on_hill(h, 0)
                && !self.on_hill(h, 1)
                && self.pseudo_moves().iter().any(|m| {
                    m.kind == MoveKind::Normal
                        && has_type(hill.pieces, m.promo.unwrap_or(m.piece) as usize)
                        && hill.zone[1].has(m.to as usize)
                        && self.layer_is_legal(m)
                })
        })
    }

    /// The game's end by a layer's rule, if reached (mate and stalemate excepted).
    pub fn layer_end(&self) -> Option<GameEnd> {
        let l = &self.v.layers;
        if !l.active {
            return None;
        }
        let us = self.turn;
        let them = 1 - us;
        if let Some(e) = self.avalanche_end() {
            return Some(e);
        }
        if let Some(e) = self.pieces_end() {
            return Some(e);
        }
        if let Some(e) = self.lost_pieces_end(us, them) {
            return Some(e);
        }
        if let Some(mask) = l.extinction {
            let extinct = |c: usize| {
                (0..self.v.kinds.len().min(64))
                    .filter(|&t| has_type(mask, t))
                    .any(|t| self.squares_of(c, 1 << t).none())
            };
            if extinct(us) {
                return end(Verdict::Win(them), "extinction");
            }
            if extinct(them) {
                return end(Verdict::Win(us), "extinction");
            }
        }
        if let Some(e) = self.hill_end() {
            return Some(e);
        }
        let r = &l.royal;
        if (r.bare || r.baremove || r.solely)
            && let Some(decided) = self.bare_end(us, them)
        {
            return decided;
        }
        if let Some(n) = r.max_checks {
            for c in [them, us] {
                if self.checks[c] >= n {
                    return end(Verdict::Win(c), "checks");
                }
            }
        }
        if let Some((plies, values)) = &l.most_points
            && u32::from(self.layer.quiet) >= *plies
        {
            let points = |c: usize| -> i64 {
                self.color[c]
                    .iter()
                    .map(|s| values.get(self.type_on(s)).copied().unwrap_or(0))
                    .sum()
            };
            let (w, b) = (points(0), points(1));
            let verdict = match w.cmp(&b) {
                std::cmp::Ordering::Greater => Verdict::Win(0),
                std::cmp::Ordering::Less => Verdict::Win(1),
                std::cmp::Ordering::Equal => Verdict::Draw,
            };
            return end(verdict, "most points");
        }
        self.repetition_end(us)
    }

    /// A side that lost its royal pieces (the other keeping some), or, in a variant without
    /// royals, a side left without pieces.
    fn lost_pieces_end(&self, us: usize, them: usize) -> Option<GameEnd> {
        if self.v.has_royal {
            // A royal a drop rule will drop is not lost (`fairy::layer_forced_drops`).
            let lost = |c: usize| {
                self.royals(c).none()
                    && (self.v.layers.forced_drops.is_empty() || !self.awaits_forced_drop(c))
            };
            if lost(us) && !lost(them) {
                return end(Verdict::Win(them), "royal lost");
            }
            if lost(them) && !lost(us) {
                return end(Verdict::Win(us), "royal lost");
            }
        }
        // No royal piece (`!royal`, antichess): a side left without pieces ends the game, with
        // the result the stalemate rule gives the side without them (python-chess's and
        // Fairy-Stockfish's antichess: a variant end, not a stalemate).
        if !self.v.has_royal {
            let outcome = |c: usize| match self.v.def.rules.stalemate {
                Some(Outcome::Win) => Verdict::Win(c),
                Some(Outcome::Loss) => Verdict::Win(1 - c),
                _ => Verdict::Draw,
            };
            for c in [us, them] {
                if self.color[c].none() {
                    return end(outcome(c), "no pieces");
                }
            }
        }
        None
    }

    /// `hill`: a side on a hill wins (both on one: a draw), except White under
    /// `hill=balance` while Black may still reach it ([`FairyPos::hill_pending`]).
    fn hill_end(&self) -> Option<GameEnd> {
        for h in 0..self.v.layers.hills.len() {
            let (w, b) = (self.on_hill(h, 0), self.on_hill(h, 1));
            if w && b {
                return end(Verdict::Draw, "hill (both)");
            }
            if w || b {
                let c = if w { 0 } else { 1 };
                if c == 0 && self.hill_pending() == Some(h) {
                    continue;
                }
                return end(Verdict::Win(c), "hill");
            }
        }
        None
    }

    /// `royal=bare`, `baremove`, `solely`: Some(the decision) when they decide, Some(None)
    /// when the game goes on (`baremove`: the bare side can still take the last piece),
    /// None when they say nothing.
    fn bare_end(&self, us: usize, them: usize) -> Option<Option<GameEnd>> {
        let r = &self.v.layers.royal;
        let (bu, bt) = (self.bare_of(us), self.bare_of(them));
        if bu && bt {
            return Some(end(Verdict::Draw, "both bare"));
        }
        if r.solely && bt {
            return Some(end(Verdict::Win(us), "solely"));
        }
        if bu && (r.bare || r.baremove) {
            if r.baremove {
                let others = self.color[them] & !self.royals(them);
                if others.len() == 1 {
                    let last = others.first();
                    let can = self
                        .pseudo_moves()
                        .iter()
                        .any(|m| m.capture.map(usize::from) == last && self.layer_is_legal(m));
                    if can {
                        return Some(None);
                    }
                }
            }
            return Some(end(Verdict::Win(them), "bare"));
        }
        None
    }

    /// Repetitions: the position seen the rule's number of times loses for the side to move
    /// (`loss`) or draws.
    fn repetition_end(&self, us: usize) -> Option<GameEnd> {
        let h = &self.v.layers.history;
        if let Some(e) = self.perpetual_check_end() {
            return Some(e);
        }
        if h.draw_repetition.is_some() || h.loss_repetition.is_some() {
            let key = self.layer_key();
            let seen = 1 + self.history.iter().filter(|&&k| k == key).count() as u32;
            if let Some(n) = h.loss_repetition
                && seen >= n
            {
                return end(Verdict::Win(us), "repetition (loss)");
            }
            if let Some(n) = h.draw_repetition
                && seen >= n
            {
                return end(Verdict::Draw, "repetition");
            }
        }
        None
    }

    /// The game's end, if over: a layer's rule, or no legal move (mate or stalemate, with the
    /// variant's outcomes: `royal=checkmated`, `stalemate=win|loss|draw`).
    pub fn game_end(&self) -> Option<GameEnd> {
        if let Some(e) = self.layer_end() {
            return Some(e);
        }
        if !self.legal_moves().is_empty() {
            return None;
        }
        if let Some(e) = self.turn_game_end() {
            return Some(e);
        }
        let us = self.turn;
        let them = 1 - us;
        let rules = &self.v.def.rules;
        let verdict = |o: Option<Outcome>, default: Verdict| match o {
            Some(Outcome::Win) => Verdict::Win(us),
            Some(Outcome::Loss) => Verdict::Win(them),
            Some(Outcome::Draw) => Verdict::Draw,
            _ => default,
        };
        if self.v.layers.stalemate_skip
            && !self.layer_in_check(us)
            && self.opponent_moves_after_a_pass()
        {
            // `stalemate=skip`: "The player must skip the turn when all the moves are
            // impossible" (a null move `--` in the PGN); the game goes on.
            return None;
        }
        if self.facing_check(us) && !self.layer_in_check_by_pieces(us) {
            // `royal=evasefacing`: "the opponent can either call a draw, or make a move that
            // breaks the position"; with no such move the draw is all that is left (a side
            // also checked by a piece and without a move is mated, as anywhere).
            return end(Verdict::Draw, "facing royals");
        }
        if self.layer_in_check(us) {
            // SjaakII's `checkmate = win` is the mating side's win.
            let mut v = match rules.checkmate {
                Some(Outcome::Loss) => Verdict::Win(us),
                Some(Outcome::Draw) => Verdict::Draw,
                _ => Verdict::Win(them),
            };
            if self.v.layers.royal.checkmated {
                v = Verdict::Win(us);
            }
            end(v, "checkmate")
        } else {
            end(verdict(rules.stalemate, Verdict::Draw), "stalemate")
        }
    }
}

impl FairyPos {
    /// `stalemate=skip`: whether the opponent has a legal move once the side to move has
    /// passed (when neither side can move, the stalemate ends the game after all).
    fn opponent_moves_after_a_pass(&self) -> bool {
        let mut passed = self.clone();
        passed.ep = Bits256::EMPTY;
        passed.ep_victim = None;
        passed.turn = 1 - self.turn;
        !passed.legal_moves().is_empty()
    }
}
