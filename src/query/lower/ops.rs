//! Lowering of operators: set operators, comparisons, arithmetic, `attacks`, `~~`, and the
//! one-argument filters (`#`, `~`, `-`, `abs`, `power`, `type`, `colortype`), with the type
//! rules of CQL (sets count as numbers in comparisons, strings only add and compare with
//! strings).

use crate::ir::{ArithOp, Node, fold};
use crate::squares::SquareSet;

use super::{Cx, Lower, Lowered, img};
use crate::query::ast::{BinOp, Expr, ExprKind, MoveParamKind, PrefixOp, Span};
use crate::query::check::Type;
use crate::query::display::{binop_name, prefix_name};
use crate::query::error::{ErrorKind, LowerError};

/// The spelling of a move parameter.
pub(crate) fn move_param_name(k: &MoveParamKind) -> &'static str {
    match k {
        MoveParamKind::Legal => "legal",
        MoveParamKind::PseudoLegal => "pseudolegal",
        MoveParamKind::Previous => "previous",
        MoveParamKind::From(_) => "from",
        MoveParamKind::To(_) => "to",
        MoveParamKind::Capture(_) => "capture",
        MoveParamKind::Promote(_) => "promote",
        MoveParamKind::Drop(_) => "drop",
        MoveParamKind::EnPassant => "enpassant",
        MoveParamKind::EnPassantSquare(_) => "enpassantsquare",
        MoveParamKind::Castle => "castle",
        MoveParamKind::KingSide => "o-o",
        MoveParamKind::QueenSide => "o-o-o",
        MoveParamKind::Null => "null",
        MoveParamKind::Count => "count",
        MoveParamKind::Reverse => "reverse",
        MoveParamKind::Comment(_) => "comment",
        MoveParamKind::Then(..) => ":",
        MoveParamKind::Primary => "primary",
        MoveParamKind::Secondary => "secondary",
    }
}

/// Flattens nested unions (or intersections) into one list.
fn flatten<S>(union: bool, parts: [Node<S>; 2]) -> Vec<Node<S>> {
    let mut out = Vec::new();
    for n in parts {
        match n {
            Node::Union(v) if union => out.extend(v),
            Node::Intersect(v) if !union => out.extend(v),
            n => out.push(n),
        }
    }
    out
}

impl Lower<'_> {
    /// `a op b`.
    pub(crate) fn binary<S: SquareSet>(
        &self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        span: Span,
        cx: Cx,
    ) -> Lowered<S> {
        let what = format!("'{}'", binop_name(op));
        let node = match op {
            // `x & y` of two positions: the positional intersection (tree_words.rs).
            BinOp::Intersect if self.is_position(a) => {
                return self.positional_intersection(a, b, cx);
            }
            BinOp::Union | BinOp::Intersect | BinOp::Attacks | BinOp::AttackedBy => {
                let x = img!(self.typed(a, cx, Type::Set, &what));
                let y = img!(self.typed(b, cx, Type::Set, &what));
                match op {
                    BinOp::Union => Node::Union(flatten(true, [x, y])),
                    BinOp::Intersect => Node::Intersect(flatten(false, [x, y])),
                    BinOp::Attacks => Node::Attacks(Box::new(x), Box::new(y)),
                    _ => Node::AttackedBy(Box::new(x), Box::new(y)),
                }
            }
            BinOp::In => {
                let x = img!(self.lower(a, cx));
                let tx = self.type_of(a)?;
                if tx == Type::Str {
                    // `"a" in s`: a substring test.
                    let y = img!(self.typed(b, cx, Type::Str, &what));
                    let f = crate::ir::StrFilter::Contains(x, y);
                    return Ok(Some(Node::Strs(Box::new(f))));
                }
                self.expect(a, tx, Type::Set, &what)?;
                let y = img!(self.typed(b, cx, Type::Set, &what));
                Node::In(Box::new(x), Box::new(y))
            }
            BinOp::Cmp(c) => return self.comparison(c, op, a, b, span, cx),
            BinOp::Arith(ArithOp::Add) => {
                let x = img!(self.lower(a, cx));
                let tx = self.type_of(a)?;
                let want = if tx == Type::Str {
                    Type::Str
                } else {
                    Type::Number
                };
                self.expect(a, tx, want, &what)?;
                let y = img!(self.typed(b, cx, want, &what));
                fold::arith(ArithOp::Add, x, y)
            }
            BinOp::Arith(o) => {
                let x = img!(self.typed(a, cx, Type::Number, &what));
                let y = img!(self.typed(b, cx, Type::Number, &what));
                fold::arith(o, x, y)
            }
            BinOp::Regex => return self.regex_match(a, b, &what, cx),
        };
        Ok(Some(node))
    }

    /// `x < y`, `x == y`, ...: numbers (a set counts), strings, or positions (by id); the
    /// value is the left side's number in a numeric comparison.
    fn comparison<S: SquareSet>(
        &self,
        c: crate::ir::CmpOp,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        span: Span,
        cx: Cx,
    ) -> Lowered<S> {
        let x = img!(self.lower(a, cx));
        let tx = self.type_of(a)?;
        let y = img!(self.lower(b, cx));
        let ty = self.type_of(b)?;
        let numeric = |t| t == Type::Number || t == Type::Set;
        // Positions compare by their position ids (CQL's `s < t`).
        let positions = tx == Type::Position && ty == Type::Position;
        if !((numeric(tx) && numeric(ty)) || (tx == Type::Str && ty == Type::Str) || positions) {
            let m = format!(
                "cannot compare {} with {}",
                tx.describe_long(),
                ty.describe_long()
            );
            let at = if tx == Type::Logical { a.span } else { b.span };
            return Err(self.err(ErrorKind::Type, at, m));
        }
        let ordering = !matches!(c, crate::ir::CmpOp::Eq | crate::ir::CmpOp::Ne);
        if ordering && tx == Type::Set && ty == Type::Set {
            let m = format!(
                "'{}' cannot order two sets of squares (count them with '#')",
                binop_name(op)
            );
            return Err(self.err(ErrorKind::Type, span, m));
        }
        // Its value (the check's type of it: `check/operators.rs`) is the evaluator's.
        Ok(Some(fold::compare(c, x, y)))
    }

    /// `s ~~ "pattern"`: its value is the matched text (`\0`).
    fn regex_match<S: SquareSet>(&self, a: &Expr, b: &Expr, what: &str, cx: Cx) -> Lowered<S> {
        let x = img!(self.typed(a, cx, Type::Str, what));
        let ExprKind::Str(pattern) = &b.kind else {
            return Err(self.err(
                ErrorKind::Type,
                b.span,
                "'~~' needs a string literal as its pattern",
            ));
        };
        let compiled = match regex::Regex::new(pattern) {
            Ok(re) => re,
            Err(e) => {
                let detail = e.to_string();
                let last = detail
                    .lines()
                    .last()
                    .unwrap_or("")
                    .trim()
                    .trim_start_matches("error: ")
                    .to_string();
                return Err(self.err(
                    ErrorKind::Invalid,
                    b.span,
                    format!("invalid regular expression: {last}"),
                ));
            }
        };
        // Its value is the matched text (`\0`).
        Ok(Some(Node::RegexMatch(
            Box::new(x),
            crate::ir::Pattern(compiled),
        )))
    }

    fn expect(&self, e: &Expr, got: Type, want: Type, what: &str) -> Result<(), LowerError> {
        if got == want {
            return Ok(());
        }
        let m = format!(
            "{what} needs {}, but this is {}",
            want.describe_long(),
            got.describe_long()
        );
        Err(self.err(ErrorKind::Type, e.span, m))
    }

    /// `op a` for the one-argument filters.
    pub(crate) fn prefix<S: SquareSet>(&self, op: PrefixOp, a: &Expr, cx: Cx) -> Lowered<S> {
        let what = format!("'{}'", prefix_name(op));
        let node = match op {
            PrefixOp::Count => {
                let x = img!(self.lower(a, cx));
                let tx = self.type_of(a)?;
                if tx == Type::Str {
                    let f = crate::ir::StrFilter::Length(x);
                    return Ok(Some(Node::Strs(Box::new(f))));
                }
                self.expect(a, tx, Type::Set, &what)?;
                Node::Count(Box::new(x))
            }
            PrefixOp::Complement => {
                Node::Complement(Box::new(img!(self.typed(a, cx, Type::Set, &what))))
            }
            PrefixOp::Negate => match img!(self.typed(a, cx, Type::Number, &what)) {
                Node::Number(n) if n != i64::MIN => Node::Number(-n),
                x => Node::Negate(Box::new(x)),
            },
            PrefixOp::Abs => Node::Abs(Box::new(img!(self.typed(a, cx, Type::Number, &what)))),
            PrefixOp::Power => Node::Power(Box::new(img!(self.typed(a, cx, Type::Set, &what)))),
            PrefixOp::Type | PrefixOp::ColorType => {
                let x = img!(self.typed(a, cx, Type::Set, &what));
                Node::PieceType(Box::new(x), op == PrefixOp::ColorType)
            }
        };
        Ok(Some(node))
    }
}

impl Lower<'_> {
    /// `max(x y ...)`, `min(x y ...)`: numbers.
    pub(super) fn min_max<S: SquareSet>(&self, max: bool, args: &[Expr], cx: Cx) -> Lowered<S> {
        let what = if max { "'max'" } else { "'min'" };
        let mut nodes = Vec::new();
        for a in args {
            nodes.push(img!(self.typed(a, cx, Type::Number, what)));
        }
        let node = if max {
            Node::Max(nodes)
        } else {
            Node::Min(nodes)
        };
        Ok(Some(node))
    }
}
