//! cqlq's PGN tokenizer: every token of a game's bytes, in order, with its byte offset and
//! its bytes as written, read by the rules of pgn-reader 0.29's `Reader` (the design's PGN
//! crate), handed to one [`Visitor`].
//!
//! pgn-reader tells its visitor neither where a token is nor what it skipped (a token it
//! cannot read as SAN, `+-` written as text, a `;` comment); cqlq needs both (byte offsets
//! for error messages and `cqlq annotate`, coordinate and fairy moves kept as written). So
//! this tokenizer follows `pgn_reader::reader` function by function (`read_tags`,
//! `read_movetext`, `skip_whitespace`, `skip_ket`, ...) and reports, besides the tokens
//! pgn-reader reports, the ones it passes over in silence, each marked as such. pgn-reader
//! reads through a 16 KiB buffer, refilled only when fewer than 255 bytes are left; the
//! tokenizer tracks that window (its `window_end`) because it decides which long tag lines
//! pgn-reader fails on ([`Visitor::beyond_buffer`]).
//! The careful reader (`pgn::read`) is its visitor; pgn-reader's `Reader` itself is not run
//! (`tests/cli/pgn_tokens.rs` runs it on the same bytes to show that both read alike).

use std::ops::{ControlFlow, Range};

use pgn_reader::shakmaty::CastlingSide;
use pgn_reader::shakmaty::san::{San, SanPlus, Suffix};

use super::token_text::{glyph, parse_u8, recover};

/// A tag read whole, `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagToken {
    /// The offset of its `[`.
    pub start: usize,
    /// Where the tag ends: after its `]`, or after its value when the line has no `]`.
    pub end: usize,
    /// The name's bytes: everything between `[` and the value's `"`, less one space before it.
    pub name: Range<usize>,
    /// The value's bytes as written (escapes not decoded). For a value with unescaped quotes,
    /// `[Annotator "Lopez "Battle Royale""]`, the whole value up to the `"` of the line's last
    /// `"]`; pgn-reader cuts it at the second quote and reads the line's rest as movetext
    /// (reported too, ending at [`TagToken::line_end`]).
    pub value: Range<usize>,
    /// For a value with unescaped quotes: the end of its line. 0 otherwise.
    pub line_end: usize,
}

/// How a move token reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveRead {
    /// SAN, as pgn-reader reads it and reports it (`Nf3+`, `0-0`, `--`).
    San(SanPlus),
    /// A move pgn-reader drops (silently) because junk is glued to it, whose meaning is plain:
    /// `gxf8Q` (promotion without `=`), `Qxg7++`, `axb6ep`, `Rxe3,`, `Qh81-0` (result glued on).
    Recovered(SanPlus),
    /// A token pgn-reader skips in silence that is not SAN and not a known glyph: `e7e8q`,
    /// `e2-e4`, `Hg3` (fairy), `☺`.
    NotSan,
}

/// A move token: where it is, how far it reaches, how it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveToken {
    /// The offset of its first byte.
    pub start: usize,
    /// For [`MoveRead::San`]: the end of what pgn-reader read as SAN; otherwise the end of the
    /// whole token (up to pgn-reader's next token end).
    pub end: usize,
    /// How it reads.
    pub read: MoveRead,
}

/// What the tokenizer finds in a game's bytes, in file order. Each method may stop the
/// reading (`ControlFlow::Break`). Offsets are from the start of the bytes given to
/// [`visit_tokens`].
pub trait Visitor {
    /// A tag pair pgn-reader reports.
    fn tag(&mut self, tag: TagToken) -> ControlFlow<()>;
    /// A tag line pgn-reader skips (`[Event]`, `[Round 3]`): its bytes from the `[` to the
    /// line's end or `]`.
    fn bad_tag(&mut self, line: Range<usize>) -> ControlFlow<()>;
    /// The tag line starting at `start` does not fit in pgn-reader's buffer: pgn-reader fails
    /// there with "unterminated tag" and reports nothing more. (The tokenizer goes on.)
    fn beyond_buffer(&mut self, start: usize) -> ControlFlow<()>;
    /// The tags are over; the movetext starts (once per game pgn-reader sees: a blank line in
    /// the movetext starts another).
    fn begin_movetext(&mut self) -> ControlFlow<()>;
    /// A move token (or a token where a move was expected).
    fn san(&mut self, token: MoveToken) -> ControlFlow<()>;
    /// A NAG at `start`: `$n`, `!`, `?!`, ...; `as_text`: an evaluation glyph written as text
    /// (`+-` is 18, `±` is 16), which pgn-reader skips in silence.
    fn nag(&mut self, start: usize, nag: u8, as_text: bool) -> ControlFlow<()>;
    /// A `{...}` comment at `start` (pgn-reader reports it), its text between the braces.
    fn comment(&mut self, start: usize, text: Range<usize>) -> ControlFlow<()>;
    /// A `; ...` comment at `start` (pgn-reader drops it), its text to the line's end (without
    /// a `\r` before it).
    fn line_comment(&mut self, start: usize, text: Range<usize>) -> ControlFlow<()>;
    /// `(` at `start`.
    fn begin_variation(&mut self, start: usize) -> ControlFlow<()>;
    /// `)` at `start`.
    fn end_variation(&mut self, start: usize) -> ControlFlow<()>;
    /// A result at `start`: `1-0`, `0-1`, `1/2-1/2` or `*` (also written `½-½`, with en or
    /// em dashes).
    fn outcome(&mut self, start: usize, outcome: &'static str) -> ControlFlow<()>;
    /// A tag at `start` never closed: pgn-reader fails with "unterminated tag"; nothing follows.
    fn unterminated_tag(&mut self, start: usize) -> ControlFlow<()>;
    /// A `{` at `start` never closed: pgn-reader fails with "unterminated comment"; nothing
    /// follows.
    fn unterminated_comment(&mut self, start: usize) -> ControlFlow<()>;
    /// The end of the bytes.
    fn end(&mut self);
}

/// Walks `data` and tells `visitor` every token, until the end or until it stops.
pub fn visit_tokens(data: &[u8], visitor: &mut impl Visitor) {
    visit_tokens_from(data, StartAt::First, visitor);
}

/// Where the tokenizer starts: at the game's first byte, or where another reader stopped
/// after reading, token for token as this tokenizer reads them, its first part
/// (`pgn::plain`'s plain subset, which never makes pgn-reader fail or skip).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StartAt {
    /// The game's first byte.
    #[default]
    First,
    /// The byte after a tag line (its line break, or the end of the bytes).
    AfterTagLine(usize),
    /// The byte after a movetext token (a move, NAG, comment, `(`, `)` or result).
    AfterToken(usize),
}

impl StartAt {
    /// The byte it names (0 for the first).
    fn at(self) -> usize {
        match self {
            StartAt::First => 0,
            StartAt::AfterTagLine(at) | StartAt::AfterToken(at) => at,
        }
    }

    /// Whether the tokenizer can start there in `data`: it must tell pgn-reader's state
    /// there, its buffer's end, known only while no refill has happened since its first
    /// fill (in a game of at most 16 KiB, or within its first 16 KiB less 255 bytes).
    pub fn is_known_in(self, data: &[u8]) -> bool {
        let at = self.at();
        at <= data.len() && (data.len() <= BUFFER_BYTES || at + REFILL_BELOW <= BUFFER_BYTES)
    }
}

/// [`visit_tokens`] from `start`, which must be one the tokenizer can start at
/// ([`StartAt::is_known_in`]).
pub fn visit_tokens_from(data: &[u8], start: StartAt, visitor: &mut impl Visitor) {
    let mut tokens = Tokenizer::new(data);
    let (at, phase) = match start {
        StartAt::First => (0, Phase::BeforeGame),
        StartAt::AfterTagLine(at) => (at, Phase::Tags),
        StartAt::AfterToken(at) => (at, Phase::Movetext),
    };
    if at > 0 {
        // Every `ensure` before `at` asked for bytes within the first fill: none refilled.
        (tokens.pos, tokens.phase, tokens.window_end) = (at, phase, data.len().min(BUFFER_BYTES));
        if phase == Phase::Tags {
            // `skip_ket` after a tag line's break: whitespace and `%` lines.
            tokens.skip_whitespace(true);
        }
    }
    while tokens.step(visitor).is_continue() {}
}

/// pgn-reader's buffer holds 16 KiB.
const BUFFER_BYTES: usize = 1 << 14;
/// pgn-reader refills its buffer when fewer bytes than this are left (`tag_line_bytes` and
/// `movetext_token_bytes`, both 255 by default).
const REFILL_BELOW: usize = 255;

/// Where the tokenizer is in pgn-reader's `read_game` loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    BeforeGame,
    Tags,
    Movetext,
    Done,
}

/// The tokenizer over one game's bytes.
struct Tokenizer<'a> {
    data: &'a [u8],
    pos: usize,
    phase: Phase,
    /// The end of the bytes pgn-reader's buffer would hold now (it starts empty; once
    /// pgn-reader has failed, the end of the bytes).
    window_end: usize,
    /// Skips that start before this offset belong to a token already reported.
    reported_until: usize,
    /// For [`Tokenizer::line_and_close`]: a position, the end of its line, the first `"]`
    /// after it.
    line_cache: (usize, usize, Option<usize>),
}

/// What one step found: a token, or nothing yet (`None`), or the end.
type Found = ControlFlow<(), ()>;

impl<'a> Tokenizer<'a> {
    fn new(data: &'a [u8]) -> Self {
        Tokenizer {
            data,
            pos: 0,
            phase: Phase::BeforeGame,
            window_end: 0,
            reported_until: 0,
            line_cache: (1, 0, None),
        }
    }

    /// One turn of the reading: passes what it finds to `v`. Breaks at the end or when `v`
    /// stops.
    fn step(&mut self, v: &mut impl Visitor) -> Found {
        match self.phase {
            Phase::BeforeGame => {
                self.before_game();
                if self.pos >= self.data.len() {
                    self.phase = Phase::Done;
                    return self.step(v);
                }
                self.phase = Phase::Tags;
                ControlFlow::Continue(())
            }
            Phase::Tags => {
                self.ensure(REFILL_BELOW);
                if self.peek() == Some(b'[') {
                    self.tag(v)
                } else {
                    self.phase = Phase::Movetext;
                    v.begin_movetext()
                }
            }
            Phase::Movetext => self.movetext(v),
            Phase::Done => {
                v.end();
                ControlFlow::Break(())
            }
        }
    }

    /// `Buffer::ensure_bytes(n)`: with fewer than `n` bytes left, pgn-reader refills its buffer.
    fn ensure(&mut self, n: usize) {
        if self.window_end < self.pos + n && self.window_end < self.data.len() {
            self.window_end = (self.pos + BUFFER_BYTES).min(self.data.len());
        }
    }

    /// pgn-reader looked for something buffer after buffer (clearing each) and found it at
    /// `at` (or reached the end): the buffer it stopped in.
    fn scanned_to(&mut self, at: usize) {
        while self.window_end <= at && self.window_end < self.data.len() {
            self.window_end = (self.window_end + BUFFER_BYTES).min(self.data.len());
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
        self.ensure(3);
        self.eat(b"\xef\xbb\xbf");
        self.skip_whitespace(true);
    }

    fn skip_whitespace(&mut self, mut is_new_line: bool) {
        loop {
            self.ensure(1);
            match self.peek() {
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'\n') => {
                    is_new_line = true;
                    self.pos += 1;
                }
                Some(b'%') if is_new_line => {
                    self.pos += 1;
                    self.skip_until(b'\n', 1);
                }
                _ => return,
            }
        }
    }

    /// Skips to the next `needle` (`after`: 0) or past it (1), or to the end.
    fn skip_until(&mut self, needle: u8, after: usize) {
        let found = memchr::memchr(needle, self.rest()).map(|i| self.pos + i);
        let at = found.unwrap_or(self.data.len());
        self.scanned_to(at);
        self.pos = found.map_or(at, |at| at + after);
    }

    fn skip_ket(&mut self) {
        loop {
            self.ensure(1);
            match self.peek() {
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return self.skip_whitespace(false);
                }
                Some(b'\n') => {
                    self.pos += 1;
                    return self.skip_whitespace(true);
                }
                _ => return,
            }
        }
    }

    /// `Reader::skip_token`: to the next token end.
    fn skip_token(&mut self) {
        let end = self.token_end_from(self.pos);
        self.scanned_to(end);
        self.pos = end;
    }

    /// Whether pgn-reader's buffer holds `at` (where a tag line it reads ends); when it does
    /// not, pgn-reader fails there, and from then on its buffer no longer matters (the
    /// tokenizer reads on as if it held everything).
    fn in_buffer(&mut self, at: usize) -> bool {
        if at < self.window_end {
            return true;
        }
        self.window_end = self.data.len();
        false
    }

    /// One turn of `Reader::read_tags`' loop, at a `[`.
    fn tag(&mut self, v: &mut impl Visitor) -> Found {
        let start = self.pos;
        self.pos += 1;
        let rest = self.rest();
        let left_quote = match memchr::memchr3(b'"', b'\n', b']', rest) {
            Some(q) if rest[q] == b'"' => q,
            Some(eol) => {
                if !self.in_buffer(start + 1 + eol) {
                    v.beyond_buffer(start)?;
                }
                self.pos += eol + 1;
                let end = start + 1 + eol + usize::from(rest[eol] == b']');
                self.skip_ket();
                return v.bad_tag(start..end);
            }
            None => {
                self.phase = Phase::Done;
                return v.unterminated_tag(start);
            }
        };
        // The value ends at its closing quote (taken) or at the line's end (not taken).
        let mut right_quote = left_quote + 1;
        let (value_end, taken) = loop {
            match memchr::memchr3(b'\\', b'"', b'\n', &rest[right_quote..]) {
                Some(delta) if rest[right_quote + delta] == b'"' => break (right_quote + delta, 1),
                Some(delta) if rest[right_quote + delta] == b'\n' => {
                    break (right_quote + delta, 0);
                }
                Some(delta) => right_quote = (right_quote + delta + 2).min(rest.len()),
                None => {
                    self.phase = Phase::Done;
                    return v.unterminated_tag(start);
                }
            }
        };
        if !self.in_buffer(start + 1 + value_end) {
            v.beyond_buffer(start)?;
        }
        let name_end = left_quote - usize::from(left_quote > 0 && rest[left_quote - 1] == b' ');
        let value_start = start + 1 + left_quote + 1;
        self.pos += value_end + taken;
        let mut tag = TagToken {
            start,
            end: self.ket_end(self.pos),
            name: start + 1..start + 1 + name_end,
            value: value_start..start + 1 + value_end,
            line_end: 0,
        };
        if let Some((value, line_end)) = self.quoted_value(value_start, self.pos) {
            (tag.value, tag.line_end) = (value, line_end);
        }
        self.skip_ket();
        v.tag(tag)
    }

    /// After a tag value ending at `after`: past the `]` that `skip_ket` took, if it took one.
    fn ket_end(&self, after: usize) -> usize {
        let gap = self.data[after..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map_or(self.data.len(), |i| after + i);
        if self.data.get(gap) == Some(&b']') {
            gap + 1
        } else {
            after
        }
    }

    /// For a tag value that pgn-reader ended at `after - 1`: if the line goes on with more than
    /// `]` and ends with `"]`, the value really runs to that quote (see [`TagToken::value`]).
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
        if at < from || at > line_end || close.is_some_and(|c| c < at) {
            let line_end = memchr::memchr(b'\n', &data[at..]).map_or(data.len(), |i| at + i);
            let close = memchr::memmem::find(&data[at..line_end], b"\"]").map(|i| at + i);
            self.line_cache = (at, line_end, close);
        }
        (self.line_cache.1, self.line_cache.2)
    }

    /// One turn of `Reader::read_movetext`' loop.
    fn movetext(&mut self, v: &mut impl Visitor) -> Found {
        self.ensure(REFILL_BELOW);
        let Some(ch) = self.peek() else {
            self.phase = Phase::BeforeGame;
            return ControlFlow::Continue(());
        };
        let start = self.pos;
        self.pos += 1;
        match ch {
            b'{' => self.brace_comment(start, v),
            b'\n' => {
                self.after_newline();
                ControlFlow::Continue(())
            }
            b';' => {
                self.skip_until(b'\n', 0);
                let mut end = self.pos;
                while end > start + 1 && self.data[end - 1] == b'\r' {
                    end -= 1;
                }
                v.line_comment(start, start + 1..end)
            }
            b'0' => self.after_zero(start, v),
            b'1' => self.after_one(start, v),
            b'\xc2' => {
                if self.eat(b"\xbd") && self.eat_dash() && self.eat("½".as_bytes()) {
                    return v.outcome(start, "1/2-1/2");
                }
                self.skipped(start, v)
            }
            b'2'..=b'9' => {
                self.skip_move_number();
                ControlFlow::Continue(())
            }
            b'(' => v.begin_variation(start),
            b')' => v.end_variation(start),
            b'$' => self.numeric_nag(start, v),
            b'!' | b'?' => {
                let nag = match (ch, self.peek()) {
                    (b'!', Some(b'!')) => 3,
                    (b'!', Some(b'?')) => 5,
                    (b'?', Some(b'!')) => 6,
                    (b'?', Some(b'?')) => 4,
                    (b'!', _) => 1,
                    _ => 2,
                };
                self.pos += usize::from(nag > 2);
                v.nag(start, nag, false)
            }
            b'*' => v.outcome(start, "*"),
            b' ' | b'\t' | b'\r' | b'.' => ControlFlow::Continue(()),
            _ => {
                self.pos = start;
                self.san_or_junk(start, v)
            }
        }
    }

    /// `{...}` at `start`: a comment, or an unterminated one that ends the input. pgn-reader
    /// hands a comment longer than its buffer over in parts, refilling between them.
    fn brace_comment(&mut self, start: usize, v: &mut impl Visitor) -> Found {
        let Some(close) = memchr::memchr(b'}', self.rest()).map(|i| self.pos + i) else {
            self.phase = Phase::Done;
            return v.unterminated_comment(start);
        };
        while close >= self.window_end {
            self.pos += trimmed_partial_utf8(&self.data[self.pos..self.window_end]);
            self.ensure(REFILL_BELOW);
        }
        self.pos = close + 1;
        v.comment(start, start + 1..close)
    }

    /// After a newline: a `%` escape line is skipped; a blank line or a `[` ends the game.
    fn after_newline(&mut self) {
        match self.peek() {
            Some(b'%') => {
                self.pos += 1;
                self.skip_until(b'\n', 0);
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
    /// `0-0-0`, with `+`/`#`, reported without looking at what follows); anything else is
    /// skipped.
    fn after_zero(&mut self, start: usize, v: &mut impl Visitor) -> Found {
        if self.eat_dash() {
            if self.eat(b"1") {
                return v.outcome(start, "0-1");
            } else if self.eat(b"0") {
                let side = if self.eat_dash() && self.eat(b"0") {
                    CastlingSide::QueenSide
                } else {
                    CastlingSide::KingSide
                };
                let suffix = match self.peek() {
                    Some(b'+') => Some(Suffix::Check),
                    Some(b'#') => Some(Suffix::Checkmate),
                    _ => None,
                };
                self.pos += usize::from(suffix.is_some());
                let san = SanPlus {
                    san: San::Castle(side),
                    suffix,
                };
                return v.san(MoveToken {
                    start,
                    end: self.pos,
                    read: MoveRead::San(san),
                });
            }
        }
        self.skipped(start, v)
    }

    /// A token starting with `1` at `start`: `1-0`, `1/2-1/2`, or a move number (skipped,
    /// and reported when it is an odd `1/...`).
    fn after_one(&mut self, start: usize, v: &mut impl Visitor) -> Found {
        if self.eat_dash() {
            if self.eat(b"0") {
                return v.outcome(start, "1-0");
            }
            return self.skipped(start, v);
        }
        let after_one = self.pos;
        if self.eat(b"/2") && self.eat_dash() && self.eat(b"1/2") {
            return v.outcome(start, "1/2-1/2");
        }
        let odd = self.pos != after_one;
        self.skip_move_number();
        if odd {
            self.skipped(start, v)
        } else {
            ControlFlow::Continue(())
        }
    }

    /// `$n` at `start`: a NAG when `n` fits in a byte and its token ends in pgn-reader's
    /// buffer, else skipped.
    fn numeric_nag(&mut self, start: usize, v: &mut impl Visitor) -> Found {
        let end = self.token_end_from(self.pos);
        let in_buffer = end < self.window_end;
        self.scanned_to(end);
        let digits = &self.data[self.pos..end];
        self.pos = end;
        match parse_u8(digits) {
            Some(nag) if in_buffer => v.nag(start, nag, false),
            _ => self.skipped(start, v),
        }
    }

    /// A SAN at `start`; one with junk glued on is recovered once per token when it can be,
    /// anything else is skipped.
    fn san_or_junk(&mut self, start: usize, v: &mut impl Visitor) -> Found {
        // pgn-reader's buffer holds at least 255 bytes here: any SAN fits.
        match SanPlus::from_ascii_prefix(self.rest()) {
            Ok((san, len)) => {
                self.pos += len;
                if self.peek().is_none_or(is_token_end) {
                    let end = self.pos;
                    let read = MoveRead::San(san);
                    v.san(MoveToken { start, end, read })
                } else if start < self.reported_until {
                    // Inside a token already reported (`e4e4e4...`): nothing more to say.
                    ControlFlow::Continue(())
                } else if let Some((san, junk_end)) = recover(san, self.rest()) {
                    let end = self.token_end_from(start + 1);
                    self.reported_until = end.max(self.pos + junk_end);
                    let read = MoveRead::Recovered(san);
                    v.san(MoveToken { start, end, read })
                } else {
                    self.skipped(start, v)
                }
            }
            Err(_) => {
                self.pos += 1;
                self.skip_token();
                self.skipped(start, v)
            }
        }
    }

    /// The digits and then dots and spaces after a move number's first digit, as far as
    /// pgn-reader's buffer goes.
    fn skip_move_number(&mut self) {
        let end = self.window_end.max(self.pos);
        let digits = self.data[self.pos..end]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        self.pos += digits;
        let dots = self.data[self.pos..end]
            .iter()
            .take_while(|b| matches!(b, b'.' | b' '))
            .count();
        self.pos += dots;
    }

    /// The first token end at or after `from`, or the end of the bytes.
    fn token_end_from(&self, from: usize) -> usize {
        let data = self.data;
        data[from.min(data.len())..]
            .iter()
            .position(|&b| is_token_end(b))
            .map_or(data.len(), |i| from + i)
    }

    /// pgn-reader skipped bytes from `start`: classify the whole token there, once.
    fn skipped(&mut self, start: usize, v: &mut impl Visitor) -> Found {
        if start < self.reported_until {
            return ControlFlow::Continue(());
        }
        if self.data[start..].starts_with(b"e.p.") {
            self.reported_until = start + 4;
            return ControlFlow::Continue(());
        }
        let end = self.token_end_from(start + 1);
        self.reported_until = end;
        match glyph(&self.data[start..end]) {
            Some(Some(nag)) => v.nag(start, nag, true),
            Some(None) => ControlFlow::Continue(()),
            None => v.san(MoveToken {
                start,
                end,
                read: MoveRead::NotSan,
            }),
        }
    }
}

/// How many bytes pgn-reader hands over of a long comment's part `part` (all but a UTF-8
/// character cut at its end: `trim_partial_utf8`).
fn trimmed_partial_utf8(part: &[u8]) -> usize {
    let width = |b: u8| match b {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    };
    let scan_start = part.len().saturating_sub(4);
    let Some(last_start) = (scan_start..part.len())
        .rev()
        .find(|&i| part[i] & 0b1100_0000 != 0b1000_0000)
    else {
        return part.len();
    };
    if last_start == 0 || part.len() - last_start >= width(part[last_start]) {
        part.len()
    } else {
        last_start
    }
}

/// pgn-reader's `is_token_end`: the bytes that end a movetext token.
pub(crate) const fn is_token_end(byte: u8) -> bool {
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
