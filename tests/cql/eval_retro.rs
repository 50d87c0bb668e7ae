//! CQLi's retrograde words: `move reverse` (the retro moves that could have led to the
//! position) and `reachableposition` (the checks listed in `eval::reachable`).
//!
//! Truth: counts worked out by hand on small positions (the reasoning is written beside
//! each), and real games: every position of a game that starts from the initial position
//! was reached by legal play, so it is reachable and the move played to reach it is one of
//! its retro moves.

use crate::common;

use cqlq::eval::{fen_retro_count, fen_unreachable_reason};

/// The value `n` for which `{query} == n` matches the only position of a game starting at
/// `fen` (None if no n up to 200 does).
fn value_at(fen: &str, query: &str) -> Option<i64> {
    let pgn = format!("[Event \"retro\"]\n[FEN \"{fen}\"]\n\n*\n");
    let games = common::games_from("retro", &pgn);
    let game = games[0].as_ref().expect("the FEN is a valid start");
    (0..=200).find(|n| {
        let filter = common::compile(&format!("{query} == {n}"));
        common::matching_plies(game, 1, &filter) == [0]
    })
}

/// Whether `query` matches the only position of a game starting at `fen`.
fn holds(fen: &str, query: &str) -> bool {
    let pgn = format!("[Event \"retro\"]\n[FEN \"{fen}\"]\n\n*\n");
    let games = common::games_from("holds", &pgn);
    let game = games[0].as_ref().expect("the FEN is a valid start");
    common::matching_plies(game, 1, &common::compile(query)) == [0]
}

/// Lone kings, White just moved: the king came from d1, f1, d2, e2 or f2 (5 squares), each
/// a plain move or an un-capture of a black knight, bishop, rook or queen on e1 (no pawn on
/// the first rank): 5 x 5 = 25. A halfmove clock of 1 says the last move captured nothing:
/// 5.
#[test]
fn king_un_moves_and_un_captures() {
    assert_eq!(fen_retro_count("4k3/8/8/8/8/8/8/4K3 b - - 0 1"), Ok(25));
    assert_eq!(fen_retro_count("4k3/8/8/8/8/8/8/4K3 b - - 1 1"), Ok(5));
    assert_eq!(
        value_at("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "move reverse count"),
        Some(25)
    );
    // Only the king moved: every retro move ends on its square.
    assert_eq!(
        value_at("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "move reverse to K count"),
        Some(25)
    );
    assert_eq!(
        value_at("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "#(move reverse from .)"),
        Some(5)
    );
}

/// White pawn d6, kings e1 and e8, Black to move. The pawn: one step from d5; un-captures
/// from c5 and e5 of each of the 5 black types (a pawn may stand on d6): 10; en passant from
/// c5 and e5 (d7 and d5 empty, the black pawn put back on d5): 2; so 13. The king: 25 as in
/// `king_un_moves_and_un_captures`. 38 in all.
#[test]
fn pawn_un_moves_un_captures_and_un_en_passant() {
    let fen = "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(fen_retro_count(fen), Ok(38));
    assert_eq!(value_at(fen, "move reverse count"), Some(38));
    assert_eq!(value_at(fen, "move reverse enpassant count"), Some(2));
    assert_eq!(value_at(fen, "move reverse to d6 count"), Some(13));
    // From c5 or e5: 5 un-captures and 1 en passant each.
    assert_eq!(value_at(fen, "move reverse from [c5,e5] count"), Some(12));
    // The en passant capture's square is the black pawn's, d5.
    assert!(holds(fen, "move reverse enpassant capture d5"));
    assert!(!holds(fen, "move reverse enpassant capture d6"));
}

/// White queen a8 checks the black king e8 along the eighth rank; White just moved, so the
/// last move gave the check (the king's moves did not: 0). The queen came along its lines
/// from 17 empty squares (b8-d8, a7-a1, b7-h1) but not from one where it already checked
/// e8 (b8, c8, d8 on the rank, a4 and c6 on diagonals, e4 on the file): 11 squares, each
/// plain or an un-capture of a knight, bishop, rook or queen on a8 (no pawn on the last
/// rank): 55. Un-promotions: a pawn from a7 (plain) or from b7 (un-capturing one of those 4
/// types): 5. 60 in all.
#[test]
fn un_promotions_and_checks_given_by_the_last_move() {
    let fen = "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(fen_retro_count(fen), Ok(60));
    assert_eq!(value_at(fen, "move reverse count"), Some(60));
    assert_eq!(value_at(fen, "move reverse promote Q count"), Some(5));
    assert_eq!(value_at(fen, "move reverse to K count"), Some(0));
    // 11 x 4 queen un-captures and 4 capturing un-promotions.
    assert_eq!(value_at(fen, "move reverse capture a8 count"), Some(48));
}

/// King g1, rook f1, kings only besides, Black to move, halfmove clock 1 (no capture, no
/// pawn move). Un-castling O-O (e1 and h1 empty, e1 and f1 not attacked): 1. The king from
/// f2, g2, h2 or h1: 4. The rook from f2-f7 (not f8: it would have checked e8) and from
/// d1-a1 (not e1, on the e-file): 10. 15 in all.
#[test]
fn un_castling() {
    let fen = "4k3/8/8/8/8/8/8/5RK1 b - - 1 1";
    assert_eq!(fen_retro_count(fen), Ok(15));
    assert_eq!(value_at(fen, "move reverse count"), Some(15));
    assert!(holds(fen, "move reverse o-o from e1 to g1"));
    assert!(!holds(fen, "move reverse o-o-o"));
}

/// A castling right says its king and rook never moved. King e1 and rook h1 with the right
/// K, Black to move: White made the last move, with neither of its only two pieces: no
/// retro move. Without the right, the king (from d1, d2, e2, f2, f1: 5) and the rook (from
/// h2-h7, not h8 from where it would have checked e8 along the eighth rank, and from g1,
/// f1: 8) could have moved: 13 (clock 1: no captures).
#[test]
fn castling_rights_freeze_king_and_rook() {
    assert_eq!(fen_retro_count("4k3/8/8/8/8/8/8/4K2R b K - 1 1"), Ok(0));
    assert_eq!(fen_retro_count("4k3/8/8/8/8/8/8/4K2R b - - 1 1"), Ok(13));
}

/// An en passant square says the last move was that double step: the only retro move.
#[test]
fn en_passant_square_names_the_last_move() {
    let fen = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1";
    assert_eq!(fen_retro_count(fen), Ok(1));
    assert!(holds(fen, "move reverse from e2 to e4"));
    assert_eq!(value_at(fen, "move reverse count"), Some(1));
}

/// Black has all 8 pawns and both knights: an un-captured third black knight would need a
/// promotion, so the king's 5 origins come with un-captures of a bishop, rook or queen
/// only: 5 x 4 = 20.
#[test]
fn un_captures_respect_promotion_limits() {
    assert_eq!(
        fen_retro_count("1n2k1n1/pppppppp/8/8/8/8/8/4K3 b - - 0 1"),
        Ok(20)
    );
}

/// Positions that cannot be reached, one check of `eval::reachable` each, and reachable
/// controls.
#[test]
fn reachable_checks() {
    let reachable = |fen| fen_unreachable_reason(fen).expect("a FEN").is_none();
    // The initial position, and after 1.e3.
    assert!(reachable(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    ));
    assert!(reachable(
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    ));
    // Two kings missing / the side not to move in check / a pawn on the first rank.
    assert!(!reachable("8/8/8/8/8/8/8/4K3 w - - 0 1"));
    assert!(!reachable("4k3/8/8/8/8/8/8/r3K3 b - - 0 1"));
    assert!(!reachable("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"));
    // Two knights checking together: no move discovers a knight's check.
    assert!(!reachable("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"));
    // A knight and a rook can (a promotion to a knight discovering the rook).
    assert!(reachable("4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1"));
    // All 8 white pawns and two light-squared bishops (d3, f1): no promotion made one.
    assert!(!reachable(
        "rnbqkbnr/pppppppp/8/8/8/3B4/PPPPPPPP/RN1QKBNR w KQkq - 0 1"
    ));
    // Nine pawns.
    assert!(!reachable(
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    ));
    // The d-pawn on e3 took something, but Black has all 16 pieces; with a black knight
    // missing it is reached by 1.Nf3 Nc6 2.Ng1 Ne5 3.Nf3 Nc4 4.Ng1 Ne3 5.dxe3.
    assert!(!reachable(
        "rnbqkbnr/pppppppp/8/8/8/4P3/PPP1PPPP/RNBQKBNR b KQkq - 0 5"
    ));
    assert!(reachable(
        "r1bqkbnr/pppppppp/8/8/8/4P3/PPP1PPPP/RNBQKBNR b KQkq - 0 5"
    ));
    // A pawn on a3 with pawns a2 and b2: it cannot come from the b- or c-file in one rank
    // while a2 and b2 hold their own files, however many captures were available.
    assert!(!reachable("4k3/8/8/8/8/P7/PP1PPPPP/4K3 w - - 0 1"));
    assert!(reachable("4k3/8/8/8/8/P7/P1PPPPPP/4K3 w - - 0 1"));
    // Castling rights need the king on e1 and the rook in its corner.
    assert!(reachable("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));
    assert!(!reachable("4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1"));
    // An en passant square without the pawn that made the double step.
    assert!(!reachable("4k3/8/8/8/8/8/8/4K3 b - e3 0 1"));
    assert!(reachable("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"));
    // White just moved, but nothing could: king a1 boxed by b1 and unmoved pawns a2-c2, the
    // bishop b1 between the pawns.
    assert!(!reachable("4k3/8/8/8/8/8/PPP5/KB6 b - - 0 1"));
}

/// `reachableposition` as a query: the unmoving box above fails, the initial position
/// holds.
#[test]
fn reachableposition_filter() {
    assert!(!holds(
        "4k3/8/8/8/8/8/PPP5/KB6 b - - 0 1",
        "reachableposition"
    ));
    assert!(holds(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "reachableposition"
    ));
}

/// On master games (all start from the initial position), every position is
/// reachable and the move played to reach it is among its retro moves (same from and to
/// squares, and a capture exactly when it captured).
#[test]
fn real_games_are_reachable_and_their_moves_are_retro_moves() {
    let Some(path) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let games = common::replay_file(&path, 100);
    let always = common::compile("true");
    let reachable = common::compile("reachableposition");
    let played = common::compile(
        "initial or { F = move previous from . T = move previous to . \
         if move previous capture . then move reverse from F to T capture . \
         else move reverse from F to T }",
    );
    let mut positions = 0;
    for (i, g) in games.iter().enumerate() {
        let Some(g) = g else { continue };
        if g.record.tag("FEN").is_some() {
            continue;
        }
        let n = i as u64 + 1;
        let all = common::matching_plies(g, n, &always);
        positions += all.len();
        assert_eq!(common::matching_plies(g, n, &reachable), all, "game {n}");
        assert_eq!(common::matching_plies(g, n, &played), all, "game {n}");
    }
    assert!(positions > 1000, "{positions} positions");
}

/// `move reverse ... : F` is refused by name: the position before a retro move is not made.
#[test]
fn speculative_reverse_is_refused() {
    let q = "move reverse : check";
    let Err(e) = cqlq::query::Program::from_text(q, Some(cqlq::query::Dialect::Cql), false)
        .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD))
    else {
        panic!("{q} accepted");
    };
    let text = e.render("<test>", q);
    assert!(text.contains("move reverse"), "{text}");
}

/// `zobristkey` is a string, the key in hexadecimal (CQLi's Board State page), and for
/// standard chess the Polyglot key: the initial position's is 463b96181691fc9c (Polyglot's
/// book format specification).
#[test]
fn zobristkey_is_the_polyglot_key_in_hexadecimal() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(holds(start, "zobristkey == \"463b96181691fc9c\""));
    // A string: its length, and string operations, apply.
    assert_eq!(value_at(start, "#zobristkey"), Some(16));
    assert!(holds(start, "uppercase zobristkey == \"463B96181691FC9C\""));
}
