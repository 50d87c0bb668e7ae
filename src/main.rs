//! The `cqlq` binary: command line → query → run → exit status (0 match, 1 none, 2 trouble).

mod cli;

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use cli::Cli;
use cqlq::output::{Format, PgnStyle};
use cqlq::run::{Input, RunConfig, progress, run};
use cqlq::squares::Geometry;

/// Exit status for trouble: a query error or an unreadable input.
const TROUBLE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
    let mut positional = cli.args.clone();
    let (query_name, query_text) = match &cli.expr {
        Some(text) => ("<-e>".to_string(), text.clone()),
        None => {
            if positional.is_empty() {
                return Err(
                    "no query given: cqlq QUERY.cql [PGN]... or cqlq -e TEXT [PGN]...".into(),
                );
            }
            let path = positional.remove(0);
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), text)
        }
    };
    if cli.parse {
        return Ok(parse_only(&query_name, &query_text));
    }
    let dialect = match cli.dialect.as_deref() {
        Some("cqls") => Some(cqlq::query::Dialect::Cqls),
        Some(_) => Some(cqlq::query::Dialect::Cql),
        None => None,
    };
    let mut standard_error = None;
    let query = match cqlq::query::compile_any::<shakmaty::Bitboard>(
        &query_text,
        Geometry::STANDARD,
        dialect,
    ) {
        Ok(q) => q,
        Err(e) => match fairy_only_query(&cli, &query_text) {
            // Squares past h8 (`Ri1`) suit only fairy boards: standard games get the error.
            Some(query) => {
                standard_error = Some(e.to_string());
                query
            }
            None => {
                eprint!("{}", e.render(&query_name, &query_text));
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
                cqlq::query::QueryError::new(
                    cqlq::query::ErrorKind::Unsupported,
                    &query_text,
                    p.span,
                    "this keyword needs a UCI chess engine: give one with --engine PATH",
                )
                .render(&query_name, &query_text)
            );
            return Ok(TROUBLE);
        };
        cqlq::engine::Engine::start(path).map_err(|e| e.to_string())?;
        cqlq::engine::set_engine_path(path.clone());
    }

    // The header's parameters: the command line takes precedence.
    let mut header_input: Option<PathBuf> = None;
    let mut header_output: Option<PathBuf> = None;
    let mut variations = cli.variations;
    for p in &query.header.params {
        match (p.name.as_str(), &p.value) {
            ("input", Some(v)) => header_input = Some(PathBuf::from(v)),
            ("output", Some(v)) => header_output = Some(PathBuf::from(v)),
            ("variations", None) => variations = true,
            ("mainline", None) => {}
            // CQL-S's engine keywords (checked above).
            ("engine", None) => {}
            (name, _) => {
                eprintln!("cqlq: warning: cql() parameter '{name}' is not supported yet; ignored")
            }
        }
    }
    let mut inputs: Vec<Input> = positional
        .iter()
        .map(|p| {
            if p.as_os_str() == "-" {
                Input::Stdin
            } else {
                Input::File(p.clone())
            }
        })
        .collect();
    if inputs.is_empty() {
        inputs.push(header_input.map_or(Input::Stdin, Input::File));
    }
    let output = cli.output.clone().or(header_output);
    if let Some(out) = &output {
        refuse_overwriting_input(out, &inputs)?;
    }

    let format = if cli.fen {
        Format::Fen
    } else if cli.json {
        Format::Json
    } else if cli.count {
        Format::Count
    } else {
        Format::Pgn
    };
    let mut fairy_defs = Vec::new();
    for path in &cli.variants {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = path.display().to_string();
        let loaded = cqlq::rules::fairy::load_variants(&file, &text)
            .map_err(|e| format!("{}:{}: {}", e.file, e.line, e.reason))?;
        fairy_defs.extend(loaded);
    }
    fairy_defs.extend(cqlq::rules::fairy::bundled_variants());
    let (default_variant, default_fairy) = match &cli.variant {
        Some(name) => {
            match cqlq::run::fairy::resolve_any(name, &fairy_defs).map_err(|e| e.to_string())? {
                cqlq::run::fairy::AnyRules::Known(rules) => (Some(rules), None),
                cqlq::run::fairy::AnyRules::Fairy(v) => (None, Some(v)),
            }
        }
        None => (None, None),
    };
    let config = RunConfig {
        filter: query.filter,
        inputs,
        format,
        style: PgnStyle {
            game_number_header: !cli.noheader,
            ..PgnStyle::default()
        },
        variations,
        progress: !cli.no_progress && !cli.quiet,
        default_variant,
        fairy_defs,
        default_fairy,
        fairy_query: cqlq::run::fairy::FairyQuery::new(query_text.clone()),
        standard_error,
    };
    if let Some(n) = cli.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(|e| format!("cannot start {n} threads: {e}"))?;
    }

    let summary = match &output {
        Some(path) => run_to_file(&config, path)?,
        None => {
            let stdout = io::stdout();
            let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
            match run(&config, &mut out) {
                Ok(s) => s,
                // `cqlq ... | head`: the reader is gone; stop quietly.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(0),
                Err(e) => return Err(format!("writing output: {e}")),
            }
        }
    };
    if !cli.quiet {
        eprintln!(
            "{}",
            progress::summary_line(&summary, started.elapsed().as_secs_f64())
        );
    }
    print_persistent(&summary, format);
    if let Some(m) = &summary.aborted {
        eprintln!("cqlq: {m}");
        return Ok(TROUBLE);
    }
    if summary.unreadable_inputs > 0 {
        return Ok(TROUBLE);
    }
    Ok(if summary.matched_games > 0 { 0 } else { 1 })
}

/// The persistent variables' final values on stdout after the run, as CQL 6.2 prints them
/// (`Name: value` lines), or one JSON object with `--json`.
fn print_persistent(summary: &cqlq::run::Summary, format: Format) {
    if summary.persistent.is_empty() {
        return;
    }
    if format == Format::Json {
        let map: serde_json::Map<String, serde_json::Value> = summary
            .persistent
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
            .collect();
        println!("{}", serde_json::json!({ "persistent": map }));
    } else {
        for (name, value) in &summary.persistent {
            println!("{name}: {value}");
        }
    }
}

/// Refuses an output path that names one of the inputs.
fn refuse_overwriting_input(out: &Path, inputs: &[Input]) -> Result<(), String> {
    let Ok(out_real) = out.canonicalize() else {
        return Ok(());
    };
    for input in inputs {
        if let Input::File(p) = input
            && p.canonicalize().is_ok_and(|r| r == out_real)
        {
            return Err(format!(
                "refusing to write the output over the input {}",
                p.display()
            ));
        }
    }
    Ok(())
}

/// Writes to a temporary file beside `path`, renamed over it only when the run completes.
fn run_to_file(config: &RunConfig, path: &Path) -> Result<cqlq::run::Summary, String> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let temp = dir.join(format!(
        ".{}.cqlq-{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> io::Result<cqlq::run::Summary> {
        let file = std::fs::File::create(&temp)?;
        let mut out = io::BufWriter::with_capacity(1 << 16, file);
        let summary = run(config, &mut out)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        std::fs::rename(&temp, path)?;
        Ok(summary)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        format!("{}: {e}", path.display())
    })
}

/// `--parse`: the syntax tree on stdout; 0 when the query is CQL, 2 (error on stderr) when not;
/// a note names what cqlq does not evaluate yet.
fn parse_only(name: &str, text: &str) -> u8 {
    let checked =
        cqlq::query::cql_to_ast(text).and_then(|ast| cqlq::query::check_ast(&ast).map(|_| ast));
    let ast = match checked {
        Ok(ast) => ast,
        Err(e) => {
            eprint!("{}", e.render(name, text));
            return TROUBLE;
        }
    };
    print!("{}", cqlq::query::ast_tree(&ast));
    if let Err(e) = cqlq::query::ast_to_ir::<shakmaty::Bitboard>(&ast, Geometry::STANDARD) {
        println!("note: accepted, but not runnable yet: {}", e.message);
    }
    0
}

/// With `--variants` or `--variant` given, a query the 8x8 board refuses but a 16x16 board
/// accepts (squares past h8) is kept for the fairy games: its header, and a stand-in filter
/// for standard games, which are then reported with the 8x8 error instead of searched.
fn fairy_only_query(cli: &Cli, text: &str) -> Option<cqlq::query::Query<shakmaty::Bitboard>> {
    if cli.variants.is_empty() && cli.variant.is_none() {
        return None;
    }
    let wide = Geometry {
        files: 16,
        ranks: 16,
    };
    let fairy = cqlq::query::compile::<cqlq::rules::fairy::Bits256>(text, wide).ok()?;
    let stand_in = cqlq::query::compile::<shakmaty::Bitboard>("check", Geometry::STANDARD).ok()?;
    Some(cqlq::query::Query {
        header: fairy.header,
        filter: stand_in.filter,
    })
}
