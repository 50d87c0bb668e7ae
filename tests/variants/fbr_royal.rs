//! FBR attributes that choose or remove pieces during the game (`royal[range]`,
//! `freezer=suicide`, `royal=suicide`), on FIDE chess (the bundled definition) plus the rule. No oracle plays them
//! (Fairy-Stockfish's and SjaakII's royalty belongs to piece types): hand-made positions, with
//! seed 001's words and the reasoning beside each expectation.

use cqlq::rules::fairy::RankBase;
use cqlq::rules::fairy::layer_end::Verdict;

use super::fbr_rules::{moves, play, pos};

/// White's legal moves from the position the range tests share: white kings c1 and g2, a
/// black rook on c7 on the c1 king's file, the black king on a8; the range `[e1]`.
fn range_moves(fen: &str) -> Vec<String> {
    moves(&pos("royal[e1]", fen))
}

#[test]
fn royal_range_makes_the_nearest_piece_royal() {
    // Seed 001: "The piece (with one of the declared letters) nearest to this range is the
    // royal piece (horizontal measure prevailing over vertical), all other pieces are not
    // royal. This implies that the royal piece may change after a turn."
    // Distances to e1 as (files, ranks): c1 (2,0), g2 (2,1): c1 is nearer (equal files, fewer
    // ranks), so it is royal and the rook on c7 checks it.
    let fen = "k7/2r5/8/8/8/8/6K1/2K5 w - - 0 1";
    let p = pos("royal[e1]", fen);
    assert!(p.layer_in_check(0), "c1 is the royal king and is attacked");
    let legal = range_moves(fen);
    // The check is lifted by a move of the c1 king off the c-file: to d1 (1,0) or d2 (1,1) it
    // stays the nearest; to b1 (3,0) or b2 (3,1) it is farther than g2 (2,1), which becomes
    // royal (unattacked). Or by the g2 king stepping nearer: f1 (1,0), f2 (1,1) and f3 (1,2),
    // the last nearer than c1 (2,0) by files although farther by ranks (horizontal measure
    // prevails), so c1 is no longer royal and its attack no check. g3 (2,2), h1 (3,0), h2
    // (3,1), h3 (3,2) leave c1 the nearest, still attacked; g1 (2,0) is as near as c1, so
    // both are royal (each a piece nearest to the range) and c1 is still attacked; c2 (2,1)
    // stays on the file, as near as g2, royal and attacked.
    let expected = ["c1b1", "c1b2", "c1d1", "c1d2", "g2f1", "g2f2", "g2f3"];
    assert_eq!(legal, expected, "{legal:?}");
}

#[test]
fn royal_range_changes_the_royal_piece_after_a_turn() {
    // "the royal piece may change after a turn": after Kg2-f3 the f3 king (1,2) is royal and
    // the c1 king (2,0) is not; a piece that is not royal may be left attacked and captured.
    let mut p = pos("royal[e1]", "k7/2r5/8/8/8/8/6K1/2K5 w - - 0 1");
    play(&mut p, "g2f3");
    play(&mut p, "a8b8");
    assert!(!p.layer_in_check(0), "c1 is attacked but not royal");
    // White may leave c1 attacked (a quiet move of f3 that keeps it the nearest: e2 (0,1)).
    assert!(moves(&p).contains(&"f3e2".to_string()));
    play(&mut p, "f3e2");
    play(&mut p, "c7c1");
    // The non-royal king was captured; the game goes on with e2 the royal king.
    assert!(p.game_end().is_none());
    assert!(
        !p.layer_in_check(0),
        "the c1 rook attacks rank 1 and the c-file, not e2"
    );
    assert!(!moves(&p).is_empty());
}

#[test]
fn royal_range_reads_mirrored_for_black() {
    // Ranges are written from white's side and black reads them mirrored (FBR's default
    // `mirror=vertical`): for black `[e1]` is e8. The first test's position mirrored, black
    // to move, has the same moves mirrored.
    let p = pos("royal[e1]", "2k5/6k1/8/8/8/8/2R5/K7 b - - 0 1");
    assert!(p.layer_in_check(1));
    let expected = ["c8b7", "c8b8", "c8d7", "c8d8", "g7f6", "g7f7", "g7f8"];
    assert_eq!(moves(&p), expected);
}

#[test]
fn royal_range_mate_is_mate_of_the_nearest_piece() {
    // "If an evasion from check is not possible then the royal piece is mate, and the game
    // is lost": the e1 king (0,0) is the royal piece, checked along the first rank by the a1
    // rook, the second rank covered by the b2 rook; the h8 king's moves (g8 (2,7), g7 (2,6),
    // h7 (3,6)) leave e1 the nearest, so none lifts the check: black wins.
    let p = pos("royal[e1]", "k6K/8/8/8/8/8/1r6/r3K3 w - - 0 1");
    assert!(moves(&p).is_empty());
    assert_eq!(p.game_end().map(|e| e.verdict), Some(Verdict::Win(1)));
}

#[test]
fn royal_range_off_the_board_is_a_fault() {
    // A range naming no square of the board leaves no piece to measure from.
    let e = cqlq::rules::fbr::chess_with_rules("royal[i9]")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("no square"), "{e}");
}

/// The seed's Immobilizer (`freezer# I|Immobilizer|=mQ #I=cK`) with `suicide`.
const SUICIDAL_IMMOBILIZER: &str = "freezer#=suicide I|Immobilizer|=mQ #I=cK";

#[test]
fn freezer_suicide_lets_a_frozen_piece_remove_itself() {
    // Seed 001, `freezer`'s `suicide`: "A frozen piece may commit suicide by removing itself
    // from the board. This counts as a move for the player removing the piece." The black
    // knight on e5 next to white's Immobilizer on d4 is frozen: besides the king's moves black
    // may remove it (`-e5`), and only it (the king is not frozen).
    let fen = "4k3/8/8/4n3/3I4/8/8/4K3 b - - 0 1";
    let mut p = pos(SUICIDAL_IMMOBILIZER, fen);
    assert_eq!(
        moves(&p),
        ["-e5", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"],
        "the frozen knight's removal and the king's moves"
    );
    // SjaakII's spelling of a pickup, `@@e5`, names the removal; it counts as black's move.
    let removal = p.coord_to_move("@@e5", RankBase::One).expect("@@e5");
    p.make(&removal);
    assert_eq!(p.piece(4 * 16 + 4), None, "the knight is gone");
    assert_eq!(p.turn, 0, "white to move");
    assert!(
        p.hand[1].iter().all(|&n| n == 0),
        "no holding: it left the game"
    );
    // Without `suicide` a frozen piece has no such move.
    let plain = pos("freezer# I|Immobilizer|=mQ #I=cK", fen);
    assert!(!moves(&plain).contains(&"-e5".to_string()));
    // A piece not frozen (no Immobilizer beside it) may not remove itself.
    let free = pos(SUICIDAL_IMMOBILIZER, "4k3/8/8/4n3/8/8/I7/4K3 b - - 0 1");
    assert!(!moves(&free).iter().any(|m| m.starts_with('-')));
    assert!(free.coord_to_move("@@e5", RankBase::One).is_err());
}

#[test]
fn freezer_suicide_keeps_the_last_royal_on_the_board() {
    // A frozen king may not remove itself when it is its side's only royal piece: "It is not
    // allowed to expose a royal piece" and losing every royal loses, so the removal is no
    // legal move; the frozen king, not in check, has no move: stalemate.
    let p = pos(SUICIDAL_IMMOBILIZER, "8/8/8/4k3/3I4/8/8/4K3 b - - 0 1");
    assert!(moves(&p).is_empty(), "{:?}", moves(&p));
    assert!(!p.layer_in_check(1));
}

#[test]
fn suicide_beside_a_holding_is_refused() {
    // The seed does not say whether a piece that removes itself goes to the holding (`warp`'s
    // removal "behaves like a capturing"; `suicide` says nothing).
    let e = cqlq::rules::fbr::chess_with_rules(&format!("holding {SUICIDAL_IMMOBILIZER}"))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("holding") && e.contains("suicide"), "{e}");
    let e = cqlq::rules::fbr::chess_with_rules("holding royal=suicide")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("holding") && e.contains("royal=suicide"), "{e}");
}

#[test]
fn a_removal_is_read_from_a_pgn_game() {
    // End to end: `--rules` with the suicidal Immobilizer on a game from a FEN, the removal
    // written `@@e5` (SjaakII's pickup). After it no black knight is on the board (two
    // positions: after the removal and after 2. Kd2). The same move where the knight is not
    // frozen is a bad game.
    let pgn = "[Event \"frozen\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/4n3/3I4/8/8/4K3 b - - 0 1\"]\n\n1... @@e5 2. Kd2 *\n\n\
               [Event \"free\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/4n3/8/8/I7/4K3 b - - 0 1\"]\n\n1... @@e5 2. Kd2 *\n";
    let err = crate::common::rules_count_summary(SUICIDAL_IMMOBILIZER, "not n", pgn);
    assert!(
        err.contains("1 matched, 2 positions matched, 1 bad game"),
        "{err}"
    );
    assert!(err.contains("@@e5"), "the bad game names the move: {err}");
}

#[test]
fn royal_suicide_removes_a_mated_royal() {
    // Seed 001, `royal`'s `suicide`: "If the side to move has more than one royal pieces, and
    // one of his royal pieces is mate, it must do a suicide move (remove it from board)".
    // White kings h1 and a4: the h8 rook checks h1, whose squares g1, g2 (the g8 rook) and h2
    // are attacked: it is mate, while a4 is not attacked. White's one move is the removal of
    // h1 (`-h1`, written `@@h1`); a king move would leave h1 attacked.
    let fen = "6rr/8/4k3/8/K7/8/8/7K w - - 0 1";
    let mut p = pos("royal=suicide", fen);
    assert!(p.layer_in_check(0));
    assert_eq!(moves(&p), ["-h1"]);
    assert!(p.game_end().is_none(), "not mate: the side has a move");
    let removal = p.coord_to_move("@@h1", RankBase::One).expect("@@h1");
    p.make(&removal);
    assert_eq!(p.piece(7), None, "the h1 king is gone");
    assert!(!p.layer_in_check(0), "a4 is the one royal left, unattacked");
    // "If the side to move has more than one royal pieces": a lone king mated is mate.
    let lone = pos("royal=suicide", "6rr/8/4k3/8/8/8/8/7K w - - 0 1");
    assert!(moves(&lone).is_empty());
    assert_eq!(lone.game_end().map(|e| e.verdict), Some(Verdict::Win(1)));
}

#[test]
fn royal_suicide_evades_the_other_royals_check_first() {
    // "... except if any other royal piece is checked, then the royal piece must evase from
    // check, and the opponent might capture the mated King." The c2 bishop also checks the
    // a4 king: white's moves are a4's escapes to a3, a5, b4 and b5 (b3 is the bishop's), each
    // leaving the mated h1 king attacked; the removal and the h1 king's moves (a4 stays
    // checked) are not among them.
    let mut p = pos("royal=suicide", "6rr/8/4k3/8/K7/8/2b5/7K w - - 0 1");
    assert_eq!(moves(&p), ["a4a3", "a4a5", "a4b4", "a4b5"]);
    play(&mut p, "a4a5");
    // Black may capture the mated king; white keeps its a5 king and the game goes on.
    assert!(moves(&p).contains(&"h8h1".to_string()));
    play(&mut p, "h8h1");
    assert!(p.game_end().is_none());
    assert!(!moves(&p).is_empty());
}
