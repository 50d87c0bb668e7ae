//! Square geometry filters: direction neighbourhoods, `between`, `light`/`dark`,
//! `file`/`rank`, `makesquare`, `distance`; `ray`/`xray` in `rays`, `pin` in `pin`.
//!
//! They work on [`Coord`]s so that every board type shares them; a `Grid` (`eval::bits`)
//! answers membership questions in constant time (a mask test on the 8x8 board), and `pin` and
//! `ray` have an 8x8 bitboard form beside the general one.

mod pin;
mod rays;

pub(super) use pin::pin_squares;
pub(super) use rays::attack_chain;

use shakmaty::{Bitboard, Square, attacks};

use super::bits::{bitboard, from_bits};
use super::{Evaluator, Value};
use crate::ir::{Directions, Node, Range};
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
    /// `up N X`, `right A B X`: the distances computed at the position.
    pub(super) fn eval_direction_by(
        &self,
        dirs: Directions,
        lo: &Node<P::Set>,
        hi: Option<&Node<P::Set>>,
        x: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let lo = self.num(lo, at)?;
        let hi = match hi {
            Some(h) => self.num(h, at)?,
            None => lo,
        };
        let squares = self.set(x, at)?;
        Some(Value::Set(self.translate(dirs, lo, hi, &squares, at)))
    }

    /// The squares of `squares` moved `n` steps in each direction, for n in `lo..=hi` (a
    /// negative n goes the opposite way; 0 is the square itself). Squares leaving the board are
    /// dropped.
    fn translate(&self, dirs: Directions, lo: i64, hi: i64, squares: &P::Set, at: u32) -> P::Set {
        let geo = self.geometry(at);
        let mut out = Vec::new();
        for c in squares.coords() {
            for (df, dr) in dirs.steps() {
                for n in lo..=hi.min(lo.saturating_add(64)) {
                    let t = Coord {
                        file: c.file + n * df,
                        rank: c.rank + n * dr,
                    };
                    if geo.contains(t) {
                        out.push(t);
                    }
                }
            }
        }
        P::Set::from_coords(geo, out)
    }

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

    /// `makesquare "e4"`: the square named by a file letter and a rank digit; the empty set
    /// for any other string.
    pub(super) fn eval_makesquare_named(
        &self,
        name: &Node<P::Set>,
        at: u32,
    ) -> Option<Value<P::Set>> {
        let Value::Str(text) = self.eval(name, at)? else {
            return None;
        };
        let geo = self.geometry(at);
        let square = match text.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Coord {
                file: i64::from(f - b'a'),
                rank: i64::from(r - b'1'),
            }),
            _ => None,
        }
        .filter(|&c| geo.contains(c));
        Some(Value::Set(P::Set::from_coords(geo, square)))
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

/// The squares of a 64-bit board, in ascending order.
fn squares(bits: u64) -> impl Iterator<Item = Square> {
    Bitboard(bits).into_iter()
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

/// `up 2 x`, `diagonal 1 3 x`, ... of the squares `source` (the evaluator's, and the
/// index's `Need::Near`): the squares at a distance in `range` from one of them along one
/// of `dirs`.
#[inline]
pub fn direction_squares<S: SquareSet>(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::standard::Standard;

    /// Positions with pins, x-rays and lines of every kind: the first plies of real games when
    /// `../shared` is there, and a few set positions always.
    pub(super) fn positions() -> Vec<Standard> {
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

    pub(super) fn kinds(white: u32, black: u32) -> crate::ir::PieceKinds {
        crate::ir::PieceKinds {
            white,
            black,
            empty: false,
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
