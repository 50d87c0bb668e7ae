//! `a or b or ...` and `x | y | ...` where the operands are piece placements: what a
//! transform (`flip`, `shift`, `dihedral`, ...) of `{ Ra1 Rb1 }` or `Ra1` expands to, one
//! operand per image. Each placement is decided on the position's piece sets, read once per
//! piece kind for the whole `or`/`|` instead of once per designator of every image.

use super::{Evaluator, Value, is_match};
use crate::ir::{Node, PieceKinds, Placements};
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

/// A placement's value (what `Node::Pieces` and `Node::And` give): its last designator's
/// squares, or None when it is a conjunction and a designator has no square.
fn placement_squares<P: Position>(
    pos: &P,
    kinds: &mut KindSets<P::Set>,
    parts: &[Node<P::Set>],
    conjunction: bool,
) -> Option<P::Set> {
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
    Some(last)
}

impl<P: Position> Evaluator<'_, P> {
    /// `a or b or ...`: the first alternative that matches gives the value.
    pub(super) fn eval_or(&self, items: &[Node<P::Set>], at: u32) -> Option<Value<P::Set>> {
        let pos = &self.node(at).position;
        let mut kinds = KindSets {
            read: smallvec::SmallVec::new(),
        };
        for item in items {
            if let Some((parts, conjunction)) = placement(item) {
                if let Some(s) = placement_squares(pos, &mut kinds, parts, conjunction)
                    && !s.is_empty()
                {
                    return Some(Value::Set(s));
                }
                continue;
            }
            let value = self.eval(item, at);
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
            if let Some((parts, conjunction)) = placement(item) {
                if let Some(s) = placement_squares(pos, &mut kinds, parts, conjunction) {
                    any = true;
                    acc = acc.union(&s);
                }
                continue;
            }
            if let Some(v) = self.eval(item, at) {
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

    /// A transform's images as a table ([`Placements`]): each image's value as a placement's
    /// in [`Self::eval_union`] or [`Self::eval_or`], the position's piece sets read once per
    /// kind.
    pub(super) fn eval_placements(
        &self,
        table: &Placements<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let pos = &self.node(at).position;
        let sets: smallvec::SmallVec<[P::Set; 8]> =
            table.kinds.iter().map(|k| pos.pieces(*k)).collect();
        let mut acc = P::Set::empty();
        let mut any = false;
        let mut start = 0;
        'images: for &(end, conjunction) in &table.images {
            let parts = &table.parts[start..end as usize];
            start = end as usize;
            let mut last = P::Set::empty();
            for (kind, squares) in parts {
                last = sets[*kind as usize].intersect(squares);
                if last.is_empty() && conjunction {
                    continue 'images;
                }
            }
            if table.union {
                any = true;
                acc = acc.union(&last);
            } else if !last.is_empty() {
                return Some(Value::Set(last));
            }
        }
        any.then_some(Value::Set(acc))
    }
}
