//! A compressed input (`games.pgn.zst`) searched through its index (`docs/index.md`,
//! "Compressed files"): the stream is decompressed a chunk at a time as the scan
//! decompresses it, and only the games the index leaves are searched, each once its bytes
//! are at hand; the others are counted as read, in their places. Memory holds a chunk and
//! the game being completed (no game over `--max-game-bytes`: such an input is scanned).

use std::io;
use std::sync::atomic::Ordering;

use super::InputName;
use super::driver::Delivery;
use super::searcher::{IndexedPart, Searcher};
use crate::index::format::Text;
use crate::index::use_index::IndexedInput;
use crate::input::{Stream, read_chunk};
use crate::pgn::{CHUNK_BYTES, ChunkedGames};

impl Searcher<'_> {
    /// Whether the streamed input `stream` is searched through its index `indexed`: a
    /// zstd-compressed file whose index counts its decompressed text, searched whole (no
    /// shard), with no game over `--max-game-bytes` (the scan drops such a game's bytes as
    /// they come, which this search does not).
    pub(super) fn streams_indexed(&self, stream: &Stream, indexed: &IndexedInput) -> bool {
        matches!(indexed.text, Text::Zstd { .. })
            && stream.compression == Some(crate::input::Compression::Zstd)
            && self.config.shard.byte_range.is_none()
            && stream.first_offset == 0
            && u64::from(indexed.longest) <= self.config.limits.max_game_bytes
    }

    /// Searches the games of the compressed input `stream` that its index leaves, reading
    /// its decompressed text a chunk at a time; the bytes before the next game to search
    /// are let go. The text must end where the index says: a stream that ends earlier or
    /// later, or a fault of the data, is an error naming the decompressed byte (the index
    /// matched the compressed file's size, time and ends, so this is a file changed without
    /// them changing).
    pub(super) fn indexed_stream(
        &mut self,
        stream: Stream,
        indexed: &IndexedInput,
        name: &InputName,
    ) -> io::Result<()> {
        let Text::Zstd { size: text_size } = indexed.text else {
            return self.stream(stream, name);
        };
        let Stream {
            mut reader,
            consumed,
            ..
        } = stream;
        let mut part = IndexedPart {
            first: self.next_game_number(),
            read: 0,
        };
        let mut blocks = indexed.survivor_blocks();
        // The survivors' block at hand (None after the last) and the next survivor in it.
        let (mut block, mut next) = (blocks.next().transpose()?, 0usize);
        let mut text = ChunkedGames::new(0, None);
        loop {
            let (chunk, fault) = read_chunk(&mut reader, CHUNK_BYTES);
            let at_end = chunk.len() < CHUNK_BYTES;
            text.push(chunk, at_end);
            self.out.compressed_position = Some(consumed.load(Ordering::Relaxed));
            let (base, data) = (text.base(), text.text());
            let end = base + data.len() as u64;
            // Every survivor whose bytes are at hand, block after block.
            while let Some(at_hand) = &block {
                let survivors = &at_hand.survivors;
                let ready = survivors[next..]
                    .iter()
                    .take_while(|g| g.offset + u64::from(g.length) <= end)
                    .count();
                let batch = &survivors[next..next + ready];
                self.indexed_part(data, base, at_hand, batch, &mut part, name)?;
                next += ready;
                if next < survivors.len() || self.out.stopped() {
                    break;
                }
                (block, next) = (blocks.next().transpose()?, 0);
            }
            if let Some(e) = fault {
                return Err(io::Error::new(
                    e.kind(),
                    format!(
                        "corrupt zstd data after decompressed byte {end}: {e}; the games from \
                         game {} on were not searched",
                        self.next_game_number()
                    ),
                ));
            }
            if self.out.stopped() {
                return Ok(());
            }
            if at_end {
                if end != text_size || block.is_some() {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "its decompressed text is {end} bytes where its index says \
                             {text_size}: the file changed since it was indexed (run cqlq \
                             index again, or search with --no-index)"
                        ),
                    ));
                }
                return self.indexed_end(&part, indexed, end);
            }
            // Keep only the bytes from the next game to search on.
            let keep = (block.as_ref())
                .and_then(|b| b.survivors.get(next))
                .map_or(end, |g| g.offset.clamp(base, end));
            text.consume((keep - base) as usize);
        }
    }
}
