//! MBN's state modifiers (`fbr::mbn::state`): `i` (initial move) and `e` (en passant) against
//! Fairy-Stockfish's XBetza `i` and `e` on every legal move of short games
//! (`tests/expected/mbn-initial-fsf.txt`, written by `scripts/mbn_initial_fsf.py`); where
//! MBN and Fairy-Stockfish part (MBN's `i` is the piece's first move, FSF's its second rank;
//! FSF has no `o`), hand-made positions with the MBN page's sentence beside each
//! expectation (`o`, `oo`, `ii`). `k`, `kk`, `d` and `ee` stay refused by name at their
//! column.

use cqlq::rules::fairy::load_variants;
use cqlq::rules::fbr::chess_with_rules;

use super::common::rules_count_summary;
use super::fbr_rules::{from, moves, on, play, pos};

#[test]
fn initial_moves_and_en_passant_match_fairy_stockfish_on_every_legal_move() {
    let text = include_str!("../expected/mbn-initial-fsf.txt");
    assert!(text.starts_with("# Source: Fairy-Stockfish"));
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (rules, betza, fen, played, want) = (f[0], f[1], f[2], f[3], f[4]);
        let mut p = pos(rules, fen);
        for m in played.split_whitespace() {
            play(&mut p, m);
        }
        let want: Vec<String> = want.split_whitespace().map(String::from).collect();
        assert_eq!(
            moves(&p),
            want,
            "{rules} (FSF {betza}) from {fen} after [{played}]"
        );
        rows += 1;
    }
    assert_eq!(rows, 73);
}

/// A king that may leap as a knight on its first move (moves only).
const ARCHER: &str = "A|Archer|=K+imN";

#[test]
fn an_initial_move_is_the_pieces_first_move_only() {
    // "Only the initial move of this piece has this capability": the Archer on d4 of a FEN
    // has not moved (cqlq's reading of a FEN: every piece but the castling ones, which the
    // castling field gives back), so it steps as a king (8) and leaps as a knight (8).
    let fen = "k7/8/8/8/3A4/8/8/7K w - - 0 1";
    let mut p = pos(ARCHER, fen);
    assert_eq!(from(&p, "d4").len(), 16, "{:?}", from(&p, "d4"));
    // Back on d4 after d4-d5 and d5-d4 it has moved: the king's eight steps only. (Here
    // Fairy-Stockfish parts from MBN: its `i` holds on the piece's second rank, any time.)
    for m in ["d4d5", "a8b8", "d5d4", "b8a8"] {
        play(&mut p, m);
    }
    assert_eq!(
        from(&p, "d4"),
        ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    );
    // A knight's leap from d4 is no move now; it is a capture never (`im`: moves only), so a
    // black rook on e6 is not taken by the leap.
    let p = pos(ARCHER, "k7/8/4r3/8/3A4/8/8/7K w - - 0 1");
    assert!(!from(&p, "d4").contains(&"e6".to_string()));
    assert!(from(&p, "d4").contains(&"f5".to_string()));
}

#[test]
fn a_promoted_or_dropped_piece_has_its_initial_move() {
    // The MBN page: "i applies for dropped pieces and promoted pieces". The pawn on a7
    // promotes to the Archer on a8 (`+P==A`), which then leaps b6 and c7 besides its king
    // steps a7, b7, b8.
    let rules = format!("{ARCHER} +P==A");
    let mut p = pos(&rules, "7k/P7/8/8/8/8/8/K7 w - - 0 1");
    play(&mut p, "a7a8a");
    assert_eq!(on(&p, "a8"), Some((0, "A".to_string())));
    play(&mut p, "h8g8");
    assert_eq!(from(&p, "a8"), ["a7", "b6", "b7", "b8", "c7"]);
    // A dropped piece too: the rook takes the black Archer on a2 (`holding`: it goes to
    // white's hand), and the Archer dropped on d4 steps (8) and leaps (8).
    let rules = format!("holding {ARCHER}");
    let mut p = pos(&rules, "4k3/8/8/8/8/8/a7/R3K3 w - - 0 1");
    for m in ["a1a2", "e8f8", "A@d4", "f8e8"] {
        play(&mut p, m);
    }
    assert_eq!(from(&p, "d4").len(), 16, "{:?}", from(&p, "d4"));
}

#[test]
fn a_pawn_with_an_initial_double_step_and_en_passant_replays_a_game() {
    // The MBN page's pawn (`mfW+cefF+[1-2]mefW02`) with its double step as an initial move
    // (`imefW02`): "In conjunction with m: this move allows capturing en passant by the
    // opponent"; "In conjunction with c: capture en passant". 1. e4 d5 2. e5 f5 3. exf6 (en
    // passant: the pawn on f5 goes) is a legal game; black's pawn on f6 gives no check.
    let rules = "P=mfW+cefF+imefW02";
    let pgn = "[Event \"ep\"]\n\n1. e4 d5 2. e5 f5 3. exf6 Nxf6 4. d4 *\n\n";
    let summary = rules_count_summary(rules, "check", pgn);
    assert!(summary.contains("0 bad games"), "{summary}");
    // With 2...Nc6 in place of the double step, 3. exf6 is no move: f6 is empty and no
    // pawn passed it (a bad game, not a silent one).
    let bad = pgn.replace("2. e5 f5", "2. e5 Nc6");
    let summary = rules_count_summary(rules, "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
    // The pawn taken en passant is gone from the board.
    let mut p = pos(rules, "4k3/5p2/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut p, "f7f5");
    play(&mut p, "e5f6");
    assert_eq!(on(&p, "f5"), None);
    assert_eq!(on(&p, "f6"), Some((0, "P".to_string())));
}

#[test]
fn a_decaying_initial_move_ends_with_the_royal_pieces_first_check() {
    // `ii`: "the initial move possibility will decay with the first check to this royal
    // piece". The king `K+iimN` on e1, unmoved (a FEN's castling right says so, as for any
    // castling piece) and never checked, steps, castles (g1) and leaps as a knight: c2 d1
    // d2 d3 e2 f1 f2 f3 g1 g2.
    let rules = "K=K+iimN";
    let p = pos(rules, "r3k3/8/8/8/8/8/1R6/4K2R w K - 0 1");
    assert_eq!(
        from(&p, "e1"),
        ["c2", "d1", "d2", "d3", "e2", "f1", "f2", "f3", "g1", "g2"]
    );
    // Ra1+ checks it; the rook blocks on b1 and the king, still unmoved (it may castle), has
    // decayed: its king steps and the castling only.
    let mut p = pos(rules, "r3k3/8/8/8/8/8/1R6/4K2R b K - 0 1");
    for m in ["a8a1", "b2b1", "e8d8"] {
        play(&mut p, m);
    }
    assert_eq!(from(&p, "e1"), ["d1", "d2", "e2", "f1", "f2", "g1"]);
    // The same as a game: 3. Kd2 replays, 3. Kd3 (the decayed leap) is a bad game.
    let pgn = "[Event \"ii\"]\n[SetUp \"1\"]\n[FEN \"r3k3/8/8/8/8/8/1R6/4K2R b K - 0 1\"]\n\n\
               1... Ra1+ 2. Rb1 Kd8 3. Kd2 *\n\n";
    let summary = rules_count_summary(rules, "check", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    let summary = rules_count_summary(rules, "check", &pgn.replace("Kd2", "Kd3"));
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn a_cylindrical_move_goes_round_the_side_edges_only() {
    // "This modifier makes the move cylindrical. Cylindrical pieces do not stop at the left
    // or right edge of the board" (the seed's `cylindric`: "moves like Nh2-b3"). A knight
    // `oN` on h2: f1, f3, g4 as any knight, and round the edge b1, b3, a4; the leaps up or
    // down off the board (h2 to g0, i0) do not wrap.
    let p = pos("A=oN", "k7/8/8/8/8/8/7A/K7 w - - 0 1");
    assert_eq!(from(&p, "h2"), ["a4", "b1", "b3", "f1", "f3", "g4"]);
    // A wrapping rook `oW0` on d4 with a black pawn on b4: leftwards c4, b4 (the capture);
    // rightwards e4 .. h4 and round to a4, then b4 again (the same capture); up and down the
    // d file as a rook (the ranks do not wrap).
    let p = pos("A=oW0", "k7/8/8/8/1p1A4/8/8/7K w - - 0 1");
    let mut want = vec!["a4", "b4", "c4", "e4", "f4", "g4", "h4"];
    want.extend(["d1", "d2", "d3", "d5", "d6", "d7", "d8"]);
    want.sort();
    assert_eq!(from(&p, "d4"), want);
    // "If doubled (oo) also the top and bottom edges of the board will be connected": a
    // ferz `ooF` on a1 steps to b2, and round the edges to h2, b8 and h8.
    let p = pos("A=ooF", "4k3/8/8/8/8/8/8/A3K3 w - - 0 1");
    assert_eq!(from(&p, "a1"), ["b2", "b8", "h2", "h8"]);
    // The wrapped leap gives check: the king on b3 is attacked from h2.
    let p = pos("A=oN", "8/8/8/8/8/1k6/7A/K7 b - - 0 1");
    assert!(p.in_check(1), "h2 attacks b3 round the edge");
}

#[test]
fn a_game_with_a_cylindrical_knight_replays() {
    // SAN reads the wrapped leap (`Ab3` from h2) and the check it gives.
    let pgn = "[Event \"o\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/7A/4K3 w - - 0 1\"]\n\n\
               1. Ab3 Kd7 2. Ac5+ *\n\n";
    let summary = rules_count_summary("A=oN", "check", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
}

#[test]
fn the_state_modifiers_cqlq_does_not_evaluate_are_refused_at_their_column() {
    for (rules, column, words) in [
        ("A=K+iimN", 5, "not royal"),
        (
            "K=K+iimN+imA",
            10,
            "decaying initial move (`ii`) beside a lasting one",
        ),
        ("A=kQ", 3, "`k`"),
        ("A=kkQ", 3, "`kk`"),
        ("A=dK", 3, "`d`"),
        ("P=mfW+ceefF", 8, "`ee`"),
        ("A=iN", 3, "initial move that may capture"),
        ("A=eF", 3, "`e` needs `m`"),
        ("A=mefW2", 3, "`me`"),
        ("A=imeN", 3, "oblique"),
        ("A=ce{P}F", 5, "piece set after `e`"),
        ("A=o[1-4]W", 3, "board range"),
        ("A=mK+imW-W", 6, "leg of a move sequence"),
        ("P=mfW+cefF+cW", 12, "some of a piece's captures"),
        (
            "P=cfF+imefW02+imW",
            15,
            "initial move with `e` beside one without",
        ),
        // `ce` takes "this piece themself": the board's pawns let the opponent take en
        // passant too.
        ("A=mfW+cefF", 7, "only a piece of its own kind"),
        ("#P=imfW2", 4, "piece's own movement"),
        ("alice=3D A=oN", 12, "beside `alice=3D`"),
    ] {
        let e = chess_with_rules(rules).map(|_| ()).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
    // An `MBN:` line of a definitions file reads no initial move either.
    let def = "Variant: t\nBoard: 8x8\nFEN: \"k7/8/8/8/8/8/8/7K w - - 0 1\"\n\n\
               Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\n\
               Piece: Test\nMBN: mW+imfW2\nSymbol: \"A\", \"A,a\"\n";
    let e = load_variants("t.txt", def).unwrap_err();
    assert!(e.to_string().contains("initial move"), "{e}");
}

/// Forms that join two of the modifier families read in separate modules, where one family's
/// lowering would build the move without the other's part (a state modifier's initial or
/// wrapping move without the hop, shape or range; a flip along a plain line; a locust's plain
/// lines): each is refused at a column inside the rule, never read with a part dropped.
#[test]
fn modifier_families_one_lowering_would_drop_are_refused() {
    // The column is the partial move's first character (after `A=`, or after the `+`).
    let state = "state modifiers `i`, `e`, `o`, `oo` beside";
    let flip = "a flip (`x`, `xx`, `xy`) beside";
    for (rules, column, words) in [
        ("A=imnD", 3, state),     // initial move + non-jumping leap
        ("A=impR", 3, state),     // initial move + hop
        ("A=[2]imfW2", 3, state), // initial move + board range
        ("A=ooW+opR", 7, state),  // wrap + hop (the second partial move)
        ("A=xpR", 3, flip),       // flip + hop
        ("A=[1-4]xR", 3, flip),   // flip + board range
        ("A=cpR-mW", 3, "a leg before `-` that may capture"), // a locust whose first leg hops
    ] {
        let e = chess_with_rules(rules).map(|_| ()).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
}
