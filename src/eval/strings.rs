//! String filters' helpers (`lowercase`, `uppercase`, `hascomment`, `piecename`, `typename`), as CQL 6.2 computes them.

/// `lowercase`/`uppercase` (`upper`): CQL 6.2 converts only the ASCII letters `A`-`Z` /
/// `a`-`z` and leaves every other character (accented letters included) unchanged.
pub fn convert_case(text: &str, upper: bool) -> String {
    if upper {
        text.to_ascii_uppercase()
    } else {
        text.to_ascii_lowercase()
    }
}

/// `hascomment`'s string: the comments after the move, joined by a space; `None` (no match)
/// when there is none or all are empty.
pub fn original_comment(comments: &[String]) -> Option<String> {
    let text = comments.join(" ");
    (!text.is_empty()).then_some(text)
}

/// The NAG a `hascomment` argument names, as CQL 6.2 reads it: `!` 1, `?` 2, `!!` 3, `??` 4,
/// `!?` 5, `?!` 6, `=` 10, `+/=` 14, `=/+` 15, `+/-` 16, `-/+` 17, `+-` 18, `-+` 19, or `$N`
/// (1..=255); `None` for any other text.
pub fn nag_from_text(text: &str) -> Option<u8> {
    let n = match text {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        "=" => 10,
        "+/=" => 14,
        "=/+" => 15,
        "+/-" => 16,
        "-/+" => 17,
        "+-" => 18,
        "-+" => 19,
        _ => {
            let digits = text.strip_prefix('$')?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            digits.parse::<u32>().ok()?
        }
    };
    u8::try_from(n).ok().filter(|&n| n > 0)
}

/// `piecename`/`typename` (`type_only`): the piece's FEN letter (white upper case, black lower
/// case; `typename` upper-cases it), `.` for an empty square as CQL 6.2 prints one. Piece
/// types past the standard six (fairy pieces) have no CQL 6.2 name: `None` (the evaluator
/// then writes the fairy piece's FEN letter, `Position::fairy_letter`).
pub fn piece_letter(piece: Option<(crate::ir::Color, u8)>, type_only: bool) -> Option<char> {
    let Some((color, kind)) = piece else {
        return Some('.');
    };
    let letter = *b"PNBRQK".get(usize::from(kind))? as char;
    Some(if color == crate::ir::Color::Black && !type_only {
        letter.to_ascii_lowercase()
    } else {
        letter
    })
}
