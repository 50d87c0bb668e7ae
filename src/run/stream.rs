//! Streamed inputs (standard input, compressed files) with read-ahead: a reader thread reads
//! (and decompresses) chunks of [`STREAM_CHUNK`] bytes into a channel of [`CHUNKS_AHEAD`]
//! while the pool searches the previous chunk's games. The incomplete last game of a chunk
//! waits for the next one, so game numbers and byte offsets (in the decompressed stream)
//! run on across chunks. Memory holds at most the queued chunks, the one being filled and
//! the one being searched (plus the longest game), whatever the input's size.

use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};

use super::InputName;
use super::driver::Delivery;
use super::searcher::Searcher;
use crate::input::members::trailing_data;
use crate::input::{BoxedRead, Stream, fill};
use crate::pgn::split_games;
use crate::rules::infinite::is_icn;

/// Bytes read from a stream per chunk.
pub(super) const STREAM_CHUNK: usize = 4 << 20;
/// Chunks read ahead of the one being searched.
const CHUNKS_AHEAD: usize = 2;

/// A chunk of the (decompressed) stream, with how far the underlying file had been read
/// when it was made (compressed bytes, for the progress bar).
struct Chunk {
    data: Vec<u8>,
    consumed: u64,
}

/// What the reader thread sends: chunks, then a fault if the stream has one; it ends the
/// channel at the end of the stream.
type Sent = Result<Chunk, io::Error>;

/// Starts the reader thread. It stops at the stream's end, at a fault (sent last), or when
/// the receiver is dropped (the run stopped early); it is not joined, so a stalled standard
/// input never holds up the end of the run.
fn read_ahead(mut reader: BoxedRead, consumed: Arc<AtomicU64>, chunk: usize) -> Receiver<Sent> {
    let (send, receive) = sync_channel::<Sent>(CHUNKS_AHEAD);
    std::thread::spawn(move || {
        loop {
            let mut data = vec![0u8; chunk];
            let (n, fault) = fill(&mut reader, &mut data);
            data.truncate(n);
            // The bytes before a fault are sent first, so their games are still searched.
            if n > 0 {
                let consumed = consumed.load(Ordering::Relaxed);
                if send.send(Ok(Chunk { data, consumed })).is_err() {
                    return;
                }
            }
            match fault {
                Some(e) => {
                    let _ = send.send(Err(e));
                    return;
                }
                None if n < chunk => return,
                None => {}
            }
        }
    });
    receive
}

impl Searcher<'_> {
    /// Searches a streamed input chunk by chunk, keeping an incomplete last game for the next
    /// chunk. A fault of the stream (corrupt compressed data) ends the input after the
    /// complete games before it were searched; the error names the decompressed byte.
    pub(super) fn stream(&mut self, stream: Stream, name: &InputName) -> io::Result<()> {
        let chunks = read_ahead(stream.reader, stream.consumed, STREAM_CHUNK);
        let mut buffer: Vec<u8> = Vec::new();
        let mut offset = stream.first_offset;
        let mut first = true;
        // Dropping the rest of a game over the size limit, until the next game starts.
        let mut skipping = false;
        loop {
            let (at_end, fault) = match chunks.recv() {
                Ok(Ok(chunk)) => {
                    if stream.compression.is_some() {
                        self.out.compressed_position = Some(chunk.consumed);
                    }
                    if buffer.is_empty() {
                        buffer = chunk.data;
                    } else {
                        buffer.extend_from_slice(&chunk.data);
                    }
                    (false, None)
                }
                // Trailing bytes after the last compressed member end the data: every game
                // before them is searched, then they are reported.
                Ok(Err(e)) => (trailing_data(&e).is_some(), Some(e)),
                Err(_) => (true, None),
            };
            if first && is_icn(&stream.plain_name, &buffer) {
                while let Ok(Ok(chunk)) = chunks.recv() {
                    buffer.extend_from_slice(&chunk.data);
                }
                return self.icn_games(&buffer, &name.name);
            }
            first = false;
            if skipping {
                let (dropped, found_next) = skip_to_next_game(&buffer, at_end);
                buffer.drain(..dropped);
                offset += dropped as u64;
                skipping = !found_next;
            }
            let used = if skipping {
                0
            } else {
                self.games(&buffer, offset, at_end, name)?
            };
            if let Some(e) = fault {
                if let Some(trailing) = trailing_data(&e) {
                    return Err(io::Error::new(
                        e.kind(),
                        format!("{trailing}; every game before it was searched"),
                    ));
                }
                let at = offset + buffer.len() as u64;
                let what = stream.compression.map_or("data", |c| c.name());
                return Err(io::Error::new(
                    e.kind(),
                    format!(
                        "corrupt {what} data after decompressed byte {at}: {e}; \
                         the games from decompressed byte {} on (game {} on) were not searched",
                        offset + used as u64,
                        self.next_game_number()
                    ),
                ));
            }
            if at_end || self.out.stopped() {
                return Ok(());
            }
            buffer.drain(..used);
            offset += used as u64;
            let limit = self.config.limits.max_game_bytes;
            if !skipping && buffer.len() as u64 > limit {
                // The incomplete last game is over the limit: reported now, its bytes
                // dropped as they come, so memory stays bounded (1 GB of one line).
                let start = buffer.len() - buffer.trim_ascii_start().len();
                let at = name.game_at(self.next_game_number(), offset + start as u64);
                let error = format!("{at}: {}", crate::input::limits::game_too_long(None, limit));
                self.out.take(super::GameOutput::bad(error))?;
                let (dropped, _) = skip_to_next_game(&buffer, false);
                buffer.drain(..dropped);
                offset += dropped as u64;
                skipping = true;
            }
        }
    }
}

/// While skipping a game over the size limit, `data` being the rest of that game (and maybe
/// more): the bytes to drop, and whether the next game starts after them. Without a next
/// game, all but the last complete line and the incomplete one after it are dropped (all of
/// it at the end of the input, or when those lines are over a [`STREAM_CHUNK`]): a tag line
/// cut by the chunk's end is then still seen whole, after a line of the skipped game.
fn skip_to_next_game(data: &[u8], at_end: bool) -> (usize, bool) {
    let mut ranges = split_games(data);
    ranges.next();
    if let Some(next) = ranges.next() {
        return (next.start, true);
    }
    let line_start = |end: usize| {
        data[..end]
            .iter()
            .rposition(|b| *b == b'\n' || *b == b'\r')
            .map_or(0, |i| i + 1)
    };
    let last_line = line_start(data.len());
    let kept = line_start(data[..last_line].trim_ascii_end().len());
    if at_end || data.len() - kept > STREAM_CHUNK {
        (data.len(), false)
    } else {
        (kept, false)
    }
}

/// The number of games of a streamed input, split as [`Searcher::stream`] splits them (chunk by
/// chunk, the incomplete last game carried over), so the count is the search's; ICN input
/// is counted by its reader. After a fault of the stream, the games before it are counted,
/// as they are the ones searched.
pub(super) fn count_stream_games(stream: Stream) -> u64 {
    let Stream {
        mut reader,
        plain_name,
        ..
    } = stream;
    let mut buffer: Vec<u8> = Vec::new();
    let mut count = 0u64;
    let mut first = true;
    loop {
        let before = buffer.len();
        buffer.resize(before + STREAM_CHUNK, 0);
        let (n, fault) = fill(&mut reader, &mut buffer[before..]);
        buffer.truncate(before + n);
        if first && is_icn(&plain_name, &buffer) {
            if fault.is_none() && reader.read_to_end(&mut buffer).is_err() {
                return 0;
            }
            let text = String::from_utf8_lossy(&buffer);
            return crate::rules::infinite::icn_count_games(&text).unwrap_or(0);
        }
        first = false;
        let trailing = fault.as_ref().is_some_and(|e| trailing_data(e).is_some());
        let at_end = (n < STREAM_CHUNK && fault.is_none()) || trailing;
        let (games, used) = complete_games(&buffer, at_end);
        count += games;
        if at_end || fault.is_some() {
            return count;
        }
        buffer.drain(..used);
    }
}

/// The games of `data` that [`Searcher::games`] searches (all of them at the end of the input,
/// else all but the last, which may be incomplete), and the bytes they take.
fn complete_games(data: &[u8], at_end: bool) -> (u64, usize) {
    // (games, end of the last, end of the one before it)
    let (games, last, before_last) =
        split_games(data).fold((0u64, 0, 0), |(n, last, _), r| (n + 1, r.end, last));
    if at_end || games == 0 {
        (games, last)
    } else {
        (games - 1, before_last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Split chunk by chunk with small chunks, the games are the games of the whole file:
    /// the same byte ranges, in order (what makes game numbers and offsets continue).
    #[test]
    fn chunked_split_agrees_with_the_whole_split() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/themes.pgn");
        let data = std::fs::read(path).unwrap();
        let whole: Vec<_> = split_games(&data).collect();
        assert!(whole.len() > 3);
        for chunk in [7, 100, 1000, 4096] {
            let mut ranges = Vec::new();
            let (mut buffer, mut offset, mut read) = (Vec::new(), 0usize, 0usize);
            loop {
                let end = (read + chunk).min(data.len());
                buffer.extend_from_slice(&data[read..end]);
                let at_end = end == read;
                read = end;
                let mut found: Vec<_> = split_games(&buffer).collect();
                if !at_end {
                    found.pop();
                }
                let used = found.last().map_or(0, |r| r.end);
                assert_eq!(complete_games(&buffer, at_end), (found.len() as u64, used));
                ranges.extend(found.into_iter().map(|r| r.start + offset..r.end + offset));
                if at_end {
                    break;
                }
                buffer.drain(..used);
                offset += used;
            }
            assert_eq!(ranges, whole, "chunks of {chunk} bytes");
        }
    }
}
