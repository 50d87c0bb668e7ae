//! The MBN page's hopping and jumping modifiers, read into a leg's [`Passage`]
//! (`fairy::leg_hops` walks it). Their meanings, from the MBN page's modifier table as
//! LeCodex's `mbn.js` restates it (docs/fbr.md, "Hops, leaps and visits"):
//! - `p`: "Must hop over any single hurdle, the hurdle can be anywhere in the path. When
//!   doubled (pp) it must hop over any number of hurdles (but at least one)." A hurdle is
//!   any piece of either side; the landing square is any square past it, up to and including
//!   the next piece (`pp`: any square past the first hurdle). `mR+cpR` is xiangqi's cannon.
//! - `g`: "Defines a leaping slider. This means it moves like the given slider, but it is
//!   jumping (leaping) instead of sliding. When doubled (gg) then it can leap over friendly
//!   pieces, but not over enemy pieces." Not Betza's grasshopper: every square of the line
//!   is a landing square, whatever stands between (`gg`: up to the first enemy piece).
//! - `j`: "move to any opponent piece, but without capturing (visit a piece). Either a
//!   succeeding leg is required for the destination square ... When doubled (jj) any friendly
//!   piece will be visited, but no enemy pieces. And if suffixed with a y (jy) then any piece
//!   (friendly or enemy) may be visited." The leg goes to the first piece on its line (a
//!   leaper's square) and the next leg of the sequence starts there: `jyfR-cfR` is a
//!   cannon's forward capture.
//!
//! What the page leaves open or cqlq does not evaluate is refused at its column: a piece set
//! or `?` after the modifier, `p`/`pp`/`g` on a leap (it crosses no square), a visit that ends
//! the movement (suicide, the setup operator `!` or a capture on the visited square: the
//! page's other readings), a visit beside `m`, `c`, `a`, `w`, `cc`, a hop or leap beside a
//! swap or a friendly capture, two of these modifiers in one partial move, and any of them
//! outside a piece's movement (zones, pushes and conversions read lines that stop at their
//! first piece).

use super::parse::{MbnError, Reach};
use crate::rules::fairy::leg_hops::{Passage, Whose};

/// What a partial move's other modifiers are, for [`check_passage`].
pub(super) struct Beside {
    /// `m` or `c` written.
    pub moves_or_captures: bool,
    /// `a` written.
    pub all: bool,
    /// `w`, `ww`, `wy` written.
    pub swaps: bool,
    /// `cc`, `cy` written.
    pub friendly: bool,
}

/// What the modifier at `chars[at]` (`p`, `g` or `j`) names, for messages.
pub(super) fn modifier_name(c: char) -> &'static str {
    match c {
        'p' => "the modifier `p` (hop)",
        'g' => "the modifier `g` (leaping)",
        _ => "the modifier `j` (jump over)",
    }
}

/// Reads the modifier at `chars[at]` (`p`, `pp`, `g`, `gg`, `j`, `jj`, `jy`): its passage and
/// length. `definition`: whether a piece's movement is being read (only there are they
/// evaluated).
pub(super) fn read_passage(
    chars: &[char],
    at: usize,
    definition: bool,
) -> Result<(Passage, usize), MbnError> {
    let err = |i: usize, reason: String| MbnError {
        column: i + 1,
        reason,
    };
    let letter = chars[at];
    let next = chars.get(at + 1).copied();
    let (passage, len) = match (letter, next) {
        ('p', Some('p')) => (
            Passage::Hop {
                fewest: 1,
                most: None,
            },
            2,
        ),
        ('p', _) => (
            Passage::Hop {
                fewest: 1,
                most: Some(1),
            },
            1,
        ),
        ('g', Some('g')) => (Passage::Leap(Whose::Friendly), 2),
        ('g', _) => (Passage::Leap(Whose::Any), 1),
        ('j', Some('j')) => (Passage::Visit(Whose::Friendly), 2),
        ('j', Some('y')) => (Passage::Visit(Whose::Any), 2),
        _ => (Passage::Visit(Whose::Enemy), 1),
    };
    let written: String = chars[at..at + len].iter().collect();
    let name = modifier_name(letter);
    if !definition {
        return Err(err(
            at,
            format!(
                "{name} is evaluated by cqlq only in a piece's movement, not here (a zone, \
                 push or conversion reads lines that stop at their first piece)"
            ),
        ));
    }
    match chars.get(at + len) {
        Some('{') => Err(err(
            at + len,
            format!(
                "a piece set after `{written}` (the pieces it may hop over, leap over or \
                 visit) is not evaluated by cqlq"
            ),
        )),
        Some('?') => Err(err(
            at + len,
            format!(
                "the optional mark `?` after `{written}` is not evaluated by cqlq (the page \
                 does not say what an optional hop or visit leaves)"
            ),
        )),
        _ => Ok((passage, len)),
    }
}

/// Checks a passage read at 0-based `at` against the partial move's reach and its other
/// modifiers.
pub(super) fn check_passage(
    passage: Passage,
    at: usize,
    reach: Reach,
    beside: &Beside,
) -> Result<(), MbnError> {
    let err = |reason: &str| MbnError {
        column: at + 1,
        reason: reason.into(),
    };
    match passage {
        Passage::Clear => Ok(()),
        Passage::Visit(_) => {
            if beside.moves_or_captures || beside.all || beside.swaps || beside.friendly {
                return Err(err(
                    "a visit (`j`, `jj`, `jy`: \"move to any opponent piece, but without \
                     capturing\") beside `m`, `c`, `a`, `w` or `cc` is not evaluated by cqlq: \
                     the visiting leg neither moves nor captures; the leg after it does \
                     (`jyfR-cfR`)",
                ));
            }
            Ok(())
        }
        Passage::Hop { .. } | Passage::Leap(_) => {
            if reach == Reach::Leap {
                return Err(err(
                    "a hop or leaping modifier (`p`, `pp`, `g`) on a leap (`pN`, `gK`) is not \
                     evaluated by cqlq: a leap crosses no square to hop or leap over; it reads \
                     them on riders (`pR`, `pN0`, `pW3`, `gQ`)",
                ));
            }
            if beside.swaps || beside.friendly {
                return Err(err(
                    "a hop or leaping modifier (`p`, `pp`, `g`) beside a swap (`w`) or a \
                     friendly capture (`cc`, `cy`) is not evaluated by cqlq (those take the \
                     first piece on their line)",
                ));
            }
            Ok(())
        }
    }
}

/// The refusal of a visit (`j`) that ends a movement, at the partial move's column.
pub(super) fn visit_ends(column: usize) -> MbnError {
    MbnError {
        column,
        reason: "a visit (`j`, `jj`, `jy`) that ends the movement is not evaluated by cqlq: \
                 the MBN page goes on from the visited square with \"a succeeding leg\" \
                 (read: `jyfR-cfR`), or a setup `!`, a capture or swap there, or the piece's \
                 suicide, which cqlq does not read"
            .into(),
    }
}
