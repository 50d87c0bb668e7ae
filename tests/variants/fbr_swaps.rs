//! Swap moves: MBN's `w` modifier in a rule list's piece definitions (`N=N+wN`) and the rule
//! `switching` (seed 001), on FIDE chess (the bundled definition). No oracle plays swaps
//! (Fairy-Stockfish's Betza has no swap, SjaakII neither), so the truths are the texts: the
//! MBN page's `w` ("Instead of capturing this piece it will swap the piece, the position of
//! the piece at destination square will be swapped with the piece at starting square ... If
//! doubled (ww) then swapping will be done only with friendly pieces. And if suffixed with y
//! (wy) then swapping can be done with all pieces", as restated in LeCodex's mbn.js), the
//! seed's `switching` expansion (`@X=wwK` added to every piece) and its two attributes, and
//! Switching Chess's own example (Quintanilla's variant as vchess's rules page gives it:
//! "White can mate in 1 by switching b8-c8" in `1RB3k1/5ppp/8/8/8/8/8/K7`).

use cqlq::rules::fairy::{FMove, FairyPos, MoveKind};
use cqlq::rules::fbr::chess_with_rules;

use super::fbr_rules::{on, pos};

fn name(s: u8) -> String {
    format!("{}{}", (b'a' + s % 16) as char, s / 16 + 1)
}

/// The legal swaps, as `from-to`, sorted.
fn swaps(p: &FairyPos) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Swap(_)))
        .map(|m| format!("{}-{}", name(m.from), name(m.to)))
        .collect();
    v.sort();
    v
}

/// Reads and plays a SAN move.
fn san(p: &mut FairyPos, text: &str) -> FMove {
    let m = p
        .san_to_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {}", p.to_fen(true)));
    p.make(&m);
    m
}

fn refusal(rules: &str) -> String {
    match chess_with_rules(rules) {
        Ok(_) => panic!("`{rules}` was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn switching_chess_mates_by_switching_rook_and_bishop() {
    // vchess's Switching Chess page: "White can mate in 1 by switching b8-c8", under its
    // rule "Switching while the king is under check is not allowed" (the seed's
    // `switching=notincheck`). The rook on b8 is blocked by its bishop on c8; after the
    // switch the rook on c8 checks the king on g8 along the rank, and the king's squares
    // are its own pawns (f7 g7 h7) or on the rook's rank (f8, h8 behind the king).
    let fen = "1RB3k1/5ppp/8/8/8/8/8/K7 w - - 0 1";
    let rules = "switching=notincheck";
    let mut p = pos(rules, fen);
    let m = san(&mut p, "Rc8");
    assert!(matches!(m.kind, MoveKind::Swap(None)));
    assert_eq!(on(&p, "c8"), Some((0, "R".into())));
    assert_eq!(on(&p, "b8"), Some((0, "B".into())));
    assert!(p.layer_in_check(1));
    assert!(p.legal_moves().is_empty(), "mate");
    // The same switch written with the bishop's letter (the bishop goes to b8).
    let mut q = pos(rules, fen);
    san(&mut q, "Bb8");
    assert_eq!(q.to_fen(false), p.to_fen(false));
    // Without the rule there is no such move.
    let plain = pos("royal", fen);
    assert!(plain.san_to_move("Rc8").is_err());
    // Under plain `switching` (no condition in the seed's expansion) the checked king
    // escapes by switching with a pawn next to it (to f7, g7 or h7, the pawn to g8).
    let mut p = pos("switching", fen);
    san(&mut p, "Rc8");
    // (Each pair twice: king or pawn moving.)
    assert_eq!(
        swaps(&p),
        ["f7-g8", "g7-g8", "g8-f7", "g8-g7", "g8-h7", "h7-g8"]
    );
}

#[test]
fn switching_exchanges_friendly_neighbours_only() {
    // `@X=wwK`: a king step to a friendly piece. The knight on d4 has its pawn on e5 and its
    // bishop on c3 next to it; the rook on a8 and the black pawn on d5 are no partners (too
    // far; an enemy piece is no `ww` partner). Each pair switches once per mover: the
    // king-pawn-bishop-knight pairs next to each other.
    let p = pos("switching", "r3k3/8/8/3pP3/3N4/2B5/8/4K3 w - - 0 1");
    assert_eq!(swaps(&p), ["c3-d4", "d4-c3", "d4-e5", "e5-d4"]);
}

#[test]
fn switching_in_check_and_its_attributes() {
    // The black rook on e8 checks the king on e1; the white rook on d1 is next to it.
    // `switching` (the seed's expansion sets no condition): king and rook switch, the rook
    // now blocks on e1.
    let fen = "4r1k1/8/8/8/8/8/8/3RK3 w - - 0 1";
    let p = pos("switching", fen);
    assert_eq!(swaps(&p), ["d1-e1", "e1-d1"]);
    // `notincheck`: "Switching is not permitted if the King is in check."
    let p = pos("switching=notincheck", fen);
    assert!(swaps(&p).is_empty());
    // Out of check the switch is there again.
    let quiet = "6k1/8/8/8/8/8/8/3RK3 w - - 0 1";
    assert_eq!(
        swaps(&pos("switching=notincheck", quiet)),
        ["d1-e1", "e1-d1"]
    );
    // `excluderoyals`: "Switching with the King is not permitted": the king neither switches
    // nor is switched; the rook and bishop beside each other still are.
    let p = pos("switching=excluderoyals", "6k1/8/8/8/8/8/8/2BRK3 w - - 0 1");
    assert_eq!(swaps(&p), ["c1-d1", "d1-c1"]);
    // "This attribute cannot be combined with attribute ...".
    let e = refusal("switching=notincheck,excluderoyals");
    assert!(e.contains("cannot be combined"), "{e}");
}

#[test]
fn a_pawn_switched_onto_the_last_rank_promotes() {
    // vchess: "Switching can move pawns until ... final rank ... a promotion occurs". The
    // pawn on b7 and the rook on a8 switch; the pawn lands on a8 and must promote (FBR's
    // default `promotion` enters the zone). Written by either piece: the pawn's `a8=Q` or
    // the rook's `Rb7=N` (the letter names the promotion of the piece that promotes).
    let fen = "R7/1P6/7k/8/8/8/8/4K3 w - - 0 1";
    let mut p = pos("switching", fen);
    san(&mut p, "a8=Q");
    assert_eq!(on(&p, "a8"), Some((0, "Q".into())));
    assert_eq!(on(&p, "b7"), Some((0, "R".into())));
    let mut p = pos("switching", fen);
    san(&mut p, "Rb7=N");
    assert_eq!(on(&p, "a8"), Some((0, "N".into())));
    // Unpromoted, the switch is not a move.
    let p = pos("switching", fen);
    assert!(p.san_to_move("Rb7").is_err());
}

#[test]
fn mbn_w_swaps_with_an_enemy_piece_instead_of_capturing_it() {
    // `N=N+wN`: the knight captures (`N`) and swaps with enemy pieces (`w`) a knight's leap
    // away. On d4 it reaches the black rook on e6: `Nxe6` takes it, `Ne6` swaps (the rook
    // goes to d4); the white bishop on b3 is no `w` partner.
    let fen = "4k3/8/4r3/8/3N4/1B6/8/7K w - - 0 1";
    let p = pos("N=N+wN", fen);
    assert_eq!(swaps(&p), ["d4-e6"]);
    let mut taken = p.clone();
    san(&mut taken, "Nxe6");
    assert_eq!(on(&taken, "d4"), None);
    assert_eq!(on(&taken, "e6"), Some((0, "N".into())));
    let mut swapped = p.clone();
    let m = san(&mut swapped, "Ne6");
    assert!(m.capture.is_none());
    assert_eq!(on(&swapped, "d4"), Some((1, "R".into())));
    assert_eq!(on(&swapped, "e6"), Some((0, "N".into())));
    // `ww` swaps with friendly pieces only, `wy` with any.
    assert_eq!(swaps(&pos("N=N+wwN", fen)), ["d4-b3"]);
    assert_eq!(swaps(&pos("N=N+wyN", fen)), ["d4-b3", "d4-e6"]);
}

#[test]
fn a_swapping_rider_meets_the_first_piece_on_its_line() {
    // `B=B+wwB`: the bishop on c1 swaps with the first friendly piece along each diagonal:
    // the pawn on d2 (not the queen behind it on e3) and the knight on a3 (b2 empty).
    let p = pos("B=B+wwB", "4k3/8/8/8/8/N3Q3/3P4/2B1K3 w - - 0 1");
    assert_eq!(swaps(&p), ["c1-a3", "c1-d2"]);
}

#[test]
fn a_swap_may_not_leave_the_king_in_check() {
    // The black rook on e8 looks down the e-file at the white king on e1, the white rook on
    // e2 between them, the bishop on d2 beside both (`switching`). Bishop and rook may
    // switch (the bishop then shields e1), bishop and king too (the king goes to d2, off the
    // file); the king-rook switch puts the king on e2, in the rook's line: illegal, whichever
    // piece moves.
    let p = pos("switching", "4r1k1/8/8/8/8/8/3BR3/4K3 w - - 0 1");
    assert_eq!(swaps(&p), ["d2-e1", "d2-e2", "e1-d2", "e2-d2"]);
}

#[test]
fn swap_rules_cqlq_does_not_evaluate_are_refused_by_name() {
    // The `swap` rule (`fbr_prefix`) needs swap moves, with the reason (Swap Chess's
    // sequences, `swapping`, are `fbr_players`').
    assert!(refusal("swap").contains("needs swap moves"));
    // A swap inside a move sequence, at its column.
    let e = refusal("N=mW-wF");
    assert!(e.contains("swap (`w`) inside a move sequence"), "{e}");
    // On a definitions file's `MBN:` line (a piece's movement tables hold no swap).
    let text = "Variant: Swap test\nBoard: 8x8\nFEN: \"k7/8/8/8/8/8/8/7K w - - 0 1\"\n\n\
                Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\n\
                Piece: Test\nMBN: N+wN\nSymbol: \"A\", \"A,a\"\n";
    let e = cqlq::rules::fairy::load_variants("swap.txt", text)
        .expect_err("refused")
        .to_string();
    assert!(
        e.contains("column 3") && e.contains("not on an `MBN:` line"),
        "{e}"
    );
    // Rules whose reading of a two-piece move no source gives.
    for rule in ["alice", "cheshire{X}", "magnetic", "benedict"] {
        let e = refusal(&format!("switching {rule}"));
        assert!(e.contains("beside swap moves"), "{rule}: {e}");
    }
}

#[test]
fn a_pgn_game_with_a_switch_replays_and_ends_in_mate() {
    // The Switching Chess mate above as a PGN game (its FEN tag), searched with `--rules`:
    // one game, its last position a mate, no bad game. Without the rule `1. Rc8#` is no
    // move (a rook cannot go to its own bishop's square): the game is reported bad.
    let dir = crate::common::scratch("fbr", "swaps");
    let pgn = dir.path().join("switch.pgn");
    std::fs::write(
        &pgn,
        "[FEN \"1RB3k1/5ppp/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rc8# 1-0\n",
    )
    .expect("write");
    let pgn = pgn.to_str().expect("path");
    let out = crate::common::cqlq(&[
        "--rules",
        "switching=notincheck",
        "-e",
        "mate",
        "--count",
        pgn,
    ]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stdout.trim(), "1", "{stderr}");
    assert!(stderr.contains("0 bad games"), "{stderr}");
    // Under plain `switching` the king escapes by a switch: the move replays, no mate.
    let out = crate::common::cqlq(&["--rules", "switching", "-e", "mate", "--count", pgn]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0");
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 bad games"));
    let out = crate::common::cqlq(&["--rules", "royal", "-e", "mate", "--count", pgn]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("Rc8"), "{stderr}");
}

#[test]
fn promotion_swap_promotes_only_swaps_wholly_within_the_zone() {
    // `promotion=swap`: "The promotion will be done after swapping wholly within the zone."
    // With the zone on ranks 7 and 8 (`promotion[7-8]`), the pawn on b7 (in the zone) and
    // the rook on a8 switch wholly within it: the pawn promotes on a8.
    let rules = "switching promotion[7-8]=swap";
    let fen = "R7/1P6/7k/8/8/8/8/4K3 w - - 0 1";
    let mut p = pos(rules, fen);
    san(&mut p, "a8=Q");
    assert_eq!(on(&p, "a8"), Some((0, "Q".into())));
    // A pawn swapped into the zone from outside it (b6 to a7) does not promote: it stays a
    // pawn on a7; a plain move into the zone still promotes (`b6-b7` needs its `=Q`).
    let fen = "8/R7/1P5k/8/8/8/8/4K3 w - - 0 1";
    let mut p = pos(rules, fen);
    assert!(p.san_to_move("b7").is_err(), "entering by a move promotes");
    assert!(p.san_to_move("b7=Q").is_ok());
    san(&mut p, "a7");
    assert_eq!(on(&p, "a7"), Some((0, "P".into())));
    // "An optional piece set may follow, defining the allowed pieces for this promotion".
    let p = pos(
        "switching promotion[7-8]=swap{N}",
        "R7/1P6/7k/8/8/8/8/4K3 w - - 0 1",
    );
    let mut promoted: Vec<String> = p
        .legal_moves()
        .iter()
        .filter_map(|m| match m.kind {
            MoveKind::Swap(partner) => m.promo.or(partner),
            _ => None,
        })
        .map(|t| p.v.kinds[t as usize].def.symbols[0].clone())
        .collect();
    promoted.dedup();
    assert_eq!(promoted, ["N"]);
}

#[test]
fn promotion_not_swap_never_promotes_a_swapped_piece() {
    // `!swap`: "the promotion will be done when the piece has not swapped". The pawn switched
    // onto a8 stays a pawn; its plain move to b8 still promotes.
    let fen = "R7/1P6/7k/8/8/8/8/4K3 w - - 0 1";
    let mut p = pos("switching promotion=!swap", fen);
    assert!(p.san_to_move("a8=Q").is_err());
    assert!(p.san_to_move("b8=Q").is_ok());
    san(&mut p, "a8");
    assert_eq!(on(&p, "a8"), Some((0, "P".into())));
    assert_eq!(on(&p, "b7"), Some((0, "R".into())));
}

#[test]
fn a_promotion_rule_without_triggers_keeps_promoting_swaps() {
    // `promotion=entersuspend` alone writes no trigger ("The promotion will be done when
    // entering the promotion zone", the default `enter`): a swap bringing the pawn on b7 to a8
    // still promotes as without the attribute (`switching`'s default: "as on entering it by a
    // move"); only a rule whose every trigger is a capture (seed 001's Disks) stops swaps
    // from promoting, and this one has none.
    let fen = "R7/1P6/7k/8/8/8/8/4K3 w - - 0 1";
    for rules in ["switching", "switching promotion=entersuspend"] {
        let p = pos(rules, fen);
        assert!(p.san_to_move("a8=Q").is_ok(), "{rules}");
    }
}
