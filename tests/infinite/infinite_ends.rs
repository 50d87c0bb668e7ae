//! The game-end and rule arguments of an ICN position string (seed 002, "Describing
//! positions"), each enforced: a game won by a condition other than checkmate has no legal
//! move and a move after it is a reported fault; per-player conditions; the X-move rule;
//! `slideLimit`; the JSON extras.
//!
//! Truth: the seed's text, with the reasoning next to each test. Where the seed names a
//! condition without defining it (`royalcapture`, `allroyalscaptured`, `koth`), the rule of
//! infinitechess.org, the site whose notation the seed is (`../shared/variants/icn/SOURCES.md`:
//! its `wincondition.ts`): a royal captured by the last move; the last royal captured; a king
//! move leaving a king on 4,4 / 5,4 / 4,5 / 5,5.

use cqlq::rules::Position;
use cqlq::rules::infinite::movegen::{has_legal_move, legal_candidates};
use cqlq::rules::infinite::outcome::{Outcome, game_end};
use cqlq::rules::infinite::piece::Owner;
use cqlq::rules::infinite::position::WinCondition;
use cqlq::rules::infinite::{
    InfPosition, icn_to_game, icn_to_move, icn_to_position, outcome, play, position_to_icn,
};
use std::process::Command;

/// The position after playing `moves` (compact, `|`-separated) from `start`.
fn after(start: &str, moves: &str) -> InfPosition {
    let mut pos = icn_to_position(start).unwrap();
    for m in moves.split('|').filter(|m| !m.is_empty()) {
        play(&mut pos, &icn_to_move(m).unwrap()).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos
}

/// Asserts the game is over, won by `side` with `how`: no legal move by any route, the
/// variant end seen by CQL, and `next` refused as a move after the end.
fn assert_over(pos: &InfPosition, side: Owner, how: WinCondition, next: &str) {
    assert_eq!(game_end(pos), Some((side, how.clone())));
    assert_eq!(outcome(pos), Outcome::Win { side, how });
    assert!(!has_legal_move(pos));
    assert!(legal_candidates(pos).is_empty());
    assert!(Position::legal_moves(pos).is_empty());
    assert!(Position::is_variant_end(pos) && !Position::is_stalemate(pos));
    let mut p = pos.clone();
    let e = play(&mut p, &icn_to_move(next).unwrap()).unwrap_err();
    assert!(e.to_string().contains("the game is over"), "{e}");
    assert_eq!(&p, pos, "a refused move changes nothing");
}

/// The issue's game: White checks along ranks 10, 9 and 8 while the king steps down the
/// diagonal. The seed: `threecheck` "completely overhaul[s] the goal": White's third check (ply
/// 5) wins, so the game ends there.
const THREE_CHECK: &str = r#"w threecheck {"slideLimit": 10} K5,1|Q1,2|k5,10"#;
const THREE_CHECK_MOVES: &str = "1,2>1,10|5,10>4,9|1,10>1,9|4,9>3,8|1,9>1,8";

#[test]
fn third_check_ends_the_game() {
    let start = icn_to_position(THREE_CHECK).unwrap();
    let mut pos = start.clone();
    for (ply, m) in THREE_CHECK_MOVES.split('|').enumerate() {
        assert!(game_end(&pos).is_none(), "over before ply {}", ply + 1);
        let played = play(&mut pos, &icn_to_move(m).unwrap()).unwrap();
        // Plies 1, 3, 5 put the queen on the king's rank with nothing between: checks.
        assert_eq!(played.check, ply % 2 == 0, "ply {}", ply + 1);
    }
    assert_eq!(pos.checks_given, [3, 0]);
    // 3,8>4,7 would be an ordinary king move (the queen on 1,8 sees neither 4,7's rank, file
    // nor diagonal), but the game is over.
    assert_over(&pos, Owner::White, WinCondition::ThreeCheck, "3,8>4,7");
    // CQL's `mate`: in check with no legal move, python-chess's rule (rules::Position docs).
    assert!(Position::is_mate(&pos));
    // After two checks (ply 4) the game goes on.
    let two = after(THREE_CHECK, "1,2>1,10|5,10>4,9|1,10>1,9|4,9>3,8");
    assert!(game_end(&two).is_none() && has_legal_move(&two));
}

#[test]
fn a_check_under_threecheck_must_be_answered() {
    // After 1,2>1,10 the queen holds rank 10, the file 1 and the diagonals through 1,10
    // (2,9 3,8 ... and 2,11 3,12 ...). Of the king's eight steps, 4,10 and 6,10 stay on rank
    // 10; the other six are safe. A check that could be ignored would not be a check the count
    // is about: three-check chess keeps chess's rule that a check must be answered.
    let pos = after(THREE_CHECK, "1,2>1,10");
    let mut to: Vec<_> = legal_candidates(&pos).iter().map(|m| m.to).collect();
    to.sort_unstable();
    assert_eq!(to, vec![(4, 9), (4, 11), (5, 9), (5, 11), (6, 9), (6, 11)]);
}

#[test]
fn a_move_after_the_third_check_is_a_reported_fault() {
    // Replay names the move after the end with its place (line 2, the sixth move).
    let text = format!("{THREE_CHECK}\n{THREE_CHECK_MOVES}|3,8>4,7\n");
    let game = icn_to_game(&text).unwrap();
    let e = game.replay().unwrap_err();
    assert_eq!((e.line, e.column), (2, 44), "{e}");
    assert!(e.message.contains("White won by threecheck"), "{e}");
    // The command line reports it as a bad game with the place; the positions before it are
    // searched (`check` matches plies 1, 3, 5).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("threecheck.icn");
    std::fs::write(&path, &text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["-e", "check", path.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    // Exit status 0: positions matched (the bad game is counted and reported beside them).
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("line 2, column 44"), "{err}");
    assert!(
        err.contains("the game is over: White won by threecheck"),
        "{err}"
    );
    assert!(err.contains("1 bad game"), "{err}");
    assert!(err.contains("3 positions matched"), "{err}");
}

#[test]
fn allpiecescaptured_per_player() {
    // The seed's `(checkmate|checkmate,allpiecescaptured)`: conditions per player, White's
    // first. Black's rook takes White's only piece.
    let black_wins = after("b (checkmate|allpiecescaptured) P0,2|r0,8|k9,9", "0,8>0,2");
    assert_over(
        &black_wins,
        Owner::Black,
        WinCondition::AllPiecesCaptured,
        "9,9>9,8",
    );
    // The same capture when only White wins that way: Black has won nothing; White, with no
    // piece, has no move and is not in check: stalemate.
    let no_win = after("b (allpiecescaptured|checkmate) P0,2|r0,8|k9,9", "0,8>0,2");
    assert!(game_end(&no_win).is_none());
    assert_eq!(outcome(&no_win), Outcome::Stalemate);
}

#[test]
fn royalcapture_ends_at_the_first_royal_taken() {
    // Black has two kings; capturing either wins under `royalcapture` (the site's rule: the
    // last move captured a royal). Black need not answer the rook's check: White does not win
    // by checkmate.
    let pos = after("w royalcapture K20,0|R0,0|k0,9|k5,9|p30,30", "0,0>0,9");
    assert_over(
        &pos,
        Owner::White,
        WinCondition::RoyalCapture,
        "30,30>30,29",
    );
}

#[test]
fn allroyalscaptured_waits_for_the_last_royal() {
    let start = "w allroyalscaptured K20,0|R0,0|k0,9|k5,9|p30,30";
    // One king of two taken: the game goes on, Black moves.
    let one = after(start, "0,0>0,9");
    assert!(game_end(&one).is_none() && has_legal_move(&one));
    // The rook on rank 9 takes the second king after it stepped along the rank.
    let both = after(start, "0,0>0,9|5,9>6,9|0,9>6,9");
    assert_over(
        &both,
        Owner::White,
        WinCondition::AllRoyalsCaptured,
        "30,30>30,29",
    );
}

#[test]
fn koth_is_a_king_move_onto_the_hill() {
    // The hill is 4,4 / 5,4 / 4,5 / 5,5 (infinitechess.org). A king move onto it wins.
    let pos = after("w koth K5,3|R1,1|k1,9", "5,3>5,4");
    assert_over(&pos, Owner::White, WinCondition::Koth, "1,9>1,8");
    // A rook on the hill is no king: nothing.
    let rook = after("w koth K5,3|R1,4|k1,9", "1,4>4,4");
    assert!(game_end(&rook).is_none());
    // Without `koth` the same king move wins nothing.
    let plain = after("w K5,3|R1,1|k1,9", "5,3>5,4");
    assert!(game_end(&plain).is_none());
}

#[test]
fn the_move_rule_allows_a_claim_and_play_goes_on() {
    // `N/M`: "the number of halfmoves allowed to be played without pawn moves or captures
    // until the players may claim a draw". Two quiet moves from 98/100 reach 100: a draw may
    // be claimed; play may go on (a claim is a player's choice, not a forced end).
    let pos = after("w 98/100 K0,0|R5,5|k10,10", "5,5>5,6|10,10>10,11");
    assert_eq!(pos.halfmove, 100);
    assert_eq!(outcome(&pos), Outcome::MoveRule);
    assert!(game_end(&pos).is_none() && has_legal_move(&pos));
    let later = after("w 98/100 K0,0|R5,5|k10,10", "5,5>5,6|10,10>10,11|5,6>5,7");
    assert_eq!(later.halfmove, 101);
    // A pawn move and a capture each set the counter to 0; a black move adds a full move.
    let reset = after("w 40/100 7 K0,0|P3,3|r4,4|k10,10", "3,3>4,4");
    assert_eq!((reset.halfmove, reset.fullmove), (0, 7));
    let black = after("b 40/100 7 K0,0|k10,10", "10,10>10,9");
    assert_eq!((black.halfmove, black.fullmove), (41, 8));
}

#[test]
fn slide_limit_bounds_every_slide() {
    // `{"slideLimit": 10}`: a rook slides at most 10 squares.
    let start = r#"w {"slideLimit": 10} K0,0|R1,1|k50,50"#;
    let mut pos = icn_to_position(start).unwrap();
    assert!(play(&mut pos.clone(), &icn_to_move("1,1>1,11").unwrap()).is_ok());
    let e = play(&mut pos, &icn_to_move("1,1>1,12").unwrap()).unwrap_err();
    assert!(e.to_string().contains("cannot move there"), "{e}");
}

#[test]
fn json_extras_are_read_or_kept() {
    // The seed's two extras are read; a value of the wrong type is an error naming it. The
    // seed allows "any additional optional properties": others are kept and written back.
    let pos = icn_to_position(r#"w {"slideLimit": 7, "cannotPassTurn": true} K0,0|k9,9"#).unwrap();
    assert_eq!(pos.rules.slide_limit, Some(7));
    assert!(pos.rules.cannot_pass_turn);
    let e = icn_to_position(r#"w {"cannotPassTurn": 1} K0,0|k9,9"#).unwrap_err();
    assert!(
        e.message.contains("cannotPassTurn must be true or false"),
        "{e:?}"
    );
    assert_eq!((e.line, e.column), (1, 3));
    let kept = icn_to_position(r#"w {"ovenTemperature": 350} K0,0|k9,9"#).unwrap();
    assert!(position_to_icn(&kept).contains(r#""ovenTemperature":350"#));
    // ICN writes no pass: a null move is refused whatever cannotPassTurn says.
    let mut p = icn_to_position(r#"w {"cannotPassTurn": false} K0,0|k9,9"#).unwrap();
    assert!(Position::play_null(&mut p).is_err());
}
