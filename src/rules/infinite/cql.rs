//! [`crate::rules::Position`] for infinite chess: the evaluator's questions answered by the
//! sparse board with [`SparseSet`]s on [`Geometry::UNBOUNDED`].
//!
//! Moves are "SAN" in ICN's forms (`1,2>1,4`, `7,7>7,8Q`, `P-5,6x-6,7 =R+`), so the generic
//! replay plays an ICN game whose record holds its compact moves. What has no exact answer on
//! the unbounded board (the attack set of an unblocked slider without `slideLimit`, the list of
//! legal moves when slides are unbounded, `promotedpieces`, null moves) records a refusal
//! ([`super::refusal`]) that `run` reports for the game.

use super::board::Square;
use super::game::misnamed;
use super::movegen::{candidate_moves, moves_are_finite};
use super::moves::{Move, Played, is_legal_in_play, is_pseudo_legal, play};
use super::outcome::game_end;
use super::piece::{Kind, Owner, Piece};
use super::position::InfPosition;
use super::query::piece_type;
use super::read::icn_to_named_move;
use super::refusal::refuse;
use super::squares::SparseSet;
use super::write::position_to_icn;
use crate::chess::{Color, PieceKinds, PieceType};
use crate::rules::{MoveInfo, Position, RulesError, RulesErrorKind};
use crate::squares::{Geometry, SquareSet};

fn color_of(o: Owner) -> Color {
    match o {
        Owner::Black => Color::Black,
        _ => Color::White,
    }
}

fn one(sq: Square) -> SparseSet {
    SparseSet::of_squares([sq])
}

/// What a move does, as filters see it, from the position before it (`mv` must be a move of
/// a piece of the side to move).
fn move_info(pos: &InfPosition, mv: &Move, piece: Piece) -> MoveInfo<SparseSet> {
    let ep =
        piece.kind == Kind::Pawn && Some(mv.to) == pos.en_passant && pos.board.get(mv.to).is_none();
    let capture = if ep {
        let passed = (mv.to.0, mv.from.1);
        pos.board
            .get(passed)
            .map(|p| (piece_type(p.kind), one(passed)))
    } else {
        pos.board
            .get(mv.to)
            .filter(|p| p.owner != piece.owner)
            .map(|p| (piece_type(p.kind), one(mv.to)))
    };
    let dx = i128::from(mv.to.0) - i128::from(mv.from.0);
    let castle = (piece.kind.is_royal() && mv.to.1 == mv.from.1 && dx.abs() == 2).then_some(dx > 0);
    MoveInfo {
        from: one(mv.from),
        to: one(mv.to),
        color: color_of(piece.owner),
        mover: piece_type(piece.kind),
        capture,
        promotion: mv.promotion.map(piece_type),
        castle,
        en_passant: ep,
        null: false,
    }
}

fn played_info(p: &Played) -> MoveInfo<SparseSet> {
    let dx = i128::from(p.mv.to.0) - i128::from(p.mv.from.0);
    MoveInfo {
        from: one(p.mv.from),
        to: one(p.mv.to),
        color: color_of(p.piece.owner),
        mover: piece_type(p.piece.kind),
        capture: p
            .captured
            .map(|(sq, piece)| (piece_type(piece.kind), one(sq))),
        promotion: p.mv.promotion.map(piece_type),
        castle: p.castle.map(|_| dx > 0),
        en_passant: p.en_passant,
        null: false,
    }
}

impl InfPosition {
    /// The moves to list for `legal_moves` / `pseudo_legal_moves`: every move when slides are
    /// bounded; otherwise a refusal is recorded and the event moves are returned.
    fn listed_moves(&self) -> Vec<Move> {
        if !moves_are_finite(self) {
            refuse(
                "a filter lists the legal moves of a position whose pieces slide without end (no slideLimit): infinitely many moves",
            );
        }
        candidate_moves(self)
    }

    /// The move infos of `moves` whose piece is on the board.
    fn infos(&self, moves: impl Iterator<Item = Move>) -> Vec<MoveInfo<SparseSet>> {
        moves
            .filter_map(|m| self.board.get(m.from).map(|p| move_info(self, &m, p)))
            .collect()
    }
}

impl Position for InfPosition {
    type Set = SparseSet;

    fn geometry(&self) -> Geometry {
        Geometry::UNBOUNDED
    }
    fn pieces(&self, kinds: PieceKinds) -> SparseSet {
        self.designated(kinds)
    }
    fn occupied(&self) -> SparseSet {
        self.occupied_set()
    }
    fn piece_at(&self, square: &SparseSet) -> Option<(Color, PieceType)> {
        self.cql_piece_at(square.single()?)
    }
    fn attacks_from(&self, square: &SparseSet) -> SparseSet {
        let Some(sq) = square.single() else {
            return SparseSet::empty();
        };
        self.attack_set(sq).unwrap_or_else(|e| {
            refuse(e.to_string());
            SparseSet::empty()
        })
    }
    fn attacks_within(&self, square: &SparseSet, within: &SparseSet) -> SparseSet {
        let (Some(sq), Some(targets)) = (square.single(), within.icn_squares()) else {
            return self.attacks_from(square).intersect(within);
        };
        let Some(piece) = self.board.get(sq) else {
            return SparseSet::empty();
        };
        let limit = self.rules.slide_limit;
        SparseSet::of_squares(
            targets
                .into_iter()
                .filter(|&t| super::attack::piece_attacks(&self.board, piece, sq, t, limit)),
        )
    }
    fn turn(&self) -> Color {
        color_of(self.turn)
    }
    fn is_check(&self) -> bool {
        InfPosition::is_check(self)
    }
    fn legal_moves(&self) -> Vec<MoveInfo<SparseSet>> {
        if game_end(self).is_some() {
            return Vec::new();
        }
        let moves = self.listed_moves();
        self.infos(moves.into_iter().filter(|m| is_legal_in_play(self, m)))
    }
    fn has_legal_move(&self) -> bool {
        super::movegen::has_legal_move(self)
    }
    fn pseudo_legal_moves(&self) -> Vec<MoveInfo<SparseSet>> {
        let moves = self.listed_moves();
        self.infos(moves.into_iter().filter(|m| is_pseudo_legal(self, m)))
    }
    fn promoted(&self) -> SparseSet {
        refuse("promotedpieces: ICN positions do not record which pieces are promoted pawns");
        SparseSet::empty()
    }
    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    fn fullmove_number(&self) -> u32 {
        u32::try_from(self.fullmove).unwrap_or(u32::MAX)
    }
    fn fen(&self, standard: bool) -> String {
        if standard {
            position_to_icn(self)
        } else {
            self.current_icn()
        }
    }
    fn zobrist(&self) -> u64 {
        self.zobrist_key()
    }
    fn power_of(&self, piece_type: PieceType) -> i64 {
        self.power_of_type(piece_type)
    }
    fn play_san(&mut self, san: &str) -> Result<MoveInfo<SparseSet>, RulesError> {
        let (mv, named) = icn_to_named_move(san)
            .map_err(|e| RulesError::new(RulesErrorKind::UnreadableMove, e.message))?;
        // The long form's piece name must name the piece on the start square.
        if let Some(why) = misnamed(self, named, &mv) {
            return Err(RulesError::new(RulesErrorKind::IllegalMove, why));
        }
        let played = play(self, &mv)
            .map_err(|e| RulesError::new(RulesErrorKind::UnplayableMove, e.to_string()))?;
        Ok(played_info(&played))
    }
    fn fairy_letter(&self, square: SparseSet) -> Option<String> {
        // ICN's abbreviation in the owner's case (`AM`, `ha`; neutral pieces `ob`, `vo`).
        Some(self.board.get(square.single()?)?.to_icn())
    }
    fn play_null(&mut self) -> Result<MoveInfo<SparseSet>, RulesError> {
        Err(RulesError::new(
            RulesErrorKind::NullMove,
            "infinite chess (ICN) has no null move",
        ))
    }
    fn is_variant_end(&self) -> bool {
        game_end(self).is_some()
    }
    fn is_mate(&self) -> bool {
        InfPosition::is_mate(self)
    }
    fn is_stalemate(&self) -> bool {
        InfPosition::is_stalemate(self)
    }
}
