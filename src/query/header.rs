//! The `cql( ... )` header as the parser reads it, once: each parameter's name, its value
//! typed by the grammar's kind of parameter ([`HeaderValue`]: a flag, a path, a range of
//! whole numbers, a text) and its span, for errors pointing at it. What each parameter means
//! is read from it once, typed for its parameter, by [`super::HeaderSettings::read`].

use super::ast::Span;

/// The parameters of an optional `cql( ... )` header, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `input x.pgn`, `variations`, `matchcount 2 10`, ...
    pub params: Vec<HeaderParam>,
}

impl Header {
    /// The first parameter called `name`.
    pub fn get(&self, name: &str) -> Option<&HeaderParam> {
        self.params.iter().find(|p| p.name == name)
    }
}

/// One header parameter: its name, its value and its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderParam {
    /// `input`, `output`, `variations`, `mainline`, `virtualmainline`, `quiet`, `silent`,
    /// `sort`, `matchcount`, `gamenumber`, `year`, `matchstring` or `result`.
    pub name: String,
    /// The value, read as the kind of parameter it belongs to.
    pub value: HeaderValue,
    /// Where the parameter is.
    pub span: Span,
}

/// A header parameter's value, read once when the header is parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderValue {
    /// No value: `variations`, `quiet`, `sort`.
    Flag,
    /// A file: `input x.pgn`, `output "out.pgn"` (the string's text, unescaped).
    Path(String),
    /// One or two whole numbers: `matchcount 2 10`, `gamenumber 5` (the range 5 to 5).
    Range {
        /// The range's ends, as `read_range` reads the text; None when it does not (a
        /// number past 64 bits).
        bounds: Option<(i64, i64)>,
        /// The numbers as written, joined by one space (`2 10`), for messages.
        text: String,
    },
    /// A text: `matchstring "X"`, `player "Kasparov"`, `result 1-0` (a string unescaped).
    Text(String),
}

impl HeaderValue {
    /// The value as written (numbers joined by one space; a string unescaped); None for a
    /// flag. `--parse` prints it.
    pub fn as_written(&self) -> Option<&str> {
        match self {
            HeaderValue::Flag => None,
            HeaderValue::Path(text) | HeaderValue::Text(text) => Some(text),
            HeaderValue::Range { text, .. } => Some(text),
        }
    }
}

/// `A` or `A B` (whole numbers separated by blanks or one `-`, as the command line's
/// `--gamenumber 3-7`): the range A to A, or A to B; None for anything else. The header's
/// ranges and the command line's are read by this one function.
pub fn read_range(text: &str) -> Option<(i64, i64)> {
    let parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|s| !s.is_empty())
        .collect();
    let nums: Result<Vec<i64>, _> = parts.iter().map(|s| s.parse::<i64>()).collect();
    match nums.as_deref() {
        Ok([a]) => Some((*a, *a)),
        Ok([a, b]) => Some((*a, *b)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header's typed values: a range's ends read from its numbers (the text kept for
    /// messages), a string's text unescaped, a flag without a value.
    #[test]
    fn header_values_are_typed_once() {
        let ast = crate::query::cql_to_ast(
            "cql(input \"x.pgn\" matchcount 2 10 gamenumber 5 matchstring \"a b\" quiet) check",
        )
        .expect("parses");
        let values: Vec<&HeaderValue> = ast.header.params.iter().map(|p| &p.value).collect();
        assert_eq!(
            values,
            [
                &HeaderValue::Path("x.pgn".into()),
                &HeaderValue::Range {
                    bounds: Some((2, 10)),
                    text: "2 10".into()
                },
                &HeaderValue::Range {
                    bounds: Some((5, 5)),
                    text: "5".into()
                },
                &HeaderValue::Text("a b".into()),
                &HeaderValue::Flag,
            ]
        );
    }

    #[test]
    fn ranges_read_one_or_two_numbers() {
        assert_eq!(read_range("2 10"), Some((2, 10)));
        assert_eq!(read_range("7"), Some((7, 7)));
        assert_eq!(read_range("3-7"), Some((3, 7)));
        assert_eq!(read_range("x"), None);
        assert_eq!(read_range("1 2 3"), None);
        assert_eq!(read_range("99999999999999999999"), None);
    }
}
