//! CQLi's `reachableposition`: whether the position can be reached from the initial position
//! by legal play, and the evaluator's side of `move reverse` (`eval::retro`).
//!
//! Both read the position's FEN under standard chess rules (8x8 boards only; lowering
//! refuses them elsewhere). `reachableposition` is a retrograde analysis made of these checks;
//! the position is reported unreachable when one of them fails and reachable otherwise (the
//! checks are necessary conditions, so a position passing them all may still be unreachable
//! in a way they do not see):
//! 1. each side has exactly one king;
//! 2. no pawn stands on the first or last rank;
//! 3. the side not to move is not in check;
//! 4. the side to move is not checked by three pieces or more, nor by two pieces that
//!    cannot check together (two of knights and pawns: no move discovers one on the other);
//! 5. material: per side at most 8 pawns, and no more pieces than promotions allow (queens
//!    beyond 1, rooks and knights beyond 2, bishops beyond one per square colour each need
//!    a pawn gone); so, with all 8 pawns, two bishops on squares of one colour fail;
//! 6. pawn captures: each pawn left its start file by captures (one file per capture,
//!    at most one file per rank advanced); the fewest captures that place the pawns (an
//!    exact assignment of pawns to distinct start files) must not exceed the opponent's
//!    missing pieces;
//! 7. castling rights: each right needs its side's king on its e-file home square and a
//!    rook of that side in the right's corner;
//! 8. en passant square: on the third rank of the side that just moved, with its pawn in
//!    front of it, and it and the square behind empty;
//! 9. retro moves: a position other than the initial one needs at least one retro move
//!    (`eval::retro`: the position before it is possible).

use shakmaty::{Bitboard, Board, Color as SColor, File, Piece, Rank, Role, Setup, Square};

use super::Evaluator;
use super::retro::{self, Retro};
use crate::ir::{Color, PieceType, piece_type};
use crate::rules::{MoveInfo, Position};
use crate::squares::{Coord, SquareSet};

/// Whether `color`'s material on `board` is within what its pawns' promotions allow
/// (check 5 of the module doc).
pub(super) fn material_possible(board: &Board, color: SColor) -> bool {
    let count = |role| board.by_piece(Piece { color, role }).count();
    let bishops = board.by_piece(Piece {
        color,
        role: Role::Bishop,
    });
    let light = (bishops & Bitboard::LIGHT_SQUARES).count();
    let dark = (bishops & Bitboard::DARK_SQUARES).count();
    let pawns = count(Role::Pawn);
    let extra = count(Role::Queen).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2)
        + light.saturating_sub(1)
        + dark.saturating_sub(1);
    pawns <= 8 && extra <= 8 - pawns
}

/// The fewest captures `color`'s pawns made to reach their squares (None: no assignment
/// to distinct start files fits the ranks they advanced), check 6 of the module doc.
fn fewest_pawn_captures(board: &Board, color: SColor) -> Option<u32> {
    let pawns: Vec<Square> = board
        .by_piece(Piece {
            color,
            role: Role::Pawn,
        })
        .into_iter()
        .collect();
    // best[mask]: fewest captures placing the first popcount(mask) pawns on the start
    // files of mask.
    let mut best = vec![None::<u32>; 256];
    best[0] = Some(0);
    for mask in 0usize..256 {
        let Some(cost) = best[mask] else { continue };
        let Some(pawn) = pawns.get(mask.count_ones() as usize) else {
            continue;
        };
        let advanced = color.fold_wb(pawn.rank() as u32, 7 - pawn.rank() as u32) - 1;
        for start in 0..8u32 {
            let shift = start.abs_diff(pawn.file() as u32);
            if mask & (1 << start) != 0 || shift > advanced {
                continue;
            }
            let next = &mut best[mask | 1 << start];
            *next = Some(next.map_or(cost + shift, |c| c.min(cost + shift)));
        }
    }
    best.iter()
        .enumerate()
        .filter(|(mask, _)| mask.count_ones() as usize == pawns.len())
        .filter_map(|(_, c)| *c)
        .min()
}

/// Why `setup` cannot be reached from the initial position (None: no check of the module
/// doc fails).
pub(super) fn unreachable_reason(setup: &Setup) -> Option<&'static str> {
    let board = &setup.board;
    let stm = setup.turn;
    let king = |c| Piece {
        color: c,
        role: Role::King,
    };
    if board.by_piece(king(SColor::White)).count() != 1
        || board.by_piece(king(SColor::Black)).count() != 1
    {
        return Some("a side has no king or several");
    }
    let edges = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
    if (board.pawns() & edges).any() {
        return Some("a pawn on the first or last rank");
    }
    if retro::king_attacked(board, stm.other()) {
        return Some("the side not to move is in check");
    }
    let k = board.king_of(stm).expect("one king");
    let checkers = board.attacks_to(k, stm.other(), board.occupied());
    let steppers = board.knights() | board.pawns();
    if checkers.count() > 2 || (checkers.count() == 2 && checkers.is_subset(steppers)) {
        return Some("an impossible check");
    }
    for color in [SColor::White, SColor::Black] {
        if !material_possible(board, color) {
            return Some("more pieces than promotions allow");
        }
        let missing = 16 - board.by_color(color.other()).count() as u32;
        if fewest_pawn_captures(board, color).is_none_or(|c| c > missing) {
            return Some("pawns off their files with too few captures");
        }
    }
    for rook in setup.castling_rights {
        let color = if rook.rank() == Rank::First {
            SColor::White
        } else {
            SColor::Black
        };
        let home = Square::from_coords(File::E, rook.rank());
        let corner = matches!(rook.file(), File::A | File::H);
        let rook_piece = Piece {
            color,
            role: Role::Rook,
        };
        if !corner
            || board.piece_at(home) != Some(king(color))
            || board.piece_at(rook) != Some(rook_piece)
        {
            return Some("castling rights without the king and rook at home");
        }
    }
    if let Some(ep) = setup.ep_square {
        let mover = stm.other();
        let forward = mover.fold_wb(8, -8);
        let third = mover.fold_wb(Rank::Third, Rank::Sixth);
        let pawn = Piece {
            color: mover,
            role: Role::Pawn,
        };
        let agrees = ep.rank() == third
            && ep
                .offset(forward)
                .is_some_and(|s| board.piece_at(s) == Some(pawn))
            && !board.occupied().contains(ep)
            && ep
                .offset(-forward)
                .is_some_and(|s| !board.occupied().contains(s));
        if !agrees {
            return Some("an en passant square no double step made");
        }
    }
    let initial = *board == Board::new() && stm == SColor::White;
    if !initial && retro::retro_moves(setup).is_empty() {
        return Some("no move can have led to it");
    }
    None
}

/// A FEN that does not read as a standard-chess position (the FEN as given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadFen(pub String);

impl std::fmt::Display for BadFen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad FEN \"{}\"", self.0)
    }
}

impl std::error::Error for BadFen {}

/// Why the standard-chess position of `fen` cannot be reached from the initial position
/// (`Ok(None)`: every check of the module doc passes; `Err`: the FEN does not read).
pub fn fen_unreachable_reason(fen: &str) -> Result<Option<&'static str>, BadFen> {
    let setup = retro::setup_of_fen(fen).ok_or_else(|| BadFen(fen.to_string()))?;
    Ok(unreachable_reason(&setup))
}

/// The number of retro moves (`move reverse`) of the standard-chess position of `fen`.
pub fn fen_retro_count(fen: &str) -> Result<usize, BadFen> {
    let setup = retro::setup_of_fen(fen).ok_or_else(|| BadFen(fen.to_string()))?;
    Ok(retro::retro_moves(&setup).len())
}

/// The type numbers of `ir::piece_type` for shakmaty's roles.
fn piece_type_of(role: Role) -> PieceType {
    match role {
        Role::Pawn => piece_type::PAWN,
        Role::Knight => piece_type::KNIGHT,
        Role::Bishop => piece_type::BISHOP,
        Role::Rook => piece_type::ROOK,
        Role::Queen => piece_type::QUEEN,
        Role::King => piece_type::KING,
    }
}

impl<P: Position> Evaluator<'_, P> {
    /// The position at `at` read as standard chess (None off an 8x8 board).
    fn standard_setup(&self, at: u32) -> Option<Setup> {
        let pos = &self.node(at).position;
        let geo = pos.geometry();
        if geo.files != 8 || geo.ranks != 8 {
            return None;
        }
        retro::setup_of_fen(&pos.fen(true))
    }

    /// `reachableposition` at `at` (see the module doc).
    pub(super) fn is_reachable_position(&self, at: u32) -> bool {
        self.standard_setup(at)
            .is_some_and(|s| unreachable_reason(&s).is_none())
    }

    /// `move reverse` at `at`: the retro moves as the `move` filter reads moves.
    pub(super) fn reverse_moves(&self, at: u32) -> Vec<MoveInfo<P::Set>> {
        let Some(setup) = self.standard_setup(at) else {
            return Vec::new();
        };
        let geo = self.node(at).position.geometry();
        let set = |sq: Square| {
            let c = Coord {
                file: i64::from(sq.file() as u32),
                rank: i64::from(sq.rank() as u32),
            };
            P::Set::from_coords(geo, [c])
        };
        let color = |c: SColor| c.fold_wb(Color::White, Color::Black);
        let info = |r: &Retro| MoveInfo {
            from: set(r.from),
            to: set(r.to),
            color: color(r.color),
            mover: piece_type_of(r.role),
            capture: r.capture.map(|(role, sq)| (piece_type_of(role), set(sq))),
            promotion: r.promotion.map(piece_type_of),
            castle: r.castle,
            en_passant: r.en_passant,
            null: false,
        };
        retro::retro_moves(&setup).iter().map(info).collect()
    }
}
