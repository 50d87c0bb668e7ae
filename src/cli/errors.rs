//! The command line's error messages: each names the file (or option) at fault and says
//! what to do about it. Query errors have their own renderer (`QueryError::render`); this
//! module adds the header's parameters to it and advice to the operating system's errors,
//! and decides whether a stream gets colours ([`colours_for`]).

use std::io;
use std::path::Path;

use cqlq::query::HeaderError;

/// A `cql(...)` parameter that cannot be used, shown like a query error: the query file,
/// line and column of the parameter, its line with the parameter underlined, and the
/// reason (which says what to write instead).
pub fn header_param_error(
    error: &HeaderError,
    query_name: &str,
    query_text: &str,
    color: bool,
) -> String {
    error
        .to_query_error(query_text)
        .render_styled(query_name, query_text, color)
}

/// `path`'s read or write failure, with what to do: `PATH: <the error> (<advice>)`.
pub fn io_error_with_advice(path: &Path, error: &io::Error) -> String {
    let advice = cqlq::input::io_advice(error.kind());
    format!("{}: {error} ({advice})", path.display())
}

/// Whether query errors get colours on stderr ([`colours_for`]).
pub fn color_stderr() -> bool {
    colours_for(&io::stderr())
}

/// Whether what is written to `stream` gets colours, as anstream (clap's own) decides: only
/// on a terminal that shows them, never when `NO_COLOR` is set (no-color.org) or
/// `CLICOLOR=0`, always with `CLICOLOR_FORCE`. The one test for the query errors on stderr
/// and `--diagram` on stdout.
pub fn colours_for<S: anstream::stream::RawStream>(stream: &S) -> bool {
    anstream::AutoStream::<S>::choice(stream) != anstream::ColorChoice::Never
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_name_the_file_and_what_to_do() {
        let e = io::Error::from(io::ErrorKind::NotFound);
        let text = io_error_with_advice(Path::new("v.txt"), &e);
        assert!(text.starts_with("v.txt: ") && text.ends_with("(check the path)"));
    }

    #[test]
    fn header_errors_point_at_the_parameter() {
        let text = "cql(input h.pgn gamenumber 0)\ncheck\n";
        let query = cqlq::query::Program::from_text(text, Some(cqlq::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD))
            .expect("the header parses");
        let error =
            cqlq::query::HeaderSettings::read(&query.header).expect_err("gamenumber 0 is refused");
        let shown = header_param_error(&error, "q.cql", text, false);
        // `gamenumber` starts at column 17 of line 1.
        assert!(shown.contains("--> q.cql:1:17\n"), "{shown}");
        assert!(shown.contains("'gamenumber'"), "{shown}");
    }
}
