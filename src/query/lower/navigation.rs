//! Lowering of the navigation filters (as `ir/navigation.rs`): `find` (forward, `<--`
//! backward, counted), `:` (a filter at another position) and `echo`.

use crate::ir::{self, Node};
use crate::query::ast::{Echo, Expr, Find, SeqParam};
use crate::query::check::Type;
use crate::query::error::ErrorKind;
use crate::query::syntax::Name;
use crate::squares::SquareSet;

use super::state::ast_range;
use super::{Cx, Lower, Lowered, img};

impl Lower<'_> {
    /// `find F`, `find <-- F`, `find all F`, `find 2 5 F`, `find count F`, `find quiet F`, and
    /// a range given by variables ([`Lower::find_read_bounds`]): the one lowering of `find`.
    pub(super) fn find<S: SquareSet>(&self, e: &Expr, f: &Find, cx: Cx) -> Lowered<S> {
        if f.params.iter().any(|p| matches!(p, SeqParam::VarRange(_))) {
            return self.find_read_bounds(e, f, cx);
        }
        let mut range = None;
        let mut quiet = false;
        for p in &f.params {
            match p {
                SeqParam::All => range = Some(ir::Range::new(1, 1_000_000)),
                // `find count F` counts and never fails: CQL 6.2 matched the games of
                // snake-old.cql whose `GapCount=find count {...}` found no position
                // (value 0), and only those (tests/cql/eval_find_count.rs).
                SeqParam::Count => range = Some(ir::Range::new(0, 1_000_000)),
                SeqParam::Quiet => quiet = true,
                SeqParam::Range(r) => range = Some(ast_range(r)),
                _ => return Err(self.unsupported(e, "this parameter of 'find'")),
            }
        }
        let body = img!(self.lower(&f.body, cx));
        let find = ir::Find {
            body,
            backward: f.backward,
            range,
            quiet,
            read_bounds: None,
        };
        Ok(Some(Node::Find(Box::new(find))))
    }

    /// `find v F`, `find 1 v F`, `find v w F` (with `<--`, `quiet`, `all`).
    fn find_read_bounds<S: SquareSet>(&self, e: &Expr, f: &Find, cx: Cx) -> Lowered<S> {
        let mut bounds = Vec::new();
        let mut quiet = false;
        for p in &f.params {
            match p {
                SeqParam::Quiet => quiet = true,
                SeqParam::VarRange(b) => {
                    for x in b {
                        bounds.push(img!(self.typed(x, cx, Type::Number, "a bound of 'find'")));
                    }
                }
                _ => {
                    let m = "cqlq does not evaluate this parameter of 'find' with a range given by a variable yet";
                    return Err(self.err(ErrorKind::Unsupported, e.span, m));
                }
            }
        }
        let (min, max) = match bounds.len() {
            1 => (bounds[0].clone(), bounds.remove(0)),
            2 => {
                let max = bounds.pop().expect("two bounds");
                (bounds.remove(0), max)
            }
            _ => return Err(self.err(ErrorKind::Syntax, e.span, "a range has one or two bounds")),
        };
        let body = img!(self.lower(&f.body, cx));
        let find = ir::Find {
            body,
            backward: f.backward,
            range: Some(ir::Range::new(0, i64::MAX)),
            quiet,
            read_bounds: Some(Box::new(ir::ReadBounds { min, max })),
        };
        Ok(Some(Node::Find(Box::new(find))))
    }

    /// `P : F`: F at the position P.
    pub(super) fn at<S: SquareSet>(&self, p: &Expr, f: &Expr, cx: Cx) -> Lowered<S> {
        let p = img!(self.typed(p, cx, Type::Position, "':'"));
        let f = img!(self.lower(f, cx));
        Ok(Some(Node::At(Box::new(p), Box::new(f))))
    }

    /// `echo (s t) body`
    pub(super) fn echo<S: SquareSet>(&self, e: &Expr, echo: &Echo, cx: Cx) -> Lowered<S> {
        let (mut all, mut quiet) = (false, false);
        for p in &echo.params {
            match p {
                SeqParam::All => all = true,
                SeqParam::Quiet => quiet = true,
                _ => return Err(self.unsupported(e, "this parameter of 'echo'")),
            }
        }
        let slot = |n: &Name| self.slot(&n.text, n.span);
        let (source, target) = (slot(&echo.source)?, slot(&echo.target)?);
        let body = img!(self.lower(&echo.body, cx));
        let echo = ir::Echo {
            source,
            target,
            all,
            quiet,
            body,
        };
        Ok(Some(Node::Echo(Box::new(echo))))
    }
}
