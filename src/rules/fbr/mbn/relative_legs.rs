//! MBN's directions relative to the previous leg of a move sequence: `t` (turn), `tt` (no
//! turn) and `z` (reflection), read by [`super::parse`] as a [`LegShape`] and resolved here,
//! once a sequence is expanded into chains of legs (`super::chains`), into legs of plain
//! vectors: for each vector the previous leg may take, the vectors this leg may take after it.
//!
//! The meanings are the MBN page's modifier table (LeCodex's `mbn.js` restates it), where the
//! legs of a sequence are "moves":
//! - `t`: "The piece makes a turn, this means that it moves into the opposite direction as in
//!   the previous move": the leg's vectors pointing opposite to the previous leg's (`mD-tW`:
//!   a dabbaba leap, then one wazir step back);
//! - `tt`: "when doubled (tt) then it means: the piece don't makes a turn (excludes a turn)":
//!   the leg's vectors but the one pointing opposite;
//! - `z`: "the directional modifier for a reflection; useful for the definition of zig-zag
//!   lines, or reflecting bishops": the previous leg's vector mirrored in the vertical or in
//!   the horizontal axis, the same axis for every `z` leg of one movement (a zig-zag line keeps
//!   its two directions: Betza's crooked bishop, "a Bishop that must make a 90 degree turn with
//!   every step, and must of course always keep moving away from its starting square", is
//!   `F+(mF-zF)+(mF-mzF-zF)+...`; a bishop bouncing off the left and right edges is always
//!   mirrored in the vertical axis).
//!
//! Directions compare by their sense, not their length: a wazir step `(-1, 0)` is opposite to
//! a dabbaba leap `(2, 0)`. A relative leg first in a sequence, or first in a repeated complex
//! rider (whose previous leg changes with each repetition: the page's Boyscout
//! `F-[(zF)0]`), has nothing to relate to and is refused at its column.

use super::leg_shapes::{LegShape, ShapeKind};
use super::parse::MbnError;
use crate::rules::fairy::leg_paths::PathLeg;

/// The most resolved chains one chain may give.
const MAX_RESOLVED: usize = 4096;

/// Whether `a` and `b` point the same way (`same`) or opposite ways (`!same`).
fn along(a: (i8, i8), b: (i8, i8), same: bool) -> bool {
    let cross = i16::from(a.0) * i16::from(b.1) - i16::from(a.1) * i16::from(b.0);
    let dot = i16::from(a.0) * i16::from(b.0) + i16::from(a.1) * i16::from(b.1);
    cross == 0 && if same { dot > 0 } else { dot < 0 }
}

/// The vectors of `own` a relative leg of `kind` may take after the previous leg's `before`,
/// with `z`'s mirror (`true`: files mirrored, the vertical axis).
fn after(
    kind: ShapeKind,
    before: (i8, i8),
    own: &[(i8, i8)],
    vertical_mirror: bool,
) -> Vec<(i8, i8)> {
    own.iter()
        .copied()
        .filter(|&v| match kind {
            ShapeKind::Turn => along(v, before, false),
            ShapeKind::NoTurn => !along(v, before, false),
            ShapeKind::Reflect => {
                let mirrored = if vertical_mirror {
                    (-before.0, before.1)
                } else {
                    (before.0, -before.1)
                };
                along(v, mirrored, true)
            }
            ShapeKind::Lame | ShapeKind::Half => true,
        })
        .collect()
}

/// Whether `kind` relates a leg to the previous one (`t`, `tt`, `z`).
pub(super) fn is_relative(kind: ShapeKind) -> bool {
    matches!(
        kind,
        ShapeKind::Turn | ShapeKind::NoTurn | ShapeKind::Reflect
    )
}

/// The legs of a chain with their relative directions resolved: each alternative gives every
/// leg plain vectors (a leg before a relative one narrowed to one vector). `legs` pairs each
/// leg with its relative modifier, if any.
pub(super) fn resolve(legs: &[(PathLeg, Option<LegShape>)]) -> Result<Vec<Vec<PathLeg>>, MbnError> {
    let Some(first_relative) = legs.iter().find_map(|(_, r)| *r) else {
        return Ok(vec![legs.iter().map(|(l, _)| l.clone()).collect()]);
    };
    if let Some((_, Some(r))) = legs.first() {
        return Err(MbnError {
            column: r.column,
            reason: "a direction relative to the previous leg (`t`, `tt`, `z`) on the first leg \
                     of a sequence or of a repeated complex rider is not evaluated by cqlq: it \
                     has no previous leg (in a repeated rider, one that changes each time)"
                .into(),
        });
    }
    let reflects = legs
        .iter()
        .any(|(_, r)| r.is_some_and(|r| r.kind == ShapeKind::Reflect));
    let mirrors: &[bool] = if reflects { &[true, false] } else { &[true] };
    let mut out: Vec<Vec<PathLeg>> = Vec::new();
    for &vertical_mirror in mirrors {
        let mut partial: Vec<Vec<PathLeg>> = vec![Vec::new()];
        for (i, (leg, relative)) in legs.iter().enumerate() {
            let narrow = legs.get(i + 1).is_some_and(|(_, r)| r.is_some());
            let mut next = Vec::new();
            for head in &partial {
                let vectors = match (relative, head.last()) {
                    (Some(r), Some(before)) => {
                        after(r.kind, before.vectors[0], &leg.vectors, vertical_mirror)
                    }
                    _ => leg.vectors.clone(),
                };
                let with = |vectors: Vec<(i8, i8)>| {
                    let mut one = head.clone();
                    one.push(PathLeg {
                        vectors,
                        ..leg.clone()
                    });
                    one
                };
                if narrow {
                    next.extend(vectors.iter().map(|&v| with(vec![v])));
                } else if !vectors.is_empty() {
                    next.push(with(vectors));
                }
            }
            if next.len() > MAX_RESOLVED {
                return Err(MbnError {
                    column: first_relative.column,
                    reason: format!(
                        "this sequence's relative directions give more than {MAX_RESOLVED} \
                         alternatives, more than cqlq evaluates"
                    ),
                });
            }
            partial = next;
        }
        for p in partial {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    if out.is_empty() {
        return Err(MbnError {
            column: first_relative.column,
            reason: "the relative direction (`t`, `tt`, `z`) leaves this leg no direction after \
                     the previous leg's"
                .into(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_compare_by_their_sense() {
        assert!(along((-1, 0), (2, 0), false));
        assert!(along((1, 1), (2, 2), true));
        assert!(!along((1, 0), (0, 1), false));
        // `z` after the north-east step: north-west (vertical mirror) or south-east.
        let f = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        assert_eq!(after(ShapeKind::Reflect, (1, 1), &f, true), [(-1, 1)]);
        assert_eq!(after(ShapeKind::Reflect, (1, 1), &f, false), [(1, -1)]);
    }
}
