//! Whether a worker replays an indexed game's main line from the index's packed moves before
//! its text when the output writes a matched game whole (PGN, JSON), judged from how many of
//! its recent games matched.
//!
//! Why a rate: a game that does not match costs the packed replay alone, where its text
//! costs reading every token and resolving each move's SAN; a game that matches is read
//! from its text anyway (its tokens for the writer, unplayed), so for it the packed replay
//! is spent on top, where the text's SAN resolution is not. Measured on `std-visible.pgn`
//! (one thread, 2026-11-30), reading the tokens costs about 145 ms, resolving and playing
//! the SAN about 130 ms, the packed replay about 218 ms over the 50,000 games: the packed
//! moves pay while fewer than (145 + 130 - 218) / 145, about 0.39, of the games match,
//! whatever the query costs at each position (it is evaluated once either way). Either
//! order gives the same output: the choice changes only the time.

/// The share of recent games that matched, above which the text is searched first.
const MATCHED_AT_MOST: (u32, u32) = (2, 5);

/// After this many games the counts are halved: the rate follows the file's recent games.
const WINDOW: u32 = 256;

/// One worker's recent games searched, and how many of them matched.
#[derive(Debug, Default)]
pub struct MatchRate {
    searched: u32,
    matched: u32,
}

impl MatchRate {
    /// Whether the next game's packed moves are replayed before its text: while at most
    /// [`MATCHED_AT_MOST`] of the recent games matched (and before any was searched).
    pub fn packed_pays(&self) -> bool {
        let (parts, whole) = MATCHED_AT_MOST;
        self.matched * whole <= self.searched * parts
    }

    /// Notes a game searched, and whether it matched.
    pub fn note(&mut self, matched: bool) {
        self.searched += 1;
        self.matched += u32::from(matched);
        if self.searched >= WINDOW {
            self.searched /= 2;
            self.matched /= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed moves are tried first until the recent games match more often than 2 in 5,
    /// and again once they match less often.
    #[test]
    fn the_packed_moves_are_replayed_first_while_few_games_match() {
        let mut rate = MatchRate::default();
        assert!(rate.packed_pays(), "before any game");
        for _ in 0..3 {
            rate.note(false);
        }
        rate.note(true);
        rate.note(true);
        assert!(rate.packed_pays(), "2 of 5 matched");
        rate.note(true);
        assert!(!rate.packed_pays(), "3 of 6 matched");
        for _ in 0..1000 {
            rate.note(true);
        }
        assert!(!rate.packed_pays(), "every game matches");
        // Within a window's games of none matching, the packed moves pay again.
        let mut games = 0;
        while !rate.packed_pays() {
            rate.note(false);
            games += 1;
        }
        assert!(games <= WINDOW, "{games} games");
        assert!(rate.searched < WINDOW);
    }
}
