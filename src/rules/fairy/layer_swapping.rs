//! FBR `swapping` (Swap Chess, João Pedro Neto 1998; seed 001: "Any capture move capability
//! has been transformed into an additional swap move"): instead of a move, a piece (not the
//! king) swaps places with any piece its capturing movement reaches (`fairy::layer_swaps`
//! generates each single swap), and may go on swapping from its new square with other pieces,
//! all in one move: a swap sequence. Neto's rules, read here:
//!
//! - "Any piece, except P1, cannot be swapped more than once in a swap sequence";
//! - "A swap sequence must stop if a check happens": no swap but the last may leave either
//!   king attacked (and, as for any move, the last may not leave the mover's);
//! - "If any pawn reaches, due to a swap sequence, the promotion rank, it is always the player
//!   who decides to which piece he promotes"; a swapping pawn that promotes ends its sequence
//!   (a pawn's move ends on promoting; Neto's rules do not say more);
//! - "If a pawn reaches his 1st rank, he can move one or two squares forward" (its one step is
//!   the pawn's own move; the two-square step here sets no en passant square, which the rules
//!   do not mention);
//! - "The KO rule: a player cannot undo the last swap sequence": a swap sequence may not
//!   bring back the board that stood before the opponent's last move when that move was a
//!   swap sequence.
//!
//! In PGN a sequence is Neto's notation, the swapping piece's letter and square, then each
//! partner's square after a `/`, a promotion `=X` after the square whose swap brings a pawn
//! to its last rank: `Qd1/g4/g7/h8`, `Qb6/b1/d3=N/c4/f7`. A single swap also reads as SAN of
//! the swapping piece to its partner's square (`Qg4`, `fairy::layer_swaps`). The move
//! generator lists single swaps only; a longer sequence is read from its token, one swap
//! after the other (every swap of a legal sequence is itself a legal sequence, so the side to
//! move has a legal move exactly when it has a legal single swap or move; the KO rule aside).

use super::position::{FMove, FairyPos, MoveKind};
use crate::rules::{RulesError, RulesErrorKind};

fn unplayable(text: &str, why: impl std::fmt::Display) -> RulesError {
    RulesError::new(
        RulesErrorKind::IllegalMove,
        format!("illegal swap sequence `{text}`: {why}"),
    )
}

impl FairyPos {
    /// A pawn on its side's first rank may also step two squares forward (through two empty
    /// squares).
    pub(super) fn push_first_rank_double_steps(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        let (rank, dy) = if us == 0 {
            (0, 1)
        } else {
            (self.v.ranks - 1, -1)
        };
        for sq in self.color[us].iter().filter(|s| s / 16 == rank) {
            let t = self.type_on(sq);
            if !self.v.kinds[t].is_pawnlike() {
                continue;
            }
            let (Some(one), Some(two)) = (self.offset(sq, 0, dy), self.offset(sq, 0, 2 * dy))
            else {
                continue;
            };
            if self.piece(one).is_none() && self.piece(two).is_none() {
                out.push(FMove::quiet(sq, two, t));
            }
        }
    }

    /// The KO rule for a single swap: whether it brings back the board that stood before
    /// the opponent's last swap sequence.
    pub(super) fn swap_undoes_last_sequence(&self, m: &FMove) -> bool {
        if self.layer.ko == 0 || !matches!(m.kind, MoveKind::Swap(_)) {
            return false;
        }
        let mut p = self.clone();
        if let MoveKind::Swap(partner) = m.kind {
            p.swap_pieces(m, self.turn, partner);
        }
        p.board_key() == self.layer.ko
    }

    /// Plays a swap sequence written in Neto's notation (`Qd1/g4/g7/h8`): `None` when the
    /// text is no such sequence (no `/` followed by a square), else the first swap (with the
    /// swapping piece's last square as its destination) or why the sequence is illegal.
    pub fn play_swap_sequence(&mut self, text: &str) -> Option<Result<FMove, RulesError>> {
        if !self.v.layers.swapping {
            return None;
        }
        let body = text.trim_end_matches(['+', '#', '!', '?']);
        let mut parts = body.split('/');
        let head = parts.next()?;
        let links: Vec<&str> = parts.collect();
        let first_link = links.first()?;
        if !first_link.starts_with(|c: char| c.is_ascii_lowercase()) {
            return None;
        }
        Some(self.play_links(text, head, &links))
    }

    /// Reads a square (`g4`, `a10`) at the start of `s`: its index and the rest.
    fn swap_square<'a>(&self, s: &'a str) -> Option<(usize, &'a str)> {
        let b = s.as_bytes();
        let f = usize::from(b.first()?.checked_sub(b'a')?);
        let digits = s[1..].bytes().take_while(u8::is_ascii_digit).count();
        let r: usize = s[1..1 + digits].parse().ok()?;
        (f < self.v.files && (1..=self.v.ranks).contains(&r))
            .then(|| (r - 1) * 16 + f)
            .map(|sq| (sq, &s[1 + digits..]))
    }

    fn play_links(&mut self, text: &str, head: &str, links: &[&str]) -> Result<FMove, RulesError> {
        let us = self.turn;
        let letter_len = head
            .bytes()
            .take_while(|c| c.is_ascii_uppercase() || *c == b'+')
            .count();
        let (letter, origin) = head.split_at(letter_len);
        let (mut at, rest) = self
            .swap_square(origin)
            .filter(|(_, rest)| rest.is_empty())
            .ok_or_else(|| unplayable(text, "it starts with the swapping piece and its square"))?;
        let _ = rest;
        match self.piece(at) {
            Some((c, t)) if c == us && (letter.is_empty() || self.san_names(t, letter)) => {}
            _ => {
                return Err(unplayable(
                    text,
                    format!("no such piece of the side to move on {origin}"),
                ));
            }
        }
        let start_key = self.board_key();
        let ko = self.layer.ko;
        let (turn, fullmove, halfmove) = (self.turn, self.fullmove, self.halfmove);
        let mut swapped: Vec<usize> = Vec::new();
        let mut first: Option<FMove> = None;
        for (i, link) in links.iter().enumerate() {
            let last = i + 1 == links.len();
            let (to, promo) = self
                .swap_square(link)
                .ok_or_else(|| unplayable(text, format!("`{link}` is no square")))?;
            let promo = promo.strip_prefix('=');
            if swapped.contains(&to) {
                return Err(unplayable(
                    text,
                    format!("the piece on {link} was swapped already"),
                ));
            }
            // The KO rule judges the whole sequence, at its end.
            self.layer.ko = 0;
            let found: Vec<FMove> = self
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    let MoveKind::Swap(partner) = m.kind else {
                        return false;
                    };
                    let promoted = m.promo.or(partner);
                    m.from as usize == at
                        && m.to as usize == to
                        && match (promo, promoted) {
                            (None, None) => true,
                            (Some(p), Some(t)) => self.san_names(usize::from(t), p),
                            _ => false,
                        }
                })
                .collect();
            let [m] = found[..] else {
                self.layer.ko = ko;
                return Err(unplayable(
                    text,
                    format!(
                        "no single legal swap from {} to {link}",
                        self.square_name(at)
                    ),
                ));
            };
            self.make(&m);
            first.get_or_insert(m);
            swapped.push(at);
            at = to;
            if !last {
                if m.promo.is_some() {
                    return Err(unplayable(text, "a promoting pawn's sequence ends there"));
                }
                // The sequence goes on: the same side keeps the move.
                self.turn = turn;
                self.fullmove = fullmove;
                self.halfmove = halfmove;
                if self.layer_in_check(0) || self.layer_in_check(1) {
                    return Err(unplayable(
                        text,
                        format!("a check happens after /{link}, where the sequence must stop"),
                    ));
                }
            }
        }
        if ko != 0 && self.board_key() == ko {
            return Err(unplayable(
                text,
                "it undoes the opponent's last swap sequence (KO)",
            ));
        }
        self.layer.ko = start_key;
        let mut m = first.ok_or_else(|| unplayable(text, "no swap"))?;
        m.to = at as u8;
        Ok(m)
    }

    fn square_name(&self, sq: usize) -> String {
        format!("{}{}", (b'a' + (sq % 16) as u8) as char, sq / 16 + 1)
    }
}
