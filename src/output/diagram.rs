//! `--diagram`: a matched position as a board in the terminal. Pieces are Unicode glyphs
//! (fairy pieces: their letters), ranks are labelled on the left (right-aligned, so two-digit
//! ranks line up) and files below. With colour (stdout a terminal, `NO_COLOR` unset) squares
//! get ANSI backgrounds and marked squares a highlight; plain, marked squares are bracketed
//! (`[♖]`, `[.]`) and empty squares are dots.

use super::pictures::{Scene, marked_text, title, window_text};
use super::view::{BoardView, is_light};
use crate::pgn::GameRecord;
use crate::squares::Coord;

/// ANSI background of light, dark, marked light and marked dark squares (256 colours), with
/// black text.
const LIGHT: &str = "\x1b[48;5;223;38;5;16m";
const DARK: &str = "\x1b[48;5;180;38;5;16m";
const MARKED_LIGHT: &str = "\x1b[48;5;156;38;5;16m";
const MARKED_DARK: &str = "\x1b[48;5;114;38;5;16m";
const RESET: &str = "\x1b[0m";

/// The diagram of one matched position: the header line, the board (top rank first), the
/// file labels, a blank line.
pub fn diagram(scene: &Scene, record: &GameRecord, color: bool) -> String {
    let view = &scene.view;
    let mut out = title(scene, record);
    for extra in [marked_text(view), window_text(view)] {
        if !extra.is_empty() {
            out.push_str(", ");
            out.push_str(&extra);
        }
    }
    out.push('\n');
    let cell = cell_width(view);
    let rank_width = (0..view.height)
        .map(|j| view.rank_label(j).chars().count())
        .max()
        .unwrap_or(1);
    for j in (0..view.height).rev() {
        out.push_str(&format!("{:>rank_width$} ", view.rank_label(j)));
        for i in 0..view.width {
            let c = Coord {
                file: view.origin.file + i,
                rank: view.origin.rank + j,
            };
            out.push_str(&square(view, c, cell, color));
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(rank_width + 1));
    for i in 0..view.width {
        out.push_str(&centred(&view.file_label(i), cell));
    }
    out.push_str("\n\n");
    out
}

/// The width of every square: the longest piece text plus a space (or a bracket) each side,
/// or the longest file label plus a space, rounded up to an odd number.
fn cell_width(view: &BoardView) -> usize {
    let pieces = view.pieces.iter().map(|(_, d)| d.text.chars().count() + 2);
    let labels = (0..view.width).map(|i| view.file_label(i).chars().count() + 1);
    let width = pieces.chain(labels).max().unwrap_or(3).max(3);
    // Odd, so one-character pieces sit in the middle.
    width | 1
}

/// One square, `cell` characters wide.
fn square(view: &BoardView, c: Coord, cell: usize, color: bool) -> String {
    let marked = view.is_marked(c);
    let text = match view.piece(c) {
        Some(d) => d.text.as_str(),
        None if color => " ",
        None => ".",
    };
    if color {
        let paint = match (marked, is_light(c)) {
            (false, true) => LIGHT,
            (false, false) => DARK,
            (true, true) => MARKED_LIGHT,
            (true, false) => MARKED_DARK,
        };
        format!("{paint}{}{RESET}", centred(text, cell))
    } else if marked {
        format!("[{}]", centred(text, cell - 2))
    } else {
        centred(text, cell)
    }
}

/// `text` centred in `width` characters (the extra space on the right).
fn centred(text: &str, width: usize) -> String {
    let len = text.chars().count();
    let pad = width.saturating_sub(len);
    format!("{}{text}{}", " ".repeat(pad / 2), " ".repeat(pad - pad / 2))
}
