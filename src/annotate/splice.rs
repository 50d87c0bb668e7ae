//! Writing a game back byte for byte as it was read, with `annotate`'s additions spliced in:
//! a comment ` {text}` after each noted move (after its NAGs), `{text} ` at the start of the
//! movetext for the start position, and the tag `[Themes "a b"]` after the last tag (in
//! place of an existing tag of that name; first in the game when it has no tags). Nothing
//! else changes, so removing exactly these additions gives back the input.
//!
//! Annotating an annotated game again changes nothing for the themes already there: a text
//! already in the comments right after the move and its NAGs (or at the start of the
//! movetext) is not written again, and an existing tag keeps its themes, the new ones added after them (the
//! tag is left as written when it has them all).

use std::collections::BTreeMap;
use std::ops::Range;

use crate::pgn::{GameRecord, GameSpans};

/// What to add to one game.
pub(super) struct Additions<'a> {
    /// Record node → comment texts, written space-separated in one comment (node 0: the
    /// start position); a text already in the comments right there is not written again.
    pub notes: &'a BTreeMap<u32, Vec<String>>,
    /// The tag's name (`Themes`).
    pub tag: &'a str,
    /// The tag's value: the themes found, space-separated (no tag when empty).
    pub themes: &'a str,
}

/// The game in `slice` with the additions: each at its byte offset, or an existing tag's
/// bytes replaced.
pub(super) fn splice(
    slice: &[u8],
    record: &GameRecord,
    spans: &GameSpans,
    add: &Additions<'_>,
) -> Vec<u8> {
    // (where, what it replaces, order among equal places, text).
    let mut edits: Vec<(Range<usize>, u8, String)> = Vec::new();
    let existing = record.tags.iter().position(|(name, _)| name == add.tag);
    let old_themes: Vec<&str> = existing
        .map(|i| record.tags[i].1.split_whitespace().collect())
        .unwrap_or_default();
    let new_themes: Vec<&str> = add
        .themes
        .split_whitespace()
        .filter(|t| !old_themes.contains(t))
        .collect();
    if !new_themes.is_empty() {
        let mut line = format!("[{} \"", add.tag);
        let merged: Vec<&str> = old_themes.iter().chain(&new_themes).copied().collect();
        crate::output::pgn_write::push_tag_value(&mut line, &merged.join(" "));
        line.push_str("\"]");
        match (existing, spans.tags.last()) {
            (Some(i), _) => edits.push((spans.tags[i].clone(), 0, line)),
            (None, Some(last)) => {
                let eol = line_ending(slice, last.end);
                // A broken tag's span may end between a line's `\r` and `\n`
                // (`[Annotator "Krush, I]\r\n`): insert before the pair, not inside it.
                let at = if last.end > 0
                    && slice[last.end - 1] == b'\r'
                    && slice.get(last.end) == Some(&b'\n')
                {
                    last.end - 1
                } else {
                    last.end
                };
                edits.push((at..at, 0, format!("{eol}{line}")));
            }
            (None, None) => {
                let eol = line_ending(slice, 0);
                edits.push((0..0, 0, format!("{line}{eol}{eol}")));
            }
        }
    }
    for (&node, texts) in add.notes {
        let at = match node {
            0 => Some(spans.movetext_start(slice)),
            _ => spans.after_move(slice, node),
        };
        let Some(at) = at else { continue };
        let written = comments_at(&slice[at..]);
        let new: Vec<&str> = texts
            .iter()
            .map(String::as_str)
            .filter(|t| !written.iter().any(|w| holds_text(w, t)))
            .collect();
        if new.is_empty() {
            continue;
        }
        let text = new.join(" ");
        if node == 0 {
            edits.push((at..at, 1, format!("{{{text}}} ")));
        } else {
            edits.push((at..at, 1, format!(" {{{text}}}")));
        }
    }
    edits.sort_by_key(|(range, order, _)| (range.start, *order));
    let extra: usize = edits.iter().map(|(_, _, t)| t.len()).sum();
    let mut out = Vec::with_capacity(slice.len() + extra);
    let mut copied = 0;
    for (range, _, text) in edits {
        out.extend_from_slice(&slice[copied..range.start]);
        out.extend_from_slice(text.as_bytes());
        copied = range.end;
    }
    out.extend_from_slice(&slice[copied..]);
    out
}

/// The line ending (`"\r\n"` or `"\n"`) of the game's line holding byte `from`: the first
/// line break at or after it, whatever comes before it on the line (trailing spaces, the rest
/// of a broken tag); the game's first line break when none follows; `"\n"` when it has none.
fn line_ending(slice: &[u8], from: usize) -> &'static str {
    let newline =
        |bytes: &[u8], base: usize| bytes.iter().position(|&b| b == b'\n').map(|i| base + i);
    let at = newline(&slice[from.min(slice.len())..], from).or_else(|| newline(slice, 0));
    match at {
        Some(i) if i > 0 && slice[i - 1] == b'\r' => "\r\n",
        _ => "\n",
    }
}

/// The texts of the comments that `rest` starts with (separated by white space only).
fn comments_at(mut rest: &[u8]) -> Vec<&[u8]> {
    let mut texts = Vec::new();
    loop {
        let start = rest
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let Some(body) = rest[start..].strip_prefix(b"{") else {
            return texts;
        };
        let Some(end) = memchr::memchr(b'}', body) else {
            return texts;
        };
        texts.push(&body[..end]);
        rest = &body[end + 1..];
    }
}

/// Whether a comment's text `written` already holds `text` as one of its space-separated
/// parts (as `splice` writes several texts at one position: `{a b}`).
fn holds_text(written: &[u8], text: &str) -> bool {
    let text = text.as_bytes();
    let n = text.len();
    written.windows(n.max(1)).enumerate().any(|(i, w)| {
        w == text
            && (i == 0 || written[i - 1] == b' ')
            && written.get(i + n).is_none_or(|&b| b == b' ')
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::read_game_spans;

    fn spliced(pgn: &str, notes: &[(u32, &str)], themes: &str) -> String {
        let (record, spans) =
            read_game_spans(pgn.as_bytes(), crate::run::families::move_reading(false)).unwrap();
        let notes: BTreeMap<u32, Vec<String>> = notes
            .iter()
            .map(|&(n, t)| (n, t.split(' ').map(String::from).collect()))
            .collect();
        let add = Additions {
            notes: &notes,
            tag: "Themes",
            themes,
        };
        String::from_utf8(splice(pgn.as_bytes(), &record, &spans, &add)).unwrap()
    }

    #[test]
    fn comments_after_moves_and_nags_and_the_tag_after_the_last() {
        assert_eq!(
            spliced(
                "[A \"x\"]\r\n[B \"y\"]\r\n\r\n1.e4 $1 {old} e5 (1...c5!) 2.Nf3 *\r\n",
                &[(0, "s"), (1, "a b"), (3, "c")],
                "a b \"q\""
            ),
            "[A \"x\"]\r\n[B \"y\"]\r\n[Themes \"a b \\\"q\\\"\"]\r\n\r\n{s} 1.e4 $1 {a b} {old} e5 (1...c5! {c}) 2.Nf3 *\r\n"
        );
    }

    #[test]
    fn an_existing_tag_is_merged_and_a_tagless_game_gets_one() {
        assert_eq!(
            spliced("[Themes \"old\"] [C \"z\"]\n1. e4 *", &[(1, "t")], "t"),
            "[Themes \"old t\"] [C \"z\"]\n1. e4 {t} *"
        );
        assert_eq!(
            spliced("1. e4 *", &[(0, "t")], "t"),
            "[Themes \"t\"]\n\n{t} 1. e4 *"
        );
        assert_eq!(spliced("1. e4 *", &[], ""), "1. e4 *");
    }

    /// A CRLF game keeps CRLF on the new tag's line when the last tag is followed by trailing
    /// spaces (as in `annotated.pgn`'s `[Annotator "Ashish Thatte"] `) or by the rest of a
    /// broken tag line; an LF game keeps LF.
    #[test]
    fn the_themes_tag_keeps_the_games_line_ending_after_trailing_spaces() {
        assert_eq!(
            spliced("[A \"x\"] \r\n\r\n1. e4 *\r\n", &[], "t"),
            "[A \"x\"]\r\n[Themes \"t\"] \r\n\r\n1. e4 *\r\n"
        );
        assert_eq!(
            spliced("[A \"x\"]\t \n\n1. e4 *\n", &[], "t"),
            "[A \"x\"]\n[Themes \"t\"]\t \n\n1. e4 *\n"
        );
        assert_eq!(line_ending(b"[A \"x\"] junk\r\n1. e4 *", 7), "\r\n");
        // annotated.pgn's first game: the unterminated value's tag ends at the `\r`.
        let broken = "[A \"x\"]\r\n[Annotator  \"Krush, I]\r\n\r\n1. e4 *\r\n";
        let out = spliced(broken, &[], "t");
        assert!(out.contains("I]\r\n[Themes \"t\"]\r\n\r\n1. e4"), "{out:?}");
        assert_eq!(line_ending(b"[A \"x\"]\r\n", 100), "\r\n");
    }

    /// Issue 18 item 4: annotating an annotated game with the same themes changes nothing;
    /// a new theme is added beside the old ones, an old one not written twice.
    #[test]
    fn annotating_again_writes_no_theme_twice() {
        let game = "[A \"x\"]\n\n1.e4 $1 {old} e5 2.Nf3 *\n";
        let notes = [(0, "s"), (1, "a b"), (3, "c")];
        let once = spliced(game, &notes, "a b c s");
        assert_eq!(spliced(&once, &notes, "a b c s"), once);
        let more = [(1, "a z"), (2, "c")];
        let twice = spliced(&once, &more, "a c z");
        assert_eq!(
            twice,
            "[A \"x\"]\n[Themes \"a b c s z\"]\n\n{s} 1.e4 $1 {z} {a b} {old} e5 {c} 2.Nf3 {c} *\n"
        );
        assert_eq!(spliced(&twice, &more, "a c z"), twice);
    }

    #[test]
    fn a_text_is_found_only_as_a_whole_part_of_a_comment() {
        assert!(holds_text(b"a b", "a") && holds_text(b"a b", "b") && holds_text(b"a b", "a b"));
        assert!(!holds_text(b"ab", "a") && !holds_text(b"ba c", "a") && !holds_text(b"", "a"));
    }
}
