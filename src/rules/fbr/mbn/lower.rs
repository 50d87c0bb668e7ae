//! MBN partial moves ([`MbnMove`]) as the fairy engine's movement atoms: leaps as `aleap`
//! vectors, riders as `ride` or `step` lines, split into what moves and what captures.

use super::parse::{MbnError, MbnMove, Reach};
use crate::rules::fairy::defs::{Atom, Leaper, MoveSet};
use crate::rules::fairy::layer_powers::ZoneLine;
use crate::rules::fairy::layer_swaps::SwapPartners;

/// A swap movement of an MBN definition (`w`, `ww`, `wy`): whose pieces it swaps with and
/// the lines it follows (white's view; the partner is the first piece on a line).
#[derive(Clone, Debug, PartialEq)]
pub struct MbnSwaps {
    /// Whose pieces.
    pub partners: SwapPartners,
    /// Vector and most steps (1: a leap).
    pub lines: Vec<ZoneLine>,
}

/// What a piece defined in MBN does: its non-capturing and its capturing movements.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MbnMoveSets {
    /// Movements to empty squares.
    pub moves: MoveSet,
    /// Capturing movements.
    pub captures: MoveSet,
    /// Swap movements (which the fairy engine keeps in its rule layers, not in the piece).
    pub swaps: Vec<MbnSwaps>,
}

/// The fairy atoms of `moves` (the partial moves of one definition). A rider whose
/// directions the engine cannot mirror for black as Fairy-Stockfish does (a left/right-only
/// rider, or a rider of a longer atom with a step limit) is refused by name.
pub fn mbn_atoms(moves: &[MbnMove]) -> Result<MbnMoveSets, MbnError> {
    let mut out = MbnMoveSets::default();
    for m in moves {
        if let Some(partners) = m.swaps {
            let steps = match m.reach {
                Reach::Leap => 1,
                Reach::Unlimited => u8::MAX,
                Reach::UpTo(n) => n,
            };
            let lines = m.vectors().into_iter().map(|(x, y)| (x, y, steps));
            out.swaps.push(MbnSwaps {
                partners,
                lines: lines.collect(),
            });
        }
        if !m.moves && !m.captures {
            continue;
        }
        let atom = atom_of(m)?;
        if m.moves {
            out.moves.push(atom.clone());
        }
        if m.captures {
            out.captures.push(atom);
        }
    }
    Ok(out)
}

fn atom_of(m: &MbnMove) -> Result<Atom, MbnError> {
    let v = m.vectors();
    let mirrored = |f: fn((i8, i8)) -> (i8, i8)| v.iter().all(|&d| v.contains(&f(d)));
    let up_down = mirrored(|(x, y)| (x, -y));
    let left_right = mirrored(|(x, y)| (-x, y));
    let unit = m.atom.0.abs() <= 1 && m.atom.1.abs() <= 1;
    let refuse = |what: &str| MbnError {
        column: m.column,
        reason: format!("{what} is not evaluated by cqlq"),
    };
    Ok(match m.reach {
        // `aleap` vectors are white's; black's are mirrored north-south, as in
        // Fairy-Stockfish.
        Reach::Leap => Atom::Leap(Leaper {
            asymmetric: true,
            first: v,
            ..Leaper::default()
        }),
        // `ride` lines are the same for both sides: only for a symmetric set.
        Reach::Unlimited if up_down && left_right => Atom::Ride(v),
        // `step` lines are turned by 180 degrees for black: the north-south mirror image
        // when the set is left-right symmetric.
        Reach::Unlimited if unit && left_right => {
            Atom::Step(v.into_iter().map(|(x, y)| (x, y, u8::MAX)).collect())
        }
        Reach::UpTo(n) if unit && left_right => {
            Atom::Step(v.into_iter().map(|(x, y)| (x, y, n)).collect())
        }
        Reach::Unlimited | Reach::UpTo(_) if !left_right => {
            return Err(refuse("a rider with left- or right-only directions"));
        }
        _ => {
            return Err(refuse(
                "a step-limited rider of a leap longer than one square",
            ));
        }
    })
}
