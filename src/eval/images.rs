//! `a or b or ...` and `x | y | ...` where the operands are piece placements: what a
//! transform (`flip`, `shift`, `dihedral`, ...) of `{ Ra1 Rb1 }` or `Ra1` expands to, one
//! operand per image. Each placement is decided on the position's piece sets, read once per
//! piece kind for the whole `or`/`|` instead of once per designator of every image.

use super::{Evaluator, Value, is_match};
use crate::ir::{FirstParts, Node, PieceKinds, Placements};
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

    /// `T count F`: how many of the transform's images of F match.
    pub(super) fn eval_count_images(
        &self,
        images: &[Node<P::Set>],
        at: u32,
    ) -> Option<Value<P::Set>> {
        let n = images.iter().filter(|i| self.matches(i, at)).count();
        Some(Value::Num(n as i64))
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
        if let Some(first) = &table.first_parts
            && let Some(stands) = super::bits::bitboard(&sets[first.kind as usize])
        {
            return first_match(table, first, stands, &sets);
        }
        each_image(table, &sets)
    }
}

/// [`Evaluator::eval_placements`] with the table's piece sets read (`sets`, by kind): each
/// image in order.
fn each_image<S: SquareSet>(table: &Placements<S>, sets: &[S]) -> Option<Value<S>> {
    let mut acc = S::empty();
    let mut any = false;
    let mut start = 0;
    'images: for &(end, conjunction) in &table.images {
        let parts = &table.parts[start..end as usize];
        start = end as usize;
        let mut last = S::empty();
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

/// [`Evaluator::eval_placements`] for a table with [`FirstParts`], the first designators'
/// kind standing on `stands`: [`each_image`] over only the images whose first designator
/// holds one of `stands` (every other image fails at its first designator, and so adds
/// nothing to a union either), in the table's order.
fn first_match<S: SquareSet>(
    table: &Placements<S>,
    first: &FirstParts,
    stands: u64,
    sets: &[S],
) -> Option<Value<S>> {
    let mut candidates = 0u64;
    let mut rest = stands;
    while rest != 0 {
        candidates |= first.images[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    let (mut acc, mut any) = (S::empty(), false);
    'images: while candidates != 0 {
        let i = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        let start = match i {
            0 => 0,
            _ => table.images[i - 1].0 as usize,
        };
        let end = table.images[i].0 as usize;
        let mut last = S::empty();
        for (kind, squares) in &table.parts[start..end] {
            last = sets[*kind as usize].intersect(squares);
            if last.is_empty() {
                continue 'images;
            }
        }
        if !table.union {
            return Some(Value::Set(last));
        }
        any = true;
        acc = acc.union(&last);
    }
    any.then_some(Value::Set(acc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::PieceKinds;
    use crate::squares::{Coord, Geometry};
    use shakmaty::{Bitboard, Position as _};

    fn pieces(white: u32, black: u32, squares: &[(i64, i64)]) -> Node<Bitboard> {
        let kinds = PieceKinds {
            white,
            black,
            empty: false,
        };
        let coords = squares.iter().map(|&(file, rank)| Coord { file, rank });
        Node::Pieces(kinds, Bitboard::from_coords(Geometry::STANDARD, coords))
    }

    /// The squares of `board` whose piece `kinds` admits (its colour's mask names its type).
    fn kind_squares(board: &shakmaty::Board, kinds: &PieceKinds) -> Bitboard {
        shakmaty::Square::ALL
            .into_iter()
            .filter(|&sq| {
                board.piece_at(sq).is_some_and(|p| {
                    let mask = if p.color.is_white() {
                        kinds.white
                    } else {
                        kinds.black
                    };
                    mask & (1 << (p.role as u32 - 1)) != 0
                })
            })
            .collect()
    }

    /// Tables of translated and spread-out `{ }`s (the first designator on one square or
    /// several), as `or` and as `|`: trying only the images the first designator's pieces
    /// point to gives every image's value, on the positions of random games.
    #[test]
    fn first_parts_find_the_first_matching_image() {
        const R: u32 = 1 << 3;
        const K: u32 = 1 << 5;
        const P: u32 = 1;
        let mut tables = Vec::new();
        // shift { Ra1 Rb1 }: 56 images.
        let shifted: Vec<Node<Bitboard>> = (0..8)
            .flat_map(|rank| (0..7).map(move |file| (file, rank)))
            .map(|(f, r)| Node::And(vec![pieces(R, 0, &[(f, r)]), pieces(R, 0, &[(f + 1, r)])]))
            .collect();
        tables.push(shifted);
        // Three designators, black pieces, the first on two squares, an empty image.
        let mixed: Vec<Node<Bitboard>> = (0..6)
            .map(|i| {
                Node::And(vec![
                    pieces(0, P, &[(i, 6), (i + 1, 5)]),
                    pieces(0, P, &[(i + 2, 6)]),
                    pieces(K, K, &[(4, 0), (4, 7), (i, 7)]),
                ])
            })
            .chain([Node::And(vec![pieces(0, P, &[]), pieces(0, P, &[(0, 6)])])])
            .collect();
        tables.push(mixed);
        // Each as the first matching image (`or`) and as the union of the matching ones.
        let tables: Vec<Placements<Bitboard>> = [false, true]
            .into_iter()
            .flat_map(|union| tables.iter().map(move |images| (images, union)))
            .map(|(images, union)| Placements::of(images, union).expect("a table"))
            .collect();
        assert!(tables.iter().all(|t| t.first_parts.is_some()));
        let (mut compared, mut found) = (0, 0);
        for pos in crate::rules::random_games::random_positions(40, 120, 7) {
            for table in &tables {
                let sets: Vec<Bitboard> = table
                    .kinds
                    .iter()
                    .map(|k| kind_squares(pos.board(), k))
                    .collect();
                let first = table.first_parts.as_deref().expect("first parts");
                let fast = first_match(table, first, sets[first.kind as usize].0, &sets);
                assert_eq!(fast, each_image(table, &sets));
                compared += 1;
                found += usize::from(fast.is_some());
            }
        }
        assert!(compared > 1000 && found > 100, "{compared} {found}");
    }
}
