//! MBN's flip modifiers `x`, `xx`, `xy`, and the lone `y`. The MBN page's modifier table (its
//! words as LeCodex/modified-betza-notation-js `mbn.js` restates them; the ccif page is not
//! stored): "x: This modifier flips an enemy piece to a friendly piece. When doubled (xx) then
//! it will flip a friendly piece to an enemy piece. If suffixed with y (xy) then it will flip
//! any piece (friendly or enemy) into an opposing piece", and "y: (This is not an autonomous
//! modifier, it will be used as a suffix with the meaning: any.)".
//!
//! Readings (docs/fbr.md, "MBN piece definitions"):
//! - The partial move reaches its target as a capture would (a leaper's square, a rider's
//!   first piece along its line) and, instead of capturing it, turns it to the other side;
//!   the piece that flips stays where it is, since the target still stands on the square it
//!   would have gone to. That is the move seed 001's `conversion*` gives with `*K=cK` ("the
//!   piece at the destination square will flip the color ... This conversion is a separate
//!   move"), so `x` lowers to the fairy engine's conversion moves (`fairy::layer_convert`).
//! - As `w` does, `x` stands beside `m` and `c` without taking their place: `mQ+xQ` moves or
//!   flips, `cxQ` captures or flips, a bare `xQ` only flips.
//! - Royal pieces are not flipped (as conversion moves: a royal changing sides is no move
//!   the seed or the page describes).
//!
//! Refused by name: a piece set or `?` after `x` (the BNF's `[aceghijkmnopquwy] <PieceSet>?`
//! does not list `x`, the page's sentence gives it none), `x` beside `w`, `cc`, `cy` or `a`
//! (no source says how they meet), `x` outside a piece's own movement (a zone, a push, a
//! conversion's prefixed definition), and a lone `y`.

use super::parse::MbnError;
use crate::rules::fairy::layer_convert::FlipTargets;

/// Why a lone `y` is refused.
pub(super) const LONE_Y: &str = "a lone `y` (the MBN page's table: \"This is not an \
     autonomous modifier, it will be used as a suffix with the meaning: any\", as in `cy`, \
     `wy`, `xy`, `jy`)";

fn err(at: usize, reason: impl Into<String>) -> MbnError {
    MbnError {
        column: at + 1,
        reason: reason.into(),
    }
}

/// Reads the flip modifier at `chars[at..]` (`chars[at] == 'x'`): whose pieces it flips and
/// how many characters it takes. `definition`: the text is a piece's own movement, the one
/// place where a flip is evaluated.
pub(super) fn read_flip_modifier(
    chars: &[char],
    at: usize,
    definition: bool,
) -> Result<(FlipTargets, usize), MbnError> {
    if !definition {
        return Err(err(
            at,
            "flipping a piece's colour (`x`, `xx`, `xy`) is evaluated by cqlq only in a \
             piece's own movement (`N=mN+xN`), not here",
        ));
    }
    let (targets, len) = match chars.get(at + 1) {
        Some('x') => (FlipTargets::Friendly, 2),
        Some('y') => (FlipTargets::Any, 2),
        _ => (FlipTargets::Enemy, 1),
    };
    if let Some(&c @ ('{' | '?')) = chars.get(at + len) {
        let what = if c == '{' { "a piece set" } else { "`?`" };
        return Err(err(
            at + len,
            format!(
                "{what} after the flip modifier is not evaluated by cqlq (the MBN page gives \
                 `x` none: its BNF's modifiers with a piece set, `[aceghijkmnopquwy]`, do not \
                 list it)"
            ),
        ));
    }
    Ok((targets, len))
}

/// The refusal of `x` beside another modifier that changes what happens on the target
/// square (`w`, `cc`, `cy`, `a`), at the flip's 0-based index `at`.
pub(super) fn beside_refusal(at: usize) -> MbnError {
    err(
        at,
        "the flip modifier `x` beside `w`, `cc`, `cy` or `a` is not evaluated by cqlq (no \
         source says how they meet); beside `m` and `c` it is",
    )
}

/// A flip movement of an MBN definition (`x`, `xx`, `xy`): whose pieces it flips and the
/// lines it follows (white's view; the target is the first piece on a line).
#[derive(Clone, Debug, PartialEq)]
pub struct MbnFlips {
    /// Whose pieces.
    pub targets: FlipTargets,
    /// Vector and most steps (1: a leap).
    pub lines: Vec<crate::rules::fairy::layer_powers::ZoneLine>,
    /// 1-based column of its partial move in the definition.
    pub column: usize,
}
