//! The query's text from the command line: `-e TEXT` or the query file, with CQL 6.2's
//! command-line filters (`--cql`, written `-cql`, `-fen`, `-wtm`, ... in CQL's spelling) put
//! before the body and its transform options (`--transform`, from `-flip`, `-flipcolor`, ...)
//! wrapped around body and filters, as CQL 6.2's preamble does (`cql -cql "Ra3" q.cql` runs
//! `q.cql`'s header, then `{Ra3}`, then its body).
//!
//! The additions go on the line where the body starts and at the very end, so an error in the
//! query file keeps its line number.

use std::path::{Path, PathBuf};

use super::failure::CliError;

/// `(name, text)` of the query: `-e TEXT` (`<-e>`), else the first positional argument, read
/// (removed from `positional`, which then holds the PGN files). With filters and no `-e`, the
/// first positional argument is the query only when it ends in `.cql` or `.cqls`; without one
/// the filters are the whole query (`<-cql>`).
pub fn query_source(
    expr: Option<&str>,
    filters: &[String],
    transforms: &[String],
    positional: &mut Vec<PathBuf>,
) -> Result<(String, String), CliError> {
    let base = match expr {
        Some(text) => {
            // `cqlq -e mate q.cql games.pgn`: with -e every argument is a PGN file.
            if let Some(q) = positional.iter().find(|p| is_query_file(p)) {
                return Err(CliError::File {
                    path: q.clone(),
                    reason: format!(
                        "looks like a query file, but with -e every argument is a PGN file: \
                         run the file (cqlq {} PGN...) or the text (cqlq -e TEXT PGN...), or \
                         add the text to the file's filters with --cql TEXT",
                        q.display()
                    ),
                });
            }
            Some(("<-e>".to_string(), text.to_string()))
        }
        None => {
            let is_query = |p: &Path| is_query_file(p);
            // `cqlq games.pgn q.cql`: the query comes first.
            if let Some(first) = positional.first()
                && !is_query(first)
                && let Some(q) = positional.iter().skip(1).find(|p| is_query(p))
            {
                return Err(CliError::File {
                    path: first.clone(),
                    reason: format!(
                        "the query comes first, then the PGN files: cqlq {} {}",
                        q.display(),
                        first.display()
                    ),
                });
            }
            // `cqlq games.pgn`: a PGN file where the query belongs.
            if filters.is_empty()
                && let Some(first) = positional.first()
                && first
                    .to_string_lossy()
                    .to_ascii_lowercase()
                    .contains(".pgn")
            {
                return Err(CliError::File {
                    path: first.clone(),
                    reason: format!(
                        "a PGN file where the query belongs: the query comes first \
                         (cqlq QUERY.cql {} or cqlq -e TEXT {})",
                        first.display(),
                        first.display()
                    ),
                });
            }
            if positional.is_empty() && filters.is_empty() {
                return Err(CliError::Usage(
                    "no query given: cqlq QUERY.cql [PGN]... or cqlq -e TEXT [PGN]...".into(),
                ));
            }
            if filters.is_empty() || positional.first().is_some_and(|p| is_query(p)) {
                let path = positional.remove(0);
                let text = std::fs::read_to_string(&path).map_err(|e| CliError::File {
                    path: path.clone(),
                    reason: format!("{e} (give the query file first, then the PGN files)"),
                })?;
                Some((path.display().to_string(), text))
            } else {
                None
            }
        }
    };
    if filters.is_empty() && transforms.is_empty() {
        return Ok(base.unwrap_or_default());
    }
    let (name, text) = base.unwrap_or_else(|| ("<-cql>".to_string(), String::new()));
    if cqlq::query::cqls::is_cqls(&text) {
        return Err(CliError::Usage(format!(
            "-cql, -fen, -wtm, -btm and the transform options add CQL 6 text, but the query \
             {name} is CQL-S: write the filter in the query instead"
        )));
    }
    Ok((name, with_preamble(&text, filters, transforms)))
}

/// Whether `path` names a query file by its extension (`.cql`, `.cqls`).
fn is_query_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("cql") || e.eq_ignore_ascii_case("cqls"))
}

/// `text` with `filters` (each in `{}`) before its body and `transforms` around both. A text
/// that does not parse is returned unchanged, for its own error to be reported.
pub fn with_preamble(text: &str, filters: &[String], transforms: &[String]) -> String {
    let at = if text.trim().is_empty() {
        text.len()
    } else {
        match cqlq::query::cql_to_ast(text) {
            Ok(ast) => ast.body.first().map_or(text.len(), |e| e.span.start),
            // A header alone is not a query, but with the filters it is (`cql() ` + `{mate}`).
            Err(_) => match cqlq::query::cql_to_ast(&format!("{text}\ntrue")) {
                Ok(ast) if ast.body.first().is_some_and(|e| e.span.start > text.len()) => {
                    text.len()
                }
                _ => return text.to_string(),
            },
        }
    };
    let mut out = String::with_capacity(text.len() + 64);
    out.push_str(&text[..at]);
    if at == text.len() && !text.is_empty() {
        // No body: after the header, on a line of its own (the header may end in a comment).
        out.push('\n');
    }
    for t in transforms {
        out.push_str(t);
        out.push_str(" {");
    }
    for f in filters {
        // A `//` comment in the filter must not swallow the closing brace.
        if f.contains('\n') || f.contains("//") {
            out.push_str(&format!("{{{f}\n}} "));
        } else {
            out.push_str(&format!("{{{f}}} "));
        }
    }
    out.push_str(&text[at..]);
    for _ in transforms {
        out.push_str("\n}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_go_before_the_body_on_its_line() {
        let q = "cql(input a.pgn)\n// c\nmate\ncheck";
        let got = with_preamble(q, &["Ra3".into()], &[]);
        assert_eq!(got, "cql(input a.pgn)\n// c\n{Ra3} mate\ncheck");
        let got = with_preamble(q, &["Ra3".into()], &["flipcolor".into()]);
        assert_eq!(
            got,
            "cql(input a.pgn)\n// c\nflipcolor {{Ra3} mate\ncheck\n}"
        );
        assert_eq!(with_preamble("", &["mate".into()], &[]), "{mate} ");
        assert_eq!(
            with_preamble("cql() // x", &["mate".into()], &[]),
            "cql() // x\n{mate} "
        );
        assert_eq!(
            with_preamble("check and", &["mate".into()], &[]),
            "check and"
        );
    }
}
