//! What a `cql(...)` header's parameters mean ([`HeaderSettings`]), read once from the
//! parser's [`Header`] into typed values: paths, ranges checked for their parameter (a
//! `gamenumber` is positive, a `matchcount` lowest first), a result, compiled regular
//! expressions. A parameter that cannot be used is a [`HeaderError`] carrying its span.
//!
//! | parameter | meaning |
//! | --- | --- |
//! | `input F`, `output F` | the PGN read, the PGN written |
//! | `variations`, `mainline` | search positions in variations too / the main line only |
//! | `matchcount A [B]` | a game matches when A to B of its positions match |
//! | `matchstring "X"` | the comment at each matched position (default `CQL`) |
//! | `silent` | no comments added (not even `{Game number N}`) |
//! | `quiet` | only the query's own comments (no `CQL` at matched positions) |
//! | `gamenumber A [B]`, `result R`, `player X`, `white X`, `black X`, `event X`, `site X`, `year A [B]` | game filters |
//! | `sort matchcount A [B]` | `matchcount`, and the matched games written most matches first |
//! | `noheader` | no `{Game number N}` comment |
//! | `singlethreaded`, `lineincrement N` | accepted; they change only CQL 6.2's speed and progress display |
//!
//! The other parameters CQL 6.2's header takes (`virtualmainline`, `persistentfile`, `html`,
//! `nosort`, `nosettag`, `noremovecomment`, `alwayscomment`, `smartcomments`,
//! `nosmartcomments`, `guipgnstdin`) are refused by name ([`UNSUPPORTED`]). `eco`, `elo` and
//! `forany` are no header parameters of CQL 6.2 (its `match_cqlfeature` reads only
//! `matchstring silent quiet input result gamenumber output variations matchcount`, and
//! rejects the header otherwise): they are refused by name ([`NOT_IN_CQL62_HEADER`]), with the
//! body filter to write instead. The value readers ([`range_of`], [`positive_range`],
//! [`result_of`], [`regex_of`]) are the command line's too, so both read a value alike.

use std::path::PathBuf;

use regex::Regex;

use super::ast::Span;
use super::error::{ErrorKind, QueryError};
use super::header::{Header, HeaderValue, read_range};

/// The run parameters a header gives, typed (None: not given).
#[derive(Clone, Debug, Default)]
pub struct HeaderSettings {
    /// `input F`
    pub input: Option<PathBuf>,
    /// `output F`
    pub output: Option<PathBuf>,
    /// `variations` (true) or `mainline` (false)
    pub variations: Option<bool>,
    /// `matchstring "X"`
    pub match_string: Option<String>,
    /// `silent` or `quiet` (the first of them written).
    pub comments: Option<Commenting>,
    /// `sort matchcount`: matched games written by their number of matched positions.
    pub sort_by_match_count: bool,
    /// `matchcount A B`: a game matches when A to B of its positions match.
    pub match_count: Option<(u64, u64)>,
    /// `gamenumber A B`: only games numbered A to B are read.
    pub numbers: Option<(u64, u64)>,
    /// `year A B`: the year of the Date tag is between A and B.
    pub years: Option<(i64, i64)>,
    /// `result R`: `1-0`, `0-1` or `1/2-1/2`.
    pub result: Option<String>,
    /// `player X`: the White or Black tag contains X.
    pub player: Option<String>,
    /// `white X`: the White tag matches the regular expression X.
    pub white: Option<Regex>,
    /// `black X`: the Black tag matches the regular expression X.
    pub black: Option<Regex>,
    /// `event X`: the Event tag contains X.
    pub event: Option<String>,
    /// `site X`: the Site tag contains X.
    pub site: Option<String>,
    /// `noheader`: no `{Game number N}` comment.
    pub no_header: Option<bool>,
}

/// The header's comment parameters: which comments are left out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Commenting {
    /// `quiet`: only the query's own comments.
    Quiet,
    /// `silent`: no comment at all.
    Silent,
}

/// CQL 6.2 header parameters cqlq refuses (by name, [`ParamProblem::Unsupported`]): it does
/// not implement what they change.
pub const UNSUPPORTED: [&str; 10] = [
    "virtualmainline",
    "persistentfile",
    "html",
    "nosort",
    "nosettag",
    "noremovecomment",
    "alwayscomment",
    "smartcomments",
    "nosmartcomments",
    "guipgnstdin",
];

/// The header parameters that name a file to read or write, all refused under `--secure`
/// ([`HeaderSettings::refuse_file_params`]): the PGN read and written, and CQL 6.2's
/// persistent variables' file and HTML page (refused anyway, [`UNSUPPORTED`]).
pub const FILE_PARAMS: [&str; 4] = ["input", "output", "persistentfile", "html"];

/// Words the grammar reads in a `cql(...)` header (CQL 5's game filters, CQL 3's `forany`)
/// that CQL 6.2's header rejects: refused by name ([`ParamProblem::NotInCql62Header`]), never
/// ignored, since ignoring `eco "ZZZ"` would match every game.
pub const NOT_IN_CQL62_HEADER: [&str; 3] = ["eco", "elo", "forany"];

/// A header parameter that cannot be used: its name, its place and why.
#[derive(Clone, Debug, PartialEq)]
pub struct HeaderError {
    /// The parameter (`matchcount`, `white`, ...).
    pub name: String,
    /// Where the parameter is written in the query.
    pub span: Span,
    /// What is wrong with it.
    pub reason: ParamProblem,
}

impl HeaderError {
    /// The error as a query error at the parameter (`cql(...) parameter 'NAME': REASON`), drawn
    /// by [`QueryError::render`] with the query's `source`.
    pub fn to_query_error(&self, source: &str) -> QueryError {
        let message = format!("cql(...) parameter {self}");
        QueryError::new(ErrorKind::Invalid, source, self.span, message)
    }
}

/// What is wrong with a header parameter.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ParamProblem {
    /// Its value does not read: `gamenumber 0`.
    Value(ValueError),
    /// `matchcount`'s range is negative or highest first: `matchcount 5 2`.
    MatchCountRange,
    /// A CQL 6.2 parameter cqlq refuses ([`UNSUPPORTED`]): `html`.
    Unsupported,
    /// A parameter naming a file to read or write ([`FILE_PARAMS`]) under `--secure`.
    Secure,
    /// Not a header parameter of CQL 6.2 ([`NOT_IN_CQL62_HEADER`]): `eco "B12"`.
    NotInCql62Header,
}

impl std::fmt::Display for ParamProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamProblem::Value(e) => e.fmt(f),
            ParamProblem::MatchCountRange => {
                f.write_str("expected a range of counts, 0 or more, lowest first")
            }
            ParamProblem::Unsupported => {
                f.write_str("cqlq does not support this header parameter; remove it from cql(...)")
            }
            ParamProblem::Secure => f.write_str(
                "refused under --secure: it names a file to read or write \
                 (give the file on the command line instead)",
            ),
            ParamProblem::NotInCql62Header => f.write_str(
                "not a header parameter of CQL 6.2 (its cql(...) takes input output result \
                 gamenumber matchcount matchstring silent quiet variations); write it as a \
                 filter after the header instead: `eco \"B12\"`, `elo white >= 2500`, a \
                 piece loop for forany",
            ),
        }
    }
}

impl std::fmt::Display for HeaderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}': {}", self.name, self.reason)
    }
}

impl std::error::Error for HeaderError {}

impl HeaderSettings {
    /// The settings `header`'s parameters give, each value read once from what the parser
    /// typed ([`HeaderValue`]: a range's numbers were read there). Parameters read elsewhere
    /// (CQL-S's `engine`, what only changes CQL 6.2's speed) are passed over; any other name
    /// is given a meaning or refused, never ignored.
    pub fn read(header: &Header) -> Result<HeaderSettings, HeaderError> {
        let mut p = HeaderSettings::default();
        let mut sort = false;
        for h in &header.params {
            let name = h.name.as_str();
            // A text, a path, or a range's numbers as written ("" for a flag).
            let value = h.value.as_written().unwrap_or("");
            let bad = |reason: ParamProblem| HeaderError {
                name: name.to_string(),
                span: h.span,
                reason,
            };
            let value_error = |e: ValueError| bad(ParamProblem::Value(e));
            // The range the parser read (every range parameter's value is one).
            let range = || match &h.value {
                HeaderValue::Range {
                    bounds: Some(bounds),
                    ..
                } => Ok(*bounds),
                _ => Err(ValueError::NotARange(value.to_string())),
            };
            match name {
                "input" => p.input = Some(PathBuf::from(value)),
                "output" => p.output = Some(PathBuf::from(value)),
                "variations" => p.variations = Some(true),
                "mainline" => p.variations = Some(false),
                "matchstring" => p.match_string = Some(value.to_string()),
                // CQL 6.2: the first of `silent`/`quiet` in the header counts.
                "silent" => {
                    p.comments.get_or_insert(Commenting::Silent);
                }
                "quiet" => {
                    p.comments.get_or_insert(Commenting::Quiet);
                }
                "sort" => sort = true,
                "matchcount" => {
                    let (a, b) = range().map_err(value_error)?;
                    if a < 0 || b < a {
                        return Err(bad(ParamProblem::MatchCountRange));
                    }
                    p.match_count = Some((a as u64, b as u64));
                    p.sort_by_match_count |= sort;
                }
                "gamenumber" => {
                    let bounds = range().and_then(|r| positive_bounds(r, value));
                    p.numbers = Some(bounds.map_err(value_error)?)
                }
                "year" => p.years = Some(range().map_err(value_error)?),
                "result" => p.result = Some(result_of(value).map_err(value_error)?),
                "player" => p.player = Some(value.to_string()),
                "white" => p.white = Some(regex_of(value).map_err(value_error)?),
                "black" => p.black = Some(regex_of(value).map_err(value_error)?),
                "event" => p.event = Some(value.to_string()),
                "site" => p.site = Some(value.to_string()),
                "noheader" => p.no_header = Some(true),
                _ if UNSUPPORTED.contains(&name) => {
                    return Err(bad(ParamProblem::Unsupported));
                }
                _ if NOT_IN_CQL62_HEADER.contains(&name) => {
                    return Err(bad(ParamProblem::NotInCql62Header));
                }
                // Speed and progress display only; CQL-S's `engine` is read by the search.
                "singlethreaded" | "lineincrement" | "engine" => {}
                // Every name the grammar reads is listed above: a new one must be given a
                // meaning or refused, never ignored.
                _ => return Err(bad(ParamProblem::Unsupported)),
            }
            if name != "sort" {
                sort = false;
            }
        }
        Ok(p)
    }

    /// `--secure`: refuses the header's first parameter that names a file ([`FILE_PARAMS`]):
    /// a query may not choose what is read (`cql(input secret.txt)`) or replaced
    /// (`cql(output victim.txt)`).
    pub fn refuse_file_params(header: &Header) -> Result<(), HeaderError> {
        match header
            .params
            .iter()
            .find(|h| FILE_PARAMS.contains(&h.name.as_str()))
        {
            Some(h) => Err(HeaderError {
                name: h.name.to_string(),
                span: h.span,
                reason: ParamProblem::Secure,
            }),
            None => Ok(()),
        }
    }
}

/// Why a run parameter's value (from the header or the command line) cannot be read; shown
/// after the parameter's name.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueError {
    /// Not one or two whole numbers: `matchcount x`.
    NotARange(String),
    /// Not positive numbers, lowest first: `gamenumber 0`, `gamenumber 9 3`.
    NotAPositiveRange(String),
    /// Not a game result: `result 1-1`.
    NotAResult(String),
    /// Not a regular expression: `white "("`.
    BadRegex(regex::Error),
}

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ValueError::NotARange(text) => {
                write!(f, "expected one or two whole numbers, not '{text}'")
            }
            ValueError::NotAPositiveRange(text) => {
                write!(f, "expected positive numbers, lowest first, not '{text}'")
            }
            ValueError::NotAResult(text) => {
                write!(f, "expected 1-0, 0-1 or 1/2-1/2, not '{text}'")
            }
            ValueError::BadRegex(e) => write!(f, "invalid regular expression: {e}"),
        }
    }
}

impl std::error::Error for ValueError {}

/// `A` or `A B` (numbers separated by blanks or one `-`: `--gamenumber 3-7`), read as the
/// header's ranges are (`query::header::read_range`).
pub fn range_of(text: &str) -> Result<(i64, i64), ValueError> {
    read_range(text).ok_or_else(|| ValueError::NotARange(text.to_string()))
}

/// A range of positive numbers, lowest first (`gamenumber`).
pub fn positive_range(text: &str) -> Result<(u64, u64), ValueError> {
    positive_bounds(range_of(text)?, text)
}

/// The range `(a, b)` (written `text`) when its numbers are positive, lowest first.
fn positive_bounds((a, b): (i64, i64), text: &str) -> Result<(u64, u64), ValueError> {
    if a < 1 || b < a {
        return Err(ValueError::NotAPositiveRange(text.to_string()));
    }
    Ok((a as u64, b as u64))
}

/// `1-0`, `0-1` or `1/2-1/2`.
pub fn result_of(text: &str) -> Result<String, ValueError> {
    match text {
        "1-0" | "0-1" | "1/2-1/2" => Ok(text.to_string()),
        _ => Err(ValueError::NotAResult(text.to_string())),
    }
}

/// A regular expression searched in a tag (CQL's `~~`).
pub fn regex_of(text: &str) -> Result<Regex, ValueError> {
    Regex::new(text).map_err(ValueError::BadRegex)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(text: &str) -> Result<HeaderSettings, HeaderError> {
        let ast = crate::query::cql_to_ast(text).expect("parses");
        HeaderSettings::read(&ast.header)
    }

    #[test]
    fn ranges() {
        assert_eq!(range_of("2 10"), Ok((2, 10)));
        assert_eq!(range_of("7"), Ok((7, 7)));
        assert_eq!(range_of("3-7"), Ok((3, 7)));
        assert!(range_of("x").is_err());
        assert!(positive_range("0").is_err());
        assert!(result_of("1-1").is_err());
    }

    /// Each value typed for its parameter: a path, a range of positive game numbers, a
    /// compiled regular expression, the first comment parameter written (CQL 6.2's rule).
    #[test]
    fn values_are_typed_for_their_parameter() {
        let s = settings(
            "cql(input \"x.pgn\" gamenumber 3 7 white \"Ka.*\" quiet silent sort matchcount 2 5) \
             check",
        )
        .expect("every parameter reads");
        assert_eq!(s.input, Some(PathBuf::from("x.pgn")));
        assert_eq!(s.numbers, Some((3, 7)));
        assert_eq!(s.white.as_ref().map(Regex::as_str), Some("Ka.*"));
        assert_eq!(s.comments, Some(Commenting::Quiet));
        assert_eq!(s.match_count, Some((2, 5)));
        assert!(s.sort_by_match_count);
    }

    /// The error carries the span of the parameter at fault, not of the first one of its
    /// name: `gamenumber 0` written after a good `gamenumber 3` is pointed at itself.
    #[test]
    fn an_error_points_at_its_own_parameter() {
        let text = "cql(gamenumber 3 gamenumber 0) check";
        let e = settings(text).expect_err("gamenumber 0 is refused");
        assert_eq!(&text[e.span.start..e.span.end], "gamenumber 0");
        assert_eq!(
            e.to_string(),
            "'gamenumber': expected positive numbers, lowest first, not '0'"
        );
        let shown = e.to_query_error(text);
        assert_eq!((shown.line, shown.column), (1, 18));
    }
}
