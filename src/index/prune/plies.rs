//! Conditions on when in a game two things happen, read off the summary's plies
//! (`GameSummary::queens_gone`, `GameSummary::last_long_castle`): `move o-o-o and #[Qq] == 0`
//! matches only at a position without queens from (or into) which a queen-side castling is
//! played, so the game's first position without queens cannot come after its last
//! queen-side castling. The flags and counts alone admit every game that castles queen-side
//! once and trades queens at any time (four times the games that match, on std-visible).

use shakmaty::Bitboard;

use super::move_filter::move_need;
use super::{Need, count_need, mirrored};
use crate::chess::Color;
use crate::index::summary::{GameSummary, kind_index};
use crate::ir::{CastleKind, CmpOp, Node};

/// Whether an `and` of `items` (each evaluated at one position) can match only at a
/// position without queens of either colour from which, or into which, a queen-side
/// castling is played: one item is a `move o-o-o` (or `move previous o-o-o`) of the game's
/// moves ([`castles_long`]) and the whole-board counts compared to a number among the
/// others leave both queens none ([`counts_nothing`]).
pub fn long_castle_without_queens(items: &[Node<Bitboard>]) -> bool {
    let mut zero = 0u16;
    for item in items {
        if let Node::Compare(op, a, b) = item {
            zero |= match (&**a, &**b) {
                (x, Node::Number(n)) => counts_nothing(&count_need(x, *op, *n)),
                (Node::Number(n), y) => counts_nothing(&count_need(y, mirrored(*op), *n)),
                _ => 0,
            };
        }
    }
    let queens = (1 << kind_index(Color::White, QUEEN)) | (1 << kind_index(Color::Black, QUEEN));
    zero & queens == queens && items.iter().any(castles_long)
}

/// The project's piece type of a queen.
const QUEEN: u8 = crate::chess::piece_type::QUEEN;

/// The kinds (a bit per kind index) a count condition leaves no piece: a sum of counts that
/// must be 0 or less (`== 0`, `<= 0`, `< 1`) leaves each of its kinds none, as no count is
/// negative; 0 for any other condition.
fn counts_nothing(need: &Need) -> u16 {
    match *need {
        Need::Count {
            kinds,
            op: CmpOp::Eq | CmpOp::Le,
            count,
        } if count <= 0 => kinds,
        Need::Count {
            kinds,
            op: CmpOp::Lt,
            count,
        } if count <= 1 => kinds,
        _ => 0,
    }
}

/// Whether `node` matches only through a queen-side castling of the game's tree played from
/// this position (`move o-o-o`) or into it (`move previous o-o-o`): a move filter whose own
/// condition names the castling flag ([`move_need`]: the game's moves, not legal ones, nor a
/// count).
fn castles_long(node: &Node<Bitboard>) -> bool {
    match node {
        Node::Move(m) => m.castle == Some(CastleKind::QueenSide) && move_need(m) != Need::Nothing,
        _ => false,
    }
}

/// Whether a game with `summary` may hold a position without queens that a queen-side
/// castling leaves or reaches ([`Need::LongCastleWithoutQueens`]). Such a position at ply
/// `p` makes the first position without queens come at `p` or before (`queens_gone <= p +
/// 1`, the field holding the ply plus one), and the castling reaches ply `p + 1` (played
/// from it) or `p` (played into it), so the last castling's ply is `p` or more: together,
/// `queens_gone <= last_long_castle + 1`, both set. Over the whole tree (variations too) the
/// first ply is the least of every line's and the last the most, so the test holds with or
/// without `--variations`.
pub fn admits(summary: &GameSummary) -> bool {
    summary.queens_gone != 0
        && summary.last_long_castle != 0
        && summary.queens_gone <= summary.last_long_castle + 1
}
