//! The images of a transformed piece placement (`shift { Ra1 Rb1 }` has 56, `flip Ra1` 8),
//! held as one flat table: the evaluator reads each piece kind's squares once per position and
//! tests an image with one intersection per designator, instead of walking 56 small trees.

use super::Node;
use crate::chess::PieceKinds;

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
}

impl<S: Clone> Placements<S> {
    /// The table of `images` when each is a placement and they name few kinds; None else.
    pub fn of(images: &[Node<S>], union: bool) -> Option<Placements<S>> {
        let mut table = Placements {
            kinds: Vec::new(),
            parts: Vec::new(),
            images: Vec::with_capacity(images.len()),
            union,
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
        Some(table)
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
