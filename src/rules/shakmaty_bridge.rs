//! What the two shakmaty-backed rule sets share, [`super::standard::Standard`] (standard chess
//! and Chess960) and [`super::online::Online`] (the online variants): shakmaty's colours,
//! roles, boards and moves converted to the rules' own types, the board-only answers of
//! [`Position`](super::Position) (as one macro both implementations expand), moves as text
//! (SAN and coordinate moves read, SAN and UCI written: `move_text`), null moves, lenient FEN
//! loading, promoted-piece tracking and pseudo-legal generation.
//! Each of the two files keeps only what its rules do differently.

mod move_text;

pub(crate) use move_text::{
    coordinate_move, read_coordinates, read_san, resolve_move, san_and_uci, san_error,
};

use shakmaty::{
    Bitboard, CastlingSide, EnPassantMode, Move, Piece, PositionError, Role, Setup, Square, attacks,
};

use super::{MoveInfo, RulesError, RulesErrorKind};
use crate::chess::{Color, PieceKinds, PieceType};

/// The IR's colour of a shakmaty colour.
pub(crate) fn color_of(c: shakmaty::Color) -> Color {
    match c {
        shakmaty::Color::White => Color::White,
        shakmaty::Color::Black => Color::Black,
    }
}

/// The IR's piece type index of a shakmaty role.
pub(crate) fn type_of(role: Role) -> PieceType {
    role as u8 - 1
}

/// The six roles in the IR's piece type order.
pub(crate) const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The [`Position`](super::Position) methods a shakmaty-backed position answers from its
/// board and counters alone, for an `impl Position` whose `self.pos` is the shakmaty position
/// (`geometry` through `fullmove_number`; the 8x8 board). The caller has shakmaty's
/// `Position` trait in scope.
macro_rules! shakmaty_board_methods {
    () => {
        fn geometry(&self) -> crate::squares::Geometry {
            crate::squares::Geometry::STANDARD
        }

        fn pieces(&self, kinds: crate::chess::PieceKinds) -> shakmaty::Bitboard {
            crate::rules::shakmaty_bridge::board_pieces(self.pos.board(), kinds)
        }

        fn occupied(&self) -> shakmaty::Bitboard {
            self.pos.board().occupied()
        }

        fn piece_at(
            &self,
            square: &shakmaty::Bitboard,
        ) -> Option<(crate::chess::Color, crate::chess::PieceType)> {
            let sq = square.single_square()?;
            self.pos.board().piece_at(sq).map(|p| {
                (
                    crate::rules::shakmaty_bridge::color_of(p.color),
                    crate::rules::shakmaty_bridge::type_of(p.role),
                )
            })
        }

        fn attacks_from(&self, square: &shakmaty::Bitboard) -> shakmaty::Bitboard {
            square
                .single_square()
                .map_or(shakmaty::Bitboard::EMPTY, |sq| {
                    self.pos.board().attacks_from(sq)
                })
        }

        fn attacked_within(
            &self,
            from: &shakmaty::Bitboard,
            within: &shakmaty::Bitboard,
        ) -> shakmaty::Bitboard {
            crate::rules::shakmaty_bridge::attacks_of_pieces(self.pos.board(), *from) & *within
        }

        fn attacking(
            &self,
            candidates: &shakmaty::Bitboard,
            targets: &shakmaty::Bitboard,
        ) -> shakmaty::Bitboard {
            let board = self.pos.board();
            let occupied = board.occupied();
            let pieces = *candidates & occupied;
            if targets.count() < pieces.count() {
                // Fewer targets (`x attacks k`): a piece attacks a target exactly when it is
                // among the target's attackers (the relation is the same read either way:
                // a pawn on s attacks t when a pawn of the other colour on t would attack s).
                let mut attackers = shakmaty::Bitboard::EMPTY;
                for t in *targets {
                    attackers |= board.attacks_to(t, shakmaty::Color::White, occupied)
                        | board.attacks_to(t, shakmaty::Color::Black, occupied);
                }
                attackers & pieces
            } else {
                pieces
                    .into_iter()
                    .filter(|&s| (board.attacks_from(s) & *targets).any())
                    .collect()
            }
        }

        fn turn(&self) -> crate::chess::Color {
            crate::rules::shakmaty_bridge::color_of(self.pos.turn())
        }

        fn is_check(&self) -> bool {
            self.pos.is_check()
        }

        fn halfmove_clock(&self) -> u32 {
            self.pos.halfmoves()
        }

        fn fullmove_number(&self) -> u32 {
            self.pos.fullmoves().get()
        }
    };
}
pub(crate) use shakmaty_board_methods;

/// The squares attacked by the pieces on `from` (each as `Board::attacks_from` has it), taken
/// role by role so that no square's piece is looked up.
pub(crate) fn attacks_of_pieces(board: &shakmaty::Board, from: Bitboard) -> Bitboard {
    let (occupied, pieces) = (board.occupied(), from & board.occupied());
    let mut hit = Bitboard::EMPTY;
    for color in [shakmaty::Color::White, shakmaty::Color::Black] {
        for sq in pieces & board.pawns() & board.by_color(color) {
            hit |= attacks::pawn_attacks(color, sq);
        }
    }
    for sq in pieces & board.knights() {
        hit |= attacks::knight_attacks(sq);
    }
    for sq in pieces & board.bishops_and_queens() {
        hit |= attacks::bishop_attacks(sq, occupied);
    }
    for sq in pieces & board.rooks_and_queens() {
        hit |= attacks::rook_attacks(sq, occupied);
    }
    for sq in pieces & board.kings() {
        hit |= attacks::king_attacks(sq);
    }
    hit
}

/// The squares of a shakmaty board holding pieces admitted by `kinds` (and the empty squares
/// if admitted): the one answer to `Position::pieces` for every shakmaty-based position.
pub(crate) fn board_pieces(board: &shakmaty::Board, kinds: PieceKinds) -> Bitboard {
    let (white, black) = (kinds.white & 0x3f, kinds.black & 0x3f);
    let mut set = if white == black {
        // The same types of both colours (`[Qq]`, `A`...): one union of roles.
        match white {
            0 => Bitboard::EMPTY,
            0x3f => board.occupied(),
            // More types named than left out (`[QqRrBbNn]`: all but pawns and kings): the
            // pieces less those of the types left out, in fewer steps.
            _ if white.count_ones() > 3 => board.occupied() & !roles(board, white ^ 0x3f),
            _ => roles(board, white),
        }
    } else {
        colour_pieces(board, shakmaty::Color::White, white)
            | colour_pieces(board, shakmaty::Color::Black, black)
    };
    if kinds.empty {
        set |= !board.occupied();
    }
    set
}

/// The squares of `color`'s pieces of the types in `mask` (bit `t`: piece type `t`).
#[inline]
fn colour_pieces(board: &shakmaty::Board, color: shakmaty::Color, mask: u32) -> Bitboard {
    match mask {
        0 => Bitboard::EMPTY,
        0x3f => board.by_color(color),
        _ => roles(board, mask) & board.by_color(color),
    }
}

/// The squares of the pieces, of either colour, of the types in `mask` (bit `t`: piece
/// type `t`, as [`type_of`] numbers them): one step per type named.
#[inline]
fn roles(board: &shakmaty::Board, mask: u32) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    let mut rest = mask;
    while rest != 0 {
        set |= board.by_role(ROLES[rest.trailing_zeros() as usize]);
        rest &= rest - 1;
    }
    set
}

/// What a shakmaty move of the side `turn` does, as filters see it (a drop has an empty
/// `from`).
pub(crate) fn move_info(turn: shakmaty::Color, m: Move) -> MoveInfo<Bitboard> {
    let one = |sq: Square| Bitboard::from_square(sq);
    let plain = MoveInfo {
        from: Bitboard::EMPTY,
        to: one(m.to()),
        color: color_of(turn),
        mover: type_of(m.role()),
        capture: None,
        promotion: None,
        castle: None,
        en_passant: false,
        null: false,
    };
    match m {
        Move::Normal {
            from,
            capture,
            to,
            promotion,
            ..
        } => MoveInfo {
            from: one(from),
            capture: capture.map(|r| (type_of(r), one(to))),
            promotion: promotion.map(type_of),
            ..plain
        },
        Move::EnPassant { from, to } => MoveInfo {
            from: one(from),
            capture: Some((0, one(Square::from_coords(to.file(), from.rank())))),
            en_passant: true,
            ..plain
        },
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            MoveInfo {
                from: one(king),
                to: one(Square::from_coords(side.king_to_file(), king.rank())),
                castle: Some(side.is_king_side()),
                ..plain
            }
        }
        Move::Put { .. } => plain,
    }
}

/// A null move (`--`) from `pos`: its setup with the other side to move, no en passant square
/// and the clocks advanced (each rule set rebuilds its position from it, through
/// [`after_null_move`]), and what the move did; refused while the side to move is in check.
pub(crate) fn null_move_setup<P: shakmaty::Position>(
    pos: &P,
) -> Result<(Setup, MoveInfo<Bitboard>), RulesError> {
    if pos.is_check() {
        return Err(RulesError::new(
            RulesErrorKind::NullMove,
            "null move while in check",
        ));
    }
    let color = color_of(pos.turn());
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    setup.halfmoves += 1;
    if color == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    let info = MoveInfo {
        from: Bitboard::EMPTY,
        to: Bitboard::EMPTY,
        color,
        mover: type_of(Role::King),
        capture: None,
        promotion: None,
        castle: None,
        en_passant: false,
        null: true,
    };
    Ok((setup, info))
}

/// The position rebuilt from [`null_move_setup`]'s setup, a check the passing side now gives
/// let through.
pub(crate) fn after_null_move<P>(built: Result<P, PositionError<P>>) -> Result<P, RulesError> {
    built.or_else(|e| {
        e.ignore_impossible_check()
            .map_err(|e| RulesError::new(RulesErrorKind::NullMove, format!("null move: {e}")))
    })
}

/// A position built as leniently as asked, as CQL loads FENs: strictly (`leniency` 0), with
/// an impossible en passant square dropped (1), or with impossible castling rights dropped
/// too (2).
pub(crate) fn lenient<P>(
    built: Result<P, PositionError<P>>,
    leniency: u8,
) -> Result<P, PositionError<P>> {
    match (built, leniency) {
        (Ok(p), _) => Ok(p),
        (Err(e), 0) => Err(e),
        (Err(e), 1) => e.ignore_invalid_ep_square(),
        (Err(e), _) => e
            .ignore_invalid_ep_square()
            .or_else(|e| e.ignore_invalid_castling_rights()),
    }
}

/// `currentfen`: the FEN with halfmove clock 0 and move number 1 (its last two fields).
pub(crate) fn current_fen(fen: &str) -> String {
    let mut fields = fen.rsplitn(3, ' ');
    let _move_number = fields.next();
    let _halfmove_clock = fields.next();
    format!("{} 0 1", fields.next().unwrap_or_default())
}

/// Keeps the promoted-piece set in step with a move: a promotion marks its square, a moving
/// promoted piece takes its mark along, a capture removes the captured piece's mark.
pub(crate) fn track_promoted(promoted: &mut Bitboard, m: Move) {
    match m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => {
            let was = promoted.contains(from);
            promoted.discard(from);
            promoted.discard(to);
            if was || promotion.is_some() {
                promoted.add(to);
            }
        }
        Move::EnPassant { to, from } => {
            promoted.discard(Square::from_coords(to.file(), from.rank()));
        }
        Move::Castle { .. } | Move::Put { .. } => {}
    }
}

/// Pseudo-legal board moves of any shakmaty position (drops excluded), promoting to
/// `promotions`; castling only when the position's own rules allow it.
pub(crate) fn pseudo_legal_moves(pos: &dyn shakmaty::Position, promotions: &[Role]) -> Vec<Move> {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    let mut moves = Vec::new();
    let last_rank = if us == shakmaty::Color::White { 7 } else { 0 };
    let push = |moves: &mut Vec<Move>, role: Role, from: Square, to: Square| {
        let capture = board.role_at(to);
        if role == Role::Pawn && to.rank() as u32 == last_rank {
            for &promo in promotions {
                moves.push(Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion: Some(promo),
                });
            }
        } else {
            moves.push(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion: None,
            });
        }
    };
    for from in ours {
        let Some(role) = board.role_at(from) else {
            continue;
        };
        if role == Role::Pawn {
            for to in attacks::pawn_attacks(us, from) & theirs {
                push(&mut moves, role, from, to);
            }
            let forward = if us == shakmaty::Color::White { 8 } else { -8 };
            if let Some(one) = from.offset(forward).filter(|sq| !occupied.contains(*sq)) {
                push(&mut moves, role, from, one);
                let start_rank = if us == shakmaty::Color::White { 1 } else { 6 };
                if from.rank() as u32 == start_rank
                    && let Some(two) = one.offset(forward).filter(|sq| !occupied.contains(*sq))
                {
                    push(&mut moves, role, from, two);
                }
            }
        } else {
            for to in attacks::attacks(from, Piece { color: us, role }, occupied) & !ours {
                push(&mut moves, role, from, to);
            }
        }
    }
    if let Some(ep) = pos.pseudo_legal_ep_square() {
        for from in attacks::pawn_attacks(!us, ep)
            & board.by_piece(Piece {
                color: us,
                role: Role::Pawn,
            })
        {
            moves.push(Move::EnPassant { from, to: ep });
        }
    }
    // The legal castlings, in the order `legal_moves` lists them (king side first).
    if pos.castles().has_color(us) {
        moves.extend(pos.castling_moves(CastlingSide::KingSide));
        moves.extend(pos.castling_moves(CastlingSide::QueenSide));
    }
    moves
}

/// How many moves [`pseudo_legal_moves`] lists, a promotion counted once whatever it
/// promotes to (`move pseudolegal count`), counted on bitboards without listing them.
pub(crate) fn pseudo_legal_count(pos: &dyn shakmaty::Position) -> usize {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    let pawns = board.by_piece(Piece {
        color: us,
        role: Role::Pawn,
    });
    let mut count = 0;
    for from in ours & !pawns {
        if let Some(role) = board.role_at(from) {
            count += (attacks::attacks(from, Piece { color: us, role }, occupied) & !ours).count();
        }
    }
    let forward = if us == shakmaty::Color::White { 8 } else { -8 };
    let start_rank = if us == shakmaty::Color::White { 1 } else { 6 };
    for from in pawns {
        count += (attacks::pawn_attacks(us, from) & theirs).count();
        if let Some(one) = from.offset(forward).filter(|sq| !occupied.contains(*sq)) {
            count += 1;
            if from.rank() as u32 == start_rank
                && one.offset(forward).is_some_and(|sq| !occupied.contains(sq))
            {
                count += 1;
            }
        }
    }
    if let Some(ep) = pos.pseudo_legal_ep_square() {
        count += (attacks::pawn_attacks(!us, ep) & pawns).count();
    }
    // The legal castlings, without listing the other legal moves (`castling_moves` is the
    // legal moves of that side's castling).
    if pos.castles().has_color(us) {
        count += pos.castling_moves(CastlingSide::KingSide).len()
            + pos.castling_moves(CastlingSide::QueenSide).len();
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};

    /// The legal moves of `fen`.
    pub(super) fn legal(fen: &str) -> (Chess, Vec<Move>) {
        let pos: Chess = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let moves = pos.legal_moves().to_vec();
        (pos, moves)
    }

    /// The pseudo-legal moves list and count the castlings that shakmaty's legal moves hold,
    /// in its order: castling both ways, through or out of check, blocked, for either side,
    /// and in Chess960.
    #[test]
    fn pseudo_legal_castlings_are_the_legal_ones() {
        let fens = [
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                CastlingMode::Standard,
            ),
            (
                "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
                CastlingMode::Standard,
            ),
            (
                "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",
                CastlingMode::Standard,
            ),
            (
                "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
                CastlingMode::Standard,
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
                CastlingMode::Standard,
            ),
            (
                "r3k2r/3R4/8/8/8/8/8/R3K2R b KQkq - 0 1",
                CastlingMode::Standard,
            ),
            ("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", CastlingMode::Standard),
            (
                "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
                CastlingMode::Chess960,
            ),
            (
                "1r2k1r1/8/8/8/8/8/8/1R1QK1R1 w GBgb - 0 1",
                CastlingMode::Chess960,
            ),
        ];
        let castles = |moves: Vec<Move>| -> Vec<Move> {
            moves
                .into_iter()
                .filter(|m| matches!(m, Move::Castle { .. }))
                .collect()
        };
        let mut seen = 0;
        for (fen, mode) in fens {
            let pos: Chess = Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .into_position(mode)
                .unwrap();
            let legal = castles(pos.legal_moves().to_vec());
            let listed = pseudo_legal_moves(&pos, &[Role::Queen]);
            assert_eq!(castles(listed.clone()), legal, "{fen}");
            assert_eq!(pseudo_legal_count(&pos), listed.len(), "{fen}");
            seen += legal.len();
        }
        // Castlings were there to list.
        assert!(seen >= 6, "{seen}");
    }

    /// `board_pieces` against its definition, square by square: a square is in the set when
    /// it holds a piece whose colour's mask names its type, or is empty and `_` is admitted;
    /// every pair of masks (and high bits, which name no standard type) on three boards.
    #[test]
    fn board_pieces_is_the_pieces_of_the_kinds_named() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
            "8/5k2/8/3Q4/8/8/1K6/8 b - - 0 1",
        ];
        for fen in fens {
            let (pos, _) = legal(fen);
            let board = pos.board();
            for white in (0..64u32).chain([u32::MAX, 1 << 9]) {
                for black in (0..64u32).chain([u32::MAX]) {
                    for empty in [false, true] {
                        let kinds = PieceKinds {
                            white,
                            black,
                            empty,
                        };
                        let mut expected = Bitboard::EMPTY;
                        for sq in Square::ALL {
                            let holds = match board.piece_at(sq) {
                                Some(p) => {
                                    let mask = if p.color.is_white() { white } else { black };
                                    mask & (1 << type_of(p.role)) != 0
                                }
                                None => empty,
                            };
                            if holds {
                                expected |= Bitboard::from_square(sq);
                            }
                        }
                        assert_eq!(board_pieces(board, kinds), expected, "{fen} {kinds:?}");
                    }
                }
            }
        }
    }

    /// `currentfen` zeroes the last two fields, whatever comes before them (Three-check's
    /// extra field included).
    #[test]
    fn current_fen_zeroes_the_counters() {
        assert_eq!(
            current_fen("8/8/8/8/8/8/8/K6k b - - 12 40"),
            "8/8/8/8/8/8/8/K6k b - - 0 1"
        );
        assert_eq!(
            current_fen("8/8/8/8/8/8/8/K6k w - - 3+2 7 9"),
            "8/8/8/8/8/8/8/K6k w - - 3+2 0 1"
        );
    }
}
