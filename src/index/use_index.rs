//! The indexes a search uses: for each input file with a `.cqlqi` beside it that matches the
//! file (size, modification time, hash of its ends), the games whose summary fails the
//! query's condition ([`super::prune`]); the run asks [`IndexedSkips::skips`] before reading
//! a game. A stale, foreign or damaged index is never used: [`IndexedSkips::open`] says why
//! in its notes, and those games are searched.

use std::collections::HashMap;
use std::path::Path;

use shakmaty::Bitboard;

use super::format::{IndexError, SourceId, read_index};
use super::prune::{Need, need_of, prunable};
use crate::ir::Node;

/// The games a search may skip, per input file (by its name as the run gives it).
#[derive(Debug, Default)]
pub struct IndexedSkips {
    /// Per input name: the skipped games' (offset, length), by offset.
    skipped: HashMap<String, Vec<(u64, u32)>>,
}

/// What [`IndexedSkips::open`] found: the skips, and a note per index not used.
pub struct Opened {
    /// The games to skip (None: no index used, nothing skipped).
    pub skips: Option<IndexedSkips>,
    /// Why an index beside an input was not used (one line each, for stderr).
    pub notes: Vec<String>,
    /// Games skipped over all the inputs (for `--stats`-like reports and tests).
    pub skipped_games: u64,
}

impl IndexedSkips {
    /// The skips for `filter` over the plain files `inputs` (each with its name in the run's
    /// messages): an index is read only when the query allows skipping and its condition
    /// rules something out.
    pub fn open<'a>(
        filter: &Node<Bitboard>,
        inputs: impl IntoIterator<Item = (&'a Path, String)>,
    ) -> Opened {
        let mut opened = Opened {
            skips: None,
            notes: Vec::new(),
            skipped_games: 0,
        };
        if !prunable(filter) {
            return opened;
        }
        let need = need_of(filter);
        if need.is_nothing() {
            return opened;
        }
        let mut skips = IndexedSkips::default();
        for (path, name) in inputs {
            let index_path = super::index_path_for(path);
            if !index_path.exists() {
                continue;
            }
            match skipped_games(path, &index_path, &need) {
                Ok(games) => {
                    opened.skipped_games += games.len() as u64;
                    skips.skipped.insert(name, games);
                }
                Err(e) => opened.notes.push(format!(
                    "cqlq: {}: not used, {name} is searched without it: {e}",
                    index_path.display()
                )),
            }
        }
        if !skips.skipped.is_empty() {
            opened.skips = Some(skips);
        }
        opened
    }

    /// Whether the game at `offset` (its first byte) of `len` bytes in the input named
    /// `input` may be skipped: the index holds a game there of that length whose summary
    /// fails the query's condition.
    pub fn skips(&self, input: &str, offset: u64, len: usize) -> bool {
        let Some(games) = self.skipped.get(input) else {
            return false;
        };
        games
            .binary_search_by_key(&offset, |&(o, _)| o)
            .is_ok_and(|i| games[i].1 as usize == len)
    }
}

/// The games of the index at `index_path` (of the PGN at `pgn`) that `need` rules out.
fn skipped_games(
    pgn: &Path,
    index_path: &Path,
    need: &Need,
) -> Result<Vec<(u64, u32)>, IndexError> {
    let index = read_index(index_path)?;
    let now = SourceId::of_file(pgn)?;
    if let Some(why) = index.source.differs_from(&now) {
        return Err(IndexError::Stale(why));
    }
    Ok(index
        .games
        .iter()
        .filter(|g| !g.summary.must_scan() && !need.admits(&g.summary, &index.strings))
        .map(|g| (g.offset, g.length))
        .collect())
}
