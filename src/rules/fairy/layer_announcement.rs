//! FBR's `announcement` (seed 001): a player declares an announcement before a move, and it
//! applies to the piece then moving: the move's promotion goes by the promotion rules bound to
//! the announcement (`*W/DragonResurrection/==+D`, compulsory: "there is no choice"), and the
//! rules it cancels (`!+W/DragonResurrection/`) do not apply to it. An announced move is a
//! move of its own in the move list: the plain move's squares with the announcement's
//! promotion (or none, where only a cancelled rule would have promoted). A declaration that
//! changes nothing is not a move ("it must be applied, but only if possible"). A movement
//! bound to an announcement (`W/Jump/=mfD`, the seed's "special move definition") adds the
//! moves it gives the piece that its plain movement does not make.
//!
//! PGN: the declaration is written after the move's SAN, the name in slashes as the rule
//! writes it (`Wg9=D/DragonResurrection/`; `docs/fbr.md` says why after); a move the plain
//! rules make is written without it.

use super::bits::Bits256;
use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};
use crate::rules::{RulesError, RulesErrorKind};

/// A promotion rule bound to an announcement (`*W/Name/==+D`): the piece, its zone (the
/// `promotion<p>[range]` rule of the prefix, per colour) and its results.
#[derive(Clone, Debug)]
pub struct BoundPromotion {
    /// The announced piece's type.
    pub piece: u8,
    /// Where the bound promotion applies, per colour.
    pub zone: [Bits256; 2],
    /// The types promoted to (one is the seed's "no choice").
    pub choices: Vec<u8>,
}

/// One `announcement{set}[range]/Name/` rule with the prefixed rules bound to it.
#[derive(Clone, Debug, Default)]
pub struct Announcement {
    /// The name between the slashes.
    pub name: String,
    /// The types the announcement may be declared for (the rule's set; all without one).
    pub pieces: u64,
    /// The squares, per colour, the announced move must end on (the rule's range).
    pub zone: [Bits256; 2],
    /// The promotion rules bound to it.
    pub bound: Vec<BoundPromotion>,
    /// The types whose `+` promotion is cancelled while it is declared (`!+W/Name/`).
    pub cancels: u64,
    /// `announcement=pieces{set}`: the types whose `pieces` count limits, once reached by the
    /// mover, bar the announcement (`None`: the attribute is not given).
    pub barred_by_limits: Option<u64>,
    /// The movements bound to it (`W/Name/=MBN`): per type, its lines per colour, those
    /// moving to empty squares and those capturing (`fairy::layer_powers::ZoneLine`).
    pub movements: Vec<BoundMovement>,
}

/// A movement bound to an announcement (`W/Name/=mN`): the announced piece moves by it.
#[derive(Clone, Debug)]
pub struct BoundMovement {
    /// The announced piece's type.
    pub piece: u8,
    /// Lines (vector, steps) to empty squares, per colour.
    pub moves: [Vec<super::layer_powers::ZoneLine>; 2],
    /// Lines whose first piece, an enemy one, is captured, per colour.
    pub captures: [Vec<super::layer_powers::ZoneLine>; 2],
}

/// Splits a SAN body (check marks already off) into the move and its declaration
/// `/Name/` written at its end (`Wg9=D/DragonResurrection/`); the move part loses its own
/// check marks (`Wg9=D+/Name/`). A body not ending so is returned whole.
pub(super) fn split_declaration(body: &str) -> (&str, Option<&str>) {
    let Some(inner) = body.strip_suffix('/') else {
        return (body, None);
    };
    let Some(at) = inner.rfind('/') else {
        return (body, None);
    };
    let name = &inner[at + 1..];
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return (body, None);
    }
    (
        inner[..at].trim_end_matches(['+', '#', '!', '?']),
        Some(name),
    )
}

impl FairyPos {
    /// Whether a `pieces` count limit of the announcement's `pieces{set}` is reached by the
    /// side to move ("If any of the declared piece rules (pieces) is fulfilled, then an
    /// announcement is not possible"): `total(N)`/`sum(N)` with N of the limit's pieces on the
    /// board, `overall(N)` with N on the board and gone.
    fn announcement_barred(&self, a: &Announcement) -> bool {
        let Some(set) = a.barred_by_limits else {
            return false;
        };
        let us = self.turn;
        let l = &self.v.layers;
        l.totals
            .iter()
            .any(|&(mask, n)| mask & set != 0 && self.count_mask(us, mask) >= n)
            || l.limits.overall.is_some_and(|(mask, n)| {
                mask & set != 0 && self.count_mask(us, mask) + u32::from(self.layer.gone[us]) >= n
            })
    }

    /// The promotions (`None`: no promotion) announcement `a` gives the move `base` (a plain
    /// move, its promotion unset); `None` when it cannot be declared for it.
    fn announced_outcome(&self, a: &Announcement, base: &FMove) -> Option<Vec<Option<u8>>> {
        let us = self.turn;
        let (t, to) = (base.piece as usize, base.to as usize);
        if base.kind != MoveKind::Normal
            || !has_type(a.pieces, t)
            || !a.zone[us].has(to)
            || self.announcement_barred(a)
        {
            return None;
        }
        if let Some(b) = a
            .bound
            .iter()
            .find(|b| usize::from(b.piece) == t && b.zone[us].has(to))
        {
            // A type at its maximum on the board is no choice (as for any promotion).
            let choices = b.choices.iter().copied().filter(|&c| {
                let max = self.v.kinds[usize::from(c)].max[us];
                max == 0 || self.count_of(us, usize::from(c)) < max
            });
            return Some(choices.map(Some).collect());
        }
        has_type(a.cancels, t).then(|| vec![None])
    }

    /// The squares a bound movement takes the piece on `sq` to: (target, captured).
    fn bound_targets(&self, b: &BoundMovement, sq: usize) -> Vec<(usize, bool)> {
        let us = self.turn;
        let occ = self.occupied();
        let mut out = Vec::new();
        for (lines, capturing) in [(&b.moves[us], false), (&b.captures[us], true)] {
            for &line in lines {
                for next in self.line_squares(sq, line) {
                    if occ.has(next) {
                        if capturing && self.color[1 - us].has(next) {
                            out.push((next, true));
                        }
                        break;
                    }
                    if !capturing {
                        out.push((next, false));
                    }
                }
            }
        }
        out
    }

    /// The moves the movements bound to `a` give the side to move (with the board's
    /// promotions), ending on the announcement's squares.
    fn bound_movement_moves(&self, a: &Announcement) -> Vec<FMove> {
        let us = self.turn;
        let mut out = Vec::new();
        if a.movements.is_empty() || self.announcement_barred(a) {
            return out;
        }
        for sq in self.color[us].iter() {
            let t = self.type_on(sq);
            for b in a.movements.iter().filter(|b| usize::from(b.piece) == t) {
                for (to, capture) in self.bound_targets(b, sq) {
                    if a.zone[us].has(to) {
                        let capture = capture.then_some(to as u8);
                        self.push_promotions(&mut out, sq, to, t, capture, false);
                    }
                }
            }
        }
        out
    }

    /// Whether the plain rules move the piece on `m.from` to `m.to` (any promotion).
    fn plainly_reaches(&self, m: &FMove) -> bool {
        let mut v = Vec::new();
        self.push_piece_moves_to(&mut v, m.from.into(), Bits256::single(m.to.into()));
        v.iter()
            .any(|x| x.kind == MoveKind::Normal && x.to == m.to && x.capture == m.capture)
    }

    /// Adds the announced moves: each plain move of a piece an announcement may be declared
    /// for, with the announcement's promotion, unless the plain rules make that move already;
    /// and the moves of the movements bound to an announcement that the plain rules do not
    /// make.
    pub(super) fn push_announced(&self, out: &mut Vec<FMove>) {
        let l = &self.v.layers;
        for a in &l.announcements {
            for m in self.bound_movement_moves(a) {
                if !out.contains(&m) && !self.plainly_reaches(&m) {
                    out.push(m);
                }
            }
        }
        let us = self.turn;
        let pieces = l.announcements.iter().fold(0, |m, a| m | a.pieces);
        let n = out.len();
        for i in 0..n {
            let m = out[i];
            let reached = l.announcements.iter().any(|a| a.zone[us].has(m.to.into()));
            if m.kind != MoveKind::Normal || !has_type(pieces, m.piece.into()) || !reached {
                continue;
            }
            let base = FMove { promo: None, ..m };
            // Each plain move once (a promoting move is listed once per choice).
            if out[..i].iter().any(|x| FMove { promo: None, ..*x } == base) {
                continue;
            }
            for a in &l.announcements {
                for promo in self.announced_outcome(a, &base).unwrap_or_default() {
                    let announced = FMove { promo, ..base };
                    if !out.contains(&announced) {
                        out.push(announced);
                    }
                }
            }
        }
    }

    /// Whether move `m` is made under announcement `declared` (by index; `None`: under none):
    /// an announced move is one the announcement gives and the plain rules do not.
    pub fn declares(&self, m: &FMove, declared: Option<usize>) -> bool {
        let l = &self.v.layers;
        if l.announcements.is_empty() || m.kind != MoveKind::Normal {
            return declared.is_none();
        }
        let base = FMove { promo: None, ..*m };
        let gives = |a: &Announcement| {
            self.announced_outcome(a, &base)
                .is_some_and(|v| v.contains(&m.promo))
                || (!a.movements.is_empty() && self.bound_movement_moves(a).contains(m))
        };
        let announced = l.announcements.iter().any(gives);
        let plain = announced && self.plainly_reaches(m) && {
            let mut plain = Vec::new();
            self.push_promotions(
                &mut plain,
                m.from.into(),
                m.to.into(),
                m.piece.into(),
                m.capture,
                m.sets_ep,
            );
            plain.iter().any(|x| x.promo == m.promo)
        };
        match declared {
            None => !announced || plain,
            Some(i) => !plain && l.announcements.get(i).is_some_and(gives),
        }
    }

    /// The moves of `legal` a SAN token may name: those declaring its announcement (`/Name/`
    /// after the move), or, without one, those the plain rules make.
    pub(super) fn keep_declared(
        &self,
        mut legal: Vec<FMove>,
        declared: Option<&str>,
        text: &str,
    ) -> Result<Vec<FMove>, RulesError> {
        let l = &self.v.layers;
        if l.announcements.is_empty() {
            return Ok(legal);
        }
        let index = match declared {
            None => None,
            Some(name) => Some(
                l.announcements
                    .iter()
                    .position(|a| a.name == name)
                    .ok_or_else(|| {
                        RulesError::new(
                            RulesErrorKind::IllegalMove,
                            format!("illegal move `{text}`: the rules declare no announcement `/{name}/`"),
                        )
                    })?,
            ),
        };
        legal.retain(|m| self.declares(m, index));
        Ok(legal)
    }
}
