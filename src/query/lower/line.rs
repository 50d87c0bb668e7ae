//! Lowering of `line` (CQL 6's sequence filter: its arrows, constituents and repetitions) to
//! [`ir::Line`](crate::ir::Line), compiled once to an automaton by the IR.

use crate::ir::{self, LinePattern, Node};
use crate::squares::SquareSet;

use super::state::ast_range;
use super::{Cx, Lower, Lowered, img};
use crate::query::ast::{SeqItem, SeqItemKind, SeqParam};
use crate::query::error::{ErrorKind, LowerError};

/// How many `line` filters may nest inside one another's constituents: each level walks
/// the rest of the game at every position the level around it visits, so the time grows as
/// the game's length to the power of the depth (three levels: over a minute on a 300-ply
/// game, two: half a second).
pub const LINE_NESTING_LIMIT: u32 = 2;

impl Lower<'_> {
    /// `line ...`
    pub(super) fn line<S: SquareSet>(&self, l: &crate::query::syntax::Line, cx: Cx) -> Lowered<S> {
        let span = l
            .items
            .first()
            .map_or(crate::query::ast::Span::default(), |i| i.span);
        let open = self.lines_open.get();
        if open >= LINE_NESTING_LIMIT {
            let m = format!(
                "'line' nested {} deep inside other lines' constituents, over the limit of \
                 {LINE_NESTING_LIMIT} that keeps its time bounded (each level walks the rest \
                 of the game again at every position of the level around it)",
                open + 1
            );
            return Err(self.err(ErrorKind::TooComplex, span, m));
        }
        self.lines_open.set(open + 1);
        let pattern = self.seq(&l.items, cx);
        self.lines_open.set(open);
        let pattern = img!(pattern);
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
        Ok(Some(Node::Line(Box::new(line))))
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
            SeqItemKind::Filter(e) => LinePattern::Filter(img!(self.lower(e, cx))),
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
