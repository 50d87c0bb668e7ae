//! What the text of a movetext token means where it is not plain SAN, read as pgn-reader
//! 0.29 reads it (for the tokenizer, `pgn::tokens`): a move with junk glued on that pgn-reader
//! lets drop ([`recover`]), evaluation glyphs written as text and `$n,` ([`glyph`]), a NAG's
//! number ([`parse_u8`]).

use pgn_reader::shakmaty::san::{San, SanPlus, Suffix};
use pgn_reader::shakmaty::{Rank, Role};

use super::tokens::is_token_end;

/// The move meant by `san` followed by the junk at the start of `rest` (which pgn-reader lets
/// drop both), and the length of the junk, when the meaning is plain: a promotion piece
/// without `=`, extra `+`/`#`, `ep` or `e.p.`, a comma, or a result glued on (which
/// pgn-reader then reads as the result).
pub(super) fn recover(mut san: SanPlus, rest: &[u8]) -> Option<(SanPlus, usize)> {
    let junk = &rest[..rest
        .iter()
        .position(|&b| is_token_end(b))
        .unwrap_or(rest.len())];
    let checks = |bytes: &[u8]| bytes.iter().all(|b| matches!(b, b'+' | b'#'));
    if rest.starts_with(b"e.p.") {
        return Some((san, 4));
    }
    if [&b"1-0"[..], b"0-1", b"1/2-1/2", "½-½".as_bytes()]
        .iter()
        .any(|r| junk.starts_with(r))
    {
        return Some((san, 0));
    }
    if junk == b"ep" || junk == b"," || checks(junk) {
        return Some((san, junk.len()));
    }
    let (&piece, suffix) = junk.split_first()?;
    let role =
        Role::from_char(char::from(piece)).filter(|r| !matches!(r, Role::Pawn | Role::King))?;
    match &mut san.san {
        San::Normal {
            role: Role::Pawn,
            to,
            promotion: promotion @ None,
            ..
        } if matches!(to.rank(), Rank::First | Rank::Eighth) && checks(suffix) => {
            *promotion = Some(role);
            if san.suffix.is_none() {
                san.suffix = match suffix.first() {
                    Some(b'+') => Some(Suffix::Check),
                    Some(b'#') => Some(Suffix::Checkmate),
                    _ => None,
                };
            }
            Some((san, junk.len()))
        }
        _ => None,
    }
}

/// The evaluation glyphs people write as text, and the NAG each stands for (`None`: no NAG,
/// nothing lost), and `$n,` (a NAG with a comma glued on). Unicode ones are as in the PGN
/// standard's NAG table and ChessBase exports.
pub(super) fn glyph(token: &[u8]) -> Option<Option<u8>> {
    if let Some(digits) = token.strip_prefix(b"$").and_then(|t| t.strip_suffix(b",")) {
        return parse_u8(digits).map(Some);
    }
    let nag = match std::str::from_utf8(token).ok()? {
        "\u{feff}" | "1/2" | "}" | "+" | "#" | "++" => return Some(None),
        "=" => 10,
        "~" | "∞" => 13,
        "+=" | "+/=" | "⩲" => 14,
        "=+" | "=/+" | "⩱" => 15,
        "+/-" | "±" => 16,
        "-/+" | "∓" => 17,
        "+-" | "+--" => 18,
        "-+" | "--+" => 19,
        "=/~" | "=/∞" => 44,
        "N" => 146,
        _ => return None,
    };
    Some(Some(nag))
}

/// Decimal digits as a `u8`, as `btoi::btou::<u8>` (which pgn-reader uses for `$n`) reads them.
pub(super) fn parse_u8(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u8, |n, &d| {
        d.is_ascii_digit().then_some(())?;
        n.checked_mul(10)?.checked_add(d - b'0')
    })
}
