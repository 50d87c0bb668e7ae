//! `turn#` parts moving the mover's own pieces by the suffix's definitions (seed 001's `turn`:
//! "If a piece suffix is given, then only the moves belonging to this suffix can be used for
//! this move"), on FIDE chess plus the rules. No oracle plays multi-move turns (see
//! `fbr_turns`); each expectation is reasoned from the seed's text beside it.

use super::fbr_rules::{from, moves, play, pos};

#[test]
fn a_suffixed_part_moves_own_pieces_by_the_suffix_only() {
    // `turn<1> turn#<2> #N=mW`: a turn is an ordinary move, then a move "belonging to this
    // suffix": a knight's wazir step without capture (`m`). The first part is ordinary:
    // the knight b1 leaps (a3, c3, d2), it does not step.
    let fen = "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1";
    let mut p = pos("turn<1> turn#<2> #N=mW", fen);
    assert_eq!(from(&p, "b1"), ["a3", "c3", "d2"]);
    // After the king's move only the knight's steps remain: no king move, no leap.
    play(&mut p, "e1e2");
    assert_eq!(p.turn, 0, "the suffixed part is white's second move");
    assert_eq!(moves(&p), ["b1a1", "b1b2", "b1c1"]);
    play(&mut p, "b1b2");
    assert_eq!((p.turn, p.fullmove), (1, 1), "then black's turn");
    // The knight moved first (an ordinary leap) steps on in the second part; `m` does not
    // capture: the black pawn on c4 stays out of reach.
    let fen = "4k3/8/8/8/2p5/8/8/1N2K3 w - - 0 1";
    let mut p = pos("turn<1> turn#<2> #N=mW", fen);
    play(&mut p, "b1c3");
    assert_eq!(moves(&p), ["c3b3", "c3c2", "c3d3"]);
}

#[test]
fn a_capturing_suffix_takes_and_a_set_limits_the_pieces() {
    // `#N=cW`: the suffix's move only captures, an enemy piece one orthogonal step away.
    let fen = "4k3/8/8/8/8/8/1p6/1N2K3 w - - 0 1";
    let mut p = pos("turn<1> turn#<2> #N=cW", fen);
    play(&mut p, "e1f1");
    assert_eq!(moves(&p), ["b1b2"]);
    // `turn#<2>{N}` with `#N=mW #B=mW`: the set names the knight, so the bishop's suffix
    // moves are not this part's.
    let fen = "4k3/8/8/8/8/8/8/1N2KB2 w - - 0 1";
    let mut p = pos("turn<1> turn#<2>{N} #N=mW #B=mW", fen);
    play(&mut p, "e1d1");
    assert_eq!(moves(&p), ["b1a1", "b1b2", "b1c1"]);
    // Without the set every suffixed piece may make the part's move.
    let mut p = pos("turn<1> turn#<2> #N=mW #B=mW", fen);
    play(&mut p, "e1d1");
    assert_eq!(moves(&p), ["b1a1", "b1b2", "b1c1", "f1e1", "f1f2", "f1g1"]);
}

#[test]
fn a_move_both_movements_make_fills_either_part() {
    // `#R=mW`: a rook's one-square step is also its ordinary move. a1-a2 fills the first part
    // (the second comes after it); the second part then takes the rook's steps only.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let mut p = pos("turn<1> turn#<2> #R=mW", fen);
    play(&mut p, "a1a2");
    assert_eq!(p.turn, 0);
    assert_eq!(moves(&p), ["a2a1", "a2a3", "a2b2"]);
    // The step ends the turn: black is to move.
    play(&mut p, "a2b2");
    assert_eq!(p.turn, 1);
}

#[test]
fn unnumbered_parts_come_in_either_order_each_with_its_own_movement() {
    // `turn turn# #N=mW`: "When no sequence number is given, then the order for this move is
    // arbitrary". The first move may be the knight's step (b1-b2, filling the suffixed part)
    // or an ordinary move; after the step only the ordinary part is left: the knight on b2
    // leaps (a4, c4, d1, d3) and steps no more.
    let fen = "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1";
    let mut p = pos("turn turn# #N=mW", fen);
    assert_eq!(from(&p, "b1"), ["a1", "a3", "b2", "c1", "c3", "d2"]);
    play(&mut p, "b1b2");
    assert_eq!(p.turn, 0);
    assert_eq!(from(&p, "b2"), ["a4", "c4", "d1", "d3"]);
    // After an ordinary leap first, only the step is left.
    let mut p = pos("turn turn# #N=mW", fen);
    play(&mut p, "b1c3");
    assert_eq!(moves(&p), ["c3b3", "c3c2", "c3c4", "c3d3"]);
}

/// `turn<1> turn#<2> #N=mW` from the start: 1. Nf3 (ordinary) Nf4 (the suffixed wazir step
/// f3-f4), black likewise Nf6 Nf5, 2. e4 Ng4 (f4-g4: e4 is white's pawn, f5 black's knight,
/// which `m` does not take) e5 Ng5 (f5-g5). White's knight stands on g4 in the last three
/// positions (after Ng4, e5 and Ng5).
const OWN_SUFFIX_GAME: &str = "[Event \"turn\"]\n\n1. Nf3 Nf4 Nf6 Nf5 2. e4 Ng4 e5 Ng5 *\n";

#[test]
fn own_suffix_games_replay_from_pgn() {
    let summary =
        crate::common::rules_count_summary("turn<1> turn#<2> #N=mW", "Ng4", OWN_SUFFIX_GAME);
    assert!(summary.contains("3 positions matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // Without the suffix `Nf4` (a wazir step; f2-f4 is blocked by the knight) is no move.
    let summary = crate::common::rules_count_summary("turn<1> turn<2>", "Ng4", OWN_SUFFIX_GAME);
    assert!(summary.contains("1 bad game"), "{summary}");
    assert!(summary.contains("`Nf4` at ply 2"), "{summary}");
}
