//! `:relation`: whether some later position P2 of the game relates to the current position
//! P1 as a CQL 3 relation specifier says (Scidb's "CQL-Relation-List" help page).

use super::super::Evaluator;
use crate::ir_cqls::{Relation, SideRelation};
use crate::rules::Position;
use crate::squares::SquareSet;

impl<P: Position> Evaluator<'_, P> {
    /// Whether a position after `at` on its continuation (first children: the main line from a
    /// main-line position) relates to `at`.
    pub(super) fn relation_holds(&self, r: &Relation<P::Set>, at: u32) -> bool {
        let p1 = &self.node(at).position;
        let geo = p1.geometry();
        let allowable = match &r.pattern {
            Some(p) => match self.set(p, at) {
                Some(s) => s,
                None => return false,
            },
            None => P::Set::full(geo),
        };
        let Some(missing_ok) = self.set(&r.missing.0, at) else {
            return false;
        };
        let mut n = at;
        while let Some(&next) = self
            .game
            .record
            .nodes
            .get(n as usize)
            .and_then(|x| x.children.first())
        {
            if self
                .game
                .replayed
                .nodes
                .get(next as usize)
                .is_none_or(Option::is_none)
            {
                break;
            }
            n = next;
            if self.relates(r, at, n, &allowable, &missing_ok) {
                return true;
            }
        }
        false
    }

    /// Whether P2 (node `n`) relates to P1 (node `at`) on the allowable squares.
    fn relates(
        &self,
        r: &Relation<P::Set>,
        at: u32,
        n: u32,
        allowable: &P::Set,
        missing_ok: &P::Set,
    ) -> bool {
        let (p1, p2) = (&self.node(at).position, &self.node(n).position);
        let side = match r.side {
            SideRelation::Same => p1.turn() == p2.turn(),
            SideRelation::Change => p1.turn() != p2.turn(),
            SideRelation::Ignore => true,
        };
        if !side {
            return false;
        }
        let Some(new_ok) = self.set(&r.new.0, n) else {
            return false;
        };
        let geo = p1.geometry();
        let (mut missing, mut new, mut same) = (0i64, 0i64, 0i64);
        for c in allowable.coords() {
            let sq = P::Set::from_coords(geo, [c]);
            match (p1.piece_at(sq), p2.piece_at(sq)) {
                (None, None) => {}
                (Some(a), Some(b)) if a == b => same += 1,
                (Some(_), Some(_)) => return false,
                (Some(_), None) if sq.is_subset(missing_ok) => missing += 1,
                (None, Some(_)) if sq.is_subset(&new_ok) => new += 1,
                // A missing or new piece the specifier does not admit.
                _ => return false,
            }
        }
        r.missing.1.contains(missing)
            && r.new.1.contains(new)
            && r.different.is_none_or(|d| d.contains(missing + new))
            && r.same.is_none_or(|s| s.contains(same))
    }
}
