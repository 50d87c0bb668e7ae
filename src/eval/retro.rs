//! CQLi's `move reverse`: the retro moves of a standard-chess position, the moves that
//! could have been played from a position immediately preceding it (un-moves, un-captures of
//! each capturable type, un-promotions, un-en-passant, un-castling).
//!
//! The analysis reads the position's FEN (standard chess rules on the 8x8 board) and keeps a
//! retro move only when the position before it is possible: the side that was not to move
//! there is not in check, its material stays within what promotions allow
//! ([`super::reachable::material_possible`]), and:
//! - an en passant square in the FEN means the last move was that double step (CQLi writes
//!   the square after every double step), so it is then the only retro move; without one no
//!   double step is a retro move;
//! - a halfmove clock above 0 means the last move was neither a capture nor a pawn move;
//! - a side with castling rights has not just moved its king, nor the rook of a right;
//!   un-castling needs the side to have no castling right left (standard castling only).
//!
//! Each retro move is a [`Retro`]: `from` is the square the piece came from (empty now),
//! `to` the square it stands on, `capture` the type left on `to` (for un-en-passant, the
//! pawn put back beside it), `promotion` the type of the piece that un-promotes.

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Board, Color, Piece, Rank, Role, Setup, Square, attacks};

/// One retro move (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Retro {
    /// The side that made the move.
    pub color: Color,
    /// The moving piece's type before the move (a pawn for an un-promotion).
    pub role: Role,
    /// Where the piece came from.
    pub from: Square,
    /// Where it stands now (the king's square for castling).
    pub to: Square,
    /// The piece the move captured, put back, and its square.
    pub capture: Option<(Role, Square)>,
    /// The type promoted to.
    pub promotion: Option<Role>,
    /// `Some(true)` king-side castling, `Some(false)` queen-side.
    pub castle: Option<bool>,
    /// An en passant capture.
    pub en_passant: bool,
}

impl Retro {
    /// A plain move of `role` from `from` to `to` by `color`: no capture, promotion, castling or
    /// en passant (the other kinds start from it and set their field).
    fn plain(color: Color, role: Role, from: Square, to: Square) -> Retro {
        Retro {
            color,
            role,
            from,
            to,
            capture: None,
            promotion: None,
            castle: None,
            en_passant: false,
        }
    }
}

/// The types a capture can have removed (never a king).
const CAPTURABLE: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// The position of a standard-chess FEN (None if it does not read as one).
pub(super) fn setup_of_fen(fen: &str) -> Option<Setup> {
    Fen::from_ascii(fen.as_bytes()).ok().map(Fen::into_setup)
}

/// Whether `color`'s king is attacked by the other side on `board`.
pub(super) fn king_attacked(board: &Board, color: Color) -> bool {
    board
        .king_of(color)
        .is_some_and(|k| board.attacks_to(k, color.other(), board.occupied()).any())
}

/// The rank a pawn of `color` stands on after `steps` steps from its own first rank.
fn relative_rank(color: Color, steps: u32) -> Rank {
    let r = Rank::new(steps);
    color.fold_wb(r, r.flip_vertical())
}

/// The retro moves of `setup` (empty when the side that just moved is in check or a king
/// is missing or doubled).
pub(super) fn retro_moves(setup: &Setup) -> Vec<Retro> {
    let board = &setup.board;
    let mover = setup.turn.other();
    let one_king = |c| {
        board
            .by_piece(Piece {
                color: c,
                role: Role::King,
            })
            .count()
            == 1
    };
    if !one_king(Color::White) || !one_king(Color::Black) || king_attacked(board, mover) {
        return Vec::new();
    }
    let mut found = Vec::new();
    if let Some(ep) = setup.ep_square {
        double_step(setup, ep, &mut found);
        return found;
    }
    let quiet_only = setup.halfmoves > 0;
    let rights = setup.castling_rights & Bitboard::from_rank(relative_rank(mover, 0));
    for to in board.by_color(mover) {
        let Some(role) = board.role_at(to) else {
            continue;
        };
        if (role == Role::King && rights.any()) || (role == Role::Rook && rights.contains(to)) {
            continue;
        }
        if role == Role::Pawn {
            if !quiet_only {
                pawn_moves(setup, to, &mut found);
            }
            continue;
        }
        let piece = Piece { color: mover, role };
        for from in attacks::attacks(to, piece, board.occupied()) & !board.occupied() {
            let plain = Retro::plain(mover, role, from, to);
            push_with_captures(setup, plain, quiet_only, &mut found);
        }
        if role != Role::King && to.rank() == relative_rank(mover, 7) && !quiet_only {
            un_promotions(setup, to, role, &mut found);
        }
    }
    if rights.is_empty() {
        un_castlings(setup, &mut found);
    }
    found
}

/// The move and each un-capture it can be (a pawn is not put back on a first or last rank).
fn push_with_captures(setup: &Setup, plain: Retro, quiet_only: bool, found: &mut Vec<Retro>) {
    keep_if_possible(setup, plain.clone(), found);
    if quiet_only {
        return;
    }
    let edge = matches!(plain.to.rank(), Rank::First | Rank::Eighth);
    for role in CAPTURABLE {
        if role == Role::Pawn && edge {
            continue;
        }
        let mut r = plain.clone();
        r.capture = Some((role, plain.to));
        keep_if_possible(setup, r, found);
    }
}

/// The pawn moves that end on `to`: one step, and the diagonal un-captures and un-en-passant.
fn pawn_moves(setup: &Setup, to: Square, found: &mut Vec<Retro>) {
    let board = &setup.board;
    let mover = setup.turn.other();
    let back = mover.fold_wb(-8, 8);
    let Some(behind) = to.offset(back) else {
        return;
    };
    // A pawn starts on its second rank: it cannot come from its first.
    if behind.rank() == relative_rank(mover, 0) {
        return;
    }
    let plain = |from| Retro::plain(mover, Role::Pawn, from, to);
    if !board.occupied().contains(behind) {
        keep_if_possible(setup, plain(behind), found);
    }
    for from in attacks::pawn_attacks(mover.other(), to) & !board.occupied() {
        for role in CAPTURABLE {
            let mut r = plain(from);
            r.capture = Some((role, to));
            keep_if_possible(setup, r, found);
        }
        // En passant: the pawn taken stood behind `to`, having just passed over it.
        let ahead = to.offset(-back);
        if to.rank() == relative_rank(mover, 5)
            && ahead.is_some_and(|a| !board.occupied().contains(a))
            && !board.occupied().contains(behind)
        {
            let mut r = plain(from);
            r.capture = Some((Role::Pawn, behind));
            r.en_passant = true;
            keep_if_possible(setup, r, found);
        }
    }
}

/// A piece of the last rank un-promoting to a pawn one step back (with its un-captures).
fn un_promotions(setup: &Setup, to: Square, role: Role, found: &mut Vec<Retro>) {
    let board = &setup.board;
    let mover = setup.turn.other();
    let behind = to
        .offset(mover.fold_wb(-8, 8))
        .expect("the last rank has one behind");
    let plain = |from| Retro {
        promotion: Some(role),
        ..Retro::plain(mover, Role::Pawn, from, to)
    };
    if !board.occupied().contains(behind) {
        keep_if_possible(setup, plain(behind), found);
    }
    for from in attacks::pawn_attacks(mover.other(), to) & !board.occupied() {
        for captured in CAPTURABLE.into_iter().filter(|&r| r != Role::Pawn) {
            let mut r = plain(from);
            r.capture = Some((captured, to));
            keep_if_possible(setup, r, found);
        }
    }
}

/// The double step that the en passant square `ep` records (if the board agrees).
fn double_step(setup: &Setup, ep: Square, found: &mut Vec<Retro>) {
    let mover = setup.turn.other();
    let forward = mover.fold_wb(8, -8);
    let (Some(to), Some(from)) = (ep.offset(forward), ep.offset(-forward)) else {
        return;
    };
    let pawn = Piece {
        color: mover,
        role: Role::Pawn,
    };
    let occupied = setup.board.occupied();
    if ep.rank() != relative_rank(mover, 2)
        || setup.board.piece_at(to) != Some(pawn)
        || occupied.contains(ep)
        || occupied.contains(from)
    {
        return;
    }
    let r = Retro::plain(mover, Role::Pawn, from, to);
    keep_if_possible(setup, r, found);
}

/// Un-castling (standard chess: the king back to the e-file, the rook to its corner).
fn un_castlings(setup: &Setup, found: &mut Vec<Retro>) {
    let board = &setup.board;
    let mover = setup.turn.other();
    let rank = relative_rank(mover, 0);
    let sq = |file: u32| Square::from_coords(shakmaty::File::new(file), rank);
    let (king, rook) = (
        Piece {
            color: mover,
            role: Role::King,
        },
        Piece {
            color: mover,
            role: Role::Rook,
        },
    );
    // (king now, rook now, rook's corner, squares the king passed, king side)
    for (k, r, corner, passed, king_side) in [(6, 5, 7, [4, 5], true), (2, 3, 0, [4, 3], false)] {
        let empty = |f: u32| !board.occupied().contains(sq(f));
        let between_empty = if king_side {
            empty(7)
        } else {
            empty(0) && empty(1)
        };
        if board.piece_at(sq(k)) != Some(king)
            || board.piece_at(sq(r)) != Some(rook)
            || !empty(4)
            || !between_empty
        {
            continue;
        }
        let mut before = board.clone();
        before.discard_piece_at(sq(k));
        before.discard_piece_at(sq(r));
        before.set_piece_at(sq(4), king);
        before.set_piece_at(sq(corner), rook);
        let safe = passed.iter().all(|&f| {
            !before
                .attacks_to(sq(f), mover.other(), before.occupied())
                .any()
        });
        if !safe {
            continue;
        }
        let r = Retro {
            castle: Some(king_side),
            ..Retro::plain(mover, Role::King, sq(4), sq(k))
        };
        keep_if_possible(setup, r, found);
    }
}

/// The board before the retro move `r`.
pub(super) fn board_before(board: &Board, r: &Retro) -> Board {
    let mut before = board.clone();
    let moved = before
        .remove_piece_at(r.to)
        .expect("a retro move ends on a piece");
    let color = moved.color;
    if let Some(true) = r.castle {
        let rank = relative_rank(color, 0);
        let sq = |f| Square::from_coords(shakmaty::File::new(f), rank);
        before.discard_piece_at(sq(5));
        before.set_piece_at(
            sq(7),
            Piece {
                color,
                role: Role::Rook,
            },
        );
    } else if let Some(false) = r.castle {
        let rank = relative_rank(color, 0);
        let sq = |f| Square::from_coords(shakmaty::File::new(f), rank);
        before.discard_piece_at(sq(3));
        before.set_piece_at(
            sq(0),
            Piece {
                color,
                role: Role::Rook,
            },
        );
    }
    before.set_piece_at(
        r.from,
        Piece {
            color,
            role: r.role,
        },
    );
    if let Some((role, sq)) = r.capture {
        before.set_piece_at(
            sq,
            Piece {
                color: color.other(),
                role,
            },
        );
    }
    before
}

/// Keeps `r` when the position before it is possible: the side that did not move is not in
/// check there, and the material put back stays within what promotions allow.
fn keep_if_possible(setup: &Setup, r: Retro, found: &mut Vec<Retro>) {
    let before = board_before(&setup.board, &r);
    let waiting = r.color.other();
    if king_attacked(&before, waiting) {
        return;
    }
    if r.capture.is_some() && !super::reachable::material_possible(&before, waiting) {
        return;
    }
    found.push(r);
}
