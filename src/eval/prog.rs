//! Evaluation of [`Prog`]: `while`, `loop`, `assert`, `equal`, `sqrt`, the
//! counting transforms, computed directions, `x =? S`, `piece x = S`, and the root of a query that carries values from
//! game to game ([`Evaluator::resume`], [`Evaluator::suspend`]).

use super::dictionary::{Carried, Datum};
use super::{Evaluator, Value};
use crate::ir::prog::Prog;
use crate::ir::{Directions, Node};
use crate::rules::Position;
use crate::squares::{Coord, SquareSet};

impl<P: Position> Evaluator<'_, P> {
    /// Evaluates a programming filter at `at`.
    pub(super) fn eval_prog(&self, p: &Prog<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let truth = |b: bool| if b { Some(Value::Bool(true)) } else { None };
        match p {
            // the root of a query with persistent variables or dictionaries
            Prog::Program(globals, body) => {
                if !self.state.borrow().prog.initialized {
                    self.state.borrow_mut().prog.initialized = true;
                    let geo = self.geometry(at);
                    let defaults = Carried::new(globals);
                    for (v, d) in globals.persistent.iter().zip(&defaults.values) {
                        if self.state.borrow().get(v.var).is_none() {
                            let value = d.as_ref().map(|d| d.value(geo));
                            self.state.borrow_mut().set(v.var, value);
                        }
                    }
                }
                self.eval(body, at)
            }
            // while (test) body
            Prog::While(test, body) => {
                while self.matches(test, at) {
                    if self.spend_round("while", at) {
                        return None;
                    }
                    self.matches(body, at);
                }
                Some(Value::Bool(true))
            }
            // loop body
            Prog::Loop(body) => {
                let mut seen = false;
                while self.matches(body, at) {
                    if self.spend_round("loop", at) {
                        return None;
                    }
                    seen = true;
                }
                truth(seen)
            }
            // assert F
            Prog::Assert(f, text) => {
                let ok = match f {
                    Node::Var(id) => self.state.borrow().get(*id).is_some(),
                    f => self.matches(f, at),
                };
                if !ok {
                    let m = format!(
                        "assert filter failed at game number {} and position id {at}: {text}",
                        self.game.number
                    );
                    self.state.borrow_mut().prog.abort.get_or_insert(m);
                }
                truth(ok)
            }
            // equal(x y)
            Prog::Equal(x, y) => {
                let normal = |v: Option<Value<P::Set>>| match v {
                    None | Some(Value::Bool(false)) => None,
                    v => v,
                };
                truth(normal(self.eval(x, at)) == normal(self.eval(y, at)))
            }
            // sqrt x
            Prog::Sqrt(x) => {
                let n = self.num(x, at)?;
                (n >= 0).then(|| Value::Num(n.isqrt()))
            }
            // rotate90 count F, flip count F, ...
            Prog::CountImages(images) => {
                let n = images.iter().filter(|i| self.matches(i, at)).count();
                Some(Value::Num(n as i64))
            }
            // up N X, right A B X
            Prog::DirectionBy(dirs, lo, hi, x) => {
                let lo = self.num(lo, at)?;
                let hi = match hi {
                    Some(h) => self.num(h, at)?,
                    None => lo,
                };
                let squares = self.set(x, at)?;
                Some(Value::Set(self.translate(*dirs, lo, hi, &squares, at)))
            }
            // x =? S (CQL 6.2's conditional `AssignSquareNode`)
            Prog::AssignIfNonEmpty(id, v) => {
                let s = self.set(v, at)?;
                if s.is_empty() {
                    return None;
                }
                self.state.borrow_mut().set(*id, Some(Value::Set(s)));
                Some(Value::Bool(true))
            }
            // piece x = S
            Prog::PieceAssign(var, set) => {
                let squares = self.set(set, at)?;
                if squares.count() != 1 {
                    return None;
                }
                let c = squares.coords()[0];
                match self.pieces().piece_at(at, c) {
                    0 => None,
                    id => {
                        self.state.borrow_mut().set(*var, Some(Value::Piece(id)));
                        Some(Value::Bool(true))
                    }
                }
            }
        }
    }

    /// Why the run must stop: an `assert` that failed in this game.
    pub fn abort_message(&self) -> Option<String> {
        self.state.borrow().prog.abort.clone()
    }

    /// The squares of `squares` moved `n` steps in each direction, for n in `lo..=hi` (a
    /// negative n goes the opposite way; 0 is the square itself). Squares leaving the board are
    /// dropped.
    fn translate(&self, dirs: Directions, lo: i64, hi: i64, squares: &P::Set, at: u32) -> P::Set {
        let geo = self.geometry(at);
        let mut out = Vec::new();
        for c in squares.coords() {
            for (df, dr) in dirs.steps() {
                for n in lo..=hi.min(lo.saturating_add(64)) {
                    let t = Coord {
                        file: c.file + n * df,
                        rank: c.rank + n * dr,
                    };
                    if geo.contains(t) {
                        out.push(t);
                    }
                }
            }
        }
        P::Set::from_coords(geo, out)
    }

    /// Loads what the previous games left (persistent variables, dictionaries): call before
    /// evaluating the game's first position.
    pub fn resume(&self, carried: Carried) {
        let geo = self.geometry(0);
        let mut st = self.state.borrow_mut();
        for (v, d) in carried.globals.persistent.iter().zip(&carried.values) {
            st.set(v.var, d.as_ref().map(|d| d.value(geo)));
        }
        for (id, (dict, keep)) in carried
            .dicts
            .into_iter()
            .zip(&carried.globals.dictionaries)
            .enumerate()
        {
            if *keep {
                *st.prog.dict(id as u16) = dict;
            }
        }
        st.prog.initialized = true;
    }

    /// What this game leaves to the next one (after its last position was evaluated).
    pub fn suspend(&self, globals: &crate::ir::prog::Globals) -> Carried {
        let mut st = self.state.borrow_mut();
        let values = globals
            .persistent
            .iter()
            .map(|v| st.get(v.var).as_ref().and_then(Datum::of))
            .collect();
        let dicts = (0..globals.dictionaries.len())
            .map(|id| std::mem::take(st.prog.dict(id as u16)))
            .collect();
        Carried {
            globals: globals.clone(),
            values,
            dicts,
        }
    }
}

/// The globals of a query whose root is a [`Prog::Program`] that carries values between
/// games (persistent variables, dictionaries not declared `local`).
pub fn carried_globals<S>(filter: &Node<S>) -> Option<&crate::ir::prog::Globals> {
    match filter {
        Node::Prog(p) => match &**p {
            Prog::Program(g, _) if g.carries() => Some(g),
            _ => None,
        },
        _ => None,
    }
}
