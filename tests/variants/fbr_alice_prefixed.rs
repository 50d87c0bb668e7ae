//! Seed 001's single-board Alice prefixed rule `+#P==#Q#R#B#N`: `royal alice K Q=R+N R B N P
//! +P` "will be converted to" `royal promotion#=move* ... +P==QRBN +#P==#Q#R#B#N`, each move
//! a `#` promotion ("Consider each move with a piece as a promotion, and the promotion of a
//! promoted piece will return to the unpromoted piece"), so a `#` piece is one standing on the
//! second board and `+#P==#Q#R#B#N` the promotion of a pawn standing there. No oracle has
//! Alice with FBR rules, so the positions are hand-made with the seed's sentences beside them.

use cqlq::rules::fairy::{FairyPos, MoveKind};
use cqlq::rules::fbr::chess_with_rules;

use crate::common::fairy_square_name as sq;

fn pos(rules: &str, fen: &str) -> FairyPos {
    let v = chess_with_rules(rules).unwrap_or_else(|e| panic!("{rules}: {e}"));
    FairyPos::from_fen(v, fen).expect("fen")
}

/// The legal board moves from `square`: destination and promotion letter, sorted.
fn from(p: &FairyPos, square: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Normal && sq(m.from) == square)
        .map(|m| {
            let promo = m.promo.map_or(String::new(), |t| {
                p.v.kinds[t as usize].def.symbols[0].clone()
            });
            format!("{}{promo}", sq(m.to))
        })
        .collect();
    v.sort();
    v
}

fn play(p: &mut FairyPos, text: &str) {
    let m = p
        .san_to_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    p.make(&m);
}

#[test]
fn a_pawn_on_the_second_board_promotes_by_the_hash_rule() {
    // The seed's own rules for the pawn: `+P==QRBN` on the first board, `+#P==#Q#R#B#N` on
    // the second. a6-a7 takes the pawn to the second board (every Alice move changes board);
    // from there a7-a8 promotes to `#Q #R #B #N` (then lands on the first board, a8 being
    // empty there): four moves, as a pawn of the first board has.
    let rules = "royal alice +P==QRBN +#P==#Q#R#B#N";
    let mut p = pos(rules, "4k3/8/P7/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "a6"), ["a7"]);
    play(&mut p, "a7");
    play(&mut p, "Kd8");
    assert_eq!(from(&p, "a7"), ["a8B", "a8N", "a8Q", "a8R"]);
    // The first board's pawn: the `+P` rule, the same four.
    let p = pos(rules, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "a7"), ["a8B", "a8N", "a8Q", "a8R"]);
}

#[test]
fn alice_prefixed_rules_cqlq_cannot_apply_are_refused_at_their_column() {
    for (rules, column, words) in [
        // Without `alice` a `#` piece has no second board.
        ("+#P==#Q#R#B#N", 1, "needs the rule `alice`"),
        ("royal alice=3D +#P==#Q#R#B#N", 16, "needs the rule `alice`"),
        // Choices differing between the boards.
        ("royal alice +P==QRBN +#P==#Q", 22, "differ"),
        // A result on the other board than the pawn.
        (
            "royal alice +P==QRBN +#P==#Q#R#B#N +#N==Q",
            41,
            "other board",
        ),
        // Another prefix.
        ("royal alice ##K", 13, "prefix `#`"),
    ] {
        let e = chess_with_rules(rules).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
}
