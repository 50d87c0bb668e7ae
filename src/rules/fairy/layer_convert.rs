//! Conversion moves (FBR `conversion*` with a prefixed definition `*K=cK`, seed 001: "the
//! piece at the destination square will flip the color ... This conversion is a separate
//! move"): instead of moving, a piece turns an enemy piece its prefixed movement reaches into
//! one of its own side; it stays where it is. MBN's flip modifiers in a piece's own movement
//! give the same move without the rule ([`FlipTargets`]: `x` an enemy piece, `xx` a friendly
//! one, `xy` either, each turned to the other side). Royal pieces are not converted (a side's
//! royal changing sides is no move the seed describes). A PGN writes the move as SAN of the
//! converting piece to its target's square without a capture mark (`Kd2`; the capture of the
//! same piece is `Kxd2`), or in coordinates (`e1d2`), as swaps are written.

use super::bits::Bits256;
use super::layer_powers::ZoneLine;
use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};

/// When a conversion move may be made (MBN conditions, `fbr::mbn_conditions`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConvertCondition {
    /// `[*]`: the mover's side is not in check.
    NotInCheck,
    /// `[+]`: the mover's side is not in check and has not been since the game's start (or
    /// the FEN).
    NeverChecked,
}

/// Whose pieces a conversion move turns to the other side: `conversion*`'s `*K=cK` and MBN's
/// `x` enemy pieces, `xx` friendly ones, `xy` any (the MBN page's modifier table: "flips an
/// enemy piece to a friendly piece ... (xx) ... a friendly piece to an enemy piece ... (xy)
/// any piece (friendly or enemy) into an opposing piece").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum FlipTargets {
    /// Enemy pieces become the mover's.
    #[default]
    Enemy,
    /// The mover's pieces become the enemy's.
    Friendly,
    /// Either side's pieces become the other side's.
    Any,
}

/// Targets a negated definition spares (`!*K=j{K}K`: a target from which the lines reach,
/// as their first piece, an enemy (to the mover) piece of the types: "provided that this
/// piece is not adjacent to his King").
#[derive(Clone, Debug, PartialEq)]
pub struct SparedTargets {
    /// The lines looked along from the target, per colour of the mover.
    pub lines: [Vec<ZoneLine>; 2],
    /// The types whose piece there spares the target (bit `t`).
    pub visited: u64,
}

/// One type's conversion movement (`*K=cK`).
#[derive(Clone, Debug, PartialEq)]
pub struct ConversionMove {
    /// The converting type.
    pub holder: u8,
    /// The lines of its targets per colour (a line up to its first piece).
    pub lines: [Vec<ZoneLine>; 2],
    /// The condition on the move, if any.
    pub condition: Option<ConvertCondition>,
    /// The targets negated definitions exclude.
    pub spared: Vec<SparedTargets>,
    /// Whose pieces it turns (`conversion*`: enemy pieces).
    pub targets: FlipTargets,
}

impl FairyPos {
    /// Pushes the side to move's conversion moves: for each of its pieces with a conversion
    /// movement, each non-royal piece of the movement's [`FlipTargets`] on its lines (a line
    /// up to its first piece).
    pub(super) fn push_conversions(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        let them = 1 - us;
        let occ = self.occupied();
        let mut in_check = None;
        for cm in &self.v.layers.conversion_moves {
            let holder = &cm.holder;
            if let Some(c) = cm.condition {
                let checked = *in_check.get_or_insert_with(|| self.layer_in_check(us));
                if checked || (c == ConvertCondition::NeverChecked && self.layer.checked[us]) {
                    continue;
                }
            }
            for sq in self.color[us].iter() {
                if self.type_on(sq) != usize::from(*holder) {
                    continue;
                }
                let mut targets = Bits256::EMPTY;
                for &line in &cm.lines[us] {
                    if let Some(first) = self.line_squares(sq, line).find(|&s| occ.has(s)) {
                        targets.set(first);
                    }
                }
                let whose = match cm.targets {
                    FlipTargets::Enemy => self.color[them],
                    FlipTargets::Friendly => self.color[us],
                    FlipTargets::Any => occ,
                };
                let royals = self.royals(us) | self.royals(them);
                for to in (targets & whose & !royals).iter() {
                    if cm.spared.iter().any(|s| self.spares(s, to)) {
                        continue;
                    }
                    out.push(FMove {
                        from: sq as u8,
                        to: to as u8,
                        piece: *holder,
                        promo: None,
                        capture: None,
                        kind: MoveKind::Convert,
                        gate: None,
                        sets_ep: false,
                    });
                }
            }
        }
    }

    /// Whether `s` spares the target on `to`: along one of its lines from `to`, the first
    /// piece is the opponent's (of the side to move) and of its types.
    fn spares(&self, s: &SparedTargets, to: usize) -> bool {
        let us = self.turn;
        let occ = self.occupied();
        s.lines[us].iter().any(|&line| {
            let first = self.line_squares(to, line).find(|&sq| occ.has(sq));
            first.is_some_and(|f| self.color[1 - us].has(f) && has_type(s.visited, self.type_on(f)))
        })
    }

    /// `[+]`'s history (`Layers::checked_history`): notes each side found in check.
    pub(super) fn note_checks(&mut self) {
        if self.v.layers.checked_history {
            for c in 0..2 {
                if !self.layer.checked[c] && self.layer_in_check(c) {
                    self.layer.checked[c] = true;
                }
            }
        }
    }

    /// Plays a conversion's effect: the piece on `sq` goes to the other side (its type,
    /// promoted mark kept; no longer unmoved, so a converted rook gives no castling). Returns
    /// whether the move resets the halfmove clock (it does, as a capture: the position cannot
    /// come back).
    pub(super) fn convert_target(&mut self, sq: usize) -> bool {
        if let Some((owner, t)) = self.piece(sq) {
            let promoted = self.promoted.has(sq);
            self.remove(sq);
            self.put(sq, 1 - owner, t);
            if promoted {
                self.promoted.set(sq);
            }
            self.unmoved.clear(sq);
        }
        true
    }
}
