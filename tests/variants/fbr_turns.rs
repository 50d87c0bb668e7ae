//! Multi-move turns: FBR `turn` (its parts, sequence numbers, piece sets and attributes) and
//! `progressive` (Italian, Scottish), on FIDE chess plus the rules. No oracle plays these
//! turns (Fairy-Stockfish assumes strictly alternating turns: its issues #343 and #593), so each
//! expectation is reasoned from seed 001's text, or the Progressive Chess rules it refers to
//! (chessvariants.com's Progressive Chess page, Wikipedia's Progressive chess), beside it.

use super::fbr_rules::{from, moves, play, pos};
use cqlq::rules::fairy::FairyPos;
use std::process::Command;

/// Plays moves in coordinates, one after another.
fn line(p: &mut FairyPos, ms: &[&str]) {
    for m in ms {
        play(p, m);
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn two_parts_give_each_side_two_moves_and_the_move_number_advances_per_turn() {
    // `turn<1> turn<2>`: every turn is two mandatory moves, each side's.
    let mut p = pos("turn<1> turn<2>", START);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 0, "white's second move");
    play(&mut p, "d2d4");
    assert_eq!((p.turn, p.fullmove), (1, 1));
    line(&mut p, &["e7e5", "d7d5"]);
    assert_eq!((p.turn, p.fullmove), (0, 2), "the move number counts turns");
}

#[test]
fn the_first_move_of_a_turn_must_evade_check() {
    // "each move must fit with the rules of chess ... the King must evase from check with
    // the first move": the rook on a1 checks along the first rank, so the king's only moves
    // are off it, to d2, e2 and f2.
    let p = pos("turn<1> turn<2>", "4k3/8/8/8/8/8/8/r3K3 w - - 0 2");
    assert_eq!(moves(&p), ["e1d2", "e1e2", "e1f2"]);
}

#[test]
fn check_lets_a_move_leave_the_royal_attacked_for_a_later_move_to_cover() {
    // "check: Allow that a royal piece moves into check (or don't evases from check) in this
    // turn. ... it's required that one of the following moves (in same turn) will evase the
    // royal piece." The rook on a1 checks: under `turn<1>=check` the first move may be
    // Rh1-h2, and then the second must take the king off the first rank (d2, e2, f2);
    // without the attribute the first move must evade, so the h1 rook cannot move.
    let fen = "4k3/8/8/8/8/8/8/r3K2R w - - 0 2";
    let mut p = pos("turn<1>=check turn<2>", fen);
    assert!(from(&p, "h1").contains(&"h2".to_string()));
    play(&mut p, "h1h2");
    assert_eq!(p.turn, 0);
    assert_eq!(moves(&p), ["e1d2", "e1e2", "e1f2"]);
    let p = pos("turn<1> turn<2>", fen);
    assert_eq!(from(&p, "h1"), Vec::<String>::new());
}

#[test]
fn turn_games_replay_from_pgn() {
    // `turn<1>=balance turn<2>`: white's first turn is one move, then two moves a turn, one
    // SAN token per move. White is to move at the start, after black's d5 (two moves), after
    // white's exd5 (the first of two) and after black's Nc6: four positions; as chess the
    // game stops at black's second move.
    let dir = crate::common::scratch("fbr", "turns");
    let pgn = dir.path().join("turns.pgn");
    std::fs::write(
        &pgn,
        "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 d5 2. exd5 Nf3 Qxd5 Nc6 *\n",
    )
    .expect("write");
    let run = |rules: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
            .args(rules)
            .args(["--count", "-e", "wtm"])
            .arg(&pgn)
            .output()
            .expect("run cqlq");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let err = run(&["--rules", "turn<1>=balance turn<2>"]);
    assert!(
        err.contains("4 positions matched") && err.contains("0 bad games"),
        "{err}"
    );
    assert!(run(&[]).contains("1 bad game"));
}

#[test]
fn a_check_given_inside_a_turn_stands_and_the_royal_is_not_taken() {
    // The seed does not say what follows a check given before a turn's last move; "each
    // move must fit with the rules of chess" (where a king is never captured) is read as:
    // the check stands until black's turn. Qd8+ as the first move; the queen may not take
    // the king with the second.
    let mut p = pos("turn<1> turn<2>", "4k3/8/8/8/8/8/8/3QK3 w - - 0 2");
    play(&mut p, "d1d8");
    assert_eq!(p.turn, 0);
    assert!(!from(&p, "d8").contains(&"e8".to_string()));
    assert!(!from(&p, "d8").is_empty());
}

#[test]
fn a_piece_set_limits_the_part_and_an_impossible_part_ends_the_turn() {
    // `turn<1> turn<2>{N}`: the second move must be a knight's.
    let mut p = pos("turn<1> turn<2>{N}", START);
    play(&mut p, "e2e4");
    assert_eq!(moves(&p), ["b1a3", "b1c3", "g1e2", "g1f3", "g1h3"]);
    // "If a second move is not possible, then the turn ends": white has no knight.
    let mut p = pos("turn<1> turn<2>{N}", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 1);
    // "... except if attribute compulsory is specified for this move, then the game is
    // stalemate": white stays to move, without a legal move and not in check.
    let mut p = pos(
        "turn<1> turn<2>{N}=compulsory",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    );
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 0);
    assert!(moves(&p).is_empty());
}

#[test]
fn parts_without_sequence_numbers_come_in_any_order() {
    // `turn turn{N}`: "When no sequence number is given, then the order for this move is
    // arbitrary": a pawn move fills the free part, and then only a knight may move; a
    // knight move may fill either part, so then any piece may move.
    let mut p = pos("turn turn{N}", START);
    play(&mut p, "e2e4");
    assert_eq!(from(&p, "d2"), Vec::<String>::new());
    assert_eq!(from(&p, "g1"), ["e2", "f3", "h3"]);
    let mut p = pos("turn turn{N}", START);
    play(&mut p, "g1f3");
    assert_eq!(from(&p, "d2"), ["d3", "d4"]);
    play(&mut p, "d2d4");
    assert_eq!(p.turn, 1);
}

#[test]
fn balance_skips_the_first_sides_first_part() {
    // "turn<1>=balance turn<2>: To reduce White's opening advantage, on his first turn,
    // White only makes a single move"; black then makes two, and white two.
    let mut p = pos("turn<1>=balance turn<2>", START);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 1);
    play(&mut p, "e7e5");
    assert_eq!(p.turn, 1);
    play(&mut p, "d7d5");
    assert_eq!(p.turn, 0);
    play(&mut p, "g1f3");
    assert_eq!(p.turn, 0, "white's second turn has two moves");
}

#[test]
fn castling_ends_the_turn() {
    // "castling: When doing a castling move, this turn ends".
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 2";
    let mut p = pos("turn<1>=castling turn<2>", fen);
    play(&mut p, "e1g1");
    assert_eq!(p.turn, 1);
    let mut p = pos("turn<1> turn<2>", fen);
    play(&mut p, "e1g1");
    assert_eq!(p.turn, 0, "without the attribute the turn goes on");
}

#[test]
fn again_is_skipped_unless_the_previous_move_was_of_its_set() {
    // `turn<1> turn<2>{N}=again`: the second move is made only after a knight's move, and
    // with a knight.
    let mut p = pos("turn<1> turn<2>{N}=again", START);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 1, "a pawn moved: the knight's part is skipped");
    let mut p = pos("turn<1> turn<2>{N}=again", START);
    play(&mut p, "g1f3");
    assert_eq!(p.turn, 0);
    assert_eq!(from(&p, "e2"), Vec::<String>::new());
    assert_eq!(from(&p, "f3"), ["d4", "e5", "g1", "g5", "h4"]);
}

#[test]
fn alter_forbids_undoing_the_turn() {
    // "alter: This move must alter the position (this is the position before this turn has
    // been started)": after Ng1-f3 the second move Nf3-g1 would restore it.
    let mut p = pos("turn<1> turn<2>=alter", START);
    play(&mut p, "g1f3");
    assert_eq!(from(&p, "f3"), ["d4", "e5", "g5", "h4"]);
    let mut p = pos("turn<1> turn<2>", START);
    play(&mut p, "g1f3");
    assert_eq!(from(&p, "f3"), ["d4", "e5", "g1", "g5", "h4"]);
}

#[test]
fn en_passant_only_in_a_part_that_allows_it() {
    // "enpassant: En passant capture is allowed. Without this rule en passant is not
    // allowed." Black's last move was d7-d5.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let p = pos("turn<1>=enpassant turn<2>", fen);
    assert_eq!(from(&p, "e5"), ["d6", "e6"]);
    let p = pos("turn<1> turn<2>", fen);
    assert_eq!(from(&p, "e5"), ["e6"]);
}

#[test]
fn untilcapture_is_lost_by_capturing() {
    // "turn<1>=enpassant turn<2>=untilcapture: Each player moves two consecutive pieces
    // until capturing. Upon capturing a player loses his two-move privilege for the duration
    // of the game. A capture must be made on the first and only move of a turn."
    let rules = "turn<1>=enpassant turn<2>=untilcapture";
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 2";
    let mut p = pos(rules, fen);
    play(&mut p, "e1e2");
    assert_eq!(from(&p, "e4"), ["e5"], "no capture in the second part");
    let mut p = pos(rules, fen);
    play(&mut p, "e4d5");
    assert_eq!(p.turn, 1, "the capture ends the turn");
    line(&mut p, &["e8e7", "e7e8"]);
    play(&mut p, "e1e2");
    assert_eq!(
        p.turn, 1,
        "white has one move a turn for the rest of the game"
    );
}

#[test]
fn turn_attributes_not_evaluated_are_refused_by_name() {
    for (rules, word) in [
        ("turn<1> turn<2>=avalanche", "suffix"),
        ("turn<1> turn#<2>", "prefixed piece definition"),
        ("turn<1> turn#<2>{!p} #P=mfW+cfF", "non-capturing"),
        ("turn<1> turn#<2>{!N} #P=mfW", "opponent's pieces"),
        ("turn<1> turn#<2>{N} #P=mfW", "definition"),
        ("turn<1> turn#<2>=avalanche #P=mfW", "avalanche"),
        ("turn<1> turn#<2> #P=mfW cylindric", "cylindric"),
        ("avalanche turn<1>", "avalanche"),
    ] {
        let e = cqlq::rules::fbr::chess_with_rules(rules)
            .err()
            .unwrap_or_else(|| panic!("`{rules}` was accepted"))
            .to_string();
        assert!(e.contains(word), "`{rules}`: {e}");
    }
}

#[test]
fn progressive_series_grow_by_one_move() {
    // Progressive chess: "White makes 1 move, black makes 2 moves, white makes 3 moves".
    let mut p = pos("progressive", START);
    play(&mut p, "e2e4");
    assert_eq!(p.turn, 1);
    play(&mut p, "e7e5");
    assert_eq!(p.turn, 1);
    play(&mut p, "g8f6");
    assert_eq!(p.turn, 0);
    line(&mut p, &["f1c4", "d1h5"]);
    assert_eq!(p.turn, 0);
    play(&mut p, "h5f7");
    assert_eq!(p.turn, 1);
}

#[test]
fn progressive_italian_checks_only_on_the_last_move_scottish_check_ends_the_series() {
    // After 1.e4 2.f6 g5 white has three moves. Italian: "A check can be given only on the
    // last move of a completed sequence": Qh5+ as the first is illegal. Scottish: "check
    // may be given on any move of a series, but a check ends the series": Qh5 is mate.
    let mut p = pos("progressive", START);
    line(&mut p, &["e2e4", "f7f6", "g7g5"]);
    assert!(!from(&p, "d1").contains(&"h5".to_string()));
    let mut p = pos("progressive=scotish", START);
    line(&mut p, &["e2e4", "f7f6", "g7g5", "d1h5"]);
    assert_eq!(p.turn, 1, "the check ended white's series");
    assert!(
        moves(&p).is_empty(),
        "mate: black cannot escape on its first move"
    );
    // Italian: the same queen move as the third move of the series checks and is legal.
    let mut p = pos("progressive", START);
    line(&mut p, &["e2e4", "f7f6", "g7g5", "a2a3", "b2b3", "d1h5"]);
    assert!(moves(&p).is_empty());
}

#[test]
fn progressive_en_passant_takes_any_double_step_of_the_last_series_on_the_first_move() {
    // "En passant captures of pawns are allowed if the pawn in question moved two squares
    // in one move, but no further, at some point during the last turn, but the capture must
    // be made on the first move of a series." White's third turn (move 2): a2-a4, c2-c4,
    // Ke1-f2; black may take either pawn, then no more en passant.
    let fen = "4k3/8/8/8/1p1p4/8/P1P5/4K3 w - - 0 2";
    let mut p = pos("progressive", fen);
    line(&mut p, &["a2a4", "c2c4", "e1f2"]);
    assert_eq!(p.turn, 1);
    assert_eq!(from(&p, "b4"), ["a3", "b3", "c3"]);
    assert_eq!(from(&p, "d4"), ["c3", "d3"]);
    play(&mut p, "b4a3");
    assert_eq!(from(&p, "d4"), ["d3"], "only the first move of a series");
    // A pawn that moved on after its double step is no longer taken en passant.
    let mut p = pos("progressive", fen);
    line(&mut p, &["a2a4", "c2c4", "a4a5"]);
    assert_eq!(from(&p, "b4"), ["b3", "c3"]);
}

#[test]
fn progressive_games_replay_from_pgn() {
    // Wikipedia's notation example "1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#": one SAN token per
    // single move, the move number per series; the last position is mate.
    let dir = crate::common::scratch("fbr", "progressive");
    let pgn = dir.path().join("progressive.pgn");
    std::fs::write(
        &pgn,
        "[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 2. e5 Nf6 3. Bc4 Qh5 Qxf7# 1-0\n",
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["--rules", "progressive", "--count", "-e", "mate"])
        .arg(&pgn)
        .output()
        .expect("run cqlq");
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(text.contains('1'), "{text} {err}");
}
