//! FBR `promotion` attributes that decide which moves promote and to what (seed 001):
//! `capture{set}`, `!capture`, `leave{set}`, `move{set}`, `stack{set}`. `capture` and `stack`
//! against Fairy-Stockfish (`tests/expected/fbr-promotion-fsf.txt`, written by
//! `scripts/fbr_promotion_fsf.py`: every legal move of each position); the others on
//! hand-made positions with the seed's words beside each expectation.

use super::fbr_rules::{from, moves, play, pos};
use crate::fbr_rules_checking::defined_with_rules;
use cqlq::rules::fbr::chess_with_rules;

/// Fairy-Stockfish's soldier (Betza `fmWfcF`, promoting to a queen) with chess's other pieces.
const SOLDIERS: &str = "Variant: Soldiers\nBoard: 8x8\nFEN: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n\
Zone: rank8 = a8,b8,c8,d8,e8,f8,g8,h8\nZone: rank1 = a1,b1,c1,d1,e1,f1,g1,h1\n\n\
Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\n\
Piece: Soldier\nMove: step N\nCapture: step NE,NW\nSymbol: \"S\", \"S,s\"\nPromotion: rank8, rank1, \"Q\"\n\n\
Piece: Queen\nMove: slide (D,A,H,V)\nSymbol: \"Q\", \"Q,q\"\n\n\
Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\n\
Piece: Bishop\nMove: slide (D,A)\nSymbol: \"B\", \"B,b\"\n\n\
Piece: Knight\nMove: leap (2,1)\nSymbol: \"N\", \"N,n\"\n";

#[test]
fn capture_and_stack_agree_with_fairy_stockfish() {
    let text = include_str!("../expected/fbr-promotion-fsf.txt");
    assert!(text.starts_with("# Source: Fairy-Stockfish"));
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (case, fen, want) = (f[0], f[1], f[2]);
        // The script's variants as FBR rule lists: `piecePromotionOnCapture` is `capture`,
        // its regions the range, `mandatoryPiecePromotion = false` is `optional`;
        // `promotionLimit` (no more of a type than the start position has) is `stack`.
        let p = match case {
            "capture" => defined_with_rules(SOLDIERS, "promotion=capture", fen),
            "capture6" => defined_with_rules(SOLDIERS, "promotion[6-8]=capture", fen),
            "captureoptional" => {
                defined_with_rules(SOLDIERS, "promotion[6-8]=capture,optional", fen)
            }
            "stack" => pos("promotion=stack", fen),
            other => panic!("unknown case {other}"),
        };
        let want: Vec<String> = want.split_whitespace().map(String::from).collect();
        assert_eq!(moves(&p), want, "{case} on {fen}");
        rows += 1;
    }
    assert_eq!(rows, 3 * 7 + 6);
}

#[test]
fn capture_with_a_piece_set_and_not_capture() {
    // "capture: The promotion will be done after capturing a piece within the zone. An
    // optional piece set may follow, in this case the promotion will only be done if one of
    // the piece types specified inside the piece set is being captured." Taking the rook on
    // a8 promotes; taking the bishop on c8 or stepping to b8 would leave a pawn that cannot
    // move ("If a promotion is not possible due to rules, then the promotion zone cannot be
    // entered"): neither is legal.
    let p = pos("promotion=capture{R}", "r1b1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "b7"), ["a8b", "a8n", "a8q", "a8r"]);
    // "This attribute can be preceded by an exclamation mark, this means that the promotion
    // will be done when the piece has not captured." Zone ranks 6-8: e5-e6 promotes, the
    // capture e5xd6 stays a pawn (it can move on from d6).
    let p = pos(
        "promotion[6-8]=!capture",
        "4k3/8/3r4/4P3/8/8/8/4K3 w - - 0 1",
    );
    assert_eq!(from(&p, "e5"), ["d6", "e6b", "e6n", "e6q", "e6r"]);
    // A capture onto the last rank under `!capture` would leave a dead pawn: illegal.
    let p = pos(
        "promotion[6-8]=!capture",
        "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1",
    );
    assert_eq!(from(&p, "e7"), Vec::<String>::new());
    // With `notforced` "A piece may move into/inside/outside the promotion zone without
    // doing a promotion even if it reaches a rank where without promoting it becomes an
    // immobile dead piece".
    let p = pos(
        "promotion[6-8]=!capture,notforced",
        "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1",
    );
    assert_eq!(from(&p, "e7"), ["d8"]);
}

#[test]
fn leave_promotes_on_leaving_the_zone() {
    // "leave: The promotion will be done after leaving the zone. An optional piece set may
    // follow, defining the allowed pieces for this promotion." Zone ranks 4-5, set {N}: the
    // pawn on e5 leaving to e6 (or taking on d6) becomes a knight, compulsorily (the page's
    // default "A piece must promote"); the pawn on b4 moving inside the zone and the pawn
    // on g3 entering it stay pawns.
    let fen = "4k3/8/3r4/4P3/1P6/6P1/8/4K3 w - - 0 1";
    let p = pos("promotion[4-5]=leave{N}", fen);
    assert_eq!(from(&p, "e5"), ["d6n", "e6n"]);
    assert_eq!(from(&p, "b4"), ["b5"]);
    assert_eq!(from(&p, "g3"), ["g4"]);
    // "Normally this attribute wil be combined with optional": then the pawn may also stay
    // a pawn, which can move on from e6.
    let p = pos("promotion[4-5]=leave{N},optional", fen);
    assert_eq!(from(&p, "e5"), ["d6", "d6n", "e6", "e6n"]);
    // A pawn on e7 promotes nowhere (e8 is outside the zone, and it entered nothing), and
    // on e8 it could not move: it has no move.
    let p = pos("promotion[4-5]=leave", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "e7"), Vec::<String>::new());
}

#[test]
fn move_promotes_after_a_move_wholly_within_the_zone() {
    // "move: The promotion will be done after moving wholly within the zone." Zone ranks
    // 6-8: e6-e7 and the capture e6xd7 stay inside and promote; c5-c6 and c5xb6 enter it and
    // do not; e7-e8 is inside too.
    let fen = "k7/3r4/1r2P3/2P5/8/8/8/4K3 w - - 0 1";
    let p = pos("promotion[6-8]=move{Q}", fen);
    assert_eq!(from(&p, "e6"), ["d7q", "e7q"]);
    assert_eq!(from(&p, "c5"), ["b6", "c6"]);
    let p = pos("promotion[6-8]=move", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "e7"), ["e8b", "e8n", "e8q", "e8r"]);
    // Black's zone is mirrored (ranks 1-3): d3-d2 promotes, d4-d3 enters and does not.
    let p = pos("promotion[6-8]=move{Q}", "4k3/8/8/8/6p1/3p4/8/K7 b - - 0 1");
    assert_eq!(from(&p, "d3"), ["d2q"]);
    assert_eq!(from(&p, "g4"), ["g3"]);
}

#[test]
fn stack_set_and_rule_set_extend_the_stack() {
    // "If an optional piece set is following the attribute, then promote to any of these
    // pieces if no piece is available on stack." Every white piece is on the board: the
    // stack is empty, so the knight of `stack{N}`; once the queen is missing, only the queen.
    let full = "4k3/1P6/8/8/8/8/8/RNBQKBNR w - - 0 1";
    let no_queen = "4k3/1P6/8/8/8/8/8/RNB1KBNR w - - 0 1";
    assert_eq!(from(&pos("promotion=stack{N}", full), "b7"), ["b8n"]);
    assert_eq!(from(&pos("promotion=stack{N}", no_queen), "b7"), ["b8q"]);
    // "If an optional piece set is given [on the rule], this has only a meaning if one
    // attribute has been specified which restricts the set of pieces to this piece set, for
    // example attribute stack ... But the additional piece set is extending this set."
    assert_eq!(from(&pos("promotion{N}=stack", full), "b7"), ["b8n"]);
    assert_eq!(
        from(&pos("promotion{N}=stack", no_queen), "b7"),
        ["b8n", "b8q"]
    );
    // "The promoted piece will be removed from stack": after b7-b8=Q the queen is back on
    // the board, and the pawn on g7 has nothing to promote to, so it cannot step to g8.
    let mut p = pos("promotion=stack", "8/1P4P1/8/3k4/8/8/8/RNB1KBNR w - - 0 1");
    assert_eq!(from(&p, "g7"), ["g8q"]);
    play(&mut p, "b7b8q");
    play(&mut p, "d5d4");
    assert_eq!(from(&p, "g7"), Vec::<String>::new());
}

#[test]
fn promotion_attributes_cqlq_does_not_read_are_refused_by_name() {
    for (rules, words) in [
        // The stack is counted as the start position's pieces less the board's: a holding
        // (captures kept in hand), drops or colour changes break that count.
        ("promotion=stack holding", "beside `holding`"),
        ("promotion=stack andernach", "beside `andernach`"),
    ] {
        let e = chess_with_rules(rules).err().map(|e| e.to_string());
        assert!(
            e.as_deref().is_some_and(|e| e.contains(words)),
            "{rules}: {e:?}"
        );
    }
}

#[test]
fn captures_puts_the_promoted_piece_in_hand() {
    // "captured: This attribute is useful only when piece drops are available. Do promote the
    // piece when captured by the opponent, this means that the captured piece cannot be
    // dropped as such, it can only be dropped as the promoted piece." Pawns promote to
    // queens only (`enter{Q}`): the rook taking the pawn on a2 holds a queen, not a pawn;
    // the knight (no promotion) is held as a knight.
    for rules in [
        "holding promotion=enter{Q},captures",
        "holding promotion=enter{Q},captured",
    ] {
        let mut p = pos(rules, "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1");
        play(&mut p, "a1a2");
        let fen = p.to_fen(true);
        assert!(fen.contains("[Q]"), "{rules}: {fen}");
        assert!(moves(&p).is_empty() || !moves(&p).iter().any(|m| m.starts_with("P@")));
        let mut p = pos(rules, "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1");
        play(&mut p, "a1a2");
        assert!(
            p.to_fen(true).contains("[N]"),
            "{rules}: {}",
            p.to_fen(true)
        );
    }
    // Without the holding, or with the pawn's four choices (which one a captured pawn
    // becomes, the seed does not say), refused by name.
    for (rules, words) in [
        ("promotion=enter{Q},captures", "needs `holding`"),
        ("holding promotion=captures", "several promotion choices"),
    ] {
        let e = chess_with_rules(rules).err().map(|e| e.to_string());
        assert!(
            e.as_deref().is_some_and(|e| e.contains(words)),
            "{rules}: {e:?}"
        );
    }
}

#[test]
fn entersuspend_bars_the_next_promotion_but_a_capture() {
    // "entersuspend: The promotion will be done when entering the promotion zone. If a piece
    // does not promote on entering the Promotion Zone it may not promote on the next turn
    // unless making a capture. The piece may, however, promote on any subsequent turn."
    // Zone ranks 6-8, promotion optional where the pawn can move on.
    let rules = "promotion[6-8]=entersuspend,optional";
    let mut p = pos(rules, "k7/3n4/8/4P3/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "e5"), ["e6", "e6b", "e6n", "e6q", "e6r"]);
    play(&mut p, "e5e6");
    play(&mut p, "a8b8");
    // The next turn: e6-e7 stays a pawn; the capture on d7 may promote.
    assert_eq!(from(&p, "e6"), ["d7", "d7b", "d7n", "d7q", "d7r", "e7"]);
    play(&mut p, "e6e7");
    play(&mut p, "b8a8");
    // The turn after: promoting is normal again (on e8 it must, the pawn could not move on).
    assert_eq!(from(&p, "e7"), ["e8b", "e8n", "e8q", "e8r"]);
    // Without the attribute the pawn on e6 may promote on its next step.
    let mut p = pos(
        "promotion[6-8]=optional",
        "k7/3n4/8/4P3/8/8/8/4K3 w - - 0 1",
    );
    play(&mut p, "e5e6");
    play(&mut p, "a8b8");
    assert!(from(&p, "e6").contains(&"e7q".to_string()));
}

#[test]
fn suspend_bars_the_move_after_the_first_chance_unless_forced() {
    // "suspend: If a piece does not promote when it first has the opportunity, it may not
    // promote on its subsequent turn unless it captures or is forced to promote. Thereafter
    // it may promote normally." Zone ranks 5-8, promotion optional where the pawn can move
    // on: e4-e5 declines the first chance; e5-e6 may not promote; e6-e7 may again.
    let rules = "promotion[5-8]=suspend,optional";
    let mut p = pos(rules, "k7/8/8/8/4P3/8/8/4K3 w - - 0 1");
    assert!(from(&p, "e4").contains(&"e5q".to_string()));
    play(&mut p, "e4e5");
    play(&mut p, "a8b8");
    assert_eq!(from(&p, "e5"), ["e6"]);
    play(&mut p, "e5e6");
    play(&mut p, "b8a8");
    assert_eq!(from(&p, "e6"), ["e7", "e7b", "e7n", "e7q", "e7r"]);
    // Declining again (not the first chance) suspends nothing.
    play(&mut p, "e6e7");
    play(&mut p, "a8b7");
    assert_eq!(from(&p, "e7"), ["e8b", "e8n", "e8q", "e8r"]);
    // Zone ranks 7-8: after declining on e7 the pawn is "forced to promote" on e8 (it could
    // not move on), so it may; under `entersuspend`, which has no such exception, it has
    // no move.
    for (rules, want) in [
        (
            "promotion[7-8]=suspend,optional",
            vec!["e8b", "e8n", "e8q", "e8r"],
        ),
        ("promotion[7-8]=entersuspend,optional", vec![]),
    ] {
        let mut p = pos(rules, "k7/8/4P3/8/8/8/8/4K3 w - - 0 1");
        play(&mut p, "e6e7");
        play(&mut p, "a8b8");
        assert_eq!(from(&p, "e7"), want, "{rules}");
    }
}
