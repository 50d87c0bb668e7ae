//! The library's entry point for programs (the Python package in `python/`): a query compiled
//! once ([`CompiledQuery`]), searched over files or PGN text in memory with the command
//! line's options ([`SearchOptions`]), each matched position delivered as the line
//! `cqlq --json` writes for it ([`search`]), or the matched games counted as `cqlq --count`
//! counts them ([`count`]). Both run [`crate::run::run`] itself, so the answers are the
//! command line's, byte for byte; messages about bad games go to stderr, as the command
//! line's do. [`RunQuery`] is the one way both the command line and [`CompiledQuery`] lower a
//! query for a run and configure the run from it.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::input::Input;
use crate::output::{Format, PgnStyle};
use crate::query::{Dialect, ErrorKind, HeaderSettings, Program, Query, QueryError};
use crate::rules::families::{AnyRules, resolve_any};
use crate::run::fairy::{FairyQuery, Refusal};
use crate::run::params::RunParams;
use crate::run::{RunConfig, Summary};
use crate::squares::Geometry;

/// The name a query compiled from text has in its messages (the command line's `-e` is `<-e>`).
pub const QUERY_NAME: &str = "<query>";

/// A query parsed and checked once and lowered for standard chess, as both the command line
/// and [`CompiledQuery`] run it: when it suits only fairy boards (squares past h8, `[=C]`),
/// its 8x8 filter is `false` and standard games are skipped, told once per run.
pub struct RunQuery {
    /// The query parsed and checked, lowered again per fairy board met.
    pub program: Arc<Program>,
    /// The query's name in messages (its file, `<-e>`, [`QUERY_NAME`]).
    pub name: String,
    /// The header and the 8x8 filter.
    pub query: Query<shakmaty::Bitboard>,
    /// Why standard games are skipped, when they are.
    pub standard_refusal: Option<String>,
}

impl RunQuery {
    /// `program` lowered for standard chess; the lowering's error when no board suits it.
    pub fn new(program: Arc<Program>, name: &str) -> Result<RunQuery, QueryError> {
        let (query, standard_refusal) = match program.lower(Geometry::STANDARD) {
            Ok(query) => (query, None),
            // Squares past h8 (`Ri1`) or fairy pieces (`[=C]`) suit only some fairy boards:
            // standard and online games are skipped, told once; fairy games are searched
            // where their variant's board has what the query names.
            Err(e) => match FairyQuery::new(program.clone(), name.into()).runs_on_some_board() {
                Some(header) => {
                    let refusal = format!(
                        "the query cannot run on standard chess games (8x8 board); they are skipped:\n{}",
                        e.render(name, program.text())
                    );
                    let query = Query {
                        header,
                        filter: crate::ir::Node::False,
                    };
                    (query, Some(refusal))
                }
                None => return Err(e),
            },
        };
        Ok(RunQuery {
            program,
            name: name.to_string(),
            query,
            standard_refusal,
        })
    }

    /// A run of the query over `inputs` in `format` with the run parameters `params` and
    /// the environment `env`: the values they give (the filter, the fairy boards' program,
    /// the PGN style, the game selection); every other value is a program's (no progress,
    /// no output file, no variant options, no limit), which the command line sets from its
    /// options.
    pub fn run_config(
        &self,
        params: RunParams,
        inputs: Vec<Input>,
        format: Format,
        env: crate::eval::Environment,
    ) -> RunConfig {
        RunConfig {
            filter: self.query.filter.clone(),
            inputs,
            format,
            style: PgnStyle {
                game_number_header: params.no_header != Some(true),
                match_comment: params.match_string.clone().unwrap_or_else(|| "CQL".into()),
                comments: params.comments.unwrap_or_default(),
            },
            variations: params.variations.unwrap_or(false),
            progress: false,
            terminal_stdout: false,
            default_variant: None,
            fairy_defs: crate::rules::fairy::VariantBook::with_bundled(Vec::new()),
            default_fairy: None,
            fairy_query: FairyQuery::new(self.program.clone(), self.name.clone()),
            standard_refusal: self.standard_refusal.clone().map(Refusal::new),
            games: params.select,
            sort_by_match_count: params.sort_by_match_count,
            rules_chess: None,
            last_game_number: Default::default(),
            limit: None,
            split: None,
            show_matches: false,
            limits: Default::default(),
            shard: Default::default(),
            counts_positions: true,
            env,
            stop: None,
            index: None,
        }
    }
}

/// A query parsed, checked and lowered for standard chess once, searched any number of times
/// (from any thread).
pub struct CompiledQuery {
    /// The query as a run takes it.
    run_query: RunQuery,
    /// The header's run parameters (`cql(variations ...)`), under the options given.
    header_params: RunParams,
}

impl CompiledQuery {
    /// Compiles `text` as `cqlq -e TEXT` does (`dialect` None: told from the text, as
    /// `--dialect` absent; `secure`: `--secure`). The error is the command line's;
    /// [`QueryError::render`] with the name [`QUERY_NAME`] draws it.
    pub fn new(text: &str, dialect: Option<Dialect>, secure: bool) -> Result<Self, QueryError> {
        let program = Arc::new(Program::from_text(text, dialect, secure)?);
        let run_query = RunQuery::new(program, QUERY_NAME)?;
        let query = &run_query.query;
        let header_params = HeaderSettings::read(&query.header)
            .map(RunParams::from)
            .map_err(|e| e.to_query_error(text))?;
        Ok(CompiledQuery {
            run_query,
            header_params,
        })
    }

    /// The query's text, as given.
    pub fn text(&self) -> &str {
        self.run_query.program.text()
    }
}

/// The command line's search options a program may give (named as the options are).
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    /// `--variations` (true) or `--mainline` (false); None: the header decides (main line).
    pub variations: Option<bool>,
    /// `--threads N`; None: one per core.
    pub threads: Option<usize>,
    /// `--variant NAME`: the rules of games without a `[Variant]` tag.
    pub variant: Option<String>,
    /// `--limit N`: stop after N matched games.
    pub limit: Option<u64>,
    /// `--engine PATH`: the UCI engine of CQL-S's `:evaluation`.
    pub engine: Option<PathBuf>,
    /// Set from another thread to stop the search after the batch being searched.
    pub stop: Option<Arc<AtomicBool>>,
    /// `--no-index`: search every game, without the index (`PGN.cqlqi`, made by `cqlq
    /// index`) a file may have; by default a file's matching index is used as the command
    /// line uses it, and why one is not used goes to stderr.
    pub no_index: bool,
}

/// Why a search could not start or finish.
#[derive(Debug)]
pub enum SearchError {
    /// The query needs what the options do not give (an engine): drawn as a query error.
    Query(QueryError),
    /// An option's value is wrong: the option's name and why.
    Option {
        /// The option, as the command line names it (`variant`).
        name: &'static str,
        /// What is wrong and what to do.
        message: String,
    },
    /// The inputs could not be listed (a folder that cannot be read), or the receiver of
    /// the matches failed.
    Io(io::Error),
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchError::Query(e) => {
                write!(f, "{QUERY_NAME}:{}:{}: {}", e.line, e.column, e.message)
            }
            SearchError::Option { name, message } => write!(f, "{name}: {message}"),
            SearchError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SearchError {}

/// The inputs of `paths` as the command line reads its arguments (a folder: its game files,
/// sorted by name; `-`: standard input).
pub fn inputs_of_paths(paths: &[PathBuf]) -> Result<Vec<Input>, SearchError> {
    crate::input::inputs_from_args(paths).map_err(|e| SearchError::Io(io::Error::other(e)))
}

/// Searches `inputs` (none: the header's input) and calls `on_match` with each matched
/// position's JSON object, the line `cqlq --json` writes (without its line break), in the
/// command line's order. An error from `on_match` stops the search and is returned.
pub fn search(
    query: &CompiledQuery,
    inputs: Vec<Input>,
    options: &SearchOptions,
    on_match: &mut (dyn FnMut(&str) -> io::Result<()> + Send),
) -> Result<Summary, SearchError> {
    let config = with_indexes(run_config(query, inputs, options, Format::Json)?, options);
    let mut lines = Lines {
        pending: Vec::new(),
        on_match,
    };
    in_pool(options.threads, || crate::run::run(&config, &mut lines))
        .and_then(|run| run)
        .map_err(SearchError::Io)
}

/// Searches `inputs` as `cqlq --count` does: the summary, whose `matched_games` is the count
/// printed.
pub fn count(
    query: &CompiledQuery,
    inputs: Vec<Input>,
    options: &SearchOptions,
) -> Result<Summary, SearchError> {
    let mut config = run_config(query, inputs, options, Format::Count)?;
    // No summary line: a game is not evaluated past its first match (`cqlq --count -q`).
    config.counts_positions = false;
    let config = with_indexes(config, options);
    in_pool(options.threads, || {
        crate::run::run(&config, &mut io::sink())
    })
    .and_then(|run| run)
    .map_err(SearchError::Io)
}

/// Runs `work` in a pool of `threads` workers (None: one per core), as the command line's
/// `--threads` sizes rayon's pool.
fn in_pool<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> Result<T, io::Error> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, |n| n.max(1)))
        .build()
        .map_err(|e| io::Error::other(format!("cannot start the worker threads: {e}")))?;
    Ok(pool.install(work))
}

/// The run of `query` over `inputs` in `format`, as `cqlq` configures it for these options
/// (no progress bar, no output file, main line unless asked or the header says otherwise).
fn run_config(
    query: &CompiledQuery,
    mut inputs: Vec<Input>,
    options: &SearchOptions,
    format: Format,
) -> Result<RunConfig, SearchError> {
    if let Some(p) = query.run_query.query.header.get("engine")
        && options.engine.is_none()
    {
        return Err(SearchError::Query(QueryError::new(
            ErrorKind::Invalid,
            query.text(),
            p.span,
            "this keyword needs a UCI chess engine: give engine=PATH (e.g. /usr/games/stockfish)",
        )));
    }
    let params = RunParams {
        variations: options.variations,
        ..RunParams::default()
    }
    .over(query.header_params.clone());
    // A program receives the matches; a file named by the query would be written by nobody,
    // so the header's `output` is refused rather than ignored.
    if let Some(path) = &params.output {
        return Err(SearchError::Option {
            name: "output",
            message: format!(
                "the query's cql(output {}) names a file, but a program receives the matches \
                 itself: remove the header's output (or run the cqlq command)",
                path.display()
            ),
        });
    }
    if inputs.is_empty()
        && let Some(path) = &params.input
    {
        inputs = inputs_of_paths(std::slice::from_ref(path))?;
    }
    let fairy_defs = crate::rules::fairy::VariantBook::with_bundled(Vec::new());
    let (default_variant, default_fairy) = match &options.variant {
        None => (None, None),
        Some(name) => match resolve_any(name, &fairy_defs) {
            Ok(AnyRules::Known(rules)) => (Some(rules), None),
            Ok(AnyRules::Fairy(v)) => (None, Some(v)),
            Err(e) => {
                return Err(SearchError::Option {
                    name: "variant",
                    message: format!(
                        "{e} (README 'Chess variants' and docs/fairy.md list the names)"
                    ),
                });
            }
        },
    };
    let env = crate::eval::Environment {
        engine: options.engine.clone(),
        files: crate::run::file_access(false, &inputs, None),
        syzygy: None,
    };
    Ok(RunConfig {
        default_variant,
        fairy_defs,
        default_fairy,
        limit: options.limit,
        stop: options.stop.clone(),
        ..query.run_query.run_config(params, inputs, format, env)
    })
}

/// `config` with the indexes beside its input files (`RunConfig::use_indexes`), unless
/// `options` say `no_index`.
fn with_indexes(mut config: RunConfig, options: &SearchOptions) -> RunConfig {
    if !options.no_index {
        config.use_indexes();
    }
    config
}

/// The run's output cut into lines, each handed to the receiver without its line break.
struct Lines<'a> {
    /// The start of a line not yet ended.
    pending: Vec<u8>,
    /// Where each line goes.
    on_match: &'a mut (dyn FnMut(&str) -> io::Result<()> + Send),
}

impl io::Write for Lines<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        let Some(last_break) = memchr::memrchr(b'\n', &self.pending) else {
            return Ok(bytes.len());
        };
        let rest = self.pending.split_off(last_break + 1);
        let complete = std::mem::replace(&mut self.pending, rest);
        // The JSON writer writes UTF-8 (serde_json escapes nothing else).
        let text = String::from_utf8_lossy(&complete);
        for line in text.lines() {
            (self.on_match)(line)?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_input(pgn: &str) -> Vec<Input> {
        vec![Input::Text {
            name: "<text>".into(),
            pgn: Arc::from(pgn.as_bytes()),
        }]
    }

    const TWO_GAMES: &str = "[Event \"a\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
                             [Event \"b\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

    /// A program receives the matches itself: a query whose header names an output file is
    /// refused by name, never run with the file silently left unwritten.
    #[test]
    fn a_header_output_file_is_refused() {
        let query = CompiledQuery::new("cql(output x.pgn) mate", None, false).expect("compiles");
        let result = search(
            &query,
            text_input(TWO_GAMES),
            &SearchOptions::default(),
            &mut |_| Ok(()),
        );
        match result {
            Err(SearchError::Option { name, .. }) => assert_eq!(name, "output"),
            other => panic!(
                "expected the output to be refused, got {:?}",
                other.map(|_| ())
            ),
        }
    }

    /// Fool's mate (ply 4, `Qh4#`, `d8h4`) and the scholar's mate (ply 7, `Qxf7#`,
    /// `h5f7`): both games end in mate, so `mate` matches once in each.
    #[test]
    fn search_delivers_the_json_line_of_each_match_from_text() {
        let query = CompiledQuery::new("mate", None, false).expect("compiles");
        let mut lines = Vec::new();
        let summary = search(
            &query,
            text_input(TWO_GAMES),
            &SearchOptions::default(),
            &mut |line| {
                lines.push(serde_json::from_str::<serde_json::Value>(line).expect("JSON"));
                Ok(())
            },
        )
        .expect("runs");
        assert_eq!(summary.matched_games, 2);
        assert_eq!(lines.len(), 2);
        assert_eq!(
            (&lines[0]["game"], &lines[0]["ply"]),
            (&1.into(), &4.into())
        );
        assert_eq!(
            (&lines[0]["san"], &lines[0]["uci"]),
            (&"Qh4#".into(), &"d8h4".into())
        );
        assert_eq!(
            (&lines[1]["game"], &lines[1]["ply"]),
            (&2.into(), &7.into())
        );
        assert_eq!(lines[1]["uci"], "h5f7");
        let counted = count(&query, text_input(TWO_GAMES), &SearchOptions::default());
        assert_eq!(counted.expect("runs").matched_games, 2);
    }

    /// `limit=1` stops at the first matched game; a receiver's error stops the search and
    /// is returned; a stop already set searches nothing.
    #[test]
    fn limit_errors_and_stop_end_the_search() {
        let query = CompiledQuery::new("mate", None, false).expect("compiles");
        let options = SearchOptions {
            limit: Some(1),
            ..SearchOptions::default()
        };
        let mut n = 0;
        search(&query, text_input(TWO_GAMES), &options, &mut |_| {
            n += 1;
            Ok(())
        })
        .expect("runs");
        assert_eq!(n, 1);
        let failed = search(
            &query,
            text_input(TWO_GAMES),
            &SearchOptions::default(),
            &mut |_| Err(io::Error::from(io::ErrorKind::BrokenPipe)),
        );
        assert!(matches!(failed, Err(SearchError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe));
        let stopped = SearchOptions {
            stop: Some(Arc::new(AtomicBool::new(true))),
            ..SearchOptions::default()
        };
        let summary = count(&query, text_input(TWO_GAMES), &stopped).expect("runs");
        assert_eq!(summary.games, 0);
    }

    /// The command line's errors: a misspelt word at line 1, column 1; an unknown variant
    /// named with its option; a header parameter pointed at.
    #[test]
    fn errors_name_their_place() {
        let Err(e) = CompiledQuery::new("mat", None, false) else {
            panic!("`mat` is not a filter");
        };
        assert_eq!((e.line, e.column), (1, 1));
        let Err(e) = CompiledQuery::new("cql(gamenumber 0)\ncheck", None, false) else {
            panic!("gamenumber 0 is refused");
        };
        assert_eq!((e.line, e.column), (1, 5));
        let query = CompiledQuery::new("mate", None, false).expect("compiles");
        let options = SearchOptions {
            variant: Some("no-such-variant".into()),
            ..SearchOptions::default()
        };
        let refused = count(&query, text_input(TWO_GAMES), &options);
        assert!(matches!(
            refused,
            Err(SearchError::Option {
                name: "variant",
                ..
            })
        ));
    }

    /// A file's index is used as the command line uses it: an index of `TWO_GAMES` made by
    /// the library's builder, then doctored to say game 1 (the fool's mate) has no mate,
    /// makes `count` skip it (the search believes a matching index), while `no_index`
    /// finds both mates.
    #[test]
    fn a_files_index_is_used_unless_told_not_to() {
        use crate::index::format::{IndexWriter, decode, encode};
        let folder = tempfile::tempdir().expect("a temporary folder");
        let pgn = folder.path().join("g.pgn");
        std::fs::write(&pgn, TWO_GAMES).unwrap();
        let index = crate::index::index_path_for(&pgn);
        let source = crate::index::SourceId::of_file(&pgn).unwrap();
        let mut writer = IndexWriter::new(std::fs::File::create(&index).unwrap(), &source).unwrap();
        crate::index::build::index_bytes(TWO_GAMES.as_bytes(), None, &mut |_| {}, &mut writer)
            .unwrap();
        writer.finish().unwrap();
        let mut doctored = decode(&std::fs::read(&index).unwrap()).unwrap();
        doctored.games[0].summary.flags &= !crate::index::summary::MATE;
        std::fs::write(&index, encode(&doctored)).unwrap();
        let query = CompiledQuery::new("mate", None, false).expect("compiles");
        let inputs = || inputs_of_paths(std::slice::from_ref(&pgn)).unwrap();
        let used = count(&query, inputs(), &SearchOptions::default()).unwrap();
        assert_eq!(used.matched_games, 1);
        let options = SearchOptions {
            no_index: true,
            ..SearchOptions::default()
        };
        assert_eq!(count(&query, inputs(), &options).unwrap().matched_games, 2);
    }
}
