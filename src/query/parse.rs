//! CQL text → syntax tree ([`cql_to_ast`]): the pest grammar `grammar/cql.pest`, then a walk
//! over its parse tree that builds [`Ast`] nodes with spans.

use pest::Parser;
use pest::iterators::Pair;

use crate::ir::{ArithOp, CmpOp, Color, GameResult};

use super::ast::{
    Ast, BinOp, Designator, Expr, ExprKind, MoveParam, MoveParamKind, PrefixOp, SourceText, Span,
    SquareRange, TagWord, Transform, Word,
};
use super::error::{ErrorKind, QueryError, from_pest};
use super::literal::parse_fen_placement;
use super::scan::{MOVE_WORDS, scan, unsupported_word};
use super::{Header, HeaderParam};

/// The pest parser generated from `grammar/cql.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/cql.pest"]
pub(crate) struct CqlParser;

/// Longest chain of one binary operator level (`a + b + ...`) accepted.
const MAX_CHAIN: usize = 128;
/// Deepest syntax tree accepted.
const MAX_DEPTH: usize = 256;

/// Parses CQL 6 text into a syntax tree. Words and operators of CQL that cqlq does not
/// support yet are reported by name.
pub fn cql_to_ast(text: &str) -> Result<Ast, QueryError> {
    let found = scan(text);
    if let Some(e) = found.too_deep {
        return Err(e);
    }
    let parsed = match CqlParser::parse(Rule::query, text) {
        Ok(p) => p,
        Err(e) => {
            let err = from_pest(text, e);
            return Err(match found.unsupported {
                Some(u) if u.span.start <= err.span.start => u,
                _ => move_word_alone(text, err),
            });
        }
    };
    if let Some(u) = found.unsupported {
        return Err(u);
    }
    let b = Builder { src: text };
    let mut header = Header::default();
    let mut body = Vec::new();
    for pair in parsed
        .into_iter()
        .next()
        .into_iter()
        .flat_map(Pair::into_inner)
    {
        match pair.as_rule() {
            Rule::header => header = b.header(pair),
            Rule::filter => body.push(b.filter(pair)?),
            _ => {}
        }
    }
    if let Some(deep) = body.iter().find(|e| e.depth() > MAX_DEPTH) {
        return Err(b.err(
            ErrorKind::TooComplex,
            deep.span,
            "the query nests too deeply",
        ));
    }
    Ok(Ast {
        header,
        body,
        source: SourceText(text.to_string()),
    })
}

/// A syntax error at a move parameter used on its own (`castle`, `legal --`, `to`): CQL
/// accepts these as filters, cqlq not yet.
fn move_word_alone(text: &str, err: QueryError) -> QueryError {
    // The furthest position pest reached may be inside `o-o`: start from the run's beginning.
    let mut start = err.span.start;
    while let Some(c) = text[..start]
        .chars()
        .next_back()
        .filter(|&c| c.is_ascii_alphanumeric() || c == '-')
    {
        start -= c.len_utf8();
    }
    let rest = &text[start..];
    let word = MOVE_WORDS.iter().find(|w| {
        rest.starts_with(**w)
            && !rest[w.len()..]
                .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    });
    match word {
        Some(w) => {
            let span = Span::new(start, start + w.len());
            let m = format!("'{w}' outside a move filter is not supported by cqlq yet");
            QueryError::new(ErrorKind::Unsupported, text, span, m)
        }
        None => err,
    }
}

type Res = Result<Expr, QueryError>;

struct Builder<'s> {
    src: &'s str,
}

fn span_of(p: &Pair<Rule>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

fn unescape(s: &str) -> String {
    s.replace("\\\"", "\"")
}

/// The string literal's content.
fn string_value(p: Pair<Rule>) -> String {
    unescape(p.into_inner().next().map_or("", |i| i.as_str()))
}

fn color_of(p: &Pair<Rule>) -> Color {
    if p.as_str() == "white" {
        Color::White
    } else {
        Color::Black
    }
}

fn result_of(text: &str) -> Option<GameResult> {
    match text {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" => Some(GameResult::Draw),
        _ => None,
    }
}

impl Builder<'_> {
    fn err(&self, kind: ErrorKind, span: Span, message: impl Into<String>) -> QueryError {
        QueryError::new(kind, self.src, span, message)
    }

    fn header(&self, pair: Pair<Rule>) -> Header {
        let mut params = Vec::new();
        for p in pair
            .into_inner()
            .filter(|p| p.as_rule() == Rule::header_param)
        {
            let span = span_of(&p);
            let Some(inner) = p.into_inner().next() else {
                continue;
            };
            if inner.as_rule() == Rule::hp_flag {
                params.push(HeaderParam {
                    name: inner.as_str().to_string(),
                    value: None,
                    span,
                });
                continue;
            }
            let mut parts = inner.into_inner();
            let name = parts
                .next()
                .map(|n| n.as_str().to_string())
                .unwrap_or_default();
            let values: Vec<String> = parts
                .map(|v| {
                    if v.as_rule() == Rule::string {
                        string_value(v)
                    } else {
                        v.as_str().to_string()
                    }
                })
                .collect();
            params.push(HeaderParam {
                name,
                value: Some(values.join(" ")),
                span,
            });
        }
        Header { params }
    }

    /// `filter`: and-expressions joined by `or`.
    fn filter(&self, pair: Pair<Rule>) -> Res {
        self.flat(pair, Rule::and_expr, ExprKind::Or)
    }

    fn flat(&self, pair: Pair<Rule>, item: Rule, make: fn(Vec<Expr>) -> ExprKind) -> Res {
        let span = span_of(&pair);
        let mut items = Vec::new();
        for p in pair.into_inner().filter(|p| p.as_rule() == item) {
            items.push(self.expr(p)?);
        }
        Ok(if items.len() == 1 {
            items.remove(0)
        } else {
            Expr {
                kind: make(items),
                span,
            }
        })
    }

    /// Any expression-level rule.
    fn expr(&self, pair: Pair<Rule>) -> Res {
        match pair.as_rule() {
            Rule::filter => self.filter(pair),
            Rule::and_expr => self.flat(pair, Rule::in_expr, ExprKind::And),
            Rule::in_expr => self.left_fold(pair, |_| BinOp::In),
            Rule::cmp_expr => self.comparison(pair),
            Rule::add_expr | Rule::mul_expr => self.left_fold(pair, |op| {
                BinOp::Arith(match op.as_str() {
                    "+" => ArithOp::Add,
                    "-" => ArithOp::Sub,
                    "*" => ArithOp::Mul,
                    "/" => ArithOp::Div,
                    _ => ArithOp::Rem,
                })
            }),
            Rule::union_expr => self.left_fold(pair, |_| BinOp::Union),
            Rule::inter_expr => self.left_fold(pair, |_| BinOp::Intersect),
            Rule::compl_expr => {
                let mut ops = Vec::new();
                let mut last = None;
                for p in pair.into_inner() {
                    if p.as_rule() == Rule::compl_op {
                        ops.push(span_of(&p).start);
                    } else {
                        last = Some(self.expr(p)?);
                    }
                }
                let mut e = last.ok_or_else(|| {
                    self.err(ErrorKind::Syntax, Span::default(), "missing operand")
                })?;
                for start in ops.into_iter().rev() {
                    let span = Span::new(start, e.span.end);
                    e = Expr {
                        kind: ExprKind::Prefix(PrefixOp::Complement, Box::new(e)),
                        span,
                    };
                }
                Ok(e)
            }
            Rule::attack_expr => self.attacks(pair),
            Rule::regex_expr => self.left_fold(pair, |_| BinOp::Regex),
            Rule::primary => self.primary(pair),
            r => Err(self.err(
                ErrorKind::Syntax,
                span_of(&pair),
                format!("internal: unexpected {r:?}"),
            )),
        }
    }

    /// `operand (op operand)*`, left associative.
    fn left_fold(&self, pair: Pair<Rule>, op_of: fn(&Pair<Rule>) -> BinOp) -> Res {
        let whole = span_of(&pair);
        let mut inner = pair.into_inner();
        let first = inner
            .next()
            .ok_or_else(|| self.err(ErrorKind::Syntax, whole, "missing operand"))?;
        let mut acc = self.expr(first)?;
        let mut count = 0;
        while let (Some(op), Some(rhs)) = (inner.next(), inner.next()) {
            count += 1;
            if count > MAX_CHAIN {
                return Err(self.err(
                    ErrorKind::TooComplex,
                    span_of(&op),
                    "too many operators in a row",
                ));
            }
            let rhs = self.expr(rhs)?;
            let span = Span::new(acc.span.start, rhs.span.end);
            acc = Expr {
                kind: ExprKind::Binary(op_of(&op), Box::new(acc), Box::new(rhs)),
                span,
            };
        }
        Ok(acc)
    }

    /// Comparisons are right associative: `a < b < c` is `a < (b < c)`.
    fn comparison(&self, pair: Pair<Rule>) -> Res {
        let mut operands = Vec::new();
        let mut ops = Vec::new();
        for p in pair.into_inner() {
            if p.as_rule() == Rule::cmp_op {
                if ops.len() >= MAX_CHAIN {
                    return Err(self.err(
                        ErrorKind::TooComplex,
                        span_of(&p),
                        "too many comparisons in a row",
                    ));
                }
                ops.push(match p.as_str() {
                    "<" => CmpOp::Lt,
                    "<=" | "≤" => CmpOp::Le,
                    ">" => CmpOp::Gt,
                    ">=" | "≥" => CmpOp::Ge,
                    "==" => CmpOp::Eq,
                    _ => CmpOp::Ne,
                });
            } else {
                operands.push(self.expr(p)?);
            }
        }
        let mut acc = operands
            .pop()
            .ok_or_else(|| self.err(ErrorKind::Syntax, Span::default(), "missing operand"))?;
        while let (Some(op), Some(lhs)) = (ops.pop(), operands.pop()) {
            let span = Span::new(lhs.span.start, acc.span.end);
            acc = Expr {
                kind: ExprKind::Binary(BinOp::Cmp(op), Box::new(lhs), Box::new(acc)),
                span,
            };
        }
        Ok(acc)
    }

    /// `x attacks y`, `x attackedby y`, `x attacked by y`, `x -> y`, `x <- y`.
    fn attacks(&self, pair: Pair<Rule>) -> Res {
        let arrows = pair
            .clone()
            .into_inner()
            .filter(|p| p.as_rule() == Rule::attack_op)
            .filter(|p| p.as_str().starts_with(['-', '<', '→', '←']))
            .count();
        if arrows > 0
            && pair
                .clone()
                .into_inner()
                .filter(|p| p.as_rule() == Rule::attack_op)
                .count()
                > 1
        {
            return Err(self.err(
                ErrorKind::Unsupported,
                span_of(&pair),
                "chains of attack arrows ('a -> b -> c', pins and x-rays) are not supported by cqlq yet",
            ));
        }
        self.left_fold(pair, |op| {
            match op.clone().into_inner().next().map(|p| p.as_rule()) {
                Some(Rule::attackedby_op) => BinOp::AttackedBy,
                _ => BinOp::Attacks,
            }
        })
    }

    fn primary(&self, pair: Pair<Rule>) -> Res {
        let outer = span_of(&pair);
        let p = pair
            .into_inner()
            .next()
            .ok_or_else(|| self.err(ErrorKind::Syntax, outer, "missing filter"))?;
        let span = span_of(&p);
        let rule = p.as_rule();
        let text = p.as_str();
        let mut inner = p.into_inner();
        let kind = match rule {
            Rule::paren => return self.expr(inner.next().expect("paren has a filter")),
            Rule::compound => ExprKind::Compound(
                inner
                    .filter(|c| c.as_rule() == Rule::filter)
                    .map(|c| self.filter(c))
                    .collect::<Result<_, _>>()?,
            ),
            Rule::if_filter => {
                let parts: Vec<Expr> = inner
                    .filter(|c| c.as_rule() == Rule::filter)
                    .map(|c| self.filter(c))
                    .collect::<Result<_, _>>()?;
                let mut it = parts.into_iter();
                let (c, a) = (
                    it.next().expect("if condition"),
                    it.next().expect("if branch"),
                );
                ExprKind::If(Box::new(c), Box::new(a), it.next().map(Box::new))
            }
            Rule::not_filter => {
                ExprKind::Not(Box::new(self.expr(inner.nth(1).expect("not operand"))?))
            }
            Rule::transform_filter => {
                let t = match inner.next().map(|k| k.as_str()).unwrap_or("") {
                    "flipcolor" | "⬓" => Transform::FlipColor,
                    "flip" | "flipdihedral" | "✵" => Transform::Flip,
                    "fliphorizontal" => Transform::FlipHorizontal,
                    "flipvertical" => Transform::FlipVertical,
                    "shift" => Transform::Shift,
                    "shifthorizontal" => Transform::ShiftHorizontal,
                    "shiftvertical" => Transform::ShiftVertical,
                    "rotate90" => Transform::Rotate90,
                    "reversecolor" => Transform::ReverseColor,
                    _ => Transform::NoTransform,
                };
                let mut count = false;
                let mut arg = None;
                for c in inner {
                    match c.as_rule() {
                        Rule::kw_count => count = true,
                        _ => arg = Some(self.filter(c)?),
                    }
                }
                ExprKind::Transform(t, count, Box::new(arg.expect("transform argument")))
            }
            Rule::count_filter => ExprKind::Prefix(
                PrefixOp::Count,
                Box::new(self.expr(inner.next().expect("#"))?),
            ),
            Rule::neg_filter => ExprKind::Prefix(
                PrefixOp::Negate,
                Box::new(self.expr(inner.nth(1).expect("-"))?),
            ),
            Rule::abs_filter => ExprKind::Prefix(
                PrefixOp::Abs,
                Box::new(self.expr(inner.nth(1).expect("abs"))?),
            ),
            Rule::setfn_filter => {
                let op = match inner.next().map(|k| k.as_str()).unwrap_or("") {
                    "power" => PrefixOp::Power,
                    "type" => PrefixOp::Type,
                    _ => PrefixOp::ColorType,
                };
                ExprKind::Prefix(
                    op,
                    Box::new(self.expr(inner.next().expect("set argument"))?),
                )
            }
            Rule::minmax_filter => {
                let max = text.starts_with("max");
                let args: Vec<Expr> = inner
                    .filter(|c| c.as_rule() == Rule::filter)
                    .map(|c| self.filter(c))
                    .collect::<Result<_, _>>()?;
                if args.len() < 2 {
                    let name = if max { "max" } else { "min" };
                    return Err(self.err(
                        ErrorKind::Type,
                        span,
                        format!("'{name}' needs at least two arguments"),
                    ));
                }
                ExprKind::MinMax(max, args)
            }
            Rule::move_filter => ExprKind::Move(
                inner
                    .skip(1)
                    .map(|c| self.move_param(c))
                    .collect::<Result<_, _>>()?,
            ),
            Rule::fen_filter => match inner.nth(1) {
                None => ExprKind::Fen(None),
                Some(s) => {
                    let sspan = span_of(&s);
                    let value = string_value(s);
                    if let Err(m) = parse_fen_placement(&value) {
                        return Err(self.err(
                            ErrorKind::Invalid,
                            sspan,
                            format!("invalid FEN placement: {m}"),
                        ));
                    }
                    ExprKind::Fen(Some((value, sspan)))
                }
            },
            Rule::result_filter => {
                let v = inner.nth(1).expect("result value");
                let value = if v.as_rule() == Rule::string {
                    string_value(v.clone())
                } else {
                    v.as_str().to_string()
                };
                match result_of(&value) {
                    Some(r) => ExprKind::Result(r),
                    None => {
                        let m = format!("'{value}' is not a result");
                        return Err(self
                            .err(ErrorKind::Invalid, span_of(&v), m)
                            .expecting("1-0, 0-1 or 1/2-1/2"));
                    }
                }
            }
            Rule::player_filter => {
                let (mut color, mut s) = (None, None);
                for c in inner.skip(1) {
                    match c.as_rule() {
                        Rule::color_kw => color = Some(color_of(&c)),
                        _ => s = Some(string_value(c)),
                    }
                }
                if color.is_none() && s.is_none() {
                    let m =
                        "'player' without 'white', 'black' or a text is not supported by cqlq yet";
                    return Err(self.err(ErrorKind::Unsupported, span, m));
                }
                ExprKind::Player(color, s)
            }
            Rule::elo_filter => ExprKind::Elo(color_of(&inner.nth(1).expect("elo colour"))),
            Rule::tag_filter => {
                let tag = match inner.next().map(|k| k.as_str()).unwrap_or("") {
                    "event" => TagWord::Event,
                    "site" => TagWord::Site,
                    _ => TagWord::Date,
                };
                ExprKind::Tag(tag, inner.next().map(string_value))
            }
            Rule::string => ExprKind::Str(unescape(inner.next().map_or("", |i| i.as_str()))),
            Rule::number => match text.parse::<i64>() {
                Ok(n) => ExprKind::Number(n),
                Err(_) => {
                    return Err(self.err(
                        ErrorKind::Invalid,
                        span,
                        format!("number '{text}' is too large"),
                    ));
                }
            },
            Rule::piece_designator => ExprKind::Pieces(self.designator(text, inner)?),
            Rule::word => match Word::from_name(text) {
                Some(w) => ExprKind::Word(w),
                None => {
                    return Err(unsupported_word(self.src, text, span).unwrap_or_else(|| {
                        self.err(ErrorKind::Syntax, span, format!("unexpected '{text}'"))
                    }));
                }
            },
            r => {
                return Err(self.err(
                    ErrorKind::Syntax,
                    span,
                    format!("internal: unexpected {r:?}"),
                ));
            }
        };
        Ok(Expr { kind, span })
    }

    fn move_param(&self, pair: Pair<Rule>) -> Result<MoveParam, QueryError> {
        let span = span_of(&pair);
        let p = pair.into_inner().next().expect("move parameter");
        let arg =
            |p: Pair<Rule>| -> Res { self.primary(p.into_inner().nth(1).expect("move argument")) };
        let kind = match p.as_rule() {
            Rule::kw_legal => MoveParamKind::Legal,
            Rule::kw_pseudolegal => MoveParamKind::PseudoLegal,
            Rule::kw_previous => MoveParamKind::Previous,
            Rule::mp_from => MoveParamKind::From(arg(p)?),
            Rule::mp_to => MoveParamKind::To(arg(p)?),
            Rule::mp_capture => MoveParamKind::Capture(arg(p)?),
            Rule::mp_promote => MoveParamKind::Promote(arg(p)?),
            Rule::kw_enpassant => MoveParamKind::EnPassant,
            Rule::kw_castle => MoveParamKind::Castle,
            Rule::kw_oo => MoveParamKind::KingSide,
            Rule::kw_ooo => MoveParamKind::QueenSide,
            Rule::kw_null => MoveParamKind::Null,
            _ => MoveParamKind::Count,
        };
        Ok(MoveParam { kind, span })
    }

    fn designator(
        &self,
        text: &str,
        parts: pest::iterators::Pairs<Rule>,
    ) -> Result<Designator, QueryError> {
        let mut pieces = None;
        let mut squares = None;
        for part in parts {
            match part.as_rule() {
                Rule::piece_set => {
                    let mut chars = Vec::new();
                    for c in part.as_str().chars() {
                        match c {
                            '[' | ']' => {}
                            '♔' => chars.push('K'),
                            '♕' => chars.push('Q'),
                            '♖' => chars.push('R'),
                            '♗' => chars.push('B'),
                            '♘' => chars.push('N'),
                            '♙' => chars.push('P'),
                            '♚' => chars.push('k'),
                            '♛' => chars.push('q'),
                            '♜' => chars.push('r'),
                            '♝' => chars.push('b'),
                            '♞' => chars.push('n'),
                            '♟' => chars.push('p'),
                            '△' => chars.push('A'),
                            '▲' => chars.push('a'),
                            '◭' => chars.extend(['A', 'a']),
                            '□' => chars.push('_'),
                            '▦' => chars.push('.'),
                            c => chars.push(c),
                        }
                    }
                    pieces = Some(chars);
                }
                Rule::square_set => {
                    let mut ranges = Vec::new();
                    for r in part.into_inner() {
                        ranges.push(self.square_range(r)?);
                    }
                    squares = Some(ranges);
                }
                _ => {}
            }
        }
        Ok(Designator {
            pieces,
            squares,
            text: text.to_string(),
        })
    }

    fn square_range(&self, pair: Pair<Rule>) -> Result<SquareRange, QueryError> {
        let span = span_of(&pair);
        let mut files = Vec::new();
        let mut ranks = Vec::new();
        for part in pair.into_inner() {
            for p in part.into_inner() {
                match p.as_rule() {
                    Rule::file => files.push(p.as_str().as_bytes()[0] - b'a'),
                    _ => {
                        let r: u8 = p.as_str().parse().unwrap_or(0);
                        if r == 0 {
                            return Err(self.err(
                                ErrorKind::Invalid,
                                span,
                                "ranks are numbered from 1",
                            ));
                        }
                        ranks.push(r - 1);
                    }
                }
            }
        }
        let bounds = |v: &[u8]| (*v.iter().min().unwrap_or(&0), *v.iter().max().unwrap_or(&0));
        Ok(SquareRange {
            files: bounds(&files),
            ranks: bounds(&ranks),
        })
    }
}
