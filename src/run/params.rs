//! CQL 6.2's run parameters, read from a query's `cql(...)` header or from the command line,
//! and merged with the command line winning (as in CQL 6.2, where `-input`, `-matchstring`,
//! `-silent`, ... override the header).
//!
//! | parameter | meaning |
//! | --- | --- |
//! | `input F`, `output F` | the PGN read, the PGN written |
//! | `variations`, `mainline` | search positions in variations too / the main line only |
//! | `matchcount A [B]` | a game matches when A to B of its positions match |
//! | `matchstring "X"` | the comment at each matched position (default `CQL`) |
//! | `silent` | no comments added (not even `{Game number N}`) |
//! | `quiet` | only the query's own comments (no `CQL` at matched positions) |
//! | `gamenumber A [B]`, `result R`, `player X`, `white X`, `black X`, `event X`, `site X`, `year A [B]` | game filters ([`GameSelect`]) |
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
//! body filter to write instead.

use std::path::PathBuf;

use regex::Regex;

use super::select::GameSelect;
use crate::output::CommentLevel;
use crate::query::{Header, HeaderValue, read_range};

/// The run parameters given by a header or a command line (None: not given).
#[derive(Clone, Debug, Default)]
pub struct RunParams {
    /// `input F`
    pub input: Option<PathBuf>,
    /// `output F`
    pub output: Option<PathBuf>,
    /// `variations` (true) or `mainline` (false)
    pub variations: Option<bool>,
    /// `matchstring "X"`
    pub match_string: Option<String>,
    /// `silent` or `quiet`
    pub comments: Option<CommentLevel>,
    /// `sort matchcount`: matched games written by their number of matched positions
    pub sort_by_match_count: bool,
    /// The game filters and `matchcount`.
    pub select: GameSelect,
    /// `noheader`: no `{Game number N}` comment (None: not given).
    pub no_header: Option<bool>,
}

/// CQL 6.2 header parameters cqlq refuses (by name, with [`ParamError`]): it does not
/// implement what they change.
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
/// ([`RunParams::refuse_file_params`]): the PGN read and written, and CQL 6.2's persistent
/// variables' file and HTML page (refused anyway, [`UNSUPPORTED`]).
pub const FILE_PARAMS: [&str; 4] = ["input", "output", "persistentfile", "html"];
/// Words the grammar reads in a `cql(...)` header (CQL 5's game filters, CQL 3's `forany`)
/// that CQL 6.2's header rejects: refused by name ([`ParamProblem::NotInCql62Header`]), never
/// ignored, since ignoring `eco "ZZZ"` would match every game.
pub const NOT_IN_CQL62_HEADER: [&str; 3] = ["eco", "elo", "forany"];

/// A header parameter that cannot be used: its name and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamError {
    /// The parameter (`matchcount`, `white`, ...).
    pub name: String,
    /// What is wrong with it.
    pub reason: ParamProblem,
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

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}': {}", self.name, self.reason)
    }
}

impl std::error::Error for ParamError {}

impl RunParams {
    /// The parameters written in a `cql(...)` header, their values as the parser typed them
    /// ([`HeaderValue`]: a range's numbers are read once, there). Parameters CQL 6.2 keeps
    /// for other uses (`persistentfile`, `html`, CQL-S's `engine`, ...) are left to their
    /// readers.
    pub fn from_header(header: &Header) -> Result<RunParams, ParamError> {
        let mut p = RunParams::default();
        let mut sort = false;
        for h in &header.params {
            let name = h.name.as_str();
            // A text, a path, or a range's numbers as written ("" for a flag).
            let value = h.value.as_written().unwrap_or("");
            let bad = |reason: ParamProblem| ParamError {
                name: name.to_string(),
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
                    p.comments.get_or_insert(CommentLevel::Silent);
                }
                "quiet" => {
                    p.comments.get_or_insert(CommentLevel::Quiet);
                }
                "sort" => sort = true,
                "matchcount" => {
                    let (a, b) = range().map_err(value_error)?;
                    if a < 0 || b < a {
                        return Err(bad(ParamProblem::MatchCountRange));
                    }
                    p.select.match_count = Some((a as u64, b as u64));
                    p.sort_by_match_count |= sort;
                }
                "gamenumber" => {
                    let bounds = range().and_then(|r| positive_bounds(r, value));
                    p.select.numbers = Some(bounds.map_err(value_error)?)
                }
                "year" => p.select.years = Some(range().map_err(value_error)?),
                "result" => p.select.result = Some(result_of(value).map_err(value_error)?),
                "player" => p.select.player = Some(value.to_string()),
                "white" => p.select.white = Some(regex_of(value).map_err(value_error)?),
                "black" => p.select.black = Some(regex_of(value).map_err(value_error)?),
                "event" => p.select.event = Some(value.to_string()),
                "site" => p.select.site = Some(value.to_string()),
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
    pub fn refuse_file_params(header: &Header) -> Result<(), ParamError> {
        match header
            .params
            .iter()
            .find(|h| FILE_PARAMS.contains(&h.name.as_str()))
        {
            Some(h) => Err(ParamError {
                name: h.name.to_string(),
                reason: ParamProblem::Secure,
            }),
            None => Ok(()),
        }
    }

    /// These parameters (the command line's) over `header`'s: each one given here wins.
    pub fn over(self, header: RunParams) -> RunParams {
        let s = self.select;
        let h = header.select;
        RunParams {
            input: self.input.or(header.input),
            output: self.output.or(header.output),
            variations: self.variations.or(header.variations),
            match_string: self.match_string.or(header.match_string),
            comments: self.comments.or(header.comments),
            no_header: self.no_header.or(header.no_header),
            sort_by_match_count: if s.match_count.is_some() {
                self.sort_by_match_count
            } else {
                header.sort_by_match_count
            },
            select: GameSelect {
                numbers: s.numbers.or(h.numbers),
                player: s.player.or(h.player),
                white: s.white.or(h.white),
                black: s.black.or(h.black),
                event: s.event.or(h.event),
                site: s.site.or(h.site),
                result: s.result.or(h.result),
                years: s.years.or(h.years),
                match_count: s.match_count.or(h.match_count),
            },
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
/// header's ranges are ([`read_range`]).
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

    #[test]
    fn ranges() {
        assert_eq!(range_of("2 10"), Ok((2, 10)));
        assert_eq!(range_of("7"), Ok((7, 7)));
        assert_eq!(range_of("3-7"), Ok((3, 7)));
        assert!(range_of("x").is_err());
        assert!(positive_range("0").is_err());
        assert!(result_of("1-1").is_err());
    }

    #[test]
    fn command_line_wins() {
        let header = RunParams {
            match_string: Some("H".into()),
            variations: Some(true),
            ..RunParams::default()
        };
        let cli = RunParams {
            match_string: Some("C".into()),
            ..RunParams::default()
        };
        let merged = cli.over(header);
        assert_eq!(merged.match_string.as_deref(), Some("C"));
        assert_eq!(merged.variations, Some(true));
    }
}
