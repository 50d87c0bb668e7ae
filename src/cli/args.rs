//! The command line: what the user asked for, parsed by clap.

use std::path::PathBuf;

use clap::Parser;

/// Examples for each common task, shown after the options by `--help`.
const HELP_EXAMPLES: &str = "\
Examples:
  Matched games to a file, annotated ({CQL} at each matched position):
    cqlq queries/smothered-mate.cql games.pgn -o smothered.pgn
  Inline query, one FEN per matched position (for pipes):
    cqlq --fen -e 'mate' games.pgn | sort | uniq -c
  JSON lines from stdin:
    cat games.pgn | cqlq --json -e 'stalemate'
  Count the games with an underpromotion:
    cqlq --count -e 'move promote [RBN]' games.pgn
  Chess variants (a game's [Variant] tag wins) and fairy definitions:
    cqlq --variant crazyhouse -e 'check' zh.pgn
    cqlq --variants variants.txt -e 'mate' fairy.pgn
  A CQL-S (s-expression) query:
    cqlq -e '(match (position :check))' games.pgn
  Annotate games with themes:
    cqlq annotate THEMES... PGN... -o annotated.pgn
  Compressed input:
    cqlq -e 'mate' games.pgn.zst
  CQL 6.2's command line, unchanged:
    cqlq -s -i games.pgn -o out.pgn -gamenumber 1 100 -matchstring Mate mate.cql

Man page and completions: cqlq --print-man, cqlq --completions bash|zsh|fish.
Exit status: 0 some game matched, 1 none matched, 2 trouble (query error, unreadable input).";

/// cqlq: find chess ideas in PGN game collections with the Chess Query Language (CQL 6).
/// CQL 6.2's transform options (`-flipcolor`): each wraps the query's body in that transform.
pub const TRANSFORMS: [&str; 10] = [
    "flip",
    "flipcolor",
    "flipvertical",
    "fliphorizontal",
    "shift",
    "shifthorizontal",
    "shiftvertical",
    "rotate90",
    "rotate45",
    "reversecolor",
];

#[derive(Parser, Debug)]
#[command(
    name = "cqlq",
    version,
    about = "Run a Chess Query Language (CQL 6) query over PGN games",
    override_usage = "cqlq [OPTIONS] [QUERY.cql | PGN]...\n       \
                      cqlq annotate [OPTIONS] THEMES... PGN... (see cqlq annotate --help)",
    after_help = HELP_EXAMPLES
)]
pub struct Cli {
    /// The query text inline; then every positional argument is a PGN file (--cql adds filters to
    /// a query file instead). The next argument is the query even when it starts with `-`
    /// (`-e '--Qa4'`, `-e -3`; `-e=TEXT` also works).
    #[arg(
        short = 'e',
        long = "expr",
        value_name = "TEXT",
        allow_hyphen_values = true
    )]
    pub expr: Option<String>,

    /// QUERY.cql then PGN files (or only PGN files with -e). No PGN, or `-`, reads stdin.
    #[arg(value_name = "QUERY.cql | PGN")]
    pub args: Vec<PathBuf>,

    /// Write the output to FILE (via a temporary file renamed when complete); `-`: stdout.
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

    /// Print one line per matched game: its game number, in input order (a query with `sort`:
    /// in the order of its sort values, as the games themselves are written).
    #[arg(long, group = "format")]
    pub gamenumbers: bool,

    /// Print each matched position as a board: Unicode pieces, the squares the query's set
    /// filter marked highlighted (in colour on a terminal unless NO_COLOR is set; else in
    /// brackets).
    #[arg(long, group = "format")]
    pub diagram: bool,

    /// Write one self-contained HTML page to FILE: an SVG board per matched position (marked
    /// squares highlighted), the game's tags and the moves around the match (`-`: standard
    /// output).
    #[arg(long, group = "format", value_name = "FILE", conflicts_with_all = ["output", "append"])]
    pub html: Option<PathBuf>,
    /// Print one EPD line per matched position: the FEN's first four fields and
    /// `id "game N ply P";`.
    #[arg(long, group = "format")]
    pub epd: bool,

    /// Stop after N matched games (the first N in input order); no further games are read.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Write each matched game to a file named by its value of TAG: `-o DIR` gives
    /// DIR/VALUE.pgn (.fen, .epd, .jsonl, .txt by format), `-o 'out/eco-{}.pgn'` a pattern;
    /// a game without the tag goes to no-TAG.
    #[arg(long, value_name = "TAG")]
    pub split_by: Option<String>,

    /// With --split-by: the most output files kept open at once (CQLi's option; default 128,
    /// fewer when the open-file limit, `ulimit -n`, leaves less room).
    #[arg(long, value_name = "N")]
    pub maxopenoutputfiles: Option<usize>,

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

    /// Search every game, without the index (`PGN.cqlqi`) a file may have (see `cqlq index`).
    #[arg(long)]
    pub no_index: bool,

    /// The query's language: `cql` (CQL 6) or `cqls` (the s-expression dialect CQL-S).
    /// Default: CQL-S when the query begins with `(match` or `(position`, else CQL 6.
    #[arg(long, value_name = "cql|cqls", value_parser = ["cql", "cqls"])]
    pub dialect: Option<String>,

    /// A UCI chess engine (e.g. /usr/games/stockfish) for CQL-S's `:evaluation` and
    /// `:moveevaluation`; a query using them without this option is refused.
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,

    /// A folder of Syzygy endgame tables (.rtbw files) for CQL-S's `:endgameevaluation`; a
    /// query using it without this option is refused.
    #[arg(long, value_name = "DIR")]
    pub syzygy: Option<PathBuf>,

    /// No summary line on stderr.
    #[arg(short = 'q', long = "no-summary")]
    pub no_summary: bool,

    /// CQL's `quiet`: no `CQL` comment at matched positions, only the query's own comments.
    #[arg(long, conflicts_with = "silent")]
    pub quiet: bool,

    /// CQL's `silent`: no comments added at all (not even `{Game number N}`).
    #[arg(long)]
    pub silent: bool,

    /// Search the main line only, even when the query's header says `variations`.
    #[arg(long, conflicts_with = "variations")]
    pub mainline: bool,

    /// Only games with A to B matched positions are matched games (B defaults to A).
    #[arg(long, value_name = "A [B]", num_args = 1..=2)]
    pub matchcount: Vec<String>,

    /// The comment at each matched position, instead of `CQL` ("" for none).
    #[arg(long, value_name = "TEXT")]
    pub matchstring: Option<String>,

    /// Only games numbered A to B (`--gamenumber 5`, `--gamenumber 5 9`, `--gamenumber 5-9`).
    #[arg(long, value_name = "A [B]", num_args = 1..=2)]
    pub gamenumber: Vec<String>,

    /// Only games where White or Black contains NAME (skipped before replay).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,

    /// Only games whose White tag matches the regular expression RE.
    #[arg(long, value_name = "RE")]
    pub white: Option<String>,

    /// Only games whose Black tag matches the regular expression RE.
    #[arg(long, value_name = "RE")]
    pub black: Option<String>,

    /// Only games whose Event tag contains TEXT.
    #[arg(long, value_name = "TEXT")]
    pub event: Option<String>,

    /// Only games whose Site tag contains TEXT.
    #[arg(long, value_name = "TEXT")]
    pub site: Option<String>,

    /// Only games played in years A to B (from the Date tag).
    #[arg(long, value_name = "A [B]", num_args = 1..=2)]
    pub year: Vec<String>,

    /// Only games with this result: 1-0, 0-1 or 1/2-1/2.
    #[arg(long, value_name = "R")]
    pub result: Option<String>,

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

    /// FBR rules added to every game's variant (e.g. "atomic", "hill[d-e4-5]",
    /// "holding=demote drop{P}[2-7]"): standard games replay on the bundled chess with them,
    /// fairy games on their definition with them; see docs/fbr.md.
    #[arg(long, value_name = "FBR")]
    pub rules: Option<String>,

    /// Refuse queries that read or write files (`readfile`, `writefile`, `commandpipe`), as
    /// CQLi's --secure, and the cql(...) header's `input`, `output`, `persistentfile`, `html`.
    #[arg(long)]
    pub secure: bool,

    /// Add the output to the end of the -o file instead of replacing it (CQLi's --append).
    #[arg(short = 'a', long)]
    pub append: bool,

    /// Refuse to overwrite an existing -o file (CQLi's --noclobber).
    #[arg(long)]
    pub noclobber: bool,

    /// Make the -o file's missing directories (CQLi's --createdirectories).
    #[arg(long)]
    pub createdirectories: bool,

    /// Run the query but create no file: print the -o file name instead (CQLi's --dryrun).
    #[arg(long)]
    pub dryrun: bool,

    /// Read games from FILE when no PGN is given as an argument (CQL's -input / -i; overrides
    /// the header's `input`); `-`: stdin.
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,

    /// Filters ANDed with the query file's body, before it (CQL 6.2's -cql, repeatable);
    /// without a query file they are the query.
    #[arg(long = "cql", value_name = "FILTERS", allow_hyphen_values = true)]
    pub cql: Vec<String>,

    /// CQL 6.2's transform options (-flip, -flipcolor, -shift, ...): the query's body is
    /// wrapped in the transform (repeatable, the first given outermost).
    #[arg(long, value_name = "TRANSFORM", hide = true, value_parser = TRANSFORMS)]
    pub transform: Vec<String>,

    /// The largest game read, in bytes of PGN text (K, M, G suffixes; default 4M): a longer
    /// game is reported and skipped.
    #[arg(long, value_name = "SIZE")]
    pub max_game_bytes: Option<String>,

    /// The largest query text, in bytes (K, M, G suffixes; default 1M).
    #[arg(long, value_name = "SIZE")]
    pub max_query_bytes: Option<String>,

    /// The largest ICN game: start pieces × positions (default 4000000): a larger game is
    /// reported and skipped.
    #[arg(long, value_name = "N")]
    pub max_icn_board: Option<String>,

    /// Print `<N>` on stderr for each matched game N, as it is written (CQL's -showmatches).
    #[arg(long)]
    pub showmatches: bool,

    /// Search only the games that start in bytes [A, B) of the one plain PGN input (a shard:
    /// the shards of a file, cut anywhere, hold each game once; see docs/scale-out.md).
    #[arg(long, value_name = "A-B")]
    pub byte_range: Option<String>,

    /// Standard input's first byte is byte N of its file (a line start): for --byte-range and
    /// the byte offsets in messages.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub input_offset: u64,

    /// Number the input's games from N (its first game is game N of its file): game numbers,
    /// `gamenumber`, `{Game number N}`.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub first_game_number: u64,

    /// Print the man page (troff), generated by the build, and exit.
    #[arg(long, hide = true)]
    pub print_man: bool,

    /// Print the completion script for SHELL (bash, zsh or fish), generated by the build, and
    /// exit.
    #[arg(long, value_name = "SHELL", hide = true, value_parser = ["bash", "zsh", "fish"])]
    pub completions: Option<String>,
}
