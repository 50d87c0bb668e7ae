//! The indexes a search uses: for each input file with a `.cqlqi` beside it that matches the
//! file (size, modification time, hash of its ends), the games to search: those whose
//! summary meets the query's condition ([`super::prune`]), read off the index in one pass
//! without holding its entries. The run searches only them ([`IndexedInput::survivors`]) and
//! counts the others as read. A stale, foreign or damaged index is never used:
//! [`IndexedSkips::open`] says why in its notes, and that file is scanned.

use std::collections::HashMap;
use std::path::Path;

use shakmaty::Bitboard;

use super::format::{IndexError, SourceId, Text};
use super::keys::{KeyNeed, key_need_of};
use super::prune::{Need, need_of, prunable};
use super::reader::{Columns, IndexBytes, IndexFile, read_header, read_strings, visit_games};
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
    /// The survivors' packed main lines one after another, when the search replays them
    /// ([`IndexedInput::packed_moves`]; empty otherwise).
    pub moves: Vec<u8>,
    /// What the games' places count: the file's bytes, or its zstd stream decompressed.
    pub text: Text,
    /// The longest game's length in bytes (over all the index's games).
    pub longest: u32,
    /// For a shard of the file (`--byte-range A-B`): where the index's games at or after
    /// each cut start (the shard's games are those between; [`IndexedInput::fits_shard`]).
    pub cuts: Option<ShardCuts>,
}

/// A shard's cuts (`--byte-range A-B`) placed among an index's games: for each cut, the
/// first byte of the first indexed game at or after it (the file's size when none).
/// [`IndexedInput::games`] and [`Survivor::position`] then count from the shard's first game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardCuts {
    /// The cuts as given, `A` and `B`.
    pub given: (u64, u64),
    /// The index's game starts at or after them.
    pub starts: (u64, u64),
}

impl IndexedInput {
    /// `game`'s main line packed (`index::moves`; `index::replay` plays it), when the index
    /// holds it (not for a game searched always).
    pub fn packed_moves(&self, game: &Survivor) -> Option<&[u8]> {
        let (at, len) = (game.moves_at as usize, game.moves_len as usize);
        (len > 0).then(|| self.moves.get(at..at + len)).flatten()
    }

    /// Whether the index fits the file as mapped now, `len` bytes (else it changed since
    /// the index was checked, and is scanned).
    pub fn fits(&self, len: usize) -> bool {
        self.text == Text::Plain && self.size == len as u64
    }

    /// Whether the index's games are the shard's of `data`, the whole file: the shard's
    /// games are those starting between its cuts' game starts as `--byte-range` finds them
    /// (`input::byte_range::shard_of`: a scan begun a megabyte before each cut), which are
    /// the index's (the whole file split once) when both are the index's first game starts
    /// at or after the cuts (or the file's end). Else (a cut inside a game or comment longer
    /// than the look-back) the shard is scanned as without an index.
    pub fn fits_shard(&self, data: &[u8]) -> bool {
        let Some(cuts) = self.cuts else {
            return self.fits(data.len());
        };
        let (a, b) = cuts.given;
        let found = crate::input::byte_range::shard_of(data, a, b);
        let (start, end) = cuts.starts;
        self.fits(data.len()) && (found.start as u64, found.end as u64) == (start, end.max(start))
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
    /// Where its packed moves start in [`IndexedInput::moves`] ([`IndexedInput::packed_moves`]).
    pub moves_at: u64,
    /// Their length (0: none: a game searched always, or moves not asked for).
    pub moves_len: u32,
}

/// The most candidate keys a key condition is tested alone with (then a game's false "may
/// hold" is about 8 in 2,000: `index::keys::BITS_PER_KEY`).
const KEYS_ALONE: usize = 8;

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
    /// condition rules something out, or when the search `replays` the games' main lines
    /// from their packed moves (`index::replay`: then every game it does not skip). A game
    /// longer than `longest_game` bytes is always searched (the search reports it).
    pub fn open<'a>(
        filter: &Node<Bitboard>,
        inputs: impl IntoIterator<Item = (&'a Path, String)>,
        longest_game: u64,
        replays: bool,
    ) -> Opened {
        Self::open_shard(filter, inputs, (longest_game, replays), None)
    }

    /// As [`IndexedSkips::open`], for the shard of each input between the cuts `range`
    /// (`--byte-range A-B`; None: the whole files): only the games of the index starting in
    /// it are kept, numbered from the shard's first ([`ShardCuts`]).
    pub fn open_shard<'a>(
        filter: &Node<Bitboard>,
        inputs: impl IntoIterator<Item = (&'a Path, String)>,
        (longest_game, replays): (u64, bool),
        range: Option<(u64, u64)>,
    ) -> Opened {
        let mut opened = Opened {
            skips: None,
            notes: Vec::new(),
            skipped_games: 0,
        };
        // A query that acts on games it does not match (`message`, `writefile`, ...) reads
        // every game's text: no index, neither to skip games nor to replay them.
        if !prunable(filter) {
            return opened;
        }
        let need = need_of(filter);
        let keyed = key_need_of(filter);
        if need.is_nothing() && keyed.is_none() && !replays {
            return opened;
        }
        let mut skips = IndexedSkips::default();
        for (path, name) in inputs {
            let index_path = super::index_path_for(path);
            if !index_path.exists() {
                continue;
            }
            let needs = (&need, keyed.as_ref());
            match games_to_search(path, &index_path, needs, (longest_game, replays), range) {
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
/// tests tags, and the columns it tests are read ([`survivors`]); the moves column too when
/// the search `replays` the survivors' main lines.
fn games_to_search(
    pgn: &Path,
    index_path: &Path,
    (need, keyed): (&Need, Option<&KeyNeed>),
    (longest_game, replays): (u64, bool),
    range: Option<(u64, u64)>,
) -> Result<IndexedInput, IndexError> {
    let file = IndexFile::open(index_path)?;
    let now = SourceId::of_file(pgn)?;
    survivors_keyed(&file, &now, (need, keyed), (longest_game, replays), range)
}

/// The games of the index in `src` that `need` admits, and those the index cannot rule on
/// (searched always, or longer than `longest_game`), when the index was made from the file
/// whose identity is now `now` (else [`IndexError::Stale`]); with `replays`, each
/// survivor's packed main line too ([`IndexedInput::packed_moves`]). Every part read is
/// checked first (`index::reader`): a damaged or hostile index is an error, never a wrong
/// list. With `range`, the cuts `(a, b)` of a shard (`--byte-range A-B`): only the games
/// starting in `[a, b)`, numbered from the first of them, and where the cuts fall among the
/// games ([`ShardCuts`]: every game start of the file is an index game's, so the first at or
/// after `a` is the shard's first; [`IndexedInput::fits_shard`] checks it against the file).
pub fn survivors<S: IndexBytes + ?Sized>(
    src: &S,
    now: &SourceId,
    need: &Need,
    limits: (u64, bool),
    range: Option<(u64, u64)>,
) -> Result<IndexedInput, IndexError> {
    survivors_keyed(src, now, (need, None), limits, range)
}

/// [`survivors`], with the condition `keyed` on the games' positions' keys too when the
/// index holds keys (`index::keys`): a game whose filter holds none of the keys has no
/// position the query can match at. With a few candidate keys (`KEYS_ALONE` at most) only
/// the keys are tested, with the flags when `need` tests nothing else: each condition is
/// necessary alone, so testing one of them skips no game the scan would match, and the
/// columns `need` would read (squares, counts, tags) are left unread; with more (each adds
/// its false "may hold"s: an exact `fen` of an opening position with every castling right
/// and en passant has up to 64) both are tested.
pub fn survivors_keyed<S: IndexBytes + ?Sized>(
    src: &S,
    now: &SourceId,
    (need, keyed): (&Need, Option<&KeyNeed>),
    (longest_game, replays): (u64, bool),
    range: Option<(u64, u64)>,
) -> Result<IndexedInput, IndexError> {
    let header = read_header(src)?;
    if let Some(why) = header.source.differs_from(now) {
        return Err(IndexError::Stale(why));
    }
    let keyed = keyed.filter(|_| header.keys);
    let flags_only = Need::Nothing;
    let need = match keyed {
        Some(k) if k.keys.len() <= KEYS_ALONE && need.columns() != Columns::default() => {
            &flags_only
        }
        _ => need,
    };
    let mut strings = Vec::new();
    if need.reads_tags() {
        read_strings(src, &header, |text| strings.push(text.to_string()))?;
    }
    let need = need.with_strings(&strings).simplified();
    let mut input = IndexedInput {
        size: now.size,
        games: header.games,
        survivors: Vec::new(),
        moves: Vec::new(),
        text: header.text,
        longest: 0,
        cuts: None,
    };
    let columns = Columns {
        moves: replays,
        keys: keyed.is_some(),
        ..need.columns()
    };
    let (a, b) = range.unwrap_or((0, u64::MAX));
    // The games before the shard and in it, and the first game starts at or after each cut.
    let (mut before, mut in_shard) = (0u64, 0u64);
    let (mut start_a, mut start_b) = (None, None);
    // The games come in the order of their offsets (each after the one before): those
    // before the shard, then its own, then those after it.
    let max_tag = visit_games(src, &header, columns, |game| {
        input.longest = input.longest.max(game.length);
        if game.offset < a {
            before += 1;
            return;
        }
        if game.offset >= b {
            // The first game after the shard is the first at or after `a` too when the
            // shard has none.
            start_a.get_or_insert(game.offset);
            start_b.get_or_insert(game.offset);
            return;
        }
        if in_shard == 0 {
            start_a = Some(game.offset);
        }
        in_shard += 1;
        if game.summary.must_scan()
            || u64::from(game.length) > longest_game
            || (need.admits(game.summary, &[]) && keyed.is_none_or(|k| k.admits(game.keys)))
        {
            // A game searched always has no packed moves (`moves` empty): its text is read.
            let moves_at = input.moves.len() as u64;
            input.moves.extend_from_slice(game.moves);
            input.survivors.push(Survivor {
                position: game.position - before,
                offset: game.offset,
                length: game.length,
                moves_at,
                moves_len: game.moves.len() as u32,
            });
        }
    })?;
    if max_tag as usize > strings.len() {
        return Err(IndexError::Corrupt("a tag outside the string table"));
    }
    if let Some(given) = range {
        input.games = in_shard;
        input.cuts = Some(ShardCuts {
            given,
            starts: (start_a.unwrap_or(now.size), start_b.unwrap_or(now.size)),
        });
    }
    Ok(input)
}
