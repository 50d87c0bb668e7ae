//! Standard chess and Chess960 through shakmaty: the fast path for most games.

mod quick_moves;

use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, CastlingMode, Chess, EnPassantMode, FromSetup, Move, Position as _, Role,
};

use super::shakmaty_bridge::{
    after_null_move, coordinate_move, lenient, move_info, null_move_setup, pseudo_legal_count,
    pseudo_legal_moves, read_coordinates, read_san, san_and_uci, san_error, shakmaty_board_methods,
    track_promoted,
};
use super::{MoveInfo, Position, RulesError, RulesErrorKind};
use crate::chess::PieceType;
use quick_moves::{evasion_exists, plain_move_exists, san_move};

/// A standard or Chess960 position, with promoted pieces tracked for `promotedpieces`.
#[derive(Clone, Debug)]
pub struct Standard {
    pos: Chess,
    mode: CastlingMode,
    promoted: Bitboard,
}

impl Default for Standard {
    fn default() -> Self {
        Standard::of(Chess::default(), CastlingMode::Standard)
    }
}

impl Standard {
    /// `pos` in castling mode `mode`, no piece promoted.
    fn of(pos: Chess, mode: CastlingMode) -> Standard {
        Standard {
            pos,
            mode,
            promoted: Bitboard::EMPTY,
        }
    }

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
                    Ok(pos) => return Ok(Standard::of(pos, mode)),
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
        self.play_read_san_move(san).map(|_| ())
    }

    /// [`Standard::play_read_san_undescribed`], giving shakmaty's move played (the index's
    /// summary reads the move's squares and pieces off it).
    pub fn play_read_san_move(&mut self, san: &shakmaty::san::San) -> Result<Move, RulesError> {
        let m = self.read_move(san)?;
        track_promoted(&mut self.promoted, m);
        self.play_unchecked(m);
        Ok(m)
    }

    /// Plays `m` when it is legal here (a move decoded from the index's packed main line,
    /// `index::replay`, not trusted): described when `describe`, else played without a
    /// description (None). An illegal move is an error and the position is left as it was.
    pub fn play_if_legal(
        &mut self,
        m: Move,
        describe: bool,
    ) -> Result<Option<MoveInfo<Bitboard>>, RulesError> {
        if !quick_moves::is_legal(&self.pos, m) {
            return Err(RulesError::new(
                RulesErrorKind::UnplayableMove,
                format!("illegal move {m:?}"),
            ));
        }
        if describe {
            return Ok(Some(self.play_move(m)));
        }
        track_promoted(&mut self.promoted, m);
        self.play_unchecked(m);
        Ok(None)
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

    /// Whether a legal move exists, the pieces giving check being `checkers`: in check, an
    /// evasion ([`evasion_exists`]); else a move seen at once ([`plain_move_exists`]) or
    /// shakmaty's list.
    fn legal_move_exists(&self, checkers: Bitboard) -> bool {
        if checkers.any() {
            evasion_exists(&self.pos, checkers)
        } else {
            plain_move_exists(&self.pos) || !self.pos.legal_moves().is_empty()
        }
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
        self.play_unchecked(m);
        info
    }

    /// Plays the legal move `m`.
    fn play_unchecked(&mut self, m: Move) {
        self.pos.play_unchecked(m);
    }
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
        self.legal_move_exists(self.pos.checkers())
    }

    // `mate` and `stalemate` as the trait defines them, the pieces giving check found once.
    fn is_mate(&self) -> bool {
        let checkers = self.pos.checkers();
        checkers.any() && !self.legal_move_exists(checkers)
    }

    fn is_stalemate(&self) -> bool {
        let checkers = self.pos.checkers();
        checkers.is_empty() && !self.legal_move_exists(checkers) && !self.is_variant_end()
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
                .map_err(|e| san_error(e, san))
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

    /// `within attackedby from` on bitboards is the union, piece by piece, of each piece's
    /// attacks within, `from attacks within` the pieces whose attacks meet it, and `power
    /// from` the sum of its pieces' powers (the trait's definitions), on positions of random
    /// games and for sets of every kind: both sides, one side, a piece type, empty squares,
    /// arbitrary masks, one square.
    #[test]
    fn board_sets_on_bitboards_are_each_pieces() {
        let mut seed: u64 = 987;
        let mut next = || {
            seed = crate::rules::random_games::next_number(seed);
            seed
        };
        let mut compared = 0;
        for pos in crate::rules::random_games::random_positions(60, 100, 654) {
            let standard = Standard::of(pos.clone(), CastlingMode::Standard);
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
}
