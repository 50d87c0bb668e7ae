//! Text as CQL 6.2 computes it, for the string filters (`eval::strings`) and the evaluator:
//! `lowercase`, `uppercase`, `originalcomment`, `piecename`, `typename`, `int`, slices,
//! `year`, `hhdb` awards, and the text of squares and values.

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

/// `piecename`/`typename` (`type_only`): the piece's FEN letter (white upper case, black lower
/// case; `typename` upper-cases it), `.` for an empty square as CQL 6.2 prints one. Piece
/// types past the standard six (fairy pieces) have no CQL 6.2 name: `None` (the evaluator
/// then writes the fairy piece's FEN letter, `Position::fairy_letter`).
pub fn piece_letter(piece: Option<(crate::ir::Color, u8)>, type_only: bool) -> Option<char> {
    let Some((color, kind)) = piece else {
        return Some('.');
    };
    let letter = crate::chess::standard_letter(kind)?;
    Some(if color == crate::ir::Color::Black && !type_only {
        letter.to_ascii_lowercase()
    } else {
        letter
    })
}

/// `int s`: CQL 6.2 reads an optional `-` and then decimal digits only (no `+`, no blanks);
/// anything else, and a number past 64 bits, does not match.
pub fn parse_int(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = digits.parse().ok()?;
    Some(if negative { -n } else { n })
}

/// The bounds of `s[i:j]` in a string of `len` bytes, as CQL 6.2's `BracketRange` computes
/// them: a missing i is 0 and a missing j the length; a negative index counts from the end;
/// i is clamped to the string, and j to i..=len (so a slice is never out of range).
pub fn slice_bounds(len: usize, i: Option<i64>, j: Option<i64>) -> (usize, usize) {
    let n = len as i64;
    let mut lo = i.unwrap_or(0);
    if lo < 0 {
        lo += n;
    }
    let lo = lo.clamp(0, n);
    let mut hi = j.unwrap_or(n);
    if hi < 0 {
        hi += n;
    }
    let hi = hi.clamp(lo, n);
    (lo as usize, hi as usize)
}

/// `year`: the number the Date tag starts with (`1922.??.??` is 1922), 0 when it starts with
/// no digit (`????.??.??`), as Scid's date decoding that CQL 6.2 uses gives.
pub fn year_of(date: &str) -> i64 {
    let digits: String = date
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().unwrap_or(0)
}

/// `hhdb ... award|prize|hm|commendation`: the place a study's award gives, read from the
/// start of its Event tag as CQL 6.2's `HhdbAwardNode` reads it: `[R[/R2]][.sp|sp].p|.hm|.c`
/// (`1.p`, `2/4.hm`, `.c`, `sp.p`, `1.sp.p`). None: not such an award (or not the kind
/// asked for); Some(0): a special award when `special` was not asked for (which does not
/// match); else the first place of the range (the last with `max`; an award without places
/// counts from 1 to 10,000).
pub fn hhdb_award(event: &str, want: crate::ir::HhdbAward) -> Option<i64> {
    use crate::ir::AwardKind;
    let mut rest = event;
    let number = |rest: &mut &str| -> Option<i64> {
        let len = rest.bytes().take_while(u8::is_ascii_digit).count();
        let n = rest[..len].parse::<i64>().ok().filter(|&n| n > 0)?;
        *rest = &rest[len..];
        Some(n)
    };
    let (mut first, mut last) = (0, 0);
    if let Some(r1) = number(&mut rest) {
        first = r1;
        last = r1;
        if let Some(after) = rest.strip_prefix('/') {
            rest = after;
            let r2 = number(&mut rest).filter(|&r2| r2 > r1)?;
            last = r2;
        }
    }
    let ranked = first > 0;
    let special_mark = if ranked { ".sp" } else { "sp" };
    let special = match rest.strip_prefix(special_mark) {
        Some(after) => {
            rest = after;
            true
        }
        None => false,
    };
    let kind = if rest.starts_with(".p") {
        AwardKind::Prize
    } else if rest.starts_with(".hm") {
        AwardKind::HonourableMention
    } else if rest.starts_with(".c") {
        AwardKind::Commendation
    } else {
        return None;
    };
    if want.kind != AwardKind::Any && want.kind != kind {
        return None;
    }
    if want.special && !special {
        return None;
    }
    if !ranked {
        first = 1;
        last = 10_000;
    }
    if special && !want.special {
        return Some(0);
    }
    Some(if want.max { last } else { first })
}

/// A set of squares as CQL prints it in `str`, `message` and `comment`: `e1`, or `[a1,b2]`
/// for several (`[]` for none).
pub fn squares_text<S: crate::squares::SquareSet>(s: &S) -> String {
    coords_text(&s.coords())
}

/// Squares as CQL prints a set of them: `e1`, or `[a1,b2]` for several (`[]` for none).
pub fn coords_text(coords: &[crate::squares::Coord]) -> String {
    let names: Vec<String> = coords
        .iter()
        .map(|c| {
            let file = char::from(b'a' + c.file.clamp(0, 25) as u8);
            format!("{file}{}", c.rank + 1)
        })
        .collect();
    match names.len() {
        1 => names[0].clone(),
        _ => format!("[{}]", names.join(",")),
    }
}

/// The text `comment`, `str` and `message` make of a value: a string as it is, a number in
/// decimal, a set as [`squares_text`], a position as `<position N>`; None for a logical
/// value or a piece, which `comment` leaves out and `str` spells `<true>`, `<piece>`.
pub(super) fn value_text<S: crate::squares::SquareSet>(value: &super::Value<S>) -> Option<String> {
    use super::Value;
    match value {
        Value::Str(s) => Some(s.clone()),
        Value::Num(n) => Some(n.to_string()),
        Value::Set(s) => Some(squares_text(s)),
        Value::Pos(p) => Some(format!("<position {p}>")),
        Value::Bool(_) | Value::Piece(_) => None,
    }
}
