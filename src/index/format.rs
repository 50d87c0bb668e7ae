//! The `.cqlqi` file: a header naming the source it was made from, one record per game, and
//! a checksum (the layout is `docs/index.md`'s). Reading checks everything before trusting
//! anything: a short, corrupt, foreign or future file is an [`IndexError`], never a panic.

use std::path::Path;

use super::summary::{GameSummary, KINDS};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"CQLQIDX\x1a";
/// The format's version (a reader refuses any other).
pub const VERSION: u32 = 1;
/// The header's size in bytes.
pub const HEADER_BYTES: usize = 64;
/// A game record's fixed part in bytes (its packed moves follow it).
pub const RECORD_BYTES: usize = 8 + 4 + 4 + 4 + 8 + KINDS + KINDS + 8 * KINDS;
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

/// A whole index: the source's identity and an entry per game, in file order (game `i` of
/// the file is `games[i]`, numbered `i + 1`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Index {
    /// The source the index was made from.
    pub source: SourceId,
    /// The games, in file order.
    pub games: Vec<GameEntry>,
}

/// Appends one game's record (fixed part, then its moves) to `out`.
pub fn write_entry(out: &mut Vec<u8>, entry: &GameEntry) {
    let s = &entry.summary;
    out.extend_from_slice(&entry.offset.to_le_bytes());
    out.extend_from_slice(&entry.length.to_le_bytes());
    out.extend_from_slice(&s.flags.to_le_bytes());
    out.extend_from_slice(&(s.moves.len() as u32).to_le_bytes());
    out.extend_from_slice(&s.final_key.to_le_bytes());
    out.extend_from_slice(&s.fewest);
    out.extend_from_slice(&s.most);
    for squares in s.ever_on {
        out.extend_from_slice(&squares.to_le_bytes());
    }
    for m in &s.moves {
        out.extend_from_slice(&m.to_le_bytes());
    }
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

/// The whole file's bytes: header, records, checksum (FNV-1a of all that precedes it).
pub fn encode(index: &Index) -> Vec<u8> {
    let mut out = header(&index.source, index.games.len() as u64);
    for entry in &index.games {
        write_entry(&mut out, entry);
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
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
}

/// Reads an index from its file's bytes, checking the magic, the version, the checksum and
/// that each record lies inside the source and after the one before.
pub fn decode(bytes: &[u8]) -> Result<Index, IndexError> {
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
    // Each record takes RECORD_BYTES at least: a count the file cannot hold is refused
    // before anything is allocated for it.
    if count > (body.len() / RECORD_BYTES) as u64 {
        return Err(IndexError::Corrupt("more games than the file holds"));
    }
    let mut games = Vec::with_capacity(count as usize);
    let mut next_free = 0u64;
    for _ in 0..count {
        let entry = read_entry(&mut r)?;
        let end = entry.offset.checked_add(u64::from(entry.length));
        if entry.offset < next_free || end.is_none_or(|e| e > source.size) {
            return Err(IndexError::Corrupt("a game outside the source"));
        }
        next_free = end.unwrap_or(u64::MAX);
        games.push(entry);
    }
    if r.at != body.len() {
        return Err(IndexError::Corrupt("bytes after the last game"));
    }
    Ok(Index { source, games })
}

/// Reads one record.
fn read_entry(r: &mut Reader<'_>) -> Result<GameEntry, IndexError> {
    let offset = r.u64()?;
    let length = r.u32()?;
    let flags = r.u32()?;
    let plies = r.u32()?;
    let final_key = r.u64()?;
    let mut fewest = [0u8; KINDS];
    fewest.copy_from_slice(r.take(KINDS)?);
    let mut most = [0u8; KINDS];
    most.copy_from_slice(r.take(KINDS)?);
    let mut ever_on = [0u64; KINDS];
    for squares in &mut ever_on {
        *squares = r.u64()?;
    }
    let packed = r.take(2 * plies as usize)?;
    let moves = packed
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    Ok(GameEntry {
        offset,
        length,
        summary: GameSummary {
            flags,
            plies,
            final_key,
            fewest,
            most,
            ever_on,
            moves,
        },
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
                summary: summarize(&pgn[r]),
            })
            .collect();
        let index = Index {
            source: SourceId {
                size: pgn.len() as u64,
                ..SourceId::default()
            },
            games,
        };
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
