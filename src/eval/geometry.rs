//! Square geometry filters: direction neighbourhoods, `between`, `ray`/`xray`, `pin`,
//! `light`/`dark`, `file`/`rank`, `makesquare`, `distance`.
//!
//! They work on [`Coord`]s so that every board type shares them; a [`Grid`] answers
//! membership questions in constant time (a mask test on the 8x8 board), and `pin` has an
//! 8x8 bitboard form beside the general one.

use shakmaty::{Bitboard, Square, attacks};
use smallvec::SmallVec;

use super::bits::{Grid, bitboard, each_coord, from_bits, single};
use super::{Evaluator, Value};
use crate::ir::{Directions, Node, Pin, PinYield, Range, Ray, piece_type};
use crate::rules::Position;
use crate::squares::{Coord, Geometry, SquareSet};

fn step(c: Coord, (df, dr): (i64, i64), k: i64) -> Coord {
    Coord {
        file: c.file + df * k,
        rank: c.rank + dr * k,
    }
}

/// The squares strictly between two squares on one rank, file or diagonal (none otherwise).
fn between_coords(a: Coord, b: Coord) -> Vec<Coord> {
    let (df, dr) = (b.file - a.file, b.rank - a.rank);
    if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return Vec::new();
    }
    let n = df.abs().max(dr.abs());
    (1..n)
        .map(|k| step(a, (df.signum(), dr.signum()), k))
        .collect()
}

impl<P: Position> Evaluator<'_, P> {
    /// `up 2 x`, `diagonal 1 3 x`, ...: squares at a distance in `range` from x. Distance 0 is
    /// the square itself (CQL 6.2: `up 0 7 c6` is c6, c7 and c8).
    pub(super) fn eval_direction(
        &self,
        dirs: Directions,
        range: Range,
        source: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let source = self.set(source, at)?;
        Some(Value::Set(direction_squares(
            self.geometry(at),
            dirs,
            range,
            &source,
        )))
    }

    /// `between(x y)`
    pub(super) fn eval_between(
        &self,
        x: &Node<P::Set>,
        y: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let (x, y) = (self.set(x, at)?, self.set(y, at)?);
        Some(Value::Set(between_sets(self.geometry(at), &x, &y)))
    }

    /// `ray` / `xray`: for each square of the first set and each direction, walks the line:
    /// each later set must be met in order on an occupied square, with only empty squares
    /// between; an empty square of an inner set may also stand for it. The value is the
    /// squares of the last set reached (or the number of rays, with a range).
    pub(super) fn eval_ray(&self, ray: &Ray<P::Set>, at: u32) -> Option<Value<P::Set>> {
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

    /// `pin from X through Y to Z`
    pub(super) fn eval_pin(&self, pin: &Pin<P::Set>, at: u32) -> Option<Value<P::Set>> {
        let part = |f: &Option<Node<P::Set>>| -> Option<Option<P::Set>> {
            match f {
                Some(f) => Some(Some(self.set(f, at)?)),
                None => Some(None),
            }
        };
        let (from, through, to) = (part(&pin.from)?, part(&pin.through)?, part(&pin.to)?);
        let pos = &self.node(at).position;
        Some(Value::Set(pin_squares(pos, from, through, to, pin.yields)))
    }

    /// `light` / `dark`, alone or of a set.
    pub(super) fn eval_shade(
        &self,
        light: bool,
        of: Option<&Node<P::Set>>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let geo = self.geometry(at);
        let set = match of {
            Some(x) => self.set(x, at)?,
            None => P::Set::full(geo),
        };
        Some(Value::Set(set.shade(geo, light)))
    }

    /// The one square of a set, if it has exactly one.
    fn one_square(&self, x: &Node<P::Set>, at: u32) -> Option<Coord> {
        let s = self.set(x, at)?;
        if s.count() != 1 {
            return None;
        }
        s.coords().first().copied()
    }

    /// `file x` / `rank x`: 1-based.
    pub(super) fn eval_file_rank(
        &self,
        rank: bool,
        x: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let c = self.one_square(x, at)?;
        Some(Value::Num(if rank { c.rank + 1 } else { c.file + 1 }))
    }

    /// `makesquare(f r)`
    pub(super) fn eval_makesquare(
        &self,
        f: &Node<P::Set>,
        r: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let (f, r) = (self.num(f, at)?, self.num(r, at)?);
        let c = Coord {
            file: f - 1,
            rank: r - 1,
        };
        let geo = self.geometry(at);
        geo.contains(c)
            .then(|| Value::Set(P::Set::from_coords(geo, [c])))
    }

    /// `distance(x y)`: king moves between two squares.
    pub(super) fn eval_distance(
        &self,
        x: &Node<P::Set>,
        y: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let (a, b) = (self.one_square(x, at)?, self.one_square(y, at)?);
        Some(Value::Num(
            (a.file - b.file).abs().max((a.rank - b.rank).abs()),
        ))
    }
}

/// `pin`'s squares: for each side, a rook, bishop or queen on `from`, one enemy piece on
/// `through` between it and an enemy piece or empty square on `to` (the kings by default),
/// nothing else between.
pub(super) fn pin_squares<P: Position>(
    pos: &P,
    from: Option<P::Set>,
    through: Option<P::Set>,
    to: Option<P::Set>,
    yields: PinYield,
) -> P::Set {
    let geo = pos.geometry();
    let all = P::Set::full(geo);
    let from = from.unwrap_or_else(|| all.clone());
    let through = through.unwrap_or_else(|| all.clone());
    let kings = crate::ir::PieceKinds {
        white: 1 << piece_type::KING,
        black: 1 << piece_type::KING,
        empty: false,
    };
    let to = to.unwrap_or_else(|| pos.pieces(kings));
    if let Some(set) = pin_bits(pos, &from, &through, &to, yields) {
        return set;
    }
    pin_listed(pos, &from, &through, &to, yields)
}

/// [`pin_squares`] on any board, square by square, the sets given.
fn pin_listed<P: Position>(
    pos: &P,
    from: &P::Set,
    through: &P::Set,
    to: &P::Set,
    yields: PinYield,
) -> P::Set {
    let geo = pos.geometry();
    let all = P::Set::full(geo);
    let occupied = Grid::new(geo, &pos.occupied());
    let mut out = Vec::new();
    for color in [crate::ir::Color::White, crate::ir::Color::Black] {
        let own = pos.pieces(color_kinds(color));
        let other = pos.pieces(color_kinds(color.other()));
        let empty = all.minus(&pos.occupied());
        let through = Grid::new(geo, &through.intersect(&other));
        let to = to.intersect(&other.union(&empty));
        for f in from.intersect(&own).coords() {
            let Some((_, t)) = pos.piece_at(&P::Set::from_coords(geo, [f])) else {
                continue;
            };
            let (ortho, diag) = match t {
                piece_type::ROOK => (true, false),
                piece_type::BISHOP => (false, true),
                piece_type::QUEEN => (true, true),
                _ => continue,
            };
            for target in to.coords() {
                let (df, dr) = (target.file - f.file, target.rank - f.rank);
                let aligned =
                    (ortho && (df == 0) != (dr == 0)) || (diag && df != 0 && df.abs() == dr.abs());
                if !aligned {
                    continue;
                }
                let line = between_coords(f, target);
                let pinned: Vec<Coord> = line.iter().copied().filter(|&c| through.has(c)).collect();
                if pinned.is_empty() || line.iter().filter(|&&c| occupied.has(c)).count() > 1 {
                    continue;
                }
                match yields {
                    PinYield::From => out.push(f),
                    PinYield::Through => out.extend(pinned),
                    PinYield::To => out.push(target),
                }
            }
        }
    }
    P::Set::from_coords(geo, out)
}

/// [`pin_squares`] on the 8x8 board, with the same walk read off bitboards: for each side,
/// each rook, bishop or queen of `from`, each square of `to` on one of its lines (an enemy
/// piece or an empty square), the squares strictly between must hold exactly one piece, an
/// enemy piece of `through`. None when the sets are not 64-bit boards.
fn pin_bits<P: Position>(
    pos: &P,
    from: &P::Set,
    through: &P::Set,
    to: &P::Set,
    yields: PinYield,
) -> Option<P::Set> {
    let (from, through, to) = (bitboard(from)?, bitboard(through)?, bitboard(to)?);
    let occupied = bitboard(&pos.occupied())?;
    let of_type = |color: crate::ir::Color, t: crate::ir::PieceType| {
        let mut kinds = crate::ir::PieceKinds::default();
        match color {
            crate::ir::Color::White => kinds.white = 1 << t,
            crate::ir::Color::Black => kinds.black = 1 << t,
        }
        bitboard(&pos.pieces(kinds)).unwrap_or(0)
    };
    let mut out = 0u64;
    for color in [crate::ir::Color::White, crate::ir::Color::Black] {
        let other = bitboard(&pos.pieces(color_kinds(color.other())))?;
        let through = through & other;
        let to = to & (other | !occupied);
        if through == 0 || to == 0 {
            continue;
        }
        let queens = of_type(color, piece_type::QUEEN);
        let rooks = (of_type(color, piece_type::ROOK) | queens) & from;
        let bishops = (of_type(color, piece_type::BISHOP) | queens) & from;
        for f in squares(rooks | bishops) {
            let mut lines = 0;
            if rooks >> u32::from(f) & 1 != 0 {
                lines |= attacks::rook_attacks(f, Bitboard::EMPTY).0;
            }
            if bishops >> u32::from(f) & 1 != 0 {
                lines |= attacks::bishop_attacks(f, Bitboard::EMPTY).0;
            }
            for target in squares(to & lines) {
                let line = attacks::between(f, target).0;
                let pinned = line & through;
                if pinned == 0 || (line & occupied).count_ones() > 1 {
                    continue;
                }
                out |= match yields {
                    PinYield::From => 1 << u32::from(f),
                    PinYield::Through => pinned,
                    PinYield::To => 1 << u32::from(target),
                };
            }
        }
    }
    from_bits(out)
}

/// The squares of a 64-bit board, in ascending order.
fn squares(bits: u64) -> impl Iterator<Item = Square> {
    Bitboard(bits).into_iter()
}

/// The attack-arrow chain `A -> B -> C ...` (`ray attack`): the squares of the first set
/// whose slider starts such a ray, and the squares of the last set reached.
pub(super) fn attack_chain<P: Position>(pos: &P, sets: &[P::Set]) -> (P::Set, P::Set) {
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

/// The squares strictly between a square of `x` and a square of `y` on a line.
pub(super) fn between_sets<S: SquareSet>(geo: Geometry, x: &S, y: &S) -> S {
    if let (Some(xs), Some(ys)) = (bitboard(x), bitboard(y)) {
        let mut out = 0;
        for a in squares(xs) {
            for b in squares(ys) {
                out |= attacks::between(a, b).0;
            }
        }
        if let Some(set) = from_bits(out) {
            return set;
        }
    }
    between_listed(geo, x, y)
}

/// [`between_sets`] on any board, pair by pair.
fn between_listed<S: SquareSet>(geo: Geometry, x: &S, y: &S) -> S {
    let ys = y.coords();
    let mut out = Vec::new();
    for a in x.coords() {
        for &b in &ys {
            out.extend(between_coords(a, b));
        }
    }
    S::from_coords(geo, out)
}

/// The piece kinds of one colour.
pub(super) fn color_kinds(color: crate::ir::Color) -> crate::ir::PieceKinds {
    match color {
        crate::ir::Color::White => crate::ir::PieceKinds {
            white: u32::MAX,
            ..Default::default()
        },
        crate::ir::Color::Black => crate::ir::PieceKinds {
            black: u32::MAX,
            ..Default::default()
        },
    }
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

/// `up 2 x`, `diagonal 1 3 x`, ... of the squares `source` ([`Evaluator::eval_direction`]):
/// the squares at a distance in `range` from one of them along one of `dirs`.
#[inline]
pub(super) fn direction_squares<S: SquareSet>(
    geo: Geometry,
    dirs: Directions,
    range: Range,
    source: &S,
) -> S {
    // Bitboards: each direction and distance is one shift of the whole set. The board is a
    // rectangle, so a ray that leaves it does not come back: once a shift leaves no
    // square, the longer ones leave none either (the walk below stops there too).
    if let Some(here) = source.shifted(geo, 0, 0) {
        let mut out = if range.contains(0) { here } else { S::empty() };
        for (df, dr) in dirs.steps() {
            for k in range.min.max(1)..=range.max.min(64) {
                match source.shifted(geo, df * k, dr * k) {
                    Some(s) if !s.is_empty() => out = out.union(&s),
                    _ => break,
                }
            }
        }
        return out;
    }
    let mut out = Vec::new();
    for c in source.coords() {
        if range.contains(0) {
            out.push(c);
        }
        for d in dirs.steps() {
            for k in range.min.max(1)..=range.max.min(64) {
                let t = step(c, d, k);
                if !geo.contains(t) {
                    break;
                }
                out.push(t);
            }
        }
    }
    S::from_coords(geo, out)
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
    use super::*;
    use crate::rules::standard::Standard;

    /// Positions with pins, x-rays and lines of every kind: the first plies of real games when
    /// `../shared` is there, and a few set positions always.
    fn positions() -> Vec<Standard> {
        let fens = [
            "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1",
            "r3k2r/1b4bq/8/3nN3/2B1n3/8/1Q2P1RB/R3K2R w KQkq - 0 1",
            "4k3/1q6/8/3b4/8/1N3R2/4Q2r/4K3 b - - 0 1",
            "7k/2Q5/8/4p3/8/2B5/1R6/K2r2q1 w - - 0 1",
        ];
        let mut out: Vec<Standard> = fens
            .iter()
            .map(|f| Standard::from_fen(f, false).unwrap())
            .collect();
        let path = std::path::Path::new("../shared/data/std-visible-5k.pgn");
        if let Ok(text) = std::fs::read_to_string(path) {
            for game in text.split("\n[Event ").take(60) {
                let mut pos = Standard::default();
                let moves = game
                    .lines()
                    .filter(|l| !l.starts_with('['))
                    .collect::<Vec<_>>();
                for word in moves.join(" ").split_whitespace() {
                    let san = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                    if san.is_empty() || pos.play_san(san).is_err() {
                        continue;
                    }
                    out.push(pos.clone());
                }
            }
        }
        out
    }

    fn kinds(white: u32, black: u32) -> crate::ir::PieceKinds {
        crate::ir::PieceKinds {
            white,
            black,
            empty: false,
        }
    }

    /// `pin` on bitboards gives the squares the square-by-square walk gives, for every yield
    /// and for default and narrowed sets (empty squares as targets included).
    #[test]
    fn pin_bits_agree_with_the_listed_walk() {
        let yields = [PinYield::From, PinYield::Through, PinYield::To];
        for pos in positions() {
            let all = Bitboard::FULL;
            let sliders = pos.pieces(kinds(0b11100, 0b11100));
            let minor = pos.pieces(kinds(0b110, 0b110));
            let empty = !pos.occupied();
            let kings = pos.pieces(kinds(1 << 5, 1 << 5));
            let queens = pos.pieces(kinds(1 << 4, 1 << 4));
            let cases = [
                (all, all, kings),
                (sliders, minor, kings),
                (all, all, queens | empty),
                (sliders, all, all),
            ];
            for (from, through, to) in cases {
                for y in yields {
                    let fast = pin_bits(&pos, &from, &through, &to, y).unwrap();
                    let listed = pin_listed(&pos, &from, &through, &to, y);
                    assert_eq!(fast, listed, "{} {y:?}", pos.fen(true));
                }
            }
        }
    }

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

    /// `between` on bitboards gives the squares the pair-by-pair walk gives.
    #[test]
    fn between_bits_agree_with_the_listed_walk() {
        let geo = Geometry::STANDARD;
        for pos in positions().into_iter().take(400) {
            let white = pos.pieces(kinds(u32::MAX, 0));
            let black = pos.pieces(kinds(0, u32::MAX));
            assert_eq!(
                between_sets(geo, &white, &black),
                between_listed(geo, &white, &black)
            );
        }
    }
}
