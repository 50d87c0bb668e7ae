//! MBN's path-shaping modifiers (`rules::fbr::mbn::leg_shapes`): `n` (non-jumping) and `h`
//! (halfling). The lame leaps `nD`, `nA` move as Fairy-Stockfish's own lame leapers
//! (`tests/expected/mbn-lame-fsf.txt`, written by `scripts/mbn_lame_fsf.py` from pyffish
//! 0.0.90); what Fairy-Stockfish cannot say (`nH`, `nG`, sliding riders, halflings) is
//! counted by hand beside the MBN page's sentence (LeCodex's `mbn.js` restates its modifier
//! table) or chessvariants.com's Halflings page, which the MBN page's `h` points to.

use cqlq::rules::fbr::chess_with_rules;

use super::common::rules_count_summary;
use super::fbr_mbn::{moves_from, rules_moves_from};
use super::fbr_rules::{from, play, pos};

#[test]
fn lame_leapers_move_as_fairy_stockfish_moves_its_lame_leapers() {
    let text = include_str!("../expected/mbn-lame-fsf.txt");
    assert!(text.starts_with("# Source: Fairy-Stockfish"));
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (mbn, betza, fen, want) = (f[0], f[1], f[2], f[3]);
        let want: Vec<String> = want.split_whitespace().map(String::from).collect();
        assert_eq!(
            moves_from(mbn, fen, "d4"),
            want,
            "MBN {mbn} (Betza {betza}) on {fen}"
        );
        assert_eq!(
            rules_moves_from(mbn, fen, "d4"),
            want,
            "--rules A={mbn} (Betza {betza}) on {fen}"
        );
        rows += 1;
    }
    assert_eq!(rows, 7 * 17);
}

#[test]
fn three_square_lame_leaps_need_both_squares_between_empty() {
    // "This defines a non-jumping piece" (the MBN page's `n`): the threeleaper `H` (3,0) and
    // the tripper `G` (3,3) pass two squares each, which must be empty. On the empty board
    // from d4 they reach what the plain leapers reach (Fairy-Stockfish's `H`: a4 d1 d7 g4;
    // `G`: a1 a7 g1 g7); a white pawn on d6 blocks d7, a black pawn on f6 blocks g7 (it stands
    // between, it is not the target).
    let empty = "k7/8/8/8/3A4/8/8/7K w - - 0 1";
    assert_eq!(
        rules_moves_from("nH", empty, "d4"),
        ["d4a4", "d4d1", "d4d7", "d4g4"]
    );
    assert_eq!(
        rules_moves_from("nG", empty, "d4"),
        ["d4a1", "d4a7", "d4g1", "d4g7"]
    );
    assert_eq!(
        rules_moves_from("nH", "k7/8/3P4/8/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4a4", "d4d1", "d4g4"]
    );
    assert_eq!(
        rules_moves_from("nG", "k7/8/5p2/8/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4a1", "d4a7", "d4g1"]
    );
}

#[test]
fn a_lame_rider_slides_where_the_plain_rider_leaps() {
    // "a leaping rider will become a sliding rider" (the MBN page's `n`): `nD0` repeats the
    // dabbaba's leap only over empty squares. A white pawn on d5 stops it going north at all
    // (the plain `D0` jumps it to d6 and d8); the black pawn on f4 is taken over the empty
    // e4, and h4 behind it is not reached; d2 and b4 as on the empty board.
    let fen = "k7/8/8/3P4/3A1p2/8/8/7K w - - 0 1";
    assert_eq!(moves_from("nD0", fen, "d4"), ["d4b4", "d4d2", "d4f4"]);
    assert_eq!(
        moves_from("D0", fen, "d4"),
        ["d4b4", "d4d2", "d4d6", "d4d8", "d4f4"]
    );
    // On the empty board the lame rider lands every second square: d6 d8 d2 b4 f4 h4.
    assert_eq!(
        rules_moves_from("nD0", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4b4", "d4d2", "d4d6", "d4d8", "d4f4", "d4h4"]
    );
    // A black pawn on e4 (between d4 and f4) stops the line east: neither f4 nor h4.
    assert_eq!(
        rules_moves_from("nD0", "k7/8/8/8/3Ap3/8/8/7K w - - 0 1", "d4"),
        ["d4b4", "d4d2", "d4d6", "d4d8"]
    );
    // `nD2`: at most two leaps (d6, d8 north; b4 west; f4, h4 east; d2 south).
    assert_eq!(
        rules_moves_from("nD2", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4b4", "d4d2", "d4d6", "d4d8", "d4f4", "d4h4"]
    );
}

/// An elephant of lame alfil and dabbaba leaps, added beside FIDE chess's pieces.
const ELEPHANT: &str = "E|Elephant|=nA+nD";

#[test]
fn a_lame_piece_game_replays_from_pgn() {
    // The elephant on c1: a3 over b2 (empty), not e3 (the pawn on d2 stands between).
    // 1. Ea3 Ke7 2. Ec5+: from c5 the lame alfil leap to e7 passes d6 (empty): check.
    let pgn = "[Event \"lame\"]\n[SetUp \"1\"]\n\
               [FEN \"4k3/8/8/8/8/8/3P4/2E1K3 w - - 0 1\"]\n\n\
               1. Ea3 Ke7 2. Ec5+ Ke6 *\n\n";
    let summary = rules_count_summary(ELEPHANT, "check", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // e3 lies over the pawn on d2: a bad game, not ignored.
    let bad = pgn.replace("1. Ea3 Ke7 2. Ec5+ Ke6", "1. Ee3");
    let summary = rules_count_summary(ELEPHANT, "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
    // With a black pawn on d6 the elephant on c5 does not check the king on e7.
    let p = pos(ELEPHANT, "8/4k3/3p4/2E5/8/8/8/4K3 b - - 0 1");
    assert!(!p.in_check(1));
    let p = pos(ELEPHANT, "8/4k3/8/2E5/8/8/8/4K3 b - - 0 1");
    assert!(p.in_check(1));
}

#[test]
fn a_halfling_rook_goes_half_the_way_to_the_edge_rounded_up() {
    // The MBN page's `h`: "Defines a halfling, that moves half the way to the edge of the
    // board, rounded up (see Halflings)". chessvariants.com's Halflings page: "A Rook on the
    // square a8 of an empty 8x8 board could move to a1, a distance of seven squares. ...
    // a Halfling Rook could move four squares in that direction, to a4; and next turn it could
    // move only two squares in that direction, to a2". East from a8 (seven squares to h8) it
    // goes four as well: b8-e8.
    let rules = "A|Halfling Rook|=hR";
    let mut p = pos(rules, "A6k/8/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(
        from(&p, "a8"),
        ["a4", "a5", "a6", "a7", "b8", "c8", "d8", "e8"]
    );
    play(&mut p, "a8a4");
    play(&mut p, "h8g8");
    // From a4: three squares south to a1 (two: a3 a2), four north (two: a5 a6), seven east
    // (four: b4-e4).
    assert_eq!(
        from(&p, "a4"),
        ["a2", "a3", "a5", "a6", "b4", "c4", "d4", "e4"]
    );
    // "An absolute Halfling Rook on a8 can simply capture the Pawn" (a black pawn on a6; the
    // MBN page's halfling is the absolute one: half the way to the edge, not half of what the
    // rook could move past pieces).
    let p = pos(rules, "A6k/8/p7/8/8/8/8/7K w - - 0 1");
    assert_eq!(from(&p, "a8"), ["a6", "a7", "b8", "c8", "d8", "e8"]);
    // Black's halfling on a1 is white's mirrored (seed 001's `mirror`): north to a5 (half of
    // seven), east to e1.
    let p = pos(rules, "7K/8/8/8/8/8/8/a6k b - - 0 1");
    assert_eq!(
        from(&p, "a1"),
        ["a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1"]
    );
}

#[test]
fn halfling_bishops_and_knights() {
    // A halfling bishop on d4: three squares to the edge south-west (a1), north-west (a7),
    // south-east (g1), four north-east (h8): two each way.
    assert_eq!(
        rules_moves_from("hB", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        [
            "d4b2", "d4b6", "d4c3", "d4c5", "d4e3", "d4e5", "d4f2", "d4f6"
        ]
    );
    // "a Halfling Knight is exactly the same as a normal Knight" (half of one leap, rounded
    // up, is one).
    assert_eq!(
        rules_moves_from("hN", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        rules_moves_from("N", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4")
    );
}

#[test]
fn a_halfling_game_replays_from_pgn() {
    // 1. Aa4 (four of a8's seven squares south) Kd3 2. Aa3+: from a3 seven squares east, so
    // four: b3 c3 d3 e3, the king on d3 is in check.
    let rules = "A|Halfling Rook|=hR";
    let pgn = "[Event \"halfling\"]\n[SetUp \"1\"]\n\
               [FEN \"A7/8/8/8/8/4k3/8/K7 w - - 0 1\"]\n\n\
               1. Aa4 Kd3 2. Aa3+ Ke2 *\n\n";
    let summary = rules_count_summary(rules, "check", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // a3 is five squares south of a8, more than half of seven rounded up.
    let bad = pgn.replace("1. Aa4 Kd3 2. Aa3+ Ke2", "1. Aa3");
    let summary = rules_count_summary(rules, "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn shapes_cqlq_does_not_evaluate_are_refused_at_their_column() {
    let cases = [
        // An oblique lame leap: the page leaves the order of its legs open.
        ("A=nN", 3, "oblique"),
        ("A=mfW+nC", 7, "oblique"),
        // A halfling with a step limit: half of what?
        ("A=hW3", 3, "step count"),
        ("A=hF03", 3, "step count"),
        // Two shapes on one partial move.
        ("A=nhD", 4, "two of the modifiers"),
        // A lame rider as a leg of a sequence.
        ("A=nD0-mW", 3, "non-jumping rider"),
        ("A=(mW-nD0)0", 7, "non-jumping rider"),
        // Beside a swap.
        ("A=wnD", 4, "beside a swap"),
        // `q` is "(still unused)" on the MBN page; the BNF's `<Circular>` has no meaning.
        ("A=qN", 3, "still unused"),
        ("A=N(fl)0", 4, "circular direction"),
        // A halfling on a board without an edge along its files.
        ("cylindric A=hR", 1, "halfling"),
    ];
    for (rules, column, words) in cases {
        let e = chess_with_rules(rules).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
    // A zone reads plain lines: `n` there is refused by name.
    let e = chess_with_rules("freezer# I|Immobilizer|=mQ #I=nD").unwrap_err();
    assert!(e.reason.contains("modifier `n`"), "{e}");
}
