//! Attacks on the sparse board: whether a piece reaches a square, and whether a side attacks
//! a square. Orthogonal and diagonal slides use the board's sorted line indexes (one range
//! look-up per direction); knightriders, huygens and roses are checked piece by piece.

use super::board::{Board, Square};
use super::piece::{DIAGONAL, KNIGHT, Kind, ORTHOGONAL, Owner, Piece, is_prime};

/// `to - from` as `t * dir` with `t >= 1`, if `to` lies on the ray.
pub fn ray_distance(from: Square, to: Square, dir: (i64, i64)) -> Option<u64> {
    let dx = to.0 as i128 - from.0 as i128;
    let dy = to.1 as i128 - from.1 as i128;
    let (ax, ay) = (dir.0 as i128, dir.1 as i128);
    let t = if ax != 0 {
        if dx % ax != 0 {
            return None;
        }
        dx / ax
    } else {
        if dx != 0 || ay == 0 || dy % ay != 0 {
            return None;
        }
        dy / ay
    };
    (t >= 1 && dx == t * ax && dy == t * ay).then_some(t as u64)
}

/// The square `t` steps from `from` along `dir`, if it fits in 64 bits.
pub fn step(from: Square, dir: (i64, i64), t: u64) -> Option<Square> {
    let x = from.0 as i128 + dir.0 as i128 * t as i128;
    let y = from.1 as i128 + dir.1 as i128 * t as i128;
    Some((i64::try_from(x).ok()?, i64::try_from(y).ok()?))
}

/// Distance to the nearest piece along any ride direction (indexed for king steps, a scan of
/// the pieces for knight steps).
pub fn blocker(board: &Board, from: Square, dir: (i64, i64)) -> Option<(Square, u64)> {
    if dir.0 == 0 || dir.1 == 0 || dir.0.abs() == dir.1.abs() {
        return board.nearest(from, dir);
    }
    board
        .iter()
        .filter_map(|(sq, _)| ray_distance(from, sq, dir).map(|t| (sq, t)))
        .min_by_key(|(_, t)| *t)
}

/// Distances (ascending) of the pieces on the orthogonal ray from `from`, up to `limit`.
fn pieces_on_ray(board: &Board, from: Square, dir: (i64, i64), limit: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut cur = from;
    while let Some((sq, t)) = board.nearest(cur, dir) {
        let total = ray_distance(from, sq, dir).unwrap_or(t);
        if total > limit {
            break;
        }
        out.push(total);
        cur = sq;
    }
    out
}

/// Whether a huygen at `from` reaches `to` (a prime orthogonal distance with no piece at a
/// smaller prime distance on the way).
pub fn huygen_reaches(board: &Board, from: Square, to: Square, slide_limit: Option<u64>) -> bool {
    ORTHOGONAL.iter().any(|&d| {
        ray_distance(from, to, d).is_some_and(|t| {
            is_prime(t)
                && slide_limit.is_none_or(|l| t <= l)
                && pieces_on_ray(board, from, d, t - 1)
                    .into_iter()
                    .all(|p| !is_prime(p))
        })
    })
}

/// The square `d` away from `sq`, if it fits in 64 bits (a piece at the edge of `i64` does
/// not reach round to the other side).
pub fn offset(sq: Square, d: (i64, i64)) -> Option<Square> {
    Some((sq.0.checked_add(d.0)?, sq.1.checked_add(d.1)?))
}

/// The squares a rose at `from` reaches, each with the squares it passes over (a path ends
/// where it would leave the 64-bit plane).
pub fn rose_paths(from: Square) -> Vec<(Square, Vec<Square>)> {
    let mut out = Vec::new();
    for start in 0..8usize {
        for turn in [1usize, 7] {
            let mut cur = from;
            let mut passed = Vec::new();
            for k in 0..7usize {
                let d = KNIGHT[(start + k * turn) % 8];
                let Some(next) = offset(cur, d) else {
                    break;
                };
                cur = next;
                out.push((cur, passed.clone()));
                passed.push(cur);
            }
        }
    }
    out
}

/// Whether the piece `piece` on `from` attacks `to` on `board` (pawns attack diagonally
/// forward; pinned pieces attack). `slide_limit` bounds slides.
pub fn piece_attacks(
    board: &Board,
    piece: Piece,
    from: Square,
    to: Square,
    slide_limit: Option<u64>,
) -> bool {
    if from == to {
        return false;
    }
    let dx = to.0 as i128 - from.0 as i128;
    let dy = to.1 as i128 - from.1 as i128;
    match piece.kind {
        Kind::Pawn => dy == piece.owner.forward() as i128 && dx.abs() == 1,
        Kind::Huygen => huygen_reaches(board, from, to, slide_limit),
        Kind::Rose => rose_paths(from)
            .into_iter()
            .any(|(sq, passed)| sq == to && passed.iter().all(|p| board.get(*p).is_none())),
        Kind::Obstacle | Kind::Void => false,
        kind => {
            if kind
                .leaps()
                .iter()
                .any(|&(a, b)| dx == a as i128 && dy == b as i128)
            {
                return true;
            }
            kind.rides().into_iter().any(|d| {
                ray_distance(from, to, d).is_some_and(|t| {
                    slide_limit.is_none_or(|l| t <= l)
                        && blocker(board, from, d).is_none_or(|(_, b)| b >= t)
                })
            })
        }
    }
}

/// Whether any piece of `by` attacks `target`.
pub fn is_attacked(board: &Board, target: Square, by: Owner, slide_limit: Option<u64>) -> bool {
    // Orthogonal and diagonal sliders: the nearest piece on each of the eight lines.
    for d in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
        if let Some((sq, t)) = board.nearest(target, *d) {
            let p = board.get(sq).expect("indexed square holds a piece");
            if p.owner == by
                && p.kind.rides().contains(&(-d.0, -d.1))
                && slide_limit.is_none_or(|l| t <= l)
            {
                return true;
            }
        }
    }
    // Leapers and pawns: look back along each leap.
    for kind in LEAPERS {
        for (a, b) in kind.leaps() {
            let Some(from) = offset(target, (-a, -b)) else {
                continue;
            };
            if board.get(from) == Some(Piece { kind, owner: by }) {
                return true;
            }
        }
    }
    for dx in [-1, 1] {
        let Some(from) = offset(target, (dx, -by.forward())) else {
            continue;
        };
        if board.get(from)
            == Some(Piece {
                kind: Kind::Pawn,
                owner: by,
            })
        {
            return true;
        }
    }
    // Pieces whose attacks the line indexes do not answer.
    board.iter().any(|(sq, p)| {
        p.owner == by
            && matches!(p.kind, Kind::Knightrider | Kind::Huygen | Kind::Rose)
            && piece_attacks(board, p, sq, target, slide_limit)
    })
}

/// The kinds with leaps (each checked by looking back along its leaps).
const LEAPERS: [Kind; 12] = [
    Kind::Knight,
    Kind::King,
    Kind::Amazon,
    Kind::Hawk,
    Kind::Chancellor,
    Kind::Archbishop,
    Kind::Guard,
    Kind::Camel,
    Kind::Giraffe,
    Kind::Zebra,
    Kind::Centaur,
    Kind::RoyalCentaur,
];
