//! Perft at depths 1 and 2 with a `slideLimit`, compared with a brute-force enumerator written
//! here from the notation's rules: it tries every square of a box around each piece, walks
//! slides square by square, and decides check by asking every enemy piece whether it reaches
//! the royal square. Small, obviously correct and slow; it shares only the data types (and
//! the ICN reader) with the engine.

use cqlq::rules::infinite::movegen::{candidate_moves, moves_are_finite};
use cqlq::rules::infinite::piece::{Kind, Owner, Piece};
use cqlq::rules::infinite::position::{InfPosition, WinCondition};
use cqlq::rules::infinite::{Move, icn_to_position, is_legal, play};
use std::collections::{BTreeSet, HashMap};

type Sq = (i64, i64);

/// The brute force's own copy of a position.
#[derive(Clone)]
struct Brute {
    board: HashMap<Sq, Piece>,
    turn: Owner,
    ep: Option<Sq>,
    rights: BTreeSet<Sq>,
    limit: i64,
    promo: [Option<(Vec<i64>, Vec<Kind>)>; 2],
    avoid_check: [bool; 2],
}

fn side(o: Owner) -> usize {
    usize::from(o == Owner::Black)
}

impl Brute {
    fn from(pos: &InfPosition) -> Brute {
        let promo = |i: usize| {
            pos.rules.promotion[i]
                .as_ref()
                .map(|p| (p.ranks.clone(), p.choices.clone()))
        };
        Brute {
            board: pos.board.iter().collect(),
            turn: pos.turn,
            ep: pos.en_passant,
            rights: pos.rights.clone(),
            limit: pos
                .rules
                .slide_limit
                .expect("brute force needs a slide limit") as i64,
            promo: [promo(0), promo(1)],
            avoid_check: [
                pos.rules.win[1].contains(&WinCondition::Checkmate),
                pos.rules.win[0].contains(&WinCondition::Checkmate),
            ],
        }
    }

    fn free(&self, s: Sq) -> bool {
        !self.board.contains_key(&s)
    }

    /// Whether walking `n` steps of `d` from `f` passes only empty squares before the last.
    fn walk_clear(&self, f: Sq, d: Sq, n: i64) -> bool {
        (1..n).all(|k| self.free((f.0 + k * d.0, f.1 + k * d.1)))
    }

    /// Whether the piece on `f` reaches `t` by its move pattern (captures included; pawns:
    /// only their diagonal attack).
    fn reaches(&self, p: Piece, f: Sq, t: Sq) -> bool {
        let (dx, dy) = (t.0 - f.0, t.1 - f.1);
        if (dx, dy) == (0, 0) {
            return false;
        }
        let n =
            |a: i64, b: i64| (dx.abs() == a && dy.abs() == b) || (dx.abs() == b && dy.abs() == a);
        let rider = |dirs: &[Sq]| {
            dirs.iter().any(|&d| {
                (1..=self.limit)
                    .any(|k| (f.0 + k * d.0, f.1 + k * d.1) == t && self.walk_clear(f, d, k))
            })
        };
        let orth: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let knights: [Sq; 8] = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let king = dx.abs() <= 1 && dy.abs() <= 1;
        match p.kind {
            Kind::Pawn => dx.abs() == 1 && dy == p.owner.forward(),
            Kind::Knight => n(1, 2),
            Kind::Bishop => rider(&diag),
            Kind::Rook => rider(&orth),
            Kind::Queen | Kind::RoyalQueen => rider(&orth) || rider(&diag),
            Kind::King | Kind::Guard => king,
            Kind::Amazon => rider(&orth) || rider(&diag) || n(1, 2),
            Kind::Chancellor => rider(&orth) || n(1, 2),
            Kind::Archbishop => rider(&diag) || n(1, 2),
            Kind::Hawk => n(2, 0) || n(3, 0) || n(2, 2) || n(3, 3),
            Kind::Camel => n(1, 3),
            Kind::Giraffe => n(1, 4),
            Kind::Zebra => n(2, 3),
            Kind::Centaur | Kind::RoyalCentaur => king || n(1, 2),
            Kind::Knightrider => rider(&knights),
            Kind::Huygen => orth.iter().any(|&d| {
                (2..=self.limit).any(|k| {
                    (f.0 + k * d.0, f.1 + k * d.1) == t
                        && prime(k)
                        && (1..k).all(|j| !prime(j) || self.free((f.0 + j * d.0, f.1 + j * d.1)))
                })
            }),
            Kind::Rose => (0..8).any(|start| {
                [1usize, 7].iter().any(|&turn| {
                    let mut cur = f;
                    for k in 0..7 {
                        let d = knights[(start + k * turn) % 8];
                        cur = (cur.0 + d.0, cur.1 + d.1);
                        if cur == t {
                            return true;
                        }
                        if !self.free(cur) {
                            return false;
                        }
                    }
                    false
                })
            }),
            Kind::Obstacle | Kind::Void => false,
        }
    }

    fn attacked(&self, t: Sq, by: Owner) -> bool {
        self.board
            .iter()
            .any(|(f, p)| p.owner == by && self.reaches(*p, *f, t))
    }

    fn in_check(&self, s: Owner) -> bool {
        self.board
            .iter()
            .any(|(t, p)| p.owner == s && p.kind.is_royal() && self.attacked(*t, s.other()))
    }

    /// Every legal move, found by trying each square of a box around each piece.
    fn legal(&self) -> Vec<(Move, Brute)> {
        let me = self.turn;
        let mut out = Vec::new();
        let r = self.limit + 5;
        for (&f, &p) in &self.board {
            if p.owner != me {
                continue;
            }
            for x in f.0 - r..=f.0 + r {
                for y in f.1 - r..=f.1 + r {
                    let t = (x, y);
                    for (next, promo) in self.try_move(p, f, t) {
                        if !self.avoid_check[side(me)] || !next.in_check(me) {
                            out.push((
                                Move {
                                    from: f,
                                    to: t,
                                    promotion: promo,
                                },
                                next,
                            ));
                        }
                    }
                }
            }
        }
        out
    }

    /// The positions after moving `p` from `f` to `t`, one per promotion choice.
    fn try_move(&self, p: Piece, f: Sq, t: Sq) -> Vec<(Brute, Option<Kind>)> {
        let target = self.board.get(&t).copied();
        if target.is_some_and(|q| q.owner == p.owner || q.kind == Kind::Void) {
            return vec![];
        }
        let mut next = self.clone();
        let (dx, dy) = (t.0 - f.0, t.1 - f.1);
        let fwd = p.owner.forward();
        let mut ep_victim = None;
        let mut new_ep = None;
        let mut castle = None;
        let ok = if p.kind == Kind::Pawn {
            if dx == 0 && dy == fwd {
                target.is_none()
            } else if dx == 0 && dy == 2 * fwd {
                new_ep = Some((f.0, f.1 + fwd));
                target.is_none() && self.free((f.0, f.1 + fwd)) && self.rights.contains(&f)
            } else if dx.abs() == 1 && dy == fwd {
                if target.is_some() {
                    true
                } else if self.ep == Some(t)
                    && self.board.get(&(t.0, f.1))
                        == Some(&Piece {
                            kind: Kind::Pawn,
                            owner: p.owner.other(),
                        })
                {
                    ep_victim = Some((t.0, f.1));
                    true
                } else {
                    false
                }
            } else {
                false
            }
        } else if p.kind.is_royal() && dy == 0 && dx.abs() == 2 && self.rights.contains(&f) && {
            let d = dx.signum();
            let partner = (1..)
                .map(|k| (f.0 + k * d, f.1))
                .find(|s| !self.free(*s))
                .unwrap_or(f);
            let pp = self.board.get(&partner);
            let okp = pp.is_some_and(|q| q.owner == p.owner && q.kind != Kind::Pawn)
                && self.rights.contains(&partner)
                && (partner.0 - f.0).abs() >= 3;
            if okp {
                castle = Some((partner, (f.0 + d, f.1)));
            }
            okp || p.kind != Kind::RoyalQueen
        } {
            match castle {
                Some(_) => {
                    let d = dx.signum();
                    !self.avoid_check[side(p.owner)]
                        || (0..=2).all(|k| !self.attacked((f.0 + k * d, f.1), p.owner.other()))
                }
                None => false,
            }
        } else {
            self.reaches(p, f, t)
        };
        if !ok {
            return vec![];
        }
        if let Some(v) = ep_victim {
            next.board.remove(&v);
        }
        next.board.remove(&f);
        next.rights.remove(&f);
        next.rights.remove(&t);
        if let Some((from, to)) = castle {
            let q = next.board.remove(&from).unwrap();
            next.rights.remove(&from);
            next.board.insert(to, q);
        }
        next.ep = new_ep;
        next.turn = p.owner.other();
        let promo = &self.promo[side(p.owner)];
        let promotes =
            p.kind == Kind::Pawn && promo.as_ref().is_some_and(|(r, _)| r.contains(&t.1));
        if promotes {
            promo
                .as_ref()
                .unwrap()
                .1
                .iter()
                .map(|k| {
                    let mut n = next.clone();
                    n.board.insert(
                        t,
                        Piece {
                            kind: *k,
                            owner: p.owner,
                        },
                    );
                    (n, Some(*k))
                })
                .collect()
        } else {
            next.board.insert(t, p);
            vec![(next, None)]
        }
    }
}

fn prime(n: i64) -> bool {
    n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

fn engine_legal(pos: &InfPosition) -> Vec<Move> {
    assert!(moves_are_finite(pos));
    let mut v: Vec<Move> = candidate_moves(pos)
        .into_iter()
        .filter(|m| is_legal(pos, m))
        .collect();
    v.sort();
    v
}

fn engine_perft(pos: &InfPosition, depth: u32) -> u64 {
    let moves = engine_legal(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut p = pos.clone();
            play(&mut p, m).unwrap();
            engine_perft(&p, depth - 1)
        })
        .sum()
}

fn brute_perft(b: &Brute, depth: u32) -> u64 {
    let moves = b.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|(_, n)| brute_perft(n, depth - 1)).sum()
}

fn compare(icn: &str, depth: u32) -> u64 {
    let pos = icn_to_position(icn).unwrap();
    let brute = Brute::from(&pos);
    let mut a: Vec<Move> = brute.legal().into_iter().map(|(m, _)| m).collect();
    a.sort();
    let b = engine_legal(&pos);
    let only_brute: Vec<_> = a.iter().filter(|m| !b.contains(m)).collect();
    let only_engine: Vec<_> = b.iter().filter(|m| !a.contains(m)).collect();
    assert!(
        only_brute.is_empty() && only_engine.is_empty(),
        "{icn}\nonly brute {only_brute:?}\nonly engine {only_engine:?}"
    );
    let e = engine_perft(&pos, depth);
    assert_eq!(e, brute_perft(&brute, depth), "{icn}");
    e
}

#[test]
fn classical_start_with_slide_limit() {
    let n = compare(
        r#"w 0/100 1 (8|1) {"slideLimit": 3} P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+"#,
        2,
    );
    assert!(n > 400, "{n}");
}

#[test]
fn fairy_pieces_castling_en_passant_promotion() {
    compare(
        r#"w 6,4 0/100 1 (4;q,am,nr|-3;q,ch) {"slideLimit": 4} K0,0+|R4,0+|R-5,0+|P1,3|P2,1+|p3,2|NR-2,2|AM2,-2|HA-3,-1|ch0,5|ar-4,4|gu1,-3|CA3,3|gi-1,-4|ZE5,2|ce-2,-5|rc6,6|ob1,1|vo-1,1|P5,3|p6,3"#,
        2,
    );
}

#[test]
fn black_to_move_royal_queen_huygen_rose() {
    compare(
        r#"b {"slideLimit": 6} rq0,0+|r-4,0+|HU0,3|RO2,1|K5,5|hu-3,2|ro-2,-2|Q6,0|n0,-6|p1,1+|P2,-1"#,
        2,
    );
}

#[test]
fn allpiecescaptured_side_may_ignore_checks() {
    // White wins only by capturing everything, so black may leave its king attacked; white
    // must still avoid check (black wins by checkmate).
    compare(
        r#"b 0/100 1 (checkmate|allpiecescaptured) {"slideLimit": 5} K0,0|R3,3|k0,4|r2,2|b-3,1"#,
        2,
    );
}
