//! `cqlq [OPTIONS] QUERY [PGN...]`: the search command, as named steps: the query's text
//! ([`query_text`]), compiled ([`compile_query`]), the engine it needs ([`engine_for`]), the
//! run parameters (header and command line, [`run_params`]), inputs and output
//! ([`inputs_of`], [`output_path`]), the run's configuration ([`run_config`]), the run
//! ([`run_to_output`]) and the summary and exit status ([`report`]).

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use cqlq::api::RunQuery;
use cqlq::input::Input;
use cqlq::output::Format;
use cqlq::output::files::OutputWriter;
use cqlq::output::progress;
use cqlq::query::{Dialect, HeaderSettings, Query};
use cqlq::run::fairy::FairyQuery;
use cqlq::run::params::RunParams;
use cqlq::run::{RunConfig, Summary, run};
use cqlq::squares::Geometry;

use super::TROUBLE;
use super::args::Cli;
use super::errors::{color_stderr, header_param_error};
use super::failure::CliError;
use super::output_file::{output_file, refuse_overwriting_input, run_to_file};
use super::search_options::{input_limits, output_format, run_params_of, shard_place, split_spec};
use super::{man_and_completions, persistent, query_source, stdout_closed, variants};

/// Why a step ends the command early: an exit status (the diagnostic already printed), or an
/// error that `main` prints as `cqlq: MESSAGE` with exit status 2.
enum Stop {
    /// Exit with this status.
    Exit(u8),
    /// Print the error, exit 2.
    Error(CliError),
}

impl From<CliError> for Stop {
    fn from(error: CliError) -> Stop {
        Stop::Error(error)
    }
}

/// Runs the search command: the exit status, or the error to print (exit 2).
pub fn search(cli: Cli) -> Result<u8, CliError> {
    match search_steps(cli) {
        Ok(code) | Err(Stop::Exit(code)) => Ok(code),
        Err(Stop::Error(error)) => Err(error),
    }
}

/// The steps of [`search`], in the order their messages appear.
fn search_steps(cli: Cli) -> Result<u8, Stop> {
    let started = Instant::now();
    if man_and_completions::print_requested(&cli) {
        return Ok(0);
    }
    let mut positional = cli.args.clone();
    let (query_name, query_text) = query_text(&cli, &mut positional)?;
    if cli.parse {
        return Ok(parse_only(&query_name, &query_text, cli.dialect.as_deref()));
    }
    let compiled = compile_query(&cli, &query_name, &query_text)?;
    let engine = engine_for(&cli, &compiled.query, &query_name, &query_text)?;
    let syzygy = syzygy_for(&cli, &compiled.query, &query_name, &query_text)?;
    let params = run_params(&cli, &compiled.query, &query_name, &query_text)?;
    let inputs = inputs_of(&positional, params.input.clone())?;
    let output = output_path(&cli, params.output.clone(), &inputs)?;
    let format = output_format(&cli, output.is_none());
    let mut config = run_config(&cli, compiled, params, engine, inputs, &output, format)?;
    config.env.syzygy = syzygy;
    if !cli.no_index {
        config.use_indexes();
    }
    super::threads::start_pool(cli.threads)?;
    let summary = run_to_output(&cli, &config, output.as_deref())?;
    report(&cli, &summary, (format, output.is_some()), started)
}

/// CQL 6.2's query when none is given but an input is: `cqldefault.cql`, which its lexer
/// reads as this text without opening a file.
const CQL_DEFAULT: &str = "cql().";

/// The query's name and text (`-e TEXT` or the query file, with CQL 6.2's command-line
/// filters), refused when over `--max-query-bytes`; the query file is taken out of
/// `positional`.
fn query_text(cli: &Cli, positional: &mut Vec<PathBuf>) -> Result<(String, String), CliError> {
    // CQL 6.2 (cql.cpp): no query file, no `-cql` filters, but an input named: the query is
    // `cqldefault.cql`, whose text is `cql().` (lexer.cpp), every position of every game.
    if cli.expr.is_none() && positional.is_empty() && cli.cql.is_empty() && cli.input.is_some() {
        let text = query_source::with_preamble(CQL_DEFAULT, &[], &cli.transform);
        return Ok(("cqldefault.cql".to_string(), text));
    }
    let (query_name, query_text) =
        query_source::query_source(cli.expr.as_deref(), &cli.cql, &cli.transform, positional)?;
    let max_query = match &cli.max_query_bytes {
        Some(text) => cqlq::input::limits::parse_size(text).map_err(|e| CliError::Option {
            option: "max-query-bytes",
            reason: e.to_string(),
        })?,
        None => cqlq::input::limits::DEFAULT_MAX_QUERY_BYTES,
    };
    if query_text.len() as u64 > max_query {
        return Err(CliError::QueryTooLong {
            name: query_name,
            length: cqlq::input::limits::show_bytes(query_text.len() as u64),
            limit: cqlq::input::limits::show_bytes(max_query),
        });
    }
    Ok((query_name, query_text))
}

/// Parses and checks the query once, then lowers it for standard chess (`api::RunQuery`,
/// as a program's query); an error is drawn on stderr (exit 2).
fn compile_query(cli: &Cli, query_name: &str, query_text: &str) -> Result<RunQuery, Stop> {
    let dialect = match cli.dialect.as_deref() {
        Some("cqls") => Some(Dialect::Cqls),
        Some(_) => Some(Dialect::Cql),
        None => None,
    };
    // The query is parsed and checked once, then lowered per board geometry met.
    let program = match cqlq::query::Program::from_text(query_text, dialect, cli.secure) {
        Ok(p) => Arc::new(p),
        Err(e) => {
            eprint!(
                "{}",
                e.render_styled(query_name, query_text, color_stderr())
            );
            return Err(Stop::Exit(TROUBLE));
        }
    };
    RunQuery::new(program, query_name).map_err(|e| {
        eprint!(
            "{}",
            e.render_styled(query_name, query_text, color_stderr())
        );
        Stop::Exit(TROUBLE)
    })
}

/// CQL-S's engine keywords need `--engine`: checked (and the engine started once) before
/// any game is read. The engine's path, when the query uses one.
fn engine_for(
    cli: &Cli,
    query: &Query<shakmaty::Bitboard>,
    query_name: &str,
    query_text: &str,
) -> Result<Option<PathBuf>, Stop> {
    let needs = "this keyword needs a UCI chess engine: pass --engine PATH (e.g. \
                 --engine /usr/games/stockfish)";
    let Some(path) = needed_path(&cli.engine, "engine", needs, query, query_name, query_text)?
    else {
        return Ok(None);
    };
    cqlq::eval::engine::Engine::start(path).map_err(|e| CliError::Option {
        option: "engine",
        reason: format!("{e} (give the path of a UCI engine, e.g. stockfish)"),
    })?;
    Ok(Some(path.clone()))
}

/// The Syzygy tables' folder a query with `:endgameevaluation` needs (`--syzygy DIR`): the
/// query refused (exit 2) without one, the run refused when the folder holds no table.
fn syzygy_for(
    cli: &Cli,
    query: &Query<shakmaty::Bitboard>,
    query_name: &str,
    query_text: &str,
) -> Result<Option<PathBuf>, Stop> {
    let needs = "this keyword needs Syzygy endgame tables: pass --syzygy DIR (a folder of \
                 .rtbw files)";
    let Some(dir) = needed_path(&cli.syzygy, "syzygy", needs, query, query_name, query_text)?
    else {
        return Ok(None);
    };
    cqlq::eval::tablebase::Tables::open(dir).map_err(|error| CliError::OptionPath {
        option: "syzygy",
        path: dir.clone(),
        error,
    })?;
    Ok(Some(dir.clone()))
}

/// The path an option gives for what the query's `header` entry `key` needs: None when the
/// query does not need it; the query error `needs` drawn under the keyword (exit 2) when the
/// option is missing.
fn needed_path<'a>(
    given: &'a Option<PathBuf>,
    key: &str,
    needs: &str,
    query: &Query<shakmaty::Bitboard>,
    query_name: &str,
    query_text: &str,
) -> Result<Option<&'a PathBuf>, Stop> {
    let Some(p) = query.header.get(key) else {
        return Ok(None);
    };
    let Some(path) = given else {
        eprint!(
            "{}",
            // Not `Unsupported`: its advice ("check its spelling") is wrong here.
            cqlq::query::QueryError::new(
                cqlq::query::ErrorKind::Invalid,
                query_text,
                p.span,
                needs
            )
            .render_styled(query_name, query_text, color_stderr())
        );
        return Err(Stop::Exit(TROUBLE));
    };
    Ok(Some(path))
}

/// The header's parameters with the command line's over them (the command line wins); a
/// header parameter that cannot be used (or, under `--secure`, one naming a file) is drawn
/// on stderr (exit 2).
fn run_params(
    cli: &Cli,
    query: &Query<shakmaty::Bitboard>,
    query_name: &str,
    query_text: &str,
) -> Result<RunParams, Stop> {
    let secure = match cli.secure {
        true => HeaderSettings::refuse_file_params(&query.header),
        false => Ok(()),
    };
    let header = match secure.and_then(|()| HeaderSettings::read(&query.header)) {
        Ok(h) => RunParams::from(h),
        Err(e) => {
            eprint!(
                "{}",
                header_param_error(&e, query_name, query_text, color_stderr())
            );
            return Err(Stop::Exit(TROUBLE));
        }
    };
    Ok(run_params_of(cli)?.over(header))
}

/// The inputs: files, `-` (standard input) and folders (their game files, sorted by name);
/// none given: the header's input, else standard input.
fn inputs_of(
    positional: &[PathBuf],
    header_input: Option<PathBuf>,
) -> Result<Vec<Input>, CliError> {
    let mut inputs: Vec<Input> = cqlq::input::inputs_from_args(positional)?;
    if positional.is_empty() {
        inputs = match header_input {
            Some(path) => cqlq::input::inputs_from_args(&[path])?,
            None => vec![Input::Stdin],
        };
    }
    Ok(inputs)
}

/// The output file (None: standard output): `-o`, else the header's output; `-o -` is
/// standard output; `--html FILE` names the page's file (`--html -`: standard output, as
/// `-o -`). Refuses to write over an input, or to a standard output that was closed at start.
fn output_path(
    cli: &Cli,
    header_output: Option<PathBuf>,
    inputs: &[Input],
) -> Result<Option<PathBuf>, CliError> {
    // `-o -` (CQLi's `-o stdout`, CQL's -guipgnstdout): stdout, over the header's output.
    let output = match cli.output.clone() {
        Some(p) if p.as_os_str() == "-" => None,
        given => given.or(header_output),
    };
    // `--html FILE` names the page's file (written like -o's: temporary file renamed).
    let output = match cli.html.clone() {
        Some(p) if p.as_os_str() == "-" => None,
        Some(page) => Some(page),
        None => output,
    };
    if let Some(out) = &output
        && cli.split_by.is_none()
    {
        refuse_overwriting_input(out, inputs)?;
    }
    if output.is_none() && stdout_closed::was_closed() {
        return Err(CliError::StdoutClosed);
    }
    Ok(output)
}

/// What the run needs: the filter, inputs, format, rules and limits, and what the filters
/// read beyond the game (`readfile`/`writefile` rules, the engine).
fn run_config(
    cli: &Cli,
    compiled: RunQuery,
    params: RunParams,
    engine: Option<PathBuf>,
    inputs: Vec<Input>,
    output: &Option<PathBuf>,
    format: Format,
) -> Result<RunConfig, CliError> {
    // What the filters read beyond the game: `readfile`/`writefile` rules (--secure refuses
    // them when the query is lowered, by the program) and the engine.
    let mut env = cqlq::eval::Environment {
        engine,
        ..Default::default()
    };
    // `writefile` never writes an input file.
    env.files = cqlq::run::file_access(
        cli.secure,
        &inputs,
        match cli.split_by {
            None => output.clone(),
            Some(_) => None,
        },
    );
    let file_access_inputs = env.files.inputs.clone();
    let mut fairy_defs = variants::variant_definitions(&cli.variants)?;
    let rules_chess = match &cli.rules {
        Some(text) => Some(variants::with_fbr_rules(text, &mut fairy_defs)?),
        None => None,
    };
    let (default_variant, default_fairy) =
        variants::forced_variant(cli.variant.as_deref(), &fairy_defs)?;
    Ok(RunConfig {
        shard: shard_place(cli, &inputs)?,
        progress: !cli.no_progress && !cli.no_summary,
        terminal_stdout: output.is_none() && io::IsTerminal::is_terminal(&io::stdout()),
        default_variant,
        fairy_defs,
        default_fairy,
        rules_chess,
        limit: cli.limit,
        split: split_spec(cli, output.as_deref(), format, &file_access_inputs)?,
        show_matches: cli.showmatches,
        limits: input_limits(cli)?,
        counts_positions: !cli.no_summary,
        ..compiled.run_config(params, inputs, format, env)
    })
}

/// Runs the search into its output: split files (`--split-by`), the output file, or
/// standard output (a reader gone, `cqlq ... | head`, stops quietly with exit 0).
fn run_to_output(cli: &Cli, config: &RunConfig, output: Option<&Path>) -> Result<Summary, Stop> {
    Ok(match output {
        Some(_) if config.split.is_some() => {
            let summary = run(config, &mut io::sink()).map_err(|e| CliError::Option {
                option: "split-by",
                reason: e.to_string(),
            })?;
            if cli.dryrun {
                for path in &summary.split_files {
                    println!("{}", path.display());
                }
            }
            summary
        }
        Some(path) => {
            let summary = run_to_file(config, &output_file(cli, path))?;
            let failed = summary.unreadable_inputs;
            if failed > 0 && failed < config.inputs.len() as u64 {
                eprintln!(
                    "cqlq: {} holds the results of the inputs that could be read ({} of {} could not)",
                    path.display(),
                    summary.unreadable_inputs,
                    config.inputs.len()
                );
            }
            summary
        }
        None if cli.dryrun || cli.append || cli.noclobber || cli.createdirectories => {
            return Err(Stop::Error(CliError::Usage(
                "--append, --noclobber, --createdirectories and --dryrun act on an output file: \
                 give one with -o (or the header's output)"
                    .into(),
            )));
        }
        None => {
            let stdout = OutputWriter::new(io::stdout().lock(), "standard output");
            let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
            match run(config, &mut out) {
                Ok(s) => s,
                // `cqlq ... | head`: the reader is gone; stop quietly.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Err(Stop::Exit(0)),
                Err(e) => return Err(Stop::Error(CliError::Io(e))),
            }
        }
    })
}

/// The summary line, the persistent variables and the exit status: 0 some match, 1 none,
/// 2 trouble (an aborted run, an unreadable input, a failed `writefile`, or games skipped
/// and nothing matched).
fn report(
    cli: &Cli,
    summary: &Summary,
    (format, stdout_free): (Format, bool),
    started: Instant,
) -> Result<u8, Stop> {
    if cli.showmatches && summary.matched_games > 0 {
        eprintln!();
    }
    if !cli.no_summary {
        eprintln!(
            "{}",
            progress::summary_line(summary, started.elapsed().as_secs_f64())
        );
    }
    match persistent::print_persistent(&summary.persistent, format, stdout_free) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            return Err(Stop::Error(CliError::Stdout(e)));
        }
        _ => {}
    }
    if let Some(m) = &summary.aborted {
        eprintln!("cqlq: {m}");
    } else if summary.writefile_failures > 1 {
        eprintln!(
            "cqlq: writefile failed {} times (the first failure is shown above)",
            summary.writefile_failures
        );
    }
    Ok(if summary.failed() {
        TROUBLE
    } else if summary.matched_games > 0 {
        0
    } else {
        1
    })
}

/// `--parse`: the syntax tree on stdout; 0 when the query is CQL, 2 (error on stderr) when not;
/// a note names what cqlq does not evaluate yet. A CQL-S query (`--dialect cqls`, or one that
/// looks like it) prints its s-expression tree; the verdict is cqlq's own (CQL-S has no
/// reference implementation to ask): 0 when it compiles, 2 with the error when a keyword is
/// refused or misused.
fn parse_only(name: &str, text: &str, dialect: Option<&str>) -> u8 {
    let dialect = match dialect {
        Some("cqls") => Dialect::Cqls,
        Some(_) => Dialect::Cql,
        None if cqlq::query::cqls::is_cqls(text) => Dialect::Cqls,
        None => Dialect::Cql,
    };
    let program = match cqlq::query::Program::from_text(text, Some(dialect), false) {
        Ok(program) => Arc::new(program),
        Err(e) => {
            eprint!("{}", e.render_styled(name, text, color_stderr()));
            return TROUBLE;
        }
    };
    if let Some(ast) = program.cqls_ast() {
        print!("{}", cqlq::query::cqls::cqls_tree(ast));
        if let Err(e) = program.lower::<shakmaty::Bitboard>(Geometry::STANDARD) {
            eprint!("{}", e.render_styled(name, text, color_stderr()));
            return TROUBLE;
        }
        return 0;
    }
    if let Some(ast) = program.cql_ast() {
        print!("{}", cqlq::query::ast_tree(ast));
    }
    if let Err(e) = program.lower::<shakmaty::Bitboard>(Geometry::STANDARD) {
        let fairy = FairyQuery::new(program.clone(), name.to_string());
        if fairy.runs_on_some_board().is_some() {
            println!("note: runs only on fairy boards (on 8x8: {})", e.message);
        } else {
            println!("note: accepted, but not runnable yet: {}", e.message);
        }
    }
    0
}
