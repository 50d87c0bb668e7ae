//! A small builder for filter IR, so tests can state by hand the IR a CQL query lowers to
//! (with the query text next to it) before the parser knows every form.

#![allow(dead_code)]

use cqlq::ir::*;
use cqlq::squares::{Coord, Geometry, SquareSet};
use shakmaty::Bitboard;

/// The IR over standard chess's bitboards.
pub type N = Node<Bitboard>;

fn bx(n: N) -> Box<N> {
    Box::new(n)
}

/// The kinds of a designator's piece part: `K`, `RQrq`, `A`, `a`, `_`, `.`.
pub fn kinds(pieces: &str) -> PieceKinds {
    let mut k = PieceKinds::default();
    for ch in pieces.chars() {
        let t = match ch.to_ascii_uppercase() {
            'P' => piece_type::PAWN,
            'N' => piece_type::KNIGHT,
            'B' => piece_type::BISHOP,
            'R' => piece_type::ROOK,
            'Q' => piece_type::QUEEN,
            'K' => piece_type::KING,
            'A' => {
                if ch == 'A' {
                    k.white = u32::MAX
                } else {
                    k.black = u32::MAX
                }
                continue;
            }
            '_' => {
                k.empty = true;
                continue;
            }
            '.' => {
                k.white = u32::MAX;
                k.black = u32::MAX;
                k.empty = true;
                continue;
            }
            other => panic!("piece {other}"),
        };
        if ch.is_ascii_uppercase() {
            k.white |= 1 << t;
        } else {
            k.black |= 1 << t;
        }
    }
    k
}

/// Squares: `""` (all), `e4`, `a-h7`, `c-f3-5`.
pub fn squares(text: &str) -> Bitboard {
    let geo = Geometry::STANDARD;
    if text.is_empty() {
        return Bitboard::full(geo);
    }
    let b = text.as_bytes();
    let (files, rest) = if b.len() >= 3 && b[1] == b'-' {
        ((b[0] - b'a')..=(b[2] - b'a'), &b[3..])
    } else {
        ((b[0] - b'a')..=(b[0] - b'a'), &b[1..])
    };
    let ranks = if rest.len() >= 3 && rest[1] == b'-' {
        (rest[0] - b'1')..=(rest[2] - b'1')
    } else {
        (rest[0] - b'1')..=(rest[0] - b'1')
    };
    let mut cs = Vec::new();
    for f in files {
        for r in ranks.clone() {
            cs.push(Coord {
                file: i64::from(f),
                rank: i64::from(r),
            });
        }
    }
    Bitboard::from_coords(geo, cs)
}

/// A piece designator: `pd("Rq", "a-h7")`.
pub fn pd(pieces: &str, sq: &str) -> N {
    Node::Pieces(kinds(pieces), squares(sq))
}
/// A designator on every square: `p("K")`.
pub fn p(pieces: &str) -> N {
    pd(pieces, "")
}
pub fn num(n: i64) -> N {
    Node::Number(n)
}
pub fn count(x: N) -> N {
    Node::Count(bx(x))
}
pub fn cmp(op: CmpOp, a: N, b: N) -> N {
    Node::Compare(op, bx(a), bx(b))
}
pub fn and(items: Vec<N>) -> N {
    Node::And(items)
}
pub fn inter(a: N, b: N) -> N {
    Node::Intersect(vec![a, b])
}
pub fn arith(op: ArithOp, a: N, b: N) -> N {
    Node::Arith(op, bx(a), bx(b))
}
pub fn attacked_by(x: N, y: N) -> N {
    Node::AttackedBy(bx(x), bx(y))
}
pub fn attacks(x: N, y: N) -> N {
    Node::Attacks(bx(x), bx(y))
}
pub fn dir(word: &str, min: i64, max: i64, x: N) -> N {
    Node::Direction(
        Directions::from_word(word).unwrap(),
        Range::new(min, max),
        bx(x),
    )
}
pub fn at(pos: PositionRef, f: N) -> N {
    Node::At(bx(Node::Position(pos)), bx(f))
}
pub fn find(backward: bool, range: Option<Range>, body: N) -> N {
    Node::Find(Box::new(Find {
        body,
        backward,
        range,
        quiet: false,
        read_bounds: None,
    }))
}
pub fn line(parts: Vec<LinePattern<Bitboard>>) -> Line<Bitboard> {
    Line::compile(LinePattern::Seq(parts))
}
pub fn lf(f: N) -> LinePattern<Bitboard> {
    LinePattern::Filter(f)
}
pub fn rep(f: N, min: u32, max: Option<u32>) -> LinePattern<Bitboard> {
    LinePattern::Repeat(Box::new(LinePattern::Filter(f)), min, max)
}
/// `move ...` with only a yield and parameters set by `edit`.
pub fn mv(edit: impl FnOnce(&mut MoveFilter<Bitboard>)) -> N {
    let mut m = MoveFilter {
        source: MoveSource::Played,
        from: None,
        to: None,
        capture: None,
        promote: None,
        enpassant: false,
        ep_square: None,
        castle: None,
        null: false,
        drop: None,
        yields: MoveYield::From,
    };
    edit(&mut m);
    Node::Move(m)
}
pub fn ray(dirs: Directions, attack: bool, sets: Vec<N>) -> N {
    Node::Ray(Box::new(Ray {
        directions: dirs,
        attack,
        sets,
        count: None,
        first: false,
    }))
}
pub fn var(id: VarId) -> N {
    Node::Var(id)
}
pub fn square_loop(v: VarId, all: bool, domain: N, body: N) -> N {
    Node::SquareLoop(Box::new(Loop {
        var: v,
        all,
        domain,
        body,
    }))
}
pub fn piece_loop(v: VarId, all: bool, domain: N, body: N) -> N {
    Node::PieceLoop(Box::new(Loop {
        var: v,
        all,
        domain,
        body,
    }))
}
