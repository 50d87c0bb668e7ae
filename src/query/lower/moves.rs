//! Lowering of `move ...` (a [`MoveFilter`]: the parameters in any order, what it yields
//! given by the first one; `primary`, `comment`, `: F` and the like: `tree_words.rs`), and of
//! the move forms that need their own reading of CQL 6.2's source: a dash's promotion given
//! by a string (`--="Q"`, `function F(T){--R=T} F("Q")`), `countmoves` of a
//! dash with targets (`countmoves --(o-o-o)`), and `move legal ... comment X`.
//!
//! A promotion string (CQL 6.2's `PastMoveNode::match_position`) admits a promotion when one
//! of its characters, upper-cased, is the promoted piece's letter; the empty string and `.`
//! admit any promotion. A string known when lowering (a literal, or a function parameter
//! passed one: CQL 6.2 expands function bodies with their arguments in place) becomes the
//! set of piece types it names; any other string filter is evaluated at the move's
//! position, as the path dash does.
//!
//! `countmoves X--Y(T)` counts the moves of the dash after which its target T matches: the
//! dash becomes a `move` filter whose speculative part (`MoveExt::then`) is the target,
//! evaluated where a played move leads (CQL 6.2 evaluates a dash's target at the position
//! after the move).
//!
//! `move legal comment X`: CQL 6.2's `move` takes `comment` only for played moves
//! (`move-parse.cpp`), so after `legal` or `pseudolegal` the comment is the next filter, at
//! the current position: `move legal comment X or Y` is `move legal` followed by
//! `comment X or Y`. The syntax tree is rewritten that way before lowering.
//!

use crate::chess::standard_type;
use crate::ir::path::{Dash, PathFilter};
use crate::ir::{MoveExt, MoveFilter, MoveYield, Node, PieceKinds};
use crate::squares::SquareSet;

use crate::ir;
use crate::ir::{CastleKind, MoveSource};
use crate::query::ast::{Arg, Builtin, Expr, ExprKind, MoveParam, MoveParamKind, Span};
use crate::query::check::Type;
use crate::query::error::{ErrorKind, LowerError};

use super::ops;
use super::{Cx, Lower, Lowered, img};

/// The piece types a promotion string admits, as CQL 6.2 compares it (any character naming
/// the promoted piece, case-insensitive; `""` and `"."`: every promotion).
pub(crate) fn promotion_string_kinds(s: &str) -> PieceKinds {
    let every = s.is_empty() || s == ".";
    let mut bits = if every { u32::MAX } else { 0 };
    for c in s.chars() {
        let Some(t) = standard_type(c) else {
            continue;
        };
        bits |= 1 << t;
    }
    PieceKinds {
        white: bits,
        black: bits,
        empty: false,
    }
}

/// A dash with targets (`--(o-o-o)`, `legal --(castle)`) as the `move` filter that counts
/// its moves, or None when the dash has what a `move` filter cannot say (a promotion named by
/// a string filter).
pub(crate) fn dash_as_move_ext<S: SquareSet>(
    p: PathFilter<S>,
    geo: crate::squares::Geometry,
) -> Option<MoveExt<S>> {
    let PathFilter::Dash(d) = p else {
        return None;
    };
    let Dash {
        source,
        from,
        to,
        capture,
        promote,
        promote_named,
        target,
        move_target,
    } = d;
    if promote_named.is_some() {
        return None;
    }
    let (to, captured) = if capture {
        let all = PieceKinds {
            white: u32::MAX,
            black: u32::MAX,
            empty: false,
        };
        let on = to.unwrap_or_else(|| Node::Pieces(all, S::full(geo)));
        (None, Some(Box::new(on)))
    } else {
        (to.map(Box::new), None)
    };
    let words = move_target.as_ref();
    let base = MoveFilter {
        source,
        from: from.map(Box::new),
        to,
        capture: captured,
        promote: promote.map(|bits| PieceKinds {
            white: bits,
            black: bits,
            empty: false,
        }),
        enpassant: words.is_some_and(|m| m.enpassant),
        ep_square: None,
        castle: words.and_then(|m| m.castle),
        null: words.is_some_and(|m| m.null),
        drop: None,
        yields: MoveYield::From,
    };
    Some(MoveExt {
        base,
        primary: false,
        secondary: false,
        comment: None,
        then: target.map(|t| (false, t)),
        count: true,
    })
}

/// `move legal|pseudolegal ... comment X` (the comment its last parameter) split as CQL 6.2
/// reads it: the move filter without the comment, and the comment filter.
fn split_move_comment(e: &Expr) -> Option<(Expr, Expr)> {
    let ExprKind::Move(params) = &e.kind else {
        return None;
    };
    let generated = params
        .iter()
        .any(|p| matches!(p.kind, MoveParamKind::Legal | MoveParamKind::PseudoLegal));
    let (last, rest) = params.split_last()?;
    let MoveParamKind::Comment(x) = &last.kind else {
        return None;
    };
    if !generated {
        return None;
    }
    let comment = match &x.kind {
        ExprKind::Builtin(Builtin::Comment, _) => x.clone(),
        _ => Expr::new(
            ExprKind::Builtin(Builtin::Comment, vec![Arg::Filter(x.clone())]),
            last.span,
        ),
    };
    let span = rest.last().map_or(e.span, |p| crate::query::ast::Span {
        start: e.span.start,
        end: p.span.end,
    });
    let mv = Expr::new(ExprKind::Move(rest.to_vec()), span);
    Some((mv, comment))
}

/// The filter CQL 6.2 reads where cqlq's syntax tree has `move legal ... comment X` (alone,
/// or first in an `or` / `and`), or None when `e` is not one.
pub(crate) fn generated_move_comment(e: &Expr) -> Option<Expr> {
    let seq = |items: Vec<Expr>| Expr::new(ExprKind::Compound(items), e.span);
    if let Some((mv, comment)) = split_move_comment(e) {
        return Some(seq(vec![mv, comment]));
    }
    let (ExprKind::Or(items) | ExprKind::And(items)) = &e.kind else {
        return None;
    };
    let (mv, comment) = split_move_comment(items.first()?)?;
    let mut joined = vec![comment];
    joined.extend(items[1..].iter().cloned());
    let kind = match &e.kind {
        ExprKind::Or(_) => ExprKind::Or(joined),
        _ => ExprKind::And(joined),
    };
    Some(seq(vec![mv, Expr::new(kind, e.span)]))
}

impl Lower<'_> {
    /// A dash's promotion given by a string known when lowering (`="q"`, or a parameter
    /// passed a string literal), as piece types; None for any other promotion.
    pub(crate) fn constant_promotion(&self, p: &Expr) -> Option<PieceKinds> {
        let arg;
        let mut p = p;
        if let ExprKind::Var(n) = &p.kind
            && let Some(a) = self.param(&n.text)
        {
            arg = a;
            p = &arg;
        }
        while let ExprKind::Compound(v) = &p.kind
            && let [one] = v.as_slice()
        {
            p = one;
        }
        match &p.kind {
            ExprKind::Str(s) => Some(promotion_string_kinds(s)),
            _ => None,
        }
    }
}

impl Lower<'_> {
    /// `X--Y`, `X[x]Y` (`×`), `--=Q`, `legal --`: a `move` filter (`move from X to Y ...`);
    /// in a `line` it constrains the move the line takes. Dash targets (`--(check)`) are not
    /// evaluated yet.
    pub(super) fn dash<S: SquareSet>(
        &self,
        e: &Expr,
        d: &crate::query::syntax::Dash,
        cx: Cx,
    ) -> Lowered<S> {
        if !d.target.is_empty() {
            return self.dash_with_target(e, d, cx);
        }
        let source = match d.mode {
            crate::query::syntax::DashMode::Played => ir::MoveSource::Played,
            crate::query::syntax::DashMode::Legal => ir::MoveSource::Legal,
            crate::query::syntax::DashMode::PseudoLegal => ir::MoveSource::PseudoLegal,
        };
        let side = |x: &Option<Expr>| -> Result<Option<Option<Box<Node<S>>>>, LowerError> {
            match x {
                None => Ok(Some(None)),
                Some(x) => Ok(self
                    .typed(x, cx, Type::Set, "a dash")?
                    .map(|n| Some(Box::new(n)))),
            }
        };
        let Some(from) = side(&d.from)? else {
            return Ok(None);
        };
        let Some(to) = side(&d.to)? else {
            return Ok(None);
        };
        // `X[x]Y`: the move captures; the captured piece stands on Y (the destination, but
        // for en passant).
        let (to, capture) = match (d.capture, to) {
            (false, to) => (to, None),
            (true, Some(y)) => (None, Some(y)),
            (true, None) => {
                let all = ir::PieceKinds {
                    white: u32::MAX,
                    black: u32::MAX,
                    empty: false,
                };
                (None, Some(Box::new(Node::Pieces(all, S::full(self.geo)))))
            }
        };
        let promote = match &d.promote {
            None => None,
            Some(p) => match &p.kind {
                ExprKind::Pieces(des) if des.squares.is_none() => {
                    Some(cx.xf.kinds(self.designator_kinds(des, p.span)?))
                }
                _ => match self.constant_promotion(p) {
                    Some(kinds) => Some(kinds),
                    None => return self.dash_with_target(e, d, cx),
                },
            },
        };
        let m = ir::MoveFilter {
            from,
            to,
            capture,
            promote,
            ..ir::MoveFilter::any(source)
        };
        if source != ir::MoveSource::Played {
            // CQL 6.2's `legal --` is a set filter: the moves' destinations (`MoveLegalNode`).
            let m = ir::MoveFilter {
                yields: ir::MoveYield::To,
                ..m
            };
            return Ok(Some(Node::Move(m)));
        }
        Ok(Some(Node::Move(m)))
    }
}

impl Lower<'_> {
    /// `move ...` (`move legal ... comment X` read as CQL 6.2 reads it: the move filter, then
    /// the comment).
    pub(super) fn move_or_comment<S: SquareSet>(
        &self,
        e: &Expr,
        params: &[MoveParam],
        cx: Cx,
    ) -> Lowered<S> {
        match generated_move_comment(e) {
            Some(rewritten) => self.lower(&rewritten, cx),
            None => self.move_filter(params, e.span, cx),
        }
    }

    /// `move ...`: the parameters in any order; what it yields depends on the first one.
    fn move_filter<S: SquareSet>(&self, params: &[MoveParam], span: Span, cx: Cx) -> Lowered<S> {
        let mut f = MoveFilter::any(MoveSource::Played);
        let (mut source_set, mut count, mut first) = (false, false, None);
        let mut seen: Vec<&'static str> = Vec::new();
        let mut extras: Vec<&MoveParam> = Vec::new();
        for p in params {
            let name = ops::move_param_name(&p.kind);
            self.refuse_repeated_param(name, &seen, p.span)?;
            seen.push(name);
            let mut set_source = |s: MoveSource| -> Result<(), LowerError> {
                if std::mem::replace(&mut source_set, true) {
                    let m = "only one of 'legal', 'pseudolegal' and 'previous' may be given";
                    return Err(self.err(ErrorKind::Syntax, p.span, m));
                }
                f.source = s;
                Ok(())
            };
            match &p.kind {
                MoveParamKind::Legal => set_source(MoveSource::Legal)?,
                MoveParamKind::PseudoLegal => set_source(MoveSource::PseudoLegal)?,
                MoveParamKind::Previous => set_source(MoveSource::Previous)?,
                MoveParamKind::Reverse => {
                    self.reverse_board(p.span)?;
                    set_source(MoveSource::Reverse)?
                }
                MoveParamKind::Count => count = true,
                kind => {
                    first.get_or_insert(name);
                    if !img!(self.set_move_part(&mut f, kind, cx)) {
                        // primary, secondary, comment, `: F`, reverse (tree_words.rs)
                        extras.push(p);
                    }
                }
            }
        }
        let generated = [
            MoveSource::Legal,
            MoveSource::PseudoLegal,
            MoveSource::Reverse,
        ];
        if count && !generated.contains(&f.source) {
            let m = "'move count' needs 'legal', 'pseudolegal' or 'reverse'";
            return Err(self.err(ErrorKind::Syntax, span, m));
        }
        move_yield(&mut f, count, first);
        if !extras.is_empty() {
            return self.move_ext(f, &extras, cx);
        }
        Ok(Some(Node::Move(f)))
    }

    /// Refuses a parameter given twice in one move filter (`castle`, `o-o` and `o-o-o` count
    /// as one).
    fn refuse_repeated_param(
        &self,
        name: &str,
        seen: &[&'static str],
        span: Span,
    ) -> Result<(), LowerError> {
        let castle = |s: &str| matches!(s, "castle" | "o-o" | "o-o-o");
        if seen.contains(&name) || (castle(name) && seen.iter().any(|s| castle(s))) {
            return Err(self.err(
                ErrorKind::Syntax,
                span,
                format!("'{name}' conflicts with an earlier parameter of this move filter"),
            ));
        }
        Ok(())
    }

    /// Sets the part of the move filter `kind` names (`from`, `to`, `capture`, `promote`,
    /// `drop`, `enpassant`, castling, `null`): Some(true); Some(false) for a part another
    /// concept lowers; None when a set has no image under the transform.
    fn set_move_part<S: SquareSet>(
        &self,
        f: &mut MoveFilter<S>,
        kind: &MoveParamKind,
        cx: Cx,
    ) -> Result<Option<bool>, LowerError> {
        match kind {
            MoveParamKind::From(x) => {
                f.from = Some(Box::new(img!(self.typed(x, cx, Type::Set, "'from'"))))
            }
            MoveParamKind::To(x) => {
                f.to = Some(Box::new(img!(self.typed(x, cx, Type::Set, "'to'"))))
            }
            MoveParamKind::Capture(x) => {
                f.capture = Some(Box::new(img!(self.typed(x, cx, Type::Set, "'capture'"))));
            }
            MoveParamKind::Promote(x) => f.promote = Some(cx.xf.kinds(self.promote_kinds(x)?)),
            MoveParamKind::Drop(x) => f.drop = Some(cx.xf.kinds(self.promote_kinds(x)?)),
            MoveParamKind::EnPassant => f.enpassant = true,
            MoveParamKind::EnPassantSquare(x) => {
                let set = img!(self.typed(x, cx, Type::Set, "'enpassantsquare'"));
                f.ep_square = Some(Box::new(set));
            }
            MoveParamKind::Castle => f.castle = Some(CastleKind::Any),
            MoveParamKind::KingSide => f.castle = Some(CastleKind::KingSide),
            MoveParamKind::QueenSide => f.castle = Some(CastleKind::QueenSide),
            MoveParamKind::Null => f.null = true,
            _ => return Ok(Some(false)),
        }
        Ok(Some(true))
    }
}

/// Sets what the move filter yields (the count, or the `to`, `capture` or `from` squares,
/// by the first of them written).
fn move_yield<S>(f: &mut MoveFilter<S>, count: bool, first: Option<&str>) {
    f.yields = match (count, first) {
        (true, _) => MoveYield::Count,
        (false, Some("to")) => MoveYield::To,
        (false, Some("capture")) => MoveYield::Capture,
        _ => MoveYield::From,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::piece_type;

    /// The letters CQL 6.2 compares: `"qa5"` names the queen only (`a` and `5` name no
    /// piece type), `"Nty"` the knight; `""` and `"."` every promotion.
    #[test]
    fn promotion_strings_name_piece_types() {
        let bits = |s| promotion_string_kinds(s).white;
        assert_eq!(bits("qa5"), 1 << piece_type::QUEEN);
        assert_eq!(bits("Nty"), 1 << piece_type::KNIGHT);
        assert_eq!(bits("R09"), 1 << piece_type::ROOK);
        assert_eq!(bits("b5"), 1 << piece_type::BISHOP);
        assert_eq!(bits("xyz"), 0);
        assert_eq!(bits(""), u32::MAX);
        assert_eq!(bits("."), u32::MAX);
        assert_eq!(
            bits("QN"),
            (1 << piece_type::QUEEN) | (1 << piece_type::KNIGHT)
        );
    }
}
