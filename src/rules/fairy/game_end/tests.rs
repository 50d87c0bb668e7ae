//! Flags and repetitions, with the expected ends reasoned from SjaakII's rules (its
//! `side_captured_flag` and `count_repetition`, and the format's documentation).

use std::sync::Arc;

use super::{FairyEnd, Seen, repetition_end};
use crate::rules::Position;
use crate::rules::fairy::defs::{Outcome, RuleSet};
use crate::rules::fairy::{FairyPos, RankBase, load_variants};

/// A 5x5 board: royal queens that may capture the flag, rooks that may not; both flags on c3
/// (`BlackFlag` is White's to reach, `WhiteFlag` Black's).
fn flag_variant(rule: &str, flags: &str) -> Arc<crate::rules::fairy::Variant> {
    let text = format!(
        "Variant: Flagtest\nBoard: 5x5\nFEN: \"2q2/5/5/5/2Q2 w - -\"\n{flags}\n\
         Piece: Queen\nMove: slide (D,A,H,V)\nSymbol: \"Q\", \"Q,q\"\nFlags: royal, capture_flag\n\n\
         Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\nRule: {rule}\n"
    );
    load_variants("flag.txt", &text)
        .unwrap_or_else(|e| panic!("{e}"))
        .remove(0)
}

#[test]
fn a_flag_piece_on_the_flag_ends_the_game() {
    let v = flag_variant("captureanyflag = win", "WhiteFlag: c3\nBlackFlag: c3");
    let start = FairyPos::start(v.clone()).unwrap();
    assert_eq!(start.flag_end(), None, "nobody on c3 yet");
    let p = FairyPos::from_fen(v.clone(), "4q/5/2Q2/5/5 b - -").unwrap();
    // White's queen (capture_flag) stands on BlackFlag's c3: White holds its flag and wins.
    assert_eq!(
        p.flag_end(),
        Some(FairyEnd::Flag {
            side: 0,
            outcome: Outcome::Win
        })
    );
    assert!(Position::is_variant_end(&p), "the trait sees the flag end");
    // A rook has no `capture_flag`: on c3 it holds nothing.
    let r = FairyPos::from_fen(v, "2q2/5/2R2/5/1Q3 w - -").unwrap();
    assert_eq!(r.flag_end(), None);
}

#[test]
fn all_flags_are_needed_under_captureallflags() {
    let v = flag_variant(
        "captureallflags = win",
        "WhiteFlag: a5,e5\nBlackFlag: b1,d1",
    );
    // Black's flags are a5 and e5 (`WhiteFlag`); one of two held is not enough.
    let one = FairyPos::from_fen(v.clone(), "q4/5/5/5/2Q2 b - -").unwrap();
    assert_eq!(one.flag_end(), None);
    let both = FairyPos::from_fen(v, "q3q/5/5/5/2Q2 w - -").unwrap();
    assert_eq!(
        both.flag_end(),
        Some(FairyEnd::Flag {
            side: 1,
            outcome: Outcome::Win
        })
    );
}

fn seen(key: u64, turn: usize) -> Seen {
    Seen {
        key,
        turn,
        in_check: false,
        irreversible: false,
    }
}

/// Keys 1 2 3 4 1 2 3 4 1: the position `1` (White to move) occurs a third time.
fn cycle() -> Vec<Seen> {
    (0..9).map(|i| seen([1, 2, 3, 4][i % 4], i % 2)).collect()
}

#[test]
fn third_occurrence_is_a_repetition() {
    let rules = RuleSet::default();
    let game = cycle();
    assert_eq!(
        repetition_end(&rules, &game[..8]),
        None,
        "1 has occurred twice"
    );
    assert_eq!(
        repetition_end(&rules, &game),
        Some(FairyEnd::Repetition {
            outcome: Outcome::Draw
        })
    );
    let four = RuleSet {
        repeat: Some((4, Outcome::Draw)),
        ..RuleSet::default()
    };
    assert_eq!(repetition_end(&four, &game), None, "repeat4 needs a fourth");
    let off = RuleSet {
        repeat: Some((0, Outcome::Draw)),
        ..RuleSet::default()
    };
    assert_eq!(repetition_end(&off, &game), None, "repeat0 disables");
}

#[test]
fn an_irreversible_move_cuts_the_count() {
    let mut game = cycle();
    // The move reaching the fifth position (the second `1`) was a capture: the earlier `1`
    // cannot come back, so `1` has occurred twice since.
    game[4].irreversible = true;
    assert_eq!(repetition_end(&RuleSet::default(), &game), None);
    // With captures going to hand (shogi-like), SjaakII counts across captures.
    let hand = RuleSet {
        keep_capture: true,
        ..RuleSet::default()
    };
    assert!(repetition_end(&hand, &game).is_some());
}

#[test]
fn repeating_in_check_is_perpetual_when_the_rule_says_so() {
    let mut game = cycle();
    game[8].in_check = true;
    let rules = RuleSet {
        perpetual: Some(Outcome::Loss),
        ..RuleSet::default()
    };
    // White is to move and in check: Black gives the perpetual check, and loses.
    assert_eq!(
        repetition_end(&rules, &game),
        Some(FairyEnd::Perpetual {
            checker: 1,
            outcome: Outcome::Loss
        })
    );
    // Without a `perpetual` rule (or `perpetual = repeat`) it is a repetition.
    assert_eq!(
        repetition_end(&RuleSet::default(), &game),
        Some(FairyEnd::Repetition {
            outcome: Outcome::Draw
        })
    );
    let chase = RuleSet {
        chase_rule: true,
        ..RuleSet::default()
    };
    assert_eq!(
        repetition_end(&chase, &game),
        Some(FairyEnd::ChaseUndecided)
    );
}

#[test]
fn knights_going_back_and_forth_repeat_the_start() {
    let text = crate::rules::fairy::BUNDLED;
    let vs = load_variants("<bundled>", text).unwrap();
    let v = crate::rules::fairy::find_variant(&vs, "chess")
        .unwrap()
        .clone();
    let mut p = FairyPos::start(v).unwrap();
    let mut game = vec![Seen {
        key: p.zobrist(),
        turn: p.turn,
        in_check: false,
        irreversible: false,
    }];
    let there_and_back = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for m in there_and_back.iter().cycle().take(12) {
        let mv = p.coord_to_move(m, RankBase::One).unwrap();
        p.make(&mv);
        game.push(Seen {
            key: p.zobrist(),
            turn: p.turn,
            in_check: p.in_check(p.turn),
            irreversible: p.halfmove == 0,
        });
    }
    // cqlq's key tells unmoved pieces apart, so the start differs from the later returns;
    // the position after the fourth move occurs again after the eighth and the twelfth.
    assert_eq!(
        repetition_end(&RuleSet::default(), &game),
        Some(FairyEnd::Repetition {
            outcome: Outcome::Draw
        })
    );
    assert_eq!(repetition_end(&RuleSet::default(), &game[..9]), None);
}
