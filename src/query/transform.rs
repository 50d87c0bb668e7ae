//! The transform groups of CQL (`flipcolor`, `flip`, `shift`, ...) as maps of squares, and how
//! they act on square literals and FEN placements when lowering expands a transform.
//!
//! Orientation follows the CQL documentation (gadycosteff.com/cql/doc/transform.html and
//! /cql-6-1/flip.html): `flipvertical` reflects about the vertical bisector (a-file ↔ h-file:
//! `flipvertical Ph1-8` ≡ `Ph1-8 or Pa1-8`), `fliphorizontal` about the horizontal bisector
//! (rank 1 ↔ rank 8), and the colour swap of `flipcolor` reflects about the horizontal
//! bisector (`flipcolor Pa2` ≡ `Pa2 | pa7`). CQL 6.2's results on the probes agree.

use crate::ir::PieceKinds;
use crate::squares::{Coord, Geometry, SquareSet};

use super::ast::Transform;

type Matrix = [[i64; 2]; 2];

const ID: Matrix = [[1, 0], [0, 1]];
/// Reflection about the vertical bisector: file f → last - f.
const FILE_MIRROR: Matrix = [[-1, 0], [0, 1]];
/// Reflection about the horizontal bisector: rank r → last - r.
const RANK_MIRROR: Matrix = [[1, 0], [0, -1]];
const ROT180: Matrix = [[-1, 0], [0, -1]];
/// Counterclockwise by 90°: a1 → h1 on 8x8.
const ROT90: Matrix = [[0, -1], [1, 0]];
const ROT270: Matrix = [[0, 1], [-1, 0]];
/// Reflection about the a1-h8 diagonal.
const DIAGONAL: Matrix = [[0, 1], [1, 0]];
/// Reflection about the h1-a8 diagonal.
const ANTI_DIAGONAL: Matrix = [[0, -1], [-1, 0]];

/// One basic transform: a symmetry of the board about its centre (`m`), then a translation
/// (`shift`, in squares), and whether colours are swapped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Xform {
    m: Matrix,
    shift: (i64, i64),
    /// White and black are exchanged (`flipcolor`, `reversecolor`).
    pub swap: bool,
}

fn mul(a: Matrix, b: Matrix) -> Matrix {
    let mut out = [[0; 2]; 2];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = a[i][0] * b[0][j] + a[i][1] * b[1][j];
        }
    }
    out
}

fn apply(m: Matrix, (x, y): (i64, i64)) -> (i64, i64) {
    (m[0][0] * x + m[0][1] * y, m[1][0] * x + m[1][1] * y)
}

impl Xform {
    /// The identity.
    pub const IDENTITY: Xform = Xform {
        m: ID,
        shift: (0, 0),
        swap: false,
    };

    const fn sym(m: Matrix) -> Xform {
        Xform {
            m,
            shift: (0, 0),
            swap: false,
        }
    }

    /// `self ∘ inner`: first `inner`, then `self`.
    pub fn compose(self, inner: Xform) -> Xform {
        let (sx, sy) = apply(self.m, inner.shift);
        Xform {
            m: mul(self.m, inner.m),
            shift: (sx + self.shift.0, sy + self.shift.1),
            swap: self.swap ^ inner.swap,
        }
    }

    /// Whether squares are left where they are.
    pub fn moves_nothing(&self) -> bool {
        self.m == ID && self.shift == (0, 0)
    }

    /// The image of `c` on a board of `geo`; the translation is skipped when `with_shift` is
    /// false (FEN placements are not shifted).
    pub fn map(&self, geo: Geometry, c: Coord, with_shift: bool) -> Coord {
        let (files, ranks) = geo.frame();
        let (cf, cr) = (i64::from(files) - 1, i64::from(ranks) - 1);
        // Doubled coordinates centred on the board keep the centre integral.
        let (x, y) = apply(self.m, (2 * c.file - cf, 2 * c.rank - cr));
        let (dx, dy) = if with_shift { self.shift } else { (0, 0) };
        Coord {
            file: (x + cf).div_euclid(2) + dx,
            rank: (y + cr).div_euclid(2) + dy,
        }
    }

    /// The kinds with colours swapped if this transform swaps them.
    pub fn kinds(&self, k: PieceKinds) -> PieceKinds {
        if self.swap { k.swap_colors() } else { k }
    }

    /// The image of a square literal: the whole board stays the whole board; other sets are
    /// moved square by square, squares leaving the board dropped. None when a non-empty set
    /// loses all its squares (the image is then not a filter of the transform).
    pub fn map_set<S: SquareSet>(&self, geo: Geometry, set: &S) -> Option<S> {
        if self.moves_nothing() || set.is_empty() || *set == S::full(geo) {
            return Some(set.clone());
        }
        if !set.is_finite() {
            // A co-finite set of the unbounded board: the image of a bijection is every square
            // but the image of its (finite) complement.
            let full = S::full(geo);
            let hole = full.minus(set).coords();
            let moved = hole.into_iter().map(|c| self.map(geo, c, true));
            return Some(full.minus(&S::from_coords(geo, moved)));
        }
        let moved: Vec<Coord> = set
            .coords()
            .into_iter()
            .map(|c| self.map(geo, c, true))
            .filter(|&c| geo.admits(c))
            .collect();
        if moved.is_empty() {
            None
        } else {
            Some(S::from_coords(geo, moved))
        }
    }
}

impl Xform {
    /// The name CQL 6.2's `currenttransform` gives this transform, without its angle
    /// brackets, written as a composition of maps (the last applied first): the translation
    /// as CQL 6.2's `ShiftTransform::toString` names it (`right^1 up^2`, `left^3`, `down^1`),
    /// then the colour swap as CQL's `flipcolor` transform (`invertcolor reflect_h`), then the
    /// symmetry as its `DihedralTransform::toString` does (`reflect_h`, `clockwise90`, ...); the
    /// identity is `""`. A basic transform of [`group`] has one of the three parts; an image
    /// nested in several transforms is named by its chain of basic transforms (lowering's
    /// `Applied`), not by this composed map.
    pub fn cql_name(&self) -> String {
        let mut names = Vec::new();
        let (dx, dy) = self.shift;
        if dx != 0 {
            let side = if dx > 0 { "right" } else { "left" };
            names.push(format!("{side}^{}", dx.abs()));
        }
        if dy != 0 {
            let side = if dy > 0 { "up" } else { "down" };
            names.push(format!("{side}^{}", dy.abs()));
        }
        let mut m = self.m;
        if self.swap {
            names.push("invertcolor reflect_h".to_string());
            m = mul(RANK_MIRROR, m);
        }
        // CQL's dihedral: mirror files (rx) and/or ranks (ry), then exchange them (sw).
        let (sw, rx, ry) = if m[0][1] == 0 {
            (false, m[0][0] < 0, m[1][1] < 0)
        } else {
            (true, m[1][0] < 0, m[0][1] < 0)
        };
        let dihedral = match (sw, rx, ry) {
            (false, false, false) => None,
            (false, false, true) => Some("reflect_h"),
            (false, true, false) => Some("reflect_v"),
            (false, true, true) => Some("rotate180"),
            (true, false, false) => Some("reflect_a1h8"),
            (true, false, true) => Some("counterclockwise90"),
            (true, true, false) => Some("clockwise90"),
            (true, true, true) => Some("reflect_a8h1"),
        };
        names.extend(dihedral.map(str::to_string));
        names.join(" ")
    }

    /// The image of a rectangle (open bounds allowed): the board symmetries and translations
    /// map axis-parallel rectangles to axis-parallel rectangles, so the image is exact on the
    /// unbounded board (coordinate designators, `docs/infinite.md`). Bounds past the `i64`
    /// range saturate.
    pub fn map_rect(&self, geo: Geometry, r: crate::squares::Rect) -> crate::squares::Rect {
        type Span = (Option<i128>, Option<i128>);
        let (files, ranks) = geo.frame();
        let (cf, cr) = (i128::from(files) - 1, i128::from(ranks) - 1);
        // Doubled coordinates centred on the board, as in `map`.
        let centred = |(lo, hi): (Option<i64>, Option<i64>), c: i128| -> Span {
            let f = |v: i64| 2 * i128::from(v) - c;
            (lo.map(f), hi.map(f))
        };
        let (x, y) = (centred(r.files, cf), centred(r.ranks, cr));
        let scaled = |(lo, hi): Span, s: i64| -> Span {
            if s > 0 {
                (lo, hi)
            } else {
                (hi.map(|v| -v), lo.map(|v| -v))
            }
        };
        // The matrix is a signed permutation: each image axis is one source axis.
        let pick = |row: [i64; 2]| {
            if row[0] != 0 {
                scaled(x, row[0])
            } else {
                scaled(y, row[1])
            }
        };
        let back = |(lo, hi): Span, c: i128, d: i64| {
            let f = |v: i128| {
                let v = (v + c).div_euclid(2) + i128::from(d);
                i64::try_from(v).unwrap_or(if v < 0 { i64::MIN } else { i64::MAX })
            };
            (lo.map(f), hi.map(f))
        };
        crate::squares::Rect {
            files: back(pick(self.m[0]), cf, self.shift.0),
            ranks: back(pick(self.m[1]), cr, self.shift.1),
        }
    }
}

/// The colour swap of `flipcolor`: colours exchanged, ranks mirrored.
const COLOR_SWAP: Xform = Xform {
    m: RANK_MIRROR,
    shift: (0, 0),
    swap: true,
};

/// The basic transforms of `t` on a board of `geo`, the identity first (except for
/// `reversecolor`, which has only the colour swap). Rotations by 90° and the diagonal
/// reflections exist only on square boards. `notransform` has none (handled by lowering).
pub(crate) fn group(t: Transform, geo: Geometry) -> Vec<Xform> {
    let (files, ranks) = geo.frame();
    let square = files == ranks;
    let syms = |ms: &[Matrix]| ms.iter().map(|&m| Xform::sym(m)).collect::<Vec<_>>();
    let shifts = |horizontal: bool, vertical: bool| {
        let (fx, ry) = (i64::from(files) - 1, i64::from(ranks) - 1);
        let mut out = vec![Xform::IDENTITY];
        let dxs = if horizontal { -fx..=fx } else { 0..=0 };
        for dx in dxs {
            let dys = if vertical { -ry..=ry } else { 0..=0 };
            for dy in dys {
                if (dx, dy) != (0, 0) {
                    out.push(Xform {
                        m: ID,
                        shift: (dx, dy),
                        swap: false,
                    });
                }
            }
        }
        out
    };
    match t {
        Transform::FlipColor => vec![Xform::IDENTITY, COLOR_SWAP],
        // Refused by name before expansion (see `lower`); the identity keeps this total.
        Transform::Rotate45 => vec![Xform::IDENTITY],
        Transform::ReverseColor => vec![COLOR_SWAP],
        Transform::Flip if square => syms(&[
            ID,
            ROT90,
            ROT180,
            ROT270,
            FILE_MIRROR,
            RANK_MIRROR,
            DIAGONAL,
            ANTI_DIAGONAL,
        ]),
        Transform::Flip => syms(&[ID, ROT180, FILE_MIRROR, RANK_MIRROR]),
        Transform::FlipHorizontal => syms(&[ID, RANK_MIRROR]),
        Transform::FlipVertical => syms(&[ID, FILE_MIRROR]),
        Transform::Rotate90 if square => syms(&[ID, ROT90, ROT180, ROT270]),
        Transform::Rotate90 => syms(&[ID, ROT180]),
        Transform::Shift => shifts(true, true),
        Transform::ShiftHorizontal => shifts(true, false),
        Transform::ShiftVertical => shifts(false, true),
        Transform::NoTransform => vec![Xform::IDENTITY],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Geometry = Geometry::STANDARD;

    fn sq(name: &str) -> Coord {
        let b = name.as_bytes();
        Coord {
            file: i64::from(b[0] - b'a'),
            rank: i64::from(b[1] - b'1'),
        }
    }

    #[test]
    fn dihedral_images_of_c2() {
        // CQL-Transformations (Scidb help, after the CQL 3 docs): the 8 dihedral images of
        // c2 are c2, b3, b6, c7, f7, g6, g3 and f2.
        let mut got: Vec<Coord> = group(Transform::Flip, G)
            .iter()
            .map(|x| x.map(G, sq("c2"), true))
            .collect();
        got.sort();
        let mut want: Vec<Coord> = ["c2", "b3", "b6", "c7", "f7", "g6", "g3", "f2"]
            .map(sq)
            .to_vec();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn mirrors_follow_the_bisectors() {
        // "The vertical flip of f6 is c6"; "the horizontal flip of f6 is f3".
        let v = group(Transform::FlipVertical, G)[1];
        let h = group(Transform::FlipHorizontal, G)[1];
        assert_eq!(v.map(G, sq("f6"), true), sq("c6"));
        assert_eq!(h.map(G, sq("f6"), true), sq("f3"));
        // "colorswap a2 ≡ a7"
        assert_eq!(COLOR_SWAP.map(G, sq("a2"), true), sq("a7"));
    }

    #[test]
    fn composition_applies_inner_first() {
        let up = Xform {
            m: ID,
            shift: (0, 1),
            swap: false,
        };
        let mirror = Xform::sym(FILE_MIRROR);
        // mirror then up: a1 → h1 → h2; up then mirror: a1 → a2 → h2 as well, but b1 differs.
        assert_eq!(up.compose(mirror).map(G, sq("b1"), true), sq("g2"));
        assert_eq!(mirror.compose(up).map(G, sq("b1"), true), sq("g2"));
        let right = Xform {
            m: ID,
            shift: (1, 0),
            swap: false,
        };
        assert_eq!(right.compose(mirror).map(G, sq("b1"), true), sq("h1"));
        assert_eq!(mirror.compose(right).map(G, sq("b1"), true), sq("f1"));
    }

    #[test]
    fn group_sizes() {
        assert_eq!(group(Transform::Shift, G).len(), 225);
        assert_eq!(group(Transform::ShiftHorizontal, G).len(), 15);
        assert_eq!(group(Transform::Rotate90, G).len(), 4);
        assert_eq!(
            group(
                Transform::Flip,
                Geometry {
                    files: 10,
                    ranks: 8
                }
            )
            .len(),
            4
        );
    }
}
