//! Coordinate designators of the unbounded board (`K[-5..5,0..8]`, `[Qq][0,*;..-3,2]`,
//! `_[3,4]`) lowered to set filters, and the list of filters that need a bounded board.
//!
//! Coordinates are ICN's: the classical a1 is `1,1`, so `Coord { file: x - 1, rank: y - 1 }`.
//! A rectangle's span is an integer, a range `a..b`, an open range `..b` / `a..` / `..`, or `*`
//! (any). Bounded regions become [`Node::Pieces`] with their squares listed (so `_[3,4]` and
//! `~` stay exact); unbounded ones become [`Node::Region`], which keeps only pieces, so a
//! region that would admit infinitely many empty squares is refused here. Transforms map
//! rectangles exactly (`Xform::map_rect` in `transform.rs`). See `docs/infinite.md`.

use crate::ir::Node;
use crate::squares::{Coord, Rect, SquareSet};

use super::{Cx, Lower, Lowered};
use crate::query::ast::{Designator, Span};
use crate::query::error::ErrorKind;

/// Bounded regions up to this many squares are listed; larger ones are refused.
const MAX_LISTED: u128 = 1 << 20;

/// What is wrong with a coordinate part (each variant holds the text it is about).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoordsError {
    /// Not bracketed: `5,3`.
    NotACoordinatePart(String),
    /// A rectangle without its two coordinates: `[5]`.
    NotTwoCoordinates(String),
    /// A coordinate that is not a 64-bit integer: `[99999999999999999999,0]`.
    NotAnInteger(String),
    /// A range whose low end is above its high end: `[5..4,0]`.
    EmptyRange {
        /// The range as written.
        text: String,
        /// Its low end.
        lo: i64,
        /// Its high end.
        hi: i64,
    },
}

impl std::fmt::Display for CoordsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CoordsError::NotACoordinatePart(text) => {
                write!(f, "`{text}` is not a coordinate part `[X,Y;...]`")
            }
            CoordsError::NotTwoCoordinates(rect) => {
                write!(f, "`{rect}` needs two coordinates `X,Y`")
            }
            CoordsError::NotAnInteger(t) => write!(f, "coordinate `{t}` is not a 64-bit integer"),
            CoordsError::EmptyRange { text, lo, hi } => {
                write!(f, "the range `{text}` is empty ({lo} > {hi})")
            }
        }
    }
}

impl std::error::Error for CoordsError {}

/// The rectangles of a coordinate part (`[-5..5,0..8;*,3]`) in ICN coordinates, or what is
/// wrong with it.
pub fn coords_to_rects(text: &str) -> Result<Vec<Rect>, CoordsError> {
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| CoordsError::NotACoordinatePart(text.to_string()))?;
    inner
        .split(';')
        .map(|rect| {
            let rect = rect.trim();
            let (x, y) = rect
                .split_once(',')
                .ok_or_else(|| CoordsError::NotTwoCoordinates(rect.to_string()))?;
            Ok(Rect {
                files: span(x)?,
                ranks: span(y)?,
            })
        })
        .collect()
}

/// One span: `*`, `a..b`, `..b`, `a..`, `..` or `n`.
fn span(text: &str) -> Result<(Option<i64>, Option<i64>), CoordsError> {
    let int = |t: &str| -> Result<Option<i64>, CoordsError> {
        if t.is_empty() {
            return Ok(None);
        }
        t.parse::<i64>()
            .map(Some)
            .map_err(|_| CoordsError::NotAnInteger(t.to_string()))
    };
    let (lo, hi) = match (text, text.split_once("..")) {
        ("*", _) => (None, None),
        (_, Some((a, b))) => (int(a)?, int(b)?),
        (_, None) => {
            let n = int(text)?;
            (n, n)
        }
    };
    if let (Some(a), Some(b)) = (lo, hi)
        && a > b
    {
        return Err(CoordsError::EmptyRange {
            text: text.to_string(),
            lo: a,
            hi: b,
        });
    }
    Ok((lo, hi))
}

/// ICN coordinates (a1 = `1,1`) to [`Coord`] numbers (a1 = `0,0`), saturating at the ends.
fn icn_to_coord(r: Rect) -> Rect {
    let down = |(lo, hi): (Option<i64>, Option<i64>)| {
        (
            lo.map(|v| v.saturating_sub(1)),
            hi.map(|v| v.saturating_sub(1)),
        )
    };
    Rect {
        files: down(r.files),
        ranks: down(r.ranks),
    }
}

/// The squares of a bounded rectangle, if there are at most `budget` of them.
fn listed(r: &Rect, budget: u128) -> Option<Vec<Coord>> {
    let (Some(f0), Some(f1), Some(r0), Some(r1)) = (r.files.0, r.files.1, r.ranks.0, r.ranks.1)
    else {
        return None;
    };
    let width = (i128::from(f1) - i128::from(f0) + 1).max(0) as u128;
    let height = (i128::from(r1) - i128::from(r0) + 1).max(0) as u128;
    if width.saturating_mul(height) > budget {
        return None;
    }
    Some(
        (r0..=r1)
            .flat_map(|rank| (f0..=f1).map(move |file| Coord { file, rank }))
            .collect(),
    )
}

/// A rectangle cut to a finite board (unchanged on the unbounded one), so it can be listed.
fn clip(r: Rect, geo: crate::squares::Geometry) -> Rect {
    if geo.is_unbounded() {
        return r;
    }
    let cut = |(lo, hi): (Option<i64>, Option<i64>), n: u8| {
        let last = i64::from(n) - 1;
        let lo = lo.map_or(0, |v| v.max(0));
        let hi = hi.map_or(last, |v| v.min(last));
        // An empty cut keeps an empty range (lo > hi lists nothing).
        (Some(lo), Some(hi))
    };
    Rect {
        files: cut(r.files, geo.files),
        ranks: cut(r.ranks, geo.ranks),
    }
}

impl Lower<'_> {
    /// Lowers a designator with a coordinate part under the transform of `cx`.
    pub(crate) fn coord_designator<S: SquareSet>(
        &self,
        d: &Designator,
        span: Span,
        cx: Cx,
    ) -> Lowered<S> {
        let text = d.coords.as_deref().unwrap_or("[]");
        let rects =
            coords_to_rects(text).map_err(|m| self.err(ErrorKind::Invalid, span, m.to_string()))?;
        // CQL's letters and the fairy names (`[=AM][0..,*]`: white amazons on those files).
        let kinds = cx.xf.kinds(self.designator_kinds(d, span)?);
        let rects: Vec<Rect> = rects
            .into_iter()
            .map(|r| cx.xf.map_rect(self.geo, icn_to_coord(r)))
            .map(|r| clip(r, self.geo))
            .collect();
        let mut squares = Vec::new();
        let mut budget = MAX_LISTED;
        let all_listed = rects.iter().all(|r| match listed(r, budget) {
            Some(s) => {
                budget -= s.len() as u128;
                squares.extend(s);
                true
            }
            None => false,
        });
        if all_listed {
            let on_board = squares.into_iter().filter(|c| self.geo.admits(*c));
            let set = S::from_coords(self.geo, on_board);
            return Ok(Some(Node::Pieces(kinds, set)));
        }
        if kinds.empty {
            let m = format!(
                "the coordinate region {text} is unbounded (or over {MAX_LISTED} squares) and admits empty squares: that set is neither finite nor co-finite; bound every range, or name pieces only"
            );
            return Err(self.err(ErrorKind::Unsupported, span, m));
        }
        Ok(Some(Node::Region(kinds, rects)))
    }
}

/// The first filter of `filter` that needs a bounded board, by the name a user wrote: these
/// walk squares by board tables (`ray`, `pin`, `between`, direction filters, piece identities,
/// `makesquare`, ...) and are refused for infinite chess rather than answered wrongly. When
/// several are present, the one earliest in this list is named. `file` / `rank` are not
/// here: they read one square's coordinates (ICN's x and y), exact anywhere; `light`/`dark`
/// are (their parity test assumes non-negative coordinates), and so is `distance` of squares
/// (its difference of coordinates overflows for squares near ±2^63; `distance` of positions
/// counts moves and runs anywhere).
pub fn needs_bounded_board<S>(filter: &Node<S>) -> Option<&'static str> {
    let mut first: Option<(u8, &'static str)> = None;
    let _ = crate::ir::walk::walk(filter, &mut |n| {
        if let Some(found) = bounded_only(n)
            && first.is_none_or(|(rank, _)| found.0 < rank)
        {
            first = Some(found);
        }
        std::ops::ControlFlow::<()>::Continue(())
    });
    first.map(|(_, name)| name)
}

/// Whether the filter itself (not its operands) needs a bounded board: its rank in the order
/// [`needs_bounded_board`] names them, and its name.
fn bounded_only<S>(n: &Node<S>) -> Option<(u8, &'static str)> {
    Some(match n {
        Node::Direction(..) => (
            0,
            "direction filters (up, down, left, right, diagonal, orthogonal, ...)",
        ),
        Node::Between(..) => (1, "between"),
        Node::Ray(_) => (2, "ray / xray / attack chains"),
        Node::Pin(_) => (3, "pin"),
        Node::SquareShade(..) => (4, "light / dark"),
        Node::MakeSquare(..) => (5, "makesquare"),
        Node::Distance(..) => (6, "distance"),
        Node::MateKind(..) => (7, "puremate / modelmate / idealmate"),
        Node::PieceLoop(_) => (8, "piece variables (piece x in ...)"),
        Node::Placement(_) => (9, "fen placement patterns"),
        Node::PromotedPieces => (10, "promotedpieces"),
        Node::Pawns(_) => (11, "pawn-structure filters"),
        Node::Cqls(_) => (12, "CQL-S filters"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The filters are found by their IR variant wherever they stand: `distance` of squares
    /// is refused, `distance` of positions (which counts moves) is not, nor is a string that
    /// merely spells a variant's name; with several, the list's first is named.
    #[test]
    fn bounded_only_filters_are_found_by_variant() {
        let one = || Box::new(Node::<u64>::Number(1));
        let squares = Node::Distance(one(), one());
        let positions = Node::<u64>::TreeDistance(one(), Box::new(Node::Number(2)));
        assert_eq!(needs_bounded_board(&squares), Some("distance"));
        assert_eq!(needs_bounded_board(&positions), None);
        assert_eq!(needs_bounded_board(&Node::<u64>::Str("Pin(".into())), None);
        let both = Node::Not(Box::new(Node::And(vec![
            squares,
            Node::Between(one(), one()),
        ])));
        assert_eq!(needs_bounded_board(&both), Some("between"));
    }

    #[test]
    fn spans_and_rectangles() {
        let r = coords_to_rects("[-5..5,0..8; *,3 ;..-2,7..]").unwrap();
        assert_eq!(r[0].files, (Some(-5), Some(5)));
        assert_eq!(r[0].ranks, (Some(0), Some(8)));
        assert_eq!(r[1].files, (None, None));
        assert_eq!(r[1].ranks, (Some(3), Some(3)));
        assert_eq!(r[2].files, (None, Some(-2)));
        assert_eq!(r[2].ranks, (Some(7), None));
        assert!(coords_to_rects("[5..4,0]").is_err());
        assert!(coords_to_rects("[99999999999999999999,0]").is_err());
    }

    #[test]
    fn listing_respects_the_budget() {
        let r = icn_to_coord(coords_to_rects("[1..8,1..8]").unwrap()[0]);
        assert_eq!(listed(&r, 64).map(|v| v.len()), Some(64));
        assert_eq!(listed(&r, 63), None);
        let open = icn_to_coord(coords_to_rects("[1..,1]").unwrap()[0]);
        assert_eq!(listed(&open, u128::MAX), None);
    }

    /// Every transform of `flip`, `flipcolor` and `shift` maps a rectangle (open bounds
    /// included) onto exactly the images of its squares: checked square by square in a window
    /// around the classical board, with open bounds standing for "to the window's edge".
    #[test]
    fn rectangles_map_like_their_squares() {
        use crate::query::ast::Transform;
        use crate::query::transform::group;
        use crate::squares::Geometry;
        let geo = Geometry::UNBOUNDED;
        let rects = [
            "[2..4,-1..3]",
            "[..0,*]",
            "[5..,2]",
            "[*,..-3]",
            "[-2..,7..9]",
        ];
        let window = -30..=30i64;
        for t in [Transform::Flip, Transform::FlipColor, Transform::Shift] {
            for x in group(t, geo) {
                for text in rects {
                    let r = icn_to_coord(coords_to_rects(text).unwrap()[0]);
                    let image = x.map_rect(geo, r);
                    for f in window.clone() {
                        for k in window.clone() {
                            let c = Coord { file: f, rank: k };
                            if r.contains(c) {
                                assert!(image.contains(x.map(geo, c, true)), "{text} {x:?} {c:?}");
                            }
                        }
                    }
                    // And nothing else: the preimage of a square of the image is in `r`
                    // (every group element is a bijection; its inverse is in the group's
                    // closure, so test by counting on a bounded rectangle instead).
                    if r.is_bounded() {
                        let n = listed(&r, u128::MAX).unwrap().len();
                        assert_eq!(listed(&image, u128::MAX).unwrap().len(), n, "{text} {x:?}");
                    }
                }
            }
        }
    }
}
