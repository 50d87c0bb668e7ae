//! Lowering of the logical forms: `{ ... }` (a compound: all its filters, its value the
//! last one's), `or`, `and`, `not`, `if ... then ... else`.

use crate::ir::Node;
use crate::query::ast::{Expr, ExprKind};
use crate::query::check::Type;
use crate::squares::SquareSet;

use super::moves::generated_move_comment;
use super::{Cx, Lower, Lowered, img};

impl Lower<'_> {
    /// `{ F G ... }`: the `And` of the filters; the value is the last one's.
    pub(super) fn compound<S: SquareSet>(&self, items: &[Expr], cx: Cx) -> Lowered<S> {
        let mut nodes = Vec::new();
        let mut ty = Type::Logical;
        for item in items {
            let (n, t) = img!(self.lower(item, cx));
            nodes.push(n);
            ty = t;
        }
        Ok(Some(match nodes.len() {
            0 => (Node::True, Type::Logical),
            1 => (nodes.remove(0), ty),
            _ => (Node::And(nodes), ty),
        }))
    }

    /// `F or G`, `F and G` (`move legal ... comment X or G` read as CQL 6.2 reads it:
    /// `moves.rs`).
    pub(super) fn connective<S: SquareSet>(&self, e: &Expr, items: &[Expr], cx: Cx) -> Lowered<S> {
        if let Some(rewritten) = generated_move_comment(e) {
            return self.lower(&rewritten, cx);
        }
        let mut nodes = Vec::new();
        for item in items {
            nodes.push(img!(self.lower(item, cx)).0);
        }
        let node = if matches!(e.kind, ExprKind::Or(_)) {
            Node::Or(nodes)
        } else {
            Node::And(nodes)
        };
        Ok(Some((node, Type::Logical)))
    }

    /// `not F`
    pub(super) fn not<S: SquareSet>(&self, a: &Expr, cx: Cx) -> Lowered<S> {
        Ok(Some((
            Node::Not(Box::new(img!(self.lower(a, cx)).0)),
            Type::Logical,
        )))
    }

    /// `if C then A else B`: the value is A's (and B's, when both have the same type).
    pub(super) fn if_filter<S: SquareSet>(
        &self,
        c: &Expr,
        a: &Expr,
        b: Option<&Expr>,
        cx: Cx,
    ) -> Lowered<S> {
        let c = img!(self.lower(c, cx)).0;
        let (a, ta) = img!(self.lower(a, cx));
        let (b, ty) = match b {
            Some(b) => {
                let (b, tb) = img!(self.lower(b, cx));
                (Some(Box::new(b)), if ta == tb { ta } else { Type::Logical })
            }
            None => (None, ta),
        };
        Ok(Some((Node::If(Box::new(c), Box::new(a), b), ty)))
    }
}
