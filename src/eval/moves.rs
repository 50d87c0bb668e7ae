//! The `move` filter: which moves are considered, which match the parameters, and what the
//! filter yields.

use super::{Evaluator, Value};
use crate::ir::{MoveFilter, MoveSource, MoveYield, Node};
use crate::rules::{MoveInfo, Position};
use crate::squares::SquareSet;
use smallvec::SmallVec;

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
        if let Some(n) = self.counted_without_listing(m, at) {
            return Some(Value::Num(n as i64));
        }
        // CQL 6.2 rule: a `move` filter that matches no move has the empty set as its value
        // (0 when counting), also at the first position, where `move previous` has no move:
        // `A & ~(move to . previous)` is all of A there.
        // Played moves are read where the game holds them; generated ones are listed here.
        let generated: Vec<MoveInfo<P::Set>>;
        let (moves, from_node): (SmallVec<[&MoveInfo<P::Set>; 2]>, u32) = match m.source {
            MoveSource::Previous => match self.parent_of(at) {
                Some(parent) => (self.node(at).played.iter().collect(), parent),
                None => return Some(no_move_value(m.yields)),
            },
            MoveSource::Played => (
                self.children(at)
                    .filter(|&c| only.is_none_or(|o| o == c))
                    .filter_map(|c| self.node(c).played.as_ref())
                    .collect(),
                at,
            ),
            source => {
                generated = self.generated_moves(source, at);
                (generated.iter().collect(), at)
            }
        };
        if moves.is_empty() {
            return Some(no_move_value(m.yields));
        }
        // Most moves fail a parameter that reads no set (`capture q` on a quiet move): when
        // reading the sets cannot fail or change anything, they are not read then.
        if has_setless_parameters(m)
            && sets_read_plainly(m)
            && !moves.iter().any(|mv| meets_setless_parameters(m, mv))
        {
            return move_value(m.yields, &[]);
        }
        let meets = self.move_matcher(m, from_node)?;
        let matching: SmallVec<[&MoveInfo<P::Set>; 4]> =
            moves.into_iter().filter(|mv| meets(mv)).collect();
        // Retro moves differ by what they put back: each counts.
        if m.source == MoveSource::Reverse && m.yields == MoveYield::Count {
            return Some(Value::Num(matching.len() as i64));
        }
        move_value(m.yields, &matching)
    }

    /// `move legal count` and `move pseudolegal count` without other parameters, when the
    /// rules count the moves without listing them (the same number: a promotion counted
    /// once, see [`move_value`]).
    fn counted_without_listing(&self, m: &MoveFilter<P::Set>, at: u32) -> Option<usize> {
        let plain = m.from.is_none()
            && m.to.is_none()
            && m.capture.is_none()
            && m.promote.is_none()
            && !m.enpassant
            && m.ep_square.is_none()
            && m.castle.is_none()
            && !m.null;
        if m.yields != MoveYield::Count || !plain {
            return None;
        }
        let pos = &self.node(at).position;
        match m.source {
            MoveSource::Legal => pos.legal_move_count(),
            MoveSource::PseudoLegal => pos.pseudo_legal_move_count(),
            _ => None,
        }
    }

    /// The moves a `move` filter of `source` considers at `at`, each with the node it leads
    /// to (None for generated moves), and the node whose position the parameters' sets are
    /// read in: the parent for `previous`, `at` otherwise. Played moves are narrowed to the
    /// one to `only` when given.
    pub(super) fn move_candidates(
        &self,
        source: MoveSource,
        at: u32,
        only: Option<u32>,
    ) -> Option<(Candidates<P::Set>, u32)> {
        let node = self.node(at);
        Some(match source {
            MoveSource::Previous => {
                let parent = self.parent_of(at)?;
                let played = node.played.clone().map(|mv| (mv, Some(at)));
                (played.into_iter().collect(), parent)
            }
            MoveSource::Played => {
                let moves = self
                    .children(at)
                    .filter(|&c| only.is_none_or(|o| o == c))
                    .filter_map(|c| self.node(c).played.clone().map(|mv| (mv, Some(c))))
                    .collect();
                (moves, at)
            }
            source => (unplayed(self.generated_moves(source, at)), at),
        })
    }

    /// The moves generated at `at` for a `move legal`, `pseudolegal` or `reverse` filter
    /// (none for the played moves, which the game holds).
    fn generated_moves(&self, source: MoveSource, at: u32) -> Vec<MoveInfo<P::Set>> {
        let position = &self.node(at).position;
        match source {
            MoveSource::Legal => position.legal_moves(),
            MoveSource::PseudoLegal => position.pseudo_legal_moves(),
            MoveSource::Reverse => self.reverse_moves(at),
            MoveSource::Previous | MoveSource::Played => Vec::new(),
        }
    }

    /// Whether a move meets the parameters of `m` (their sets read at `from_node`); None
    /// when a parameter's set filter does not match.
    pub(super) fn move_matcher(
        &self,
        m: &MoveFilter<P::Set>,
        from_node: u32,
    ) -> Option<impl Fn(&MoveInfo<P::Set>) -> bool> {
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
        let ep_square = match &m.ep_square {
            Some(f) => Some(self.set(f, from_node)?),
            None => None,
        };
        Some(move |mv: &MoveInfo<P::Set>| {
            meets_setless_parameters(m, mv)
                && from
                    .as_ref()
                    .is_none_or(|s| !mv.from.intersect(s).is_empty())
                && to.as_ref().is_none_or(|s| !mv.to.intersect(s).is_empty())
                && capture.as_ref().is_none_or(|s| {
                    mv.capture
                        .as_ref()
                        .is_some_and(|(_, sq)| !sq.intersect(s).is_empty())
                })
                // The taken pawn's square (CQL 6.2's `QMove::getEnPassantSquare`).
                && ep_square.as_ref().is_none_or(|s| {
                    mv.en_passant
                        && mv
                            .capture
                            .as_ref()
                            .is_some_and(|(_, sq)| !sq.intersect(s).is_empty())
                })
        })
    }
}

/// Whether `mv` meets the parameters of `m` that read no set: a capture at all, the
/// promotion, en passant, null, the drop, castling.
fn meets_setless_parameters<S: SquareSet>(m: &MoveFilter<S>, mv: &MoveInfo<S>) -> bool {
    (m.capture.is_none() || mv.capture.is_some())
        // `promote N` names a piece type, whoever promotes ("move promote N captures A:
        // black underpromotes to a knight with capture", CQL's move page).
        && m.promote.is_none_or(|kinds| {
            mv.promotion.is_some_and(|t| (kinds.white | kinds.black) & (1 << t) != 0)
        })
        && (!m.enpassant || mv.en_passant)
        && (m.ep_square.is_none() || mv.en_passant)
        && (!m.null || mv.null)
        && m.drop.is_none_or(|kinds| {
            let side = match mv.color {
                crate::ir::Color::White => kinds.white,
                crate::ir::Color::Black => kinds.black,
            };
            !mv.null && mv.from.is_empty() && side & (1 << mv.mover) != 0
        })
        && m.castle.is_none_or(|kind| kind.admits(mv.castle))
}

/// Whether `m` has a parameter that reads no set (see [`meets_setless_parameters`]).
fn has_setless_parameters<S>(m: &MoveFilter<S>) -> bool {
    m.capture.is_some()
        || m.promote.is_some()
        || m.enpassant
        || m.ep_square.is_some()
        || m.null
        || m.drop.is_some()
        || m.castle.is_some()
}

/// Whether every set parameter of `m` (`from`, `to`, `capture`) is read without fail and
/// without effect (pieces, squares): then leaving them unread changes nothing.
fn sets_read_plainly<S>(m: &MoveFilter<S>) -> bool {
    [&m.from, &m.to, &m.capture, &m.ep_square]
        .into_iter()
        .flatten()
        .all(|n| matches!(**n, Node::Pieces(..) | Node::Region(..)))
}

/// A move a `move` filter considers, with the node it leads to (None: generated, not
/// played).
pub(super) type Candidate<S> = (MoveInfo<S>, Option<u32>);

/// The moves a `move` filter considers: most often one played move (or none), kept without
/// allocating.
pub(super) type Candidates<S> = SmallVec<[Candidate<S>; 2]>;

/// Generated moves, which lead to no node of the game.
fn unplayed<S>(moves: Vec<MoveInfo<S>>) -> Candidates<S> {
    moves.into_iter().map(|mv| (mv, None)).collect()
}

/// The value of a `move` filter that matches no move: 0 moves, or the empty set (which does
/// not match, but is a set to `&`, `|` and `~`).
pub(super) fn no_move_value<S: SquareSet>(yields: MoveYield) -> Value<S> {
    if yields == MoveYield::Count {
        Value::Num(0)
    } else {
        Value::Set(S::empty())
    }
}

/// The value of a `move` filter whose matching moves are `matching`.
pub(super) fn move_value<S: SquareSet>(
    yields: MoveYield,
    matching: &[&MoveInfo<S>],
) -> Option<Value<S>> {
    if yields == MoveYield::Count {
        // A promotion counts once, whatever it promotes to (as CQL 6.2 does): only
        // promotions can share a from and to square.
        let mut promotions: Vec<(&S, &S)> = Vec::new();
        let mut count = 0;
        for mv in matching {
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
        return Some(no_move_value(yields));
    }
    let mut set = S::empty();
    for mv in matching {
        let part = match yields {
            MoveYield::From => mv.from.clone(),
            MoveYield::To => mv.to.clone(),
            MoveYield::Capture => mv.capture.as_ref().map_or(S::empty(), |(_, sq)| sq.clone()),
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
