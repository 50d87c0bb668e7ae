//! MBN's flip modifiers `x`, `xx`, `xy` in a piece's own movement (`fbr::mbn::flip`, lowered
//! to the fairy engine's conversion moves, `fairy::layer_convert`) and the lone `y`. No oracle
//! plays them (Fairy-Stockfish's Betza has no colour flip; SjaakII and python-chess neither),
//! so each position is reasoned from the MBN page's modifier table, quoted as LeCodex's
//! `mbn.js` restates it: "x: This modifier flips an enemy piece to a friendly piece. When
//! doubled (xx) then it will flip a friendly piece to an enemy piece. If suffixed with y (xy)
//! then it will flip any piece (friendly or enemy) into an opposing piece", and "y: (This is
//! not an autonomous modifier, it will be used as a suffix with the meaning: any.)". The
//! reading (docs/fbr.md): the target is what a capture along the same movement would take; it
//! changes sides instead and the flipping piece stays where it is (the target still stands on
//! the square it would have gone to), as seed 001's conversion move `*K=cK` does.

use cqlq::rules::fairy::{MoveKind, load_variants};
use cqlq::rules::fbr::chess_with_rules;

use super::common::rules_count_summary;
use super::fbr_rules::{from, on, play, pos};

#[test]
fn x_flips_the_enemy_piece_a_capture_would_take_and_the_flipper_stays() {
    // `N=N+xN`: the knight moves and captures as a knight, and "flips an enemy piece to a
    // friendly piece" a knight's leap away. From e3: c2 c4 d1 f1 f5 g2 g4 are empty; d5 holds
    // a black pawn, reached twice: the capture and the flip.
    let rules = "N=N+xN";
    let p = pos(rules, "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1");
    assert_eq!(
        from(&p, "e3"),
        ["c2", "c4", "d1", "d5", "d5", "f1", "f5", "g2", "g4"]
    );
    // The flip is written without a capture mark (as a conversion move, `Kd2`), the capture
    // with it.
    let flip = p.san_to_move("Nd5").unwrap();
    assert_eq!(flip.kind, MoveKind::Convert);
    let capture = p.san_to_move("Nxd5").unwrap();
    assert_ne!(capture.kind, MoveKind::Convert);
    let mut q = p.clone();
    q.make(&flip);
    // The pawn is white now and the knight still on e3; black is to move.
    assert_eq!(on(&q, "d5"), Some((0, "P".to_string())));
    assert_eq!(on(&q, "e3"), Some((0, "N".to_string())));
    assert_eq!(q.turn, 1);
    // A flip leaves no piece of the side it flipped: only enemy pieces are flipped, so with
    // `x` a knight's leap to its own pawn is no move.
    let p = pos(rules, "4k3/8/8/3P4/8/4N3/8/4K3 w - - 0 1");
    assert!(!from(&p, "e3").contains(&"d5".to_string()));
}

#[test]
fn a_flipped_piece_gives_check_for_its_new_side_and_a_royal_is_never_flipped() {
    // The knight on c3 flips the black rook on e4: the rook is white's now and checks the
    // black king on e8 along the open e-file.
    let rules = "N=mN+xN";
    let mut p = pos(rules, "4k3/8/8/8/4r3/2N5/8/K7 w - - 0 1");
    let m = p.san_to_move("Ne4+").unwrap();
    p.make(&m);
    assert_eq!(on(&p, "e4"), Some((0, "R".to_string())));
    assert!(p.in_check(1));
    // The black king on d5, a knight's leap from c3, is not flipped (a royal changing sides is
    // no move the page or the seed describes; conversion moves leave royals alone too): from
    // c3 the knight only moves (`mN`) to its empty squares.
    let p = pos(rules, "8/8/8/3k4/8/2N5/8/K7 w - - 0 1");
    assert_eq!(from(&p, "c3"), ["a2", "a4", "b1", "b5", "d1", "e2", "e4"]);
}

#[test]
fn xx_flips_a_friendly_piece_unless_that_leaves_the_own_king_in_check() {
    // `N=N+xxN`: "When doubled (xx) then it will flip a friendly piece to an enemy piece."
    // From e3 the knight reaches its own rooks on c2 and d1 and its own king on f1. Flipping
    // c2 is a move (a black rook on c2 does not attack f1); flipping d1 gives black a rook
    // beside the king on f1's rank (e1 empty): it would leave white in check, so it is no
    // move; the king is royal and not flipped. Its knight moves: c4 d5 f5 g2 g4.
    let rules = "N=N+xxN";
    let mut p = pos(rules, "4k3/8/8/8/8/4N3/2R5/3R1K2 w - - 0 1");
    assert_eq!(from(&p, "e3"), ["c2", "c4", "d5", "f5", "g2", "g4"]);
    play(&mut p, "e3c2");
    assert_eq!(on(&p, "c2"), Some((1, "R".to_string())));
    assert_eq!(on(&p, "e3"), Some((0, "N".to_string())));
    // With `xx` an enemy piece is not flipped: the black pawn on d5 is only captured.
    let p = pos(rules, "4k3/8/8/3p4/8/4N3/8/5K2 w - - 0 1");
    assert_eq!(
        from(&p, "e3").iter().filter(|s| s.as_str() == "d5").count(),
        1
    );
}

#[test]
fn xy_flips_the_first_piece_of_either_side_on_a_riders_line() {
    // `B=mB+xyB`: the bishop moves as a bishop and "will flip any piece (friendly or enemy)
    // into an opposing piece": along each diagonal from d3 the first piece, b5 (black) and
    // e2 (white). Its moves: c4; e4 f5 g6 h7; c2 b1 (the diagonal d3-h7 ends empty).
    let rules = "B=mB+xyB";
    let p = pos(rules, "4k3/8/8/1p6/8/3B4/4P3/4K3 w - - 0 1");
    assert_eq!(
        from(&p, "d3"),
        ["b1", "b5", "c2", "c4", "e2", "e4", "f5", "g6", "h7"]
    );
    let mut q = p.clone();
    play(&mut q, "d3b5");
    assert_eq!(on(&q, "b5"), Some((0, "P".to_string())));
    let mut q = p.clone();
    play(&mut q, "d3e2");
    assert_eq!(on(&q, "e2"), Some((1, "P".to_string())));
}

#[test]
fn black_flips_forward_as_the_mirror_of_white() {
    // `R=mR+fxR` for black on d5: seed 001's default `mirror` reads black's forward as down
    // the board, so the flip looks down the d-file to its first piece, the white pawn on d2;
    // the white pawn on d7 (behind, up the file) is not a target. The rook's moves: d4 d3,
    // d6, a5-c5, e5-h5.
    let rules = "R=mR+fxR";
    let mut p = pos(rules, "7k/3P4/8/3r4/8/8/3P4/K7 b - - 0 1");
    assert_eq!(
        from(&p, "d5"),
        [
            "a5", "b5", "c5", "d2", "d3", "d4", "d6", "e5", "f5", "g5", "h5"
        ]
    );
    play(&mut p, "d5d2");
    assert_eq!(on(&p, "d2"), Some((1, "P".to_string())));
    // White's forward is up: its rook on d4 flips the black pawn on d6, not the one on d2.
    let p = pos(rules, "7k/8/3p4/8/3R4/8/3p4/K7 w - - 0 1");
    let targets = from(&p, "d4");
    assert!(targets.contains(&"d6".to_string()), "{targets:?}");
    assert!(!targets.contains(&"d2".to_string()), "{targets:?}");
}

#[test]
fn a_game_with_a_flipping_knight_replays() {
    // `N=N+xN` on chess: 2. Nd5 flips the pawn on d5 (a white pawn stands there after it and
    // after 2... Nc6: 2 positions), where 2. Nxd5 would have captured it (no white pawn on
    // d5 then).
    let rules = "N=N+xN";
    let pgn = "[Event \"flip\"]\n\n1. Nc3 d5 2. Nd5 Nc6 *\n\n";
    let summary = rules_count_summary(rules, "Pd5", pgn);
    assert!(summary.contains(" 2 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    let captured = pgn.replace("2. Nd5", "2. Nxd5");
    let summary = rules_count_summary(rules, "Pd5", &captured);
    assert!(summary.contains(" 0 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // 3. Nd5 again would flip white's own pawn: no move under `x`, a bad game.
    let bad = pgn.replace("Nc6 *", "Nc6 3. Nd5 *");
    let summary = rules_count_summary(rules, "Pd5", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn flips_cqlq_does_not_evaluate_are_refused_at_their_column() {
    let cases = [
        // A lone `y`: "not an autonomous modifier".
        ("N=yN", 3, "lone `y`"),
        // A set after `x`: the BNF's modifiers with a piece set do not list `x`.
        ("N=mN+x{P}N", 7, "piece set after the flip"),
        ("N=x?N", 4, "`?` after the flip"),
        // Beside another modifier that decides what happens on the target.
        ("N=wxN", 4, "beside `w`"),
        ("N=ccxN", 5, "beside `w`, `cc`"),
        // Inside a move sequence: the flipper would have to go on from a square it never
        // reached.
        ("N=mW-xW", 6, "inside a move sequence"),
        // An exact count (a flip takes the first piece on its line).
        ("N=mN+xW03", 6, "exact step count"),
        // Outside a piece's own movement: a freezer's zone.
        ("freezer# #N=xK", 13, "only in a piece's own movement"),
        // Beside rules whose after-effects read a moved piece.
        ("benedict N=mN+xN", 15, "beside FBR rule `benedict`"),
        ("N=mN+xN R=mR+wR", 6, "beside swaps"),
    ];
    for (rules, column, words) in cases {
        let e = chess_with_rules(rules).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
    // An `MBN:` line in a definitions file: flips are rule layers.
    let def = "Variant: flip\nBoard: 8x8\nFEN: \"k7/8/8/8/8/8/8/7K w - - 0 1\"\n\n\
               Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\n\
               Piece: Test\nMBN: mN+xN\nSymbol: \"A\", \"A,a\"\n";
    let e = load_variants("flip.txt", def).unwrap_err();
    assert!(e.to_string().contains("MBN flips"), "{e}");
}
