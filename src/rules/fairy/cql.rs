//! [`FairyPos`] as a [`crate::rules::Position`]: what the CQL evaluator asks of a position.
//!
//! Piece types (`cql_types`): kinds whose FEN letter is `P N B R Q K` keep CQL's standard
//! type indices, a kind written `+X` that kind `X` becomes by a forced promotion (xiangqi's
//! crossed soldier) keeps `X`'s type, the other kinds take 6, 7, ... in definition order
//! ([`Variant::cql_type`]). `power` is the definition's `Value` in pawns (value / 100,
//! rounded; royal pieces 0). The pawn-structure filters see the pawn-like kinds (steps only
//! and a promotion) and the kinds of CQL type pawn. The Zobrist key is cqlq's own (splitmix64
//! of square, piece, side and hand counts), not Polyglot's.

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};
use super::tables::Kind;
#[cfg(doc)]
use super::tables::Variant;
use crate::chess::{Color, PieceKinds, PieceType, STANDARD_LETTERS};
use crate::rules::{MoveInfo, Position, RulesError};
use crate::squares::Geometry;

/// The CQL piece type of each kind (see the module's documentation), at most 31.
pub(super) fn cql_types(kinds: &[Kind]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut used = [false; 6];
    let mut next = 6u8;
    for (i, k) in kinds.iter().enumerate() {
        let sym = k.def.symbols[0].as_str();
        let std = STANDARD_LETTERS
            .iter()
            .position(|&l| sym.len() == 1 && sym.starts_with(l));
        let crossed = sym
            .strip_prefix('+')
            .and_then(|base| kinds.iter().position(|b| b.def.symbols[0] == base))
            .filter(|&b| b < i && forced_into(&kinds[b], i));
        match (std, crossed) {
            (_, Some(b)) => out.push(out[b]),
            (Some(t), None) if !used[t] => {
                used[t] = true;
                out.push(t as u8);
            }
            _ => {
                out.push(next.min(31));
                next = next.saturating_add(1);
            }
        }
    }
    out
}

/// Whether `k` always becomes kind `to` in its promotion zone: one promotion choice, and no
/// square where promoting is optional (xiangqi's soldier crossing the river).
pub(super) fn forced_into(k: &Kind, to: usize) -> bool {
    let choices: Vec<&Vec<u8>> = k
        .promotions
        .iter()
        .map(|p| &p.1)
        .filter(|c| !c.is_empty())
        .collect();
    k.optional_zone.is_some_and(|z| z[0].none() && z[1].none())
        && choices.len() == 1
        && choices[0].as_slice() == [to as u8]
}

fn color_of(c: usize) -> Color {
    if c == 0 { Color::White } else { Color::Black }
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl FairyPos {
    /// The CQL piece type of kind `t`.
    pub fn cql_type(&self, t: usize) -> PieceType {
        self.v.cql_type[t]
    }

    /// What a move does, as filters see it (computed before the move is played).
    pub fn move_info(&self, m: &FMove) -> MoveInfo<Bits256> {
        let us = self.turn;
        let drop = matches!(m.kind, MoveKind::Drop);
        MoveInfo {
            from: if drop {
                Bits256::EMPTY
            } else {
                Bits256::single(m.from as usize)
            },
            to: Bits256::single(m.to as usize),
            color: color_of(us),
            mover: self.cql_type(m.piece as usize),
            // An MBN locust landing on an empty square captured on its first leg
            // (`fairy::layer_locust`): that victim.
            capture: m
                .capture
                .or(match m.kind {
                    MoveKind::Double(v) => Some(v),
                    _ => None,
                })
                .and_then(|c| {
                    self.piece(c as usize)
                        .map(|(_, t)| (self.cql_type(t), Bits256::single(c as usize)))
                }),
            promotion: m.promo.map(|p| self.cql_type(p as usize)),
            castle: match (m.kind, &self.v.layers.alice_boards) {
                // `alice=3D`/`4D`: the side on the king's own board.
                (MoveKind::Castle(..), Some(a)) => {
                    Some(a.local(m.to as usize) % 16 > a.local(m.from as usize) % 16)
                }
                (MoveKind::Castle(..), None) => Some(m.to % 16 > m.from % 16),
                _ => None,
            },
            en_passant: match &self.v.layers.alice_boards {
                Some(a) => self.alice_boards_takes_ep(a, m),
                None => m.capture.is_some_and(|c| c != m.to),
            },
            null: false,
        }
    }

    fn kinds_match(&self, kinds: PieceKinds, c: usize, t: usize) -> bool {
        let bit = 1u32 << self.cql_type(t);
        if c == 0 {
            kinds.white & bit != 0
        } else {
            kinds.black & bit != 0
        }
    }
}

impl Position for FairyPos {
    type Set = Bits256;

    fn geometry(&self) -> Geometry {
        Geometry {
            files: self.v.files as u8,
            ranks: self.v.ranks as u8,
        }
    }
    fn pieces(&self, kinds: PieceKinds) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for sq in self.occupied().iter() {
            if let Some((c, t)) = self.piece(sq)
                && self.kinds_match(kinds, c, t)
            {
                b.set(sq);
            }
        }
        if kinds.empty {
            b |= self.v.board & !self.occupied();
        }
        b
    }
    fn occupied(&self) -> Bits256 {
        FairyPos::occupied(self)
    }
    fn piece_at(&self, square: &Bits256) -> Option<(Color, PieceType)> {
        let sq = square.first()?;
        self.piece(sq).map(|(c, t)| (color_of(c), self.cql_type(t)))
    }
    fn attacks_from(&self, square: &Bits256) -> Bits256 {
        let Some(sq) = square.first() else {
            return Bits256::EMPTY;
        };
        let Some((c, t)) = self.piece(sq) else {
            return Bits256::EMPTY;
        };
        let k = &self.v.kinds[t];
        self.targets(
            &k.captures[c],
            c,
            sq,
            FairyPos::occupied(self) | k.block[c],
            k.prison[c],
        ) & !k.block[c]
    }
    fn turn(&self) -> Color {
        color_of(self.turn)
    }
    fn is_check(&self) -> bool {
        if self.v.layers.active {
            return self.layer_in_check(self.turn);
        }
        self.in_check(self.turn)
    }
    fn is_variant_end(&self) -> bool {
        (self.v.layers.active && self.layer_end().is_some()) || self.flag_end().is_some()
    }
    fn compels_capture(&self) -> bool {
        self.v.def.rules.forced_capture
            || (self.v.layers.active && self.v.layers.must_capture.is_some())
    }
    fn legal_moves(&self) -> Vec<MoveInfo<Bits256>> {
        FairyPos::legal_moves(self)
            .iter()
            .map(|m| self.move_info(m))
            .collect()
    }
    fn has_legal_move(&self) -> bool {
        if self.v.layers.active {
            // Layers restrict the whole list (and empty it once the game is over).
            return !FairyPos::legal_moves(self).is_empty();
        }
        self.pseudo_moves().iter().any(|m| self.is_legal(m))
    }
    fn pseudo_legal_moves(&self) -> Vec<MoveInfo<Bits256>> {
        self.pseudo_moves()
            .iter()
            .map(|m| self.move_info(m))
            .collect()
    }
    fn promoted(&self) -> Bits256 {
        self.promoted
    }
    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    fn fen(&self, standard: bool) -> String {
        self.to_fen(standard)
    }
    fn zobrist(&self) -> u64 {
        let mut h = 0u64;
        for sq in FairyPos::occupied(self).iter() {
            h ^= splitmix((sq as u64) << 8 | self.board[sq] as u64);
        }
        for c in 0..2 {
            for t in 0..self.v.kinds.len() {
                let n = self.hand[c][t] as u64;
                if n > 0 {
                    h ^= splitmix(0x1_0000 | (c as u64) << 12 | (t as u64) << 6 | n);
                }
            }
        }
        for sq in self.ep.iter() {
            h ^= splitmix(0x2_0000 | sq as u64);
        }
        for sq in self.unmoved.iter() {
            h ^= splitmix(0x3_0000 | sq as u64);
        }
        if self.turn == 1 {
            h ^= splitmix(0x4_0000);
        }
        h
    }
    fn power_of(&self, piece_type: PieceType) -> i64 {
        self.v
            .kinds
            .iter()
            .enumerate()
            .find(|(t, _)| self.cql_type(*t) == piece_type)
            .map(|(_, k)| {
                if k.def.flags.royal {
                    0
                } else {
                    (i64::from(k.def.value) + 50).div_euclid(100)
                }
            })
            .unwrap_or(0)
    }
    fn play_san(&mut self, san: &str) -> Result<MoveInfo<Bits256>, RulesError> {
        // `swapping`: a swap sequence (`Qd1/g4/g7/h8`) is several swaps in one move.
        if self.v.layers.swapping {
            let before = self.clone();
            if let Some(played) = self.play_swap_sequence(san) {
                let m = match played {
                    Ok(m) => m,
                    Err(e) => {
                        *self = before;
                        return Err(e);
                    }
                };
                let mut info = before.move_info(&m);
                info.to = Bits256::single(m.to.into());
                return Ok(info);
            }
        }
        let m = self
            .san_to_move(san)
            .or_else(|_| self.coord_to_move(san, super::RankBase::One))?;
        let info = self.move_info(&m);
        self.make(&m);
        Ok(info)
    }
    fn fairy_letter(&self, square: Bits256) -> Option<String> {
        let (c, t) = self.piece(square.first()?)?;
        Some(self.v.kinds[t].def.symbols[c].clone())
    }
    fn pawns(&self, color: Color) -> Bits256 {
        let c = if color == Color::White { 0 } else { 1 };
        let mut b = Bits256::EMPTY;
        for sq in self.color[c].iter() {
            if let Some((_, t)) = self.piece(sq)
                && (self.v.kinds[t].is_pawnlike()
                    || self.cql_type(t) == crate::chess::piece_type::PAWN)
            {
                b.set(sq);
            }
        }
        b
    }
    fn play_null(&mut self) -> Result<MoveInfo<Bits256>, RulesError> {
        let info = MoveInfo {
            from: Bits256::EMPTY,
            to: Bits256::EMPTY,
            color: color_of(self.turn),
            mover: 0,
            capture: None,
            promotion: None,
            castle: None,
            en_passant: false,
            null: true,
        };
        if self.v.layers.turns.is_some() && self.layer.turns.made > 0 {
            // Inside a multi-move turn `--` ends the turn (`fairy::layer_turns_more`).
            self.pass_inside_turn()?;
            return Ok(info);
        }
        self.ep = Bits256::EMPTY;
        self.ep_victim = None;
        if self.turn == 1 {
            self.fullmove += 1;
        }
        self.turn = 1 - self.turn;
        Ok(info)
    }
}
