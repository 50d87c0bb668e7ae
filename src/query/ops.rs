//! Lowering of operators: set operators, comparisons, arithmetic, `attacks`, `~~`, and the
//! one-argument filters (`#`, `~`, `-`, `abs`, `power`, `type`, `colortype`), with the type
//! rules of CQL (sets count as numbers in comparisons, strings only add and compare with
//! strings).

use crate::ir::{ArithOp, Node};
use crate::squares::SquareSet;

use super::ast::{BinOp, Expr, ExprKind, MoveParamKind, PrefixOp, Span};
use super::display::{binop_name, prefix_name};
use super::error::{ErrorKind, QueryError};
use super::lower::{Cx, Lower, Lowered, Ty, img};

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
            // `x & y` of two positions: the positional intersection (lower_tree_words.rs).
            BinOp::Intersect if self.is_position::<S>(a, cx) => {
                return self.positional_intersection(a, b, cx);
            }
            BinOp::Union | BinOp::Intersect | BinOp::Attacks | BinOp::AttackedBy => {
                let x = img!(self.typed(a, cx, Ty::Set, &what));
                let y = img!(self.typed(b, cx, Ty::Set, &what));
                let node = match op {
                    BinOp::Union => Node::Union(flatten(true, [x, y])),
                    BinOp::Intersect => Node::Intersect(flatten(false, [x, y])),
                    BinOp::Attacks => Node::Attacks(Box::new(x), Box::new(y)),
                    _ => Node::AttackedBy(Box::new(x), Box::new(y)),
                };
                (node, Ty::Set)
            }
            BinOp::In => {
                let (x, tx) = img!(self.lower(a, cx));
                if tx == Ty::Str {
                    // `"a" in s`: a substring test.
                    let y = img!(self.typed(b, cx, Ty::Str, &what));
                    let f = crate::ir::StrFilter::Contains(x, y);
                    return Ok(Some((Node::Strs(Box::new(f)), Ty::Logical)));
                }
                self.expect(a, tx, Ty::Set, &what)?;
                let y = img!(self.typed(b, cx, Ty::Set, &what));
                (Node::In(Box::new(x), Box::new(y)), Ty::Logical)
            }
            BinOp::Cmp(c) => {
                let (x, tx) = img!(self.lower(a, cx));
                let (y, ty) = img!(self.lower(b, cx));
                let numeric = |t| t == Ty::Number || t == Ty::Set;
                // Positions compare by their position ids (CQL's `s < t`).
                let positions = tx == Ty::Position && ty == Ty::Position;
                if !((numeric(tx) && numeric(ty)) || (tx == Ty::Str && ty == Ty::Str) || positions)
                {
                    let m = format!("cannot compare {} with {}", tx.describe(), ty.describe());
                    let at = if tx == Ty::Logical { a.span } else { b.span };
                    return Err(self.err(ErrorKind::Type, at, m));
                }
                let ordering = !matches!(c, crate::ir::CmpOp::Eq | crate::ir::CmpOp::Ne);
                if ordering && tx == Ty::Set && ty == Ty::Set {
                    let m = format!(
                        "'{}' cannot order two sets of squares (count them with '#')",
                        binop_name(op)
                    );
                    return Err(self.err(ErrorKind::Type, span, m));
                }
                // A numeric comparison (a set against a number counts the set) is worth its
                // left side's number, so `Q == q == 2` reads `Q == (q == 2)` = `#Q == 2`
                // (CQL's relational operators page); `==` of two sets and comparisons of
                // strings are plain matches (an empty set compared equal still matches).
                let numeric_cmp = tx == Ty::Number || ty == Ty::Number;
                let ty = if numeric_cmp { Ty::Number } else { Ty::Logical };
                (Node::Compare(c, Box::new(x), Box::new(y)), ty)
            }
            BinOp::Arith(ArithOp::Add) => {
                let (x, tx) = img!(self.lower(a, cx));
                let want = if tx == Ty::Str { Ty::Str } else { Ty::Number };
                self.expect(a, tx, want, &what)?;
                let y = img!(self.typed(b, cx, want, &what));
                (Node::Arith(ArithOp::Add, Box::new(x), Box::new(y)), want)
            }
            BinOp::Arith(o) => {
                let x = img!(self.typed(a, cx, Ty::Number, &what));
                let y = img!(self.typed(b, cx, Ty::Number, &what));
                (Node::Arith(o, Box::new(x), Box::new(y)), Ty::Number)
            }
            BinOp::Regex => {
                let x = img!(self.typed(a, cx, Ty::Str, &what));
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
                (
                    Node::RegexMatch(Box::new(x), crate::ir::Pattern(compiled)),
                    Ty::Str,
                )
            }
        };
        Ok(Some(node))
    }

    fn expect(&self, e: &Expr, got: Ty, want: Ty, what: &str) -> Result<(), QueryError> {
        if got == want {
            return Ok(());
        }
        let m = format!(
            "{what} needs {}, but this is {}",
            want.describe(),
            got.describe()
        );
        Err(self.err(ErrorKind::Type, e.span, m))
    }

    /// `op a` for the one-argument filters.
    pub(crate) fn prefix<S: SquareSet>(&self, op: PrefixOp, a: &Expr, cx: Cx) -> Lowered<S> {
        let what = format!("'{}'", prefix_name(op));
        let node = match op {
            PrefixOp::Count => {
                let (x, tx) = img!(self.lower(a, cx));
                if tx == Ty::Str {
                    let f = crate::ir::StrFilter::Length(x);
                    return Ok(Some((Node::Strs(Box::new(f)), Ty::Number)));
                }
                self.expect(a, tx, Ty::Set, &what)?;
                (Node::Count(Box::new(x)), Ty::Number)
            }
            PrefixOp::Complement => (
                Node::Complement(Box::new(img!(self.typed(a, cx, Ty::Set, &what)))),
                Ty::Set,
            ),
            PrefixOp::Negate => match img!(self.typed(a, cx, Ty::Number, &what)) {
                Node::Number(n) if n != i64::MIN => (Node::Number(-n), Ty::Number),
                x => (Node::Negate(Box::new(x)), Ty::Number),
            },
            PrefixOp::Abs => (
                Node::Abs(Box::new(img!(self.typed(a, cx, Ty::Number, &what)))),
                Ty::Number,
            ),
            PrefixOp::Power => (
                Node::Power(Box::new(img!(self.typed(a, cx, Ty::Set, &what)))),
                Ty::Number,
            ),
            PrefixOp::Type | PrefixOp::ColorType => {
                let x = img!(self.typed(a, cx, Ty::Set, &what));
                (
                    Node::PieceType(Box::new(x), op == PrefixOp::ColorType),
                    Ty::Number,
                )
            }
        };
        Ok(Some(node))
    }
}
