//! FEN of fairy positions, in the dialects SjaakII, Fairy-Stockfish and XBoard write: ranks of
//! any width (`10`), multi-character symbols (`+P`, `N~`), holdings in brackets after the
//! board (`[Pn]`, `[-]`) or as a ninth rank, optional castling and en passant fields.

use std::sync::Arc;

use super::bits::{Bits256, square, square_name};
use super::position::FairyPos;
use super::tables::Variant;
use crate::rules::{RulesError, RulesErrorKind};

/// A FEN the variant cannot start from.
fn bad_position(reason: String) -> RulesError {
    RulesError::new(RulesErrorKind::BadPosition, reason)
}

impl FairyPos {
    /// The variant's start position: read from the variant's FEN once per thread and
    /// variant, then copied (every game of a file starts there).
    pub fn start(v: Arc<Variant>) -> Result<FairyPos, RulesError> {
        thread_local! {
            static LAST_START: std::cell::RefCell<Option<FairyPos>> =
                const { std::cell::RefCell::new(None) };
        }
        LAST_START.with(|last| {
            let mut last = last.borrow_mut();
            if let Some(p) = last.as_ref()
                && Arc::ptr_eq(&p.v, &v)
            {
                return Ok(p.clone());
            }
            let fen = v.def.fen.clone();
            let p = FairyPos::from_fen(v, &fen)?;
            *last = Some(p.clone());
            Ok(p)
        })
    }

    /// Reads a FEN of the variant.
    pub fn from_fen(v: Arc<Variant>, fen: &str) -> Result<FairyPos, RulesError> {
        let mut p = FairyPos::empty(v.clone());
        // `musketeer`: the gates come off the FEN before the plain reader reads it.
        let gates = super::layer_musketeer::read_gates(&v, fen)?;
        let fen = gates.as_ref().map_or(fen, |(plain, _)| plain.as_str());
        let (board_part, hand_part, fields) = split_fen(&v, fen)?;
        let ranks: Vec<&str> = board_part.split('/').collect();
        if ranks.len() != v.ranks {
            return Err(bad_position(format!(
                "FEN has {} ranks, the board has {}",
                ranks.len(),
                v.ranks
            )));
        }
        for (i, row) in ranks.iter().enumerate() {
            place_rank(&mut p, &v, v.ranks - 1 - i, row)?;
        }
        if let Some(h) = hand_part {
            fill_hand(&mut p, &v, h)?;
        }
        read_forced_promotions(&mut p, &v);
        mark_unmoved(&mut p, &v);
        read_fields(&mut p, &v, &fields)?;
        if let Some((_, g)) = gates {
            p.layer.gates = g;
            p.check_gates()?;
        }
        p.choose_range_royals();
        Ok(p)
    }

    fn grant_castling(&mut self, ch: char) {
        let color = if ch.is_ascii_uppercase() { 0 } else { 1 };
        let v = self.v.clone();
        for k in &v.kinds {
            for c in &k.def.castles {
                if c.color != color {
                    continue;
                }
                let east = c.to.iter().any(|&t| t % 16 > c.from % 16);
                let lower = ch.to_ascii_lowercase();
                // SjaakII grants `K`/`Q` only to a partner on the king's rank (Troitzky
                // Byway's diagonal castling with a rook on e1 is never available there).
                let same_rank = c.from / 16 == c.partner / 16;
                let ok = match lower {
                    'k' => east && same_rank,
                    'q' => !east && same_rank,
                    f if f.is_ascii_lowercase() => (c.partner % 16) as u8 == f as u8 - b'a',
                    _ => false,
                };
                if ok && self.color[color].has(c.from) && self.color[color].has(c.partner) {
                    self.unmoved.set(c.from);
                    self.unmoved.set(c.partner);
                }
            }
        }
    }

    fn set_ep_field(&mut self, ep: &str) {
        let b = ep.as_bytes();
        if b.len() < 2 || !b[0].is_ascii_lowercase() {
            return;
        }
        let f = (b[0] - b'a') as usize;
        let Ok(r) = ep[1..].parse::<usize>() else {
            return;
        };
        if r == 0 || f >= self.v.files || r > self.v.ranks {
            return;
        }
        let sq = square(f, r - 1);
        self.ep.set(sq);
        // The victim stands one step past the ep square in the direction it moved: below it
        // when White is to move (e6: the pawn on e5), above it when Black is (e3: e4).
        // `r` counts from 1, so rank index r - 2 is below and r above.
        let vr = if self.turn == 0 { r.wrapping_sub(2) } else { r };
        if vr < self.v.ranks {
            self.ep_victim = Some(square(f, vr) as u8);
        }
    }

    /// The FEN: board, holdings in brackets (variants with hands), side, castling, en passant,
    /// clocks. `standard == false` writes halfmove 0 and move 1 (CQL's `currentfen`).
    pub fn to_fen(&self, standard: bool) -> String {
        let v = &*self.v;
        let mut s = String::new();
        self.write_board(&mut s);
        let rules = &v.def.rules;
        if rules.keep_capture || rules.return_capture || rules.allow_drops || rules.gate_drops {
            self.write_holdings(&mut s);
        }
        if v.layers.musketeer.is_some() {
            self.write_gates(&mut s);
        }
        s += if self.turn == 0 { " w " } else { " b " };
        let cast = self.castling_field();
        s += if cast.is_empty() { "-" } else { &cast };
        s.push(' ');
        // As Fairy-Stockfish: the en passant square only when a legal move takes there.
        let ep_capture = |m: &super::FMove| match &v.layers.alice_boards {
            Some(a) => self.alice_boards_takes_ep(a, m),
            None => self.ep.has(m.to as usize) && m.capture != Some(m.to),
        };
        let ep = self.ep.first().filter(|_| {
            FairyPos::legal_moves(self)
                .iter()
                .any(|m| m.capture.is_some() && ep_capture(m))
        });
        if let (Some((limit, ply)), true) = (self.counting, standard) {
            s += &format!("{limit} {ply} {}", self.fullmove);
            return s;
        }
        match ep {
            Some(e) => s += &square_name(e),
            None => s.push('-'),
        }
        // Fairy-Stockfish's and python-chess's remaining checks (`3+3`, FBR `royal=maxchecks(N)`),
        // the field the reader takes.
        if let Some(n) = v.layers.royal.max_checks {
            let left = |c: usize| n.saturating_sub(self.checks[c]);
            s += &format!(" {}+{}", left(0), left(1));
        }
        if standard {
            s += &format!(" {} {}", self.halfmove, self.fullmove);
        } else {
            s += " 0 1";
        }
        s
    }

    /// The board field: ranks from the top, `~` after a promoted piece where a capture
    /// demotes it.
    fn write_board(&self, s: &mut String) {
        let v = &*self.v;
        // Fairy-Stockfish's `~` after a promoted piece where a capture demotes it (crazyhouse,
        // FBR `holding=demote`).
        let promoted_marker = v
            .layers
            .holding
            .as_ref()
            .is_some_and(|h| h.demote && !h.pocket);
        for r in (0..v.ranks).rev() {
            let mut empty = 0;
            for f in 0..v.files {
                let sq = square(f, r);
                match self.piece(sq) {
                    None => empty += 1,
                    Some((c, t)) => {
                        if empty > 0 {
                            *s += &empty.to_string();
                            empty = 0;
                        }
                        *s += fen_letter(v, t, c);
                        if promoted_marker && self.promoted.has(sq) && !s.ends_with('~') {
                            s.push('~');
                        }
                    }
                }
            }
            if empty > 0 {
                *s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
    }

    /// The holdings in brackets, White's then Black's, in [`hand_order`].
    fn write_holdings(&self, s: &mut String) {
        let v = &*self.v;
        s.push('[');
        let order = hand_order(v);
        for c in 0..2 {
            for &t in &order {
                for _ in 0..self.hand[c][t] {
                    *s += &v.kinds[t].def.symbols[c];
                }
            }
        }
        s.push(']');
    }

    /// The castling field's letters (empty when none): `KQkq`, and under gating the files of
    /// the back-rank pieces that may still gate.
    fn castling_field(&self) -> String {
        let v = &*self.v;
        let mut cast = String::new();
        for color in 0..2 {
            for (east, letter) in [(true, 'K'), (false, 'Q')] {
                let has = v.kinds.iter().any(|k| {
                    k.def.castles.iter().any(|c| {
                        c.color == color
                            && c.to.iter().any(|&t| (t % 16 > c.from % 16) == east)
                            && self.unmoved.has(c.from)
                            && self.unmoved.has(c.partner)
                            && self.color[color].has(c.from)
                            && self.color[color].has(c.partner)
                    })
                });
                if has {
                    cast.push(if color == 0 {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
            if v.def.rules.gate_drops && self.hand[color].iter().any(|&n| n > 0) {
                // Seirawan (as Fairy-Stockfish writes it): the files of the back-rank pieces
                // that may still gate, while there is a piece in hand to gate.
                let rank = if color == 0 { 0 } else { v.ranks - 1 };
                for f in 0..v.files {
                    let sq = square(f, rank);
                    if self.unmoved.has(sq) && self.color[color].has(sq) {
                        let letter = (b'a' + f as u8) as char;
                        cast.push(if color == 0 {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        });
                    }
                }
            }
        }
        cast
    }
}

/// Splits a FEN into the board, the holdings (in brackets after the board, as a field of
/// their own, or as an extra rank) and the fields after them.
fn split_fen<'a>(
    v: &Variant,
    fen: &'a str,
) -> Result<(&'a str, Option<&'a str>, Vec<&'a str>), RulesError> {
    let fen = fen.trim();
    let (board_part, rest) = match fen.find(char::is_whitespace) {
        Some(i) => (&fen[..i], fen[i..].trim()),
        None => (fen, ""),
    };
    let (mut board_part, mut hand_part) = match board_part.find('[') {
        Some(i) => {
            let end = board_part[i..]
                .find(']')
                .map(|j| i + j)
                .ok_or_else(|| bad_position("unclosed `[` in FEN".to_string()))?;
            (&board_part[..i], Some(&board_part[i + 1..end]))
        }
        None => (board_part, None),
    };
    let mut fields: Vec<&str> = rest.split_whitespace().collect();
    if hand_part.is_none() && fields.first().is_some_and(|f| f.starts_with('[')) {
        let f = fields.remove(0);
        hand_part = Some(f.trim_start_matches('[').trim_end_matches(']'));
    }
    let ranks: Vec<&str> = board_part.split('/').collect();
    if ranks.len() == v.ranks + 1 && hand_part.is_none() {
        // Holdings as an extra rank (XBoard/lichess crazyhouse style).
        hand_part = ranks.last().copied();
        board_part = &board_part[..board_part.rfind('/').unwrap_or(0)];
    }
    Ok((board_part, hand_part, fields))
}

/// Puts the pieces of one FEN rank (`r` counting from 0) on the board: digits of empty
/// squares (any width), `*` for a hole, symbols with an optional promoted marker `~`.
fn place_rank(p: &mut FairyPos, v: &Variant, r: usize, row: &str) -> Result<(), RulesError> {
    let mut f = 0usize;
    let chars: Vec<char> = row.chars().collect();
    let mut j = 0;
    while j < chars.len() {
        let ch = chars[j];
        if ch.is_ascii_digit() {
            let mut n = 0usize;
            while j < chars.len() && chars[j].is_ascii_digit() {
                // Saturating: a count past any board is refused as a rank too long.
                n = n
                    .saturating_mul(10)
                    .saturating_add(chars[j].to_digit(10).unwrap_or(0) as usize);
                j += 1;
            }
            f = f.saturating_add(n);
            continue;
        }
        if ch == '*' {
            f += 1;
            j += 1;
            continue;
        }
        let (c, t, len) = match_symbol(v, &chars[j..])
            .ok_or_else(|| bad_position(format!("unknown piece `{ch}` in FEN")))?;
        if f >= v.files {
            return Err(bad_position(format!("FEN rank {} is too long", r + 1)));
        }
        let sq = square(f, r);
        p.put(sq, c, t);
        if chars[j..j + len].contains(&'~') {
            p.promoted.set(sq);
        }
        f += 1;
        j += len;
        // Fairy-Stockfish's promoted marker after any letter (crazyhouse `n~`).
        if chars.get(j) == Some(&'~') {
            p.promoted.set(sq);
            j += 1;
        }
    }
    if f > v.files {
        return Err(bad_position(format!("FEN rank {} is too long", r + 1)));
    }
    Ok(())
}

/// Puts the holdings (`Pn`, `2P`, `-`) in the hands.
fn fill_hand(p: &mut FairyPos, v: &Variant, h: &str) -> Result<(), RulesError> {
    let chars: Vec<char> = h.chars().collect();
    let mut j = 0;
    let mut count = 1u8;
    while j < chars.len() {
        if chars[j] == '-' {
            j += 1;
            continue;
        }
        if chars[j].is_ascii_digit() {
            count = chars[j].to_digit(10).unwrap_or(1) as u8;
            j += 1;
            continue;
        }
        let (c, t, len) = match_symbol(v, &chars[j..])
            .ok_or_else(|| bad_position(format!("unknown piece `{}` in holdings", chars[j])))?;
        p.hand[c][t] = p.hand[c][t].saturating_add(count);
        count = 1;
        j += len;
    }
    Ok(())
}

/// Fairy-Stockfish writes a xiangqi soldier past the river as `P`: a piece standing in the
/// zone of its only, compulsory promotion is read as promoted.
fn read_forced_promotions(p: &mut FairyPos, v: &Variant) {
    // Under FBR's `promotion=capture`, `leave`, `move` a piece may stand unpromoted in its zone.
    if v.layers
        .promotion_rule
        .as_ref()
        .is_some_and(|r| !r.triggers.is_empty())
    {
        return;
    }
    for sq in p.occupied().iter() {
        if let Some((c, t)) = p.piece(sq) {
            let k = &v.kinds[t];
            // An announcement cancelling its `+` rule lets it stand unpromoted there
            // (`fairy::layer_announcement`).
            let announced = v
                .layers
                .announcements
                .iter()
                .any(|a| super::layers::has_type(a.cancels, t));
            let forced = k.optional_zone.is_some_and(|z| z[c].none()) && !announced;
            let rules: Vec<_> = k.promotions.iter().filter(|r| !r.1.is_empty()).collect();
            if forced && rules.len() == 1 && rules[0].1.len() == 1 && rules[0].0[c].has(sq) {
                let to = rules[0].1[0] as usize;
                p.remove(sq);
                p.put(sq, c, to);
            }
        }
    }
}

/// Pieces that have not moved: all of them, except castling pieces (the castling field
/// gives those their rights back).
fn mark_unmoved(p: &mut FairyPos, v: &Variant) {
    let mut castle_squares = Bits256::EMPTY;
    for k in &v.kinds {
        for c in &k.def.castles {
            castle_squares.set(c.from);
            castle_squares.set(c.partner);
        }
    }
    p.unmoved = p.occupied() & !castle_squares;
}

/// The fields after the board: side to move, castling (and gating) rights, en passant (or
/// Makruk's counting limit), remaining checks, the clocks.
fn read_fields(p: &mut FairyPos, v: &Variant, fields: &[&str]) -> Result<(), RulesError> {
    let mut fi = 0;
    if let Some(side) = fields.get(fi) {
        p.turn = match *side {
            "w" | "W" => 0,
            "b" | "B" => 1,
            other => return Err(bad_position(format!("bad side to move `{other}`"))),
        };
        fi += 1;
    }
    if let Some(cast) = fields.get(fi)
        && !cast.chars().all(|c| c.is_ascii_digit())
    {
        read_castling_field(p, v, cast);
        fi += 1;
    }
    // Fairy-Stockfish's Makruk count: the limit in place of the en passant square, the
    // count in place of the halfmove clock.
    let counting_limit = fields
        .get(fi)
        .filter(|_| v.def.rules.makruk_counting)
        .and_then(|f| f.parse::<u32>().ok())
        .filter(|&l| l > 0);
    if let Some(ep) = fields.get(fi)
        && !ep.chars().all(|c| c.is_ascii_digit())
    {
        if *ep != "-" {
            p.set_ep_field(ep);
        }
        fi += 1;
    }
    // Fairy-Stockfish's remaining checks `3+3` (FBR `royal=maxchecks(N)`).
    if let Some(f) = fields.get(fi)
        && let Some((w, b)) = f.split_once('+')
    {
        if let (Some(n), Ok(w), Ok(b)) = (v.layers.royal.max_checks, w.parse(), b.parse()) {
            let (w, b): (u32, u32) = (w, b);
            p.checks = [n.saturating_sub(w), n.saturating_sub(b)];
        }
        fi += 1;
    }
    if let Some(limit) = counting_limit {
        fi += 1;
        let ply = fields.get(fi).and_then(|s| s.parse().ok()).unwrap_or(0);
        p.counting = Some((limit, ply));
        fi += 1;
    } else if let Some(h) = fields.get(fi).and_then(|s| s.parse().ok()) {
        p.halfmove = h;
        fi += 1;
    }
    if let Some(n) = fields.get(fi).and_then(|s| s.parse().ok()) {
        p.fullmove = n;
    }
    Ok(())
}

/// The castling field (`KQkq`, `-`, Shredder-style file letters); under gating also the
/// back-rank files whose pieces may still gate.
fn read_castling_field(p: &mut FairyPos, v: &Variant, cast: &str) {
    if v.def.rules.gate_drops {
        // Seirawan: the field lists the back-rank pieces that may still gate
        // (file letters) besides the castling rights; the others have moved.
        for (c, rank) in [(0, 0), (1, v.ranks - 1)] {
            for f in 0..v.files {
                let sq = square(f, rank);
                let letter = (b'a' + f as u8) as char;
                let letter = if c == 0 {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                };
                if !cast.contains(letter) {
                    p.unmoved.clear(sq);
                }
            }
        }
    }
    if cast != "-" {
        for ch in cast.chars() {
            // Under gating, file letters are gating rights, not castling rights:
            // the piece on that back-rank file has not moved.
            if v.def.rules.gate_drops && !"KQkq".contains(ch) {
                let (c, rank) = if ch.is_ascii_uppercase() {
                    (0, 0)
                } else {
                    (1, v.ranks - 1)
                };
                let f = (ch.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
                if f < v.files && p.color[c].has(square(f, rank)) {
                    p.unmoved.set(square(f, rank));
                }
                continue;
            }
            p.grant_castling(ch);
        }
    }
}

/// The FEN letter of a piece of kind `t` and colour `c`: its symbol, except that a kind the
/// kind `X` always becomes (xiangqi's crossed soldier, `+P`) is written `X`, as
/// Fairy-Stockfish writes it (reading puts a soldier past the river back to crossed).
fn fen_letter(v: &Variant, t: usize, c: usize) -> &str {
    let sym = v.kinds[t].def.symbols[c].as_str();
    match sym.strip_prefix('+') {
        Some(base)
            if v.kinds
                .iter()
                .any(|b| b.def.symbols[c] == base && super::cql::forced_into(b, t)) =>
        {
            base
        }
        _ => sym,
    }
}

/// Fairy-Stockfish's order of the pieces in hand (its piece types, highest first) for the
/// bundled variants with hands, by FEN letter; other variants keep definition order.
const FSF_HAND_ORDER: [(&str, &str); 2] = [("seirawan", "EHQRBNP"), ("shogi", "GNLPSRB")];

/// Fairy-Stockfish's order for chess pieces with Seirawan's two (its types, highest first):
/// the order for any variant whose pieces are all among these letters (chess with FBR
/// `holding`, crazyhouse `[QRBNPqrbnp]`, Seirawan built from FBR `gating`).
const FSF_CHESS_HAND_ORDER: &str = "EHQRBNP";

/// The kinds in the order their pieces in hand are written.
fn hand_order(v: &Variant) -> Vec<usize> {
    let mut order: Vec<usize> = (0..v.kinds.len()).collect();
    let name = v.def.name.to_lowercase();
    let chess_letters = v.kinds.iter().all(|k| {
        let sym = k.def.symbols[0].as_str();
        sym.len() == 1 && (sym == "K" || FSF_CHESS_HAND_ORDER.contains(sym))
    });
    let letters = FSF_HAND_ORDER
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, letters)| *letters)
        .or(chess_letters.then_some(FSF_CHESS_HAND_ORDER));
    if let Some(letters) = letters {
        let rank = |t: &usize| {
            letters
                .find(v.kinds[*t].def.symbols[0].as_str())
                .filter(|_| v.kinds[*t].def.symbols[0].len() == 1)
                .unwrap_or(letters.len())
        };
        order.sort_by_key(rank);
    }
    order
}

/// Matches the longest piece symbol at the start of `chars`: (colour, type, length).
fn match_symbol(v: &Variant, chars: &[char]) -> Option<(usize, usize, usize)> {
    let mut best: Option<(usize, usize, usize)> = None;
    for (t, k) in v.kinds.iter().enumerate() {
        for c in 0..2 {
            let sym = &k.def.symbols[c];
            let n = sym.chars().count();
            if n > 0
                && chars.len() >= n
                && best.is_none_or(|b| n > b.2)
                && sym.chars().eq(chars[..n].iter().copied())
            {
                best = Some((c, t, n));
            }
        }
    }
    if best.is_none() && chars.len() >= 2 && chars[1] == '~' {
        // `Q~`: a promoted piece written with a marker the definition does not name.
        return match_symbol(v, &chars[..1]).map(|(c, t, _)| (c, t, 2));
    }
    best
}
