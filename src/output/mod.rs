//! Printers: matched games as PGN (`pgn_write`: the one PGN writer, fed by a game's record or,
//! in `pgn_write_plain`, by a plain game's tokens), matched positions as FEN, EPD or JSON
//! lines (`pipes`), matched games split into files by a tag (`split`); the output file
//! (`files`) and its temporary files, removed when the run is interrupted (`temp_files`).
//!
//! Each game's output is rendered to a string in the worker that evaluated it (`render`: what
//! the search found → the game's output), and pushed in input order into the run's sinks
//! (`sink`: the trait; `counter`; `writers`: in order, sorted, split by a tag), which only
//! count and copy bytes.

pub mod counter;
pub mod diagnostics;
pub mod diagram;
pub mod files;
pub mod html;
pub mod icn;
pub mod pgn_write;
pub mod pgn_write_plain;
#[cfg(test)]
mod picture_tests;
pub mod pictures;
pub mod pipes;
pub mod progress;
pub mod render;
#[cfg(test)]
pub(crate) mod scratch_dir;
pub mod sink;
pub mod sort_comment;
pub mod split;
pub mod svg;
pub mod temp_files;
pub mod view;
pub mod writers;

pub use pipes::Notes;

use std::borrow::Cow;

use crate::eval::ReplayedGame;
use crate::pgn::GameRecord;
use crate::rules::Position;

/// What is printed for the matches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// The matched games as PGN, with a comment at each matched position (CQL's output).
    Pgn,
    /// One FEN line per matched position.
    Fen,
    /// One JSON object per line per matched position.
    Json,
    /// Only the number of matched games, at the end.
    Count,
    /// One line per matched game: its game number (input order), for pipes.
    GameNumbers,
    /// One EPD line per matched position, with `id "game N ply P";` (`output::pipes`).
    Epd,
    /// `--diagram`: each matched position as a board in the terminal (`color`: ANSI
    /// backgrounds, when stdout is a terminal and `NO_COLOR` is unset).
    Diagram {
        /// Whether squares are painted with ANSI colours (else marked squares are bracketed).
        color: bool,
    },
    /// `--html FILE`: one HTML page with an SVG board per matched position.
    Html,
}

impl Format {
    /// Whether the format draws the matched positions, so the squares the query marks are
    /// computed (`Evaluator::matches_marking`); other formats do not pay for them.
    pub fn is_picture(self) -> bool {
        matches!(self, Format::Diagram { .. } | Format::Html)
    }
}

/// Which comments cqlq adds to the output games (CQL 6.2's comment level).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum CommentLevel {
    /// `{Game number N}`, the match comment at each matched position, the query's comments.
    #[default]
    Normal,
    /// `quiet`: only the query's own comments (and `{Game number N}`).
    Quiet,
    /// `silent`: no comment at all.
    Silent,
}

/// How matched games are annotated in PGN output.
#[derive(Clone, Debug)]
pub struct PgnStyle {
    /// The comment at each matched position (CQL's `matchstring`, default `CQL`; empty: none).
    pub match_comment: String,
    /// Whether to put `{Game number N}` at the start of each game (CQL's default).
    pub game_number_header: bool,
    /// Which comments are added (`quiet`, `silent`).
    pub comments: CommentLevel,
}

impl PgnStyle {
    /// The comment at the start of matched game `number`'s movetext: `Game number N`, then the
    /// `sort` text (empty: none), unless `silent`.
    pub fn header(&self, number: u64, sort: &str) -> Option<String> {
        let silent = self.comments == CommentLevel::Silent;
        let mut header = String::new();
        if self.game_number_header && !silent {
            header = format!("Game number {number}");
        }
        if !silent && !sort.is_empty() {
            // CQL 6.2 joins its comments with a blank; the sort text starts with one.
            if !header.is_empty() {
                header.push(' ');
            }
            header.push_str(sort);
        }
        (!header.is_empty()).then_some(header)
    }

    /// The comment written at each matched position, if any (not when `quiet` or `silent`).
    pub fn match_mark(&self) -> Option<&str> {
        (self.comments == CommentLevel::Normal && !self.match_comment.is_empty())
            .then_some(self.match_comment.as_str())
    }

    /// The comment after each position of a matched game, by position (a record node, or a
    /// main-line ply), in the positions' order: the match comment at each of `matched`,
    /// followed by the query's `comments` made there (`{CQL seen}`), or those alone
    /// (`{seen}`), several joined by a space; none when `silent`.
    pub fn position_marks<'a>(
        &'a self,
        matched: &[u32],
        comments: &'a [(u32, String)],
    ) -> Vec<(u32, Cow<'a, str>)> {
        let mut after: Vec<(u32, Cow<'a, str>)> = match self.match_mark() {
            Some(mark) => matched
                .iter()
                .map(|&at| (at, Cow::Borrowed(mark)))
                .collect(),
            None => Vec::new(),
        };
        // The search finds its matches in order (a position once), so this rarely sorts.
        if !after.is_sorted_by(|a, b| a.0 < b.0) {
            after.sort_by_key(|&(at, _)| at);
            after.dedup_by_key(|&mut (at, _)| at);
        }
        let comments = if self.comments == CommentLevel::Silent {
            &[][..]
        } else {
            comments
        };
        for (at, text) in comments {
            if text.is_empty() {
                continue;
            }
            let k = match after.binary_search_by_key(at, |&(p, _)| p) {
                Ok(k) => k,
                Err(k) => {
                    after.insert(k, (*at, Cow::Borrowed("")));
                    k
                }
            };
            let mark: &mut String = after[k].1.to_mut();
            if !mark.is_empty() {
                mark.push(' ');
            }
            mark.push_str(text);
        }
        after
    }
}

impl Default for PgnStyle {
    fn default() -> Self {
        PgnStyle {
            match_comment: "CQL".to_string(),
            game_number_header: true,
            comments: CommentLevel::Normal,
        }
    }
}

/// One matched game's output in `format`: `matched` holds the record nodes that matched, in
/// game order; `notes` the query's comments (`comment(...)`: in PGN each follows the match
/// comment of its position, `{CQL seen}`, or stands alone at a position that did not match,
/// `{seen}`, several joined by a space) and messages (`--json` shows the comments and
/// messages made at each matched position, `output::pipes`).
pub fn render_game<P: Position>(
    format: Format,
    style: &PgnStyle,
    number: u64,
    record: &GameRecord,
    replayed: &ReplayedGame<P>,
    matched: &[u32],
    notes: &Notes,
) -> String {
    let comments = notes.comments;
    let mut out = String::new();
    match format {
        Format::Count => {}
        Format::GameNumbers => out.push_str(&format!("{number}\n")),
        // Without the marks (see `pictures::render_pictures` for them).
        Format::Diagram { .. } | Format::Html => out.push_str(&pictures::render_pictures::<P>(
            format,
            number,
            record,
            replayed,
            matched,
            &[],
        )),
        Format::Fen => {
            for &at in matched {
                if let Some(node) = &replayed.nodes[at as usize] {
                    out.push_str(&node.position.fen(true));
                    out.push('\n');
                }
            }
        }
        Format::Json => {
            for &at in matched {
                if let Some(node) = &replayed.nodes[at as usize] {
                    let parent = record.nodes[at as usize]
                        .parent
                        .and_then(|p| replayed.nodes[p as usize].as_ref())
                        .map(|n| &n.position);
                    out.push_str(&pipes::json_line(number, record, (parent, node), at, notes));
                    out.push('\n');
                }
            }
        }
        Format::Epd => {
            for &at in matched {
                if let Some(node) = &replayed.nodes[at as usize] {
                    out.push_str(&pipes::epd_line(number, node));
                    out.push('\n');
                }
            }
        }
        Format::Pgn => {
            let marks = pgn_write::Marks {
                header: style.header(number, notes.sort),
                after: style
                    .position_marks(matched, comments)
                    .into_iter()
                    .collect(),
            };
            pgn_write::write_game(&mut out, record, &marks);
        }
    }
    out
}
