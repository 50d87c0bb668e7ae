//! Where a run's results go: each game's result is pushed, in input order, into a [`Sink`],
//! and the sinks ([`super::counter::Counter`], the writers of [`super::writers`], the
//! `--split-by` files, the progress display) are stacked, each doing one thing. The run
//! schedules and searches; it writes no byte itself.

use std::io;
use std::path::PathBuf;

use crate::eval::{GameEdits, OutputOrder};

/// What a sink tells the run after a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on with the next game.
    Continue,
    /// Stop the run: `--limit` matched games were written, or a failed `assert`.
    Stop,
}

/// Where the results of a run go, in input order: each game's result `G` (the search's
/// [`GameOutput`]; `annotate`'s annotated game), and at the end the summary `S`.
pub trait Sink<G = GameOutput, S = Summary> {
    /// Takes one game's result (every game read, matched or not, in input order).
    fn game(&mut self, game: G) -> io::Result<Flow>;

    /// After the last game: writes what comes at the end (held games, the count, the page's
    /// end, the input's bytes after its last game) and gives the run's summary, made from
    /// `summary` (what the run knows besides the games: inputs it could not read, the
    /// persistent variables, an early abort) with what this sink and those below it add.
    fn finish(&mut self, summary: S) -> io::Result<S>;

    /// The games taken so far end at byte `end` of the input (a progress display moves on);
    /// by default nothing.
    fn read_to(&mut self, end: u64) {
        let _ = end;
    }

    /// Takes `n` games read and not matched, with nothing to write or tell (the games a
    /// search's index skips, in their places); by default one empty game at a time, until a
    /// sink stops the run.
    fn unmatched_games(&mut self, n: u64) -> io::Result<Flow>
    where
        G: Default,
    {
        for _ in 0..n {
            if self.game(G::default())? == Flow::Stop {
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Continue)
    }
}

impl<G, S, K: Sink<G, S> + ?Sized> Sink<G, S> for Box<K> {
    fn game(&mut self, game: G) -> io::Result<Flow> {
        (**self).game(game)
    }

    fn finish(&mut self, summary: S) -> io::Result<S> {
        (**self).finish(summary)
    }

    fn read_to(&mut self, end: u64) {
        (**self).read_to(end)
    }

    fn unmatched_games(&mut self, n: u64) -> io::Result<Flow>
    where
        G: Default,
    {
        (**self).unmatched_games(n)
    }
}

/// What one game produced, rendered in the worker that searched it.
#[derive(Default)]
pub struct GameOutput {
    /// The game's output text (empty when nothing matched, and for `--count`).
    pub text: String,
    /// Whether the game counts as matched (one matched position, or `matchcount`'s range).
    pub matched: bool,
    /// The matched positions.
    pub matched_positions: u64,
    /// The game's fault, as told on stderr (`FILE: game N (byte B): ...`).
    pub error: Option<String>,
    /// The game's `sort` value (greater is written first).
    pub sort: Option<OutputOrder>,
    /// The query cannot run on the game's board: the game was skipped.
    pub refused: bool,
    /// The query's messages and file writes, performed by the writer in input order.
    pub effects: GameEdits,
    /// Why the run must stop after this game (a failed `assert`).
    pub fatal: Option<String>,
    /// `--split-by`: the game's value of the tag, as written.
    pub split_key: Option<String>,
    /// The encoding `text` is written in: the game's own for PGN output (see
    /// [`crate::pgn::TextEncoding`]), UTF-8 for every other format.
    pub encoding: crate::pgn::TextEncoding,
}

impl GameOutput {
    /// A game the query cannot run on (the reason is told once per board).
    pub fn refused() -> Self {
        GameOutput {
            refused: true,
            ..GameOutput::default()
        }
    }

    /// A game with a fault (`message`, as told on stderr) and nothing else: not searched, or
    /// searched no further.
    pub fn bad(message: String) -> Self {
        GameOutput {
            error: Some(message),
            ..GameOutput::default()
        }
    }

    /// The text as written: a PGN game read as Windows-1252 is written back as
    /// Windows-1252 (the bytes read), any other as UTF-8.
    pub fn into_bytes(self) -> Vec<u8> {
        let encoded = match self.encoding.encode(&self.text) {
            std::borrow::Cow::Borrowed(_) => None,
            std::borrow::Cow::Owned(bytes) => Some(bytes),
        };
        encoded.unwrap_or_else(|| self.text.into_bytes())
    }
}

/// Counts for the summary line and the exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read.
    pub games: u64,
    /// Games with at least one matched position.
    pub matched_games: u64,
    /// Matched positions.
    pub matched_positions: u64,
    /// Games with a fault (unreadable PGN, bad setup or an unplayable move).
    pub bad_games: u64,
    /// Inputs that could not be opened or read.
    pub unreadable_inputs: u64,
    /// Games skipped because the query cannot run on their board (`Ri1` on 8x8).
    pub refused_games: u64,
    /// The persistent variables' final values (None: unbound), which CQL 6.2 prints after
    /// the run (none are `quiet`).
    pub persistent: Vec<(String, Option<crate::eval::Datum>)>,
    /// Why the run stopped early (a failed `assert`), if it did.
    pub aborted: Option<String>,
    /// `--limit N`: Some(N) when the run stopped at the Nth matched game.
    pub stopped_at_limit: Option<u64>,
    /// `--split-by`: the files written (with `--dryrun`: that would be), in the order met.
    pub split_files: Vec<PathBuf>,
    /// `writefile` writes that failed (the first is reported on stderr; the run exits 2).
    pub writefile_failures: u64,
}

impl Summary {
    /// Whether the run failed (exit status 2): it was aborted, an input could not be read, a
    /// `writefile` failed, or games were skipped (the query cannot run on their board) and
    /// none matched. A failed run writes no count.
    pub fn failed(&self) -> bool {
        self.aborted.is_some()
            || self.unreadable_inputs > 0
            || self.writefile_failures > 0
            || (self.refused_games > 0 && self.matched_games == 0)
    }
}
