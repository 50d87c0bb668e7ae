//! The search's output file (`-o`): CQLi's options on it, the refusal to write over an
//! input, and the write through a temporary file renamed at the end.

use std::io;
use std::path::Path;

use cqlq::input::Input;
use cqlq::output::files::OutputFile;
use cqlq::run::{RunConfig, Summary, run};

use super::args::Cli;
use super::failure::CliError;

/// The -o file with CQLi's output options.
pub fn output_file(cli: &Cli, path: &Path) -> OutputFile {
    OutputFile {
        path: path.to_path_buf(),
        append: cli.append,
        no_clobber: cli.noclobber,
        create_dirs: cli.createdirectories,
        dry_run: cli.dryrun,
    }
}

/// Refuses an output path that is one of the inputs: the same file by name, link, hard link
/// (device and inode) or as standard input (`cqlq ... -o games.pgn < games.pgn`).
pub fn refuse_overwriting_input(out: &Path, inputs: &[Input]) -> Result<(), CliError> {
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
            Input::Text { .. } => continue,
        };
        if same {
            return Err(CliError::OverwritesInput {
                input: name,
                advice: ": give -o another file",
            });
        }
    }
    Ok(())
}

/// Writes through a temporary file beside the target, renamed over it only when the run
/// completes (`output::files`; a device or FIFO is written directly); `--dryrun` runs into
/// nothing and prints the file's name. A run that searched nothing (every input failed)
/// leaves an existing file as it was.
pub fn run_to_file(config: &RunConfig, file: &OutputFile) -> Result<Summary, CliError> {
    file.check()?;
    if file.dry_run {
        let summary = run(config, &mut io::sink())?;
        println!("{}", file.path.display());
        return Ok(summary);
    }
    let (summary, written) = file.write_unless(
        |out| run(config, out),
        |s: &Summary| s.unreadable_inputs > 0 && s.unreadable_inputs >= config.inputs.len() as u64,
    )?;
    if !written {
        eprintln!(
            "cqlq: {}: left as it was: no input could be read",
            file.path.display()
        );
    }
    Ok(summary)
}
