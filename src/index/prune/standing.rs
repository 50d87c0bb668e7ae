//! What stands on a set's squares: the piece a `move` brings onto its target (`move from R
//! to a-h7`: a white rook stood on the seventh rank in some position), where the piece it
//! takes stood (`move from N capture q`: a white knight and a black queen stood on one
//! square, in two positions) and the piece `type` or `colortype` reads on a square (`type
//! e4 == 1`: a pawn stood on e4).

use shakmaty::Bitboard;

use super::numbers::piece_set;
use super::{Need, count_possible};
use crate::chess::Color;
use crate::index::summary::{self, kind_index};
use crate::ir::{CmpOp, MoveFilter, Node};

/// The whole board, as the squares of a set whose form tells nothing of where it lies.
const EVERY_SQUARE: u64 = !0;

/// The squares a set filter's squares lie within at every position, as far as its form
/// tells: a designator's squares, an intersection's within each operand's, a union's
/// within their union, `X attacks Y` / `X attackedby Y` within X's (the squares of X that
/// attack, or are attacked); the whole board for any other form.
fn squares_within(node: &Node<Bitboard>) -> u64 {
    match node {
        Node::Pieces(_, squares) => squares.0,
        Node::Intersect(items) => items
            .iter()
            .fold(EVERY_SQUARE, |within, x| within & squares_within(x)),
        Node::Union(items) => items.iter().fold(0, |within, x| within | squares_within(x)),
        Node::Attacks(x, _) | Node::AttackedBy(x, _) => squares_within(x),
        _ => EVERY_SQUARE,
    }
}

/// [`Need::one_of_on`], but no condition when the squares are the whole board (a kind that
/// ever stood anywhere: nearly every game, and a column read for nothing).
fn one_of_on(kinds: u16, squares: u64) -> Need {
    match squares {
        EVERY_SQUARE => Need::Nothing,
        _ => Need::one_of_on(kinds, squares),
    }
}

/// A `move from X to Y` (played next, or `move previous`: the caller checks the source)
/// matches only through a move of a piece of X's kinds (the piece on the move's square of
/// X) onto a square of Y, so in the position the move leads to (one of the tree's, which
/// the summary covers) that piece stands on a square within Y's: as its own kind, as what
/// a pawn promotes to (a knight, bishop, rook or queen of its colour), castling's king on
/// its destination (the move's `to`, `rules::MoveInfo`). One of those kinds stood there.
pub fn arrival_need(m: &MoveFilter<Bitboard>) -> Need {
    let (Some(from), Some(to)) = (&m.from, &m.to) else {
        return Need::Nothing;
    };
    let Some(movers) = piece_set(from) else {
        return Need::Nothing;
    };
    one_of_on(arriving_kinds(movers.kinds), squares_within(to))
}

/// A `move from X capture Z` (the caller checks the source), X and Z piece sets, matches
/// only through a move of a piece of X's kinds taking a piece of Z's kinds that stands on
/// a square within Z's (and within Y's, `to Y`: but for en passant the piece taken stands
/// on the move's target). In the position the move is played from (one of the tree's) that
/// kind of Z stood on the target; in the position it leads to (the tree's too) the mover
/// stands there, as its own kind or what a pawn promotes to ([`arriving_kinds`]). En
/// passant takes a pawn beside the target: when a pawn of X may take a pawn of Z, a game
/// with an en passant capture is admitted as well.
pub fn capture_need(m: &MoveFilter<Bitboard>) -> Need {
    let (Some(from), Some(capture)) = (&m.from, &m.capture) else {
        return Need::Nothing;
    };
    let (Some(movers), Some(taken)) = (piece_set(from), piece_set(capture)) else {
        return Need::Nothing;
    };
    let squares = taken.squares & m.to.as_deref().map_or(EVERY_SQUARE, squares_within);
    let same_square = Need::SameSquare {
        first: (arriving_kinds(movers.kinds), squares),
        second: (taken.kinds, squares),
    };
    let pawns = 1 << kind_index(Color::White, 0) | 1 << kind_index(Color::Black, 0);
    if movers.kinds & pawns != 0 && taken.kinds & pawns != 0 {
        Need::Any(vec![same_square, Need::AnyFlag(summary::EN_PASSANT)])
    } else {
        same_square
    }
}

/// The kinds a piece of `kinds` may be after its move: its own, and for a pawn what it
/// promotes to (a knight, bishop, rook or queen of its colour).
fn arriving_kinds(mut kinds: u16) -> u16 {
    for color in [Color::White, Color::Black] {
        if kinds & (1 << kind_index(color, 0)) != 0 {
            kinds |= (1..=4).fold(0, |promoted, t| promoted | 1 << kind_index(color, t));
        }
    }
    kinds
}

/// `type X op n` or `colortype X op n` (the caller mirrors `n op type X`): the value is
/// read off the one square of X's set (none otherwise, and no match), 0 where it is empty,
/// else its piece's type plus one (pawn 1 .. king 6), negated for a black piece by
/// `colortype` (`eval::type_number`). When 0 fails the comparison, a piece of a kind whose
/// value passes (and which X admits, for a designator) stood on a square within X's.
pub fn type_need(x: &Node<Bitboard>, colored: bool, op: CmpOp, n: i64) -> Need {
    if count_possible(0, 0, op, n) {
        return Need::Nothing;
    }
    let admitted = piece_set(x).map_or(u16::MAX, |p| p.kinds);
    let mut kinds = 0u16;
    for color in [Color::White, Color::Black] {
        for t in 0..6u8 {
            let value = i64::from(t) + 1;
            let value = if colored && color == Color::Black {
                -value
            } else {
                value
            };
            if count_possible(value, value, op, n) {
                kinds |= 1 << kind_index(color, t);
            }
        }
    }
    one_of_on(kinds & admitted, squares_within(x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::PieceKinds;

    fn pieces(white: u32, black: u32, squares: u64) -> Node<Bitboard> {
        Node::Pieces(
            PieceKinds {
                white,
                black,
                empty: false,
            },
            Bitboard(squares),
        )
    }

    /// The kinds of a `PieceOn` disjunction, and its squares.
    fn kinds_on(need: &Need) -> (u16, u64) {
        let Need::Any(v) = need else {
            panic!("{need:?}")
        };
        v.iter().fold((0, 0), |(kinds, _), n| match n {
            Need::PieceOn { kind, squares } => (kinds | 1 << kind, *squares),
            other => panic!("{other:?}"),
        })
    }

    /// A pawn's move brings a pawn or what it promotes to (its colour's knight to queen),
    /// never a king; a rook's brings a rook; a set with no known squares, nothing.
    #[test]
    fn a_move_brings_its_piece_or_a_promoted_one() {
        let rank8 = 0xff << 56;
        let mut m = MoveFilter::any(crate::ir::MoveSource::Played);
        m.from = Some(Box::new(pieces(1, 0, EVERY_SQUARE)));
        m.to = Some(Box::new(pieces(0x3f, 0x3f, rank8)));
        let white = |t| 1u16 << kind_index(Color::White, t);
        assert_eq!(
            kinds_on(&arrival_need(&m)),
            (white(0) | white(1) | white(2) | white(3) | white(4), rank8)
        );
        m.from = Some(Box::new(pieces(1 << 3, 0, EVERY_SQUARE)));
        assert_eq!(kinds_on(&arrival_need(&m)), (white(3), rank8));
        m.to = Some(Box::new(Node::Check));
        assert_eq!(arrival_need(&m), Need::Nothing);
    }

    /// A capture's mover (a pawn as what it may promote to) and the piece taken on one
    /// square within the taken set's (and the target's) squares; a pawn taking a pawn may
    /// also take en passant; without `from` or `capture`, nothing.
    #[test]
    fn a_capture_puts_its_mover_where_the_piece_taken_stood() {
        let rank8 = 0xff << 56;
        let kind = |c, t| 1u16 << kind_index(c, t);
        let mut m = MoveFilter::any(crate::ir::MoveSource::Played);
        m.from = Some(Box::new(pieces(1 << 1, 0, EVERY_SQUARE)));
        assert_eq!(capture_need(&m), Need::Nothing);
        m.capture = Some(Box::new(pieces(0, 1 << 4, EVERY_SQUARE)));
        let knight_takes_queen = Need::SameSquare {
            first: (kind(Color::White, 1), EVERY_SQUARE),
            second: (kind(Color::Black, 4), EVERY_SQUARE),
        };
        assert_eq!(capture_need(&m), knight_takes_queen);
        m.from = Some(Box::new(pieces(1, 0, EVERY_SQUARE)));
        m.capture = Some(Box::new(pieces(0, 1 | 1 << 3, EVERY_SQUARE)));
        m.to = Some(Box::new(pieces(0x3f, 0x3f, rank8)));
        let pawn_takes = Need::SameSquare {
            first: ((0..5).fold(0, |k, t| k | kind(Color::White, t)), rank8),
            second: (kind(Color::Black, 0) | kind(Color::Black, 3), rank8),
        };
        assert_eq!(
            capture_need(&m),
            Need::Any(vec![pawn_takes, Need::AnyFlag(summary::EN_PASSANT)])
        );
    }

    /// `type` and `colortype` compared: the kinds whose value passes; nothing when an empty
    /// square's 0 passes.
    #[test]
    fn a_type_compared_needs_the_kinds_whose_value_passes() {
        let e4 = 1 << 28;
        let square = pieces(0x3f, 0x3f, e4);
        let kind = |c, t| 1u16 << kind_index(c, t);
        let pawns = kind(Color::White, 0) | kind(Color::Black, 0);
        assert_eq!(
            kinds_on(&type_need(&square, false, CmpOp::Eq, 1)),
            (pawns, e4)
        );
        assert_eq!(
            kinds_on(&type_need(&square, true, CmpOp::Eq, -1)),
            (kind(Color::Black, 0), e4)
        );
        let black_pieces = (1..6).fold(0, |k, t| k | kind(Color::Black, t));
        assert_eq!(
            kinds_on(&type_need(&square, true, CmpOp::Lt, -1)),
            (black_pieces, e4)
        );
        assert_eq!(type_need(&square, true, CmpOp::Le, 0), Need::Nothing);
        assert_eq!(type_need(&square, false, CmpOp::Ne, 3), Need::Nothing);
    }
}
