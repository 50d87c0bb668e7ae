//! `difficulttrading{...}` under rule layers (seed 001, Chu Shogi's lion rules): (1) a piece
//! of the set may take an enemy piece of the set on a square not adjacent to it (a "B"
//! square) only after a capture on an adjacent ("A") square of a piece that is not `minor`, or
//! when the taken piece is undefended; (2) after a piece of the set is taken by a piece
//! outside it, the opponent's next move may not take one with a piece outside it.

use super::layers::{DifficultTrading, has_type};
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// Whether `difficulttrading` forbids move `m`, made into `after`.
    pub(super) fn trading_forbids(
        &self,
        m: &FMove,
        after: &FairyPos,
        rule: &DifficultTrading,
    ) -> bool {
        let us = self.turn;
        let them = 1 - us;
        let in_set = |t: usize| has_type(rule.pieces, t);
        let victim = |sq: u8| self.piece(sq as usize).filter(|&(c, _)| c == them);
        let first = match m.kind {
            MoveKind::Double(v) => victim(v),
            _ => None,
        };
        let last = m.capture.and_then(victim);
        let takes_one =
            first.is_some_and(|(_, t)| in_set(t)) || last.is_some_and(|(_, t)| in_set(t));
        let mover = m.piece as usize;
        // (2) "the opponent may not capture a Lion except with another Lion, on his next turn".
        if self.layer.trade_barred && takes_one && !in_set(mover) {
            return true;
        }
        // (1) A distant capture of one of the pieces by one of them.
        let (from, to) = (m.from as usize, m.to as usize);
        let adjacent =
            |a: usize, b: usize| (a % 16).abs_diff(b % 16) <= 1 && (a / 16).abs_diff(b / 16) <= 1;
        if !in_set(mover) || !last.is_some_and(|(_, t)| in_set(t)) || adjacent(from, to) {
            return false;
        }
        if let (MoveKind::Double(v), Some((_, t))) = (m.kind, first)
            && adjacent(from, v as usize)
            && !has_type(rule.minor, t)
        {
            return false;
        }
        // Undefended: no piece of its side (royals aside under `royal`) attacks the square
        // once the capture is made, pinned pieces included.
        let mut defenders = after.color[them];
        if rule.royals_do_not_defend {
            defenders &= !after.royals(them);
        }
        after.attacked_with(to, them, after.occupied(), defenders)
    }

    /// `difficulttrading`: notes whether move `m` took a piece of the set with a piece
    /// outside it (`captured`: the taken pieces' types), for the opponent's next move.
    pub(super) fn note_trade(&mut self, m: &FMove, captured: &[usize]) {
        let Some(rule) = &self.v.layers.difficult_trading else {
            return;
        };
        self.layer.trade_barred = !has_type(rule.pieces, m.piece as usize)
            && captured.iter().any(|&t| has_type(rule.pieces, t));
    }
}
