//! Query errors: a message, what was expected, and where (byte span, line, column), rendered
//! with the source line and a caret under the offending text.
//!
//! Each stage has its own error type, a [`QueryError`] (the located message) wrapped:
//! [`ParseError`] (the parsers of both dialects), [`CheckError`] (CQL 6.2's type rules) and
//! [`LowerError`] (what lowering refuses). Each converts into a [`QueryError`], the one type of
//! the public compile entries ([`super::compile`], [`super::Program`]), so the stages chain
//! with `?` and render alike.

use std::fmt;

use pest::error::{ErrorVariant, InputLocation};

use super::ast::Span;
use super::parse::Rule;

/// What kind of problem a [`QueryError`] reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text is not CQL: `check and` (a filter is missing), `(check` (no `)`).
    Syntax,
    /// A CQL word or operator cqlq does not implement yet: `line --> check`, `x = 1`.
    Unsupported,
    /// An argument of the wrong type: `#check`, `"a" < 3`, `max(2)`.
    Type,
    /// A malformed literal: `fen "9/8"`, `event ~~ "("`, `Rj9` on an 8x8 board.
    Invalid,
    /// The query nests or expands too far: 300 nested parentheses, `shift shift flip F`.
    TooComplex,
}

/// A query that cannot be compiled: where, why, and what would have been accepted there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    /// What is wrong, e.g. `'line' is not supported by cqlq yet`.
    pub message: String,
    /// What the parser would have accepted there, e.g. `a filter or ')'`.
    pub expected: Option<String>,
    /// The offending text, as a byte range of the query (empty at the end of the query).
    pub span: Span,
    /// 1-based line of `span.start`.
    pub line: usize,
    /// 1-based column (in characters) of `span.start`.
    pub column: usize,
    /// The kind of problem.
    pub kind: ErrorKind,
}

impl QueryError {
    /// An error of `kind` at `span` of `source`.
    pub fn new(
        kind: ErrorKind,
        source: &str,
        span: Span,
        message: impl Into<String>,
    ) -> QueryError {
        let start = floor_char_boundary(source, span.start.min(source.len()));
        let end = floor_char_boundary(source, span.end.clamp(start, source.len()));
        let before = &source[..start];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = source[line_start..start].chars().count() + 1;
        QueryError {
            message: message.into(),
            expected: None,
            span: Span::new(start, end),
            line,
            column,
            kind,
        }
    }

    /// The same error, saying what was expected.
    pub fn expecting(mut self, expected: impl Into<String>) -> QueryError {
        self.expected = Some(expected.into());
        self
    }

    /// The error as a compiler shows it (codespan-reporting, plain ASCII, no colour): the
    /// message, `--> file:LINE:COL`, the source line with carets under the span and what was
    /// expected there, and a hint for what cqlq does not run. Ends in a newline.
    pub fn render(&self, file_name: &str, source: &str) -> String {
        self.render_styled(file_name, source, false)
    }

    /// [`QueryError::render`], with ANSI colours when `color` (for a terminal).
    pub fn render_styled(&self, file_name: &str, source: &str, color: bool) -> String {
        use codespan_reporting::diagnostic::{Diagnostic, Label};
        use codespan_reporting::files::SimpleFile;
        use codespan_reporting::term::{self, Chars, Config};

        let start = floor_char_boundary(source, self.span.start.min(source.len()));
        let line_end = source[start..]
            .find(['\n', '\r'])
            .map_or(source.len(), |i| start + i);
        // One line: carets from the span's start to its end or the end of that line.
        let end = floor_char_boundary(source, self.span.end.clamp(start, line_end));
        let file = SimpleFile::new(file_name, source);
        let label = Label::primary((), start..end);
        let label = match &self.expected {
            Some(e) => label.with_message(format!("expected {e}")),
            None => label,
        };
        let mut diagnostic = Diagnostic::error()
            .with_message(&self.message)
            .with_labels(vec![label]);
        if self.kind == ErrorKind::Unsupported {
            diagnostic = diagnostic.with_notes(vec![
                "help: cqlq does not run this: check its spelling, or rewrite the query \
                 without it (README, 'Supported CQL')"
                    .to_string(),
            ]);
        }
        let config = Config {
            chars: Chars::ascii(),
            ..Config::default()
        };
        let rendered = if color {
            let mut buffer = term::termcolor::Buffer::ansi();
            term::emit_to_write_style(&mut buffer, &config, &file, &diagnostic)
                .ok()
                .and_then(|()| String::from_utf8(buffer.into_inner()).ok())
        } else {
            term::emit_into_string(&config, &file, &diagnostic).ok()
        };
        // The renderer fails only on spans outside the text, which `new` prevents.
        rendered.unwrap_or_else(|| format!("{file_name}:{self}\n"))
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)?;
        if let Some(e) = &self.expected {
            write!(f, " (expected {e})")?;
        }
        Ok(())
    }
}

impl std::error::Error for QueryError {}

/// Defines a stage's error: a [`QueryError`] wrapped, made by the same constructors, shown the
/// same way, and turned back into a [`QueryError`] by `?`.
macro_rules! stage_error {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name(pub(crate) QueryError);

        impl $name {
            /// An error of `kind` at `span` of `source` ([`QueryError::new`]).
            pub fn new(
                kind: ErrorKind,
                source: &str,
                span: Span,
                message: impl Into<String>,
            ) -> $name {
                $name(QueryError::new(kind, source, span, message))
            }

            /// The same error, saying what was expected.
            pub fn expecting(self, expected: impl Into<String>) -> $name {
                $name(self.0.expecting(expected))
            }

            /// The located message: text, span, line, column and kind.
            pub fn located(&self) -> &QueryError {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::error::Error for $name {}

        impl From<$name> for QueryError {
            fn from(e: $name) -> QueryError {
                e.0
            }
        }
    };
}

stage_error!(
    /// Text that is not a query of its dialect: the grammar (`check and`, `(check`), a
    /// malformed literal read by the parser (`Rj9`'s number too large), nesting or the parser's
    /// step budget passed, and the words the parsers refuse as they read them (`move
    /// enpassantsquare a3`, an unknown CQL-S keyword). Made by `query::parse`, `query::cqls`'s
    /// reader and parser, and `from_pest`.
    ParseError
);

stage_error!(
    /// A parsed CQL 6 query that CQL 6.2's type rules reject: `#check`, `"a" < 3`, a variable
    /// reassigned with another type, a function called with the wrong arguments. Made by
    /// `query::check`.
    CheckError
);

stage_error!(
    /// A checked query that lowering to the filter IR refuses: a word cqlq does not evaluate
    /// (`line --> check`), an argument whose type only lowering knows (`'from' needs a set of
    /// squares`), a literal off the board (`Rj9` on 8x8), an expansion too large (`shift shift
    /// flip F`), a file word under `--secure`. Made by `query::lower` and `query::cqls`'s
    /// lowering.
    LowerError
);

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The text of the token starting at byte `pos` (a word, a string, or one character).
pub(crate) fn token_at(source: &str, pos: usize) -> &str {
    let rest = &source[pos.min(source.len())..];
    let Some(first) = rest.chars().next() else {
        return "";
    };
    let len = if first.is_ascii_alphanumeric() || first == '_' {
        rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len())
    } else if first == '"' {
        rest[1..].find('"').map_or(rest.len(), |i| i + 2)
    } else {
        first.len_utf8()
    };
    &rest[..len]
}

/// The readable name of what a grammar rule stands for in "expected ..." (None: not worth
/// mentioning).
fn rule_name(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        filter | and_x | in_x | rel_x | add_x | mul_x | dash_x | arrow_x | union_x | inter_x
        | attack_x | str_x | colon_x | primary => "a filter",
        kw_or | kw_and | kw_in | cmp_op | add_op | mul_op | union_op | inter_op | attack_op
        | regex_op | arrow_op => "an operator",
        dash_tok => "'--'",
        line_arrow => "'-->' or '<--'",
        name => "a name",
        rparen => "')'",
        rbrace => "'}'",
        header_param => "a header parameter (input, output, variations, quiet, matchcount, ...)",
        string => "a string literal",
        number => "a number",
        path => "a file name",
        result_value => "a result (1-0, 0-1 or 1/2-1/2)",
        color_kw => "'white' or 'black'",
        kw_then => "'then'",
        kw_else => "'else'",
        kw_by => "'by'",
        EOI => "end of query",
        _ => return None,
    })
}

/// Joins names as `a, b or c`.
fn join_or(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Translates a pest failure into a [`ParseError`].
pub(crate) fn from_pest(source: &str, err: pest::error::Error<Rule>) -> ParseError {
    let mut pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    // An error inside a word (`legal` fails after its `l`) is reported at the word's start.
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if source[pos..].starts_with(is_word) {
        while let Some(c) = source[..pos].chars().next_back().filter(|&c| is_word(c)) {
            pos -= c.len_utf8();
        }
    }
    match err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            // `x /* ...` without `*/` fails at the `*`, after `/` was tried as division.
            if source[..pos].ends_with('/')
                && source[pos..].starts_with('*')
                && !source[pos..].contains("*/")
            {
                pos -= 1;
            }
            let mut tok = token_at(source, pos);
            if tok.is_empty() {
                // At the end: point just after the last text, not at trailing blank lines.
                pos = pos.min(source.trim_end().len());
                tok = "";
            }
            let rest = &source[pos..];
            let message = if tok.is_empty() {
                "unexpected end of query".to_string()
            } else if rest.starts_with('"') && !rest[1..].contains('"') {
                "unterminated string (no closing '\"')".to_string()
            } else if rest.starts_with("/*") && !rest.contains("*/") {
                tok = "/*";
                "unterminated comment (no closing '*/')".to_string()
            } else {
                format!("unexpected '{tok}'")
            };
            let mut names: Vec<&str> = Vec::new();
            for r in positives {
                if let Some(n) = rule_name(r)
                    && !names.contains(&n)
                {
                    names.push(n);
                }
            }
            // The filter alternatives first, then closing brackets, then operators.
            names.sort_by_key(|n| match *n {
                "a filter" => 0,
                "an operator" => 2,
                "end of query" => 3,
                _ => 1,
            });
            let e = ParseError::new(
                ErrorKind::Syntax,
                source,
                Span::new(pos, pos + tok.len()),
                message,
            );
            if names.is_empty() || e.0.message.starts_with("unterminated") {
                e
            } else {
                e.expecting(join_or(&names))
            }
        }
        ErrorVariant::CustomError { message } => {
            let kind = if message.contains("limit") {
                ErrorKind::TooComplex
            } else {
                ErrorKind::Syntax
            };
            ParseError::new(
                kind,
                source,
                Span::new(pos, pos),
                format!("query too complex to parse ({message})"),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters() {
        let src = "cql()\n♕==♛ ==== 2";
        let at = src.find("====").unwrap();
        let e = QueryError::new(
            ErrorKind::Syntax,
            src,
            Span::new(at, at + 4),
            "unexpected '=='",
        );
        assert_eq!((e.line, e.column), (2, 6));
        // codespan-reporting's layout: message, `--> file:line:column`, the numbered source
        // line and the carets under the span (columns count characters, not bytes).
        assert_eq!(
            e.render("f.cql", src),
            "error: unexpected '=='\n  --> f.cql:2:6\n  |\n2 | ♕==♛ ==== 2\n  |      ^^^^\n\n"
        );
        assert!(e.render_styled("f.cql", src, true).contains("\u{1b}["));
    }

    #[test]
    fn tokens() {
        assert_eq!(token_at("check and", 6), "and");
        assert_eq!(token_at("x \"ab c\" y", 2), "\"ab c\"");
        assert_eq!(token_at("a | b", 2), "|");
        assert_eq!(token_at("a", 1), "");
    }

    #[test]
    fn expected_lists() {
        assert_eq!(join_or(&["a filter", "')'"]), "a filter or ')'");
        assert_eq!(join_or(&["x", "y", "z"]), "x, y or z");
    }
}
