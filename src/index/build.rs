//! Making an index from a source's bytes: the games cut as the search cuts them
//! (`pgn::split_games`), each summarised in parallel (rayon, in batches, order kept), and,
//! when an index of an earlier, shorter state of the same file is given, only the games
//! after its last one read again; a compressed source's decompressed text read as a stream
//! ([`index_stream`]).

use rayon::prelude::*;

use super::earlier::EarlierIndex;
use super::format::{GameEntry, IndexWriter, TAG_ABSENT};
use super::summary::{Summarized, summarize_keyed};
use super::tag_values::TagValues;
use crate::pgn::{CHUNK_BYTES, ChunkedGames, split_games};

/// Games summarised per parallel batch and worker thread (the progress is told after each
/// batch). The split cuts a batch's text, then the summaries read it again: a small batch is
/// still in the cache for them (4,096 games of a lichess-shaped file are 11 MB, read twice
/// from memory), and its summaries take little memory.
const BATCH_PER_THREAD: usize = 256;

/// Games summarised per parallel batch: [`BATCH_PER_THREAD`] for each of the pool's threads
/// (4,096 with 16 threads).
fn batch_games() -> usize {
    BATCH_PER_THREAD * rayon::current_num_threads().clamp(1, 16)
}

/// What a build did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildCounts {
    /// Games in the index.
    pub games: u64,
    /// Games taken from the earlier index without being read again.
    pub kept: u64,
    /// Games marked to be searched whatever the query (faults, variants, set-up starts).
    pub must_scan: u64,
}

/// Writes the index of `bytes` (the whole source, the one `writer` was started for) to
/// `writer`, a batch of games at a time (nothing kept but the tag values, within
/// `tag_values`' bounds: memory flat in the number of games). `earlier`: an index of this
/// file made before it grew; when its source is a prefix of `bytes`, its games but the last
/// are copied (read again one at a time: [`EarlierIndex::copy_into`]) and the text is read
/// again from its last game on (that game may have grown: text appended without a new
/// game's tags continues it). `progress` is told the source bytes done after each batch:
/// the bytes before it are not read again.
pub fn index_bytes(
    bytes: &[u8],
    earlier: Option<&EarlierIndex>,
    progress: &mut dyn FnMut(u64),
    writer: &mut IndexWriter,
) -> std::io::Result<BuildCounts> {
    let mut counts = BuildCounts::default();
    // An index with keys is grown only into one with keys (and one without into one
    // without): else every game is read again.
    let grown =
        earlier.filter(|old| old.source().is_prefix_of(bytes) && old.keys() == writer.keys());
    let (restart, mut strings) = match grown {
        Some(old) => (
            old.copy_into(writer, &mut counts)? as usize,
            TagValues::from_values(&old.strings),
        ),
        None => (0, TagValues::default()),
    };
    let rest = &bytes[restart..];
    let mut ranges = split_games(rest).peekable();
    let batch_games = batch_games();
    while ranges.peek().is_some() {
        let batch: Vec<_> = ranges.by_ref().take(batch_games).collect();
        write_batch(
            rest,
            restart as u64,
            &batch,
            (&mut strings, &mut counts),
            writer,
        )?;
        if let Some(last) = batch.last() {
            progress((restart + last.end) as u64);
        }
    }
    writer.strings = strings.into_values();
    Ok(counts)
}

/// Summarises the games `batch` of `text` (whose first byte is at `base` in the source's
/// text) in parallel and writes their entries in order, numbering their tag values.
fn write_batch(
    text: &[u8],
    base: u64,
    batch: &[std::ops::Range<usize>],
    (strings, counts): (&mut TagValues, &mut BuildCounts),
    writer: &mut IndexWriter,
) -> std::io::Result<()> {
    let keys = writer.keys();
    let done: Vec<Summarized<'_>> = batch
        .par_iter()
        .map(|r| {
            if r.len() > u32::MAX as usize {
                Summarized::scan()
            } else {
                summarize_keyed(&text[r.clone()], keys)
            }
        })
        .collect();
    for (r, game) in batch.iter().zip(done) {
        let mut summary = game.summary;
        for (tag, (id, value)) in summary.tags.iter_mut().zip(&game.tags).enumerate() {
            *id = value
                .as_deref()
                .map_or(TAG_ABSENT, |v| strings.number_of_tag(tag, v));
        }
        counts.must_scan += u64::from(summary.must_scan());
        counts.games += 1;
        writer.push(&GameEntry {
            offset: base + r.start as u64,
            length: u32::try_from(r.len()).unwrap_or(u32::MAX),
            summary,
        })?;
    }
    Ok(())
}

/// Writes the index of a compressed source to `writer` from `text`, its decompressed bytes
/// (read a chunk at a time: memory holds a chunk and the longest game), the games cut as a
/// search of the stream cuts them (`pgn::ChunkedGames`: the same games as one split of the
/// whole text), their places counted in the decompressed text. `progress` is told after each chunk (the caller knows the
/// compressed bytes read). Returns the counts and the text's length; a fault of the stream
/// (corrupt or trailing data) is an error: no index is made of part of a source.
pub fn index_stream(
    text: &mut dyn std::io::Read,
    progress: &mut dyn FnMut(),
    writer: &mut IndexWriter,
) -> std::io::Result<(BuildCounts, u64)> {
    let mut counts = BuildCounts::default();
    let mut strings = TagValues::default();
    let mut chunks = ChunkedGames::new(0, None);
    loop {
        let (chunk, fault) = crate::input::read_chunk(text, CHUNK_BYTES);
        if let Some(e) = fault {
            return Err(e);
        }
        let at_end = chunk.len() < CHUNK_BYTES;
        chunks.push(chunk, at_end);
        let games: Vec<_> = chunks.games().collect();
        for batch in games.chunks(batch_games()) {
            let (text, base) = (chunks.text(), chunks.base());
            write_batch(text, base, batch, (&mut strings, &mut counts), writer)?;
        }
        progress();
        if at_end {
            writer.strings = strings.into_values();
            return Ok((counts, chunks.base() + chunks.text().len() as u64));
        }
        chunks.consume(games.last().map_or(0, |r| r.end));
    }
}
