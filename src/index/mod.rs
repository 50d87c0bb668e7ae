//! The game index (`cqlq index`, `docs/index.md`): a `.cqlqi` file beside a PGN file holding,
//! per game, where its text lies, a summary of its positions and moves, and its main line's
//! moves packed; a search derives from its query a condition every matching game meets
//! ([`prune`]) and skips, without reading them, the games whose summary fails it.
//!
//! - [`summary`]: one game → its summary (or "search this game").
//! - [`format`](mod@format): the file's layout, and its writing.
//! - [`reader`]: the file read with every check, only the columns asked for.
//! - [`build`]: a source's bytes → its index (only the new games of a grown file).
//! - [`prune`]: the query's IR → a necessary condition on a summary.
//! - [`keys`]: positions' Zobrist keys as a Bloom filter a game, and an exact position's condition.
//! - [`replay`]: a game's main line replayed from its packed moves.
//! - [`use_index`]: the indexes a search may use, and which games it may skip.

pub mod build;
pub mod earlier;
pub mod format;
pub mod keys;
pub mod moves;
pub mod prune;
pub mod reader;
pub mod replay;
pub mod summary;
pub mod tag_values;
pub mod use_index;

pub use format::{Index, IndexError, SourceId};

/// The index file beside `pgn`: its name with `.cqlqi` appended (`games.pgn.cqlqi`).
pub fn index_path_for(pgn: &std::path::Path) -> std::path::PathBuf {
    let mut name = pgn.as_os_str().to_os_string();
    name.push(".cqlqi");
    std::path::PathBuf::from(name)
}
