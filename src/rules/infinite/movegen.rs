//! Move generation on an unbounded board.
//!
//! Leaps, pawn moves, castling and rose moves are finitely many. A slide without a
//! `slideLimit` has infinitely many destinations, but all squares of a ray that are not
//! "events" are equivalent for legality: a square is an event when it lies on a rank, file,
//! diagonal (or knight line, when knightriders exist) through some piece, or within 8 squares
//! of some piece. Moving to a non-event square neither blocks a line to a royal nor lands
//! where a leaper or a crossing slider attacks, so one representative decides for all of
//! them. [`candidate_moves`] therefore returns every move when the position has finitely
//! many ([`moves_are_finite`]), and otherwise every event move plus one representative per
//! open ray: exact for `has_legal_move` (mate, stalemate), a sample for listing.

use super::attack::offset;
use super::board::Square;
use super::moves::{Move, first_on_ray, huygen_ok, is_legal_in_play, rose_targets};
use super::outcome::game_end;
use super::piece::{KNIGHT, Kind, ORTHOGONAL, Piece, is_prime};
use super::position::InfPosition;
use std::collections::BTreeSet;

/// Rays up to this length are listed square by square.
const FULL_RAY: u64 = 2000;
/// Squares this close (Chebyshev) to a piece are events (covers every leap and rose path).
const NEAR: i128 = 8;

/// Whether every slide of the position is bounded (a `slideLimit` of at most 2000), so
/// [`candidate_moves`] lists all moves.
pub fn moves_are_finite(pos: &InfPosition) -> bool {
    pos.rules.slide_limit.is_some_and(|l| l <= FULL_RAY)
        || !pos.board.iter().any(|(_, p)| {
            p.owner == pos.turn && (!p.kind.rides().is_empty() || p.kind == Kind::Huygen)
        })
}

/// Candidate moves of the side to move (pseudo-legal shapes; see the module doc).
pub fn candidate_moves(pos: &InfPosition) -> Vec<Move> {
    let mut out = Vec::new();
    let mut pieces: Vec<_> = pos
        .board
        .iter()
        .filter(|(_, p)| p.owner == pos.turn)
        .collect();
    pieces.sort_unstable();
    let knight_lines = pos.board.iter().any(|(_, p)| p.kind == Kind::Knightrider);
    for (from, piece) in pieces {
        piece_candidates(pos, from, piece, knight_lines, &mut out);
    }
    out
}

/// The legal moves among [`candidate_moves`] (none once the game is over by a win
/// condition other than checkmate).
pub fn legal_candidates(pos: &InfPosition) -> Vec<Move> {
    if game_end(pos).is_some() {
        return Vec::new();
    }
    candidate_moves(pos)
        .into_iter()
        .filter(|m| is_legal_in_play(pos, m))
        .collect()
}

/// Whether the side to move has a legal move (exact, see the module doc; none once the game
/// is over by a win condition other than checkmate).
pub fn has_legal_move(pos: &InfPosition) -> bool {
    if game_end(pos).is_some() {
        return false;
    }
    let mut pieces: Vec<_> = pos
        .board
        .iter()
        .filter(|(_, p)| p.owner == pos.turn)
        .collect();
    // Leapers and pawns first: their few candidates are cheap, and usually one is legal.
    pieces.sort_unstable_by_key(|(sq, p)| {
        (!p.kind.rides().is_empty() || p.kind == Kind::Huygen, *sq)
    });
    let knight_lines = pos.board.iter().any(|(_, p)| p.kind == Kind::Knightrider);
    let mut moves = Vec::new();
    pieces.into_iter().any(|(from, piece)| {
        moves.clear();
        piece_candidates(pos, from, piece, knight_lines, &mut moves);
        moves.iter().any(|m| is_legal_in_play(pos, m))
    })
}

fn push_step(targets: &mut Vec<Square>, from: Square, d: (i64, i64), t: u64) {
    if let Some(sq) = super::attack::step(from, d, t) {
        targets.push(sq);
    }
}

/// The first prime after `after`, if one fits in 64 bits.
fn next_prime(after: u64) -> Option<u64> {
    let mut n = after.checked_add(1)?;
    while !is_prime(n) {
        n = n.checked_add(1)?;
    }
    Some(n)
}

/// Prime distances a huygen may land on along `d` (it jumps pieces at non-prime distances,
/// so the first piece does not end the ray): every prime up to a short slide limit, else the
/// prime events plus the first prime past them.
fn huygen_distances(
    pos: &InfPosition,
    from: Square,
    d: (i64, i64),
    knight_lines: bool,
) -> Vec<u64> {
    if let Some(l) = pos.rules.slide_limit.filter(|l| *l <= FULL_RAY) {
        return (2..=l).filter(|t| is_prime(*t)).collect();
    }
    let ev = events(pos, from, d, knight_lines);
    let rep = next_prime(ev.iter().next_back().copied().unwrap_or(0));
    let limit = pos.rules.slide_limit.unwrap_or(u64::MAX);
    ev.into_iter()
        .chain(rep)
        .filter(|t| is_prime(*t) && *t <= limit)
        .collect()
}

/// The distances to list along a ray: all of them when short, else events, the blocker and
/// one representative past the events.
fn ray_distances(pos: &InfPosition, from: Square, d: (i64, i64), knight_lines: bool) -> Vec<u64> {
    let blocked = first_on_ray(pos, from, d).map(|(_, t)| t);
    let limit = pos.rules.slide_limit;
    let end = match (blocked, limit) {
        (Some(b), Some(l)) => Some(b.min(l)),
        (b, l) => b.or(l),
    };
    if let Some(e) = end.filter(|e| *e <= FULL_RAY) {
        return (1..=e).collect();
    }
    let mut set = events(pos, from, d, knight_lines);
    if let Some(e) = end {
        set.retain(|t| *t <= e);
        set.insert(e);
    }
    // One distance past every event (none when the ray is blocked and every square of it is
    // an event, or when no distance past them fits in 64 bits).
    let past = set.iter().next_back().copied().unwrap_or(0).checked_add(1);
    if let Some(rep) = past.filter(|rep| end.is_none_or(|e| *rep <= e)) {
        set.insert(rep);
    }
    set.into_iter().collect()
}

/// Event distances on the ray from `from` along `d` (see the module doc).
fn events(pos: &InfPosition, from: Square, d: (i64, i64), knight_lines: bool) -> BTreeSet<u64> {
    let mut set: BTreeSet<u64> = (1..=NEAR as u64).collect();
    let mut lines: Vec<(i64, i64)> = vec![(1, 0), (0, 1), (1, 1), (1, -1)];
    if knight_lines {
        lines.extend(KNIGHT.iter().take(4));
    }
    let (fx, fy) = (from.0 as i128, from.1 as i128);
    let (dx, dy) = (d.0 as i128, d.1 as i128);
    let mut anchors: Vec<Square> = pos.board.iter().map(|(s, _)| s).collect();
    anchors.extend(pos.en_passant);
    for p in anchors {
        if p == from {
            continue;
        }
        let (px, py) = (p.0 as i128, p.1 as i128);
        for &(ex, ey) in &lines {
            let (ex, ey) = (ex as i128, ey as i128);
            let det = dx * ey - dy * ex;
            if det == 0 {
                continue;
            }
            let num = (px - fx) * ey - (py - fy) * ex;
            if num % det == 0
                && let Ok(t) = u64::try_from(num / det)
                && t >= 1
            {
                set.insert(t);
            }
        }
        let (lo_x, hi_x) = interval(px - fx, dx);
        let (lo_y, hi_y) = interval(py - fy, dy);
        let lo = lo_x.max(lo_y).max(1);
        let hi = hi_x.min(hi_y);
        if lo <= hi && hi - lo <= 4 * NEAR {
            set.extend((lo..=hi).filter_map(|t| u64::try_from(t).ok()));
        }
    }
    set
}

/// The t (as an inclusive range) with |t * d - off| <= NEAR.
fn interval(off: i128, d: i128) -> (i128, i128) {
    if d == 0 {
        return if off.abs() <= NEAR {
            (i128::MIN / 4, i128::MAX / 4)
        } else {
            (1, 0)
        };
    }
    let (a, b) = if d > 0 {
        (off - NEAR, off + NEAR)
    } else {
        (-(off + NEAR), -(off - NEAR))
    };
    let d = d.abs();
    (-((-a).div_euclid(d)), b.div_euclid(d))
}

/// Appends the candidate moves of the piece on `from` to `out`.
fn piece_candidates(
    pos: &InfPosition,
    from: Square,
    piece: Piece,
    knight_lines: bool,
    out: &mut Vec<Move>,
) {
    let mut targets: Vec<Square> = Vec::new();
    let fwd = piece.owner.forward();
    match piece.kind {
        Kind::Pawn => {
            for d in [(0, fwd), (0, 2 * fwd), (1, fwd), (-1, fwd)] {
                targets.extend(offset(from, d));
            }
        }
        Kind::Rose => targets.extend(rose_targets(pos, from)),
        Kind::Huygen => {
            for d in ORTHOGONAL {
                for t in huygen_distances(pos, from, d, knight_lines) {
                    push_step(&mut targets, from, d, t);
                }
            }
        }
        kind => {
            for d in kind.leaps() {
                targets.extend(offset(from, d));
            }
            if kind == Kind::King {
                targets.extend(offset(from, (2, 0)));
                targets.extend(offset(from, (-2, 0)));
            }
            for d in kind.rides() {
                for t in ray_distances(pos, from, d, knight_lines) {
                    push_step(&mut targets, from, d, t);
                }
            }
        }
    }
    targets.sort_unstable();
    targets.dedup();
    for to in targets {
        if piece.kind == Kind::Huygen && !huygen_ok(pos, from, to) {
            continue;
        }
        let promotes = piece.kind == Kind::Pawn
            && pos
                .rules
                .promotion_of(piece.owner)
                .is_some_and(|r| r.ranks.contains(&to.1));
        if promotes {
            let choices = &pos
                .rules
                .promotion_of(piece.owner)
                .expect("promotes")
                .choices;
            for &k in choices {
                out.push(Move {
                    from,
                    to,
                    promotion: Some(k),
                });
            }
        } else {
            out.push(Move {
                from,
                to,
                promotion: None,
            });
        }
    }
}
