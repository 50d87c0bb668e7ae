//! Board ranges on an MBN partial move (`<PartialMove> ::= <MovePrefix> <BoardRange>?
//! <ModifiedMove> <BoardRange>?`): the range before the move names the squares it may start
//! from (the MBN page's pawn `[1-2]mefW02`: the double step from the first two ranks), the
//! range after it the squares it may land on (the FBR tracker's Alice board
//! `K=([a-g]K[a-g]-mgsR08)+...`: a king step from and to files a-g). Written as FBR's ranges
//! are in cqlq (docs/fbr.md, "Syntax read"): files as letters, ranks as numbers, from white's
//! side (`[d-e4-5]`, `[1-2]`, `[a,h]`, `[^a2,c-f2]`); black's are mirrored with its vectors
//! (`fairy::leg_limits`).

use super::parse::MbnError;
use crate::rules::fairy::leg_limits::SquareBoxes;

/// Whether the `[` at `chars[at]` opens a board range (lower-case files, rank numbers, `-`,
/// `,`, `^` up to its `]`), not an optional move (`[mK]`) or a condition (`[+]`, `[*]`).
pub(super) fn opens_board_range(chars: &[char], at: usize) -> bool {
    let inside: Vec<char> = chars[at + 1..]
        .iter()
        .copied()
        .take_while(|&c| c != ']')
        .collect();
    at + 1 + inside.len() < chars.len()
        && !inside.is_empty()
        && inside
            .iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-,^".contains(*c))
}

/// Reads the board range at `chars[at]` (`[`): the range and the characters it takes.
pub(super) fn read_board_range(
    chars: &[char],
    at: usize,
) -> Result<(SquareBoxes, usize), MbnError> {
    let err = |i: usize, reason: &str| MbnError {
        column: i + 1,
        reason: reason.into(),
    };
    let mut i = at + 1;
    let mut range = SquareBoxes::default();
    if chars.get(i) == Some(&'^') {
        range.not = true;
        i += 1;
    }
    loop {
        let files = span(chars, &mut i, true).map_err(|at| err(at, "a file out of a..p"))?;
        let ranks = span(chars, &mut i, false).map_err(|at| err(at, "a rank out of 1..16"))?;
        if files.is_none() && ranks.is_none() {
            return Err(err(
                i,
                "expected files (`a-h`) or ranks (`1-2`) in a board range",
            ));
        }
        range.boxes.push((files, ranks));
        match chars.get(i) {
            Some(',') => i += 1,
            Some(']') => return Ok((range, i + 1 - at)),
            _ => return Err(err(i, "expected `,` or `]` in a board range")),
        }
    }
}

/// A file span `d` / `d-e` (`files`) or a rank span `4` / `4-5`, 0-based, at `chars[*i]`;
/// `Err(column index)` for one out of the board's 16.
fn span(chars: &[char], i: &mut usize, files: bool) -> Result<Option<(u8, u8)>, usize> {
    let one = |i: &mut usize| -> Result<Option<u8>, usize> {
        let start = *i;
        if files {
            let Some(&c) = chars.get(*i).filter(|c| c.is_ascii_lowercase()) else {
                return Ok(None);
            };
            *i += 1;
            let n = c as u32 - 'a' as u32;
            return if n < 16 {
                Ok(Some(n as u8))
            } else {
                Err(start)
            };
        }
        while chars.get(*i).is_some_and(|c| c.is_ascii_digit()) {
            *i += 1;
        }
        if *i == start {
            return Ok(None);
        }
        let n: String = chars[start..*i].iter().collect();
        match n.parse::<u8>() {
            Ok(n) if (1..=16).contains(&n) => Ok(Some(n - 1)),
            _ => Err(start),
        }
    };
    let Some(a) = one(i)? else {
        return Ok(None);
    };
    if chars.get(*i) == Some(&'-') {
        let save = *i;
        *i += 1;
        if let Some(b) = one(i)? {
            return Ok(Some((a.min(b), a.max(b))));
        }
        *i = save;
    }
    Ok(Some((a, a)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<(SquareBoxes, usize), MbnError> {
        read_board_range(&text.chars().collect::<Vec<_>>(), 0)
    }

    #[test]
    fn ranges_read_files_as_letters_and_ranks_as_numbers() {
        let (r, len) = read("[1-2]mefW02").unwrap();
        assert_eq!(len, 5);
        assert_eq!(r.boxes, vec![(None, Some((0, 1)))]);
        let (r, _) = read("[^a,h]").unwrap();
        assert!(r.not);
        assert_eq!(r.boxes, vec![(Some((0, 0)), None), (Some((7, 7)), None)]);
        let (r, _) = read("[d-e4-5]").unwrap();
        assert_eq!(r.boxes, vec![(Some((3, 4)), Some((3, 4)))]);
    }

    #[test]
    fn a_bad_range_is_refused_at_its_column() {
        assert_eq!(read("[17]").unwrap_err().column, 2);
        assert_eq!(read("[1;2]").unwrap_err().column, 3);
        assert_eq!(read("[,]").unwrap_err().column, 2);
    }

    #[test]
    fn only_a_range_is_taken_for_one() {
        let opens = |t: &str| opens_board_range(&t.chars().collect::<Vec<_>>(), 0);
        assert!(opens("[1-2]mfW02"));
        assert!(opens("[a,h]zB"));
        assert!(!opens("[mK]--K"));
        assert!(!opens("[+]cK"));
        assert!(!opens("[*]wwK"));
        assert!(!opens("[1-2"));
    }
}
