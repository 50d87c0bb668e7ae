//! `:relation`: whether some later position P2 of the game relates to the current position
//! P1 as a CQL 3 relation specifier says (Scidb's "CQL-Relation-List" help page).

use super::super::Evaluator;
use crate::ir::cqls::{Relation, SideRelation};
use crate::rules::Position;
use crate::squares::{Coord, Geometry, SquareSet};

/// Where P1's square is looked up on P2: `flip` (one of the 8 symmetries) then a shift.
#[derive(Copy, Clone)]
struct Map {
    flip: u8,
    dx: i64,
    dy: i64,
}

impl Map {
    fn apply(self, c: Coord, geo: Geometry) -> Coord {
        let (w, h) = (i64::from(geo.files) - 1, i64::from(geo.ranks) - 1);
        let (mut f, mut r) = (c.file, c.rank);
        if self.flip & 1 != 0 {
            f = w - f;
        }
        if self.flip & 2 != 0 {
            r = h - r;
        }
        if self.flip & 4 != 0 && w == h {
            (f, r) = (r, f);
        }
        Coord {
            file: f + self.dx,
            rank: r + self.dy,
        }
    }
}

/// The maps a specifier allows: the identity, every flip with `:flip`, every shift with
/// `:shift`.
fn maps(r: &Relation<impl SquareSet>, geo: Geometry) -> Vec<Map> {
    let flips: Vec<u8> = if r.flip { (0..8).collect() } else { vec![0] };
    let (w, h) = (i64::from(geo.files), i64::from(geo.ranks));
    let mut out = Vec::new();
    for flip in flips {
        if r.shift {
            for dx in 1 - w..w {
                for dy in 1 - h..h {
                    out.push(Map { flip, dx, dy });
                }
            }
        } else {
            out.push(Map { flip, dx: 0, dy: 0 });
        }
    }
    out
}

impl<P: Position> Evaluator<'_, P> {
    /// Whether a later position relates to `at`: one on `at`'s continuation (first children),
    /// or with `:variations` any descendant (`:variationsonly`: off the main line).
    pub(super) fn relation_holds(&self, r: &Relation<P::Set>, at: u32) -> bool {
        let p1 = &self.node(at).position;
        let geo = p1.geometry();
        let allowable = match &r.pattern {
            Some(p) => match self.set(p, at) {
                Some(s) => s,
                None => return false,
            },
            None => P::Set::full(geo),
        };
        let Some(missing_ok) = self.set(&r.missing.0, at) else {
            return false;
        };
        let maps = maps(r, geo);
        let reached = |n: u32| {
            self.game
                .replayed
                .nodes
                .get(n as usize)
                .is_some_and(Option::is_some)
        };
        let kids = |n: u32| -> Vec<u32> {
            let all = self
                .game
                .record
                .nodes
                .get(n as usize)
                .map_or(&[][..], |x| &x.children);
            let take = if r.variations.is_some() {
                all.len()
            } else {
                all.len().min(1)
            };
            all[..take]
                .iter()
                .copied()
                .filter(|&c| reached(c))
                .collect()
        };
        let mut todo = kids(at);
        while let Some(n) = todo.pop() {
            todo.extend(kids(n));
            if r.variations == Some(true) && self.on_mainline(n) {
                continue;
            }
            if maps
                .iter()
                .any(|&m| self.relates(r, at, n, &allowable, &missing_ok, m))
            {
                return true;
            }
        }
        false
    }

    /// Whether P2 (node `n`) relates to P1 (node `at`) on the allowable squares, P1's square c
    /// compared with P2's square `m(c)` (off the board: empty).
    fn relates(
        &self,
        r: &Relation<P::Set>,
        at: u32,
        n: u32,
        allowable: &P::Set,
        missing_ok: &P::Set,
        m: Map,
    ) -> bool {
        let (p1, p2) = (&self.node(at).position, &self.node(n).position);
        let side = match r.side {
            SideRelation::Same => p1.turn() == p2.turn(),
            SideRelation::Change => p1.turn() != p2.turn(),
            SideRelation::Ignore => true,
        };
        if !side {
            return false;
        }
        let Some(new_ok) = self.set(&r.new.0, n) else {
            return false;
        };
        let geo = p1.geometry();
        let on_board = |c: Coord| {
            (0..i64::from(geo.files)).contains(&c.file)
                && (0..i64::from(geo.ranks)).contains(&c.rank)
        };
        let (mut missing, mut new) = (0i64, 0i64);
        for c in allowable.coords() {
            let sq1 = P::Set::from_coords(geo, [c]);
            let c2 = m.apply(c, geo);
            let (here, there) = if on_board(c2) {
                let sq2 = P::Set::from_coords(geo, [c2]);
                (p1.piece_at(&sq1), p2.piece_at(&sq2).map(|p| (p, sq2)))
            } else {
                (p1.piece_at(&sq1), None)
            };
            match (here, there) {
                (None, None) => {}
                (Some(a), Some((b, _))) if a == b => {}
                (Some(_), Some(_)) => return false,
                (Some(_), None) if sq1.is_subset(missing_ok) => missing += 1,
                (None, Some((_, sq2))) if sq2.is_subset(&new_ok) => new += 1,
                // A missing or new piece the specifier does not admit.
                _ => return false,
            }
        }
        if !(r.missing.1.contains(missing) && r.new.1.contains(new)) {
            return false;
        }
        // The "original" counts compare P1 and P2 as they stand (before any shift or flip):
        // ":originalsamecount 0" is how the manual's Dobrescu example disregards identity
        // matches.
        let (mut same, mut different) = (0i64, 0i64);
        for c in allowable.coords() {
            let sq = P::Set::from_coords(geo, [c]);
            match (p1.piece_at(&sq), p2.piece_at(&sq)) {
                (Some(a), Some(b)) if a == b => same += 1,
                (a, b) if a != b => different += 1,
                _ => {}
            }
        }
        r.different.is_none_or(|d| d.contains(different)) && r.same.is_none_or(|s| s.contains(same))
    }
}
