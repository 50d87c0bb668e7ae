//! Lowering of `line` (CQL 6's sequence filter: its arrows, constituents and repetitions) to
//! [`ir::Line`](crate::ir::Line), compiled once to an automaton by the IR.

use crate::ir::{self, LinePattern, Node};
use crate::squares::SquareSet;

use super::state::ast_range;
use super::{Cx, Lower, Lowered, img};
use crate::query::ast::{SeqItem, SeqItemKind, SeqParam};
use crate::query::check::Type;
use crate::query::error::{ErrorKind, LowerError};

impl Lower<'_> {
    /// `line ...`
    pub(super) fn line<S: SquareSet>(&self, l: &crate::query::syntax::Line, cx: Cx) -> Lowered<S> {
        let pattern = img!(self.seq(&l.items, cx));
        let mut line = ir::Line::compile(pattern);
        line.backward = l.backward;
        for p in &l.params {
            match p {
                SeqParam::FirstMatch => line.firstmatch = true,
                SeqParam::LastPosition => line.lastposition = true,
                SeqParam::SingleColor => line.singlecolor = true,
                SeqParam::Primary => line.primary = true,
                SeqParam::Secondary => line.secondary = true,
                SeqParam::Quiet => line.quiet = true,
                SeqParam::NestBan => {}
                SeqParam::Range(r) => line.range = Some(ast_range(r)),
                _ => {
                    let m = "this parameter of 'line' is not supported by cqlq yet";
                    return Err(self.err(
                        ErrorKind::Unsupported,
                        l.items
                            .first()
                            .map_or(crate::query::ast::Span::default(), |i| i.span),
                        m,
                    ));
                }
            }
        }
        let ty = if line.lastposition {
            Type::Position
        } else {
            Type::Number
        };
        Ok(Some((Node::Line(Box::new(line)), ty)))
    }

    /// A sequence of `line` constituents.
    fn seq<S: SquareSet>(
        &self,
        items: &[SeqItem],
        cx: Cx,
    ) -> Result<Option<LinePattern<S>>, LowerError> {
        let mut parts = Vec::new();
        for it in items {
            parts.push(img!(self.seq_item(it, cx)));
        }
        Ok(Some(LinePattern::Seq(parts)))
    }

    fn seq_item<S: SquareSet>(
        &self,
        it: &SeqItem,
        cx: Cx,
    ) -> Result<Option<LinePattern<S>>, LowerError> {
        Ok(Some(match &it.kind {
            SeqItemKind::Filter(e) => LinePattern::Filter(img!(self.lower(e, cx)).0),
            SeqItemKind::Group(alts) => {
                let mut v = Vec::new();
                for a in alts {
                    v.push(img!(self.seq(a, cx)));
                }
                if v.len() == 1 {
                    v.remove(0)
                } else {
                    LinePattern::Alt(v)
                }
            }
            SeqItemKind::Repeat(inner, r) => {
                if r.max.is_some_and(|m| m > 1000) || r.min > 1000 {
                    let m = "repetition counts above 1000 are not supported";
                    return Err(self.err(ErrorKind::TooComplex, it.span, m));
                }
                LinePattern::Repeat(Box::new(img!(self.seq_item(inner, cx))), r.min, r.max)
            }
        }))
    }
}
