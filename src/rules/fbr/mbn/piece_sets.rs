//! A piece set after an MBN modifier (`<Modification> ::= ... [aceghijkmnopquwy] <PieceSet>?`,
//! `<PieceSet> ::= '{' '!'? '^'? <PieceLetter>* '}'`): cqlq reads it after the swap modifiers
//! (`w`, `ww`, `wy`), where the MBN page (as LeCodex's parser restates it) says "An optional
//! piece set following the modifier is defining the pieces that can be swapped": seed 001's
//! `switching=excluderoyals` expansion `@X=ww{^K}K` (a friendly neighbour, any but the king).
//! The letters are checked against the board by the rule list (`fbr::apply::swaps`).

use super::parse::MbnError;
use crate::rules::fairy::compound_letters::piece_letter_at;
use crate::rules::fbr::model::PieceSet;

/// Reads the piece set at `c[at]` (a `{`): the set (its columns 1-based in `c`) and its
/// length.
pub(super) fn read_piece_set(c: &[char], at: usize) -> Result<(PieceSet, usize), MbnError> {
    let mut i = at + 1;
    let mut set = PieceSet::default();
    if c.get(i) == Some(&'!') {
        set.not = true;
        i += 1;
    }
    if c.get(i) == Some(&'^') {
        set.caret = true;
        i += 1;
    }
    loop {
        match c.get(i) {
            Some('}') => return Ok((set, i + 1 - at)),
            Some(_) => {
                let Some((letter, n)) = piece_letter_at(c, i) else {
                    return Err(MbnError {
                        column: i + 1,
                        reason: "a piece set holds piece letters (`{^K}`, `{QR}`, `{:FD:}`)".into(),
                    });
                };
                set.columns.push(i + 1);
                set.pieces.push(letter);
                i += n;
            }
            None => {
                return Err(MbnError {
                    column: at + 1,
                    reason: "a piece set `{...}` needs its closing `}`".into(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_reads_its_letters_and_marks() {
        let c: Vec<char> = "ww{^K}K".chars().collect();
        let (set, len) = read_piece_set(&c, 2).unwrap();
        assert_eq!(len, 4);
        assert!(set.caret && !set.not);
        assert_eq!(set.pieces, ["K"]);
        assert_eq!(set.columns, [5]);
        let c: Vec<char> = "{Q:FD:}".chars().collect();
        assert_eq!(read_piece_set(&c, 0).unwrap().0.pieces, ["Q", ":FD:"]);
        assert!(read_piece_set(&['{', 'Q'], 0).is_err());
    }
}
