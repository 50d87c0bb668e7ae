//! The `.cqlqi` file: a header naming the source it was made from, one record per game, and
//! a checksum (the layout is `docs/index.md`'s). Reading checks everything before trusting
//! anything: a short, corrupt, foreign or future file is an [`IndexError`], never a panic.

use std::io::Write;
use std::path::Path;

use super::moves::MainLine;
use super::summary::{GameSummary, KINDS, SCAN, TAGS};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"CQLQIDX\x1a";
/// The format's version (a reader refuses any other).
pub const VERSION: u32 = 2;
/// The header's size in bytes.
pub const HEADER_BYTES: usize = 64;
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

/// 64-bit FNV-1a: the hash of the source's ends and the file's checksum.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_more(FNV_START, bytes)
}

/// FNV-1a's starting value.
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a of what gave `hash`, followed by `bytes`.
fn fnv1a_more(mut hash: u64, bytes: &[u8]) -> u64 {
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
    /// The games, in file order.
    pub games: Vec<GameEntry>,
    /// The distinct tag values; a summary's tag `n` (not 0) is `strings[n - 1]`.
    pub strings: Vec<String>,
}

impl Index {
    /// The value of `game`'s tag `tag` (see [`TAG_NAMES`](super::summary::TAG_NAMES); None: the game has no such tag,
    /// or the index does not know: a game searched always).
    pub fn tag(&self, game: &GameEntry, tag: usize) -> Option<&str> {
        let id = *game.summary.tags.get(tag)?;
        let i = usize::try_from(id).ok()?.checked_sub(1)?;
        self.strings.get(i).map(String::as_str)
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

/// Appends a bitboard as a byte naming its non-empty ranks, then those ranks' bytes.
fn put_squares(out: &mut Vec<u8>, squares: u64) {
    let ranks = squares.to_le_bytes();
    let mask = ranks
        .iter()
        .enumerate()
        .fold(0u8, |m, (i, &r)| if r != 0 { m | 1 << i } else { m });
    out.push(mask);
    out.extend(ranks.iter().filter(|&&r| r != 0));
}

/// Appends one game's record to `out` (layout: `docs/index.md`), after a game that ended
/// at `previous_end`. None when the entry cannot be written in this layout (it starts
/// before `previous_end`, or a count above 15): the caller marks the game "search always".
pub fn write_entry(out: &mut Vec<u8>, entry: &GameEntry, previous_end: u64) -> Option<()> {
    let s = &entry.summary;
    let gap = entry.offset.checked_sub(previous_end)?;
    let start = out.len();
    put_varint(out, gap);
    put_varint(out, u64::from(entry.length));
    put_varint(out, u64::from(s.flags));
    if s.must_scan() {
        return Some(());
    }
    if s.fewest.iter().chain(&s.most).any(|&n| n > 15) {
        out.truncate(start);
        return None;
    }
    put_varint(out, u64::from(s.plies));
    put_varint(out, s.moves.len() as u64);
    out.extend_from_slice(&s.final_key.to_le_bytes());
    for (fewest, most) in s.fewest.iter().zip(&s.most) {
        out.push(fewest | most << 4);
    }
    for (squares, start) in s.ever_on.iter().zip(START_SQUARES) {
        put_squares(out, squares & !start);
    }
    for &id in &s.tags {
        put_varint(out, u64::from(id));
    }
    out.extend_from_slice(&s.moves);
    Some(())
}

/// The header's bytes for `source` and `games` games.
pub fn header(source: &SourceId, games: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_BYTES);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&source.size.to_le_bytes());
    out.extend_from_slice(&source.mtime_secs.to_le_bytes());
    out.extend_from_slice(&source.mtime_nanos.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&source.head_hash.to_le_bytes());
    out.extend_from_slice(&source.tail_hash.to_le_bytes());
    out.extend_from_slice(&games.to_le_bytes());
    out
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

/// The whole file's bytes: header, records, string table, checksum (FNV-1a of all that
/// precedes it). A game whose entry cannot be written is written "search always".
pub fn encode(index: &Index) -> Vec<u8> {
    let mut out = header(&index.source, index.games.len() as u64);
    let mut end = 0u64;
    for entry in &index.games {
        if write_entry(&mut out, entry, end).is_none() {
            let scan = GameEntry {
                summary: GameSummary::scan(),
                ..entry.clone()
            };
            let _ = write_entry(&mut out, &scan, end);
        }
        end = entry.offset + u64::from(entry.length);
    }
    out.extend_from_slice(&string_table(&index.strings));
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Writes an index file game by game (memory flat in the number of games): the header with
/// no count yet, each record as it comes, then [`IndexWriter::finish`] writes the string
/// table, the count, and the checksum of what was written.
pub struct IndexWriter {
    file: std::io::BufWriter<std::fs::File>,
    games: u64,
    end: u64,
    record: Vec<u8>,
    /// The string table [`IndexWriter::finish`] writes (the tag values the records name).
    pub strings: Vec<String>,
}

impl IndexWriter {
    /// Starts the index of `source` in `file` (empty, opened for reading and writing).
    pub fn new(file: std::fs::File, source: &SourceId) -> std::io::Result<IndexWriter> {
        let mut file = std::io::BufWriter::with_capacity(1 << 16, file);
        file.write_all(&header(source, 0))?;
        Ok(IndexWriter {
            file,
            games: 0,
            end: 0,
            record: Vec::with_capacity(1024),
            strings: Vec::new(),
        })
    }

    /// Writes the next game's record (one [`write_entry`] cannot write is written "search
    /// always", as [`encode`] does).
    pub fn push(&mut self, entry: &GameEntry) -> std::io::Result<()> {
        self.record.clear();
        if write_entry(&mut self.record, entry, self.end).is_none() {
            let scan = GameEntry {
                summary: GameSummary::scan(),
                ..entry.clone()
            };
            let _ = write_entry(&mut self.record, &scan, self.end);
        }
        self.end = entry.offset + u64::from(entry.length);
        self.games += 1;
        self.file.write_all(&self.record)
    }

    /// Writes the string table ([`IndexWriter::strings`]), the game count into the header,
    /// and the checksum (the file read back in blocks); returns the file's length.
    pub fn finish(self) -> std::io::Result<u64> {
        use std::io::{Read, Seek, SeekFrom};
        let mut buffered = self.file;
        buffered.write_all(&string_table(&self.strings))?;
        let mut file = buffered.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(HEADER_BYTES as u64 - 8))?;
        file.write_all(&self.games.to_le_bytes())?;
        file.seek(SeekFrom::Start(0))?;
        let mut hash = FNV_START;
        let mut block = vec![0u8; 1 << 16];
        let mut length = 0u64;
        loop {
            let n = file.read(&mut block)?;
            if n == 0 {
                break;
            }
            hash = fnv1a_more(hash, &block[..n]);
            length += n as u64;
        }
        file.seek(SeekFrom::End(0))?;
        file.write_all(&hash.to_le_bytes())?;
        file.sync_all()?;
        Ok(length + 8)
    }
}

/// A cursor over the file's bytes that fails instead of reading past the end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], IndexError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(IndexError::Corrupt("cut short"))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn byte(&mut self) -> Result<u8, IndexError> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, IndexError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().unwrap_or([0; 4]),
        ))
    }
    fn u64(&mut self) -> Result<u64, IndexError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().unwrap_or([0; 8]),
        ))
    }
    /// A varint as [`put_varint`] writes it (the shortest form only: anything else would
    /// not be written back as read).
    fn varint(&mut self) -> Result<u64, IndexError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            if shift == 63 && b > 1 {
                break;
            }
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                if b == 0 && shift > 0 {
                    break;
                }
                return Ok(n);
            }
        }
        Err(IndexError::Corrupt("a malformed number"))
    }
    fn varint_u32(&mut self) -> Result<u32, IndexError> {
        u32::try_from(self.varint()?).map_err(|_| IndexError::Corrupt("a number out of range"))
    }
    /// A bitboard as [`put_squares`] writes it.
    fn squares(&mut self) -> Result<u64, IndexError> {
        let mask = self.byte()?;
        let mut ranks = [0u8; 8];
        for (i, rank) in ranks.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                *rank = self.byte()?;
                if *rank == 0 {
                    return Err(IndexError::Corrupt("an empty rank written"));
                }
            }
        }
        Ok(u64::from_le_bytes(ranks))
    }
}

/// Reads an index from its file's bytes, checking the magic, the version, the checksum,
/// that each record lies inside the source after the one before, that each tag names a
/// string of the table, and that nothing follows the table.
pub fn decode(bytes: &[u8]) -> Result<Index, IndexError> {
    let mut records = records(bytes)?;
    let mut games = Vec::with_capacity(records.count() as usize);
    while let Some(record) = records.next_record() {
        let record = record?;
        let mut entry = record.entry;
        entry.summary.moves = record.moves.to_vec();
        games.push(entry);
    }
    let source = records.source();
    let strings = records.finish()?;
    Ok(Index {
        source,
        games,
        strings,
    })
}

/// The records of an index file read one at a time, in place, with every check [`decode`]
/// makes ([`records`] checks the checksum and the header; [`Records::finish`] or
/// [`Records::check_end`] the string table and the tags): a search tests each game as it is
/// read, without holding every entry.
pub struct Records<'a> {
    r: Reader<'a>,
    source: SourceId,
    count: u64,
    read: u64,
    end: u64,
    /// The largest tag id met (each must name a string of the table).
    max_tag: u32,
}

/// One record read in place: the game's entry (its summary's `moves` left empty) and its
/// packed moves, a slice of the file's bytes.
pub struct RecordRef<'a> {
    /// Where the game lies, and its summary (without the moves).
    pub entry: GameEntry,
    /// The main line packed ([`super::moves`]); empty for a game searched always.
    pub moves: &'a [u8],
}

/// Checks the index file's bytes (magic, checksum, version, header) and returns its records
/// to read.
pub fn records(bytes: &[u8]) -> Result<Records<'_>, IndexError> {
    if bytes.len() < HEADER_BYTES + 8 || &bytes[..8] != MAGIC {
        return Err(IndexError::Corrupt("not an index file"));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if fnv1a(body).to_le_bytes() != sum {
        return Err(IndexError::Corrupt("its checksum does not match: damaged"));
    }
    let mut r = Reader { bytes: body, at: 8 };
    if r.u32()? != VERSION {
        return Err(IndexError::Corrupt("another version of the format"));
    }
    let reserved = r.u32()?;
    let (size, mtime_secs, mtime_nanos) = (r.u64()?, r.u64()? as i64, r.u32()?);
    // The reserved words are written 0: anything else is not this version's file (and
    // would not be written back as read).
    if reserved != 0 || r.u32()? != 0 {
        return Err(IndexError::Corrupt("reserved bytes set"));
    }
    let source = SourceId {
        size,
        mtime_secs,
        mtime_nanos,
        head_hash: r.u64()?,
        tail_hash: r.u64()?,
    };
    let count = r.u64()?;
    // Each record takes 3 bytes at least: a count the file cannot hold is refused before
    // anything is allocated for it.
    if count > (body.len() / 3) as u64 {
        return Err(IndexError::Corrupt("more games than the file holds"));
    }
    Ok(Records {
        r,
        source,
        count,
        read: 0,
        end: 0,
        max_tag: 0,
    })
}

impl<'a> Records<'a> {
    /// The source the index was made from.
    pub fn source(&self) -> SourceId {
        self.source
    }

    /// The number of games the header announces.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The next game's record (None after the last).
    pub fn next_record(&mut self) -> Option<Result<RecordRef<'a>, IndexError>> {
        if self.read == self.count {
            return None;
        }
        self.read += 1;
        let record = read_entry(&mut self.r, self.end).and_then(|record| {
            self.end = (record.entry.offset)
                .checked_add(u64::from(record.entry.length))
                .filter(|&e| e <= self.source.size)
                .ok_or(IndexError::Corrupt("a game outside the source"))?;
            let tags = record.entry.summary.tags.iter();
            self.max_tag = tags.fold(self.max_tag, |m, &id| m.max(id));
            Ok(record)
        });
        if record.is_err() {
            // Nothing more is read after a fault.
            self.count = self.read;
        }
        Some(record)
    }

    /// After the records (any not read yet are read and checked): the string table, checked
    /// as [`decode`] checks it.
    pub fn finish(self) -> Result<Vec<String>, IndexError> {
        let mut strings = Vec::new();
        self.end_with(|text| strings.push(text.to_string()))?;
        Ok(strings)
    }

    /// [`Records::finish`]'s checks, without keeping the strings.
    pub fn check_end(self) -> Result<(), IndexError> {
        self.end_with(|_| ())
    }

    fn end_with(mut self, mut keep: impl FnMut(&str)) -> Result<(), IndexError> {
        while let Some(record) = self.next_record() {
            record?;
        }
        let strings = read_strings(&mut self.r, &mut keep)?;
        if self.r.at != self.r.bytes.len() {
            return Err(IndexError::Corrupt("bytes after the string table"));
        }
        if self.max_tag as u64 > strings {
            return Err(IndexError::Corrupt("a tag outside the string table"));
        }
        Ok(())
    }
}

/// Reads the string table, handing each value to `keep`; returns their number.
fn read_strings(r: &mut Reader<'_>, keep: &mut impl FnMut(&str)) -> Result<u64, IndexError> {
    let count = r.varint()?;
    if count > (r.bytes.len() - r.at) as u64 {
        return Err(IndexError::Corrupt("more strings than the file holds"));
    }
    for _ in 0..count {
        let len = usize::try_from(r.varint()?).map_err(|_| IndexError::Corrupt("cut short"))?;
        let text = std::str::from_utf8(r.take(len)?)
            .map_err(|_| IndexError::Corrupt("a tag value not in UTF-8"))?;
        keep(text);
    }
    Ok(count)
}

/// Reads one record (the game before it ended at `previous_end`).
fn read_entry<'a>(r: &mut Reader<'a>, previous_end: u64) -> Result<RecordRef<'a>, IndexError> {
    let offset = previous_end
        .checked_add(r.varint()?)
        .ok_or(IndexError::Corrupt("a game outside the source"))?;
    let length = r.varint_u32()?;
    let flags = r.varint_u32()?;
    if flags & SCAN != 0 {
        if flags != SCAN {
            return Err(IndexError::Corrupt("flags on a game searched always"));
        }
        return Ok(RecordRef {
            entry: GameEntry {
                offset,
                length,
                summary: GameSummary::scan(),
            },
            moves: &[],
        });
    }
    let plies = r.varint_u32()?;
    let move_bytes = usize::try_from(r.varint()?).map_err(|_| IndexError::Corrupt("cut short"))?;
    let final_key = r.u64()?;
    let mut fewest = [0u8; KINDS];
    let mut most = [0u8; KINDS];
    for (fewest, most) in fewest.iter_mut().zip(&mut most) {
        let b = r.byte()?;
        (*fewest, *most) = (b & 15, b >> 4);
    }
    let mut ever_on = [0u64; KINDS];
    for (squares, start) in ever_on.iter_mut().zip(START_SQUARES) {
        let extra = r.squares()?;
        if extra & start != 0 {
            return Err(IndexError::Corrupt("a start square written"));
        }
        *squares = extra | start;
    }
    let mut tags = [0u32; TAGS];
    for id in &mut tags {
        *id = r.varint_u32()?;
    }
    let moves = r.take(move_bytes)?;
    Ok(RecordRef {
        entry: GameEntry {
            offset,
            length,
            summary: GameSummary {
                flags,
                plies,
                final_key,
                fewest,
                most,
                ever_on,
                moves: Vec::new(),
                tags,
            },
        },
        moves,
    })
}

/// Reads the index file at `path`.
pub fn read_index(path: &Path) -> Result<Index, IndexError> {
    decode(&std::fs::read(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::summary::summarize;

    /// A two-game index made from written games.
    fn sample() -> (Vec<u8>, Index) {
        let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let games = crate::pgn::split_games(pgn)
            .map(|r| GameEntry {
                offset: r.start as u64,
                length: r.len() as u32,
                summary: summarize(&pgn[r]).summary,
            })
            .collect();
        let mut index = Index {
            source: SourceId {
                size: pgn.len() as u64,
                ..SourceId::default()
            },
            games,
            strings: vec!["a".into()],
        };
        index.games[1].summary.tags[0] = 1;
        (encode(&index), index)
    }

    /// What is written is read back as it was.
    #[test]
    fn an_index_is_read_back_as_written() {
        let (bytes, index) = sample();
        assert_eq!(decode(&bytes).unwrap(), index);
        // Both games end in mate (4.Qxf7#, 2...Qh4#), the second has 4 plies.
        assert!(
            index
                .games
                .iter()
                .all(|g| g.summary.flags & super::super::summary::MATE != 0)
        );
        assert_eq!(index.games[1].summary.plies, 4);
    }

    /// Every cut and every flipped bit of a valid index is refused with an error, without a
    /// panic (the reader meets hostile files: the fuzz target's property, in miniature).
    #[test]
    fn every_cut_and_flipped_bit_is_refused() {
        let (bytes, _) = sample();
        for n in 0..bytes.len() {
            assert!(decode(&bytes[..n]).is_err(), "cut at {n}");
        }
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                assert!(decode(&bad).is_err(), "byte {i} bit {bit}");
            }
        }
    }

    /// A well-formed file whose records lie outside its source, or overlap, is refused
    /// (the checksum recomputed, so only the structure is wrong).
    #[test]
    fn records_outside_the_source_are_refused() {
        let (_, mut index) = sample();
        index.games[1].offset = index.games[0].offset;
        assert!(decode(&encode(&index)).is_err());
        let (_, mut index) = sample();
        index.source.size = 10;
        assert!(decode(&encode(&index)).is_err());
    }
}
