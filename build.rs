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
    let mut cmd = args::Cli::command().subcommand(annotate.clone());
    std::fs::write(out.join("cqlq.1"), man_page(&cmd, annotate)?)?;
    for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
        clap_complete::generate_to(shell, &mut cmd, "cqlq", &out)?;
    }
    Ok(())
}

/// `cqlq.1`: clap_mangen's sections of `cqlq` without its SUBCOMMANDS section (which names
/// `cqlq-annotate(1)` and `cqlq-help(1)`, pages nothing produces), then a COMMANDS section
/// (`cqlq annotate`, `cqlq split`, `cqlq help`) and ANNOTATE OPTIONS, `cqlq annotate`'s
/// options, in this one page.
fn man_page(cmd: &clap::Command, annotate: clap::Command) -> std::io::Result<Vec<u8>> {
    let man = clap_mangen::Man::new(cmd.clone().disable_help_subcommand(true));
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    let about = annotate
        .get_about()
        .map(|a| a.to_string())
        .unwrap_or_default();
    let commands = format!(
        ".SH COMMANDS\n.TP\ncqlq annotate [OPTIONS] THEMES... PGN...\n{}\n.TP\n\
         cqlq split [OPTIONS] PGN\nCut a PGN file into shards of whole games (see \\fBcqlq \
         split \\-\\-help\\fR)\n.TP\ncqlq help [COMMAND]\nThe help of cqlq, or of one of its \
         commands\n",
        about.replace('-', "\\-")
    );
    page.extend_from_slice(commands.as_bytes());
    let mut options = Vec::new();
    clap_mangen::Man::new(annotate).render_options_section(&mut options)?;
    let options =
        String::from_utf8_lossy(&options).replace(".SH OPTIONS", ".SH \"ANNOTATE OPTIONS\"");
    page.extend_from_slice(options.as_bytes());
    man.render_extra_section(&mut page)?;
    man.render_version_section(&mut page)?;
    Ok(page)
}
