//! Moves: checking that a move is legal and playing it.

use super::attack::{blocker, huygen_reaches, is_attacked, piece_attacks, rose_paths};
use super::board::Square;
use super::outcome::{game_end, won_by};
use super::piece::{Kind, Owner, Piece};
use super::position::InfPosition;

/// A move as ICN's compact form states it: `from>to` plus an optional promotion.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Start square.
    pub from: Square,
    /// End square.
    pub to: Square,
    /// The kind a pawn promotes to.
    pub promotion: Option<Kind>,
}

/// What a played move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// The moving piece (before promotion).
    pub piece: Piece,
    /// The captured piece and its square (en passant: the passed pawn's square).
    pub captured: Option<(Square, Piece)>,
    /// Castling: the partner's start and end squares.
    pub castle: Option<(Square, Square)>,
    /// Whether it was an en passant capture.
    pub en_passant: bool,
    /// Whether the move gives check (the opponent's royal is attacked afterwards).
    pub check: bool,
}

/// Why a move is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move in compact form.
    pub mv: String,
    /// The reason.
    pub reason: String,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal move {}: {}", self.mv, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// The compact ICN text of a move (`1,2>1,4`, `2,7>1,8Q` with the mover's case).
pub fn compact(mv: &Move, owner: Owner) -> String {
    let promo = mv
        .promotion
        .map(|k| Piece { kind: k, owner }.to_icn())
        .unwrap_or_default();
    format!(
        "{},{}>{},{}{}",
        mv.from.0, mv.from.1, mv.to.0, mv.to.1, promo
    )
}

/// The shape of a move before it is played: captures, castling, en passant.
struct Shape {
    captured: Option<(Square, Piece)>,
    castle: Option<(Square, Square)>,
    en_passant: bool,
    double_step: bool,
}

fn bad(pos: &InfPosition, mv: &Move, reason: impl Into<String>) -> IllegalMove {
    IllegalMove {
        mv: compact(mv, pos.turn),
        reason: reason.into(),
    }
}

/// Checks that `mv` moves a piece of the side to move the way that piece moves (ignoring
/// whether it leaves a royal attacked).
fn shape(pos: &InfPosition, mv: &Move) -> Result<(Piece, Shape), IllegalMove> {
    let board = &pos.board;
    let piece = board
        .get(mv.from)
        .ok_or_else(|| bad(pos, mv, "no piece on the start square"))?;
    if piece.owner != pos.turn {
        return Err(bad(
            pos,
            mv,
            "the piece does not belong to the side to move",
        ));
    }
    if piece.owner == Owner::Black && pos.fullmove == u64::MAX {
        return Err(bad(
            pos,
            mv,
            "the fullmove number would pass 18446744073709551615 (2^64 - 1)",
        ));
    }
    if !pos.rules.inside(mv.to) {
        return Err(bad(pos, mv, "the end square is outside the world border"));
    }
    let target = board.get(mv.to);
    if let Some(t) = target {
        if t.owner == piece.owner {
            return Err(bad(pos, mv, "the end square holds an own piece"));
        }
        if t.kind == Kind::Void {
            return Err(bad(pos, mv, "the end square is a void"));
        }
    }
    let mut sh = Shape {
        captured: target.map(|t| (mv.to, t)),
        castle: None,
        en_passant: false,
        double_step: false,
    };
    let dx = mv.to.0 as i128 - mv.from.0 as i128;
    let dy = mv.to.1 as i128 - mv.from.1 as i128;
    let ok = match piece.kind {
        Kind::Pawn => pawn_shape(pos, mv, piece, &mut sh),
        kind if kind.is_royal()
            && dy == 0
            && dx.abs() == 2
            && pos.rights.contains(&mv.from)
            && (kind != Kind::RoyalQueen || castle_partner(pos, mv, piece)) =>
        {
            castle_shape(pos, mv, piece, &mut sh)?;
            true
        }
        Kind::Obstacle | Kind::Void => false,
        _ => piece_attacks(board, piece, mv.from, mv.to, pos.rules.slide_limit),
    };
    if !ok {
        return Err(bad(
            pos,
            mv,
            format!("a {} cannot move there", piece.kind.abbreviation()),
        ));
    }
    promotion_shape(pos, mv, piece)?;
    Ok((piece, sh))
}

/// Whether the pawn move `mv` is one a pawn makes: a step to an empty square, a double step
/// from its start (noted in `sh`), a diagonal capture, or en passant (the victim noted in
/// `sh`).
fn pawn_shape(pos: &InfPosition, mv: &Move, piece: Piece, sh: &mut Shape) -> bool {
    let board = &pos.board;
    let target = board.get(mv.to);
    let dx = mv.to.0 as i128 - mv.from.0 as i128;
    let dy = mv.to.1 as i128 - mv.from.1 as i128;
    let fwd = piece.owner.forward() as i128;
    if dx == 0 && dy == fwd {
        target.is_none()
    } else if dx == 0 && dy == 2 * fwd {
        let mid = (mv.from.0, mv.from.1 + piece.owner.forward());
        sh.double_step = true;
        target.is_none() && board.get(mid).is_none() && pos.rights.contains(&mv.from)
    } else if dx.abs() == 1 && dy == fwd {
        if target.is_some() {
            true
        } else if pos.en_passant == Some(mv.to) {
            let victim_sq = (mv.to.0, mv.from.1);
            match board.get(victim_sq) {
                Some(v) if v.kind == Kind::Pawn && v.owner == piece.owner.other() => {
                    sh.captured = Some((victim_sq, v));
                    sh.en_passant = true;
                    true
                }
                _ => false,
            }
        } else {
            false
        }
    } else {
        false
    }
}

/// Whether a castling partner stands beyond the royal in the move's direction.
fn castle_partner(pos: &InfPosition, mv: &Move, king: Piece) -> bool {
    let dir = if mv.to.0 > mv.from.0 { 1 } else { -1 };
    pos.board
        .nearest(mv.from, (dir, 0))
        .is_some_and(|(sq, dist)| {
            let p = pos.board.get(sq).expect("indexed");
            p.owner == king.owner && p.kind != Kind::Pawn && pos.rights.contains(&sq) && dist >= 3
        })
}

fn castle_shape(
    pos: &InfPosition,
    mv: &Move,
    king: Piece,
    sh: &mut Shape,
) -> Result<(), IllegalMove> {
    let dir = if mv.to.0 > mv.from.0 { 1 } else { -1 };
    let (partner_sq, dist) = pos
        .board
        .nearest(mv.from, (dir, 0))
        .ok_or_else(|| bad(pos, mv, "no castling partner"))?;
    let partner = pos.board.get(partner_sq).expect("indexed");
    if partner.owner != king.owner
        || partner.kind == Kind::Pawn
        || !pos.rights.contains(&partner_sq)
        || dist < 3
    {
        return Err(bad(pos, mv, "no castling partner with castling rights"));
    }
    if pos.must_avoid_check(king.owner) {
        let opp = king.owner.other();
        for k in 0..=2 {
            let sq = (mv.from.0 + dir * k, mv.from.1);
            if is_attacked(&pos.board, sq, opp, pos.rules.slide_limit) {
                return Err(bad(
                    pos,
                    mv,
                    "castling out of or through an attacked square",
                ));
            }
        }
    }
    sh.castle = Some((partner_sq, (mv.from.0 + dir, mv.from.1)));
    Ok(())
}

fn promotion_shape(pos: &InfPosition, mv: &Move, piece: Piece) -> Result<(), IllegalMove> {
    let rule = pos.rules.promotion_of(piece.owner);
    let promotes = piece.kind == Kind::Pawn && rule.is_some_and(|r| r.ranks.contains(&mv.to.1));
    match (promotes, mv.promotion) {
        (false, None) => Ok(()),
        (false, Some(_)) => Err(bad(pos, mv, "promotion on a square that does not promote")),
        (true, None) => Err(bad(
            pos,
            mv,
            "a pawn reaching its promotion rank must promote",
        )),
        (true, Some(k)) => {
            if rule.is_some_and(|r| r.choices.contains(&k)) {
                Ok(())
            } else {
                Err(bad(
                    pos,
                    mv,
                    format!("promotion to {} is not allowed", k.abbreviation()),
                ))
            }
        }
    }
}

/// Whether `side`'s royals are attacked (false when it has none).
pub fn in_check(pos: &InfPosition, side: Owner) -> bool {
    pos.royals(side)
        .into_iter()
        .any(|sq| is_attacked(&pos.board, sq, side.other(), pos.rules.slide_limit))
}

/// The error for a move after the game ended by a win condition other than checkmate.
fn after_the_end(pos: &InfPosition, mv: &Move) -> Option<IllegalMove> {
    let (side, how) = game_end(pos)?;
    let who = if side == Owner::White {
        "White"
    } else {
        "Black"
    };
    Some(bad(
        pos,
        mv,
        format!("the game is over: {who} won by {}", how.word()),
    ))
}

/// Plays `mv` if it is legal, returning what it did; `pos` is unchanged on error (also when
/// the game is already over by a win condition other than checkmate).
pub fn play(pos: &mut InfPosition, mv: &Move) -> Result<Played, IllegalMove> {
    if let Some(e) = after_the_end(pos, mv) {
        return Err(e);
    }
    let (piece, sh) = shape(pos, mv)?;
    let mut next = pos.clone();
    apply(&mut next, mv, piece, &sh);
    if pos.must_avoid_check(piece.owner) && in_check(&next, piece.owner) {
        return Err(bad(pos, mv, "it leaves a royal piece attacked"));
    }
    let check = in_check(&next, piece.owner.other());
    if check {
        let i = usize::from(piece.owner == Owner::Black);
        next.checks_given[i] = next.checks_given[i].saturating_add(1);
    }
    let played = Played {
        mv: *mv,
        piece,
        captured: sh.captured,
        castle: sh.castle,
        en_passant: sh.en_passant,
        check,
    };
    next.won_by_move = won_by(&next, &played);
    *pos = next;
    Ok(played)
}

/// Whether `mv` moves a piece of the side to move as that piece moves (pseudo-legal: it may
/// leave a royal attacked).
pub fn is_pseudo_legal(pos: &InfPosition, mv: &Move) -> bool {
    shape(pos, mv).is_ok()
}

/// Whether `mv` is legal in `pos` (never once the game is over by a win condition other
/// than checkmate).
pub fn is_legal(pos: &InfPosition, mv: &Move) -> bool {
    game_end(pos).is_none() && is_legal_in_play(pos, mv)
}

/// [`is_legal`] for a position known not to be over (the generator asks once per position).
pub(super) fn is_legal_in_play(pos: &InfPosition, mv: &Move) -> bool {
    let Ok((piece, sh)) = shape(pos, mv) else {
        return false;
    };
    if !pos.must_avoid_check(piece.owner) {
        return true;
    }
    let mut next = pos.clone();
    apply(&mut next, mv, piece, &sh);
    !in_check(&next, piece.owner)
}

fn apply(pos: &mut InfPosition, mv: &Move, piece: Piece, sh: &Shape) {
    if let Some((sq, _)) = sh.captured {
        pos.board.remove(sq);
        pos.rights.remove(&sq);
    }
    pos.board.remove(mv.from);
    pos.rights.remove(&mv.from);
    let placed = match mv.promotion {
        Some(kind) => Piece {
            kind,
            owner: piece.owner,
        },
        None => piece,
    };
    pos.board.put(mv.to, placed);
    if let Some((from, to)) = sh.castle {
        if let Some(partner) = pos.board.remove(from) {
            pos.board.put(to, partner);
        }
        pos.rights.remove(&from);
    }
    pos.en_passant = sh
        .double_step
        .then(|| (mv.from.0, mv.from.1 + piece.owner.forward()));
    if piece.kind == Kind::Pawn || sh.captured.is_some() {
        pos.halfmove = 0;
    } else {
        pos.halfmove = pos.halfmove.saturating_add(1);
    }
    if piece.owner == Owner::Black {
        pos.fullmove += 1;
    }
    pos.turn = piece.owner.other();
}

/// Whether the huygen on `from` reaches `to` (re-exported for the generator).
pub(super) fn huygen_ok(pos: &InfPosition, from: Square, to: Square) -> bool {
    huygen_reaches(&pos.board, from, to, pos.rules.slide_limit)
}

/// Rose destinations from `from` whose path is clear.
pub(super) fn rose_targets(pos: &InfPosition, from: Square) -> Vec<Square> {
    rose_paths(from)
        .into_iter()
        .filter(|(_, passed)| passed.iter().all(|p| pos.board.get(*p).is_none()))
        .map(|(sq, _)| sq)
        .collect()
}

/// The first piece along a ride direction from `from`, with its distance.
pub(super) fn first_on_ray(
    pos: &InfPosition,
    from: Square,
    dir: (i64, i64),
) -> Option<(Square, u64)> {
    blocker(&pos.board, from, dir)
}
