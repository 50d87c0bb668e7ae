//! Lowering of the constructs CQL 6.2 accepts that the chessql parser cases exercise and
//! that need their own reading of CQL 6.2's source: a dash's promotion given by a string
//! (`--="Q"`, `function F(T){--R=T} F("Q")`), and `countmoves` of a dash with targets
//! (`countmoves --(o-o-o)`).
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
//! `isbound x` / `isunbound x` on a name no assignment has declared (CQL 6.2's `IsBoundNode`
//! without a variable) is never bound; on a dictionary it is always bound (CQL 6.2's
//! `Dictionary` is bound from its declaration).
//!
//! `move legal comment X`: CQL 6.2's `move` takes `comment` only for played moves
//! (`move-parse.cpp`), so after `legal` or `pseudolegal` the comment is the next filter, at
//! the current position: `move legal comment X or Y` is `move legal` followed by
//! `comment X or Y`. The syntax tree is rewritten that way before lowering.
//!
//! `hhdb cooked`, `hhdb sound`, `hhdb unsound` and `hhdb sort ...` follow CQL 6.2's
//! `hhdbkeyword` table and `hhdbaward_sort`, which define them by CQL text:
//! - `cooked` is `cql_hhdbhascook` ([`ChessqlWord::HhdbCooked`]);
//! - `unsound` is `hhdb cooked or player black ~~ "U[1-5]"`;
//! - `sound` is `not {hhdb cooked and player black ~~ "U[12]" or player black ~~ "U[345]"}`;
//! - `hhdb sort T` (T `prize`, `hm`, `commendation`: categories 1, 3, 5) is the study having
//!   such an award, sorted (smallest first) by the category (one more for a special award),
//!   the award's first place, then its last place; cqlq's `sort` orders by one value, so
//!   the three are one number (category × 10¹⁰ + first × 10⁵ + last: places are below
//!   10⁵, an unranked award's last place being 10,000); `hhdb sort award` is the `or` of
//!   the three types; with `special`: `hhdb special and hhdb sort T`.

use crate::chess::standard_type;
use crate::ir::path::{Dash, PathFilter};
use crate::ir::{
    ArithOp, AwardKind, ChessqlWord, HhdbAward, MoveExt, MoveFilter, MoveYield, Node, Pattern,
    PieceKinds, Sort, StrFilter, TagName,
};
use crate::squares::SquareSet;

use super::ast::{Arg, BindingOp, Builtin, Expr, ExprKind, MoveParamKind};
use super::lower::{Lower, Ty};

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
        _ => Expr {
            kind: ExprKind::Builtin(Builtin::Comment, vec![Arg::Filter(x.clone())]),
            span: last.span,
        },
    };
    let span = rest.last().map_or(e.span, |p| super::ast::Span {
        start: e.span.start,
        end: p.span.end,
    });
    let mv = Expr {
        kind: ExprKind::Move(rest.to_vec()),
        span,
    };
    Some((mv, comment))
}

/// The filter CQL 6.2 reads where cqlq's syntax tree has `move legal ... comment X` (alone,
/// or first in an `or` / `and`), or None when `e` is not one.
pub(crate) fn generated_move_comment(e: &Expr) -> Option<Expr> {
    let seq = |items: Vec<Expr>| Expr {
        kind: ExprKind::Compound(items),
        span: e.span,
    };
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
    Some(seq(vec![mv, Expr { kind, span: e.span }]))
}

/// `hhdb WORDS` for the keys CQL 6.2 defines here (`cooked`, `sound`, `unsound`, and the
/// award keys with `sort`); None for the others.
pub(crate) fn hhdb_chessql<S>(flags: &[&str], filters: &[&Expr]) -> Option<(Node<S>, Ty)> {
    if !filters.is_empty() {
        return None;
    }
    let black = |re: &str| {
        let pattern = Pattern(regex::Regex::new(re).expect("a valid constant pattern"));
        Node::RegexMatch(Box::new(Node::Tag(TagName::Black)), pattern)
    };
    let cooked = || Node::Chessql(ChessqlWord::HhdbCooked);
    match flags {
        ["cooked"] => return Some((cooked(), Ty::Logical)),
        ["unsound"] => return Some((Node::Or(vec![cooked(), black("U[1-5]")]), Ty::Logical)),
        ["sound"] => {
            let bad = Node::Or(vec![
                Node::And(vec![cooked(), black("U[12]")]),
                black("U[345]"),
            ]);
            return Some((Node::Not(Box::new(bad)), Ty::Logical));
        }
        _ => {}
    }
    if !flags.contains(&"sort") {
        return None;
    }
    let mut kind = None;
    let mut special = false;
    for w in flags {
        match *w {
            "sort" => {}
            "special" => special = true,
            "award" => kind = Some(AwardKind::Any),
            "prize" => kind = Some(AwardKind::Prize),
            "hm" => kind = Some(AwardKind::HonourableMention),
            "commendation" => kind = Some(AwardKind::Commendation),
            _ => return None,
        }
    }
    let award = |kind, special, max| {
        Node::Strs(Box::new(StrFilter::Hhdb(HhdbAward { kind, special, max })))
    };
    let sorted = match kind.unwrap_or(AwardKind::Any) {
        AwardKind::Any => Node::Or(
            [
                AwardKind::Prize,
                AwardKind::HonourableMention,
                AwardKind::Commendation,
            ]
            .into_iter()
            .map(hhdb_sort_of)
            .collect(),
        ),
        k => hhdb_sort_of(k),
    };
    let node = if special {
        Node::And(vec![award(AwardKind::Any, true, false), sorted])
    } else {
        sorted
    };
    Some((node, Ty::Logical))
}

/// `hhdb sort T` for one award type (CQL 6.2's `hhdbaward_sort`).
fn hhdb_sort_of<S>(kind: AwardKind) -> Node<S> {
    let award =
        |special, max| Node::Strs(Box::new(StrFilter::Hhdb(HhdbAward { kind, special, max })));
    let category = match kind {
        AwardKind::Prize => 1,
        AwardKind::HonourableMention => 3,
        _ => 5,
    };
    let add = |a: Node<S>, b: Node<S>| Node::Arith(ArithOp::Add, Box::new(a), Box::new(b));
    let times =
        |a: Node<S>, n: i64| Node::Arith(ArithOp::Mul, Box::new(a), Box::new(Node::Number(n)));
    let key = |category: i64, special: bool| {
        add(
            add(
                Node::Number(category * 10_000_000_000),
                times(award(special, false), 100_000),
            ),
            award(special, true),
        )
    };
    // `hhdb T` as a filter holds for a special award too (its value, 0, is no match).
    let has = Node::Or(vec![award(false, false), award(true, false)]);
    let is_special = Node::Strs(Box::new(StrFilter::Hhdb(HhdbAward {
        kind: AwardKind::Any,
        special: true,
        max: false,
    })));
    let body = Node::If(
        Box::new(is_special),
        Box::new(key(category + 1, true)),
        Some(Box::new(key(category, false))),
    );
    let sort = Sort {
        label: "hhdb sort".to_string(),
        min: true,
        quiet: false,
        body,
    };
    Node::And(vec![has, Node::Sort(Box::new(sort))])
}

impl Lower<'_> {
    /// `isbound x` / `isunbound x` where `x` is no variable assigned before: a constant
    /// (bound for a dictionary, unbound otherwise); None for `unbind x`.
    pub(crate) fn binding_without_variable<S>(
        &self,
        op: BindingOp,
        target: &Expr,
    ) -> Option<(Node<S>, Ty)> {
        let bound = self.dict_of(target).is_some();
        let yes = match op {
            BindingOp::IsBound => bound,
            BindingOp::IsUnbound => !bound,
            BindingOp::Unbind => return None,
        };
        Some((if yes { Node::True } else { Node::False }, Ty::Logical))
    }

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
