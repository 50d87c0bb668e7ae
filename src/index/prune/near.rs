//! Sets near one another: `diagonal 1 k & Q`, `anydirection 2 K & a` hold at a position only
//! where a piece of one set stands a step of the directions from a piece of the other, so
//! in some position a kind of the first stood on a square from which such a step reaches a
//! square a kind of the second stood on (at that position or another: the summary keeps
//! the squares each kind ever stood on, not when). Also: a count compared so that it is at
//! least 1 needs its set not empty.

use shakmaty::Bitboard;

use super::numbers::{piece_set, stood_on};
use super::{Need, mirrored};
use crate::eval::direction_squares;
use crate::index::summary::GameSummary;
use crate::ir::{CmpOp, Directions, Node, Range};
use crate::squares::Geometry;

/// Whether, for a [`Need::Near`], a step of `dirs` within `range` from a square `from`'s
/// kinds stood on (within its squares) reaches one `to`'s kinds stood on: the squares
/// reached from a union are the union of those reached from each square
/// (`direction_squares` shifts the whole set a step at a time).
pub fn near(
    summary: &GameSummary,
    from: (u16, u64),
    (dirs, range): (Directions, Range),
    to: (u16, u64),
) -> bool {
    let start = Bitboard(stood_on(summary, from.0, from.1));
    let reached = direction_squares(Geometry::STANDARD, dirs, range, &start);
    reached.0 & stood_on(summary, to.0, to.1) != 0
}

/// The [`Need::Near`] conditions of an intersection (`Node::Intersect`'s operands): for
/// each operand `dir range X` with X a piece set, and each other operand that is a piece
/// set Y, a square of the intersection is a square of Y (so a kind of Y stood on it) a step
/// from a square of X (where a kind of X stood).
pub fn near_needs(items: &[Node<Bitboard>]) -> Vec<Need> {
    let mut needs = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let Node::Direction(dirs, range, x) = item else {
            continue;
        };
        let Some(from) = piece_set(x) else {
            continue;
        };
        for (_, other) in items.iter().enumerate().filter(|(j, _)| *j != i) {
            if let Some(to) = piece_set(other) {
                needs.push(Need::Near {
                    from: (from.kinds, from.squares),
                    steps: (*dirs, *range),
                    to: (to.kinds, to.squares),
                });
            }
        }
    }
    needs
}

/// The set `S` of `#S op n` (or `n op #S`) when the comparison holds only for a count of at
/// least 1 (`#S >= 3`, `#S > 0`, `#S == 2`): S is then not empty at the position.
pub fn counted_set_not_empty<'a>(
    op: CmpOp,
    a: &'a Node<Bitboard>,
    b: &'a Node<Bitboard>,
) -> Option<&'a Node<Bitboard>> {
    let (set, op, n) = match (a, b) {
        (Node::Count(s), Node::Number(n)) => (&**s, op, *n),
        (Node::Number(n), Node::Count(s)) => (&**s, mirrored(op), *n),
        _ => return None,
    };
    let at_least_one = match op {
        CmpOp::Ge | CmpOp::Eq => n >= 1,
        CmpOp::Gt => n >= 0,
        CmpOp::Lt | CmpOp::Le | CmpOp::Ne => false,
    };
    at_least_one.then_some(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The black king only on e8 (square 60): a white queen that stood on f7 (53) was a
    /// diagonal step from it, one on f6 (45) or e7 (52) was not; two diagonal steps reach
    /// g6 (46).
    #[test]
    fn a_step_from_where_one_kind_stood_to_where_another_stood() {
        let (queen, king) = (1u16 << 4, 1u16 << 11);
        let diagonal = Directions(0b1111_0000);
        let mut s = GameSummary::default();
        s.ever_on[11] = 1 << 60;
        let one = Range { min: 1, max: 1 };
        let two = Range { min: 2, max: 2 };
        for (square, steps, reached) in [
            (53, one, true),
            (45, one, false),
            (52, one, false),
            (46, two, true),
            (53, two, false),
        ] {
            s.ever_on[4] = 1 << square;
            let from = (king, u64::MAX);
            let got = near(&s, from, (diagonal, steps), (queen, u64::MAX));
            assert_eq!(got, reached, "queen on {square}, {steps:?}");
            // Within the squares given only.
            assert!(!near(&s, from, (diagonal, steps), (queen, !(1 << square))));
        }
    }
}
