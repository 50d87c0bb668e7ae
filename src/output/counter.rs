//! The counter: the sink that counts each game into the run's [`Summary`], tells its fault,
//! its `message`s and (CQL's `-showmatches`) its number on stderr, performs its `writefile`
//! appends, and passes the matched games on to the writer below it; it stops the run at
//! `--limit` matched games or a failed `assert`.

use std::io;

use indicatif::ProgressBar;

use super::sink::{Flow, GameOutput, Sink, Summary};
use crate::eval::files::FileAccess;
use crate::eval::{GameEdits, OutputOrder};

/// What the counter is told to do besides counting.
pub struct CounterOptions<'a> {
    /// What `writefile` may write.
    pub files: &'a FileAccess,
    /// CQL's `-showmatches`: `<N>` on stderr for each matched game N, as it is written.
    pub show_matches: bool,
    /// `sort matchcount`: a matched game's sort value is its matched positions.
    pub sort_by_match_count: bool,
    /// `--limit N`: stop after N matched games.
    pub limit: Option<u64>,
}

/// Counts the games and passes the matched ones to `inner`.
pub struct Counter<'a, S> {
    options: CounterOptions<'a>,
    summary: Summary,
    /// The progress display: stderr lines are written with it cleared.
    display: ProgressBar,
    inner: S,
}

impl<'a, S: Sink> Counter<'a, S> {
    /// A counter at 0 in front of `inner`, telling on stderr around `display`.
    pub fn new(options: CounterOptions<'a>, display: ProgressBar, inner: S) -> Self {
        Counter {
            options,
            summary: Summary::default(),
            display,
            inner,
        }
    }

    /// The counts so far.
    pub fn counts(&self) -> &Summary {
        &self.summary
    }

    /// A game's messages (on stderr, as stdout carries the matched games) and `writefile`
    /// appends, in input order.
    fn effects(&mut self, effects: &GameEdits) {
        for m in &effects.messages {
            self.display.suspend(|| eprintln!("{m}"));
        }
        for (file, text) in &effects.writes {
            if let Err(e) = crate::eval::files::append(self.options.files, file, text) {
                if self.summary.writefile_failures == 0 {
                    self.display.suspend(|| eprintln!("cqlq: {e}"));
                }
                self.summary.writefile_failures += 1;
            }
        }
    }

    /// Whether the run stops here.
    fn flow(&self) -> Flow {
        if self.summary.aborted.is_some() || self.summary.stopped_at_limit.is_some() {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

impl<S: Sink> Sink for Counter<'_, S> {
    /// Counts the game, performs its messages and file writes, reports its fault, and passes
    /// it on when it matched (`<N>` on stderr first with `-showmatches`). A failed `assert`
    /// or the `--limit`th matched game stops the run.
    fn game(&mut self, mut game: GameOutput) -> io::Result<Flow> {
        if let Some(m) = &game.fatal {
            self.summary.aborted = Some(m.clone());
        }
        self.summary.games += 1;
        if game.refused {
            self.summary.refused_games += 1;
        }
        self.effects(&game.effects);
        if let Some(e) = &game.error {
            self.summary.bad_games += 1;
            self.display.suspend(|| eprintln!("{e}"));
        }
        if !game.matched {
            return Ok(self.flow());
        }
        if self.options.show_matches {
            let n = self.summary.games;
            self.display.suspend(|| eprint!("<{n}>"));
        }
        self.summary.matched_games += 1;
        self.summary.matched_positions += game.matched_positions;
        if self.options.sort_by_match_count {
            game.sort = Some(OutputOrder::Num(game.matched_positions as i64));
        }
        self.inner.game(game)?;
        if let Some(limit) = self.options.limit
            && self.summary.matched_games >= limit
        {
            self.summary.stopped_at_limit = Some(limit);
        }
        Ok(self.flow())
    }

    /// As many empty games at once: each counted as read (none passed on), until the run
    /// stops, as [`Counter::game`] counts them one at a time.
    fn unmatched_games(&mut self, n: u64) -> io::Result<Flow> {
        if n == 0 {
            return Ok(Flow::Continue);
        }
        let flow = self.flow();
        self.summary.games += if flow == Flow::Stop { 1 } else { n };
        Ok(flow)
    }

    /// The counts, with the run's own (unreadable inputs, persistent values, an abort before
    /// any game), handed to the writer below.
    fn finish(&mut self, run: Summary) -> io::Result<Summary> {
        let mut summary = std::mem::take(&mut self.summary);
        summary.unreadable_inputs += run.unreadable_inputs;
        summary.persistent = run.persistent;
        if summary.aborted.is_none() {
            summary.aborted = run.aborted;
        }
        self.inner.finish(summary)
    }
}
