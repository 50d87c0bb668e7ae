//! The command line: what the user asked for, parsed by clap.

use std::path::PathBuf;

use clap::Parser;

/// cqlq: find chess ideas in PGN game collections with the Chess Query Language (CQL 6).
#[derive(Parser, Debug)]
#[command(
    name = "cqlq",
    version,
    about = "Run a Chess Query Language (CQL 6) query over PGN games",
    after_help = "Examples:\n  cqlq queries/smothered-mate.cql games.pgn          matched games, annotated, as PGN\n  cqlq --fen -e 'mate' games.pgn                     one FEN per matched position\n  cqlq --count -e 'move promote [RBN]' games.pgn     number of games with an underpromotion\n  cat games.pgn | cqlq --json -e 'stalemate'         JSON lines from stdin\n\nExit status: 0 some game matched, 1 none matched, 2 trouble (query error, unreadable input)."
)]
pub struct Cli {
    /// The query text inline (like CQL's -cql); then every positional argument is a PGN file.
    #[arg(short = 'e', long = "expr", value_name = "TEXT")]
    pub expr: Option<String>,

    /// QUERY.cql then PGN files (or only PGN files with -e). No PGN, or `-`, reads stdin.
    #[arg(value_name = "QUERY.cql | PGN")]
    pub args: Vec<PathBuf>,

    /// Write the output to FILE (via a temporary file renamed when complete).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Print one FEN line per matched position.
    #[arg(long, group = "format")]
    pub fen: bool,

    /// Print one JSON object per line per matched position.
    #[arg(long, group = "format")]
    pub json: bool,

    /// Print only the number of matched games.
    #[arg(long, group = "format")]
    pub count: bool,

    /// Also search positions inside variations (default: main line only, as CQL 6).
    #[arg(long)]
    pub variations: bool,

    /// Leave out the {Game number N} comment at the start of each output game.
    #[arg(long)]
    pub noheader: bool,

    /// Worker threads (default: all cores).
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub threads: Option<usize>,

    /// Never show the progress bar.
    #[arg(long)]
    pub no_progress: bool,

    /// The query's language: `cql` (CQL 6) or `cqls` (the s-expression dialect CQL-S).
    /// Default: CQL-S when the query begins with `(match` or `(position`, else CQL 6.
    #[arg(long, value_name = "cql|cqls", value_parser = ["cql", "cqls"])]
    pub dialect: Option<String>,

    /// A UCI chess engine (e.g. /usr/games/stockfish) for CQL-S's `:evaluation` and
    /// `:moveevaluation`; a query using them without this option is refused.
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,

    /// No summary line on stderr.
    #[arg(short, long)]
    pub quiet: bool,

    /// Rules for games without a [Variant] tag (e.g. crazyhouse, atomic, 3check, chess960);
    /// a game's own tag still wins.
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,

    /// Only compile the query: print its syntax tree, exit 0 if CQL 6.2 accepts it, 2 if not.
    #[arg(long)]
    pub parse: bool,

    /// Fairy variant definitions in SjaakII's variants.txt format (repeatable); a game's
    /// [Variant] tag or --variant may name them (standard and online names take precedence).
    #[arg(long = "variants", value_name = "FILE")]
    pub variants: Vec<PathBuf>,

    /// Refuse queries that read or write files (`readfile`, `writefile`), as CQLi's --secure.
    #[arg(long)]
    pub secure: bool,
}
