//! Filters compiled to closures, for the one-pass search (`run::one_pass`): whether a query
//! matches at a position, decided by a tree of closures made once per run instead of by
//! walking the filter's tree at every position.
//!
//! Each closure does what [`Evaluator::eval`]'s arm for its node does: it reads the same
//! things in the same order, and keeps of the node's value only what its parent reads —
//! whether it matched ([`Test`]), its number (as `Evaluator::num` reads it) or its squares (as
//! `Evaluator::set` reads them). A node without a closure of its own (a move, a ray, a
//! transform, a loop holding a loop...) is evaluated by the evaluator, in its place; a
//! compiled loop binds its variable in the evaluator's state, where such a node reads it.
//!
//! A compiled test stands for [`Evaluator::matches`] only when no filter of the query adds
//! comments or sort values (`run::plan::adds_output`): `matches` then rolls nothing back,
//! and neither does `not`.

use super::bits::{each_coord, is_bitboard, single};
use super::{Evaluator, Value, board, geometry, imagine, is_match, loops};
use crate::ir::fold::holds;
use crate::ir::walk::any_node;
use crate::ir::{ArithOp, CmpOp, Loop, Node, NumProp};
use crate::rules::Position;
use crate::squares::SquareSet;

/// Whether a node matches at a position (`at`, whose position is given).
type TestFn<'q, P> = Box<dyn for<'e> Fn(&Evaluator<'e, P>, &P, u32) -> bool + Send + Sync + 'q>;
/// A node's number at a position, None when it does not match (as `Evaluator::num`).
type NumFn<'q, P> =
    Box<dyn for<'e> Fn(&Evaluator<'e, P>, &P, u32) -> Option<i64> + Send + Sync + 'q>;
/// A node's squares at a position, None when it does not match (as `Evaluator::set`).
type SetFn<'q, P> = Box<
    dyn for<'e> Fn(&Evaluator<'e, P>, &P, u32) -> Option<<P as Position>::Set> + Send + Sync + 'q,
>;

/// A filter compiled: whether it matches at a position.
pub struct Test<'q, P: Position>(TestFn<'q, P>);

impl<'q, P: Position + 'q> Test<'q, P>
where
    P::Set: Send + Sync,
{
    /// `filter` compiled; None when it has no closure of its own (the evaluator is then
    /// asked at once). Only for a query none of whose filters adds output (see the module
    /// doc).
    pub fn new(filter: &'q Node<P::Set>) -> Option<Self> {
        own_test(filter).map(Test)
    }

    /// Whether the filter matches at node `at`: [`Evaluator::matches`].
    #[inline]
    pub fn matches(&self, evaluator: &Evaluator<'_, P>, at: u32) -> bool {
        (self.0)(evaluator, &evaluator.node(at).position, at)
    }
}

/// Whether a node's value counts as a match (`is_match(&eval(node))`).
fn test<'q, P: Position + 'q>(node: &'q Node<P::Set>) -> TestFn<'q, P>
where
    P::Set: Send + Sync,
{
    own_test(node).unwrap_or_else(|| Box::new(move |ev, _, at| is_match(&ev.eval(node, at))))
}

/// [`test`] for a node with a closure of its own; None for the others.
fn own_test<'q, P: Position + 'q>(node: &'q Node<P::Set>) -> Option<TestFn<'q, P>>
where
    P::Set: Send + Sync,
{
    Some(match node {
        Node::True => Box::new(|_, _, _| true),
        Node::False => Box::new(|_, _, _| false),
        // Every item matches, tried in order up to the first that does not.
        Node::And(items) => match items.as_slice() {
            [a, b] => {
                let (a, b) = (test(a), test(b));
                Box::new(move |ev, pos, at| a(ev, pos, at) && b(ev, pos, at))
            }
            _ => {
                let items: Vec<_> = items.iter().map(test).collect();
                Box::new(move |ev, pos, at| items.iter().all(|t| t(ev, pos, at)))
            }
        },
        // The first item that matches, in order (a placement among them matches when
        // its squares are not empty, as its own value does: see `Evaluator::eval_or`).
        Node::Or(items) => {
            let items: Vec<_> = items.iter().map(test).collect();
            Box::new(move |ev, pos, at| items.iter().any(|t| t(ev, pos, at)))
        }
        Node::Not(inner) => {
            let inner = test(inner);
            Box::new(move |ev, pos, at| !inner(ev, pos, at))
        }
        // No `else`: a failed condition matches (as `eval`).
        Node::If(cond, then, otherwise) => {
            let (cond, then) = (test(cond), test(then));
            let otherwise = otherwise.as_deref().map(test);
            Box::new(move |ev, pos, at| {
                if cond(ev, pos, at) {
                    then(ev, pos, at)
                } else {
                    otherwise.as_ref().is_none_or(|o| o(ev, pos, at))
                }
            })
        }
        Node::Pieces(kinds, squares) => {
            let kinds = *kinds;
            Box::new(move |_, pos, _| !pos.pieces(kinds).intersect(squares).is_empty())
        }
        Node::Check => Box::new(|_, pos, _| pos.is_check()),
        Node::Mate => Box::new(|_, pos, _| pos.is_mate()),
        Node::Stalemate => Box::new(|_, pos, _| pos.is_stalemate()),
        Node::ToMove(color) => {
            let color = *color;
            Box::new(move |_, pos, _| pos.turn() == color)
        }
        Node::Initial => Box::new(|_, _, at| at == 0),
        // `#x` matches when `x` has squares to count (none is a count of 0).
        Node::Count(inner) => {
            let inner = set(inner);
            Box::new(move |ev, pos, at| inner(ev, pos, at).is_some())
        }
        Node::In(x, y) => {
            let (x, y) = (set(x), set(y));
            Box::new(move |ev, pos, at| {
                let Some(x) = x(ev, pos, at) else {
                    return false;
                };
                y(ev, pos, at).is_some_and(|y| x.is_subset(&y))
            })
        }
        Node::Compare(op, a, b) => compare(*op, a, b)?,
        // Sets whose arm gives a set whenever it matches: a match when not empty
        // (`Value::is_match`).
        Node::Intersect(_)
        | Node::Complement(_)
        | Node::AttackedBy(..)
        | Node::Attacks(..)
        | Node::Direction(..)
        | Node::SquareShade(..) => {
            let squares = set(node);
            Box::new(move |ev, pos, at| squares(ev, pos, at).is_some_and(|s| !s.is_empty()))
        }
        // `parent : f`, `child : f`...: `f` at the position named, when the search has it
        // (`Evaluator::eval_at`).
        Node::At(target, f) => {
            let Node::Position(r) = &**target else {
                return None;
            };
            let f = test(f);
            Box::new(move |ev, _, at| match ev.position_ref(r, at) {
                Some(p) if ev.reached(p) => f(ev, &ev.node(p).position, p),
                _ => false,
            })
        }
        Node::SquareLoop(l) => looped(l, false, node)?,
        Node::PieceLoop(l) => looped(l, true, node)?,
        _ => return None,
    })
}

/// `square [all] x in S body` and `piece [all] x in S body` as [`Evaluator::eval_loop`] runs
/// them on the 8x8 board, the variable bound in the evaluator's state (where the body's
/// filters read it) and its value from before the loop put back after. None for a body that
/// does more than read the current position ([`loops::reads_here_only`]).
///
/// - A `square` loop whose body picks squares of its variable ([`loops::selects_from`]):
///   one evaluation of the body with the variable bound to all of S, as `eval_loop`.
/// - Any other body with no loop inside: the variable is bound to each square of S in
///   turn (for `piece`, each square of S with a piece on it: bound as its square, as
///   `eval_loop`'s `by_square`), a round is spent before each evaluation of the body.
///   Without `all`, the loop matches when the body matched on some square. It stops at the
///   first such square: a body that reads here only leaves nothing behind, and the rounds
///   of the squares left are spent at once, so the position's budget ends where it would
///   have (the body holds no loop to spend more).
fn looped<'q, P: Position + 'q>(
    l: &'q Loop<P::Set>,
    pieces: bool,
    node: &'q Node<P::Set>,
) -> Option<TestFn<'q, P>>
where
    P::Set: Send + Sync,
{
    let facts = loops::LoopFacts::of(l);
    if !is_bitboard::<P::Set>() || !facts.reads_here_only {
        return None;
    }
    let (domain, var, all) = (set(&l.domain), l.var, l.all);
    if !pieces && facts.selects {
        let picks = set(loops::picks(&l.body, var)?);
        return Some(Box::new(move |ev, pos, at| {
            domain(ev, pos, at)
                .is_some_and(|domain| is_match(&ev.select_once(l, domain, || picks(ev, pos, at))))
        }));
    }
    if any_node(&l.body, |n| {
        matches!(n, Node::SquareLoop(_) | Node::PieceLoop(_))
    }) {
        return None;
    }
    let body = test(&l.body);
    let word = if pieces { "piece" } else { "square" };
    Some(Box::new(move |ev, pos, at| {
        // An imagined position has no `by_square` (`Evaluator::piece_read_here_only`).
        if at >= imagine::BASE {
            return is_match(&ev.eval(node, at));
        }
        let Some(mut squares) = domain(ev, pos, at) else {
            return false;
        };
        if pieces {
            squares = squares.intersect(&pos.occupied());
        }
        let geo = pos.geometry();
        let saved = ev.state.borrow().get(var);
        let (mut left, mut matched) = (u64::from(squares.count()), all);
        for c in each_coord(&squares) {
            left -= 1;
            ev.state
                .borrow_mut()
                .set(var, Some(Value::Set(single(geo, c))));
            if ev.spend_round(word, at) {
                matched = false;
                break;
            }
            if body(ev, pos, at) != all {
                // `all` met a square that fails; without `all`, one that passes.
                matched = !all && (left == 0 || !ev.spend_rounds(word, at, left));
                break;
            }
        }
        ev.state.borrow_mut().set(var, saved);
        matched
    }))
}

/// `a < b`... between numbers (`Evaluator::eval_compare`): against a constant, each side's
/// number as `num` reads it; otherwise when both sides are numbers whenever they match
/// ([`numeric`]), whose values the general comparison reads as numbers. None: any other
/// comparison (sets, strings, positions).
fn compare<'q, P: Position + 'q>(
    op: CmpOp,
    a: &'q Node<P::Set>,
    b: &'q Node<P::Set>,
) -> Option<TestFn<'q, P>>
where
    P::Set: Send + Sync,
{
    Some(match (a, b) {
        (_, Node::Number(k)) => {
            let k = *k;
            // The commonest comparison, a count of pieces against a number, in one closure.
            if let Node::Count(inner) = a
                && let Node::Pieces(kinds, squares) = &**inner
            {
                let kinds = *kinds;
                return Some(Box::new(move |_, pos, _| {
                    let count = i64::from(pos.pieces(kinds).intersect(squares).count());
                    holds(count.cmp(&k), op)
                }));
            }
            let x = num(a);
            Box::new(move |ev, pos, at| x(ev, pos, at).is_some_and(|x| holds(x.cmp(&k), op)))
        }
        (Node::Number(k), _) => {
            let (y, k) = (num(b), *k);
            Box::new(move |ev, pos, at| y(ev, pos, at).is_some_and(|y| holds(k.cmp(&y), op)))
        }
        _ if numeric(a) && numeric(b) => {
            let (x, y) = (num(a), num(b));
            Box::new(move |ev, pos, at| {
                let Some(x) = x(ev, pos, at) else {
                    return false;
                };
                y(ev, pos, at).is_some_and(|y| holds(x.cmp(&y), op))
            })
        }
        _ => return None,
    })
}

/// Whether `node`'s value is a number whenever it matches (then `num` reads it as `eval`
/// gives it).
fn numeric<S>(node: &Node<S>) -> bool {
    match node {
        Node::Number(_)
        | Node::Count(_)
        | Node::Num(_)
        | Node::Max(_)
        | Node::Min(_)
        | Node::Abs(_)
        | Node::Negate(_)
        | Node::Power(_)
        | Node::PieceType(..) => true,
        // `eval_arith` adds strings only when neither side is sure to be a number.
        Node::Arith(_, a, b) => sure_number(a) || sure_number(b),
        _ => false,
    }
}

/// `Evaluator::eval_arith`'s test for reading both sides as numbers.
fn sure_number<S>(node: &Node<S>) -> bool {
    matches!(node, Node::Number(_) | Node::Count(_))
}

/// A node's number, as `Evaluator::num` reads it.
fn num<'q, P: Position + 'q>(node: &'q Node<P::Set>) -> NumFn<'q, P>
where
    P::Set: Send + Sync,
{
    match node {
        Node::Number(n) => {
            let n = *n;
            Box::new(move |_, _, _| Some(n))
        }
        // The commonest count: pieces of some kinds on some squares.
        Node::Count(inner) => match &**inner {
            Node::Pieces(kinds, squares) => {
                let kinds = *kinds;
                Box::new(move |_, pos, _| {
                    Some(i64::from(pos.pieces(kinds).intersect(squares).count()))
                })
            }
            _ => {
                let inner = set(inner);
                Box::new(move |ev, pos, at| Some(i64::from(inner(ev, pos, at)?.count())))
            }
        },
        Node::Num(NumProp::SideToMove) => Box::new(|_, pos, _| {
            Some(match pos.turn() {
                crate::ir::Color::White => 1,
                crate::ir::Color::Black => -1,
            })
        }),
        Node::Num(NumProp::MoveNumber) => {
            Box::new(|_, pos, _| Some(i64::from(pos.fullmove_number())))
        }
        Node::Num(NumProp::Ply) => Box::new(|ev, _, at| Some(i64::from(ev.node(at).ply))),
        Node::Num(NumProp::Depth) => Box::new(|ev, _, at| Some(ev.depth(at))),
        Node::Num(NumProp::HalfmoveClock) => {
            Box::new(|_, pos, _| Some(i64::from(pos.halfmove_clock())))
        }
        Node::Max(items) => fold(items, i64::max),
        Node::Min(items) => fold(items, i64::min),
        Node::Abs(a) => {
            let a = num(a);
            Box::new(move |ev, pos, at| a(ev, pos, at)?.checked_abs())
        }
        Node::Negate(a) => {
            let a = num(a);
            Box::new(move |ev, pos, at| a(ev, pos, at)?.checked_neg())
        }
        // `type x`, `colortype x` (`Evaluator::eval`'s arm): the piece on x's one square.
        Node::PieceType(x, colored) => {
            let (x, colored) = (set(x), *colored);
            Box::new(move |ev, pos, at| {
                let s = x(ev, pos, at)?;
                if s.count() != 1 {
                    return None;
                }
                Some(super::type_number(pos.piece_at(&s), colored))
            })
        }
        Node::Power(x) => {
            let x = set(x);
            Box::new(move |ev, pos, at| Some(pos.power_of_pieces(&x(ev, pos, at)?)))
        }
        // Both sides read as numbers, in order (`eval_arith`'s first case).
        Node::Arith(op, a, b) if sure_number(a) || sure_number(b) => {
            let (op, a, b) = (*op, num(a), num(b));
            Box::new(move |ev, pos, at| {
                let (x, y) = (a(ev, pos, at)?, b(ev, pos, at)?);
                match op {
                    ArithOp::Add => x.checked_add(y),
                    ArithOp::Sub => x.checked_sub(y),
                    ArithOp::Mul => x.checked_mul(y),
                    ArithOp::Div => x.checked_div(y),
                    ArithOp::Rem => x.checked_rem(y),
                }
            })
        }
        _ => Box::new(move |ev, _, at| ev.num(node, at)),
    }
}

/// `max(...)` or `min(...)`: the items' numbers folded with `pick`, each item read in
/// order; None when one has no number (or there is none), as `Evaluator::fold_nums`.
fn fold<'q, P: Position + 'q>(items: &'q [Node<P::Set>], pick: fn(i64, i64) -> i64) -> NumFn<'q, P>
where
    P::Set: Send + Sync,
{
    let items: Vec<_> = items.iter().map(num).collect();
    Box::new(move |ev, pos, at| {
        let mut best: Option<i64> = None;
        for item in &items {
            let n = item(ev, pos, at)?;
            best = Some(best.map_or(n, |b| pick(b, n)));
        }
        best
    })
}

/// A node's squares, as `Evaluator::set` reads them.
fn set<'q, P: Position + 'q>(node: &'q Node<P::Set>) -> SetFn<'q, P>
where
    P::Set: Send + Sync,
{
    match node {
        Node::Pieces(kinds, squares) => {
            let kinds = *kinds;
            Box::new(move |_, pos, _| Some(pos.pieces(kinds).intersect(squares)))
        }
        // The squares of every item (none: no match), each read in order.
        Node::Intersect(items) => {
            let items: Vec<_> = items.iter().map(set).collect();
            Box::new(move |ev, pos, at| {
                let mut acc: Option<P::Set> = None;
                for item in &items {
                    let s = item(ev, pos, at)?;
                    acc = Some(match acc {
                        None => s,
                        Some(a) => a.intersect(&s),
                    });
                }
                acc
            })
        }
        Node::Complement(inner) => {
            let inner = set(inner);
            Box::new(move |ev, pos, at| {
                let s = inner(ev, pos, at)?;
                Some(P::Set::full(pos.geometry()).minus(&s))
            })
        }
        Node::AttackedBy(x, y) => {
            let (x, y) = (set(x), set(y));
            Box::new(move |ev, pos, at| {
                let x = x(ev, pos, at)?;
                Some(board::attacked_by(pos, &x, &y(ev, pos, at)?))
            })
        }
        Node::Attacks(x, y) => {
            let (x, y) = (set(x), set(y));
            Box::new(move |ev, pos, at| {
                let x = x(ev, pos, at)?;
                Some(board::attackers(pos, &x, &y(ev, pos, at)?))
            })
        }
        // `up 1 x`, `diagonal 1 3 x`... (`Evaluator::eval_direction`).
        Node::Direction(dirs, range, x) => {
            let (dirs, range, x) = (*dirs, *range, set(x));
            Box::new(move |ev, pos, at| {
                let x = x(ev, pos, at)?;
                Some(geometry::direction_squares(pos.geometry(), dirs, range, &x))
            })
        }
        // `light`, `dark`, alone or of a set (`Evaluator::eval_shade`).
        Node::SquareShade(light, x) => {
            let (light, x) = (*light, x.as_deref().map(set));
            Box::new(move |ev, pos, at| {
                let geo = pos.geometry();
                let squares = match &x {
                    Some(x) => x(ev, pos, at)?,
                    None => P::Set::full(geo),
                };
                Some(squares.shade(geo, light))
            })
        }
        // A loop's variable, read as `Evaluator::set` reads its value.
        Node::Var(id) => {
            let id = *id;
            Box::new(move |ev, _, at| match ev.eval_var(id, at)? {
                Value::Set(s) => Some(s),
                Value::Bool(true) => Some(P::Set::empty()),
                _ => None,
            })
        }
        _ => Box::new(move |ev, _, at| ev.set(node, at)),
    }
}
