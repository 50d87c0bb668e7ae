//! CQL 6.2's converters on the command line (its `cql.cpp`: each must be the first argument):
//!
//! | call | does | writes |
//! | --- | --- | --- |
//! | `cqlq -a q.cql` | the Unicode glyphs to ASCII | `q.cql` itself, as CQL 6.2 (through a temporary file renamed over it) |
//! | `cqlq -u q.cql` | ASCII to the glyphs | `q.cql` itself, as CQL 6.2 |
//! | `cqlq -utf8 q.cql [-o out.cql]` | ASCII to the glyphs | standard output, or `out.cql` |
//! | `cqlq -html q.cql` | the query as an HTML page | `q-cql.html` in the current folder, as CQL 6.2 |
//! | `cqlq -echo q.cql` | each character: line, column, offset, code point, bytes, name | standard output |
//! | `cqlq -colorize` | the query read from standard input as an HTML fragment | standard output |
//!
//! cqlq also takes `-o out.cql` after `-a` and `-u` (CQL 6.2 only after `-utf8`) to leave the
//! query as it is. A converted query that parses must parse to the original's tree
//! (`query::convert::same_tree`), or nothing is written and the exit status is 2.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cqlq::query::convert;

use super::TROUBLE;
use super::failure::CliError;

/// Which converter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Converter {
    /// `-a`: glyphs to ASCII, in place.
    Ascii,
    /// `-u`: ASCII to glyphs, in place.
    Unicode,
    /// `-utf8`: ASCII to glyphs, to standard output or `-o`.
    Utf8,
    /// `-html`: `STEM-cql.html`.
    Html,
    /// `-echo`: the characters, one a line.
    Echo,
    /// `-colorize`: standard input to an HTML fragment.
    Colorize,
}

/// A converter call: the converter, its query file and its `-o` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConverterCall {
    /// Which converter.
    pub converter: Converter,
    /// The query file (none for `-colorize`).
    pub file: Option<PathBuf>,
    /// `-o FILE`.
    pub output: Option<PathBuf>,
}

/// The converter `word` (one or two dashes, any case, as CQL 6.2 reads its options) names;
/// with two dashes cqlq's own option of that name wins (`--html FILE`).
fn converter_word(word: &str) -> Option<Converter> {
    if let Some(long) = word.strip_prefix("--") {
        use clap::CommandFactory;
        let own = super::args::Cli::command()
            .get_arguments()
            .any(|a| a.get_long() == Some(long));
        if own {
            return None;
        }
    }
    let bare = word.strip_prefix("--").or_else(|| word.strip_prefix('-'))?;
    Some(match bare.to_ascii_lowercase().as_str() {
        "a" => Converter::Ascii,
        "u" => Converter::Unicode,
        "utf8" => Converter::Utf8,
        "html" => Converter::Html,
        "echo" => Converter::Echo,
        "colorize" => Converter::Colorize,
        _ => return None,
    })
}

/// `args` (the program first) as a converter call; None when its first argument is no
/// converter (or is `-a` not followed by one query file: cqlq's `--append`); an error for a
/// converter with the wrong arguments.
pub fn converter_call(args: &[OsString]) -> Option<Result<ConverterCall, CliError>> {
    let first = args.get(1)?.to_str()?;
    let converter = converter_word(first)?;
    let rest: Vec<String> = args[2..]
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let is_query = |f: &String| f.ends_with(".cql");
    let is_o = |o: &String| matches!(o.as_str(), "-o" | "-output" | "--output");
    let shape = match (converter, rest.as_slice()) {
        (Converter::Colorize, []) => Ok((None, None)),
        (Converter::Colorize, _) => Err(CliError::Usage(format!(
            "'{first}' takes no argument: cqlq -colorize < q.cql"
        ))),
        (Converter::Html | Converter::Echo, [f]) if is_query(f) => Ok((Some(f), None)),
        (Converter::Ascii | Converter::Unicode | Converter::Utf8, [f]) if is_query(f) => {
            Ok((Some(f), None))
        }
        (Converter::Ascii | Converter::Unicode | Converter::Utf8, [f, o, g])
            if is_query(f) && is_o(o) && is_query(g) =>
        {
            Ok((Some(f), Some(g)))
        }
        // `-a` is cqlq's `--append` everywhere else.
        (Converter::Ascii, _) => return None,
        (Converter::Html | Converter::Echo, _) => Err(CliError::Usage(format!(
            "'{first}' takes one query file ending in .cql: cqlq {first} q.cql"
        ))),
        _ => Err(CliError::Usage(format!(
            "'{first}' takes one query file ending in .cql and optionally -o and another: \
             cqlq {first} q.cql [-o out.cql]"
        ))),
    };
    Some(shape.map(|(file, output)| ConverterCall {
        converter,
        file: file.map(PathBuf::from),
        output: output.map(PathBuf::from),
    }))
}

/// Runs the converter call: 0, or 2 with the error on stderr.
pub fn main(call: Result<ConverterCall, CliError>) -> ExitCode {
    match call.and_then(|c| run(&c)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("cqlq: {message}");
            ExitCode::from(TROUBLE)
        }
    }
}

/// The query file's text, or an error naming where it is not UTF-8.
fn read_query(path: Option<&Path>) -> Result<(String, String), CliError> {
    let (name, bytes) = match path {
        Some(p) => (
            p.display().to_string(),
            std::fs::read(p).map_err(|e| CliError::File {
                path: p.to_path_buf(),
                reason: e.to_string(),
            })?,
        ),
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| CliError::Query {
                    name: "standard input".into(),
                    reason: e.to_string(),
                })?;
            ("standard input".to_string(), bytes)
        }
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok((name, text)),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let before = &e.as_bytes()[..at];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&before[line_start..])
                .chars()
                .count()
                + 1;
            Err(CliError::Query {
                name: format!("{name}:{line}:{column}"),
                reason: format!("not UTF-8 (byte offset {at}); a query is UTF-8 text"),
            })
        }
    }
}

/// Checks that `converted` parses to `text`'s tree when `text` parses (a query that does
/// not parse is converted token by token, with a warning).
fn check_same_query(name: &str, text: &str, converted: &str) -> Result<(), CliError> {
    let Ok(original) = cqlq::query::cql_to_ast(text) else {
        eprintln!(
            "cqlq: warning: {name} does not parse as CQL (cqlq --parse {name} says why); \
             its glyphs were converted unchecked"
        );
        return Ok(());
    };
    let reparsed = cqlq::query::cql_to_ast(converted).map_err(|e| CliError::Query {
        name: name.to_string(),
        reason: format!(
            "the converted query does not parse ({} at line {}, column {}); nothing written",
            e.message, e.line, e.column
        ),
    })?;
    convert::same_tree(&original, &reparsed).map_err(|d| CliError::Query {
        name: name.to_string(),
        reason: format!("the converted query is not the same query: {d}; nothing written"),
    })
}

/// Writes `text` to `target` through a temporary file beside it, renamed over it (a link
/// is followed: the file it names is replaced).
fn write_file(target: &Path, text: &str) -> Result<(), CliError> {
    let target = std::fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
    let fail = |e: std::io::Error| CliError::File {
        path: target.clone(),
        reason: e.to_string(),
    };
    let (mut file, temp) = cqlq::output::temp_files::create_beside(&target).map_err(fail)?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all());
    if let Err(e) = written {
        cqlq::output::temp_files::discard(&temp);
        return Err(fail(e));
    }
    cqlq::output::temp_files::rename(&temp, &target).map_err(|e| {
        cqlq::output::temp_files::discard(&temp);
        fail(e)
    })
}

/// Writes to standard output (a closed pipe is not an error).
fn print(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError::Query {
            name: "standard output".into(),
            reason: e.to_string(),
        }),
        _ => Ok(()),
    }
}

/// `STEM-cql.html` in the current folder for the query `path` (CQL 6.2's name).
pub fn html_name(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    PathBuf::from(format!("{stem}-cql.html"))
}

fn run(call: &ConverterCall) -> Result<(), CliError> {
    let (name, text) = read_query(call.file.as_deref())?;
    match call.converter {
        Converter::Ascii | Converter::Unicode | Converter::Utf8 => {
            let (converted, spelling) = if call.converter == Converter::Ascii {
                (convert::to_ascii(&text), "ASCII")
            } else {
                (convert::to_unicode(&text), "Unicode")
            };
            check_same_query(&name, &text, &converted)?;
            let target = match (&call.output, call.converter) {
                (Some(o), _) => o.clone(),
                (None, Converter::Utf8) => {
                    let line_end = if converted.ends_with('\n') { "" } else { "\n" };
                    return print(&format!("{converted}{line_end}"));
                }
                (None, _) => call.file.clone().unwrap_or_default(),
            };
            if call.output.is_none() && converted == text {
                eprintln!("cqlq: {name}: already in {spelling}; left as it was");
                return Ok(());
            }
            write_file(&target, &converted)?;
            eprintln!(
                "cqlq: {name}: converted to {spelling}: {} bytes written to {}",
                converted.len(),
                target.display()
            );
            Ok(())
        }
        Converter::Html => {
            let file = call.file.clone().unwrap_or_default();
            let target = html_name(&file);
            let page = convert::html_page(&text, &name);
            write_file(&target, &page)?;
            eprintln!(
                "cqlq: {name}: {} bytes of HTML written to {}",
                page.len(),
                target.display()
            );
            Ok(())
        }
        Converter::Echo => print(&convert::echo_table(&text)),
        Converter::Colorize => print(&convert::colorize(&text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(line: &str) -> Option<Result<ConverterCall, CliError>> {
        let args: Vec<OsString> = std::iter::once("cqlq")
            .chain(line.split(' '))
            .map(OsString::from)
            .collect();
        converter_call(&args)
    }

    #[test]
    fn converter_calls_as_cql_spells_them() {
        // CQL 6.2's help: "-a x.cql: convert x.cql to ASCII", "-u x.cql: convert x.cql from
        // ASCII to Unicode", "-html x.cql: create x-cql.html".
        let a = call("-a x.cql").unwrap().unwrap();
        assert_eq!(a.converter, Converter::Ascii);
        assert_eq!(a.file.as_deref(), Some(Path::new("x.cql")));
        let u = call("--UTF8 x.cql -o y.cql").unwrap().unwrap();
        assert_eq!(u.converter, Converter::Utf8);
        assert_eq!(u.output.as_deref(), Some(Path::new("y.cql")));
        assert_eq!(call("-colorize").unwrap().unwrap().file, None);
        assert_eq!(html_name(Path::new("dir/x.cql")), Path::new("x-cql.html"));
        // `-a` before anything else is cqlq's --append; the others are named errors.
        assert!(call("-a x.cql -o y.pgn").is_none());
        assert!(call("-a q.cql g.pgn").is_none());
        assert!(call("-html x.pgn").unwrap().is_err());
        assert!(call("-colorize x.cql").unwrap().is_err());
        assert!(call("-i g.pgn -u x.cql").is_none());
        // cqlq's own --html FILE (the matched positions as a page) keeps its meaning.
        assert!(call("--html - -e mate g.pgn").is_none());
        assert!(call("-html x.cql").unwrap().is_ok());
    }
}
