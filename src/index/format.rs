//! The `.cqlqi` file's layout and its writing (the layout is `docs/index.md`'s): a header
//! naming the source it was made from, the games in blocks of [`BLOCK_GAMES`], each block's
//! columns ([`Section`]) stored apart with a CRC-32 each, then the string table. Reading is
//! [`super::reader`]'s (re-exported here: [`decode`], [`records`], [`read_index`]).

use std::io::Write;
use std::path::Path;

use super::moves::MainLine;
use super::summary::{GameSummary, KINDS, RUN_CAP};

pub use super::reader::{RecordRef, Records, decode, read_index, records};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"CQLQIDX\x1a";
/// The format's version (a reader refuses any other).
pub const VERSION: u32 = 10;
/// A game's kept tag's number when the game has no such tag.
pub const TAG_ABSENT: u32 = 0;
/// A game's kept tag's number when the tag is present but its value was not kept (the
/// table was full: `index::tag_values`): no tag test rules the game out.
pub const TAG_NOT_KEPT: u32 = 1;
/// The number of the string table's first value (value `n` is `strings[n - FIRST_VALUE]`).
pub const FIRST_VALUE: u32 = 2;
/// The most bytes of a string table (`index::tag_values` keeps a build's within it; a
/// reader refuses a bigger one, so that its memory is bounded too).
pub const TABLE_BYTES: usize = 16 << 20;
/// The header's size in bytes.
pub const HEADER_BYTES: usize = 96;
/// The bytes hashed at each end of the source ([`SourceId`]).
pub const END_BYTES: u64 = 64 * 1024;

/// Why an index file cannot be used.
#[derive(Debug)]
#[non_exhaustive]
pub enum IndexError {
    /// The file could not be read or written.
    Io(std::io::Error),
    /// The file is not an index of this version, or is damaged.
    Corrupt(&'static str),
    /// The index was made from another state of the source.
    Stale(&'static str),
}

impl std::fmt::Display for IndexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IndexError::Io(e) => write!(f, "{e}"),
            IndexError::Corrupt(why) => write!(f, "not a usable cqlq index ({why})"),
            IndexError::Stale(why) => write!(f, "made from another version of the PGN ({why})"),
        }
    }
}

impl std::error::Error for IndexError {}

impl From<std::io::Error> for IndexError {
    fn from(e: std::io::Error) -> Self {
        IndexError::Io(e)
    }
}

/// What identifies the source file an index was made from: its size, modification time and
/// a hash of its first and last 64 KiB.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SourceId {
    /// The source's size in bytes.
    pub size: u64,
    /// Its modification time: seconds since the epoch.
    pub mtime_secs: i64,
    /// Its modification time: nanoseconds.
    pub mtime_nanos: u32,
    /// FNV-1a of its first 64 KiB (all of it when shorter).
    pub head_hash: u64,
    /// FNV-1a of its last 64 KiB (all of it when shorter).
    pub tail_hash: u64,
}

impl SourceId {
    /// The identity of `bytes`, the whole content of a file with `metadata`.
    pub fn of(bytes: &[u8], metadata: &std::fs::Metadata) -> SourceId {
        let (mtime_secs, mtime_nanos) = mtime(metadata);
        SourceId {
            size: bytes.len() as u64,
            mtime_secs,
            mtime_nanos,
            head_hash: fnv1a(head(bytes)),
            tail_hash: fnv1a(tail(bytes)),
        }
    }

    /// The identity of the file at `path`, reading only its two ends.
    pub fn of_file(path: &Path) -> std::io::Result<SourceId> {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = std::fs::File::open(path)?;
        let metadata = file.metadata()?;
        let size = metadata.len();
        let end = size.min(END_BYTES);
        let mut first = vec![0u8; end as usize];
        file.read_exact(&mut first)?;
        let mut last = vec![0u8; end as usize];
        file.seek(SeekFrom::Start(size - end))?;
        file.read_exact(&mut last)?;
        let (mtime_secs, mtime_nanos) = mtime(&metadata);
        Ok(SourceId {
            size,
            mtime_secs,
            mtime_nanos,
            head_hash: fnv1a(&first),
            tail_hash: fnv1a(&last),
        })
    }

    /// Why `now` (the file's identity today) is not this source, if it is not.
    pub fn differs_from(&self, now: &SourceId) -> Option<&'static str> {
        if now.size != self.size {
            Some("its size changed")
        } else if (now.mtime_secs, now.mtime_nanos) != (self.mtime_secs, self.mtime_nanos) {
            Some("its modification time changed")
        } else if now.head_hash != self.head_hash || now.tail_hash != self.tail_hash {
            Some("its content changed")
        } else {
            None
        }
    }

    /// Whether `bytes` begins with the source this identity describes (content only: the
    /// file may have grown since, which changes its time).
    pub fn is_prefix_of(&self, bytes: &[u8]) -> bool {
        let Ok(size) = usize::try_from(self.size) else {
            return false;
        };
        bytes.len() >= size
            && fnv1a(head(&bytes[..size])) == self.head_hash
            && fnv1a(tail(&bytes[..size])) == self.tail_hash
    }
}

/// The first [`END_BYTES`] of `bytes`.
fn head(bytes: &[u8]) -> &[u8] {
    &bytes[..bytes.len().min(END_BYTES as usize)]
}

/// The last [`END_BYTES`] of `bytes`.
fn tail(bytes: &[u8]) -> &[u8] {
    &bytes[bytes.len().saturating_sub(END_BYTES as usize)..]
}

/// A file's modification time as (seconds, nanoseconds) since the epoch (0 when unknown).
fn mtime(metadata: &std::fs::Metadata) -> (i64, u32) {
    match metadata.modified() {
        Ok(t) => match t.duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
            Err(e) => (
                -(e.duration().as_secs() as i64),
                e.duration().subsec_nanos(),
            ),
        },
        Err(_) => (0, 0),
    }
}

/// 64-bit FNV-1a: the hash of the source's ends.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// One game's entry: where its text lies in the source, and its summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// The byte offset of the game's first byte in the source.
    pub offset: u64,
    /// The game's length in bytes.
    pub length: u32,
    /// What the index holds of it.
    pub summary: GameSummary,
}

impl GameEntry {
    /// The main line's moves as (from, to, promotion), decoded as they are read
    /// ([`super::moves`]); empty for a game marked "search always".
    pub fn main_line(&self) -> MainLine<'_> {
        MainLine::new(&self.summary.moves)
    }

    /// Whether the game must be searched whatever the query (the index knows nothing of it).
    pub fn search_always(&self) -> bool {
        self.summary.must_scan()
    }
}

/// A whole index: the source's identity, an entry per game, in file order (game `i` of the
/// file is `games[i]`, numbered `i + 1`), and the tag values the entries name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Index {
    /// The source the index was made from.
    pub source: SourceId,
    /// What the games' places count (the source's bytes, or its decompressed text).
    pub text: Text,
    /// The games, in file order.
    pub games: Vec<GameEntry>,
    /// The distinct tag values; a summary's tag `n` (at least [`FIRST_VALUE`]) is
    /// `strings[n - FIRST_VALUE]`.
    pub strings: Vec<String>,
    /// Whether each game's entry holds its positions' keys (`cqlq index --keys`).
    pub keys: bool,
}

impl Index {
    /// The value of `game`'s tag `tag` (see [`TAG_NAMES`](super::summary::TAG_NAMES); None: the game has no such tag,
    /// or the index does not know: a game searched always, a value not kept).
    pub fn tag(&self, game: &GameEntry, tag: usize) -> Option<&str> {
        let id = *game.summary.tags.get(tag)?;
        let i = usize::try_from(id.checked_sub(FIRST_VALUE)?).ok()?;
        self.strings.get(i).map(String::as_str)
    }
}

/// The games of a block: the file's games in runs of this many (the last block holds the
/// rest), each run's columns stored apart ([`Section`]).
pub const BLOCK_GAMES: usize = 4096;
/// The number of sections (columns) of a block.
pub const SECTIONS: usize = 9;
/// A block header's size: its game count (u32), each section's length and CRC-32 (u32
/// each), and the CRC-32 of those bytes.
pub const BLOCK_HEADER_BYTES: usize = 4 + SECTIONS * 8 + 4;

/// A block's sections, in the file's order: each holds one column of the block's games, so
/// a search reads only the columns its condition tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// Per game: the gap since the game before ended and the game's length (varints).
    Places = 0,
    /// Per game: its flags, a u16.
    Flags = 1,
    /// Per game: [`COUNT_BYTES`] (0 for a game searched always): per piece kind but the
    /// kings ([`COUNTED_KINDS`]: every position of a summarised game has one of each) its
    /// fewest (low 4 bits) and most (high 4 bits) pieces on the board; then the pieces' lead
    /// (white's less black's: its least negated, low 4 bits, its most, high 4 bits), and
    /// the power's lead, its least negated and its most, a byte each.
    Counts = 2,
    /// Per game not searched always: per piece kind the squares it stood on beyond its start.
    Squares = 3,
    /// Per game not searched always: 9 varints, its kept tags' numbers ([`TAG_ABSENT`],
    /// [`TAG_NOT_KEPT`], else a value of the string table from [`FIRST_VALUE`]).
    Tags = 4,
    /// Per game not searched always: plies, move bytes, final key, the packed main line.
    Moves = 5,
    /// Per game not searched always, when the index holds keys (else empty): the length of
    /// the Bloom filter of its positions' keys, then its bytes ([`super::keys`]).
    Keys = 6,
    /// Per game not searched always: two varints, the first ply without queens plus one and
    /// the last queen-side castling's ply (0: none; `GameSummary::queens_gone`,
    /// `GameSummary::last_long_castle`).
    Plies = 7,
    /// Per game not searched always: a varint, its positions in check, then a byte, its most
    /// positions in check in a row (low 4 bits) and two plies apart in a row (high 4 bits)
    /// (`GameSummary::checks`, `GameSummary::check_run`,
    /// `GameSummary::same_side_check_run`).
    Checks = 8,
}

/// The piece kinds whose counts the index holds ([`Section::Counts`], in this order): all
/// but the kings, of which every position of a summarised game (legal, from the standard
/// start) has exactly one of each colour (since version 10).
/// The reader puts them back in place as two runs of five (`reader::split_counts`).
pub const COUNTED_KINDS: [usize; KINDS - 2] = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10];

/// The kind indexes of the white king and the black king.
pub const KING_KINDS: [usize; 2] = [5, 11];

/// The bytes of a game's counts ([`Section::Counts`]): a byte a counted piece kind, one for
/// the pieces' lead, two for the power's.
pub const COUNT_BYTES: usize = COUNTED_KINDS.len() + 3;

/// The header's feature bit of an index whose games hold their positions' keys.
pub const FEATURE_KEYS: u32 = 1;

/// The CRC-32 (IEEE) of `bytes`: each checked part of the file carries its own.
pub fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// What the games' offsets and lengths count: the source file's own bytes (plain PGN), or
/// the text its zstd stream decompresses to (`.pgn.zst`, whose [`SourceId`] is the
/// compressed file's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Text {
    /// The source's bytes.
    #[default]
    Plain,
    /// The source's zstd stream decompressed: `size` bytes.
    Zstd {
        /// The decompressed text's length.
        size: u64,
    },
}

impl Text {
    /// The length of the text the games lie in, for a source of `source_size` bytes.
    pub fn size(self, source_size: u64) -> u64 {
        match self {
            Text::Plain => source_size,
            Text::Zstd { size } => size,
        }
    }
}

/// What the header says besides the magic and the version.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The source the index was made from.
    pub source: SourceId,
    /// What the games' places count.
    pub text: Text,
    /// The number of games.
    pub games: u64,
    /// Where the string table starts (right after the last block).
    pub strings_at: u64,
    /// The string table's length in bytes (it ends the file).
    pub strings_len: u64,
    /// The string table's CRC-32.
    pub strings_crc: u32,
    /// Whether the games hold their positions' keys ([`Section::Keys`]).
    pub keys: bool,
}

impl Header {
    /// The header's bytes (layout: `docs/index.md`), its CRC-32 in bytes 12..16.
    pub fn to_bytes(&self) -> [u8; HEADER_BYTES] {
        let mut out = Vec::with_capacity(HEADER_BYTES);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&self.source.size.to_le_bytes());
        out.extend_from_slice(&self.source.mtime_secs.to_le_bytes());
        out.extend_from_slice(&self.source.mtime_nanos.to_le_bytes());
        let (compression, text_size) = match self.text {
            Text::Plain => (0u32, 0u64),
            Text::Zstd { size } => (1, size),
        };
        out.extend_from_slice(&compression.to_le_bytes());
        out.extend_from_slice(&self.source.head_hash.to_le_bytes());
        out.extend_from_slice(&self.source.tail_hash.to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        out.extend_from_slice(&self.strings_at.to_le_bytes());
        out.extend_from_slice(&self.strings_len.to_le_bytes());
        out.extend_from_slice(&self.strings_crc.to_le_bytes());
        out.extend_from_slice(&text_size.to_le_bytes());
        let features = if self.keys { FEATURE_KEYS } else { 0 };
        out.extend_from_slice(&features.to_le_bytes());
        out.resize(HEADER_BYTES, 0);
        let mut bytes = [0u8; HEADER_BYTES];
        bytes.copy_from_slice(&out);
        let sum = crc32(&bytes[16..]);
        bytes[12..16].copy_from_slice(&sum.to_le_bytes());
        bytes
    }
}

/// Appends `n` as a LEB128 varint (7 bits a byte, the low first).
pub fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// The squares every piece kind stands on in the standard start position (see
/// [`KINDS`]): a summary's `ever_on` holds them, so the file stores only the others.
pub const START_SQUARES: [u64; KINDS] = [
    0xff00,
    0x42,
    0x24,
    0x81,
    0x08,
    0x10,
    0x00ff_0000_0000_0000,
    0x4200_0000_0000_0000,
    0x2400_0000_0000_0000,
    0x8100_0000_0000_0000,
    0x0800_0000_0000_0000,
    0x1000_0000_0000_0000,
];

/// Writes a bitboard at the start of `out` as a byte naming its non-empty ranks, then those
/// ranks' bytes (gathered without a branch a rank); returns the bytes written (at most 9).
fn put_squares(out: &mut [u8; 9], squares: u64) -> usize {
    let mut len = 1;
    out[0] = 0;
    for (i, rank) in squares.to_le_bytes().into_iter().enumerate() {
        let some = rank != 0;
        out[0] |= u8::from(some) << i;
        out[len] = rank;
        len += usize::from(some);
    }
    len
}

/// A game's twelve piece kinds' squares, each beyond its start squares
/// ([`START_SQUARES`]), as [`put_squares`] writes them, appended to `out` at once.
fn put_ever_on(out: &mut Vec<u8>, ever_on: &[u64; KINDS]) {
    let mut bytes = [0u8; KINDS * 9];
    let mut len = 0;
    for (on, start) in ever_on.iter().zip(START_SQUARES) {
        let mut one = [0u8; 9];
        let n = put_squares(&mut one, on & !start);
        bytes[len..len + 9].copy_from_slice(&one);
        len += n;
    }
    out.extend_from_slice(&bytes[..len]);
}

/// The block being written: its games' columns, each in its own buffer (a block at a time:
/// memory flat in the number of games).
#[derive(Debug, Default)]
struct BlockBuilder {
    sections: [Vec<u8>; SECTIONS],
    /// Whether the games' keys are written.
    keys: bool,
    games: u32,
    /// Where the last game pushed ended in the source.
    end: u64,
}

impl BlockBuilder {
    /// Adds one game's columns; a game this layout cannot hold (flags beyond 16 bits, a count
    /// above 15, a lead beyond its bytes) is written "search always".
    fn push(&mut self, entry: &GameEntry) {
        let s = &entry.summary;
        let writable = s.must_scan()
            || (s.flags <= u32::from(u16::MAX)
                && s.fewest.iter().chain(&s.most).all(|&n| n < 16)
                && KING_KINDS
                    .iter()
                    .all(|&k| (s.fewest[k], s.most[k]) == (1, 1))
                && (-15..=0).contains(&s.piece_lead.0)
                && (0..=15).contains(&s.piece_lead.1)
                && (-255..=0).contains(&s.power_lead.0)
                && (0..=255).contains(&s.power_lead.1)
                && s.check_run.max(s.same_side_check_run) <= RUN_CAP);
        let scan;
        let s = if writable {
            s
        } else {
            scan = GameSummary::scan();
            &scan
        };
        let [
            places,
            flags,
            counts,
            squares,
            tags,
            moves,
            keys,
            plies,
            checks,
        ] = &mut self.sections;
        // The builder is given games in file order; one starting earlier is written as
        // starting where the one before ended (the reader refuses no such file: it cannot
        // be made from a source).
        put_varint(places, entry.offset.saturating_sub(self.end));
        put_varint(places, u64::from(entry.length));
        self.end = entry
            .offset
            .max(self.end)
            .saturating_add(u64::from(entry.length));
        flags.extend_from_slice(&(s.flags as u16).to_le_bytes());
        self.games += 1;
        if s.must_scan() {
            counts.extend_from_slice(&[0; COUNT_BYTES]);
            return;
        }
        for k in COUNTED_KINDS {
            counts.push(s.fewest[k] | s.most[k] << 4);
        }
        // Each lead is 0 at the standard start: the least at most 0, the most at least 0.
        let (least, most) = s.piece_lead;
        counts.push(least.unsigned_abs() | most.unsigned_abs() << 4);
        let (least, most) = s.power_lead;
        counts.push(least.unsigned_abs() as u8);
        counts.push(most.unsigned_abs() as u8);
        put_ever_on(squares, &s.ever_on);
        for &id in &s.tags {
            put_varint(tags, u64::from(id));
        }
        put_varint(moves, u64::from(s.plies));
        put_varint(moves, s.moves.len() as u64);
        moves.extend_from_slice(&s.final_key.to_le_bytes());
        moves.extend_from_slice(&s.moves);
        if self.keys {
            put_varint(keys, s.keys.len() as u64);
            keys.extend_from_slice(&s.keys);
        }
        put_varint(plies, u64::from(s.queens_gone));
        put_varint(plies, u64::from(s.last_long_castle));
        put_varint(checks, u64::from(s.checks));
        checks.push(s.check_run | s.same_side_check_run << 4);
    }

    /// Writes the block (its header, then its sections) to `out` and empties the builder
    /// (its `end` kept); nothing when it holds no game. The bytes written.
    fn write_block(&mut self, out: &mut impl Write) -> std::io::Result<u64> {
        if self.games == 0 {
            return Ok(0);
        }
        let mut head = Vec::with_capacity(BLOCK_HEADER_BYTES);
        head.extend_from_slice(&self.games.to_le_bytes());
        for section in &self.sections {
            head.extend_from_slice(&(section.len() as u32).to_le_bytes());
            head.extend_from_slice(&crc32(section).to_le_bytes());
        }
        head.extend_from_slice(&crc32(&head).to_le_bytes());
        out.write_all(&head)?;
        let mut written = head.len() as u64;
        for section in &mut self.sections {
            out.write_all(section)?;
            written += section.len() as u64;
            section.clear();
        }
        self.games = 0;
        Ok(written)
    }
}

/// The string table's bytes: the count, then each value's length and bytes.
pub fn string_table(strings: &[String]) -> Vec<u8> {
    let mut out = Vec::new();
    put_varint(&mut out, strings.len() as u64);
    for s in strings {
        put_varint(&mut out, s.len() as u64);
        out.extend_from_slice(s.as_bytes());
    }
    out
}

/// The whole file's bytes: header, blocks, string table. A game whose entry cannot be
/// written is written "search always".
pub fn encode(index: &Index) -> Vec<u8> {
    let mut out = vec![0u8; HEADER_BYTES];
    let mut block = BlockBuilder {
        keys: index.keys,
        ..BlockBuilder::default()
    };
    for entry in &index.games {
        block.push(entry);
        if block.games as usize == BLOCK_GAMES {
            let _ = block.write_block(&mut out);
        }
    }
    let _ = block.write_block(&mut out);
    let table = string_table(&index.strings);
    let header = Header {
        source: index.source,
        text: index.text,
        games: index.games.len() as u64,
        strings_at: out.len() as u64,
        strings_len: table.len() as u64,
        strings_crc: crc32(&table),
        keys: index.keys,
    };
    out.extend_from_slice(&table);
    out[..HEADER_BYTES].copy_from_slice(&header.to_bytes());
    out
}

/// Writes an index file game by game (memory flat in the number of games: a block at a
/// time): a header with no count yet, each block when full, then [`IndexWriter::finish`]
/// writes the last block, the string table and the header.
pub struct IndexWriter {
    file: std::io::BufWriter<std::fs::File>,
    source: SourceId,
    games: u64,
    written: u64,
    block: BlockBuilder,
    /// The string table [`IndexWriter::finish`] writes (the tag values the records name).
    pub strings: Vec<String>,
    /// What the games' places count ([`IndexWriter::finish`] writes it in the header).
    pub text: Text,
}

impl IndexWriter {
    /// Starts the index of `source` in `file` (empty, opened for writing).
    pub fn new(file: std::fs::File, source: &SourceId) -> std::io::Result<IndexWriter> {
        IndexWriter::new_keyed(file, source, false)
    }

    /// [`IndexWriter::new`], the games' positions' keys written when `keys` ([`Section::Keys`]).
    pub fn new_keyed(
        file: std::fs::File,
        source: &SourceId,
        keys: bool,
    ) -> std::io::Result<IndexWriter> {
        let mut file = std::io::BufWriter::with_capacity(1 << 16, file);
        file.write_all(&[0u8; HEADER_BYTES])?;
        Ok(IndexWriter {
            file,
            source: *source,
            games: 0,
            written: HEADER_BYTES as u64,
            block: BlockBuilder {
                keys,
                ..BlockBuilder::default()
            },
            strings: Vec::new(),
            text: Text::Plain,
        })
    }

    /// Whether the games' positions' keys are written (each game's summary should hold them).
    pub fn keys(&self) -> bool {
        self.block.keys
    }

    /// Adds the next game (one the layout cannot hold is written "search always", as
    /// [`encode`] does).
    pub fn push(&mut self, entry: &GameEntry) -> std::io::Result<()> {
        self.block.push(entry);
        self.games += 1;
        if self.block.games as usize == BLOCK_GAMES {
            self.written += self.block.write_block(&mut self.file)?;
        }
        Ok(())
    }

    /// Writes the last block, the string table ([`IndexWriter::strings`]) and the header;
    /// returns the file's length.
    pub fn finish(mut self) -> std::io::Result<u64> {
        use std::io::{Seek, SeekFrom};
        self.written += self.block.write_block(&mut self.file)?;
        let table = string_table(&self.strings);
        self.file.write_all(&table)?;
        let header = Header {
            source: self.source,
            text: self.text,
            games: self.games,
            strings_at: self.written,
            strings_len: table.len() as u64,
            strings_crc: crc32(&table),
            keys: self.block.keys,
        };
        let mut file = self.file.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&header.to_bytes())?;
        file.sync_all()?;
        Ok(self.written + table.len() as u64)
    }
}

#[cfg(test)]
mod tests;
