//! The type rules of the operators: set operators, comparisons, arithmetic, `attacks`,
//! `~~`, the one-argument operators (`#`, `~`, `-`, `abs`, `power`, `type`, `colortype`)
//! and `max`/`min`.

use crate::query::ast::{BinOp, Expr, ExprKind, PrefixOp, Span};

use super::Type;
use super::checker::{Checker, Typed, is_set};

impl Checker<'_> {
    /// `x OP y`
    pub(super) fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, span: Span) -> Typed {
        let ta = self.ty(a)?;
        let tb = self.ty(b)?;
        let bad = |s: &Self, m: &str| Err(s.err(span, m.to_string()));
        Ok(match op {
            BinOp::Union => {
                if !is_set(ta) || !is_set(tb) {
                    return bad(self, "'|' joins two sets");
                }
                Type::Set
            }
            BinOp::Intersect => {
                if is_set(ta) && is_set(tb) {
                    Type::Set
                } else if ta == Type::Position && tb == Type::Position {
                    // The squares where the two positions hold the same thing.
                    Type::Set
                } else {
                    return bad(self, "'&' intersects two sets (or two positions)");
                }
            }
            BinOp::In => {
                if !(is_set(ta) && is_set(tb) || ta == Type::Str && tb == Type::Str) {
                    return bad(self, "'in' takes two sets or two strings");
                }
                Type::Logical
            }
            BinOp::Cmp(cmp) => {
                let ordering = !matches!(cmp, crate::ir::CmpOp::Eq | crate::ir::CmpOp::Ne);
                if ordering && is_set(ta) && is_set(tb) {
                    return bad(self, "sets are compared with '==' or '!=' only");
                }
                if cmp == crate::ir::CmpOp::Ne && ta == Type::Position {
                    return bad(self, "positions are not compared with '!='");
                }
                let num = |t| matches!(t, Type::Number | Type::Set | Type::Piece);
                let ok = (num(ta) && num(tb))
                    || (ta == Type::Str && tb == Type::Str)
                    || (ta == Type::Position && tb == Type::Position);
                if !ok {
                    let m = format!("cannot compare {} with {}", ta.describe(), tb.describe());
                    return bad(self, &m);
                }
                // The value the evaluator gives (`eval::arith`'s `eval_compare`): a numeric
                // comparison (a set against a number counts the set) is worth its left side's
                // number, so `Q == q == 2` reads `Q == (q == 2)`; `==` of two sets and the
                // comparisons of strings or positions only match. CQL 6.2's verdicts on the
                // chessql cases (../shared/cql) are the same under this rule and under the
                // left side's type, so they do not decide it; the output does.
                if ta == Type::Number || tb == Type::Number {
                    Type::Number
                } else {
                    Type::Logical
                }
            }
            BinOp::Arith(_) if matches!(a.kind, ExprKind::Line(_)) => {
                return bad(
                    self,
                    "a 'line' filter cannot be an operand of arithmetic (braces around it help)",
                );
            }
            BinOp::Arith(op) => {
                if ta == Type::Str && tb == Type::Str && op == crate::ir::ArithOp::Add {
                    Type::Str
                } else if ta == Type::Number && tb == Type::Number {
                    Type::Number
                } else {
                    return bad(self, "arithmetic takes two numbers ('+' also two strings)");
                }
            }
            BinOp::Attacks | BinOp::AttackedBy => {
                if !is_set(ta) || !is_set(tb) {
                    return bad(self, "'attacks' relates two sets");
                }
                Type::Set
            }
            BinOp::Regex => {
                if ta != Type::Str {
                    return bad(self, "the left side of '~~' must be a string");
                }
                Type::Str
            }
        })
    }

    /// `OP x`
    pub(super) fn prefix(&mut self, op: PrefixOp, a: &Expr) -> Typed {
        Ok(match op {
            PrefixOp::Count => {
                let t = self.ty(a)?;
                if !(is_set(t) || t == Type::Str || t == Type::Dictionary) {
                    return Err(self.err(a.span, "'#' counts a set"));
                }
                Type::Number
            }
            PrefixOp::Complement => {
                self.expect(a, Type::Set, "the argument of '~'")?;
                Type::Set
            }
            PrefixOp::Negate | PrefixOp::Abs => {
                self.expect(a, Type::Number, "the argument")?;
                Type::Number
            }
            PrefixOp::Power | PrefixOp::Type | PrefixOp::ColorType => {
                self.expect(a, Type::Set, "the argument")?;
                Type::Number
            }
        })
    }

    /// `max(x y ...)`, `min(x y ...)`: numbers.
    pub(super) fn min_max(&mut self, args: &[Expr]) -> Typed {
        for a in args {
            self.expect(a, Type::Number, "an argument of 'max'/'min'")?;
        }
        Ok(Type::Number)
    }
}
