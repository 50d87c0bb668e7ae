//! MBN directions relative to the previous leg of a sequence (`rules::fbr::mbn::relative_legs`):
//! `t` (turn), `tt` (no turn), `z` (reflection). No oracle has them (Fairy-Stockfish's Betza
//! reads no `t` or `z`), so each expectation is counted by hand beside the MBN page's sentence
//! (LeCodex's `mbn.js` restates its modifier table) or Betza's Crooked Bishop page.

use cqlq::rules::fbr::chess_with_rules;

use super::common::rules_count_summary;
use super::fbr_mbn::rules_moves_from;

/// Betza's crooked bishop up to four steps: a ferz step, then up to three more, each mirrored
/// from the one before (`z`), each but the last to an empty square.
const CROOKED: &str = "F+(mF-zF)+(mF-mzF-zF)+(mF-mzF-mzF-zF)";

fn with_from(from: &str, squares: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = squares.iter().map(|s| format!("{from}{s}")).collect();
    v.sort();
    v
}

#[test]
fn zig_zag_legs_make_betzas_crooked_bishop() {
    // The MBN page's `z`: "the directional modifier for a reflection; useful for the
    // definition of zig-zag lines". Betza's Crooked Bishop page: "a Bishop that must make a 90
    // degree turn with every step ... from e4 there are 8 possible paths it could take:
    // e4-d5-e6-d7-[e]8, e4-f5-e6-f7-e8, e4-f5-g4-h5, e4-f3-g4-h3, e4-f3-e2-f1, e4-d3-e2-d1,
    // e4-d3-c4-b3-a4, and e4-d5-c4-b5-a4" (none longer than four steps): the squares on them.
    let squares = [
        "d5", "e6", "d7", "e8", "f5", "f7", "g4", "h5", "f3", "h3", "e2", "f1", "d3", "d1", "c4",
        "b3", "a4", "b5",
    ];
    assert_eq!(
        rules_moves_from(CROOKED, "k7/8/8/8/4A3/8/8/7K w - - 0 1", "e4"),
        with_from("e4", &squares)
    );
    // "continuing on to e6 and then (if e6 is empty) to d7": a black pawn on e6 is taken and
    // ends both paths through it (d7, e8, f7 are on no other path).
    let blocked: Vec<&str> = squares
        .into_iter()
        .filter(|s| !["d7", "e8", "f7"].contains(s))
        .collect();
    assert_eq!(
        rules_moves_from(CROOKED, "k7/8/4p3/8/4A3/8/8/7K w - - 0 1", "e4"),
        with_from("e4", &blocked)
    );
    // Black's crooked bishop on e5 is white's on e4 mirrored at the horizontal bisector (seed
    // 001's `mirror`): every rank r becomes 9 - r.
    let mirrored: Vec<String> = squares
        .iter()
        .map(|s| {
            let b = s.as_bytes();
            format!("{}{}", b[0] as char, 9 - (b[1] - b'0'))
        })
        .collect();
    let mirrored: Vec<&str> = mirrored.iter().map(String::as_str).collect();
    assert_eq!(
        rules_moves_from(CROOKED, "k7/8/8/4a3/8/8/8/7K b - - 0 1", "e5"),
        with_from("e5", &mirrored)
    );
    // Two steps alone (`mF-zF`): the 90 degree turn ends two squares away orthogonally.
    assert_eq!(
        rules_moves_from("mF-zF", "k7/8/8/8/4A3/8/8/7K w - - 0 1", "e4"),
        with_from("e4", &["c4", "e2", "e6", "g4"])
    );
}

#[test]
fn a_turn_goes_back_and_no_turn_anywhere_else() {
    // `t`: "The piece makes a turn, this means that it moves into the opposite direction as in
    // the previous move": `mD-tW` leaps two squares and steps one back, so it lands next to
    // d4, each only over an empty dabbaba square (the white pawn on d6 leaves d5 out).
    assert_eq!(
        rules_moves_from("mD-tW", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        with_from("d4", &["c4", "d3", "d5", "e4"])
    );
    assert_eq!(
        rules_moves_from("mD-tW", "k7/8/3P4/8/3A4/8/8/7K w - - 0 1", "d4"),
        with_from("d4", &["c4", "d3", "e4"])
    );
    // `tt`: "the piece don't makes a turn (excludes a turn)": after the dabbaba leap a wazir
    // step on or aside, never back: three squares round each of d6 d2 b4 f4, not d5 d3 c4 e4.
    assert_eq!(
        rules_moves_from("mD-ttW", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        with_from(
            "d4",
            &[
                "a4", "b3", "b5", "c2", "c6", "d1", "d7", "e2", "e6", "f3", "f5", "g4"
            ]
        )
    );
}

#[test]
fn a_crooked_bishop_game_replays_from_pgn() {
    // 1. Yf5+: from f5 the crooked path f5-g6-f7-g8 (three steps, each turning) reaches the
    // king on g8 over the empty g6 and f7: check. 1... Kh8 is out of its reach.
    let rules = format!("Y|Boyscout|={CROOKED}");
    let pgn = "[Event \"crooked\"]\n[SetUp \"1\"]\n\
               [FEN \"6k1/8/8/8/4Y3/8/8/K7 w - - 0 1\"]\n\n\
               1. Yf5+ Kh8 *\n\n";
    let summary = rules_count_summary(&rules, "check", pgn);
    assert!(summary.contains("1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    // f6 lies on none of the eight paths from e4 (it needs two north-east steps in a row).
    let bad = pgn.replace("1. Yf5+ Kh8", "1. Yf6");
    let summary = rules_count_summary(&rules, "check", &bad);
    assert!(summary.contains("1 bad game"), "{summary}");
}

#[test]
fn relative_directions_cqlq_does_not_evaluate_are_refused_at_their_column() {
    let cases = [
        // No previous leg.
        ("A=zF", 3, "no previous leg"),
        // The MBN page's Boyscout: `(zF)0`'s previous leg changes with each repetition.
        ("A=F-[(zF)0]", 7, "first leg"),
        // A ferz step mirrored is no wazir step.
        ("A=mF-zW", 6, "no direction"),
        // Two shapes on one partial move.
        ("A=mF-tzF", 7, "two of the modifiers"),
    ];
    for (rules, column, words) in cases {
        let e = chess_with_rules(rules).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
    // A zone reads plain lines; `#I=zF` is refused at its `z` (here as a movement with no
    // previous leg, before the zone reads it).
    let e = chess_with_rules("freezer# I|Immobilizer|=mQ #I=zF").unwrap_err();
    assert_eq!(e.column, 31, "{e}");
    assert!(e.reason.contains("`z`"), "{e}");
}
