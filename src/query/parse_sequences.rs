//! The sequence filters' grammar: `line` (its arrows, constituents and repetitions `{m n}`,
//! `*`, `+`, `?`) and `path` (its constituents, `path` being `line` over the game tree with
//! CQL 6.2's path semantics), read into [`Line`], [`Path`] and [`SeqItem`]s.

use pest::iterators::{Pair, Pairs};

use super::ast::{ExprKind, Line, Path, Repeat, SeqItem, SeqItemKind};
use super::error::{ErrorKind, ParseError};
use super::parse::{Builder, Rule, node, span_of};

/// Most repetitions `{m n}` accepted in a sequence.
const MAX_REPEAT: u32 = 100_000;

impl Builder<'_> {
    pub(super) fn line(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        // Every arrow of a line (groups included) points the way of the first one.
        let arrows: Vec<Pair<Rule>> = inner
            .clone()
            .flatten()
            .filter(|p| p.as_rule() == Rule::line_arrow)
            .collect();
        if let Some(first) = arrows.first() {
            let back = |p: &Pair<Rule>| matches!(p.as_str(), "<--" | "←");
            if let Some(bad) = arrows.iter().find(|a| back(a) != back(first)) {
                let m = "the arrows of a 'line' must all point the same way";
                return Err(self.err(ErrorKind::Syntax, span_of(bad), m));
            }
        }
        let mut l = Line {
            backward: false,
            params: Vec::new(),
            items: Vec::new(),
        };
        for c in inner.skip(1) {
            match c.as_rule() {
                Rule::seq_param => l.params.push(self.seq_param(c)?),
                Rule::line_arrow => l.backward = matches!(c.as_str(), "<--" | "←"),
                _ => l.items = self.line_seq(c)?,
            }
        }
        Ok(ExprKind::Line(Box::new(l)))
    }

    /// `A --> B* --> (C | D)`: the constituents (the arrows must all be the first one).
    fn line_seq(&self, pair: Pair<Rule>) -> Result<Vec<SeqItem>, ParseError> {
        let mut items = Vec::new();
        for c in pair.into_inner() {
            if c.as_rule() == Rule::seq_rep {
                items.push(self.seq_rep(c)?);
            }
        }
        Ok(items)
    }

    fn seq_rep(&self, pair: Pair<Rule>) -> Result<SeqItem, ParseError> {
        let span = span_of(&pair);
        let mut inner = pair.into_inner();
        let atom = self.only(inner.next().expect("sequence atom"))?;
        let aspan = span_of(&atom);
        let mut item = match atom.as_rule() {
            Rule::seq_group => {
                let alts = atom
                    .into_inner()
                    .filter(|c| c.as_rule() == Rule::line_seq)
                    .map(|c| self.line_seq(c))
                    .collect::<Result<_, _>>()?;
                SeqItem {
                    kind: SeqItemKind::Group(alts),
                    span: aspan,
                }
            }
            _ => {
                let mut fs = atom
                    .into_inner()
                    .map(|c| self.stmt(c))
                    .collect::<Result<Vec<_>, _>>()?;
                let e = if fs.len() == 1 {
                    fs.remove(0)
                } else {
                    node(ExprKind::Compound(fs), aspan)
                };
                SeqItem {
                    kind: SeqItemKind::Filter(e),
                    span: aspan,
                }
            }
        };
        let mut previous: Option<&str> = None;
        for r in inner {
            // CQL 6.2 rule: repetition suffixes stack (`k{3}+*`), but the same one-character
            // suffix twice in a row (`k{3}++`, `k{3}**`) is refused.
            let text = r.as_str();
            if text.len() == 1 && previous == Some(text) {
                let m = format!("'{text}' repeated twice in a row");
                return Err(self.err(ErrorKind::Syntax, span_of(&r), m));
            }
            previous = Some(text);
            let rep = self.repeat(r)?;
            item = SeqItem {
                kind: SeqItemKind::Repeat(Box::new(item), rep),
                span,
            };
        }
        Ok(item)
    }

    fn repeat(&self, pair: Pair<Rule>) -> Result<Repeat, ParseError> {
        let span = span_of(&pair);
        Ok(match pair.as_str() {
            "*" => Repeat { min: 0, max: None },
            "+" => Repeat { min: 1, max: None },
            "?" => Repeat {
                min: 0,
                max: Some(1),
            },
            "{*}" => Repeat { min: 0, max: None },
            "{+}" => Repeat { min: 1, max: None },
            "{?}" => Repeat {
                min: 0,
                max: Some(1),
            },
            text => {
                let body = &text[1..text.len() - 1];
                let comma = body.contains(',');
                let nums: Vec<u32> = body
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse::<u32>().unwrap_or(u32::MAX))
                    .collect();
                if nums.iter().any(|&n| n > MAX_REPEAT) {
                    return Err(self.err(ErrorKind::Invalid, span, "repetition count too large"));
                }
                let leading_comma = body.trim_start().starts_with(',');
                match (nums.as_slice(), comma, leading_comma) {
                    ([n], false, _) => Repeat {
                        min: *n,
                        max: Some(*n),
                    },
                    ([n], true, true) => Repeat {
                        min: 0,
                        max: Some(*n),
                    },
                    ([n], true, false) => Repeat { min: *n, max: None },
                    ([m, n, ..], _, _) => Repeat {
                        min: *m,
                        max: Some(*n),
                    },
                    _ => Repeat { min: 0, max: None },
                }
            }
        })
    }

    pub(super) fn path(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let mut p = Path {
            params: Vec::new(),
            items: Vec::new(),
        };
        for c in inner.skip(1) {
            match c.as_rule() {
                Rule::path_params => {
                    for sp in c.into_inner() {
                        p.params.push(self.seq_param(sp)?);
                    }
                }
                _ => p.items = self.path_cons(c)?,
            }
        }
        Ok(ExprKind::Path(Box::new(p)))
    }

    /// The constituents of a path (or of one alternative of a chain).
    fn path_cons(&self, pair: Pair<Rule>) -> Result<Vec<SeqItem>, ParseError> {
        let mut items = Vec::new();
        for con in pair.into_inner() {
            let span = span_of(&con);
            let mut parts = con.into_inner();
            let first = parts.next().expect("path constituent");
            let fspan = span_of(&first);
            let mut item = match first.as_rule() {
                Rule::path_chain => {
                    let alts = first
                        .into_inner()
                        .map(|a| self.path_cons(a))
                        .collect::<Result<_, _>>()?;
                    SeqItem {
                        kind: SeqItemKind::Group(alts),
                        span: fspan,
                    }
                }
                Rule::path_dash => {
                    let mut ps = first.into_inner();
                    let core = ps.next().expect("dash");
                    let cspan = span_of(&core);
                    // CQL 6.2 rule: a path constituent that follows a chain's ')' may be a bare
                    // dash written against it (`path (-- --)--`): the chain ends at ')'.
                    let after_chain = self.src[..cspan.start].trim_end().ends_with(')');
                    // CQL 6.2 rule: in a path, a dash's targets are the filters after it, and
                    // parentheses there are an ordinary parenthesised filter, which holds one
                    // filter: `path --(-- --)` and `B[x]h7(check k)` are refused.
                    let crowded = core
                        .clone()
                        .into_inner()
                        .flatten()
                        .filter(|t| t.as_rule() == Rule::dash_target)
                        .find(|t| {
                            t.clone()
                                .into_inner()
                                .filter(|f| f.as_rule() == Rule::filter)
                                .count()
                                > 1
                        });
                    if let Some(t) = crowded {
                        let m = "in a path, parentheses after a dash hold one filter (its targets are the filters after it)";
                        return Err(self.err(ErrorKind::Syntax, span_of(&t), m));
                    }
                    let bare = core.clone().into_inner().next().expect("dash");
                    let mut dash = if after_chain && bare.as_rule() == Rule::bare_dash {
                        let mut parts = bare.into_inner();
                        let tok = parts.next().expect("dash token");
                        self.dash_body(None, tok, parts, cspan)?
                    } else {
                        self.dash_core(core, cspan)?
                    };
                    if let ExprKind::Dash(d) = &mut dash.kind {
                        for h in ps {
                            d.target.push(self.filter(self.only(h)?)?);
                        }
                    }
                    SeqItem {
                        kind: SeqItemKind::Filter(dash),
                        span: fspan,
                    }
                }
                _ => SeqItem {
                    kind: SeqItemKind::Filter(self.filter(self.only(first)?)?),
                    span: fspan,
                },
            };
            for r in parts {
                let rep = self.repeat(r)?;
                item = SeqItem {
                    kind: SeqItemKind::Repeat(Box::new(item), rep),
                    span,
                };
            }
            items.push(item);
        }
        Ok(items)
    }
}
