//! S-expressions → CQL-S syntax tree ([`cqls_to_ast`]): which keyword takes which arguments,
//! designators, range specifiers and `:pawncount` chains, each error pointing at its item.

use crate::ir::cqls::{Bound, CountRange, EndRange, Range};
use crate::query::{ErrorKind, ParseError, Span};

use super::ast::{Arg, CqlsAst, Item, MatchList, PositionList};
use super::designator::parse_designator;
use super::keywords::{Param, signature};
use super::sexpr::{Sexpr, SexprKind, read_sexprs};

/// Parses CQL-S text into its syntax tree.
pub fn cqls_to_ast(text: &str) -> Result<CqlsAst, ParseError> {
    let items = read_sexprs(text)?;
    let r = Reader { src: text };
    let Some(first) = items.first() else {
        return Err(r
            .err(Span::new(0, text.len()), "the query is empty")
            .expecting("(match ...)"));
    };
    if !matches!(first.head(), Some("match" | "position")) {
        return Err(r
            .err(
                first.span,
                "a CQL-S query is a (match ...) or (position ...) list",
            )
            .expecting("(match or (position"));
    }
    if let Some(extra) = items.get(1) {
        return Err(r
            .err(extra.span, "text after the query's list")
            .expecting("the end of the query"));
    }
    let root = match first.head() {
        Some("match") => r.match_list(first)?,
        Some("position") => MatchList {
            keywords: Vec::new(),
            positions: vec![r.position_list(first)?],
            span: first.span,
        },
        _ => {
            return Err(r
                .err(
                    first.span,
                    "a CQL-S query is a (match ...) or (position ...) list",
                )
                .expecting("(match or (position"));
        }
    };
    Ok(CqlsAst {
        root,
        source: text.to_string(),
    })
}

struct Reader<'a> {
    src: &'a str,
}

/// The keyword of an atom: `:check` → (`check`, false), `!:mate` → (`mate`, true),
/// `position:and` → (`and`, false). None for a non-keyword.
fn keyword_of(atom: &str) -> Option<(&str, bool)> {
    let (negated, rest) = match atom.strip_prefix('!') {
        Some(r) => (true, r),
        None => (false, atom),
    };
    let name = rest
        .strip_prefix(':')
        .or_else(|| rest.strip_prefix("position:"))
        .or_else(|| rest.strip_prefix("match:"))?;
    (!name.is_empty()).then_some((name, negated))
}

impl Reader<'_> {
    fn err(&self, span: Span, message: impl Into<String>) -> ParseError {
        ParseError::new(ErrorKind::Syntax, self.src, span, message)
    }

    fn unsupported(&self, span: Span, message: impl Into<String>) -> ParseError {
        ParseError::new(ErrorKind::Unsupported, self.src, span, message)
    }

    fn match_list(&self, list: &Sexpr) -> Result<MatchList, ParseError> {
        let items = &list.list().expect("a list")[1..];
        let mut out = MatchList {
            keywords: Vec::new(),
            positions: Vec::new(),
            span: list.span,
        };
        let mut i = 0;
        while i < items.len() {
            let s = &items[i];
            match &s.kind {
                SexprKind::List(inner) => {
                    match s.head() {
                        Some("position") => out.positions.push(self.position_list(s)?),
                        // `(match ( (position ...) ... ))`: a parenthesised group of lists.
                        _ if inner.first().is_some_and(|x| x.list().is_some())
                            || inner.is_empty() =>
                        {
                            let nested = Sexpr {
                                kind: SexprKind::List(
                                    std::iter::once(Sexpr {
                                        kind: SexprKind::Atom("match".into()),
                                        span: s.span,
                                    })
                                    .chain(inner.iter().cloned())
                                    .collect(),
                                ),
                                span: s.span,
                            };
                            let m = self.match_list(&nested)?;
                            out.keywords.extend(m.keywords);
                            out.positions.extend(m.positions);
                        }
                        // `(match ( :result 1-0 ... ))`: keywords in a group.
                        _ if inner
                            .first()
                            .and_then(Sexpr::atom)
                            .is_some_and(|a| keyword_of(a).is_some()) =>
                        {
                            let mut j = 0;
                            while j < inner.len() {
                                let (item, next) = self.item(inner, j)?;
                                out.keywords.push(item);
                                j = next;
                            }
                        }
                        _ => {
                            return Err(self
                                .err(
                                    s.span,
                                    "a match list holds (position ...) lists and keywords",
                                )
                                .expecting("(position ...)"));
                        }
                    }
                    i += 1;
                }
                _ => {
                    let (item, next) = match s.atom().and_then(keyword_of) {
                        Some((k @ ("and" | "or" | "xor" | "cond" | "not"), negated)) => {
                            self.match_logical(k, negated, items, i)?
                        }
                        _ => self.item(items, i)?,
                    };
                    out.keywords.push(item);
                    i = next;
                }
            }
        }
        Ok(out)
    }

    /// A logical keyword of a match list (`:and :or :xor :cond :not`) at `items[i]`, with its
    /// sub-match lists (Scidb's "sub-match lists"; a `(position ...)` there stands for
    /// `(match (position ...))`). `:not` without a list negates its whole match list.
    fn match_logical(
        &self,
        k: &str,
        negated: bool,
        items: &[Sexpr],
        i: usize,
    ) -> Result<(Item, usize), ParseError> {
        let kw = &items[i];
        let is_sub = |s: &Sexpr| matches!(s.head(), Some("match" | "position"));
        let sub = |s: &Sexpr| -> Result<MatchList, ParseError> {
            if s.head() == Some("match") {
                self.match_list(s)
            } else {
                Ok(MatchList {
                    keywords: Vec::new(),
                    positions: vec![self.position_list(s)?],
                    span: s.span,
                })
            }
        };
        let item = |args: Vec<Arg>| Item {
            keyword: k.to_string(),
            negated,
            args,
            span: kw.span,
        };
        let next = items.get(i + 1);
        // `:not (match ...)`, or `:not` alone.
        if k == "not" {
            return Ok(match next.filter(|s| is_sub(s)) {
                Some(s) => (item(vec![Arg::Matches(vec![sub(s)?], s.span)]), i + 2),
                None => (item(Vec::new()), i + 1),
            });
        }
        // `:and ((match ...) ...)`; `:cond` also takes its lists one after the other.
        if let Some(s) = next.filter(|s| s.list().is_some() && !is_sub(s)) {
            let inner = s.list().expect("a list");
            let mut subs = Vec::new();
            for x in inner {
                if !is_sub(x) {
                    return Err(self
                        .err(
                            x.span,
                            format!(":{k} in a match list takes sub-match lists"),
                        )
                        .expecting("(match ...) or (position ...)"));
                }
                subs.push(sub(x)?);
            }
            if subs.is_empty() {
                return Err(self
                    .err(s.span, format!(":{k} needs at least one sub-match list"))
                    .expecting("(match ...)"));
            }
            return Ok((item(vec![Arg::Matches(subs, s.span)]), i + 2));
        }
        if k == "cond" {
            let mut at = i + 1;
            let mut subs = Vec::new();
            while let Some(s) = items.get(at).filter(|s| is_sub(s)) {
                subs.push(sub(s)?);
                at += 1;
            }
            if !subs.is_empty() {
                let span = Span::new(items[i + 1].span.start, items[at - 1].span.end);
                return Ok((item(vec![Arg::Matches(subs, span)]), at));
            }
        }
        let span = next.map_or(Span::new(kw.span.end, kw.span.end), |n| n.span);
        Err(self
            .err(span, format!(":{k} needs a list of sub-match lists"))
            .expecting("((match ...) (match ...))"))
    }

    pub(super) fn position_list(&self, list: &Sexpr) -> Result<PositionList, ParseError> {
        match list.head() {
            Some("position") => {}
            _ => {
                return Err(self
                    .err(list.span, "expected a position list")
                    .expecting("(position ...)"));
            }
        }
        let items = &list.list().expect("a list")[1..];
        let mut out = PositionList {
            items: Vec::new(),
            span: list.span,
        };
        let mut i = 0;
        while i < items.len() {
            let (item, next) = self.item(items, i)?;
            out.items.push(item);
            i = next;
        }
        Ok(out)
    }

    /// Reads the item starting at `items[i]`; returns it and the index after its arguments.
    fn item(&self, items: &[Sexpr], i: usize) -> Result<(Item, usize), ParseError> {
        let s = &items[i];
        let Some(atom) = s.atom() else {
            return Err(self
                .err(s.span, "a list cannot stand here")
                .expecting("a keyword (:check ...) or a piece designator"));
        };
        let (name, negated) = match keyword_of(atom) {
            Some(k) => k,
            None => match parse_designator(atom) {
                Ok(d) => {
                    let item = Item {
                        keyword: String::new(),
                        negated: false,
                        args: vec![Arg::Designator(d, s.span)],
                        span: s.span,
                    };
                    return Ok((item, i + 1));
                }
                // A keyword written without its colon (Scidb's own files do this).
                Err(_) if signature(atom).is_some() => (atom, false),
                Err(e) => {
                    return Err(self
                        .err(s.span, e.to_string())
                        .expecting("a keyword (:check ...) or a piece designator"));
                }
            },
        };
        let Some(params) = signature(name) else {
            return Err(self.unsupported(
                s.span,
                format!("':{name}' is not a CQL-S keyword cqlq knows"),
            ));
        };
        let mut at = i + 1;
        let mut args = Vec::new();
        for p in params {
            if let Some(arg) = self.param(*p, items, &mut at, s)? {
                args.push(arg);
            }
        }
        let item = Item {
            keyword: name.to_string(),
            negated,
            args,
            span: s.span,
        };
        Ok((item, at))
    }

    /// Reads one parameter of keyword `kw` at `items[*at]`, advancing `at`.
    fn param(
        &self,
        p: Param,
        items: &[Sexpr],
        at: &mut usize,
        kw: &Sexpr,
    ) -> Result<Option<Arg>, ParseError> {
        let next = items.get(*at);
        let missing = |what: &str| self.missing_param(next, kw, what);
        let atom = next.and_then(Sexpr::atom);
        Ok(Some(match p {
            Param::Designator | Param::OptDesignator => {
                return Ok(stepped(at, self.designator_param(p, next, kw)?));
            }
            Param::Range | Param::OptRange => match self.range(items, at, false)? {
                Some((CountRange { range, .. }, span)) => Arg::Range(range, span),
                None if p == Param::OptRange => return Ok(None),
                None => return Err(missing("a range (2, 1 3, >=2, <=-2)")),
            },
            Param::CountRange => match self.range(items, at, true)? {
                Some((r, span)) => Arg::CountRange(r, span),
                None => return Err(missing("a range or a percentage (2, >=2, >50%)")),
            },
            Param::PawnRange => match self.range(items, at, true)? {
                Some((r, span)) => Arg::CountRange(r, span),
                None => return Err(missing("a range or a percentage (2, >=2, >50%)")),
            },
            Param::DecimalRange => match self.decimal_range(items, at)? {
                Some((r, span)) => Arg::Range(r, span),
                None => return Err(missing("a range in pawns (>=2.5, -1.0 1.0)")),
            },
            Param::EndRange => match self.end_range(items, at)? {
                Some((r, span)) => Arg::EndRange(r, span),
                None => return Err(missing("a range (10 20, end, end-3)")),
            },
            Param::OptList => match next {
                Some(s) if s.head() == Some("position") => {
                    *at += 1;
                    Arg::List(self.position_list(s)?)
                }
                _ => return Ok(None),
            },
            Param::Lists => match next.and_then(|s| s.list().map(|l| (s, l))) {
                Some((s, inner)) if s.head() != Some("position") => {
                    *at += 1;
                    Arg::Lists(self.position_lists(inner)?, s.span)
                }
                _ => return Err(missing("a list of position lists ((position ...) ...)")),
            },
            Param::CondLists => self.cond_lists_param(items, at, kw)?,
            Param::Word | Param::OptWord => {
                let mut read = stepped(at, self.word_param(p, next, kw)?);
                // A comma-separated list may have blanks after its commas (the help's
                // `:timemode normal, corr`): the words that follow a comma join it.
                if let Some(Arg::Word(w, span)) = &mut read {
                    while w.ends_with(',') {
                        let Some(more) = items
                            .get(*at)
                            .and_then(Sexpr::atom)
                            .filter(|a| keyword_of(a).is_none())
                        else {
                            break;
                        };
                        w.push_str(more);
                        span.end = items[*at].span.end;
                        *at += 1;
                    }
                }
                return Ok(read);
            }
            Param::Pattern => return Ok(stepped(at, Some(self.pattern_param(next, kw)?))),
            Param::Colon => match atom {
                Some(":") => {
                    *at += 1;
                    return Ok(None);
                }
                _ => return Err(missing("':' between the two ranges")),
            },
            Param::Text => return Ok(stepped(at, Some(self.text_param(next, kw)?))),
            Param::Designators => return Ok(stepped(at, Some(self.ray_param(next, kw)?))),
            Param::PawnAttrs => return Ok(stepped(at, Some(self.pawn_attrs_param(next, kw)?))),
        }))
    }

    /// A name or a quoted pattern (the caller steps over it).
    fn pattern_param(&self, next: Option<&Sexpr>, kw: &Sexpr) -> Result<Arg, ParseError> {
        if let Some(text) = quoted_text(next) {
            return Ok(text);
        }
        match next {
            Some(s) if s.atom().is_some_and(|a| keyword_of(a).is_none()) => {
                Ok(Arg::Word(s.atom().expect("checked").to_string(), s.span))
            }
            _ => Err(self.missing_param(next, kw, "a name or a quoted pattern")),
        }
    }

    /// `:pawncount`'s attribute chain (the caller steps over it).
    fn pawn_attrs_param(&self, next: Option<&Sexpr>, kw: &Sexpr) -> Result<Arg, ParseError> {
        match next
            .and_then(Sexpr::atom)
            .filter(|a| keyword_of(a).is_none())
        {
            Some(a) => {
                let span = next.expect("checked").span;
                let (attrs, counting) = super::pawnattrs::parse_attrs(a).map_err(|e| {
                    ParseError::new(ErrorKind::Invalid, self.src, span, e.to_string())
                })?;
                Ok(Arg::PawnAttrs(attrs, counting, span))
            }
            None => {
                Err(self.missing_param(next, kw, "pawn attributes (passed, double-isolated, ...)"))
            }
        }
    }

    /// "`kw` needs `what`", at the item where the parameter was wanted (or just after the
    /// keyword at the end of the list).
    fn missing_param(&self, next: Option<&Sexpr>, kw: &Sexpr, what: &str) -> ParseError {
        let span = next.map_or(Span::new(kw.span.end, kw.span.end), |n| n.span);
        self.err(
            span,
            format!("{} needs {what}", kw.atom().unwrap_or("this keyword")),
        )
        .expecting(what.to_string())
    }

    /// The position lists inside one bracket: `((position ...) (position ...))`.
    fn position_lists(&self, inner: &[Sexpr]) -> Result<Vec<PositionList>, ParseError> {
        inner.iter().map(|l| self.position_list(l)).collect()
    }

    /// A piece designator parameter (optional for [`Param::OptDesignator`]); the caller
    /// steps over what is found.
    fn designator_param(&self, p: Param, next: Option<&Sexpr>, kw: &Sexpr) -> ParamRead {
        let parsed = next
            .and_then(Sexpr::atom)
            .filter(|a| keyword_of(a).is_none())
            .map(parse_designator);
        match parsed {
            Some(Ok(d)) => Ok(Some(Arg::Designator(d, next.expect("checked").span))),
            _ if p == Param::OptDesignator => Ok(None),
            Some(Err(e)) => Err(self.err(next.expect("checked").span, e.to_string())),
            None => Err(self.missing_param(next, kw, "a piece designator")),
        }
    }

    /// `:cond ((position C) (position E) ...)` or the lists written one after the other.
    fn cond_lists_param(
        &self,
        items: &[Sexpr],
        at: &mut usize,
        kw: &Sexpr,
    ) -> Result<Arg, ParseError> {
        let next = items.get(*at);
        let start = next.map_or(kw.span, |n| n.span);
        let lists = match next.and_then(|s| s.list().map(|l| (s, l))) {
            Some((s, inner)) if s.head() != Some("position") => {
                *at += 1;
                self.position_lists(inner)?
            }
            _ => {
                let mut out = Vec::new();
                while let Some(s) = items.get(*at).filter(|s| s.head() == Some("position")) {
                    out.push(self.position_list(s)?);
                    *at += 1;
                }
                out
            }
        };
        if lists.is_empty() {
            return Err(self.missing_param(next, kw, "clauses (position C) (position E) ..."));
        }
        Ok(Arg::Lists(lists, start))
    }

    /// A word (a name or a quoted string); [`Param::OptWord`] takes no piece designator. The
    /// caller steps over what is found.
    fn word_param(&self, p: Param, next: Option<&Sexpr>, kw: &Sexpr) -> ParamRead {
        match next {
            Some(s)
                if s.atom().is_some_and(|a| keyword_of(a).is_none())
                    && (p == Param::Word || parse_designator(s.atom().expect("atom")).is_err()) =>
            {
                Ok(Some(Arg::Word(
                    s.atom().expect("checked").to_string(),
                    s.span,
                )))
            }
            Some(Sexpr {
                kind: SexprKind::Str(t),
                span,
            }) => Ok(Some(Arg::Word(t.clone(), *span))),
            _ if p == Param::OptWord => Ok(None),
            _ => Err(self.missing_param(next, kw, "a word")),
        }
    }

    /// A quoted string, or a bracketed text (not a position list) taken as written (the
    /// caller steps over it).
    fn text_param(&self, next: Option<&Sexpr>, kw: &Sexpr) -> Result<Arg, ParseError> {
        if let Some(text) = quoted_text(next) {
            return Ok(text);
        }
        match next {
            Some(
                s @ Sexpr {
                    kind: SexprKind::List(_),
                    ..
                },
            ) if s.head() != Some("position") => {
                let inner = &self.src[s.span.start + 1..s.span.end - 1];
                Ok(Arg::Text(inner.to_string(), s.span))
            }
            _ => Err(self.missing_param(next, kw, "a quoted string")),
        }
    }

    /// A ray specifier: two or more piece designators in brackets, `(D1 D2 ...)` (the
    /// caller steps over it).
    fn ray_param(&self, next: Option<&Sexpr>, kw: &Sexpr) -> Result<Arg, ParseError> {
        let Some((s, inner)) = next.and_then(|s| s.list().map(|l| (s, l))) else {
            return Err(self.missing_param(next, kw, "a ray specifier (D1 D2 ...)"));
        };
        let mut ds = Vec::new();
        for d in inner {
            let text = d
                .atom()
                .ok_or_else(|| self.err(d.span, "expected a piece designator"))?;
            let parsed = parse_designator(text).map_err(|e| self.err(d.span, e.to_string()))?;
            ds.push(Arg::Designator(parsed, d.span));
        }
        if ds.len() < 2 {
            return Err(self.err(s.span, "a ray needs at least two designators"));
        }
        Ok(Arg::Ray(ds, s.span))
    }

    /// A range specifier at `items[*at]`: `N`, `N M`, `>=N`, `<=N`, `>N`, `<N`, `unlimited`,
    /// with `%` when `percent` is allowed.
    fn range(
        &self,
        items: &[Sexpr],
        at: &mut usize,
        percent: bool,
    ) -> Result<Option<(CountRange, Span)>, ParseError> {
        let Some(first) = items.get(*at) else {
            return Ok(None);
        };
        let Some(text) = first.atom() else {
            return Ok(None);
        };
        let Some((op, num, pct)) = range_token(text) else {
            return Ok(None);
        };
        if pct && !percent {
            return Err(ParseError::new(
                ErrorKind::Invalid,
                self.src,
                first.span,
                "a percentage is not allowed here",
            ));
        }
        *at += 1;
        let mut span = first.span;
        let range = match op {
            Some(op) => {
                let n = num.expect("an operator has a number");
                match op {
                    ">=" => Range {
                        lo: Some(n),
                        hi: None,
                    },
                    ">" => Range {
                        lo: Some(n.saturating_add(1)),
                        hi: None,
                    },
                    "<=" => Range {
                        lo: None,
                        hi: Some(n),
                    },
                    "<" => Range {
                        lo: None,
                        hi: Some(n.saturating_sub(1)),
                    },
                    _ => Range::exactly(n),
                }
            }
            None => {
                // A plain number or `unlimited`, maybe followed by a second one.
                let second = items.get(*at).and_then(Sexpr::atom).and_then(range_token);
                match second {
                    Some((None, hi, p2)) if p2 == pct => {
                        span = Span::new(first.span.start, items[*at].span.end);
                        *at += 1;
                        Range { lo: num, hi }
                    }
                    _ => Range { lo: num, hi: num },
                }
            }
        };
        Ok(Some((
            CountRange {
                range,
                percent: pct,
            },
            span,
        )))
    }

    /// A range in pawn units with decimals (`>=2.5`, `-1.0 1.0`, `unlimited 0.5`), in
    /// centipawns.
    fn decimal_range(
        &self,
        items: &[Sexpr],
        at: &mut usize,
    ) -> Result<Option<(Range, Span)>, ParseError> {
        let tok = |s: &Sexpr| s.atom().and_then(decimal_token);
        let Some(first) = items.get(*at) else {
            return Ok(None);
        };
        let Some((op, num)) = tok(first) else {
            return Ok(None);
        };
        *at += 1;
        let mut span = first.span;
        let range = match op {
            ">=" | ">" => Range { lo: num, hi: None },
            "<=" | "<" => Range { lo: None, hi: num },
            _ => match items.get(*at).and_then(tok) {
                Some(("", hi)) => {
                    span = Span::new(first.span.start, items[*at].span.end);
                    *at += 1;
                    Range { lo: num, hi }
                }
                _ => Range { lo: num, hi: num },
            },
        };
        Ok(Some((range, span)))
    }

    /// A `:movenumber` range: numbers, `end`, `end-N`, `unlimited`.
    fn end_range(
        &self,
        items: &[Sexpr],
        at: &mut usize,
    ) -> Result<Option<(EndRange, Span)>, ParseError> {
        let bound = |s: &Sexpr| -> Option<(Option<&str>, Option<Bound>)> {
            let a = s.atom()?;
            if let Some(rest) = a.strip_prefix("end") {
                if rest.is_empty() {
                    return Some((None, Some(Bound::End(0))));
                }
                let n: i64 = rest.replace('−', "-").strip_prefix('-')?.parse().ok()?;
                return Some((None, Some(Bound::End(n))));
            }
            let (op, n, pct) = range_token(a)?;
            (!pct).then_some((op, n.map(Bound::Abs)))
        };
        let Some(first) = items.get(*at) else {
            return Ok(None);
        };
        let Some((op, lo)) = bound(first) else {
            return Ok(None);
        };
        *at += 1;
        let mut span = first.span;
        let range = match (op, lo) {
            (Some(">=" | ">"), Some(Bound::Abs(n))) => EndRange {
                lo: Some(Bound::Abs(if op == Some(">") {
                    n.saturating_add(1)
                } else {
                    n
                })),
                hi: None,
            },
            (Some("<=" | "<"), Some(Bound::Abs(n))) => EndRange {
                lo: None,
                hi: Some(Bound::Abs(if op == Some("<") {
                    n.saturating_sub(1)
                } else {
                    n
                })),
            },
            _ => match items.get(*at).and_then(bound) {
                Some((None, hi)) => {
                    span = Span::new(first.span.start, items[*at].span.end);
                    *at += 1;
                    EndRange { lo, hi }
                }
                _ => EndRange { lo, hi: lo },
            },
        };
        Ok(Some((range, span)))
    }
}

/// Parses one range token: (`>=`-style operator, the number or None for `unlimited`, `%`).
pub(super) fn range_token(text: &str) -> Option<(Option<&'static str>, Option<i64>, bool)> {
    let text = text.replace('−', "-");
    if text == "unlimited" {
        return Some((None, None, false));
    }
    let (op, rest) = [">=", "<=", ">", "<", "="]
        .iter()
        .find_map(|op| text.strip_prefix(op).map(|r| (Some(*op), r)))
        .unwrap_or((None, text.as_str()));
    let (body, pct) = match rest.strip_suffix('%') {
        Some(b) => (b, true),
        None => (rest, false),
    };
    let body = body.strip_prefix('+').unwrap_or(body);
    if body.is_empty()
        || !body
            .trim_start_matches('-')
            .bytes()
            .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let n: i64 = body.parse().ok()?;
    Some((op, Some(n), pct))
}

/// A decimal token in pawns → (operator or "", centipawns; None for `unlimited`).
pub(super) fn decimal_token(text: &str) -> Option<(&'static str, Option<i64>)> {
    let text = text.replace('−', "-");
    if text == "unlimited" {
        return Some(("", None));
    }
    let (op, rest) = [">=", "<=", ">", "<"]
        .iter()
        .find_map(|op| text.strip_prefix(op).map(|r| (*op, r)))
        .unwrap_or(("", text.as_str()));
    let v: f64 = rest.parse().ok()?;
    if !v.is_finite() {
        return None;
    }
    Some((op, Some((v * 100.0).round() as i64)))
}

/// `found`, with `at` stepped over the item it was read from when something was found.
fn stepped<T>(at: &mut usize, found: Option<T>) -> Option<T> {
    if found.is_some() {
        *at += 1;
    }
    found
}

/// A quoted string as a text argument.
fn quoted_text(next: Option<&Sexpr>) -> Option<Arg> {
    match next {
        Some(Sexpr {
            kind: SexprKind::Str(t),
            span,
        }) => Some(Arg::Text(t.clone(), *span)),
        _ => None,
    }
}

/// A parameter read: the argument, or None when an optional one is absent.
type ParamRead = Result<Option<Arg>, ParseError>;
