//! The indexes a search uses: for each input file with a `.cqlqi` beside it that matches the
//! file (size, modification time, hash of its ends), the games to search: those whose
//! summary meets the query's condition ([`super::prune`]), read off the index in one pass
//! without holding its entries. The run searches only them ([`IndexedInput::survivors`]) and
//! counts the others as read. A stale, foreign or damaged index is never used:
//! [`IndexedSkips::open`] says why in its notes, and that file is scanned.

use std::collections::HashMap;
use std::path::Path;

use shakmaty::Bitboard;

use super::format::{IndexError, SourceId};
use super::prune::{Need, need_of, prunable};
use super::reader::{IndexBytes, IndexFile, read_header, read_strings, visit_games};
use crate::ir::Node;

/// The indexed inputs of a search (by their name as the run gives it): per input, the
/// games to search.
#[derive(Debug, Default)]
pub struct IndexedSkips {
    inputs: HashMap<String, IndexedInput>,
}

/// One indexed input: how many games it holds, and which of them the search reads.
#[derive(Debug, Default)]
pub struct IndexedInput {
    /// The size of the file the index was made from (the games lie inside it).
    pub size: u64,
    /// The games of the file, as the search splits them (`pgn::split_games`).
    pub games: u64,
    /// The games to search, in file order.
    pub survivors: Vec<Survivor>,
}

impl IndexedInput {
    /// Whether the index fits the file as mapped now, `len` bytes (else it changed since
    /// the index was checked, and is scanned).
    pub fn fits(&self, len: usize) -> bool {
        self.size == len as u64
    }
}

/// A game the search reads: its place among the file's games and in its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Survivor {
    /// Its place among the file's games (0 for the first).
    pub position: u64,
    /// Its first byte in the file.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u32,
}

/// What [`IndexedSkips::open`] found: the indexed inputs, and a note per index not used.
pub struct Opened {
    /// The indexed inputs (None: no index used, every game searched).
    pub skips: Option<IndexedSkips>,
    /// Why an index beside an input was not used (one line each, for stderr).
    pub notes: Vec<String>,
    /// Games skipped over all the inputs (for `--stats`-like reports and tests).
    pub skipped_games: u64,
}

impl IndexedSkips {
    /// The games to search for `filter` over the plain files `inputs` (each with its name in
    /// the run's messages): an index is read only when the query allows skipping and its
    /// condition rules something out. A game longer than `longest_game` bytes is always
    /// searched (the search reports it).
    pub fn open<'a>(
        filter: &Node<Bitboard>,
        inputs: impl IntoIterator<Item = (&'a Path, String)>,
        longest_game: u64,
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
            match games_to_search(path, &index_path, &need, longest_game) {
                Ok(input) => {
                    opened.skipped_games += input.games - input.survivors.len() as u64;
                    skips.inputs.insert(name, input);
                }
                Err(e) => opened.notes.push(format!(
                    "cqlq: {}: not used, {name} is searched without it: {e}",
                    index_path.display()
                )),
            }
        }
        if !skips.inputs.is_empty() {
            opened.skips = Some(skips);
        }
        opened
    }

    /// The games to search in the input named `input`, when it is indexed.
    pub fn input(&self, input: &str) -> Option<&IndexedInput> {
        self.inputs.get(input)
    }
}

/// The games of the index at `index_path` (of the PGN at `pgn`) that `need` admits (and
/// those the index cannot rule on): only the header, the string table when the condition
/// tests tags, and the columns it tests are read ([`survivors`]).
fn games_to_search(
    pgn: &Path,
    index_path: &Path,
    need: &Need,
    longest_game: u64,
) -> Result<IndexedInput, IndexError> {
    let file = IndexFile::open(index_path)?;
    survivors(&file, &SourceId::of_file(pgn)?, need, longest_game)
}

/// The games of the index in `src` that `need` admits, and those the index cannot rule on
/// (searched always, or longer than `longest_game`), when the index was made from the file
/// whose identity is now `now` (else [`IndexError::Stale`]). Every part read is checked
/// first (`index::reader`): a damaged or hostile index is an error, never a wrong list.
pub fn survivors<S: IndexBytes + ?Sized>(
    src: &S,
    now: &SourceId,
    need: &Need,
    longest_game: u64,
) -> Result<IndexedInput, IndexError> {
    let header = read_header(src)?;
    if let Some(why) = header.source.differs_from(now) {
        return Err(IndexError::Stale(why));
    }
    let mut strings = Vec::new();
    if need.reads_tags() {
        read_strings(src, &header, |text| strings.push(text.to_string()))?;
    }
    let need = need.with_strings(&strings);
    let mut input = IndexedInput {
        size: now.size,
        games: header.games,
        survivors: Vec::new(),
    };
    let max_tag = visit_games(src, &header, need.columns(), |game| {
        if game.summary.must_scan()
            || u64::from(game.length) > longest_game
            || need.admits(game.summary, &[])
        {
            input.survivors.push(Survivor {
                position: game.position,
                offset: game.offset,
                length: game.length,
            });
        }
    })?;
    if max_tag as usize > strings.len() {
        return Err(IndexError::Corrupt("a tag outside the string table"));
    }
    Ok(input)
}
