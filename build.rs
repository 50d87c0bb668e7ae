//! Generates the man page (`cqlq.1`, clap_mangen) and the bash, zsh and fish completions
//! (clap_complete) from the command line's clap definitions, `src/cli/args.rs` and
//! `src/cli/annotate_args.rs` (the `annotate` subcommand), into `OUT_DIR`;
//! the binary embeds them (`cqlq --print-man`, `cqlq --completions SHELL`).

use std::path::PathBuf;

use clap::CommandFactory;
use clap_complete::Shell;

#[allow(dead_code)]
#[path = "src/cli/args.rs"]
mod args;

#[allow(dead_code)]
#[path = "src/cli/annotate_args.rs"]
mod annotate_args;

fn main() -> std::io::Result<()> {
    println!("cargo::rerun-if-changed=src/cli/args.rs");
    println!("cargo::rerun-if-changed=src/cli/annotate_args.rs");
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // `cqlq annotate` is chosen by `main` before clap parses; here it is the subcommand it is.
    let annotate = annotate_args::AnnotateCli::command()
        .name("annotate")
        .bin_name("cqlq annotate");
    let mut cmd = args::Cli::command().subcommand(annotate);
    let mut man = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut man)?;
    std::fs::write(out.join("cqlq.1"), man)?;
    for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
        clap_complete::generate_to(shell, &mut cmd, "cqlq", &out)?;
    }
    Ok(())
}
