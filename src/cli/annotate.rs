//! `cqlq annotate`: its command line (`annotate_args.rs`, chosen by `main` when the
//! first argument is `annotate`) and the run: themes compiled, each input annotated, written
//! to `-o`, standard output, or back over the input (`--in-place`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use super::TROUBLE;
use crate::cli::annotate_args::AnnotateCli;
use crate::cli::failure::CliError;
use cqlq::annotate::{AnnotateConfig, AnnotateSummary, annotate_file, in_place};
use cqlq::output::files::{OutputWriter, file_id, is_output_error};

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

/// Annotates every input with every theme; the exit code (0 some game annotated, 1 none,
/// 2 an input could not be rewritten), or the message of what stopped the run.
fn run(cli: &AnnotateCli) -> Result<u8, CliError> {
    let started = Instant::now();
    let (theme_paths, inputs) = themes_and_inputs(cli);
    check_arguments(cli, &theme_paths, &inputs)?;
    let config = annotate_config(cli, &theme_paths)?;
    super::threads::start_pool(cli.threads)?;
    if let Some(out) = &cli.output {
        refuse_overwriting_input(out, &inputs)?;
    }
    let (total, unreadable) = if cli.in_place {
        annotate_in_place(&config, &inputs, !cli.no_backup)
    } else {
        match annotate_to_output(cli, &config, &inputs)? {
            Some(total) => (total, 0),
            // The reader closed standard output: nothing more to say.
            None => return Ok(0),
        }
    };
    config.progress.finish_and_clear();
    if !cli.no_summary {
        print_summary(&config, &total, started);
    }
    if unreadable > 0 {
        return Ok(TROUBLE);
    }
    Ok(if total.annotated_games > 0 { 0 } else { 1 })
}

/// Refuses missing inputs (named before any output is made, so the message is about the
/// input alone), a run without themes or PGN files, and a `--tag` that is no tag name.
fn check_arguments(
    cli: &AnnotateCli,
    theme_paths: &[PathBuf],
    inputs: &[PathBuf],
) -> Result<(), CliError> {
    for input in inputs {
        let missing = |reason: &str| CliError::File {
            path: input.clone(),
            reason: reason.into(),
        };
        let folder_like = input.to_string_lossy().ends_with(std::path::MAIN_SEPARATOR);
        if folder_like && !input.exists() {
            return Err(missing("no such folder of themes (check the path)"));
        }
        if input.as_os_str() != "-" && !input.exists() {
            return Err(missing("no such PGN file (check the path)"));
        }
    }
    if theme_paths.is_empty() {
        return Err(CliError::Usage(
            "no theme given: cqlq annotate THEME.cql|FOLDER... PGN...".into(),
        ));
    }
    if inputs.is_empty() {
        return Err(CliError::Usage(
            "no PGN file given: cqlq annotate THEMES... PGN...".into(),
        ));
    }
    if cli.tag.is_empty()
        || cli
            .tag
            .contains(|c: char| c.is_whitespace() || c == '"' || c == ']')
    {
        return Err(CliError::Usage(format!(
            "--tag {:?}: not a PGN tag name",
            cli.tag
        )));
    }
    Ok(())
}

/// The themes compiled and the variant choices read, as the annotator takes them.
fn annotate_config(cli: &AnnotateCli, theme_paths: &[PathBuf]) -> Result<AnnotateConfig, CliError> {
    let files = cqlq::annotate::theme_files(theme_paths)?;
    let themes = cqlq::annotate::load_themes(&files)?;
    let fairy_defs = crate::cli::variants::variant_definitions(&cli.variants)?;
    let (default_variant, default_fairy) =
        crate::cli::variants::forced_variant(cli.variant.as_deref(), &fairy_defs)?;
    // The display covers every input's bytes (annotate reads files only).
    let total_bytes = inputs_bytes(&themes_and_inputs(cli).1);
    // Not among games written to a terminal (standard output without -o or --in-place).
    let games_on_terminal =
        cli.output.is_none() && !cli.in_place && io::IsTerminal::is_terminal(&io::stdout());
    let wanted = !cli.no_progress && !cli.no_summary && !games_on_terminal;
    let progress = cqlq::output::progress::bar(wanted, Some(total_bytes));
    Ok(AnnotateConfig {
        progress,
        themes,
        tag: cli.tag.clone(),
        variations: cli.variations,
        default_variant,
        fairy_defs,
        default_fairy,
    })
}

/// The PGN inputs' bytes together (an input that cannot be read counts none).
fn inputs_bytes(inputs: &[PathBuf]) -> u64 {
    inputs
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum()
}

/// `--in-place`: each input rewritten (with a backup unless told not to); the totals and
/// how many inputs could not be rewritten (each said on standard error).
fn annotate_in_place(
    config: &AnnotateConfig,
    inputs: &[PathBuf],
    backup: bool,
) -> (AnnotateSummary, u64) {
    let mut total = AnnotateSummary::new(config.themes.len());
    let mut unreadable = 0u64;
    for input in inputs {
        let first = total.games + 1;
        // A compressed input would be written back decompressed under its old name.
        if let Ok(Some(compression)) = cqlq::annotate::compression_of(input) {
            eprintln!(
                "cqlq annotate: {}: --in-place does not rewrite a compressed file ({}): \
                 annotate it with -o NEW.pgn",
                input.display(),
                compression.name()
            );
            unreadable += 1;
            continue;
        }
        match in_place::rewrite(input, backup, |out| {
            annotate_file(config, input, first, out)
        }) {
            Ok(s) => total.add(&s),
            Err(e) => {
                config.progress.suspend(|| eprintln!("cqlq annotate: {e}"));
                unreadable += 1;
            }
        }
    }
    (total, unreadable)
}

/// Every input annotated to `-o` or standard output; None when the reader closed standard
/// output.
fn annotate_to_output(
    cli: &AnnotateCli,
    config: &AnnotateConfig,
    inputs: &[PathBuf],
) -> Result<Option<AnnotateSummary>, CliError> {
    let all = |out: &mut dyn Write| annotate_all(config, inputs, out);
    Ok(Some(match &cli.output {
        Some(path) => {
            let file = cqlq::output::files::OutputFile {
                path: path.clone(),
                ..Default::default()
            };
            file.check()?;
            file.write_with(all)?
        }
        None => {
            if crate::cli::stdout_closed::was_closed() {
                return Err(CliError::StdoutClosed);
            }
            let stdout = OutputWriter::new(io::stdout().lock(), "standard output");
            let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
            match all(&mut out) {
                Ok(r) => r,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(None),
                Err(e) => return Err(CliError::Io(e)),
            }
        }
    }))
}

/// The inputs annotated one after the other to `out` (games numbered on across files);
/// standard input and what is not a file are refused.
fn annotate_all(
    config: &AnnotateConfig,
    inputs: &[PathBuf],
    out: &mut dyn Write,
) -> io::Result<AnnotateSummary> {
    let mut total = AnnotateSummary::new(config.themes.len());
    for input in inputs {
        if input.as_os_str() == "-" {
            return Err(io::Error::other(
                "-: annotate reads PGN files, not standard input",
            ));
        }
        if !input.is_file() {
            return Err(io::Error::other(format!("{}: not a file", input.display())));
        }
        let s = annotate_file(config, input, total.games + 1, out).map_err(|e| {
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
}

/// The summary line on standard error: games read and annotated, per theme, positions
/// commented, bad games, time.
fn print_summary(config: &AnnotateConfig, total: &AnnotateSummary, started: Instant) {
    let per_theme: Vec<String> = config
        .themes
        .iter()
        .zip(&total.per_theme)
        .map(|(t, n)| format!("{} {n}", t.name))
        .collect();
    let counted = cqlq::output::progress::counted;
    eprintln!(
        "cqlq annotate: {} read, {} annotated ({}), {} commented, {}, {:.2} s",
        counted(total.games, "game", "games"),
        total.annotated_games,
        per_theme.join(", "),
        counted(total.annotated_positions, "position", "positions"),
        counted(total.bad_games, "bad game", "bad games"),
        started.elapsed().as_secs_f64()
    );
}

/// Refuses an output path that is one of the inputs (by name, link or hard link: the same
/// device and inode).
fn refuse_overwriting_input(out: &Path, inputs: &[PathBuf]) -> Result<(), CliError> {
    let Some(out_id) = file_id(out) else {
        return Ok(());
    };
    for input in inputs {
        if file_id(input) == Some(out_id) {
            return Err(CliError::OverwritesInput {
                input: input.display().to_string(),
                advice: " (use --in-place)",
            });
        }
    }
    Ok(())
}
