//! MBN move sequences (`A-B`, `rules::fbr::mbn::sequence`): two-leg moves whose first leg goes
//! to an empty square, counted by hand here (the lame leapers among them also agree with
//! Fairy-Stockfish's `n` pieces in `tests/expected/mbn-fsf.txt`), and the sequences cqlq does
//! not evaluate, refused by name at their column. Longer sequences, riders in them, optional
//! legs and complex riders: `fbr_mbn_paths`.

use super::fbr_mbn::{listed_from, moves_from, rules_moves_from};
use cqlq::rules::fbr::chess_with_rules;
use cqlq::rules::fbr::mbn::{MbnError, mbn_move_sets};

#[test]
fn a_two_leg_move_goes_on_from_each_empty_first_square() {
    // `mW-F`: a wazir step to an empty square, then any ferz leap from there (directions are
    // white's in every leg). From d4 on an empty board the first squares are c4 e4 d5 d3 and
    // the second leaps reach b3 b5 c2 c6 e2 e6 f3 f5 and, diagonally back from a first square,
    // the wazir squares c4 e4 d5 d3 themselves (d5 from c4 or e4, ...): 12 squares.
    let empty = "k7/8/8/8/3A4/8/8/7K w - - 0 1";
    let all = [
        "d4b3", "d4b5", "d4c2", "d4c4", "d4c6", "d4d3", "d4d5", "d4e2", "d4e4", "d4e6", "d4f3",
        "d4f5",
    ];
    assert_eq!(moves_from("mW-F", empty, "d4"), all);
    assert_eq!(rules_moves_from("mW-F", empty, "d4"), all);
    // A white pawn on d5 and a black one on e4 leave c4 and d3 as first squares: from c4
    // b5 b3 d3 (d5 is white's own), from d3 c2 e2 c4 and the capture on e4. c6 e6 f5 f3 are
    // gone: every path to them crosses d5 or e4.
    let blocked = "k7/8/8/3P4/3Ap3/8/8/7K w - - 0 1";
    let want = ["d4b3", "d4b5", "d4c2", "d4c4", "d4d3", "d4e2", "d4e4"];
    assert_eq!(moves_from("mW-F", blocked, "d4"), want);
    assert_eq!(rules_moves_from("mW-F", blocked, "d4"), want);
    // White pawns on c4 and e4: d5 and d3 are empty first squares, but the piece does not
    // stop there (a first leg goes on); they are destinations only diagonally back from c4
    // or e4, both blocked. From d5 c6 e6, from d3 c2 e2.
    let sides = "k7/8/8/8/2PAP3/8/8/7K w - - 0 1";
    assert_eq!(
        moves_from("mW-F", sides, "d4"),
        ["d4c2", "d4c6", "d4e2", "d4e6"]
    );
}

#[test]
fn the_second_leg_moves_or_captures_as_its_modifiers_say() {
    // `mW-cF`: the second leg only captures. With black pawns on c6 and f3 and a white one
    // on e6, from d4: c6 (via d5) and f3 (via e4); e6 is white's own.
    let fen = "k7/8/2p1P3/8/3A4/5p2/8/7K w - - 0 1";
    assert_eq!(moves_from("mW-cF", fen, "d4"), ["d4c6", "d4f3"]);
    // `mW-mF`: only the empty squares of the 12 (d5 c4 e4 d3 are reached by the return
    // diagonals; c6 f3 e6 are occupied).
    assert_eq!(
        moves_from("mW-mF", fen, "d4"),
        [
            "d4b3", "d4b5", "d4c2", "d4c4", "d4d3", "d4d5", "d4e2", "d4e4", "d4f5"
        ]
    );
}

#[test]
fn black_mirrors_each_leg_at_the_horizontal_bisector() {
    // Seed 001's `mirror`: black's forward is white's backward. `mfW-fF` for black on d5:
    // d4, then c3 or e3; with a white pawn on d4 nothing.
    assert_eq!(
        moves_from("mfW-fF", "k7/8/8/3a4/8/8/8/7K b - - 0 1", "d5"),
        ["d5c3", "d5e3"]
    );
    assert_eq!(
        moves_from("mfW-fF", "k7/8/8/3a4/3P4/8/8/7K b - - 0 1", "d5"),
        Vec::<String>::new()
    );
    let v = chess_with_rules("A=mfW-fF").unwrap();
    assert_eq!(
        listed_from(v, "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"),
        ["d4c6", "d4e6"]
    );
}

fn fault(text: &str) -> MbnError {
    mbn_move_sets(text).map(|_| ()).unwrap_err()
}

#[test]
fn sequences_cqlq_does_not_evaluate_are_refused_at_their_column() {
    let cases = [
        ("W-F", 1, "locust"),
        ("cW-cW-F", 1, "locust"),
        ("cW03-F", 1, "locust"),
        ("mW-wF", 4, "swap (`w`) inside a move sequence"),
        ("mW---F", 4, "`---`"),
        ("-W", 1, "a leg before"),
        ("mW-", 4, "a leg after"),
        ("(mW-F)0-F", 9, "repeated complex rider"),
        ("(mW-F)r", 7, "after a complex rider"),
        ("(mW-F", 1, "closing `)`"),
        ("mW-X", 4, "predefined move `X`"),
        ("mW-pF", 4, "on a leap"),
        ("mW-F+m[1-2]W", 7, "board range anywhere but"),
    ];
    for (text, column, words) in cases {
        let e = fault(text);
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.reason.contains(words), "{text}: {e}");
    }
    // In a rule list the column counts from the start of the rules text.
    let e = chess_with_rules("royal K A=W-F").map(|_| ()).unwrap_err();
    assert_eq!(e.column, 11, "{e}");
    assert!(e.reason.contains("locust"), "{e}");
}
