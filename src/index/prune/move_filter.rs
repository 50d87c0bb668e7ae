//! The conditions of a `move` filter: the flags of the moves it names, its sets, the kinds
//! it captures, the kinds it brings to its target and to the square of the piece it takes
//! (`standing`).

use shakmaty::Bitboard;

use super::numbers::piece_set;
use super::{Need, need_of};
use crate::index::summary;
use crate::ir::{CastleKind, MoveFilter, MoveSource, MoveYield};

/// A `move` (played next) or `move previous` filter matches only through a move of the game
/// tree with its parameters: a promotion to one of `promote`'s types, an en passant capture,
/// castling of its kind, a capture (of one of a piece set's kinds), from, to and capturing
/// on squares of its sets there, its piece on a square of its `to` set after it. `legal`,
/// `pseudolegal`, `reverse` moves are not the game's; `count` yields a number whatever the
/// moves; a null move or a drop is never summarised (a game with one is searched).
pub fn move_need(m: &MoveFilter<Bitboard>) -> Need {
    if !matches!(m.source, MoveSource::Played | MoveSource::Previous)
        || m.yields == MoveYield::Count
        || m.null
        || m.drop.is_some()
    {
        return Need::Nothing;
    }
    let mut all = Vec::new();
    if let Some(kinds) = m.promote {
        all.push(Need::AnyFlag(promotion_flags(kinds.white | kinds.black)));
    }
    if m.enpassant || m.ep_square.is_some() {
        all.push(Need::AnyFlag(summary::EN_PASSANT));
    }
    match m.castle {
        Some(CastleKind::KingSide) => all.push(Need::AnyFlag(summary::CASTLE_KING_SIDE)),
        Some(CastleKind::QueenSide) => all.push(Need::AnyFlag(summary::CASTLE_QUEEN_SIDE)),
        Some(CastleKind::Any) => all.push(Need::AnyFlag(
            summary::CASTLE_KING_SIDE | summary::CASTLE_QUEEN_SIDE,
        )),
        None => {}
    }
    if m.capture.is_some() || m.yields == MoveYield::Capture {
        all.push(Need::AnyFlag(summary::CAPTURE));
    }
    // `from X`, `to Y`, `capture Z` are evaluated at the position the move is played from
    // (`Evaluator::move_matcher`), one of the tree's, and each holds a square of the move
    // there: not empty.
    all.extend(
        [&m.from, &m.to, &m.capture]
            .into_iter()
            .flatten()
            .map(|x| need_of(x)),
    );
    // A piece set Z holds only squares with pieces of its kinds, so the piece taken was of
    // one of them: that kind numbered one fewer after the move than before it (both
    // positions of the tree).
    if let Some(taken) = m.capture.as_deref().and_then(piece_set) {
        all.push(Need::Taken { kinds: taken.kinds });
    }
    // The piece moved from X stands on a square of Y after the move (`move from R to a-h7`).
    all.push(super::standing::arrival_need(m));
    // ... and, but for en passant, where the piece it took stood (`move from N capture q`).
    all.push(super::standing::capture_need(m));
    Need::All(all)
}

/// The summary's flags of promotions to the piece types of `types` (bit `t` for type `t`;
/// a pawn or king, to which nothing promotes, adds none).
pub(super) fn promotion_flags(types: u32) -> u32 {
    (1..=4u8)
        .filter(|t| types & (1 << t) != 0)
        .fold(0, |flags, t| {
            flags | summary::promotion_flag(t).unwrap_or(0)
        })
}
