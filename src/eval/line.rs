//! `line`: runs the compiled automaton ([`Line`]) over the game tree from a position.
//!
//! The automaton is run as a set of states per position (Thompson's simulation), so its cost
//! is the number of states times the positions of the lines walked, whatever the nesting of
//! repetitions (`((((true){0,4}){0,4}){0,4}){0,4}`). Nothing here recurses with a depth the
//! query or the game chooses: the closure over the states is a loop with a bit per state,
//! and the walk down the tree is a loop over a stack of tasks that keeps the order of the
//! depth-first walk (game order, each line to its end before the next), which decides which
//! of equally long matches is kept.

use smallvec::SmallVec;

use super::{Evaluator, Kids, Value, is_match};
use crate::ir::{Line, LineState, MoveFilter, MoveSource, Node};
use crate::rules::Position;

/// A set of automaton states: in the order added, with a bit per state for membership.
/// Held inline up to 16 states in the list and 128 in the bits (no allocation for most
/// queries: it is made at every position a `line` is evaluated at).
#[derive(Clone)]
struct StateSet {
    list: SmallVec<[usize; 16]>,
    member: SmallVec<[u64; 2]>,
}

impl StateSet {
    /// The empty set for an automaton of `n` states.
    fn new(n: usize) -> StateSet {
        StateSet {
            list: SmallVec::new(),
            member: smallvec::smallvec![0; n.div_ceil(64)],
        }
    }

    fn contains(&self, s: usize) -> bool {
        self.member[s / 64] & (1 << (s % 64)) != 0
    }

    /// Adds `state` and every state reachable from it without consuming a position, in the
    /// depth-first order of the split states' lists.
    fn close<S>(&mut self, line: &Line<S>, state: usize) {
        let mut todo: SmallVec<[usize; 8]> = smallvec::smallvec![state];
        while let Some(s) = todo.pop() {
            if self.contains(s) {
                continue;
            }
            self.member[s / 64] |= 1 << (s % 64);
            self.list.push(s);
            if let LineState::Split(next) = &line.states[s] {
                todo.extend(next.iter().rev().copied());
            }
        }
    }
}

/// A state list handed from one position to the next (a [`StateSet`]'s list).
type States = SmallVec<[usize; 16]>;

/// A move constituent waiting at a position: the move filter and the state after it.
type MoveState<'a, S> = (&'a MoveFilter<S>, usize);

/// The move constituents waiting at a position (a few at most: held inline, copied to each
/// child's task).
type MoveStates<'a, S> = SmallVec<[MoveState<'a, S>; 4]>;

/// The tasks of a `line`'s walk (held inline while the walk is short: one `line` is walked
/// from every position).
type Tasks<'a, S> = SmallVec<[Task<'a, S>; 4]>;

/// Work left in a `line`'s walk, run last in, first out.
enum Task<'a, S> {
    /// Consume position `at` from the states (`done` positions consumed before).
    Step { states: States, at: u32, done: u32 },
    /// Position `at` was consumed into `next`: record a match, go on to the successors.
    Continue {
        next: States,
        successors: Kids,
        at: u32,
        done: u32,
    },
    /// The move constituents at `at` that admit the move to child `child`, then go on.
    MoveChild {
        moves: MoveStates<'a, S>,
        at: u32,
        child: u32,
        done: u32,
    },
}

impl<P: Position> Evaluator<'_, P> {
    /// The positions one ply from `at` in the line's direction (children admitted by
    /// `primary` / `secondary`, or the parent).
    fn line_children(&self, line: &Line<P::Set>, p: u32) -> Kids {
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
    fn line_next(&self, line: &Line<P::Set>, at: u32) -> Kids {
        let once = self.line_children(line, at);
        if line.singlecolor {
            once.into_iter()
                .flat_map(|c| self.line_children(line, c))
                .collect()
        } else {
            once
        }
    }

    /// `line`: runs the automaton from `at`; the value is the longest match's length (or its
    /// last position with `lastposition`).
    pub(super) fn eval_line(&self, line: &Line<P::Set>, at: u32) -> Option<Value<P::Set>> {
        // (positions matched, last position matched) of the best match.
        let mut best: Option<(u32, u32)> = None;
        let mut tasks = self.line_start(line, at, &mut best)?;
        while let Some(task) = tasks.pop() {
            if line.firstmatch && best.is_some() {
                break;
            }
            match task {
                Task::Step { states, at, done } => {
                    self.line_step(line, &states, at, done, &mut tasks);
                }
                Task::Continue {
                    next,
                    successors,
                    at,
                    done,
                } => line_continue(line, next, successors, at, done, &mut best, &mut tasks),
                Task::MoveChild {
                    moves,
                    at,
                    child,
                    done,
                } => {
                    if let Some((next, successors)) = self.line_move_child(line, &moves, at, child)
                    {
                        line_continue(line, next, successors, at, done, &mut best, &mut tasks);
                    }
                }
            }
        }
        match_value(line, best)
    }

    /// The walk's first tasks from `at` (`best` set when the empty line is accepted); None when
    /// no line can start there.
    ///
    /// Most lines begin with one filter on the current position, or one `move` constituent,
    /// which fail at most positions: those are taken here as `line_step` (and for a move, the
    /// one `MoveChild` task it makes where one move is played) takes them, so that a failing
    /// position costs no state sets or tasks.
    fn line_start<'a>(
        &self,
        line: &'a Line<P::Set>,
        at: u32,
        best: &mut Option<(u32, u32)>,
    ) -> Option<Tasks<'a, P::Set>> {
        let mut tasks = Tasks::new();
        if let LineState::Filter(filter, to) = &line.states[line.start] {
            if !is_played_move(line, filter) {
                if !is_match(&self.eval(filter, at)) {
                    return None;
                }
                let mut next = StateSet::new(line.states.len());
                next.close(line, *to);
                let successors = self.line_next(line, at);
                line_continue(line, next.list, successors, at, 0, best, &mut tasks);
                return Some(tasks);
            }
            if let Node::Move(m) = filter
                && !line.singlecolor
                && let &[child] = self.line_children(line, at).as_slice()
            {
                let (next, successors) = self.line_move_child(line, &[(m, *to)], at, child)?;
                line_continue(line, next, successors, at, 0, best, &mut tasks);
                return Some(tasks);
            }
        }
        let mut start = StateSet::new(line.states.len());
        start.close(line, line.start);
        if start
            .list
            .iter()
            .any(|&s| line.states[s] == LineState::Accept)
        {
            *best = Some((0, at));
        }
        tasks.push(Task::Step {
            states: start.list,
            at,
            done: 0,
        });
        Some(tasks)
    }

    /// The move constituents `moves` waiting at `at` that admit the move to `child`: the
    /// states after them, which consume `at`, and the positions the line goes on from
    /// (`child`, or two plies on with `singlecolor`). None when none admits the move.
    fn line_move_child(
        &self,
        line: &Line<P::Set>,
        moves: &[MoveState<'_, P::Set>],
        at: u32,
        child: u32,
    ) -> Option<(States, Kids)> {
        let mut with_move = StateSet::new(line.states.len());
        for (m, to) in moves {
            if !with_move.contains(*to) && self.move_admits_child(m, at, child) {
                with_move.close(line, *to);
            }
        }
        if with_move.list.is_empty() {
            return None;
        }
        let successors = if line.singlecolor {
            self.line_children(line, child)
        } else {
            smallvec::smallvec![child]
        };
        Some((with_move.list, successors))
    }

    /// Consumes position `at` from the state set `states`: queues what follows. A `move`
    /// constituent (about the moves played from `at`) is read as a condition on the move
    /// the line takes to its next position, as CQL 6.2 does.
    fn line_step<'a>(
        &self,
        line: &'a Line<P::Set>,
        states: &[usize],
        at: u32,
        done: u32,
        tasks: &mut Tasks<'a, P::Set>,
    ) {
        let mut next = StateSet::new(line.states.len());
        let mut moves: MoveStates<'a, P::Set> = SmallVec::new();
        for &s in states {
            if let LineState::Filter(filter, to) = &line.states[s] {
                match filter {
                    Node::Move(m) if is_played_move(line, filter) => {
                        moves.push((m, *to));
                    }
                    _ => {
                        if !next.contains(*to) && is_match(&self.eval(filter, at)) {
                            next.close(line, *to);
                        }
                    }
                }
            }
        }
        if moves.is_empty() && next.list.is_empty() {
            // No state consumed the position: this line ends here (`line_continue` would
            // queue nothing).
            return;
        }
        if moves.is_empty() {
            tasks.push(Task::Continue {
                next: next.list,
                successors: self.line_next(line, at),
                at,
                done,
            });
            return;
        }
        // Each child gets the states whose move constituent admits the move to it (queued
        // last first, so they run in game order after the states without a move condition).
        let children: Kids = self.line_next(line, at);
        let direct: Kids = if line.singlecolor {
            self.line_children(line, at)
        } else {
            children.clone()
        };
        for &child in direct.iter().rev() {
            tasks.push(Task::MoveChild {
                moves: moves.clone(),
                at,
                child,
                done,
            });
        }
        if !next.list.is_empty() {
            // States reached without a move condition go on to every successor.
            tasks.push(Task::Continue {
                next: next.list,
                successors: children,
                at,
                done,
            });
        }
    }
}

/// Whether `filter` is a `move` constituent about the move played from the position, read as
/// a condition on the move a forward line takes (see `line_step`).
fn is_played_move<S>(line: &Line<S>, filter: &Node<S>) -> bool {
    matches!(filter, Node::Move(m) if m.source == MoveSource::Played) && !line.backward
}

/// After position `at` was consumed into the state set `next`: records an accepted match
/// and queues the successors (the first on top).
fn line_continue<S>(
    line: &Line<S>,
    next: States,
    successors: Kids,
    at: u32,
    done: u32,
    best: &mut Option<(u32, u32)>,
    tasks: &mut Tasks<'_, S>,
) {
    if next.is_empty() {
        return;
    }
    if next
        .iter()
        .any(|&s| matches!(line.states[s], LineState::Accept))
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
    for &p in successors.iter().rev() {
        tasks.push(Task::Step {
            states: next.clone(),
            at: p,
            done: done + 1,
        });
    }
}

/// The distinct filters of a `line`'s automaton, for a `line` searched in one pass on the main
/// line ([`Evaluator::line_marks`], [`line_on_main_line`]): each is evaluated once per
/// position, however many states share it (`check{20}` unrolls to 20 states of one filter).
pub struct LineFilters<'a, S> {
    /// The distinct filters (at most 64: one bit each in a position's marks).
    filters: SmallVec<[&'a Node<S>; 4]>,
    /// For each state, the index of its filter (None: not a filter state).
    of_state: SmallVec<[Option<u8>; 16]>,
    /// The closure of the line's start state: every match from a position starts from it.
    start: StateSet,
    /// The filters of the start closure's filter states (a bit each, as in the marks): a
    /// position whose marks have none of them ends every match there at its first step.
    start_filters: u64,
    /// Whether the start closure accepts (a line that may match no position).
    start_accepts: bool,
}

impl<'a, S: PartialEq> LineFilters<'a, S> {
    /// The filters of `line`; None when it has more than 64 distinct ones.
    pub fn new(line: &'a Line<S>) -> Option<LineFilters<'a, S>> {
        let mut filters: SmallVec<[&'a Node<S>; 4]> = SmallVec::new();
        let mut of_state = SmallVec::new();
        for state in &line.states {
            let LineState::Filter(filter, _) = state else {
                of_state.push(None);
                continue;
            };
            let index = match filters.iter().position(|f| *f == filter) {
                Some(i) => i,
                None => {
                    filters.push(filter);
                    filters.len() - 1
                }
            };
            of_state.push(Some(u8::try_from(index).ok().filter(|&i| i < 64)?));
        }
        let mut start = StateSet::new(line.states.len());
        start.close(line, line.start);
        let start_filters = start
            .list
            .iter()
            .filter_map(|&s| of_state[s])
            .fold(0, |bits: u64, i| bits | 1u64 << i);
        let start_accepts = start
            .list
            .iter()
            .any(|&s| matches!(line.states[s], LineState::Accept));
        Some(LineFilters {
            filters,
            of_state,
            start,
            start_filters,
            start_accepts,
        })
    }
}

impl<P: Position> Evaluator<'_, P> {
    /// The marks of position `at` for a `line` searched in one pass: bit i when the line's
    /// i-th distinct filter holds there, as `line_step` reads it (a `move` constituent of a
    /// forward line admits the move to the next main-line position; none at the end).
    pub fn line_marks(
        &self,
        line: &Line<P::Set>,
        filters: &LineFilters<'_, P::Set>,
        at: u32,
    ) -> u64 {
        let mut marks = 0;
        for (i, &filter) in filters.filters.iter().enumerate() {
            let holds = match filter {
                // The next main-line position (the one-pass search holds no tree: `primary`
                // admits it, `secondary` is not searched so).
                Node::Move(m) if is_played_move(line, filter) => self
                    .children(at)
                    .next()
                    .is_some_and(|child| self.move_admits_child(m, at, child)),
                _ => is_match(&self.eval(filter, at)),
            };
            marks |= u64::from(holds) << i;
        }
        marks
    }
}

/// Whether `line` matches at position `start` of a main line whose positions' marks are
/// `marks` (by ply; [`Evaluator::line_marks`]), as the walk over the game tree (`eval_line`)
/// decides it when each position has one continuation (the main line, variations not
/// searched) and the line has no `secondary` or `firstmatch`: the walk's tasks then follow
/// one chain, and the union of their state sets after each position is the automaton's state
/// set there (Thompson's simulation); the longest match wins, and its last position is the one
/// at its length.
pub fn line_on_main_line<S: crate::squares::SquareSet>(
    line: &Line<S>,
    filters: &LineFilters<'_, S>,
    marks: &[u64],
    start: u32,
) -> bool {
    is_match(&line_value_on_main_line(line, filters, marks, start))
}

/// The value of [`line_on_main_line`].
fn line_value_on_main_line<S>(
    line: &Line<S>,
    filters: &LineFilters<'_, S>,
    marks: &[u64],
    start: u32,
) -> Option<Value<S>> {
    let first_mark = marks.get(start as usize).copied().unwrap_or(0);
    // Most positions start no match: none of the start states' filters holds there (the
    // loop below would end at its first step with `best` as the start states leave it).
    if first_mark & filters.start_filters == 0 {
        return match_value(line, filters.start_accepts.then_some((0, start)));
    }
    let step = if line.singlecolor { 2 } else { 1 };
    let mut states = filters.start.clone();
    let mut best: Option<(u32, u32)> = filters.start_accepts.then_some((0, start));
    let mut at = Some(start);
    let mut done = 0;
    while let Some(p) = at.filter(|&p| (p as usize) < marks.len()) {
        let mark = marks[p as usize];
        let mut next = StateSet::new(line.states.len());
        for &s in &states.list {
            if let (LineState::Filter(_, to), Some(i)) = (&line.states[s], filters.of_state[s])
                && mark >> i & 1 == 1
                && !next.contains(*to)
            {
                next.close(line, *to);
            }
        }
        if next.list.is_empty() {
            break;
        }
        done += 1;
        if next
            .list
            .iter()
            .any(|&s| matches!(line.states[s], LineState::Accept))
        {
            best = Some((done, p));
        }
        if !next
            .list
            .iter()
            .any(|&s| matches!(line.states[s], LineState::Filter(..)))
        {
            break;
        }
        states = next;
        at = if line.backward {
            p.checked_sub(step)
        } else {
            p.checked_add(step)
        };
    }
    match_value(line, best)
}

/// A line's value from its best match (positions matched, last position matched): the
/// length, or the last position with `lastposition`; None without a match or when the length
/// is outside the line's range.
fn match_value<S>(line: &Line<S>, best: Option<(u32, u32)>) -> Option<Value<S>> {
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
