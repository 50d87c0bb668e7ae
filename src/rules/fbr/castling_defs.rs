//! MBN castling definitions in an FBR rule list (seed 001's Alice double board description:
//! `O-O<*>=[*]isR[g]=isR[f] O-O-O<*>=[*]isR[c]=isR[d]`): `O-O` (short) or `O-O-O` (long), an
//! optional board identifier, then the king's movement and the partner's, each after `=`.
//!
//! The reading (seed 001's example and the MBN modifier table; the MBN page's own text on
//! castling could not be read here): the king's part `[*]isR[g]` is the condition `[*]` (the
//! king not in check), `i` (its initial move: king unmoved), `s` (sideways), `R` (along its
//! rank) and the landing range `[g]` (the g file, white's side; black's mirrored as its ranges
//! are); the partner's part `isR[f]` the same without the condition. Only that form is read
//! ([`read_castling_definition`]); what departs from it is refused at its column (a king
//! without `[*]` would castle out of check, a partner with it is no form the seed writes, a
//! movement after the landing such as the 3D expansion's `--<+>mO` is a board transition).
//! [`crate::rules::fbr::apply`] turns the definitions into the board's castling moves.

use super::mbn::boards::{BoardIdentifier, read_board_identifier};
use super::parse::FbrError;

/// One castling definition `O-O<ids>?=<king>=<partner>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingDefinition {
    /// `O-O-O` (the long castling, toward the a file) rather than `O-O`.
    pub long: bool,
    /// The board identifier after `O-O` (`<*>`), checked by the rule list against its boards.
    pub boards: Option<BoardIdentifier>,
    /// The file (0 = a, white's side) the king lands on (`[g]`), with the column of the letter.
    pub king_file: (u8, usize),
    /// The file the partner lands on (`[f]`), with the column of the letter.
    pub partner_file: (u8, usize),
    /// 1-based column of the first `O`.
    pub column: usize,
}

fn fault<T>(column: usize, reason: impl Into<String>) -> Result<T, FbrError> {
    Err(FbrError {
        column,
        reason: reason.into(),
    })
}

/// Whether `c[i]` starts a castling definition: `O-O` not followed by a letter (`O-O`,
/// `O-O-O`, then `<`, `=`, white space or the end).
pub fn starts_castling_definition(c: &[char], i: usize) -> bool {
    let at = |k: usize| c.get(i + k).copied();
    at(0) == Some('O')
        && at(1) == Some('-')
        && at(2) == Some('O')
        && !at(3).is_some_and(|ch| ch.is_ascii_alphanumeric())
}

/// Reads the castling definition at `*i` ([`starts_castling_definition`]) up to white space.
pub fn read_castling_definition(c: &[char], i: &mut usize) -> Result<CastlingDefinition, FbrError> {
    let column = *i + 1;
    *i += 3;
    let long = c.get(*i) == Some(&'-') && c.get(*i + 1) == Some(&'O');
    *i += if long { 2 } else { 0 };
    let mut boards = None;
    if c.get(*i) == Some(&'<') {
        let (id, len) = read_board_identifier(c, *i).or_else(|e| fault(e.column, e.reason))?;
        boards = Some(id);
        *i += len;
    }
    let name = if long { "O-O-O" } else { "O-O" };
    if c.get(*i) != Some(&'=') {
        return fault(
            *i + 1,
            format!(
                "a castling definition is `{name}=<king's movement>=<partner's movement>` (`O-O=[*]isR[g]=isR[f]`)"
            ),
        );
    }
    *i += 1;
    let king_file = read_part(c, i, true)?;
    if c.get(*i) != Some(&'=') {
        return fault(
            *i + 1,
            format!("`{name}` needs the partner's movement after `=` (`{name}=[*]isR[g]=isR[f]`)"),
        );
    }
    *i += 1;
    let partner_file = read_part(c, i, false)?;
    if let Some(&ch) = c.get(*i).filter(|ch| !ch.is_whitespace()) {
        return fault(
            *i + 1,
            format!(
                "`{ch}` after a castling definition's partner movement is not evaluated by cqlq"
            ),
        );
    }
    Ok(CastlingDefinition {
        long,
        boards,
        king_file,
        partner_file,
        column,
    })
}

/// Reads one part, the king's (`[*]isR[g]`) or the partner's (`isR[f]`): its landing file.
fn read_part(c: &[char], i: &mut usize, king: bool) -> Result<(u8, usize), FbrError> {
    let who = if king { "king" } else { "partner" };
    let starts = |k: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(n, ch)| c.get(k + n) == Some(&ch))
    };
    let condition = starts(*i, "[*]");
    if king && !condition {
        return fault(
            *i + 1,
            "a castling king's movement without the condition `[*]` (not in check) is not evaluated by cqlq: the board's castling never leaves check (write `[*]isR[g]`)",
        );
    }
    if !king && condition {
        return fault(
            *i + 1,
            "a condition on a castling partner's movement is not evaluated by cqlq (the seed writes `isR[f]`)",
        );
    }
    *i += if condition { 3 } else { 0 };
    if !starts(*i, "isR[") {
        return fault(
            *i + 1,
            format!(
                "a castling {who}'s movement other than `isR[<file>]` (initial, sideways, along the rank, landing on the file) is not evaluated by cqlq"
            ),
        );
    }
    *i += 4;
    let file_column = *i + 1;
    let file = match c.get(*i) {
        Some(&f) if f.is_ascii_lowercase() && c.get(*i + 1) == Some(&']') => f as u8 - b'a',
        _ => {
            return fault(
                file_column,
                format!(
                    "a castling {who}'s landing range other than one file (`[g]`) is not evaluated by cqlq"
                ),
            );
        }
    };
    *i += 2;
    if let Some(&ch) = c.get(*i).filter(|ch| **ch != '=' && !ch.is_whitespace()) {
        let what = if ch == '-' {
            "a move sequence (the 3D expansion's `--<+>mO`, a board transition)"
        } else {
            "this character"
        };
        return fault(
            *i + 1,
            format!("{what} after a castling {who}'s landing is not evaluated by cqlq"),
        );
    }
    Ok((file, file_column))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<CastlingDefinition, FbrError> {
        let c: Vec<char> = text.chars().collect();
        assert!(starts_castling_definition(&c, 0), "{text}");
        let mut i = 0;
        let d = read_castling_definition(&c, &mut i)?;
        assert_eq!(i, c.len(), "{text}");
        Ok(d)
    }

    #[test]
    fn the_seeds_castling_definitions_read() {
        let d = read("O-O<*>=[*]isR[g]=isR[f]").unwrap();
        assert!(!d.long);
        assert_eq!(d.boards.as_ref().map(|b| b.text.as_str()), Some("<*>"));
        assert_eq!((d.king_file, d.partner_file), ((6, 15), (5, 22)));
        let d = read("O-O-O=[*]isR[c]=isR[d]").unwrap();
        assert!(d.long && d.boards.is_none());
        assert_eq!((d.king_file.0, d.partner_file.0), (2, 3));
    }

    #[test]
    fn other_words_are_no_castling_definitions() {
        for text in ["O=K", "OX=K", "O-Q"] {
            let c: Vec<char> = text.chars().collect();
            assert!(!starts_castling_definition(&c, 0), "{text}");
        }
    }

    #[test]
    fn what_is_not_read_is_refused_at_its_column() {
        for (text, column) in [
            ("O-O", 4),
            ("O-O=isR[g]=isR[f]", 5),
            ("O-O=[*]isR[g]", 14),
            ("O-O=[*]iR[g]=isR[f]", 8),
            ("O-O=[*]isR[g-h]=isR[f]", 12),
            ("O-O=[*]isR[g]=[*]isR[f]", 15),
            ("O-O=[*]isR[g]--<+>mO=isR[f]--<+>mO", 14),
            ("O-O<9,x>=[*]isR[g]=isR[f]", 4),
        ] {
            assert_eq!(read(text).unwrap_err().column, column, "{text}");
        }
    }
}
