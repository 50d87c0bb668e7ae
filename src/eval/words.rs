//! Evaluation of [`WordFilter`]: `position N`, `while (s ~~ re) body`, `x =? S` and
//! `pathdebug`, as CQL 6.2's `GotoNode`, `StringIteratorNode`, `AssignSquareNode` and
//! `PathDebugNode` do; and `makesquare "e4"` (CQL 6.2's `MakeSquareNode`, beside
//! `makesquare(f r)` in `eval::geometry`).

use super::{Evaluator, Value};
use crate::ir::{Node, WordFilter};
use crate::rules::Position;
use crate::squares::{Coord, SquareSet};

impl<P: Position> Evaluator<'_, P> {
    /// `positionid` at `at`: CQL 6.2 numbers the positions of the searched tree (the main
    /// line alone unless variations are searched) depth first, each position's main
    /// continuation first (`QPos::visitRoot`), so a main-line position's id is its ply.
    /// Imaginary positions keep their own numbers.
    pub(super) fn position_id(&self, at: u32) -> i64 {
        if at >= super::imagine::BASE {
            return i64::from(at);
        }
        // `tree_rank` is that depth-first rank over the whole record; without variations
        // the main line comes first in it, with the same ranks.
        self.tree_rank(at) as i64
    }

    /// The searched position whose `positionid` is `id` (`position N`).
    fn position_with_id(&self, id: i64) -> Option<u32> {
        let id = u32::try_from(id).ok()?;
        let at = if self.game.variations {
            self.tree_rank(0);
            let order = self.tree_order.get()?;
            u32::try_from(order.iter().position(|&r| r == id)?).ok()?
        } else {
            *self.game.record.mainline().get(id as usize)?
        };
        let reached = self
            .game
            .replayed
            .nodes
            .get(at as usize)
            .is_some_and(|n| n.is_some());
        reached.then_some(at)
    }

    /// Evaluates one of the forms of [`WordFilter`] at `at`.
    pub(super) fn eval_words(&self, w: &WordFilter<P::Set>, at: u32) -> Option<Value<P::Set>> {
        match w {
            // position N
            WordFilter::PositionById(n) => {
                let id = self.num(n, at)?;
                self.position_with_id(id).map(Value::Pos)
            }
            // while (s ~~ re) body
            WordFilter::RegexWhile {
                target,
                pattern,
                body,
            } => {
                let Value::Str(text) = self.eval(target, at)? else {
                    return None;
                };
                for found in pattern.0.captures_iter(&text) {
                    {
                        let captures = &mut self.state.borrow_mut().strs.captures;
                        captures.clear();
                        captures.extend(found.iter().map(|g| g.map(|m| m.as_str().to_string())));
                    }
                    self.matches(body, at);
                }
                Some(Value::Bool(true))
            }
            // x =? S
            WordFilter::AssignIfNonEmpty(id, v) => {
                let s = self.set(v, at)?;
                if s.is_empty() {
                    return None;
                }
                self.state.borrow_mut().set(*id, Some(Value::Set(s)));
                Some(Value::Bool(true))
            }
            // pathdebug
            WordFilter::PathDebug => {
                eprintln!("{}", self.path_debug_text(at));
                Some(Value::Bool(true))
            }
        }
    }

    /// `makesquare "e4"`: the square named by a file letter and a rank digit; the empty set
    /// for any other string.
    pub(super) fn eval_makesquare_named(
        &self,
        name: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let Value::Str(text) = self.eval(name, at)? else {
            return None;
        };
        let geo = self.geometry(at);
        let square = match text.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Coord {
                file: i64::from(f - b'a'),
                rank: i64::from(r - b'1'),
            }),
            _ => None,
        }
        .filter(|&c| geo.contains(c));
        Some(Value::Set(P::Set::from_coords(geo, square)))
    }
}
