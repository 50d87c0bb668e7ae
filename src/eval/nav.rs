//! Navigation over the replayed game tree: position values (`parent`, `child(n)`, ...), the
//! `:` operator, `depth`, `mainline`, and `echo` (`find` is in `eval::find`, `line` in `eval::line`).

use super::{Evaluator, Value, is_match};
use crate::ir::{Echo, Node, PosRelation, PositionRef};
use crate::rules::Position;

impl<P: Position> Evaluator<'_, P> {
    /// Whether record node `i` was reached by the replay (and so can be evaluated).
    pub(super) fn reached(&self, i: u32) -> bool {
        // One-pass search: the current position and the neighbours held.
        if let Some(held) = &self.held {
            let current = held.current().ply;
            return i == current
                || i.checked_add(1) == Some(current) && held.previous().is_some()
                || current.checked_add(1) == Some(i) && held.next().is_some();
        }
        self.game
            .replayed
            .nodes
            .get(i as usize)
            .is_some_and(|n| n.is_some())
    }

    /// The parent of a node (None at the root).
    pub(super) fn parent_of(&self, at: u32) -> Option<u32> {
        if at >= super::imagine::BASE {
            return self.imagined_parent(at);
        }
        // One-pass search: the previous position, when held.
        if let Some(held) = &self.held {
            return (held.current().ply == at && held.previous().is_some()).then(|| at - 1);
        }
        self.game.record.nodes.get(at as usize)?.parent
    }

    /// The position a [`PositionRef`] names, seen from `at`.
    pub(super) fn position_ref(&self, r: &PositionRef, at: u32) -> Option<u32> {
        match r {
            PositionRef::Current => Some(at),
            PositionRef::Parent => self.parent_of(at),
            PositionRef::Child(n) => self.children(at).nth(*n as usize).filter(|&c| {
                // One-pass search: the main line's next position is child 0, the only one.
                self.held.is_some()
                // child(n) names the n-th child of the record, not the n-th reached one.
                || self.game.record.nodes[at as usize]
                    .children
                    .get(*n as usize)
                    == Some(&c)
            }),
            PositionRef::Initial => Some(0),
            PositionRef::Last => {
                let mut here = 0;
                while let Some(&next) = self.game.record.nodes.get(here as usize)?.children.first()
                {
                    if !self.reached(next) {
                        break;
                    }
                    here = next;
                }
                Some(here)
            }
        }
    }

    /// `depth`: the number of moves on the path from the root that start a variation.
    pub(super) fn depth(&self, at: u32) -> i64 {
        // The one-pass search reads the main line only.
        if self.held.is_some() {
            return 0;
        }
        let nodes = &self.game.record.nodes;
        let mut depth = 0;
        let mut here = at;
        while let Some(parent) = self.parent_of(here) {
            if nodes[parent as usize].children.first() != Some(&here) {
                depth += 1;
            }
            here = parent;
        }
        depth
    }

    /// `p : f`: f at the position p names.
    pub(super) fn eval_at(
        &self,
        target: &Node<P::Set>,
        filter: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        match self.eval(target, at)? {
            Value::Pos(p) if self.reached(p) => self.eval(filter, p),
            _ => None,
        }
    }

    /// The path from the start to `at`, the start first.
    fn path_to(&self, at: u32) -> Vec<u32> {
        let mut path = vec![at];
        let mut here = at;
        while let Some(p) = self.parent_of(here) {
            path.push(p);
            here = p;
        }
        path.reverse();
        path
    }

    /// `ancestor(x y)`, `descendant(x y)`, `lca(x y)`
    pub(super) fn eval_relation(
        &self,
        rel: PosRelation,
        x: &Node<P::Set>,
        y: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let (Value::Pos(x), Value::Pos(y)) = (self.eval(x, at)?, self.eval(y, at)?) else {
            return None;
        };
        let truth = |b: bool| b.then_some(Value::Bool(true));
        match rel {
            PosRelation::Ancestor => truth(x != y && self.path_to(y).contains(&x)),
            PosRelation::Descendant => truth(x != y && self.path_to(x).contains(&y)),
            PosRelation::Lca => {
                let (px, py) = (self.path_to(x), self.path_to(y));
                let shared = px.iter().zip(&py).take_while(|(a, b)| a == b).count();
                Some(Value::Pos(px[shared - 1]))
            }
        }
    }

    /// `echo (s t) body`: the body at every other searched position, s and t bound.
    pub(super) fn eval_echo(&self, e: &Echo<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let saved = {
            let state = self.state.borrow();
            (state.get(e.source), state.get(e.target))
        };
        self.state.borrow_mut().set(e.source, Some(Value::Pos(at)));
        let (mut matched, mut best): (bool, Option<i64>) = (false, None);
        for t in self.searched_nodes() {
            if t == at && !e.all {
                continue;
            }
            if self.spend_round("echo", at) {
                break;
            }
            self.state.borrow_mut().set(e.target, Some(Value::Pos(t)));
            let v = self.eval(&e.body, t);
            if is_match(&v) {
                matched = true;
                if let Some(Value::Num(n)) = v {
                    best = Some(best.map_or(n, |b| b.max(n)));
                }
            }
        }
        let mut state = self.state.borrow_mut();
        state.set(e.source, saved.0);
        state.set(e.target, saved.1);
        if !matched || state.prog.abort.is_some() {
            return None;
        }
        Some(best.map_or(Value::Bool(true), Value::Num))
    }
}
