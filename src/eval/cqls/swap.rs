//! The static exchange evaluation of CQL-S's `:exchangeevaluation` and `:maxswapevaluation`
//! (seed 004: "taking into account that pieces may be pinned or defended by other pieces").
//!
//! A move to a square starts an exchange there: after it, the sides take turns capturing on
//! that square, each with its least valuable piece that can **legally** capture there, each
//! free to stop. The captures are played on the rules' own positions, so a pinned piece
//! never recaptures, a piece behind a capturer (an x-ray: a rook behind a rook, a queen behind
//! a bishop) joins once the piece in front has gone, and a king takes only an undefended
//! piece. The value, in pawns with `power`'s piece values (a king 100), is the material the
//! mover wins: the piece it takes (and a promotion's gain) minus what the exchange costs it.

use super::super::imagine::move_text;
use crate::ir::piece_type;
use crate::rules::{MoveInfo, Position};

/// A king's value in an exchange: more than all other material, so a king is never given.
const KING_VALUE: i64 = 100;

/// The static exchange value of `m` (one of `pos`'s legal moves) for its mover, in pawns;
/// None when the rules cannot replay the move.
pub fn see<P: Position>(pos: &P, m: &MoveInfo<P::Set>) -> Option<i64> {
    let value = |t: u8| {
        if t == piece_type::KING {
            KING_VALUE
        } else {
            pos.power_of(t)
        }
    };
    // The gain of each capture in turn: the piece taken, plus a promotion's gain.
    let gain = |m: &MoveInfo<P::Set>| {
        let taken = m.capture.as_ref().map_or(0, |(t, _)| value(*t));
        taken + m.promotion.map_or(0, |t| value(t) - value(m.mover))
    };
    let mut gains = vec![gain(m)];
    let mut board = pos.clone();
    play(&mut board, m)?;
    while let Some(next) = cheapest_capture(&board, &m.to, value) {
        gains.push(gain(&next));
        if play(&mut board, &next).is_none() {
            break;
        }
    }
    // From the last capture back: each side captures only when that gains it something.
    let rest = gains[1..]
        .iter()
        .rev()
        .fold(0, |after, g| (g - after).max(0));
    Some(gains[0] - rest)
}

/// The position as each side would move in it, for `:maxswapevaluation` ("the value of the
/// function does not depend on which side is to move": the seed's `>=1` example "selects
/// positions in which white threatens with winning some material"): `pos` itself, and the
/// other side's turn after a null move, unless the side to move is in check (a pass is no
/// legal answer to a check).
pub fn sides<P: Position>(pos: &P) -> Vec<P> {
    let mut passed = pos.clone();
    let mut sides = vec![pos.clone()];
    if !pos.is_check() && passed.play_null().is_ok() {
        sides.push(passed);
    }
    sides
}

/// The legal capture on `target` by the least valuable piece (promoting to the most valuable
/// piece when a pawn captures onto its last rank).
fn cheapest_capture<P: Position>(
    board: &P,
    target: &P::Set,
    value: impl Fn(u8) -> i64,
) -> Option<MoveInfo<P::Set>> {
    board
        .legal_moves()
        .into_iter()
        .filter(|c| c.to == *target && c.capture.as_ref().is_some_and(|(_, s)| s == target))
        .min_by_key(|c| (value(c.mover), -c.promotion.map_or(0, &value)))
}

/// Plays `m` on `board`; None when the rules do not replay it to the same move.
fn play<P: Position>(board: &mut P, m: &MoveInfo<P::Set>) -> Option<()> {
    let played = board.play_san(&move_text(m)?).ok()?;
    (played.from == m.from && played.to == m.to).then_some(())
}
