//! The event-square argument of the generator (see `movegen`'s module doc), checked against
//! full enumeration: in random compact positions, without a slide limit the generator lists
//! only event squares plus one representative per ray; with `slideLimit` 300 it lists every
//! square. Inside 300 squares the two positions have the same legal moves, so (1) every move
//! both list has the same legality, (2) a piece direction has a legal move in the full list
//! exactly when it has one in the event list, (3) `has_legal_move` agrees.

use cqlq::rules::infinite::movegen::{candidate_moves, has_legal_move};
use cqlq::rules::infinite::piece::{Kind, Owner, Piece};
use cqlq::rules::infinite::{InfPosition, Move, in_check, is_legal};
use std::collections::BTreeSet;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> i64 {
        (self.next() % n) as i64
    }
}

const KINDS: [Kind; 9] = [
    Kind::Rook,
    Kind::Bishop,
    Kind::Queen,
    Kind::Knight,
    Kind::Knightrider,
    Kind::Amazon,
    Kind::Chancellor,
    Kind::Hawk,
    Kind::Pawn,
];

fn random_position(rng: &mut Rng) -> InfPosition {
    let mut p = InfPosition::empty();
    let put = |p: &mut InfPosition, kind, owner, rng: &mut Rng| loop {
        let sq = (rng.below(9) - 4, rng.below(9) - 4);
        if p.board.get(sq).is_none() {
            p.board.put(sq, Piece { kind, owner });
            return;
        }
    };
    put(&mut p, Kind::King, Owner::Black, rng);
    put(&mut p, Kind::King, Owner::White, rng);
    for _ in 0..4 {
        put(&mut p, KINDS[rng.below(9) as usize], Owner::White, rng);
    }
    for _ in 0..2 {
        put(&mut p, KINDS[rng.below(9) as usize], Owner::Black, rng);
    }
    p.turn = Owner::Black;
    p
}

/// (from, direction class) of a move: its piece and the unit step toward the destination.
fn ray_of(m: &Move) -> (i64, i64, i64, i64) {
    let (dx, dy) = (m.to.0 - m.from.0, m.to.1 - m.from.1);
    let g = gcd(dx.abs(), dy.abs()).max(1);
    (m.from.0, m.from.1, dx / g, dy / g)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[test]
fn event_squares_decide_like_full_enumeration() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut compared = 0;
    let mut mates = 0;
    for _ in 0..200 {
        let open = random_position(&mut rng);
        if in_check(&open, Owner::White) {
            continue; // the side not to move may not be in check
        }
        let mut limited = open.clone();
        limited.rules.slide_limit = Some(300);
        let full: Vec<Move> = candidate_moves(&limited);
        let events: Vec<Move> = candidate_moves(&open);
        for m in events
            .iter()
            .filter(|m| (m.to.0 - m.from.0).abs().max((m.to.1 - m.from.1).abs()) <= 300)
        {
            assert_eq!(is_legal(&open, m), is_legal(&limited, m), "{m:?}");
        }
        let rays = |moves: &[Move], pos: &InfPosition| -> BTreeSet<_> {
            moves
                .iter()
                .filter(|m| is_legal(pos, m))
                .map(ray_of)
                .collect()
        };
        assert_eq!(rays(&full, &limited), rays(&events, &open));
        let h = has_legal_move(&open);
        assert_eq!(h, has_legal_move(&limited));
        mates += usize::from(!h);
        compared += 1;
    }
    assert!(compared > 100, "{compared}");
    eprintln!("{compared} positions compared, {mates} without a legal move");
}
