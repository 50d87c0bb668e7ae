//! The type rules of the sequences and searches over the game: `line`, `path` (their
//! parameters and constituents), `find`, `echo`.

use crate::query::ast::{
    BinOp, Echo, ExprKind, Find, Line, Path, SeqItem, SeqItemKind, SeqParam, Span,
};
use crate::query::error::CheckError;

use super::Type;
use super::checker::{Checker, Typed};

impl Checker<'_> {
    /// `line ...`: a number, or a position with `lastposition`.
    pub(super) fn line(&mut self, l: &Line, span: Span) -> Typed {
        let both = l.params.contains(&SeqParam::Primary) && l.params.contains(&SeqParam::Secondary);
        if both {
            return Err(self.err(span, "'primary' and 'secondary' exclude each other"));
        }
        self.seq(&l.items)?;
        Ok(if l.params.contains(&SeqParam::LastPosition) {
            Type::Position
        } else {
            Type::Number
        })
    }

    /// `path ...`: a number, or a position with `lastposition`.
    pub(super) fn path(&mut self, p: &Path, span: Span) -> Typed {
        if let Some(m) = path_param_conflict(&p.params) {
            return Err(self.err(span, m));
        }
        self.params(&p.params)?;
        self.seq(&p.items)?;
        Ok(if p.params.contains(&SeqParam::LastPosition) {
            Type::Position
        } else {
            Type::Number
        })
    }

    /// `find F`: a position, or a number when it counts (a range, `all`, `count`).
    pub(super) fn find(&mut self, f: &Find, span: Span) -> Typed {
        // CQL 6.2: "find with both a range and 'all': use one or the other".
        let all = f.params.contains(&SeqParam::All);
        let range = f
            .params
            .iter()
            .any(|p| matches!(p, SeqParam::Range(_) | SeqParam::VarRange(_)));
        if all && range {
            return Err(self.err(span, "'find' takes a range or 'all', not both"));
        }
        // A range given by variables: its bounds typed (lowering reads their types and
        // refuses one that is not a number).
        for p in &f.params {
            if let SeqParam::VarRange(bounds) = p {
                for x in bounds {
                    self.ty(x)?;
                }
            }
        }
        self.ty(&f.body)?;
        let counts = f.params.iter().any(|p| {
            matches!(
                p,
                SeqParam::All | SeqParam::Count | SeqParam::Range(_) | SeqParam::VarRange(_)
            )
        });
        Ok(if counts { Type::Number } else { Type::Position })
    }

    /// `echo (s t) body`: s and t are positions; a number when the body is one (its value the
    /// body's largest over the targets: `sort "path length" echo (source target) {...}` in
    /// followpath.cql; `eval::nav`'s `eval_echo`), else a filter without a value. CQL 6.2's
    /// verdicts on the chessql cases are the same whether a non-numeric echo is a number or
    /// not, so they do not decide it; the evaluator's value does.
    pub(super) fn echo(&mut self, x: &Echo) -> Typed {
        self.declare(&x.source.text, Type::Position, x.source.span)?;
        self.declare(&x.target.text, Type::Position, x.target.span)?;
        let t = self.ty(&x.body)?;
        Ok(if t == Type::Number {
            Type::Number
        } else {
            Type::Logical
        })
    }

    /// The parameters of `path` that take an argument.
    pub(super) fn params(&mut self, params: &[SeqParam]) -> Result<(), CheckError> {
        for p in params {
            match p {
                SeqParam::Focus(_, e) => {
                    self.expect(e, Type::Set, "the argument of 'focus'")?;
                }
                SeqParam::MaxOf(e) => {
                    self.expect(e, Type::Number, "the argument of 'max'")?;
                }
                SeqParam::Title(e) => {
                    self.expect(e, Type::Str, "the argument of 'title'")?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The constituents of `line` / `path`: filters (never a bare number), groups, repeats.
    pub(super) fn seq(&mut self, items: &[SeqItem]) -> Result<(), CheckError> {
        for it in items {
            match &it.kind {
                SeqItemKind::Filter(whole) => {
                    self.ty(whole)?;
                    let e = match &whole.kind {
                        ExprKind::Compound(v) if !v.is_empty() => &v[v.len() - 1],
                        _ => whole,
                    };
                    let numeric = matches!(
                        e.kind,
                        ExprKind::Number(_) | ExprKind::Binary(BinOp::Arith(_), ..)
                    ) || (matches!(e.kind, ExprKind::Var(_))
                        && self.ty(e)? == Type::Number);
                    if numeric {
                        return Err(self.err(
                            e.span,
                            "a number cannot be a constituent of 'line' or 'path' (braces make it a filter)",
                        ));
                    }
                }
                SeqItemKind::Group(alts) => {
                    for a in alts {
                        self.seq(a)?;
                    }
                }
                SeqItemKind::Repeat(i, _) => self.seq(std::slice::from_ref(i))?,
            }
        }
        Ok(())
    }
}

/// CQL 6.2's rules for the parameters of `path`: `piecepath` needs a focus (`focus` or
/// `singlecolor`); `focus` excludes `primary` and `singlecolor`; `secondary` is not a path
/// parameter; a parameter is given once (one range at most).
fn path_param_conflict(params: &[SeqParam]) -> Option<&'static str> {
    let has = |f: fn(&SeqParam) -> bool| params.iter().filter(|p| f(p)).count();
    let focus = has(|p| matches!(p, SeqParam::Focus(..)));
    let single = has(|p| *p == SeqParam::SingleColor);
    if has(|p| *p == SeqParam::PiecePath) > 0 && focus + single == 0 {
        return Some("'piecepath' needs 'focus' (or 'singlecolor') in 'path'");
    }
    if focus > 0 && has(|p| *p == SeqParam::Primary) > 0 {
        return Some("'focus' and 'primary' are not used together in 'path'");
    }
    if focus > 0 && single > 0 {
        return Some("'focus' and 'singlecolor' exclude each other in 'path'");
    }
    if has(|p| *p == SeqParam::Secondary) > 0 {
        return Some("'secondary' is not a parameter of 'path'");
    }
    let kinds: [fn(&SeqParam) -> bool; 12] = [
        |p| matches!(p, SeqParam::Focus(..)),
        |p| *p == SeqParam::SingleColor,
        |p| matches!(p, SeqParam::MaxOf(_)),
        |p| *p == SeqParam::Verbose,
        |p| *p == SeqParam::KeepAllBest,
        |p| *p == SeqParam::Primary,
        |p| *p == SeqParam::PiecePath,
        |p| *p == SeqParam::Quiet,
        |p| *p == SeqParam::NestBan,
        |p| *p == SeqParam::FirstMatch,
        |p| matches!(p, SeqParam::Range(_)),
        |p| matches!(p, SeqParam::Title(_)),
    ];
    if kinds.iter().any(|f| has(*f) > 1) {
        return Some("a parameter of 'path' is given twice");
    }
    None
}
