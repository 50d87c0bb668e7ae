//! One pass over an input's bytes: games split, annotated in parallel in batches (rayon's
//! indexed collect keeps their order), and written in input order together with the bytes
//! between them, so the output is the input with the additions and nothing else changed.

use std::io::{self, Read, Write};
use std::path::Path;

use rayon::prelude::*;

use super::AnnotateConfig;
use super::game::annotate_game;
use crate::pgn::split_games;
use crate::run::input::{Compression, Opened, open_input};
use crate::run::{BATCH_GAMES, Input};

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
/// stderr and written unchanged.
pub fn annotate_bytes(
    config: &AnnotateConfig,
    data: &[u8],
    name: &str,
    first: u64,
    out: &mut dyn Write,
) -> io::Result<AnnotateSummary> {
    let mut summary = AnnotateSummary::new(config.themes.len());
    // Split lazily, a batch at a time: no list of every game's range of a large file.
    let mut ranges = split_games(data);
    let mut copied = 0;
    loop {
        let batch: Vec<_> = ranges.by_ref().take(BATCH_GAMES).collect();
        if batch.is_empty() {
            break;
        }
        let number = first + summary.games;
        let results: Vec<_> = batch
            .par_iter()
            .enumerate()
            .map(|(k, r)| {
                let slice = &data[r.clone()];
                annotate_game(config, slice, number + k as u64, r.start as u64, name)
            })
            .collect();
        let batch_start = copied;
        for (range, result) in batch.iter().zip(results) {
            summary.games += 1;
            if let Some(e) = &result.error {
                summary.bad_games += 1;
                config.progress.suspend(|| eprintln!("{e}"));
            }
            if !result.found.is_empty() {
                summary.annotated_games += 1;
            }
            summary.annotated_positions += result.positions;
            for &t in &result.found {
                summary.per_theme[t] += 1;
            }
            out.write_all(&data[copied..range.start])?;
            match &result.text {
                Some(text) => out.write_all(text)?,
                None => out.write_all(&data[range.clone()])?,
            }
            copied = range.end;
        }
        config.progress.inc((copied - batch_start) as u64);
        config
            .progress
            .set_message(crate::run::progress::games_message(
                first - 1 + summary.games,
                summary.annotated_games,
                config.progress.elapsed(),
            ));
    }
    out.write_all(&data[copied..])?;
    config.progress.inc((data.len() - copied) as u64);
    Ok(summary)
}

/// [`annotate_bytes`] over a file, opened as the search opens it (`run::input`): a plain
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
