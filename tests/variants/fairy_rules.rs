//! Directives of the SjaakII format that the real `variants.txt` uses little or not at all
//! (`Drop zone`, `Max`, `Prison`, `Block`, `Exclude`, flags and rules), each on a small board
//! whose legal moves are counted by hand in the comments; where SjaakII 1.4.1 reads the
//! directive (all but `Drop zone`, which SjaakII's parser skips), its `perft 1` on the same
//! definition agreed when these tests were written (noted as "SjaakII: N").

use cqlq::rules::fairy::{FairyPos, MoveKind, load_variants};

/// A 8x8 variant with a king per side plus `pieces` (text of `Piece:` blocks) and `rules`.
fn variant(fen: &str, pieces: &str, rules: &str) -> FairyPos {
    let text = format!(
        "Variant: Test\nBoard: 8x8\nFEN: \"{fen}\"\n\
         Zone: rank1 = a1,b1,c1,d1,e1,f1,g1,h1\nZone: rank8 = a8,b8,c8,d8,e8,f8,g8,h8\n\
         Zone: corner = a1,b1,a2,b2\nZone: cornerb = g7,h7,g8,h8\n\
         Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\n{pieces}\n{rules}\n"
    );
    let vs = load_variants("test.txt", &text).unwrap_or_else(|e| panic!("{e}"));
    FairyPos::start(vs[0].clone()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn drop_zone_limits_drops() {
    // White holds a wazir; drops allowed only on the white back rank (8 squares, e1 and h1
    // taken by kings? white king e1: 7 empty squares). King e1 has 5 moves.
    let p = variant(
        "7k/8/8/8/8/8/8/4K3[W] w - - 0 1",
        "Piece: Wazir\nMove: leap (1,0)\nSymbol: \"W\", \"W,w\"\nDrop zone: rank1, rank8\n",
        "Rule: keep capture, allow drops",
    );
    let moves = p.legal_moves();
    let drops = moves.iter().filter(|m| m.kind == MoveKind::Drop).count();
    assert_eq!(drops, 7);
    assert_eq!(moves.len(), 7 + 5);
}

#[test]
fn max_limits_promotion_choices() {
    // Pawn a7 promotes on rank 8 to Q or R; `Max: 1` on the queen, white already has one:
    // only the rook promotion remains (forced: a pawn on rank 8 cannot move).
    let p = variant(
        "7k/P7/8/8/8/8/8/Q3K3 w - - 0 1",
        "Piece: Queen\nMove: slide (H,V,D,A)\nSymbol: \"Q\", \"Q,q\"\nMax: 1\n\n\
         Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\n\
         Piece: Pawn\nMove: step N\nCapture: step NE,NW\nSymbol: \" \", \"P,p\"\nPromotion: rank8, rank1, \"QR\"\n",
        "",
    );
    let pawn: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == 6 * 16)
        .collect();
    assert_eq!(pawn.len(), 1);
    assert_eq!(p.v.kinds[pawn[0].promo.unwrap() as usize].def.name, "Rook");
    // King 5 + queen 15 (b1-d1, a2-a6, b2-h8) + the pawn's 1. SjaakII: 21.
    assert_eq!(p.legal_moves().len(), 21);
}

#[test]
fn prison_and_block_confine_movement() {
    // A wazir on a1 confined to the 2x2 corner: b1 and a2 (a1's other neighbours are off the
    // board). With `Block: corner` instead, a rook on d1 cannot enter or pass the corner
    // squares: along rank 1 it reaches c1 only westward, e1 is the king: d2..d8 = 7, c1 = 1.
    let p = variant(
        "7k/8/8/8/8/8/8/W3K3 w - - 0 1",
        "Piece: Wazir\nMove: leap (1,0)\nSymbol: \"W\", \"W,w\"\nPrison: corner, cornerb\n",
        "",
    );
    assert_eq!(p.legal_moves().iter().filter(|m| m.from == 0).count(), 2);
    let p = variant(
        "7k/8/8/8/8/8/8/3RK3 w - - 0 1",
        "Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\nBlock: corner, cornerb\n",
        "",
    );
    let rook: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == 3)
        .collect();
    assert_eq!(rook.len(), 8, "{rook:?}");
}

#[test]
fn forced_capture_keeps_only_captures() {
    // Suicide-style: no royal piece, a rook a1 can take a8 (and only that): forced capture
    // leaves exactly one move though the rook and pawn have others. SjaakII: 1.
    let text = "Variant: T\nBoard: 8x8\nFEN: \"r7/8/8/8/8/8/7P/R7 w - - 0 1\"\n\
                Zone: rank8 = a8,b8,c8,d8,e8,f8,g8,h8\nZone: rank1 = a1,b1,c1,d1,e1,f1,g1,h1\n\
                Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\n\
                Piece: Pawn\nMove: step N\nCapture: step NE,NW\nSymbol: \" \", \"P,p\"\n\
                Promotion: rank8, rank1, \"R\"\n\nRule: forced capture\n";
    let vs = load_variants("t.txt", text).unwrap();
    let p = FairyPos::start(vs[0].clone()).unwrap();
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].capture, Some(7 * 16));
}

#[test]
fn return_capture_gives_the_piece_back_to_its_owner() {
    // White rook a1 takes the black wazir a8: under `return capture` black gets it in hand.
    let mut p = variant(
        "w6k/8/8/8/8/8/8/R3K3 w - - 0 1",
        "Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\n\
         Piece: Wazir\nMove: leap (1,0)\nSymbol: \"W\", \"W,w\"\n",
        "Rule: return capture, allow drops",
    );
    let m = p
        .legal_moves()
        .into_iter()
        .find(|m| m.capture == Some(7 * 16))
        .unwrap();
    p.make(&m);
    assert_eq!(p.hand[1][2], 1, "black holds the wazir");
    assert_eq!(p.hand[0][2], 0);
}

#[test]
fn allow_pickup_takes_own_non_royal_pieces() {
    // King e1 (5 moves) and a wazir d4 (4 moves): pickup adds one move (the wazir), never the
    // king. SjaakII: 10.
    let p = variant(
        "7k/8/8/8/3W4/8/8/4K3 w - - 0 1",
        "Piece: Wazir\nMove: leap (1,0)\nSymbol: \"W\", \"W,w\"\n",
        "Rule: allow pickup, allow drops",
    );
    let moves = p.legal_moves();
    assert_eq!(
        moves.iter().filter(|m| m.kind == MoveKind::Pickup).count(),
        1
    );
    assert_eq!(moves.len(), 5 + 4 + 1);
}

#[test]
fn exclude_makes_holes() {
    // A rook on a1 with b1 excluded: it cannot land on b1 but slides over it (SjaakII's holes
    // are transparent to sliders): c1, d1 = 2 on the rank (e1 is the king), a2..a8 = 7; with
    // the king's 5, 14 moves. SjaakII: 14 (12 if holes blocked).
    let text = "Variant: T\nBoard: 8x8\nFEN: \"7k/8/8/8/8/8/8/R3K3 w - - 0 1\"\nExclude: b1\n\
                Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\n\
                Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n";
    let vs = load_variants("t.txt", text).unwrap();
    let p = FairyPos::start(vs[0].clone()).unwrap();
    let rook: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == 0)
        .collect();
    assert_eq!(rook.len(), 9, "{rook:?}");
    assert_eq!(p.legal_moves().len(), 14);
}
