//! Streamed inputs (standard input, compressed files) with read-ahead: a reader thread reads
//! (and decompresses) chunks of [`CHUNK_BYTES`] bytes into a channel of [`CHUNKS_AHEAD`]
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
use crate::input::{BoxedRead, Stream, read_chunk};
use crate::pgn::{CHUNK_BYTES, ChunkedGames};
use crate::rules::infinite::is_icn;

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
            let (data, fault) = read_chunk(&mut reader, chunk);
            let n = data.len();
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
        let chunks = read_ahead(stream.reader, stream.consumed, CHUNK_BYTES);
        let limit = self.config.limits.max_game_bytes;
        let mut text = ChunkedGames::new(stream.first_offset, Some(limit));
        let mut first = true;
        loop {
            let (chunk, at_end, fault) = match chunks.recv() {
                Ok(Ok(chunk)) => {
                    if stream.compression.is_some() {
                        self.out.compressed_position = Some(chunk.consumed);
                    }
                    (chunk.data, false, None)
                }
                // Trailing bytes after the last compressed member end the data: every game
                // before them is searched, then they are reported.
                Ok(Err(e)) => (Vec::new(), trailing_data(&e).is_some(), Some(e)),
                Err(_) => (Vec::new(), true, None),
            };
            text.push(chunk, at_end);
            if std::mem::take(&mut first) && is_icn(&stream.plain_name, text.text()) {
                while let Ok(Ok(chunk)) = chunks.recv() {
                    text.push(chunk.data, false);
                }
                return self.icn_games(text.text(), &name.name);
            }
            let used = self.games(text.text(), text.base(), text.games(), name)?;
            if let Some(e) = fault {
                if let Some(trailing) = trailing_data(&e) {
                    return Err(io::Error::new(
                        e.kind(),
                        format!("{trailing}; every game before it was searched"),
                    ));
                }
                let at = text.base() + text.text().len() as u64;
                let what = stream.compression.map_or("data", |c| c.name());
                return Err(io::Error::new(
                    e.kind(),
                    format!(
                        "corrupt {what} data after decompressed byte {at}: {e}; \
                         the games from decompressed byte {} on (game {} on) were not searched",
                        text.base() + used as u64,
                        self.next_game_number()
                    ),
                ));
            }
            if at_end || self.out.stopped() {
                return Ok(());
            }
            // An incomplete last game over the limit: reported now, its bytes dropped as
            // they come, so memory stays bounded (1 GB of one line).
            if let Some(start) = text.consume(used) {
                let at = name.game_at(self.next_game_number(), start);
                let error = format!("{at}: {}", crate::input::limits::game_too_long(None, limit));
                self.out.take(super::GameOutput::bad(error))?;
            }
        }
    }
}

/// The number of games of a streamed input, split as [`Searcher::stream`] splits them (a
/// game over `max_game_bytes` counted once, its bytes let go), so the count is the search's;
/// ICN input is counted by its reader. After a fault of the stream, the games before it are
/// counted, as they are the ones searched.
pub(super) fn count_stream_games(stream: Stream, max_game_bytes: u64) -> u64 {
    let Stream {
        mut reader,
        plain_name,
        ..
    } = stream;
    let mut text = ChunkedGames::new(0, Some(max_game_bytes));
    let mut count = 0u64;
    let mut first = true;
    loop {
        let (chunk, fault) = read_chunk(&mut reader, CHUNK_BYTES);
        let trailing = fault.as_ref().is_some_and(|e| trailing_data(e).is_some());
        let at_end = (chunk.len() < CHUNK_BYTES && fault.is_none()) || trailing;
        text.push(chunk, at_end);
        if std::mem::take(&mut first) && is_icn(&plain_name, text.text()) {
            let mut all = text.text().to_vec();
            if fault.is_none() && reader.read_to_end(&mut all).is_err() {
                return 0;
            }
            let text = String::from_utf8_lossy(&all);
            return crate::rules::infinite::icn_count_games(&text).unwrap_or(0);
        }
        let used = text.games().inspect(|_| count += 1).last();
        if at_end || fault.is_some() {
            return count;
        }
        count += u64::from(text.consume(used.map_or(0, |r| r.end)).is_some());
    }
}
