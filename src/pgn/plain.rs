//! A strict, allocation-free reader of plain PGN for the one-pass search
//! (`run::one_pass`): it walks a game's bytes in place, gives its tags and its main-line
//! moves as slices of the input, and refuses ([`NotPlain`]) everything else.
//!
//! It is not a second PGN reader: it reads only what [`read_game`](super::read_game) (the
//! careful reader: the visitor of `pgn::tokens`) reads the same way without any
//! fault, so a game it accepts gives the same tags, the same main line and no error there.
//! Anything outside that — an escaped or non-UTF-8 tag value, a `;` or `%` comment, a blank
//! line inside the movetext, a null move, a drop, castling with zeros, a token with junk
//! glued to it, a result inside a variation or before the last token, an unclosed
//! variation or comment, a `(` with no move to vary — is [`NotPlain`], and the caller lets
//! the careful reader read the game, with today's messages and byte offsets.
//!
//! The plain subset:
//! - before the movetext: whitespace and tag lines `[Name "value"]` (name of ASCII letters,
//!   digits and `_`, one space, a value without `"`, `\` or line breaks, valid UTF-8; only
//!   spaces, tabs or `\r` after the `]` before the line ends);
//! - in the movetext: move numbers (`12.`, `12...`), SAN moves (standard pieces and
//!   squares, `O-O`, `O-O-O`, with `+`/`#`), `$N` (N ≤ 255), `!`, `?`, `!!`, `??`, `!?`,
//!   `?!`, `{comments}`, variations `( ... )`, and one result (`1-0`, `0-1`, `1/2-1/2`,
//!   `*`) as the last token.
//!
//! pgn-reader reads a SAN token with `SanPlus::from_ascii_prefix`; this reader reads it the
//! same way (a token of a common shape by `pgn::san_token`, which reads it as shakmaty does,
//! any other by shakmaty itself), and accepts the token only when that parse takes all of
//! it and the token ends where pgn-reader's does, so the move is the one the careful reader
//! records.

use pgn_reader::shakmaty::san::{San, SanPlus};

pub use super::san_token::SanText;
use super::san_token::common_san;

/// The game is not plain PGN: read it with the careful reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotPlain;

/// One token of a plain game's movetext ([`PlainGame::next_token`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlainToken<'a> {
    /// A move, as pgn-reader reads its token, and the token's bytes when they are what
    /// shakmaty writes for it (most tokens: `pgn::san_token`).
    Move(SanPlus, SanText),
    /// `$N`, or a glyph (`!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
    Nag(u8),
    /// The bytes between `{` and `}`.
    Comment(&'a [u8]),
    /// `(`: an alternative to the last move read.
    Open,
    /// `)`.
    Close,
    /// The game's result (`1-0`, `0-1`, `1/2-1/2`, `*`), its last token.
    Result(&'static str),
}

/// Variations nest at most this deep in a plain game (one bit per level).
const MAX_DEPTH: u32 = 63;

/// Reads one game slice in place: first [`PlainGame::next_tag`] until it gives None, then
/// [`PlainGame::next_main_move_kept`] (or [`PlainGame::next_token`]) until it gives None.
#[derive(Debug)]
pub struct PlainGame<'a> {
    data: &'a [u8],
    pos: usize,
    /// Variations open at `pos`.
    depth: u32,
    /// Bit d: a move has been read at depth d since it opened (a `(` there has a move to
    /// vary).
    moved: u64,
    /// The result has been read (only whitespace may follow).
    ended: bool,
    /// The byte after the last tag line read, or movetext token kept
    /// ([`PlainGame::next_main_move_kept`]); 0 before any: where the careful reader may take
    /// over (`pgn::read::ReadSoFar`).
    read_to: usize,
}

impl<'a> PlainGame<'a> {
    /// A reader at the start of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Self::after_tag_line(data, 0)
    }

    /// A reader at byte `at` of `data`: 0, or the byte after a tag line it read
    /// ([`PlainGame::read_to`] after [`PlainGame::next_tag`]), where it reads on.
    pub fn after_tag_line(data: &'a [u8], at: usize) -> Self {
        PlainGame {
            data,
            pos: at,
            depth: 0,
            moved: 0,
            ended: false,
            read_to: at,
        }
    }

    /// The byte after the last tag line read, or movetext token kept (0 before any).
    pub fn read_to(&self) -> usize {
        self.read_to
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.data.get(self.pos) {
            self.pos += 1;
        }
    }

    /// The next tag (name, value), or None when the tags are over (at the movetext or the
    /// end). A game without tags is not plain.
    pub fn next_tag(&mut self) -> Result<Option<(&'a str, &'a str)>, NotPlain> {
        let first = self.pos == 0;
        self.skip_whitespace();
        match self.data.get(self.pos) {
            Some(b'[') => {}
            _ if first => return Err(NotPlain),
            _ => return Ok(None),
        }
        let line = &self.data[self.pos + 1..];
        let name_len = line
            .iter()
            .position(|&b| BYTE_CLASS[usize::from(b)] & NAME == 0)
            .ok_or(NotPlain)?;
        if name_len == 0 || !line[name_len..].starts_with(b" \"") {
            return Err(NotPlain);
        }
        let value_start = name_len + 2;
        let value_len = line[value_start..]
            .iter()
            .position(|&b| BYTE_CLASS[usize::from(b)] & ENDS_VALUE != 0)
            .ok_or(NotPlain)?;
        let close = value_start + value_len;
        if !line[close..].starts_with(b"\"]") {
            return Err(NotPlain);
        }
        let mut end = close + 2;
        while let Some(b' ' | b'\t' | b'\r') = line.get(end) {
            end += 1;
        }
        if !matches!(line.get(end), None | Some(b'\n')) {
            return Err(NotPlain);
        }
        // A long tag line is the careful reader's to judge (it may be too long for pgn-reader).
        if end + 1 > super::read::TAG_LINE_BYTES {
            return Err(NotPlain);
        }
        let name = text_of(&line[..name_len]).ok_or(NotPlain)?;
        let value = text_of(&line[value_start..close]).ok_or(NotPlain)?;
        self.pos += 1 + end;
        self.read_to = self.pos;
        Ok(Some((name, value)))
    }

    /// The next move of the main line (its SAN as pgn-reader reads the token), or None at
    /// the end of the game. Comments, NAGs and variations on the way are checked and passed
    /// over, and pushed to `kept` when given, moves with their texts (`output::pgn_write_plain`
    /// then writes the game from them without reading it again).
    pub fn next_main_move_kept(
        &mut self,
        kept: Option<&mut Vec<PlainToken<'a>>>,
    ) -> Result<Option<SanPlus>, NotPlain> {
        // Two readers: the kept tokens with their moves' texts (for the writer), the others
        // without (the scan reads every move of every game and writes none).
        match kept {
            Some(kept) => {
                while let Some(token) = self.token::<true>()? {
                    kept.push(token);
                    self.read_to = self.pos;
                    if let (PlainToken::Move(san, _), 0) = (token, self.depth) {
                        return Ok(Some(san));
                    }
                }
            }
            None => {
                while let Some(token) = self.token::<false>()? {
                    if let (PlainToken::Move(san, _), 0) = (token, self.depth) {
                        return Ok(Some(san));
                    }
                }
            }
        }
        Ok(None)
    }

    /// The next token of the movetext (after the tags), or None at the end of the game.
    /// Move numbers and whitespace are passed over.
    /// A move's token has no text ([`SanText::NONE`]): see
    /// [`PlainGame::next_token_with_text`].
    pub fn next_token(&mut self) -> Result<Option<PlainToken<'a>>, NotPlain> {
        self.token::<false>()
    }

    /// [`PlainGame::next_token`], a move's token with its text ([`SanText`]) when it is of a
    /// common shape (for those who write the move).
    pub fn next_token_with_text(&mut self) -> Result<Option<PlainToken<'a>>, NotPlain> {
        self.token::<true>()
    }

    /// [`PlainGame::next_token`]; a move's text left out ([`SanText::NONE`]) unless `TEXT`.
    fn token<const TEXT: bool>(&mut self) -> Result<Option<PlainToken<'a>>, NotPlain> {
        if self.ended {
            // Only whitespace may follow the result.
            let rest = &self.data[self.pos.min(self.data.len())..];
            if !rest
                .iter()
                .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            {
                return Err(NotPlain);
            }
            self.pos = self.data.len();
            return Ok(None);
        }
        loop {
            let Some(&byte) = self.data.get(self.pos) else {
                return if self.depth == 0 {
                    Ok(None)
                } else {
                    Err(NotPlain)
                };
            };
            match byte {
                b'\n' => {
                    self.pos += 1;
                    self.line_start()?;
                }
                b' ' | b'\t' | b'\r' | b'.' => self.pos += 1,
                b'{' => {
                    // Sixteen bytes at a time (`pgn::marks`): a lichess comment is short, where
                    // a `memchr` call costs more in setting up than its search saves.
                    let close = super::marks::first_of(self.data, self.pos + 1, [b'}']);
                    let close = close.ok_or(NotPlain)?;
                    let text = &self.data[self.pos + 1..close];
                    self.pos = close + 1;
                    return Ok(Some(PlainToken::Comment(text)));
                }
                b'(' => {
                    if self.moved & (1 << self.depth) == 0 || self.depth >= MAX_DEPTH {
                        return Err(NotPlain);
                    }
                    self.depth += 1;
                    self.moved &= !(1 << self.depth);
                    self.pos += 1;
                    return Ok(Some(PlainToken::Open));
                }
                b')' => {
                    if self.depth == 0 {
                        return Err(NotPlain);
                    }
                    self.depth -= 1;
                    self.pos += 1;
                    return Ok(Some(PlainToken::Close));
                }
                b'$' => return self.nag().map(|nag| Some(PlainToken::Nag(nag))),
                b'!' | b'?' => {
                    let run = self.data[self.pos..]
                        .iter()
                        .take_while(|&&b| matches!(b, b'!' | b'?'))
                        .count();
                    // pgn-reader's glyphs (`Nag::from_ascii`).
                    let nag = match &self.data[self.pos..self.pos + run] {
                        b"!" => 1,
                        b"?" => 2,
                        b"!!" => 3,
                        b"??" => 4,
                        b"!?" => 5,
                        b"?!" => 6,
                        _ => return Err(NotPlain),
                    };
                    self.pos += run;
                    return Ok(Some(PlainToken::Nag(nag)));
                }
                b'*' => return self.result("*").map(Some),
                b'0' => match self.data[self.pos..].starts_with(b"0-1") {
                    true => return self.result("0-1").map(Some),
                    false => return Err(NotPlain),
                },
                b'1'..=b'9' => {
                    let rest = &self.data[self.pos..];
                    if byte == b'1' && rest.starts_with(b"1-0") {
                        return self.result("1-0").map(Some);
                    } else if byte == b'1' && rest.starts_with(b"1/2-1/2") {
                        return self.result("1/2-1/2").map(Some);
                    }
                    self.move_number()?;
                }
                b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N' | b'O' => {
                    return self
                        .san::<TEXT>()
                        .map(|(san, text)| Some(PlainToken::Move(san, text)));
                }
                _ => return Err(NotPlain),
            }
        }
    }

    /// The bytes not read yet.
    pub fn rest_len(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }

    /// Just after a line break in the movetext: a blank line, a line starting with `[` or
    /// `%` ends the game for pgn-reader, so only whitespace may follow.
    fn line_start(&mut self) -> Result<(), NotPlain> {
        let rest = &self.data[self.pos..];
        let breaks = matches!(rest.first(), Some(b'\n' | b'[' | b'%')) || rest.starts_with(b"\r\n");
        if breaks && !rest.iter().all(u8::is_ascii_whitespace) {
            return Err(NotPlain);
        }
        Ok(())
    }

    /// Whether the byte at `at` ends a token the way both pgn-reader and this reader see it.
    fn token_ends_at(&self, at: usize) -> bool {
        self.data.get(at).is_none_or(|&b| ends_token(b))
    }

    /// The result `text` at the main line's end.
    fn result(&mut self, text: &'static str) -> Result<PlainToken<'a>, NotPlain> {
        let len = text.len();
        if self.depth != 0
            || !matches!(
                self.data.get(self.pos + len),
                None | Some(b' ' | b'\t' | b'\r' | b'\n')
            )
        {
            return Err(NotPlain);
        }
        self.pos += len;
        self.ended = true;
        Ok(PlainToken::Result(text))
    }

    /// `$N`.
    fn nag(&mut self) -> Result<u8, NotPlain> {
        let digits = self.data[self.pos + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        // pgn-reader's buffer holds 255 bytes from a token's start: a longer `$000…1` may be
        // cut at its end (the careful reader's to judge).
        if digits > 3 {
            return Err(NotPlain);
        }
        let end = self.pos + 1 + digits;
        let value = std::str::from_utf8(&self.data[self.pos + 1..end])
            .ok()
            .and_then(|d| d.parse::<u8>().ok());
        let Some(value) = value.filter(|_| self.token_ends_at(end)) else {
            return Err(NotPlain);
        };
        self.pos = end;
        Ok(value)
    }

    /// `12.`, `12...`, or `12` before whitespace.
    fn move_number(&mut self) -> Result<(), NotPlain> {
        let digits = self.data[self.pos..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = self.pos + digits;
        // As for a NAG (`nag`): a long run of digits may be cut by pgn-reader's buffer.
        if digits > 9
            || !matches!(
                self.data.get(end),
                None | Some(b'.' | b' ' | b'\t' | b'\r' | b'\n')
            )
        {
            return Err(NotPlain);
        }
        self.pos = end;
        Ok(())
    }

    /// A SAN token: read as pgn-reader reads it, whole, a move or castling; with its bytes
    /// when `TEXT` and they are what shakmaty writes for it.
    fn san<const TEXT: bool>(&mut self) -> Result<(SanPlus, SanText), NotPlain> {
        let rest = &self.data[self.pos..];
        let len = rest
            .iter()
            .position(|&b| BYTE_CLASS[usize::from(b)] & ENDS_TOKEN != 0)
            .unwrap_or(rest.len());
        let san = match common_san(&rest[..len]) {
            Some(san) if TEXT => (san, SanText::of_common_token(rest, len)),
            Some(san) => (san, SanText::NONE),
            None => {
                // shakmaty's reading never takes a byte that ends a token, so it took the
                // whole token when it ends at the token's end.
                let (san, read) = SanPlus::from_ascii_prefix(rest).map_err(|_| NotPlain)?;
                let plain = match san.san {
                    // A pawn told apart by its rank only (`7d8`) is written differently.
                    San::Normal {
                        role, file, rank, ..
                    } => {
                        role != pgn_reader::shakmaty::Role::Pawn || rank.is_none() || file.is_some()
                    }
                    San::Castle(_) => true,
                    San::Put { .. } | San::Null => false,
                };
                if !plain || read != len {
                    return Err(NotPlain);
                }
                (san, SanText::NONE)
            }
        };
        self.pos += len;
        self.moved |= 1 << self.depth;
        Ok(san)
    }
}

/// What each byte is: in a tag line, [`NAME`], [`ENDS_VALUE`]; in the movetext,
/// [`ENDS_TOKEN`] (one look-up per byte instead of several comparisons: every tag and every
/// move of every game is read).
static BYTE_CLASS: [u8; 256] = byte_classes();

/// A byte of a tag's name: a letter, a digit or `_`.
const NAME: u8 = 1;
/// A byte that ends a plain tag value: `"`, `\`, a line break or a carriage return.
const ENDS_VALUE: u8 = 2;
/// A byte that ends a movetext token for both pgn-reader and this reader
/// ([`PlainGame::token_ends_at`]).
const ENDS_TOKEN: u8 = 4;

const fn byte_classes() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            table[b] |= NAME;
        }
        if matches!(byte, b'"' | b'\\' | b'\n' | b'\r') {
            table[b] |= ENDS_VALUE;
        }
        if ends_token(byte) {
            table[b] |= ENDS_TOKEN;
        }
        b += 1;
    }
    table
}

/// Whether `byte` ends a movetext token for both pgn-reader (`pgn::tokens::is_token_end`)
/// and this reader, which reads no token that ends at its other token ends (`}`, `;`, `.`,
/// `*`) and so refuses such a game.
const fn ends_token(byte: u8) -> bool {
    super::tokens::is_token_end(byte) && !matches!(byte, b'}' | b';' | b'.' | b'*')
}

/// `bytes` as text, when they are UTF-8. A tag's name is ASCII, and most values are: for
/// them `is_ascii` is the cheaper check (`str::from_utf8` costs several times more on such
/// short text, and every tag of every game is read).
fn text_of(bytes: &[u8]) -> Option<&str> {
    if bytes.is_ascii() {
        // SAFETY: ASCII bytes are valid UTF-8.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        std::str::from_utf8(bytes).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads every tag and main-line move of a plain game, or refuses it. (Whether a plain
    /// game reads as the careful reader reads it: `pgn::plain_record`'s tests.)
    fn read(pgn: &str) -> Result<(), NotPlain> {
        let mut game = PlainGame::new(pgn.as_bytes());
        while game.next_tag()?.is_some() {}
        while game.next_main_move_kept(None)?.is_some() {}
        Ok(())
    }

    /// A move's text comes with the tokens that are kept (the writer's) and those asked with
    /// their text, not with the others; a token of an uncommon shape has none.
    #[test]
    fn moves_have_their_text_where_asked() {
        let pgn = b"[A \"x\"]\n\n1. Nbd7 Ra1a2 2. exd8=Q+ *";
        let text = |token: Option<PlainToken>| match token {
            Some(PlainToken::Move(_, text)) => text.bytes()[..text.len()].to_vec(),
            other => panic!("{other:?}"),
        };
        let texts: [&[u8]; 3] = [b"Nbd7", b"", b"exd8=Q+"];
        let mut game = PlainGame::new(pgn);
        while game.next_tag().unwrap().is_some() {}
        for expected in texts {
            assert_eq!(text(game.next_token_with_text().unwrap()), expected);
        }
        let mut game = PlainGame::new(pgn);
        while game.next_tag().unwrap().is_some() {}
        for _ in texts {
            assert_eq!(text(game.next_token().unwrap()), b"");
        }
        let mut game = PlainGame::new(pgn);
        while game.next_tag().unwrap().is_some() {}
        let mut kept = Vec::new();
        while game.next_main_move_kept(Some(&mut kept)).unwrap().is_some() {}
        let moves: Vec<_> = (kept.into_iter())
            .filter(|t| matches!(t, PlainToken::Move(..)))
            .map(|t| text(Some(t)))
            .collect();
        assert_eq!(moves, texts);
    }

    /// A move's text makes no token bigger: the search keeps a game's every token.
    #[test]
    fn a_token_is_three_words() {
        assert_eq!(std::mem::size_of::<PlainToken>(), 24);
    }

    #[test]
    fn text_is_read_as_from_utf8_reads_it() {
        let cases: [&[u8]; 6] = [
            b"",
            b"Event",
            b"Alekhine, A.",
            "M\u{fc}ller".as_bytes(),
            b"M\xfcller",
            b"a\xc3",
        ];
        for bytes in cases {
            assert_eq!(text_of(bytes), std::str::from_utf8(bytes).ok());
        }
    }

    #[test]
    fn anything_unusual_is_not_plain() {
        let games = [
            "1. e4 e5",                          // no tags
            "[A \"x\\\"y\"]\n\n1. e4",           // escaped quote
            "[A \"x\"] [B \"y\"]\n\n1. e4",      // two tags on a line
            "[A \"x\"]\n\n1. e4 ; rest\n e5",    // line comment
            "[A \"x\"]\n\n1. e4\n\n2. e5",       // blank line inside the movetext
            "[A \"x\"]\n\n1. e4 -- 2. d4",       // null move
            "[A \"x\"]\n\n1. e4 Z0",             // null move
            "[A \"x\"]\n\n1. 0-0",               // castling with zeros
            "[A \"x\"]\n\n1. e4 e5 2. gxf8Q",    // junk glued to a move
            "[A \"x\"]\n\n1. e4 e5, 2. d4",      // junk glued to a move
            "[A \"x\"]\n\n1. e4 (1. d4 1-0) e5", // result inside a variation
            "[A \"x\"]\n\n1. e4 1-0 e5",         // a move after the result
            "[A \"x\"]\n\n1. e4 (1. d4 e5",      // unclosed variation
            "[A \"x\"]\n\n1. e4 ) e5",           // `)` without `(`
            "[A \"x\"]\n\n(1. e4) 1. d4",        // nothing to vary
            "[A \"x\"]\n\n1. e4 ((1. d4)) e5",   // nothing to vary
            "[A \"x\"]\n\n1. e4 {open",          // unclosed comment
            "[A \"x\"]\n\n1. e4 +- e5",          // a glyph as text
            "[A \"x\"]\n\n1. e4 $300",           // NAG out of range
            "[A \"x\"]\n\n1. P@e4",              // a drop
            "[A \"x\"]\n\n1. e4 e.p.",           // e.p.
            "[A \"x\"]\n\n1. e4!!! e5",          // a long glyph run
            "[A \"x\"]\n\n1. e4 $0001",          // a NAG of more than 3 digits
            "[A \"x\"]\n\n1234567890. e4",       // a move number of 10 digits
        ];
        for pgn in games {
            assert_eq!(read(pgn), Err(NotPlain), "{pgn}");
        }
    }
}
