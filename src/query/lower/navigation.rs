//! Lowering of the navigation filters (as `ir/navigation.rs`): `find` (forward, `<--`
//! backward, counted), `:` (a filter at another position) and `echo`.

use crate::ir::{self, Node};
use crate::query::ast::{Echo, Expr, Find, SeqParam};
use crate::query::check::Type;
use crate::query::syntax::Name;
use crate::squares::SquareSet;

use super::state::ast_range;
use super::{Cx, Lower, Lowered, img};

impl Lower<'_> {
    /// `find F`, `find <-- F`, `find all F`, `find 2 5 F`, `find count F`, `find quiet F` (a
    /// range given by variables: `words.rs`).
    pub(super) fn find<S: SquareSet>(&self, e: &Expr, f: &Find, cx: Cx) -> Lowered<S> {
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
                SeqParam::VarRange(_) => {
                    return Err(self.unsupported(e, "a range of 'find' given by a variable"));
                }
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
