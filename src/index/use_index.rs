//! The indexes a search uses: for each input file with a `.cqlqi` beside it that matches the
//! file (size, modification time, hash of its ends), the games to search: those whose
//! summary meets the query's condition ([`super::prune`]), read off the index in one pass
//! without holding its entries. The run searches only them
//! ([`IndexedInput::survivor_blocks`]) and counts the others as read. A stale, foreign or
//! damaged index is never used: [`IndexedSkips::open`] says why in its notes, and that file
//! is scanned. Memory is flat in the number of games: the survivors are held when they take
//! at most [`HELD_BYTES`], else the search reads them again from the index a block at a time.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;

use shakmaty::Bitboard;

use super::format::{BLOCK_GAMES, Header, IndexError, SourceId, Text};
use super::keys::{KeyNeed, key_need_of};
use super::prune::{Need, need_of, prunable};
use super::reader::{
    BlockVisits, Columns, GameRead, IndexFile, check_tags, read_header, read_strings,
};
use crate::ir::Node;

/// The indexed inputs of a search (by their name as the run gives it): per input, the
/// games to search.
#[derive(Debug, Default)]
pub struct IndexedSkips {
    inputs: HashMap<String, IndexedInput>,
}

/// One indexed input: how many games it holds, and which of them the search reads.
#[derive(Debug)]
pub struct IndexedInput {
    /// The size of the file the index was made from (the games lie inside it).
    pub size: u64,
    /// The games of the file, as the search splits them (`pgn::split_games`).
    pub games: u64,
    /// How many of them the search reads.
    pub survivor_count: u64,
    /// The games to search: held, or read again ([`IndexedInput::survivor_blocks`]).
    survivors: Survivors,
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

/// The most bytes an input's survivors are held in (each [`Survivor`] and its packed moves)
/// before the search reads them again from the index a block of games at a time instead: a
/// selective query's survivors are held (no second reading), and the memory of a search
/// that reads most games of a file of any size stays flat (under twice this while the
/// vectors grow, then a block's).
pub const HELD_BYTES: usize = 8 << 20;

/// [`HELD_BYTES`]; a debug build (the tests') takes another from `CQLQ_TEST_HELD_BYTES`, so
/// that a test reads a small file's survivors again as a big file's are.
fn held_bytes() -> usize {
    #[cfg(debug_assertions)]
    if let Some(bytes) = (std::env::var("CQLQ_TEST_HELD_BYTES").ok()).and_then(|v| v.parse().ok()) {
        return bytes;
    }
    HELD_BYTES
}

/// Survivors of an input in file order, with their packed main lines.
#[derive(Clone, Debug, Default)]
pub struct SurvivorBlock {
    /// The games to search, in file order.
    pub survivors: Vec<Survivor>,
    /// Their packed main lines one after another, when the search replays them
    /// ([`SurvivorBlock::packed_moves`]; empty otherwise).
    pub moves: Vec<u8>,
}

impl SurvivorBlock {
    /// `game`'s main line packed (`index::moves`; `index::replay` plays it), when the index
    /// holds it (not for a game searched always).
    pub fn packed_moves(&self, game: &Survivor) -> Option<&[u8]> {
        let (at, len) = (game.moves_at as usize, game.moves_len as usize);
        (len > 0).then(|| self.moves.get(at..at + len)).flatten()
    }

    /// Adds `game`, numbered `position`, with its packed moves when the search `replays`
    /// them (the moves column may be read for the condition alone: `ply`, `movenumber`).
    fn push(&mut self, game: &GameRead<'_>, position: u64, replays: bool) {
        let moves = if replays { game.moves } else { &[] };
        let moves_at = self.moves.len() as u64;
        self.moves.extend_from_slice(moves);
        self.survivors.push(Survivor {
            position,
            offset: game.offset,
            length: game.length,
            moves_at,
            moves_len: moves.len() as u32,
        });
    }

    /// The bytes it holds.
    fn bytes(&self) -> usize {
        self.survivors.len() * std::mem::size_of::<Survivor>() + self.moves.len()
    }
}

/// An input's survivors: all of them held, when they take at most [`HELD_BYTES`], or the
/// index kept open to read them again a block at a time.
#[derive(Debug)]
enum Survivors {
    Held(SurvivorBlock),
    ReadAgain(Box<Reread>),
}

/// What reading an index's survivors again needs: the file kept open, its checked header,
/// the condition and the columns it reads, and how games are picked.
#[derive(Debug)]
struct Reread {
    path: std::path::PathBuf,
    file: IndexFile,
    header: Header,
    need: Need,
    keyed: Option<KeyNeed>,
    columns: Columns,
    pick: Pick,
    /// The search replays the survivors' packed moves.
    replays: bool,
}

/// How games are picked in file order: those starting in the shard `range` (the whole file
/// without `--byte-range`) that the condition admits, or that the index cannot rule on.
#[derive(Clone, Copy, Debug)]
struct Pick {
    range: (u64, u64),
    longest_game: u64,
}

/// [`Pick`] applied game by game: the games before the shard and in it, and the first game
/// starts at or after each cut.
struct Picking {
    pick: Pick,
    before: u64,
    in_shard: u64,
    start_a: Option<u64>,
    start_b: Option<u64>,
}

impl Picking {
    fn new(pick: Pick) -> Self {
        Picking {
            pick,
            before: 0,
            in_shard: 0,
            start_a: None,
            start_b: None,
        }
    }

    /// The game's place among the shard's games when the search reads it. The games come
    /// in the order of their offsets (each after the one before): those before the shard,
    /// then its own, then those after it.
    #[inline]
    fn survivor(
        &mut self,
        game: &GameRead<'_>,
        need: &Need,
        keyed: Option<&KeyNeed>,
    ) -> Option<u64> {
        let (a, b) = self.pick.range;
        if game.offset < a {
            self.before += 1;
            return None;
        }
        if game.offset >= b {
            // The first game after the shard is the first at or after `a` too when the
            // shard has none.
            self.start_a.get_or_insert(game.offset);
            self.start_b.get_or_insert(game.offset);
            return None;
        }
        if self.in_shard == 0 {
            self.start_a = Some(game.offset);
        }
        self.in_shard += 1;
        // A game searched always has no packed moves (`moves` empty): its text is read.
        let searched = game.summary.must_scan()
            || u64::from(game.length) > self.pick.longest_game
            || (need.admits(game.summary, &[]) && keyed.is_none_or(|k| k.admits(game.keys)));
        searched.then(|| game.position - self.before)
    }
}

/// The survivors of an indexed input, a block at a time ([`IndexedInput::survivor_blocks`]).
pub struct SurvivorBlocks<'i> {
    held: Option<&'i SurvivorBlock>,
    reread: Option<(BlockVisits<'i, IndexFile>, Picking, &'i Reread)>,
}

impl<'i> Iterator for SurvivorBlocks<'i> {
    type Item = Result<Cow<'i, SurvivorBlock>, std::io::Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(held) = self.held.take() {
            return Some(Ok(Cow::Borrowed(held)));
        }
        let (visits, picking, reread) = self.reread.as_mut()?;
        // Blocks of the index read until a block's worth of survivors is at hand, so that
        // a selective query's survivors still come in batches big enough to share among
        // the threads (at most twice that many held).
        let mut block = SurvivorBlock::default();
        while block.survivors.len() < BLOCK_GAMES {
            let read = visits.next_block(|game| {
                if let Some(position) = picking.survivor(game, &reread.need, reread.keyed.as_ref())
                {
                    block.push(game, position, reread.replays);
                }
            });
            match read {
                Ok(true) => {}
                Ok(false) => {
                    self.reread = None;
                    break;
                }
                Err(e) => {
                    // Read whole and checked when the search began: changed since.
                    let path = reread.path.display();
                    self.reread = None;
                    return Some(Err(std::io::Error::other(format!(
                        "{path}: the index changed while it was read ({e}); run cqlq index \
                         again, or search with --no-index"
                    ))));
                }
            }
        }
        (!block.survivors.is_empty()).then_some(Ok(Cow::Owned(block)))
    }
}

impl IndexedInput {
    /// The games to search, in file order, a block at a time, each with its packed moves
    /// when the search replays them: all of them at once when held, else read again from
    /// the index, blocks of it until at least `BLOCK_GAMES` survivors (or the last) are at
    /// hand (an error when the index changed since it was opened).
    pub fn survivor_blocks(&self) -> SurvivorBlocks<'_> {
        match &self.survivors {
            Survivors::Held(block) => SurvivorBlocks {
                held: Some(block),
                reread: None,
            },
            Survivors::ReadAgain(r) => SurvivorBlocks {
                held: None,
                reread: Some((
                    BlockVisits::new(&r.file, &r.header, r.columns),
                    Picking::new(r.pick),
                    r,
                )),
            },
        }
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
    /// Where its packed moves start in its [`SurvivorBlock::moves`] ([`SurvivorBlock::packed_moves`]).
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

/// Whether a search replays the games an index leaves from their packed moves
/// (`index::replay`), so that the index's moves column is read beside the condition's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replays {
    /// No: every game left is read from its text.
    No,
    /// Every game left that the index holds moves for (`--count`, `--gamenumbers`: a game's
    /// moves alone decide its output).
    Always,
    /// Only where at least [`MANY_LEFT`] of an input's games are left to search (PGN and
    /// JSON: a matched game is read from its text anyway, so the packed moves pay where most
    /// games searched do not match; where few are left, mostly matches of a selective
    /// condition, reading the whole moves column would cost more than it saves).
    WhereManyLeft,
}

/// The share of an input's games left to search from which [`Replays::WhereManyLeft`]
/// reads their packed moves: a quarter.
pub const MANY_LEFT: (u64, u64) = (1, 4);

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
        replays: Replays,
    ) -> Opened {
        Self::open_shard(filter, inputs, (longest_game, replays), None)
    }

    /// As [`IndexedSkips::open`], for the shard of each input between the cuts `range`
    /// (`--byte-range A-B`; None: the whole files): only the games of the index starting in
    /// it are kept, numbered from the shard's first ([`ShardCuts`]).
    pub fn open_shard<'a>(
        filter: &Node<Bitboard>,
        inputs: impl IntoIterator<Item = (&'a Path, String)>,
        (longest_game, replays): (u64, Replays),
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
        if need.is_nothing() && keyed.is_none() && replays == Replays::No {
            return opened;
        }
        let mut skips = IndexedSkips::default();
        for (path, name) in inputs {
            let index_path = super::index_path_for(path);
            if !index_path.exists() {
                continue;
            }
            let needs = (&need, keyed.as_ref());
            let search =
                |replays| games_to_search(path, &index_path, needs, (longest_game, replays), range);
            // Where many games may be left, the survivors are found first without their
            // moves (unless the condition rules nothing out: then all are left), and read
            // again with them when many are.
            let (parts, whole) = MANY_LEFT;
            let all_left = need.is_nothing() && keyed.is_none();
            let found = match replays {
                Replays::Always => search(true),
                Replays::WhereManyLeft if all_left => search(true),
                Replays::No => search(false),
                Replays::WhereManyLeft => match search(false) {
                    Ok(input)
                        if input.survivor_count * whole >= input.games * parts
                            && input.survivor_count > 0 =>
                    {
                        search(true)
                    }
                    found => found,
                },
            };
            match found {
                Ok(input) => {
                    opened.skipped_games += input.games - input.survivor_count;
                    skips.inputs.insert(name, input);
                }
                Err(e) => opened.notes.push(format!(
                    "cqlq: {}: not used, {name} is searched without it: {e}; `cqlq index {name}` \
                     makes it again",
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
/// tests tags, and the columns it tests are read ([`survivors_keyed`]); the moves column too when
/// the search `replays` the survivors' main lines.
fn games_to_search(
    pgn: &Path,
    index_path: &Path,
    needs: (&Need, Option<&KeyNeed>),
    limits: (u64, bool),
    range: Option<(u64, u64)>,
) -> Result<IndexedInput, IndexError> {
    let file = IndexFile::open(index_path)?;
    let now = SourceId::of_file(pgn)?;
    survivors_keyed(file, index_path, &now, needs, limits, range)
}

/// The games of the index `file` (at `path`) that `need` admits, and those the index
/// cannot rule on (searched always, or longer than `longest_game`), when the index was made
/// from the file whose identity is now `now` (else [`IndexError::Stale`]); with `replays`,
/// each survivor's packed main line too ([`SurvivorBlock::packed_moves`]). Every part read
/// is checked first (`index::reader`): a damaged or hostile index is an error, never a
/// wrong list. The survivors are held when they take at most [`HELD_BYTES`]; else the file
/// is kept open to read them again ([`IndexedInput::survivor_blocks`]). With `range`, the
/// cuts `(a, b)` of a shard (`--byte-range A-B`): only the games starting in `[a, b)`,
/// numbered from the first of them, and where the cuts fall among the games ([`ShardCuts`]:
/// every game start of the file is an index game's, so the first at or after `a` is the
/// shard's first; [`IndexedInput::fits_shard`] checks it against the file). With the
/// condition `keyed` on the games' positions' keys when the index holds keys
/// (`index::keys`): a game whose filter holds none of the keys has no position the query
/// can match at. With a few candidate keys (`KEYS_ALONE` at most) only the keys are tested,
/// with the flags when `need` tests nothing else: each condition is necessary alone, so
/// testing one of them skips no game the scan would match, and the columns `need` would
/// read (squares, counts, tags) are left unread; with more (each adds its false "may
/// hold"s: an exact `fen` of an opening position with every castling right and en passant
/// has up to 64) both are tested.
fn survivors_keyed(
    file: IndexFile,
    path: &Path,
    now: &SourceId,
    (need, keyed): (&Need, Option<&KeyNeed>),
    (longest_game, replays): (u64, bool),
    range: Option<(u64, u64)>,
) -> Result<IndexedInput, IndexError> {
    let header = read_header(&file)?;
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
        read_strings(&file, &header, |text| strings.push(text.to_string()))?;
    }
    let need = need.with_strings(&strings).simplified();
    let needed = need.columns();
    let columns = Columns {
        moves: replays || needed.moves,
        keys: keyed.is_some(),
        ..needed
    };
    let pick = Pick {
        range: range.unwrap_or((0, u64::MAX)),
        longest_game,
    };
    let mut picking = Picking::new(pick);
    let mut visits = BlockVisits::new(&file, &header, columns);
    let mut longest = 0;
    let mut count = 0;
    let mut held = Some(SurvivorBlock::default());
    let most = held_bytes();
    // Once too many to hold, the survivors are counted only (read again in the search);
    // every part is still read and checked, so that a damaged index is not used at all
    // (the file scanned) rather than found damaged part-way through the search.
    while visits.next_block(|game| {
        longest = longest.max(game.length);
        let Some(position) = picking.survivor(game, &need, keyed) else {
            return;
        };
        count += 1;
        if let Some(block) = &mut held {
            let moves = if replays { game.moves.len() } else { 0 };
            if block.bytes() + std::mem::size_of::<Survivor>() + moves > most {
                held = None;
            } else {
                block.push(game, position, replays);
            }
        }
    })? {}
    check_tags(visits.max_tag(), strings.len() as u64)?;
    let cuts = range.map(|given| ShardCuts {
        given,
        starts: (
            picking.start_a.unwrap_or(now.size),
            picking.start_b.unwrap_or(now.size),
        ),
    });
    let survivors = match held {
        Some(block) => Survivors::Held(block),
        None => Survivors::ReadAgain(Box::new(Reread {
            path: path.to_path_buf(),
            file,
            header,
            need,
            keyed: keyed.cloned(),
            columns,
            pick,
            replays,
        })),
    };
    Ok(IndexedInput {
        size: now.size,
        games: if range.is_some() {
            picking.in_shard
        } else {
            header.games
        },
        survivor_count: count,
        survivors,
        text: header.text,
        longest,
        cuts,
    })
}
