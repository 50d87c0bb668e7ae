//! Lowering of CQL 6's geometry filters: the direction filters (`up`, `diagonal`, ... with a
//! range), `ray`, `xray`, the attack chains `A -> B` and `between`, and `pin`, with the
//! directions as a transform moves them.

use crate::ir::{self, Directions, Node, PinYield};
use crate::squares::{Coord, SquareSet};

use super::state::ast_range;
use super::{Cx, Lower, Lowered, img};
use crate::query::ast::{Expr, PinRole, Ray, RayKind};
use crate::query::check::Type;
use crate::query::error::ErrorKind;
use crate::query::syntax::{Direction, Range as AstRange};

impl Lower<'_> {
    /// `up 1 3 X`, `diagonal X`, ...: the squares reached from X in the directions (1 to 7
    /// steps when no range is given).
    pub(super) fn direction<S: SquareSet>(
        &self,
        d: &Direction,
        range: &Option<AstRange>,
        x: &Expr,
        cx: Cx,
    ) -> Lowered<S> {
        let x = img!(self.typed(x, cx, Type::Set, "a direction filter"));
        let range = match range {
            None => ir::Range::new(1, 7),
            Some(r) => ast_range(r),
        };
        Ok(Some(Node::Direction(
            self.rot45(map_dirs(cx, directions(*d))),
            range,
            Box::new(x),
        )))
    }

    /// `ray`, `xray`, `between` and the attack chains `A -> B -> C` / `A <- B`.
    pub(super) fn ray<S: SquareSet>(&self, e: &Expr, r: &Ray, cx: Cx) -> Lowered<S> {
        let mut sets = Vec::new();
        for a in &r.args {
            sets.push(img!(self.typed(a, cx, Type::Set, "'ray'")));
        }
        if r.kind == RayKind::Between {
            if sets.len() != 2 {
                let m = "'between' takes two sets";
                return Err(self.err(ErrorKind::Syntax, e.span, m));
            }
            let y = sets.pop().expect("two");
            let x = sets.pop().expect("two");
            return Ok(Some(Node::Between(Box::new(x), Box::new(y))));
        }
        let text = self.src.get(e.span.start..e.span.end).unwrap_or("");
        let chain = r.kind == RayKind::Ray && !text.starts_with("ray");
        let dirs = r
            .directions
            .iter()
            .fold(Directions(0), |acc, d| acc.union(directions(*d)));
        let dirs = if dirs.0 == 0 { Directions::ANY } else { dirs };
        let ray = ir::Ray {
            directions: self.rot45(map_dirs(cx, dirs)),
            attack: chain || r.kind == RayKind::XRay,
            sets,
            count: None,
            // `A -> B -> C` yields A's squares; `A <- B <- C` (stored reversed)
            // yields the last stored set, which is A too.
            first: chain && (text.contains("->") || text.contains('→')),
        };
        Ok(Some(Node::Ray(Box::new(ray))))
    }

    /// `pin from X through Y to Z` (any of the three; the first named is what it yields).
    pub(super) fn pin<S: SquareSet>(&self, parts: &[(PinRole, Expr)], cx: Cx) -> Lowered<S> {
        let mut pin = ir::Pin {
            from: None,
            through: None,
            to: None,
            yields: PinYield::Through,
        };
        for (i, (role, x)) in parts.iter().enumerate() {
            let x = Some(img!(self.typed(x, cx, Type::Set, "'pin'")));
            let y = match role {
                PinRole::From => {
                    pin.from = x;
                    PinYield::From
                }
                PinRole::Through => {
                    pin.through = x;
                    PinYield::Through
                }
                PinRole::To => {
                    pin.to = x;
                    PinYield::To
                }
            };
            if i == 0 {
                pin.yields = y;
            }
        }
        Ok(Some(Node::Pin(Box::new(pin))))
    }
}

/// The directions of a direction word.
pub(super) fn directions(d: Direction) -> Directions {
    Directions::from_word(d.name()).unwrap_or(Directions::ANY)
}

/// The directions as the transform of `cx` moves them.
pub(super) fn map_dirs(cx: Cx, dirs: Directions) -> Directions {
    let geo = crate::squares::Geometry::STANDARD;
    let origin = Coord { file: 3, rank: 3 };
    let o = cx.xf.map(geo, origin, false);
    let mut out = Directions(0);
    for (k, step) in Directions::STEPS.iter().enumerate() {
        if dirs.0 & (1 << k) == 0 {
            continue;
        }
        let t = cx.xf.map(
            geo,
            Coord {
                file: origin.file + step.0,
                rank: origin.rank + step.1,
            },
            false,
        );
        let image = (t.file - o.file, t.rank - o.rank);
        if let Some(j) = Directions::STEPS.iter().position(|&s| s == image) {
            out.0 |= 1 << j;
        }
    }
    out
}

/// Whether the transform of `cx` exchanges light and dark squares (a1's image is light).
pub(super) fn swaps_shades(cx: Cx, geo: crate::squares::Geometry) -> bool {
    let c = cx.xf.map(geo, Coord { file: 0, rank: 0 }, false);
    (c.file + c.rank) % 2 == 1
}
