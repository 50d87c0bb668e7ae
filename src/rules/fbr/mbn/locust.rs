//! MBN locust legs: a two-leg sequence whose first leg captures (`cW-mW`, `cR-mW`, `cF-F`),
//! lowered to the fairy engine's locust moves (`fairy::layer_locust`). The MBN grammar makes
//! any leg before `-` a partial move that may capture (`<MoveSequence> ::= <OptionalMove> ('-'
//! '-'? <OptionalMove>)*`); the piece "captures" there and goes on, as XBetza's `ca` legs and
//! a checker's jump do. Readings (docs/fbr.md, "MBN piece definitions"):
//! - the first leg, written `c` alone, captures the first piece its line reaches (an enemy
//!   piece; a leaper's square, a rider's first piece); the piece goes on from that square by
//!   the second leg, whose `m` / `c` say whether it may land on an empty square and/or
//!   capture an enemy piece there (a second capture); the square the piece left counts as
//!   empty and is no landing square (a sequence never ends on its start square);
//! - so a locust move has three squares, origin, victim and landing; two may share origin and
//!   landing (`cW-mW` from d4 to e5 takes d5 or e4), so a PGN names the victim's square
//!   (`fairy::layer_locust`).
//!
//! Refused by name (`super::chains`): a capturing leg before `-` that is not a two-leg locust
//! of this shape (a first leg that may also move, `W-F`; three or more legs; an exact step
//! count; inside a repeated complex rider; with `X`), and a locust on a definitions file's
//! `MBN:` line or beside rules (`fbr::apply::locusts`).

use crate::rules::fairy::layer_powers::ZoneLine;
use crate::rules::fairy::leg_paths::PathLeg;

/// A locust movement of an MBN definition (white's view).
#[derive(Clone, Debug, PartialEq)]
pub struct MbnLocust {
    /// The first leg's lines (vector, most steps): the victim is the first piece on one.
    pub first: Vec<ZoneLine>,
    /// The second leg's lines, from the victim's square.
    pub second: Vec<ZoneLine>,
    /// The second leg may land on an empty square (`m`).
    pub moves: bool,
    /// The second leg may capture an enemy piece where it lands (`c`).
    pub captures: bool,
    /// 1-based column of its first leg in the definition.
    pub column: usize,
}

/// The lines of a leg: each vector with the leg's most steps.
pub(super) fn leg_lines(leg: &PathLeg) -> Vec<ZoneLine> {
    leg.vectors.iter().map(|&(x, y)| (x, y, leg.max)).collect()
}

/// Why a capturing leg before `-` that is no locust cqlq evaluates is refused.
pub(super) const NOT_A_LOCUST: &str = "a leg before `-` that may capture (a locust move) is \
     evaluated by cqlq only as a two-leg locust whose first leg is written `c` alone (`cW-mW`, \
     `cR-F`: capture the first piece the first leg reaches, go on from its square) without an \
     exact step count, `X` or a repeated complex rider; write the leg with `m` (it goes to an \
     empty square) or with `c`";
