//! Primaries of the CQL grammar: brackets, `if`, `not`, transforms, prefix operators, `move`,
//! game information, literals, piece designators and words (see `parse.rs` for the levels).

use pest::iterators::{Pair, Pairs};

use crate::ir::Color;

use super::ast::Span;
use super::ast::{
    Builtin, Designator, Expr, ExprKind, MoveParam, MoveParamKind, Name, PrefixOp, SquareRange,
    TagWord, Transform, Word,
};
use super::error::{ErrorKind, ParseError};
use super::literal::parse_fen_placement;
use super::parse::{Builder, Res, Rule, node, result_of, span_of, string_value, unescape};

fn color_of(p: &Pair<Rule>) -> Color {
    if p.as_str() == "white" {
        Color::White
    } else {
        Color::Black
    }
}

/// `player [white|black] "name"`.
fn player_filter(inner: Pairs<Rule>) -> ExprKind {
    let (mut color, mut s) = (None, None);
    for c in inner.skip(1) {
        match c.as_rule() {
            Rule::color_kw => color = Some(color_of(&c)),
            _ => s = Some(string_value(c)),
        }
    }
    ExprKind::Player(color, s)
}

impl Builder<'_> {
    /// A primary: dispatches on the grammar rule matched.
    pub(crate) fn primary(&self, pair: Pair<Rule>) -> Res {
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
            Rule::paren => return self.paren(inner),
            Rule::compound => ExprKind::Compound(
                inner
                    .filter(|c| matches!(c.as_rule(), Rule::filter | Rule::implicit_iter))
                    .map(|c| self.stmt(c))
                    .collect::<Result<_, _>>()?,
            ),
            Rule::if_filter => self.if_filter(inner)?,
            Rule::not_filter => {
                ExprKind::Not(Box::new(self.expr(inner.nth(1).expect("not operand"))?))
            }
            Rule::transform_filter => self.transform_filter(inner)?,
            Rule::count_filter => ExprKind::Prefix(
                PrefixOp::Count,
                Box::new(self.expr(inner.next().expect("#"))?),
            ),
            Rule::compl_filter => ExprKind::Prefix(
                PrefixOp::Complement,
                Box::new(self.expr(inner.nth(1).expect("~"))?),
            ),
            Rule::neg_filter => ExprKind::Prefix(
                PrefixOp::Negate,
                Box::new(self.expr(inner.nth(1).expect("-"))?),
            ),
            Rule::abs_filter => ExprKind::Prefix(
                PrefixOp::Abs,
                Box::new(self.expr(inner.nth(1).expect("abs"))?),
            ),
            Rule::setfn_filter => self.set_function(inner)?,
            Rule::minmax_filter => self.min_max(text, inner, span)?,
            Rule::move_filter => self.move_filter(inner)?,
            Rule::fen_filter => self.fen_filter(inner)?,
            Rule::result_filter => self.result_filter(inner)?,
            Rule::player_filter => player_filter(inner),
            Rule::elo_filter => match inner.nth(1) {
                Some(c) => ExprKind::Elo(color_of(&c)),
                None => ExprKind::Builtin(Builtin::Elo, Vec::new()),
            },
            Rule::tag_filter => {
                let tag = match inner.next().map(|k| k.as_str()).unwrap_or("") {
                    "event" => TagWord::Event,
                    "site" => TagWord::Site,
                    _ => TagWord::Date,
                };
                ExprKind::Tag(tag, inner.next().map(string_value))
            }
            Rule::original_comment => {
                let s = inner.nth(1).expect("originalcomment's string");
                let sspan = span_of(&s);
                let text = node(ExprKind::Str(string_value(s)), sspan);
                ExprKind::Builtin(Builtin::HasComment, vec![super::ast::Arg::Filter(text)])
            }
            Rule::string => ExprKind::Str(unescape(inner.next().map_or("", |i| i.as_str()))),
            Rule::number => self.number(text, span)?,
            Rule::piece_designator => ExprKind::Pieces(self.designator(text, inner)?),
            Rule::word => self.word(text, span)?,
            Rule::current_glyph => ExprKind::Word(Word::CurrentPosition),
            Rule::regex_group => self.regex_group(text, span)?,
            Rule::comment_line => ExprKind::Builtin(
                Builtin::Comment,
                inner
                    .map(|c| self.expr(c).map(super::ast::Arg::Filter))
                    .collect::<Result<_, _>>()?,
            ),
            Rule::bare_dash => return self.dash(None, inner, span),
            _ => return self.keyword_construct(rule, text, inner, span),
        };
        Ok(Expr::new(kind, span))
    }

    /// `( f )`: the one filter inside, refused when the brackets hold two.
    fn paren(&self, mut inner: Pairs<Rule>) -> Res {
        let f = inner.next().expect("paren has a filter");
        let braced = f.as_str().trim_start().starts_with('{');
        let e = self.expr(f)?;
        // CQL 6.2 rule: parentheses hold one filter. `q-2` is two filters (a set, then
        // the number -2), so `(q-2)` is refused while `{q-2}` is not.
        if matches!(e.kind, ExprKind::Compound(_)) && !braced {
            let m = "parentheses hold one filter, and this is two ('-' after a set starts a new filter)";
            return Err(self.err(ErrorKind::Syntax, e.span, m));
        }
        Ok(e)
    }

    /// `if c a [else b]`.
    fn if_filter(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let parts: Vec<Expr> = inner
            .flat_map(Pair::into_inner)
            .filter(|c| matches!(c.as_rule(), Rule::filter | Rule::implicit_iter))
            .map(|c| self.stmt(c))
            .collect::<Result<_, _>>()?;
        let mut it = parts.into_iter();
        let (c, a) = (
            it.next().expect("if condition"),
            it.next().expect("if branch"),
        );
        Ok(ExprKind::If(
            Box::new(c),
            Box::new(a),
            it.next().map(Box::new),
        ))
    }

    /// `flip`, `shift`, `rotate90`, ... with an optional `count` and the filter transformed.
    fn transform_filter(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let t = match inner.next().map(|k| k.as_str()).unwrap_or("") {
            "flipcolor" | "⬓" => Transform::FlipColor,
            // CQL 6.2's transform-parse.cpp: `dihedral` is a third spelling of `flip`.
            "flip" | "flipdihedral" | "dihedral" | "✵" => Transform::Flip,
            "fliphorizontal" => Transform::FlipHorizontal,
            "flipvertical" => Transform::FlipVertical,
            "shift" => Transform::Shift,
            "shifthorizontal" => Transform::ShiftHorizontal,
            "shiftvertical" => Transform::ShiftVertical,
            "rotate90" => Transform::Rotate90,
            "reversecolor" => Transform::ReverseColor,
            "rotate45" => Transform::Rotate45,
            _ => Transform::NoTransform,
        };
        let mut count = false;
        let mut arg = None;
        for c in inner {
            match c.as_rule() {
                Rule::kw_count => count = true,
                _ => arg = Some(self.stmt(c)?),
            }
        }
        Ok(ExprKind::Transform(
            t,
            count,
            Box::new(arg.expect("transform argument")),
        ))
    }

    /// `power s`, `type s`, `colortype s`.
    fn set_function(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let op = match inner.next().map(|k| k.as_str()).unwrap_or("") {
            "power" => PrefixOp::Power,
            "type" => PrefixOp::Type,
            _ => PrefixOp::ColorType,
        };
        Ok(ExprKind::Prefix(
            op,
            Box::new(self.expr(inner.next().expect("set argument"))?),
        ))
    }

    /// `max(a b ...)` or `min(a b ...)`: at least two arguments.
    fn min_max(&self, text: &str, inner: Pairs<Rule>, span: Span) -> Result<ExprKind, ParseError> {
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
        Ok(ExprKind::MinMax(max, args))
    }

    /// `move` with its parameters (`from`, `to`, `legal`, ... and `then` chains).
    fn move_filter(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let mut params = Vec::new();
        for c in inner.skip(1).flat_map(Pair::into_inner) {
            if c.as_rule() == Rule::move_then {
                params.push(self.move_then(c)?);
            } else {
                params.push(self.move_param(c)?);
            }
        }
        Ok(ExprKind::Move(params))
    }

    /// `fen` alone, or `fen "placement"` with the placement checked.
    fn fen_filter(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        Ok(match inner.nth(1) {
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
        })
    }

    /// `result 1-0` (or a string): refused when the value is not a game result.
    fn result_filter(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let v = inner.nth(1).expect("result value");
        let value = if v.as_rule() == Rule::string {
            string_value(v.clone())
        } else {
            v.as_str().to_string()
        };
        match result_of(&value) {
            Some(r) => Ok(ExprKind::Result(r)),
            None => {
                let m = format!("'{value}' is not a result");
                Err(self
                    .err(ErrorKind::Invalid, span_of(&v), m)
                    .expecting("1-0, 0-1 or 1/2-1/2"))
            }
        }
    }

    /// A number literal, refused when it does not fit in an `i64`.
    fn number(&self, text: &str, span: Span) -> Result<ExprKind, ParseError> {
        match text.parse::<i64>() {
            Ok(n) => Ok(ExprKind::Number(n)),
            Err(_) => Err(self.err(
                ErrorKind::Invalid,
                span,
                format!("number '{text}' is too large"),
            )),
        }
    }

    /// `\1` (a regex group), or `\n`, `\t`, `\"` (a one-character string).
    fn regex_group(&self, text: &str, span: Span) -> Result<ExprKind, ParseError> {
        Ok(match text[1..].parse() {
            Ok(n) => ExprKind::Capture(n),
            Err(_) if text[1..].starts_with(|c: char| c.is_ascii_digit()) => {
                return Err(self.err(ErrorKind::Invalid, span, "group number too large"));
            }
            // `\n`, `\t`, `\"`: a one-character string.
            Err(_) => ExprKind::Str(match &text[1..] {
                "n" => "\n".to_string(),
                "t" => "\t".to_string(),
                "r" => "\r".to_string(),
                other => other.to_string(),
            }),
        })
    }

    fn move_param(&self, pair: Pair<Rule>) -> Result<MoveParam, ParseError> {
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
            Rule::mp_drop => MoveParamKind::Drop(arg(p)?),
            Rule::kw_enpassant => MoveParamKind::EnPassant,
            Rule::kw_castle => MoveParamKind::Castle,
            Rule::kw_oo => MoveParamKind::KingSide,
            Rule::kw_ooo => MoveParamKind::QueenSide,
            Rule::kw_null => MoveParamKind::Null,
            Rule::kw_reverse => MoveParamKind::Reverse,
            Rule::mp_comment => {
                let c = p.into_inner().nth(1).expect("comment argument");
                let e = if c.as_rule() == Rule::builtin_list {
                    let cspan = span_of(&c);
                    let args = c
                        .into_inner()
                        .filter(|f| f.as_rule() == Rule::filter)
                        .map(|f| self.filter(f).map(super::ast::Arg::Filter))
                        .collect::<Result<_, _>>()?;
                    Expr::new(ExprKind::Builtin(Builtin::Comment, args), cspan)
                } else {
                    self.primary(c)?
                };
                MoveParamKind::Comment(e)
            }
            Rule::mp_epsquare => match p.into_inner().nth(1) {
                Some(set) => MoveParamKind::EnPassantSquare(self.primary(set)?),
                None => {
                    let m = "'enpassantsquare' in 'move' needs a set after it";
                    return Err(self.err(ErrorKind::Syntax, span, m));
                }
            },
            Rule::kw_primary => MoveParamKind::Primary,
            Rule::kw_secondary => MoveParamKind::Secondary,
            _ => MoveParamKind::Count,
        };
        Ok(MoveParam { kind, span })
    }

    fn designator(&self, text: &str, parts: Pairs<Rule>) -> Result<Designator, ParseError> {
        let mut pieces = None;
        let mut squares = None;
        let mut fairy = Vec::new();
        let mut coords = None;
        for part in parts.flat_map(|p| {
            if p.as_rule() == Rule::dot_piece {
                p.into_inner().collect::<Vec<_>>()
            } else {
                vec![p]
            }
        }) {
            match part.as_rule() {
                Rule::piece_set if part.as_str().starts_with("[=") => {
                    fairy = part
                        .into_inner()
                        .flat_map(|set| set.into_inner())
                        .map(|letter| letter.as_str().to_string())
                        .collect();
                    pieces = Some(Vec::new());
                }
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
                Rule::coord_set => coords = Some(part.as_str().to_string()),
                _ => {}
            }
        }
        Ok(Designator {
            pieces,
            squares,
            text: text.to_string(),
            fairy,
            coords,
        })
    }

    fn square_range(&self, pair: Pair<Rule>) -> Result<SquareRange, ParseError> {
        let span = span_of(&pair);
        let mut files = Vec::new();
        let mut ranks = Vec::new();
        // `a-h1-8` has a file part and a rank part; a corner range `a1-j10` has its letters
        // and numbers directly.
        let parts: Vec<Pair<Rule>> = if pair.as_rule() == Rule::corner_range {
            pair.into_inner().collect()
        } else {
            pair.into_inner()
                .flat_map(|part| part.into_inner())
                .collect()
        };
        for p in parts {
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
        let bounds = |v: &[u8]| (*v.iter().min().unwrap_or(&0), *v.iter().max().unwrap_or(&0));
        Ok(SquareRange {
            files: bounds(&files),
            ranks: bounds(&ranks),
        })
    }
}

impl Builder<'_> {
    /// A word alone: a filter without arguments, or a variable.
    fn word(&self, text: &str, span: Span) -> Result<ExprKind, ParseError> {
        if let Some(w) = Word::from_name(text) {
            return Ok(ExprKind::Word(w));
        }
        if matches!(
            text,
            "and" | "or" | "in" | "then" | "else" | "by" | "attacks" | "attackedby"
        ) {
            let m = format!("'{text}' needs a filter on each side");
            return Err(self
                .err(ErrorKind::Syntax, span, m)
                .expecting(format!("a filter after '{text}'")));
        }
        if super::reserved_words::is_reserved(text) {
            let m = format!("'{text}' cannot be used here");
            return Err(self.err(ErrorKind::Syntax, span, m));
        }
        Ok(ExprKind::Var(Name {
            text: text.to_string(),
            span,
        }))
    }

    /// `all : F` or `: F` after a `move` filter (CQLi speculative move).
    fn move_then(&self, pair: Pair<Rule>) -> Result<MoveParam, ParseError> {
        let span = span_of(&pair);
        let mut all = false;
        let mut body = None;
        for c in pair.into_inner() {
            match c.as_rule() {
                Rule::kw_all => all = true,
                Rule::colon_x => body = Some(self.expr(c)?),
                _ => {}
            }
        }
        let body =
            body.ok_or_else(|| self.err(ErrorKind::Syntax, span, "missing filter after ':'"))?;
        Ok(MoveParam {
            kind: MoveParamKind::Then(all, body),
            span,
        })
    }
}
