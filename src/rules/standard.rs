//! Standard chess and Chess960 through shakmaty: the fast path for most games.

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, EnPassantMode, FromSetup, Move, Piece,
    Position as _, Role, Square, attacks,
};

use super::{MoveInfo, Position, RulesError};
use crate::ir::{Color, PieceKinds, PieceType};
use crate::squares::Geometry;

/// A standard or Chess960 position, with promoted pieces tracked for `promotedpieces`.
#[derive(Clone, Debug)]
pub struct Standard {
    pos: Chess,
    mode: CastlingMode,
    promoted: Bitboard,
}

impl Default for Standard {
    fn default() -> Self {
        Standard {
            pos: Chess::default(),
            mode: CastlingMode::Standard,
            promoted: Bitboard::EMPTY,
        }
    }
}

/// The IR's colour of a shakmaty colour.
pub(crate) fn color_of(c: shakmaty::Color) -> Color {
    match c {
        shakmaty::Color::White => Color::White,
        shakmaty::Color::Black => Color::Black,
    }
}

/// The IR's piece type index of a shakmaty role.
pub fn type_of(role: Role) -> PieceType {
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

impl Standard {
    /// A position from a FEN. `chess960` forces Chess960 castling; otherwise standard castling
    /// is tried first and Chess960 castling used when the castling rights need it.
    pub fn from_fen(fen: &str, chess960: bool) -> Result<Standard, RulesError> {
        let parsed = Fen::from_ascii(fen.trim().as_bytes()).map_err(|e| RulesError {
            reason: format!("bad FEN \"{fen}\": {e}"),
        })?;
        let modes: &[CastlingMode] = if chess960 {
            &[CastlingMode::Chess960]
        } else {
            &[CastlingMode::Standard, CastlingMode::Chess960]
        };
        // Strict first; then, as CQL does, with an impossible en passant square dropped; then
        // also with impossible castling rights dropped.
        let mut last_error = String::new();
        for leniency in 0..3 {
            for &mode in modes {
                match lenient_position(parsed.clone(), mode, leniency) {
                    Ok(pos) => {
                        return Ok(Standard {
                            pos,
                            mode,
                            promoted: Bitboard::EMPTY,
                        });
                    }
                    Err(e) => last_error = e,
                }
            }
        }
        Err(RulesError {
            reason: format!("bad FEN \"{fen}\": {last_error}"),
        })
    }

    /// The start position, in Chess960 castling mode when asked (for `[Variant "Chess960"]`
    /// games without a FEN, which start from the standard array).
    pub fn start(chess960: bool) -> Standard {
        Standard {
            mode: CastlingMode::from_chess960(chess960),
            ..Standard::default()
        }
    }

    /// The start position of a game from its tags: `FEN` (with or without `SetUp`) and
    /// `Variant` (standard names, or Chess960 under its usual spellings, see
    /// [`super::select`]). Other variants are an error here: they have their own rules.
    pub fn for_game(fen: Option<&str>, variant: Option<&str>) -> Result<Standard, RulesError> {
        match super::select::rules_for_game(variant, None)? {
            super::select::GameRules::Standard { chess960 } => Standard::from_start(fen, chess960),
            other => Err(RulesError {
                reason: format!("variant \"{}\" is not standard chess", other.name()),
            }),
        }
    }

    /// The start position: the FEN when given and not empty, else the standard array.
    pub fn from_start(fen: Option<&str>, chess960: bool) -> Result<Standard, RulesError> {
        match fen {
            Some(f) if !f.trim().is_empty() => Standard::from_fen(f, chess960),
            _ => Ok(Standard::start(chess960)),
        }
    }

    /// The underlying shakmaty position.
    pub fn chess(&self) -> &Chess {
        &self.pos
    }

    fn move_info(&self, m: Move) -> MoveInfo<Bitboard> {
        move_info(self.pos.turn(), m)
    }

    fn update_promoted(&mut self, m: Move) {
        match m {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let was = self.promoted.contains(from);
                self.promoted.discard(from);
                self.promoted.discard(to);
                if was || promotion.is_some() {
                    self.promoted.add(to);
                }
            }
            Move::EnPassant { to, from } => {
                self.promoted
                    .discard(Square::from_coords(to.file(), from.rank()));
            }
            Move::Castle { .. } | Move::Put { .. } => {}
        }
    }

    fn play_move(&mut self, m: Move) -> MoveInfo<Bitboard> {
        let info = self.move_info(m);
        self.update_promoted(m);
        self.pos.play_unchecked(m);
        info
    }
}

impl Position for Standard {
    type Set = Bitboard;

    fn geometry(&self) -> Geometry {
        Geometry::STANDARD
    }

    fn pieces(&self, kinds: PieceKinds) -> Bitboard {
        board_pieces(self.pos.board(), kinds)
    }

    fn occupied(&self) -> Bitboard {
        self.pos.board().occupied()
    }

    fn piece_at(&self, square: &Bitboard) -> Option<(Color, PieceType)> {
        board_piece_at(self.pos.board(), *square)
    }

    fn attacks_from(&self, square: &Bitboard) -> Bitboard {
        board_attacks_from(self.pos.board(), *square)
    }

    fn turn(&self) -> Color {
        color_of(self.pos.turn())
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    fn legal_moves(&self) -> Vec<MoveInfo<Bitboard>> {
        self.pos
            .legal_moves()
            .into_iter()
            .map(|m| self.move_info(m))
            .collect()
    }

    fn has_legal_move(&self) -> bool {
        !self.pos.legal_moves().is_empty()
    }

    fn pseudo_legal_moves(&self) -> Vec<MoveInfo<Bitboard>> {
        pseudo_legal(self)
    }

    fn promoted(&self) -> Bitboard {
        self.promoted
    }

    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn fullmove_number(&self) -> u32 {
        self.pos.fullmoves().get()
    }

    fn fen(&self, standard: bool) -> String {
        let fen = Fen::from_position(&self.pos, EnPassantMode::Always).to_string();
        if standard {
            return fen;
        }
        // currentfen: the same with halfmove clock 0 and move number 1.
        let fields: Vec<&str> = fen.split(' ').take(4).collect();
        format!("{} 0 1", fields.join(" "))
    }

    fn zobrist(&self) -> u64 {
        let Zobrist64(key) = self.pos.zobrist_hash(EnPassantMode::PseudoLegal);
        key
    }

    fn power_of(&self, piece_type: PieceType) -> i64 {
        [1, 3, 3, 5, 9, 0]
            .get(piece_type as usize)
            .copied()
            .unwrap_or(0)
    }

    fn play_san(&mut self, san: &str) -> Result<MoveInfo<Bitboard>, RulesError> {
        let parsed = SanPlus::from_ascii(san.as_bytes())
            .map(|s| s.san)
            .or_else(|_| San::from_ascii(san.as_bytes()))
            .map_err(|_| RulesError {
                reason: format!("unreadable move \"{san}\""),
            })?;
        if parsed == San::Null {
            return self.play_null();
        }
        let m = parsed.to_move(&self.pos).map_err(|e| RulesError {
            reason: match e {
                shakmaty::san::SanError::AmbiguousSan => format!("ambiguous move \"{san}\""),
                shakmaty::san::SanError::IllegalSan => format!("illegal move \"{san}\""),
            },
        })?;
        Ok(self.play_move(m))
    }

    fn play_null(&mut self) -> Result<MoveInfo<Bitboard>, RulesError> {
        let color = self.turn();
        if self.pos.is_check() {
            return Err(RulesError {
                reason: "null move while in check".to_string(),
            });
        }
        let setup = {
            let mut s = self.pos.to_setup(EnPassantMode::Legal);
            s.turn = !s.turn;
            s.ep_square = None;
            s.halfmoves += 1;
            if color == Color::Black {
                s.fullmoves = s.fullmoves.saturating_add(1);
            }
            s
        };
        self.pos = match Chess::from_setup(setup, self.mode) {
            Ok(pos) => pos,
            Err(e) => e.ignore_impossible_check().map_err(|e| RulesError {
                reason: format!("null move: {e}"),
            })?,
        };
        Ok(MoveInfo {
            from: Bitboard::EMPTY,
            to: Bitboard::EMPTY,
            color,
            mover: type_of(Role::King),
            capture: None,
            promotion: None,
            castle: None,
            en_passant: false,
            null: true,
        })
    }
}

/// The squares of a shakmaty board holding pieces admitted by `kinds` (and the empty squares
/// if admitted): the one answer to `Position::pieces` for every shakmaty-based position.
pub(crate) fn board_pieces(board: &shakmaty::Board, kinds: PieceKinds) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for (color, mask) in [
        (shakmaty::Color::White, kinds.white),
        (shakmaty::Color::Black, kinds.black),
    ] {
        if mask & 0x3f == 0x3f {
            set |= board.by_color(color);
        } else if mask != 0 {
            for role in ROLES {
                if mask & (1 << type_of(role)) != 0 {
                    set |= board.by_piece(Piece { color, role });
                }
            }
        }
    }
    if kinds.empty {
        set |= !board.occupied();
    }
    set
}

/// The piece on a square (a singleton set) of a shakmaty board.
pub(crate) fn board_piece_at(
    board: &shakmaty::Board,
    square: Bitboard,
) -> Option<(Color, PieceType)> {
    let sq = square.single_square()?;
    board
        .piece_at(sq)
        .map(|p| (color_of(p.color), type_of(p.role)))
}

/// The squares attacked by the piece on `square` (a singleton) of a shakmaty board.
pub(crate) fn board_attacks_from(board: &shakmaty::Board, square: Bitboard) -> Bitboard {
    square
        .single_square()
        .map_or(Bitboard::EMPTY, |sq| board.attacks_from(sq))
}

/// What a shakmaty move of the side `turn` does, as filters see it (shared with the online
/// variants, whose drops have an empty `from`).
pub(crate) fn move_info(turn: shakmaty::Color, m: Move) -> MoveInfo<Bitboard> {
    let color = color_of(turn);
    let one = |sq: Square| Bitboard::from_square(sq);
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => MoveInfo {
            from: one(from),
            to: one(to),
            color,
            mover: type_of(role),
            capture: capture.map(|r| (type_of(r), one(to))),
            promotion: promotion.map(type_of),
            castle: None,
            en_passant: false,
            null: false,
        },
        Move::EnPassant { from, to } => MoveInfo {
            from: one(from),
            to: one(to),
            color,
            mover: 0,
            capture: Some((0, one(Square::from_coords(to.file(), from.rank())))),
            promotion: None,
            castle: None,
            en_passant: true,
            null: false,
        },
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            MoveInfo {
                from: one(king),
                to: one(Square::from_coords(side.king_to_file(), king.rank())),
                color,
                mover: type_of(Role::King),
                capture: None,
                promotion: None,
                castle: Some(side.is_king_side()),
                en_passant: false,
                null: false,
            }
        }
        Move::Put { role, to } => MoveInfo {
            from: Bitboard::EMPTY,
            to: one(to),
            color,
            mover: type_of(role),
            capture: None,
            promotion: None,
            castle: None,
            en_passant: false,
            null: false,
        },
    }
}

/// A position from a FEN: strictly (`leniency` 0), with an impossible en passant square
/// dropped (1), or with impossible castling rights dropped too (2).
fn lenient_position(fen: Fen, mode: CastlingMode, leniency: u8) -> Result<Chess, String> {
    let error = match fen.into_position::<Chess>(mode) {
        Ok(pos) => return Ok(pos),
        Err(e) => e,
    };
    if leniency == 0 {
        return Err(error.to_string());
    }
    let error = match error.ignore_invalid_ep_square() {
        Ok(pos) => return Ok(pos),
        Err(e) => e,
    };
    if leniency == 1 {
        return Err(error.to_string());
    }
    error
        .ignore_invalid_castling_rights()
        .map_err(|e| e.to_string())
}

/// Pseudo-legal moves: every move of the side to move by its pieces' movement rules, ignoring
/// whether its own king is left attacked. Castling is included only when legal.
fn pseudo_legal(p: &Standard) -> Vec<MoveInfo<Bitboard>> {
    pseudo_legal_moves(
        &p.pos,
        &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    )
    .into_iter()
    .map(|m| p.move_info(m))
    .collect()
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
    for m in pos.legal_moves() {
        if matches!(m, Move::Castle { .. }) {
            moves.push(m);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference keys published with the Polyglot book format specification.
    #[test]
    fn polyglot_reference_keys() {
        let cases: [(&[&str], u64); 9] = [
            (&[], 0x463b96181691fc9c),
            (&["e4"], 0x823c9b50fd114196),
            (&["e4", "d5"], 0x0756b94461c50fb0),
            (&["e4", "d5", "e5"], 0x662fafb965db29d4),
            (&["e4", "d5", "e5", "f5"], 0x22a48b5a8e47ff78),
            (&["e4", "d5", "e5", "f5", "Ke2"], 0x652a607ca3f242c1),
            (&["e4", "d5", "e5", "f5", "Ke2", "Kf7"], 0x00fdd303c946bdd9),
            (&["a4", "b5", "h4", "b4", "c4"], 0x3c8123ea7b067637),
            (
                &["a4", "b5", "h4", "b4", "c4", "bxc3", "Ra3"],
                0x5c3f9b829b279560,
            ),
        ];
        for (moves, key) in cases {
            let mut pos = Standard::default();
            for m in moves {
                pos.play_san(m).unwrap();
            }
            assert_eq!(pos.zobrist(), key, "after {moves:?}");
        }
    }

    /// Seed 003: the en passant square is written after every double step, even when no
    /// capture is possible; `currentfen` zeroes the counters.
    #[test]
    fn fen_fields_follow_seed_003() {
        let mut pos = Standard::default();
        pos.play_san("e4").unwrap();
        assert_eq!(
            pos.fen(true),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
        pos.play_san("Nf6").unwrap();
        assert_eq!(
            pos.fen(true),
            "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
        );
        assert_eq!(
            pos.fen(false),
            "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
        );
    }

    /// A promoted piece stays marked when it moves and is forgotten when captured.
    #[test]
    fn promoted_pieces_are_tracked() {
        // 1.a8=Q+ Kh7 2.Qb8 Rxb8: the queen is marked on a8, then b8, then gone.
        let mut pos = Standard::from_fen("7k/P7/8/8/8/8/1r6/7K w - - 0 1", false).unwrap();
        pos.play_san("a8=Q+").unwrap();
        assert_eq!(pos.promoted(), Bitboard::from_square(Square::A8));
        pos.play_san("Kh7").unwrap();
        pos.play_san("Qb8").unwrap();
        assert_eq!(pos.promoted(), Bitboard::from_square(Square::B8));
        pos.play_san("Rxb8").unwrap();
        assert_eq!(pos.promoted(), Bitboard::EMPTY);
    }

    /// Pseudo-legal moves include moves that leave the king attacked; legal ones do not.
    #[test]
    fn pseudo_legal_includes_pinned_moves() {
        // The e2 knight is pinned by the e8 rook against the e1 king.
        let pos = Standard::from_fen("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1", false).unwrap();
        let knight = Bitboard::from_square(Square::E2);
        assert!(pos.legal_moves().iter().all(|m| m.from != knight));
        assert_eq!(
            pos.pseudo_legal_moves()
                .iter()
                .filter(|m| m.from == knight)
                .count(),
            6
        );
    }
}
