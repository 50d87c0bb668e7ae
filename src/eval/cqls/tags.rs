//! Tagging (`:forany NAME D`, `$NAME`, `:tagmatch`): the match list is run once per binding
//! of its tags to marks — pieces of the game's first position, numbered as `eval::pieces`
//! numbers them — and matches a position when some binding makes it match there. A tag may
//! be bound only to a piece that is, or by promotion becomes, one of D's pieces in a searched
//! position, and no two tags to the same piece (the Scidb help's "CQL - Tagging").

use std::collections::BTreeSet;

use super::super::{Evaluator, Value};
use crate::ir::{Node, PieceKinds, VarId};
use crate::rules::Position;
use crate::squares::SquareSet;

impl<P: Position> Evaluator<'_, P> {
    /// `:forany var kinds body` at `at`: some admitted mark, not bound to a tag of
    /// `distinct`, makes `body` match here.
    pub(super) fn for_any(
        &self,
        var: VarId,
        kinds: PieceKinds,
        distinct: &[VarId],
        body: &Node<P::Set>,
        at: u32,
    ) -> bool {
        let taken: Vec<u32> = distinct
            .iter()
            .filter_map(|v| match self.state.borrow().get(*v) {
                Some(Value::Piece(id)) => Some(id),
                _ => None,
            })
            .collect();
        let saved = self.state.borrow().get(var);
        let mut hit = false;
        for id in self.tag_marks(kinds) {
            if taken.contains(&id) {
                continue;
            }
            self.state.borrow_mut().set(var, Some(Value::Piece(id)));
            // Game-level answers cached under this binding stay apart from other bindings'.
            self.with_cache(|c| c.binding.push(id));
            hit = self.matches(body, at);
            self.with_cache(|c| c.binding.pop());
            if hit {
                break;
            }
        }
        self.state.borrow_mut().set(var, saved);
        hit
    }

    /// The marks a tag of `kinds` may take in this game, in mark order (cached per game).
    fn tag_marks(&self, kinds: PieceKinds) -> Vec<u32> {
        if let Some(hit) = self.with_cache(|c| {
            c.marks
                .iter()
                .find(|(k, _)| *k == kinds)
                .map(|(_, m)| m.clone())
        }) {
            return hit;
        }
        let table = self.pieces();
        let first: BTreeSet<u32> = self
            .node(0)
            .position
            .occupied()
            .coords()
            .into_iter()
            .map(|c| table.piece_at(0, c))
            .filter(|&id| id != 0)
            .collect();
        let mut admitted = BTreeSet::new();
        for n in self.searched_nodes() {
            for c in self.node(n).position.pieces(kinds).coords() {
                let id = table.piece_at(n, c);
                if first.contains(&id) {
                    admitted.insert(id);
                }
            }
        }
        let marks: Vec<u32> = admitted.into_iter().collect();
        self.with_cache(|c| c.marks.push((kinds, marks.clone())));
        marks
    }
}
