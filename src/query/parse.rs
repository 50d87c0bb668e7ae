//! CQL text → syntax tree ([`cql_to_ast`]): the pest grammar `grammar/cql.pest`, then a walk
//! over its parse tree that builds [`Ast`] nodes with spans. This file holds the entry point
//! and the operator levels; `parse_prim.rs` the primaries, `parse_keywords.rs` the keyword
//! constructs (programming, geometry, keyword filters), `parse_sequences.rs` `line` and
//! `path`.

use pest::Parser;
use pest::iterators::Pair;

use crate::ir::{ArithOp, CmpOp, GameResult};

use super::ast::{Ast, BinOp, Expr, ExprKind, PrefixOp, Ray, RayKind, SourceText, Span};
use super::error::{ErrorKind, ParseError, from_pest};
use super::header::{Header, HeaderParam, HeaderValue, read_range};

/// The pest parser generated from `grammar/cql.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/cql.pest"]
pub(crate) struct CqlParser;

/// Longest chain of one binary operator level (`a + b + ...`) accepted.
const MAX_CHAIN: usize = 128;
/// Deepest syntax tree accepted.
const MAX_DEPTH: usize = 256;
/// Parser steps (pest's counted calls) any query may take, whatever its length; a query may
/// take [`PARSE_CALLS_PER_BYTE`] more per byte. The grammar backtracks: a `path` nested as a
/// constituent of a `path` is parsed about three times per level (once as the left side of a
/// dash that is not there, once in the lookahead that rules that out, once as the
/// constituent), so 12 nested `path check` lines (130 bytes) took 19 s. The heaviest of the
/// shared queries (`lacny.cql`) takes 725,247 steps; 10 million take about 0.2 s.
const MAX_PARSE_CALLS: usize = 10_000_000;
/// Parser steps allowed per byte of the query beyond [`MAX_PARSE_CALLS`]: a long flat query
/// takes about 80 per byte (a `line` of 45,000 elements, 450 KB), so this leaves room six
/// times over and still ends a 1 MiB query (`--max-query-bytes`) within seconds.
const PARSE_CALLS_PER_BYTE: usize = 500;
/// Deepest parse tree (pest pairs) turned into a syntax tree: above what any query within
/// [`MAX_DEPTH`] and [`MAX_NESTING`] needs (256 nested `not`s: depth 3,344), and well below
/// what overflowed the main thread's 8 MiB stack (1,000 `not`s: depth about 13,000).
const MAX_PARSE_DEPTH: usize = 4000;
/// Deepest nesting of brackets and prefix words accepted before parsing (pest recurses).
const MAX_NESTING: usize = 64;

/// Parses CQL 6 text into a syntax tree (grammar only: [`super::check_ast`] applies CQL's
/// type rules); [`super::cql_to_ast`] is this with its error as a [`super::QueryError`].
pub(crate) fn cql_to_ast(text: &str) -> Result<Ast, ParseError> {
    if let Some(e) = too_deep(text) {
        return Err(e);
    }
    let budget = set_parse_budget(text);
    let parsed = CqlParser::parse(Rule::query, text).map_err(|e| {
        let mut e = from_pest(text, e);
        if e.0.message.contains("call limit") {
            e.0.message = format!(
                "the query is too complex to parse (over {budget} parser steps; \
                 `path` filters nested in a path without parentheses cost that)"
            );
        }
        e
    })?;
    if let Some(span) = parse_tree_too_deep(parsed.clone()) {
        return Err(ParseError::new(
            ErrorKind::TooComplex,
            text,
            span,
            "the query nests too deeply",
        ));
    }
    let b = Builder {
        src: text,
        declared: Default::default(),
        numeric: Default::default(),
    };
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
            Rule::filter | Rule::implicit_iter => body.push(b.stmt(pair)?),
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

/// Sets pest's step budget (process-wide: each parse sets its own before it starts) for
/// parsing `text`, and returns it.
pub(crate) fn set_parse_budget(text: &str) -> usize {
    let budget = MAX_PARSE_CALLS.saturating_add(PARSE_CALLS_PER_BYTE.saturating_mul(text.len()));
    pest::set_call_limit(std::num::NonZeroUsize::new(budget));
    budget
}

/// Where the parse tree first goes deeper than [`MAX_PARSE_DEPTH`], found without recursion:
/// turning the tree into a syntax tree recurses once per level (about thirteen levels per
/// prefix word such as `not`), so a deeper tree would exhaust the stack before [`MAX_DEPTH`] is
/// checked on the syntax tree.
fn parse_tree_too_deep(pairs: pest::iterators::Pairs<'_, Rule>) -> Option<Span> {
    let mut stack: Vec<(Pair<'_, Rule>, usize)> = pairs.map(|p| (p, 1)).collect();
    while let Some((pair, depth)) = stack.pop() {
        if depth > MAX_PARSE_DEPTH {
            let s = pair.as_span();
            return Some(Span::new(s.start(), s.end()));
        }
        stack.extend(pair.into_inner().map(|p| (p, depth + 1)));
    }
    None
}

/// A query nesting brackets (or prefix operators) so deeply that parsing it could exhaust
/// the stack.
fn too_deep(text: &str) -> Option<ParseError> {
    let (mut depth, mut run) = (0usize, 0usize);
    let mut in_string = false;
    for (i, c) in text.char_indices() {
        if in_string {
            in_string = c != '"';
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            '#' | '~' | '-' | '!' => run += 1,
            c if c.is_whitespace() => {}
            _ => run = 0,
        }
        if depth > MAX_NESTING || run > MAX_NESTING {
            let span = Span::new(i, i + c.len_utf8());
            return Some(ParseError::new(
                ErrorKind::TooComplex,
                text,
                span,
                format!("the query nests more than {MAX_NESTING} levels deep"),
            ));
        }
    }
    None
}

pub(crate) type Res = Result<Expr, ParseError>;

/// Builds syntax-tree nodes from pest pairs of the query `src`.
pub(crate) struct Builder<'s> {
    pub(crate) src: &'s str,
    /// The names given a value so far (in source order): `x ∊ S` is an iteration only when
    /// `x` is not one of them, as in CQL, whose parser knows its variables as it reads.
    pub(crate) declared: std::cell::RefCell<std::collections::HashSet<String>>,
    /// The names assigned a plainly numeric value (`v = 2`, `n = #P + 1`): a bound of
    /// `find v` only when it is one of them, as CQL reads a range's numeric variables.
    pub(crate) numeric: std::cell::RefCell<std::collections::HashSet<String>>,
}

pub(crate) fn span_of(p: &Pair<Rule>) -> Span {
    Span::new(p.as_span().start(), p.as_span().end())
}

pub(crate) fn unescape(s: &str) -> String {
    s.replace("\\\"", "\"")
}

/// The string literal's content.
pub(crate) fn string_value(p: Pair<Rule>) -> String {
    unescape(p.into_inner().next().map_or("", |i| i.as_str()))
}

pub(crate) fn result_of(text: &str) -> Option<GameResult> {
    match text {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" => Some(GameResult::Draw),
        _ => None,
    }
}

/// The inner pairs of an operator level, the `*_more` wrappers (`sp op operand`) opened.
fn flatten_more(pair: Pair<Rule>) -> Vec<Pair<Rule>> {
    let mut out = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::or_more
            | Rule::and_more
            | Rule::in_more
            | Rule::rel_more
            | Rule::add_more
            | Rule::mul_more
            | Rule::arrow_more
            | Rule::union_more
            | Rule::inter_more
            | Rule::attack_more
            | Rule::regex_more
            | Rule::colon_more => out.extend(p.into_inner()),
            _ => out.push(p),
        }
    }
    out
}

/// Whether CQL's parser would refuse `e` as the left operand of `-` (so the `-` starts a new
/// filter): sets written as such, dash filters, and filters without a value.
fn no_arithmetic(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Pieces(_) | ExprKind::Dash(_) | ExprKind::Str(_)
    ) || super::check::obviously_logical(e)
}

/// A node of `kind` spanning `span`.
pub(crate) fn node(kind: ExprKind, span: Span) -> Expr {
    Expr::new(kind, span)
}

impl Builder<'_> {
    /// Whether `name` was given a value earlier in the query.
    pub(crate) fn is_declared(&self, name: &str) -> bool {
        self.declared.borrow().contains(name)
    }

    /// Whether `e` is plainly numeric (a number, a count, arithmetic on numbers, a numeric
    /// variable), so a variable assigned it is numeric.
    pub(crate) fn looks_numeric(&self, e: &Expr) -> bool {
        use super::ast::{BinOp, PrefixOp};
        match &e.kind {
            ExprKind::Number(_) | ExprKind::MinMax(..) => true,
            ExprKind::Prefix(PrefixOp::Count | PrefixOp::Negate | PrefixOp::Abs, _) => true,
            ExprKind::Binary(BinOp::Arith(_), a, b) => {
                self.looks_numeric(a) || self.looks_numeric(b)
            }
            ExprKind::Var(n) => self.numeric.borrow().contains(&n.text),
            _ => false,
        }
    }

    /// Records that `name` is given a value here.
    pub(crate) fn declare(&self, name: &str) {
        self.declared.borrow_mut().insert(name.to_string());
    }

    pub(crate) fn err(
        &self,
        kind: ErrorKind,
        span: Span,
        message: impl Into<String>,
    ) -> ParseError {
        ParseError::new(kind, self.src, span, message)
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
            let kind = inner.as_rule();
            if kind == Rule::hp_flag {
                params.push(HeaderParam {
                    name: inner.as_str().to_string(),
                    value: HeaderValue::Flag,
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
            let text = values.join(" ");
            let value = match kind {
                Rule::hp_file => HeaderValue::Path(text),
                Rule::hp_range => HeaderValue::Range {
                    bounds: read_range(&text),
                    text,
                },
                _ => HeaderValue::Text(text),
            };
            params.push(HeaderParam { name, value, span });
        }
        Header { params }
    }

    /// An element of a filter list: a filter or an implicit iteration `x ∊ S F`.
    pub(crate) fn stmt(&self, pair: Pair<Rule>) -> Res {
        if pair.as_rule() == Rule::implicit_iter {
            let span = span_of(&pair);
            return self.keyword_construct(
                Rule::implicit_iter,
                pair.as_str(),
                pair.into_inner(),
                span,
            );
        }
        self.filter(pair)
    }

    /// `filter`: and-expressions joined by `or`.
    pub(crate) fn filter(&self, pair: Pair<Rule>) -> Res {
        self.flat(pair, Rule::and_x, ExprKind::Or)
    }

    fn flat(&self, pair: Pair<Rule>, item: Rule, make: fn(Vec<Expr>) -> ExprKind) -> Res {
        let span = span_of(&pair);
        let mut items = Vec::new();
        for p in flatten_more(pair)
            .into_iter()
            .filter(|p| p.as_rule() == item)
        {
            items.push(self.expr(p)?);
        }
        Ok(if items.len() == 1 {
            items.remove(0)
        } else {
            node(make(items), span)
        })
    }

    /// Any expression-level rule.
    pub(crate) fn expr(&self, pair: Pair<Rule>) -> Res {
        match pair.as_rule() {
            Rule::filter => self.filter(pair),
            Rule::and_x => self.flat(pair, Rule::in_x, ExprKind::And),
            Rule::in_x | Rule::in_operand | Rule::assign_value => {
                self.left_fold(pair, |_| BinOp::In)
            }
            Rule::rel_x => self.comparison(pair),
            Rule::add_x | Rule::mul_x => self.left_fold(pair, |op| {
                BinOp::Arith(match op.as_str() {
                    "+" => ArithOp::Add,
                    "-" => ArithOp::Sub,
                    "*" => ArithOp::Mul,
                    "/" => ArithOp::Div,
                    _ => ArithOp::Rem,
                })
            }),
            Rule::dash_x => self.dash_x(pair),
            Rule::dash_right | Rule::comment_item => self.expr(self.only(pair)?),
            Rule::dash_var | Rule::promo_var => {
                let span = span_of(&pair);
                Ok(node(
                    ExprKind::Var(super::ast::Name {
                        text: pair.as_str().to_string(),
                        span,
                    }),
                    span,
                ))
            }
            Rule::arrow_x => self.arrows(pair),
            Rule::union_x => self.left_fold(pair, |_| BinOp::Union),
            Rule::inter_x => self.left_fold(pair, |_| BinOp::Intersect),
            Rule::attack_x => self.left_fold(pair, |op| {
                match op.clone().into_inner().next().map(|p| p.as_rule()) {
                    Some(Rule::attackedby_op) => BinOp::AttackedBy,
                    _ => BinOp::Attacks,
                }
            }),
            Rule::str_x => self.str_x(pair),
            Rule::colon_x => self.colon_x(pair),
            Rule::promo_simple => {
                let first = self.only(pair.clone())?;
                if first.as_rule() == Rule::promo_var {
                    return self.expr(first);
                }
                self.primary(pair)
            }
            Rule::primary => self.primary(pair),
            r => Err(self.err(
                ErrorKind::Syntax,
                span_of(&pair),
                format!("internal: unexpected {r:?}"),
            )),
        }
    }

    /// The single inner pair of `pair`.
    pub(crate) fn only<'i>(&self, pair: Pair<'i, Rule>) -> Result<Pair<'i, Rule>, ParseError> {
        let span = span_of(&pair);
        pair.into_inner()
            .next()
            .ok_or_else(|| self.err(ErrorKind::Syntax, span, "missing filter"))
    }

    /// `operand (op operand)*`, left associative.
    fn left_fold(&self, pair: Pair<Rule>, op_of: fn(&Pair<Rule>) -> BinOp) -> Res {
        let whole = span_of(&pair);
        let mut inner = flatten_more(pair).into_iter();
        let first = inner
            .next()
            .ok_or_else(|| self.err(ErrorKind::Syntax, whole, "missing operand"))?;
        let mut acc = self.expr(first)?;
        let mut count = 0;
        while let Some(op) = inner.next() {
            // `attacked by` is one operator of two words.
            let Some(rhs) = inner.next() else { break };
            count += 1;
            if count > MAX_CHAIN {
                return Err(self.err(
                    ErrorKind::TooComplex,
                    span_of(&op),
                    "too many operators in a row",
                ));
            }
            let rhs = self.expr(rhs)?;
            if op.as_rule() == Rule::add_op && op.as_str() == "-" && no_arithmetic(&acc) {
                // CQL does no arithmetic on a set, a move or a plain filter: `e2--(btm)-2` is
                // the dash, then the filter `-2`.
                let neg_span = Span::new(span_of(&op).start, rhs.span.end);
                let neg = node(ExprKind::Prefix(PrefixOp::Negate, Box::new(rhs)), neg_span);
                let span = Span::new(acc.span.start, neg.span.end);
                return Ok(node(ExprKind::Compound(vec![acc, neg]), span));
            }
            let span = Span::new(acc.span.start, rhs.span.end);
            acc = node(
                ExprKind::Binary(op_of(&op), Box::new(acc), Box::new(rhs)),
                span,
            );
        }
        Ok(acc)
    }

    /// Comparisons are right associative: `a < b < c` is `a < (b < c)`.
    fn comparison(&self, pair: Pair<Rule>) -> Res {
        let mut operands = Vec::new();
        let mut ops = Vec::new();
        for p in flatten_more(pair) {
            if p.as_rule() == Rule::cmp_op {
                if ops.len() >= MAX_CHAIN {
                    return Err(self.err(
                        ErrorKind::TooComplex,
                        span_of(&p),
                        "too many comparisons in a row",
                    ));
                }
                // CQL 6.2 rule: a piece designator's square part is a bracket written right
                // after its piece letters, so `a[>]1` reads `[>` as the squares of `a`, not as
                // the operator `[>]`; only a space (or the glyph `≻`) separates them.
                if p.as_str().starts_with('[') && glued_to_piece_letters(operands.last(), &p) {
                    let m = format!(
                        "'[' right after piece letters starts their squares, not '{}' (add a space)",
                        p.as_str()
                    );
                    return Err(self.err(ErrorKind::Syntax, span_of(&p), m));
                }
                ops.push(match p.as_str() {
                    "<" | "≺" | "[<]" => CmpOp::Lt,
                    "<=" | "≤" | "≼" | "[<=]" => CmpOp::Le,
                    ">" | "≻" | "[>]" => CmpOp::Gt,
                    ">=" | "≥" | "≽" | "[>=]" => CmpOp::Ge,
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
            acc = node(
                ExprKind::Binary(BinOp::Cmp(op), Box::new(lhs), Box::new(acc)),
                span,
            );
        }
        Ok(acc)
    }

    /// `a -> b`, `a <- b`; chains of three or more terms of one direction are rays
    /// (`R -> q -> k`: R attacks k through q).
    fn arrows(&self, pair: Pair<Rule>) -> Res {
        let span = span_of(&pair);
        let mut operands = Vec::new();
        let mut dirs = Vec::new();
        for p in flatten_more(pair) {
            if p.as_rule() == Rule::arrow_op {
                let right = matches!(p.as_str(), "->" | "→");
                if dirs.first().is_some_and(|&d| d != right) {
                    return Err(self
                        .err(
                            ErrorKind::Syntax,
                            span_of(&p),
                            "attack arrows of one chain must point the same way",
                        )
                        .expecting(if right { "'<-'" } else { "'->'" }));
                }
                dirs.push(right);
            } else {
                operands.push(self.expr(p)?);
            }
        }
        let right = dirs.first().copied().unwrap_or(true);
        match operands.len() {
            0 => Err(self.err(ErrorKind::Syntax, span, "missing operand")),
            1 => Ok(operands.remove(0)),
            2 => {
                let b = operands.pop().expect("two operands");
                let a = operands.pop().expect("two operands");
                let op = if right {
                    BinOp::Attacks
                } else {
                    BinOp::AttackedBy
                };
                Ok(node(ExprKind::Binary(op, Box::new(a), Box::new(b)), span))
            }
            _ => {
                if !right {
                    operands.reverse();
                }
                Ok(node(
                    ExprKind::Ray(Box::new(Ray {
                        kind: RayKind::Ray,
                        directions: Vec::new(),
                        args: operands,
                    })),
                    span,
                ))
            }
        }
    }

    /// `s[i]`, `s[i:j]`, `D[k]` and `s ~~ "re"` after an operand.
    fn str_x(&self, pair: Pair<Rule>) -> Res {
        let mut inner = flatten_more(pair).into_iter();
        let first = inner.next().expect("str_x operand");
        let mut acc = self.expr(first)?;
        while let Some(p) = inner.next() {
            let end = span_of(&p).end;
            let span = Span::new(acc.span.start, end);
            if p.as_rule() == Rule::regex_op {
                let s = inner.next().expect("regex string");
                let send = span_of(&s).end;
                let rhs = self.primary_string(s);
                acc = node(
                    ExprKind::Binary(BinOp::Regex, Box::new(acc), Box::new(rhs)),
                    Span::new(span.start, send),
                );
            } else {
                let keys = self.index_keys(p)?;
                acc = node(ExprKind::Index(Box::new(acc), keys), span);
            }
        }
        Ok(acc)
    }

    /// The parts of `[k]` or `[i:j]` (None where a part is left out).
    pub(crate) fn index_keys(&self, p: Pair<Rule>) -> Result<Vec<Option<Expr>>, ParseError> {
        let inner = self.only(p)?;
        let mut keys = vec![None];
        for c in inner.into_inner() {
            match c.as_rule() {
                Rule::filter => *keys.last_mut().expect("a key slot") = Some(self.filter(c)?),
                _ => keys.push(None),
            }
        }
        // `s[x:x+3]`, `s[-1:3]`: the position operator sits inside an operator; split there.
        if keys.len() == 1
            && let Some(Some(k)) = keys.first()
            && !matches!(k.kind, ExprKind::At(..))
            && let Some((a, b)) = split_at_colon(k)
        {
            return Ok(vec![Some(a), Some(b)]);
        }
        // `s[1:3]` parses as one operand `1:3` (the position operator): split it.
        let split = keys.len() == 1
            && matches!(
                keys[0],
                Some(Expr {
                    kind: ExprKind::At(..),
                    ..
                })
            );
        if split
            && let Some(Some(Expr {
                kind: ExprKind::At(a, b),
                ..
            })) = keys.pop()
        {
            return Ok(vec![Some(*a), Some(*b)]);
        }
        Ok(keys)
    }

    fn primary_string(&self, s: Pair<Rule>) -> Expr {
        let span = span_of(&s);
        node(ExprKind::Str(string_value(s)), span)
    }

    /// `pos : F` (right associative).
    fn colon_x(&self, pair: Pair<Rule>) -> Res {
        let span = span_of(&pair);
        let mut inner = flatten_more(pair).into_iter();
        let lhs = self.expr(inner.next().expect("colon operand"))?;
        match (inner.next(), inner.next()) {
            (Some(_), Some(rhs)) => {
                let rhs = self.expr(rhs)?;
                Ok(node(ExprKind::At(Box::new(lhs), Box::new(rhs)), span))
            }
            _ => Ok(lhs),
        }
    }
}

/// Whether `op` starts right where `left`, a piece designator written with piece letters and no
/// square part, ends.
fn glued_to_piece_letters(left: Option<&Expr>, op: &Pair<Rule>) -> bool {
    left.is_some_and(|e| {
        e.span.end == op.as_span().start()
            && matches!(&e.kind, ExprKind::Pieces(d) if d.pieces.is_some() && d.squares.is_none())
    })
}

/// An index key `i:j` that the position operator `:` split inside another operator
/// (`x:x + 3` reads `(x:x) + 3`, `-1:3` reads `-(1:3)`): the two keys, as the text reads
/// (`x`, `x + 3`; `-1`, `3`). None when the key holds no `:` on its edges.
fn split_at_colon(e: &Expr) -> Option<(Expr, Expr)> {
    match &e.kind {
        ExprKind::At(a, b) => Some(((**a).clone(), (**b).clone())),
        ExprKind::Prefix(op, x) => {
            let (a, b) = split_at_colon(x)?;
            let span = Span::new(e.span.start, a.span.end);
            Some((node(ExprKind::Prefix(*op, Box::new(a)), span), b))
        }
        ExprKind::Binary(op, l, r) => {
            if let Some((a, b)) = split_at_colon(l) {
                let span = Span::new(b.span.start, e.span.end);
                return Some((a, node(ExprKind::Binary(*op, Box::new(b), r.clone()), span)));
            }
            let (a, b) = split_at_colon(r)?;
            let span = Span::new(e.span.start, a.span.end);
            Some((node(ExprKind::Binary(*op, l.clone(), Box::new(a)), span), b))
        }
        _ => None,
    }
}
