//! Shards of one plain PGN file by byte range (`--byte-range A-B`): the games that *start*
//! in `[A, B)`, so the shards of a file, cut anywhere, cover every game exactly once.
//!
//! Where a game starts is the splitter's notion ([`crate::pgn::split_games`]). The splitter is
//! a scan from the file's start, but its state is reset at every game start, so a scan begun
//! at any line agrees with the whole-file scan from the first game start they share on. A cut
//! `C` is therefore resolved by a scan begun at the first line start at or after
//! `C − LOOKBACK` (1 MiB before the cut): the cut's game start, [`game_start_at_or_after`],
//! is the first game start of that scan at or after `C`. It is a function of the file's bytes
//! and `C` alone, so the shard ending at `C` and the shard beginning there agree on it (every
//! game is in exactly one shard, whatever the cuts), and it is the whole-file scan's game start
//! whenever that scan has met a game boundary within the lookback (always, unless one game or
//! one comment spans more than a megabyte).
//!
//! A shard is read as a stream ([`ShardReader`]): only the lookback window, a read chunk and
//! the longest game are held, whatever the shard's size. The bytes may come from standard input
//! starting at a known file offset (`--input-offset N`, a line start): a scan then begins no
//! earlier than that offset, so a driver that already knows the exact game starts (`cqlq split
//! --plan`) sends just the shard's bytes.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use super::{BoxedRead, Compression, Input, Opened, Stream, fill, open_input, read_full};
use crate::pgn::split_games;

/// How far before a cut the scan that resolves it begins.
pub const LOOKBACK: u64 = 1 << 20;

/// Bytes read at a time from the underlying input.
const READ_CHUNK: usize = 1 << 20;

/// Where one input's games sit in a larger whole: a shard's byte range, the file offset of its
/// first byte and the number of its first game. The default is a whole input on its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardPlace {
    /// `--byte-range A-B`: search only the games that start in `[A, B)` (file offsets).
    pub byte_range: Option<(u64, u64)>,
    /// `--input-offset N`: standard input's first byte is byte N of the file (a line start);
    /// byte offsets in messages are file offsets.
    pub input_offset: u64,
    /// `--first-game-number N`: the input's first game is game N (the games before it belong
    /// to other shards), for game numbers, `gamenumber` and `{Game number N}` comments.
    pub first_game_number: u64,
}

impl Default for ShardPlace {
    fn default() -> Self {
        ShardPlace {
            byte_range: None,
            input_offset: 0,
            first_game_number: 1,
        }
    }
}

/// Why [`parse_byte_range`] refused a `--byte-range` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ByteRangeError {
    /// No `-` between two offsets: `100`.
    NoDash(String),
    /// A side that is not a byte offset: `x` in `x-100`.
    NotAnOffset(String),
    /// The end before the start: `20-10`.
    Backwards(u64, u64),
}

impl std::fmt::Display for ByteRangeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ByteRangeError::NoDash(text) => {
                write!(f, "expected A-B (two byte offsets), found \"{text}\"")
            }
            ByteRangeError::NotAnOffset(side) => {
                write!(f, "expected a byte offset, found \"{side}\"")
            }
            ByteRangeError::Backwards(a, b) => write!(f, "the range {a}-{b} ends before it starts"),
        }
    }
}

impl std::error::Error for ByteRangeError {}

/// Parses `A-B` (byte offsets, `A <= B`) for `--byte-range`.
pub fn parse_byte_range(text: &str) -> Result<(u64, u64), ByteRangeError> {
    let (a, b) = text
        .split_once('-')
        .ok_or_else(|| ByteRangeError::NoDash(text.to_string()))?;
    let number = |s: &str| {
        s.trim()
            .parse::<u64>()
            .map_err(|_| ByteRangeError::NotAnOffset(s.to_string()))
    };
    let (a, b) = (number(a)?, number(b)?);
    if a > b {
        return Err(ByteRangeError::Backwards(a, b));
    }
    Ok((a, b))
}

/// Opens an input as a shard: with a byte range, the games starting in it (a plain file is
/// read from just before the range, standard input from its `--input-offset`); without one,
/// the input as usual, its offsets moved by `--input-offset`. Compressed data cannot be cut
/// by byte offsets: such an input with a byte range is refused (cut it with `cqlq split`).
pub fn open_shard(input: &Input, place: &ShardPlace) -> io::Result<Stream> {
    let Some(range) = place.byte_range else {
        let mut stream = match open_input(input)? {
            Opened::Stream(stream) => stream,
            Opened::Mapped(_) => match input {
                Input::File(path) => plain_stream(Box::new(File::open(path)?), path),
                Input::Stdin | Input::Text { .. } => {
                    unreachable!("standard input and text in memory are streams")
                }
            },
        };
        stream.first_offset = place.input_offset;
        return Ok(stream);
    };
    let refuse = |head: &[u8]| match Compression::from_magic(head) {
        Some(c) => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "--byte-range cuts plain PGN, and this is {} data: cut it into shards with \
                 `cqlq split FILE --shards N -o DIR` first",
                c.name()
            ),
        )),
        None => Ok(()),
    };
    let mut head = [0u8; 6];
    let (raw, offset, name, n): (BoxedRead, u64, PathBuf, usize) = match input {
        Input::Stdin | Input::Text { .. } => {
            let mut stdin: BoxedRead = match input {
                Input::Text { pgn, .. } => Box::new(io::Cursor::new(pgn.clone())),
                _ => Box::new(io::stdin()),
            };
            let n = read_full(&mut stdin, &mut head)?;
            if place.input_offset == 0 {
                refuse(&head[..n])?;
            }
            (stdin, place.input_offset, PathBuf::new(), n)
        }
        Input::File(path) => {
            let mut file = File::open(path)?;
            let n = read_full(&mut file, &mut head)?;
            refuse(&head[..n])?;
            let from = range.0.saturating_sub(LOOKBACK + 1);
            file.seek(SeekFrom::Start(from))?;
            let n = read_full(&mut file, &mut head)?;
            (Box::new(file), from, path.clone(), n)
        }
    };
    let whole: BoxedRead = Box::new(io::Cursor::new(head[..n].to_vec()).chain(raw));
    let (shard, start) = ShardReader::start(whole, offset, range)?;
    let mut stream = plain_stream(Box::new(shard), &name);
    stream.first_offset = start;
    Ok(stream)
}

/// A plain (uncompressed) stream over `reader`.
fn plain_stream(reader: BoxedRead, name: &Path) -> Stream {
    Stream {
        reader,
        compression: None,
        consumed: Arc::new(AtomicU64::new(0)),
        plain_name: name.to_path_buf(),
        first_offset: 0,
    }
}

/// What a look for a cut's game start found in the bytes at hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutStart {
    /// The game start (a file offset); the input's end when no game starts at or after the cut.
    At(u64),
    /// More bytes are needed to decide.
    NeedMore,
}

/// The first game start at or after the cut `cut`, found in `data` (whose first byte is file
/// byte `data_offset`; `at_end`: `data` runs to the input's end). The scan begins at the first
/// line start at or after `cut − LOOKBACK`; `data_offset` itself counts as a line start (the
/// input's first byte, or a line start promised by `--input-offset`), a later position when the
/// byte before it is a line feed. A start is trusted only once a later game start proves its
/// line complete, or at the input's end.
pub fn game_start_at_or_after(data: &[u8], data_offset: u64, cut: u64, at_end: bool) -> CutStart {
    let data_end = data_offset + data.len() as u64;
    let window = cut.saturating_sub(LOOKBACK).max(data_offset);
    if window > data_end {
        return if at_end {
            CutStart::At(data_end)
        } else {
            CutStart::NeedMore
        };
    }
    let mut scan_from = (window - data_offset) as usize;
    if scan_from > 0 && data[scan_from - 1] != b'\n' {
        match memchr::memchr(b'\n', &data[scan_from..]) {
            Some(i) => scan_from += i + 1,
            None if at_end => return CutStart::At(data_end),
            None => return CutStart::NeedMore,
        }
    }
    let base = data_offset + scan_from as u64;
    let mut games = split_games(&data[scan_from..]).peekable();
    while let Some(game) = games.next() {
        let start = base + game.start as u64;
        if start >= cut {
            return if at_end || games.peek().is_some() {
                CutStart::At(start)
            } else {
                CutStart::NeedMore
            };
        }
    }
    if at_end {
        CutStart::At(data_end)
    } else {
        CutStart::NeedMore
    }
}

/// The byte range of the games that start in `[a, b)` of a whole file held in memory.
pub fn shard_of(data: &[u8], a: u64, b: u64) -> std::ops::Range<usize> {
    let at = |cut| match game_start_at_or_after(data, 0, cut, true) {
        CutStart::At(at) => at as usize,
        CutStart::NeedMore => unreachable!("the whole file is at hand"),
    };
    let start = at(a);
    start..at(b).max(start)
}

/// Reads a shard's bytes (the games starting in `[a, b)`) from a reader of the file's bytes
/// from `offset` on, holding at most the lookback window, a read chunk and the longest game.
pub struct ShardReader<R> {
    inner: R,
    /// The bytes read and not yet given out or still needed for the end's scan.
    held: Vec<u8>,
    /// The file offset of `held[0]`.
    held_offset: u64,
    /// The inner reader has ended.
    inner_done: bool,
    /// The file offset of the next byte to give out (the shard's first byte at first).
    emit: u64,
    /// The cut ending the shard.
    cut_end: u64,
    /// The shard's end (a game start or the input's end), once found.
    end: Option<u64>,
}

impl<R: Read> ShardReader<R> {
    /// Resolves the shard's start (reading what it takes) and returns the reader and the file
    /// offset of the shard's first byte.
    pub fn start(inner: R, offset: u64, (a, b): (u64, u64)) -> io::Result<(Self, u64)> {
        let mut reader = ShardReader {
            inner,
            held: Vec::new(),
            held_offset: offset,
            inner_done: false,
            emit: offset,
            cut_end: b,
            end: None,
        };
        let start = loop {
            reader.drop_before(a.saturating_sub(LOOKBACK + 1));
            match game_start_at_or_after(&reader.held, reader.held_offset, a, reader.inner_done) {
                CutStart::At(at) => break at,
                CutStart::NeedMore => reader.read_more()?,
            }
        };
        reader.emit = start;
        reader.drop_before(start.min(b.saturating_sub(LOOKBACK + 1)));
        Ok((reader, start))
    }

    /// Reads another chunk into `held`.
    fn read_more(&mut self) -> io::Result<()> {
        let before = self.held.len();
        self.held.resize(before + READ_CHUNK, 0);
        let (n, fault) = fill(&mut self.inner, &mut self.held[before..]);
        self.held.truncate(before + n);
        if let Some(e) = fault {
            return Err(e);
        }
        if n < READ_CHUNK {
            self.inner_done = true;
        }
        Ok(())
    }

    /// Forgets the held bytes before file offset `at` (those before it are not needed).
    fn drop_before(&mut self, at: u64) {
        if at > self.held_offset {
            let n = ((at - self.held_offset) as usize).min(self.held.len());
            self.held.drain(..n);
            self.held_offset += n as u64;
        }
    }

    /// The end of the bytes that may be given out now.
    fn limit(&mut self) -> io::Result<u64> {
        loop {
            if let Some(end) = self.end {
                return Ok(end);
            }
            let held_end = self.held_offset + self.held.len() as u64;
            // Bytes before the end cut are in the shard whatever its end's game start.
            if held_end < self.cut_end && self.emit < held_end {
                return Ok(held_end);
            }
            match game_start_at_or_after(
                &self.held,
                self.held_offset,
                self.cut_end,
                self.inner_done,
            ) {
                CutStart::At(at) => self.end = Some(at.max(self.emit)),
                CutStart::NeedMore => {
                    self.drop_before(self.emit.min(self.cut_end.saturating_sub(LOOKBACK + 1)));
                    self.read_more()?;
                }
            }
        }
    }
}

impl<R: Read> Read for ShardReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let limit = self.limit()?;
        if self.emit >= limit || buf.is_empty() {
            return Ok(0);
        }
        let from = (self.emit - self.held_offset) as usize;
        let n = ((limit - self.emit) as usize).min(buf.len());
        buf[..n].copy_from_slice(&self.held[from..from + n]);
        self.emit += n as u64;
        // What was given out is needed again only by the end's scan.
        self.drop_before(self.emit.min(self.cut_end.saturating_sub(LOOKBACK + 1)));
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn themes() -> Vec<u8> {
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/themes.pgn")).unwrap()
    }

    /// Streamed through a small-chunk reader or cut from the whole file, a shard is the same.
    #[test]
    fn a_streamed_shard_is_the_shard_of_the_whole_file() {
        let data = themes();
        let len = data.len() as u64;
        for (a, b) in [
            (0, len),
            (0, len / 3),
            (len / 3, 2 * len / 3),
            (2 * len / 3, len),
        ] {
            let whole = shard_of(&data, a, b);
            let (mut reader, start) = ShardReader::start(&data[..], 0, (a, b)).unwrap();
            let mut streamed = Vec::new();
            reader.read_to_end(&mut streamed).unwrap();
            assert_eq!(start as usize, whole.start);
            assert_eq!(&streamed[..], &data[whole.start..whole.end], "{a}-{b}");
        }
    }

    /// Shards cut at every tenth byte hold every game of the whole split exactly once.
    #[test]
    fn shards_cut_anywhere_hold_every_game_once() {
        let data = themes();
        let whole: Vec<_> = split_games(&data).collect();
        let mut games = Vec::new();
        let cuts: Vec<u64> = (0..=data.len() as u64)
            .step_by(10)
            .chain([data.len() as u64])
            .collect();
        for pair in cuts.windows(2) {
            let shard = shard_of(&data, pair[0], pair[1]);
            games.extend(
                split_games(&data[shard.clone()])
                    .map(|r| r.start + shard.start..r.end + shard.start),
            );
        }
        assert_eq!(games, whole);
    }

    #[test]
    fn byte_ranges_parse() {
        assert_eq!(parse_byte_range("10-20"), Ok((10, 20)));
        assert!(parse_byte_range("20-10").is_err());
        assert!(parse_byte_range("x").is_err());
    }

    /// Read through the shard reader, the two halves of a file hold its games between them.
    #[test]
    fn counting_a_shard_counts_its_games() {
        let data = themes();
        let whole = split_games(&data).count();
        let len = data.len() as u64;
        let count = |range| {
            let (mut reader, _) = ShardReader::start(&data[..], 0, range).unwrap();
            let mut shard = Vec::new();
            reader.read_to_end(&mut shard).unwrap();
            split_games(&shard).count()
        };
        assert_eq!(count((0, len / 2)) + count((len / 2, len)), whole);
    }
}
