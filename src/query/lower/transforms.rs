//! Transforms (`flipcolor`, `flip`, `shift`, `rotate90`, ...) expanded when lowering: a
//! transformed filter becomes the `Or` (for set filters, the `Union`) of its images, each
//! lowered once under the composed transform; duplicate images are dropped (`T count F` and
//! `rotate45`: `prog.rs`). Each image also records the basic transforms it was composed of,
//! in nesting order ([`Applied`]), which `currenttransform` names.

use std::cell::RefCell;
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

/// The basic transforms applied around the filter being lowered, in nesting order: a chain
/// of [`AppliedChains`] (each link the innermost transform and the chain around it), identities
/// left out. CQL 6.2 expands a transform over its already expanded argument, so the outermost
/// transform is the last one applied to a filter; `currenttransform` names the chain from the
/// last applied to the first (gadycosteff.com/cql/currenttransform.html: "in right-to-left
/// order", as a composition of maps is written).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Applied(u32);

impl Applied {
    /// No transform applied (outside every transform, or under `notransform`).
    pub(crate) const NONE: Applied = Applied(0);
}

/// The links of every [`Applied`] chain met while lowering one query: link `i` is the chain
/// `Applied(i + 1)`, holding its innermost basic transform and the chain around it.
#[derive(Default)]
pub(crate) struct AppliedChains(RefCell<Vec<(Applied, Xform)>>);

impl Lower<'_> {
    /// The place inside the basic transform `g` of a transform lowered at `cx`, which with
    /// its siblings stands for `images` images.
    pub(super) fn within(&self, cx: Cx, g: Xform, images: usize) -> Cx {
        let applied = if g == Xform::IDENTITY {
            cx.applied
        } else {
            let mut links = self.applied.0.borrow_mut();
            links.push((cx.applied, g));
            Applied(u32::try_from(links.len()).expect("fewer than 2^32 transform images"))
        };
        Cx {
            xf: cx.xf.compose(g),
            images,
            applied,
        }
    }

    /// The name CQL 6.2's `currenttransform` gives the chain `applied`, without its angle
    /// brackets: each basic transform's name ([`Xform::cql_name`]), the outermost first.
    pub(super) fn applied_name(&self, applied: Applied) -> String {
        let links = self.applied.0.borrow();
        let mut names = Vec::new();
        let mut at = applied;
        while at != Applied::NONE {
            let (outer, g) = links[at.0 as usize - 1];
            names.push(g.cql_name());
            at = outer;
        }
        names.reverse();
        names.join(" ")
    }

    /// `T F`: the images of `arg` under each basic transform of `t`, composed with `cx`.
    pub(super) fn expand<S: SquareSet>(
        &self,
        t: Transform,
        arg: &Expr,
        span: Span,
        cx: Cx,
    ) -> Lowered<S> {
        if t == Transform::NoTransform {
            return self.lower(arg, Cx::plain(cx.images));
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
        // The images of a set filter are joined by `Union`, of any other by `Or`.
        let union = self.type_of(arg)? == Type::Set;
        let mut any = false;
        for g in elements {
            if let Some(n) = self.lower(arg, self.within(cx, g, images))? {
                any = true;
                // The images of a nested transform join this one's list.
                let parts = match n {
                    Node::Union(v) if union => v,
                    Node::Or(v) if !union => v,
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
        if !any {
            return Ok(None);
        }
        Ok(Some(match nodes.len() {
            1 => nodes.remove(0),
            _ => match Placements::of(&nodes, union) {
                Some(table) => Node::Placements(Box::new(table)),
                None if union => Node::Union(nodes),
                None => Node::Or(nodes),
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
