//! The images of a transformed piece placement (`shift { Ra1 Rb1 }` has 56, `flip Ra1` 8),
//! held as one flat table: the evaluator reads each piece kind's squares once per position and
//! tests an image with one intersection per designator, instead of walking 56 small trees.

use super::Node;
use crate::chess::PieceKinds;
use crate::squares::SquareSet;

/// Most piece kinds one table names (each is read once per position).
const MAX_KINDS: usize = 8;

/// A transform's images, each a piece designator (`Ra1`) or a `{ }` of designators
/// (`{ Ra1 Rb1 }`). Its value is [`Node::Union`]'s of the images (`union`) or
/// [`Node::Or`]'s: what [`Placements::images`] gives back.
#[derive(Clone, Debug, PartialEq)]
pub struct Placements<S> {
    /// The piece kinds the designators name.
    pub kinds: Vec<PieceKinds>,
    /// Every designator of every image, in order: (index into `kinds`, squares).
    pub parts: Vec<(u8, S)>,
    /// Per image: where its designators end in `parts`, and whether it is a `{ }` (which
    /// matches only when every designator has a square).
    pub images: Vec<(u32, bool)>,
    /// The images' squares are united (a set filter); else the first matching image counts.
    pub union: bool,
    /// For `{ }`s of an 8x8 board: which images could match, by where their first
    /// designator's piece stands ([`FirstParts`]).
    pub first_parts: Option<Box<FirstParts>>,
}

/// The images of a table whose images are all `{ }`s (at most 64), of an 8x8 board, whose
/// first designators name one piece kind: by square, the images whose first designator holds
/// that square (bit i: image i). An image whose first designator finds no piece fails, so
/// only the images of the squares where that kind stands need be tried, in their order.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstParts {
    /// The piece kind of every image's first designator (an index into `kinds`).
    pub kind: u8,
    /// By square (`rank * 8 + file`): the images whose first designator holds it.
    pub images: [u64; 64],
}

impl<S: SquareSet> Placements<S> {
    /// The table of `images` when each is a placement and they name few kinds; None else.
    pub fn of(images: &[Node<S>], union: bool) -> Option<Placements<S>> {
        let mut table = Placements {
            kinds: Vec::new(),
            parts: Vec::new(),
            images: Vec::with_capacity(images.len()),
            union,
            first_parts: None,
        };
        for image in images {
            let (designators, conjunction) = match image {
                Node::Pieces(..) => (std::slice::from_ref(image), false),
                Node::And(parts) if !parts.is_empty() => (&parts[..], true),
                _ => return None,
            };
            for designator in designators {
                let Node::Pieces(kinds, squares) = designator else {
                    return None;
                };
                let index = match table.kinds.iter().position(|k| k == kinds) {
                    Some(i) => i,
                    None if table.kinds.len() < MAX_KINDS => {
                        table.kinds.push(*kinds);
                        table.kinds.len() - 1
                    }
                    None => return None,
                };
                table.parts.push((index as u8, squares.clone()));
            }
            table.images.push((table.parts.len() as u32, conjunction));
        }
        table.first_parts = table.first_parts().map(Box::new);
        Some(table)
    }

    /// The table's [`FirstParts`], when it has them.
    fn first_parts(&self) -> Option<FirstParts> {
        if self.images.len() > 64 {
            return None;
        }
        let mut first = FirstParts {
            kind: self.parts.first()?.0,
            images: [0; 64],
        };
        let mut start = 0;
        for (i, &(end, conjunction)) in self.images.iter().enumerate() {
            let (kind, squares) = self.parts.get(start)?;
            if !conjunction || *kind != first.kind {
                return None;
            }
            for c in squares.coords() {
                if !(0..8).contains(&c.file) || !(0..8).contains(&c.rank) {
                    return None;
                }
                first.images[(c.rank * 8 + c.file) as usize] |= 1 << i;
            }
            start = end as usize;
        }
        Some(first)
    }

    /// The images as filters again (for a transform of the whole table, or an enclosing
    /// transform's list of images).
    pub fn images(&self) -> Vec<Node<S>> {
        let mut start = 0;
        self.images
            .iter()
            .map(|&(end, conjunction)| {
                let mut designators: Vec<Node<S>> = self.parts[start..end as usize]
                    .iter()
                    .map(|(k, squares)| Node::Pieces(self.kinds[*k as usize], squares.clone()))
                    .collect();
                start = end as usize;
                if conjunction {
                    Node::And(designators)
                } else {
                    designators.remove(0)
                }
            })
            .collect()
    }
}
