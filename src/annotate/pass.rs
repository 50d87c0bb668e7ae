//! One pass over an input's bytes: games split and annotated in parallel batches by the
//! search's driver ([`crate::run::drive_into`]), and pushed in input order into the
//! `Splicer`, an [`crate::output::sink::Sink`] that writes them together with the bytes
//! between them, so the output is the input with the additions and nothing else changed.

use std::io::{self, Read, Write};
use std::ops::Range;
use std::path::Path;

use rayon::prelude::*;

use super::AnnotateConfig;
use super::game::{GameNotes, annotate_game};
use crate::input::Input;
use crate::input::{Compression, Opened, open_input};
use crate::output::sink::{Flow, Sink};
use crate::pgn::split_games;
use crate::run::{GameWork, drive_into};

/// Counts for the summary line and the exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnnotateSummary {
    /// Games read.
    pub games: u64,
    /// Games where at least one theme was found.
    pub annotated_games: u64,
    /// Positions that got a comment.
    pub annotated_positions: u64,
    /// Games written unchanged because they could not be read or replayed.
    pub bad_games: u64,
    /// Per theme (in theme order): the games it was found in.
    pub per_theme: Vec<u64>,
}

impl AnnotateSummary {
    /// No games yet, with a count for each of `themes` themes.
    pub fn new(themes: usize) -> Self {
        AnnotateSummary {
            per_theme: vec![0; themes],
            ..AnnotateSummary::default()
        }
    }

    /// Adds another input's counts (of the same themes).
    pub fn add(&mut self, other: &AnnotateSummary) {
        self.games += other.games;
        self.annotated_games += other.annotated_games;
        self.annotated_positions += other.annotated_positions;
        self.bad_games += other.bad_games;
        for (a, b) in self.per_theme.iter_mut().zip(&other.per_theme) {
            *a += b;
        }
    }
}

/// Annotates the games of `data` (an input named `name` in messages; its first game is
/// number `first`) and writes all of `data` to `out`, games annotated. Bad games are told on
/// stderr and written unchanged. The games go through the search's driver
/// (`run::drive_into`: batches annotated in parallel, the next split meanwhile) into the
/// `Splicer`, which writes them in input order.
pub fn annotate_bytes(
    config: &AnnotateConfig,
    data: &[u8],
    name: &str,
    first: u64,
    out: &mut dyn Write,
) -> io::Result<AnnotateSummary> {
    let work = Themes { config, data, name };
    let mut splicer = Splicer {
        config,
        data,
        first,
        out,
        summary: AnnotateSummary::new(config.themes.len()),
        copied: 0,
        shown: 0,
    };
    drive_into(&work, &mut splicer, split_games(data), first - 1)?;
    splicer.finish(AnnotateSummary::new(config.themes.len()))
}

/// Annotating the games of one input's bytes, `data`: the driver's per-game work.
struct Themes<'a> {
    config: &'a AnnotateConfig,
    data: &'a [u8],
    name: &'a str,
}

impl GameWork<Range<usize>> for Themes<'_> {
    type Done = (Range<usize>, GameNotes);

    fn batch(&self, batch: &[Range<usize>], before: u64) -> Vec<Self::Done> {
        let number = |k: usize| before + 1 + k as u64;
        let annotate = |(k, r): (usize, &Range<usize>)| {
            let slice = &self.data[r.clone()];
            let notes = annotate_game(self.config, slice, number(k), r.start as u64, self.name);
            (r.clone(), notes)
        };
        batch.par_iter().enumerate().map(annotate).collect()
    }

    fn end_of(&self, game: &Range<usize>) -> Option<u64> {
        Some(game.end as u64)
    }
}

/// Writes an input's bytes as they are, each game replaced by its annotated text when it
/// has one, in input order; counts the summary and tells bad games on stderr.
struct Splicer<'a, 'o> {
    config: &'a AnnotateConfig,
    data: &'a [u8],
    /// The number of the input's first game.
    first: u64,
    out: &'o mut dyn Write,
    summary: AnnotateSummary,
    /// The bytes of `data` written so far.
    copied: usize,
    /// The bytes of `data` the progress display has counted.
    shown: usize,
}

impl Sink<(Range<usize>, GameNotes), AnnotateSummary> for Splicer<'_, '_> {
    /// Writes the bytes before the game, then the game, annotated when it has additions;
    /// counts it and tells its fault on stderr.
    fn game(&mut self, (range, result): (Range<usize>, GameNotes)) -> io::Result<Flow> {
        let summary = &mut self.summary;
        summary.games += 1;
        if let Some(e) = &result.error {
            summary.bad_games += 1;
            self.config.progress.suspend(|| eprintln!("{e}"));
        }
        if !result.found.is_empty() {
            summary.annotated_games += 1;
        }
        summary.annotated_positions += result.positions;
        for &t in &result.found {
            summary.per_theme[t] += 1;
        }
        self.out.write_all(&self.data[self.copied..range.start])?;
        match &result.text {
            Some(text) => self.out.write_all(text)?,
            None => self.out.write_all(&self.data[range.clone()])?,
        }
        self.copied = range.end;
        Ok(Flow::Continue)
    }

    /// Writes the bytes after the last game; `summary` with this input's counts added.
    fn finish(&mut self, mut summary: AnnotateSummary) -> io::Result<AnnotateSummary> {
        self.out.write_all(&self.data[self.copied..])?;
        (self.config.progress).inc((self.data.len() - self.shown) as u64);
        self.shown = self.data.len();
        summary.add(&self.summary);
        Ok(summary)
    }

    /// The progress display moves on to the bytes written, with the games so far.
    fn read_to(&mut self, _end: u64) {
        let progress = &self.config.progress;
        progress.inc((self.copied - self.shown) as u64);
        self.shown = self.copied;
        progress.set_message(crate::output::progress::games_message(
            self.first - 1 + self.summary.games,
            self.summary.annotated_games,
            progress.elapsed(),
        ));
    }
}

/// [`annotate_bytes`] over a file, opened as the search opens it (`input`): a plain
/// file memory-mapped (an empty file writes nothing); a `.gz`, `.zst` or `.bz2` file (told
/// by its first bytes) decompressed into memory and written out decompressed.
pub fn annotate_file(
    config: &AnnotateConfig,
    path: &Path,
    first: u64,
    out: &mut dyn Write,
) -> io::Result<AnnotateSummary> {
    let name = path.display().to_string();
    match open_input(&Input::File(path.to_path_buf()))? {
        Opened::Mapped(Some(map)) => annotate_bytes(config, &map, &name, first, out),
        Opened::Mapped(None) => Ok(AnnotateSummary::new(config.themes.len())),
        Opened::Stream(mut stream) => {
            let mut text = Vec::new();
            stream.reader.read_to_end(&mut text)?;
            annotate_bytes(config, &text, &name, first, out)
        }
    }
}

/// The compression of the file at `path` when it is compressed (told as the search tells
/// it): `--in-place` refuses such a file rather than write it back uncompressed.
pub fn compression_of(path: &Path) -> io::Result<Option<Compression>> {
    Ok(match open_input(&Input::File(path.to_path_buf()))? {
        Opened::Stream(stream) => stream.compression,
        Opened::Mapped(_) => None,
    })
}
