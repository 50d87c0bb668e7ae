//! Unit tests of the online variants: seed 003's FEN examples, pockets and demotion, the
//! Zobrist pocket scheme, `power` (seed 004), Losers and Giveaway layers, variant checks.

use super::*;

fn pos(variant: OnlineVariant, fen: &str) -> Online {
    Online::from_fen(variant, fen).unwrap()
}

fn play(p: &mut Online, sans: &[&str]) {
    for san in sans {
        p.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

/// Seed 003: pockets `[PNpb]` after the board, promoted pieces `Q~`; `currentfen` zeroes the
/// counters.
#[test]
fn crazyhouse_fen_follows_seed_003() {
    let fen = "rQ~b1kbnr/pp3ppp/8/2p5/5P2/8/PPPPK1qP/RNBQ1q~NR[PNpb] w kq - 0 9";
    let p = pos(OnlineVariant::Crazyhouse, fen);
    assert_eq!(p.fen(true), fen);
    assert_eq!(
        p.fen(false),
        "rQ~b1kbnr/pp3ppp/8/2p5/5P2/8/PPPPK1qP/RNBQ1q~NR[PNpb] w kq - 0 1"
    );
    assert_eq!(
        p.promoted(),
        Bitboard::from_square(Square::B8) | Bitboard::from_square(Square::F1)
    );
}

/// Seed 003: the Three-check field `W+B` stands between en passant and the halfmove clock.
#[test]
fn three_check_fen_follows_seed_003() {
    let fen = "5k2/p7/1p6/3B2P1/3P1rp1/b1P2P2/P5K1/7R w - - 1+3 4 34";
    let p = pos(OnlineVariant::ThreeCheck, fen);
    assert_eq!(p.fen(true), fen);
    assert_eq!(
        p.fen(false),
        "5k2/p7/1p6/3B2P1/3P1rp1/b1P2P2/P5K1/7R w - - 1+3 0 1"
    );
    // Rh8+ is White's last needed check: a mate by python-chess's rule, the game is over.
    let mut p = p;
    play(&mut p, &["Rh8+"]);
    assert!(p.is_check() && p.is_variant_end() && p.is_mate() && !p.is_stalemate());
    assert!(p.fen(true).contains(" 0+3 "), "{}", p.fen(true));
}

/// A captured promoted piece goes to the pocket as a pawn; drops have an empty `from`.
#[test]
fn captured_promoted_pieces_demote_and_drops_are_moves() {
    let mut p = pos(
        OnlineVariant::Crazyhouse,
        "rQ~6/8/8/8/8/8/7K/2k5[] b - - 0 1",
    );
    assert_eq!(p.promoted(), Bitboard::from_square(Square::B8));
    play(&mut p, &["Rxb8"]);
    assert_eq!(p.fen(true), "1r6/8/8/8/8/8/7K/2k5[p] w - - 0 2");
    assert_eq!(p.promoted(), Bitboard::EMPTY);
    play(&mut p, &["Kh3"]);
    let drops: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from.is_empty())
        .collect();
    // A pawn may go to any empty square of ranks 2 to 7.
    assert_eq!(drops.len(), 6 * 8 - 1);
    assert!(drops.iter().all(|m| m.mover == 0 && !m.null));
    let info = p.play_san("P@e4").unwrap();
    assert!(info.from.is_empty() && info.to == Bitboard::from_square(Square::E4));
    assert_eq!(p.fen(true), "1r6/8/8/8/4p3/7K/8/2k5[] w - - 0 3");
}

/// Pockets are hashed (count 0 adds nothing): empty pockets keep the Polyglot key, the same
/// position reached by two move orders has one key, and a pocket piece changes it.
#[test]
fn zobrist_keys_hash_pockets() {
    let start = Online::for_game(OnlineVariant::Crazyhouse, None).unwrap();
    assert_eq!(start.zobrist(), 0x463b96181691fc9c);
    let mut a = start.clone();
    play(&mut a, &["e4", "Nf6", "Nc3", "d5", "exd5"]);
    let mut b = start.clone();
    play(&mut b, &["Nc3", "d5", "e4", "Nf6", "exd5"]);
    assert_eq!(a.fen(false), b.fen(false));
    assert_eq!(a.zobrist(), b.zobrist());
    // The same board and side in standard chess: its Polyglot key lacks White's pawn.
    let standard = crate::rules::standard::Standard::from_fen(
        "rnbqkb1r/ppp1pppp/5n2/3P4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 0 3",
        false,
    )
    .unwrap();
    assert_eq!(
        a.zobrist() ^ standard.zobrist(),
        Zobrist64::zobrist_for_pocket(SColor::White, Role::Pawn, 1).0
    );
    assert_ne!(a.zobrist(), standard.zobrist());
}

/// Seed 004's `:power` table: Crazyhouse Q5 R3, Losers R4 N4, Giveaway/Suicide K30 B0 N9,
/// the others as normal chess.
#[test]
fn power_follows_seed_004() {
    let of = |v: OnlineVariant| {
        let p = Online::for_game(v, None).unwrap();
        (0..6).map(|t| p.power_of(t)).collect::<Vec<_>>()
    };
    assert_eq!(of(OnlineVariant::Crazyhouse), [1, 3, 3, 3, 5, 0]);
    assert_eq!(of(OnlineVariant::Losers), [1, 4, 3, 4, 5, 0]);
    assert_eq!(of(OnlineVariant::Antichess), [1, 9, 0, 9, 3, 30]);
    assert_eq!(of(OnlineVariant::Giveaway), [1, 9, 0, 9, 3, 30]);
    assert_eq!(of(OnlineVariant::Atomic), [1, 3, 3, 5, 9, 0]);
    assert_eq!(of(OnlineVariant::ThreeCheck), [1, 3, 3, 5, 9, 0]);
}

/// Losers: a legal capture must be played; a side left with its lone king has reached the
/// goal (no moves, neither mate nor stalemate).
#[test]
fn losers_forces_captures_and_ends_on_a_lone_king() {
    // White can take d5 with the e4 pawn: that is the only move.
    let p = pos(OnlineVariant::Losers, "4k3/8/8/3p4/4P3/8/8/4K2R w - - 0 1");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1);
    assert!(moves[0].capture.is_some());
    let lone = pos(OnlineVariant::Losers, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert!(lone.is_variant_end() && !lone.has_legal_move());
    assert!(!lone.is_mate() && !lone.is_stalemate());
}

/// Giveaway keeps castling rights (shakmaty's Antichess has none) and writes them in its FEN.
#[test]
fn giveaway_castles_and_antichess_does_not() {
    let fen = "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1";
    let mut give = pos(OnlineVariant::Giveaway, fen);
    assert_eq!(give.fen(true), fen);
    let castles = give
        .legal_moves()
        .iter()
        .filter(|m| m.castle.is_some())
        .count();
    assert_eq!(castles, 2);
    play(&mut give, &["O-O"]);
    assert_eq!(give.fen(true), "r3k2r/p6p/8/8/8/8/P6P/R4RK1 b kq - 1 1");
    let anti = pos(OnlineVariant::Antichess, fen);
    assert!(anti.legal_moves().iter().all(|m| m.castle.is_none()));
    assert!(!anti.fen(true).contains("KQ"));
}

/// Check by variant: none in Antichess, none while Atomic kings touch, none for Horde's
/// kingless White; a king on the hill ends King of the Hill without mate or stalemate.
#[test]
fn check_and_goals_follow_the_variants() {
    let attacked = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
    assert!(pos(OnlineVariant::Losers, attacked).is_check());
    assert!(!pos(OnlineVariant::Antichess, attacked).is_check());
    assert!(pos(OnlineVariant::Atomic, "8/8/8/8/8/8/4k3/r3K3 w - - 0 1").has_legal_move());
    assert!(!pos(OnlineVariant::Atomic, "8/8/8/8/8/8/4k3/r3K3 w - - 0 1").is_check());
    assert!(pos(OnlineVariant::Atomic, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1").is_check());
    let horde = Online::for_game(OnlineVariant::Horde, None).unwrap();
    assert!(!horde.is_check() && horde.has_legal_move());
    let mut hill = pos(
        OnlineVariant::KingOfTheHill,
        "4k3/8/8/8/8/3K4/8/8 w - - 0 1",
    );
    play(&mut hill, &["Kd4"]);
    assert!(hill.is_variant_end() && !hill.has_legal_move());
    assert!(!hill.is_mate() && !hill.is_stalemate());
}
