//! Why a command (`cqlq`, `cqlq annotate`, `cqlq split`) stops with exit status 2 before or
//! during its run: [`CliError`], one variant per kind of fault, shown as the one line that
//! `main` prints after `cqlq: ` (`cqlq annotate: `, `cqlq split: `).

use std::fmt;
use std::path::PathBuf;

use cqlq::annotate::AnnotateError;
use cqlq::input::InputError;
use cqlq::output::files::OutputFileError;
use cqlq::rules::fairy::DefError;
use cqlq::rules::fbr::FbrError;

use super::errors::io_error_with_advice;

/// What stopped a command, with what to do about it.
#[derive(Debug)]
pub enum CliError {
    /// Arguments that cannot be used as given (missing, misplaced, not going together); the
    /// text says what to write instead.
    Usage(String),
    /// An option whose value cannot be used: `--OPTION: REASON`.
    Option {
        /// The option's long name, without the dashes.
        option: &'static str,
        /// Why its value cannot be used.
        reason: String,
    },
    /// A path an option names that cannot be used: `--OPTION PATH: ERROR`.
    OptionPath {
        /// The option's long name, without the dashes.
        option: &'static str,
        /// The path it names.
        path: PathBuf,
        /// Why it cannot be used.
        error: std::io::Error,
    },
    /// A file an option names that cannot be read: `--OPTION PATH: ERROR (ADVICE)`
    /// ([`super::errors::io_error_with_advice`]).
    OptionFile {
        /// The option's long name, without the dashes.
        option: &'static str,
        /// The file it names.
        path: PathBuf,
        /// Why it cannot be read.
        error: std::io::Error,
    },
    /// A file or folder at fault, named first: `PATH: REASON`.
    File {
        /// The file or folder.
        path: PathBuf,
        /// What is wrong with it (with what to do).
        reason: String,
    },
    /// The query over `--max-query-bytes`.
    QueryTooLong {
        /// The query's name (`<-e>`, its file).
        name: String,
        /// Its length, as shown (`input::limits::show_bytes`).
        length: String,
        /// The limit, as shown.
        limit: String,
    },
    /// The output file is one of the inputs.
    OverwritesInput {
        /// The input, as named in the message.
        input: String,
        /// What follows the name: what to do instead.
        advice: &'static str,
    },
    /// Standard output was closed when cqlq started (`super::stdout_closed`).
    StdoutClosed,
    /// A query that cannot be converted (`cqlq -a`, `-u`, ...): `NAME: REASON`.
    Query {
        /// The query's name (its file, `standard input`).
        name: String,
        /// Why it cannot be converted (with what happens instead).
        reason: String,
    },
    /// The worker threads could not start (`--threads N`, or rayon's default when None).
    Threads {
        /// The threads asked for.
        threads: Option<usize>,
        /// Why rayon could not start them.
        error: rayon::ThreadPoolBuildError,
    },
    /// A `--variants` file's definition that cannot be read: `FILE:LINE: REASON`.
    Definition(DefError),
    /// `--rules` text that no board takes, drawn with a caret under the fault.
    Rules {
        /// The `--rules` text.
        text: String,
        /// Its fault.
        error: FbrError,
    },
    /// An input that cannot be listed or opened (it names the file).
    Input(InputError),
    /// The output file cannot be written (it names the file).
    Output(OutputFileError),
    /// A theme of `cqlq annotate` that cannot be read or compiled.
    Annotate(AnnotateError),
    /// A read or write failing during the run (it names the file or stream).
    Io(std::io::Error),
    /// Standard output failing after the run (the persistent variables): `standard output:
    /// ERROR`.
    Stdout(std::io::Error),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(text) => f.write_str(text),
            CliError::Option { option, reason } => write!(f, "--{option}: {reason}"),
            CliError::OptionPath {
                option,
                path,
                error,
            } => write!(f, "--{option} {}: {error}", path.display()),
            CliError::OptionFile {
                option,
                path,
                error,
            } => write!(f, "--{option} {}", io_error_with_advice(path, error)),
            CliError::File { path, reason } => write!(f, "{}: {reason}", path.display()),
            CliError::QueryTooLong {
                name,
                length,
                limit,
            } => write!(
                f,
                "{name}: the query is {length} long, over the limit of {limit} \
                 (--max-query-bytes SIZE raises it)"
            ),
            CliError::OverwritesInput { input, advice } => {
                write!(
                    f,
                    "refusing to write the output over the input {input}{advice}"
                )
            }
            CliError::StdoutClosed => f.write_str(super::stdout_closed::MESSAGE),
            CliError::Query { name, reason } => write!(f, "{name}: {reason}"),
            CliError::Threads {
                threads: Some(n),
                error,
            } => write!(f, "cannot start {n} threads: {error}"),
            CliError::Threads {
                threads: None,
                error,
            } => write!(f, "cannot start the worker threads: {error}"),
            CliError::Definition(e) => write!(f, "{e}"),
            CliError::Rules { text, error } => f.write_str(&error.render(text)),
            CliError::Input(e) => write!(f, "{e}"),
            CliError::Output(e) => write!(f, "{e}"),
            CliError::Annotate(e) => write!(f, "{e}"),
            CliError::Io(e) => write!(f, "{e}"),
            CliError::Stdout(e) => write!(f, "standard output: {e}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<InputError> for CliError {
    fn from(e: InputError) -> CliError {
        CliError::Input(e)
    }
}

impl From<OutputFileError> for CliError {
    fn from(e: OutputFileError) -> CliError {
        CliError::Output(e)
    }
}

impl From<AnnotateError> for CliError {
    fn from(e: AnnotateError) -> CliError {
        CliError::Annotate(e)
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError::Io(e)
    }
}
