//! `initial`: it holds only at the game's first position (`at == 0`), which in a summarised
//! game is the standard start, white to move (a `[FEN]`, `[SetUp]` or variant game is
//! searched always, `summary.rs`). So the filters beside `initial` in an `and` are evaluated
//! at the standard start, and one that is false there (`initial and not fen START`, `initial
//! and btm`) makes the `and` match in no summarised game.

use shakmaty::Bitboard;

use crate::chess::{Color, PieceKinds};
use crate::index::format::START_SQUARES;
use crate::index::summary::KINDS;
use crate::ir::Node;

/// Whether the `and` of `items` can never match in a summarised game: one item is
/// `initial`, and another is false at the standard start ([`at_start`]).
pub fn never_with_initial(items: &[Node<Bitboard>]) -> bool {
    items.iter().any(|n| matches!(n, Node::Initial))
        && items.iter().any(|n| at_start(n) == Some(false))
}

/// The squares of the standard start holding a piece (or emptiness) admitted by `kinds`.
fn start_squares(kinds: PieceKinds) -> u64 {
    let mut squares = 0u64;
    for t in 0..6u8 {
        if kinds.white & (1 << t) != 0 {
            squares |= START_SQUARES[usize::from(t)];
        }
        if kinds.black & (1 << t) != 0 {
            squares |= START_SQUARES[6 + usize::from(t)];
        }
    }
    if kinds.empty {
        squares |= !START_SQUARES[..KINDS].iter().fold(0, |a, b| a | b);
    }
    squares
}

/// Whether `node` matches at the standard start, white to move, when this does not depend on
/// the game (None: unknown). The evaluator's arms: a designator is its squares holding
/// admitted pieces (not empty: matches); `fen` is every listed square holding an admitted
/// piece; `wtm`/`btm` the side to move; `check`, `mate`, `stalemate` are false there;
/// `not`, `and`, `or` as logic.
pub fn at_start(node: &Node<Bitboard>) -> Option<bool> {
    match node {
        Node::True | Node::Initial => Some(true),
        Node::False | Node::Check | Node::Mate | Node::Stalemate => Some(false),
        Node::ToMove(color) => Some(*color == Color::White),
        Node::Not(x) => at_start(x).map(|b| !b),
        Node::And(items) => {
            let answers: Vec<Option<bool>> = items.iter().map(at_start).collect();
            if answers.contains(&Some(false)) {
                Some(false)
            } else if answers.iter().all(|a| *a == Some(true)) {
                Some(true)
            } else {
                None
            }
        }
        Node::Or(items) => {
            let answers: Vec<Option<bool>> = items.iter().map(at_start).collect();
            if answers.contains(&Some(true)) {
                Some(true)
            } else if answers.iter().all(|a| *a == Some(false)) {
                Some(false)
            } else {
                None
            }
        }
        Node::Pieces(kinds, squares) => Some(start_squares(*kinds) & squares.0 != 0),
        Node::Placement(parts) => Some(
            parts
                .iter()
                .all(|(kinds, squares)| squares.0 & !start_squares(*kinds) == 0),
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard start: white pieces on ranks 1-2, 32 empty squares in the middle.
    #[test]
    fn the_start_is_read_as_the_board_says() {
        let white_rook = PieceKinds {
            white: 1 << 3,
            ..PieceKinds::default()
        };
        let empty = PieceKinds {
            empty: true,
            ..PieceKinds::default()
        };
        let a1 = Bitboard(1);
        let e4 = Bitboard(1 << 28);
        assert_eq!(at_start(&Node::Pieces(white_rook, a1)), Some(true));
        assert_eq!(at_start(&Node::Pieces(white_rook, e4)), Some(false));
        assert_eq!(
            at_start(&Node::Placement(vec![(
                empty,
                Bitboard(0x0000_ffff_ffff_0000)
            )])),
            Some(true)
        );
        assert_eq!(
            at_start(&Node::Not(Box::new(Node::Placement(vec![(empty, a1)])))),
            Some(true)
        );
        assert_eq!(at_start(&Node::ToMove(Color::Black)), Some(false));
        assert_eq!(at_start(&Node::Num(crate::ir::NumProp::Ply)), None);
    }
}
