//! The types of the words without arguments, and the syntactic test of a filter that
//! certainly has no value (used by the parser).

use crate::query::ast::{Expr, ExprKind, Word};

use super::Type;

/// The type of a word without arguments.
pub(super) fn word_type(w: Word) -> Type {
    use Word as W;
    match w {
        W::SideToMove
        | W::White
        | W::Black
        | W::HalfmoveClock
        | W::MoveNumber
        | W::Ply
        | W::GameNumber
        | W::PositionId
        | W::Depth
        | W::LastGameNumber
        | W::PathCount
        | W::PathCountUnfocused => Type::Number,
        // CQLi's zobristkey yields the key's hexadecimal text (its Board State page).
        W::ZobristKey => Type::Str,
        W::ConnectedPawns
        | W::DoubledPawns
        | W::IsolatedPawns
        | W::PassedPawns
        | W::PromotedPieces
        | W::EnPassantSquare
        | W::From
        | W::To
        | W::IdealMate
        | W::IdealStalemate
        | W::ModelMate
        | W::ModelStalemate
        | W::PureMate
        | W::PureStalemate => Type::Set,
        W::Parent
        | W::CurrentPosition
        | W::InitialPosition
        | W::LastPosition
        | W::PathStart
        | W::PathLastPosition => Type::Position,
        W::CurrentFen
        | W::StandardFen
        | W::OriginalComment
        | W::CurrentMutation
        | W::CurrentTransform => Type::Str,
        _ => Type::Logical,
    }
}

/// Whether `e` has no value whatever the variables' types (`check`, `not x`, `a or b`), so
/// that CQL would not let a comparison or arithmetic operator take it as its left operand.
pub(crate) fn obviously_logical(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Word(w) => word_type(*w) == Type::Logical,
        ExprKind::Not(_) | ExprKind::Or(_) | ExprKind::And(_) | ExprKind::Result(_) => true,
        ExprKind::Fen(Some(_)) | ExprKind::Player(_, Some(_)) | ExprKind::Tag(_, Some(_)) => true,
        _ => false,
    }
}
