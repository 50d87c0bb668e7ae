//! The sinks that write matched games: [`OrderedWriter`] (each game as it comes, to the
//! output), [`SplitFiles`] (`--split-by`: each game to the file named by its tag) and
//! [`SortedWriter`] (a query with `sort`: the games held, written best first at the end).

use std::io::{self, Write};

use indicatif::ProgressBar;

use super::Format;
use super::sink::{Flow, GameOutput, Sink, Summary};
use super::split::SplitWriter;
use crate::eval::OutputOrder;

/// Writes each matched game to the output as it comes, and at the end the count
/// (`--count`) or the page's end (`--html`).
pub struct OrderedWriter<'a> {
    out: &'a mut dyn Write,
    format: Format,
    /// The output is a terminal: each game is written with this progress display cleared,
    /// and flushed at once ([`write_to_terminal`]).
    terminal: Option<ProgressBar>,
}

impl<'a> OrderedWriter<'a> {
    /// A writer of `format` output to `out` (`terminal`: the display to clear around each
    /// game when `out` is a terminal).
    pub fn new(out: &'a mut dyn Write, format: Format, terminal: Option<ProgressBar>) -> Self {
        OrderedWriter {
            out,
            format,
            terminal,
        }
    }

    /// Writes what comes before any game (`--html`: the page's start, showing `query`).
    pub fn start(&mut self, query: &str) -> io::Result<()> {
        if self.format == Format::Html {
            let page = super::html::page_start(query);
            self.out.write_all(page.as_bytes())?;
        }
        Ok(())
    }
}

impl Sink for OrderedWriter<'_> {
    fn game(&mut self, game: GameOutput) -> io::Result<Flow> {
        let text = game.into_bytes();
        match &self.terminal {
            Some(display) => write_to_terminal(display, self.out, &text)?,
            None => self.out.write_all(&text)?,
        }
        Ok(Flow::Continue)
    }

    /// The count (not for a failed run: it would read as a result) or the page's end.
    fn finish(&mut self, summary: Summary) -> io::Result<Summary> {
        if self.format == Format::Count && !summary.failed() {
            writeln!(self.out, "{}", summary.matched_games)?;
        }
        if self.format == Format::Html {
            let s = &summary;
            let page = super::html::page_end(s.games, s.matched_games, s.matched_positions);
            self.out.write_all(page.as_bytes())?;
        }
        self.out.flush()?;
        Ok(summary)
    }
}

/// Writes one game's result to a terminal stdout: the display cleared while writing (so no
/// stale bar line is left among the results when stdout and stderr are the same terminal),
/// and flushed at once (so results arrive game by game, not in bursts).
pub fn write_to_terminal(
    display: &ProgressBar,
    out: &mut dyn Write,
    text: &[u8],
) -> io::Result<()> {
    display.suspend(|| {
        out.write_all(text)?;
        out.flush()
    })
}

/// `--split-by`: each matched game to the file named by its tag's value; what is not a game
/// (the count, the page's end) to the output, through `rest`.
pub struct SplitFiles<'a> {
    files: Option<SplitWriter>,
    rest: OrderedWriter<'a>,
}

impl<'a> SplitFiles<'a> {
    /// Games to `files`, the rest to `rest` (which is given no game).
    pub fn new(files: SplitWriter, rest: OrderedWriter<'a>) -> Self {
        SplitFiles {
            files: Some(files),
            rest,
        }
    }
}

impl Sink for SplitFiles<'_> {
    fn game(&mut self, game: GameOutput) -> io::Result<Flow> {
        let key = game.split_key.clone();
        if let Some(files) = &mut self.files {
            files.write(key.as_deref(), game.into_bytes())?;
        }
        Ok(Flow::Continue)
    }

    /// Renames the files into place (the summary lists them), then the output's end.
    fn finish(&mut self, mut summary: Summary) -> io::Result<Summary> {
        if let Some(files) = self.files.take() {
            summary.split_files = files.finish()?;
        }
        self.rest.finish(summary)
    }
}

/// A query with `sort`: the matched games held in memory, and written to `inner` at the end
/// best first (ties, and games without a value, in input order, the latter last).
pub struct SortedWriter<S> {
    held: Vec<GameOutput>,
    inner: S,
}

impl<S: Sink> SortedWriter<S> {
    /// Holds the games for `inner`.
    pub fn new(inner: S) -> Self {
        SortedWriter {
            held: Vec::new(),
            inner,
        }
    }
}

impl<S: Sink> Sink for SortedWriter<S> {
    fn game(&mut self, game: GameOutput) -> io::Result<Flow> {
        // Held until the end: only what the writers below read (the effects were
        // performed by the counter already).
        self.held.push(GameOutput {
            text: game.text,
            sort: game.sort,
            split_key: game.split_key,
            encoding: game.encoding,
            ..GameOutput::default()
        });
        Ok(Flow::Continue)
    }

    /// Writes the held games best first (a stable sort: equal values keep input order).
    fn finish(&mut self, summary: Summary) -> io::Result<Summary> {
        let mut held = std::mem::take(&mut self.held);
        held.sort_by(|a, b| order(b).cmp(order(a)));
        for game in held {
            self.inner.game(game)?;
        }
        self.inner.finish(summary)
    }
}

/// A held game's place: its sort value (None is below every value).
fn order(game: &GameOutput) -> &Option<OutputOrder> {
    &game.sort
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writing through the display flushes: the text is in the writer's destination before
    /// the call returns, even behind a buffer.
    #[test]
    fn writing_to_the_terminal_flushes_each_game() {
        let mut buffered = std::io::BufWriter::with_capacity(1 << 16, Vec::new());
        write_to_terminal(&ProgressBar::hidden(), &mut buffered, b"game\n").unwrap();
        assert_eq!(buffered.get_ref().as_slice(), b"game\n");
    }
}
