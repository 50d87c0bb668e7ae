//! `cqlq --parse` for CQL-S: the syntax tree ([`CqlsAst`]) as indented text, one line per
//! match list, position list, keyword and argument, each with its kind, its text as written
//! and its byte span (`@start..end`), as `query::ast_tree` prints CQL 6's.

use std::fmt::Write as _;

use super::ast::{Arg, CqlsAst, Item, MatchList, PositionList};
use crate::query::Span;

/// The tree of `ast`, two spaces per level.
pub fn cqls_tree(ast: &CqlsAst) -> String {
    let mut out = String::new();
    match_list(&mut out, &ast.source, &ast.root, 0);
    out
}

/// The text a span covers (empty when it lies outside `source`).
fn text(source: &str, span: Span) -> &str {
    source.get(span.start..span.end).unwrap_or("")
}

fn line(out: &mut String, depth: usize, label: &str, span: Span) {
    let _ = writeln!(
        out,
        "{:w$}{label} @{}..{}",
        "",
        span.start,
        span.end,
        w = depth * 2
    );
}

fn match_list(out: &mut String, source: &str, m: &MatchList, depth: usize) {
    line(out, depth, "match", m.span);
    for k in &m.keywords {
        item(out, source, k, depth + 1);
    }
    for p in &m.positions {
        position_list(out, source, p, depth + 1);
    }
}

fn position_list(out: &mut String, source: &str, p: &PositionList, depth: usize) {
    line(out, depth, "position", p.span);
    for i in &p.items {
        item(out, source, i, depth + 1);
    }
}

fn item(out: &mut String, source: &str, i: &Item, depth: usize) {
    if i.keyword.is_empty() {
        // A bare designator: its one argument.
        for a in &i.args {
            arg(out, source, a, depth);
        }
        return;
    }
    let bang = if i.negated { "!" } else { "" };
    line(out, depth, &format!("{bang}:{}", i.keyword), i.span);
    for a in &i.args {
        arg(out, source, a, depth + 1);
    }
}

fn arg(out: &mut String, source: &str, a: &Arg, depth: usize) {
    let leaf = |out: &mut String, kind: &str, span: Span| {
        line(out, depth, &format!("{kind} {}", text(source, span)), span);
    };
    match a {
        Arg::Designator(_, s) => leaf(out, "designator", *s),
        Arg::Range(_, s) | Arg::EndRange(_, s) => leaf(out, "range", *s),
        Arg::CountRange(_, s) => leaf(out, "count-range", *s),
        Arg::Word(_, s) => leaf(out, "word", *s),
        Arg::Text(_, s) => leaf(out, "text", *s),
        Arg::PawnAttrs(_, _, s) => leaf(out, "pawn-attributes", *s),
        Arg::List(p) => position_list(out, source, p, depth),
        Arg::Lists(ps, s) => {
            line(out, depth, "lists", *s);
            for p in ps {
                position_list(out, source, p, depth + 1);
            }
        }
        Arg::Matches(ms, s) => {
            line(out, depth, "match-lists", *s);
            for m in ms {
                match_list(out, source, m, depth + 1);
            }
        }
        Arg::Ray(parts, s) => {
            line(out, depth, "ray", *s);
            for p in parts {
                arg(out, source, p, depth + 1);
            }
        }
    }
}
