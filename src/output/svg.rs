//! One board as a self-contained SVG element (presentation attributes only, no stylesheet or
//! font file needed): light and dark squares, marked squares overlaid in green, pieces as
//! `<text>` (Unicode glyphs, or a fairy piece's letters: white ones outlined), file and rank
//! labels. Any board up to 16x16 and any window of the unbounded board, labelled with its
//! real coordinates.
//!
//! Layout: a square is [`SQUARE`] pixels; the rank labels take [`LEFT`] pixels on the left,
//! the file labels [`BOTTOM`] pixels below; the square of file index `i` and rank index `j`
//! (from the lower left square shown) has its upper left corner at
//! `(LEFT + i·SQUARE, (height − 1 − j)·SQUARE)`, and a piece's `<text>` sits at its centre.

use super::view::{BoardView, Drawn, Side, is_light};
use crate::squares::Coord;

/// A square's side, in pixels.
pub const SQUARE: i64 = 40;
/// The width of the rank labels' column.
pub const LEFT: i64 = 30;
/// The height of the file labels' row.
pub const BOTTOM: i64 = 20;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const MARK: &str = "#3cb043";
const FONT: &str = "DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, sans-serif";

/// The SVG of `view`; `label` is its accessible name (`aria-label`).
pub fn board_svg(view: &BoardView, label: &str) -> String {
    let (w, h) = (LEFT + view.width * SQUARE, view.height * SQUARE + BOTTOM);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{}\" font-family=\"{FONT}\">\n",
        escape(label)
    );
    for j in 0..view.height {
        for i in 0..view.width {
            let c = Coord {
                file: view.origin.file + i,
                rank: view.origin.rank + j,
            };
            let (x, y) = corner(view, i, j);
            let fill = if is_light(c) { LIGHT } else { DARK };
            out.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\"/>"
            ));
            if view.is_marked(c) {
                out.push_str(&format!(
                    "<rect class=\"mark\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" \
                     height=\"{}\" fill=\"{MARK}\" fill-opacity=\"0.45\" stroke=\"{MARK}\" \
                     stroke-width=\"3\"/>",
                    escape(&view.square_name(c)),
                    x + 1,
                    y + 1,
                    SQUARE - 2,
                    SQUARE - 2
                ));
            }
        }
        out.push('\n');
    }
    for (c, drawn) in &view.pieces {
        let (i, j) = (c.file - view.origin.file, c.rank - view.origin.rank);
        let (x, y) = corner(view, i, j);
        out.push_str(&piece_text(
            drawn,
            &view.square_name(*c),
            x + SQUARE / 2,
            y + SQUARE / 2,
        ));
        out.push('\n');
    }
    for j in 0..view.height {
        let y = (view.height - 1 - j) * SQUARE + SQUARE / 2;
        out.push_str(&label_text(LEFT / 2, y, &view.rank_label(j)));
    }
    for i in 0..view.width {
        let x = LEFT + i * SQUARE + SQUARE / 2;
        out.push_str(&label_text(
            x,
            view.height * SQUARE + BOTTOM / 2,
            &view.file_label(i),
        ));
    }
    out.push_str("\n</svg>");
    out
}

/// The upper left corner of the square at file index `i`, rank index `j`.
pub fn corner(view: &BoardView, i: i64, j: i64) -> (i64, i64) {
    (LEFT + i * SQUARE, (view.height - 1 - j) * SQUARE)
}

/// A piece centred at `(x, y)`: a glyph in black ink, or letters (White's white with a black
/// outline, Black's black, neutral grey), smaller when there are several.
fn piece_text(drawn: &Drawn, square: &str, x: i64, y: i64) -> String {
    let side = match drawn.side {
        Side::White => "white",
        Side::Black => "black",
        Side::Neutral => "neutral",
    };
    let (size, paint) = if drawn.letters {
        let size = if drawn.text.chars().count() > 1 {
            17
        } else {
            24
        };
        let paint = match drawn.side {
            Side::White => {
                "fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"1\" font-weight=\"bold\""
            }
            Side::Black => "fill=\"#000000\" font-weight=\"bold\"",
            Side::Neutral => "fill=\"#555555\" font-weight=\"bold\"",
        };
        (size, paint)
    } else {
        (32, "fill=\"#000000\"")
    };
    format!(
        "<text class=\"piece {side}\" data-square=\"{}\" x=\"{x}\" y=\"{y}\" font-size=\"{size}\" \
         text-anchor=\"middle\" dominant-baseline=\"central\" {paint}>{}</text>",
        escape(square),
        escape(&drawn.text)
    )
}

/// A file or rank label centred at `(x, y)`.
fn label_text(x: i64, y: i64, text: &str) -> String {
    format!(
        "<text class=\"label\" x=\"{x}\" y=\"{y}\" font-size=\"12\" text-anchor=\"middle\" \
         dominant-baseline=\"central\" fill=\"#444444\">{}</text>",
        escape(text)
    )
}

/// Text safe inside an element or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}
