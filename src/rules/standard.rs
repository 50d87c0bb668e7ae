//! Standard chess and Chess960 through shakmaty: the fast path for most games.

use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position as _, Rank,
    Role, Square,
};

use super::shakmaty_bridge::{
    after_null_move, coordinate_move, lenient, move_info, null_move_setup, pseudo_legal_count,
    pseudo_legal_moves, read_coordinates, read_san, san_and_uci, shakmaty_board_methods,
    track_promoted,
};
use super::{MoveInfo, Position, RulesError, RulesErrorKind};
use crate::chess::PieceType;

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

impl Standard {
    /// A position from a FEN. `chess960` forces Chess960 castling; otherwise standard castling
    /// is tried first and Chess960 castling used when the castling rights need it.
    pub fn from_fen(fen: &str, chess960: bool) -> Result<Standard, RulesError> {
        let parsed = Fen::from_ascii(fen.trim().as_bytes()).map_err(|e| {
            RulesError::new(
                RulesErrorKind::BadPosition,
                format!("bad FEN \"{fen}\": {e}"),
            )
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
                match lenient(parsed.clone().into_position::<Chess>(mode), leniency) {
                    Ok(pos) => {
                        return Ok(Standard {
                            pos,
                            mode,
                            promoted: Bitboard::EMPTY,
                        });
                    }
                    Err(e) => last_error = e.to_string(),
                }
            }
        }
        Err(RulesError::new(
            RulesErrorKind::BadPosition,
            format!("bad FEN \"{fen}\": {last_error}"),
        ))
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
            other => Err(RulesError::new(
                RulesErrorKind::NotApplicable,
                format!("variant \"{}\" is not standard chess", other.name()),
            )),
        }
    }

    /// The start position: the FEN when given and not empty, else the standard array.
    pub fn from_start(fen: Option<&str>, chess960: bool) -> Result<Standard, RulesError> {
        match fen {
            Some(f) if !f.trim().is_empty() => Standard::from_fen(f, chess960),
            _ => Ok(Standard::start(chess960)),
        }
    }

    /// Plays a SAN move already read (the one-pass search reads it from the PGN bytes):
    /// the same move as [`Position::play_san`] with its text.
    pub fn play_read_san(
        &mut self,
        san: &shakmaty::san::San,
    ) -> Result<MoveInfo<Bitboard>, RulesError> {
        let m = self.read_move(san)?;
        Ok(self.play_move(m))
    }

    /// [`Standard::play_read_san`] without describing the move (for a search that reads no
    /// move played).
    pub fn play_read_san_undescribed(
        &mut self,
        san: &shakmaty::san::San,
    ) -> Result<(), RulesError> {
        let m = self.read_move(san)?;
        track_promoted(&mut self.promoted, m);
        self.pos.play_unchecked(m);
        Ok(())
    }

    /// The legal move `san` names.
    fn read_move(&self, san: &shakmaty::san::San) -> Result<Move, RulesError> {
        san_move(&self.pos, san).map_err(|_| {
            RulesError::new(
                RulesErrorKind::UnplayableMove,
                format!("illegal or ambiguous move \"{san}\""),
            )
        })
    }

    /// The underlying shakmaty position.
    pub fn chess(&self) -> &Chess {
        &self.pos
    }

    fn move_info(&self, m: Move) -> MoveInfo<Bitboard> {
        move_info(self.pos.turn(), m)
    }

    fn play_move(&mut self, m: Move) -> MoveInfo<Bitboard> {
        let info = self.move_info(m);
        track_promoted(&mut self.promoted, m);
        self.pos.play_unchecked(m);
        info
    }
}

/// The move `san` names in `pos`, as shakmaty's `San::to_move` finds it (its error too), most
/// moves found faster ([`quick_move`]).
fn san_move(pos: &Chess, san: &shakmaty::san::San) -> Result<Move, shakmaty::san::SanError> {
    quick_move(pos, san).map_or_else(|| san.to_move(pos), Ok)
}

/// The move of a piece, a pawn (not en passant) or the king (not castling) that `san` names
/// in `pos`, found without listing the legal moves (what shakmaty's `San::to_move` does):
/// the squares from which a piece of that type reaches the target (a pawn: the squares behind
/// it, or those it captures from), narrowed to our pieces of that type and by the SAN's file
/// and rank; when exactly one is left, the move is legal unless it leaves our king attacked
/// (for the king: unless its target is attacked once it has left its square). Then
/// shakmaty's list, which holds only legal moves of that type to that square, matching the
/// same hints, capture mark and promotion, holds exactly that move. None in every other case
/// (no piece or several, an illegal move, a capture mark or promotion that does not fit, en
/// passant, castling), for `San::to_move` to decide.
fn quick_move(pos: &Chess, san: &shakmaty::san::San) -> Option<Move> {
    let &shakmaty::san::San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = san
    else {
        return None;
    };
    let turn = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    if pos.us().contains(to) {
        return None;
    }
    let taken = board.role_at(to);
    // A capture onto an empty square is en passant (or illegal): shakmaty's list decides.
    if taken.is_some() != capture {
        return None;
    }
    // Only a pawn reaching the last rank promotes, and only to a knight, bishop, rook or queen.
    let promotes = role == Role::Pawn && to.rank() == (!turn).backrank();
    let promotion_fits = match promotion {
        None => !promotes,
        Some(Role::Pawn | Role::King) => false,
        Some(_) => promotes,
    };
    if !promotion_fits {
        return None;
    }
    let reach = match role {
        Role::Knight => shakmaty::attacks::knight_attacks(to),
        Role::Bishop => shakmaty::attacks::bishop_attacks(to, occupied),
        Role::Rook => shakmaty::attacks::rook_attacks(to, occupied),
        Role::Queen => shakmaty::attacks::queen_attacks(to, occupied),
        Role::King => shakmaty::attacks::king_attacks(to),
        // Our pawns that capture on `to` stand where their pawn would be attacked from.
        Role::Pawn if capture => shakmaty::attacks::pawn_attacks(!turn, to),
        Role::Pawn => pawn_push_origin(turn, to, occupied),
    };
    let mut from = reach & pos.our(role);
    if let Some(file) = file {
        from &= Bitboard::from_file(file);
    }
    if let Some(rank) = rank {
        from &= Bitboard::from_rank(rank);
    }
    let from = from.single_square()?;
    let after = (occupied ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
    let king = if role == Role::King {
        to
    } else {
        board.king_of(turn)?
    };
    // The piece taken on `to` attacks no more.
    let attackers = board.attacks_to(king, !turn, after) & !Bitboard::from_square(to);
    attackers.is_empty().then_some(Move::Normal {
        role,
        from,
        capture: taken,
        to,
        promotion,
    })
}

/// The square a pawn of `turn` pushed to the empty square `to` comes from: one behind it when
/// that square is occupied (by a pawn of ours, or the push is impossible), else two behind
/// when `to` is on the double step's rank. Empty when neither exists.
fn pawn_push_origin(turn: Color, to: Square, occupied: Bitboard) -> Bitboard {
    let back = if turn.is_white() { -8 } else { 8 };
    let Some(one) = to.offset(back) else {
        return Bitboard::EMPTY;
    };
    if occupied.contains(one) {
        return Bitboard::from_square(one);
    }
    if to.rank() != turn.relative_rank(Rank::Fourth) {
        return Bitboard::EMPTY;
    }
    one.offset(back)
        .map_or(Bitboard::EMPTY, Bitboard::from_square)
}

/// Whether a legal move is seen without listing the moves (true in most positions; false
/// leaves it to shakmaty's list): not in check, a piece that is not pinned against our king
/// has a legal move wherever its movement rules take it, except en passant, which is not
/// looked at; and the king may step to any square not of ours that no enemy piece attacks,
/// since no slider attacks the king's square, so its leaving opens no line.
fn plain_move_exists(pos: &Chess) -> bool {
    use shakmaty::attacks;
    let board = pos.board();
    let Some(king) = board.king_of(pos.turn()) else {
        return false;
    };
    if !pos.checkers().is_empty() {
        return false;
    }
    let (us, them, occupied) = (pos.us(), pos.them(), board.occupied());
    let steps = attacks::king_attacks(king) & !us;
    if steps
        .into_iter()
        .any(|to| board.attacks_to(to, !pos.turn(), occupied).is_empty())
    {
        return true;
    }
    // Our pieces alone between an enemy slider and our king.
    let mut pinned = Bitboard::EMPTY;
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens()
        | attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens())
        & them;
    for sniper in snipers {
        let between = attacks::between(king, sniper) & occupied;
        if between.is_subset(us) && between.count() == 1 {
            pinned |= between;
        }
    }
    let free = us & !pinned & !board.kings();
    let forward = match pos.turn() {
        shakmaty::Color::White => (board.pawns() & free).shift(8),
        shakmaty::Color::Black => (board.pawns() & free).shift(-8),
    };
    if !(forward & !occupied).is_empty() {
        return true;
    }
    free.into_iter().any(|from| {
        let reach = match board.role_at(from) {
            Some(Role::Pawn) => attacks::pawn_attacks(pos.turn(), from) & them,
            Some(role) => attacks::attacks(from, role.of(pos.turn()), occupied) & !us,
            None => Bitboard::EMPTY,
        };
        !reach.is_empty()
    })
}

impl Position for Standard {
    type Set = Bitboard;

    shakmaty_board_methods!();

    fn legal_moves(&self) -> Vec<MoveInfo<Bitboard>> {
        self.pos
            .legal_moves()
            .into_iter()
            .map(|m| self.move_info(m))
            .collect()
    }

    fn has_legal_move(&self) -> bool {
        plain_move_exists(&self.pos) || !self.pos.legal_moves().is_empty()
    }

    fn pseudo_legal_moves(&self) -> Vec<MoveInfo<Bitboard>> {
        pseudo_legal(self)
    }

    fn legal_move_count(&self) -> Option<usize> {
        // Each promotion comes in all four pieces or not at all: count the queen's.
        let moves = self.pos.legal_moves();
        Some(
            moves
                .iter()
                .filter(|m| m.promotion().is_none_or(|r| r == Role::Queen))
                .count(),
        )
    }

    fn pseudo_legal_move_count(&self) -> Option<usize> {
        Some(pseudo_legal_count(&self.pos))
    }

    fn promoted(&self) -> Bitboard {
        self.promoted
    }

    fn fen(&self, standard: bool) -> String {
        let fen = Fen::from_position(&self.pos, EnPassantMode::Always).to_string();
        if standard {
            fen
        } else {
            super::shakmaty_bridge::current_fen(&fen)
        }
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

    fn power_of_pieces(&self, set: &Bitboard) -> i64 {
        let board = self.pos.board();
        [
            (board.pawns(), 1),
            (board.knights(), 3),
            (board.bishops(), 3),
            (board.rooks(), 5),
            (board.queens(), 9),
        ]
        .into_iter()
        .map(|(pieces, power)| i64::from((pieces & *set).count() as u32) * power)
        .sum()
    }

    fn play_san(&mut self, san: &str) -> Result<MoveInfo<Bitboard>, RulesError> {
        match self.san_to_move(san)? {
            Some(m) => Ok(self.play_move(m)),
            None => self.play_null(),
        }
    }

    fn play_parsed_san(
        &mut self,
        san: &shakmaty::san::San,
        text: &str,
    ) -> Result<MoveInfo<Bitboard>, RulesError> {
        // The text's SAN is `san` (the reader wrote it from that): a move it names is the
        // move `play_san` finds; anything else (a null move, no move, several, a coordinate
        // move) goes through `play_san` for its reading and its message.
        if *san != shakmaty::san::San::Null
            && let Ok(m) = san_move(&self.pos, san)
        {
            return Ok(self.play_move(m));
        }
        self.play_san(text)
    }

    fn san_and_uci(&self, san: &str) -> Option<(String, String)> {
        let m = self.san_to_move(san).ok()?;
        Some(san_and_uci(&self.pos, m, self.mode))
    }

    fn play_null(&mut self) -> Result<MoveInfo<Bitboard>, RulesError> {
        let (setup, info) = null_move_setup(&self.pos)?;
        self.pos = after_null_move(Chess::from_setup(setup, self.mode))?;
        Ok(info)
    }
}

impl Standard {
    /// The legal move written `san` (None: a null move): as SAN (strict, else as python-chess
    /// reads it: [`super::lenient_san`]), or where SAN names no move, as a coordinate move (`g1f3`, `Ng1-f3`, `e7-e8=Q`); SAN's error when neither does.
    fn san_to_move(&self, san: &str) -> Result<Option<Move>, RulesError> {
        let from_san = read_san(san).and_then(|parsed| {
            parsed
                .map(|parsed| {
                    // Where the strict reading names no move, python-chess's (the capture
                    // mark not checked: `cd5`).
                    san_move(&self.pos, &parsed).or_else(|e| match e {
                        shakmaty::san::SanError::IllegalSan => {
                            let legal: Vec<Move> = self.pos.legal_moves().into_iter().collect();
                            super::lenient_san::lenient_move(&parsed, &legal)
                        }
                        e => Err(e),
                    })
                })
                .transpose()
                .map_err(|e| match e {
                    shakmaty::san::SanError::AmbiguousSan => RulesError::new(
                        RulesErrorKind::AmbiguousMove,
                        format!("ambiguous move \"{san}\""),
                    ),
                    shakmaty::san::SanError::IllegalSan => RulesError::new(
                        RulesErrorKind::IllegalMove,
                        format!("illegal move \"{san}\""),
                    ),
                })
        });
        from_san.or_else(|e| {
            read_coordinates(san)
                .and_then(|c| coordinate_move(&c, &self.pos.legal_moves()))
                .map(Some)
                .ok_or(e)
        })
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

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

    /// `quick_move` names the move shakmaty's `San::to_move` names, or leaves it to it: on
    /// every position of random games (and hand-made pins, checks, promotions and en passant
    /// captures), for every move a piece, pawn or king of the side to move could make by its
    /// own geometry (legal or not), written with and without its file and rank, with the right
    /// and the wrong capture mark, and with each promotion or none.
    #[test]
    fn quick_moves_are_shakmatys() {
        use shakmaty::san::San;
        let check = |pos: &Chess, checked: &mut usize| {
            let turn = pos.turn();
            let occupied = pos.board().occupied();
            for role in Role::ALL {
                for from in pos.our(role) {
                    let targets = match role {
                        // Pushes of one and two squares and both captures.
                        Role::Pawn => [8, 16, 7, 9]
                            .into_iter()
                            .filter_map(|d| from.offset(if turn.is_white() { d } else { -d }))
                            .collect(),
                        // Its steps and the castling king's two-square moves.
                        Role::King => {
                            shakmaty::attacks::king_attacks(from)
                                | [-2, 2]
                                    .into_iter()
                                    .filter_map(|d| from.offset(d))
                                    .filter(|to| to.rank() == from.rank())
                                    .collect::<Bitboard>()
                        }
                        _ => shakmaty::attacks::attacks(from, role.of(turn), occupied),
                    } & !pos.us();
                    for to in targets {
                        for (file, rank) in [
                            (None, None),
                            (Some(from.file()), None),
                            (None, Some(from.rank())),
                            (Some(from.file()), Some(from.rank())),
                        ] {
                            for capture in [false, true] {
                                for promotion in [
                                    None,
                                    Some(Role::Queen),
                                    Some(Role::Knight),
                                    Some(Role::King),
                                    Some(Role::Pawn),
                                ] {
                                    let san = San::Normal {
                                        role,
                                        file,
                                        rank,
                                        capture,
                                        to,
                                        promotion,
                                    };
                                    if let Some(fast) = quick_move(pos, &san) {
                                        assert_eq!(
                                            Ok(fast),
                                            san.to_move(pos),
                                            "{san} in {}",
                                            Fen::from_position(pos, EnPassantMode::Legal)
                                        );
                                        *checked += 1;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        };
        let mut checked = 0;
        for fen in [
            // A pinned knight, a pinned rook that may move along the pin, a check to block.
            "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1",
            "4r2k/8/8/8/8/8/4R3/4K1N1 w - - 0 1",
            "k3r3/8/8/8/1N6/8/8/4K1N1 w - - 0 1",
            "k7/8/8/3N1N2/8/3N1N2/8/K7 w - - 0 1",
            // Pawns: pinned on a file and a diagonal, a capture that answers a check, a
            // double step that blocks one, promotions with and without a capture (one pinned).
            "4r2k/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "7k/8/8/8/8/2b5/3P4/4K3 w - - 0 1",
            "7k/8/8/8/3q4/4P3/8/2K5 w - - 0 1",
            "7k/8/8/8/r7/8/1P6/K7 w - - 0 1",
            "1n4k1/P1P5/8/8/8/8/8/4K3 w - - 0 1",
            "r3k3/1P6/8/8/8/8/8/1K6 w - - 0 1",
            "k7/8/8/8/8/8/1p1p4/2N3K1 b - - 0 1",
            // En passant: possible, and refused because it would open the king's rank.
            "7k/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
            // Kings: in check from a rook (a step along its line stays in check), next to
            // a defended and an undefended piece, and with castling rights.
            "4r2k/8/8/8/8/8/8/4K3 w - - 0 1",
            "7k/8/8/8/8/2n5/3pb3/4K3 w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            check(&pos, &mut checked);
        }
        // Random games (a fixed linear congruential sequence picks each move among the legal
        // ones): positions with pins, checks and several pieces reaching a square.
        for pos in crate::random_games::random_positions(300, 120, 12345) {
            check(&pos, &mut checked);
        }
        assert!(checked > 100, "{checked}");
    }

    /// `within attackedby from` on bitboards is the union, piece by piece, of each piece's
    /// attacks within, `from attacks within` the pieces whose attacks meet it, and `power
    /// from` the sum of its pieces' powers (the trait's definitions), on positions of random
    /// games and for sets of every kind: both sides, one side, a piece type, empty squares,
    /// arbitrary masks, one square.
    #[test]
    fn board_sets_on_bitboards_are_each_pieces() {
        let mut seed: u64 = 987;
        let mut next = || {
            seed = crate::random_games::next_number(seed);
            seed
        };
        let mut compared = 0;
        for pos in crate::random_games::random_positions(60, 100, 654) {
            let standard = Standard {
                pos: pos.clone(),
                mode: CastlingMode::Standard,
                promoted: Bitboard::EMPTY,
            };
            let board = pos.board();
            let masks = [
                board.occupied(),
                board.white(),
                board.black(),
                board.knights(),
                !board.occupied(),
                Bitboard(next()),
                Bitboard::FULL,
                Bitboard::from_square(Square::new((next() >> 40) as u32 % 64)),
                board.kings() & board.black(),
            ];
            for from in masks {
                for within in masks {
                    let mut expected = Bitboard::EMPTY;
                    for sq in from & board.occupied() {
                        let square = Bitboard::from_square(sq);
                        expected |= standard.attacks_within(&square, &within);
                    }
                    assert_eq!(standard.attacked_within(&from, &within), expected);
                    // And `from attacks within`, piece by piece.
                    let mut attacking = Bitboard::EMPTY;
                    for sq in from & board.occupied() {
                        let square = Bitboard::from_square(sq);
                        if standard.attacks_within(&square, &within).any() {
                            attacking |= square;
                        }
                    }
                    assert_eq!(standard.attacking(&from, &within), attacking);
                    compared += 1;
                }
                // `power`: the pieces' powers, square by square.
                let power: i64 = from
                    .into_iter()
                    .filter_map(|sq| standard.piece_at(&Bitboard::from_square(sq)))
                    .map(|(_, t)| standard.power_of(t))
                    .sum();
                assert_eq!(standard.power_of_pieces(&from), power);
            }
        }
        assert!(compared > 1000, "{compared}");
    }

    /// `plain_move_exists` never sees a move shakmaty's list does not hold, and the fast
    /// `has_legal_move` agrees with the list: on hand-made stalemates (a pinned knight, a king
    /// boxed in, en passant the only move) and on random sparse positions, where stalemates
    /// and pins are common.
    #[test]
    fn legal_move_exists_as_shakmaty_lists() {
        let agree = |pos: &Chess| {
            let listed = !pos.legal_moves().is_empty();
            let fen = Fen::from_position(pos, EnPassantMode::Legal);
            assert!(!plain_move_exists(pos) || listed, "{fen}");
            let standard = Standard {
                pos: pos.clone(),
                mode: CastlingMode::Standard,
                promoted: Bitboard::EMPTY,
            };
            assert_eq!(standard.has_legal_move(), listed, "{fen}");
            listed
        };
        for (fen, moves) in [
            // The b1 knight is pinned by the h1 rook; a2 and b2 are the black king's.
            ("8/8/8/8/8/1k6/8/KN5r w - - 0 1", false),
            // The same with the knight free to move (the rook on h2).
            ("8/8/8/8/8/1k6/7r/KN6 w - - 0 1", true),
            // The a1 king is boxed in by the c2 queen and the b5 pawn blocked by the b6
            // knight: en passant is the only move, and without it there is none.
            ("7k/8/1n6/1Pp5/8/8/2q5/K7 w - c6 0 2", true),
            ("7k/8/1n6/1P6/8/8/2q5/K7 w - - 0 1", false),
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            assert_eq!(agree(&pos), moves, "{fen}");
        }
        // Random positions: two kings and up to five other pieces on random squares.
        let mut seed: u64 = 987654321;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let (mut positions, mut without_moves) = (0, 0);
        let pieces = "PNBRQpnbrq".as_bytes();
        while positions < 20_000 {
            let mut board = [b'.'; 64];
            board[next(64) as usize] = b'K';
            board[next(64) as usize] = b'k';
            for _ in 0..next(6) {
                board[next(64) as usize] = pieces[next(10) as usize];
            }
            let rows: Vec<String> = board
                .chunks(8)
                .map(|row| {
                    let mut text = String::new();
                    let mut empty = 0;
                    for &c in row {
                        if c == b'.' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                            }
                            empty = 0;
                            text.push(c as char);
                        }
                    }
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                    }
                    text
                })
                .collect();
            let turn = if next(2) == 0 { "w" } else { "b" };
            let fen = format!("{} {turn} - - 0 1", rows.join("/"));
            let Ok(pos) = fen
                .parse::<Fen>()
                .unwrap()
                .into_position::<Chess>(CastlingMode::Standard)
            else {
                continue;
            };
            positions += 1;
            if !agree(&pos) {
                without_moves += 1;
            }
        }
        assert!(without_moves > 20, "{without_moves}");
    }
}
