//! `cqlq help [COMMAND]`, as clap's help subcommand reads it: the help of `cqlq`, of
//! `cqlq annotate` or of `cqlq split` (the same text as `--help` there). `annotate` and
//! `split` are chosen before clap parses, so clap's own `help` subcommand does not exist.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

use super::TROUBLE;
use super::annotate_args::AnnotateCli;
use super::args::Cli;
use super::split::SplitCli;

/// Prints the help `args` (what follows `help`) asks for and exits 0 (clap prints it and
/// exits); an unknown command: a message and 2.
pub fn main(args: &[OsString]) -> ExitCode {
    match args.first().and_then(|a| a.to_str()) {
        None => {
            Cli::parse_from(["cqlq", "--help"]);
        }
        Some("annotate") => {
            AnnotateCli::parse_from(["cqlq annotate", "--help"]);
        }
        Some("split") => {
            SplitCli::parse_from(["cqlq split", "--help"]);
        }
        Some("help") => {
            println!(
                "cqlq help [COMMAND]: the help of cqlq, or of `cqlq annotate` or `cqlq split`"
            );
            return ExitCode::SUCCESS;
        }
        Some(_) => {}
    }
    let asked = args[0].to_string_lossy();
    eprintln!(
        "cqlq help: no command '{asked}' (the commands: annotate, split; `cqlq help` for cqlq's options)"
    );
    ExitCode::from(TROUBLE)
}
