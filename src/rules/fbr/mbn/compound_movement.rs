//! A compound letter as a movement: seed 001's `swap` example writes `K=acc?{D}:K:`,
//! `:KD:=:K:`, `M=acc?{D}:M:` and `:MD:=:M:` ("After capturing a friendly Disk the piece will
//! mount the Disk (promotion from K to :KD:, for instance)").
//!
//! Reading (docs/fbr.md, "A compound letter as a movement"): `:X:` standing where a move
//! stands names the movement the board gives the piece `X` before the rule list redefines it
//! (its moves, captures, special and initial moves: what a definition `X=MBN` replaces). The
//! first Disk example writes the queen's own movement as the basic letter (`Q=acc?{D}Q`,
//! `:QD:=Q`: Betza's queen); the king's and `M`'s are written between colons because a bare
//! `K` is Betza's king step (no castling) and a bare `M` names no basic movement of its own
//! (LeCodex's `mbn.js` lists `M` as "Marshall" with two different movements), so the colons
//! mark the piece's own movement. Read so, `K=acc?{D}:K:` is the king that also captures its
//! own Disks and `:KD:=:K:` a mounted king moving as the king did.
//!
//! cqlq reads `:X:` as a whole alternative of a piece's own (unprefixed) movement, with the
//! modifiers the seed writes before it: none, `a` (moves and captures anyway), and `cc`
//! (`cc?{set}` after `a`: friendly captures of the set along `X`'s capturing movement, as
//! `acc?{D}Q` adds them to the queen's). Anything else on it is refused at its column: other
//! modifiers or directions (they would narrow a movement taken whole), steps or a range after
//! it, `:X:` in a move sequence or a bracket, a compound letter of more than one letter (a
//! piece the list defines: `:KD:` as a movement), and, on applying, a letter the board lacks
//! (`fbr::piece_defs`).

use super::friendly_capture::{FriendlyCaptures, read_capture_modifier};
use super::parse::MbnError;
use super::state::StateSets;
use crate::rules::fairy::compound_letters::piece_letter_at;
use crate::rules::fairy::defs::{Atom, PieceDef};
use crate::rules::fairy::layer_powers::ZoneLine;
use crate::rules::fbr::macros::Spanned;

/// One `:X:` alternative of a piece's movement: the board's movement of `X`.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardMovement {
    /// The letter `X` (upper case, one letter).
    pub letter: String,
    /// 1-based column of the opening `:` in the rules text.
    pub column: usize,
    /// Whether `X`'s moves and captures are kept: no modifier, or `a`; `cc` alone keeps only
    /// the friendly captures.
    pub moves: bool,
    /// `cc{set}`: captures of friendly pieces along `X`'s capturing movement.
    pub friendly: Option<FriendlyCaptures>,
}

fn err(column: usize, reason: impl Into<String>) -> MbnError {
    MbnError {
        column,
        reason: reason.into(),
    }
}

/// Before each character of `c`: its depth in brackets `(` `[` `<` and in piece sets `{`.
fn depths(c: &[char]) -> Vec<(usize, usize)> {
    let (mut outer, mut set) = (0usize, 0usize);
    c.iter()
        .map(|&ch| {
            let here = (outer, set);
            match ch {
                '(' | '[' | '<' => outer += 1,
                ')' | ']' | '>' => outer = outer.saturating_sub(1),
                '{' => set += 1,
                '}' => set = set.saturating_sub(1),
                _ => {}
            }
            here
        })
        .collect()
}

/// Takes the `:X:` alternatives out of a piece's movement `text` (macros expanded, columns
/// of the rules text): the rest of the movement (joined by `+`, as written) and the board
/// movements, in order. Errors carry rules-text columns.
pub fn take_board_movements(text: &Spanned) -> Result<(Spanned, Vec<BoardMovement>), MbnError> {
    let c: Vec<char> = text.iter().map(|x| x.0).collect();
    let col = |i: usize| {
        text.get(i)
            .map_or_else(|| text.last().map_or(1, |x| x.1 + 1), |x| x.1)
    };
    let depth = depths(&c);
    let opens: Vec<usize> = (0..c.len())
        .filter(|&i| c[i] == ':' && depth[i].1 == 0)
        .collect();
    if opens.is_empty() {
        return Ok((text.clone(), Vec::new()));
    }
    // The top-level alternatives (`+` outside any bracket or set).
    let mut alternatives = Vec::new();
    let mut start = 0;
    for i in 0..=c.len() {
        if i == c.len() || (c[i] == '+' && depth[i] == (0, 0)) {
            alternatives.push((start, i));
            start = i + 1;
        }
    }
    let mut rest = Spanned::new();
    let mut out = Vec::new();
    for (a, b) in alternatives {
        let Some(&open) = opens.iter().find(|&&i| a <= i && i < b) else {
            if !rest.is_empty()
                && let Some(&(_, at)) = text.get(a)
            {
                rest.push(('+', at));
            }
            rest.extend_from_slice(&text[a..b]);
            continue;
        };
        if depth[open].0 > 0 {
            return Err(err(
                col(open),
                "a compound letter as a movement inside a bracket (a complex rider, an optional \
                 leg) is not evaluated by cqlq: `:X:` is read as a whole alternative of a \
                 piece's movement (`K=acc?{D}:K:`)",
            ));
        }
        if let Some(dash) = (a..b).find(|&i| c[i] == '-' && depth[i] == (0, 0)) {
            return Err(err(
                col(dash),
                "a compound letter as a movement in a move sequence (`-`) is not evaluated by \
                 cqlq: `:X:` is read as a whole alternative of a piece's movement \
                 (`K=acc?{D}:K:`)",
            ));
        }
        let Some((letter, len)) = piece_letter_at(&c, open) else {
            return Err(err(
                col(open),
                "a malformed compound letter (`:X:`: an upper-case letter and up to two \
                 letters or digits between colons)",
            ));
        };
        if len != 3 {
            return Err(err(
                col(open),
                format!(
                    "the compound letter `{letter}` as a movement is not evaluated by cqlq: \
                     `:X:` names the movement the board gives the piece `X` (one letter) \
                     before the rule list, and `{letter}` is a piece of the list itself \
                     (write its movement out)"
                ),
            ));
        }
        if open + len < b {
            return Err(err(
                col(open + len),
                "steps, directions or a board range after a compound letter as a movement are \
                 not evaluated by cqlq (`:X:` is the board's movement of `X`, taken whole)",
            ));
        }
        let (moves, friendly) = read_modifiers(&c[a..open], |i| col(a + i))?;
        out.push(BoardMovement {
            letter: letter[1..2].to_string(),
            column: col(open),
            moves,
            friendly,
        });
    }
    Ok((rest, out))
}

/// The modifiers before `:X:`: none, `a`, `a` with `cc[?][{set}]`, or `cc[{set}]`: whether
/// the moves and captures are kept, and the friendly captures.
fn read_modifiers(
    m: &[char],
    col: impl Fn(usize) -> usize,
) -> Result<(bool, Option<FriendlyCaptures>), MbnError> {
    let all = m.first() == Some(&'a');
    let mut i = usize::from(all);
    let mut friendly = None;
    if m.get(i) == Some(&'c') && m.get(i + 1) == Some(&'c') {
        let read = read_capture_modifier(m, i).map_err(|e| err(col(e.column - 1), e.reason))?;
        if read.optional && !all {
            return Err(err(
                col(i + 2),
                "the optional mark `?` after `cc` without `a` is not evaluated by cqlq (beside \
                 `a` the moves and enemy captures stay whatever `?` adds)",
            ));
        }
        friendly = Some(read.friendly);
        i += read.len;
    }
    if i < m.len() {
        return Err(err(
            col(i),
            "a modifier other than `a` and `cc` before a compound letter as a movement is not \
             evaluated by cqlq: `:X:` is the board's movement of `X`, taken whole (`m`, `c`, \
             directions and the others would narrow it)",
        ));
    }
    Ok((all || friendly.is_none(), friendly))
}

/// The board's piece `letter` names (before the rule list), or the refusal at `column`.
pub fn board_piece<'a>(
    board: &'a [PieceDef],
    letter: &str,
    column: usize,
) -> Result<&'a PieceDef, MbnError> {
    board
        .iter()
        .find(|q| {
            q.symbols[0]
                .trim_end_matches('~')
                .eq_ignore_ascii_case(letter)
        })
        .ok_or_else(|| {
            err(
                column,
                format!(
                    "`:{letter}:` names the movement the board gives `{letter}` before the rule \
                     list, and this board has no piece `{letter}`"
                ),
            )
        })
}

/// Gives `p` (the piece of letter `own`, its MBN movement already set, `state` that
/// movement's `i` / `e`) the board movements `moves` name: each one's moves, captures,
/// special and initial moves as the board (`board`, before the rule list) gives them. The
/// en passant and initial-move marks come with them for the piece's own letter only;
/// castling (`Castle:` lines, the king's move with its partner from their start squares) is
/// no movement: `K` keeps its own, another piece gets none.
pub fn add_board_movements(
    p: &mut PieceDef,
    own: &str,
    board: &[PieceDef],
    moves: &[BoardMovement],
    state: &StateSets,
) -> Result<(), MbnError> {
    for m in moves {
        let x = board_piece(board, &m.letter, m.column)?;
        if !m.moves {
            continue;
        }
        if let Some(at) = state.first.filter(|_| state.needs_piece()) {
            return Err(err(
                at,
                "an initial move (`i`) or en passant (`e`) beside a compound letter as a \
                 movement (`:X:`, the board's movement) is not evaluated by cqlq",
            ));
        }
        let same = m.letter.eq_ignore_ascii_case(own);
        if !same && (x.flags.set_ep || x.flags.take_ep || x.flags.initial_decays) {
            return Err(err(
                m.column,
                format!(
                    "`:{}:` in another piece's movement: `{}` takes part in en passant or has \
                     decaying initial moves, which belong to its own type; cqlq does not give \
                     them to another piece",
                    m.letter, m.letter
                ),
            ));
        }
        if x.special.is_some() {
            if p.special.is_some() {
                return Err(err(
                    m.column,
                    "two board movements with special moves in one definition are not \
                     evaluated by cqlq",
                ));
            }
            p.special = x.special.clone();
        }
        let captures = x.captures.clone().unwrap_or_else(|| x.moves.clone());
        p.moves.extend(x.moves.iter().cloned());
        p.captures.get_or_insert_with(Vec::new).extend(captures);
        p.initial.extend(x.initial.iter().cloned());
        if same {
            p.flags.set_ep = x.flags.set_ep;
            p.flags.take_ep = x.flags.take_ep;
            p.flags.initial_decays = x.flags.initial_decays;
        }
        p.flags.renews_initial |= x.flags.renews_initial;
    }
    Ok(())
}

/// The lines (white's view: vector, most steps) along which `x` captures, for friendly
/// captures (`acc?{D}:K:`): leaps, slides, and riders and steppers whose directions are the
/// same for both sides. A lame or two-step leaper, a hopper or a multi-leg path is refused
/// (the friendly-capture layer reads plain lines).
pub fn capture_lines(x: &PieceDef, column: usize) -> Result<Vec<ZoneLine>, MbnError> {
    let atoms = x.captures.as_ref().unwrap_or(&x.moves);
    let symmetric = |v: &[(i8, i8)]| {
        v.iter()
            .all(|&(a, b)| v.contains(&(-a, b)) && v.contains(&(a, -b)))
    };
    let mut lines = Vec::new();
    for atom in atoms {
        match atom {
            Atom::Leap(l) if l.second.is_empty() && l.mask.is_none() => {
                lines.extend(l.first.iter().map(|&(a, b)| (a, b, 1)));
            }
            Atom::Slide(bits) => {
                let dirs: [(u8, [(i8, i8); 2]); 4] = [
                    (1, [(1, 0), (-1, 0)]),
                    (2, [(0, 1), (0, -1)]),
                    (4, [(1, 1), (-1, -1)]),
                    (8, [(-1, 1), (1, -1)]),
                ];
                for (bit, v) in dirs {
                    if bits & bit != 0 {
                        lines.extend(v.iter().map(|&(a, b)| (a, b, u8::MAX)));
                    }
                }
            }
            Atom::Ride(v) if symmetric(v) => {
                lines.extend(v.iter().map(|&(a, b)| (a, b, u8::MAX)));
            }
            Atom::Step(v) if symmetric(&v.iter().map(|&(a, b, _)| (a, b)).collect::<Vec<_>>()) => {
                lines.extend(v.iter().copied());
            }
            _ => {
                return Err(err(
                    column,
                    format!(
                        "friendly captures (`cc`) along the board's movement of `{}`: it \
                         captures as a lame or two-step leaper, a hopper, a one-sided rider \
                         or a multi-leg path, which the friendly-capture layer (plain lines) \
                         does not evaluate",
                        x.symbols[0]
                    ),
                ));
            }
        }
    }
    lines.dedup();
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn take(text: &str) -> Result<(String, Vec<BoardMovement>), MbnError> {
        let s: Spanned = text.chars().zip(1..).collect();
        take_board_movements(&s).map(|(rest, b)| (rest.iter().map(|x| x.0).collect(), b))
    }

    #[test]
    fn the_seeds_forms_are_taken_out() {
        let (rest, b) = take("acc?{D}:K:").unwrap();
        assert_eq!(rest, "");
        assert_eq!(b[0].letter, "K");
        assert_eq!(b[0].column, 8);
        assert!(b[0].moves);
        assert_eq!(
            b[0].friendly,
            Some(FriendlyCaptures {
                victims: Some(vec!["D".into()])
            })
        );
        let (rest, b) = take(":K:").unwrap();
        assert_eq!(
            (rest.as_str(), b[0].moves, &b[0].friendly),
            ("", true, &None)
        );
        let (rest, b) = take("mW+:M:+cc{:QD:}F").unwrap();
        assert_eq!(rest, "mW+cc{:QD:}F");
        assert_eq!(b.len(), 1);
        let (_, b) = take("cc{D}:K:").unwrap();
        assert!(!b[0].moves);
        // No compound letter: the text as it was.
        assert_eq!(take("acc?{:QD:}Q").unwrap().0, "acc?{:QD:}Q");
    }

    #[test]
    fn other_forms_are_refused_at_their_column() {
        for (text, column) in [
            ("m:K:", 1),
            ("acc?{D}f:K:", 8),
            (":K:0", 4),
            (":K:-mW", 4),
            ("mW-:K:", 3),
            ("(:K:)0", 2),
            ("[:K:]--W", 2),
            (":KD:", 1),
            ("cc?{D}:K:", 3),
            (":k:", 1),
        ] {
            let e = take(text).unwrap_err();
            assert_eq!(e.column, column, "{text}: {}", e.reason);
        }
    }
}
