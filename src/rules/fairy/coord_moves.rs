//! Coordinate move text → legal move: UCI (`e2e4`, `e7e8q`, `P@e4`, `b1c3h` for gating,
//! `h2h8+` for shogi promotion) and XBoard's spelling (ranks counted from 0 on boards of exactly 10
//! ranks; `O-O`/`O-O-O`; SjaakII's `@@a7`, a piece taken off the board).

use super::bits::square;
use super::position::{FMove, FairyPos, MoveKind};
use crate::rules::{RulesError, RulesErrorKind};

/// How ranks are numbered in coordinate moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RankBase {
    /// Ranks from 1 (UCI, Fairy-Stockfish).
    One,
    /// XBoard/SjaakII: from 0 when the board has exactly 10 ranks, else from 1.
    Xboard,
}

impl FairyPos {
    /// Finds the legal move written in coordinates.
    pub fn coord_to_move(&self, text: &str, base: RankBase) -> Result<FMove, RulesError> {
        let legal = self.legal_moves();
        let t = text.trim();
        let castling = t.trim_end_matches(['+', '#', '!', '?']);
        if matches!(
            castling,
            "O-O" | "O-O-O" | "0-0" | "0-0-0" | "O-O-O-O" | "0-0-0-0"
        ) {
            let t = castling;
            let east = t.len() == 3;
            // `O-O-O-O`: castling along a file (FBR's `promotion=castle`).
            let vertical = t.len() == 7;
            // `alice=3D`/`4D`: the direction on the king's own board; a castling that may
            // land on several boards is named by the king's move instead (`Ko1`).
            let file = |s: u8| match &self.v.layers.alice_boards {
                Some(a) => s as usize % 16 % a.files,
                None => s as usize % 16,
            };
            let mut found = legal.iter().filter(|m| {
                matches!(m.kind, MoveKind::Castle(..))
                    && (file(m.to) == file(m.from)) == vertical
                    && (vertical || (file(m.to) > file(m.from)) == east)
                    && (m.gate.is_none() || self.gates_implied())
            });
            let first = found.next().copied();
            if self.v.layers.alice_boards.is_some() && found.next().is_some() {
                return Err(illegal(format!(
                    "ambiguous move `{t}`: the castling may land on several boards"
                )));
            }
            return first.ok_or_else(|| illegal(format!("illegal move `{t}`")));
        }
        let offset = if base == RankBase::Xboard && self.v.ranks == 10 {
            0
        } else {
            1
        };
        // XBoard's null move `@@@@`: SjaakII writes a lion's pass so (from = to, no capture).
        if t == "@@@@" {
            return legal
                .iter()
                .find(|m| m.kind == MoveKind::Normal && m.from == m.to && m.capture.is_none())
                .copied()
                .ok_or_else(|| illegal(format!("no pass move for `{t}`")));
        }
        let chars: Vec<char> = t.chars().collect();
        // SjaakII's pickup `@@a7`: the piece on that square taken off the board (`warp`,
        // FBR's `freezer=suicide`); cqlq's `@@e8=Q`: the piece on e8 promoting where it stands
        // (FBR's `promotion=null`, `available`, `warp`).
        if let Some(square) = t.strip_prefix("@@") {
            let at: Vec<char> = square.chars().collect();
            let (from, n) = read_square(&at, offset).ok_or_else(|| unreadable(t))?;
            // `pincher`'s relocation `@@e5-b8`: the piece taken off e5 stands on b8.
            let (dest, n) = match at.get(n) {
                Some('-') => read_square(&at[n + 1..], offset)
                    .map(|(d, k)| (d, n + 1 + k))
                    .ok_or_else(|| unreadable(t))?,
                _ => (from, n),
            };
            let (promo, marks) = promotion_suffix(&at[n..]);
            if marks.iter().any(|c| !matches!(c, '+' | '#' | '!' | '?')) {
                return Err(unreadable(t));
            }
            return legal
                .iter()
                .find(|m| {
                    m.kind == MoveKind::Pickup
                        && m.from as usize == from
                        && m.to as usize == dest
                        && self.suffix_matches(m, &promo)
                })
                .copied()
                .ok_or_else(|| illegal(format!("illegal removal `{t}`")));
        }
        // Drop: `P@e4` / `+P@e4`.
        if let Some(at) = t.find('@') {
            let sym = &t[..at];
            let (to, _) = read_square(&chars[at + 1..], offset).ok_or_else(|| unreadable(t))?;
            return legal
                .iter()
                .find(|m| {
                    m.kind == MoveKind::Drop
                        && m.to as usize == to
                        && self.v.kinds[m.piece as usize].def.symbols[0].eq_ignore_ascii_case(sym)
                })
                .copied()
                .ok_or_else(|| illegal(format!("illegal drop `{t}`")));
        }
        self.coord_from_to(&legal, t, &chars, offset)
    }

    /// A move written from square to square with an optional suffix: a promotion piece,
    /// `+` (promotes), or a gated piece.
    fn coord_from_to(
        &self,
        legal: &[FMove],
        t: &str,
        chars: &[char],
        offset: usize,
    ) -> Result<FMove, RulesError> {
        let mut i = 0;
        let (from, n) = read_square(&chars[i..], offset).ok_or_else(|| unreadable(t))?;
        i += n;
        let (to, n) = read_square(&chars[i..], offset).ok_or_else(|| unreadable(t))?;
        i += n;
        let suffix: String = chars[i..]
            .iter()
            .collect::<String>()
            .trim_start_matches('=')
            .to_string();
        // Fairy-Stockfish writes castling that gates on the partner's square as partner to king
        // (`h1e1h`).
        let cands: Vec<&FMove> = legal
            .iter()
            .filter(|m| {
                let normal = m.from as usize == from
                    && (m.to as usize == to
                        || matches!(m.kind, MoveKind::Castle(pf, _) if pf as usize == to))
                    && m.kind != MoveKind::Drop
                    && !self.is_locust(m);
                let gate_on_partner = matches!(m.kind, MoveKind::Castle(pf, _)
                    if pf as usize == from && m.from as usize == to && m.gate.is_some_and(|(_, s)| s == pf));
                normal || gate_on_partner
            })
            .collect();
        let pick = cands.iter().find(|m| self.suffix_matches(m, &suffix));
        // A forced promotion written without its piece (a xiangqi soldier crossing the river):
        // the one candidate there is.
        let pick = pick.or_else(|| {
            (suffix.is_empty() && cands.len() == 1 && cands[0].gate.is_none()).then(|| &cands[0])
        });
        // A king moving onto its own partner is castling (Chess960 style); prefer the real
        // destination when both exist.
        let exact =
            pick.filter(|m| m.to as usize == to || cands.iter().all(|c| c.to as usize != to));
        exact
            .or(pick)
            .map(|m| **m)
            .ok_or_else(|| illegal(format!("illegal move `{t}`")))
    }

    /// Whether move `m` is what the suffix after its squares says: nothing (no promotion, no
    /// gate), `+` (a promotion to a `+` piece), a promotion piece, or a gated piece.
    fn suffix_matches(&self, m: &FMove, suffix: &str) -> bool {
        let matches_sym = |ty: u8, s: &str| {
            let sym = &self.v.kinds[ty as usize].def.symbols[0];
            sym.eq_ignore_ascii_case(s)
                || sym
                    .trim_start_matches('+')
                    .trim_end_matches('~')
                    .eq_ignore_ascii_case(s)
        };
        if suffix.is_empty() {
            return m.promo.is_none() && (m.gate.is_none() || self.gates_implied());
        }
        if suffix == "+" {
            return m
                .promo
                .is_some_and(|p| self.v.kinds[p as usize].def.symbols[0].starts_with('+'))
                && m.gate.is_none();
        }
        if let Some(p) = m.promo
            && m.gate.is_none()
            && matches_sym(p, suffix)
        {
            return true;
        }
        m.promo.is_none() && m.gate.is_some_and(|(g, _)| matches_sym(g, suffix))
    }
}

/// The promotion after an `@@sq`: `=Q`, `=+P` (the piece's letters, empty when none) and
/// the characters after it (check marks, annotations).
fn promotion_suffix(rest: &[char]) -> (String, &[char]) {
    let Some(('=', after)) = rest.split_first() else {
        return (String::new(), rest);
    };
    let plus = usize::from(after.first() == Some(&'+'));
    let n = plus
        + after[plus..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
    (after[..n].iter().collect(), &after[n..])
}

/// A move no legal move matches.
fn illegal(message: String) -> RulesError {
    RulesError::new(RulesErrorKind::IllegalMove, message)
}

/// A move text that is not a coordinate move.
fn unreadable(t: &str) -> RulesError {
    RulesError::new(RulesErrorKind::UnreadableMove, format!("bad move `{t}`"))
}

/// Reads a square (`e4`, `a10`) at the start; returns (index, characters used).
fn read_square(chars: &[char], offset: usize) -> Option<(usize, usize)> {
    let f = *chars.first()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let mut n = 1;
    let mut r = 0usize;
    while n < chars.len() && chars[n].is_ascii_digit() && n < 3 {
        r = r * 10 + chars[n].to_digit(10)? as usize;
        n += 1;
    }
    if n == 1 || r < offset || r - offset >= 16 {
        return None;
    }
    Some((square((f as u8 - b'a') as usize, r - offset), n))
}
