//! Unit tests of the picture formats: a known FEN drawn as SVG (the pieces found back at
//! their squares from the `<text>` coordinates) and as a terminal diagram (plain and in
//! colour), a fairy board, the window of the unbounded board, and the marked squares.

use shakmaty::Bitboard;

use super::svg::{LEFT, SQUARE, board_svg};
use super::view::{BoardView, Drawn, Side, window};
use super::{Format, pictures::render_pictures};
use crate::eval::replay;
use crate::pgn::GameRecord;
use crate::rules::standard::Standard;
use crate::squares::{Coord, Geometry, SquareSet};

/// White: Ke1, Rh1, Pe2; Black: Ke8.
const FEN: &str = "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1";

fn sq(name: &str) -> Coord {
    let b = name.as_bytes();
    Coord {
        file: i64::from(b[0] - b'a'),
        rank: i64::from(b[1] - b'1'),
    }
}

fn bits(names: &[&str]) -> Bitboard {
    Bitboard::from_coords(Geometry::STANDARD, names.iter().map(|n| sq(n)))
}

/// The value of attribute `name` in an element's text.
fn attr<'a>(element: &'a str, name: &str) -> &'a str {
    let start = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let len = element[start..].find('"').unwrap();
    &element[start..start + len]
}

#[test]
fn svg_puts_each_piece_of_a_fen_on_its_square() {
    let pos = Standard::from_start(Some(FEN), false).unwrap();
    let svg = board_svg(&BoardView::of(&pos, &bits(&["h1"])), "test");
    let mut found = Vec::new();
    for part in svg.split("<text class=\"piece").skip(1) {
        let element = &part[..part.find("</text>").unwrap()];
        let glyph = &element[element.find('>').unwrap() + 1..];
        let (x, y): (i64, i64) = (
            attr(element, "x").parse().unwrap(),
            attr(element, "y").parse().unwrap(),
        );
        // Centres: x = LEFT + file·SQUARE + SQUARE/2, y = (7 − rank)·SQUARE + SQUARE/2.
        let file = (x - LEFT - SQUARE / 2) / SQUARE;
        let rank = 7 - (y - SQUARE / 2) / SQUARE;
        let name = format!("{}{}", char::from(b'a' + file as u8), rank + 1);
        assert_eq!(attr(element, "data-square"), name);
        found.push((name, glyph.to_string()));
    }
    found.sort();
    let expected = [("e1", "♔"), ("e2", "♙"), ("e8", "♚"), ("h1", "♖")];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(s, g)| (s.to_string(), g.to_string()))
        .collect();
    assert_eq!(found, expected);
    // 64 squares, half light, and one marked square over h1 (its corner, 1 pixel in).
    assert_eq!(svg.matches("<rect x=").count(), 64);
    assert_eq!(svg.matches("fill=\"#f0d9b5\"").count(), 32);
    assert_eq!(svg.matches("class=\"mark\"").count(), 1);
    assert!(svg.contains("class=\"mark\" data-square=\"h1\" x=\"311\" y=\"281\""));
}

/// A one-position game (the FEN's) rendered in a picture format with `marked`.
fn picture(format: Format, marked: Bitboard) -> String {
    let record = GameRecord::default();
    let replayed = replay(
        &record,
        Standard::from_start(Some(FEN), false).unwrap(),
        false,
    );
    render_pictures(format, 1, &record, &replayed, &[0], &[marked])
}

#[test]
fn plain_diagram_brackets_the_marked_square() {
    let text = picture(Format::Diagram { color: false }, bits(&["h1"]));
    let expected = "Game 1: ? – ?, ply 0, start position, marked: h1\n\
                    8  .  .  .  .  ♚  .  .  . \n\
                    7  .  .  .  .  .  .  .  . \n\
                    6  .  .  .  .  .  .  .  . \n\
                    5  .  .  .  .  .  .  .  . \n\
                    4  .  .  .  .  .  .  .  . \n\
                    3  .  .  .  .  .  .  .  . \n\
                    2  .  .  .  .  ♙  .  .  . \n\
                    1  .  .  .  .  ♔  .  . [♖]\n   a  b  c  d  e  f  g  h \n\n";
    assert_eq!(text, expected);
}

#[test]
fn colour_diagram_paints_squares_and_highlights_the_marked_one() {
    let text = picture(Format::Diagram { color: true }, bits(&["h1", "a1"]));
    assert_eq!(text.matches("\x1b[48;5;").count(), 64);
    assert_eq!(text.matches("\x1b[0m").count(), 64);
    // h1 is light (file 7 + rank 0 is odd), a1 dark.
    assert_eq!(text.matches("\x1b[48;5;156;").count(), 1);
    assert_eq!(text.matches("\x1b[48;5;114;").count(), 1);
    assert!(!text.contains("[♖]"), "no brackets in colour");
}

#[test]
fn fairy_board_shows_letters_for_fairy_pieces() {
    let defs = crate::rules::fairy::bundled_variants();
    let capa = crate::rules::fairy::find_variant(&defs, "capablanca").unwrap();
    let pos = crate::rules::fairy::FairyPos::start(capa.clone()).unwrap();
    let view = BoardView::of(&pos, &SquareSet::empty());
    assert_eq!((view.width, view.height), (10, 8));
    assert_eq!(view.pieces.len(), 40);
    let letters = |side, text: &str| Drawn {
        side,
        text: text.to_string(),
        letters: true,
    };
    // Capablanca's start: RNABQKBCNR, the archbishop on c1 and the chancellor on h1.
    assert_eq!(view.piece(sq("c1")), Some(&letters(Side::White, "A")));
    assert_eq!(view.piece(sq("h8")), Some(&letters(Side::Black, "c")));
    assert_eq!(view.piece(sq("f1")).map(|d| d.text.as_str()), Some("♔"));
    assert_eq!(view.file_label(9), "j");
}

#[test]
fn window_of_the_unbounded_board() {
    let c = |file, rank| Coord { file, rank };
    // Two pieces 5 apart: the box 0..4 grown evenly to 8 (one square below, two above).
    assert_eq!(window(&[c(0, 0), c(4, 4)], &[]), (c(-1, -1), 8, 8));
    // A far piece is left out: the median piece (1,1) takes in (0,0) only; 0..1 grown to 8.
    assert_eq!(
        window(&[c(0, 0), c(100, 100), c(1, 1)], &[]),
        (c(-3, -3), 8, 8)
    );
    // Marked squares 30 files apart: 16 files from the median (10) less 8, within 0..29.
    assert_eq!(
        window(&[], &[c(0, 0), c(29, 0), c(10, 0)]),
        (c(2, -3), 16, 8)
    );
    // Marks win over pieces: the mark at (50,50) and the piece next to it, not the far one.
    assert_eq!(
        window(&[c(0, 0), c(51, 51)], &[c(50, 50)]),
        (c(47, 47), 8, 8)
    );
}
