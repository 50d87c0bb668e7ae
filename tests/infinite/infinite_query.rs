//! The CQL-facing answers of an infinite-chess position, with expectations reasoned from the
//! rules next to each assertion.

use cqlq::ir::{Color, PieceKinds};
use cqlq::rules::infinite::icn_to_position;
use cqlq::rules::infinite::piece::Kind;
use cqlq::rules::infinite::query::{kind_of, piece_type};
use cqlq::squares::SquareSet;

const CLASSICAL: &str = r#"w 0/100 1 (8|1) {"slideLimit": 100} P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+"#;

fn squares(s: &cqlq::rules::infinite::squares::SparseSet) -> Vec<(i64, i64)> {
    // Coord numbers are 0-based (a1 = (0, 0)); ICN squares are 1-based (a1 = 1,1).
    let mut v: Vec<_> = s
        .coords()
        .iter()
        .map(|c| (c.file + 1, c.rank + 1))
        .collect();
    v.sort();
    v
}

#[test]
fn designators_and_empty_squares() {
    let p = icn_to_position(CLASSICAL).unwrap();
    let king = PieceKinds {
        white: 1 << 5,
        black: 0,
        empty: false,
    };
    assert_eq!(squares(&p.designated(king)), vec![(5, 1)]);
    let empty = PieceKinds {
        white: 0,
        black: 0,
        empty: true,
    };
    let e = p.designated(empty);
    // `_` is every square but the 32 occupied ones: co-finite, exact.
    assert!(!e.is_finite());
    assert!(e.contains((4, 4)) && e.contains((-1_000_000, 3)) && !e.contains((5, 1)));
    assert_eq!(e.complement(), p.occupied_set());
    for k in [Kind::Pawn, Kind::King, Kind::Amazon, Kind::Void] {
        assert_eq!(kind_of(piece_type(k)), Some(k));
    }
}

#[test]
fn attack_sets_are_exact_or_refused() {
    let p = icn_to_position(CLASSICAL).unwrap();
    // Knight on 2,1: all eight knight squares (the board has no edge below rank 1), own
    // pawn's square 4,2 included (attacks include defended squares).
    assert_eq!(
        squares(&p.attack_set((2, 1)).unwrap()),
        vec![
            (0, 0),
            (0, 2),
            (1, -1),
            (1, 3),
            (3, -1),
            (3, 3),
            (4, 0),
            (4, 2)
        ]
    );
    // Rook on 1,1: the pawn on 1,2 and the knight on 2,1 stop it up and right; left and down
    // are open, 100 squares each under slideLimit 100.
    let rook = p.attack_set((1, 1)).unwrap();
    assert_eq!(rook.count(), 202);
    assert!(rook.contains((1, 2)) && rook.contains((-99, 1)) && !rook.contains((-100, 1)));
    assert!(rook.contains((1, -99)) && !rook.contains((3, 1)));
    // With slideLimit 100 an open queen reaches 100 squares per free direction.
    let q = icn_to_position(r#"w {"slideLimit": 100} Q0,0|K50,3|k-50,7"#).unwrap();
    assert_eq!(q.attack_set((0, 0)).unwrap().count(), 800);
    // Without a limit the set is infinite and not co-finite: refused, never truncated.
    let open = icn_to_position("w Q0,0|K50,3|k-50,7").unwrap();
    assert!(open.attack_set((0, 0)).is_err());
    assert!(open.attacked_by((1_000_000_000_000, 1_000_000_000_000), Color::White));
    assert!(!open.attacked_by((1_000_000_000_000, 1_000_000_000_001), Color::White));
}

/// The expected string, field by field as the position is written (`rules::infinite::write`,
/// the notation's order): `b` to move; the en passant square `8,3` kept (it is part of the
/// position); the 100-move rule's counter `0/100` (already 0); the move number reset from 11
/// to 1 (CQL's `currentfen` resets both counters); the promotion ranks `(8|1)` as given; the
/// extra rule as compact JSON (`{"slideLimit":100}`, no blank after the colon); and the pieces
/// from the highest rank down, left to right within a rank: k7,7 (rank 7), P8,4 (rank 4),
/// K4,2 (rank 2) — not the order they were written in.
#[test]
fn current_icn_resets_counters() {
    let p = icn_to_position(r#"b 8,3 0/100 11 (8|1) {"slideLimit": 100} K4,2|k7,7|P8,4"#).unwrap();
    assert_eq!(
        p.current_icn(),
        r#"b 8,3 0/100 1 (8|1) {"slideLimit":100} k7,7|P8,4|K4,2"#
    );
    let mut q = p.clone();
    q.en_passant = None;
    assert_ne!(p.zobrist_key(), q.zobrist_key());
}
