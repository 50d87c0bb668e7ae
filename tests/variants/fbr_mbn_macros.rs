//! MBN macros (`@X=wwK`), conditions (`[*]`, `[+]`, `--!jj{K}U[*]`) and negated prefixed
//! definitions (`!*K=j{K}K`) in FBR rule lists. No oracle reads MBN: the truth is seed 001's
//! own statements (each expansion "will be transformed into" the rule it expands, so both
//! must give the same moves) and hand-made positions with the seed's sentence beside them.

use super::fbr_rules::{from, moves, on, play, pos};
use cqlq::rules::fairy::{FairyPos, MoveKind};
use cqlq::rules::fbr::chess_with_rules;

/// Seed 001, switching: "royal switching K Q=QN R B N P +P ... will be transformed into"
/// the macro form.
const SWITCHING: &str = "royal switching K Q=QN R B N P +P";
const SWITCHING_MACROS: &str = "royal @K @Q=QN @R @B @N @P @X=wwK K=KX Q=QX R=RX B=BX N=NX P=PX +P";
/// Seed 001, switching=notincheck: "So we have this transformation".
const NOT_IN_CHECK: &str = "royal switching=notincheck K Q=QN R B N P +P";
const NOT_IN_CHECK_MACROS: &str =
    "royal @K @Q=QN @R @B @N @P @X=wwK--!jj{K}U[*] K=K+[*]wwK Q=QX R=RX B=BX N=NX P=PX +P";

/// Positions for the comparisons: the start, a middle game with pieces side by side, the
/// king in check with a rook beside it, a pawn beside a rook on the seventh rank.
const FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k3/8/8/3pP3/3N4/2B5/8/4K3 w - - 0 1",
    "4r1k1/8/8/8/8/8/8/3RK3 w - - 0 1",
    "R7/1P6/7k/8/8/8/8/4K3 w - - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
];

fn san(p: &mut FairyPos, text: &str) {
    let m = p
        .san_to_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {}", p.to_fen(true)));
    p.make(&m);
}

fn refusal(rules: &str) -> cqlq::rules::fbr::FbrError {
    match chess_with_rules(rules) {
        Ok(_) => panic!("`{rules}` was accepted"),
        Err(e) => e,
    }
}

#[test]
fn the_seeds_switching_macros_are_switching() {
    // The macro form and the rule it expands have the same legal moves everywhere (the
    // seed: the one "will be transformed into" the other): `@X=wwK` is each piece's
    // switch with a friendly neighbour, `@Q=QN` the queen's amazon movement, `@K`, `@R` ...
    // the letters' own movements, `@P` the board's pawn (`P=PX` keeps its double step, en
    // passant and promotion).
    for fen in FENS {
        let expanded = moves(&pos(SWITCHING_MACROS, fen));
        assert_eq!(expanded, moves(&pos(SWITCHING, fen)), "{fen}");
        assert!(!expanded.is_empty());
    }
    // The queen is the amazon (`@Q=QN`, `Q=QX`): from d1 it leaps as a knight to e3.
    let p = pos(SWITCHING_MACROS, FENS[4]);
    assert!(from(&p, "d1").contains(&"e3".to_string()));
    // Positions after moves agree too: 1. e4 e5 2. Ke2 (a plain king step) Ke7.
    let mut a = pos(SWITCHING_MACROS, FENS[0]);
    let mut b = pos(SWITCHING, FENS[0]);
    for m in ["e2e4", "e7e5", "e1e2", "e8e7"] {
        play(&mut a, m);
        play(&mut b, m);
        assert_eq!(moves(&a), moves(&b), "after {m}");
    }
}

#[test]
fn the_seeds_notincheck_expansion_is_switching_notincheck() {
    // "Switching is not permitted if the King is in check. So we have this transformation":
    // `[*]` on the king's own switch, `--!jj{K}U[*]` after the others' (a setup leg to the
    // side's king, which must not be in check).
    for fen in FENS {
        assert_eq!(
            moves(&pos(NOT_IN_CHECK_MACROS, fen)),
            moves(&pos(NOT_IN_CHECK, fen)),
            "{fen}"
        );
    }
    // The rook on e8 checks the king on e1: no switch at all (the rook on d1 beside the
    // king neither), where the macro form of plain switching lets king and rook switch.
    let fen = FENS[2];
    let switches = |p: &FairyPos| {
        p.legal_moves()
            .iter()
            .filter(|m| matches!(m.kind, MoveKind::Swap(_)))
            .count()
    };
    assert_eq!(switches(&pos(NOT_IN_CHECK_MACROS, fen)), 0);
    assert_eq!(switches(&pos(SWITCHING_MACROS, fen)), 2);
    // Out of check the switches are there: king-rook both ways.
    let quiet = "6k1/8/8/8/8/8/8/3RK3 w - - 0 1";
    assert_eq!(switches(&pos(NOT_IN_CHECK_MACROS, quiet)), 2);
}

#[test]
fn a_macro_is_its_movement_wherever_it_is_used() {
    // `@X=N`, `A=WX`: the archer moves as a wazir and a knight (the macro an alternative of
    // the definition); `@Y=R+B`, `A=mY`: the modifier applies to each of the macro's
    // alternatives (a queen that does not capture).
    let p = pos("@X=N A|Archer|=WX", "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1");
    let mut got = from(&p, "d4");
    got.sort();
    let mut want: Vec<String> = [
        "d5", "d3", "c4", "e4", // wazir
        "b5", "b3", "f5", "f3", "c6", "e6", "c2", "e2", // knight
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    want.sort();
    assert_eq!(got, want);
    let p = pos("@Y=R+B A|Archer|=mY", "4k3/8/5p2/8/3A4/8/8/4K3 w - - 0 1");
    let a = from(&p, "d4");
    for to in ["a1", "d8", "a4", "e5"] {
        assert!(a.contains(&to.to_string()), "{to}: {a:?}");
    }
    assert!(
        !a.contains(&"f6".to_string()),
        "`m`: the pawn on f6 is not taken"
    );
    assert_eq!(on(&p, "d4"), Some((0, "A".into())));
}

#[test]
fn unknown_recursive_and_twice_defined_macros_are_refused_at_their_column() {
    // `Y` is neither a basic piece nor a macro: column 11 (the `Y` of `QY`).
    let e = refusal("royal Q=QY");
    assert_eq!(e.column, 10, "{e}");
    assert!(e.reason.contains("nor a macro"), "{e}");
    // `@X=wwY @Y=X`: X uses Y, Y uses X: refused at the `X` inside Y's body (column 13).
    let e = refusal("@X=wwY @Y=X Q=QX");
    assert_eq!(e.column, 11, "{e}");
    assert!(e.reason.contains("recursive"), "{e}");
    let e = refusal("@X=N @X=W Q=QX");
    assert_eq!(e.column, 6, "{e}");
    assert!(e.reason.contains("twice"), "{e}");
    // A body-less macro of a letter without a basic movement is the board's movement of
    // that piece, kept only in its own definition.
    let e = refusal("@P Q=QP");
    assert!(e.reason.contains("own definition"), "{e}");
    // A fault inside a macro's body points into the body.
    let e = refusal("@X=wwK0 K=KX");
    assert!(e.column >= 4 && e.column <= 7, "{e}");
}

/// Seed 001's conversion example: "conversion* K=mK *K=[+]cK !*K=j{K}K".
const CONVERSION: &str = "conversion* K=mK *K=[+]cK !*K=j{K}K";

fn conversions(p: &FairyPos) -> Vec<String> {
    let mut v: Vec<String> = moves(p)
        .into_iter()
        .filter(|m| {
            let mv = p
                .coord_to_move(m, cqlq::rules::fairy::RankBase::One)
                .expect("listed");
            mv.kind == MoveKind::Convert
        })
        .collect();
    v.sort();
    v
}

#[test]
fn the_conversion_king_converts_a_neighbour_not_next_to_its_own_king() {
    // "If the King is not in check, then it can convert one opposing piece on any adjacent
    // square, provided that this piece is not adjacent to his King": the knight on d2 is
    // next to the white king on e1, its own king is far (e8): converted.
    let p = pos(CONVERSION, "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1");
    assert_eq!(conversions(&p), ["e1d2"]);
    // Written `Kd2`: the knight turns white, the king stays on e1.
    let mut q = p.clone();
    san(&mut q, "Kd2");
    assert_eq!(on(&q, "d2"), Some((0, "N".into())));
    assert_eq!(on(&q, "e1"), Some((0, "K".into())));
    // The knight's own king on c3 is next to it: not converted (`!*K=j{K}K`: from the
    // knight, a king step visits the enemy (to white) king).
    let p = pos(CONVERSION, "8/8/8/8/8/2k5/3n4/4K3 w - - 0 1");
    assert!(conversions(&p).is_empty());
    // Without the negated definition it is.
    let p = pos(
        "conversion* K=mK *K=[+]cK",
        "8/8/8/8/8/2k5/3n4/4K3 w - - 0 1",
    );
    assert_eq!(conversions(&p), ["e1d2"]);
    // "Instead of converting a piece the King can also do a normal king move (without
    // capturing)": e1d2 is the conversion only; the king's steps to empty squares stay
    // (f1 is attacked by the knight).
    let p = pos(CONVERSION, "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1");
    let mut king = from(&p, "e1");
    king.sort();
    assert_eq!(king, ["d1", "d2", "e2", "f2"]);
}

#[test]
fn the_conversion_king_in_check_or_once_checked_does_not_convert() {
    // "If the King is not in check": the rook on e8 checks the king on e1; the knight on d2
    // (its king far on a8) is not converted.
    let p = pos(CONVERSION, "k3r3/8/8/8/8/8/3n4/4K3 w - - 0 1");
    assert!(conversions(&p).is_empty());
    // "... and the moving King was not checked": 1... Ra1+ 2. Kh2 Rb1: the king, checked
    // once, now stands next to the knight on g3 (its king far on e8) out of check, and may
    // not convert it.
    let mut p = pos(CONVERSION, "r3k3/8/8/8/8/6n1/8/6K1 b - - 0 1");
    for m in ["a8a1", "g1h2", "a1b1"] {
        play(&mut p, m);
    }
    assert!(conversions(&p).is_empty(), "{}", p.to_fen(true));
    // The same position from a FEN (no check in its history) converts.
    let fresh = pos(CONVERSION, &p.to_fen(true));
    assert_eq!(conversions(&fresh), ["h2g3"]);
    // Black's king was never checked: the history is each side's own. Black's conversion
    // king (e8) converts the white knight on d7 once it stands there.
    let p = pos(CONVERSION, "4k3/3N4/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(conversions(&p), ["e8d7"]);
}

fn replay(
    rules: &str,
    fen: &str,
    movetext: &str,
    query: &str,
    name: &str,
) -> (i32, String, String) {
    let dir = crate::common::scratch("fbr", name);
    let pgn = dir.path().join("game.pgn");
    std::fs::write(
        &pgn,
        format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{movetext} *\n"),
    )
    .expect("write");
    let pgn = pgn.to_str().expect("path");
    let out = crate::common::cqlq(&["--rules", rules, "-e", query, "--count", pgn]);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn pgn_games_with_the_seeds_conversion_and_switching_replay() {
    // The conversion `1. Kd2` (SAN of the king to the converted piece's square) and the
    // converted knight moving for white: replayed whole, with no fault.
    let (code, stdout, stderr) = replay(
        CONVERSION,
        "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1",
        "1. Kd2 Ke7 2. Nf3",
        "Nf3",
        "conversion-macros",
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "1", "{stderr}");
    assert!(stderr.contains("0 bad games"), "{stderr}");
    // Checked once (1... Ra1+), the king may not convert later: `3. Kg3` is a fault.
    let (_, _, stderr) = replay(
        CONVERSION,
        "r3k3/8/8/8/8/6n1/8/6K1 b - - 0 1",
        "1... Ra1+ 2. Kh2 Rb1 3. Kg3",
        "true",
        "conversion-checked",
    );
    assert!(stderr.contains("Kg3"), "{stderr}");
    // Switching in the seed's macro form: 1. Rc8# (the rook on b8 switches with the
    // bishop on c8: vchess's Switching Chess mate in one, `fbr_swaps`): one mate.
    let (code, stdout, stderr) = replay(
        NOT_IN_CHECK_MACROS,
        "1RB3k1/5ppp/8/8/8/8/8/K7 w - - 0 1",
        "1. Rc8#",
        "mate",
        "switching-macros",
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "1", "{stderr}");
    assert!(stderr.contains("0 bad games"), "{stderr}");
}

#[test]
fn conditions_and_negated_definitions_elsewhere_are_refused_by_name() {
    // A negated definition without the conversion move it restricts; a condition on a
    // plain move; a movement that is all conditions.
    let e = refusal("!*K=j{K}K");
    assert!(e.reason.contains("negated"), "{e}");
    let e = refusal("conversion* *Q=ccO !*Q=j{K}K");
    assert!(e.reason.contains("negated"), "{e}");
    let e = refusal("K=K+[*]cN");
    assert!(e.reason.contains("condition"), "{e}");
    let e = refusal("K=[*]wwK");
    assert!(e.reason.contains("condition"), "{e}");
    let e = refusal("K=K+[+]wwK");
    assert!(e.reason.contains("[+]"), "{e}");
}
