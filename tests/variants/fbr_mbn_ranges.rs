//! MBN board ranges on a partial move and the edge rider (`fbr::mbn::ranges`,
//! `fairy::leg_limits`). The MBN BNF (restated in `../shared/variants/fbr`): `<PartialMove> ::=
//! <MovePrefix> <BoardRange>? <ModifiedMove> <BoardRange>?`, `<Steps> ::= ... '*' ...`.
//! Readings: a range before the move is where it may start (the MBN page's pawn
//! `[1-2]mefW02`, its double step from the first two ranks, as LeCodex's parser comments say:
//! "a board range restricting where the partial move applies"), a range after it is where it
//! may land (the FBR tracker's Alice board `K=([a-g]K[a-g]-mgsR08)+...`: a king step from and
//! to files a-g); a lone `*` after a leaper is the edge rider (LeCodex's Steps: `*` "edgeRider"),
//! read as a rider that lands only on the last square of its line before the board's edge.
//! Ranges are written from white's side, black's mirrored (seed 001's `mirror=vertical`).
//! No oracle restricts a movement to a region (Fairy-Stockfish's XBetza has only `i`, a first
//! move, and no edge rider), so each expectation is reasoned beside it.

use cqlq::rules::fbr::chess_with_rules;
use cqlq::rules::fbr::mbn::mbn_move_sets;

use super::common::rules_count_summary;
use super::fbr_mbn::moves_from;
use super::fbr_rules::{from, pos};

/// The seed's pawn without `e` (en passant, another engineer's letter): one step forward, a
/// diagonal capture, the double step from rank 2 only.
const PAWN: &str = "P=mfW+cfF+[2]mfW02";

#[test]
fn a_range_before_the_move_is_where_it_may_start() {
    // White pawns on e2 and d3: e2 is on rank 2, so it steps to e3 and doubles to e4 (over
    // the empty e3); d3 is not, so only d4.
    let p = pos(PAWN, "4k3/8/8/8/8/3P4/4P3/4K3 w - - 0 1");
    assert_eq!(from(&p, "e2"), ["e3", "e4"]);
    assert_eq!(from(&p, "d3"), ["d4"]);
    // The double step passes e3, which must be empty (`02`: exactly two steps over empty
    // squares): with a knight on e3 the pawn has no move.
    let p = pos(PAWN, "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert!(from(&p, "e2").is_empty());
    // Black reads `[2]` mirrored: rank 7. e7 doubles, d6 does not.
    let p = pos(PAWN, "4k3/4p3/3p4/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(from(&p, "e7"), ["e5", "e6"]);
    assert_eq!(from(&p, "d6"), ["d5"]);
}

#[test]
fn a_range_after_the_move_is_where_it_may_land() {
    // `R[4]`: a rook that lands only on rank 4. From d1 the d-file reaches d4 (d2, d3 empty);
    // the first rank is not rank 4.
    let p = pos("R=R[4]", "4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert_eq!(from(&p, "d1"), ["d4"]);
    // From a4 every square of rank 4 along the rank, up to and including the first piece, an
    // enemy knight on f4 (captured); the file lines leave rank 4.
    let p = pos("R=R[4]", "4k3/8/8/8/R4n2/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "a4"), ["b4", "c4", "d4", "e4", "f4"]);
    // A piece on d2 blocks the line before rank 4.
    let p = pos("R=R[4]", "4k3/8/8/8/8/8/3n4/3RK3 w - - 0 1");
    assert!(from(&p, "d1").is_empty());
    // Black's rook reads `[4]` as rank 5: from d8 it lands on d5 only.
    let p = pos("R=R[4]", "3rk3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(from(&p, "d8"), ["d5"]);
}

#[test]
fn ranges_on_both_sides_and_in_a_sequence() {
    // `[d-e4-5]N[c-f]`: a knight leaping only from d4, e4, d5, e5 and only to files c-f.
    let rules = "N=[d-e4-5]N[c-f]";
    let p = pos(rules, "4k3/8/8/8/3N4/2N5/8/4K3 w - - 0 1");
    // From d4: c2 e2 c6 e6 (files c, e); b3 b5 f3 f5 (b is out, f3 f5 on file f stay).
    assert_eq!(from(&p, "d4"), ["c2", "c6", "e2", "e6", "f3", "f5"]);
    // From c3 (outside the start range): nothing.
    assert!(from(&p, "c3").is_empty());
    // The range on the last leg of a sequence: `mfW-fF[4]`, a step forward, then a forward
    // diagonal leap landing on rank 4. From d2: d3, then c4 or e4. From f1: f2, then e3 or
    // g3, not rank 4: nothing.
    let p = pos("B=mfW-fF[4]", "4k3/8/8/8/8/8/3B4/4KB2 w - - 0 1");
    assert_eq!(from(&p, "d2"), ["c4", "e4"]);
    assert!(from(&p, "f1").is_empty());
}

#[test]
fn a_definitions_files_mbn_line_reads_ranges_too() {
    // The `MBN:` line of a SjaakII-format file (black's vectors mirrored north-south, and its
    // ranges with them): `mfW+[2]mfW02` from e2 goes to e3 and e4, from e3 only to e4; black's
    // from e7 (rank 2 mirrored) to e6 and e5.
    let pawn = "mfW+[2]mfW02";
    let white = "k7/8/8/8/8/8/4A3/7K w - - 0 1";
    assert_eq!(moves_from(pawn, white, "e2"), ["e2e3", "e2e4"]);
    let white = "k7/8/8/8/8/4A3/8/7K w - - 0 1";
    assert_eq!(moves_from(pawn, white, "e3"), ["e3e4"]);
    let black = "k7/4a3/8/8/8/8/8/7K b - - 0 1";
    assert_eq!(moves_from(pawn, black, "e7"), ["e7e5", "e7e6"]);
    // A range over the whole board limits nothing: `[a-h1-8]N[a-h]` moves as `N`.
    let fen = "k7/8/8/2n5/8/3A4/8/7K w - - 0 1";
    assert_eq!(
        moves_from("[a-h1-8]N[a-h]", fen, "d3"),
        moves_from("N", fen, "d3")
    );
}

#[test]
fn an_edge_rider_lands_only_at_the_end_of_its_line() {
    // `W*` on d4 of an empty board: the rook lines end at d8, d1, a4, h4.
    let rules = "R=W*";
    let p = pos(rules, "k7/8/8/8/3R4/8/8/7K w - - 0 1");
    assert_eq!(from(&p, "d4"), ["a4", "d1", "d8", "h4"]);
    // A black knight on d6 stops the line up before the edge (no move that way, and d6 is
    // not on the edge, so it is not captured); one on a4, on the edge, is captured.
    let p = pos(rules, "k7/8/3n4/8/n2R4/8/8/7K w - - 0 1");
    assert_eq!(from(&p, "d4"), ["a4", "d1", "h4"]);
    // It attacks only the edge square of each line: the king on d8 is in check, on d7 not.
    let p = pos(rules, "3k4/8/8/8/3R4/8/8/7K b - - 0 1");
    assert!(p.in_check(1));
    let p = pos(rules, "8/3k4/8/8/3R4/8/8/7K b - - 0 1");
    assert!(!p.in_check(1));
}

#[test]
fn games_with_ranges_and_edge_riders_replay() {
    // `N=N[3-6]`: knights land only on ranks 3-6 (black's mirrored range is the same).
    // 1. e4 e5 2. Nf3 d6 3. Bb5+: one check.
    let game = "[Event \"ranges\"]\n\n1. e4 e5 2. Nf3 d6 3. Bb5+ c6 *\n\n";
    let summary = rules_count_summary("N=N[3-6]", "check", game);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // Ng5xf7 lands on rank 7: a bad game (in FIDE chess it is a move).
    let bad = "[Event \"ranges\"]\n\n1. e4 e5 2. Nf3 d6 3. Ng5 Nf6 4. Nxf7 *\n\n";
    let summary = rules_count_summary("N=N[3-6]", "check", bad);
    assert!(summary.contains("1 bad game"), "{summary}");
    // The pawn's double step from rank 2 only: d2-d3 then d3-d5 is a bad game.
    let game = "[Event \"pawns\"]\n\n1. e4 f6 2. d3 g5 3. Qh5# *\n\n";
    let summary = rules_count_summary(PAWN, "check", game);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    let bad = game.replace("3. Qh5#", "3. d5");
    assert!(rules_count_summary(PAWN, "check", &bad).contains("1 bad game"));
    // Edge-rider rooks: Ra1xa8 takes the rook on the edge and checks the king on h8 along
    // the eighth rank (h8 is that line's edge square); Ra5 (no edge) is a bad game.
    let game = "[Event \"edge\"]\n[SetUp \"1\"]\n[FEN \"r6k/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n\
                1. Rxa8+ Kg7 *\n\n";
    let summary = rules_count_summary("R=W*", "check", game);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    let bad = game.replace("1. Rxa8+ Kg7", "1. Ra5");
    assert!(rules_count_summary("R=W*", "check", &bad).contains("1 bad game"));
}

#[test]
fn what_ranges_and_step_counts_cqlq_does_not_evaluate_is_refused_at_its_column() {
    let cases = [
        // `0*` (maximal) and `**`: the page's own uses act on every target at once.
        ("R=W0*", 5, "`0*` (maximal)"),
        ("R=W**", 4, "`**`"),
        // `#`: no stored source says what it counts.
        ("R=W#", 4, "the `#` step count"),
        // A compound letter takes no step count, `*` neither.
        ("R=R*", 4, "takes no step count"),
        // A range among the modifiers.
        ("N=m[1-2]N", 4, "board range anywhere but"),
        // A range where a rule reads plain lines: a freezer's zone.
        (
            "freezer# I=mQ #I=[2]cK",
            18,
            "board range on a partial move is evaluated only",
        ),
        // A range on a swap.
        ("Q=mQ+[2]wQ", 6, "on a swap"),
        // A bad range.
        ("P=mfW+[17]mfW02", 8, "rank out of 1..16"),
    ];
    for (rules, column, words) in cases {
        let e = chess_with_rules(rules).map(|_| ()).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
    // Attacker sets, negation and conditions stay refused by name (no stored source gives
    // their meaning beyond the BNF's form).
    let cases = [
        ("{QRBNP}cK", 1, "`<Attackers>`"),
        ("c{QRBNP}K", 2, "`<Attackers>`"),
        ("mW+!mF", 4, "negated partial move"),
        ("mW+/{K}[1]/mF", 4, "a condition"),
    ];
    for (text, column, words) in cases {
        let e = mbn_move_sets(text).map(|_| ()).unwrap_err();
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.reason.contains(words), "{text}: {e}");
    }
    // An edge rider on a wrapping board: the wrapped lines have no edge.
    let e = chess_with_rules("cylindric R=W*").map(|_| ()).unwrap_err();
    assert_eq!(e.column, 1, "{e}");
    assert!(e.reason.contains("edge rider"), "{e}");
}
