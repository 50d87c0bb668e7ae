//! The unit tests of the numbers a summary bounds.
use super::*;

fn summary() -> GameSummary {
    let mut s = GameSummary {
        fewest: [8, 2, 2, 2, 1, 1, 8, 2, 2, 2, 1, 1],
        most: [8, 2, 2, 2, 1, 1, 8, 2, 2, 2, 1, 1],
        ..GameSummary::default()
    };
    s.ever_on = crate::index::format::START_SQUARES;
    s
}

/// The standard start's counts: 16 pieces a side, 39 of power; a difference of 0.
#[test]
fn whole_board_counts_are_exact_at_the_start() {
    let s = summary();
    let white = Bound::Pieces {
        kinds: 0x3f,
        squares: u64::MAX,
        exact: true,
    };
    let black = Bound::Pieces {
        kinds: 0xfc0,
        squares: u64::MAX,
        exact: true,
    };
    assert_eq!(white.range(&s), (16, 16));
    let power = Bound::Power {
        kinds: 0x3f,
        squares: u64::MAX,
        exact: true,
    };
    assert_eq!(power.range(&s), (39, 39));
    let diff = Bound::Absolute(Box::new(Bound::Difference(
        Box::new(white),
        Box::new(black),
    )));
    assert_eq!(diff.range(&s), (0, 0));
    assert!(!ranges_meet(diff.range(&s), CmpOp::Ge, (5, 5)));
}

/// One bishop per shade and side without a bishop promotion; any number with one.
#[test]
fn bishops_keep_their_shade_unless_one_is_promoted() {
    let mut s = summary();
    s.most[8] = 3;
    s.ever_on[8] = u64::MAX;
    let dark_b = Bound::Pieces {
        kinds: 1 << 8,
        squares: Bitboard::DARK_SQUARES.0,
        exact: true,
    };
    assert_eq!(dark_b.range(&s), (0, 1));
    s.flags |= summary::promotion_flag(piece_type::BISHOP).unwrap();
    assert_eq!(dark_b.range(&s), (0, 3));
}

/// Interval arithmetic: products take the extreme corners; abs of a range across 0.
#[test]
fn arithmetic_keeps_every_value_inside() {
    let s = GameSummary::default();
    let r = |lo, hi| Bound::Sum(Box::new(Bound::Const(lo)), Box::new(Bound::Const(hi)));
    let p = Bound::Product(Box::new(Bound::Const(-3)), Box::new(r(2, 0)));
    assert_eq!(p.range(&s), (-6, -6));
    let a = Bound::Absolute(Box::new(Bound::Max(vec![
        Bound::Const(-4),
        Bound::Const(2),
    ])));
    assert_eq!(a.range(&s), (2, 2));
    let any = Bound::Product(Box::new(Bound::Any), Box::new(Bound::Any));
    assert!(ranges_meet(any.range(&s), CmpOp::Eq, (7, 7)));
    assert!(ranges_meet((0, 3), CmpOp::Ne, (3, 3)));
    assert!(!ranges_meet((3, 3), CmpOp::Ne, (3, 3)));
}

/// `ply` lies between 0 and the main line's length, `movenumber` between 1 and its
/// length / 2 + 1 (11 plies: move 6, reached at ply 10); with variations, above 0 and 1
/// anything.
#[test]
fn ply_and_movenumber_lie_within_the_main_line() {
    let mut s = GameSummary {
        plies: 11,
        ..GameSummary::default()
    };
    assert_eq!(Bound::Ply.range(&s), (0, 11));
    assert_eq!(Bound::MoveNumber.range(&s), (1, 6));
    assert!(Bound::Ply.reads_plies() && !Bound::Ply.reads_squares());
    s.flags |= summary::VARIATIONS;
    assert_eq!(Bound::Ply.range(&s).0, 0);
    assert!(Bound::Ply.range(&s).1 > i128::from(u32::MAX));
    assert!(Bound::MoveNumber.range(&s).1 > i128::from(u32::MAX));
}

/// `file K` / `rank k`: the files (ranks), numbered 1-8, of the squares the kind stood
/// on: at the start only e1 (file 5, rank 1) and e8 (rank 8); a king that went to a2 and
/// h3 spans files 1-8 and ranks 1-3; a set on part of the board keeps to its squares.
#[test]
fn file_and_rank_lie_among_the_squares_stood_on() {
    let mut s = summary();
    let of = |rank, kinds, squares| Bound::FileOrRank {
        rank,
        kinds,
        squares,
    };
    let (white_king, black_king) = (1 << 5, 1 << 11);
    assert_eq!(of(false, white_king, u64::MAX).range(&s), (5, 5));
    assert_eq!(of(true, white_king, u64::MAX).range(&s), (1, 1));
    assert_eq!(of(true, black_king, u64::MAX).range(&s), (8, 8));
    // a2 is square 8, h3 square 23.
    s.ever_on[5] |= 1 << 8 | 1 << 23;
    assert_eq!(of(false, white_king, u64::MAX).range(&s), (1, 8));
    assert_eq!(of(true, white_king, u64::MAX).range(&s), (1, 3));
    assert_eq!(
        of(true, white_king | black_king, u64::MAX).range(&s),
        (1, 8)
    );
    // Only the second rank's squares: a2 alone.
    assert_eq!(of(false, white_king, 0xff00).range(&s), (1, 1));
    // Never on those squares (the set is always empty): anything from 1 to 8.
    assert_eq!(of(false, black_king, 0xff00).range(&s), (1, 8));
    assert!(of(false, white_king, 0).reads_squares());
    assert!(!of(false, white_king, 0).reads_plies());
}

/// `#A - #a`, `power A >= power a + 9` and their rearrangements read the leads; forms
/// that are not a lead (`#A + #a`, a product of two counts, part of the board, some kinds
/// only) do not.
#[test]
fn material_differences_are_read_as_leads() {
    use crate::chess::PieceKinds;
    let side = |white: bool, squares: Bitboard| {
        let all = if white { (u32::MAX, 0) } else { (0, u32::MAX) };
        Node::Pieces(
            PieceKinds {
                white: all.0,
                black: all.1,
                empty: false,
            },
            squares,
        )
    };
    let b = Box::new;
    let count = |white| Node::Count(b(side(white, Bitboard::FULL)));
    let power = |white| Node::Power(b(side(white, Bitboard::FULL)));
    let n = Node::Number;
    let arith = |op, x: Node<Bitboard>, y: Node<Bitboard>| Node::Arith(op, b(x), b(y));
    let (add, sub, mul) = (ArithOp::Add, ArithOp::Sub, ArithOp::Mul);
    let mut s = summary();
    // White a rook up at some point, black two pawns up at another (power 5 and -2).
    s.piece_lead = (-2, 1);
    s.power_lead = (-2, 5);
    let lead = arith(sub, count(true), count(false));
    for (name, node, range) in [
        ("#A - #a", lead.clone(), (-2, 1)),
        ("#a - #A", arith(sub, count(false), count(true)), (-1, 2)),
        (
            "2 * (#A - #a) - 1",
            arith(sub, arith(mul, n(2), lead.clone()), n(1)),
            (-5, 1),
        ),
        (
            "power A - power a",
            arith(sub, power(true), power(false)),
            (-2, 5),
        ),
        (
            "-(power A) + power a",
            arith(add, Node::Negate(b(power(true))), power(false)),
            (-5, 2),
        ),
    ] {
        assert_eq!(bound_in(&node, false).range(&s), range, "{name}");
    }
    let cmp = |op, x, y| Node::Compare(op, b(x), b(y));
    let plus = |x, k| arith(add, x, n(k));
    for (name, node, admits) in [
        (
            "power A >= power a + 5",
            cmp(CmpOp::Ge, power(true), plus(power(false), 5)),
            true,
        ),
        (
            "power A >= power a + 6",
            cmp(CmpOp::Ge, power(true), plus(power(false), 6)),
            false,
        ),
        (
            "power a + 3 > power A",
            cmp(CmpOp::Gt, plus(power(false), 3), power(true)),
            true,
        ),
        (
            "power a > power A + 2",
            cmp(CmpOp::Gt, power(false), plus(power(true), 2)),
            false,
        ),
        (
            "abs(#A - #a) >= 3",
            cmp(CmpOp::Ge, Node::Abs(b(lead.clone())), n(3)),
            false,
        ),
        (
            "abs(#A - #a) >= 2",
            cmp(CmpOp::Ge, Node::Abs(b(lead.clone())), n(2)),
            true,
        ),
        (
            "#A > #a + 1",
            cmp(CmpOp::Gt, count(true), plus(count(false), 1)),
            false,
        ),
    ] {
        assert_eq!(compare_need_of(&node).admits(&s, &[]), admits, "{name}");
    }
    let queens = Node::Count(b(Node::Pieces(
        PieceKinds {
            white: 1 << 4,
            black: 1 << 4,
            empty: false,
        },
        Bitboard::FULL,
    )));
    let a1 = Node::Count(b(side(true, Bitboard::from_square(shakmaty::Square::A1))));
    for (name, node) in [
        ("#A + #a", arith(add, count(true), count(false))),
        ("#A * #a", arith(mul, count(true), count(false))),
        ("#(A & a1) - #a", arith(sub, a1, count(false))),
        ("#[Qq] - #a", arith(sub, queens, count(false))),
    ] {
        assert!(
            material(&node).and_then(Material::lead_bound).is_none(),
            "{name}"
        );
    }
}

/// The condition `compare_need` gives a comparison node.
fn compare_need_of(node: &Node<Bitboard>) -> Need {
    match node {
        Node::Compare(op, a, b) => compare_need(*op, a, b),
        _ => unreachable!("a comparison"),
    }
}
