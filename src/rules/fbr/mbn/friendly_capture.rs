//! MBN's capture modifiers beyond `c`: `cc` (capture friendly pieces, "but not the capturing
//! of enemies"), `cy` (capture any piece, "inclusively friendly pieces"), the piece set after
//! them (`cc{D}`: only these types) and the optional mark `?` (`cc?{D}`), and the modifier `a`
//! ("All means: move or capture ... This modifier allows moving and capturing anyway, and
//! cannot be superseeded"). The MBN page's words are quoted from the modifier table in the
//! comments of LeCodex/modified-betza-notation-js `mbn.js` (the ccif page is not stored);
//! seed 001 writes them in its Disk examples, `Q=acc?{D}Q` and `K=acc?{D}:K:`.
//!
//! Readings (docs/fbr.md, "Friendly captures"):
//! - `cc{set}` / `cc`: the partial move captures a friendly piece of the set's types (any
//!   friendly type without a set) on the square its atom reaches (a rider: the first piece on
//!   its line), and does nothing else (no move to an empty square, no enemy capture).
//! - `cy`: it captures enemy and friendly pieces, and does not move (as `c` does not).
//!   A set after `cy` would narrow the enemy captures too, which cqlq does not evaluate: refused.
//! - `a` keeps the move's moving and capturing of enemy pieces whatever modifier follows:
//!   `acc?{D}Q` is a queen that also captures a friendly `D`. `a` beside `m`, `c` or `w` is
//!   refused (the page reads `a` there with a piece set narrowing them, which cqlq does not).
//! - `?` ("This modifier can be declared as optional, but this is only useful if combined
//!   with a following piece set") is read only beside `a`, where `a` keeps the moves and
//!   enemy captures whatever `?` adds; alone its meaning is not written down: refused.
//!
//! A friendly capture never takes a royal piece of its own side (the side would have no king
//! left to keep out of check; the page says nothing of it), and is refused inside a move
//! sequence (`super::chains`).

use super::parse::MbnError;

/// The friendly pieces a partial move captures (`cc`, `cy`): the types named by the piece
/// set, or every (non-royal) friendly type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendlyCaptures {
    /// The piece letters of the set (`{D}`, `{:QD:K}`), as written; `None`: no set.
    pub victims: Option<Vec<String>>,
}

/// What a `cc` / `cy` modifier at a column says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct CaptureModifier {
    /// `cy`: enemy pieces are captured too.
    pub any: bool,
    /// `?` after the modifier.
    pub optional: bool,
    /// The friendly captures.
    pub friendly: FriendlyCaptures,
    /// How many characters the modifier, its `?` and its set take.
    pub len: usize,
}

fn err(at: usize, reason: impl Into<String>) -> MbnError {
    MbnError {
        column: at + 1,
        reason: reason.into(),
    }
}

/// Reads the `cc` or `cy` at `chars[at..]` (`chars[at] == 'c'`, `chars[at + 1]` is `c` or
/// `y`), its `?` and its piece set.
pub(super) fn read_capture_modifier(
    chars: &[char],
    at: usize,
) -> Result<CaptureModifier, MbnError> {
    let any = chars.get(at + 1) == Some(&'y');
    let mut i = at + 2;
    let optional = chars.get(i) == Some(&'?');
    if optional {
        i += 1;
    }
    let mut victims = None;
    if chars.get(i) == Some(&'{') {
        if any {
            return Err(err(
                i,
                "a piece set after `cy` (it would narrow the enemy captures too) is not \
                 evaluated by cqlq; `cc{...}` (friendly pieces of the set) is",
            ));
        }
        let (letters, len) = read_piece_set(chars, i)?;
        victims = Some(letters);
        i += len;
    }
    Ok(CaptureModifier {
        any,
        optional,
        friendly: FriendlyCaptures { victims },
        len: i - at,
    })
}

/// Reads the piece set `{...}` at `chars[at..]`: its letters (`D`, `:QD:`) and its length.
fn read_piece_set(chars: &[char], at: usize) -> Result<(Vec<String>, usize), MbnError> {
    let mut letters = Vec::new();
    let mut i = at + 1;
    loop {
        match chars.get(i) {
            None => return Err(err(at, "`{` needs its closing `}`")),
            Some('}') => break,
            Some(&c) if c.is_ascii_alphabetic() => {
                letters.push(c.to_ascii_uppercase().to_string());
                i += 1;
            }
            Some(':') => {
                let close = chars[i + 1..]
                    .iter()
                    .position(|&c| c == ':')
                    .map(|p| i + 1 + p)
                    .filter(|&e| e > i + 1 && e <= i + 4)
                    .ok_or_else(|| err(i, "a compound letter is `:` 1-3 letters `:`"))?;
                let inner: String = chars[i..=close].iter().collect();
                letters.push(inner.to_ascii_uppercase());
                i = close + 1;
            }
            Some(&c @ ('!' | '^')) => {
                return Err(err(
                    i,
                    format!(
                        "`{c}` in the piece set of a capture modifier is not evaluated by cqlq \
                         (a set naming the captured types is)"
                    ),
                ));
            }
            Some(&c) => {
                return Err(err(
                    i,
                    format!("`{c}` is not a piece letter of a piece set"),
                ));
            }
        }
    }
    if letters.is_empty() {
        return Err(err(at, "an empty piece set names no piece"));
    }
    Ok((letters, i + 1 - at))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<CaptureModifier, MbnError> {
        read_capture_modifier(&text.chars().collect::<Vec<_>>(), 0)
    }

    #[test]
    fn the_disk_examples_modifier_reads() {
        let m = read("cc?{D}Q").unwrap();
        assert!(!m.any && m.optional);
        assert_eq!(m.friendly.victims, Some(vec!["D".to_string()]));
        assert_eq!(m.len, 6);
        let m = read("cc{:QD:k}Q").unwrap();
        assert_eq!(
            m.friendly.victims,
            Some(vec![":QD:".to_string(), "K".to_string()])
        );
        let m = read("cyQ").unwrap();
        assert!(m.any && m.friendly.victims.is_none() && m.len == 2);
    }

    #[test]
    fn what_is_not_read_is_refused_at_its_column() {
        assert_eq!(read("cy{D}Q").unwrap_err().column, 3);
        assert_eq!(read("cc{!D}Q").unwrap_err().column, 4);
        assert_eq!(read("cc{}Q").unwrap_err().column, 3);
        assert_eq!(read("cc{DQ").unwrap_err().column, 3);
    }
}
