//! `cylindric=wrongrook` and `torus=wrongrook` on FIDE chess (the bundled definition), position
//! by position. No oracle plays cylinder chess (Fairy-Stockfish, SjaakII and python-chess have
//! no wrapping board), so every expectation is reasoned beside it from the FBR page (seed 001):
//! "Additionally to normal castling, castling with the wrong rook (over the board edge) is also
//! allowed. By such castling on the kingside the king e1 moves to g1 and rook a1 moves to f1.
//! This castling on the queenside has the rook on h1 moving to d1, king moves to c1."
//! The rest follows ordinary castling: both pieces unmoved (the FEN's rights), the squares they
//! pass or land on empty, the king not starting on, crossing or landing on an attacked square.

use cqlq::rules::fairy::{FMove, FairyPos, MoveKind, RankBase};
use cqlq::rules::fbr::chess_with_rules;

fn pos(rules: &str, fen: &str) -> FairyPos {
    let v = chess_with_rules(rules).unwrap_or_else(|e| panic!("{rules}: {e}"));
    FairyPos::from_fen(v, fen).expect("fen")
}

fn name(s: u8) -> String {
    format!("{}{}", (b'a' + s % 16) as char, s / 16 + 1)
}

/// The king's castling destinations with their partner's from and to squares.
fn castles(p: &FairyPos) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter_map(|m: &FMove| match m.kind {
            MoveKind::Castle(pf, pt) => Some(format!(
                "{}{} {}{}",
                name(m.from),
                name(m.to),
                name(pf),
                name(pt)
            )),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

fn at(p: &FairyPos, square: &str) -> Option<(usize, String)> {
    let b = square.as_bytes();
    let s = (b[1] - b'1') as usize * 16 + (b[0] - b'a') as usize;
    p.piece(s)
        .map(|(c, t)| (c, p.v.kinds[t].def.symbols[0].clone()))
}

#[test]
fn kingside_with_the_queen_rook() {
    // Only the a1 rook, with its right (Q). Normal castling: e1-c1 with a1-d1 (b1, c1, d1
    // empty). Wrong rook: the page's own example, e1-g1 with a1 round the edge (h1, g1) to f1.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    let p = pos("cylindric=wrongrook", fen);
    assert_eq!(castles(&p), ["e1c1 a1d1", "e1g1 a1f1"]);
    // Plain `cylindric` keeps only the normal castling.
    assert_eq!(castles(&pos("cylindric", fen)), ["e1c1 a1d1"]);
    // SAN `O-O` is the king going east: here only the wrong-rook castling.
    let mut q = p.clone();
    let m = q.san_to_move("O-O").expect("O-O");
    q.make(&m);
    assert_eq!(at(&q, "g1"), Some((0, "K".into())));
    assert_eq!(at(&q, "f1"), Some((0, "R".into())));
    assert_eq!(at(&q, "a1"), None);
    assert_eq!(at(&q, "e1"), None);
    // Castling spends the rights: black to move, then white has no castling left.
    let mut r = p.clone();
    let m = r.coord_to_move("e1g1", RankBase::One).expect("e1g1");
    r.make(&m);
    for mv in ["e8d8", "f1f2", "d8e8"] {
        let m = r.coord_to_move(mv, RankBase::One).expect(mv);
        r.make(&m);
    }
    assert_eq!(castles(&r), Vec::<String>::new());
}

#[test]
fn queenside_with_the_king_rook() {
    // Only the h1 rook (right K): normal e1-g1 with h1-f1; wrong rook: the h1 rook goes east
    // round the edge over a1, b1, c1 to d1, the king to c1 (the page's queenside example).
    let p = pos("cylindric=wrongrook", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(castles(&p), ["e1c1 h1d1", "e1g1 h1f1"]);
    let mut q = p.clone();
    let m = q.san_to_move("O-O-O").expect("O-O-O");
    q.make(&m);
    assert_eq!(at(&q, "c1"), Some((0, "K".into())));
    assert_eq!(at(&q, "d1"), Some((0, "R".into())));
    assert_eq!(at(&q, "h1"), None);
}

#[test]
fn black_castles_with_the_wrong_rook() {
    // Black's a8 rook (right q): e8-g8 with a8 round to f8, beside e8-c8.
    let p = pos("cylindric=wrongrook", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    assert_eq!(castles(&p), ["e8c8 a8d8", "e8g8 a8f8"]);
}

#[test]
fn both_rooks_block_each_other() {
    // The start position: the wrong rook's path crosses the other rook's square (a1 → h1 is
    // occupied), and anyway f1/g1 and b1-d1 are full, so there is no castling at all.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        castles(&pos("cylindric=wrongrook", start)),
        Vec::<String>::new()
    );
    // Both rooks, empty back rank: only the two normal castlings (each wrong path meets the
    // other rook).
    let p = pos("cylindric=wrongrook", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(castles(&p), ["e1c1 a1d1", "e1g1 h1f1"]);
}

#[test]
fn the_paths_must_be_empty_and_the_king_safe() {
    let rules = "cylindric=wrongrook";
    // A knight on h1 stands on the a1 rook's way round: no e1-g1.
    let p = pos(rules, "4k3/8/8/8/8/8/8/R3K2N w Q - 0 1");
    assert_eq!(castles(&p), ["e1c1 a1d1"]);
    // Without the right (the a1 rook has moved) no castling with it at all.
    let p = pos(rules, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
    // A black rook on f8 attacks f1, which the king crosses: no e1-g1 (e1-c1 stays).
    let p = pos(rules, "4kr2/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(castles(&p), ["e1c1 a1d1"]);
    // A black rook on h8 attacks h1, which only the rook crosses: e1-g1 stays legal.
    let p = pos(rules, "4k2r/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(castles(&p), ["e1c1 a1d1", "e1g1 a1f1"]);
    // In check (rook on e8's file: black king on d8, rook e5) no castling at all.
    let p = pos(rules, "3k4/8/8/4r3/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
}

#[test]
fn torus_castles_with_the_wrong_rook_too() {
    // The torus wraps files as the cylinder does (and ranks, which castling does not use).
    let p = pos("torus=wrongrook", "8/8/8/4k3/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(castles(&p), ["e1c1 a1d1", "e1g1 a1f1"]);
    assert_eq!(
        castles(&pos("torus", "8/8/8/4k3/8/8/8/R3K3 w Q - 0 1")),
        ["e1c1 a1d1"]
    );
}
