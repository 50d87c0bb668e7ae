//! `pieces` attributes of seed 001 that were refused before, each on hand-made positions with
//! the seed's text next to the test (Fairy-Stockfish and SjaakII have no such limits).

use cqlq::rules::fairy::{FMove, FairyPos};
use cqlq::rules::fbr::chess_with_rules;

fn pos(rules: &str, fen: &str) -> FairyPos {
    let v = chess_with_rules(rules).unwrap_or_else(|e| panic!("{rules}: {e}"));
    FairyPos::from_fen(v, fen).expect("fen")
}

use crate::common::fairy_square_name as sq;

/// The sorted moves from `square`: destination and promotion letter.
fn from(p: &FairyPos, square: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m: &&FMove| sq(m.from) == square)
        .map(|m| {
            let promo = m.promo.map_or(String::new(), |t| {
                p.v.kinds[t as usize].def.symbols[1].clone()
            });
            format!("{}{promo}", sq(m.to))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn avoidsamecolored_forbids_a_second_piece_of_the_set_on_one_square_colour() {
    // "Avoid that you have a pair of pieces on the same color squares" (read: at most N of
    // the set per side on squares of one colour; N = 1, no pair). b8 has the colour of a1
    // and c1 (file + rank even): with a bishop on c1, b8=B would pair it; on d1 (the other
    // colour) it does not.
    let rules = "pieces{B}=avoidsamecolored(1)";
    let p = pos(rules, "7k/1P6/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(from(&p, "b7"), ["b8n", "b8q", "b8r"]);
    let p = pos(rules, "7k/1P6/8/8/8/8/8/3BK3 w - - 0 1");
    assert_eq!(from(&p, "b7"), ["b8b", "b8n", "b8q", "b8r"]);
    // Black the same way: g1 has the colour of a1 (6 + 0 even), as has f8's bishop... f8 is
    // (5, 7): even, so g1=b would pair it; with the bishop on e8 (4 + 7 odd) it would not.
    let p = pos(rules, "2k2b2/8/8/8/8/8/6p1/K7 b - - 0 1");
    assert_eq!(from(&p, "g2"), ["g1n", "g1q", "g1r"]);
    let p = pos(rules, "2k1b3/8/8/8/8/8/6p1/K7 b - - 0 1");
    assert_eq!(from(&p, "g2"), ["g1b", "g1n", "g1q", "g1r"]);
    // A pair already on the board forbids no other move (the limit forbids reaching more
    // than N where fewer stood): the c1 bishop keeps its moves (a3 b2 d2), b8=B stays out
    // (three on one colour).
    let p = pos(rules, "7k/1P6/8/8/8/4B3/8/2B1K3 w - - 0 1");
    assert_eq!(from(&p, "b7"), ["b8n", "b8q", "b8r"]);
    assert_eq!(from(&p, "c1"), ["a3", "b2", "d2"]);
    // Without a count the attribute is refused at its column, as `file` is.
    let e = chess_with_rules("pieces{B}=avoidsamecolored")
        .map(|_| ())
        .unwrap_err();
    assert!(e.reason.contains("needs a count"), "{e}");
}

/// The colour (0 white, 1 black) and letter of the piece on `square`.
fn at(p: &FairyPos, square: &str) -> Option<(usize, String)> {
    let b = square.as_bytes();
    let s = usize::from(b[1] - b'1') * 16 + usize::from(b[0] - b'a');
    p.piece(s)
        .map(|(c, t)| (c, p.v.kinds[t].def.symbols[0].clone()))
}

fn play(p: &mut FairyPos, uci: &str) {
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| format!("{}{}", sq(m.from), sq(m.to)) == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal"));
    p.make(&m);
}

#[test]
fn impartial_pieces_serve_the_side_to_move_and_never_give_check() {
    // "all neutral pieces will have the color of the opponent. Now all pieces will switch the
    // color to the color of the side to move", and "This piece cannot give check".
    let rules = "pieces{N}=impartial";
    // Nc4-d6 would check e8 as a normal knight; impartial, it gives no check, and it is
    // black's knight for black's move (a neutral piece giving check would stay white's).
    let mut p = pos(rules, "4k3/7p/8/8/2N5/8/8/4K3 w - - 0 1");
    play(&mut p, "c4d6");
    assert_eq!(at(&p, "d6"), Some((1, "N".into())));
    assert!(!p.layer_in_check(1), "an impartial knight gives no check");
    assert!(from(&p, "h7").contains(&"h6".to_string()));
    assert!(from(&p, "d6").contains(&"b5".to_string()));
    // Nc5-d3 leaves the knight (now black's) on a square attacking e1: legal, since it
    // never gives check.
    let p = pos(rules, "4k3/8/8/2N5/8/8/8/4K3 w - - 0 1");
    assert!(from(&p, "c5").contains(&"d3".to_string()));
    // The same under `neutral`: the knight giving check from d6 stays white's, and black
    // must answer the check (h7-h6 is out).
    let mut p = pos("pieces{N}=neutral", "4k3/7p/8/8/2N5/8/8/4K3 w - - 0 1");
    play(&mut p, "c4d6");
    assert_eq!(at(&p, "d6"), Some((0, "N".into())));
    assert!(!from(&p, "h7").contains(&"h6".to_string()));
    // Without a piece set the attribute is refused.
    let e = chess_with_rules("pieces=impartial")
        .map(|_| ())
        .unwrap_err();
    assert!(e.reason.contains("needs a piece set"), "{e}");
}

#[test]
fn consecutive_limits_the_moves_in_a_row_with_the_set() {
    // "A maximum of N moves may be made consecutively with the pieces" (each side's own
    // moves). Kings only, N = 2: after Ke2 Kd8 Ke3 Kc8 neither king may move a third time
    // in a row; a pawn move in between lets it move again.
    let rules = "pieces{K}=consecutive(2)";
    let mut p = pos(rules, "4k3/7p/8/8/8/8/P7/4K3 w - - 0 1");
    for m in ["e1e2", "e8d8", "e2e3", "d8c8"] {
        play(&mut p, m);
    }
    assert!(from(&p, "e3").is_empty());
    assert_eq!(from(&p, "a2"), ["a3", "a4"]);
    play(&mut p, "a2a3");
    assert!(from(&p, "c8").is_empty());
    assert_eq!(from(&p, "h7"), ["h5", "h6"]);
    play(&mut p, "h7h6");
    assert_eq!(from(&p, "e3").len(), 8);
    // A count is needed, as for `file`.
    let e = chess_with_rules("pieces{K}=consecutive")
        .map(|_| ())
        .unwrap_err();
    assert!(e.reason.contains("needs a count"), "{e}");
}
