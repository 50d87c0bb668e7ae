//! Arithmetic and comparison: `a + b`, `a - b`, `a * b`, `a / b`, `a % b` (and `+` of two
//! strings) and `a < b`, `a == b`, ... over numbers, sets, strings and positions.

use super::{Evaluator, Value, budget};
use crate::ir::fold::holds;
use crate::ir::{ArithOp, CmpOp, Node};
use crate::rules::Position;
use crate::squares::SquareSet;

/// Whether `node` always evaluates to a number when it matches (a constant, `#` of a set).
fn is_number<S>(node: &Node<S>) -> bool {
    matches!(node, Node::Number(_) | Node::Count(_))
}

impl<P: Position> Evaluator<'_, P> {
    /// `a + b`, `a - b`, ...: numbers (a set counts its squares); `+` joins two strings; an
    /// overflow or a division by zero does not match.
    pub(super) fn eval_arith(
        &self,
        op: ArithOp,
        a: &Node<P::Set>,
        b: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        // A side that is a number for sure (`#A + #a`, `#Q * 9`): no string is added, so
        // both sides are read as the numbers the general arm below reads, in the same order.
        let (x, y) = if is_number(a) || is_number(b) {
            (self.num(a, at)?, self.num(b, at)?)
        } else {
            let (va, vb) = (self.eval(a, at)?, self.eval(b, at)?);
            if let (ArithOp::Add, Value::Str(x), Value::Str(y)) = (op, &va, &vb) {
                if x.len() + y.len() > budget::MAX_STRING_BYTES {
                    self.stop_for_size("+", "a string", at);
                    return None;
                }
                return Some(Value::Str(format!("{x}{y}")));
            }
            let to_num = |v: Value<P::Set>| match v {
                Value::Num(n) => Some(n),
                Value::Set(s) => Some(i64::from(s.count())),
                _ => None,
            };
            (to_num(va)?, to_num(vb)?)
        };
        let n = match op {
            ArithOp::Add => x.checked_add(y)?,
            ArithOp::Sub => x.checked_sub(y)?,
            ArithOp::Mul => x.checked_mul(y)?,
            ArithOp::Div => x.checked_div(y)?,
            ArithOp::Rem => x.checked_rem(y)?,
        };
        Some(Value::Num(n))
    }

    /// `sqrt x`
    pub(super) fn eval_sqrt(&self, x: &Node<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let n = self.num(x, at)?;
        (n >= 0).then(|| Value::Num(n.isqrt()))
    }

    /// `equal(x y)`: a filter that does not match and `false` are equal.
    pub(super) fn eval_equal(
        &self,
        x: &Node<P::Set>,
        y: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let normal = |v: Option<Value<P::Set>>| match v {
            None | Some(Value::Bool(false)) => None,
            v => v,
        };
        (normal(self.eval(x, at)) == normal(self.eval(y, at))).then_some(Value::Bool(true))
    }

    /// `a < b` ...: two sets compare as sets (`==`, `!=`); a set against a number counts its
    /// squares, and such a numeric comparison is worth its left side's number; strings
    /// compare as strings.
    pub(super) fn eval_compare(
        &self,
        op: CmpOp,
        a: &Node<P::Set>,
        b: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        // Against a constant (`#Q == 2`, `movenumber >= 40`): the other side's number, as the
        // general arm below reads it (a set counts its squares; anything else does not
        // compare), without the general evaluation of either side.
        match (a, b) {
            (_, Node::Number(k)) => {
                let x = self.num(a, at)?;
                return holds(x.cmp(k), op).then_some(Value::Num(x));
            }
            (Node::Number(k), _) => {
                let y = self.num(b, at)?;
                return holds(k.cmp(&y), op).then_some(Value::Num(*k));
            }
            _ => {}
        }
        let (va, vb) = (self.eval(a, at)?, self.eval(b, at)?);
        let number = |v: &Value<P::Set>| match v {
            Value::Num(n) => Some(*n),
            Value::Set(s) => Some(i64::from(s.count())),
            _ => None,
        };
        match (&va, &vb) {
            (Value::Set(x), Value::Set(y)) => {
                let holds = match op {
                    CmpOp::Eq => x == y,
                    CmpOp::Ne => x != y,
                    _ => holds(x.count().cmp(&y.count()), op),
                };
                holds.then_some(Value::Bool(true))
            }
            (Value::Str(x), Value::Str(y)) => holds(x.cmp(y), op).then_some(Value::Bool(true)),
            (Value::Pos(x), Value::Pos(y)) => {
                let (x, y) = (self.tree_rank(*x), self.tree_rank(*y));
                holds(x.cmp(&y), op).then_some(Value::Bool(true))
            }
            _ => {
                let (x, y) = (number(&va)?, number(&vb)?);
                holds(x.cmp(&y), op).then_some(Value::Num(x))
            }
        }
    }
}
