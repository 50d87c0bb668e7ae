//! Reading a `.cqlqi` file (layout: `docs/index.md`): every part the reader uses is checked
//! first (its CRC-32, its structure), and only the parts a caller asks for are read: a search
//! testing flags reads each block's places and flags, not its moves. The bytes come from
//! memory or from the file, read where needed ([`IndexBytes`]), never mapped: a file cut
//! short under the reader is an error, not a bus fault. Nothing is trusted: a short,
//! corrupt, foreign or future file is an [`IndexError`], never a panic, and nothing is
//! allocated for a count the file cannot back.

use std::borrow::Cow;

use super::format::{
    BLOCK_GAMES, BLOCK_HEADER_BYTES, COUNT_BYTES, COUNTED_KINDS, FEATURE_KEYS, FIRST_VALUE,
    HEADER_BYTES, Header, IndexError, MAGIC, SECTIONS, START_SQUARES, Section, SourceId,
    TABLE_BYTES, Text, VERSION, crc32,
};
use super::summary::{GameSummary, KINDS, SCAN};

/// Where an index file's bytes come from.
pub trait IndexBytes {
    /// The file's length.
    fn size(&self) -> u64;
    /// The `len` bytes at `at` (an error when they are not all there).
    fn bytes_at(&self, at: u64, len: u64) -> Result<Cow<'_, [u8]>, IndexError>;
}

impl IndexBytes for [u8] {
    fn size(&self) -> u64 {
        self.len() as u64
    }
    fn bytes_at(&self, at: u64, len: u64) -> Result<Cow<'_, [u8]>, IndexError> {
        slice_at(self, at, len).map(Cow::Borrowed)
    }
}

/// `bytes[at..at + len]`, or "cut short".
fn slice_at(bytes: &[u8], at: u64, len: u64) -> Result<&[u8], IndexError> {
    let start = usize::try_from(at).map_err(|_| CUT_SHORT)?;
    let end = at
        .checked_add(len)
        .and_then(|e| usize::try_from(e).ok())
        .filter(|&e| e <= bytes.len())
        .ok_or(CUT_SHORT)?;
    Ok(&bytes[start..end])
}

mod cursor;
mod records;

pub use records::{RecordRef, Records, decode, read_index, records};

use cursor::Reader;

const CUT_SHORT: IndexError = IndexError::Corrupt("cut short");
const DAMAGED: IndexError = IndexError::Corrupt("its checksum does not match: damaged");

/// An index file read where needed (`pread`): only the parts asked for are copied.
#[derive(Debug)]
pub struct IndexFile {
    file: std::fs::File,
    size: u64,
}

impl IndexFile {
    /// Opens the index file at `path`.
    pub fn open(path: &std::path::Path) -> Result<IndexFile, IndexError> {
        let file = std::fs::File::open(path)?;
        let size = file.metadata()?.len();
        Ok(IndexFile { file, size })
    }
}

impl IndexBytes for IndexFile {
    fn size(&self) -> u64 {
        self.size
    }
    fn bytes_at(&self, at: u64, len: u64) -> Result<Cow<'_, [u8]>, IndexError> {
        use std::os::unix::fs::FileExt;
        // Never more than the file held when opened: a hostile length allocates nothing.
        if at.checked_add(len).is_none_or(|end| end > self.size) {
            return Err(CUT_SHORT);
        }
        let mut buf = vec![0u8; len as usize];
        self.file
            .read_exact_at(&mut buf, at)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::UnexpectedEof => CUT_SHORT,
                _ => IndexError::Io(e),
            })?;
        Ok(Cow::Owned(buf))
    }
}

/// Reads and checks the header (magic, version, CRC-32, reserved bytes, that the blocks and
/// the string table fit the file and the string table ends it).
pub fn read_header<S: IndexBytes + ?Sized>(src: &S) -> Result<Header, IndexError> {
    if src.size() < 12 {
        return Err(IndexError::Corrupt("not an index file"));
    }
    let start = src.bytes_at(0, 12)?;
    if &start[..8] != MAGIC {
        return Err(IndexError::Corrupt("not an index file"));
    }
    if start[8..12] != VERSION.to_le_bytes() {
        return Err(IndexError::Corrupt("another version of the format"));
    }
    let bytes = src.bytes_at(0, HEADER_BYTES as u64)?;
    if crc32(&bytes[16..]).to_le_bytes() != bytes[12..16] {
        return Err(DAMAGED);
    }
    let mut r = Reader::new(&bytes);
    r.at = 16;
    let (size, mtime_secs, mtime_nanos) = (r.u64()?, r.u64()? as i64, r.u32()?);
    let compression = r.u32()?;
    let source = SourceId {
        size,
        mtime_secs,
        mtime_nanos,
        head_hash: r.u64()?,
        tail_hash: r.u64()?,
    };
    let header = Header {
        source,
        games: r.u64()?,
        strings_at: r.u64()?,
        strings_len: r.u64()?,
        strings_crc: r.u32()?,
        text: Text::Plain,
        keys: false,
    };
    let text_size = r.u64()?;
    let features = r.u32()?;
    if features & !FEATURE_KEYS != 0 {
        return Err(IndexError::Corrupt("an unknown feature"));
    }
    let header = Header {
        keys: features & FEATURE_KEYS != 0,
        text: match (compression, text_size) {
            (0, 0) => Text::Plain,
            (1, size) => Text::Zstd { size },
            (0, _) => return Err(IndexError::Corrupt("a text size for a plain source")),
            _ => return Err(IndexError::Corrupt("an unknown compression")),
        },
        ..header
    };
    // The reserved bytes are written 0: anything else is not this version's file (and would
    // not be written back as read).
    if bytes[r.at..].iter().any(|&b| b != 0) {
        return Err(IndexError::Corrupt("reserved bytes set"));
    }
    let blocks_end = header.strings_at;
    if blocks_end < HEADER_BYTES as u64
        || blocks_end.checked_add(header.strings_len) != Some(src.size())
    {
        return Err(IndexError::Corrupt(
            "cut short or grown: its length is not the one its header gives",
        ));
    }
    // Each game takes 15 bytes of a block at least (places, flags, counts): a count the
    // file cannot hold is refused before anything is allocated for it.
    if header.games > (blocks_end - HEADER_BYTES as u64) / 15 {
        return Err(IndexError::Corrupt("more games than the file holds"));
    }
    Ok(header)
}

/// One block's place in the file: its games and where each of its sections lies.
#[derive(Clone, Copy, Debug)]
pub struct BlockRef {
    /// The place of its first game among the file's games.
    pub first: u64,
    /// Its number of games.
    pub games: usize,
    at: [u64; SECTIONS],
    len: [u32; SECTIONS],
    crc: [u32; SECTIONS],
}

impl BlockRef {
    /// The section `which`'s bytes, checked against its CRC-32.
    fn section<'s, S: IndexBytes + ?Sized>(
        &self,
        src: &'s S,
        which: Section,
    ) -> Result<Cow<'s, [u8]>, IndexError> {
        let i = which as usize;
        let bytes = src.bytes_at(self.at[i], u64::from(self.len[i]))?;
        if crc32(&bytes) != self.crc[i] {
            return Err(DAMAGED);
        }
        Ok(bytes)
    }
}

/// The blocks of an index file, in order, each header read and checked; after the last,
/// that the string table follows it.
pub struct Blocks<'s, S: IndexBytes + ?Sized> {
    src: &'s S,
    header: Header,
    next_at: u64,
    first: u64,
    failed: bool,
}

/// The blocks of the file whose checked header is `header`.
pub fn blocks<'s, S: IndexBytes + ?Sized>(src: &'s S, header: &Header) -> Blocks<'s, S> {
    Blocks {
        src,
        header: *header,
        next_at: HEADER_BYTES as u64,
        first: 0,
        failed: false,
    }
}

impl<S: IndexBytes + ?Sized> Blocks<'_, S> {
    fn read_block(&mut self) -> Result<BlockRef, IndexError> {
        let left = self.header.games - self.first;
        let want = left.min(BLOCK_GAMES as u64);
        let head = self.src.bytes_at(self.next_at, BLOCK_HEADER_BYTES as u64)?;
        let (body, sum) = head.split_at(BLOCK_HEADER_BYTES - 4);
        if crc32(body).to_le_bytes() != sum {
            return Err(DAMAGED);
        }
        let mut r = Reader::new(body);
        if u64::from(r.u32()?) != want {
            return Err(IndexError::Corrupt("a block of the wrong size"));
        }
        let games = want as usize;
        let mut block = BlockRef {
            first: self.first,
            games,
            at: [0; SECTIONS],
            len: [0; SECTIONS],
            crc: [0; SECTIONS],
        };
        let mut at = self.next_at + BLOCK_HEADER_BYTES as u64;
        for i in 0..SECTIONS {
            block.at[i] = at;
            block.len[i] = r.u32()?;
            block.crc[i] = r.u32()?;
            at += u64::from(block.len[i]);
        }
        if block.len[Section::Flags as usize] as usize != 2 * games
            || block.len[Section::Counts as usize] as usize != COUNT_BYTES * games
            || (!self.header.keys && block.len[Section::Keys as usize] != 0)
        {
            return Err(IndexError::Corrupt("a column of the wrong size"));
        }
        if at > self.header.strings_at {
            return Err(IndexError::Corrupt("a block past the string table"));
        }
        self.next_at = at;
        self.first += want;
        if self.first == self.header.games && at != self.header.strings_at {
            return Err(IndexError::Corrupt(
                "bytes between the blocks and the strings",
            ));
        }
        Ok(block)
    }
}

impl<S: IndexBytes + ?Sized> Iterator for Blocks<'_, S> {
    type Item = Result<BlockRef, IndexError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        if self.first == self.header.games {
            // No game: the string table follows the header.
            if self.first == 0 && self.header.strings_at != HEADER_BYTES as u64 {
                self.failed = true;
                return Some(Err(IndexError::Corrupt(
                    "bytes between the blocks and the strings",
                )));
            }
            return None;
        }
        let block = self.read_block();
        self.failed = block.is_err();
        Some(block)
    }
}

/// Checks that the largest tag number a reading met, `max_tag`, is absent, not kept, or
/// names one of the string table's `values`.
pub fn check_tags(max_tag: u32, values: u64) -> Result<(), IndexError> {
    if u64::from(max_tag) > values + u64::from(FIRST_VALUE - 1) {
        return Err(IndexError::Corrupt("a tag outside the string table"));
    }
    Ok(())
}

/// Reads the string table (checked against its CRC-32), handing each value to `keep`;
/// returns their number.
pub fn read_strings<S: IndexBytes + ?Sized>(
    src: &S,
    header: &Header,
    mut keep: impl FnMut(&str),
) -> Result<u64, IndexError> {
    // A table bigger than a build writes is refused before it is read: the memory a search
    // of a hostile index takes stays bounded.
    if header.strings_len > TABLE_BYTES as u64 {
        return Err(IndexError::Corrupt(
            "a string table larger than cqlq writes",
        ));
    }
    let bytes = src.bytes_at(header.strings_at, header.strings_len)?;
    if crc32(&bytes) != header.strings_crc {
        return Err(DAMAGED);
    }
    let mut r = Reader::new(&bytes);
    let count = r.varint()?;
    if count > bytes.len() as u64 {
        return Err(IndexError::Corrupt("more strings than the file holds"));
    }
    for _ in 0..count {
        let len = usize::try_from(r.varint()?).map_err(|_| CUT_SHORT)?;
        let text = std::str::from_utf8(r.take(len)?)
            .map_err(|_| IndexError::Corrupt("a tag value not in UTF-8"))?;
        keep(text);
    }
    if r.at != bytes.len() {
        return Err(IndexError::Corrupt("bytes after the string table"));
    }
    Ok(count)
}

/// The columns a reading of the games decodes besides each game's place and flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    /// The fewest and most pieces per kind.
    pub counts: bool,
    /// The squares each kind stood on.
    pub squares: bool,
    /// The kept tags' numbers.
    pub tags: bool,
    /// The main line (plies, final key, packed moves).
    pub moves: bool,
    /// The filter of the positions' keys (an index without keys has none: empty).
    pub keys: bool,
    /// The plies of the first position without queens and of the last queen-side castling.
    pub plies: bool,
    /// The positions in check, and the most in a row.
    pub checks: bool,
}

impl Columns {
    /// Every column.
    pub const ALL: Columns = Columns {
        counts: true,
        squares: true,
        tags: true,
        moves: true,
        keys: true,
        plies: true,
        checks: true,
    };
}

/// One block's games read column by column (only the columns asked for).
struct BlockGames<'b> {
    places: Reader<'b>,
    flags: &'b [u8],
    counts: Option<&'b [u8]>,
    squares: Option<Reader<'b>>,
    tags: Option<Reader<'b>>,
    moves: Option<Reader<'b>>,
    keys: Option<Reader<'b>>,
    plies: Option<Reader<'b>>,
    checks: Option<Reader<'b>>,
    next: usize,
    games: usize,
    /// Whether a column of varying width other than the plies and checks (squares, tags,
    /// moves, keys) is read ([`BlockGames::read_columns`]).
    varint_columns: bool,
    /// Whether a column besides the places and flags is read.
    more_columns: bool,
}

/// A game as [`BlockGames::next_game`] reads it: its place in the source, and its packed
/// moves (the rest goes into the summary passed in).
struct GamePlace<'b> {
    offset: u64,
    length: u32,
    moves: &'b [u8],
    keys: &'b [u8],
}

impl<'b> BlockGames<'b> {
    /// Reads the next game into `summary` (the columns not asked for left as they were; the
    /// flags always), after a game that ended at `end` in a source of `size` bytes (`end`
    /// moves to where this one ends). Its place, flags, counts and plies are read here
    /// (inlined into the loop over a block's games); the other columns, when any is asked
    /// for, by [`BlockGames::read_columns`].
    #[inline(always)]
    fn next_game(
        &mut self,
        end: &mut u64,
        size: u64,
        summary: &mut GameSummary,
    ) -> Result<GamePlace<'b>, IndexError> {
        let i = self.next;
        self.next += 1;
        let offset = end
            .checked_add(self.places.varint()?)
            .ok_or(IndexError::Corrupt("a game outside the source"))?;
        let length = self.places.varint_u32()?;
        *end = offset
            .checked_add(u64::from(length))
            .filter(|&e| e <= size)
            .ok_or(IndexError::Corrupt("a game outside the source"))?;
        let flags = match self.flags.get(2 * i..2 * i + 2) {
            Some(&[low, high]) => u32::from(u16::from_le_bytes([low, high])),
            _ => return Err(CUT_SHORT),
        };
        summary.flags = flags;
        let mut place = GamePlace {
            offset,
            length,
            moves: &[],
            keys: &[],
        };
        if flags & SCAN != 0 {
            self.check_scan(i, flags)?;
            return Ok(place);
        }
        if !self.more_columns {
            return Ok(place);
        }
        if let Some(counts) = self.counts {
            split_counts(&counts[COUNT_BYTES * i..COUNT_BYTES * (i + 1)], summary);
        }
        if let Some(r) = &mut self.plies {
            summary.queens_gone = r.varint_u32()?;
            summary.last_long_castle = r.varint_u32()?;
        }
        if let Some(r) = &mut self.checks {
            summary.checks = r.varint_u32()?;
            let runs = r.byte()?;
            (summary.check_run, summary.same_side_check_run) = (runs & 0xf, runs >> 4);
        }
        if self.varint_columns {
            self.read_columns(summary, &mut place)?;
        }
        Ok(place)
    }

    /// Whether a column [`BlockGames::read_columns`] reads is read.
    fn reads_varint_columns(&self) -> bool {
        self.squares.is_some() || self.tags.is_some() || self.moves.is_some() || self.keys.is_some()
    }

    /// A game searched always (`flags` has `SCAN`): no other flag, and zero counts when
    /// the counts are read.
    fn check_scan(&self, i: usize, flags: u32) -> Result<(), IndexError> {
        if flags != SCAN {
            return Err(IndexError::Corrupt("flags on a game searched always"));
        }
        if let Some(counts) = self.counts
            && counts[COUNT_BYTES * i..COUNT_BYTES * (i + 1)]
                .iter()
                .any(|&b| b != 0)
        {
            return Err(IndexError::Corrupt("counts on a game searched always"));
        }
        Ok(())
    }

    /// Reads the next game's columns of varying width asked for (squares, tags, moves,
    /// keys; a game not searched always) into `summary` and `place`.
    #[inline(never)]
    fn read_columns(
        &mut self,
        summary: &mut GameSummary,
        place: &mut GamePlace<'b>,
    ) -> Result<(), IndexError> {
        if let Some(r) = &mut self.squares {
            for (squares, start) in summary.ever_on.iter_mut().zip(START_SQUARES) {
                let extra = r.squares()?;
                if extra & start != 0 {
                    return Err(IndexError::Corrupt("a start square written"));
                }
                *squares = extra | start;
            }
        }
        if let Some(r) = &mut self.tags {
            for id in &mut summary.tags {
                *id = r.varint_u32()?;
            }
        }
        if let Some(r) = &mut self.moves {
            summary.plies = r.varint_u32()?;
            let move_bytes = usize::try_from(r.varint()?).map_err(|_| CUT_SHORT)?;
            summary.final_key = r.u64()?;
            place.moves = r.take(move_bytes)?;
        }
        if let Some(r) = &mut self.keys {
            let filter_bytes = usize::try_from(r.varint()?).map_err(|_| CUT_SHORT)?;
            place.keys = r.take(filter_bytes)?;
        }
        Ok(())
    }

    /// After the block's last game: every column read to its end.
    fn finish(&self) -> Result<(), IndexError> {
        self.places.at_end()?;
        for r in [
            &self.squares,
            &self.tags,
            &self.moves,
            &self.keys,
            &self.plies,
            &self.checks,
        ]
        .into_iter()
        .flatten()
        {
            r.at_end()?;
        }
        Ok(())
    }
}

/// A game's counts column (a byte a counted kind, [`COUNTED_KINDS`]: the fewest in the low
/// 4 bits, the most in the high 4) into `summary.fewest` and `summary.most`, each king one
/// (its byte put back in place first), eight kinds a word; then its leads (each least stored
/// negated: every byte reads as a range holding 0).
#[inline(always)]
fn split_counts(counts: &[u8], summary: &mut GameSummary) {
    const LOW: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const ONE_KING: u8 = 1 | 1 << 4;
    // The counted kinds are white's five but the king, then black's (`COUNTED_KINDS`).
    let mut bytes = [ONE_KING; KINDS];
    bytes[..5].copy_from_slice(&counts[..5]);
    bytes[6..11].copy_from_slice(&counts[5..10]);
    let mut low = [0u8; 8];
    let mut high = [0u8; 8];
    low.copy_from_slice(&bytes[..8]);
    high[..KINDS - 8].copy_from_slice(&bytes[8..]);
    for (word, at) in [(u64::from_le_bytes(low), 0), (u64::from_le_bytes(high), 8)] {
        let n = (KINDS - at).min(8);
        summary.fewest[at..at + n].copy_from_slice(&(word & LOW).to_le_bytes()[..n]);
        summary.most[at..at + n].copy_from_slice(&((word >> 4) & LOW).to_le_bytes()[..n]);
    }
    let leads = &counts[COUNTED_KINDS.len()..COUNT_BYTES];
    summary.piece_lead = (-((leads[0] & 0xf) as i8), (leads[0] >> 4) as i8);
    summary.power_lead = (-i16::from(leads[1]), i16::from(leads[2]));
}

/// One game as [`visit_games`] hands it over.
pub struct GameRead<'b> {
    /// Its place among the file's games (0 for the first).
    pub position: u64,
    /// Its first byte in the source.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u32,
    /// Its summary: the flags always, the columns read; the others as they were for the
    /// game before (zero at first: never test a column not asked for), `moves` empty. For a
    /// game searched always only the flags mean anything.
    pub summary: &'b GameSummary,
    /// Its packed main line when [`Columns::moves`] is asked for (else, and for a game
    /// searched always, empty).
    pub moves: &'b [u8],
    /// The Bloom filter of its positions' keys when [`Columns::keys`] is asked for and the
    /// index holds keys (else, and for a game searched always, empty: `keys::may_hold`
    /// answers no key of an empty filter, so test it only of an index with keys).
    pub keys: &'b [u8],
}

/// Reads the games of the file behind `src` (its checked `header`), decoding the columns
/// `columns` asks for, and hands each to `visit` ([`GameRead`]). Each block's sections read
/// are checked against their CRC-32 first. Returns the largest tag number met (0 without
/// tags).
pub fn visit_games<S: IndexBytes + ?Sized>(
    src: &S,
    header: &Header,
    columns: Columns,
    mut visit: impl FnMut(&GameRead<'_>),
) -> Result<u32, IndexError> {
    let mut visits = BlockVisits::new(src, header, columns);
    while visits.next_block(&mut visit)? {}
    Ok(visits.max_tag)
}

/// [`visit_games`] a block of games at a time: each [`BlockVisits::next_block`] reads the
/// next block's columns asked for (checked against their CRC-32) and hands its games over,
/// so a reader can stop between blocks and hold no more than one block's columns.
pub struct BlockVisits<'s, S: IndexBytes + ?Sized> {
    src: &'s S,
    columns: Columns,
    keys: bool,
    blocks: Blocks<'s, S>,
    /// The end of the game before (the places count from it).
    end: u64,
    /// The source's size as the places count it.
    size: u64,
    summary: GameSummary,
    /// The largest tag number met so far.
    max_tag: u32,
}

impl<'s, S: IndexBytes + ?Sized> BlockVisits<'s, S> {
    /// The games of the file behind `src`, whose checked header is `header`.
    pub fn new(src: &'s S, header: &Header, columns: Columns) -> Self {
        BlockVisits {
            src,
            columns,
            keys: header.keys,
            blocks: blocks(src, header),
            end: 0,
            size: header.text.size(header.source.size),
            summary: GameSummary::default(),
            max_tag: 0,
        }
    }

    /// The largest tag number met in the blocks read so far (0 without tags).
    pub fn max_tag(&self) -> u32 {
        self.max_tag
    }

    /// Hands the next block's games to `visit`; false after the last block.
    pub fn next_block(&mut self, mut visit: impl FnMut(&GameRead<'_>)) -> Result<bool, IndexError> {
        let Some(block) = self.blocks.next() else {
            return Ok(false);
        };
        let block = block?;
        let (src, columns) = (self.src, self.columns);
        let read = |which, want: bool| {
            if want {
                block.section(src, which).map(Some)
            } else {
                Ok(None)
            }
        };
        let places = block.section(src, Section::Places)?;
        let flags = block.section(src, Section::Flags)?;
        let counts = read(Section::Counts, columns.counts)?;
        let squares = read(Section::Squares, columns.squares)?;
        let tags = read(Section::Tags, columns.tags)?;
        let moves = read(Section::Moves, columns.moves)?;
        let keys = read(Section::Keys, columns.keys && self.keys)?;
        let plies = read(Section::Plies, columns.plies)?;
        let checks = read(Section::Checks, columns.checks)?;
        let mut games = BlockGames {
            places: Reader::new(&places),
            flags: &flags,
            counts: counts.as_deref(),
            squares: squares.as_deref().map(Reader::new),
            tags: tags.as_deref().map(Reader::new),
            moves: moves.as_deref().map(Reader::new),
            keys: keys.as_deref().map(Reader::new),
            plies: plies.as_deref().map(Reader::new),
            checks: checks.as_deref().map(Reader::new),
            next: 0,
            games: block.games,
            varint_columns: false,
            more_columns: false,
        };
        games.varint_columns = games.reads_varint_columns();
        games.more_columns = games.varint_columns
            || games.counts.is_some()
            || games.plies.is_some()
            || games.checks.is_some();
        // Kept in locals while the block is read (no store to `self` each game).
        let (summary, size) = (&mut self.summary, self.size);
        let (mut end, mut max_tag) = (self.end, self.max_tag);
        for i in 0..games.games {
            let place = games.next_game(&mut end, size, summary)?;
            if columns.tags && summary.flags & SCAN == 0 {
                max_tag = summary.tags.iter().fold(max_tag, |m, &t| m.max(t));
            }
            visit(&GameRead {
                position: block.first + i as u64,
                offset: place.offset,
                length: place.length,
                summary,
                moves: place.moves,
                keys: place.keys,
            });
        }
        games.finish()?;
        (self.end, self.max_tag) = (end, max_tag);
        Ok(true)
    }
}
