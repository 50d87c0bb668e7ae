//! What a query's search needs of a game, decided once per query by walking its IR: whether
//! every filter is position-local, so the one-pass search (`run::one_pass`) can run it
//! while the game is read, or whether the game tree must be read and replayed first.
//!
//! Position-local filters read only the current position (its pieces, attacks, moves from
//! it, check and mate), the game's tags and number, the ply, and variables. Everything that
//! navigates (`parent`, `child`, `line`, `find`, `echo`, `path`, `:`), numbers the tree
//! (`positionid`, `depth`, `position N`), reads comments, piece identities, the move played
//! from or to the position, imaginary positions, or changes the output or the game
//! (`comment`, `sort`, `settag`, `message`, ...) needs the tree.

use std::ops::ControlFlow;

use crate::ir::walk::{any_node, children};
use crate::ir::{MoveSource, Node, NumProp};

/// Whether `filter` can be evaluated by the one-pass search: every filter in it is
/// position-local (see the module doc).
pub fn is_position_local<S>(filter: &Node<S>) -> bool {
    !any_node(filter, |n| !local_here(n))
}

/// The positions beside the current one that a one-pass search keeps for a query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Neighbours {
    /// The position before (`move previous`).
    pub previous: bool,
    /// The next main-line position (`move`, `terminal`).
    pub next: bool,
}

/// Whether the one-pass search can evaluate `filter` on the main line, and which neighbours
/// of each position it must keep; None when the game tree is needed.
///
/// Beside the position-local filters: `mainline` and `depth` (on the main line, always true
/// and 0), `comment` and `sort` (kept by position), `piece x in S body` when `x` is bound
/// to squares (`eval::piece_loop_by_square`),
/// `move previous` (the move that reached the position and the position before
/// it), `move` and `terminal` (the next main-line move, or none). A `move` filter's own
/// parameters are read at the position before (or at the current one) and must be
/// position-local: the search keeps one position on either side, not two.
pub fn one_pass_neighbours<S>(filter: &Node<S>) -> Option<Neighbours> {
    let mut needs = Neighbours::default();
    let refused = any_node(filter, |n| {
        if local_here(n) {
            return false;
        }
        match n {
            Node::InMainline(_) | Node::Num(NumProp::Depth) => false,
            // Comments and sort values are kept by position, the tree unneeded.
            Node::Comment(_) | Node::Sort(_) => false,
            // A piece loop whose variable is bound to squares reads no piece identity.
            Node::PieceLoop(l) => !crate::eval::piece_loop_by_square(l),
            Node::Terminal => {
                needs.next = true;
                false
            }
            Node::Move(m) if matches!(m.source, MoveSource::Previous | MoveSource::Played) => {
                if m.source == MoveSource::Previous {
                    needs.previous = true;
                } else {
                    needs.next = true;
                }
                children(n, &mut |operand| match is_position_local(operand) {
                    true => ControlFlow::Continue(()),
                    false => ControlFlow::Break(()),
                })
                .is_break()
            }
            _ => true,
        }
    });
    (!refused).then_some(needs)
}

/// Whether `node` itself (not its operands, which the walk visits) is position-local.
/// Every variant is named, so a new one does not compile until it is decided here.
fn local_here<S>(node: &Node<S>) -> bool {
    match node {
        Node::True
        | Node::False
        | Node::And(_)
        | Node::Or(_)
        | Node::Not(_)
        | Node::If(..)
        | Node::Pieces(..)
        | Node::Placements(_)
        | Node::Region(..)
        | Node::Union(_)
        | Node::Intersect(_)
        | Node::Complement(_)
        | Node::AttackedBy(..)
        | Node::Attacks(..)
        | Node::Pawns(_)
        | Node::PromotedPieces
        | Node::Placement(_)
        | Node::Number(_)
        | Node::Count(_)
        | Node::Arith(..)
        | Node::Negate(_)
        | Node::Abs(_)
        | Node::Max(_)
        | Node::Min(_)
        | Node::Power(_)
        | Node::PieceType(..)
        | Node::Elo(_)
        | Node::Str(_)
        | Node::StrProp(_)
        | Node::Tag(_)
        | Node::TagContains(..)
        | Node::RegexMatch(..)
        | Node::CaseConvert(..)
        | Node::PieceName(..)
        | Node::Check
        | Node::Mate
        | Node::Stalemate
        | Node::ToMove(_)
        | Node::Initial
        | Node::Result(_)
        | Node::Compare(..)
        | Node::In(..)
        | Node::Var(_)
        | Node::Assign(..)
        | Node::IsBound(_)
        | Node::Unbind(_)
        | Node::SquareLoop(_)
        | Node::Direction(..)
        | Node::Between(..)
        | Node::Ray(_)
        | Node::Pin(_)
        | Node::SquareShade(..)
        | Node::FileRank(..)
        | Node::MakeSquare(..)
        | Node::Distance(..)
        | Node::MateKind(..) => true,
        // halfmoveclock, movenumber, ply, gamenumber, sidetomove; not depth, positionid
        Node::Num(prop) => !matches!(prop, NumProp::Depth | NumProp::PositionId),
        // move legal ..., move pseudolegal ...: generated from the position; the played
        // moves (`move`, `move previous`) and retro moves read other positions
        Node::Move(m) => matches!(m.source, MoveSource::Legal | MoveSource::PseudoLegal),
        Node::HasComment(_)
        | Node::Terminal
        | Node::PieceLoop(_)
        | Node::Position(_)
        | Node::At(..)
        | Node::Find(_)
        | Node::Line(_)
        | Node::InMainline(_)
        | Node::Comment(_)
        | Node::Sort(_)
        | Node::Echo(_)
        | Node::Relation(..)
        | Node::Strs(_)
        | Node::Tree(_)
        | Node::Path(_)
        | Node::Cqls(_)
        | Node::Prog(_)
        | Node::Hhdb(_)
        | Node::Words(_)
        | Node::Run(_)
        | Node::DictLoop(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(cql: &str) -> bool {
        let query =
            crate::query::compile::<shakmaty::Bitboard>(cql, crate::squares::Geometry::STANDARD)
                .expect("compiles");
        is_position_local(&query.filter)
    }

    #[test]
    fn board_filters_are_local_navigation_is_not() {
        for cql in [
            "check",
            "mate",
            "true",
            "Qa1 attacks k",
            "move legal from K",
            "ply > 20",
        ] {
            assert!(local(cql), "{cql}");
        }
        for cql in [
            "parent : check",
            "line --> check --> mate",
            "find check",
            "move from K",
            "move previous capture Q",
            "comment(\"x\")",
            "terminal",
            "positionid == 3",
            "sort ply",
        ] {
            assert!(!local(cql), "{cql}");
        }
    }

    fn neighbours(cql: &str) -> Option<(bool, bool)> {
        let query =
            crate::query::compile::<shakmaty::Bitboard>(cql, crate::squares::Geometry::STANDARD)
                .expect("compiles");
        one_pass_neighbours(&query.filter).map(|n| (n.previous, n.next))
    }

    #[test]
    fn played_moves_and_the_end_need_one_neighbour() {
        assert_eq!(neighbours("check"), Some((false, false)));
        assert_eq!(neighbours("mainline mate"), Some((false, false)));
        assert_eq!(neighbours("move previous capture Q"), Some((true, false)));
        assert_eq!(neighbours("move from K"), Some((false, true)));
        assert_eq!(neighbours("terminal and move previous"), Some((true, true)));
        assert_eq!(neighbours("piece x in N x attacks k"), Some((false, false)));
        // A piece followed to the position before needs the piece table.
        assert_eq!(neighbours("piece x in N parent : x"), None);
        // A move filter's parameters read one position over: they may not read another.
        assert_eq!(neighbours("move previous from (move previous to .)"), None);
        assert_eq!(neighbours("move from (A & move to .)"), None);
        assert_eq!(
            neighbours("sort \"ply\" ply comment(ply)"),
            Some((false, false))
        );
        for cql in ["parent : check", "line --> check --> mate", "find check"] {
            assert_eq!(neighbours(cql), None, "{cql}");
        }
    }
}
