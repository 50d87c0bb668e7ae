//! Navigation over the replayed game tree: position values (`parent`, `child(n)`, ...), the
//! `:` operator, `depth`, `mainline`, and the sequence filters `find` and `line`.

use super::{Evaluator, Value, is_match};
use crate::ir::{Echo, Find, Line, LineState, MoveSource, Node, PosRelation, PositionRef};
use crate::rules::Position;

impl<P: Position> Evaluator<'_, P> {
    /// Whether record node `i` was reached by the replay (and so can be evaluated).
    fn reached(&self, i: u32) -> bool {
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
        self.game.record.nodes.get(at as usize)?.parent
    }

    /// The position a [`PositionRef`] names, seen from `at`.
    pub(super) fn position_ref(&self, r: &PositionRef, at: u32) -> Option<u32> {
        match r {
            PositionRef::Current => Some(at),
            PositionRef::Parent => self.parent_of(at),
            PositionRef::Child(n) => self.children(at).nth(*n as usize).filter(|&c| {
                // child(n) names the n-th child of the record, not the n-th reached one.
                self.game.record.nodes[at as usize]
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
        if !matched {
            return None;
        }
        Some(best.map_or(Value::Bool(true), Value::Num))
    }

    /// `find`: forward over the searched subtree (pre-order), or back to the root.
    pub(super) fn eval_find(&self, f: &Find<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let mut count: i64 = 0;
        let mut visit = |p: u32| -> Option<Value<P::Set>> {
            if is_match(&self.eval(&f.body, p)) {
                if f.range.is_none() {
                    return Some(Value::Pos(p));
                }
                count += 1;
            }
            None
        };
        if f.backward {
            let mut here = Some(at);
            while let Some(p) = here {
                if let Some(v) = visit(p) {
                    return Some(v);
                }
                here = self.parent_of(p);
            }
        } else {
            let mut stack = vec![at];
            while let Some(p) = stack.pop() {
                if let Some(v) = visit(p) {
                    return Some(v);
                }
                let kids: Vec<u32> = self.children(p).collect();
                stack.extend(kids.into_iter().rev());
            }
        }
        let range = f.range?;
        range.contains(count).then_some(Value::Num(count))
    }

    /// The positions one ply from `at` in the line's direction (children admitted by
    /// `primary` / `secondary`, or the parent).
    fn line_children(&self, line: &Line<P::Set>, p: u32) -> Vec<u32> {
        if line.backward {
            return self.parent_of(p).into_iter().collect();
        }
        let record = &self.game.record.nodes[p as usize];
        self.children(p)
            .filter(|c| {
                let first = record.children.first() == Some(c);
                !(line.primary && !first || line.secondary && first)
            })
            .collect()
    }

    /// The positions a `line` step goes to from `at` (two plies with `singlecolor`).
    fn line_next(&self, line: &Line<P::Set>, at: u32) -> Vec<u32> {
        let once = self.line_children(line, at);
        if line.singlecolor {
            once.into_iter()
                .flat_map(|c| self.line_children(line, c))
                .collect()
        } else {
            once
        }
    }

    /// Adds `state` and every state reachable from it without consuming a position.
    fn line_closure(line: &Line<P::Set>, state: usize, into: &mut Vec<usize>) {
        if into.contains(&state) {
            return;
        }
        into.push(state);
        if let LineState::Split(next) = &line.states[state] {
            for &n in next {
                Self::line_closure(line, n, into);
            }
        }
    }

    /// `line`: runs the automaton from `at`; the value is the longest match's length (or its
    /// last position with `lastposition`).
    pub(super) fn eval_line(&self, line: &Line<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let mut start = Vec::new();
        Self::line_closure(line, line.start, &mut start);
        // (positions matched, last position matched) of the best match.
        let mut best: Option<(u32, u32)> = None;
        if start.iter().any(|&s| line.states[s] == LineState::Accept) {
            best = Some((0, at));
        }
        self.line_step(line, &start, at, 0, &mut best);
        let (len, last) = best?;
        if line.range.is_some_and(|r| !r.contains(i64::from(len))) {
            return None;
        }
        if line.lastposition {
            Some(Value::Pos(last))
        } else {
            Some(Value::Num(i64::from(len)))
        }
    }

    /// Consumes position `at` from the state set `states` (`done` positions consumed before).
    /// A `move` constituent (about the moves played from `at`) is read as a condition on the
    /// move the line takes to its next position, as CQL 6.2 does.
    fn line_step(
        &self,
        line: &Line<P::Set>,
        states: &[usize],
        at: u32,
        done: u32,
        best: &mut Option<(u32, u32)>,
    ) {
        if line.firstmatch && best.is_some() {
            return;
        }
        let mut next = Vec::new();
        let mut move_states = Vec::new();
        for &s in states {
            if let LineState::Filter(filter, to) = &line.states[s] {
                match filter {
                    Node::Move(m) if m.source == MoveSource::Played && !line.backward => {
                        move_states.push((m, *to));
                    }
                    _ => {
                        if !next.contains(to) && is_match(&self.eval(filter, at)) {
                            Self::line_closure(line, *to, &mut next);
                        }
                    }
                }
            }
        }
        if move_states.is_empty() {
            self.line_continue(line, next, self.line_next(line, at), at, done, best);
            return;
        }
        // Each child gets the states whose move constituent admits the move to it.
        let children: Vec<u32> = self.line_next(line, at);
        let direct: Vec<u32> = if line.singlecolor {
            self.line_children(line, at)
        } else {
            children.clone()
        };
        if !next.is_empty() {
            // States reached without a move condition go on to every successor.
            self.line_continue(line, next.clone(), children, at, done, best);
        }
        for c in direct {
            let mut with_move = Vec::new();
            for (m, to) in &move_states {
                if !with_move.contains(to) && self.move_admits_child(m, at, c) {
                    Self::line_closure(line, *to, &mut with_move);
                }
            }
            if with_move.is_empty() {
                continue;
            }
            let succ = if line.singlecolor {
                self.line_children(line, c)
            } else {
                vec![c]
            };
            self.line_continue(line, with_move, succ, at, done, best);
        }
    }

    /// After position `at` was consumed into the state set `next`: records an accepted match
    /// and goes on to the successors.
    fn line_continue(
        &self,
        line: &Line<P::Set>,
        next: Vec<usize>,
        successors: Vec<u32>,
        at: u32,
        done: u32,
        best: &mut Option<(u32, u32)>,
    ) {
        if next.is_empty() {
            return;
        }
        if next.iter().any(|&s| line.states[s] == LineState::Accept)
            && best.is_none_or(|(len, _)| len < done + 1)
        {
            *best = Some((done + 1, at));
            if line.firstmatch {
                return;
            }
        }
        if !next
            .iter()
            .any(|&s| matches!(line.states[s], LineState::Filter(..)))
        {
            return;
        }
        for p in successors {
            self.line_step(line, &next, p, done + 1, best);
        }
    }
}
