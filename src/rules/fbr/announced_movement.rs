//! A movement bound to an announcement in a rule list (seed 001's `announcement`: "Either a
//! special move definition, or a special promotion rule, must be specified for this
//! announcment, but only for the affected pieces"): `W/Name/=MBN`, the piece letter, the
//! announcement's name in slashes, and the MBN movement the piece moves by when the
//! announcement is declared (`fbr::apply::announcement`, `fairy::layer_announcement`).

use super::parse::FbrError;
use crate::rules::fairy::compound_letters::piece_letter_at;

/// One `W/Name/=MBN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnnouncedMovement {
    /// The piece letter (upper case as written: `W`, `:FD:`), with its 1-based column.
    pub letter: (String, usize),
    /// The announcement's name, with the 1-based column of its first letter.
    pub name: (String, usize),
    /// The MBN movement after `=`, with the 1-based column of its first character.
    pub mbn: (String, usize),
}

/// The end of `/Name/` starting at `c[i] == '/'`: the index after its closing `/`.
fn name_end(c: &[char], i: usize) -> Option<usize> {
    if c.get(i) != Some(&'/') {
        return None;
    }
    let len = c[i + 1..]
        .iter()
        .take_while(|ch| ch.is_ascii_alphanumeric())
        .count();
    (len > 0 && c.get(i + 1 + len) == Some(&'/')).then_some(i + len + 2)
}

/// Whether the text at `i` is `W/Name/=...`.
pub fn starts_announced_movement(c: &[char], i: usize) -> bool {
    let Some((_, n)) = piece_letter_at(c, i) else {
        return false;
    };
    name_end(c, i + n).is_some_and(|e| c.get(e) == Some(&'=') && c.get(e + 1) != Some(&'='))
}

/// Reads `W/Name/=MBN` at `*i` (see [`starts_announced_movement`]) up to white space.
pub fn read_announced_movement(c: &[char], i: &mut usize) -> Result<AnnouncedMovement, FbrError> {
    let fault = |column: usize| FbrError {
        column,
        reason: "a movement bound to an announcement is `W/Name/=MBN`".into(),
    };
    let (letter, n) = piece_letter_at(c, *i).ok_or_else(|| fault(*i + 1))?;
    let letter = (letter, *i + 1);
    let slash = *i + n;
    let end = name_end(c, slash).ok_or_else(|| fault(slash + 1))?;
    let name = (c[slash + 1..end - 1].iter().collect::<String>(), slash + 2);
    let from = end + 1;
    let len = c[from..]
        .iter()
        .position(|ch| ch.is_whitespace())
        .unwrap_or(c.len() - from);
    if len == 0 {
        return Err(fault(from));
    }
    let mbn = (c[from..from + len].iter().collect::<String>(), from + 1);
    *i = from + len;
    Ok(AnnouncedMovement { letter, name, mbn })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_reads_with_its_columns() {
        let c: Vec<char> = "K W/Fly/=mN".chars().collect();
        assert!(!starts_announced_movement(&c, 0));
        assert!(starts_announced_movement(&c, 2));
        let mut i = 2;
        let m = read_announced_movement(&c, &mut i).unwrap();
        assert_eq!(m.letter, ("W".to_string(), 3));
        assert_eq!(m.name, ("Fly".to_string(), 5));
        assert_eq!(m.mbn, ("mN".to_string(), 10));
        assert_eq!(i, c.len());
        // A bound promotion rule (`==`) is no movement.
        let c: Vec<char> = "W/Fly/==D".chars().collect();
        assert!(!starts_announced_movement(&c, 0));
    }
}
