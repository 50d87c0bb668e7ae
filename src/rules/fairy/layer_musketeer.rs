//! FBR `musketeer` (Musketeer Chess, Zied Haddad): each side has two extra piece types, the
//! same two for both, each waiting behind a first-rank piece of its side (its gate). When
//! that piece first moves (a castling king or rook too), the waiting piece enters on the
//! square it leaves, in the same move; when that piece is captured before it moves, the
//! waiting piece is lost. As the official rules (musketeerchess.net, restated by Game
//! Courier's and fsmosca's pages) and Musketeer-Stockfish have it, gating is not a choice: a
//! move from a gate square always gates, except a royal moving out of check without taking
//! the checking piece, whose waiting piece is lost ("the king cannot gate if in check except
//! if that king captures the attacker"). Pawns promote also to the two selected types.
//!
//! What a game records: the position after the selection and placement phase, as
//! Musketeer-Stockfish's FEN writes it: the board, then `[` each side's gates (white's
//! first) as the piece letter (upper case white, lower case black) and the gate's file, or
//! `-` for a gate already used or lost, then `]`: `RNBQKBNR[LbCdlgcf] w KQkq - 0 1`. The
//! XBoard form with a gate row above and below the board (`lc******/rnbqkbnr/.../LC******`,
//! `*` a file without a gate) is read too. The selection and placement moves themselves
//! (Musketeer-Stockfish's `L`, `L@b0`) are not read: a game must start from such a FEN.

use super::bits::square;
use super::position::{FMove, FairyPos, MoveKind};
use super::tables::Variant;
use crate::rules::{RulesError, RulesErrorKind};

/// No type, no file.
const NONE: u8 = u8::MAX;

/// The rule: which piece types are Musketeer pieces (the ten of the official rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MusketeerRule {
    /// The Musketeer piece types (a type mask).
    pub types: u64,
}

/// The per-position state: the two selected types and each side's gates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Gates {
    /// The two selected types (both sides'), in the order of selection; `u8::MAX` for none.
    pub types: [u8; 2],
    /// Per colour and selected type: the file of its gate on the side's first rank, or
    /// `u8::MAX` when it has entered or was lost.
    pub files: [[u8; 2]; 2],
}

impl Default for Gates {
    fn default() -> Gates {
        Gates {
            types: [NONE; 2],
            files: [[NONE; 2]; 2],
        }
    }
}

fn bad(reason: impl Into<String>) -> RulesError {
    RulesError::new(
        RulesErrorKind::BadPosition,
        format!("musketeer: {}", reason.into()),
    )
}

/// The first rank of `color`.
fn first_rank(v: &Variant, color: usize) -> usize {
    if color == 0 { 0 } else { v.ranks - 1 }
}

/// The type whose white FEN letter is `letter` (case ignored).
fn type_of_letter(v: &Variant, letter: char) -> Option<usize> {
    v.kinds.iter().position(|k| {
        k.def.symbols[0]
            .trim_end_matches('~')
            .eq_ignore_ascii_case(&letter.to_string())
    })
}

/// Reads a Musketeer FEN: the FEN without its gates (what the plain reader reads) and the
/// gates. `None` when the variant has no `musketeer` rule.
pub fn read_gates(v: &Variant, fen: &str) -> Result<Option<(String, Gates)>, RulesError> {
    let Some(rule) = &v.layers.musketeer else {
        return Ok(None);
    };
    let fen = fen.trim();
    let (board, rest) = match fen.find(char::is_whitespace) {
        Some(i) => (&fen[..i], &fen[i..]),
        None => (fen, ""),
    };
    let mut entries: Vec<(usize, usize, u8)> = Vec::new();
    let plain_board = if let Some(open) = board.find('[') {
        let close = board[open..]
            .find(']')
            .map(|j| open + j)
            .ok_or_else(|| bad("unclosed `[` in the FEN"))?;
        read_bracket(v, &board[open + 1..close], &mut entries)?;
        board[..open].to_string()
    } else {
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != v.ranks + 2 {
            return Err(bad(
                "the FEN holds no gates: a Musketeer game starts from the position after the \
                 selection and placement of the two extra pieces, written as \
                 Musketeer-Stockfish does (`RNBQKBNR[LbCdlgcf] w ...` or a gate row above and \
                 below the board); the selection and placement moves (`L`, `L@b0`) are not read",
            ));
        }
        read_gate_row(v, rows[0], 1, &mut entries)?;
        read_gate_row(v, rows[rows.len() - 1], 0, &mut entries)?;
        rows[1..rows.len() - 1].join("/")
    };
    let mut gates = Gates::default();
    // The selection: white's letters in order, then black's.
    for &(_, t, _) in entries.iter().filter(|e| e.0 == 0).chain(entries.iter()) {
        if gates.types.contains(&(t as u8)) {
            continue;
        }
        let Some(slot) = gates.types.iter().position(|&x| x == NONE) else {
            return Err(bad("more than two Musketeer piece types in the gates"));
        };
        gates.types[slot] = t as u8;
    }
    let mut seen = [[false; 2]; 2];
    for &(color, t, file) in &entries {
        if !crate::rules::fairy::layers::has_type(rule.types, t) {
            return Err(bad(format!(
                "`{}` in the gates is not a Musketeer piece",
                v.kinds[t].def.symbols[0]
            )));
        }
        let slot = gates.types.iter().position(|&x| x == t as u8).unwrap_or(0);
        if std::mem::replace(&mut seen[color][slot], true) {
            return Err(bad(format!(
                "two gates of `{}` for one side",
                v.kinds[t].def.symbols[0]
            )));
        }
        gates.files[color][slot] = file;
    }
    Ok(Some((format!("{plain_board}{rest}"), gates)))
}

/// Musketeer-Stockfish's gate list: `Lb` (a letter and a file, an optional rank digit),
/// `L-` (used or lost).
fn read_bracket(
    v: &Variant,
    text: &str,
    entries: &mut Vec<(usize, usize, u8)>,
) -> Result<(), RulesError> {
    let chars: Vec<char> = text.chars().filter(|c| *c != '/').collect();
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        let t = type_of_letter(v, letter)
            .ok_or_else(|| bad(format!("`{letter}` in the gates names no piece")))?;
        let color = usize::from(letter.is_ascii_lowercase());
        let file = match chars.get(i + 1) {
            Some('-') => NONE,
            Some(&f) if f.is_ascii_lowercase() && ((f as u8 - b'a') as usize) < v.files => {
                f as u8 - b'a'
            }
            Some('?') => {
                return Err(bad(
                    "a gate not placed yet (`?`): the placement moves are not read",
                ));
            }
            _ => return Err(bad(format!("`{letter}` in the gates needs a file or `-`"))),
        };
        i += 2;
        while chars.get(i).is_some_and(char::is_ascii_digit) {
            i += 1;
        }
        entries.push((color, t, file));
    }
    Ok(())
}

/// An XBoard gate row: one character per file, a piece letter for a gate, `*` (or a digit
/// run) for files without.
fn read_gate_row(
    v: &Variant,
    row: &str,
    color: usize,
    entries: &mut Vec<(usize, usize, u8)>,
) -> Result<(), RulesError> {
    let mut file = 0usize;
    let mut digits = String::new();
    for ch in row.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
            continue;
        }
        file += digits.parse::<usize>().unwrap_or(0);
        digits.clear();
        if ch != '*' {
            let t = type_of_letter(v, ch)
                .ok_or_else(|| bad(format!("`{ch}` in a gate row names no piece")))?;
            if (usize::from(ch.is_ascii_lowercase())) != color {
                return Err(bad(format!("`{ch}` stands in the other side's gate row")));
            }
            entries.push((color, t, file as u8));
        }
        file += 1;
    }
    Ok(())
}

impl FairyPos {
    /// The square of `color`'s gate of selected type slot `slot`, if it still waits.
    fn gate_square(&self, color: usize, slot: usize) -> Option<usize> {
        let f = self.layer.gates.files[color][slot];
        (f != NONE && self.layer.gates.types[slot] != NONE)
            .then(|| square(f as usize, first_rank(&self.v, color)))
    }

    /// Checks a position's gates: each stands behind a piece of its side, and no side has a
    /// gate behind its king and one behind that king's castling partner (the official
    /// rules forbid it: castling would bring both in at once).
    pub(super) fn check_gates(&self) -> Result<(), RulesError> {
        for color in 0..2 {
            let on: Vec<usize> = (0..2)
                .filter_map(|slot| self.gate_square(color, slot))
                .collect();
            if let Some(&sq) = on.iter().find(|&&sq| !self.color[color].has(sq)) {
                return Err(bad(format!(
                    "the gate on file {} stands behind no piece of its side",
                    (b'a' + (sq % 16) as u8) as char
                )));
            }
            let both = self
                .v
                .kinds
                .iter()
                .flat_map(|k| &k.def.castles)
                .any(|c| c.color == color && on.contains(&c.from) && on.contains(&c.partner));
            if both {
                return Err(bad("gates behind the king and behind its castling partner"));
            }
        }
        Ok(())
    }

    /// Whether a move that leaves a gate square need not name its gate (Musketeer gating is
    /// not a choice, so `Nc3` reads as `Nc3/L`).
    #[inline]
    pub fn gates_implied(&self) -> bool {
        self.v.layers.musketeer.is_some()
    }

    /// The pseudo-legal moves with their Musketeer gates: a move from a gate square (a
    /// castling partner's too) brings the waiting piece in; promotions to a Musketeer type
    /// that is not selected go.
    pub(super) fn push_musketeer_gates(&self, out: &mut Vec<FMove>) {
        let Some(rule) = &self.v.layers.musketeer else {
            return;
        };
        let us = self.turn;
        let g = self.layer.gates;
        out.retain(|m| {
            m.promo.is_none_or(|p| {
                !crate::rules::fairy::layers::has_type(rule.types, p as usize)
                    || g.types.contains(&p)
            })
        });
        let gates: Vec<(usize, u8)> = (0..2)
            .filter_map(|slot| self.gate_square(us, slot).map(|sq| (sq, g.types[slot])))
            .collect();
        if gates.is_empty() {
            return;
        }
        let in_check = std::cell::OnceCell::new();
        for m in out.iter_mut() {
            let left: &[u8] = match m.kind {
                MoveKind::Normal => &[m.from],
                MoveKind::Castle(pf, _) => &[m.from, pf],
                _ => &[],
            };
            let Some(&(sq, t)) = gates.iter().find(|(sq, _)| left.contains(&(*sq as u8))) else {
                continue;
            };
            if self.v.kinds[m.piece as usize].def.flags.royal
                && m.kind == MoveKind::Normal
                && *in_check.get_or_init(|| self.layer_in_check(us))
                && !self.takes_the_checker(m)
            {
                continue;
            }
            m.gate = Some((t, sq as u8));
        }
    }

    /// Whether a royal's move out of check takes the piece that gives it (after the capture,
    /// the royal on its old square would no longer be in check).
    fn takes_the_checker(&self, m: &FMove) -> bool {
        let Some(c) = m.capture else {
            return false;
        };
        let mut p = self.clone();
        p.remove(c as usize);
        !p.layer_in_check(self.turn)
    }

    /// After a move: a gate whose square the move left, landed on or captured on, or that
    /// no longer holds a piece of its side, is gone (entered or lost).
    pub(super) fn musketeer_after(&mut self, m: &FMove) {
        let mut touched = vec![m.from, m.to];
        touched.extend(m.capture);
        if let MoveKind::Castle(pf, pt) = m.kind {
            touched.extend([pf, pt]);
        }
        for color in 0..2 {
            for slot in 0..2 {
                if let Some(sq) = self.gate_square(color, slot)
                    && (touched.contains(&(sq as u8)) || !self.color[color].has(sq))
                {
                    self.layer.gates.files[color][slot] = NONE;
                }
            }
        }
    }

    /// Writes the gates as Musketeer-Stockfish does: `[LbCdlgcf]`, `-` for a gate gone.
    pub(super) fn write_gates(&self, s: &mut String) {
        let g = self.layer.gates;
        s.push('[');
        for color in 0..2 {
            for slot in 0..2 {
                let t = g.types[slot];
                if t == NONE {
                    continue;
                }
                let letter = &self.v.kinds[t as usize].def.symbols[0];
                let letter = letter.trim_end_matches('~');
                s.push_str(&if color == 0 {
                    letter.to_ascii_uppercase()
                } else {
                    letter.to_ascii_lowercase()
                });
                let f = g.files[color][slot];
                s.push(if f == NONE { '-' } else { (b'a' + f) as char });
            }
        }
        s.push(']');
    }
}
