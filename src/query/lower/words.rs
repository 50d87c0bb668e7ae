//! Lowering of the last CQL 6.2 forms cqlq learnt, each to its concept's IR: `position N`
//! ([`Node::PositionById`]), `while (s ~~ re)` ([`ir::StrFilter`]), `x =? S` ([`Node::AssignIfNonEmpty`]),
//! `pathdebug` ([`ir::path::PathFilter`]); of every
//! `makesquare` (here only), and of `currenttransform` (a string literal per transform image), called from
//! [`Lower::lower`]'s match.

use crate::ir::{self, Node};
use crate::squares::SquareSet;

use super::{Cx, Lower, Lowered, img};
use crate::query::ast::{Arg, Assign, AssignOp, Expr, ExprKind, Storage};
use crate::query::check::Type;
use crate::query::error::ErrorKind;

impl Lower<'_> {
    /// `makesquare "e4"` and `makesquare(f r)`: the one lowering of `makesquare`; None for
    /// another number of arguments (which the check refuses).
    pub(super) fn makesquare<S: SquareSet>(&self, args: &[Arg], cx: Cx) -> Option<Lowered<S>> {
        let filters: Vec<&Expr> = args.iter().filter_map(Arg::filter).collect();
        match filters[..] {
            [name] => Some(self.makesquare_named(name, cx)),
            [f, r] => Some(self.makesquare_of_file_and_rank(f, r, cx)),
            _ => None,
        }
    }

    /// `x =? S` of a plain variable that is no function parameter; None for any other
    /// assignment.
    pub(super) fn assign_if_piece<S: SquareSet>(
        &self,
        e: &Expr,
        a: &Assign,
        cx: Cx,
    ) -> Option<Lowered<S>> {
        if a.op != AssignOp::SetIfPiece || a.storage != Storage::Plain {
            return None;
        }
        let ExprKind::Var(name) = &a.target.kind else {
            return None;
        };
        if self.param(&name.text).is_some() {
            return None;
        }
        Some(self.assign_if_nonempty(e, &name.text, &a.value, cx))
    }

    /// `pathdebug`
    pub(super) fn path_debug<S>(&self) -> Lowered<S> {
        let debug = ir::path::PathFilter::Debug;
        Ok(Some(Node::Path(Box::new(debug))))
    }

    /// `position N`
    pub(super) fn position_by_id<S: SquareSet>(
        &self,
        e: &Expr,
        args: &[Arg],
        cx: Cx,
    ) -> Lowered<S> {
        let Some(n) = args.iter().find_map(Arg::filter) else {
            return Err(self.missing_argument(e));
        };
        let n = img!(self.typed(n, cx, Type::Number, "'position'"));
        Ok(Some(Node::PositionById(Box::new(n))))
    }

    /// `makesquare "e4"`
    fn makesquare_named<S: SquareSet>(&self, name: &Expr, cx: Cx) -> Lowered<S> {
        let name = img!(self.typed(name, cx, Type::Str, "'makesquare'"));
        let square = ir::MakeSquare::Named(name);
        Ok(Some(Node::MakeSquare(Box::new(square))))
    }

    /// `makesquare(f r)`. CQL 6.2 does not move the square `makesquare` makes (its
    /// `MakeSquareNode` has no transform of its own): inside a transform only the arguments
    /// are transformed, so the same square is made in every image.
    fn makesquare_of_file_and_rank<S: SquareSet>(&self, f: &Expr, r: &Expr, cx: Cx) -> Lowered<S> {
        let f = img!(self.typed(f, cx, Type::Number, "'makesquare'"));
        let r = img!(self.typed(r, cx, Type::Number, "'makesquare'"));
        Ok(Some(Node::MakeSquare(Box::new(ir::MakeSquare::FileRank(
            f, r,
        )))))
    }

    /// `while (s ~~ re) body`
    pub(super) fn regex_while<S: SquareSet>(
        &self,
        e: &Expr,
        test: &Expr,
        body: &Expr,
        cx: Cx,
    ) -> Lowered<S> {
        let Node::RegexMatch(target, pattern) = img!(self.lower(test, cx)) else {
            let m = "'while (s ~~ re)' needs a string and a regular expression";
            return Err(self.err(ErrorKind::Type, e.span, m));
        };
        let body = img!(self.lower(body, cx));
        let iteration = ir::StrFilter::RegexWhile {
            target: *target,
            pattern,
            body,
        };
        Ok(Some(Node::Strs(Box::new(iteration))))
    }

    /// `x =? S`
    fn assign_if_nonempty<S: SquareSet>(
        &self,
        e: &Expr,
        name: &str,
        value: &Expr,
        cx: Cx,
    ) -> Lowered<S> {
        let value = img!(self.typed(value, cx, Type::Set, "'=?'"));
        let id = self.slot(name, e.span)?;
        let assign = Node::AssignIfNonEmpty(id, Box::new(value));
        Ok(Some(assign))
    }

    /// `currenttransform`: the name CQL 6.2 gives the image being lowered: its chain of
    /// basic transforms, the outermost first (`<>` outside any transform, under
    /// `notransform` or in the identity image; `<right^1 reflect_h>` in `shift flip`'s image
    /// that reflects the ranks and then moves one file right). Refused in an image that
    /// `rotate45` turns: no documentation names those images.
    pub(super) fn current_transform<S: SquareSet>(&self, e: &Expr, cx: Cx) -> Lowered<S> {
        if self.rot45_turns() {
            let m = "cqlq does not evaluate 'currenttransform' inside 'rotate45' yet: no CQL \
                     documentation names the turned images";
            return Err(self.err(ErrorKind::Unsupported, e.span, m));
        }
        let name = self.applied_name(cx.applied);
        Ok(Some(Node::Str(format!("<{name}>"))))
    }
}
