//! MBN's modifiers that shape a partial move's path rather than its directions or what it
//! takes: `n` (non-jumping: a lame leap, a sliding rider) and `h` (a halfling), read by
//! [`super::parse`] into [`LegShape`] and lowered here to the fairy engine's multi-leg paths
//! (`fairy::leg_paths`). The same field holds `t`, `tt` and `z`, directions relative to the
//! previous leg of a sequence, which `super::relative_legs` resolves.
//!
//! The meanings are the MBN page's modifier table (LeCodex's `mbn.js` restates it):
//! - `n`: "This defines a non-jumping piece, a leaping rider will become a sliding rider. But
//!   note that in some variants the order of the decomposed legs is determined, in this case
//!   this modifier is not working." A straight leap (`D`, `A`, `H`, `G`; `W` and `F` have no
//!   square between) passes the squares of its line, which must be empty: `nD` is a line of
//!   exactly two wazir steps, `nA` two ferz steps (Fairy-Stockfish's lame `nD`, `nA`). A
//!   rider of it slides: each leap's squares must be empty too (`nD0`). An oblique leap
//!   (`N`, `C`, `Z`) decomposes into legs of different atoms whose order `n` does not give
//!   (the page's second sentence: the xiangqi horse, orthogonal step first, is such a variant);
//!   cqlq refuses it and reads the horse written as its legs, `(mfW-fF)+...`.
//! - `h`: "Defines a halfling, that moves half the way to the edge of the board, rounded up":
//!   along each of its vectors the piece goes at most half of the leaps from its square to the
//!   board's edge, rounded up (chessvariants.com's "absolute" halfling: a halfling rook on a8
//!   reaches a4, from a4 a2). A leap is unchanged (half of one leap rounded up is one: "a
//!   Halfling Knight is exactly the same as a normal Knight"); a rider goes half the way; a
//!   rider with a step limit or an exact count is refused (half of its own reach, or of the way
//!   to the edge: the page does not say).

use super::lower::path_leg;
use super::parse::{MbnError, MbnMove, Reach};
use crate::rules::fairy::defs::Atom;
use crate::rules::fairy::leg_hops::Passage;
use crate::rules::fairy::leg_paths::{LegPath, PathLeg};

/// Which path-shaping modifier a partial move has.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    /// `n`: non-jumping (lame leaps, sliding riders).
    Lame,
    /// `h`: a halfling (half the way to the board's edge, rounded up).
    Half,
    /// `t`: opposite to the previous leg (`super::relative_legs`).
    Turn,
    /// `tt`: anything but opposite to the previous leg.
    NoTurn,
    /// `z`: the previous leg's vector mirrored.
    Reflect,
}

/// A path-shaping modifier and its 1-based column in the MBN text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LegShape {
    /// Which modifier.
    pub kind: ShapeKind,
    /// 1-based column of its letter.
    pub column: usize,
}

fn err(column: usize, reason: impl Into<String>) -> MbnError {
    MbnError {
        column,
        reason: reason.into(),
    }
}

/// Whether `letter` is a path-shaping modifier (`n`, `h`, `t`, `z`).
pub(super) fn is_shape_letter(letter: char) -> bool {
    matches!(letter, 'n' | 'h' | 't' | 'z')
}

/// Reads the shape modifier at 0-based `at` of `chars` (after `before`, the partial move's
/// shape so far): the shape and how many characters it takes (`tt`: two). Refused outside a
/// piece's movement (`definition` false: a zone, push or conversion reads plain lines) and as
/// a second shape on one partial move.
pub(super) fn read_shape(
    chars: &[char],
    at: usize,
    before: Option<LegShape>,
    definition: bool,
) -> Result<(LegShape, usize), MbnError> {
    let letter = chars[at];
    let (kind, len) = match letter {
        'n' => (ShapeKind::Lame, 1),
        'h' => (ShapeKind::Half, 1),
        't' if chars.get(at + 1) == Some(&'t') => (ShapeKind::NoTurn, 2),
        't' => (ShapeKind::Turn, 1),
        _ => (ShapeKind::Reflect, 1),
    };
    if !definition {
        return Err(err(
            at + 1,
            format!(
                "the modifier `{letter}` is evaluated only in a piece's movement, not here \
                 (a zone, push or conversion reads plain lines)"
            ),
        ));
    }
    if before.is_some() {
        return Err(err(
            at + 1,
            "two of the modifiers `n`, `h`, `t`, `tt`, `z` on one partial move are not \
             evaluated by cqlq",
        ));
    }
    Ok((
        LegShape {
            kind,
            column: at + 1,
        },
        len,
    ))
}

/// A lame leap's line: the unit step of the vector and how many steps it takes (`D` (2,0):
/// two `(1,0)` steps), or `None` for an oblique vector, which has no one line.
fn straight((x, y): (i8, i8)) -> Option<((i8, i8), u8)> {
    (x == 0 || y == 0 || x.abs() == y.abs()).then(|| {
        (
            (x.signum(), y.signum()),
            x.unsigned_abs().max(y.unsigned_abs()),
        )
    })
}

/// The fairy atoms of a shaped partial move (`m.shape` set): multi-leg paths.
pub(super) fn shaped_atoms(m: &MbnMove, shape: LegShape) -> Result<Vec<Atom>, MbnError> {
    let path = |legs: Vec<PathLeg>, repeat: (u8, u8)| Atom::Path(LegPath { legs, repeat });
    match shape.kind {
        ShapeKind::Lame => {
            let repeat = match m.reach {
                Reach::Leap => return Ok(vec![path(vec![lame_leg(m, shape)?], (1, 1))]),
                Reach::Unlimited => (1, u8::MAX),
                Reach::UpTo(n) if m.exact => (n, n),
                Reach::UpTo(n) => (1, n),
            };
            // A rider keeps its direction: one path per vector, its leap repeated.
            let leg = lame_leg(m, shape)?;
            Ok(leg
                .vectors
                .iter()
                .map(|&v| {
                    let one = PathLeg {
                        vectors: vec![v],
                        ..leg.clone()
                    };
                    path(vec![one], repeat)
                })
                .collect())
        }
        ShapeKind::Half => Ok(vec![path(vec![half_leg(m, shape)?], (1, 1))]),
        ShapeKind::Turn | ShapeKind::NoTurn | ShapeKind::Reflect => Err(err(
            shape.column,
            "a direction relative to the previous leg (`t`, `tt`, `z`) on a partial move that \
             is no later leg of a sequence is not evaluated by cqlq: it has no previous leg",
        )),
    }
}

/// The leg a partial move is inside a move sequence (`mnD-W`): [`path_leg`] unless shaped,
/// a lame leap or a halfling's line if it is. A lame rider's leg is its one leap: a chain of
/// more than that one leg refuses it ([`refuse_in_sequence`]); alone it is its own paths
/// ([`shaped_atoms`]).
pub(super) fn chain_leg(m: &MbnMove) -> Result<PathLeg, MbnError> {
    match m.shape {
        Some(shape) if shape.kind == ShapeKind::Lame => lame_leg(m, shape),
        Some(shape) if shape.kind == ShapeKind::Half => half_leg(m, shape),
        // No shape, or a relative direction (`super::relative_legs` narrows its vectors).
        _ => Ok(path_leg(m)),
    }
}

/// Refuses a lame rider (`n` with a step count) as a leg of a longer sequence or a repeated
/// complex rider: a sequence's leg is one line of one vector.
pub(super) fn refuse_in_sequence(m: &MbnMove) -> Result<(), MbnError> {
    match m.shape {
        Some(shape) if shape.kind == ShapeKind::Lame && m.reach != Reach::Leap => Err(err(
            shape.column,
            "a non-jumping rider (`n` with a step count) inside a move sequence or a repeated \
             complex rider is not evaluated by cqlq (a sequence's leg is one line; `nD0` \
             alone is)",
        )),
        _ => Ok(()),
    }
}

/// One lame leap of every vector: a line of its unit steps, exactly as many as the leap is
/// long, the squares before the last empty.
fn lame_leg(m: &MbnMove, shape: LegShape) -> Result<PathLeg, MbnError> {
    let mut vectors = Vec::new();
    let mut steps = 1;
    for v in m.vectors() {
        let Some((unit, n)) = straight(v) else {
            return Err(err(
                shape.column,
                "the modifier `n` (non-jumping) on an oblique leaper (N, C, Z) is not \
                 evaluated by cqlq: its leap decomposes into legs whose order `n` does not \
                 give (the MBN page: \"in some variants the order of the decomposed legs is \
                 determined, in this case this modifier is not working\"); write the legs \
                 (the xiangqi horse `(mfW-fF)+(mbW-bF)+(mlW-lF)+(mrW-rF)`)",
            ));
        };
        vectors.push(unit);
        steps = n;
    }
    Ok(PathLeg {
        vectors,
        min: steps,
        max: steps,
        passage: Passage::Clear,
        limits: None,
        half: false,
        wrap: Default::default(),
    })
}

/// A halfling's leg: its leap or line, at most half the way to the edge along each vector.
fn half_leg(m: &MbnMove, shape: LegShape) -> Result<PathLeg, MbnError> {
    let max = match m.reach {
        Reach::Leap => 1,
        Reach::Unlimited => u8::MAX,
        Reach::UpTo(_) => {
            return Err(err(
                shape.column,
                "the modifier `h` (halfling) on a rider with a step count (`hR3`, `hW03`) is \
                 not evaluated by cqlq: the MBN page does not say whether the half is of its \
                 own reach or of the way to the edge",
            ));
        }
    };
    Ok(PathLeg {
        vectors: m.vectors(),
        min: 1,
        max,
        passage: Passage::Clear,
        limits: None,
        half: true,
        wrap: Default::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_leaps_have_a_line_and_oblique_ones_none() {
        assert_eq!(straight((2, 0)), Some(((1, 0), 2)));
        assert_eq!(straight((-2, 2)), Some(((-1, 1), 2)));
        assert_eq!(straight((0, -3)), Some(((0, -1), 3)));
        assert_eq!(straight((2, 1)), None);
    }
}
