//! `:pawncount`'s pawn attributes and counting modes, and `:goodbishop` (seed 004). Each
//! attribute filters the pawns left by the previous one, and from the second attribute on,
//! relations to pawns of the same colour look only at those left pawns (so `single-behind` ≠
//! `behind-single`, as the seed says); the first attribute sees all own pawns (the designator
//! only chooses which are counted); enemy pawns are always all of the enemy's pawns.

use crate::ir::cqls::{CountRange, PawnAttr, PawnCount, PawnCounting};
use crate::ir::{Color, PieceKinds, piece_type};
use crate::rules::Position;
use crate::squares::{Coord, SquareSet};

/// The squares of colour `c`'s pieces of type `t`.
fn pieces_of<P: Position>(pos: &P, c: Color, t: u8) -> Vec<Coord> {
    pos.pieces(PieceKinds::one(c, t)).coords()
}

fn pawns_of<P: Position>(pos: &P, c: Color) -> Vec<Coord> {
    pieces_of(pos, c, piece_type::PAWN)
}

fn king_of<P: Position>(pos: &P, c: Color) -> Option<Coord> {
    pieces_of(pos, c, piece_type::KING).first().copied()
}

/// `k` pawns against an attribute's `(n)`: exactly n, or at least n.
fn reaches(k: usize, n: u8, exact: bool) -> bool {
    if exact {
        k == usize::from(n)
    } else {
        k >= usize::from(n)
    }
}

/// The length of the unbroken run of own pawns through `p` along `step` (file, rank) and its
/// opposite: side by side on a rank with (1, 0), one behind the other on a file with (0, 1).
fn run_through(own: &[Coord], p: Coord, step: (i64, i64)) -> usize {
    let on = |k: i64| {
        own.iter()
            .any(|q| q.file == p.file + k * step.0 && q.rank == p.rank + k * step.1)
    };
    let (mut lo, mut hi) = (0, 0);
    while on(lo - 1) {
        lo -= 1;
    }
    while on(hi + 1) {
        hi += 1;
    }
    (hi - lo + 1) as usize
}

/// The count a `:pawncount` structure yields, and the total of pawns of its colours (for
/// percentages).
pub fn count<S: SquareSet, P: Position<Set = S>>(pos: &P, pc: &PawnCount<S>) -> (i64, i64) {
    let mut n = 0;
    let mut total = 0;
    for (color, squares) in &pc.pawns {
        let all = pawns_of(pos, *color);
        total += all.len() as i64;
        let mut own: Vec<Coord> = all
            .iter()
            .copied()
            .filter(|c| P::Set::from_coords(pos.geometry(), [*c]).is_subset(squares))
            .collect();
        let enemy = pawns_of(pos, color.other());
        for (i, (attr, negated)) in pc.attrs.iter().enumerate() {
            // The first attribute sees all own pawns; each later one only those left.
            let view = if i == 0 { all.clone() } else { own.clone() };
            own.retain(|p| holds(pos, *attr, *p, *color, &view, &enemy) != *negated);
        }
        n += counted(&own, pc.counting);
    }
    (n, total)
}

/// Forward direction of a colour's pawns.
fn fwd(c: Color) -> i64 {
    if c == Color::White { 1 } else { -1 }
}

/// Whether pawn `p` of colour `c` has `attr`, among own pawns `own` and enemy pawns `enemy`.
fn holds<P: Position>(
    pos: &P,
    attr: PawnAttr,
    p: Coord,
    c: Color,
    own: &[Coord],
    enemy: &[Coord],
) -> bool {
    let d = fwd(c);
    let ahead = |q: &Coord| q.rank * d > p.rank * d;
    let adjacent = |q: &Coord| (q.file - p.file).abs() == 1;
    let same_file = |q: &Coord| q.file == p.file;
    let files = i64::from(pos.geometry().files);
    let last_rank = i64::from(pos.geometry().ranks) - 1;
    match attr {
        PawnAttr::OnFile { n, exact } => {
            reaches(own.iter().filter(|q| same_file(q)).count(), n, exact)
        }
        // the side-by-side run on p's rank containing p
        PawnAttr::OnRank { n, exact } => reaches(run_through(own, p, (1, 0)), n, exact),
        PawnAttr::Connected => own.iter().any(adjacent),
        PawnAttr::Integrated => [-1, 1].iter().all(|df| {
            let f = p.file + df;
            !(0..files).contains(&f) || own.iter().any(|q| q.file == f)
        }),
        PawnAttr::Isolated => !own.iter().any(adjacent),
        PawnAttr::HalfIsolated => {
            let left = own.iter().any(|q| q.file == p.file - 1);
            let right = own.iter().any(|q| q.file == p.file + 1);
            p.file > 0 && p.file < files - 1 && left != right
        }
        PawnAttr::Defended => own.iter().any(|q| adjacent(q) && q.rank == p.rank - d),
        PawnAttr::Defender => own.iter().any(|q| adjacent(q) && q.rank == p.rank + d),
        PawnAttr::Chained { n, exact } => {
            // the diagonal chain (component under diagonal adjacency) containing p
            let mut chain = vec![p];
            let mut i = 0;
            while i < chain.len() {
                let x = chain[i];
                for q in own {
                    if (q.file - x.file).abs() == 1
                        && (q.rank - x.rank).abs() == 1
                        && !chain.contains(q)
                    {
                        chain.push(*q);
                    }
                }
                i += 1;
            }
            chain.len() >= 2 && reaches(chain.len(), n, exact)
        }
        PawnAttr::Passed => !enemy
            .iter()
            .any(|e| (e.file - p.file).abs() <= 1 && ahead(e)),
        PawnAttr::Candidate => {
            let front_blocked = enemy.iter().any(|e| same_file(e) && ahead(e));
            let helpers = own.iter().filter(|q| adjacent(q) && !ahead(q)).count();
            let sentries = enemy.iter().filter(|e| adjacent(e) && ahead(e)).count();
            !front_blocked && helpers >= sentries
        }
        PawnAttr::Blocked { direct: false } => enemy.iter().any(|e| same_file(e) && ahead(e)),
        PawnAttr::Blocked { direct: true } => {
            enemy.iter().any(|e| same_file(e) && e.rank == p.rank + d)
        }
        PawnAttr::Unblocked => !enemy.iter().any(|e| same_file(e) && ahead(e)),
        PawnAttr::Behind { direct } => {
            let theirs: Vec<&Coord> = enemy.iter().filter(|e| same_file(e)).collect();
            // The enemy's hindmost pawn on the file is its most advanced one from our side.
            let Some(hind) = theirs.iter().map(|e| e.rank * d).max() else {
                return false;
            };
            if direct {
                p.rank * d == hind + 1
            } else {
                p.rank * d > hind
            }
        }
        PawnAttr::Stoppable => enemy.iter().any(|e| adjacent(e) && ahead(e)),
        PawnAttr::Unstoppable => !enemy.iter().any(|e| adjacent(e) && ahead(e)),
        PawnAttr::Stopped => enemy
            .iter()
            .any(|e| adjacent(e) && e.rank == p.rank + 2 * d),
        PawnAttr::Backward => {
            let side: Vec<&Coord> = own.iter().filter(|q| adjacent(q)).collect();
            !side.is_empty() && side.iter().all(|q| ahead(q))
        }
        PawnAttr::Advanced => {
            if c == Color::White {
                p.rank * 2 > last_rank
            } else {
                p.rank * 2 < last_rank
            }
        }
        // the unbroken run on p's file containing p
        PawnAttr::Consecutive { n, exact } => {
            let k = run_through(own, p, (0, 1));
            k >= 2 && reaches(k, n, exact)
        }
        PawnAttr::Inside => {
            // The rule of the square: the enemy king reaches the promotion square in time.
            let Some(k) = king_of(pos, c.other()) else {
                return false;
            };
            let promo = if c == Color::White { last_rank } else { 0 };
            let start = if c == Color::White { 1 } else { last_rank - 1 };
            let mut steps = (promo - p.rank).abs();
            if p.rank == start {
                steps -= 1;
            }
            let king_steps = (k.file - p.file).abs().max((k.rank - promo).abs());
            let bonus = i64::from(pos.turn() != c);
            king_steps <= steps + bonus
        }
        PawnAttr::Symmetrical => {
            enemy.iter().filter(|e| same_file(e)).count()
                == own.iter().filter(|q| same_file(q)).count()
        }
        PawnAttr::Mirrored => {
            let mut theirs: Vec<i64> = enemy
                .iter()
                .filter(|e| same_file(e))
                .map(|e| e.rank)
                .collect();
            let mut ours: Vec<i64> = own
                .iter()
                .filter(|q| same_file(q))
                .map(|q| last_rank - q.rank)
                .collect();
            theirs.sort_unstable();
            ours.sort_unstable();
            !theirs.is_empty() && theirs == ours
        }
        PawnAttr::Forefront => !own.iter().any(|q| same_file(q) && ahead(q)),
        PawnAttr::Rear => !own.iter().any(|q| same_file(q) && q.rank * d < p.rank * d),
    }
}

/// Groups of values that are contiguous (adjacent files or ranks): the pawns in each.
fn groups(mut keys: Vec<i64>) -> Vec<usize> {
    keys.sort_unstable();
    let mut out: Vec<usize> = Vec::new();
    let mut prev: Option<i64> = None;
    for k in keys {
        match prev {
            Some(p) if k == p => *out.last_mut().expect("group") += 1,
            Some(p) if k == p + 1 => *out.last_mut().expect("group") += 1,
            _ => out.push(1),
        }
        prev = Some(k);
    }
    out
}

/// A group's size against a counting mode's `(n)`; `(0)` (none written) admits any group.
fn size_ok(size: usize, n: u8, exact: bool) -> bool {
    if n == 0 {
        size >= 1
    } else {
        reaches(size, n, exact)
    }
}

fn counted(pawns: &[Coord], mode: PawnCounting) -> i64 {
    let per = |key: fn(&Coord) -> i64, n: u8, exact: bool| {
        let mut counts = std::collections::BTreeMap::new();
        for p in pawns {
            *counts.entry(key(p)).or_insert(0usize) += 1;
        }
        counts.values().filter(|&&k| size_ok(k, n, exact)).count() as i64
    };
    match mode {
        PawnCounting::Pawns => pawns.len() as i64,
        PawnCounting::Islands { n, exact } => groups(pawns.iter().map(|p| p.file).collect())
            .into_iter()
            .filter(|&s| size_ok(s, n, exact))
            .count() as i64,
        PawnCounting::Compounds { n, exact } => groups(pawns.iter().map(|p| p.rank).collect())
            .into_iter()
            .filter(|&s| size_ok(s, n, exact))
            .count() as i64,
        PawnCounting::Files { n, exact } => per(|p| p.file, n, exact),
        PawnCounting::Ranks { n, exact } => per(|p| p.rank, n, exact),
        PawnCounting::Lines => per(|p| p.file, 0, false),
        PawnCounting::BothSides => {
            let queen = pawns.iter().filter(|p| p.file < 4).count() as i64;
            queen.min(pawns.len() as i64 - queen)
        }
        PawnCounting::OneSide => {
            let queen = pawns.iter().filter(|p| p.file < 4).count();
            if queen == 0 || queen == pawns.len() {
                pawns.len() as i64
            } else {
                0
            }
        }
    }
}

/// `:goodbishop`: some bishop of `bishops` with `enemy` of the enemy pawns on its square
/// colour and `own` of its own pawns off it.
pub fn good_bishop<P: Position>(
    pos: &P,
    bishops: &P::Set,
    enemy: &CountRange,
    own: &CountRange,
) -> bool {
    let geo = pos.geometry();
    bishops.coords().into_iter().any(|b| {
        let Some((color, t)) = pos.piece_at(&P::Set::from_coords(geo, [b])) else {
            return false;
        };
        if t != piece_type::BISHOP {
            return false;
        }
        let shade = |c: &Coord| (c.file + c.rank) % 2;
        let theirs = pawns_of(pos, color.other());
        let ours = pawns_of(pos, color);
        let on = theirs.iter().filter(|p| shade(p) == shade(&b)).count() as i64;
        let off = ours.iter().filter(|p| shade(p) != shade(&b)).count() as i64;
        enemy.contains(on, theirs.len() as i64) && own.contains(off, ours.len() as i64)
    })
}
