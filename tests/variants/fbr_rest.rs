//! FBR rules and attributes evaluated in the last round (`royal=noperpetualcheck`, ...), on
//! FIDE chess (the bundled definition) or a small definition, plus the rule. No oracle plays
//! them: hand-made positions, with seed 001's words and the reasoning beside each
//! expectation.

use std::sync::Arc;

use super::fbr_rules::{from, play, pos};
use cqlq::rules::fairy::{FairyPos, load_variants};
use cqlq::rules::fbr::variant_with_rules;

/// The queen's checks of Fairy-Stockfish's first perpetual-check game
/// (`tests/expected/fbr-perpetual-fsf.txt`): Qe8+ Kh7 Qe4+ Kh8 Qe8+ Kh7 Qe4+ Kh8, after
/// which Qe8+ would bring the position after the first Qe8+ for the third time.
const CHECKS: &str = "e1e8 h8h7 e8e4 h7h8 e4e8 h8h7 e8e4 h7h8";

#[test]
fn noperpetualcheck_forbids_the_check_that_repeats_a_position_a_third_time() {
    // "noperpetualcheck: A player is not allowed to give perpetual check to a sole royal
    // piece." Every white move is a check and the black king is alone (one royal piece):
    // the third occurrence (FBR's default repetition count, `draw=repetition(3)`) of the
    // position after Qe8+ may not be brought about; the second may.
    let fen = "7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 1";
    let mut p = pos("royal=noperpetualcheck", fen);
    let checks: Vec<&str> = CHECKS.split(' ').collect();
    for (ply, m) in checks.iter().enumerate() {
        if ply == 4 {
            // The second Qe8+ (its position's second occurrence) is allowed.
            assert!(from(&p, "e4").contains(&"e8".to_string()));
        }
        play(&mut p, m);
    }
    let queen = from(&p, "e4");
    assert!(!queen.contains(&"e8".to_string()), "{queen:?}");
    // The queen's other moves stay (Qe5 checks on the long diagonal, a first occurrence).
    assert!(queen.contains(&"e5".to_string()) && queen.contains(&"e1".to_string()));
    // Without the rule the move is legal (and only the repetition draws).
    let mut plain = pos("", fen);
    for m in &checks {
        play(&mut plain, m);
    }
    assert!(from(&plain, "e4").contains(&"e8".to_string()));
}

#[test]
fn noperpetualcheck_allows_a_repetition_with_a_quiet_move_between() {
    // Fairy-Stockfish's third game: Qe8+ Kh7 Qe1 (no check) Kh8 Qe8+ Kh7 Qe1 Kh8: the third
    // Qe8+ repeats the position, but not every white move since its first occurrence was a
    // check, so it is no perpetual check.
    let mut p = pos(
        "royal=noperpetualcheck",
        "7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 1",
    );
    for m in "e1e8 h8h7 e8e1 h7h8 e1e8 h8h7 e8e1 h7h8".split(' ') {
        play(&mut p, m);
    }
    assert!(from(&p, "e1").contains(&"e8".to_string()));
}

/// Kings, queens and pawns; a side with several kings is in check when any of them is
/// attacked (SjaakII's `check any king`), so black's two kings can be checked.
const TWO_KINGS: &str = "Variant: Two kings (8x8)
Board: 8x8
FEN: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"
Rule: check any king

Piece: Queen
Move: slide (D,A,H,V)
Symbol: \"Q\", \"Q,q\"

Piece: King
Move: leap (1,0)|(1,1)
Symbol: \"K\", \"K,k\"
Flags: royal

Piece: Pawn
Move: step N
Capture: step NE,NW
Symbol: \"P\", \"P,p\"
";

#[test]
fn noperpetualcheck_spares_a_side_with_two_royal_pieces() {
    // The rule protects "a sole royal piece": with a second black king on a2 (never
    // attacked by these checks) the same series of checks may go on.
    let def = load_variants("two kings", TWO_KINGS).expect("two kings")[0]
        .def
        .clone();
    let v = variant_with_rules(&def, "royal=noperpetualcheck").expect("rules");
    let mut p =
        FairyPos::from_fen(Arc::new(v), "7k/6p1/7p/8/8/8/k5PP/4Q1K1 w - - 0 1").expect("fen");
    for m in CHECKS.split(' ') {
        play(&mut p, m);
    }
    assert!(from(&p, "e4").contains(&"e8".to_string()));
    // With the a2 king gone black's h8 king is sole again, and the rule applies.
    let v = variant_with_rules(&def, "royal=noperpetualcheck").expect("rules");
    let mut p =
        FairyPos::from_fen(Arc::new(v), "7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 1").expect("fen");
    for m in CHECKS.split(' ') {
        play(&mut p, m);
    }
    assert!(!from(&p, "e4").contains(&"e8".to_string()));
}

#[test]
fn transparent_pieces_block_nothing_and_cannot_be_captured() {
    // "transparent: ... It is not blocking, even a slider is leaping transparent pieces.
    // This piece cannot be captured ... The square is still occupied, and cannot be occupied
    // by another piece." Knights transparent: the a1 rook passes its own knight on a3 and the
    // black knight on a6, lands on neither, and goes on to a7 and a8.
    let fen = "4k3/8/n7/8/8/N7/8/R3K3 w - - 0 1";
    let p = pos("pieces{N}=transparent", fen);
    assert_eq!(
        from(&p, "a1"),
        ["a2", "a4", "a5", "a7", "a8", "b1", "c1", "d1"]
    );
    // Without the rule the knight on a3 stops the rook.
    assert_eq!(from(&pos("", fen), "a1"), ["a2", "b1", "c1", "d1"]);
    // A pawn's double step passes over a transparent piece too (it blocks nothing).
    let fen = "4k3/8/8/8/8/4N3/4P3/4K3 w - - 0 1";
    assert_eq!(from(&pos("pieces{N}=transparent", fen), "e2"), ["e4"]);
    assert!(from(&pos("", fen), "e2").is_empty());
    // The transparent piece itself moves and captures as usual: Ne3xd5.
    let p = pos("pieces{N}=transparent", "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1");
    assert!(from(&p, "e3").contains(&"d5".to_string()));
}

#[test]
fn transparent_pieces_give_no_check_and_let_checks_through() {
    // "It cannot give check": the knight on d6 attacks e8 and f7, yet black is not in check
    // and its king may step to f7.
    let p = pos("pieces{N}=transparent", "4k3/8/3N4/8/8/8/8/6K1 b - - 0 1");
    assert!(!p.layer_in_check(1));
    assert!(from(&p, "e8").contains(&"f7".to_string()));
    let plain = pos("", "4k3/8/3N4/8/8/8/8/6K1 b - - 0 1");
    assert!(plain.layer_in_check(1) || plain.in_check(1));
    // "not blocking": the rook on e1 checks the king on e8 through the knight on e4.
    let fen = "4k3/8/8/8/4N3/8/8/4R1K1 b - - 0 1";
    assert!(pos("pieces{N}=transparent", fen).layer_in_check(1));
    assert!(!pos("", fen).in_check(1));
}

/// The piece on `square` as its FEN letter (upper case white, lower case black).
fn letter_on(p: &FairyPos, square: &str) -> Option<String> {
    let b = square.as_bytes();
    let s = (b[1] - b'1') as usize * 16 + (b[0] - b'a') as usize;
    p.piece(s).map(|(c, t)| p.v.kinds[t].def.symbols[c].clone())
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn cheshire_removes_the_square_a_piece_leaves() {
    // `cheshire{X}` is the seed's `pieces{X}=neutral,immovable,transparent
    // promotion*=origin,move X *KQRBNP==X`: after a move its origin square holds an X
    // ("the origin square ... will be occupied", "the letter used for the removed square"),
    // which belongs to the side to move (neutral), never moves, blocks no line and cannot be
    // taken or entered.
    let mut p = pos("cheshire{X}", START);
    play(&mut p, "e2e4");
    // After 1.e4 black is to move: the neutral X is black's.
    assert_eq!(letter_on(&p, "e2").as_deref(), Some("x"));
    assert!(p.to_fen(true).contains("/PPPPxPPP/"), "{}", p.to_fen(true));
    play(&mut p, "e7e5");
    assert_eq!(letter_on(&p, "e7").as_deref(), Some("X"));
    // The queen and the bishop pass the removed e2 (transparent) but cannot stop there; the
    // king, hemmed in by its queen, bishop and the removed e2, has no move (plain chess: Ke2).
    assert_eq!(from(&p, "d1"), ["f3", "g4", "h5"]);
    assert_eq!(from(&p, "f1"), ["a6", "b5", "c4", "d3"]);
    assert!(from(&p, "e1").is_empty());
    let mut plain = pos("", START);
    play(&mut plain, "e2e4");
    play(&mut plain, "e7e5");
    assert_eq!(from(&plain, "e1"), ["e2"]);
    // A capture removes its origin square too: Nf3, Nc6, Nxe5 leaves X on g1 and f3.
    for m in ["g1f3", "b8c6", "f3e5"] {
        play(&mut p, m);
    }
    assert_eq!(letter_on(&p, "g1").as_deref(), Some("x"));
    assert_eq!(letter_on(&p, "f3").as_deref(), Some("x"));
    assert_eq!(letter_on(&p, "e5").as_deref(), Some("N"));
    // The knight on c6 cannot go back to b8, removed when it left.
    assert!(!from(&p, "c6").contains(&"b8".to_string()));
}

#[test]
fn cheshire_has_no_castling() {
    // "Note that castling is impossible in Cheshire Cat Chess" (even with the FEN's rights).
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        from(&pos("cheshire{X}", fen), "e1"),
        ["d1", "d2", "e2", "f1", "f2"]
    );
    assert_eq!(
        from(&pos("", fen), "e1"),
        ["c1", "d1", "d2", "e2", "f1", "f2", "g1"]
    );
}

#[test]
fn cheshire_games_replay_from_pgn() {
    // The scholar's mate under `cheshire{X}`: Qh5 and Bc4 pass the removed e2, and 4.Qxf7
    // is mate (the king's e7 is removed, d8 and f8 are its own pieces, f7 is guarded by the
    // bishop on c4). Exactly one position is a mate, and the game replays without a fault.
    let scratch = crate::common::scratch("fbr", "cheshire");
    let pgn = scratch.path().join("cheshire.pgn");
    std::fs::write(
        &pgn,
        "[Event \"cheshire\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
    )
    .expect("write");
    let out = crate::common::cqlq(&[
        "--count",
        "--rules",
        "cheshire{X}",
        "-e",
        "mate",
        pgn.to_str().unwrap(),
    ]);
    let err = crate::common::stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains(": game "), "bad game: {err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1");
    // A move onto a removed square is refused as illegal: 2.Ke2 after 1.e4 e5.
    std::fs::write(&pgn, "[Event \"cheshire\"]\n\n1. e4 e5 2. Ke2 *\n").expect("write");
    let out = crate::common::cqlq(&[
        "--count",
        "--rules",
        "cheshire{X}",
        "-e",
        "mate",
        pgn.to_str().unwrap(),
    ]);
    assert!(
        crate::common::stderr(&out).contains("Ke2"),
        "{}",
        crate::common::stderr(&out)
    );
}

/// The seed's `andernach` expansion: "conversion*=capture K Q=BN R B N P +P *Q=ccO *R=ccO
/// *B=ccO *N=ccO *P=ccO" (the piece definitions but the prefixed ones are the board's own).
const ANDERNACH: &str = "conversion*=capture *Q=ccO *R=ccO *B=ccO *N=ccO *P=ccO";

#[test]
fn conversion_of_the_moved_piece_is_andernach_chess() {
    // andernach: "if a white bishop on a2 were to capture a black knight on g8, the end
    // result would be a black bishop on g8"; a non-capturing move keeps the colour.
    for rules in ["andernach", ANDERNACH] {
        let fen = "4k1n1/8/8/8/8/8/B7/4K3 w - - 0 1";
        let mut p = pos(rules, fen);
        play(&mut p, "a2g8");
        assert_eq!(letter_on(&p, "g8").as_deref(), Some("b"), "{rules}");
        let mut p = pos(rules, fen);
        play(&mut p, "a2b1");
        assert_eq!(letter_on(&p, "b1").as_deref(), Some("B"), "{rules}");
        // "If a piece enters the promotion zone, while doing a capture, it is promoted first
        // ... and then changes color" ("a conversion rule will be performed after any
        // promotion rule"): bxa8=Q gives a black queen.
        let mut p = pos(rules, "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        play(&mut p, "b7a8q");
        assert_eq!(letter_on(&p, "a8").as_deref(), Some("q"), "{rules}");
    }
}

#[test]
fn conversion_move_and_capture_set_choose_the_moves_that_convert() {
    // "move: The conversion rule will be applied only for non-capturing moves."
    let fen = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1";
    let mut p = pos("conversion*=move *N=ccO", fen);
    play(&mut p, "e3c4");
    assert_eq!(letter_on(&p, "c4").as_deref(), Some("n"));
    let mut p = pos("conversion*=move *N=ccO", fen);
    play(&mut p, "e3d5");
    assert_eq!(letter_on(&p, "d5").as_deref(), Some("N"));
    // "capture ... a conversion will be done only if a piece belonging to this piece set is
    // captured": taking the knight on d4 converts the bishop, taking a pawn there does not.
    let mut p = pos(
        "conversion*=capture{N} *B=ccO",
        "4k3/8/8/8/3n4/8/1B6/4K3 w - - 0 1",
    );
    play(&mut p, "b2d4");
    assert_eq!(letter_on(&p, "d4").as_deref(), Some("b"));
    let mut p = pos(
        "conversion*=capture{N} *B=ccO",
        "4k3/8/8/8/3p4/8/1B6/4K3 w - - 0 1",
    );
    play(&mut p, "b2d4");
    assert_eq!(letter_on(&p, "d4").as_deref(), Some("B"));
    // Pieces without a definition of the prefix keep their colour: the knight here.
    let mut p = pos(
        "conversion*=capture *B=ccO",
        "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1",
    );
    play(&mut p, "e3d5");
    assert_eq!(letter_on(&p, "d5").as_deref(), Some("N"));
}

/// Each rule list in `cases` is refused on the standard board, its message saying the text
/// beside it.
fn assert_refused(cases: &[(&str, &str)]) {
    for &(rules, says) in cases {
        let e = match cqlq::rules::fbr::chess_with_rules(rules) {
            Ok(_) => panic!("`{rules}` was accepted"),
            Err(e) => e.to_string(),
        };
        assert!(e.contains(says), "`{rules}`: {e}");
    }
}

#[test]
fn conversions_cqlq_does_not_evaluate_are_refused_by_name() {
    // (Conversion moves of their own, the seed's king example `*K=cK`, are
    // `fbr_boards`'.) A royal changing colour, and a rule without its prefix, are refused.
    assert_refused(&[
        ("conversion*=capture *K=ccO", "royal"),
        ("conversion=capture", "prefix"),
        ("*N=ccO", "conversion"),
    ]);
}

#[test]
fn refusals_say_what_a_pgn_or_the_engine_cannot_hold() {
    // Each rule or attribute left refused says why (docs/fbr.md lists the same reasons).
    assert_refused(&[("bughouse", "needs two boards and partner games")]);
}

#[test]
fn freezer_single_freezes_no_pair_of_the_set() {
    // "single{PieceSet}: This freezer cannot freeze more than one freezers belonging to the
    // succeeding piece set ... If there are two opponent chameleons (X) next to an
    // immobilizer (I) then either chameleon is free to move away." The chameleons here are
    // freezers too (`#X=cK`), moving as queens; white's Immobilizer is on d4.
    let single = "freezer#=single{X} I|Immobilizer|=mQ #I=cK X|Chameleon|=mQ #X=cK";
    let plain = "freezer# I|Immobilizer|=mQ #I=cK X|Chameleon|=mQ #X=cK";
    let two = "4k3/8/8/2x1x3/3I4/8/8/4K3 b - - 0 1";
    for sq in ["c5", "e5"] {
        assert!(!from(&pos(single, two), sq).is_empty(), "{sq} is free");
        assert!(
            from(&pos(plain, two), sq).is_empty(),
            "{sq} frozen without `single`"
        );
    }
    // One chameleon next to it is frozen as usual.
    let one = "4k3/8/8/4x3/3I4/8/8/4K3 b - - 0 1";
    assert!(from(&pos(single, one), "e5").is_empty());
}

#[test]
fn promotion_setup_gives_the_files_opening_piece() {
    // "setup: A piece will promote only to the type of piece that was on the promotion file
    // in the opening setup ... the piece closest to the pawn (behind) will be chosen. If the
    // file only contains royal pieces (in setup) then either promotion is not possible, or
    // the piece will promote to any piece specified in optional piece set". Chess's setup:
    // a rook behind the a-pawn, a knight behind the b-pawn, ... the king behind the e-pawn.
    let fen = "7k/PPPPP3/8/8/8/8/8/K7 w - - 0 1";
    let p = pos("promotion=setup", fen);
    assert_eq!(from(&p, "a7"), ["a8r"]);
    assert_eq!(from(&p, "b7"), ["b8n"]);
    assert_eq!(from(&p, "c7"), ["c8b"]);
    assert_eq!(from(&p, "d7"), ["d8q"]);
    // The e-file holds only the king: no promotion, so no move into the zone.
    assert!(from(&p, "e7").is_empty());
    assert_eq!(from(&pos("promotion=setup{Q}", fen), "e7"), ["e8q"]);
    assert_eq!(from(&pos("", fen), "a7"), ["a8b", "a8n", "a8q", "a8r"]);
    // The promotion file is the one the pawn arrives on: bxa8 gives a rook.
    let p = pos("promotion=setup", "n6k/1P6/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(from(&p, "b7"), ["a8r", "b8n"]);
    // Black's pieces behind its pawns, the same way.
    let p = pos("promotion=setup", "7k/8/8/8/8/8/3pppp1/K7 b - - 0 1");
    assert_eq!(from(&p, "d2"), ["d1q"]);
    assert!(from(&p, "e2").is_empty());
    assert_eq!(from(&p, "f2"), ["f1b"]);
    assert_eq!(from(&p, "g2"), ["g1n"]);
}

/// Pawns promote to Generals (king steps), which promote to Queens on the same last rank:
/// a piece that can promote twice.
const TWICE: &str = "Variant: Twice (8x8)
Board: 8x8
FEN: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"
Zone: rank8 = a8,b8,c8,d8,e8,f8,g8,h8
Zone: rank1 = a1,b1,c1,d1,e1,f1,g1,h1

Piece: King
Move: leap (1,0)|(1,1)
Symbol: \"K\", \"K,k\"
Flags: royal

Piece: Pawn
Move: step N
Symbol: \" \", \"P,p\"
Promotion: rank8, rank1, \"G\"

Piece: General
Move: leap (1,0)|(1,1)
Symbol: \"G\", \"G,g\"
Promotion: rank8, rank1, \"Q\"

Piece: Queen
Move: slide (D,A,H,V)
Symbol: \"Q\", \"Q,q\"
";

fn twice(rules: &str, fen: &str) -> FairyPos {
    crate::fbr_rules_checking::defined_with_rules(TWICE, rules, fen)
}

#[test]
fn promotion_once_stops_a_promoted_piece_promoting_again() {
    // "once: If a piece has already promoted, then it cannot promote further." The pawn
    // promotes to a General on a8; that General's step to b8 (in the zone) stays a General.
    // Under the bare rule (FBR's compulsory promotion) the same step must promote.
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    for (rules, want, not) in [("promotion=once", "b8", "b8q"), ("promotion", "b8q", "b8")] {
        let mut p = twice(rules, fen);
        play(&mut p, "a7a8g");
        play(&mut p, "e8d7");
        let general = from(&p, "a8");
        assert!(general.contains(&want.to_string()), "{rules}: {general:?}");
        assert!(!general.contains(&not.to_string()), "{rules}: {general:?}");
    }
    // A General that has not promoted (from the FEN, outside the zone: a FEN piece standing
    // in the zone of its only compulsory promotion is read as promoted, as Fairy-Stockfish
    // writes xiangqi's soldiers) promotes as usual under `once`.
    let p = twice("promotion=once", "4k3/G7/8/8/8/8/8/4K3 w - - 0 1");
    let general = from(&p, "a7");
    assert!(general.contains(&"b8q".to_string()) && !general.contains(&"b8".to_string()));
}
