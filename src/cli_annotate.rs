//! `cqlq annotate`: its command line (a clap struct of its own, chosen by `main` when the
//! first argument is `annotate`) and the run: themes compiled, each input annotated, written
//! to `-o`, standard output, or back over the input (`--in-place`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use cqlq::annotate::{AnnotateConfig, AnnotateSummary, annotate_file, in_place};
use cqlq::output::files::{OutputWriter, file_id, is_output_error};

/// Exit status for trouble: a theme error or an unreadable input.
const TROUBLE: u8 = 2;

/// cqlq annotate: run several queries (themes) over PGN games in one pass and write every
/// game back as it was, each matched position commented with the theme's name and a tag
/// listing the themes found.
#[derive(Parser, Debug)]
#[command(
    name = "cqlq annotate",
    bin_name = "cqlq annotate",
    about = "Annotate PGN games with the themes (CQL queries) found in them",
    after_help = "THEMES and PGN files are told apart by extension: a `.cql` file or a folder is a \
theme (a folder: its .cql files in name order), anything else a PGN file; or put `--` before \
the PGN files. A theme is named by its file stem.\n\nExamples:\n  cqlq annotate queries/ games.pgn -o annotated.pgn\n  cqlq annotate smothered-mate.cql underpromotion.cql games.pgn --in-place\n\nAt each matched position a comment {name} is added after the move (after its NAGs), or \
before the first move for the start position; several themes share one comment {a b}; a \
query's own comment/message text replaces its name. The tag [Themes \"a b\"] lists the themes \
found. Everything else is written as read.\n\n--in-place writes a temporary file beside the \
input, fsyncs it, keeps the original as FILE.bak (unless --no-backup; an existing FILE.bak is \
never replaced: it keeps the oldest version) and renames the new file over the input: an error \
or interruption leaves the input untouched. Annotating again with the same themes changes \
nothing: a theme already in the comment at a position is not written twice, and the tag keeps \
its themes, new ones added after them.\n\nExit status: 0 some theme \
found, 1 none, 2 trouble."
)]
pub struct AnnotateCli {
    /// Theme files (`.cql`) or folders of them, then PGN files.
    #[arg(value_name = "THEMES... PGN...")]
    pub args: Vec<PathBuf>,

    /// PGN files after `--` (then every argument before it is a theme).
    #[arg(last = true, value_name = "PGN")]
    pub pgn: Vec<PathBuf>,

    /// Write the annotated games to FILE (via a temporary file renamed when complete);
    /// without it and --in-place, to standard output.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        conflicts_with = "in_place"
    )]
    pub output: Option<PathBuf>,

    /// Rewrite each PGN file in place (atomically), keeping the original as FILE.bak.
    #[arg(long)]
    pub in_place: bool,

    /// With --in-place: keep no FILE.bak.
    #[arg(long, requires = "in_place")]
    pub no_backup: bool,

    /// Also search positions inside variations (default: main line only, as CQL 6).
    #[arg(long)]
    pub variations: bool,

    /// Worker threads (default: all cores).
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub threads: Option<usize>,

    /// The name of the tag listing the themes found.
    #[arg(long, value_name = "NAME", default_value = "Themes")]
    pub tag: String,

    /// Rules for games without a [Variant] tag (e.g. crazyhouse, chess960, or a fairy
    /// variant of --variants); a game's own tag still wins.
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,

    /// Fairy variant definitions in SjaakII's variants.txt format (repeatable).
    #[arg(long = "variants", value_name = "FILE")]
    pub variants: Vec<PathBuf>,

    /// No summary line on stderr.
    #[arg(short = 'q', long = "no-summary")]
    pub no_summary: bool,
}

/// `cqlq annotate ...`: parses the arguments after `annotate` and runs.
pub fn main() -> ExitCode {
    let args = std::env::args_os().enumerate().filter(|(i, _)| *i != 1);
    let cli = AnnotateCli::parse_from(args.map(|(_, a)| a));
    match run(&cli) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("cqlq annotate: {message}");
            ExitCode::from(TROUBLE)
        }
    }
}

/// Themes and PGN files from the positional arguments (see the after-help).
fn themes_and_inputs(cli: &AnnotateCli) -> (Vec<PathBuf>, Vec<PathBuf>) {
    if !cli.pgn.is_empty() {
        return (cli.args.clone(), cli.pgn.clone());
    }
    cli.args
        .iter()
        .cloned()
        .partition(|p| p.is_dir() || p.extension().is_some_and(|x| x == "cql"))
}

fn run(cli: &AnnotateCli) -> Result<u8, String> {
    let started = Instant::now();
    let (theme_paths, inputs) = themes_and_inputs(cli);
    if theme_paths.is_empty() {
        return Err("no theme given: cqlq annotate THEME.cql|FOLDER... PGN...".into());
    }
    if inputs.is_empty() {
        return Err("no PGN file given: cqlq annotate THEMES... PGN...".into());
    }
    if cli.tag.is_empty()
        || cli
            .tag
            .contains(|c: char| c.is_whitespace() || c == '"' || c == ']')
    {
        return Err(format!("--tag {:?}: not a PGN tag name", cli.tag));
    }
    let themes = cqlq::annotate::load_themes(&cqlq::annotate::theme_files(&theme_paths)?)?;
    let fairy_defs = crate::cli_variants::variant_definitions(&cli.variants)?;
    let (default_variant, default_fairy) =
        crate::cli_variants::forced_variant(cli.variant.as_deref(), &fairy_defs)?;
    let config = AnnotateConfig {
        themes,
        tag: cli.tag.clone(),
        variations: cli.variations,
        default_variant,
        fairy_defs,
        default_fairy,
    };
    if let Some(n) = cli.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(|e| format!("cannot start {n} threads: {e}"))?;
    }
    if let Some(out) = &cli.output {
        refuse_overwriting_input(out, &inputs)?;
    }
    let mut total = AnnotateSummary::new(config.themes.len());
    let mut unreadable = 0u64;
    if cli.in_place {
        for input in &inputs {
            let first = total.games + 1;
            match in_place::rewrite(input, !cli.no_backup, |out| {
                annotate_file(&config, input, first, out)
            }) {
                Ok(s) => total.add(&s),
                Err(e) => {
                    eprintln!("cqlq annotate: {e}");
                    unreadable += 1;
                }
            }
        }
    } else {
        let all = |out: &mut dyn Write| -> io::Result<AnnotateSummary> {
            let mut total = AnnotateSummary::new(config.themes.len());
            for input in &inputs {
                if input.as_os_str() == "-" {
                    return Err(io::Error::other(
                        "-: annotate reads PGN files, not standard input",
                    ));
                }
                if !input.is_file() {
                    return Err(io::Error::other(format!("{}: not a file", input.display())));
                }
                let s = annotate_file(&config, input, total.games + 1, out).map_err(|e| {
                    if is_output_error(&e) {
                        e
                    } else {
                        io::Error::new(e.kind(), format!("{}: {e}", input.display()))
                    }
                })?;
                total.add(&s);
            }
            out.flush()?;
            Ok(total)
        };
        total = match &cli.output {
            Some(path) => {
                let file = cqlq::output::files::OutputFile {
                    path: path.clone(),
                    ..Default::default()
                };
                file.check()?;
                file.write_with(all)?
            }
            None => {
                if crate::stdout_closed::was_closed() {
                    return Err(crate::stdout_closed::MESSAGE.into());
                }
                let stdout = OutputWriter::new(io::stdout().lock(), "standard output");
                let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
                match all(&mut out) {
                    Ok(r) => r,
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(0),
                    Err(e) => return Err(e.to_string()),
                }
            }
        };
    }
    if !cli.no_summary {
        let per_theme: Vec<String> = config
            .themes
            .iter()
            .zip(&total.per_theme)
            .map(|(t, n)| format!("{} {n}", t.name))
            .collect();
        eprintln!(
            "cqlq annotate: {} games read, {} annotated ({}), {} positions commented, {} bad games, {:.2} s",
            total.games,
            total.annotated_games,
            per_theme.join(", "),
            total.annotated_positions,
            total.bad_games,
            started.elapsed().as_secs_f64()
        );
    }
    if unreadable > 0 {
        return Ok(TROUBLE);
    }
    Ok(if total.annotated_games > 0 { 0 } else { 1 })
}

/// Refuses an output path that is one of the inputs (by name, link or hard link: the same
/// device and inode).
fn refuse_overwriting_input(out: &Path, inputs: &[PathBuf]) -> Result<(), String> {
    let Some(out_id) = file_id(out) else {
        return Ok(());
    };
    for input in inputs {
        if file_id(input) == Some(out_id) {
            return Err(format!(
                "refusing to write the output over the input {} (use --in-place)",
                input.display()
            ));
        }
    }
    Ok(())
}
