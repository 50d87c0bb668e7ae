//! The fairy engine's SAN reader reads a move only as a move of the piece its letter names
//! (and a promotion or drop only to or of the type its letter names): a SAN no such move fits
//! is a bad game, never another piece's move to the written square. Regression tests for a
//! silent wrong answer: under `--rules 'Q=W'`, `Qa2` from a queen on a8 was replayed as the
//! king's a1-a2. Each expectation is reasoned beside it from the rules the game is played
//! under (FBR's `Q=W`, seed 001: the queen moves as a wazir, one orthogonal step); the
//! standard-chess control and the shatranj promotion agree with python-chess and
//! Fairy-Stockfish (pyffish 0.0.90), whose answers are quoted beside them.

use std::process::Output;

use crate::common::{cqlq, scratch, stderr};

/// Runs `cqlq --count -e QUERY [--rules RULES] GAME` on a one-game PGN holding `tags`
/// (`[SetUp "1"]` and `[FEN "fen"]` added) and `moves`.
fn run(rules: Option<&str>, tags: &str, fen: &str, moves: &str, query: &str) -> Output {
    let dir = scratch("fairysan", "game");
    let pgn = dir.path().join("game.pgn");
    let text = format!("[Event \"t\"]\n{tags}[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} *\n");
    std::fs::write(&pgn, text).expect("write the game");
    let mut args = vec!["--count", "-e", query];
    if let Some(r) = rules {
        args.extend(["--rules", r]);
    }
    args.push(pgn.to_str().expect("utf-8 path"));
    cqlq(&args)
}

/// Asserts the game is reported bad at ply 1, the move named as written.
fn assert_bad_first_move(out: &Output, san: &str) {
    let err = stderr(out);
    assert!(
        err.contains("game 1 (byte 0)") && err.contains(&format!("`{san}` at ply 1")),
        "{san} should be a bad move at ply 1:\n{err}"
    );
    assert!(err.contains("1 bad game"), "{err}");
}

/// Asserts every move replayed (no bad game) and the query matched `positions` positions.
fn assert_replays(out: &Output, positions: usize) {
    let err = stderr(out);
    assert!(err.contains("0 bad games"), "{err}");
    assert!(
        err.contains(&format!("{positions} positions matched")),
        "expected {positions} matched positions:\n{err}"
    );
}

const QUEEN_A8: &str = "Q7/8/8/8/8/4k3/8/K7 w - - 0 1";

#[test]
fn a_wazir_queen_cannot_reach_a2_so_qa2_is_a_bad_move() {
    // Under `Q=W` the queen on a8 steps to a7 or b8 only; the only white piece that reaches
    // a2 is the king on a1, and `Qa2` does not name it: the game is bad at its first move
    // (the old reader played Ka2 and then 2. Ka3).
    let out = run(Some("Q=W"), "", QUEEN_A8, "1. Qa2 Kd3 2. Ka3", "true");
    assert_bad_first_move(&out, "Qa2");
    // Nor is b2 the queen's: only the king reaches it.
    let out = run(Some("Q=W"), "", QUEEN_A8, "1. Qb2 Kd3", "true");
    assert_bad_first_move(&out, "Qb2");
}

#[test]
fn a_rook_queen_reaches_a2_and_the_game_replays() {
    // Under `Q=R` the queen slides down the empty a-file from a8 to a2 (a1 holds its own
    // king). Then the black king e3-d3 (no white piece attacks d3) and the white king a1-b1
    // (d3 is two files from b1). The queen stands on a2 after each of the three moves.
    let out = run(Some("Q=R"), "", QUEEN_A8, "1. Qa2 Kd3 2. Kb1", "Qa2");
    assert_replays(&out, 3);
}

#[test]
fn a_capture_the_named_piece_cannot_make_is_a_bad_move() {
    // A black pawn on a2: under `Q=W` only the white king (a1) captures on a2, so `Qxa2`
    // is bad; under `Q=R` the queen takes it down the a-file, and the game replays (the
    // queen on a2 after 1. Qxa2 and after 1... Kd3).
    let fen = "Q7/8/8/8/8/4k3/p7/K7 w - - 0 1";
    let out = run(Some("Q=W"), "", fen, "1. Qxa2 Kd3", "true");
    assert_bad_first_move(&out, "Qxa2");
    let out = run(Some("Q=R"), "", fen, "1. Qxa2 Kd3", "Qa2");
    assert_replays(&out, 2);
}

#[test]
fn a_letter_naming_a_type_absent_from_the_board_is_a_bad_move() {
    // No queen on the board (white: rook a1, king e1); b1 is reached by the rook alone.
    // `Qb1` names the queen type, of which white has none; `Zb1` names no type at all.
    // Standard-chess control: python-chess 1.11.2 on the same FEN answers
    // `IllegalMoveError: illegal san: 'Qb1'` and `InvalidMoveError: invalid san: 'Zb1'`,
    // and `Rb1` is a1b1.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    for san in ["Qb1", "Zb1"] {
        let out = run(Some("Q=W"), "", fen, &format!("1. {san} Kd7"), "true");
        assert_bad_first_move(&out, san);
    }
    let out = run(Some("Q=W"), "", fen, "1. Rb1 Kd7", "true");
    assert_replays(&out, 3);
    // The standard engine (no `--rules`) refuses it too.
    let out = run(None, "", fen, "1. Qb1 Kd7", "true");
    assert!(stderr(&out).contains("1 bad game"), "{}", stderr(&out));
}

#[test]
fn a_drop_of_a_type_not_in_hand_is_a_bad_move() {
    // White holds one pawn (`[P]`) and nothing else: `Q@e4` names a queen, which white
    // cannot drop; `P@e4` drops the pawn (rank 4 lies inside `drop{P}[2-7]`).
    let rules = "holding=demote drop{P}[2-7]";
    let fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1";
    let out = run(Some(rules), "", fen, "1. Q@e4 Kd7", "true");
    assert_bad_first_move(&out, "Q@e4");
    let out = run(Some(rules), "", fen, "1. P@e4 Kd7", "true");
    assert_replays(&out, 3);
}

#[test]
fn a_promotion_to_a_type_the_pawn_cannot_become_is_a_bad_move() {
    // Shatranj's pawn promotes to a ferz only (FEN and SAN letter `Q`). Fairy-Stockfish
    // (pyffish 0.0.90) on this FEN: legal moves b7b8q d1c1 d1c2 d1d2 d1e1 d1e2 h1f2 h1g3,
    // b7b8q written `b8=Q`. So `b8=R` (a rook type exists) and `b8=Z` (no such type) are
    // bad, `b8=Q` replays, and so does the bare `b8` (the promotion cannot be avoided).
    let tags = "[Variant \"shatranj\"]\n";
    let fen = "3k3n/1P6/8/8/8/8/8/3K3N w - - 0 1";
    for san in ["b8=R", "b8=Z"] {
        let out = run(None, tags, fen, &format!("1. {san} Ke7"), "true");
        assert_bad_first_move(&out, san);
    }
    for san in ["b8=Q", "b8"] {
        let out = run(None, tags, fen, &format!("1. {san} Ke7"), "true");
        assert_replays(&out, 3);
    }
}
