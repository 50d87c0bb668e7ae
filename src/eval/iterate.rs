//! Variables, iteration (`square`, `piece`), and the filters that leave traces in the output
//! (`comment`, `sort`).

use super::bits::{each_coord, is_bitboard, single};
use super::{Evaluator, Value, loops};
use crate::ir::{Loop, Node, Sort, VarId};
use crate::rules::Position;
use crate::squares::SquareSet;

impl<P: Position> Evaluator<'_, P> {
    /// `x`: the variable's value (no match while unbound).
    pub(super) fn eval_var(&self, id: VarId, at: u32) -> Option<Value<P::Set>> {
        match self.state.borrow().get(id)? {
            // A piece variable reads as the square its piece stands on here; where the
            // piece is not on the board (captured) it is the empty set, which does not match
            // but whose complement is every square (CQL's piece variables).
            Value::Piece(piece) => {
                let square: P::Set = self.pieces().squares_of(at, piece);
                Some(Value::Set(square))
            }
            v => Some(v),
        }
    }

    /// `x = v`
    pub(super) fn eval_assign(
        &self,
        id: VarId,
        v: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let value = self.eval(v, at)?;
        // A set is assigned even when empty; other values only when they match.
        if !matches!(value, Value::Set(_)) && !value.is_match() {
            return None;
        }
        self.state.borrow_mut().set(id, Some(value));
        Some(Value::Bool(true))
    }

    /// `x =? S` (CQL 6.2's conditional `AssignSquareNode`)
    pub(super) fn eval_assign_if_non_empty(
        &self,
        id: VarId,
        v: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let s = self.set(v, at)?;
        if s.is_empty() {
            return None;
        }
        self.state.borrow_mut().set(id, Some(Value::Set(s)));
        Some(Value::Bool(true))
    }

    /// `piece x = S`
    pub(super) fn eval_piece_assign(
        &self,
        var: VarId,
        set: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let squares = self.set(set, at)?;
        if squares.count() != 1 {
            return None;
        }
        let c = squares.coords()[0];
        match self.pieces().piece_at(at, c) {
            0 => None,
            id => {
                self.state.borrow_mut().set(var, Some(Value::Piece(id)));
                Some(Value::Bool(true))
            }
        }
    }

    /// `unbind x`
    pub(super) fn eval_unbind(&self, id: VarId) -> Option<Value<P::Set>> {
        self.state.borrow_mut().set(id, None);
        Some(Value::Bool(true))
    }

    /// `square [all] x in S body`, and `piece [all] x in S body` (`pieces`: the variable is
    /// bound to the piece on each square, followed through the game by its identity).
    pub(super) fn eval_loop(
        &self,
        l: &Loop<P::Set>,
        pieces: bool,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let domain = self.set(&l.domain, at)?;
        let geo = self.geometry(at);
        // A body that picks squares of the variable one by one: one evaluation for the whole
        // domain (see `loops::selects_from`; no rounds are spent, there are no rounds).
        if !pieces && domain.is_finite() && self.loop_facts(l).selects {
            let picks = loops::picks(&l.body, l.var).expect("selects_from");
            return self.select_once(l, domain, || self.set(picks, at));
        }
        // A piece variable read only here is the square its piece stands on: bound as that
        // square, the game's piece table is not needed (see `by_square`).
        let by_square = pieces && self.piece_read_here_only(l, at);
        let occupied = if by_square {
            self.node(at).position.occupied()
        } else {
            P::Set::empty()
        };
        let saved = self.state.borrow().get(l.var);
        let mut chosen = Vec::new();
        let mut all = true;
        for c in each_coord(&domain) {
            let value = if by_square {
                let square: P::Set = single(geo, c);
                // `piece` ranges over the pieces of S: empty squares are skipped.
                if square.intersect(&occupied).is_empty() {
                    continue;
                }
                Value::Set(square)
            } else if pieces {
                match self.pieces().piece_at(at, c) {
                    // `piece` ranges over the pieces of S: empty squares are skipped.
                    0 => continue,
                    id => Value::Piece(id),
                }
            } else {
                Value::Set(single(geo, c))
            };
            self.state.borrow_mut().set(l.var, Some(value));
            if self.spend_round(if pieces { "piece" } else { "square" }, at) {
                self.state.borrow_mut().set(l.var, saved);
                return None;
            }
            if self.body_matches(&l.body, at) {
                chosen.push(c);
            } else {
                all = false;
                if l.all {
                    break;
                }
            }
        }
        self.state.borrow_mut().set(l.var, saved);
        if l.all {
            if !all {
                return None;
            }
            // Every square passed (also when there was none): a match.
            return Some(if domain.is_empty() {
                Value::Bool(true)
            } else {
                Value::Set(domain)
            });
        }
        Some(Value::Set(P::Set::from_coords(geo, chosen)))
    }

    /// Whether a loop's `body` matches at `at`, where only whether it matches counts. A body
    /// that is itself a loop over squares whose own body is existential in its variable
    /// (see [`loops::existential`]) is decided with the variable bound to all its squares at
    /// once: `square y in S B(y)` matches exactly when `B(S)` does, for S not empty. This is
    /// what keeps `piece X in S1 piece Y in S2 piece Z in S3 ray (X Y Z)` from costing
    /// |S1|·|S2|·|S3| rays.
    fn body_matches(&self, body: &Node<P::Set>, at: u32) -> bool {
        let (l, pieces) = match body {
            Node::SquareLoop(l) => (l, false),
            Node::PieceLoop(l) => (l, true),
            _ => return self.matches(body, at),
        };
        if l.all
            || !is_bitboard::<P::Set>()
            || !self.loop_facts(l).existential
            || pieces && !self.piece_read_here_only(l, at)
        {
            return self.matches(body, at);
        }
        let Some(mut domain) = self.set(&l.domain, at) else {
            return false;
        };
        if pieces {
            domain = domain.intersect(&self.node(at).position.occupied());
        }
        if domain.is_empty() {
            return false;
        }
        self.with_bound(l.var, Value::Set(domain), || self.body_matches(&l.body, at))
    }

    /// A `square` loop whose body picks squares of its variable ([`loops::selects_from`]),
    /// decided in one evaluation: `picks` (the body's picking filter's squares) evaluated with
    /// the variable bound to all of `domain`. Its value is the squares chosen, or with `all`
    /// the domain when every square was chosen (a match also when the domain is empty).
    pub(super) fn select_once(
        &self,
        l: &Loop<P::Set>,
        domain: P::Set,
        picks: impl FnOnce() -> Option<P::Set>,
    ) -> Option<Value<P::Set>> {
        if l.all && domain.is_empty() {
            return Some(Value::Bool(true));
        }
        let chosen = self
            .with_bound(l.var, Value::Set(domain.clone()), picks)
            .unwrap_or_else(P::Set::empty);
        match l.all {
            true => (chosen == domain).then_some(Value::Set(domain)),
            false => Some(Value::Set(chosen)),
        }
    }

    /// `evaluate` with variable `var` bound to `value`, its value from before put back after.
    fn with_bound<T>(&self, var: VarId, value: Value<P::Set>, evaluate: impl FnOnce() -> T) -> T {
        let saved = self.state.borrow_mut().set(var, Some(value));
        let out = evaluate();
        self.state.borrow_mut().set(var, saved);
        out
    }

    /// Whether a piece loop's body at `at` may bind its variable as a square: it reads
    /// variables only at `at` (see [`loops::reads_here_only`]), on a real position of the game
    /// and an 8x8 board (where the piece table would give the same square).
    fn piece_read_here_only(&self, l: &Loop<P::Set>, at: u32) -> bool {
        at < super::imagine::BASE && is_bitboard::<P::Set>() && self.loop_facts(l).reads_here_only
    }

    /// The facts of loop `l` (`eval::loops`), found on its first use in the game.
    fn loop_facts(&self, l: &Loop<P::Set>) -> loops::LoopFacts {
        let id = l as *const Loop<P::Set> as usize;
        let known = self
            .state
            .borrow()
            .loop_facts
            .iter()
            .find(|e| e.0 == id)
            .map(|e| e.1);
        known.unwrap_or_else(|| {
            let facts = loops::LoopFacts::of(l);
            self.state.borrow_mut().loop_facts.push((id, facts));
            facts
        })
    }

    /// `comment(a b ...)`: the arguments' text, joined, at this position.
    pub(super) fn eval_comment(&self, parts: &[Node<P::Set>], at: u32) -> Option<Value<P::Set>> {
        let mut text = self.state.borrow_mut().comment_text();
        for part in parts {
            // A literal part is copied as it is (most comments are one literal).
            if let Node::Str(literal) = part {
                text.push_str(literal);
                continue;
            }
            if let Some(t) = self
                .eval(part, at)
                .as_ref()
                .and_then(super::text::value_text)
            {
                text.push_str(&t);
            }
        }
        self.state.borrow_mut().comment(at, text);
        if self.hold_text("comment", 0, at) {
            return None;
        }
        Some(Value::Bool(true))
    }

    /// `sort [min] "label" body`: the body's value, remembered for ordering the output.
    pub(super) fn eval_sort(&self, s: &Sort<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let value = self.eval(&s.body, at)?;
        let key = match &value {
            Value::Num(n) => super::SortKey::Num(*n),
            Value::Set(set) => super::SortKey::Num(i64::from(set.count())),
            Value::Str(t) => super::SortKey::Text(t.clone()),
            _ => return Some(value),
        };
        self.state.borrow_mut().sort(&s.label, s.min, key);
        Some(value)
    }
}
