//! FBR attributes without an oracle (Fairy-Stockfish has no passing stalemated side), on
//! FIDE chess (the bundled definition) plus the rule: hand-made positions with seed 001's
//! words and the reasoning beside each expectation.

use cqlq::rules::Position;
use cqlq::rules::fairy::layer_end::Verdict;

use super::fbr_rules::{moves, play, pos};

#[test]
fn stalemate_skip_passes_the_turn() {
    // "skip: The player must skip the turn when all the moves are impossible." Black's king
    // on h8 has no move (g8, g7 and h7 are the queen's or the king's) and is not in check:
    // under `stalemate=skip` the game goes on; the PGN writes the skip as a null move `--`.
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let mut p = pos("stalemate=skip", fen);
    assert!(p.legal_moves().is_empty());
    assert!(!p.layer_in_check(1));
    assert_eq!(p.game_end().map(|e| e.verdict), None);
    // Without the rule it is a stalemate: a draw.
    let plain = pos("", fen);
    assert_eq!(plain.game_end().map(|e| e.verdict), Some(Verdict::Draw));
    // Black passes; white mates with Qg7 (guarded by the king on g6).
    p.play_null().expect("the skip");
    assert!(!moves(&p).is_empty());
    play(&mut p, "f7g7");
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(0)));
}
