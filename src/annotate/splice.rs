//! Writing a game back byte for byte as it was read, with `annotate`'s additions spliced in:
//! a comment ` {text}` after each noted move (after its NAGs), `{text} ` at the start of the
//! movetext for the start position, and the tag `[Themes "a b"]` after the last tag (in
//! place of an existing tag of that name; first in the game when it has no tags). Nothing
//! else changes, so removing exactly these additions gives back the input.

use std::collections::BTreeMap;
use std::ops::Range;

use crate::pgn::{GameRecord, GameSpans};

/// What to add to one game.
pub(super) struct Additions<'a> {
    /// Record node → comment text (node 0: the start position).
    pub notes: &'a BTreeMap<u32, String>,
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
    if !add.themes.is_empty() {
        let mut line = format!("[{} \"", add.tag);
        crate::pgn::write::push_tag_value(&mut line, add.themes);
        line.push_str("\"]");
        let existing = record.tags.iter().position(|(name, _)| name == add.tag);
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
    for (&node, text) in add.notes {
        if node == 0 {
            let at = spans.movetext_start(slice);
            edits.push((at..at, 1, format!("{{{text}}} ")));
        } else if let Some(at) = spans.after_move(slice, node) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::read_game_spans;

    fn spliced(pgn: &str, notes: &[(u32, &str)], themes: &str) -> String {
        let (record, spans) = read_game_spans(pgn.as_bytes(), false).unwrap();
        let notes: BTreeMap<u32, String> = notes.iter().map(|&(n, t)| (n, t.to_string())).collect();
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
    fn an_existing_tag_is_replaced_and_a_tagless_game_gets_one() {
        assert_eq!(
            spliced("[Themes \"old\"] [C \"z\"]\n1. e4 *", &[(1, "t")], "t"),
            "[Themes \"t\"] [C \"z\"]\n1. e4 {t} *"
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
}
