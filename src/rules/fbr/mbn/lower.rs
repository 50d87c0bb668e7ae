//! MBN partial moves ([`MbnMove`]) as the fairy engine's movement atoms: leaps as `aleap`
//! vectors, riders as `ride` or `step` lines (or one-leg paths, `fairy::leg_paths`, where
//! those lines cannot hold them), split into what moves and what captures.

use super::explosion::MbnExplosion;
use super::flip::MbnFlips;
use super::friendly_capture::FriendlyCaptures;
use super::parse::{MbnError, MbnMove, Reach};
use crate::rules::fairy::defs::{Atom, Leaper, MoveSet};
use crate::rules::fairy::layer_powers::ZoneLine;
use crate::rules::fairy::layer_swaps::SwapPartners;
use crate::rules::fairy::leg_hops::Passage;
use crate::rules::fairy::leg_paths::{LegPath, PathLeg};
use crate::rules::fbr::model::PieceSet;

/// A swap movement of an MBN definition (`w`, `ww`, `wy`): whose pieces it swaps with and
/// the lines it follows (white's view; the partner is the first piece on a line).
#[derive(Clone, Debug, PartialEq)]
pub struct MbnSwaps {
    /// Whose pieces.
    pub partners: SwapPartners,
    /// Vector and most steps (1: a leap).
    pub lines: Vec<ZoneLine>,
    /// The pieces it may swap with (`ww{^K}`; columns 1-based in the MBN text), `None`: any.
    pub set: Option<PieceSet>,
}

/// A friendly-capture movement of an MBN definition (`cc`, `cy`): which friendly pieces it
/// captures and the lines it follows (white's view; the victim is the first piece on a line).
#[derive(Clone, Debug, PartialEq)]
pub struct MbnFriendlyCaptures {
    /// The friendly types it captures.
    pub victims: FriendlyCaptures,
    /// Vector and most steps (1: a leap).
    pub lines: Vec<ZoneLine>,
    /// 1-based column of its partial move in the definition.
    pub column: usize,
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
    /// The predefined move `X` ending its moves and/or captures (`super::explosion`).
    pub explosion: Option<MbnExplosion>,
    /// Captures of friendly pieces (which the fairy engine keeps in its rule layers too,
    /// `fairy::layer_friendly_captures`).
    pub friendly_captures: Vec<MbnFriendlyCaptures>,
    /// Initial moves and en passant (`i`, `e`: `super::state`).
    pub state: super::state::StateSets,
    /// Flips of a piece's colour (`x`, `xx`, `xy`: conversion moves, also in the rule
    /// layers, `fairy::layer_convert`).
    pub flips: Vec<MbnFlips>,
    /// Locust movements (`cW-mW`: `super::locust`; rule layers, `fairy::layer_locust`).
    pub locusts: Vec<super::locust::MbnLocust>,
}

/// The fairy atoms of `moves` (the partial moves of one definition). A rider whose
/// directions the engine cannot mirror for black as Fairy-Stockfish does (a left/right-only
/// rider, or a rider of a longer atom with a step limit) is refused by name.
pub fn mbn_atoms(moves: &[MbnMove]) -> Result<MbnMoveSets, MbnError> {
    let mut out = MbnMoveSets::default();
    for m in moves {
        if !m.state.is_empty()
            && (m.shape.is_some() || m.passage != Passage::Clear || m.limits.is_some())
        {
            return Err(MbnError {
                column: m.column,
                reason: "the state modifiers `i`, `e`, `o`, `oo` beside `n`, `h`, `t`, `tt`, `z`, \
                         a hop, leap or visit (`p`, `g`, `j`), a board range or an edge rider \
                         are not evaluated by cqlq"
                    .into(),
            });
        }
        if m.flips.is_some()
            && (m.passage != Passage::Clear
                || m.limits.is_some()
                || m.shape.is_some()
                || !m.state.is_empty())
        {
            return Err(MbnError {
                column: m.column,
                reason: "a flip (`x`, `xx`, `xy`) beside a hop, leap or visit, a board range, \
                         an edge rider, `n`, `h`, `t`, `tt`, `z` or a state modifier is not \
                         evaluated by cqlq (it flips the first piece on its plain line)"
                    .into(),
            });
        }
        if !m.state.is_empty() && (m.friendly.is_some() || m.swaps.is_some()) {
            return Err(MbnError {
                column: m.column,
                reason: "the state modifiers `i`, `e`, `o`, `oo` on a swap (`w`) or a friendly \
                         capture (`cc`, `cy`) are not evaluated by cqlq (those rule layers read \
                         plain lines)"
                    .into(),
            });
        }
        if m.limits.is_some() && (m.friendly.is_some() || m.swaps.is_some()) {
            return Err(MbnError {
                column: m.column,
                reason: "a board range or an edge rider (`*`) on a swap (`w`) or a friendly \
                         capture (`cc`, `cy`) is not evaluated by cqlq (those rule layers read \
                         plain lines)"
                    .into(),
            });
        }
        if let Some(shape) = m.shape {
            // `n`, `h`: multi-leg paths (`super::leg_shapes`).
            if m.swaps.is_some() || m.friendly.is_some() {
                return Err(MbnError {
                    column: shape.column,
                    reason: "the modifiers `n`, `h`, `t`, `tt`, `z` beside a swap (`w`) or a \
                             friendly capture (`cc`, `cy`) are not evaluated by cqlq (those read \
                             plain lines)"
                        .into(),
                });
            }
            if m.passage != Passage::Clear || m.limits.is_some() {
                return Err(MbnError {
                    column: shape.column,
                    reason: "the modifiers `n`, `h`, `t`, `tt`, `z` beside a hop, leap or visit \
                             (`p`, `g`, `j`), a board range or an edge rider (`*`) are not \
                             evaluated by cqlq"
                        .into(),
                });
            }
            let atoms = super::leg_shapes::shaped_atoms(m, shape)?;
            if m.moves {
                out.moves.extend(atoms.iter().cloned());
            }
            if m.captures {
                out.captures.extend(atoms);
            }
            continue;
        }
        if let Some(victims) = &m.friendly {
            if m.exact {
                return Err(MbnError {
                    column: m.column,
                    reason: "a friendly capture (`cc`, `cy`) with an exact step count is not \
                             evaluated by cqlq (it captures the first piece on its line)"
                        .into(),
                });
            }
            out.friendly_captures.push(MbnFriendlyCaptures {
                victims: victims.clone(),
                lines: lines_of(m),
                column: m.column,
            });
        }
        if let Some(targets) = m.flips {
            if m.exact {
                return Err(MbnError {
                    column: m.column,
                    reason: "a flip (`x`) with an exact step count is not evaluated by cqlq (it \
                             flips the first piece on its line)"
                        .into(),
                });
            }
            out.flips.push(MbnFlips {
                targets,
                lines: lines_of(m),
                column: m.column,
            });
        }
        if let Some(partners) = m.swaps {
            if m.exact {
                return Err(MbnError {
                    column: m.column,
                    reason: "a swap with an exact step count is not evaluated by cqlq (a swap \
                             goes to the first piece on its line)"
                        .into(),
                });
            }
            out.swaps.push(MbnSwaps {
                partners,
                lines: lines_of(m),
                set: m.swap_set.clone(),
            });
        }
        if !m.moves && !m.captures {
            continue;
        }
        let atom = atom_of(m)?;
        if super::state::lower_state(m, &atom, &mut out) {
            continue;
        }
        if m.moves {
            out.moves.push(atom.clone());
        }
        if m.captures {
            out.captures.push(atom);
        }
    }
    Ok(out)
}

/// The lines of a partial move: each vector with its most steps (1: a leap).
fn lines_of(m: &MbnMove) -> Vec<ZoneLine> {
    let steps = match m.reach {
        Reach::Leap => 1,
        Reach::Unlimited => u8::MAX,
        Reach::UpTo(n) => n,
    };
    m.vectors()
        .into_iter()
        .map(|(x, y)| (x, y, steps))
        .collect()
}

/// The one leg of a partial move as a multi-leg path's leg: its vectors and steps.
pub fn path_leg(m: &MbnMove) -> PathLeg {
    let (min, max) = match m.reach {
        Reach::Leap => (1, 1),
        Reach::Unlimited => (1, u8::MAX),
        Reach::UpTo(n) if m.exact => (n, n),
        Reach::UpTo(n) => (1, n),
    };
    PathLeg {
        vectors: m.vectors(),
        min,
        max,
        passage: m.passage,
        limits: m.limits.clone().map(Box::new),
        half: false,
        wrap: super::state::leg_wrap(m),
    }
}

fn atom_of(m: &MbnMove) -> Result<Atom, MbnError> {
    let v = m.vectors();
    let mirrored = |f: fn((i8, i8)) -> (i8, i8)| v.iter().all(|&d| v.contains(&f(d)));
    let up_down = mirrored(|(x, y)| (x, -y));
    let left_right = mirrored(|(x, y)| (-x, y));
    let unit = m.atom.0.abs() <= 1 && m.atom.1.abs() <= 1;
    // An exact count, and the riders the `ride` and `step` lines cannot hold (a left- or
    // right-only rider, whose black mirror image the engine's 180-degree turn of `step` lines
    // gets wrong; a step-limited rider of a longer leap), are one-leg paths, which mirror
    // black's vectors north-south as `aleap` does.
    let path = || {
        Atom::Path(LegPath {
            legs: vec![path_leg(m)],
            repeat: (1, 1),
        })
    };
    if m.passage.visits() {
        return Err(super::hops::visit_ends(m.column));
    }
    // Hops, leaps and visits (`super::hops`) and moves with board ranges or the edge rider
    // (`super::ranges`) are one-leg paths too, and so are `o` / `oo` moves, whose lines go
    // round the board (`fairy::leg_wrap`).
    if m.exact || m.passage != Passage::Clear || m.limits.is_some() || m.state.wrap.wraps() {
        return Ok(path());
    }
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
        Reach::Unlimited | Reach::UpTo(_) => path(),
    })
}
