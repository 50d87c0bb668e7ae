//! Evaluation of the control words (`while`, `loop`, `assert`) and of the root of a query
//! that carries values from game to game ([`Node::WithGlobals`]: [`Evaluator::resume`],
//! [`Evaluator::suspend`]).

use super::dictionary::{Carried, Datum};
use super::{Evaluator, Value};
use crate::ir::{Globals, Node};
use crate::rules::Position;

impl<P: Position> Evaluator<'_, P> {
    /// The root of a query with persistent variables or dictionaries: at the game's first
    /// evaluation, the persistent variables the previous games left unset get their defaults.
    pub(super) fn eval_with_globals(
        &self,
        globals: &Globals,
        body: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
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

    /// `while (test) body`
    pub(super) fn eval_while(
        &self,
        test: &Node<P::Set>,
        body: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        while self.matches(test, at) {
            if self.spend_round("while", at) {
                return None;
            }
            self.matches(body, at);
        }
        Some(Value::Bool(true))
    }

    /// `loop body`
    pub(super) fn eval_repeat(&self, body: &Node<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let mut seen = false;
        while self.matches(body, at) {
            if self.spend_round("loop", at) {
                return None;
            }
            seen = true;
        }
        seen.then_some(Value::Bool(true))
    }

    /// `assert F`
    pub(super) fn eval_assert(
        &self,
        f: &Node<P::Set>,
        text: &str,
        at: u32,
    ) -> Option<Value<P::Set>> {
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
        ok.then_some(Value::Bool(true))
    }

    /// Why the run must stop: an `assert` that failed in this game.
    pub fn abort_message(&self) -> Option<String> {
        self.state.borrow().prog.abort.clone()
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
    pub fn suspend(&self, globals: &Globals) -> Carried {
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

/// The globals of a query whose root is a [`Node::WithGlobals`] that carries values between
/// games (persistent variables, dictionaries not declared `local`).
pub fn carried_globals<S>(filter: &Node<S>) -> Option<&Globals> {
    match filter {
        Node::WithGlobals(g, _) if g.carries() => Some(&**g),
        _ => None,
    }
}
