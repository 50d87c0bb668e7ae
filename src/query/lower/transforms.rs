//! Transforms (`flipcolor`, `flip`, `shift`, `rotate90`, ...) expanded when lowering: a
//! transformed filter becomes the `Or` (for set filters, the `Union`) of its images, each
//! lowered once under the composed transform; duplicate images are dropped (`T count F` and
//! `rotate45`: `prog.rs`).

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::hash::{DefaultHasher, Hasher};

use crate::ir::{Node, Placements};
use crate::query::ast::{Expr, Span, Transform};
use crate::query::check::Type;
use crate::query::error::ErrorKind;
use crate::query::transform::{Xform, group};
use crate::squares::SquareSet;

use super::{Cx, Lower, Lowered};

/// Most transform images along one nesting path (`shift flip flipcolor` has 3,600).
const MAX_IMAGES: usize = 4096;
/// Most syntax-tree nodes lowered for one transform (images × size of the argument).
const MAX_EXPANDED: usize = 500_000;

impl Lower<'_> {
    /// `T F`: the images of `arg` under each basic transform of `t`, composed with `cx`.
    pub(super) fn expand<S: SquareSet>(
        &self,
        t: Transform,
        arg: &Expr,
        span: Span,
        cx: Cx,
    ) -> Lowered<S> {
        if t == Transform::NoTransform {
            return self.lower(
                arg,
                Cx {
                    xf: Xform::IDENTITY,
                    images: cx.images,
                },
            );
        }
        let elements = group(t, self.geo);
        let images = cx.images.saturating_mul(elements.len());
        if images > MAX_IMAGES || images.saturating_mul(arg.size()) > MAX_EXPANDED {
            let m = format!(
                "nested transforms expand to more than {MAX_IMAGES} images or {MAX_EXPANDED} filters"
            );
            return Err(self.err(ErrorKind::TooComplex, span, m));
        }
        let mut nodes: Vec<Node<S>> = Vec::new();
        // Fingerprints of `nodes`, so duplicates are found without comparing every pair.
        let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
        let mut ty = None;
        for g in elements {
            if let Some((n, t)) = self.lower(
                arg,
                Cx {
                    xf: cx.xf.compose(g),
                    images,
                },
            )? {
                ty.get_or_insert(t);
                // The images of a nested transform join this one's list.
                let parts = match n {
                    Node::Union(v) if t == Type::Set => v,
                    Node::Or(v) if t != Type::Set => v,
                    Node::Placements(table) => table.images(),
                    n => vec![n],
                };
                for n in parts {
                    let same = seen.entry(fingerprint(&n)).or_default();
                    if !same.iter().any(|&i| nodes[i] == n) {
                        same.push(nodes.len());
                        nodes.push(n);
                    }
                }
            }
        }
        let Some(ty) = ty else { return Ok(None) };
        let union = ty == Type::Set;
        Ok(Some(match nodes.len() {
            1 => (nodes.remove(0), ty),
            _ => match Placements::of(&nodes, union) {
                Some(table) => (Node::Placements(Box::new(table)), ty),
                None if union => (Node::Union(nodes), ty),
                None => (Node::Or(nodes), ty),
            },
        }))
    }
}

/// A hash of a node's `{:?}` text, computed without building the text.
fn fingerprint<S: SquareSet>(n: &Node<S>) -> u64 {
    struct HashWriter(DefaultHasher);
    impl fmt::Write for HashWriter {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0.write(s.as_bytes());
            Ok(())
        }
    }
    let mut w = HashWriter(DefaultHasher::new());
    let _ = write!(w, "{n:?}");
    w.0.finish()
}
