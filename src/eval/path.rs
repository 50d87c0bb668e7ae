//! CQL 6.2's `path`: a depth-first backtracking search over the game tree, in the order of
//! CQL 6.2's `PathNode::compute` (fewer repetitions are tried first, moves in game order),
//! keeping the longest path (or the one maximising `max F`; the first found among equals
//! unless `keepallbest`), its comments, and the status the path status filters read.
//!
//! With a focus, only moves of the focused pieces (those on the focus set at the start) are
//! steps: the first must be played from the start, later ones may follow any number of
//! unfocused moves. Non-atomic assignments made inside are kept, as in CQL 6.2.

use super::dash::{Sides, dash_fits};
use super::{Evaluator, Value};
use crate::ir::path::{Dash, Path, PathCon, PathFilter, PathStatus};
use crate::rules::Position;
use crate::squares::SquareSet;

/// The longest path searched (its moves): the search recurses once per move, so a longer
/// one (a game of thousands of plies) stops the run with an error instead of the stack.
const MAX_PATH_MOVES: u32 = 2000;

/// What paths leave in a game's evaluation: the running paths, the last matched one, the
/// `nestban` positions, and the sides of the dashes whose targets are being evaluated.
pub(super) struct PathState<S> {
    /// The paths being searched, innermost last.
    frames: Vec<Frame>,
    /// (start, last position, length) of the last path that matched in the game.
    last: Option<(u32, u32, u32)>,
    /// Per `nestban` path (by its address): the positions inside its matches.
    nest: Vec<(usize, Vec<u32>)>,
    /// The sides of the dashes whose targets are being evaluated, innermost last.
    pub owned: Vec<Sides<S>>,
}

impl<S> Default for PathState<S> {
    fn default() -> Self {
        PathState {
            frames: Vec::new(),
            last: None,
            nest: Vec::new(),
            owned: Vec::new(),
        }
    }
}

/// A running path, as the status filters inside it see it.
#[derive(Clone, Copy)]
struct Frame {
    start: u32,
    count: u32,
    best: Option<u32>,
}

/// A constituent waiting on the search stack.
pub(super) enum Item<'a, S> {
    /// A constituent still to match.
    Con(&'a PathCon<S>),
    /// A repetition with `seen` copies matched, the last begun at position `from`.
    Rep {
        con: &'a PathCon<S>,
        min: u32,
        max: Option<u32>,
        seen: u32,
        from: u32,
    },
}

impl<S> Clone for Item<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Item<'_, S> {}

/// Comments and sort values made since the search began (a snapshot).
type Made = (Vec<(u32, String)>, Vec<super::state::SortEntry>);

/// One search of a path from its start.
struct Search<'a, S> {
    path: &'a Path<S>,
    start: u32,
    /// The focused pieces' numbers (sorted), with a focus.
    focus: Option<Vec<u32>>,
    count: u32,
    /// (last position, length, max value) of the best path found.
    best: Option<(u32, u32, i64)>,
    /// Last positions of paths as good as the best (`keepallbest`).
    others: Vec<u32>,
    /// The comments made along the best paths.
    made: Made,
    /// The comment mark at the start.
    mark: (usize, usize),
    /// The search states already explored to the end, when the path allows skipping them
    /// (see [`super::path_memo`]); None otherwise.
    memo: Option<super::path_memo::Memo>,
}

impl<S> Search<'_, S> {
    /// The stack shrank to `len` items ([`super::path_memo::Memo::shrunk`]).
    fn shrunk(&mut self, len: usize) {
        if let Some(m) = &mut self.memo {
            m.shrunk(len);
        }
    }
}

impl<P: Position> Evaluator<'_, P> {
    /// Dispatch for [`PathFilter`].
    pub(super) fn eval_path_filter(
        &self,
        f: &PathFilter<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        match f {
            PathFilter::Path(p) => self.eval_path(p, at),
            PathFilter::Dash(d) => self.eval_dash(d, at),
            PathFilter::MoveSquares(from) => self.eval_move_squares(*from, at),
            PathFilter::Status(s) => self.eval_path_status(*s, at),
            PathFilter::Debug => {
                eprintln!("{}", self.path_debug_text(at));
                Some(Value::Bool(true))
            }
        }
    }

    /// `pathcount`, `pathstart`, ...: of the innermost running path, else of the last match.
    fn eval_path_status(&self, s: PathStatus, at: u32) -> Option<Value<P::Set>> {
        let state = self.path_state.borrow();
        let plies =
            |from: u32, to: u32| i64::from(self.node(to).ply) - i64::from(self.node(from).ply);
        if let Some(f) = state.frames.last() {
            return match s {
                PathStatus::Count => Some(Value::Num(i64::from(f.count))),
                PathStatus::CountUnfocused => {
                    Some(Value::Num(plies(f.start, at) - i64::from(f.count)))
                }
                PathStatus::Start => Some(Value::Pos(f.start)),
                PathStatus::LastPosition => f.best.map(Value::Pos),
            };
        }
        let (start, last, count) = state.last?;
        match s {
            PathStatus::Count => (count > 0).then_some(Value::Num(i64::from(count))),
            PathStatus::CountUnfocused => Some(Value::Num(plies(start, last) - i64::from(count))),
            PathStatus::Start => Some(Value::Pos(start)),
            PathStatus::LastPosition => Some(Value::Pos(last)),
        }
    }

    /// What `pathdebug` prints at `at` (as CQL 6.2's `PathDebugNode`: the innermost running
    /// path's start, its count, its best position so far, and the current position).
    pub(super) fn path_debug_text(&self, at: u32) -> String {
        let frame = self.path_state.borrow().frames.last().copied();
        let here = self.position_name(at);
        match frame {
            Some(f) => format!(
                "PathDebug: path started at {} count: {} bestSoFar: {} actual currpos: {here}",
                self.position_name(f.start),
                f.count,
                f.best
                    .map_or_else(|| "none".to_string(), |b| self.position_name(b)),
            ),
            None => format!("PathDebug: no path is running; actual currpos: {here}"),
        }
    }

    /// `path ...` at `at`.
    fn eval_path(&self, path: &Path<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let id = path as *const Path<P::Set> as usize;
        if path.nestban
            && self
                .path_state
                .borrow()
                .nest
                .iter()
                .any(|(p, seen)| *p == id && seen.contains(&at))
        {
            return None;
        }
        let focus = path.focus.as_ref().map(|f| {
            let set = self.set(&f.set, at).unwrap_or_else(P::Set::empty);
            let table = self.pieces();
            let mut ids: Vec<u32> = set
                .coords()
                .into_iter()
                .map(|c| table.piece_at(at, c))
                .filter(|&id| id != 0)
                .collect();
            ids.sort_unstable();
            ids
        });
        let mut s = Search {
            path,
            start: at,
            focus,
            count: 0,
            best: None,
            others: Vec::new(),
            made: (Vec::new(), Vec::new()),
            mark: self.state.borrow().comment_mark(),
            memo: super::path_memo::may_skip(path)
                .then(|| super::path_memo::Memo::new(path.cons.len())),
        };
        self.path_state.borrow_mut().frames.push(Frame {
            start: at,
            count: 0,
            best: None,
        });
        let mut stack: Vec<Item<'_, P::Set>> = path.cons.iter().rev().map(Item::Con).collect();
        self.compute(&mut s, &mut stack, at);
        self.path_state.borrow_mut().frames.pop();
        self.state.borrow_mut().rollback(s.mark);
        let (last, count, max) = s.best?;
        let measured = if path.max.is_some() {
            max
        } else {
            i64::from(count)
        };
        if path.range.is_some_and(|r| !r.contains(measured)) {
            return None;
        }
        self.state.borrow_mut().restore(std::mem::take(&mut s.made));
        self.notate_path(&s, at, last, count, max);
        for &other in &s.others {
            self.notate_path(&s, at, other, count, max);
            if !path.quiet {
                self.state
                    .borrow_mut()
                    .comment(other, "alternative".to_string());
            }
        }
        let mut state = self.path_state.borrow_mut();
        if path.nestban {
            let inside = self.path_between(at, last);
            match state.nest.iter_mut().find(|(p, _)| *p == id) {
                Some((_, seen)) => seen.extend(inside),
                None => state.nest.push((id, inside)),
            }
        }
        state.last = Some((at, last, count));
        Some(if path.lastposition {
            Value::Pos(last)
        } else {
            Value::Num(measured)
        })
    }

    /// The positions from `start` to the parent of `last` (those a move of the path leaves).
    fn path_between(&self, start: u32, last: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut here = last;
        while here != start {
            let Some(p) = self.parent_of(here) else {
                break;
            };
            out.push(p);
            here = p;
        }
        out
    }

    /// Matches the stack's constituents from position `at` (CQL 6.2's `PathNode::compute`).
    fn compute<'a>(&self, s: &mut Search<'a, P::Set>, stack: &mut Vec<Item<'a, P::Set>>, at: u32) {
        let Some(top) = stack.pop() else {
            if at != s.start {
                self.merge_success(s, at);
            }
            return;
        };
        let stopping = self.state.borrow().prog.abort.is_some();
        if !(stopping || s.path.firstmatch && s.best.is_some()) {
            // A state explored before adds nothing (see `path_memo`): skipped.
            let memo = s.memo.as_mut().map(|m| {
                let low = m.popped(stack.len());
                (low, m.key(stack, &top, at))
            });
            match memo {
                Some((_, key)) if s.memo.as_ref().is_some_and(|m| m.seen(key)) => {}
                _ => {
                    self.compute_item(s, stack, top, at);
                    if let (Some(m), Some((_, key))) = (&mut s.memo, memo) {
                        m.insert(key);
                    }
                }
            }
            if let (Some(m), Some((low, _))) = (&mut s.memo, memo) {
                m.restore(low);
            }
        } else if let Some(m) = &mut s.memo {
            m.shrunk(stack.len());
        }
        stack.push(top);
    }

    fn compute_item<'a>(
        &self,
        s: &mut Search<'a, P::Set>,
        stack: &mut Vec<Item<'a, P::Set>>,
        top: Item<'a, P::Set>,
        at: u32,
    ) {
        match top {
            Item::Con(PathCon::Filter(f)) => {
                if self.matches(f, at) {
                    self.compute(s, stack, at);
                }
            }
            Item::Con(PathCon::Dash(d)) => self.compute_dash(s, stack, d, at),
            Item::Con(PathCon::Chain(cons)) => {
                let len = stack.len();
                stack.extend(cons.iter().rev().map(Item::Con));
                self.compute(s, stack, at);
                stack.truncate(len);
                s.shrunk(len);
            }
            Item::Con(PathCon::Repeat(con, min, max)) => {
                stack.push(Item::Rep {
                    con,
                    min: *min,
                    max: *max,
                    seen: 0,
                    from: at,
                });
                self.compute(s, stack, at);
                stack.pop();
                s.shrunk(stack.len());
            }
            Item::Rep {
                con,
                min,
                max,
                seen,
                from,
            } => {
                if seen >= min {
                    self.compute(s, stack, at);
                }
                // Another copy, unless the last one played no move (it would loop forever).
                let stalled = seen > 0 && seen >= min && from == at;
                if max.is_none_or(|m| seen < m) && !stalled {
                    stack.push(Item::Rep {
                        con,
                        min,
                        max,
                        seen: seen + 1,
                        from: at,
                    });
                    stack.push(Item::Con(con));
                    self.compute(s, stack, at);
                    stack.pop();
                    stack.pop();
                    s.shrunk(stack.len());
                }
            }
        }
    }

    /// A dash constituent: each (focused) move from `at` that fits it, then the rest.
    fn compute_dash<'a>(
        &self,
        s: &mut Search<'a, P::Set>,
        stack: &mut Vec<Item<'a, P::Set>>,
        d: &'a Dash<P::Set>,
        at: u32,
    ) {
        let moves: Vec<(u32, u32)> = match &s.focus {
            None => self.children(at).map(|c| (at, c)).collect(),
            Some(ids) if at == s.start => self
                .children(at)
                .filter(|&c| self.in_focus(ids, s.path, c))
                .map(|c| (at, c))
                .collect(),
            Some(ids) => self.focused_moves(ids, s.path, at),
        };
        let mark = self.state.borrow().comment_mark();
        for (head, tail) in moves {
            if s.path.primary
                && self.game.record.nodes[head as usize].children.first() != Some(&tail)
            {
                continue;
            }
            let Some(mv) = self.node(tail).played.clone() else {
                continue;
            };
            let parts = self.move_parts(&mv, head, Some(tail));
            let mut sides = self.dash_sides(d, head);
            if let (Some(ids), Some((rf, rt))) = (&s.focus, &parts.rook) {
                // CQL 6.2 (`computeDashConFocused`): a castling move is in focus by its king
                // or its rook; the squares of the one not focused are taken out of the
                // dash's sides, so the move must fit by the focused piece and `from` / `to`
                // in the target read the focused piece's squares only.
                let table = self.pieces();
                let id_of =
                    |sq: &P::Set| sq.coords().first().map_or(0, |&c| table.piece_at(head, c));
                let geo = self.node(head).position.geometry();
                let without = |side: Option<P::Set>, sq: &P::Set| {
                    Some(side.unwrap_or_else(|| P::Set::full(geo)).minus(sq))
                };
                if ids.binary_search(&id_of(&parts.from)).is_err() {
                    sides = (without(sides.0, &parts.from), without(sides.1, &parts.to));
                }
                if ids.binary_search(&id_of(rf)).is_err() {
                    sides = (without(sides.0, rf), without(sides.1, rt));
                }
            }
            if !dash_fits(&parts, d.capture, &sides) || !self.promotion_ok(d, &mv, head) {
                continue;
            }
            if s.count >= MAX_PATH_MOVES {
                // The search recurses once per move: stop before the stack runs out.
                let m = format!(
                    "'path' stopped: a path longer than {MAX_PATH_MOVES} moves \
                     (game number {} and position id {})",
                    self.game.number, s.start
                );
                self.state.borrow_mut().prog.abort.get_or_insert(m);
                return;
            }
            s.count += 1;
            self.set_frame_count(s.count);
            if self.dash_target(&d.target, sides, tail).is_some() {
                let low = s.memo.as_mut().map(|m| m.moved(stack.len()));
                self.compute(s, stack, tail);
                if let (Some(m), Some(low)) = (&mut s.memo, low) {
                    m.restore(low);
                }
            }
            s.count -= 1;
            self.set_frame_count(s.count);
            self.state.borrow_mut().rollback(mark);
        }
    }

    fn set_frame_count(&self, count: u32) {
        if let Some(f) = self.path_state.borrow_mut().frames.last_mut() {
            f.count = count;
        }
    }

    /// Whether the move reaching `tail` is in focus: its piece (a castling's king or rook)
    /// is focused, or, with `focus capture`, the piece it captures.
    fn in_focus(&self, ids: &[u32], path: &Path<P::Set>, tail: u32) -> bool {
        let Some(head) = self.parent_of(tail) else {
            return false;
        };
        let Some(mv) = self.node(tail).played.as_ref() else {
            return false;
        };
        let table = self.pieces();
        let focused = |sq: &P::Set| {
            sq.coords()
                .first()
                .is_some_and(|&c| ids.binary_search(&table.piece_at(head, c)).is_ok())
        };
        let capture = path.focus.as_ref().is_some_and(|f| f.capture);
        if mv.castle.is_none() && !mv.null {
            // The common case, without copying the move.
            return focused(&mv.from)
                || capture && mv.capture.as_ref().is_some_and(|(_, sq)| focused(sq));
        }
        let parts = self.move_parts(mv, head, Some(tail));
        if let Some((rf, _)) = &parts.rook {
            return focused(&parts.from) || focused(rf);
        }
        focused(&parts.from) || capture && parts.capture.as_ref().is_some_and(focused)
    }

    /// The first focused move on each line of play below `root`, in game order (CQL 6.2's
    /// `Focus::getFocusedMoves`).
    fn focused_moves(&self, ids: &[u32], path: &Path<P::Set>, root: u32) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let mut todo: Vec<u32> = self.children(root).collect();
        todo.reverse();
        while let Some(c) = todo.pop() {
            if self.in_focus(ids, path, c) {
                out.push((self.parent_of(c).unwrap_or(root), c));
                continue;
            }
            let mut kids: Vec<u32> = self.children(c).collect();
            kids.reverse();
            todo.extend(kids);
        }
        out
    }

    /// A complete match ending at `at` (CQL 6.2's `mergeSuccess`).
    fn merge_success(&self, s: &mut Search<'_, P::Set>, at: u32) {
        let (better, equal, value) = match &s.path.max {
            Some(f) => {
                let Some(v) = self.num(f, at) else {
                    return;
                };
                match s.best {
                    None => (true, false, v),
                    Some((_, _, b)) => (v > b, v == b, v),
                }
            }
            None => match s.best {
                None => (true, false, 0),
                Some((_, c, _)) => (s.count > c, s.count == c, 0),
            },
        };
        if better {
            s.best = Some((at, s.count, value));
            s.others.clear();
            s.made = self.state.borrow().made_since(s.mark);
            if let Some(f) = self.path_state.borrow_mut().frames.last_mut() {
                f.best = Some(at);
            }
        } else if equal && s.path.keep_all_best {
            s.others.push(at);
            let (c, v) = self.state.borrow().made_since(s.mark);
            s.made.0.extend(c);
            s.made.1.extend(v);
        }
    }

    /// The comments CQL 6.2 writes for a matched path (`PathNode::notate`).
    fn notate_path(&self, s: &Search<'_, P::Set>, start: u32, last: u32, count: u32, max: i64) {
        let path = s.path;
        let piece_paths = if path.piecepath {
            self.piece_paths(s, start, last)
        } else {
            None
        };
        let mut state = self.state.borrow_mut();
        if let Some(t) = &path.title {
            state.comment(start, t.clone());
        }
        if let Some(text) = piece_paths {
            state.comment(start, format!("Focus path: {text}"));
        }
        if path.verbose {
            let mut moves = self.path_between(start, last);
            moves.reverse();
            let tails = moves.iter().skip(1).copied().chain([last]);
            let mut n = 0;
            for tail in tails {
                let focused = s
                    .focus
                    .as_ref()
                    .is_none_or(|ids| self.in_focus(ids, path, tail));
                if focused {
                    n += 1;
                    let prefix = path
                        .title
                        .as_ref()
                        .map_or(String::new(), |t| format!("{t}: "));
                    state.comment(tail, format!("{prefix}move {n} of {count}"));
                }
            }
        }
        if path.quiet {
            return;
        }
        let mut end = format!(
            "End path of length {count} that starts at {}",
            self.position_name(start)
        );
        if path.max.is_some() {
            end.push_str(&format!(" Max value: {max}"));
        }
        state.comment(last, end);
        let begin = format!("Start path that ends at {}", self.position_name(last));
        state.comment(start, begin);
    }

    /// `piecepath`: for each piece on the focus set at the start, its letter and square,
    /// then `-square` for each square it moves to and `(xsquare)` when it is captured there
    /// (CQL 6.2's `PiecePathNode`); pieces that never move are left out.
    fn piece_paths(&self, s: &Search<'_, P::Set>, start: u32, last: u32) -> Option<String> {
        let focus = s.path.focus.as_ref()?;
        let set = self.set(&focus.set, start)?;
        let pos = &self.node(start).position;
        let geo = pos.geometry();
        let mut tails = self.path_between(start, last);
        tails.reverse();
        let tails: Vec<u32> = tails.into_iter().skip(1).chain([last]).collect();
        let table = self.pieces();
        let name =
            |c: crate::squares::Coord| format!("{}{}", (b'a' + c.file as u8) as char, c.rank + 1);
        let mut out = String::new();
        let mut seen = false;
        for c in set.coords() {
            let one = P::Set::from_coords(geo, [c]);
            let Some(piece) = pos.piece_at(&one) else {
                continue;
            };
            if seen {
                out.push(' ');
            }
            let id = table.piece_at(start, c);
            let letter = super::text::piece_letter(Some(piece), false).unwrap_or('?');
            let mut text = format!("{letter}{}", name(c));
            let mut at = c;
            for &t in &tails {
                match table.squares_of::<P::Set>(t, id).coords().first() {
                    None => {
                        text.push_str(&format!("(x{})", name(at)));
                        break;
                    }
                    Some(&now) if now != at => {
                        text.push_str(&format!("-{}", name(now)));
                        at = now;
                    }
                    Some(_) => {}
                }
            }
            if text.len() > 3 {
                out.push_str(&text);
                seen = true;
            }
        }
        seen.then_some(out)
    }

    /// CQL 6.2's `QPos::idString`: `move 8(btm)`, counting moves from the game's start as
    /// move 1, with `[node]` added inside variations.
    pub(super) fn position_name(&self, at: u32) -> String {
        let node = self.node(at);
        let ply = i64::from(node.ply);
        let wtm = node.position.turn() == crate::ir::Color::White;
        // The side that moved first: White unless the parity says otherwise.
        let white_first = !(wtm && ply % 2 == 1 || !wtm && ply % 2 == 0);
        let number = if !white_first && wtm { ply + 1 } else { ply } / 2 + 1;
        let side = if wtm { "wtm" } else { "btm" };
        let mut name = format!("move {number}({side})");
        if self.depth(at) > 0 {
            name.push_str(&format!("[{at}]"));
        }
        name
    }
}
