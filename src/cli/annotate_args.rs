//! The command line of `cqlq annotate`, parsed by clap (a file of its own so that `build.rs`
//! can add it to the man page and completions as the `annotate` subcommand).

use std::path::PathBuf;

use clap::Parser;

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
never replaced: the text replaced goes to FILE.bak.1, FILE.bak.2, ..., the first free number) \
and renames the new file over the input: an error or interruption leaves the input untouched. \
Compressed inputs (.gz, .zst, .bz2) are read decompressed; --in-place refuses them. Annotating again with the same themes changes \
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

    /// No summary line on stderr (and no progress display).
    #[arg(short = 'q', long = "no-summary")]
    pub no_summary: bool,

    /// No progress display (shown on stderr when it is a terminal, as the search's).
    #[arg(long)]
    pub no_progress: bool,
}
