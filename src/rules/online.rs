//! The online variants (lichess, FICS, pychess, CQLi): Crazyhouse, Atomic, Antichess,
//! Giveaway, Losers, King of the Hill, Three-check, Horde and Racing Kings.
//!
//! Moves come from shakmaty's `variant` feature; two FICS rule sets are thin layers over it:
//! Giveaway is Antichess with castling (as FICS and Fairy-Stockfish play it; lichess Antichess
//! has none), Losers is standard chess where a capture, when one is legal, must be played and
//! a side left with its king alone has reached the goal.
//!
//! Conventions (python-chess's and Fairy-Stockfish's, which the truth tests check):
//! - `check`: the side to move's king is attacked under the variant's rules (never in
//!   Antichess/Giveaway; in Atomic not while the kings touch; never for Horde's kingless side).
//! - A position where a variant goal is reached (hill, third check, racing-kings finish, king
//!   exploded, no pieces, lone king in Losers) has no legal moves.
//! - `mate`: check and no legal move (so the third check in Three-check is a mate);
//!   `stalemate`: no check, no legal move and no goal reached.
//! - Pseudo-legal moves: the pieces' movement rules and drops, ignoring the own king's safety
//!   and the variant's extra restrictions (compulsory captures, Racing Kings' ban on checks).
//! - FEN: crazyhouse pockets as `[PNpb]` after the board and promoted pieces as `Q~`; the
//!   Three-check field `W+B` (checks each side still needs) before the halfmove clock.
//! - Zobrist key: the Polyglot key of the board, castling, side and en passant (as for
//!   standard chess) XOR, in Crazyhouse, one key per (colour, role, pocket count) taken from
//!   shakmaty's pocket table (count 0 adds nothing, so empty pockets keep the Polyglot key).
//!   Remaining checks and promoted markers are not hashed, as CQLi documents.

use shakmaty::fen::Fen;
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{
    Bitboard, Castles, CastlingMode, CastlingSide, Color as SColor, EnPassantMode, Move, MoveList,
    Position as _, Role, Setup, Square,
};

use super::shakmaty_bridge::{
    ROLES, after_null_move, lenient, move_info, null_move_setup, pseudo_legal_moves, resolve_move,
    san_and_uci, shakmaty_board_methods, track_promoted,
};
use super::{MoveInfo, Position, RulesError, RulesErrorKind};
use crate::chess::PieceType;

/// An online variant, as resolved from a `[Variant]` tag by [`super::select`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OnlineVariant {
    /// Captured pieces go to the captor's pocket and may be dropped (`N@f3`).
    Crazyhouse,
    /// Captures explode the 3×3 neighbourhood (pawns survive, except the capturer).
    Atomic,
    /// Lichess Antichess (also FICS Suicide): captures compulsory, no check, no castling.
    Antichess,
    /// FICS/Fairy-Stockfish Giveaway: Antichess with castling.
    Giveaway,
    /// FICS Losers: chess where captures are compulsory; a lone king, mate or stalemate wins.
    Losers,
    /// A king reaching d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// The third check wins.
    ThreeCheck,
    /// White's 36 pawns and no king against Black's army.
    Horde,
    /// No checks; the first king on the eighth rank wins.
    RacingKings,
}

impl OnlineVariant {
    /// The variant's usual (lichess) name.
    pub fn name(self) -> &'static str {
        match self {
            OnlineVariant::Crazyhouse => "Crazyhouse",
            OnlineVariant::Atomic => "Atomic",
            OnlineVariant::Antichess => "Antichess",
            OnlineVariant::Giveaway => "Giveaway",
            OnlineVariant::Losers => "Losers",
            OnlineVariant::KingOfTheHill => "King of the Hill",
            OnlineVariant::ThreeCheck => "Three-check",
            OnlineVariant::Horde => "Horde",
            OnlineVariant::RacingKings => "Racing Kings",
        }
    }

    /// The shakmaty variant generating the moves.
    fn engine(self) -> Variant {
        match self {
            OnlineVariant::Crazyhouse => Variant::Crazyhouse,
            OnlineVariant::Atomic => Variant::Atomic,
            OnlineVariant::Antichess | OnlineVariant::Giveaway => Variant::Antichess,
            OnlineVariant::Losers => Variant::Chess,
            OnlineVariant::KingOfTheHill => Variant::KingOfTheHill,
            OnlineVariant::ThreeCheck => Variant::ThreeCheck,
            OnlineVariant::Horde => Variant::Horde,
            OnlineVariant::RacingKings => Variant::RacingKings,
        }
    }

    /// `power` values by piece type (pawn, knight, bishop, rook, queen, king), from the
    /// CQL-S `:power` table (seed 004): Crazyhouse K0 Q5 R3 B3 N3 P1, Losers K0 Q5 R4 B3 N4
    /// P1, Suicide/Giveaway K30 Q3 R9 B0 N9 P1; the others as normal chess.
    fn power(self) -> [i64; 6] {
        match self {
            OnlineVariant::Crazyhouse => [1, 3, 3, 3, 5, 0],
            OnlineVariant::Losers => [1, 4, 3, 4, 5, 0],
            OnlineVariant::Antichess | OnlineVariant::Giveaway => [1, 9, 0, 9, 3, 30],
            _ => [1, 3, 3, 5, 9, 0],
        }
    }

    /// Whether pawns may promote to kings.
    fn king_promotions(self) -> bool {
        matches!(self, OnlineVariant::Antichess | OnlineVariant::Giveaway)
    }
}

/// A position of an online variant.
#[derive(Clone, Debug)]
pub struct Online {
    pos: VariantPosition,
    variant: OnlineVariant,
    /// Promoted pawns, tracked here for every variant but Crazyhouse (where shakmaty does).
    promoted: Bitboard,
    /// Giveaway only: castling rights (shakmaty's Antichess has none) and each side's king
    /// square they belong to.
    castling: Option<(Castles, [Option<Square>; 2])>,
}

impl Online {
    /// The start position of a game: its FEN when given, else the variant's initial array.
    pub fn for_game(variant: OnlineVariant, fen: Option<&str>) -> Result<Online, RulesError> {
        match fen.filter(|f| !f.trim().is_empty()) {
            Some(f) => Online::from_fen(variant, f),
            None => {
                let mut setup =
                    VariantPosition::new(variant.engine()).to_setup(EnPassantMode::Legal);
                if variant == OnlineVariant::Giveaway {
                    setup.castling_rights = Setup::initial().castling_rights;
                }
                Online::from_setup(variant, setup, 0)
            }
        }
    }

    /// A position from a FEN (X-FEN or Shredder castling; pockets `[...]` or `/...`; `~`
    /// promoted markers; the Three-check field). Impossible en passant squares and castling
    /// rights are dropped as for standard chess.
    pub fn from_fen(variant: OnlineVariant, fen: &str) -> Result<Online, RulesError> {
        let parsed = Fen::from_ascii(fen.trim().as_bytes()).map_err(|e| {
            RulesError::new(
                RulesErrorKind::BadPosition,
                format!("bad FEN \"{fen}\": {e}"),
            )
        })?;
        let mut last_error = String::new();
        for leniency in 0..3 {
            match Online::from_setup(variant, parsed.as_setup().clone(), leniency) {
                Ok(pos) => return Ok(pos),
                Err(e) => last_error = e.reason,
            }
        }
        Err(RulesError::new(
            RulesErrorKind::BadPosition,
            format!("bad FEN \"{fen}\" for {}: {last_error}", variant.name()),
        ))
    }

    fn from_setup(
        variant: OnlineVariant,
        setup: Setup,
        leniency: u8,
    ) -> Result<Online, RulesError> {
        let castling = (variant == OnlineVariant::Giveaway).then(|| giveaway_castling(&setup));
        let mut last_error = String::new();
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            let mut setup = setup.clone();
            if castling.is_some() {
                setup.castling_rights = Bitboard::EMPTY;
            }
            let promoted = setup.promoted & setup.board.occupied();
            let built = VariantPosition::from_setup(variant.engine(), setup, mode);
            match lenient(built, leniency) {
                Ok(pos) => {
                    return Ok(Online {
                        pos,
                        variant,
                        promoted,
                        castling: castling.clone(),
                    });
                }
                Err(e) => last_error = e.to_string(),
            }
        }
        Err(RulesError::new(RulesErrorKind::BadPosition, last_error))
    }

    /// The underlying shakmaty position.
    pub fn position(&self) -> &VariantPosition {
        &self.pos
    }

    /// The variant.
    pub fn variant(&self) -> OnlineVariant {
        self.variant
    }

    /// The legal moves under the variant's rules (none once a goal is reached).
    pub fn moves(&self) -> MoveList {
        if self.variant_goal() {
            return MoveList::new();
        }
        let mut moves = self.pos.legal_moves();
        match self.variant {
            OnlineVariant::Losers if moves.iter().any(|m| m.is_capture()) => {
                moves.retain(|m| m.is_capture());
            }
            OnlineVariant::Giveaway if !moves.iter().any(|m| m.is_capture()) => {
                moves.extend(self.giveaway_castles());
            }
            _ => {}
        }
        moves
    }

    /// Losers' goal (a side has nothing but kings), or shakmaty's variant end.
    fn variant_goal(&self) -> bool {
        match self.variant {
            OnlineVariant::Losers => {
                let board = self.pos.board();
                SColor::ALL
                    .iter()
                    .any(|&c| (board.by_color(c) & !board.kings()).is_empty())
            }
            _ => self.pos.is_variant_end(),
        }
    }

    /// Giveaway's castling moves: right kept, king and rook on their squares, path empty.
    /// The king is not royal, so attacked squares do not matter.
    fn giveaway_castles(&self) -> Vec<Move> {
        let Some((castles, kings)) = &self.castling else {
            return Vec::new();
        };
        let us = self.pos.turn();
        let board = self.pos.board();
        let Some(king) = kings[us as usize] else {
            return Vec::new();
        };
        if board.piece_at(king) != Some(us.king()) {
            return Vec::new();
        }
        CastlingSide::ALL
            .iter()
            .filter_map(|&side| {
                let rook = castles.rook(us, side)?;
                let path = castles.path(us, side).without(king).without(rook);
                (board.piece_at(rook) == Some(us.rook()) && (path & board.occupied()).is_empty())
                    .then_some(Move::Castle { king, rook })
            })
            .collect()
    }

    /// Plays `m`, which must be one of [`Online::moves`], and says what it did.
    pub fn play_move(&mut self, m: Move) -> MoveInfo<Bitboard> {
        let info = move_info(self.pos.turn(), m);
        let us = self.pos.turn();
        if let Some((castles, kings)) = &mut self.castling {
            for sq in [m.from(), Some(m.to())].into_iter().flatten() {
                castles.discard_rook(sq);
                for color in SColor::ALL {
                    if kings[color as usize] == Some(sq) {
                        castles.discard_color(color);
                    }
                }
            }
            if let Move::Castle { rook, .. } = m {
                castles.discard_color(us);
                castles.discard_rook(rook);
            }
        }
        track_promoted(&mut self.promoted, m);
        self.pos.play_unchecked(m);
        self.promoted &= self.pos.board().occupied();
        info
    }

    /// The SAN parsed and matched against this variant's legal moves (where SAN names no
    /// legal move, the text read as a coordinate move, `g1f3`).
    fn san_to_move(&self, san: &str) -> Result<Option<Move>, RulesError> {
        resolve_move(san, &self.moves())
    }

    fn setup_for_output(&self, ep: EnPassantMode) -> Setup {
        let mut setup = self.pos.to_setup(ep);
        if let Some((castles, _)) = &self.castling {
            setup.castling_rights = castles.castling_rights();
        }
        setup
    }
}

/// Giveaway's castling rights from a setup, with the king square each side's rights need.
fn giveaway_castling(setup: &Setup) -> (Castles, [Option<Square>; 2]) {
    let castles = Castles::from_setup(setup, CastlingMode::Standard)
        .or_else(|_| Castles::from_setup(setup, CastlingMode::Chess960))
        .unwrap_or_else(|c| c);
    let board = &setup.board;
    let king_of = |c: SColor| {
        (board.kings() & board.by_color(c) & Bitboard::from_rank(c.backrank())).single_square()
    };
    let mut kings = [None; 2];
    for c in SColor::ALL {
        kings[c as usize] = king_of(c);
    }
    (castles, kings)
}

impl Position for Online {
    type Set = Bitboard;

    shakmaty_board_methods!();

    fn legal_moves(&self) -> Vec<MoveInfo<Bitboard>> {
        let turn = self.pos.turn();
        self.moves()
            .into_iter()
            .map(|m| move_info(turn, m))
            .collect()
    }

    fn has_legal_move(&self) -> bool {
        !self.moves().is_empty()
    }

    fn pseudo_legal_moves(&self) -> Vec<MoveInfo<Bitboard>> {
        let turn = self.pos.turn();
        let mut promotions = vec![Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
        if self.variant.king_promotions() {
            promotions.push(Role::King);
        }
        let mut moves = if self.variant_goal() {
            Vec::new()
        } else {
            pseudo_legal_moves(&self.pos, &promotions)
        };
        if !self.variant_goal() {
            moves.extend(self.giveaway_castles());
            moves.extend(pseudo_legal_drops(&self.pos));
        }
        moves.into_iter().map(|m| move_info(turn, m)).collect()
    }

    fn promoted(&self) -> Bitboard {
        match self.variant {
            OnlineVariant::Crazyhouse => self.pos.promoted(),
            _ => self.promoted,
        }
    }

    fn fen(&self, standard: bool) -> String {
        let setup = self.setup_for_output(EnPassantMode::Always);
        let fen = Fen::try_from_setup(setup)
            .unwrap_or_else(shakmaty::fen::LossyFenError::ignore)
            .to_string();
        if standard {
            fen
        } else {
            super::shakmaty_bridge::current_fen(&fen)
        }
    }

    fn zobrist(&self) -> u64 {
        let setup = self.setup_for_output(EnPassantMode::PseudoLegal);
        let mut key = Zobrist64::default();
        for sq in setup.board.occupied() {
            if let Some(piece) = setup.board.piece_at(sq) {
                key ^= Zobrist64::zobrist_for_piece(sq, piece);
            }
        }
        if setup.turn == SColor::White {
            key ^= Zobrist64::zobrist_for_white_turn();
        }
        let castles = match &self.castling {
            Some((castles, _)) => castles,
            None => self.pos.castles(),
        };
        for color in SColor::ALL {
            for side in CastlingSide::ALL {
                if castles.has(color, side) {
                    key ^= Zobrist64::zobrist_for_castling_right(color, side);
                }
            }
        }
        if let Some(sq) = setup.ep_square {
            key ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
        }
        if let Some(pockets) = &setup.pockets {
            for (color, pocket) in pockets.zip_color() {
                for (role, count) in pocket.zip_role() {
                    key ^= Zobrist64::zobrist_for_pocket(color, role, count);
                }
            }
        }
        key.0
    }

    fn power_of(&self, piece_type: PieceType) -> i64 {
        self.variant
            .power()
            .get(piece_type as usize)
            .copied()
            .unwrap_or(0)
    }

    fn play_san(&mut self, san: &str) -> Result<MoveInfo<Bitboard>, RulesError> {
        match self.san_to_move(san)? {
            Some(m) => Ok(self.play_move(m)),
            None => self.play_null(),
        }
    }

    fn san_and_uci(&self, san: &str) -> Option<(String, String)> {
        let m = self.san_to_move(san).ok()?;
        Some(san_and_uci(&self.pos, m, self.pos.castles().mode()))
    }

    fn play_null(&mut self) -> Result<MoveInfo<Bitboard>, RulesError> {
        let mode = self.pos.castles().mode();
        let (setup, info) = null_move_setup(&self.pos)?;
        self.pos = after_null_move(VariantPosition::from_setup(
            self.variant.engine(),
            setup,
            mode,
        ))?;
        Ok(info)
    }

    fn is_variant_end(&self) -> bool {
        self.variant_goal()
    }

    fn compels_capture(&self) -> bool {
        matches!(
            self.variant,
            OnlineVariant::Antichess | OnlineVariant::Giveaway | OnlineVariant::Losers
        )
    }
}

/// Crazyhouse drops as pseudo-legal moves: every pocket piece on every empty square (pawns
/// not on the first or last rank), whatever happens to the own king.
fn pseudo_legal_drops(pos: &VariantPosition) -> Vec<Move> {
    let Some(pockets) = pos.pockets() else {
        return Vec::new();
    };
    let us = pos.turn();
    let empty = !pos.board().occupied();
    let mut moves = Vec::new();
    for role in ROLES {
        if *pockets.get(us).get(role) == 0 {
            continue;
        }
        let targets = if role == Role::Pawn {
            empty & !Bitboard::BACKRANKS
        } else {
            empty
        };
        moves.extend(targets.into_iter().map(|to| Move::Put { role, to }));
    }
    moves
}

#[cfg(test)]
mod tests;
