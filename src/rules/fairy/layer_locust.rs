//! Locust moves (MBN's two-leg sequence whose first leg captures, `cW-mW`:
//! `fbr::mbn::locust`): a piece captures the first piece its first leg reaches (an enemy
//! piece, the victim) without going there to stay, goes on from the victim's square by its
//! second leg, and ends where that leg lands: on an empty square (the second leg's `m`) or on
//! an enemy piece, which it captures too (its `c`). The move is a [`MoveKind::Double`] holding
//! the victim's square, as a lion's double capture does; `capture` is the landing square when
//! the second leg captures, none otherwise. A royal is attacked by a locust whose first leg
//! reaches it as its first piece and whose second leg has somewhere to land from there
//! (`FairyPos::locust_attacks`, read by `FairyPos::attacked_with`), so check, legality and
//! castling's attacked squares see locusts.
//!
//! The square the locust leaves counts as empty for its second leg, where it does not land
//! (a sequence never ends on its start square). In a PGN a locust move is SAN naming the
//! victim's square: `Axd5-e5` (captures on d5, lands on the empty e5), `Axd5xe6` (captures
//! on d5 and on e6), with the usual origin disambiguation (`Adxd5-e5`, `Ad4xd5-e5`);
//! ordinary SAN and coordinates do not name locust moves (two of them may share origin and
//! landing square: `FairyPos::locust_san`).

use super::bits::Bits256;
use super::layer_powers::ZoneLine;
use super::position::{FMove, FairyPos, MoveKind};

/// One piece type's locust movement.
#[derive(Clone, Debug, PartialEq)]
pub struct LocustRule {
    /// The type that moves so.
    pub piece: u8,
    /// The first leg's lines per colour (vector, most steps; the victim is the first piece).
    pub first: [Vec<ZoneLine>; 2],
    /// The second leg's lines per colour, from the victim's square.
    pub second: [Vec<ZoneLine>; 2],
    /// The second leg may end on an empty square.
    pub moves: bool,
    /// The second leg may end by capturing an enemy piece.
    pub captures: bool,
}

impl FairyPos {
    /// Calls `land(square, captures)` for each square where `rule`'s second leg, for
    /// `color`'s piece on `from` whose victim stood on `victim`, lands (`occ`: the occupied
    /// squares; `from` and `victim` count as empty).
    fn locust_landings(
        &self,
        rule: &LocustRule,
        color: usize,
        from: usize,
        victim: usize,
        occ: Bits256,
        mut land: impl FnMut(usize, bool),
    ) {
        for &line in &rule.second[color] {
            for s in self.line_squares(victim, line) {
                if s == from || !occ.has(s) {
                    if rule.moves && s != from {
                        land(s, false);
                    }
                    continue;
                }
                if rule.captures && self.color[1 - color].has(s) {
                    land(s, true);
                }
                break;
            }
        }
    }

    /// Pushes the side to move's locust moves.
    pub(super) fn push_locusts(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        let occ = self.occupied();
        for rule in &self.v.layers.locusts {
            for from in self.color[us].iter() {
                if self.type_on(from) != usize::from(rule.piece) {
                    continue;
                }
                for &line in &rule.first[us] {
                    let Some(victim) = self.line_squares(from, line).find(|&s| occ.has(s)) else {
                        continue;
                    };
                    if !self.color[1 - us].has(victim) {
                        continue;
                    }
                    self.locust_landings(rule, us, from, victim, occ, |to, captures| {
                        out.push(FMove {
                            from: from as u8,
                            to: to as u8,
                            piece: rule.piece,
                            promo: None,
                            capture: captures.then_some(to as u8),
                            kind: MoveKind::Double(victim as u8),
                            gate: None,
                            sets_ep: false,
                        });
                    });
                }
            }
        }
    }

    /// Whether a locust of colour `by` on `attackers` captures a piece standing on `sq` with
    /// `occ` occupied: its first leg reaches `sq` before any other piece and its second leg
    /// lands somewhere from there.
    pub(super) fn locust_attacks(
        &self,
        sq: usize,
        by: usize,
        occ: Bits256,
        attackers: Bits256,
    ) -> bool {
        for rule in &self.v.layers.locusts {
            for from in attackers.iter() {
                if self.type_on(from) != usize::from(rule.piece) {
                    continue;
                }
                for &line in &rule.first[by] {
                    let Some(first) = self
                        .line_squares(from, line)
                        .find(|&s| s == sq || occ.has(s))
                    else {
                        continue;
                    };
                    if first != sq {
                        continue;
                    }
                    let mut lands = false;
                    self.locust_landings(rule, by, from, sq, occ, |_, _| lands = true);
                    if lands {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The locust move a SAN token names (`Axd5-e5`, `Axd5xe6`, `Ad4xd5-e5`), among `legal`;
    /// `None` when the token has not that shape (so it is read as ordinary SAN).
    pub(super) fn locust_san(&self, body: &str, legal: &[FMove]) -> Option<Vec<FMove>> {
        let b = body.as_bytes();
        let letters = super::compound_letters::compound_letter_len(b)
            .unwrap_or_else(|| b.iter().take_while(|c| c.is_ascii_uppercase()).count());
        if letters == 0 {
            return None;
        }
        let piece = &body[..letters];
        let rest = &body[letters..];
        // The landing square after the last mark, the victim's square after the mark before.
        let last = rest.rfind(['-', 'x'])?;
        let second_captures = rest.as_bytes()[last] == b'x';
        let before = &rest[..last];
        let mark = before.rfind('x')?;
        let origin = &before[..mark];
        let (victim, n) = self.read_sq(&before.as_bytes()[mark + 1..])?;
        let (to, k) = self.read_sq(&rest.as_bytes()[last + 1..])?;
        if mark + 1 + n != before.len() || last + 1 + k != rest.len() {
            return None;
        }
        let (from_file, from_rank) = self.read_origin(origin)?;
        Some(
            legal
                .iter()
                .filter(|m| {
                    m.kind == MoveKind::Double(victim as u8)
                        && m.to as usize == to
                        && m.capture.is_some() == second_captures
                        && from_file.is_none_or(|f| f == m.from as usize % 16)
                        && from_rank.is_none_or(|r| r == m.from as usize / 16)
                        && self.san_names(m.piece as usize, piece)
                })
                .copied()
                .collect(),
        )
    }

    /// A SAN origin disambiguation (``, `d`, `4`, `d4`): its file and rank.
    fn read_origin(&self, origin: &str) -> Option<(Option<usize>, Option<usize>)> {
        if origin.is_empty() {
            return Some((None, None));
        }
        if let Some((sq, n)) = self.read_sq(origin.as_bytes())
            && n == origin.len()
        {
            return Some((Some(sq % 16), Some(sq / 16)));
        }
        let b = origin.as_bytes();
        if b.len() == 1 && b[0].is_ascii_lowercase() {
            return Some((Some(usize::from(b[0] - b'a')), None));
        }
        let rank: usize = origin.parse().ok()?;
        Some((None, Some(rank.checked_sub(1)?)))
    }

    /// Whether `m` is a locust move of a variant with locusts (which ordinary SAN and
    /// coordinates do not name).
    pub(super) fn is_locust(&self, m: &FMove) -> bool {
        !self.v.layers.locusts.is_empty() && matches!(m.kind, MoveKind::Double(_))
    }
}
