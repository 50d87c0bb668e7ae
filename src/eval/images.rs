//! `a or b or ...` and `x | y | ...` where the operands are piece placements: what a
//! transform (`flip`, `shift`, `dihedral`, ...) of `{ Ra1 Rb1 }` or `Ra1` expands to, one
//! operand per image. Each placement is decided on the position's piece sets, read once per
//! piece kind for the whole `or`/`|` instead of once per designator of every image.

use super::{Evaluator, Value, is_match};
use crate::ir::{Node, PieceKinds};
use crate::rules::Position;
use crate::squares::SquareSet;

/// The position's squares of each piece kind asked so far (a handful per query).
struct KindSets<S> {
    /// Held inline: a transform's images name a few piece kinds, read once per position.
    read: smallvec::SmallVec<[(PieceKinds, S); 4]>,
}

impl<S: SquareSet> KindSets<S> {
    fn of<P: Position<Set = S>>(&mut self, pos: &P, kinds: PieceKinds) -> &S {
        let i = match self.read.iter().position(|(k, _)| *k == kinds) {
            Some(i) => i,
            None => {
                self.read.push((kinds, pos.pieces(kinds)));
                self.read.len() - 1
            }
        };
        &self.read[i].1
    }
}

/// The designators of a placement: `Ra1` alone (false), or `{ Ra1 Rb1 ... }` made of
/// designators only (true: a conjunction, which does not match when one has no square);
/// None for any other filter.
fn placement<S>(item: &Node<S>) -> Option<(&[Node<S>], bool)> {
    match item {
        Node::Pieces(..) => Some((std::slice::from_ref(item), false)),
        Node::And(parts)
            if !parts.is_empty() && parts.iter().all(|p| matches!(p, Node::Pieces(..))) =>
        {
            Some((parts, true))
        }
        _ => None,
    }
}

impl<P: Position> Evaluator<'_, P> {
    /// An alternative's value: a placement's from the piece sets read so far (what
    /// `Node::Pieces` and `Node::And` give: a designator's squares, or, for `{ ... }`, its
    /// last designator's squares when every designator has some, else no match); any other
    /// filter's by evaluating it.
    fn image_value(
        &self,
        pos: &P,
        kinds: &mut KindSets<P::Set>,
        item: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let Some((parts, conjunction)) = placement(item) else {
            return self.eval(item, at);
        };
        let mut last = P::Set::empty();
        for part in parts {
            let Node::Pieces(k, squares) = part else {
                unreachable!("a placement holds designators only")
            };
            last = kinds.of(pos, *k).intersect(squares);
            if last.is_empty() && conjunction {
                return None;
            }
        }
        Some(Value::Set(last))
    }

    /// `a or b or ...`: the first alternative that matches gives the value.
    pub(super) fn eval_or(&self, items: &[Node<P::Set>], at: u32) -> Option<Value<P::Set>> {
        let pos = &self.node(at).position;
        let mut kinds = KindSets {
            read: smallvec::SmallVec::new(),
        };
        for item in items {
            let value = self.image_value(pos, &mut kinds, item, at);
            if is_match(&value) {
                return value;
            }
        }
        None
    }

    /// `x | y | ...` (also the images of a transform of a set filter): the union of the
    /// operands' squares; no match when no operand matches.
    pub(super) fn eval_union(&self, items: &[Node<P::Set>], at: u32) -> Option<Value<P::Set>> {
        let pos = &self.node(at).position;
        let mut kinds = KindSets {
            read: smallvec::SmallVec::new(),
        };
        let mut acc = P::Set::empty();
        let (mut any, mut matched) = (false, false);
        for item in items {
            if let Some(v) = self.image_value(pos, &mut kinds, item, at) {
                any = true;
                match v {
                    Value::Set(s) => acc = acc.union(&s),
                    // A set filter that matches with no square (`square all x in S F` with S
                    // empty) still makes the union match.
                    Value::Bool(true) => matched = true,
                    _ => {}
                }
            }
        }
        if matched && acc.is_empty() {
            return Some(Value::Bool(true));
        }
        any.then_some(Value::Set(acc))
    }
}
