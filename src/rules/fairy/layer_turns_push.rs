//! Turn parts that move the opponent's pieces (FBR `turn#<2>{!p}=avalanche` with `#P=mfW`,
//! the `avalanche` rule): the pushes a part allows, how a push is made (the piece stays its
//! owner's, and promotes as its owner's moves to that square would), and `avalanche`'s game
//! end. A push is a [`MoveKind::Normal`] move whose origin holds an opponent's piece; a PGN
//! game writes it as that piece's SAN (`e5`: the black pawn on e6 pushed by white).

use super::bits::Bits256;
use super::layer_end::{GameEnd, Verdict};
use super::layer_turns::{TurnPart, TurnRules};
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// Whether a move is a push: a plain move of an opponent's piece, told before the move
    /// (its origin holds an opponent's piece) and after it, with the mover to move (its
    /// destination does).
    pub(super) fn is_push(&self, m: &FMove) -> bool {
        let them = self.color[1 - self.turn];
        m.kind == MoveKind::Normal
            && m.capture.is_none()
            && (them.has(m.from as usize) || them.has(m.to as usize))
    }

    /// `avalanche`: whether a push may leave the mover's royal attacked ("It is allowed to
    /// expose the royal piece with this move").
    pub(super) fn push_may_expose(&self, parts: &[TurnPart], m: &FMove) -> bool {
        self.is_push(m)
            && self
                .fillings(parts, m)
                .iter()
                .any(|&(_, i)| parts[i].avalanche)
    }

    /// Adds the pushes of the parts that may come next.
    pub(super) fn push_turn_pushes(&self, out: &mut Vec<FMove>) {
        let Some(TurnRules::Parts(parts)) = &self.v.layers.turns else {
            return;
        };
        if parts.iter().all(|p| p.pushes.is_empty()) {
            return;
        }
        let feasible = if self.layer.turns.made == 0 {
            1
        } else {
            self.layer.turns.filled
        };
        let due = (0..(1u64 << parts.len()))
            .filter(|s| feasible >> s & 1 != 0)
            .fold(0, |c, s| c | self.candidates(parts, s));
        let them = 1 - self.turn;
        let mut found: Vec<FMove> = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            if due >> i & 1 == 0 {
                continue;
            }
            for (t, lines) in &p.pushes {
                for sq in self.color[them].iter() {
                    if self.type_on(sq) != *t as usize {
                        continue;
                    }
                    for &(x, y, n) in &lines[them] {
                        self.push_along(sq, *t, (x, y, n), &mut found);
                    }
                }
            }
        }
        for m in found {
            if !out.contains(&m) {
                out.push(m);
            }
        }
    }

    /// The pushes of the opponent's piece of type `t` on `sq` along one line, to empty
    /// squares; where the owner's own moves to a square promote, the push promotes the same
    /// ways ("the owner of the pawn decides in what type of piece it is promoted").
    fn push_along(&self, sq: usize, t: u8, (x, y, n): (i8, i8, u8), out: &mut Vec<FMove>) {
        let them = 1 - self.turn;
        let mut owner = self.clone();
        owner.turn = them;
        let mut own_moves = Vec::new();
        owner.push_piece_moves(&mut own_moves, sq);
        let (mut f, mut r) = ((sq % 16) as i32, (sq / 16) as i32);
        for _ in 0..n {
            f += i32::from(x);
            r += i32::from(y);
            if !(0..16).contains(&f) || !(0..16).contains(&r) {
                break;
            }
            let to = (f + 16 * r) as usize;
            if !self.v.board.has(to) || self.occupied().has(to) {
                break;
            }
            let plain = FMove::quiet(sq, to, usize::from(t));
            let promoting: Vec<FMove> = own_moves
                .iter()
                .filter(|o| o.to as usize == to && o.capture.is_none() && o.promo.is_some())
                .map(|o| FMove {
                    promo: o.promo,
                    ..plain
                })
                .collect();
            let plain_too = promoting.is_empty()
                || own_moves
                    .iter()
                    .any(|o| o.to as usize == to && o.capture.is_none() && o.promo.is_none());
            if plain_too {
                out.push(plain);
            }
            out.extend(promoting);
        }
    }

    /// Makes a push: the piece moves for its owner (promoted, if so), and the turn goes on
    /// or passes as after any move of the turn.
    pub(super) fn make_push(&mut self, m: &FMove) {
        let us = self.turn;
        let them = 1 - us;
        let (from, to) = (m.from as usize, m.to as usize);
        let turn_start = if self.layer.turns.made == 0 {
            self.board_key()
        } else {
            0
        };
        if self.v.layers.needs_history() {
            let key = self.layer_key();
            self.history.push(key);
        }
        self.ep = Bits256::EMPTY;
        self.ep_victim = None;
        let was_promoted = self.promoted.has(from);
        self.remove(from);
        self.promoted.clear(from);
        self.unmoved.clear(from);
        self.put(to, them, m.promo.unwrap_or(m.piece) as usize);
        if m.promo.is_some() || was_promoted {
            self.promoted.set(to);
        }
        self.halfmove = 0;
        if us == 1 {
            self.fullmove += 1;
        }
        self.turn = them;
        if let Some(rules) = self.v.layers.turns.clone() {
            self.turns_after(&rules, m, us, turn_start);
        }
    }

    /// `avalanche`: "the game is lost with next turn if the King is still in check": the
    /// side to move, at its turn's start, wins when the opponent's royal is attacked (only
    /// an `avalanche` push can leave it so).
    pub(super) fn avalanche_end(&self) -> Option<GameEnd> {
        let Some(TurnRules::Parts(parts)) = &self.v.layers.turns else {
            return None;
        };
        if !parts.iter().any(|p| p.avalanche)
            || self.layer.turns.made != 0
            || !self.layer_in_check(1 - self.turn)
        {
            return None;
        }
        Some(GameEnd {
            verdict: Verdict::Win(self.turn),
            reason: "avalanche",
        })
    }
}
