//! MBN macros in an FBR rule list (seed 001's `royal @K=K @Q=R+N ... K<*>=aK--<+>mO` and
//! switching's `@K @Q=QN @R @B @N @P @X=wwK K=KX Q=QX ...`): `@L=MBN` names a movement `L`
//! for use in the list's other definitions; a use of `L` as a move stands for that movement.
//!
//! The reading cqlq gives (the MBN grammar writes `'@' <MacroIdentifier>` and the seed only
//! examples; the page's own text could not be read here):
//! - A use is a move letter of a definition (not a letter inside a piece set `{...}`, a board
//!   identifier `<...>` or a compound letter `:QD:`). Letters written together share their
//!   modifiers (`QX` is `Q` and `X`, `aQ` with `@Q=R+N` is `aR+aN`): the uses become
//!   alternatives (`+`); a macro holding a move sequence becomes a bracketed alternative
//!   `(...)`, which takes no modifier before it.
//! - Inside its own body a macro's letter is the basic letter (`@Q=QN`: the queen and the
//!   knight), so the seed's `@K=K` and `@Q=QN` are no loops; a macro reached again through
//!   other macros (`@X=Y @Y=wwX`) is refused as recursive, at the use.
//! - A macro without a body (`@K`, `@P`), or whose body is its own letter alone (`@P=P`,
//!   seed 001's 3D Alice), is the letter's own movement: a basic letter's (`K`
//!   is the king step) or, for a letter MBN has no basic piece of (`P`), the movement the
//!   board gives the piece of that letter. That one can only be kept where that piece is
//!   defined (`P=PX`: the board's pawn plus `X`), as a whole alternative.
//! - A move letter that is neither a basic letter nor a macro is refused at its column.

use super::parse::FbrError;
use crate::rules::fairy::compound_letters::piece_letter_at;

/// A character of a definition with the 1-based column it comes from in the rules text (a
/// macro's body keeps its own columns, so a fault inside it points there).
pub type Spanned = Vec<(char, usize)>;

/// Letters MBN reads as moves of their own without a macro: the basic leapers, Betza's
/// compounds, the null move `O` and the universal leaper `U` (switching's `!jj{K}U[*]`).
const BASIC: &str = "WFDNAHCZGRBQKOU";

/// One macro of a rule list.
#[derive(Clone, Debug, PartialEq)]
pub struct Macro {
    /// The macro's letter (upper case).
    pub letter: String,
    /// Its body, `None` for `@L` alone.
    pub body: Option<Spanned>,
    /// 1-based column of the `@`.
    pub column: usize,
}

/// A definition's movement with its macros expanded.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expanded {
    /// The MBN text (without macros), each character with its column.
    pub text: Spanned,
    /// A body-less macro of the defined piece's own letter stood as an alternative (`P=PX`):
    /// the board's movement of the piece is kept and `text` added to it.
    pub keeps_board_movement: bool,
    /// The first move letter that is neither basic nor a macro: the caller reports it unless
    /// the MBN reader finds a fault before it.
    pub unknown: Option<FbrError>,
}

fn fault<T>(column: usize, reason: impl Into<String>) -> Result<T, FbrError> {
    Err(FbrError {
        column,
        reason: reason.into(),
    })
}

/// Whether `c[i]` starts a macro definition (`@` and a piece letter).
pub fn starts_macro(c: &[char], i: usize) -> bool {
    c.get(i) == Some(&'@') && piece_letter_at(c, i + 1).is_some()
}

/// Reads every macro definition of the rules text (a word starting with `@` and a letter),
/// wherever it stands: a macro may be used before its definition.
pub fn read_macros(c: &[char]) -> Result<Vec<Macro>, FbrError> {
    let mut out: Vec<Macro> = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let word_start = i == 0 || c[i - 1].is_whitespace();
        if !(word_start && starts_macro(c, i)) {
            i += 1;
            continue;
        }
        let mut end = i;
        let (letter, len) = piece_letter_at(c, i + 1).expect("checked by starts_macro");
        let after = i + 1 + len;
        end = end.max(after);
        let body = match c.get(after) {
            None => None,
            Some(ch) if ch.is_whitespace() => None,
            Some('=') => {
                let from = after + 1;
                let len = c[from..]
                    .iter()
                    .position(|ch| ch.is_whitespace())
                    .unwrap_or(c.len() - from);
                if len == 0 {
                    return fault(from, format!("the macro `@{letter}=` needs a movement"));
                }
                end = from + len;
                let body: String = c[from..from + len].iter().collect();
                // `@P=P` (seed 001's 3D/4D Alice): the letter's own movement, as `@P`.
                (body != letter).then(|| (from..from + len).map(|k| (c[k], k + 1)).collect())
            }
            Some(&ch) => {
                return fault(
                    after + 1,
                    format!(
                        "`{ch}` after the macro `@{letter}`: write `@{letter}` or `@{letter}=MBN`"
                    ),
                );
            }
        };
        if let Some(first) = out.iter().find(|m| m.letter == letter) {
            return fault(
                i + 1,
                format!(
                    "the macro `@{letter}` is defined twice (first at column {})",
                    first.column
                ),
            );
        }
        out.push(Macro {
            letter,
            body,
            column: i + 1,
        });
        i = end;
    }
    Ok(out)
}

/// The end of the macro definition word at `c[i]` (`starts_macro`): where the caller goes on.
pub fn skip_macro(c: &[char], i: usize) -> usize {
    c[i..]
        .iter()
        .position(|ch| ch.is_whitespace())
        .map_or(c.len(), |n| i + n)
}

/// Expands the macros in the movement `text` of the piece `letter` (its characters from
/// column `column` on).
pub fn expand(
    macros: &[Macro],
    letter: &str,
    text: &str,
    column: usize,
) -> Result<Expanded, FbrError> {
    let spanned: Spanned = text
        .chars()
        .enumerate()
        .map(|(k, ch)| (ch, column + k))
        .collect();
    let mut keeps = false;
    let mut stack = Vec::new();
    let mut unknown = None;
    let out = expand_spanned(macros, &spanned, &mut stack, &mut unknown, &mut |l, at| {
        if l == letter {
            keeps = true;
            Ok(())
        } else {
            fault(
                at,
                format!(
                    "the macro `@{l}` (no body) is the board's `{l}` movement; it is kept only in `{l}`'s own definition (`{l}={l}...`)"
                ),
            )
        }
    })?;
    Ok(Expanded {
        text: out,
        keeps_board_movement: keeps,
        unknown,
    })
}

/// The positions of `c` at which `sep` splits it at the top level (outside brackets).
pub(super) fn split_top(c: &[(char, usize)], sep: char) -> Vec<(usize, usize)> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (i, &(ch, _)) in c.iter().enumerate() {
        match ch {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth = depth.saturating_sub(1),
            ch if ch == sep && depth == 0 => {
                parts.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push((start, c.len()));
    parts
}

/// A body-less macro of a letter without a basic movement was used (its letter, column).
type BoardUse<'a> = dyn FnMut(&str, usize) -> Result<(), FbrError> + 'a;

fn expand_spanned(
    macros: &[Macro],
    c: &[(char, usize)],
    stack: &mut Vec<String>,
    unknown: &mut Option<FbrError>,
    board_use: &mut BoardUse<'_>,
) -> Result<Spanned, FbrError> {
    let mut out = Spanned::new();
    // Legs (`-`, `--`: empty parts between two dashes are kept as written).
    for (n, (a, b)) in split_top(c, '-').into_iter().enumerate() {
        if n > 0 {
            out.push(('-', c[a - 1].1));
        }
        let leg = &c[a..b];
        for (k, (p, q)) in split_top(leg, '+').into_iter().enumerate() {
            if k > 0 {
                out.push(('+', leg[p - 1].1));
            }
            let alts = expand_term(macros, &leg[p..q], stack, unknown, board_use)?;
            for (j, alt) in alts.into_iter().enumerate() {
                if j > 0 {
                    out.push(('+', alt.first().map_or(0, |x| x.1)));
                }
                out.extend(alt);
            }
        }
    }
    Ok(out)
}

/// A move letter of a partial move: its text (letter and step count), letter and column.
type MoveLetter<'a> = (&'a [(char, usize)], char, usize);

/// The MBN page's predefined move `X` (its explosion): a letter no macro need define, left to
/// the MBN reader, which names it (`mbn::sequence`), unless the list defines a macro `@X`.
const PREDEFINED: char = 'X';

/// Notes the first move letter that is neither basic, nor predefined, nor a macro.
fn note_unknown(unknown: &mut Option<FbrError>, l: char, at: usize) {
    if unknown.is_none() && l != PREDEFINED {
        *unknown = Some(FbrError {
            column: at,
            reason: format!(
                "`{l}` is neither an MBN basic piece (W F D N A H C Z G, R B Q K) nor a macro of this list (`@{l}=...`)"
            ),
        });
    }
}

/// One partial move (`aQ`, `[*]wwK`, `(wwO--D)`): its alternatives after expansion.
fn expand_term(
    macros: &[Macro],
    t: &[(char, usize)],
    stack: &mut Vec<String>,
    unknown: &mut Option<FbrError>,
    board_use: &mut BoardUse<'_>,
) -> Result<Vec<Spanned>, FbrError> {
    // A bracketed group `( ... )` (with what follows it) expands inside.
    if t.first().map(|x| x.0) == Some('(') {
        let mut depth = 0usize;
        let mut end = None;
        for (i, &(ch, _)) in t.iter().enumerate() {
            match ch {
                '(' | '[' | '{' | '<' => depth += 1,
                ')' | ']' | '}' | '>' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        if let Some(e) = end {
            let inner: String = t[1..e].iter().map(|x| x.0).collect();
            // `(fl)F`: an amalgamated direction, not a group.
            if !(inner.len() == 2 && inner.chars().all(|ch| "fblrvs".contains(ch))) {
                let mut g = vec![t[0]];
                g.extend(expand_spanned(macros, &t[1..e], stack, unknown, board_use)?);
                g.extend_from_slice(&t[e..]);
                return Ok(vec![g]);
            }
        }
    }
    // The head (modifiers, conditions, ranges) up to the first move letter, the move
    // letters with their step counts, and the tail after them.
    let mut i = 0;
    let mut depth = 0usize;
    while i < t.len() {
        let ch = t[i].0;
        match ch {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth = depth.saturating_sub(1),
            ':' if depth == 0 => {
                // A compound letter `:QD:` is a piece, not a macro.
                return Ok(vec![t.to_vec()]);
            }
            ch if depth == 0 && ch.is_ascii_uppercase() => break,
            _ => {}
        }
        i += 1;
    }
    if i == t.len() {
        return Ok(vec![t.to_vec()]);
    }
    let head = &t[..i];
    let mut moves: Vec<MoveLetter<'_>> = Vec::new();
    while i < t.len() && t[i].0.is_ascii_uppercase() {
        let start = i;
        i += 1;
        while i < t.len() && (t[i].0.is_ascii_digit() || "*#".contains(t[i].0)) {
            i += 1;
        }
        moves.push((&t[start..i], t[start].0, t[start].1));
    }
    let tail = &t[i..];
    let uses_macro = moves
        .iter()
        .any(|(_, l, _)| macros.iter().any(|m| m.letter == l.to_string()));
    if !uses_macro {
        for (_, l, at) in &moves {
            if !BASIC.contains(*l) {
                note_unknown(unknown, *l, *at);
            }
        }
        if moves.len() == 1 {
            return Ok(vec![t.to_vec()]);
        }
        // `QN`: moves written together share the head (`<Move> <Move>*`): alternatives.
        return Ok(moves
            .iter()
            .map(|(text, _, _)| {
                let mut a = head.to_vec();
                a.extend_from_slice(text);
                a.extend_from_slice(tail);
                a
            })
            .collect());
    }
    let mut alts = Vec::new();
    for (text, l, at) in moves {
        let name = l.to_string();
        let found = macros.iter().find(|m| m.letter == name);
        let in_stack = stack.contains(&name);
        let plain = |alts: &mut Vec<Spanned>| {
            let mut a = head.to_vec();
            a.extend_from_slice(text);
            a.extend_from_slice(tail);
            alts.push(a);
        };
        match found {
            _ if in_stack && BASIC.contains(l) => plain(&mut alts),
            _ if in_stack => {
                return fault(
                    at,
                    format!("the macro `@{name}` is recursive: its movement uses itself"),
                );
            }
            None if BASIC.contains(l) => plain(&mut alts),
            None => {
                note_unknown(unknown, l, at);
                plain(&mut alts);
            }
            Some(m) if m.body.is_none() && BASIC.contains(l) => plain(&mut alts),
            Some(m) => {
                if text.len() > 1 || !tail.is_empty() {
                    return fault(
                        at,
                        format!(
                            "a step count or range after the macro `{name}` is not evaluated by cqlq"
                        ),
                    );
                }
                let Some(body) = &m.body else {
                    if !head.is_empty() {
                        return fault(
                            at,
                            format!(
                                "a modifier before the macro `@{name}` (the board's `{name}` movement) is not evaluated by cqlq"
                            ),
                        );
                    }
                    board_use(&name, at)?;
                    continue;
                };
                stack.push(name.clone());
                let inner = expand_spanned(macros, body, stack, unknown, board_use)?;
                stack.pop();
                if split_top(&inner, '-').len() > 1 {
                    if !head.is_empty() {
                        return fault(
                            at,
                            format!(
                                "a modifier before the macro `{name}`, whose movement is a move sequence, is not evaluated by cqlq"
                            ),
                        );
                    }
                    let mut a = vec![('(', at)];
                    a.extend(inner);
                    a.push((')', at));
                    alts.push(a);
                } else {
                    for (p, q) in split_top(&inner, '+') {
                        let mut a = head.to_vec();
                        a.extend_from_slice(&inner[p..q]);
                        alts.push(a);
                    }
                }
            }
        }
    }
    Ok(alts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(e: &Expanded) -> String {
        e.text.iter().map(|x| x.0).collect()
    }

    fn macros(list: &str) -> Vec<Macro> {
        read_macros(&list.chars().collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn the_seeds_switching_macros_expand() {
        let m = macros("royal @K @Q=QN @R @B @N @P @X=wwK K=KX");
        assert_eq!(text(&expand(&m, "K", "KX", 1).unwrap()), "K+wwK");
        assert_eq!(text(&expand(&m, "Q", "QX", 1).unwrap()), "Q+N+wwK");
        let p = expand(&m, "P", "PX", 1).unwrap();
        assert!(p.keeps_board_movement);
        assert_eq!(text(&p), "wwK");
    }

    #[test]
    fn a_modifier_is_shared_by_the_macros_alternatives() {
        let m = macros("@Q=R+N");
        assert_eq!(text(&expand(&m, "Q", "aQ", 1).unwrap()), "aR+aN");
        let m = macros("@X=wwK--!jj{K}U[*]");
        assert_eq!(
            text(&expand(&m, "Q", "QX", 1).unwrap()),
            "Q+(wwK--!jj{K}U[*])"
        );
    }

    #[test]
    fn a_macro_of_its_own_letter_alone_is_the_bodyless_macro() {
        // Seed 001's 3D Alice `@P=P`: the pawn's own movement, as `@P`.
        assert_eq!(macros("@P=P"), macros("@P"));
        assert!(macros("@P=PN")[0].body.is_some());
    }

    #[test]
    fn unknown_and_recursive_macros_are_refused_at_their_column() {
        let m = macros("@X=wwY @Y=X");
        let e = expand(&m, "Q", "QX", 10).unwrap_err();
        assert!(e.reason.contains("recursive"), "{e:?}");
        let e = expand(&[], "Q", "QY", 10).unwrap().unknown.unwrap();
        assert_eq!(e.column, 11);
        assert!(e.reason.contains("macro"), "{e:?}");
    }
}
