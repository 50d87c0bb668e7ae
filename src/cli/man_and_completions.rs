//! The man page and shell completions that `build.rs` generates from the clap definition
//! (`clap_mangen`, `clap_complete`) into `OUT_DIR`, embedded in the binary and printed by the
//! hidden options `--print-man` and `--completions SHELL` (for packagers:
//! `cqlq --print-man > cqlq.1`, `cqlq --completions bash > cqlq.bash`).

use crate::cli::args::Cli;

/// `cqlq.1`, troff.
pub const MAN_PAGE: &str = include_str!(concat!(env!("OUT_DIR"), "/cqlq.1"));
/// The bash completion script.
pub const BASH: &str = include_str!(concat!(env!("OUT_DIR"), "/cqlq.bash"));
/// The zsh completion script.
pub const ZSH: &str = include_str!(concat!(env!("OUT_DIR"), "/_cqlq"));
/// The fish completion script.
pub const FISH: &str = include_str!(concat!(env!("OUT_DIR"), "/cqlq.fish"));

/// Prints what `--print-man` or `--completions SHELL` asked for; false when neither was given.
pub fn print_requested(cli: &Cli) -> bool {
    let text = if cli.print_man {
        MAN_PAGE
    } else {
        match cli.completions.as_deref() {
            Some("bash") => BASH,
            Some("zsh") => ZSH,
            Some("fish") => FISH,
            _ => return false,
        }
    };
    print!("{text}");
    true
}
