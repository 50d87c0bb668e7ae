//! The type rules of the logical forms and transforms: `{...}` (its last filter's type),
//! `if` (both branches' type when they agree), `T F` (F's type; `T count F` a number).

use crate::query::ast::{Expr, ExprKind, Span, Transform};

use super::Type;
use super::checker::{Checker, Typed};

impl Checker<'_> {
    /// `{ F G ... }`: the last filter's type; `{}` is refused.
    pub(super) fn compound(&mut self, items: &[Expr], span: Span) -> Typed {
        if items.is_empty() {
            return Err(self.err(span, "an empty compound '{}' is not a filter"));
        }
        let mut t = Type::Logical;
        for i in items {
            t = self.ty(i)?;
        }
        Ok(t)
    }

    /// `if C then A else B`
    pub(super) fn if_type(&mut self, c: &Expr, a: &Expr, b: Option<&Expr>) -> Typed {
        self.ty(c)?;
        let ta = self.ty(a)?;
        Ok(match b {
            Some(b) if self.ty(b)? == ta => ta,
            Some(_) => Type::Logical,
            None => ta,
        })
    }

    /// `T F`, `T count F`
    pub(super) fn transform(&mut self, t: Transform, count: bool, a: &Expr, span: Span) -> Typed {
        if t == Transform::ReverseColor && count {
            return Err(self.err(span, "'reversecolor' has no 'count'"));
        }
        if t == Transform::Rotate45
            && let Some(d) = partial_squares(a)
        {
            return Err(self.err(d, "'rotate45' cannot rotate squares: a square turned by 45 degrees is not a square (give whole-board designators)"));
        }
        let t = self.ty(a)?;
        Ok(if count { Type::Number } else { t })
    }
}

/// CQL 6.2 rule for `rotate45`: its argument may not name squares: a piece designator whose
/// square part is less than the whole board (`a5`, `[a5,b7]`, `Na5`) is refused, while `N`
/// and `[a-h1-8]` are fine. The span of the first such designator, if any.
fn partial_squares(e: &Expr) -> Option<Span> {
    if let ExprKind::Pieces(d) = &e.kind
        && let Some(ranges) = &d.squares
    {
        let mut board = 0u64;
        for r in ranges {
            for file in r.files.0..=r.files.1.min(7) {
                for rank in r.ranks.0..=r.ranks.1.min(7) {
                    board |= 1 << (rank * 8 + file);
                }
            }
        }
        if board != u64::MAX {
            return Some(e.span);
        }
    }
    e.children().into_iter().find_map(partial_squares)
}
