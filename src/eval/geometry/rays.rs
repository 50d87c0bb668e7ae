//! `ray` / `xray` and the `ray attack` chain: walks along lines matching sets in order, on
//! [`Grid`]s for any board and over bitboards (with a table of half rays) on the 8x8 board.

use shakmaty::{Bitboard, Square, attacks};
use smallvec::SmallVec;

use super::super::bits::{Grid, bitboard, each_coord, from_bits, single};
use super::super::{Evaluator, Value};
use super::step;
use crate::ir::{Directions, Ray, piece_type};
use crate::rules::Position;
use crate::squares::{Coord, Geometry, SquareSet};

impl<P: Position> Evaluator<'_, P> {
    /// `ray` / `xray`: for each square of the first set and each direction, walks the line:
    /// each later set must be met in order on an occupied square, with only empty squares
    /// between; an empty square of an inner set may also stand for it. The value is the
    /// squares of the last set reached (or the number of rays, with a range).
    pub(in crate::eval) fn eval_ray(&self, ray: &Ray<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let pos = &self.node(at).position;
        let geo = pos.geometry();
        if let Some(occupied) = bitboard(&pos.occupied()) {
            let mut sets: SmallVec<[u64; 4]> = SmallVec::new();
            for s in &ray.sets {
                sets.push(bitboard(&self.set(s, at)?)?);
            }
            // Two sets, no count (`ray (R k)`): a slider's attacks from each start.
            if let (None, &[starts, ends]) = (ray.count, sets.as_slice()) {
                let moves = |c: Coord| match ray.attack {
                    false => ray.directions,
                    true => Directions(ray.directions.0 & slide_directions(pos, geo, c).0),
                };
                let (reached, from) = two_set_ray_bits(starts, ends, occupied, moves);
                return from_bits(if ray.first { from } else { reached }).map(Value::Set);
            }
            let attack = |c: Coord, d| !ray.attack || slides_along(pos, geo, c, d);
            let found = ray_bits(&sets, occupied, ray.directions, attack);
            return match ray.count {
                Some(range) => range.contains(found.rays).then_some(Value::Num(found.rays)),
                None => {
                    from_bits(if ray.first { found.from } else { found.reached }).map(Value::Set)
                }
            };
        }
        let mut grids = Vec::with_capacity(ray.sets.len());
        for s in &ray.sets {
            grids.push(Grid::new(geo, &self.set(s, at)?));
        }
        let occupied = Grid::new(geo, &pos.occupied());
        let starts = self.set(&ray.sets[0], at)?;
        let (mut dest, mut from) = (Vec::new(), Vec::new());
        let mut count = 0i64;
        for c in each_coord(&starts) {
            for d in ray.directions.steps() {
                if ray.attack && !slides_along(pos, geo, c, d) {
                    continue;
                }
                let before = dest.len();
                ray_from(geo, c, 1, d, &grids, &occupied, &mut dest);
                if dest.len() > before {
                    count += 1;
                    from.push(c);
                }
            }
        }
        match ray.count {
            Some(range) => range.contains(count).then_some(Value::Num(count)),
            None if ray.first => Some(Value::Set(P::Set::from_coords(geo, from))),
            None => Some(Value::Set(P::Set::from_coords(geo, dest))),
        }
    }
}

/// The attack-arrow chain `A -> B -> C ...` (`ray attack`): the squares of the first set
/// whose slider starts such a ray, and the squares of the last set reached.
pub(in crate::eval) fn attack_chain<P: Position>(pos: &P, sets: &[P::Set]) -> (P::Set, P::Set) {
    let geo = pos.geometry();
    let grids: Vec<Grid> = sets.iter().map(|s| Grid::new(geo, s)).collect();
    let occupied = Grid::new(geo, &pos.occupied());
    let (mut starts, mut dest) = (Vec::new(), Vec::new());
    for c in each_coord(&sets[0]) {
        for d in Directions::ANY.steps() {
            if !slides_along(pos, geo, c, d) {
                continue;
            }
            let before = dest.len();
            ray_from(geo, c, 1, d, &grids, &occupied, &mut dest);
            if dest.len() > before {
                starts.push(c);
            }
        }
    }
    (
        P::Set::from_coords(geo, starts),
        P::Set::from_coords(geo, dest),
    )
}

/// Whether the piece on `c` is a slider moving along the unit step `d`: one of
/// [`slide_directions`] (asked per direction by the walks of three and more sets, a match on
/// the piece costs fewer instructions there than the set's test).
fn slides_along<P: Position>(pos: &P, geo: Geometry, c: Coord, d: (i64, i64)) -> bool {
    let diagonal = d.0 != 0 && d.1 != 0;
    match pos.piece_at(&single(geo, c)) {
        Some((_, piece_type::QUEEN)) => true,
        Some((_, piece_type::ROOK)) => !diagonal,
        Some((_, piece_type::BISHOP)) => diagonal,
        _ => false,
    }
}

/// The directions the piece on `c` slides along: a rook the orthogonal ones, a bishop the
/// diagonal ones, a queen both, any other piece (or none) none.
fn slide_directions<P: Position>(pos: &P, geo: Geometry, c: Coord) -> Directions {
    match pos.piece_at(&single(geo, c)) {
        Some((_, piece_type::QUEEN)) => Directions(ORTHOGONAL | DIAGONAL),
        Some((_, piece_type::ROOK)) => Directions(ORTHOGONAL),
        Some((_, piece_type::BISHOP)) => Directions(DIAGONAL),
        _ => Directions(0),
    }
}

/// The orthogonal and the diagonal directions' bits in [`Directions`].
const ORTHOGONAL: u8 = 0x0f;
/// See [`ORTHOGONAL`].
const DIAGONAL: u8 = 0xf0;

/// [`ray_bits`] of two sets (X, Y) when the number of rays is not needed: the squares of Y
/// reached and the squares of X that reach one. From each square `c` of X, the walks along
/// the directions `moves(c)` together step on what a rook (the four orthogonal ones), a
/// bishop (the four diagonal ones) or a queen on `c` attacks: each walk
/// ([`segment_bits`]) ends at the first occupied square, included, as a slider's attack
/// does. Directions that are only part of a family are walked one by one.
fn two_set_ray_bits(
    starts: u64,
    ends: u64,
    occupied: u64,
    moves: impl Fn(Coord) -> Directions,
) -> (u64, u64) {
    let (mut reached, mut from) = (0, 0);
    let occupied_board = Bitboard(occupied);
    let mut rest = starts;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let c = Coord {
            file: i64::from(i % 8),
            rank: i64::from(i / 8),
        };
        let square = Square::new(i);
        let allowed = moves(c).0;
        let mut walked = 0;
        for (family, rook) in [(ORTHOGONAL, true), (DIAGONAL, false)] {
            match allowed & family {
                0 => {}
                f if f == family && rook => {
                    walked |= attacks::rook_attacks(square, occupied_board).0
                }
                f if f == family => walked |= attacks::bishop_attacks(square, occupied_board).0,
                f => {
                    for d in Directions(f).steps() {
                        walked |= segment_bits(c, d, occupied);
                    }
                }
            }
        }
        if walked & ends != 0 {
            reached |= walked & ends;
            from |= 1 << i;
        }
    }
    (reached, from)
}

/// What a `ray (X Y ...)` finds on the 8x8 board: the squares of the last set reached, the
/// squares of the first set rays start from, and the number of rays.
#[derive(Debug, PartialEq)]
struct RayFound {
    reached: u64,
    from: u64,
    rays: i64,
}

/// `ray (X Y ...)` on the 8x8 board (`sets`: the sets' bits, the first being X): the walk of
/// [`ray_from`] from each square of X along each direction `attack` allows, over bits
/// instead of [`Grid`]s. A ray counts when its walk reaches a square of the last set.
fn ray_bits(
    sets: &[u64],
    occupied: u64,
    directions: Directions,
    attack: impl Fn(Coord, (i64, i64)) -> bool,
) -> RayFound {
    let mut found = RayFound {
        reached: 0,
        from: 0,
        rays: 0,
    };
    let Some(&starts) = sets.first() else {
        return found;
    };
    // Sets of pieces (`ray (R p k)`): the walk is a chain of blockers (`walk_blockers`).
    let blockers_only = sets[1..].iter().all(|&set| set & !occupied == 0);
    let last = sets[sets.len() - 1];
    let mut rest = starts;
    while rest != 0 {
        let i = i64::from(rest.trailing_zeros());
        rest &= rest - 1;
        let c = Coord {
            file: i % 8,
            rank: i / 8,
        };
        for d in directions.steps() {
            // A walk along `d` stays on the half ray from `c` (without `c`): with no square
            // of the last set there, it reaches none.
            let off_ray = sets.len() > 1
                && step_index(d).is_some_and(|k| HALF_RAYS[k][i as usize] & last == 0);
            if off_ray || !attack(c, d) {
                continue;
            }
            let reached = match sets {
                // Two sets: the squares stepped on up to the first occupied one, in Y.
                &[_, ends] => segment_bits(c, d, occupied) & ends,
                _ => match blockers_only.then(|| walk_blockers(c, d, sets, occupied)) {
                    Some(Some(reached)) => reached,
                    _ => {
                        let mut reached = 0;
                        walk_bits(c, 1, d, sets, occupied, &mut reached);
                        reached
                    }
                },
            };
            if reached != 0 {
                found.reached |= reached;
                found.from |= 1 << i;
                found.rays += 1;
            }
        }
    }
    found
}

/// For each unit step `(df, dr)` (at [`step_index`]) and square (`rank * 8 + file`), the
/// squares a walk from that square along the step passes, to the board's edge (not the
/// square itself).
static HALF_RAYS: [[u64; 64]; 9] = half_rays();

const fn half_rays() -> [[u64; 64]; 9] {
    let mut table = [[0u64; 64]; 9];
    let mut df = -1;
    while df <= 1 {
        let mut dr = -1;
        while dr <= 1 {
            let mut square = 0;
            while square < 64 {
                let (mut file, mut rank) = (square % 8 + df, square / 8 + dr);
                let mut walked = 0u64;
                while (df != 0 || dr != 0) && file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                    walked |= 1 << (rank * 8 + file);
                    file += df;
                    rank += dr;
                }
                table[((df + 1) * 3 + dr + 1) as usize][square as usize] = walked;
                square += 1;
            }
            dr += 1;
        }
        df += 1;
    }
    table
}

/// The index of a unit step in [`HALF_RAYS`]; None for a longer step.
fn step_index((df, dr): (i64, i64)) -> Option<usize> {
    ((-1..=1).contains(&df) && (-1..=1).contains(&dr)).then(|| ((df + 1) * 3 + dr + 1) as usize)
}

/// The first square of `squares` (a subset of a half ray along `d`) that a walk along `d`
/// meets: the lowest bit when the step raises the square's index, else the highest.
fn nearest((df, dr): (i64, i64), squares: u64) -> u32 {
    if dr * 8 + df > 0 {
        squares.trailing_zeros()
    } else {
        63 - squares.leading_zeros()
    }
}

/// The squares a walk from `c` along `d` steps on, on the 8x8 board, up to and including the
/// first one of `occupied` (with two sets, [`walk_bits`] adds those of the last set: an empty
/// square of it is passed, an occupied one ends the walk, and any other occupied one too).
fn segment_bits(c: Coord, d: (i64, i64), occupied: u64) -> u64 {
    if let Some(index) = step_index(d) {
        let ray = HALF_RAYS[index][(c.rank * 8 + c.file) as usize];
        let blockers = ray & occupied;
        if blockers == 0 {
            return ray;
        }
        // Up to the first blocker: the ray less the part beyond it.
        return ray & !HALF_RAYS[index][nearest(d, blockers) as usize];
    }
    let mut walked = 0;
    let (mut file, mut rank) = (c.file + d.0, c.rank + d.1);
    while (0..8).contains(&file) && (0..8).contains(&rank) {
        let bit = 1u64 << (rank * 8 + file);
        walked |= bit;
        if occupied & bit != 0 {
            break;
        }
        file += d.0;
        rank += d.1;
    }
    walked
}

/// [`walk_bits`] from `c` when every set after the first holds occupied squares only: no
/// empty square is then in a set, so the walk passes the empty squares and each occupied
/// square it meets must be in the next set (or it ends there); the square of the last set
/// met is reached. So the blockers met one after the other must be in the sets in order.
fn walk_blockers(c: Coord, d: (i64, i64), sets: &[u64], occupied: u64) -> Option<u64> {
    let index = step_index(d)?;
    let mut from = (c.rank * 8 + c.file) as usize;
    for &set in &sets[1..] {
        let blockers = HALF_RAYS[index][from] & occupied;
        if blockers == 0 {
            return Some(0);
        }
        let first = nearest(d, blockers) as usize;
        if set & (1 << first) == 0 {
            return Some(0);
        }
        from = first;
    }
    Some(1 << from)
}

/// [`ray_from`] over bits: walks from `prev` along `d`, matching `sets[index..]`; adds the
/// squares of the last set reached to `reached`.
fn walk_bits(
    prev: Coord,
    index: usize,
    d: (i64, i64),
    sets: &[u64],
    occupied: u64,
    reached: &mut u64,
) {
    let last = sets.len() - 1;
    let (mut file, mut rank) = (prev.file, prev.rank);
    let mut index = index;
    loop {
        file += d.0;
        rank += d.1;
        if !(0..8).contains(&file) || !(0..8).contains(&rank) {
            return;
        }
        let bit = 1u64 << (rank * 8 + file);
        let inside = sets[index] & bit != 0;
        let empty = occupied & bit == 0;
        match (index == last, inside, empty) {
            (true, true, true) => *reached |= bit,
            (true, true, false) => {
                *reached |= bit;
                return;
            }
            (_, false, true) => {}
            (_, false, false) => return,
            // An empty square of an inner set: either it stands for that set (go on with the
            // next one from here) or it is just a gap.
            (false, true, true) => {
                walk_bits(Coord { file, rank }, index + 1, d, sets, occupied, reached);
            }
            (false, true, false) => index += 1,
        }
    }
}

/// Walks from `prev` (the square matched by set `index - 1`) along `d`, matching sets
/// `index..`; pushes the squares of the last set reached.
fn ray_from(
    geo: Geometry,
    prev: Coord,
    index: usize,
    d: (i64, i64),
    grids: &[Grid],
    occupied: &Grid,
    dest: &mut Vec<Coord>,
) {
    let last = grids.len() - 1;
    let mut here = prev;
    let mut index = index;
    loop {
        here = step(here, d, 1);
        if !geo.contains(here) {
            return;
        }
        let inside = grids[index].has(here);
        let empty = !occupied.has(here);
        match (index == last, inside, empty) {
            (true, true, true) => dest.push(here),
            (true, true, false) => {
                dest.push(here);
                return;
            }
            (_, false, true) => {}
            (_, false, false) => return,
            // An empty square of an inner set: either it stands for that set (go on with the
            // next one from here) or it is just a gap.
            (false, true, true) => ray_from(geo, here, index + 1, d, grids, occupied, dest),
            (false, true, false) => index += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{kinds, positions};
    use super::*;

    /// `ray (X Y ...)` on bits gives what the square-by-square walk ([`ray_from`]) gives: the
    /// squares reached, the rays' starts and their number, for two and three sets of pieces,
    /// of empty squares and of both, in all directions and with `attack`'s test.
    #[test]
    fn ray_bits_agree_with_the_listed_walk() {
        let geo = Geometry::STANDARD;
        let all = Directions(0xff);
        for pos in positions().into_iter().take(400) {
            let occupied = pos.occupied();
            let sliders = pos.pieces(kinds(0b11100, 0b11100));
            let kings = pos.pieces(kinds(1 << 5, 1 << 5));
            let black = pos.pieces(kinds(0, u32::MAX));
            let empty = !occupied;
            let white = occupied & !black;
            let cases: [&[Bitboard]; 9] = [
                &[sliders, kings],
                &[sliders, black | empty],
                &[sliders, black, kings],
                &[sliders & white, occupied, occupied, kings],
                &[empty, occupied, occupied],
                &[Bitboard::FULL, Bitboard::FULL],
                &[kings, empty],
                &[sliders, black | empty, kings],
                &[sliders, Bitboard::FULL, empty, kings],
            ];
            for sets in cases {
                for attack in [false, true] {
                    let may = |c: Coord, d| !attack || slides_along(&pos, geo, c, d);
                    let bits: Vec<u64> = sets.iter().map(|s| s.0).collect();
                    let fast = ray_bits(&bits, occupied.0, all, may);
                    let grids: Vec<Grid> = sets.iter().map(|s| Grid::new(geo, s)).collect();
                    let occ = Grid::new(geo, &occupied);
                    let mut listed = RayFound {
                        reached: 0,
                        from: 0,
                        rays: 0,
                    };
                    for c in each_coord(&sets[0]) {
                        for d in all.steps().filter(|&d| may(c, d)) {
                            let mut dest = Vec::new();
                            ray_from(geo, c, 1, d, &grids, &occ, &mut dest);
                            if !dest.is_empty() {
                                listed.rays += 1;
                                listed.from |= 1 << (c.rank * 8 + c.file);
                            }
                            for r in dest {
                                listed.reached |= 1 << (r.rank * 8 + r.file);
                            }
                        }
                    }
                    assert_eq!(fast, listed, "{} {sets:?}", pos.fen(true));
                    // Two sets without a count: the same squares, for every set of directions
                    // (one family whole, part of one, both).
                    if let &[starts, ends] = bits.as_slice() {
                        for directions in [0xff, 0x0f, 0xf0, 0x05, 0x30, 0x9a, 0x01, 0x00] {
                            let directions = Directions(directions);
                            let may = |c: Coord, d| may(c, d) && directions.steps().any(|s| s == d);
                            let each = ray_bits(&bits, occupied.0, all, may);
                            let moves = |c: Coord| match attack {
                                false => directions,
                                true => Directions(directions.0 & slide_directions(&pos, geo, c).0),
                            };
                            let both = two_set_ray_bits(starts, ends, occupied.0, moves);
                            assert_eq!(
                                both,
                                (each.reached, each.from),
                                "{} {sets:?}",
                                pos.fen(true)
                            );
                        }
                    }
                }
            }
        }
    }
}
