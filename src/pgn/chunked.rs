//! Splitting a text that comes a chunk at a time (standard input, a decompressed file) into
//! games: the carry of each chunk's incomplete last game into the next, the games complete
//! at the text's end, and the bytes of a game over the size limit let go as they come. The
//! games and their byte offsets are those of one [`split_games`] of the whole text, whatever
//! the chunks' sizes; memory holds the text not yet used (a chunk and the game carried).

use std::iter::{FusedIterator, Peekable};
use std::ops::Range;

use super::split::{SplitGames, split_games};

/// Bytes read per chunk by the readers of streamed text (the search, the count of
/// `lastgamenumber`, `cqlq index`, `cqlq split`).
pub const CHUNK_BYTES: usize = 4 << 20;

/// The games of a text given a chunk at a time ([`ChunkedGames::push`]): the complete ones
/// ([`ChunkedGames::games`]) are used, then let go ([`ChunkedGames::consume`]).
#[derive(Debug, Default)]
pub struct ChunkedGames {
    /// The text not used yet: the carried incomplete game, then the chunk pushed after it.
    text: Vec<u8>,
    /// Where `text`'s first byte is in the whole text.
    base: u64,
    /// The last chunk was pushed: the last game is complete.
    at_end: bool,
    /// The largest game kept; a longer incomplete game's bytes are let go as they come.
    max_game_bytes: Option<u64>,
    /// Letting go of the rest of a game over `max_game_bytes`, until the next game starts.
    skipping: bool,
}

impl ChunkedGames {
    /// A text whose first byte is at `base` in the input, keeping no incomplete game over
    /// `max_game_bytes` (None: any game).
    pub fn new(base: u64, max_game_bytes: Option<u64>) -> Self {
        ChunkedGames {
            base,
            max_game_bytes,
            ..ChunkedGames::default()
        }
    }

    /// Adds the text's next chunk; `at_end`: it is the last (it may be empty). While a game
    /// over the limit is let go, its bytes in the chunk go at once.
    pub fn push(&mut self, chunk: Vec<u8>, at_end: bool) {
        if self.text.is_empty() {
            self.text = chunk;
        } else {
            self.text.extend_from_slice(&chunk);
        }
        self.at_end = at_end;
        if self.skipping {
            let (dropped, found_next) = skip_to_next_game(&self.text, at_end);
            self.let_go(dropped);
            self.skipping = !found_next;
        }
    }

    /// The text held: the games of [`ChunkedGames::games`] are ranges of it.
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    /// Where the first byte of [`ChunkedGames::text`] is in the whole text.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// The complete games of the text held, split lazily: all of them at the text's end,
    /// else all but the last (which may go on in the next chunk); none while a game over the
    /// limit is let go.
    pub fn games(&self) -> CompleteGames<'_> {
        let text = if self.skipping { &[][..] } else { &self.text };
        CompleteGames {
            games: split_games(text).peekable(),
            at_end: self.at_end,
        }
    }

    /// The text before byte `used` of [`ChunkedGames::text`] (the games used) is let go.
    /// When the incomplete game left is then over the limit, its bytes are let go from now
    /// until the next game starts, and the place of its first byte in the whole text is
    /// returned, for the caller to report it.
    pub fn consume(&mut self, used: usize) -> Option<u64> {
        self.let_go(used);
        let limit = self.max_game_bytes?;
        if self.skipping || self.text.len() as u64 <= limit {
            return None;
        }
        let start = self.text.len() - self.text.trim_ascii_start().len();
        let at = self.base + start as u64;
        let (dropped, _) = skip_to_next_game(&self.text, false);
        self.let_go(dropped);
        self.skipping = true;
        Some(at)
    }

    /// Drops the first `bytes` bytes of the text held.
    fn let_go(&mut self, bytes: usize) {
        self.text.drain(..bytes);
        self.base += bytes as u64;
    }
}

/// The complete games of a chunk's text, from [`ChunkedGames::games`].
#[derive(Clone, Debug)]
pub struct CompleteGames<'a> {
    games: Peekable<SplitGames<'a>>,
    at_end: bool,
}

impl Iterator for CompleteGames<'_> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        let game = self.games.next()?;
        (self.at_end || self.games.peek().is_some()).then_some(game)
    }
}

impl FusedIterator for CompleteGames<'_> {}

/// While letting go of a game over the size limit, `data` being the rest of that game (and
/// maybe more): the bytes to drop, and whether the next game starts after them. Without a
/// next game, all but the last complete line and the incomplete one after it are dropped
/// (all of it at the end of the input, or when those lines are over a [`CHUNK_BYTES`]): a
/// tag line cut by the chunk's end is then still seen whole, after a line of the skipped game.
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
    if at_end || data.len() - kept > CHUNK_BYTES {
        (data.len(), false)
    } else {
        (kept, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games of `data` pushed in chunks of `chunk` bytes, each chunk's games used whole
    /// (ranges in the whole text), and the places of the games over `limit`.
    fn chunked(data: &[u8], chunk: usize, limit: Option<u64>) -> (Vec<Range<u64>>, Vec<u64>) {
        let (mut games, mut too_long) = (ChunkedGames::new(0, limit), Vec::new());
        let mut ranges = Vec::new();
        for (k, piece) in data.chunks(chunk).enumerate() {
            games.push(piece.to_vec(), (k + 1) * chunk >= data.len());
            let base = games.base();
            let found: Vec<_> = games.games().collect();
            ranges.extend(
                found
                    .iter()
                    .map(|r| base + r.start as u64..base + r.end as u64),
            );
            too_long.extend(games.consume(found.last().map_or(0, |r| r.end)));
        }
        (ranges, too_long)
    }

    /// Split chunk by chunk with small chunks, the games are the games of the whole file:
    /// the same byte ranges, in order (what makes game numbers and offsets continue).
    #[test]
    fn chunked_split_agrees_with_the_whole_split() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/themes.pgn");
        let data = std::fs::read(path).unwrap();
        let whole: Vec<_> = (split_games(&data).map(|r| r.start as u64..r.end as u64)).collect();
        assert!(whole.len() > 3);
        let want = (whole, vec![]);
        for chunk in [7, 100, 1000, 4096, data.len()] {
            assert_eq!(chunked(&data, chunk, None), want, "{chunk}");
        }
    }

    /// A game longer than the limit, cut by the chunks: its first byte reported once, its
    /// bytes let go, the games after it split as in the whole text.
    #[test]
    fn a_game_over_the_limit_is_let_go_and_the_next_kept() {
        let long = format!("[Event \"b\"]\n\n1. e4 {{{}}} *\n\n", "x".repeat(200));
        let data = format!("[Event \"a\"]\n\n1. d4 *\n\n{long}[Event \"c\"]\n\n1. c4 *\n");
        let whole: Vec<_> = split_games(data.as_bytes()).collect();
        let kept = [0, 2].map(|k| whole[k].start as u64..whole[k].end as u64);
        let want = (kept.to_vec(), vec![whole[1].start as u64]);
        for chunk in [16, 50] {
            assert_eq!(chunked(data.as_bytes(), chunk, Some(100)), want, "{chunk}");
        }
    }
}
