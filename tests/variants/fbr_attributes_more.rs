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

#[test]
fn pieces_overall_counts_the_pieces_of_the_whole_game() {
    // "overall(N): The sum of the pieces on the board given in the piece set must not exceed
    // N for any player for the whole game." White's queen on d1 is taken (Rxd1); under
    // `overall(1)` white has had its one queen, so b8=Q is out (the other promotions stay).
    let fen = "3r3k/1P6/8/8/8/7K/8/3Q4 b - - 0 1";
    let mut p = pos("pieces{Q}=overall(1)", fen);
    play(&mut p, "d8d1");
    let promotions: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("b7b8"))
        .collect();
    assert_eq!(promotions, ["b7b8b", "b7b8n", "b7b8r"]);
    // `total(1)` counts only the board: b8=Q is a move there.
    let mut p = pos("pieces{Q}=total(1)", fen);
    play(&mut p, "d8d1");
    assert!(moves(&p).contains(&"b7b8q".to_string()));
    // With `overall(2)` and nothing lost, the queen on d1 and a second one from b8 make two:
    // allowed.
    let p = pos("pieces{Q}=overall(2)", "3r3k/1P6/8/8/8/7K/8/3Q4 w - - 0 1");
    assert!(moves(&p).contains(&"b7b8q".to_string()));
}
