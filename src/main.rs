//! The `cqlq` binary: command line → query → run → exit status (0 match, 1 none, 2 trouble).

/// `eprintln!` that ignores a failure to write stderr instead of panicking
/// (`cqlq::diagnostics`); it shadows std's in every module below.
macro_rules! eprintln {
    () => {
        cqlq::diagnostics::write_stderr(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        cqlq::diagnostics::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` that ignores a failure to write, as `eprintln!` above.
macro_rules! eprint {
    ($($arg:tt)*) => {
        cqlq::diagnostics::write_stderr(format_args!($($arg)*))
    };
}

mod cli;
mod cli_aliases;
mod cli_annotate;
mod cli_annotate_args;
mod cli_errors;
mod cli_query;
mod cli_variants;
mod generated;
mod split_cmd;
mod stdout_closed;

use std::io;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use cli::Cli;
use cqlq::output::files::OutputWriter;
use cqlq::output::{Format, PgnStyle};
use cqlq::query::Dialect;
use cqlq::run::params::{RunParams, positive_range, range_of, regex_of, result_of};
use cqlq::run::{Input, RunConfig, progress, run};
use cqlq::squares::Geometry;

/// Exit status for trouble: a query error or an unreadable input.
const TROUBLE: u8 = 2;

fn main() -> ExitCode {
    // Interrupted runs remove their temporary output files (`output::temp_files`).
    if let Err(e) = cqlq::output::temp_files::remove_on_signals() {
        eprintln!("cqlq: cannot watch for interruptions: {e}");
    }
    if std::env::args_os().nth(1).is_some_and(|a| a == "annotate") {
        return cli_annotate::main();
    }
    if std::env::args_os().nth(1).is_some_and(|a| a == "split") {
        return split_cmd::main();
    }
    let cli = Cli::parse_from(cli_aliases::cql_args_to_cqlq_or_exit(std::env::args_os()));
    match main_with(cli) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("cqlq: {message}");
            ExitCode::from(TROUBLE)
        }
    }
}

fn main_with(cli: Cli) -> Result<u8, String> {
    let started = Instant::now();
    if generated::print_requested(&cli) {
        return Ok(0);
    }
    let mut positional = cli.args.clone();
    let (query_name, query_text) = cli_query::query_source(
        cli.expr.as_deref(),
        &cli.cql,
        &cli.transform,
        &mut positional,
    )?;
    let max_query = match &cli.max_query_bytes {
        Some(text) => {
            cqlq::run::limits::parse_size(text).map_err(|e| format!("--max-query-bytes: {e}"))?
        }
        None => cqlq::run::limits::DEFAULT_MAX_QUERY_BYTES,
    };
    if query_text.len() as u64 > max_query {
        return Err(format!(
            "{query_name}: the query is {} long, over the limit of {} \
             (--max-query-bytes SIZE raises it)",
            cqlq::run::limits::show_bytes(query_text.len() as u64),
            cqlq::run::limits::show_bytes(max_query)
        ));
    }
    if cli.parse {
        return Ok(parse_only(&query_name, &query_text));
    }
    let dialect = match cli.dialect.as_deref() {
        Some("cqls") => Some(Dialect::Cqls),
        Some(_) => Some(Dialect::Cql),
        None => None,
    };
    // What the filters read beyond the game: `readfile`/`writefile` rules (--secure refuses
    // them when the query is lowered, by the program) and the engine.
    let mut env = cqlq::eval::Environment::default();
    // The query is parsed and checked once, then lowered per board geometry met.
    let program = match cqlq::query::Program::from_text(&query_text, dialect, cli.secure) {
        Ok(p) => std::sync::Arc::new(p),
        Err(e) => {
            eprint!(
                "{}",
                e.render_styled(&query_name, &query_text, color_stderr())
            );
            return Ok(TROUBLE);
        }
    };
    let fairy_query = cqlq::run::fairy::FairyQuery::new(program.clone(), query_name.clone());
    let mut standard_refusal = None;
    let query = match program.lower::<shakmaty::Bitboard>(Geometry::STANDARD) {
        Ok(q) => q,
        Err(e) => match fairy_query.runs_on_some_board() {
            // Squares past h8 (`Ri1`) or fairy pieces (`[=C]`) suit only some fairy boards:
            // standard and online games are skipped, told once; fairy games are searched
            // where their variant's board has what the query names.
            Some(header) => {
                standard_refusal = Some(cqlq::run::fairy::Refusal::new(format!(
                    "the query cannot run on standard chess games (8x8 board); they are skipped:\n{}",
                    e.render(&query_name, &query_text)
                )));
                cqlq::query::Query {
                    header,
                    filter: cqlq::ir::Node::False,
                }
            }
            None => {
                eprint!(
                    "{}",
                    e.render_styled(&query_name, &query_text, color_stderr())
                );
                return Ok(TROUBLE);
            }
        },
    };

    // CQL-S's engine keywords need --engine: checked (and the engine started once) before
    // any game is read.
    if let Some(p) = query.header.get("engine") {
        let Some(path) = &cli.engine else {
            eprint!(
                "{}",
                // Not `Unsupported`: its advice ("check its spelling") is wrong here.
                cqlq::query::QueryError::new(
                    cqlq::query::ErrorKind::Invalid,
                    &query_text,
                    p.span,
                    "this keyword needs a UCI chess engine: pass --engine PATH (e.g. \
                     --engine /usr/games/stockfish)",
                )
                .render_styled(&query_name, &query_text, color_stderr())
            );
            return Ok(TROUBLE);
        };
        cqlq::engine::Engine::start(path).map_err(|e| {
            format!("--engine: {e} (give the path of a UCI engine, e.g. stockfish)")
        })?;
        env.engine = Some(path.clone());
    }

    // The header's parameters: the command line takes precedence.
    let header = match RunParams::from_header(&query.header) {
        Ok(h) => h,
        Err(e) => {
            eprint!(
                "{}",
                cli_errors::header_param_error(
                    &e,
                    &query.header,
                    &query_name,
                    &query_text,
                    color_stderr()
                )
            );
            return Ok(TROUBLE);
        }
    };
    let params = cli_params(&cli)?.over(header);
    let header_input = params.input.clone();
    let header_output = params.output.clone();
    let variations = params.variations.unwrap_or(false);
    // Files, `-` (standard input) and folders (their game files, sorted by name).
    let mut inputs: Vec<Input> =
        cqlq::run::input::inputs_from_args(&positional).map_err(|e| e.to_string())?;
    if positional.is_empty() {
        inputs = match header_input {
            Some(path) => cqlq::run::input::inputs_from_args(&[path]).map_err(|e| e.to_string())?,
            None => vec![Input::Stdin],
        };
    }
    // `writefile` never writes an input file.
    env.files = cqlq::eval::files::FileAccess {
        secure: cli.secure,
        inputs: Vec::new(),
    };
    env.files.inputs = inputs
        .iter()
        .filter_map(|i| match i {
            Input::File(p) => Some(p.clone()),
            Input::Stdin => None,
        })
        .collect();
    let file_access_inputs = env.files.inputs.clone();
    // `-o -` (CQLi's `-o stdout`, CQL's -guipgnstdout): stdout, over the header's output.
    let output = match cli.output.clone() {
        Some(p) if p.as_os_str() == "-" => None,
        given => given.or(header_output),
    };
    // `--html FILE` names the page's file (written like -o's: temporary file renamed).
    let output = cli.html.clone().or(output);
    if let Some(out) = &output
        && cli.split_by.is_none()
    {
        refuse_overwriting_input(out, &inputs)?;
    }
    if output.is_none() && stdout_closed::was_closed() {
        return Err(stdout_closed::MESSAGE.into());
    }

    let format = if cli.fen {
        Format::Fen
    } else if cli.json {
        Format::Json
    } else if cli.count {
        Format::Count
    } else if cli.gamenumbers {
        Format::GameNumbers
    } else if cli.epd {
        Format::Epd
    } else if cli.diagram {
        // Colour only on a terminal, and not when NO_COLOR is set (no-color.org).
        let color = output.is_none()
            && io::IsTerminal::is_terminal(&io::stdout())
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        Format::Diagram { color }
    } else if cli.html.is_some() {
        Format::Html
    } else {
        Format::Pgn
    };
    let mut fairy_defs = cli_variants::variant_definitions(&cli.variants)?;
    let rules_chess = match &cli.rules {
        Some(text) => Some(with_fbr_rules(text, &mut fairy_defs)?),
        None => None,
    };
    let (default_variant, default_fairy) =
        cli_variants::forced_variant(cli.variant.as_deref(), &fairy_defs)?;
    let config = RunConfig {
        shard: shard_place(&cli, &inputs)?,
        filter: query.filter,
        inputs,
        format,
        style: PgnStyle {
            game_number_header: params.no_header != Some(true),
            match_comment: params.match_string.clone().unwrap_or_else(|| "CQL".into()),
            comments: params.comments.unwrap_or_default(),
        },
        variations,
        progress: !cli.no_progress && !cli.no_summary,
        terminal_stdout: output.is_none() && io::IsTerminal::is_terminal(&io::stdout()),
        default_variant,
        fairy_defs,
        default_fairy,
        fairy_query,
        standard_refusal,
        games: params.select,
        sort_by_match_count: params.sort_by_match_count,
        rules_chess,
        last_game_number: Default::default(),
        limit: cli.limit,
        split: split_spec(&cli, output.as_deref(), format, &file_access_inputs)?,
        show_matches: cli.showmatches,
        limits: input_limits(&cli)?,
        counts_positions: !cli.no_summary,
        env,
    };
    if let Some(n) = cli.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(|e| format!("cannot start {n} threads: {e}"))?;
    }

    let summary = match &output {
        Some(_) if config.split.is_some() => {
            let summary = run(&config, &mut io::sink()).map_err(|e| format!("--split-by: {e}"))?;
            if cli.dryrun {
                for path in &summary.split_files {
                    println!("{}", path.display());
                }
            }
            summary
        }
        Some(path) => {
            let summary = run_to_file(&config, &output_file(&cli, path))?;
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
            return Err(
                "--append, --noclobber, --createdirectories and --dryrun act on an output file: \
                 give one with -o (or the header's output)"
                    .into(),
            );
        }
        None => {
            let stdout = OutputWriter::new(io::stdout().lock(), "standard output");
            let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
            match run(&config, &mut out) {
                Ok(s) => s,
                // `cqlq ... | head`: the reader is gone; stop quietly.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(0),
                Err(e) => return Err(e.to_string()),
            }
        }
    };
    if cli.showmatches && summary.matched_games > 0 {
        eprintln!();
    }
    if !cli.no_summary {
        eprintln!(
            "{}",
            progress::summary_line(&summary, started.elapsed().as_secs_f64())
        );
    }
    match print_persistent(&summary, format) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            return Err(format!("standard output: {e}"));
        }
        _ => {}
    }
    if let Some(m) = &summary.aborted {
        eprintln!("cqlq: {m}");
        return Ok(TROUBLE);
    }
    if summary.writefile_failures > 1 {
        eprintln!(
            "cqlq: writefile failed {} times (the first failure is shown above)",
            summary.writefile_failures
        );
    }
    if summary.unreadable_inputs > 0 || summary.writefile_failures > 0 {
        return Ok(TROUBLE);
    }
    // Games skipped because the query cannot run on their board, and nothing matched.
    if summary.refused_games > 0 && summary.matched_games == 0 {
        return Ok(TROUBLE);
    }
    Ok(if summary.matched_games > 0 { 0 } else { 1 })
}

/// `--max-game-bytes` and `--max-icn-board`, or their defaults.
fn input_limits(cli: &Cli) -> Result<cqlq::run::limits::InputLimits, String> {
    use cqlq::run::limits::{InputLimits, parse_size};
    let mut limits = InputLimits::default();
    if let Some(text) = &cli.max_game_bytes {
        limits.max_game_bytes = parse_size(text).map_err(|e| format!("--max-game-bytes: {e}"))?;
    }
    if let Some(text) = &cli.max_icn_board {
        limits.max_icn_board = text
            .trim()
            .parse()
            .map_err(|_| format!("--max-icn-board: `{text}` is not a whole number"))?;
    }
    Ok(limits)
}

/// `--byte-range`, `--input-offset`, `--first-game-number`: where the one input sits in its
/// file.
fn shard_place(cli: &Cli, inputs: &[Input]) -> Result<cqlq::run::byte_range::ShardPlace, String> {
    let byte_range = match &cli.byte_range {
        Some(text) => Some(
            cqlq::run::byte_range::parse_byte_range(text)
                .map_err(|e| format!("--byte-range: {e}"))?,
        ),
        None => None,
    };
    let place = cqlq::run::byte_range::ShardPlace {
        byte_range,
        input_offset: cli.input_offset,
        first_game_number: cli.first_game_number,
    };
    if place != Default::default() && inputs.len() != 1 {
        return Err(
            "--byte-range, --input-offset and --first-game-number place one input in its file: \
             give exactly one PGN file (or standard input)"
                .into(),
        );
    }
    if cli.input_offset > 0 && inputs != [Input::Stdin] {
        return Err(
            "--input-offset tells where standard input starts in its file: read `-`".into(),
        );
    }
    Ok(place)
}

/// Whether query errors get colours: only when stderr is a terminal.
fn color_stderr() -> bool {
    std::io::IsTerminal::is_terminal(&io::stderr())
}

/// The run parameters given on the command line (CQL 6.2's options in cqlq's spelling).
fn cli_params(cli: &Cli) -> Result<RunParams, String> {
    fn opt<T>(name: &str, r: Result<T, String>) -> Result<T, String> {
        r.map_err(|e| format!("--{name}: {e}"))
    }
    let mut p = RunParams {
        input: cli.input.clone(),
        variations: if cli.variations {
            Some(true)
        } else if cli.mainline {
            Some(false)
        } else {
            None
        },
        match_string: cli.matchstring.clone(),
        comments: if cli.silent {
            Some(cqlq::output::CommentLevel::Silent)
        } else if cli.quiet {
            Some(cqlq::output::CommentLevel::Quiet)
        } else {
            None
        },
        no_header: cli.noheader.then_some(true),
        ..RunParams::default()
    };
    let s = &mut p.select;
    if !cli.matchcount.is_empty() {
        let (a, b) = opt("matchcount", range_of(&cli.matchcount.join(" ")))?;
        if a < 0 || b < a {
            return Err("--matchcount: expected counts, 0 or more, lowest first".into());
        }
        s.match_count = Some((a as u64, b as u64));
    }
    if !cli.gamenumber.is_empty() {
        s.numbers = Some(opt(
            "gamenumber",
            positive_range(&cli.gamenumber.join(" ")),
        )?);
    }
    if !cli.year.is_empty() {
        s.years = Some(opt("year", range_of(&cli.year.join(" ")))?);
    }
    if let Some(r) = &cli.result {
        s.result = Some(opt("result", result_of(r))?);
    }
    if let Some(w) = &cli.white {
        s.white = Some(opt("white", regex_of(w))?);
    }
    if let Some(b) = &cli.black {
        s.black = Some(opt("black", regex_of(b))?);
    }
    s.player = cli.player.clone();
    s.event = cli.event.clone();
    s.site = cli.site.clone();
    Ok(p)
}

/// The persistent variables' final values on stdout after the run, as CQL 6.2 prints them
/// (`Name: value` lines), or one JSON object with `--json`.
fn print_persistent(summary: &cqlq::run::Summary, format: Format) -> io::Result<()> {
    use io::Write as _;
    if summary.persistent.is_empty() {
        return Ok(());
    }
    let mut out = io::stdout().lock();
    if format == Format::Json {
        let map: serde_json::Map<String, serde_json::Value> = summary
            .persistent
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
            .collect();
        writeln!(out, "{}", serde_json::json!({ "persistent": map }))?;
    } else {
        for (name, value) in &summary.persistent {
            writeln!(out, "{name}: {value}")?;
        }
    }
    out.flush()
}

/// Refuses an output path that is one of the inputs: the same file by name, link, hard link
/// (device and inode) or as standard input (`cqlq ... -o games.pgn < games.pgn`).
fn refuse_overwriting_input(out: &Path, inputs: &[Input]) -> Result<(), String> {
    let Some(out_id) = cqlq::output::files::file_id(out) else {
        return Ok(());
    };
    for input in inputs {
        let (same, name) = match input {
            Input::File(p) => (
                cqlq::output::files::file_id(p) == Some(out_id),
                p.display().to_string(),
            ),
            Input::Stdin => (
                cqlq::output::files::stdin_file_id() == Some(out_id),
                "read from standard input".to_string(),
            ),
        };
        if same {
            return Err(format!(
                "refusing to write the output over the input {name}: give -o another file"
            ));
        }
    }
    Ok(())
}

/// `--split-by TAG`: the split files' spec (needs `-o`, and a format with games to split).
fn split_spec(
    cli: &Cli,
    output: Option<&Path>,
    format: Format,
    inputs: &[std::path::PathBuf],
) -> Result<Option<cqlq::output::split::SplitSpec>, String> {
    let Some(tag) = &cli.split_by else {
        return Ok(None);
    };
    let Some(path) = output else {
        return Err("--split-by needs -o DIR (or a pattern with {}, e.g. -o 'out/{}.pgn')".into());
    };
    let extension = cqlq::output::split::SplitSpec::extension_of(format)
        .ok_or("--split-by cannot split --count or --html: use another output format with it")?;
    let spec = cqlq::output::split::SplitSpec {
        tag: tag.clone(),
        options: output_file(cli, path),
        extension,
        max_open: cli.maxopenoutputfiles.max(1),
        inputs: inputs
            .iter()
            .filter_map(|p| p.canonicalize().ok())
            .collect(),
    };
    spec.check()?;
    Ok(Some(spec))
}

/// The -o file with CQLi's output options.
fn output_file(cli: &Cli, path: &Path) -> cqlq::output::files::OutputFile {
    cqlq::output::files::OutputFile {
        path: path.to_path_buf(),
        append: cli.append,
        no_clobber: cli.noclobber,
        create_dirs: cli.createdirectories,
        dry_run: cli.dryrun,
    }
}

/// Writes through a temporary file beside the target, renamed over it only when the run
/// completes (`output::files`; a device or FIFO is written directly); `--dryrun` runs into
/// nothing and prints the file's name. A run that searched nothing (every input failed)
/// leaves an existing file as it was.
fn run_to_file(
    config: &RunConfig,
    file: &cqlq::output::files::OutputFile,
) -> Result<cqlq::run::Summary, String> {
    file.check()?;
    if file.dry_run {
        let summary = run(config, &mut io::sink()).map_err(|e| e.to_string())?;
        println!("{}", file.path.display());
        return Ok(summary);
    }
    let (summary, written) = file.write_unless(
        |out| run(config, out),
        |s: &cqlq::run::Summary| {
            s.unreadable_inputs > 0 && s.unreadable_inputs >= config.inputs.len() as u64
        },
    )?;
    if !written {
        eprintln!(
            "cqlq: {}: left as it was: no input could be read",
            file.path.display()
        );
    }
    Ok(summary)
}

/// `--parse`: the syntax tree on stdout; 0 when the query is CQL, 2 (error on stderr) when not;
/// a note names what cqlq does not evaluate yet.
fn parse_only(name: &str, text: &str) -> u8 {
    let program = match cqlq::query::Program::from_text(text, Some(Dialect::Cql), false) {
        Ok(program) => std::sync::Arc::new(program),
        Err(e) => {
            eprint!("{}", e.render_styled(name, text, color_stderr()));
            return TROUBLE;
        }
    };
    if let Some(ast) = program.cql_ast() {
        print!("{}", cqlq::query::ast_tree(ast));
    }
    if let Err(e) = program.lower::<shakmaty::Bitboard>(Geometry::STANDARD) {
        let fairy = cqlq::run::fairy::FairyQuery::new(program.clone(), name.to_string());
        if fairy.runs_on_some_board().is_some() {
            println!("note: runs only on fairy boards (on 8x8: {})", e.message);
        } else {
            println!("note: accepted, but not runnable yet: {}", e.message);
        }
    }
    0
}

/// `--rules`: checks the FBR text (a fault: the text with a caret, exit 2), adds the rules to
/// every fairy definition (a definition they do not fit is dropped: its games then report
/// the variant as unknown) and returns the bundled chess with them, for standard games.
/// A rule's piece letters (`gating[1]{HE}`) are checked against each board's own pieces:
/// rules that standard chess refuses but a loaded definition takes run on that definition,
/// and standard games are then refused one by one (the `Err` returned inside).
fn with_fbr_rules(
    text: &str,
    defs: &mut cqlq::rules::fairy::VariantBook,
) -> Result<Result<std::sync::Arc<cqlq::rules::fairy::Variant>, String>, String> {
    let chess = cqlq::rules::fbr::chess_with_rules(text);
    let fitted: Vec<_> = defs
        .all()
        .filter_map(|v| {
            cqlq::rules::fbr::variant_with_rules(&v.def, text)
                .ok()
                .map(std::sync::Arc::new)
        })
        .collect();
    match chess {
        Err(e) if fitted.is_empty() => Err(e.render(text)),
        chess => {
            *defs = cqlq::rules::fairy::VariantBook::only(fitted);
            Ok(chess.map_err(|e| {
                format!(
                    "--rules does not apply to standard chess games: {}",
                    e.reason
                )
            }))
        }
    }
}
