//! Dash filters as CQL 6.2 reads a move (its `QMove`): `X--Y` admits a move from X to Y,
//! castling admitted by either the king's or the rook's squares; `X[x]Y` a capture by a
//! piece on X of a piece on Y (for en passant, the pawn's square). A null move goes from the
//! king's square to itself. Also `from` / `to` alone, which read the move that reached the
//! position (limited, for castling, to the squares the enclosing dash admitted).

use super::{Evaluator, Value, is_match};
use crate::ir::path::Dash;
use crate::ir::{MoveFilter, MoveSource, PieceKinds, piece_type};
use crate::rules::{MoveInfo, Position};
use crate::squares::{Coord, SquareSet};

/// The squares a move touches.
pub(super) struct MoveParts<S> {
    /// The moving piece's square (the king's for castling and null moves).
    pub from: S,
    /// Its destination (the king's for castling).
    pub to: S,
    /// The captured piece's square.
    pub capture: Option<S>,
    /// For castling: the rook's square before and after.
    pub rook: Option<(S, S)>,
}

/// A dash's sides as read at the move's start (None: any square).
pub(super) type Sides<S> = (Option<S>, Option<S>);

/// Whether `s` meets the side (any square when None).
fn meets<S: SquareSet>(side: &Option<S>, s: &S) -> bool {
    side.as_ref().is_none_or(|x| !x.intersect(s).is_empty())
}

/// CQL 6.2's `QMove::validMove`: the move from `parts` fits the sides (`capture`: a capture
/// by a piece on the left side of a piece on the right side).
pub(super) fn dash_fits<S: SquareSet>(
    parts: &MoveParts<S>,
    capture: bool,
    sides: &Sides<S>,
) -> bool {
    let (left, right) = sides;
    if capture {
        return parts
            .capture
            .as_ref()
            .is_some_and(|c| meets(left, &parts.from) && meets(right, c));
    }
    let king = meets(left, &parts.from) && meets(right, &parts.to);
    match &parts.rook {
        Some((rf, rt)) => king || meets(left, rf) && meets(right, rt),
        None => king,
    }
}

/// Whether a promotion mask (bit `t` for type `t`) admits the move.
fn promotion_fits<S>(promote: Option<u32>, mv: &MoveInfo<S>) -> bool {
    promote.is_none_or(|mask| mv.promotion.is_some_and(|t| mask & (1 << t) != 0))
}

/// Whether the move words of a legal dash's target (`castle`, `o-o`, `enpassant`, `null`)
/// admit the move.
fn move_words_fit<S>(m: &MoveFilter<S>, mv: &MoveInfo<S>) -> bool {
    (!m.enpassant || mv.en_passant)
        && (!m.null || mv.null)
        && m.castle.is_none_or(|kind| kind.admits(mv.castle))
}

impl<P: Position> Evaluator<'_, P> {
    /// The squares of move `mv` played from node `head` (to node `tail`, when it is one of
    /// the game's).
    pub(super) fn move_parts(
        &self,
        mv: &MoveInfo<P::Set>,
        head: u32,
        tail: Option<u32>,
    ) -> MoveParts<P::Set> {
        let pos = &self.node(head).position;
        let geo = pos.geometry();
        let (from, to) = if mv.null {
            let king = pos.pieces(PieceKinds::one(pos.turn(), piece_type::KING));
            (king.clone(), king)
        } else {
            (mv.from.clone(), mv.to.clone())
        };
        let rook = mv.castle.map(|kingside| {
            if let Some(tail) = tail {
                let rooks = PieceKinds::one(pos.turn(), piece_type::ROOK);
                let before = pos.pieces(rooks);
                let after = self.node(tail).position.pieces(rooks);
                (before.minus(&after), after.minus(&before))
            } else {
                // A legal move reaches no position of the game: the standard rook squares.
                let rank = mv.to.coords().first().map_or(0, |c| c.rank);
                let (rf, rt) = if kingside { (7, 5) } else { (0, 3) };
                let at = |file| P::Set::from_coords(geo, [Coord { file, rank }]);
                (at(rf), at(rt))
            }
        });
        MoveParts {
            from,
            to,
            capture: mv.capture.as_ref().map(|(_, sq)| sq.clone()),
            rook,
        }
    }

    /// Whether the dash's promotion (`=Q`, `=[RB]`, `="N"`, `=T`) admits the move played
    /// from `head`.
    pub(super) fn promotion_ok(&self, d: &Dash<P::Set>, mv: &MoveInfo<P::Set>, head: u32) -> bool {
        if !promotion_fits(d.promote, mv) {
            return false;
        }
        let Some(named) = &d.promote_named else {
            return true;
        };
        let Some(Value::Str(name)) = self.eval(named, head) else {
            return false;
        };
        // CQL 6.2 (`PastMoveNode`): any character naming the promoted piece, upper-cased;
        // `""` and `"."` admit every promotion.
        let every = name.is_empty() || name == ".";
        mv.promotion.is_some_and(|t| {
            every
                || name
                    .chars()
                    .any(|c| crate::chess::standard_type(c) == Some(t))
        })
    }

    /// A dash's sides, read at node `head` (a side that does not match is the empty set).
    pub(super) fn dash_sides(&self, d: &Dash<P::Set>, head: u32) -> Sides<P::Set> {
        let side = |n: &Option<crate::ir::Node<P::Set>>| {
            n.as_ref()
                .map(|n| self.set(n, head).unwrap_or_else(P::Set::empty))
        };
        (side(&d.from), side(&d.to))
    }

    /// Evaluates `target` at `tail` with the dash's sides owned by the `from` / `to` in it;
    /// the comments it made are dropped when it does not match.
    pub(super) fn dash_target(
        &self,
        target: &Option<crate::ir::Node<P::Set>>,
        sides: Sides<P::Set>,
        tail: u32,
    ) -> Option<Value<P::Set>> {
        let Some(t) = target else {
            return Some(Value::Bool(true));
        };
        let mark = self.state.borrow().comment_mark();
        self.path_state.borrow_mut().owned.push(sides);
        let v = self.eval(t, tail);
        self.path_state.borrow_mut().owned.pop();
        if !is_match(&v) {
            self.state.borrow_mut().rollback(mark);
            return None;
        }
        v
    }

    /// `X--Y(target)` outside a path: the first move (in game order) that fits and after
    /// which the target matches; the value is the target's there.
    pub(super) fn eval_dash(&self, d: &Dash<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let sides = self.dash_sides(d, at);
        if d.source != MoveSource::Played {
            let pos = &self.node(at).position;
            let moves = if d.source == MoveSource::Legal {
                pos.legal_moves()
            } else {
                pos.pseudo_legal_moves()
            };
            let found = moves.iter().any(|mv| {
                dash_fits(&self.move_parts(mv, at, None), d.capture, &sides)
                    && self.promotion_ok(d, mv, at)
                    && d.move_target.as_ref().is_none_or(|m| move_words_fit(m, mv))
            });
            return found.then_some(Value::Bool(true));
        }
        let kids: Vec<u32> = self.children(at).collect();
        for c in kids {
            let Some(mv) = self.node(c).played.clone() else {
                continue;
            };
            if !dash_fits(&self.move_parts(&mv, at, Some(c)), d.capture, &sides)
                || !self.promotion_ok(d, &mv, at)
            {
                continue;
            }
            if let Some(v) = self.dash_target(&d.target, sides.clone(), c) {
                return Some(v);
            }
        }
        None
    }

    /// `from` (true) / `to` alone: the squares the move reaching `at` left (reached); for
    /// castling, CQL 6.2's `smartFrom` / `smartTo` under the enclosing dash's sides.
    pub(super) fn eval_move_squares(&self, from: bool, at: u32) -> Option<Value<P::Set>> {
        let Some(head) = self.parent_of(at) else {
            return Some(Value::Set(P::Set::empty()));
        };
        let mv = self.node(at).played.clone()?;
        let parts = self.move_parts(&mv, head, Some(at));
        let Some((rf, rt)) = &parts.rook else {
            return Some(Value::Set(if from { parts.from } else { parts.to }));
        };
        let (left, right) = self
            .path_state
            .borrow()
            .owned
            .last()
            .cloned()
            .unwrap_or((None, None));
        let keep = |side: &Option<P::Set>, s: &P::Set| match side {
            Some(x) => x.intersect(s),
            None => s.clone(),
        };
        let mut out = P::Set::empty();
        let pairs = [(&parts.from, &parts.to), (rf, rt)];
        for (f, t) in pairs {
            if from && meets(&right, t) {
                out = out.union(&keep(&left, f));
            } else if !from && meets(&left, f) {
                out = out.union(&keep(&right, t));
            }
        }
        Some(Value::Set(out))
    }
}
