//! SAN of fairy variants → legal move, as Fairy-Stockfish, pychess and XBoard write it: ranks
//! of two digits (`Ra10`), drops (`P@e4`), gating (`Nf3/H`, `O-O/Eh1`), promotions (`e8=Q`,
//! shogi `Bxg7=H`, a bare `+` for "promotes"), pawn letters (`Pg5` in xiangqi and shogi),
//! check marks and annotations ignored.
//!
//! A piece letter matches a piece type by the type's SAN string (`Symbol:`'s first string), its
//! FEN letter, or the FEN letter without `+`/`~` (Fairy-Stockfish's own letters for promoted
//! shogi pieces, `H`, `D`, `G`, are their SAN strings). A move is read only as a move of a
//! piece the letter names, and a promotion or drop only to or of a type its letter names: a
//! SAN no such move fits is an illegal move, never another piece's move to the same square.
//! What the loose reading (tried when nothing fits strictly) relaxes is only an unwritten
//! promotion.

use std::cell::Cell;

use super::bits::{Bits256, square};
use super::compound_letters::compound_letter_len;
use super::position::{FMove, FairyPos, MoveKind};
use crate::rules::{RulesError, RulesErrorKind};

thread_local! {
    /// The candidate list of the fast path, kept between moves so reading a move allocates
    /// nothing (taken out while in use, put back after).
    static CANDIDATES: Cell<Vec<FMove>> = const { Cell::new(Vec::new()) };
}

/// A SAN move taken apart (its letters borrowed from the text).
#[derive(Debug, Default)]
struct SanParts<'a> {
    piece: Option<&'a str>,
    from_file: Option<usize>,
    from_rank: Option<usize>,
    to: usize,
    promo: Option<&'a str>,
    drop: bool,
    gate: Option<(&'a str, Option<usize>)>,
    /// Written with a capture mark (`x`, `:`): tells a capture from a swap onto the same
    /// enemy piece ([`super::layer_swaps`]).
    capture_mark: bool,
    /// The announcement declared after the move (`Wg9=D/DragonResurrection/`,
    /// [`super::layer_announcement`]).
    declared: Option<&'a str>,
}

/// `text` without surrounding whitespace and trailing check marks and annotations
/// (`+ # ! ?`), by bytes.
#[inline]
fn san_body(text: &str) -> &str {
    let b = text.as_bytes();
    let start = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let mut end = b.len();
    while end > start && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    while end > start && matches!(b[end - 1], b'+' | b'#' | b'!' | b'?') {
        end -= 1;
    }
    &text[start..end]
}

/// Splits `s` at the first `byte` (an ASCII byte, so both sides stay valid UTF-8).
fn split_at_byte(s: &str, byte: u8) -> Option<(&str, &str)> {
    let i = s.bytes().position(|c| c == byte)?;
    Some((&s[..i], &s[i + 1..]))
}

/// The one move found for `text`; none is an illegal move, more an ambiguous one.
fn the_one_move(text: &str, found: &[FMove]) -> Result<FMove, RulesError> {
    match found {
        [m] => Ok(*m),
        [] => Err(RulesError::new(
            RulesErrorKind::IllegalMove,
            format!("illegal move `{text}`"),
        )),
        _ => Err(RulesError::new(
            RulesErrorKind::AmbiguousMove,
            format!("ambiguous move `{text}`"),
        )),
    }
}

impl FairyPos {
    /// Whether `letter` names piece type `t` in SAN.
    pub(super) fn san_names(&self, t: usize, letter: &str) -> bool {
        self.v.kinds[t]
            .san_aliases
            .iter()
            .any(|a| a.eq_ignore_ascii_case(letter))
    }

    /// Whether type `t` is written without a letter (a pawn).
    fn san_letterless(&self, t: usize) -> bool {
        self.v.kinds[t].san_letterless
    }

    /// The piece types (bit `t`) a SAN piece name names (`None`: written without a letter).
    fn san_named_types(&self, letter: Option<&str>) -> u64 {
        match letter {
            None => self.v.san_letterless_types,
            Some(l) if l.len() == 1 && l.as_bytes()[0] < 128 => {
                self.v.san_letter_types[l.as_bytes()[0] as usize]
            }
            Some(l) => (0..self.v.kinds.len().min(64))
                .filter(|&t| self.san_names(t, l))
                .fold(0u64, |mask, t| mask | 1u64 << t),
        }
    }

    /// The squares from which a piece of the types `named` (bit `t`) of the side to move gets
    /// to `to` on an empty board; every square when a type is past bit 63.
    fn named_reach_from(&self, named: u64, to: usize) -> Bits256 {
        let us = self.turn;
        if self.v.kinds.len() > 64 {
            return self.v.reach_to[us]
                .get(to)
                .copied()
                .unwrap_or(!Bits256::EMPTY);
        }
        let mut from = Bits256::EMPTY;
        let mut bits = named;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(b) = self.v.kinds[t].reach_from[us].get(to) {
                from |= *b;
            }
        }
        from
    }

    /// Finds the legal move a SAN token names.
    pub fn san_to_move(&self, text: &str) -> Result<FMove, RulesError> {
        let t = san_body(text);
        // Only moves the text can name are tested for legality (fast replay); the rules that
        // restrict the whole move list (forced capture, forced drops) need all of them.
        let rules = &self.v.def.rules;
        let restricted = rules.forced_capture || rules.force_drops || self.v.layers.active;
        let (t, declared) = if self.v.layers.announcements.is_empty() {
            (t, None)
        } else {
            super::layer_announcement::split_declaration(t)
        };
        let (body, gate) = match split_at_byte(t, b'/') {
            Some((b, g)) => (b, Some(g)),
            None => (t, None),
        };
        let gate = gate.map(|g| self.parse_gate(g)).transpose()?;
        // An MBN locust move names its victim's square (`Axd5-e5`, `fairy::layer_locust`).
        if !self.v.layers.locusts.is_empty()
            && gate.is_none()
            && let Some(found) = self.locust_san(body, &self.legal_moves())
        {
            return the_one_move(text, &found);
        }
        if body == "O-O"
            || body == "O-O-O"
            || body == "0-0"
            || body == "0-0-0"
            || body == "O-O-O-O"
            || body == "0-0-0-0"
        {
            if declared.is_some() {
                // An announcement applies to the piece then moving, not to a castling.
                return the_one_move(text, &[]);
            }
            return self.san_castling(text, body, &gate, restricted);
        }
        let mut parts = self.parse_san(body).ok_or_else(|| {
            RulesError::new(
                RulesErrorKind::UnreadableMove,
                format!("unreadable move `{text}`"),
            )
        })?;
        parts.gate = gate;
        parts.declared = declared;
        if !restricted
            && !parts.drop
            && parts.gate.is_none()
            && let Some(m) = self.san_fast(&parts)
        {
            return Ok(m);
        }
        self.san_from_list(text, &parts, restricted)
    }

    /// The moves a SAN is looked for among: the legal ones under rules that restrict the
    /// whole list, else the pseudo-legal ones (each tested for legality when it matches).
    #[inline]
    fn san_move_list(&self, restricted: bool) -> Vec<FMove> {
        if restricted {
            self.legal_moves()
        } else {
            self.pseudo_moves()
        }
    }

    /// `O-O` (`body` of length 3, towards the east) or `O-O-O`, with an optional gate.
    fn san_castling(
        &self,
        text: &str,
        body: &str,
        gate: &Option<(&str, Option<usize>)>,
        restricted: bool,
    ) -> Result<FMove, RulesError> {
        // Without gating or whole-list rules, only the castling pieces' moves are needed.
        let legal = if restricted || gate.is_some() {
            self.san_move_list(restricted)
        } else {
            let mut castles = Vec::new();
            for sq in self.color[self.turn].iter() {
                let t = ((self.board[sq] - 1) >> 1) as usize;
                if !self.v.kinds[t].def.castles.is_empty() {
                    self.push_castles(&mut castles, sq, t);
                }
            }
            castles
        };
        let east = body.len() == 3;
        // `alice=3D`/`4D`: the direction on the king's own board.
        let file = |s: u8| match &self.v.layers.alice_boards {
            Some(a) => s as usize % 16 % a.files,
            None => s as usize % 16,
        };
        // `O-O-O-O`: castling along a file (FBR's `promotion=castle`).
        let vertical = body.len() == 7;
        let found: Vec<FMove> = legal
            .iter()
            .filter(|m| {
                matches!(m.kind, MoveKind::Castle(..))
                    && (file(m.to) == file(m.from)) == vertical
                    && (vertical || (file(m.to) > file(m.from)) == east)
            })
            .filter(|m| self.gate_matches(m, gate))
            .filter(|m| restricted || self.is_legal(m))
            .copied()
            .collect();
        the_one_move(text, &found)
    }

    /// Fast path: only the pieces the text names generate moves, only moves to the written
    /// square are tested for legality. None when it finds no single move (the full list
    /// decides then).
    #[inline]
    fn san_fast(&self, parts: &SanParts) -> Option<FMove> {
        let mut cands = CANDIDATES.take();
        cands.clear();
        // The types the text names, once per move rather than once per piece.
        let named_types = self.san_named_types(parts.piece);
        // Only pieces on squares from which a named type gets to the destination.
        let near = self.color[self.turn] & self.named_reach_from(named_types, parts.to);
        for sq in near.iter() {
            let t = ((self.board[sq] - 1) >> 1) as usize;
            let named = t < 64 && named_types >> t & 1 != 0;
            if !named
                || !self.v.kinds[t].reach_all[self.turn][sq].has(parts.to)
                || parts.from_file.is_some_and(|f| f != sq % 16)
                || parts.from_rank.is_some_and(|r| r != sq / 16)
            {
                continue;
            }
            self.push_piece_moves_at(&mut cands, sq, parts.to);
        }
        cands.retain(|m| m.to as usize == parts.to);
        let forced = |m: &FMove| {
            !cands
                .iter()
                .any(|x| x.from == m.from && x.to == m.to && x.kind == m.kind && x.promo.is_none())
        };
        // `san_matches` (strict) without what the candidates have by construction (the
        // destination; a piece type the text names, for types below 64).
        let mut found = cands.iter().filter(|m| {
            m.gate.is_none()
                && matches!(m.kind, MoveKind::Normal | MoveKind::Double(_))
                && parts.from_file.is_none_or(|f| f == m.from as usize % 16)
                && parts.from_rank.is_none_or(|r| r == m.from as usize / 16)
                && m.piece < 64
                && named_types >> m.piece & 1 != 0
                && (self.promo_matches(parts.promo, m.promo, true)
                    || (parts.promo.is_none() && m.promo.is_some() && forced(m)))
                && self.is_legal(m)
        });
        let one = match (found.next(), found.next()) {
            (Some(m), None) => Some(*m),
            _ => None,
        };
        CANDIDATES.set(cands);
        one
    }

    /// The move `parts` names among the whole move list: strictly read first, loosely when
    /// nothing matches strictly.
    fn san_from_list(
        &self,
        text: &str,
        parts: &SanParts,
        restricted: bool,
    ) -> Result<FMove, RulesError> {
        let legal = self.keep_declared(self.san_move_list(restricted), parts.declared, text)?;
        // A promotion the move cannot avoid may go unwritten (a xiangqi soldier crossing).
        let forced = |m: &FMove| {
            !legal
                .iter()
                .any(|x| x.from == m.from && x.to == m.to && x.kind == m.kind && x.promo.is_none())
        };
        let pick = |strict: bool| -> Vec<FMove> {
            legal
                .iter()
                .copied()
                .filter(|m| {
                    self.san_matches(m, parts, strict)
                        || (strict
                            && parts.promo.is_none()
                            && m.promo.is_some()
                            && forced(m)
                            && self.san_matches(&FMove { promo: None, ..*m }, parts, strict))
                })
                .filter(|m| restricted || self.is_legal(m))
                .collect()
        };
        let mut found = pick(true);
        if found.is_empty() {
            found = pick(false);
            // Under announcements a written promotion tells an announced move from the
            // plain one (`Wc9=D` is not `Wc9=H`): it must name the type.
            if !self.v.layers.announcements.is_empty() {
                found.retain(|m| {
                    parts.promo.is_none() || self.promo_matches(parts.promo, m.promo, true)
                });
            }
        }
        // A swap with an enemy piece and a capture of it share piece and squares: the
        // capture is written with its mark (`Qxg7`), the swap without (`Qg7`); so is a
        // conversion move (`Kd2`, `fairy::layer_convert`).
        let unmarked = |m: &FMove| matches!(m.kind, MoveKind::Swap(_) | MoveKind::Convert);
        if found.len() > 1 && found.iter().any(unmarked) {
            found.retain(|m| unmarked(m) != parts.capture_mark);
        }
        the_one_move(text, &found)
    }

    fn gate_matches(&self, m: &FMove, gate: &Option<(&str, Option<usize>)>) -> bool {
        match (gate, m.gate) {
            (None, None) => true,
            (None, Some(_)) => self.gates_implied(),
            (Some((letter, sq)), Some((t, s))) => {
                self.san_names(t as usize, letter) && sq.is_none_or(|q| q == s as usize)
            }
            _ => false,
        }
    }

    fn parse_gate<'a>(&self, g: &'a str) -> Result<(&'a str, Option<usize>), RulesError> {
        let n = g
            .bytes()
            .take_while(|c| c.is_ascii_uppercase() || *c == b'+')
            .count();
        let (letters, rest) = g.split_at(n);
        // `drop=immediate`'s placement is written as a drop: `Bxf7/N@c3`.
        let rest = rest.strip_prefix('@').unwrap_or(rest);
        let sq = if rest.is_empty() {
            None
        } else {
            Some(
                self.read_sq(rest.as_bytes())
                    .ok_or_else(|| {
                        RulesError::new(
                            RulesErrorKind::UnreadableMove,
                            format!("bad gating `/{g}`"),
                        )
                    })?
                    .0,
            )
        };
        Ok((letters, sq))
    }

    /// Reads a square with a 1-based rank of one or two digits; returns (index, length).
    pub(super) fn read_sq(&self, s: &[u8]) -> Option<(usize, usize)> {
        let f = *s.first()?;
        if !f.is_ascii_lowercase() || (f - b'a') as usize >= self.v.files {
            return None;
        }
        let n = s[1..]
            .iter()
            .take(2)
            .take_while(|c| c.is_ascii_digit())
            .count();
        let r = read_number(&s[1..1 + n])?;
        (r >= 1 && r <= self.v.ranks).then(|| (square((f - b'a') as usize, r - 1), 1 + n))
    }

    fn parse_san<'a>(&self, body: &'a str) -> Option<SanParts<'a>> {
        let mut p = SanParts::default();
        // One pass finds the first `=` and the first `@` before it (a trailing `+` is never
        // an `@`, so the `@` found lies in the part before the promotion either way).
        let (mut eq, mut at) = (None, None);
        for (i, &c) in body.as_bytes().iter().enumerate() {
            if c == b'=' {
                eq = Some(i);
                break;
            }
            if c == b'@' && at.is_none() {
                at = Some(i);
            }
        }
        let (main, promo) = match eq {
            Some(i) => (&body[..i], Some(&body[i + 1..])),
            None => match body.strip_suffix('+') {
                Some(m) => (m, Some("+")),
                None => (body, None),
            },
        };
        p.promo = promo;
        if let Some(i) = at {
            let (piece, sq) = (&main[..i], &main[i + 1..]);
            p.drop = true;
            p.piece = Some(piece).filter(|s| !s.is_empty());
            p.to = self.read_sq(sq.as_bytes())?.0;
            return Some(p);
        }
        // A piece letter: upper-case letters and `+` (`N`, `+P`), or an FBR compound letter
        // between colons (`:KD:`, [`super::compound_letters`]), which a capture mark `:` never opens.
        let n_letters = compound_letter_len(main.as_bytes()).unwrap_or_else(|| {
            main.bytes()
                .take_while(|c| c.is_ascii_uppercase() || *c == b'+')
                .count()
        });
        if n_letters > 0 {
            p.piece = Some(&main[..n_letters]);
        }
        let after = &main.as_bytes()[n_letters..];
        let skip = |c: &u8| matches!(c, b'x' | b'-' | b':');
        p.capture_mark = after.iter().any(|c| matches!(c, b'x' | b':'));
        // Capture and move marks are dropped; without any, the text is read in place.
        let mut filtered = [0u8; 64];
        let rest: &[u8] = if after.iter().any(skip) {
            let mut n = 0;
            for &c in after.iter().filter(|c| !skip(c)) {
                *filtered.get_mut(n)? = c;
                n += 1;
            }
            &filtered[..n]
        } else {
            after
        };
        // The destination is the last square; what precedes it disambiguates.
        let (mut last, mut before_last) = (None, None);
        let mut lone_file = None;
        let mut i = 0;
        while i < rest.len() {
            if let Some((sq, n)) = self.read_sq(&rest[i..]) {
                before_last = last;
                last = Some(sq);
                i += n;
            } else if rest[i].is_ascii_digit() {
                // A rank disambiguator, possibly of two digits (`A10e9`).
                let n = rest[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let r = read_number(&rest[i..i + n])?;
                p.from_rank = Some(r.checked_sub(1)?);
                i += n;
            } else if rest[i].is_ascii_lowercase() {
                lone_file = Some((rest[i] - b'a') as usize);
                i += 1;
            } else {
                return None;
            }
        }
        p.to = last?;
        if let Some(from) = before_last {
            p.from_file = Some(from % 16);
            p.from_rank = Some(from / 16);
        }
        if lone_file.is_some() {
            p.from_file = lone_file;
        }
        Some(p)
    }

    fn san_matches(&self, m: &FMove, p: &SanParts, strict: bool) -> bool {
        if m.to as usize != p.to || !self.gate_matches(m, &p.gate) || self.is_locust(m) {
            return false;
        }
        // `alice=3D`/`4D`: a castling is also the king's SAN to its square on the wide board
        // (`Ko1`), which names the board it lands on (`fairy::layer_alice_boards`).
        let castle_named = self.v.layers.alice_boards.is_some() && p.piece.is_some();
        if p.drop != (m.kind == MoveKind::Drop)
            || matches!(m.kind, MoveKind::Pickup)
            || (matches!(m.kind, MoveKind::Castle(..)) && !castle_named)
        {
            return false;
        }
        if p.from_file.is_some_and(|f| f != m.from as usize % 16)
            || p.from_rank.is_some_and(|r| r != m.from as usize / 16)
        {
            return false;
        }
        let t = m.piece as usize;
        match &p.piece {
            // Strict or not, the letter must name the moving (or dropped) piece's type.
            Some(letter) if !self.san_names(t, letter) => return false,
            None if !p.drop && !self.san_letterless(t) => return false,
            _ => {}
        }
        // A swap's `=Q` names the promotion of whichever of its two pieces promotes.
        let promo = match m.kind {
            MoveKind::Swap(partner) => m.promo.or(partner),
            _ => m.promo,
        };
        self.promo_matches(p.promo, promo, strict)
    }

    /// Whether a move promoting to `promo` matches the written promotion `written` (`strict`:
    /// the letters must name the type).
    fn promo_matches(&self, written: Option<&str>, promo: Option<u8>, strict: bool) -> bool {
        match (written, promo) {
            (None, None) => true,
            (Some("+"), Some(pt)) => self.v.kinds[pt as usize].def.symbols[0].starts_with('+'),
            // A written letter names the type promoted to, loosely read or not.
            (Some(s), Some(pt)) => self.san_names(pt as usize, s) || s.is_empty(),
            (Some(s), None) => s == "+" && !strict,
            (None, Some(_)) => !strict,
        }
    }
}

/// The decimal number written by `digits` (ASCII digits only; `None` when empty or too big).
fn read_number(digits: &[u8]) -> Option<usize> {
    if digits.is_empty() || digits.len() > 9 {
        return None;
    }
    Some(
        digits
            .iter()
            .fold(0usize, |n, &d| n * 10 + (d - b'0') as usize),
    )
}
