//! Lowering of the logical forms: `{ ... }` (a compound: all its filters, its value the
//! last one's), `or`, `and`, `not`, `if ... then ... else`.

use crate::ir::Node;
use crate::query::ast::{Expr, ExprKind};
use crate::squares::SquareSet;

use super::moves::generated_move_comment;
use super::{Cx, Lower, Lowered, img};

impl Lower<'_> {
    /// `{ F G ... }`: the `And` of the filters; the value is the last one's.
    pub(super) fn compound<S: SquareSet>(&self, items: &[Expr], cx: Cx) -> Lowered<S> {
        let mut nodes = Vec::new();
        for item in items {
            nodes.push(img!(self.lower(item, cx)));
        }
        Ok(Some(match nodes.len() {
            0 => Node::True,
            1 => nodes.remove(0),
            _ => Node::And(nodes),
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
            nodes.push(img!(self.lower(item, cx)));
        }
        let node = if matches!(e.kind, ExprKind::Or(_)) {
            Node::Or(nodes)
        } else {
            Node::And(nodes)
        };
        Ok(Some(node))
    }

    /// `not F`
    pub(super) fn not<S: SquareSet>(&self, a: &Expr, cx: Cx) -> Lowered<S> {
        Ok(Some(Node::Not(Box::new(img!(self.lower(a, cx))))))
    }

    /// `if C then A else B`: the value is A's (and B's, when both have the same type).
    pub(super) fn if_filter<S: SquareSet>(
        &self,
        c: &Expr,
        a: &Expr,
        b: Option<&Expr>,
        cx: Cx,
    ) -> Lowered<S> {
        let c = img!(self.lower(c, cx));
        let a = img!(self.lower(a, cx));
        let b = match b {
            Some(b) => Some(Box::new(img!(self.lower(b, cx)))),
            None => None,
        };
        Ok(Some(Node::If(Box::new(c), Box::new(a), b)))
    }
}
