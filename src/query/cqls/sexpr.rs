//! CQL-S text → s-expressions ([`read_sexprs`]): the pest grammar `grammar/cqls.pest` reads
//! lists, strings and atoms with their spans; nothing about keywords is known here.

use pest::Parser;
use pest::iterators::Pair;

use crate::query::{ErrorKind, ParseError, Span};

/// The pest parser generated from `grammar/cqls.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/cqls.pest"]
struct CqlsParser;

/// Deepest list nesting accepted (deeper input is refused, not a stack overflow).
const MAX_DEPTH: usize = 200;

/// One s-expression with where it is in the query text.
#[derive(Clone, Debug, PartialEq)]
pub struct Sexpr {
    /// What it is.
    pub kind: SexprKind,
    /// Its byte range in the query.
    pub span: Span,
}

/// The three kinds of s-expression.
#[derive(Clone, Debug, PartialEq)]
pub enum SexprKind {
    /// A run of non-blank characters: `:check`, `Qa[1-8]`, `>=2`.
    Atom(String),
    /// A quoted string (without its quotes).
    Str(String),
    /// `( ... )`
    List(Vec<Sexpr>),
}

impl Sexpr {
    /// The atom's text, if it is an atom.
    pub fn atom(&self) -> Option<&str> {
        match &self.kind {
            SexprKind::Atom(a) => Some(a),
            _ => None,
        }
    }
    /// The list's items, if it is a list.
    pub fn list(&self) -> Option<&[Sexpr]> {
        match &self.kind {
            SexprKind::List(items) => Some(items),
            _ => None,
        }
    }
    /// The head atom of a list (`position` of `(position ...)`).
    pub fn head(&self) -> Option<&str> {
        self.list()?.first()?.atom()
    }
}

/// Reads the top-level s-expressions of a CQL-S query.
pub fn read_sexprs(text: &str) -> Result<Vec<Sexpr>, ParseError> {
    check_parentheses(text)?;
    crate::query::parse::set_parse_budget(text);
    let parsed = CqlsParser::parse(Rule::query, text).map_err(|e| {
        let pos = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let message = if pos >= text.trim_end().len() {
            "the query ends before its lists are closed: a ')' is missing".to_string()
        } else if text[pos..].starts_with(')') {
            "this ')' closes no list".to_string()
        } else {
            "unexpected text".to_string()
        };
        ParseError::new(ErrorKind::Syntax, text, Span::new(pos, pos + 1), message)
            .expecting("')' or an item")
    })?;
    let mut out = Vec::new();
    for pair in parsed
        .into_iter()
        .next()
        .into_iter()
        .flat_map(Pair::into_inner)
    {
        if pair.as_rule() != Rule::EOI {
            out.push(convert(pair));
        }
    }
    Ok(out)
}

/// Points at an unclosed `(` or a stray `)` (outside strings and comments) and refuses absurd
/// nesting before pest recurses into it.
fn check_parentheses(text: &str) -> Result<(), ParseError> {
    let err = |at: usize, kind, message: String| {
        Err(ParseError::new(kind, text, Span::new(at, at + 1), message))
    };
    let mut open: Vec<usize> = Vec::new();
    let (mut in_string, mut in_comment) = (false, false);
    for (i, c) in text.char_indices() {
        match c {
            '\n' => in_comment = false,
            _ if in_comment => {}
            '"' => in_string = !in_string,
            _ if in_string => {}
            ';' => in_comment = true,
            '(' => {
                open.push(i);
                if open.len() > MAX_DEPTH {
                    return err(
                        i,
                        ErrorKind::TooComplex,
                        format!("lists nest deeper than {MAX_DEPTH}"),
                    );
                }
            }
            ')' if open.pop().is_none() => {
                return err(i, ErrorKind::Syntax, "this ')' closes no list".into());
            }
            _ => {}
        }
    }
    if let Some(&at) = open.last() {
        return err(
            at,
            ErrorKind::Syntax,
            "this '(' is never closed: a ')' is missing".into(),
        );
    }
    Ok(())
}

fn convert(pair: Pair<Rule>) -> Sexpr {
    let span = Span::new(pair.as_span().start(), pair.as_span().end());
    let kind = match pair.as_rule() {
        Rule::list => SexprKind::List(pair.into_inner().map(convert).collect()),
        Rule::string => SexprKind::Str(
            pair.into_inner()
                .next()
                .map_or(String::new(), |p| p.as_str().to_string()),
        ),
        _ => SexprKind::Atom(pair.as_str().to_string()),
    };
    Sexpr { kind, span }
}
