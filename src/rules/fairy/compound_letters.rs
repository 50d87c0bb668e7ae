//! Compound piece letters: piece letters as FBR and MBN write them: a single upper-case letter (`K`) or a compound
//! letter between colons (`:KD:`, `:FD:`; seed 001's `<PieceLetter> ::= [A-Z] | ':' [A-Z]
//! [A-Za-z0-9]? [A-Za-z0-9]? ':'`). The MBN page: a compound letter starts with an upper-case
//! letter, two compound letters are the same piece when their upper-case forms are equal
//! (`:Be:` = `:BE:`), and `:X:` is another piece than `X`. cqlq keeps a compound letter in its
//! upper-case form: the white piece's FEN symbol and SAN letter (`:KD:e4`, the notation the MBN
//! page gives the piece "in game notation"); black's FEN symbol is its lower-case form
//! (`:kd:`), as FEN writes every black piece.

/// The piece letter at `c[i]`: its upper-case form and its length in characters. `None`
/// when no letter starts there (not an upper-case letter, or a `:` not closing a compound
/// letter of one to three characters after an upper-case first one).
pub fn piece_letter_at(c: &[char], i: usize) -> Option<(String, usize)> {
    match c.get(i)? {
        ch if ch.is_ascii_uppercase() => Some((ch.to_string(), 1)),
        ':' => {
            let first = *c.get(i + 1)?;
            if !first.is_ascii_uppercase() {
                return None;
            }
            let inner = c[i + 1..]
                .iter()
                .take(3)
                .take_while(|ch| ch.is_ascii_alphanumeric())
                .count();
            if c.get(i + 1 + inner) != Some(&':') {
                return None;
            }
            let letter: String = c[i..i + inner + 2]
                .iter()
                .map(char::to_ascii_uppercase)
                .collect();
            Some((letter, inner + 2))
        }
        _ => None,
    }
}

/// The length in bytes of a compound letter (`:KD:`) at the start of `b`, the SAN reader's
/// piece name (`:KD:xd7`); a capture mark `:` never opens one (it follows a letter or file).
pub fn compound_letter_len(b: &[u8]) -> Option<usize> {
    if b.first() != Some(&b':') || !b.get(1)?.is_ascii_uppercase() {
        return None;
    }
    let inner = b[1..]
        .iter()
        .take(3)
        .take_while(|c| c.is_ascii_alphanumeric())
        .count();
    (b.get(1 + inner) == Some(&b':')).then_some(inner + 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Option<(String, usize)> {
        piece_letter_at(&text.chars().collect::<Vec<_>>(), 0)
    }

    #[test]
    fn single_and_compound_letters_read() {
        assert_eq!(at("K=W"), Some(("K".into(), 1)));
        assert_eq!(at(":KD:=K"), Some((":KD:".into(), 4)));
        // The MBN page: upper-case forms decide (`:Be:` = `:BE:`).
        assert_eq!(at(":Be:"), Some((":BE:".into(), 4)));
        assert_eq!(at(":X:"), Some((":X:".into(), 3)));
        assert_eq!(at(":Q12:"), Some((":Q12:".into(), 5)));
        // Seed 001's BNF: one upper-case letter, then at most two letters or digits.
        assert_eq!(at(":ABCD:"), None);
        assert_eq!(at(":kd:"), None);
        assert_eq!(at("::"), None);
        assert_eq!(at(":KD"), None);
        assert_eq!(at("k"), None);
        assert_eq!(compound_letter_len(b":KD:xd7"), Some(4));
        assert_eq!(compound_letter_len(b":xd7"), None);
        assert_eq!(compound_letter_len(b"Nxd7"), None);
    }
}
