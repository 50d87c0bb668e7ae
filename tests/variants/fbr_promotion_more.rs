//! FBR `promotion` attributes that promote a piece where it stands, as its side's move (seed
//! 001): `warp`, `null`, `available`; the move is written `@@e8=Q` (cqlq's token, docs/fbr.md).
//! No oracle plays these (Fairy-Stockfish's nearest, Sittuyin's in-place promotion, comes with
//! its own conditions), so each position is reasoned from the seed's words written beside it;
//! `warp` also end to end from a PGN game replayed by `--rules`.

use super::fbr_rules::{play, pos};
use cqlq::rules::fairy::{FMove, FairyPos, MoveKind};
use cqlq::rules::fbr::chess_with_rules;

fn square_name(s: u8) -> String {
    format!("{}{}", (b'a' + s % 16) as char, s / 16 + 1)
}

/// A move as this file writes it: `e7e8`, `e7e8=Q`, `@@e8` (a removal), `@@e8=Q` (an
/// in-place promotion).
fn written(p: &FairyPos, m: &FMove) -> String {
    let promo = m
        .promo
        .map(|t| format!("={}", p.v.kinds[t as usize].def.symbols[0]))
        .unwrap_or_default();
    match m.kind {
        MoveKind::Pickup => format!("@@{}{promo}", square_name(m.from)),
        _ => format!("{}{}{promo}", square_name(m.from), square_name(m.to)),
    }
}

fn legal(p: &FairyPos) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| written(p, m)).collect();
    v.sort();
    v
}

/// The legal moves that are in-place promotions or removals (`@@...`).
fn in_place(p: &FairyPos) -> Vec<String> {
    legal(p)
        .into_iter()
        .filter(|m| m.starts_with("@@"))
        .collect()
}

fn refusal(rules: &str) -> String {
    match chess_with_rules(rules) {
        Ok(_) => panic!("`{rules}` was accepted"),
        Err(e) => e.to_string(),
    }
}

fn piece_on(p: &FairyPos, square: usize) -> Option<String> {
    p.piece(square)
        .map(|(c, t)| p.v.kinds[t].def.symbols[0].clone() + if c == 0 { "w" } else { "b" })
}

const E7: usize = 6 * 16 + 4;
const E8: usize = 7 * 16 + 4;

#[test]
fn promotion_warp_promotes_a_piece_when_it_is_warped() {
    // Seed 001, `promotion`'s `warp`: "The piece will not promote immediately, and will not be
    // removed from board, it will be promoted when warped." The pawn's e7-e8 is a plain move
    // (no `e7e8=Q`); on e8 it cannot move; warping it (`@@e8=...`) promotes it and leaves it
    // on the board: no plain removal `@@e8`. The rook, which does not promote, is warped off
    // as `warp` says ("Any piece, except the royal piece, can be removed").
    let mut p = pos("warp promotion=warp", "k7/4P3/8/8/8/8/8/K6R w - - 0 1");
    let m = legal(&p);
    assert!(m.contains(&"e7e8".to_string()), "{m:?}");
    assert!(!m.iter().any(|m| m.starts_with("e7e8=")), "{m:?}");
    // On e7 the pawn is not in the zone: warping it takes it off.
    assert_eq!(in_place(&p), ["@@e7", "@@h1"]);
    play(&mut p, "e7e8");
    play(&mut p, "a8a7");
    assert_eq!(
        in_place(&p),
        ["@@e8=B", "@@e8=N", "@@e8=Q", "@@e8=R", "@@h1"],
        "the pawn in the zone is promoted by warping, not removed"
    );
    assert!(
        !legal(&p).iter().any(|m| m.starts_with("e8")),
        "a dead pawn"
    );
    play(&mut p, "@@e8=Q");
    assert_eq!(piece_on(&p, E8).as_deref(), Some("Qw"));
    assert!(p.promoted.has(E8), "a promoted piece");
    assert_eq!(p.turn, 1, "a warp counts as a move");
    assert!(p.hand[0].iter().all(|&n| n == 0), "nothing went to a hand");
}

#[test]
fn promotion_warp_waits_for_warps_start_and_keeps_the_holding() {
    // `warp=start(N)`: "Warping is not allowed in first Nth half moves": before ply 4 the pawn
    // on e8 waits (no `@@e8=Q`), from ply 4 on it may be warped into a queen.
    let on_e8 = "k3P3/8/8/8/8/8/8/K7 w - - 0 1";
    let early = pos("warp=start(4) promotion=warp", on_e8);
    assert!(in_place(&early).is_empty(), "{:?}", in_place(&early));
    let later = pos(
        "warp=start(4) promotion=warp",
        "k3P3/8/8/8/8/8/8/K7 w - - 0 3",
    );
    assert_eq!(in_place(&later), ["@@e8=B", "@@e8=N", "@@e8=Q", "@@e8=R"]);
    // With a holding, a warped rook goes to the hand ("it behaves like a capturing"), a
    // warped pending pawn does not: it stays on the board, promoted.
    let mut p = pos(
        "holding warp promotion=warp",
        "k3P3/8/8/8/8/8/8/K6R w - - 0 1",
    );
    play(&mut p, "@@e8=N");
    assert_eq!(piece_on(&p, E8).as_deref(), Some("Nw"));
    assert!(p.hand[0].iter().all(|&n| n == 0));
    play(&mut p, "a8a7");
    play(&mut p, "@@h1");
    assert_eq!(p.hand[0].iter().map(|&n| u32::from(n)).sum::<u32>(), 1);
}

#[test]
fn promotion_warp_needs_the_warp_rule_and_no_move_trigger() {
    // "This attribute is not allowed if rule warp is not specified."
    let e = refusal("promotion=warp");
    assert!(e.contains("needs the rule `warp`"), "{e}");
    // Under `warp` no move promotes, so the attributes saying which moves promote are refused
    // beside it (never accepted and ignored).
    for (rules, named) in [
        ("warp promotion=warp,capture", "capture"),
        ("warp promotion=warp,optional", "optional"),
    ] {
        let e = refusal(rules);
        assert!(e.contains(&format!("beside `{named}`")), "{rules}: {e}");
    }
}

#[test]
fn a_warp_promotion_is_read_from_a_pgn_game() {
    // End to end: `--rules "warp promotion=warp"` on games from a FEN. In the first the pawn
    // goes to e8 unpromoted (`1. e8`) and is warped into a queen (`2. @@e8=Q`): a white queen
    // on e8 in two positions (after the warp and after 2... Kb6). The second writes a plain
    // removal of that pawn (`@@e8`), which `promotion=warp` does not allow: a bad game.
    let pgn = "[Event \"warped\"]\n[SetUp \"1\"]\n[FEN \"k7/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8 Ka7 2. @@e8=Q Kb6 *\n\n\
               [Event \"removed\"]\n[SetUp \"1\"]\n[FEN \"k7/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8 Ka7 2. @@e8 Kb6 *\n";
    let err = crate::common::rules_count_summary("warp promotion=warp", "Qe8", pgn);
    assert!(
        err.contains("1 matched, 2 positions matched, 1 bad game"),
        "{err}"
    );
    assert!(err.contains("@@e8"), "the bad game names the move: {err}");
}

#[test]
fn promotion_null_promotes_without_a_move() {
    // Seed 001, `promotion`'s `null`: "This attribute allows to promote without doing a move,
    // but such a promotion counts as a move." Zone ranks 7-8 with `optional`: the pawn
    // entering e7 may stay a pawn (`e6e7`); on its next move it may promote there without
    // moving (`@@e7=N`), or move on. Without `null` it has no such move.
    let rules = "promotion[7-8]=optional,null";
    let mut p = pos(rules, "k7/8/4P3/8/8/8/8/K7 w - - 0 1");
    assert!(in_place(&p).is_empty(), "e6 is outside the zone");
    play(&mut p, "e6e7");
    play(&mut p, "a8b8");
    assert_eq!(in_place(&p), ["@@e7=B", "@@e7=N", "@@e7=Q", "@@e7=R"]);
    assert!(legal(&p).contains(&"e7e8=Q".to_string()));
    p.halfmove = 7;
    play(&mut p, "@@e7=N");
    assert_eq!(piece_on(&p, E7).as_deref(), Some("Nw"));
    assert_eq!(p.turn, 1, "it counts as a move");
    assert_eq!(
        p.halfmove, 0,
        "a promotion cannot be undone: the clock resets"
    );
    // The knight does not promote: it has no in-place move.
    play(&mut p, "b8a8");
    assert!(in_place(&p).is_empty());
    let plain = pos("promotion[7-8]=optional", "k7/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert!(in_place(&plain).is_empty(), "without `null`");
    // Black's zone is mirrored (ranks 1-2): its pawn on d2 promotes there.
    let black = pos(rules, "k7/8/8/8/8/8/3p4/K7 b - - 0 1");
    assert_eq!(in_place(&black), ["@@d2=B", "@@d2=N", "@@d2=Q", "@@d2=R"]);
}

/// White has every piece of the start position (the pawn on e7 the eighth pawn), so its
/// `stack` is empty; black's rook on d8 can take the d4 knight.
const FULL_SET: &str = "k2r4/4P3/8/8/3N4/8/PPPP1PPP/R1BQKBNR w KQ - 0 1";

#[test]
fn promotion_available_makes_a_dead_piece_promote_as_soon_as_it_can() {
    // Seed 001, `promotion`'s `available`: "As soon as a piece for promotion of a "dead
    // piece" is available, it must promote immediately". `stack`: only captured pieces are
    // promotion choices; `notforced`: the pawn may enter e8 with none (a dead piece). When
    // black takes the d4 knight, a knight is available: white's only moves are the pawn's
    // promotion to it where it stands.
    let rules = "promotion=stack,notforced,available";
    let mut p = pos(rules, FULL_SET);
    assert!(
        legal(&p).contains(&"e7e8".to_string()),
        "no choice: enters dead"
    );
    play(&mut p, "e7e8");
    assert!(in_place(&p).is_empty());
    play(&mut p, "d8d4");
    assert_eq!(legal(&p), ["@@e8=N"]);
    play(&mut p, "@@e8=N");
    assert_eq!(piece_on(&p, E8).as_deref(), Some("Nw"));
    // Without `available` the dead pawn waits: no in-place move at all.
    let mut q = pos("promotion=stack,notforced", FULL_SET);
    play(&mut q, "e7e8");
    play(&mut q, "d8d4");
    assert!(in_place(&q).is_empty());
    assert!(legal(&q).len() > 10);
}

#[test]
fn promotion_available_optional_lets_a_mobile_piece_promote_in_place() {
    // "... except if attribute optional is specified and the piece is able to move, then it
    // may promote immediately." Zone ranks 7-8: the pawn on e7 can still move (to e8) and,
    // once a knight is available, may promote on e7 (`@@e7=N`) beside its other moves; without
    // `optional` a piece that can move gets no in-place promotion.
    let fen = "k2r4/4P3/8/8/3N4/8/PPPP1PPP/R1BQKBNR b KQ - 0 1";
    let mut p = pos("promotion[7-8]=stack,notforced,available,optional", fen);
    play(&mut p, "d8d4");
    assert_eq!(in_place(&p), ["@@e7=N"]);
    assert!(
        legal(&p).len() > 1,
        "not compulsory for a piece that can move"
    );
    let mut q = pos("promotion[7-8]=stack,notforced,available", fen);
    play(&mut q, "d8d4");
    assert!(in_place(&q).is_empty());
}

const E1: usize = 4;
const E2: usize = 16 + 4;
const E3: usize = 2 * 16 + 4;

#[test]
fn promotion_castle_gives_a_promoted_rook_the_castle_right_forward() {
    // Seed 001, `promotion`'s `castle`: "After promotion to a piece specified in the
    // following obligatory piece set the square of this piece will get the castle right for
    // forward castling. The piece on this square will be initial again, as if it didn't move
    // before." Forward castling with a promoted rook is the problemists' Pam-Krabbé
    // (Staugaard) castling: "wKe1 & wRe8 to wKe3 & wRe2", written `O-O-O-O`. The king has its
    // rights (`Q`); after e8=R the e-file between them is empty and no square the king
    // starts on, crosses or lands on is attacked.
    let rules = "promotion=castle{R}";
    let fen = "k7/4P3/8/8/8/8/8/R3K3 w Q - 0 1";
    let mut p = pos(rules, fen);
    play(&mut p, "e7e8r");
    play(&mut p, "a8b7");
    let castle = p
        .coord_to_move("O-O-O-O", cqlq::rules::fairy::RankBase::One)
        .expect("O-O-O-O");
    assert_eq!(castle.kind, MoveKind::Castle(E8 as u8, E2 as u8));
    assert!(legal(&p).contains(&"e1e3".to_string()));
    // The ordinary queenside castling is still `O-O-O`.
    let long = p
        .coord_to_move("O-O-O", cqlq::rules::fairy::RankBase::One)
        .expect("O-O-O");
    assert_eq!(long.to, 2, "the king to c1");
    play(&mut p, "O-O-O-O");
    assert_eq!(piece_on(&p, E3).as_deref(), Some("Kw"));
    assert_eq!(piece_on(&p, E2).as_deref(), Some("Rw"));
    assert_eq!(piece_on(&p, E1), None);
    assert_eq!(piece_on(&p, E8), None);
    // A queen is not in the set: no forward castling after e8=Q.
    let mut q = pos(rules, fen);
    play(&mut q, "e7e8q");
    play(&mut q, "a8b7");
    assert!(
        q.coord_to_move("O-O-O-O", cqlq::rules::fairy::RankBase::One)
            .is_err()
    );
    // Without the attribute, a promoted rook is a moved piece.
    let mut plain = pos("promotion", fen);
    play(&mut plain, "e7e8r");
    play(&mut plain, "a8b7");
    assert!(
        plain
            .coord_to_move("O-O-O-O", cqlq::rules::fairy::RankBase::One)
            .is_err()
    );
}

#[test]
fn promotion_castle_follows_the_castling_conditions() {
    // As in any castling: the king may not cross an attacked square (the h2 rook attacks
    // e2), nor castle out of check, nor without its own rights (`-`); once the promoted rook
    // moves it is no longer "initial". Black castles forward too (downwards): Ke8 and a
    // rook promoted on e1 give Ke6 and Re7.
    let rules = "promotion=castle{R}";
    let mut attacked = pos(rules, "k7/4P3/8/8/8/8/7r/R3K3 w Q - 0 1");
    play(&mut attacked, "e7e8r");
    play(&mut attacked, "a8b7");
    assert!(!legal(&attacked).iter().any(|m| m == "e1e3"));
    let mut no_rights = pos(rules, "k7/4P3/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut no_rights, "e7e8r");
    play(&mut no_rights, "a8b7");
    assert!(!legal(&no_rights).iter().any(|m| m == "e1e3"));
    let mut moved = pos(rules, "k7/4P3/8/8/8/8/8/R3K3 w Q - 0 1");
    play(&mut moved, "e7e8r");
    play(&mut moved, "a8b7");
    play(&mut moved, "e8e7");
    play(&mut moved, "b7b8");
    play(&mut moved, "e7e8");
    play(&mut moved, "b8b7");
    assert!(!legal(&moved).iter().any(|m| m == "e1e3"), "the rook moved");
    let mut black = pos(rules, "r3k3/8/8/8/8/8/4p3/K7 b q - 0 1");
    play(&mut black, "e2e1r");
    play(&mut black, "a1b2");
    play(&mut black, "O-O-O-O");
    assert_eq!(piece_on(&black, 5 * 16 + 4).as_deref(), Some("Kb"));
    assert_eq!(piece_on(&black, E7).as_deref(), Some("Rb"));
    // The set is obligatory.
    let e = refusal("promotion=castle");
    assert!(e.contains("needs a piece set"), "{e}");
}

#[test]
fn a_forward_castling_is_read_from_a_pgn_game() {
    // End to end: `--rules "promotion=castle{R}"`, `1. e8=R Kb7 2. O-O-O-O Kc6`: the white
    // king on e3 in two positions. Under bare `promotion` the same game is a bad game.
    let pgn = "[Event \"castled\"]\n[SetUp \"1\"]\n[FEN \"k7/4P3/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. e8=R Kb7 2. O-O-O-O Kc6 *\n";
    for (rules, want) in [
        ("promotion=castle{R}", "1 matched, 2 positions matched"),
        ("promotion", "0 matched, 0 positions matched, 1 bad game"),
    ] {
        let err = crate::common::rules_count_summary(rules, "Ke3", pgn);
        assert!(err.contains(want), "{rules}: {err}");
    }
}

#[test]
fn promotion_enpassant_promotes_in_a_leg_of_the_move() {
    // Seed 001, `promotion`'s `enpassant`: "Normally promotion will be done only after the
    // move has finished. When this attribute is specified, then promotion will be done in
    // any leg, and the move will continue with the promoted piece." A pawn's double step is
    // two one-square legs (as `stopifchecking` reads them): with the zone on rank 3, e2-e4's
    // first leg ends on e3, so the pawn promotes there and the promoted piece ends the move
    // on e4; the plain double step is gone (promotion is compulsory on entering, the page's
    // default). Without `enpassant` the double step stays a pawn's.
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    let p = pos("promotion[3]=enpassant", fen);
    let m = legal(&p);
    for want in ["e2e4=Q", "e2e4=N", "e2e3=Q"] {
        assert!(m.contains(&want.to_string()), "{want}: {m:?}");
    }
    assert!(!m.contains(&"e2e4".to_string()), "{m:?}");
    assert!(!m.contains(&"e2e3".to_string()), "{m:?}");
    let plain = pos("promotion[3]", fen);
    assert!(legal(&plain).contains(&"e2e4".to_string()));
    // The piece that ends the move is a queen, not a pawn that double-stepped: no en passant
    // for black's d4 pawn (which has it after the plain double step).
    let mut q = pos("promotion[3]=enpassant", fen);
    play(&mut q, "e2e4q");
    assert_eq!(piece_on(&q, 3 * 16 + 4).as_deref(), Some("Qw"));
    assert!(!legal(&q).contains(&"d4e3".to_string()));
    let mut pawn = pos("promotion[3]", fen);
    play(&mut pawn, "e2e4");
    assert!(legal(&pawn).contains(&"d4e3".to_string()));
    // Black's zone is mirrored (rank 6): d7-d5 promotes in its first leg.
    let black = pos("promotion[3]=enpassant", "4k3/3p4/8/8/8/8/8/4K3 b - - 0 1");
    assert!(legal(&black).contains(&"d7d5=Q".to_string()));
    // The attributes that make promotion optional or name other moves are refused beside it.
    let e = refusal("promotion=enpassant,optional");
    assert!(e.contains("beside `optional`"), "{e}");
    let e = refusal("cylindric promotion=enpassant");
    assert!(e.contains("wraps"), "{e}");
}

#[test]
fn promotion_continue_lets_the_promoted_piece_move_on() {
    // Seed 001, `promotion`'s `continue`: "After promotion continue with the promoted
    // piece", and "normally a promotion stops the move, the promoted piece will not continue
    // moving, except if attribute continue ... is specified". After e7-e8=Q white moves again,
    // only with the new queen (its check on a8 stands, and the king may not be taken, as
    // "each move must fit with the rules of chess"); then black moves.
    let rules = "promotion=continue";
    let mut p = pos(rules, "k7/4P3/8/8/8/8/8/K7 w - - 0 1");
    play(&mut p, "e7e8q");
    assert_eq!(p.turn, 0, "white moves on");
    assert_eq!(p.fullmove, 1);
    let m = legal(&p);
    assert!(m.iter().all(|m| m.starts_with("e8")), "{m:?}");
    assert!(m.contains(&"e8b5".to_string()) && !m.contains(&"e8a8".to_string()));
    play(&mut p, "e8b5");
    assert_eq!(p.turn, 1);
    assert!(legal(&p).iter().all(|m| m.starts_with("a8")));
    // Black's promotion: the move number advances after its continuation.
    let mut b = pos(rules, "k7/8/8/8/8/8/4p3/7K b - - 0 5");
    play(&mut b, "e2e1q");
    assert_eq!((b.turn, b.fullmove), (1, 5));
    play(&mut b, "e1e5");
    assert_eq!((b.turn, b.fullmove), (0, 6));
    // A promoted knight with no move (its squares held by white pawns) cannot move on: the
    // turn passes.
    let mut stuck = pos(rules, "k7/2P1P1P1/3P1P2/8/8/8/8/K7 w - - 0 1");
    play(&mut stuck, "e7e8n");
    assert_eq!(stuck.turn, 1);
    // Without `continue` a promotion ends the turn.
    let mut plain = pos("promotion", "k7/4P3/8/8/8/8/8/K7 w - - 0 1");
    play(&mut plain, "e7e8q");
    assert_eq!(plain.turn, 1);
    let e = refusal("progressive promotion=continue");
    assert!(e.contains("beside `progressive`"), "{e}");
}

#[test]
fn a_continued_promotion_is_read_from_a_pgn_game() {
    // End to end: `--rules promotion=continue`, the queen's move on written as the next SAN
    // token (`1. e8=Q Qb5 Ka7`): a white queen on b5 in two positions; under bare
    // `promotion` `Qb5` would be black's move: a bad game.
    let pgn = "[Event \"continued\"]\n[SetUp \"1\"]\n[FEN \"k7/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8=Q Qb5 Ka7 *\n";
    for (rules, want) in [
        ("promotion=continue", "1 matched, 2 positions matched"),
        ("promotion", "0 matched, 0 positions matched, 1 bad game"),
    ] {
        let err = crate::common::rules_count_summary(rules, "Qb5", pgn);
        assert!(err.contains(want), "{rules}: {err}");
    }
}

fn hand_total(p: &FairyPos, side: usize) -> u32 {
    p.hand[side].iter().map(|&n| u32::from(n)).sum()
}

fn play_san(p: &mut FairyPos, san: &str) {
    let m = p
        .san_to_move(san)
        .unwrap_or_else(|e| panic!("{san}: {e} in {}", p.to_fen(true)));
    p.make(&m);
}

#[test]
fn drop_immediate_places_the_captured_piece_in_the_capturing_move() {
    // Seed 001, `drop`'s `immediate`: "Drop the piece immdiately after it has been captured
    // ... This does not count as a turn." Its "TODO: who is placing the piece" is read as the
    // side whose holding receives the piece: the capturer (the holding's default flip, "like
    // in Shogi, or Crazyhouse"), in the capturing move. Rxd5 takes the knight, which becomes
    // white's and is placed at once on any square empty after the move (61: the board less
    // the king, the rook on d5 and the black king; d1, left by the rook, included); a plain
    // Rxd5 is no move; a move that captures nothing places nothing.
    let rules = "holding drop=immediate";
    let fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
    let p = pos(rules, fen);
    let gated: Vec<FMove> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.capture.is_some())
        .collect();
    assert_eq!(gated.len(), 61);
    assert!(gated.iter().all(|m| m.gate.is_some()));
    assert!(
        gated.iter().any(|m| m.gate.is_some_and(|(_, s)| s == 3)),
        "d1"
    );
    assert!(p.san_to_move("Rxd5").is_err(), "the knight must be placed");
    assert!(
        p.san_to_move("Kf1").is_ok_and(|m| m.gate.is_none()),
        "a quiet move places nothing"
    );
    let mut q = p.clone();
    play_san(&mut q, "Rxd5/N@c3");
    assert_eq!(piece_on(&q, 2 * 16 + 2).as_deref(), Some("Nw"));
    assert_eq!(piece_on(&q, 4 * 16 + 3).as_deref(), Some("Rw"));
    assert_eq!(hand_total(&q, 0), 0, "nothing left in hand");
    assert_eq!(q.turn, 1, "one move");
    // Without `immediate` the knight goes to the hand and is dropped later as a move.
    let mut plain = pos("holding", fen);
    play_san(&mut plain, "Rxd5");
    assert_eq!(hand_total(&plain, 0), 1);
}

#[test]
fn drop_immediate_holds_a_piece_until_a_square_is_vacant() {
    // "If no square is available on which to place the piece, it will be held until a square
    // is vacant and immediately placed on any vacant square." Pawns may be placed only on a5
    // (`drop{P}[a5]`), where a white knight stands: Rxa4 keeps the pawn in white's hand. The
    // next white move that leaves a5 empty (the knight's) places it there at once; a move
    // that does not (the king's) leaves it held.
    let rules = "holding drop{P}[a5]=immediate";
    let mut p = pos(rules, "4k3/8/8/N7/p7/8/8/R3K3 w - - 0 1");
    play_san(&mut p, "Rxa4");
    assert_eq!(hand_total(&p, 0), 1, "held");
    play_san(&mut p, "Kd8");
    assert!(
        p.san_to_move("Nb7").is_err(),
        "a5 is vacated: the pawn must go there"
    );
    assert!(
        p.san_to_move("Kd2").is_ok(),
        "a5 stays occupied: still held"
    );
    play_san(&mut p, "Nb7/P@a5+");
    assert_eq!(piece_on(&p, 4 * 16).as_deref(), Some("Pw"));
    assert_eq!(hand_total(&p, 0), 0);
}

#[test]
fn drop_immediate_refusals_and_a_pgn_game() {
    // Where the capturer is not the one holding the piece as its own, or a drop rule judges
    // drops as moves of their own, the reading does not apply: refused by name.
    for (rules, named) in [
        ("holding=notflip drop=immediate", "notflip"),
        ("holding=share drop=immediate", "share"),
        ("holding drop=immediate,nocheck", "nocheck"),
    ] {
        let e = refusal(rules);
        assert!(e.contains(&format!("beside `{named}`")), "{rules}: {e}");
    }
    // End to end: `1. Rxd5/N@c3 Kf7` replayed by `--rules`: a white knight on c3 in two
    // positions; the same game with a plain `Rxd5` is a bad game.
    let pgn = "[Event \"placed\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1\"]\n\n1. Rxd5/N@c3 Kf7 *\n\n\
               [Event \"kept\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1\"]\n\n1. Rxd5 Kf7 *\n";
    let err = crate::common::rules_count_summary("holding drop=immediate", "Nc3", pgn);
    assert!(
        err.contains("1 matched, 2 positions matched, 1 bad game"),
        "{err}"
    );
}

#[test]
fn a_continuation_that_promotes_again_ends_the_turn() {
    // "After promotion continue with the promoted piece": the promoted piece moves on once.
    // Pawns promoting to pawns over ranks 3-8: e2-e3=P promotes and the new pawn moves on;
    // its e3-e4=P promotes again but does not continue: black moves.
    let mut p = pos(
        "promotion[3-8]=enter{P},continue",
        "k7/8/8/8/8/8/4P3/K7 w - - 0 1",
    );
    play(&mut p, "e2e3p");
    assert_eq!(p.turn, 0, "the promoted pawn moves on");
    play(&mut p, "e3e4p");
    assert_eq!(p.turn, 1, "no second continuation");
}
