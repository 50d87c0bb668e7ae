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
//! Its visitors: the careful reader (`pgn::read`), and the one-pass search's strict reader
//! (`pgn::plain`), which stops it at each token it asks for and refuses what is outside the
//! plain subset (the tokenizer notes for it the bytes it passes over that are not whitespace, dots or move
//! numbers: `Tokenizer::passed_odd`). pgn-reader's `Reader` itself is not run
//! (`tests/cli/pgn_tokens.rs` runs it on the same bytes to show that both read alike).

use std::ops::{ControlFlow, Range};

use pgn_reader::shakmaty::CastlingSide;
use pgn_reader::shakmaty::san::{San, SanPlus, Suffix};

use super::dropped::{glyph, parse_u8, recover};
use super::san_token::common_san;

mod tags;

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
    /// The tag is plain (`pgn::plain`'s subset): `[Name "value"]` alone on a line of at most
    /// `TAG_LINE_BYTES`, its name of ASCII letters, digits and `_`, one space before its value,
    /// no `\`, `\r` in the value, only spaces, tabs or `\r` after the `]`.
    pub plain: bool,
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
    let mut tokens = Tokenizer::new(data);
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

/// The tokenizer over one game's bytes, stepped by [`visit_tokens`] or `pgn::plain`.
#[derive(Debug)]
pub(super) struct Tokenizer<'a> {
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
    /// It has passed over bytes outside the plain subset (`pgn::plain`): a byte order mark, a
    /// `%` line, a move number with something glued on, a token pgn-reader drops in silence.
    pub(super) passed_odd: bool,
}

/// What one step found: a token, or nothing yet (`None`), or the end.
type Found = ControlFlow<(), ()>;

impl<'a> Tokenizer<'a> {
    pub(super) fn new(data: &'a [u8]) -> Self {
        Tokenizer {
            data,
            pos: 0,
            phase: Phase::BeforeGame,
            window_end: 0,
            reported_until: 0,
            line_cache: (1, 0, None),
            passed_odd: false,
        }
    }

    /// One turn of the reading: passes what it finds to `v`. Breaks at the end or when `v`
    /// stops.
    pub(super) fn step(&mut self, v: &mut impl Visitor) -> Found {
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

    /// The offset of the next byte to read.
    pub(super) fn pos(&self) -> usize {
        self.pos
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
        self.passed_odd |= self.eat(b"\xef\xbb\xbf");
        self.skip_whitespace(true);
    }

    /// `Reader::skip_whitespace` (refilling where pgn-reader's buffer would be refilled).
    fn skip_whitespace(&mut self, mut is_new_line: bool) {
        self.ensure(1);
        loop {
            match self.data.get(self.pos) {
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(b'\n') => {
                    is_new_line = true;
                    self.pos += 1;
                }
                Some(b'%') if is_new_line => {
                    self.scanned_to(self.pos);
                    self.passed_odd = true;
                    self.pos += 1;
                    self.skip_until(b'\n', 1);
                }
                _ => return self.scanned_to(self.pos),
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

    /// Turns of `Reader::read_movetext`' loop, token after token while the visitor goes on
    /// and the movetext does.
    fn movetext(&mut self, v: &mut impl Visitor) -> Found {
        while let Some((start, ch)) = self.token_start() {
            self.token(start, ch, v)?;
            if self.phase != Phase::Movetext {
                break;
            }
        }
        ControlFlow::Continue(())
    }

    /// The next token's offset and first byte (its first byte taken), or None when the
    /// movetext ends first: the whitespace, dots, line breaks and move numbers before it are
    /// passed over in one loop.
    #[inline(always)]
    fn token_start(&mut self) -> Option<(usize, u8)> {
        let data = self.data;
        loop {
            self.ensure(REFILL_BELOW);
            // Below `quiet_end` pgn-reader's buffer holds 255 bytes more: no refill is due.
            let quiet_end = match self.window_end {
                end if end == data.len() => end,
                end => end + 1 - REFILL_BELOW,
            };
            let mut pos = self.pos;
            while pos < quiet_end {
                pos = match data[pos] {
                    b' ' | b'\t' | b'\r' | b'.' => pos + 1,
                    // A move number (`after_one` reads a `1` before anything else the same way).
                    b'2'..=b'9' => self.move_number_end(pos + 1),
                    b'1' if matches!(data.get(pos + 1), Some(b'0'..=b'9' | b'.' | b' ')) => {
                        self.move_number_end(pos + 1)
                    }
                    _ => break,
                };
            }
            self.pos = pos + 1;
            match data.get(pos) {
                Some(b'\n') if pos < quiet_end => {
                    self.after_newline();
                    if self.phase != Phase::Movetext {
                        return None;
                    }
                }
                Some(&ch) if pos < quiet_end => return Some((pos, ch)),
                Some(_) => self.pos = pos,
                None => {
                    self.pos = pos;
                    self.phase = Phase::BeforeGame;
                    return None;
                }
            }
        }
    }

    /// The token at `start`, whose first byte `ch` is taken.
    #[inline(always)]
    fn token(&mut self, start: usize, ch: u8, v: &mut impl Visitor) -> Found {
        match ch {
            b'{' => self.brace_comment(start, v),
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
                self.passed_odd = true;
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
        self.pos = self.move_number_end(self.pos);
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
        // A whole token of a common shape reads as shakmaty reads it (`pgn::san_token`).
        let end = self.token_end_from(start);
        if let Some(san) = common_san(&self.data[start..end]) {
            self.pos = end;
            return v.san(MoveToken {
                start,
                end,
                read: MoveRead::San(san),
            });
        }
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

    /// Where the digits and then dots and spaces after a move number's first digit (before
    /// `from`) end, as far as pgn-reader's buffer goes.
    fn move_number_end(&mut self, from: usize) -> usize {
        let (data, end) = (self.data, self.window_end.max(from));
        let mut pos = from;
        while pos < end && data[pos].is_ascii_digit() {
            pos += 1;
        }
        let after = data.get(pos);
        self.passed_odd |= !matches!(after, None | Some(b'.' | b' ' | b'\t' | b'\r' | b'\n'));
        while pos < end && matches!(data[pos], b'.' | b' ') {
            pos += 1;
        }
        pos
    }

    /// The first token end at or after `from`, or the end of the bytes.
    fn token_end_from(&self, from: usize) -> usize {
        let data = self.data;
        data[from.min(data.len())..]
            .iter()
            .position(|&b| BYTE_CLASS[usize::from(b)] & TOKEN_END != 0)
            .map_or(data.len(), |i| from + i)
    }

    /// pgn-reader skipped bytes from `start`: classify the whole token there, once.
    fn skipped(&mut self, start: usize, v: &mut impl Visitor) -> Found {
        self.passed_odd = true;
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

/// What each byte is: [`NAME`], [`ENDS_VALUE`] in a tag, [`TOKEN_END`] in the movetext (one
/// look-up per byte of every tag and move token read).
static BYTE_CLASS: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let name = byte.is_ascii_alphanumeric() || byte == b'_';
        let ends_value = matches!(byte, b'"' | b'\\' | b'\n' | b'\r');
        table[b] = (name as u8 * NAME) | (ends_value as u8 * ENDS_VALUE);
        table[b] |= is_token_end(byte) as u8 * TOKEN_END;
        b += 1;
    }
    table
};
/// A byte of a plain tag's name: an ASCII letter, digit or `_`.
const NAME: u8 = 1;
/// A byte that ends a plain tag's value: `"`, `\`, a line break or a carriage return.
const ENDS_VALUE: u8 = 2;
/// A byte that ends a movetext token ([`is_token_end`]).
const TOKEN_END: u8 = 4;

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
