//! FBR drop rules (seed 001, `pieces` attribute `minimum`): "If rule pieces is followed by a
//! piece prefix then this attribute is defining a drop rule: as long as this condition is not
//! fulfilled the associated drop rule will be perfomed", with the seed's example word for word
//! (`pieces*<1>{!k}=minimum(1) pieces$<2>{!K}=minimum(1) *K==@k $K==@K@w@S`) on FIDE chess
//! plus the two generals it names (the seed gives them no movement: here the Winding General
//! `W` moves as a ferz, the Storm General `S` as a wazir). No oracle has forced drops
//! (Fairy-Stockfish and SjaakII drop only from a hand), so each position is hand-made with the
//! seed's sentence beside it and the moves counted by hand; a PGN game replayed by `--rules`
//! checks the drop tokens end to end.

use cqlq::rules::fairy::{FairyPos, MoveKind};
use cqlq::rules::fbr::chess_with_rules;

use crate::common::fairy_square_name as sq;

/// The seed's example and the two generals.
const SEED: &str = "pieces*<1>{!k}=minimum(1) pieces$<2>{!K}=minimum(1) *K==@k $K==@K@w@S W|Winding General|=F S|Storm General|=W";

fn pos(fen: &str) -> FairyPos {
    let v = chess_with_rules(SEED).unwrap_or_else(|e| panic!("{SEED}: {e}"));
    FairyPos::from_fen(v, fen).expect("fen")
}

/// The legal moves, each as `LETTER@square` for a drop (white's letter upper case, black's
/// lower case) or `from-to` for a board move.
fn moves(p: &FairyPos) -> Vec<String> {
    p.legal_moves()
        .iter()
        .map(|m| {
            if m.kind == MoveKind::Drop {
                let sym = &p.v.kinds[m.piece as usize].def.symbols[p.turn];
                format!("{sym}@{}", sq(m.to))
            } else {
                format!("{}-{}", sq(m.from), sq(m.to))
            }
        })
        .collect()
}

/// Plays a SAN move.
fn play(p: &mut FairyPos, text: &str) {
    let m = p
        .san_to_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    p.make(&m);
}

/// Every move is a drop of `piece` (as `moves` writes it); their number.
fn all_drops_of(p: &FairyPos, piece: &str) -> usize {
    let v = moves(p);
    assert!(
        v.iter().all(|m| m.starts_with(&format!("{piece}@"))),
        "only drops of {piece}: {v:?}"
    );
    v.len()
}

#[test]
fn without_a_white_king_white_drops_it_then_black_a_winding_general_then_white_the_storm_general() {
    // "And if no white King is on board, then White has to drop his King, then Black has to
    // drop a Winding General (W), and at least White has to drop the Storm General (S), in
    // this order." White has no king and no hand: its only moves are the King's drops, on
    // the 48 empty squares but the 5 the black king on e8 attacks (d7 e7 f7 d8 f8): 43.
    let mut p = pos("4k3/8/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1");
    assert_eq!(all_drops_of(&p, "K"), 43);
    assert!(!moves(&p).contains(&"K@e7".to_string()), "not into check");
    assert!(p.layer_end().is_none(), "a king the rule drops is not lost");
    play(&mut p, "K@e1");
    // Black (its king on board) must drop a Winding General: 47 empty squares.
    assert_eq!(all_drops_of(&p, "w"), 47);
    play(&mut p, "W@d5");
    // "and at least White has to drop the Storm General": 46 empty squares.
    assert_eq!(all_drops_of(&p, "S"), 46);
    play(&mut p, "S@d4");
    // The sequence is over, the condition fulfilled: ordinary moves, no drop.
    let v = moves(&p);
    assert!(v.contains(&"e8-d8".to_string()) && v.contains(&"d5-c4".to_string()));
    assert!(!v.iter().any(|m| m.contains('@')), "{v:?}");
    // The drops came from no hand: none is held.
    assert!(p.hand.iter().all(|h| h.iter().all(|&n| n == 0)));
}

#[test]
fn without_a_black_king_black_drops_it_at_its_turn() {
    // "If no black King is on board, then Black has to drop his King." Black to move: only
    // the King's drops, on the 55 empty squares but the 5 the white king on e1 attacks.
    let p = pos("8/pppppppp/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(all_drops_of(&p, "k"), 50);
    // White to move: the rule's drop is Black's, so White moves as usual (its king's five
    // moves) and has not won by the missing king; then Black drops.
    let mut p = pos("8/pppppppp/8/8/8/8/8/4K3 w - - 0 1");
    let mut v = moves(&p);
    v.sort();
    assert_eq!(v, ["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"]);
    assert!(p.layer_end().is_none());
    play(&mut p, "Kd2");
    // 55 empty squares but the 8 the king on d2 attacks.
    assert_eq!(all_drops_of(&p, "k"), 47);
    play(&mut p, "K@e8");
    assert!(!moves(&p).iter().any(|m| m.contains('@')));
}

#[test]
fn a_started_rule_runs_to_its_last_drop_before_the_next() {
    // Both kings missing, White to move. Rule <1> (the black king) drops first for Black, so
    // White starts rule <2>: its King on the 48 empty squares but rank 6 (every square
    // attacked by a black pawn): 40. Then rule <2> goes on ("in this order"): Black drops the
    // Winding General, White the Storm General; then Black drops its King by rule <1>.
    let mut p = pos("8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1");
    assert_eq!(all_drops_of(&p, "K"), 40);
    play(&mut p, "K@e1");
    assert_eq!(all_drops_of(&p, "w"), 47);
    play(&mut p, "W@e5");
    assert_eq!(all_drops_of(&p, "S"), 46);
    play(&mut p, "S@e4");
    // 45 empty squares but those White attacks: d1 f1 (the king on e1; d2 e2 f2 hold
    // pawns), rank 3 (the white pawns) and d4 f4 (the wazir on e4): 45 - 2 - 8 - 2 = 33.
    assert_eq!(all_drops_of(&p, "k"), 33);
}

#[test]
fn drop_rules_cqlq_cannot_read_are_refused_at_their_column() {
    for (rules, column, words) in [
        // The condition without its drop rule, and a drop rule without its condition.
        ("pieces*{!k}=minimum(1)", 1, "needs its drop rule"),
        ("*K==@k", 1, "needs its condition"),
        // Another attribute with a prefix.
        ("pieces*{!k}=total(1) *K==@k", 13, "drop rule's condition"),
        // A set without `!`.
        ("pieces*{k}=minimum(1) *K==@k", 1, "{!k}"),
        // The drop rule's piece is not the watched one.
        ("pieces*{!k}=minimum(1) *Q==@k", 25, "watches"),
        // Drops and pieces mixed.
        ("pieces*{!k}=minimum(1) *K==Q@k", 30, "all drops"),
    ] {
        let e = chess_with_rules(rules).unwrap_err();
        assert_eq!(e.column, column, "{rules}: {e}");
        assert!(e.reason.contains(words), "{rules}: {e}");
    }
}

#[test]
fn a_forced_drop_game_replays_from_pgn() {
    // End to end: the seed's rules by `--rules` on a standard game whose FEN lacks the white
    // king. `K` (a white king on the board) matches the four positions after `K@e1`; a game
    // whose first move is not the forced drop is a bad game naming it.
    let head = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1\"]\n\n";
    let pgn = format!(
        "[Event \"dropped\"]\n{head}1. K@e1 W@d5 2. S@d4 Kd8 *\n\n[Event \"not dropped\"]\n{head}1. e4 W@d5 *\n"
    );
    let err = crate::common::rules_count_summary(SEED, "K", &pgn);
    assert!(
        err.contains("1 matched, 4 positions matched, 1 bad game"),
        "{err}"
    );
    assert!(err.contains("e4"), "the bad game names the move: {err}");
}
