//! Splitting PGN bytes into games: one fast pass over the (memory-mapped) input that yields
//! each game's byte range in file order, so games can be read in parallel.
//!
//! A new game starts at a line whose first non-blank character (after any UTF-8 BOM) is `[`,
//! once the current game has had movetext; so tag lines after blank lines (ChessBase's empty
//! line between tags) stay in their game. A game without tags starts the input, or follows a
//! game whose last movetext line ends with a result (`1-0`, `0-1`, `1/2-1/2`, `*`), as PGN's
//! termination marker says: it starts at the next line that begins like moves (a digit or a SAN
//! letter), or with `{` after a blank line. (Other lines after a result, like a `{comment}` on
//! the next line or junk, stay with the game.) A `[` inside a `{ comment }`, after `;` on its line, or on a `%` escape line never
//! starts a game.
//!
//! A `{` that is never closed would swallow the rest of the input; it is capped: the comment
//! ends before a line starting with `[Event `, or before a complete tag pair line
//! (`[Name "value"]`) that follows a blank line. (A comment that really contains such a line
//! is cut there too; the reader then reports the first part's comment as unterminated.)
//!
//! A game whose tags end without movetext (`[Event "a"]` ... then the next game's
//! `[Event "b"]`) ends at the second `[Event ` line: a game cut short is its own range (which
//! the search reports), not the first tags of the next game.
//!
//! Lines end at `\n`; in a text without any `\n`, at `\r` (old Mac files end lines with `\r`
//! alone; elsewhere a lone `\r` can be inside a tag value). A tag section that follows a termination marker on the same line (`... 1-0 [Event
//! "b"] ...`, a whole file on one line) starts the next game there.
//!
//! Every byte of the input is in exactly one range, or between ranges; the bytes between ranges
//! are only whitespace (space, tab, CR, LF) and UTF-8 BOMs, which ranges never start or end
//! with. Ranges are never empty.

use std::iter::FusedIterator;
use std::ops::Range;

use memchr::memchr;

use super::marks::{MovetextMarks, first_of};

/// The byte order mark of UTF-8 text, which some tools write at the start of each game.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The games of `data` as byte ranges, in file order: see the [module docs](self) for where
/// one game ends and the next begins.
///
/// ```
/// let pgn = b"[Event \"a\"]\n\n1. e4 { [not a tag] } e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let games: Vec<_> = cqlq::pgn::split_games(pgn).collect();
/// assert_eq!(games.len(), 2);
/// assert!(pgn[games[1].clone()].starts_with(b"[Event \"b\"]"));
/// ```
pub fn split_games(data: &[u8]) -> SplitGames<'_> {
    SplitGames {
        data,
        pos: 0,
        line_break: if memchr(b'\n', data).is_none() && memchr(b'\r', data).is_some() {
            b'\r'
        } else {
            b'\n'
        },
    }
}

/// Iterator over the games of a PGN text, from [`split_games`].
#[derive(Clone, Debug)]
pub struct SplitGames<'a> {
    data: &'a [u8],
    /// Where the search for the next game starts (a line start, or the end).
    pos: usize,
    /// What ends a line: `\n`, or `\r` in a text without any `\n` (old Mac files).
    line_break: u8,
}

impl Iterator for SplitGames<'_> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        let data = self.data;
        let start = skip_blank(data, self.pos);
        if start >= data.len() {
            self.pos = data.len();
            return None;
        }
        let mut scan = Scan::default();
        let mut line = start;
        while line < data.len() {
            if self.line_break == b'\n'
                && let Some(next) = scan.common_tag_line(data, line, line == start)
            {
                line = next;
                continue;
            }
            let eol = memchr(self.line_break, &data[line..]).map_or(data.len(), |i| line + i);
            let next = eol + 1;
            match scan.line(&data[line..eol], line == start) {
                Line::Continues => line = next,
                Line::StartsGame => break,
                Line::StartsGameAt(at) => {
                    line += at;
                    break;
                }
            }
        }
        let end_of_game = line.min(data.len());
        self.pos = end_of_game;
        Some(start..trim_end(data, start, end_of_game))
    }
}

impl FusedIterator for SplitGames<'_> {}

/// What a line means for the game being scanned.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Line {
    /// The line belongs to the current game.
    Continues,
    /// The line is the first of the next game.
    StartsGame,
    /// The next game starts at this index of the line: a tag after a termination marker on
    /// the same line (`1. e4 1-0 [Event "b"]`, a whole file on one line).
    StartsGameAt(usize),
}

/// Line-by-line state while scanning one game.
#[derive(Default)]
struct Scan {
    /// The game has had movetext (so a tag line now starts the next game).
    seen_movetext: bool,
    /// Inside a `{ comment }` that began on an earlier line.
    in_comment: bool,
    /// The previous line was blank.
    prev_blank: bool,
    /// The last movetext line ended with a result token (outside comments).
    ended_with_result: bool,
    /// A blank line followed that result line.
    result_then_blank: bool,
    /// The line before ended inside a tag value, with `\\` escaping its line break.
    in_tag_value: bool,
    /// The game has had an `[Event ` tag line.
    seen_event: bool,
}

impl Scan {
    /// Takes in the line at `data[at..]` when it is a common tag line, `[Name "value"]` then
    /// `\n` or `\r\n` (a value without `\\`, nothing between its `"` and the `]`), and
    /// [`Scan::line`] would find it a tag line of this game: the index after its `\n`. The
    /// same as [`Scan::line`] on it (a tag line before any movetext, or the first line; a second
    /// `[Event ` is left to it), without finding the line's end first. None for any other line;
    /// `first` is the game's first line. A file whose lines end at `\n` only.
    fn common_tag_line(&mut self, data: &[u8], at: usize, first: bool) -> Option<usize> {
        if data.get(at) != Some(&b'[')
            || self.in_tag_value
            || self.in_comment
            || (self.seen_movetext && !first)
        {
            return None;
        }
        // As `after_tags` reads it: the first `"` or `]` opens the value, the first `\` or `"`
        // after it ends it, a `]` must follow, then only the line's end.
        let quote = first_of(data, at + 1, [b'"', b']', b'\n'])?;
        let close = match data[quote] {
            b'"' => first_of(data, quote + 1, [b'"', b'\\', b'\n'])?,
            _ => return None,
        };
        let next = match data.get(close..close + 4)? {
            [b'"', b']', b'\n', _] => close + 3,
            [b'"', b']', b'\r', b'\n'] => close + 4,
            _ => return None,
        };
        if data[at..].starts_with(b"[Event ") {
            if self.seen_event && !first {
                return None;
            }
            self.seen_event = true;
        }
        self.prev_blank = false;
        Some(next)
    }

    /// Takes in one line (without its `\n`); `first` is the game's first line.
    fn line(&mut self, line: &[u8], first: bool) -> Line {
        let prev_blank = std::mem::replace(&mut self.prev_blank, false);
        if std::mem::take(&mut self.in_tag_value) {
            self.tags(line, true);
            return Line::Continues;
        }
        if self.in_comment {
            if is_cap_line(line, prev_blank) {
                self.in_comment = false;
            } else {
                match memchr(b'}', line) {
                    Some(i) => {
                        self.in_comment = false;
                        if let Some(at) = self.movetext(line, i + 1) {
                            return Line::StartsGameAt(at);
                        }
                    }
                    None => self.prev_blank = is_blank(line),
                }
                return Line::Continues;
            }
        }
        let text = trim_start(line);
        match text.first() {
            None => {
                self.prev_blank = true;
                if self.ended_with_result {
                    self.result_then_blank = true;
                }
            }
            Some(b'[') => {
                if self.seen_movetext && !first {
                    return Line::StartsGame;
                }
                // A second `[Event ` before any movetext: the game before was cut short
                // after its tags; it ends here (and is reported) rather than taking this
                // game's tags as its own.
                if text.starts_with(b"[Event ") {
                    if self.seen_event && !first {
                        return Line::StartsGame;
                    }
                    self.seen_event = true;
                }
                if let Some(at) = self.tags(text, false) {
                    return Line::StartsGameAt(offset_in(line, text) + at);
                }
            }
            // `%` in the first column escapes the whole line.
            Some(b'%') if line.first() == Some(&b'%') => {}
            Some(&b) => {
                let moves = b.is_ascii_digit() || b"abcdefghKQRBNOP".contains(&b);
                if self.ended_with_result
                    && !first
                    && (moves || (self.result_then_blank && b == b'{'))
                {
                    return Line::StartsGame;
                }
                if let Some(at) = self.movetext(text, 0) {
                    return Line::StartsGameAt(offset_in(line, text) + at);
                }
            }
        }
        Line::Continues
    }

    /// Takes in a line of tags (see [`after_tags`]); like [`Scan::movetext`], the index in
    /// `text` where the next game starts, if it starts on this line.
    fn tags(&mut self, text: &[u8], in_value: bool) -> Option<usize> {
        match after_tags(text, in_value) {
            TagLine::Done => None,
            TagLine::Movetext(rest) => self.movetext(rest, 0).map(|at| offset_in(text, rest) + at),
            TagLine::ValueContinues => {
                self.in_tag_value = true;
                None
            }
        }
    }

    /// Takes in movetext from `text[from..]` (up to the line's end), following comments. A `[`
    /// outside comments right after a termination marker starts the next game on this line:
    /// its index in `text` is returned, and the rest of the line is left to that game.
    fn movetext(&mut self, text: &[u8], from: usize) -> Option<usize> {
        // The start of the text since the last comment.
        let mut segment = from;
        let mut at = from;
        let mut line_comment = false;
        // Anything but comments on the line (a line of only comments after a result leaves the
        // game ended).
        let mut content = false;
        // One search for the next comment or `[` outside comments, and one for its end, in
        // the line's marks (a lichess movetext line holds a comment after every move).
        let mut marks = MovetextMarks::new(text);
        // Where runs of whole comments are passed over a block at a time again (once the line
        // has content, after a block the quick way did not take).
        let mut quick_from = from;
        loop {
            if content && at >= quick_from {
                match marks.comments_end(at) {
                    Some(end) => {
                        at = end;
                        segment = at;
                        continue;
                    }
                    None => quick_from = at + 64,
                }
            }
            let Some(found) = marks.next_stop(at) else {
                content = content || !is_blank(&text[segment..]);
                break;
            };
            if text[found] == b'[' {
                if found > 0 && ends_with_result(&text[..found]) && is_space(text[found - 1]) {
                    return self.movetext_ends(found);
                }
                content = true;
                at = found + 1;
                continue;
            }
            content = content || !is_blank(&text[segment..found]);
            if text[found] == b';' {
                line_comment = true;
                break;
            }
            match marks.next_close(found + 1) {
                Some(close) => {
                    at = close + 1;
                    segment = at;
                }
                None => {
                    self.in_comment = true;
                    break;
                }
            }
        }
        self.seen_movetext |= !is_blank(text);
        if content {
            self.ended_with_result = !self.in_comment && !line_comment && ends_with_result(text);
        }
        self.result_then_blank = false;
        None
    }

    /// The game's movetext ends with a termination marker and the next game starts at
    /// index `next` of the line's text: the index, to return from [`Scan::movetext`].
    fn movetext_ends(&mut self, next: usize) -> Option<usize> {
        self.seen_movetext = true;
        self.ended_with_result = true;
        self.result_then_blank = false;
        Some(next)
    }
}

/// Where `part` (a subslice of `whole`) starts in `whole`.
fn offset_in(whole: &[u8], part: &[u8]) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// The first index at or after `pos` that is not whitespace or part of a BOM.
fn skip_blank(data: &[u8], mut pos: usize) -> usize {
    while pos < data.len() {
        if is_space(data[pos]) {
            pos += 1;
        } else if data[pos..].starts_with(BOM) {
            pos += BOM.len();
        } else {
            break;
        }
    }
    pos
}

/// The end of `data[start..end]` without trailing whitespace and BOMs.
fn trim_end(data: &[u8], start: usize, mut end: usize) -> usize {
    while end > start {
        if is_space(data[end - 1]) {
            end -= 1;
        } else if end - start >= BOM.len() && data[..end].ends_with(BOM) {
            end -= BOM.len();
        } else {
            break;
        }
    }
    end
}

/// `line` without leading whitespace and BOMs.
fn trim_start(line: &[u8]) -> &[u8] {
    &line[skip_blank(line, 0)..]
}

/// Whitespace as pgn-reader sees it.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

fn is_blank(line: &[u8]) -> bool {
    trim_start(line).is_empty()
}

/// Whether a line inside an unclosed comment ends that comment (see the module docs).
fn is_cap_line(line: &[u8], prev_blank: bool) -> bool {
    let text = trim_start(line);
    text.starts_with(b"[Event ") || (prev_blank && is_tag_pair_line(text))
}

/// Whether `text` is exactly `[Name "value"]` (name of letters, digits and `_`), then blanks.
fn is_tag_pair_line(text: &[u8]) -> bool {
    let name_len = text
        .iter()
        .skip(1)
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    if text.first() != Some(&b'[') || name_len == 0 {
        return false;
    }
    let rest = &text[1 + name_len..];
    let spaces = rest.iter().take_while(|b| **b == b' ').count();
    if spaces == 0 || rest.get(spaces) != Some(&b'"') {
        return false;
    }
    match closing_quote(rest, spaces + 1) {
        Quote::At(q) => rest.get(q + 1) == Some(&b']') && is_blank(&rest[q + 2..]),
        _ => false,
    }
}

/// Where a quoted tag value that starts at `text[from..]` ends, on a line `text` (without its
/// line break).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Quote {
    /// At the `"` at this index.
    At(usize),
    /// At the line break (pgn-reader ends an unclosed value there).
    LineEnds,
    /// Not on this line: it ends with `\`, which escapes the line break.
    Continues,
}

/// Where the tag value starting at `text[from..]` ends (after `\` escapes, as pgn-reader
/// reads them).
fn closing_quote(text: &[u8], from: usize) -> Quote {
    let mut at = from;
    loop {
        let Some(i) = text
            .get(at..)
            .and_then(|rest| position_of_either(b'\\', b'"', rest))
        else {
            return Quote::LineEnds;
        };
        let i = at + i;
        if text[i] == b'"' {
            return Quote::At(i);
        }
        if i + 1 == text.len() {
            return Quote::Continues;
        }
        at = i + 2;
    }
}

/// What a line of tags holds after them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TagLine<'a> {
    /// Nothing.
    Done,
    /// Movetext: `[Result "*"] *`.
    Movetext(&'a [u8]),
    /// The last tag's value goes on on the next line.
    ValueContinues,
}

/// For a line starting with `[` (or, if `in_value`, inside a tag value continued from the line
/// before): what follows its tags on the same line.
fn after_tags(mut text: &[u8], mut in_value: bool) -> TagLine<'_> {
    loop {
        // Where the tag's quoted value starts, or (a tag without one) its first `]`.
        let value = if std::mem::take(&mut in_value) {
            Ok(0)
        } else if text.first() == Some(&b'[') {
            match position_of_either(b'"', b']', text) {
                Some(q) if text[q] == b'"' => Ok(q + 1),
                bracket => Err(bracket),
            }
        } else {
            break;
        };
        // The end of the tag: the `]` after its quoted value, or the first `]` if it has none.
        let close = match value.map(|from| closing_quote(text, from)) {
            Ok(Quote::At(end)) => position_of(b']', &text[end + 1..]).map(|j| end + 1 + j),
            Ok(Quote::LineEnds) => None,
            Ok(Quote::Continues) => return TagLine::ValueContinues,
            Err(bracket) => bracket,
        };
        let Some(close) = close else {
            return TagLine::Done;
        };
        text = trim_start(&text[close + 1..]);
    }
    if text.is_empty() {
        TagLine::Done
    } else {
        TagLine::Movetext(text)
    }
}

/// The first `byte` in `text`: a plain loop, for a tag line (a few dozen bytes, where
/// `memchr`'s set-up costs more than its search saves).
fn position_of(byte: u8, text: &[u8]) -> Option<usize> {
    text.iter().position(|&b| b == byte)
}

/// The first `a` or `b` in `text` (see [`position_of`]).
fn position_of_either(a: u8, b: u8, text: &[u8]) -> Option<usize> {
    text.iter().position(|&c| c == a || c == b)
}

/// Whether a game's text (a range of [`split_games`]) ends in its tag section: its last line
/// starts with `[` and nothing follows its tags on it (`[Result "*"] *` has movetext; so has
/// `[%clk 0:01] }`, a comment's last line), so no movetext, not even a result, follows the
/// tags. Such a game was cut short: `[Event "a"]` then the next game.
///
/// ```
/// use cqlq::pgn::split::ends_in_tags;
/// assert!(ends_in_tags(b"[Event \"a\"]\n[Site \"b\"]"));
/// assert!(ends_in_tags(b"[Event \"a"));
/// assert!(!ends_in_tags(b"[Event \"a\"]\n\n1. e4 *"));
/// assert!(!ends_in_tags(b"1. e4 { a comment\n[%clk 0:01] }"));
/// assert!(!ends_in_tags(b"[Result \"1-0\"] e4 *"));
/// ```
pub fn ends_in_tags(game: &[u8]) -> bool {
    // memrchr2 (SIMD) rather than a byte loop: a lichess game's movetext is one long line.
    let last = memchr::memrchr2(b'\n', b'\r', game).map_or(game, |i| &game[i + 1..]);
    let last = trim_start(last);
    last.first() == Some(&b'[') && !matches!(after_tags(last, false), TagLine::Movetext(_))
}

/// Whether a movetext line ends with a game termination marker.
fn ends_with_result(text: &[u8]) -> bool {
    let mut end = text.len();
    while end > 0 && is_space(text[end - 1]) {
        end -= 1;
    }
    let text = &text[..end];
    if text.ends_with(b"*") {
        return true;
    }
    [&b"1-0"[..], b"0-1", b"1/2-1/2"].iter().any(|result| {
        text.ends_with(result)
            && !matches!(text[..text.len() - result.len()].last(), Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'/'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(data: &[u8]) -> Vec<&[u8]> {
        split_games(data).map(|r| &data[r]).collect()
    }

    #[test]
    fn tag_pair_lines() {
        assert!(is_tag_pair_line(b"[White \"Kasparov, G.\"]"));
        assert!(is_tag_pair_line(b"[Black \"a \\\" b\"]  \r"));
        assert!(!is_tag_pair_line(b"[%clk 0:01:00]"));
        assert!(!is_tag_pair_line(b"[White \"x\"] 1. e4"));
        assert!(!is_tag_pair_line(b"[White\"x\"]"));
    }

    #[test]
    fn results_at_line_end() {
        assert!(ends_with_result(b"23. Qxe7 1-0 \r"));
        assert!(ends_with_result(b"{done} *"));
        assert!(ends_with_result(b"1/2-1/2"));
        assert!(!ends_with_result(b"23. Qxe7 21-0"));
        assert!(!ends_with_result(b"23. Qxe7"));
    }

    #[test]
    fn tag_value_continued_over_a_line_break() {
        // pgn-reader reads `\` and the line break as part of the value, up to the next `"`.
        let data = b"[A \"x\\\n\"]\n[B \"y\"]\n1. e4 *\n[C \"z\"]\n*";
        assert_eq!(
            games(data),
            vec![&b"[A \"x\\\n\"]\n[B \"y\"]\n1. e4 *"[..], b"[C \"z\"]\n*"]
        );
    }

    /// `bytes` with every `from` made `to`.
    fn swap(bytes: &[u8], from: u8, to: u8) -> Vec<u8> {
        bytes
            .iter()
            .map(|&b| if b == from { to } else { b })
            .collect()
    }

    /// The same three games, whatever ends their lines.
    const THREE: [&[u8]; 3] = [
        b"[Event \"a\"]\n[White \"A\"]\n\n1. e4 e5 1-0",
        b"[Event \"b\"]\n\n1. d4 d5 { a comment } 0-1",
        b"[Event \"c\"]\n\n1. c4 *",
    ];

    /// Lines ended by `\r` alone (old Mac files), or a whole file on one line.
    #[test]
    fn every_game_is_split_whatever_ends_the_lines() {
        for (between, line_end) in [(&b"\n\n"[..], b'\r'), (&b" "[..], b' ')] {
            let data = swap(&THREE.join(between), b'\n', line_end);
            let want: Vec<Vec<u8>> = THREE.iter().map(|g| swap(g, b'\n', line_end)).collect();
            let want: Vec<&[u8]> = want.iter().map(Vec::as_slice).collect();
            assert_eq!(games(&data), want, "{line_end}");
        }
    }

    /// Tag lines of every shape near the common one (`Scan::common_tag_line` takes in the
    /// common one where lines end at `\n`; with `\r` line breaks every line goes through
    /// `Scan::line`): the same games either way.
    #[test]
    fn tag_lines_split_the_same_with_or_without_the_common_line_path() {
        let texts: [&[u8]; 12] = [
            b"[Event \"a\"]\n[Site \"s\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *",
            b"[Event \"a\"]\n[Site \"x \\\" y\"]\n\n1. e4 *\n[Event \"b\"]\n1. d4 *",
            b"[Event \"a\"]\n[Site \"x\" ]\n1. e4 *\n[Event \"b\"]\n1. d4 *",
            b"[Event \"a\"] [Site \"x\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *",
            b"[Event \"a\"]\n[Result \"*\"] *\n[Event \"b\"]\n1. d4 *",
            b"[Ev]ent \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *",
            b"[Event \"a\"]\n[Site \"s\"]\n[Event \"b\"]\n[Site \"t\"]\n\n1. d4 *",
            b"[Event \"a\"]\n[White \"x\\\ny\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *",
            b"[Event \"a\"]\n1. e4 { x\n[Site \"in a comment\"]\n} *\n[Event \"b\"]\n1. d4 *",
            b"[Event \"a\"]\n1. e4\n[Site \"after moves\"]\n1. d4 *",
            b"[Event \"a\"]\n\n1. e4 *\n[Event \"b\"]",
            b"[Event \"a\"]\n[Site \"no value end\n1. e4 *\n[Event \"b\"]\n1. d4 *",
        ];
        for text in texts {
            let by_line = swap(text, b'\n', b'\r');
            let want: Vec<Vec<u8>> = games(&by_line)
                .iter()
                .map(|g| swap(g, b'\r', b'\n'))
                .collect();
            let want: Vec<&[u8]> = want.iter().map(Vec::as_slice).collect();
            assert_eq!(games(text), want, "{}", String::from_utf8_lossy(text));
        }
        // Lines ended by `\r\n`: the `\r` is the line's, not the next line's.
        let crlf = b"[Event \"a\"]\r\n[Site \"s\"]\r\n\r\n1. e4 *\r\n[Event \"b\"]\r\n1. d4 *\r\n";
        assert_eq!(
            games(crlf),
            [
                &b"[Event \"a\"]\r\n[Site \"s\"]\r\n\r\n1. e4 *"[..],
                b"[Event \"b\"]\r\n1. d4 *"
            ]
        );
    }

    /// `Scan::movetext` as it was before its searches went a block at a time
    /// (`pgn::marks`): each next stop and comment end found by a byte loop.
    fn movetext_by_bytes(scan: &mut Scan, text: &[u8], from: usize) -> Option<usize> {
        let find = |from: usize, set: &[u8]| (from..text.len()).find(|&i| set.contains(&text[i]));
        let (mut segment, mut at, mut line_comment, mut content) = (from, from, false, false);
        loop {
            let Some(found) = find(at, b"{;[") else {
                content = content || !is_blank(&text[segment..]);
                break;
            };
            if text[found] == b'[' {
                if found > 0 && ends_with_result(&text[..found]) && is_space(text[found - 1]) {
                    return scan.movetext_ends(found);
                }
                content = true;
                at = found + 1;
                continue;
            }
            content = content || !is_blank(&text[segment..found]);
            if text[found] == b';' {
                line_comment = true;
                break;
            }
            match find(found + 1, b"}") {
                Some(close) => {
                    at = close + 1;
                    segment = at;
                }
                None => {
                    scan.in_comment = true;
                    break;
                }
            }
        }
        scan.seen_movetext |= !is_blank(text);
        if content {
            scan.ended_with_result = !scan.in_comment && !line_comment && ends_with_result(text);
        }
        scan.result_then_blank = false;
        None
    }

    /// Random movetext lines (lichess-shaped runs of comments, and stray braces, brackets,
    /// semicolons, results and blanks among them): the block-at-a-time walk leaves the scan
    /// as the byte loop does, and says the same about where a next game starts.
    #[test]
    fn movetext_lines_are_walked_as_a_byte_loop_walks_them() {
        let pieces: [&[u8]; 14] = [
            b"1. e4 ",
            b"{ [%clk 0:03:00] } ",
            b"12... Nxf7+ ",
            b"{ [%eval 0.17] [%clk 0:01:00] } ",
            b"{",
            b"}",
            b"[",
            b";",
            b" ",
            b"1-0",
            b"*",
            b" [Event \"x\"] ",
            b"{ a { b } ",
            b"x",
        ];
        let mut seed = 0x853c_49e6_748f_ea9b_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for round in 0..20_000 {
            // Mostly lichess-shaped (a move, then a clock comment), with a stray piece now and
            // then; some lines of stray pieces only.
            let stray = if round % 4 == 0 { 2 } else { 12 };
            let mut line = Vec::new();
            for _ in 0..next(60) {
                let piece = match next(stray) {
                    0 | 1 => pieces[next(pieces.len() as u64) as usize],
                    k if k % 2 == 0 => pieces[0],
                    _ => pieces[1],
                };
                line.extend_from_slice(piece);
            }
            let from = next(line.len() as u64 + 1) as usize;
            let (mut quick, mut bytes) = (Scan::default(), Scan::default());
            let said = (
                quick.movetext(&line, from),
                movetext_by_bytes(&mut bytes, &line, from),
            );
            let text = String::from_utf8_lossy(&line);
            assert_eq!(said.0, said.1, "{text:?} from {from}");
            let fields = |s: &Scan| (s.seen_movetext, s.in_comment, s.ended_with_result);
            assert_eq!(fields(&quick), fields(&bytes), "{text:?} from {from}");
        }
    }

    #[test]
    fn a_bracket_in_a_comment_after_a_result_starts_no_game() {
        let data = b"[Event \"a\"]\n\n1. e4 1-0 {[Event \"x\"]} \n";
        assert_eq!(games(data).len(), 1);
    }

    /// Lichess-shaped lines (a `{ [%clk ...] }` comment after every move): a `[` inside a
    /// comment or after a `;` starts nothing, nor does one outside comments that follows no
    /// result; one after a result (comments before it) starts the next game on that line.
    #[test]
    fn brackets_on_a_movetext_line_with_comments() {
        let data = b"[A \"1\"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] } [x] \
            { [%clk 0:00:01] } 1-0 [B \"2\"]\n\n1. d4 { [%clk 0:03:00] } ; [C \"3\"] 1-0\n*\n";
        assert_eq!(
            games(data),
            vec![
                &b"[A \"1\"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] } [x] \
                    { [%clk 0:00:01] } 1-0"[..],
                b"[B \"2\"]\n\n1. d4 { [%clk 0:03:00] } ; [C \"3\"] 1-0\n*",
            ]
        );
    }

    #[test]
    fn tags_followed_by_movetext_on_one_line() {
        let data = b"[A \"1\"] 1. e4 *\n[B \"2\"] [C \"]\"] 1. d4 *\n[D \"4\"]\n";
        assert_eq!(
            games(data),
            vec![
                &b"[A \"1\"] 1. e4 *"[..],
                b"[B \"2\"] [C \"]\"] 1. d4 *",
                b"[D \"4\"]"
            ]
        );
    }
}
