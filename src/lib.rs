//! cqlq: the Chess Query Language over PGN game collections.
//!
//! The stages (see `docs/architecture.md`):
//!
//! | stage | module | converts |
//! | --- | --- | --- |
//! | shared words | [`chess`] ([`chess::squares`], also [`squares`]) | sides, piece types and kinds, letters; squares, board geometry |
//! | parse | [`query`] | CQL text → syntax tree ([`query::cql_to_ast`]) |
//! | check | [`query`] (`query/check/`) | syntax tree → CQL 6.2's verdict and the variables' types ([`query::check_ast`]) |
//! | lower | [`query`] (`query/lower/`) | syntax tree → filter IR ([`query::ast_to_ir`]; [`ir`], CQL-S's part in [`ir::cqls`]) |
//! | read | [`pgn`] | PGN bytes → game slices → game trees |
//! | replay | [`rules`] | moves → positions, with the game's rules |
//! | evaluate | [`eval`] | IR × position → match (CQL-S's engine: [`eval::engine`]) |
//! | print | [`output`] | matches → PGN, FEN or JSON lines |
//! | run | [`run`] | all of the above, in parallel, in input order |
//! | annotate | [`annotate`] | several queries × PGN → the same PGN with comments and a tag |
//! | programs | [`api`] | compile once, search files or text in memory, each match as its `--json` line (the Python package) |

/// `eprintln!` that ignores a failure to write (a full or closed stderr) instead of
/// panicking; it shadows std's in every module below (see the `output::diagnostics` module).
macro_rules! eprintln {
    () => {
        $crate::output::diagnostics::write_stderr(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::diagnostics::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` that ignores a failure to write, as `eprintln!` above.
#[allow(unused_macros)]
macro_rules! eprint {
    ($($arg:tt)*) => {
        $crate::output::diagnostics::write_stderr(format_args!($($arg)*))
    };
}

pub mod annotate;
pub mod api;
pub mod chess;
pub mod eval;
pub mod index;
pub mod input;
pub mod ir;
pub mod output;
pub mod pgn;
pub mod query;
pub mod rules;
pub mod run;
/// The square sets and board geometry, [`chess::squares`], at the path they had before they
/// joined the shared chess words.
pub use chess::squares;
