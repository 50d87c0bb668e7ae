//! CQL-S piece designators (`Ra2`, `[Qq][a-h1-4]`, `?8`, `.e4`, `[^K]`): a piecetype
//! designator followed by a square designator, as the CQL 3 / Scidb help pages define them.
//!
//! Piece letters: `KQRBNP` white, `kqrbnp` black, `A`/`a` any white/black piece, `M`/`m` major
//! (queen, rook), `I`/`i` minor (bishop, knight), `U` any piece, `.` the empty square, `?` any
//! piece or the empty square; `[...]` is a set of them and `[^...]` its complement. Squares:
//! nothing (every square), `e4`, `?8`, `a?`, `[a-h]2`, `d[2-7]`, `[a-c1]`, `[f-h6-8,a1]`,
//! `[]` (no square), and Scidb's `L?`/`D?` (light/dark squares).

use crate::chess::{PieceKinds, piece_type, standard_type};

/// Every standard piece type (pawn .. king).
const ALL_TYPES: u32 = 0b11_1111;

/// A parsed designator: the pieces (and emptiness) it admits and its squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Designator {
    /// Admitted pieces.
    pub kinds: PieceKinds,
    /// Squares as (file, rank), 0-based; None: every square.
    pub squares: Option<Vec<(u8, u8)>>,
    /// `$name[squares]`: the piece a tag (`:forany name D`) is bound to, whatever it is now;
    /// `kinds` then admits every piece.
    pub tag: Option<String>,
}

fn types(letter: char) -> Option<u32> {
    let bit = |t: u8| 1u32 << t;
    Some(match letter.to_ascii_uppercase() {
        'A' => ALL_TYPES,
        'M' => bit(piece_type::QUEEN) | bit(piece_type::ROOK),
        'I' => bit(piece_type::BISHOP) | bit(piece_type::KNIGHT),
        _ => bit(standard_type(letter)?),
    })
}

/// The kinds one piecetype character admits.
pub fn piece_char(c: char) -> Option<PieceKinds> {
    let none = PieceKinds::default();
    match c {
        '.' => Some(PieceKinds {
            empty: true,
            ..none
        }),
        '?' => Some(PieceKinds {
            white: ALL_TYPES,
            black: ALL_TYPES,
            empty: true,
        }),
        'U' => Some(PieceKinds {
            white: ALL_TYPES,
            black: ALL_TYPES,
            empty: false,
        }),
        _ => {
            let t = types(c)?;
            Some(if c.is_ascii_uppercase() {
                PieceKinds { white: t, ..none }
            } else {
                PieceKinds { black: t, ..none }
            })
        }
    }
}

fn union(a: PieceKinds, b: PieceKinds) -> PieceKinds {
    PieceKinds {
        white: a.white | b.white,
        black: a.black | b.black,
        empty: a.empty || b.empty,
    }
}

/// A `[...]` piece set's content, if every character is a piece character (`^` first:
/// complement).
fn piece_set(inner: &str) -> Option<PieceKinds> {
    let (negate, body) = match inner.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let mut kinds = PieceKinds::default();
    for c in body.chars() {
        kinds = union(kinds, piece_char(c)?);
    }
    if negate {
        kinds = PieceKinds {
            white: ALL_TYPES & !kinds.white,
            black: ALL_TYPES & !kinds.black,
            empty: !kinds.empty,
        };
    }
    Some(kinds)
}

/// Why a token is not a CQL-S piece designator (the token as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DesignatorError {
    /// Neither pieces nor squares: `Kz9`, `[Qq`.
    NotADesignator(String),
    /// A `$` without a tag name: `$`.
    NoTagName(String),
    /// A tag's squares not in brackets: `$foo-a1`.
    TagSquaresUnbracketed(String),
}

impl std::fmt::Display for DesignatorError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DesignatorError::NotADesignator(text) => {
                write!(f, "'{text}' is not a piece designator")
            }
            DesignatorError::NoTagName(text) => {
                write!(f, "'{text}': '$' must be followed by a tag name")
            }
            DesignatorError::TagSquaresUnbracketed(text) => write!(
                f,
                "'{text}': the squares of a tagged designator must be in brackets ($name[a1])"
            ),
        }
    }
}

impl std::error::Error for DesignatorError {}

/// Parses a whole designator token; Err says what is wrong.
pub fn parse_designator(text: &str) -> Result<Designator, DesignatorError> {
    let bad = || DesignatorError::NotADesignator(text.to_string());
    if let Some(tagged) = parse_tagged(text) {
        return tagged;
    }
    // The piece part: a bracketed set of piece characters, or one piece character.
    if let Some(rest) = text.strip_prefix('[') {
        let close = rest.find(']').ok_or_else(bad)?;
        if let Some(kinds) = piece_set(&rest[..close]) {
            let squares = parse_squares(&rest[close + 1..]).ok_or_else(bad)?;
            return Ok(Designator {
                kinds,
                squares,
                tag: None,
            });
        }
    }
    let mut chars = text.chars();
    if let Some(first) = chars.next()
        && let Some(kinds) = piece_char(first)
        && let Some(squares) = parse_squares(chars.as_str())
    {
        return Ok(Designator {
            kinds,
            squares,
            tag: None,
        });
    }
    // A square designator alone (`?8`, `[a-h]2`): any piece or an empty square there.
    let squares = parse_squares(text)
        .filter(|_| !text.is_empty())
        .ok_or_else(bad)?;
    Ok(Designator {
        kinds: piece_char('?').expect("? is a piece character"),
        squares,
        tag: None,
    })
}

/// `$name` or `$name[squares]` (the Scidb help's "Piece designators and tags": tag names are
/// alphanumeric, so the squares must be bracketed). None if `text` does not start with `$`.
fn parse_tagged(text: &str) -> Option<Result<Designator, DesignatorError>> {
    let rest = text.strip_prefix('$')?;
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, squares) = rest.split_at(end);
    if name.is_empty() {
        return Some(Err(DesignatorError::NoTagName(text.to_string())));
    }
    if !squares.is_empty() && !squares.starts_with('[') {
        return Some(Err(DesignatorError::TagSquaresUnbracketed(
            text.to_string(),
        )));
    }
    Some(match parse_squares(squares) {
        Some(squares) => Ok(Designator {
            kinds: piece_char('U').expect("U is a piece character"),
            squares,
            tag: Some(name.to_string()),
        }),
        None => Err(DesignatorError::NotADesignator(text.to_string())),
    })
}

/// A square designator (possibly empty: every square). None if it is not one.
pub fn parse_squares(text: &str) -> Option<Option<Vec<(u8, u8)>>> {
    // Nothing, or a lone `?` (the `??-f7` of seed 004's :line table): every square.
    if text.is_empty() || text == "?" {
        return Some(None);
    }
    if matches!(text, "L?" | "L" | "D?" | "D") {
        let light = text.starts_with('L');
        let squares = (0..8u8)
            .flat_map(|f| (0..8u8).map(move |r| (f, r)))
            .filter(|(f, r)| ((f + r) % 2 == 1) == light)
            .collect();
        return Some(Some(squares));
    }
    // A whole bracketed compound: `[a-c1]`, `[a1,c4]`, `[]`.
    if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']'))
        && !inner.contains('[')
    {
        if inner.is_empty() {
            return Some(Some(Vec::new()));
        }
        let mut out = Vec::new();
        for part in inner.split(',') {
            let (files, rest) = ranged(part, |c| ('a'..='h').contains(&c), b'a')?;
            let (ranks, tail) = ranged(rest, |c| ('1'..='8').contains(&c), b'1')?;
            if !tail.is_empty() {
                return None;
            }
            out.extend(product(&files, &ranks));
        }
        return Some(Some(out));
    }
    // A simple designator: file part (letter, ?, [...]) then rank part (digit, ?, [...]).
    let (files, rest) = part(text, |c| ('a'..='h').contains(&c), b'a')?;
    let (ranks, tail) = part(rest, |c| ('1'..='8').contains(&c), b'1')?;
    if !tail.is_empty() {
        return None;
    }
    Some(Some(product(&files, &ranks)))
}

fn product(files: &[u8], ranks: &[u8]) -> Vec<(u8, u8)> {
    files
        .iter()
        .flat_map(|&f| ranks.iter().map(move |&r| (f, r)))
        .collect()
}

/// `x`, `x-y` or `?` at the start of `text` (inside a compound): the values and the rest.
fn ranged(text: &str, ok: impl Fn(char) -> bool, base: u8) -> Option<(Vec<u8>, &str)> {
    let mut chars = text.chars();
    let first = chars.next()?;
    if first == '?' {
        return Some(((0..8).collect(), chars.as_str()));
    }
    if !ok(first) {
        return None;
    }
    let rest = chars.as_str();
    let lo = first as u8 - base;
    if let Some(after) = rest.strip_prefix('-') {
        let mut c2 = after.chars();
        let last = c2.next().filter(|&c| ok(c))?;
        let hi = last as u8 - base;
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        return Some(((lo..=hi).collect(), c2.as_str()));
    }
    Some((vec![lo], rest))
}

/// A simple designator's file or rank part: one character, `?`, or `[...]` of characters and
/// ranges (`[ac]`, `[2-7]`).
fn part(text: &str, ok: impl Fn(char) -> bool + Copy, base: u8) -> Option<(Vec<u8>, &str)> {
    if let Some(inner) = text.strip_prefix('[') {
        let close = inner.find(']')?;
        let mut body = &inner[..close];
        let mut out = Vec::new();
        while !body.is_empty() {
            let body_trimmed = body.trim_start_matches(',');
            let (vals, rest) = ranged(body_trimmed, ok, base)?;
            out.extend(vals);
            body = rest;
        }
        out.sort_unstable();
        out.dedup();
        return Some((out, &inner[close + 1..]));
    }
    ranged(text, ok, base).filter(|(_, rest)| !rest.starts_with('-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> (u8, u8) {
        let b = name.as_bytes();
        (b[0] - b'a', b[1] - b'1')
    }

    #[test]
    fn designators_from_the_help_pages() {
        // "Ra2 denotes a white rook on a2"
        let d = parse_designator("Ra2").unwrap();
        assert_eq!(d.kinds.white, 1 << piece_type::ROOK);
        assert_eq!(d.squares, Some(vec![sq("a2")]));
        // "[a-c1] denotes the three squares a1, b1, and c1"
        let d = parse_designator("R[a-c1]").unwrap();
        assert_eq!(d.squares, Some(vec![sq("a1"), sq("b1"), sq("c1")]));
        // "[b3-5] denotes the squares b3, b4, and b5"
        let d = parse_designator("R[b3-5]").unwrap();
        assert_eq!(d.squares, Some(vec![sq("b3"), sq("b4"), sq("b5")]));
        // "[a-h1-2,a8,h8] denotes the first two ranks plus a8 and h8"
        let d = parse_designator("[Ar][a-h1-2,a8,h8]").unwrap();
        assert_eq!(d.squares.unwrap().len(), 18);
        assert!(d.kinds.white == ALL_TYPES && d.kinds.black == 1 << piece_type::ROOK);
        // "B[] ... can never match"
        assert_eq!(parse_designator("B[]").unwrap().squares, Some(vec![]));
        // "R denotes a white rook anywhere"
        assert_eq!(parse_designator("R").unwrap().squares, None);
        // "?8": any piece or empty on the eighth rank
        let d = parse_designator("?8").unwrap();
        assert!(d.kinds.empty && d.squares.unwrap().len() == 8);
        // "[a-h]2": file bracket then rank
        assert_eq!(
            parse_designator("P[a-h]2").unwrap().squares.unwrap().len(),
            8
        );
        // "Pd[2-7]": six squares on the d-file
        assert_eq!(
            parse_designator("Pd[2-7]").unwrap().squares.unwrap().len(),
            6
        );
        // "??8": anything on the eighth rank
        assert_eq!(parse_designator("??8").unwrap().squares.unwrap().len(), 8);
        // ".e4": an empty e4
        let d = parse_designator(".e4").unwrap();
        assert!(d.kinds.empty && d.kinds.white == 0 && d.kinds.black == 0);
        // [^K]: anything but a white king, the empty square included
        let d = parse_designator("[^K]").unwrap();
        assert!(d.kinds.empty && d.kinds.white == ALL_TYPES & !(1 << piece_type::KING));
        // M: white major pieces; i: black minor pieces
        assert_eq!(
            parse_designator("M").unwrap().kinds.white,
            (1 << piece_type::QUEEN) | (1 << piece_type::ROOK)
        );
        assert!(parse_designator("Kz9").is_err());
        // Tagging: "$foo[a1]": the piece the tag "foo" stands for, on a1.
        let d = parse_designator("$foo[a1]").unwrap();
        assert_eq!(d.tag.as_deref(), Some("foo"));
        assert_eq!(d.squares, Some(vec![sq("a1")]));
        assert_eq!(parse_designator("$rook").unwrap().squares, None);
        // Unbracketed squares would be read as part of the name: refused after a non-name
        // character.
        assert!(parse_designator("$foo-a1").is_err());
        assert!(parse_designator("$").is_err());
        assert!(parse_designator("[Qq").is_err());
    }
}
