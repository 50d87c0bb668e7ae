//! A shadow of pgn-reader's tokenizer: it walks a game's bytes with the same rules as
//! `pgn_reader::Reader` (0.29), so the reader can tell where each token the visitor receives is,
//! and what pgn-reader consumed without telling the visitor: unreadable tokens, evaluation
//! glyphs written as text (`+-`, `±`), and `;` comments.
//!
//! It reports one [`Step`] per visitor call pgn-reader makes (a tag, a SAN, a NAG, a whole
//! comment, `(`, `)`, a result), in the same order, plus the steps pgn-reader keeps silent
//! about. The reader checks that the kinds agree; if they ever did not, that is a bug here.
//! The code below follows `pgn_reader::reader` function by function (`read_tags`,
//! `read_movetext`, `skip_whitespace`, `skip_ket`, ...).

use std::ops::Range;

use pgn_reader::shakmaty::san::{San, SanPlus, Suffix};
use pgn_reader::shakmaty::{Rank, Role};

/// A token pgn-reader passes to the visitor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// `[Name "value"]`: `Visitor::tag`.
    Tag,
    /// `Nf3+`: `Visitor::san`.
    San,
    /// `!?`, `$7`: `Visitor::nag`.
    Nag,
    /// `{ ... }`: `Visitor::comment` (after any `partial_comment` calls).
    Comment,
    /// `(`: `Visitor::begin_variation`.
    BeginVariation,
    /// `)`: `Visitor::end_variation`.
    EndVariation,
    /// `1-0`, `*`, ...: `Visitor::outcome`.
    Outcome,
}

/// One step of the shadow tokenizer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A token pgn-reader reports, starting at this offset.
    Token(Token, usize),
    /// A tag whose value has unescaped quotes, `[Annotator "Lopez "Battle Royale""]`: pgn-reader
    /// reports it (as `Token::Tag`) with the value cut at the second quote and reads the rest
    /// of the line as movetext. `value` is the whole value, up to the `"` before the last `]`;
    /// pgn-reader's tokens before `line_end` are that line's rest, to be ignored.
    QuotedTag {
        start: usize,
        value: Range<usize>,
        line_end: usize,
    },
    /// A move pgn-reader drops because junk is glued to it, but whose meaning is plain: `gxf8Q`
    /// (promotion without `=`), `Qxg7++`, `axb6ep`, `Rxe3,`, `Qh81-0` (result glued on).
    Recovered(SanPlus, usize),
    /// A token pgn-reader skips silently that is harmless: an evaluation glyph written as text,
    /// with the NAG it stands for (`+-` is `$18`), or `e.p.`, a lone BOM, `1/2`.
    Glyph(Range<usize>, Option<u8>),
    /// A token pgn-reader skips silently that may be a move: `e7e8q`, `e8Q`, `Nf3+-`.
    Unreadable(Range<usize>),
    /// A tag line pgn-reader skips (`[Event]`): the range of the line from its `[`.
    BadTag(Range<usize>),
    /// A `; comment` (dropped by pgn-reader): the range of its text, without `;` and line end.
    LineComment(Range<usize>),
    /// pgn-reader fails here with "unterminated tag".
    UnterminatedTag(usize),
    /// pgn-reader fails here with "unterminated comment" (the offset of the `{`).
    UnterminatedComment(usize),
    /// The end of the input.
    End,
}

/// Where the shadow is in pgn-reader's `read_game` loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    BeforeGame,
    Tags,
    Movetext,
    Done,
}

/// The shadow tokenizer over one game's bytes.
#[derive(Clone, Debug)]
pub(crate) struct Shadow<'a> {
    data: &'a [u8],
    pos: usize,
    phase: Phase,
    /// Skips that start before this offset belong to a token already reported.
    reported_until: usize,
    /// For [`Shadow::line_and_close`]: a position, the end of its line, the first `"]` after it.
    line_cache: (usize, usize, Option<usize>),
    /// The end of the last tag read: after its `]`, or after its value when it has none.
    tag_end: usize,
}

impl<'a> Shadow<'a> {
    /// A shadow at the start of `data`.
    pub(crate) fn new(data: &'a [u8]) -> Self {
        Shadow {
            data,
            pos: 0,
            phase: Phase::BeforeGame,
            reported_until: 0,
            line_cache: (1, 0, None),
            tag_end: 0,
        }
    }

    /// The current offset.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The end of the last tag read (after its `]`, or after its value when it has none): where
    /// `cqlq annotate` may add a tag after it.
    pub(crate) fn tag_end(&self) -> usize {
        self.tag_end
    }

    /// The next step.
    pub(crate) fn next_step(&mut self) -> Step {
        loop {
            let step = match self.phase {
                Phase::BeforeGame => {
                    self.before_game();
                    if self.pos >= self.data.len() {
                        self.phase = Phase::Done;
                        return Step::End;
                    }
                    self.phase = Phase::Tags;
                    None
                }
                Phase::Tags => {
                    if self.peek() == Some(b'[') {
                        self.tag()
                    } else {
                        self.phase = Phase::Movetext;
                        None
                    }
                }
                Phase::Movetext => self.movetext(),
                Phase::Done => return Step::End,
            };
            if let Some(step) = step {
                return step;
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    fn rest(&self) -> &'a [u8] {
        &self.data[self.pos.min(self.data.len())..]
    }

    fn eat(&mut self, bytes: &[u8]) -> bool {
        if self.rest().starts_with(bytes) {
            self.pos += bytes.len();
            true
        } else {
            false
        }
    }

    fn eat_dash(&mut self) -> bool {
        self.eat(b"-") || self.eat("–".as_bytes()) || self.eat("—".as_bytes())
    }

    /// `Reader::before_game`: a BOM, then whitespace and `%` lines.
    fn before_game(&mut self) {
        self.eat(b"\xef\xbb\xbf");
        self.skip_whitespace(true);
    }

    fn skip_whitespace(&mut self, mut is_new_line: bool) {
        while let Some(ch) = self.peek() {
            match ch {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'\n' => {
                    is_new_line = true;
                    self.pos += 1;
                }
                b'%' if is_new_line => {
                    self.pos += 1;
                    self.skip_until_after(b'\n');
                }
                _ => return,
            }
        }
    }

    fn skip_until(&mut self, needle: u8) {
        self.pos = memchr::memchr(needle, self.rest()).map_or(self.data.len(), |i| self.pos + i);
    }

    fn skip_until_after(&mut self, needle: u8) {
        self.pos =
            memchr::memchr(needle, self.rest()).map_or(self.data.len(), |i| self.pos + i + 1);
    }

    fn skip_ket(&mut self) {
        while let Some(ch) = self.peek() {
            match ch {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b']' => {
                    self.pos += 1;
                    self.tag_end = self.pos;
                    return self.skip_whitespace(false);
                }
                b'\n' => {
                    self.pos += 1;
                    return self.skip_whitespace(true);
                }
                _ => return,
            }
        }
    }

    fn skip_token(&mut self) {
        self.pos = self
            .rest()
            .iter()
            .position(|&b| is_token_end(b))
            .map_or(self.data.len(), |i| self.pos + i);
    }

    /// One turn of `Reader::read_tags`' loop, at a `[`.
    fn tag(&mut self) -> Option<Step> {
        let start = self.pos;
        self.pos += 1;
        let rest = self.rest();
        let left_quote = match memchr::memchr3(b'"', b'\n', b']', rest) {
            Some(q) if rest[q] == b'"' => q,
            Some(eol) => {
                self.pos += eol + 1;
                self.skip_ket();
                let end = start + 1 + eol + usize::from(rest[eol] == b']');
                return Some(Step::BadTag(start..end));
            }
            None => {
                self.phase = Phase::Done;
                return Some(Step::UnterminatedTag(start));
            }
        };
        let mut right_quote = left_quote + 1;
        let consumed = loop {
            match memchr::memchr3(b'\\', b'"', b'\n', &rest[right_quote..]) {
                Some(delta) if rest[right_quote + delta] == b'"' => break right_quote + delta + 1,
                Some(delta) if rest[right_quote + delta] == b'\n' => break right_quote + delta,
                Some(delta) => right_quote = (right_quote + delta + 2).min(rest.len()),
                None => {
                    self.phase = Phase::Done;
                    return Some(Step::UnterminatedTag(start));
                }
            }
        };
        self.pos += consumed;
        let value_start = start + 1 + left_quote + 1;
        let quoted = self.quoted_value(value_start, start + 1 + consumed);
        self.tag_end = self.pos;
        self.skip_ket();
        Some(match quoted {
            Some((value, line_end)) => Step::QuotedTag {
                start,
                value,
                line_end,
            },
            None => Step::Token(Token::Tag, start),
        })
    }

    /// For a tag value that pgn-reader ended at `after - 1`: if the line goes on with more than
    /// `]` and ends with `"]`, the value really runs to that quote (see [`Step::QuotedTag`]).
    fn quoted_value(&mut self, value_start: usize, after: usize) -> Option<(Range<usize>, usize)> {
        let data = self.data;
        if data.get(after - 1) != Some(&b'"') {
            return None;
        }
        let rest = data[after..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r'));
        if rest.is_none_or(|i| matches!(data[after + i], b']' | b'\n')) {
            return None;
        }
        let (line_end, close) = self.line_and_close(after);
        Some((value_start..close?, line_end))
    }

    /// The end of the line at `at`, and the first `"]` on it at or after `at`. Cached, so that a
    /// line of many tags takes linear time (`at` only grows).
    fn line_and_close(&mut self, at: usize) -> (usize, Option<usize>) {
        let data = self.data;
        let (from, line_end, close) = self.line_cache;
        if at < from || at > line_end {
            let line_end = memchr::memchr(b'\n', &data[at..]).map_or(data.len(), |i| at + i);
            let close = memchr::memmem::find(&data[at..line_end], b"\"]").map(|i| at + i);
            self.line_cache = (at, line_end, close);
        } else if close.is_some_and(|c| c < at) {
            let close = memchr::memmem::find(&data[at..line_end], b"\"]").map(|i| at + i);
            self.line_cache = (at, line_end, close);
        }
        (self.line_cache.1, self.line_cache.2)
    }

    /// One turn of `Reader::read_movetext`' loop.
    fn movetext(&mut self) -> Option<Step> {
        let Some(ch) = self.peek() else {
            self.phase = Phase::BeforeGame;
            return None;
        };
        let start = self.pos;
        match ch {
            b'{' => self.brace_comment(start),
            b'\n' => {
                self.pos += 1;
                self.after_newline();
                None
            }
            b';' => {
                self.pos += 1;
                self.skip_until(b'\n');
                let mut end = self.pos;
                while end > start + 1 && self.data[end - 1] == b'\r' {
                    end -= 1;
                }
                Some(Step::LineComment(start + 1..end))
            }
            b'0' => self.after_zero(start),
            b'1' => self.after_one(start),
            b'\xc2' => {
                self.pos += 1;
                if self.eat(b"\xbd") && self.eat_dash() && self.eat("½".as_bytes()) {
                    return Some(Step::Token(Token::Outcome, start));
                }
                self.skipped(start)
            }
            b'2'..=b'9' => {
                self.pos += 1;
                self.skip_move_number();
                None
            }
            b'(' => {
                self.pos += 1;
                Some(Step::Token(Token::BeginVariation, start))
            }
            b')' => {
                self.pos += 1;
                Some(Step::Token(Token::EndVariation, start))
            }
            b'$' => self.numeric_nag(start),
            b'!' | b'?' => {
                self.pos += 1;
                if matches!(self.peek(), Some(b'!' | b'?')) {
                    self.pos += 1;
                }
                Some(Step::Token(Token::Nag, start))
            }
            b'*' => {
                self.pos += 1;
                Some(Step::Token(Token::Outcome, start))
            }
            b' ' | b'\t' | b'\r' | b'.' => {
                self.pos += 1;
                None
            }
            _ => self.san_or_junk(start),
        }
    }

    /// `{...}` at `start`: a comment, or an unterminated one that ends the input.
    #[inline]
    fn brace_comment(&mut self, start: usize) -> Option<Step> {
        match memchr::memchr(b'}', &self.data[start + 1..]) {
            Some(i) => {
                self.pos = start + 1 + i + 1;
                Some(Step::Token(Token::Comment, start))
            }
            None => {
                self.phase = Phase::Done;
                Some(Step::UnterminatedComment(start))
            }
        }
    }

    /// After a newline: a `%` escape line is skipped; a blank line or a `[` ends the game.
    #[inline]
    fn after_newline(&mut self) {
        match self.peek() {
            Some(b'%') => {
                self.pos += 1;
                self.skip_until(b'\n');
            }
            Some(b'[' | b'\n') => self.phase = Phase::BeforeGame,
            Some(b'\r') => {
                self.pos += 1;
                if self.peek() == Some(b'\n') {
                    self.phase = Phase::BeforeGame;
                }
            }
            _ => {}
        }
    }

    /// A token starting with `0` at `start`: `0-1`, or castling written with zeros (`0-0`,
    /// `0-0-0`, with `+`/`#`); anything else is skipped.
    #[inline]
    fn after_zero(&mut self, start: usize) -> Option<Step> {
        self.pos += 1;
        if self.eat_dash() {
            if self.eat(b"1") {
                return Some(Step::Token(Token::Outcome, start));
            } else if self.eat(b"0") {
                if self.eat_dash() {
                    self.eat(b"0");
                }
                if matches!(self.peek(), Some(b'+' | b'#')) {
                    self.pos += 1;
                }
                return Some(Step::Token(Token::San, start));
            }
        }
        self.skipped(start)
    }

    /// A token starting with `1` at `start`: `1-0`, `1/2-1/2`, or a move number (skipped,
    /// and reported when it is an odd `1/...`).
    #[inline]
    fn after_one(&mut self, start: usize) -> Option<Step> {
        self.pos += 1;
        if self.eat_dash() {
            if self.eat(b"0") {
                return Some(Step::Token(Token::Outcome, start));
            }
            return self.skipped(start);
        }
        let after_one = self.pos;
        if self.eat(b"/2") && self.eat_dash() && self.eat(b"1/2") {
            return Some(Step::Token(Token::Outcome, start));
        }
        let odd = self.pos != after_one;
        self.skip_move_number();
        if odd { self.skipped(start) } else { None }
    }

    /// `$n` at `start`: a NAG when `n` fits in a byte, else skipped.
    #[inline]
    fn numeric_nag(&mut self, start: usize) -> Option<Step> {
        self.pos += 1;
        let rest = self.rest();
        match rest.iter().position(|&b| is_token_end(b)) {
            Some(end) => {
                self.pos += end;
                if parse_u8(&rest[..end]).is_some() {
                    Some(Step::Token(Token::Nag, start))
                } else {
                    self.skipped(start)
                }
            }
            None => {
                self.pos = self.data.len();
                self.skipped(start)
            }
        }
    }

    /// A SAN at `start`; one with junk glued on is recovered once per token when it can be,
    /// anything else is skipped.
    #[inline]
    fn san_or_junk(&mut self, start: usize) -> Option<Step> {
        match SanPlus::from_ascii_prefix(self.rest()) {
            Ok((san, len)) => {
                self.pos += len;
                if self.peek().is_none_or(is_token_end) {
                    Some(Step::Token(Token::San, start))
                } else if start < self.reported_until {
                    // Inside a token already reported (`e4e4e4...`): nothing more to say.
                    None
                } else if let Some((san, junk_end)) = recover(san, self.rest()) {
                    let token_end = self.token_end(start);
                    self.reported_until = token_end.max(self.pos + junk_end);
                    Some(Step::Recovered(san, start))
                } else {
                    self.skipped(start)
                }
            }
            Err(_) => {
                self.pos += 1;
                self.skip_token();
                self.skipped(start)
            }
        }
    }

    /// The digits and then dots and spaces after a move number's first digit.
    fn skip_move_number(&mut self) {
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        while matches!(self.peek(), Some(b'.' | b' ')) {
            self.pos += 1;
        }
    }

    /// The end of the token at `start` (at least one byte long).
    fn token_end(&self, start: usize) -> usize {
        let data = self.data;
        data[start + 1..]
            .iter()
            .position(|&b| is_token_end(b))
            .map_or(data.len(), |i| start + 1 + i)
    }

    /// pgn-reader skipped bytes from `start`: classify the whole token there, once.
    fn skipped(&mut self, start: usize) -> Option<Step> {
        if start < self.reported_until {
            return None;
        }
        let data = self.data;
        let end = self.token_end(start);
        let token = &data[start..end];
        if data[start..].starts_with(b"e.p.") {
            self.reported_until = start + 4;
            return Some(Step::Glyph(start..start + 4, None));
        }
        self.reported_until = end;
        match glyph(token) {
            Some(nag) => Some(Step::Glyph(start..end, nag)),
            None => Some(Step::Unreadable(start..end)),
        }
    }
}

/// The move meant by `san` followed by the junk at the start of `rest` (which pgn-reader lets
/// drop both), and the length of the junk, when the meaning is plain: a promotion piece
/// without `=`, extra `+`/`#`, `ep` or `e.p.`, a comma, or a result glued on (which
/// pgn-reader then reads as the result).
fn recover(mut san: SanPlus, rest: &[u8]) -> Option<(SanPlus, usize)> {
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
/// nothing lost), and `$n,` (a NAG with a comma glued on). Unicode ones are as in the PGN standard's NAG table and ChessBase exports.
fn glyph(token: &[u8]) -> Option<Option<u8>> {
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
pub(crate) fn parse_u8(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u8, |n, &d| {
        d.is_ascii_digit().then_some(())?;
        n.checked_mul(10)?.checked_add(d - b'0')
    })
}

/// pgn-reader's `is_token_end`.
pub(crate) fn is_token_end(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'!'
            | b'?'
            | b'$'
            | b';'
            | b'.'
            | b'*'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(data: &[u8]) -> Vec<Step> {
        let mut shadow = Shadow::new(data);
        let mut out = Vec::new();
        loop {
            match shadow.next_step() {
                Step::End => return out,
                step => out.push(step),
            }
        }
    }

    #[test]
    fn movetext_tokens_and_skips() {
        let t = Step::Token;
        assert_eq!(
            steps(b"[A \"x\"]\n1. e4 +- e5 $1 {c} (1... c5) ; hi\r\n 2. e2-e4 *"),
            vec![
                t(Token::Tag, 0),
                t(Token::San, 11),
                Step::Glyph(14..16, Some(18)),
                t(Token::San, 17),
                t(Token::Nag, 20),
                t(Token::Comment, 23),
                t(Token::BeginVariation, 27),
                t(Token::San, 33),
                t(Token::EndVariation, 35),
                Step::LineComment(38..41),
                Step::Unreadable(47..52),
                t(Token::Outcome, 53),
            ]
        );
    }

    #[test]
    fn glyphs_count_once() {
        assert_eq!(
            steps("1. e4 ± exd6 e.p.".as_bytes()),
            vec![
                Step::Token(Token::San, 3),
                Step::Glyph(6..8, Some(16)),
                Step::Token(Token::San, 9),
                Step::Glyph(14..18, None),
            ]
        );
    }

    #[test]
    fn quoted_tags_and_recovered_moves() {
        let data = b"[A \"x \"y\"\"]\n[B \"z\"]\n1. e8Q *";
        let steps = steps(data);
        assert_eq!(
            steps[0],
            Step::QuotedTag {
                start: 0,
                value: 4..9,
                line_end: 11
            }
        );
        assert_eq!(&data[4..9], b"x \"y\"");
        // pgn-reader reads `y""]` as movetext: skipped, within the ignored line.
        assert!(matches!(steps[1], Step::Unreadable(ref r) if r.start < 11));
        assert_eq!(steps[2], Step::Token(Token::Tag, 12));
        let Step::Recovered(san, 23) = steps[3] else {
            panic!("{:?}", steps[3])
        };
        assert_eq!(san.to_string(), "e8=Q");
        assert_eq!(steps[4], Step::Token(Token::Outcome, 27));
        assert_eq!(steps.len(), 5);
    }

    #[test]
    fn errors() {
        assert_eq!(steps(b"[Event \"x"), vec![Step::UnterminatedTag(0)]);
        assert_eq!(
            steps(b"1. e4 {oops"),
            vec![Step::Token(Token::San, 3), Step::UnterminatedComment(6)]
        );
        assert_eq!(
            steps(b"[Event]\n*"),
            vec![Step::BadTag(0..7), Step::Token(Token::Outcome, 8)]
        );
    }
}
