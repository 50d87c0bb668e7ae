//! The `cqlq` binary: command line → query → run → exit status (0 match, 1 none, 2 trouble).

/// `eprintln!` that ignores a failure to write stderr instead of panicking
/// (`cqlq::output::diagnostics`); it shadows std's in every module below.
macro_rules! eprintln {
    () => {
        cqlq::output::diagnostics::write_stderr(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        cqlq::output::diagnostics::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` that ignores a failure to write, as `eprintln!` above.
macro_rules! eprint {
    ($($arg:tt)*) => {
        cqlq::output::diagnostics::write_stderr(format_args!($($arg)*))
    };
}

mod cli;

use std::process::ExitCode;

use clap::Parser;

use cli::TROUBLE;
use cli::args::Cli;

fn main() -> ExitCode {
    // Interrupted runs remove their temporary output files (`output::temp_files`).
    if let Err(e) = cqlq::output::temp_files::remove_on_signals() {
        eprintln!("cqlq: cannot watch for interruptions: {e}");
    }
    // An input truncated while mapped is reported by name (`input::mapped`).
    if let Err(e) = cqlq::input::mapped::catch_bus_errors() {
        eprintln!("cqlq: cannot watch for inputs that shrink: {e}");
    }
    if std::env::args_os().nth(1).is_some_and(|a| a == "annotate") {
        return cli::annotate::main();
    }
    if std::env::args_os().nth(1).is_some_and(|a| a == "split") {
        return cli::split::main();
    }
    if std::env::args_os().nth(1).is_some_and(|a| a == "index") {
        return cli::index::main();
    }
    // `cqlq help [COMMAND]`, as clap's help subcommand (a file named `help` is `./help`).
    if std::env::args_os().nth(1).is_some_and(|a| a == "help") {
        let rest: Vec<_> = std::env::args_os().skip(2).collect();
        return cli::help::main(&rest);
    }
    // CQL 6.2's converters (`cqlq -a q.cql`, `-u`, `-utf8`, `-html`, `-echo`, `-colorize`).
    let args: Vec<_> = std::env::args_os().collect();
    if let Some(call) = cli::convert::converter_call(&args) {
        return cli::convert::main(call);
    }
    let cli = Cli::parse_from(cli::aliases::cql_args_to_cqlq_or_exit(std::env::args_os()));
    match cli::search::search(cli) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("cqlq: {message}");
            ExitCode::from(TROUBLE)
        }
    }
}
