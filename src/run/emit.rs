//! The writer side of the run: where a matched game's text goes (the output, the held
//! `sort` list, or a `--split-by` file) and when the run stops at `--limit`.

use std::io;

use super::{BATCH_GAMES, GameOutput, RunConfig, Sink};
use crate::eval::OutputOrder;
use crate::pgn::GameRecord;

/// A matched game held for `sort`: its sort value, its `--split-by` tag value, its text.
pub(super) type Held = (Option<OutputOrder>, Option<String>, Vec<u8>);

impl RunConfig {
    /// `--split-by`: the game's value of the tag, as written.
    pub(super) fn split_key(&self, record: &GameRecord) -> Option<String> {
        let tag = &self.split.as_ref()?.tag;
        record.tag(tag).map(str::to_string)
    }
}

impl Sink<'_> {
    /// Takes one searched game's result, in input order: counts it, performs its messages
    /// and file writes, reports its fault, and writes (or holds) it when it matched
    /// (`<N>` on stderr first with CQL's `-showmatches`). A failed `assert` records the stop.
    pub(super) fn take_result(&mut self, result: GameOutput) -> io::Result<()> {
        if let Some(m) = &result.fatal {
            self.summary.aborted = Some(m.clone());
        }
        self.summary.games += 1;
        if result.refused {
            self.summary.refused_games += 1;
        }
        self.effects(&result.effects);
        if let Some(e) = &result.error {
            self.summary.bad_games += 1;
            self.bar.suspend(|| eprintln!("{e}"));
        }
        if !result.matched {
            return Ok(());
        }
        if self.config.show_matches {
            let n = self.summary.games;
            self.bar.suspend(|| eprint!("<{n}>"));
        }
        self.summary.matched_games += 1;
        self.summary.matched_positions += result.matched_positions;
        let sort = if self.config.sort_by_match_count {
            Some(OutputOrder::Num(result.matched_positions as i64))
        } else {
            result.sort
        };
        // A PGN game read as Windows-1252 is written back as Windows-1252: the bytes read.
        let encoded = match result.encoding.encode(&result.text) {
            std::borrow::Cow::Borrowed(_) => None,
            std::borrow::Cow::Owned(bytes) => Some(bytes),
        };
        let text = encoded.unwrap_or_else(|| result.text.into_bytes());
        self.emit(sort, result.split_key, text)
    }

    /// Whether the run has written its `--limit` of matched games (recorded in the summary),
    /// or was told to stop ([`RunConfig::stop`]).
    pub(super) fn stopped(&self) -> bool {
        self.summary.stopped_at_limit.is_some()
            || (self.config.stop.as_ref())
                .is_some_and(|stop| stop.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Games per parallel batch: [`BATCH_GAMES`], or under `--limit` about twice the
    /// matched games still wanted (at least four per thread), so that little is evaluated
    /// past the limit.
    pub(super) fn batch_games(&self) -> usize {
        match self.config.limit {
            None => BATCH_GAMES,
            Some(limit) => {
                let wanted = limit.saturating_sub(self.summary.matched_games);
                let wanted = usize::try_from(wanted.saturating_mul(2)).unwrap_or(BATCH_GAMES);
                wanted
                    .max(4 * rayon::current_num_threads())
                    .min(BATCH_GAMES)
            }
        }
    }

    /// Writes (or, with a `sort`, holds) one matched game's text, already counted in the
    /// summary; records the stop when that makes `--limit` matched games.
    pub(super) fn emit(
        &mut self,
        sort: Option<OutputOrder>,
        split_key: Option<String>,
        text: Vec<u8>,
    ) -> io::Result<()> {
        match &mut self.sorted {
            Some(held) => held.push((sort, split_key, text)),
            None => self.write_out(split_key.as_deref(), &text)?,
        }
        if let Some(limit) = self.config.limit
            && self.summary.matched_games >= limit
        {
            self.summary.stopped_at_limit = Some(limit);
        }
        Ok(())
    }

    fn write_out(&mut self, split_key: Option<&str>, text: &[u8]) -> io::Result<()> {
        match &mut self.split {
            Some(files) => files.write(split_key, text),
            None if self.config.terminal_stdout => {
                super::progress::write_to_terminal(&self.bar, self.out, text)
            }
            None => self.out.write_all(text),
        }
    }

    /// After the last game: writes the held games best first (stable: equal values keep
    /// input order) and renames the `--split-by` files into place.
    pub(super) fn finish_output(&mut self) -> io::Result<()> {
        if let Some(mut held) = self.sorted.take() {
            held.sort_by(|(a, _, _), (b, _, _)| b.cmp(a));
            for (_, key, text) in held {
                self.write_out(key.as_deref(), &text)?;
            }
        }
        if let Some(files) = self.split.take() {
            self.summary.split_files = files.finish()?;
        }
        Ok(())
    }
}

impl Sink<'_> {
    /// Ends the run's output: the sorted or held games, the persistent variables, the count,
    /// the page's end; the run's summary.
    pub(super) fn finish(mut self) -> io::Result<super::Summary> {
        // The display goes first: what follows (the count, the page's end) is written
        // without it, and clearing it afterwards would erase the line written after it.
        self.bar.finish_and_clear();
        self.finish_output()?;
        if let Some(carried) = &self.carried {
            let carried = carried.lock().unwrap_or_else(|e| e.into_inner());
            self.summary.persistent = carried.report();
        }
        // A failed run's count would read as a result: nothing is written (exit 2).
        if self.config.format == crate::output::Format::Count && !self.summary.failed() {
            writeln!(self.out, "{}", self.summary.matched_games)?;
        }
        if self.config.format == crate::output::Format::Html {
            let s = &self.summary;
            let page = crate::output::html::page_end(s.games, s.matched_games, s.matched_positions);
            self.out.write_all(page.as_bytes())?;
        }
        self.out.flush()?;
        Ok(self.summary)
    }
}
