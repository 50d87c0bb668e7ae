//! The `move` filter: which moves are considered, which match the parameters, and what the
//! filter yields.

use super::{Evaluator, Value};
use crate::ir::{CastleKind, MoveFilter, MoveSource, MoveYield};
use crate::rules::{MoveInfo, Position};
use crate::squares::SquareSet;

impl<P: Position> Evaluator<'_, P> {
    /// `move [legal|pseudolegal|previous] [from X] [to Y] [capture Z] [promote P] ...`
    pub(super) fn eval_move(&self, m: &MoveFilter<P::Set>, at: u32) -> Option<Value<P::Set>> {
        self.eval_move_among(m, at, None)
    }

    /// Whether the played-move filter `m` at `at` admits the move to child `child` (how a
    /// `move` constituent of `line` is read: about the move the line takes).
    pub(super) fn move_admits_child(&self, m: &MoveFilter<P::Set>, at: u32, child: u32) -> bool {
        super::is_match(&self.eval_move_among(m, at, Some(child)))
    }

    /// `eval_move`, with the played moves narrowed to the one to `only` when given.
    fn eval_move_among(
        &self,
        m: &MoveFilter<P::Set>,
        at: u32,
        only: Option<u32>,
    ) -> Option<Value<P::Set>> {
        let node = self.node(at);
        // The parameters' sets are read in the position the moves are made from: the parent
        // for `previous`, here otherwise.
        let (candidates, from_node): (Vec<MoveInfo<P::Set>>, u32) = match m.source {
            MoveSource::Previous => {
                let parent = self.game.record.nodes.get(at as usize)?.parent?;
                (node.played.clone().into_iter().collect(), parent)
            }
            MoveSource::Played => {
                let moves = self
                    .children(at)
                    .filter(|&c| only.is_none_or(|o| o == c))
                    .filter_map(|c| self.node(c).played.clone())
                    .collect();
                (moves, at)
            }
            MoveSource::Legal => (node.position.legal_moves(), at),
            MoveSource::PseudoLegal => (node.position.pseudo_legal_moves(), at),
        };
        if candidates.is_empty() {
            return if m.yields == MoveYield::Count {
                Some(Value::Num(0))
            } else {
                None
            };
        }
        let from = match &m.from {
            Some(f) => Some(self.set(f, from_node)?),
            None => None,
        };
        let to = match &m.to {
            Some(f) => Some(self.set(f, from_node)?),
            None => None,
        };
        let capture = match &m.capture {
            Some(f) => Some(self.set(f, from_node)?),
            None => None,
        };
        let meets = |mv: &MoveInfo<P::Set>| {
            from.as_ref()
                .is_none_or(|s| !mv.from.intersect(s).is_empty())
                && to.as_ref().is_none_or(|s| !mv.to.intersect(s).is_empty())
                && capture.as_ref().is_none_or(|s| {
                    mv.capture
                        .as_ref()
                        .is_some_and(|(_, sq)| !sq.intersect(s).is_empty())
                })
                // `promote N` names a piece type, whoever promotes ("move promote N captures A:
                // black underpromotes to a knight with capture", CQL's move page).
                && m.promote.is_none_or(|kinds| {
                    mv.promotion.is_some_and(|t| (kinds.white | kinds.black) & (1 << t) != 0)
                })
                && (!m.enpassant || mv.en_passant)
                && (!m.null || mv.null)
                && m.castle.is_none_or(|kind| {
                    matches!(
                        (kind, mv.castle),
                        (CastleKind::Any, Some(_))
                            | (CastleKind::KingSide, Some(true))
                            | (CastleKind::QueenSide, Some(false))
                    )
                })
        };
        let matching: Vec<&MoveInfo<P::Set>> = candidates.iter().filter(|mv| meets(mv)).collect();
        if m.yields == MoveYield::Count {
            // A promotion counts once, whatever it promotes to (as CQL 6.2 does): only
            // promotions can share a from and to square.
            let mut promotions: Vec<(&P::Set, &P::Set)> = Vec::new();
            let mut count = 0;
            for mv in &matching {
                if mv.promotion.is_none() {
                    count += 1;
                } else if !promotions.contains(&(&mv.from, &mv.to)) {
                    promotions.push((&mv.from, &mv.to));
                    count += 1;
                }
            }
            return Some(Value::Num(count));
        }
        if matching.is_empty() {
            return None;
        }
        let mut set = P::Set::empty();
        for mv in &matching {
            let part = match m.yields {
                MoveYield::From => mv.from.clone(),
                MoveYield::To => mv.to.clone(),
                MoveYield::Capture => mv
                    .capture
                    .as_ref()
                    .map_or(P::Set::empty(), |(_, sq)| sq.clone()),
                MoveYield::Count => unreachable!("handled above"),
            };
            set = set.union(&part);
        }
        // A matching null move has no squares: still a match.
        if set.is_empty() {
            Some(Value::Bool(true))
        } else {
            Some(Value::Set(set))
        }
    }
}
