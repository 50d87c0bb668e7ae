//! `alice=3D` and `alice=4D` (seed 001's alice section): the boards side by side on one wide
//! board (board 1 a1-h8, board 2 i1-p8, board 3 a9-h16, board 4 i9-p16), each move played on
//! its piece's board and landing on the same square of another board. No oracle plays Alice
//! Chess on three or four boards: each expectation is reasoned from the seed's text (and the
//! 4D Quasi-Alice page on chessvariants.com for 4D) in the comment beside it.

use cqlq::rules::fairy::{FairyPos, RankBase};
use cqlq::rules::fbr::chess_with_rules;

use super::fbr_rules::{from, moves, play, pos};

/// Joins two FEN rank texts side by side (`4k3` + `8` = `4k11`).
fn join(left: &str, right: &str) -> String {
    let trailing = left.len() - left.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let leading = right.len() - right.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if trailing == 0 || leading == 0 {
        return format!("{left}{right}");
    }
    let (l, ln) = left.split_at(left.len() - trailing);
    let (rn, r) = right.split_at(leading);
    let n: usize = ln.parse::<usize>().unwrap() + rn.parse::<usize>().unwrap();
    format!("{l}{n}{r}")
}

/// The wide FEN of four 8x8 boards (board 1, 2, 3, 4 placements) and the FEN's other fields.
fn boards(b: [&str; 4], rest: &str) -> String {
    let rows = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
    let (b1, b2, b3, b4) = (rows(b[0]), rows(b[1]), rows(b[2]), rows(b[3]));
    let mut out: Vec<String> = (0..8).map(|i| join(&b3[i], &b4[i])).collect();
    out.extend((0..8).map(|i| join(&b1[i], &b2[i])));
    format!("{} {rest}", out.join("/"))
}

const EMPTY: &str = "8/8/8/8/8/8/8/8";

fn start(rules: &str) -> FairyPos {
    let v = chess_with_rules(rules).unwrap_or_else(|e| panic!("{rules}: {e}"));
    let fen = v.def.fen.clone();
    FairyPos::from_fen(v, &fen).expect("start position")
}

#[test]
fn the_start_position_stands_on_board_one_of_the_wide_board() {
    // "we use a multi-board representation": 16x16 (four 8x8 boards), FIDE's start on board 1.
    let p = start("alice=3D");
    assert_eq!((p.v.files, p.v.ranks), (16, 16));
    let fen = p.to_fen(true);
    assert!(
        fen.starts_with("16/16/16/16/16/16/16/16/rnbqkbnr8/pppppppp8/"),
        "{fen}"
    );
    assert!(fen.ends_with("PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1"), "{fen}");
}

#[test]
fn three_boards_give_a_free_choice_of_the_other_board() {
    // 3D: "a piece may have a free choice of which other board to make its Parton destination
    // board": FIDE's 20 first moves, each onto board 2 or board 3 (40); the knight g1 reaches
    // f3 and h3 of boards 2 (n3, p3) and 3 (f11, h11), never board 1's.
    let p = start("alice=3D");
    assert_eq!(moves(&p).len(), 40);
    assert_eq!(from(&p, "g1"), ["f11", "h11", "n3", "p3"]);
    // 4D: both kings stand on board 1, so "any of the other three boards are choices" (60).
    let p = start("alice=4D");
    assert_eq!(moves(&p).len(), 60);
    assert_eq!(from(&p, "g1"), ["f11", "h11", "n11", "n3", "p11", "p3"]);
}

#[test]
fn a_piece_sees_only_its_own_board_and_lands_on_a_vacant_square() {
    // Board 1: white rook a1, kings e1/e8. Board 2: a black knight on its a5 (i5). Board 3: a
    // white pawn on its a3 (a11). The rook's a-file on board 1 is empty (the other boards'
    // pieces do not block: "a move must be legal on the board where it is played"), so it
    // goes up to a8 there; it lands "only if the corresponding destination square on the other
    // board is vacant": not on i5 nor a11 (and the knight on board 2 is not its to take).
    let fen = boards(
        [
            "4k3/8/8/8/8/8/8/R3K3",
            "8/8/8/n7/8/8/8/8",
            "8/8/8/8/8/P7/8/8",
            EMPTY,
        ],
        "w - - 0 1",
    );
    let p = pos("alice=3D", &fen);
    let a1 = from(&p, "a1");
    for landed in [
        "i2", "i4", "i6", "i8", "a10", "a12", "a16", "j1", "b9", "d9",
    ] {
        assert!(a1.contains(&landed.to_string()), "{landed}: {a1:?}");
    }
    for never in ["i5", "a11", "a5", "b1", "a2"] {
        assert!(!a1.contains(&never.to_string()), "{never}: {a1:?}");
    }
    // A knight on h1 of board 1 leaps on board 1 only (g3, f2), landing on boards 2 and 3;
    // i3 or j2 of board 2 are no knight leap on any one board.
    let fen = boards(["4k3/8/8/8/8/8/8/4K2N", EMPTY, EMPTY, EMPTY], "w - - 0 1");
    let p = pos("alice=3D", &fen);
    assert_eq!(from(&p, "h1"), ["f10", "g11", "n2", "o3"]);
}

#[test]
fn a_capture_is_made_on_its_own_board_and_lands_on_another() {
    // Rook a1 takes the knight a5 of board 1; board 2's a5 (i5) holds a pawn, so the rook can
    // land only on board 3 (a13). The knight is gone, the pawn on board 2 stays.
    let fen = boards(
        ["4k3/8/8/n7/8/8/8/R3K3", "8/8/8/p7/8/8/8/8", EMPTY, EMPTY],
        "w - - 0 1",
    );
    let mut p = pos("alice=3D", &fen);
    let a1 = from(&p, "a1");
    assert!(a1.contains(&"a13".to_string()), "{a1:?}");
    assert!(!a1.contains(&"i5".to_string()), "{a1:?}");
    play(&mut p, "a1a13");
    let fen = p.to_fen(true);
    assert!(
        fen.starts_with("16/16/16/R15/16/16/16/16/4k11/16/16/8p7/"),
        "{fen}"
    );
}

#[test]
fn check_comes_from_the_royals_own_board_and_each_move_is_judged_on_both() {
    // Board 1: white king e1, black rook d8 and king h8; board 2: a black rook on its f8 (n8).
    // The d8 rook checks nothing; board 2's rook is not on the king's board.
    let fen = boards(
        ["3r3k/8/8/8/8/8/8/4K3", "5r2/8/8/8/8/8/8/8", EMPTY, EMPTY],
        "w - - 0 1",
    );
    let p = pos("alice=3D", &fen);
    assert!(!p.layer_in_check(0));
    // d1 and d2 are attacked on board 1, the board the king moves on: illegal wherever it
    // would land (the 4D Quasi-Alice page: "a king may not move into check (on the 2D board
    // that it begins its move on) to escape check by then transferring"). f1 and f2 are safe
    // on board 1 but land on board 2's n1 and n2, attacked there by the n8 rook: only f9 and
    // f10 (board 3); e2 lands on m2 or e10, both safe.
    assert_eq!(from(&p, "e1"), ["e10", "f10", "f9", "m2"]);
    // The same rook on board 1's e8 checks the king.
    let fen = boards(["4r2k/8/8/8/8/8/8/4K3", EMPTY, EMPTY, EMPTY], "w - - 0 1");
    assert!(pos("alice=3D", &fen).layer_in_check(0));
}

#[test]
fn four_boards_transfer_only_to_a_board_with_a_king() {
    // 4D: "A transfer to another board is possible only if this board has at least one of
    // the kings on it, except if the board that a piece is moving from has both of the kings
    // on it already, in which case any of the other three boards are choices."
    // Board 1: both kings and a white knight b1; board 3: a white knight on its g1 (g9).
    let fen = boards(
        ["1n2k3/8/8/8/8/8/8/1N2K3", EMPTY, "8/8/8/8/8/8/8/6N1", EMPTY],
        "w - - 0 1",
    );
    let mut p = pos("alice=4D", &fen);
    // b1 leaves the board of both kings: a3, c3, d2 on each of boards 2, 3, 4.
    assert_eq!(from(&p, "b1").len(), 9);
    // g9 leaves board 3 (no king): only board 1 holds a king.
    assert_eq!(from(&p, "g9"), ["e2", "f3", "h3"]);
    // The king goes to any other board (the page's rule 2 is for "a piece that is not a
    // king"): d1 d2 e2 f1 f2 on boards 2, 3, 4.
    assert_eq!(from(&p, "e1").len(), 15);
    // White's king to board 2 (n1): black's knight b8 on board 1 (only black's king there)
    // may go to board 2 alone: a6, c6, d7 there.
    play(&mut p, "e1n1");
    assert_eq!(from(&p, "b8"), ["i6", "k6", "l7"]);
}

#[test]
fn en_passant_is_taken_on_the_board_the_pawn_landed_on() {
    // The pawn e2 double-steps on board 1 and lands on board 2 (m4), beside the black pawn on
    // board 2's d4 (l4): there it may be taken en passant (the capture played on board 2,
    // "legal on the board where it is played", landing on e3 of board 1 or 3). Board 1's
    // d4 pawn never stood beside it: no en passant for it.
    let fen = boards(
        ["k7/8/8/8/3p4/8/4P3/K7", "8/8/8/8/3p4/8/8/8", EMPTY, EMPTY],
        "w - - 0 1",
    );
    let mut p = pos("alice=3D", &fen);
    play(&mut p, "e2m4");
    assert!(p.to_fen(true).contains(" b - m3 "), "{}", p.to_fen(true));
    assert_eq!(from(&p, "l4"), ["d11", "d3", "e11", "e3"]);
    assert_eq!(from(&p, "d4"), ["d11", "l3"]);
    play(&mut p, "l4e3");
    let fen = p.to_fen(true);
    // The white pawn on m4 is gone; the black pawn stands on e3 of board 1.
    assert!(fen.ends_with("/3p12/4p11/16/K15 w - - 0 2"), "{fen}");
}

#[test]
fn castling_lands_king_and_rook_on_one_board_named_by_the_kings_square() {
    // The castling is played on board 1 (e1-g1, h1-f1) and both pieces land on one other
    // board (the seed's `O-O<*>=[*]isR[g]--<+>mO=isR[f]--<+>mO`): board 2 (o1, n1) or board
    // 3 (g9, f9). `O-O` cannot say which: the king's SAN to its square does (`Ko1`).
    let fen = boards(["4k3/8/8/8/8/8/8/4K2R", EMPTY, EMPTY, EMPTY], "w K - 0 1");
    let p = pos("alice=3D", &fen);
    let e1 = from(&p, "e1");
    assert!(e1.contains(&"o1".to_string()) && e1.contains(&"g9".to_string()));
    assert!(p.san_to_move("O-O").is_err(), "O-O names two boards");
    let mut q = p.clone();
    q.make(&p.san_to_move("Ko1").expect("Ko1"));
    assert!(
        q.to_fen(true)
            .ends_with("/4k11/16/16/16/16/16/16/13RK1 b - - 1 1")
    );
    let mut q = p.clone();
    q.make(&p.san_to_move("Kg9").expect("Kg9"));
    assert!(q.to_fen(true).contains("/5RK9/4k11/"), "{}", q.to_fen(true));
    // With board 3's f9 taken, the castling lands on board 2 only and `O-O` names it.
    let fen = boards(
        ["4k3/8/8/8/8/8/8/4K2R", EMPTY, "8/8/8/8/8/8/8/5n2", EMPTY],
        "w K - 0 1",
    );
    let p = pos("alice=3D", &fen);
    let m = p.san_to_move("O-O").expect("O-O");
    assert_eq!(m, p.san_to_move("Ko1").expect("Ko1"));
}

#[test]
fn a_pawn_promotes_on_its_boards_last_rank() {
    // A pawn on board 2's e7 (m7) moves to e8 there and lands on board 1's e8 or board 3's
    // e8 (e16), promoting (the four FIDE choices on each).
    let fen = boards(
        ["7k/8/8/8/8/8/8/K7", "8/4P3/8/8/8/8/8/8", EMPTY, EMPTY],
        "w - - 0 1",
    );
    let p = pos("alice=3D", &fen);
    assert_eq!(
        from(&p, "m7"),
        ["e16b", "e16n", "e16q", "e16r", "e8b", "e8n", "e8q", "e8r"]
    );
}

#[test]
fn coordinates_name_the_landing_square_too() {
    // `g1n3` is the knight's move landing on board 2; `g1f3` stays on board 1: no move.
    let p = start("alice=3D");
    assert!(p.coord_to_move("g1n3", RankBase::One).is_ok());
    assert!(p.coord_to_move("g1f3", RankBase::One).is_err());
}

/// A short game reasoned by hand: 1. e12 (e2-e4 onto board 3) f13 (f7-f5 onto board 3: board
/// 1's f7 empties) 2. Qp5 (d1-h5 over board 1's empty e2, onto board 2) a14 3. Qg6+ (h5-g6 on
/// board 2, landing on board 1's g6: the diagonal g6-f7-e8 is open on board 1). Only the
/// last position has the side to move in check. Under 4D each transfer is allowed too: the
/// first four leave board 1 holding both kings, the queen's last lands on board 1.
const CHECK_GAME: &str = "[Event \"alice\"]\n\n1. e12 f13 2. Qp5 a14 3. Qg6+ *\n";

/// The same game with 3. Qg14 (landing on board 3): legal under 3D, not under 4D (board 3
/// holds no king and the queen leaves board 2, which holds none).
const BOARD_THREE_GAME: &str = "[Event \"alice\"]\n\n1. e12 f13 2. Qp5 a14 3. Qg14 *\n";

#[test]
fn alice_games_replay_from_pgn() {
    for rules in ["alice=3D", "alice=4D"] {
        let summary = crate::common::rules_count_summary(rules, "check", CHECK_GAME);
        assert!(
            summary.contains(", 1 position matched"),
            "{rules}: {summary}"
        );
        assert!(summary.contains("0 bad games"), "{rules}: {summary}");
    }
    // CQL sees every board: the queen on g14 (board 3).
    let summary = crate::common::rules_count_summary("alice=3D", "Qg14", BOARD_THREE_GAME);
    assert!(summary.contains(", 1 position matched"), "{summary}");
    assert!(summary.contains("0 bad games"), "{summary}");
    let summary = crate::common::rules_count_summary("alice=4D", "true", BOARD_THREE_GAME);
    assert!(summary.contains("1 bad game"), "{summary}");
    assert!(summary.contains("Qg14"), "{summary}");
    // A move landing on its own board is no move: `Nf3` is a bad move under both.
    for rules in ["alice=3D", "alice=4D"] {
        let summary =
            crate::common::rules_count_summary(rules, "true", "[Event \"x\"]\n\n1. Nf3 *\n");
        assert!(summary.contains("1 bad game"), "{rules}: {summary}");
        assert!(summary.contains("Nf3"), "{rules}: {summary}");
    }
}

#[test]
fn alice_boards_beside_rules_that_would_read_the_boards_are_refused() {
    for (rules, says) in [
        ("alice=3D atomic", "atomic"),
        ("alice=4D cylindric", "cylindric"),
        ("alice=3D,classic", "alice"),
        ("alice=3D holding drop", "holding"),
    ] {
        let e = chess_with_rules(rules).err().map(|e| e.to_string());
        assert!(
            e.as_deref().is_some_and(|e| e.contains(says)),
            "{rules}: {e:?}"
        );
    }
    // The seed's own example list beside it: `royal` and the pawn's `+P` are read.
    assert!(chess_with_rules("royal alice=3D K Q R B N P +P").is_ok());
}

#[test]
fn a_checked_king_without_a_move_legal_on_its_board_is_mated() {
    // Board 1: black king a8, white queen b7 guarded by the king c6. Every king move is
    // played on board 1 (a7, b8 attacked there; taking b7 lands next to c6's king there): no
    // move is "legal on the board where it is played", though board 2's and 3's squares are
    // empty. A white rook on board 2 (i1) changes nothing: it is not on the king's board.
    let fen = boards(
        ["k7/1Q6/2K5/8/8/8/8/8", "8/8/8/8/8/8/8/R7", EMPTY, EMPTY],
        "b - - 0 1",
    );
    let p = pos("alice=3D", &fen);
    assert!(p.layer_in_check(1));
    assert!(moves(&p).is_empty());
    // Without the guard the king takes the queen on board 1 and lands on board 2 or 3.
    let fen = boards(["k7/1Q6/8/8/8/8/8/2K5", EMPTY, EMPTY, EMPTY], "b - - 0 1");
    assert_eq!(from(&pos("alice=3D", &fen), "a8"), ["b15", "j7"]);
}
