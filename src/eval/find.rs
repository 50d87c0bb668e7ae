//! `find`: the first position (or the number of positions) where a filter matches, in the
//! searched subtree below the current position (pre-order, main continuation first), or on
//! the way back to the start with `<--`.
//!
//! Evaluated at every position, a plain scan rescans the game from each one (quadratic in
//! the game's length). When the body only reads the game at the position it is given (no
//! variables but its own loops', no side effects: [`per_game`]), its answers are kept per
//! game in a [`FindTable`]: whether the body matches at each node, and each node's answer
//! once known, so every node is looked at once per game. The answers are the scan's: the
//! first match in pre-order below a node is the node itself if it matches, else the first
//! answer among its children in order; a count is the node's own match plus its children's
//! counts; backwards, the same along the parents.

use smallvec::SmallVec;

use super::{Evaluator, Kids, Value, is_match};
use crate::ir::fold::holds;
use crate::ir::{CmpOp, Find, Node, Range, VarId};
use crate::rules::Position;

/// An answer not yet known.
const UNKNOWN: i64 = -2;
/// No position matched.
const NONE: i64 = -1;

/// One `find`'s answers in one game, by record node.
#[derive(Debug)]
pub(super) struct FindTable {
    /// 0: not evaluated yet, 1: the body does not match there, 2: it matches.
    hit: Vec<u8>,
    /// [`UNKNOWN`], else the answer from that node: the first matching node ([`NONE`] for
    /// none), or with a count range, the number of matching nodes.
    answer: Vec<i64>,
}

impl FindTable {
    fn new(nodes: usize) -> FindTable {
        FindTable {
            hit: vec![0; nodes],
            answer: vec![UNKNOWN; nodes],
        }
    }
}

/// The `find` tables of a game, by the `find` filter's address (None: the body does not
/// qualify, or its table is in use).
pub(super) type FindTables = Vec<(usize, Option<FindTable>)>;

/// Whether a body's answers may be kept for the whole game: it has no side effects
/// (`eval::path_memo`'s pure filters), runs no `path` (whose `from`, `to` and status read the
/// running path), and reads no variable but those its own `square` / `piece` loops bind.
pub fn per_game<S>(body: &Node<S>) -> bool {
    if !super::path_memo::pure(body) {
        return false;
    }
    let mut bound: Vec<VarId> = Vec::new();
    crate::ir::walk::any_node(body, |n| {
        if let Node::SquareLoop(l) | Node::PieceLoop(l) = n {
            bound.push(l.var);
        }
        false
    });
    !crate::ir::walk::any_node(body, |n| match n {
        Node::Var(v) | Node::IsBound(v) => !bound.contains(v),
        Node::Path(_) | Node::Echo(_) => true,
        _ => false,
    })
}

/// Whether the answers of `find`'s body may be kept for the whole game (the module doc):
/// the body reads nothing the search around it changes, and changes nothing.
pub fn body_per_game<S>(f: &Find<S>) -> bool {
    per_game(&f.body)
}

/// A query that is a counted forward `find`: `find all F` or `find N M F` alone, or
/// compared with a number (`find all check >= 20`).
#[derive(Clone, Copy, Debug)]
pub struct CountedFind<'a, S> {
    /// The `find`.
    pub find: &'a Find<S>,
    /// Its range (what it admits as a count).
    range: Range,
    /// The comparison with a number: the operator, the number, and whether the `find` is
    /// the left side.
    compared: Option<(CmpOp, i64, bool)>,
}

impl<'a, S> CountedFind<'a, S> {
    /// The counted forward `find` the query `filter` is made of; None for any other query.
    pub fn of(filter: &'a Node<S>) -> Option<Self> {
        let (find, compared) = match filter {
            Node::Find(f) => (f, None),
            Node::Compare(op, a, b) => match (&**a, &**b) {
                (Node::Find(f), Node::Number(k)) => (f, Some((*op, *k, true))),
                (Node::Number(k), Node::Find(f)) => (f, Some((*op, *k, false))),
                _ => return None,
            },
            _ => return None,
        };
        if find.read_bounds.is_some() {
            return None;
        }
        let range = find.range.filter(|_| !find.backward)?;
        Some(CountedFind {
            find,
            range,
            compared,
        })
    }

    /// Whether the query matches at a position where the `find` counts `count` matching
    /// positions, as evaluating it there decides: the `find` yields the count when its range
    /// admits it, else nothing (`eval_find`); compared with a number, the count is the
    /// compared side (`eval_compare`, against a constant).
    pub fn matches(&self, count: i64) -> bool {
        self.range.contains(count)
            && match self.compared {
                None => true,
                Some((op, k, true)) => holds(count.cmp(&k), op),
                Some((op, k, false)) => holds(k.cmp(&count), op),
            }
    }
}

impl<P: Position> Evaluator<'_, P> {
    /// `find`: forward over the searched subtree (pre-order), or back to the root; a count
    /// with bounds read when it runs is checked against them once counted.
    pub(super) fn eval_find(&self, f: &Find<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let found = self.find_in_tree(f, at)?;
        let Some(bounds) = f.read_bounds.as_deref() else {
            return Some(found);
        };
        let Value::Num(count) = found else {
            return None;
        };
        // CQL 6.2 reads the bounds after counting (its `Range::valid`).
        let (lo, hi) = (self.num(&bounds.min, at)?, self.num(&bounds.max, at)?);
        (lo <= count && count <= hi).then_some(found)
    }

    /// `find` within its own range: the first matching position, or the count.
    fn find_in_tree(&self, f: &Find<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let nodes = self.game.record.nodes.len();
        let id = f as *const Find<P::Set> as usize;
        let Some(mut table) = (at as usize)
            .lt(&nodes)
            .then(|| self.take_find_table(f, id, nodes))
            .flatten()
        else {
            return self.find_scan(f, at);
        };
        let answer = match (f.backward, f.range.is_some()) {
            (false, false) => self.first_below(f, &mut table, at),
            (false, true) => self.count_below(f, &mut table, at),
            (true, counting) => self.along_parents(f, &mut table, at, counting),
        };
        if let Some((_, slot)) = self.state.borrow_mut().finds.iter_mut().find(|e| e.0 == id) {
            *slot = Some(table);
        }
        match f.range {
            None => (answer != NONE).then(|| Value::Pos(answer as u32)),
            Some(range) => range.contains(answer).then_some(Value::Num(answer)),
        }
    }

    /// The game's table for `f` (made on first use), taken out of the state while in use;
    /// None when the body does not qualify.
    fn take_find_table(&self, f: &Find<P::Set>, id: usize, nodes: usize) -> Option<FindTable> {
        let mut st = self.state.borrow_mut();
        if let Some((_, slot)) = st.finds.iter_mut().find(|e| e.0 == id) {
            return slot.take();
        }
        st.finds.push((id, None));
        per_game(&f.body).then(|| FindTable::new(nodes))
    }

    /// Whether the body matches at `p`, evaluated once per game.
    fn find_hit(&self, f: &Find<P::Set>, t: &mut FindTable, p: u32) -> bool {
        match t.hit[p as usize] {
            1 => false,
            2 => true,
            _ => {
                let hit = is_match(&self.eval(&f.body, p));
                t.hit[p as usize] = 1 + u8::from(hit);
                hit
            }
        }
    }

    /// The first matching node in pre-order below (and at) `at`, or [`NONE`]; a loop over a
    /// stack of (node, its children, the next child to try).
    fn first_below(&self, f: &Find<P::Set>, t: &mut FindTable, at: u32) -> i64 {
        let mut frames: Vec<(u32, Kids, usize)> = Vec::new();
        // The answer of the node just entered or finished, to give to the frame on top.
        let mut done = self.enter_first(f, t, at, &mut frames);
        loop {
            if let Some(answer) = done {
                let Some(top) = frames.last_mut() else {
                    return answer;
                };
                if answer != NONE {
                    // Found below the top node: it is the top node's answer too.
                    t.answer[top.0 as usize] = answer;
                    frames.pop();
                    continue;
                }
                top.2 += 1;
            }
            let Some(top) = frames.last_mut() else {
                return NONE;
            };
            done = match top.1.get(top.2) {
                Some(&child) => self.enter_first(f, t, child, &mut frames),
                None => {
                    t.answer[top.0 as usize] = NONE;
                    frames.pop();
                    Some(NONE)
                }
            };
        }
    }

    /// Starts node `p` for [`Self::first_below`]: its answer when known at once, else None
    /// with its frame pushed.
    fn enter_first(
        &self,
        f: &Find<P::Set>,
        t: &mut FindTable,
        p: u32,
        frames: &mut Vec<(u32, Kids, usize)>,
    ) -> Option<i64> {
        let known = t.answer[p as usize];
        if known != UNKNOWN {
            return Some(known);
        }
        if self.find_hit(f, t, p) {
            t.answer[p as usize] = i64::from(p);
            return Some(i64::from(p));
        }
        frames.push((p, self.children(p).collect(), 0));
        None
    }

    /// The number of matching nodes below (and at) `at`; a loop over a stack of (node, its
    /// children, the next child, the count so far).
    fn count_below(&self, f: &Find<P::Set>, t: &mut FindTable, at: u32) -> i64 {
        if t.answer[at as usize] != UNKNOWN {
            return t.answer[at as usize];
        }
        let own = i64::from(self.find_hit(f, t, at));
        let mut frames: Vec<(u32, Kids, usize, i64)> =
            vec![(at, self.children(at).collect(), 0, own)];
        while let Some(top) = frames.last_mut() {
            if let Some(&child) = top.1.get(top.2) {
                top.2 += 1;
                let known = t.answer[child as usize];
                if known != UNKNOWN {
                    top.3 += known;
                } else {
                    let own = i64::from(self.find_hit(f, t, child));
                    frames.push((child, self.children(child).collect(), 0, own));
                }
                continue;
            }
            let (node, _, _, count) = frames.pop().unwrap_or((at, Kids::new(), 0, 0));
            t.answer[node as usize] = count;
            match frames.last_mut() {
                Some(parent) => parent.3 += count,
                None => return count,
            }
        }
        t.answer[at as usize]
    }

    /// `find <--`: the first matching node from `at` back to the start, or (`counting`) the
    /// number of matching nodes there.
    fn along_parents(&self, f: &Find<P::Set>, t: &mut FindTable, at: u32, counting: bool) -> i64 {
        // The nodes whose answer waits on their parent's, `at` first (one, when the positions
        // are searched in order: held inline).
        let mut waiting: SmallVec<[u32; 8]> = SmallVec::new();
        let mut here = Some(at);
        let mut above = if counting { 0 } else { NONE };
        while let Some(p) = here {
            let known = t.answer[p as usize];
            if known != UNKNOWN {
                above = known;
                break;
            }
            if !counting && self.find_hit(f, t, p) {
                t.answer[p as usize] = i64::from(p);
                above = i64::from(p);
                break;
            }
            waiting.push(p);
            here = self.parent_of(p);
        }
        for &p in waiting.iter().rev() {
            if counting {
                above += i64::from(self.find_hit(f, t, p));
            }
            t.answer[p as usize] = above;
        }
        above
    }

    /// `find` by scanning from `at` (a body whose answers cannot be kept, or an imagined
    /// position).
    fn find_scan(&self, f: &Find<P::Set>, at: u32) -> Option<Value<P::Set>> {
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
                let kids: Kids = self.children(p).collect();
                stack.extend(kids.into_iter().rev());
            }
        }
        let range = f.range?;
        range.contains(count).then_some(Value::Num(count))
    }
}
