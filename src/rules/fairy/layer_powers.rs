//! Zone powers of FBR's prefixed pieces: `freezer` (enemy pieces in a freezer's zone cannot
//! move or give check), `protector` (friendly pieces in a protector's zone cannot be
//! captured or checked), `burner` (an enemy piece that stops in a burner's zone is
//! removed) and `stymizer` (an enemy piece moves one leg at a time inside a stymizer's
//! zone). A piece's zone is the squares its prefixed MBN definition (`#I=cK`) reaches.

use super::bits::Bits256;
use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};

/// Which power a zone rule gives.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Power {
    /// `freezer`: enemy pieces in the zone are frozen.
    Freeze,
    /// `protector`: friendly pieces in the zone are protected.
    Protect,
    /// `burner`: an enemy piece stopping in the zone is removed.
    Burn,
    /// `stymizer`: an enemy piece's move ends on the first zone square it enters.
    Styme,
}

/// One zone line of a power piece: a vector (white's view, per colour already oriented) and
/// the most steps along it (1: a leap).
pub type ZoneLine = (i8, i8, u8);

/// A `freezer`, `protector` or `burner` rule.
#[derive(Clone, Debug)]
pub struct PowerRule {
    /// The power.
    pub power: Power,
    /// The types it acts on (frozen, protected or burnt): the rule's piece set.
    pub affects: u64,
    /// The types holding the power, each with its zone lines per colour.
    pub holders: Vec<(u8, [Vec<ZoneLine>; 2])>,
    /// `freezer=attackers(N)`: the freezers needed on one square to freeze it (1 by default).
    pub attackers: u8,
    /// Frozen pieces may not make moves that do not capture (not under `freezer=capture`).
    pub stops_moves: bool,
    /// Frozen pieces may not capture (not under `freezer=move`).
    pub stops_captures: bool,
    /// `freezer=checking`: frozen pieces still give check.
    pub checking: bool,
    /// `protector`, `burner` and `stymizer`: a frozen holder loses its power (a freezer of higher
    /// priority, a smaller sequence number, acts first).
    pub lost_when_frozen: bool,
    /// `freezer=single{...}`: a freezer whose zone holds two or more enemy pieces of these
    /// types freezes none of them.
    pub single: Option<u64>,
    /// `freezer=suicide`: a piece this rule freezes may remove itself from the board as its
    /// move (a `MoveKind::Pickup`, written `@@e4`).
    pub suicide: bool,
}

impl FairyPos {
    /// The squares a holder of `rule` of `color` on `sq` covers.
    fn power_zone(&self, lines: &[ZoneLine], sq: usize) -> Bits256 {
        let occ = self.occupied();
        let mut zone = Bits256::EMPTY;
        for &line in lines {
            for next in self.line_squares(sq, line) {
                zone.set(next);
                if occ.has(next) {
                    break;
                }
            }
        }
        zone
    }

    /// The squares covered by `color`'s holders of `rule`, each at least `at_least` times;
    /// holders on `skip` do not act.
    fn covered(&self, rule: &PowerRule, color: usize, at_least: u8, skip: Bits256) -> Bits256 {
        let mut counts = [0u8; 256];
        let mut out = Bits256::EMPTY;
        for sq in self.color[color].iter() {
            if skip.has(sq) {
                continue;
            }
            let t = self.type_on(sq);
            for (holder, lines) in &rule.holders {
                if usize::from(*holder) != t {
                    continue;
                }
                let mut zone = self.power_zone(&lines[color], sq);
                if let Some(mask) = rule.single {
                    // "This freezer cannot freeze more than one freezers belonging to the
                    // succeeding piece set": with two or more there, either may move away.
                    let theirs: Bits256 = (zone & self.color[1 - color])
                        .iter()
                        .filter(|&s| has_type(mask, self.type_on(s)))
                        .fold(Bits256::EMPTY, |mut b, s| {
                            b.set(s);
                            b
                        });
                    if theirs.len() >= 2 {
                        zone &= !theirs;
                    }
                }
                for s in zone.iter() {
                    counts[s] = counts[s].saturating_add(1);
                    if counts[s] >= at_least {
                        out.set(s);
                    }
                }
            }
        }
        out
    }

    /// `color`'s pieces that `rule` (a freezer of the other side) freezes.
    fn frozen_by(&self, rule: &PowerRule, color: usize) -> Bits256 {
        let zone = self.covered(rule, 1 - color, rule.attackers.max(1), Bits256::EMPTY);
        self.affected_in(rule, zone, color)
    }

    /// `color`'s pieces on `zone` of the types `rule` acts on.
    fn affected_in(&self, rule: &PowerRule, zone: Bits256, color: usize) -> Bits256 {
        let mut out = Bits256::EMPTY;
        for s in (zone & self.color[color]).iter() {
            if has_type(rule.affects, self.type_on(s)) {
                out.set(s);
            }
        }
        out
    }

    /// `color`'s frozen pieces under every freezer rule.
    pub fn frozen_pieces(&self, color: usize) -> Bits256 {
        let mut out = Bits256::EMPTY;
        for rule in &self.v.layers.powers {
            if rule.power == Power::Freeze {
                out |= self.frozen_by(rule, color);
            }
        }
        out
    }

    /// `color`'s pieces that `rule` (a protector or burner) covers from the other side
    /// (`friendly`: from `color`'s own holders), of the types it acts on.
    fn covered_pieces(&self, rule: &PowerRule, color: usize, friendly: bool) -> Bits256 {
        let holder_side = if friendly { color } else { 1 - color };
        let skip = if rule.lost_when_frozen {
            self.frozen_pieces(holder_side)
        } else {
            Bits256::EMPTY
        };
        let zone = self.covered(rule, holder_side, 1, skip);
        self.affected_in(rule, zone, color)
    }

    /// `color`'s pieces frozen by a `freezer=suicide` rule: those that may remove
    /// themselves ("A frozen piece may commit suicide by removing itself from the board").
    pub fn suicide_pieces(&self, color: usize) -> Bits256 {
        let mut out = Bits256::EMPTY;
        for rule in &self.v.layers.powers {
            if rule.power == Power::Freeze && rule.suicide {
                out |= self.frozen_by(rule, color);
            }
        }
        out
    }

    /// `freezer=suicide`: the removals of the side to move's frozen pieces (those `warp` has
    /// already given aside).
    pub(super) fn push_suicides(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        let warped = self.v.layers.warp.is_some_and(|s| self.ply() >= s);
        for sq in self.suicide_pieces(us).iter() {
            let t = self.type_on(sq);
            if warped && !self.v.kinds[t].def.flags.royal {
                continue;
            }
            out.push(FMove::pickup(sq, t));
        }
    }

    /// `color`'s protected pieces (`protector`).
    pub fn protected_pieces(&self, color: usize) -> Bits256 {
        let mut out = Bits256::EMPTY;
        for rule in &self.v.layers.powers {
            if rule.power == Power::Protect {
                out |= self.covered_pieces(rule, color, true);
            }
        }
        out
    }

    /// Whether the powers forbid a move of the side to move: a frozen piece moving (or a
    /// frozen castling partner), or a capture of a protected piece.
    pub(super) fn power_forbids(&self, m: &FMove) -> bool {
        let us = self.turn;
        let on_board = matches!(
            m.kind,
            MoveKind::Normal | MoveKind::Castle(..) | MoveKind::Double(_)
        );
        if on_board {
            for rule in &self.v.layers.powers {
                if rule.power != Power::Freeze {
                    continue;
                }
                let stopped = if m.capture.is_some() {
                    rule.stops_captures
                } else {
                    rule.stops_moves
                };
                let frozen = self.frozen_by(rule, us);
                let partner = match m.kind {
                    MoveKind::Castle(pf, _) => frozen.has(pf.into()),
                    _ => false,
                };
                if stopped && (frozen.has(m.from.into()) || partner) {
                    return true;
                }
            }
        }
        if m.kind == MoveKind::Normal && self.stymied(m) {
            return true;
        }
        let mut victims = Vec::new();
        if let Some(c) = m.capture {
            victims.push(usize::from(c));
        }
        if let MoveKind::Double(first) = m.kind {
            victims.push(usize::from(first));
        }
        if victims.is_empty() {
            return false;
        }
        let protected = self.protected_pieces(1 - us);
        victims.iter().any(|&s| protected.has(s))
    }

    /// `stymizer` ("an enemy piece can only move the first leg at a time so long its
    /// movement occurs on the squares inside the stymieing zone"): whether the board move
    /// `m` goes on past a square of an enemy stymizer's zone. A move along a line of equal
    /// steps (a slide, a rider's or a pawn's multi-step move) whose first step the piece's
    /// movement reaches is a sequence of legs; each leg must start outside the zone, the
    /// first (from the piece's own square) aside.
    fn stymied(&self, m: &FMove) -> bool {
        let us = self.turn;
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let (dx, dy) = (
            (to % 16) as i32 - (from % 16) as i32,
            (to / 16) as i32 - (from / 16) as i32,
        );
        let legs = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i32;
        if legs < 2 {
            return false;
        }
        let (ux, uy) = (dx / legs, dy / legs);
        let Some(first) = self.offset(from, ux, uy) else {
            return false;
        };
        let t = m.piece as usize;
        let mut zone = Bits256::EMPTY;
        for rule in &self.v.layers.powers {
            if rule.power == Power::Styme && has_type(rule.affects, t) {
                let skip = if rule.lost_when_frozen {
                    self.frozen_pieces(1 - us)
                } else {
                    Bits256::EMPTY
                };
                zone |= self.covered(rule, 1 - us, 1, skip);
            }
        }
        if zone.none() {
            return false;
        }
        let k = &self.v.kinds[t];
        let occ = self.occupied() | k.block[us];
        let reach = self.targets(&k.moves[us], us, from, occ, k.prison[us])
            | self.targets(&k.captures[us], us, from, occ, k.prison[us]);
        if !reach.has(first) {
            return false;
        }
        let mut cur = first;
        for _ in 1..legs {
            if zone.has(cur) {
                return true;
            }
            match self.offset(cur, ux, uy) {
                Some(next) => cur = next,
                None => return false,
            }
        }
        false
    }

    /// The pieces of `by` that may give check under the powers: all but frozen pieces that
    /// may not capture (unless `freezer=checking`).
    pub(super) fn power_attackers(&self, by: usize) -> Bits256 {
        let mut attackers = self.color[by];
        for rule in &self.v.layers.powers {
            if rule.power == Power::Freeze && rule.stops_captures && !rule.checking {
                attackers &= !self.frozen_by(rule, by);
            }
        }
        attackers
    }

    /// `burner`: the squares of `landed` where a piece of `us` stopped in a burning zone of
    /// the other side (those pieces are removed).
    pub(super) fn burnt_squares(&self, us: usize, landed: &[usize]) -> Vec<usize> {
        let mut burnt = Bits256::EMPTY;
        for rule in self
            .v
            .layers
            .powers
            .iter()
            .filter(|r| r.power == Power::Burn)
        {
            burnt |= self.covered_pieces(rule, us, false);
        }
        landed.iter().copied().filter(|&s| burnt.has(s)).collect()
    }
}

/// The greatest common divisor (the number of equal legs of a move along a line).
fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}
