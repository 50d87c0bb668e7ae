//! The match list's player and event keywords (the Scidb help's "CQL - The match list":
//! `:player :whiteplayer :blackplayer :event :site :annotator :year`), lowered to CQL 6's
//! tag filters: a tag's text matched by a regular expression (`player white ~~ "..."`), the
//! year of the Date tag (`year`).
//!
//! An un-quoted string matches as a case-insensitive substring ("This form complies with the
//! CQL standard"); a double-quoted one is a Scidb pattern ("Pattern Matching"): `*` any text,
//! `?` one character, a leading `!` makes it case-sensitive, `\x` the character x, a blank
//! one or more blanks (none needed beside a delimiter `! ? . , ; :`), the whole name matched.
//! Word bounds `( )` and `{ }` are refused by name.

use crate::ir::cqls::CqlsNode;
use crate::ir::{Node, Pattern, TagName};
use crate::query::{ErrorKind, LowerError};
use crate::squares::SquareSet;

use super::ast::{Arg, Item};
use super::lower::{Lower, cqls, range_arg};

/// The keywords of this module.
pub(super) const GAME_INFO: &[&str] = &[
    "player",
    "whiteplayer",
    "blackplayer",
    "event",
    "site",
    "annotator",
    "year",
];

/// The delimiters beside which a blank may match nothing.
const DELIMITERS: &[char] = &['!', '?', '.', ',', ';', ':'];

/// Why a Scidb pattern is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PatternError {
    /// A `\` with nothing after it.
    TrailingBackslash,
    /// A word bound (`(`, `)`, `{`, `}`), which cqlq does not support.
    WordBound(char),
}

impl std::fmt::Display for PatternError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PatternError::TrailingBackslash => f.write_str("a pattern cannot end with '\\'"),
            PatternError::WordBound(c) => write!(
                f,
                "the pattern's word bound '{c}' is not supported by cqlq (write \\{c} for the character)"
            ),
        }
    }
}

/// A Scidb pattern as an anchored regular expression, or why it is refused.
pub(super) fn pattern_to_regex(pattern: &str) -> Result<String, PatternError> {
    let (case_sensitive, body) = match pattern.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, pattern),
    };
    let chars: Vec<char> = body.chars().collect();
    let mut out = String::from(if case_sensitive { "^" } else { "(?i)^" });
    // Whether the character at i is a delimiter written as a character (a `?` unescaped is
    // the wildcard, not the delimiter).
    let delimiter_at = |i: usize| match chars.get(i) {
        Some('\\') => chars.get(i + 1).is_some_and(|c| DELIMITERS.contains(c)),
        Some('?') | None => false,
        Some(c) => DELIMITERS.contains(c),
    };
    let mut prev_delimiter = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let mut delimiter = false;
        match c {
            '*' => out.push_str(".*"),
            '?' => out.push('.'),
            '\\' => {
                let Some(&x) = chars.get(i + 1) else {
                    return Err(PatternError::TrailingBackslash);
                };
                out.push_str(&regex::escape(&x.to_string()));
                delimiter = DELIMITERS.contains(&x);
                i += 1;
            }
            '(' | ')' | '{' | '}' => {
                return Err(PatternError::WordBound(c));
            }
            ' ' => {
                while chars.get(i + 1) == Some(&' ') {
                    i += 1;
                }
                let beside = prev_delimiter || delimiter_at(i + 1);
                out.push_str(if beside { " *" } else { " +" });
            }
            _ => {
                out.push_str(&regex::escape(&c.to_string()));
                delimiter = DELIMITERS.contains(&c);
            }
        }
        prev_delimiter = delimiter;
        i += 1;
    }
    out.push('$');
    Ok(out)
}

impl Lower<'_> {
    /// `:player X`, `:event X`, ... and `:year r`.
    pub(super) fn game_info<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        if item.keyword == "year" {
            return Ok(cqls(CqlsNode::InRange(
                Node::Year,
                range_arg(&item.args[0]),
            )));
        }
        let (source, span) = match &item.args[0] {
            Arg::Word(w, s) => (format!("(?i){}", regex::escape(w)), *s),
            Arg::Text(t, s) => (
                pattern_to_regex(t).map_err(|e| self.err(ErrorKind::Invalid, *s, e.to_string()))?,
                *s,
            ),
            _ => unreachable!("the signature gives a word or a string"),
        };
        let re = regex::Regex::new(&source)
            .map_err(|e| self.err(ErrorKind::Invalid, span, format!("bad pattern: {e}")))?;
        let tags = match item.keyword.as_str() {
            "player" => vec![TagName::White, TagName::Black],
            "whiteplayer" => vec![TagName::White],
            "blackplayer" => vec![TagName::Black],
            "event" => vec![TagName::Event],
            "site" => vec![TagName::Site],
            _ => vec![TagName::Other("Annotator".into())],
        };
        let mut tests: Vec<Node<S>> = tags
            .into_iter()
            .map(|t| Node::RegexMatch(Box::new(Node::Tag(t)), Pattern(re.clone())))
            .collect();
        Ok(if tests.len() == 1 {
            tests.pop().expect("one")
        } else {
            Node::Or(tests)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, text: &str) -> bool {
        regex::Regex::new(&pattern_to_regex(pattern).unwrap())
            .unwrap()
            .is_match(text)
    }

    /// The examples of the Scidb help's "Pattern Matching" page.
    #[test]
    fn the_help_pages_examples() {
        // "Polgar, J*" matches "Polgar, J" and "Polgar, Judit".
        assert!(matches("Polgar, J*", "Polgar, J"));
        assert!(matches("Polgar, J*", "Polgar, Judit"));
        // "A?erba?h": "Averbakh" and "Awerbach".
        assert!(matches("A?erba?h", "Averbakh"));
        assert!(matches("A?erba?h", "Awerbach"));
        // "Kasparov*": "Kasparov", "Kasparova", "Kasparov, Garry", "Kasparova, Tatiana".
        for s in [
            "Kasparov",
            "Kasparova",
            "Kasparov, Garry",
            "Kasparova, Tatiana",
        ] {
            assert!(matches("Kasparov*", s), "{s}");
        }
        // "Kasparov*,*" does not match "Kasparov" or "Kasparova".
        assert!(matches("Kasparov*,*", "Kasparov, Garry"));
        assert!(!matches("Kasparov*,*", "Kasparova"));
        // "Kasparov, Garry" also matches "Kasparov,Garry" and "Kasparov,  Garry".
        for s in ["Kasparov, Garry", "Kasparov,Garry", "Kasparov,  Garry"] {
            assert!(matches("Kasparov, Garry", s), "{s}");
        }
        // "!MacDonald" matches "MacDonald" but not "Macdonald"; without '!' both.
        assert!(matches("!MacDonald", "MacDonald"));
        assert!(!matches("!MacDonald", "Macdonald"));
        assert!(matches("MacDonald", "Macdonald"));
        // "\!!" matches "!!" only.
        assert!(matches("\\!!", "!!"));
        assert!(!matches("\\!!", "!"));
        // "*\(Berlin\)" matches "Germany (Berlin)", not "Germany Berlin".
        assert!(matches("*\\(Berlin\\)", "Germany (Berlin)"));
        assert!(!matches("*\\(Berlin\\)", "Germany Berlin"));
        // A blank needs a blank unless beside a delimiter; the wildcard `?` is none.
        assert!(!matches("Moscow ???", "MoscowRUS"));
        assert!(matches("Moscow ???", "Moscow  RUS"));
        // Word bounds are refused by name.
        assert!(pattern_to_regex("(Kasparov)*").is_err());
    }
}
