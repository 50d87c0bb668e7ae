//! The token scan run before parsing: finds the first word or symbol that cqlq does not
//! support (so `line --> check` reports `'line' is not supported by cqlq yet` rather than a
//! syntax error at `-->`), and rejects queries nested too deeply to parse safely.

use pest::Parser;

use super::ast::{Span, Word};
use super::error::{ErrorKind, QueryError};
use super::parse::{CqlParser, Rule};

/// Deepest nesting of brackets and prefix filters (`not`, `#`, transforms, ...) accepted.
pub(crate) const MAX_NESTING: usize = 64;

/// Words the grammar handles itself (filters with arguments, parameters, operators).
pub(crate) const STRUCTURAL_WORDS: &[&str] = &[
    "if",
    "then",
    "else",
    "not",
    "and",
    "or",
    "in",
    "attackedby",
    "attacked",
    "attacks",
    "attack",
    "by",
    "flipcolor",
    "flipdihedral",
    "fliphorizontal",
    "flipvertical",
    "flip",
    "shifthorizontal",
    "shiftvertical",
    "shift",
    "rotate90",
    "reversecolor",
    "notransform",
    "abs",
    "max",
    "min",
    "power",
    "colortype",
    "type",
    "move",
    "legal",
    "pseudolegal",
    "previous",
    "from",
    "to",
    "captures",
    "capture",
    "promote",
    "enpassant",
    "castle",
    "null",
    "count",
    "fen",
    "result",
    "player",
    "elo",
    "event",
    "site",
    "date",
    "cql",
];

/// Every reserved word of CQL 6.2 (build 9.493) and of CQLi, so an unsupported one is named
/// as such rather than taken for a variable.
pub(crate) const CQL_WORDS: &[&str] = &[
    "abs",
    "all",
    "ancestor",
    "and",
    "any",
    "anydirection",
    "arrow",
    "ascii",
    "assert",
    "attack",
    "attacked",
    "attackedby",
    "attacks",
    "atomic",
    "between",
    "black",
    "btm",
    "by",
    "capture",
    "captures",
    "castle",
    "check",
    "child",
    "cql",
    "cql_abort",
    "cql_assertvariations",
    "cql_hhdbhascook",
    "colortype",
    "comment",
    "connectedpawns",
    "consecutivemoves",
    "count",
    "countmoves",
    "currentmove",
    "currentposition",
    "curpos",
    "currenttransform",
    "dark",
    "date",
    "depth",
    "descendant",
    "diagonal",
    "dictionary",
    "dihedral",
    "distance",
    "doubledpawns",
    "down",
    "echo",
    "eco",
    "elo",
    "else",
    "enpassant",
    "enpassantsquare",
    "equal",
    "event",
    "eventdate",
    "extension",
    "false",
    "fen",
    "file",
    "find",
    "firstmatch",
    "flip",
    "flipcolor",
    "flipdihedral",
    "fliphorizontal",
    "flipvertical",
    "focus",
    "from",
    "function",
    "gamenumber",
    "hascomment",
    "hhdb",
    "horizontal",
    "idealmate",
    "idealstalemate",
    "if",
    "in",
    "indexof",
    "initial",
    "initialposition",
    "input",
    "int",
    "isbound",
    "isolatedpawns",
    "isunbound",
    "keepallbest",
    "lastgamenumber",
    "lastposition",
    "lca",
    "left",
    "legal",
    "light",
    "line",
    "local",
    "loop",
    "lowercase",
    "maindiagonal",
    "mainline",
    "makesquare",
    "matchcount",
    "matchstring",
    "mate",
    "max",
    "message",
    "min",
    "modelmate",
    "modelstalemate",
    "move",
    "movenumber",
    "nestban",
    "northeast",
    "northwest",
    "nosort",
    "not",
    "notransform",
    "null",
    "nullmove",
    "offdiagonal",
    "oldline",
    "or",
    "originalcomment",
    "orthogonal",
    "output",
    "parent",
    "passedpawns",
    "path",
    "pathcount",
    "pathcountunfocused",
    "pathdebug",
    "pathlastposition",
    "pathstart",
    "persistent",
    "pgn",
    "piece",
    "pieceid",
    "piecepath",
    "piecename",
    "pin",
    "player",
    "ply",
    "position",
    "positionid",
    "power",
    "previous",
    "primary",
    "promote",
    "pseudolegal",
    "puremate",
    "purestalemate",
    "quiet",
    "rank",
    "ray",
    "readfile",
    "removecomment",
    "result",
    "reversecolor",
    "right",
    "rotate45",
    "rotate90",
    "secondary",
    "settag",
    "shift",
    "shifthorizontal",
    "shiftvertical",
    "sidetomove",
    "silent",
    "similarposition",
    "singlecolor",
    "site",
    "sort",
    "sqrt",
    "southeast",
    "southwest",
    "square",
    "stalemate",
    "str",
    "string",
    "substring",
    "tag",
    "terminal",
    "then",
    "through",
    "title",
    "to",
    "transform",
    "true",
    "try",
    "type",
    "typename",
    "unbind",
    "up",
    "uppercase",
    "variation",
    "variations",
    "verbose",
    "vertical",
    "virtualmainline",
    "while",
    "white",
    "writefile",
    "wtm",
    "xray",
    "year",
    // CQLi
    "imagine",
    "saveposition",
    "currentmutation",
    "legalposition",
    "reachableposition",
    "removetag",
    "commandpipe",
    "zobristkey",
    "currentfen",
    "standardfen",
    "halfmoveclock",
    "promotedpieces",
];

/// Move parameters that CQL also accepts as filters on their own (`castle`, `to`, ...).
pub(crate) const MOVE_WORDS: &[&str] = &[
    "legal",
    "pseudolegal",
    "previous",
    "from",
    "to",
    "captures",
    "capture",
    "promote",
    "enpassant",
    "castle",
    "null",
    "o-o-o",
    "o-o",
];

/// Words that take an argument after them: each adds a level of nesting.
const PREFIX_WORDS: &[&str] = &[
    "not",
    "if",
    "then",
    "else",
    "flipcolor",
    "flipdihedral",
    "fliphorizontal",
    "flipvertical",
    "flip",
    "shifthorizontal",
    "shiftvertical",
    "shift",
    "rotate90",
    "reversecolor",
    "notransform",
    "abs",
    "power",
    "colortype",
    "type",
    "from",
    "to",
    "captures",
    "capture",
    "promote",
];

/// The error for word `w` at `span`, if cqlq does not support it.
pub(crate) fn unsupported_word(source: &str, w: &str, span: Span) -> Option<QueryError> {
    if STRUCTURAL_WORDS.contains(&w) || Word::from_name(w).is_some() {
        return None;
    }
    let message = if CQL_WORDS.contains(&w) {
        format!("'{w}' is not supported by cqlq yet")
    } else {
        format!("unknown word '{w}' (variables and functions are not supported by cqlq yet)")
    };
    Some(QueryError::new(
        ErrorKind::Unsupported,
        source,
        span,
        message,
    ))
}

/// The error for symbol `s`, if it belongs to a CQL construct cqlq does not support.
fn unsupported_symbol(s: &str) -> Option<String> {
    let what = match s {
        "-->" | "<--" => "the line filter ('-->', '<--')",
        "--" | "―" | "[x]" | "×" => "the move filter '--' (use 'move from X to Y')",
        ":" => "':' (evaluating a filter at another position)",
        "=" | "+=" | "-=" | "*=" | "/=" | "%=" => "assignment ('=')",
        "⊢" => "'⊢' (path)",
        "◎" => "'◎' (focus)",
        "∀" => "'∀' (square all)",
        "∙" => "'∙' (currentposition)",
        "\\" => "regular expression captures ('\\0')",
        "[<]" | "[<=]" | "[>]" | "[>=]" | "≺" | "≻" | "≼" | "≽" => {
            "comparing positions ('[<]', '≺')"
        }
        "///" => "the comment filter '///'",
        _ => return None,
    };
    Some(format!("{what} is not supported by cqlq yet"))
}

/// What the scan found.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    /// The first unsupported word or symbol, as the error to report.
    pub unsupported: Option<QueryError>,
    /// Set when the query nests deeper than [`MAX_NESTING`].
    pub too_deep: Option<QueryError>,
}

/// Scans `source` token by token.
pub(crate) fn scan(source: &str) -> Scan {
    let mut out = Scan::default();
    let Ok(mut pairs) = CqlParser::parse(Rule::scan, source) else {
        return out;
    };
    let Some(top) = pairs.next() else {
        return out;
    };
    // Nesting: `base` is the depth at the innermost open bracket, `run` counts the prefix
    // filters since the last complete operand.
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let (mut base, mut run) = (0usize, 0usize);
    for tok in top.into_inner() {
        let text = tok.as_str();
        let span = Span::new(tok.as_span().start(), tok.as_span().end());
        match tok.as_rule() {
            Rule::scan_word => {
                if out.unsupported.is_none() {
                    out.unsupported = unsupported_word(source, text, span);
                }
                if PREFIX_WORDS.contains(&text) {
                    run += 1;
                } else {
                    run = 0;
                }
            }
            Rule::scan_symbol => {
                if out.unsupported.is_none()
                    && let Some(m) = unsupported_symbol(text)
                {
                    out.unsupported =
                        Some(QueryError::new(ErrorKind::Unsupported, source, span, m));
                }
                match text {
                    "(" | "{" | "[" => {
                        stack.push((base, run));
                        base += run + 1;
                        run = 0;
                    }
                    ")" | "}" | "]" => {
                        if let Some((b, _)) = stack.pop() {
                            base = b;
                        }
                        run = 0;
                    }
                    "#" | "~" | "-" | "⬓" | "✵" => run += 1,
                    _ => {}
                }
            }
            _ => run = 0,
        }
        if base + run > MAX_NESTING && out.too_deep.is_none() {
            out.too_deep = Some(QueryError::new(
                ErrorKind::TooComplex,
                source,
                span,
                format!("the query nests more than {MAX_NESTING} levels deep"),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(q: &str) -> Option<String> {
        scan(q).unsupported.map(|e| e.message)
    }

    #[test]
    fn finds_the_first_unsupported_token() {
        assert_eq!(first("check mate"), None);
        assert_eq!(first("cql(input x.pgn quiet) check"), None);
        assert_eq!(first("\"line\" // find\n /* echo */ Ra1"), None);
        assert!(first("check line --> mate").unwrap().contains("'line'"));
        assert!(first("mate x = 3").unwrap().contains("'x'"));
        assert!(first("check e2--e4").unwrap().contains("'--'"));
        assert!(first("wtm : check").unwrap().contains("':'"));
    }

    #[test]
    fn measures_nesting() {
        let deep = format!(
            "{}check{}",
            "{".repeat(MAX_NESTING + 1),
            "}".repeat(MAX_NESTING + 1)
        );
        assert!(scan(&deep).too_deep.is_some());
        let wide = "(check) ".repeat(1000);
        assert!(scan(&wide).too_deep.is_none());
        let prefixes = format!("{}check", "not flipcolor ".repeat(MAX_NESTING));
        assert!(scan(&prefixes).too_deep.is_some());
    }
}
