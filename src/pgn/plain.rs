//! A strict, allocation-free reader of plain PGN for the one-pass search
//! (`run::one_pass`): it walks a game's bytes in place, gives its tags and its main-line
//! moves as slices of the input, and refuses ([`NotPlain`]) everything else.
//!
//! It reads only what [`read_game`](super::read_game) (the careful reader) reads the same
//! way without any fault, so a game it accepts gives the same tags, the same main line and
//! no error there. Anything outside that — an escaped or non-UTF-8 tag value, a `;` or `%` comment, a blank
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
//! It has no lexer of its own: it is a [`Visitor`] of `pgn::tokens` (the tokenizer the
//! careful reader visits too) that checks each token against the subset and stops the
//! tokenizer at each token asked for (a tag, a main-line move, or any token); the tokenizer
//! marks the tags it reads as plain ([`TagToken::plain`]) and notes what it passes over
//! between tokens that is not whitespace, dots or move numbers (`Tokenizer::passed_odd`).

use std::ops::{ControlFlow, Range};

use pgn_reader::shakmaty::Role;
use pgn_reader::shakmaty::san::{San, SanPlus};

use super::tokens::{MoveRead, MoveToken, TagToken, Tokenizer, Visitor, is_token_end};

/// The game is not plain PGN: read it with the careful reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotPlain;

/// One token of a plain game's movetext ([`PlainGame::next_token`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlainToken<'a> {
    /// A move, as pgn-reader reads its token.
    Move(SanPlus),
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
/// [`PlainGame::next_main_move`] (or [`PlainGame::next_token`]) until it gives None.
#[derive(Debug)]
pub struct PlainGame<'a> {
    tokens: Tokenizer<'a>,
    filter: Filter<'a>,
}

/// What the filter stopped the tokenizer for.
#[derive(Clone, Copy, Debug)]
enum Caught<'a> {
    Nothing,
    Tag(&'a str, &'a str),
    /// The tags are over.
    Movetext,
    Token(PlainToken<'a>),
    /// The end of the bytes.
    End,
}

/// The plain subset's checks, as the tokenizer's visitor: it stops the tokenizer at each
/// token it catches and at the first that is not plain.
#[derive(Debug)]
struct Filter<'a> {
    data: &'a [u8],
    caught: Caught<'a>,
    /// A token is not plain.
    refused: bool,
    /// Only main-line moves are caught; other tokens are checked and passed over.
    main_moves_only: bool,
    /// Tags read so far (a game without tags is not plain).
    tags: usize,
    /// The tags are over.
    in_movetext: bool,
    /// Variations open after the last token read.
    depth: u32,
    /// Bit d: a move has been read at depth d since it opened (a `(` there has a move to
    /// vary).
    moved: u64,
    /// The result has been read (only whitespace follows it).
    ended: bool,
}

impl<'a> PlainGame<'a> {
    /// A reader at the start of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        let filter = Filter {
            data,
            caught: Caught::Nothing,
            refused: false,
            main_moves_only: false,
            tags: 0,
            in_movetext: false,
            depth: 0,
            moved: 0,
            ended: false,
        };
        PlainGame {
            tokens: Tokenizer::new(data),
            filter,
        }
    }

    /// Steps the tokenizer until the filter catches a token.
    fn pull(&mut self) -> Result<Caught<'a>, NotPlain> {
        loop {
            // It stops at a token caught, one refused or the end: the filter tells which.
            let _ = self.tokens.step(&mut self.filter);
            if self.tokens.passed_odd || self.filter.refused {
                return Err(NotPlain);
            }
            match std::mem::replace(&mut self.filter.caught, Caught::Nothing) {
                Caught::Nothing => {}
                caught => return Ok(caught),
            }
        }
    }

    /// The next tag (name, value), or None when the tags are over (at the movetext or the
    /// end). A game without tags is not plain.
    pub fn next_tag(&mut self) -> Result<Option<(&'a str, &'a str)>, NotPlain> {
        if self.filter.in_movetext {
            return Ok(None);
        }
        match self.pull()? {
            Caught::Tag(name, value) => Ok(Some((name, value))),
            Caught::Movetext => Ok(None),
            _ => Err(NotPlain),
        }
    }

    /// The next move of the main line (its SAN as pgn-reader reads the token), or None at
    /// the end of the game. Comments, NAGs and variations on the way are checked and passed
    /// over.
    pub fn next_main_move(&mut self) -> Result<Option<SanPlus>, NotPlain> {
        self.filter.main_moves_only = true;
        let token = self.next_token();
        self.filter.main_moves_only = false;
        match token? {
            Some(PlainToken::Move(san)) => Ok(Some(san)),
            _ => Ok(None),
        }
    }

    /// [`PlainGame::next_main_move`], pushing every token read on the way to `kept` when
    /// given (`pgn::write_plain` then writes the game from them without reading it again).
    pub fn next_main_move_kept(
        &mut self,
        kept: Option<&mut Vec<PlainToken<'a>>>,
    ) -> Result<Option<SanPlus>, NotPlain> {
        let Some(kept) = kept else {
            return self.next_main_move();
        };
        while let Some(token) = self.next_token()? {
            kept.push(token);
            if let (PlainToken::Move(san), 0) = (token, self.filter.depth) {
                return Ok(Some(san));
            }
        }
        Ok(None)
    }

    /// The next token of the movetext (after the tags), or None at the end of the game.
    /// Move numbers and whitespace are passed over; a [`PlainToken::Move`] is on the main
    /// line when [`PlainGame::depth`] is 0 after it.
    pub fn next_token(&mut self) -> Result<Option<PlainToken<'a>>, NotPlain> {
        if !self.filter.in_movetext {
            return Err(NotPlain);
        } else if self.filter.ended {
            return Ok(None);
        }
        match self.pull()? {
            Caught::Token(token) => Ok(Some(token)),
            Caught::End if self.filter.depth == 0 => Ok(None),
            _ => Err(NotPlain),
        }
    }

    /// The bytes not read yet.
    pub fn rest_len(&self) -> usize {
        self.filter.data.len().saturating_sub(self.tokens.pos())
    }

    /// The variations open after the last token read (0: the main line).
    pub fn depth(&self) -> u32 {
        self.filter.depth
    }
}

impl<'a> Filter<'a> {
    /// The game is not plain: stops the reading.
    #[cold]
    fn refuse(&mut self) -> ControlFlow<()> {
        self.refused = true;
        ControlFlow::Break(())
    }

    /// Stops the reading at `caught`.
    #[inline(always)]
    fn catch(&mut self, plain: bool, caught: Caught<'a>) -> ControlFlow<()> {
        if !plain {
            return self.refuse();
        }
        self.caught = caught;
        ControlFlow::Break(())
    }

    /// A movetext token: caught when plain and wanted (with `main_moves_only`, a main-line
    /// move only), passed over when plain and not wanted.
    #[inline(always)]
    fn take(&mut self, plain: bool, token: PlainToken<'a>) -> ControlFlow<()> {
        let main_move = matches!(token, PlainToken::Move(_)) && self.depth == 0;
        if plain && self.main_moves_only && !main_move {
            return ControlFlow::Continue(());
        }
        self.catch(plain, Caught::Token(token))
    }

    /// Whether the token ending at `at` ends where both pgn-reader and this reader end it:
    /// not at `}`, `;`, `.` or `*` (which end pgn-reader's tokens only).
    #[inline(always)]
    fn ends_token(&self, at: usize) -> bool {
        self.data
            .get(at)
            .is_none_or(|&b| is_token_end(b) && !matches!(b, b'}' | b';' | b'.' | b'*'))
    }
}

impl<'a> Visitor for Filter<'a> {
    #[inline]
    fn tag(&mut self, tag: TagToken) -> ControlFlow<()> {
        self.tags += 1;
        let (name, value) = (&self.data[tag.name], &self.data[tag.value]);
        match (text_of(name), text_of(value)) {
            (Some(name), Some(value)) if tag.plain && !self.in_movetext => {
                self.catch(true, Caught::Tag(name, value))
            }
            _ => self.refuse(),
        }
    }

    fn bad_tag(&mut self, _: Range<usize>) -> ControlFlow<()> {
        self.refuse()
    }

    fn beyond_buffer(&mut self, _: usize) -> ControlFlow<()> {
        // The careful reader reads on (up to `TAG_LINE_BYTES`, checked with the tag).
        ControlFlow::Continue(())
    }

    #[inline]
    fn begin_movetext(&mut self) -> ControlFlow<()> {
        let plain = self.tags > 0 && !self.in_movetext;
        self.in_movetext = true;
        self.catch(plain, Caught::Movetext)
    }

    #[inline(always)]
    fn san(&mut self, token: MoveToken) -> ControlFlow<()> {
        let MoveRead::San(san) = token.read else {
            return self.refuse();
        };
        // A move or castling as shakmaty writes it, which starts with a piece letter (shakmaty
        // reads a piece other than a pawn from its upper-case letter only), a file (a pawn's:
        // not `Pe4`, `xe4` or `7d8`, which names its rank alone) or `O` (not `0-0`); not a
        // drop or a null move; and it ends where both readers' tokens end.
        let written = match san.san {
            San::Normal {
                role: Role::Pawn, ..
            } => matches!(self.data[token.start], b'a'..=b'h'),
            San::Normal { .. } => true,
            San::Castle(_) => self.data[token.start] == b'O',
            San::Put { .. } | San::Null => false,
        };
        self.moved |= 1 << self.depth;
        let plain = written && self.ends_token(token.end);
        self.take(plain, PlainToken::Move(san))
    }

    fn nag(&mut self, start: usize, nag: u8, as_text: bool) -> ControlFlow<()> {
        // `$N` ends where both readers' tokens end; a glyph is one of pgn-reader's (`!?`), not
        // the start of a longer run (`!!!`).
        let data = self.data;
        let plain = if data[start] == b'$' {
            let digits = data[start + 1..].iter().take_while(|b| b.is_ascii_digit());
            self.ends_token(start + 1 + digits.count())
        } else {
            let end = start + 1 + usize::from(nag > 2);
            !matches!(data.get(end), Some(b'!' | b'?'))
        };
        self.take(plain && !as_text, PlainToken::Nag(nag))
    }

    #[inline]
    fn comment(&mut self, _: usize, text: Range<usize>) -> ControlFlow<()> {
        self.take(true, PlainToken::Comment(&self.data[text]))
    }

    fn line_comment(&mut self, _: usize, _: Range<usize>) -> ControlFlow<()> {
        self.refuse()
    }

    fn begin_variation(&mut self, _: usize) -> ControlFlow<()> {
        if self.moved & (1 << self.depth) == 0 || self.depth >= MAX_DEPTH {
            return self.refuse();
        }
        self.depth += 1;
        self.moved &= !(1 << self.depth);
        self.take(true, PlainToken::Open)
    }

    fn end_variation(&mut self, _: usize) -> ControlFlow<()> {
        let plain = self.depth > 0;
        self.depth = self.depth.saturating_sub(1);
        self.take(plain, PlainToken::Close)
    }

    fn outcome(&mut self, start: usize, outcome: &'static str) -> ControlFlow<()> {
        // As written (not `½-½` or with en dashes), at the main line's end: only whitespace
        // follows it.
        let rest = &self.data[start..];
        let plain = self.depth == 0
            && rest.starts_with(outcome.as_bytes())
            && rest[outcome.len()..]
                .iter()
                .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        self.ended = true;
        self.take(plain, PlainToken::Result(outcome))
    }

    fn unterminated_tag(&mut self, _: usize) -> ControlFlow<()> {
        self.refuse()
    }

    fn unterminated_comment(&mut self, _: usize) -> ControlFlow<()> {
        self.refuse()
    }

    fn end(&mut self) {
        self.caught = Caught::End;
    }
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

    /// A game's tags and main-line moves (SAN as written by shakmaty).
    type TagsAndMoves = (Vec<(String, String)>, Vec<String>);

    /// Every tag and main-line move of a plain game, or the refusal.
    fn read(pgn: &str) -> Result<TagsAndMoves, NotPlain> {
        let mut game = PlainGame::new(pgn.as_bytes());
        let mut tags = Vec::new();
        while let Some((k, v)) = game.next_tag()? {
            tags.push((k.to_string(), v.to_string()));
        }
        let mut moves = Vec::new();
        while let Some(m) = game.next_main_move()? {
            moves.push(m.to_string());
        }
        Ok((tags, moves))
    }

    /// What the careful reader reads from the same text: tags and main line, or its fault.
    fn careful(pgn: &str) -> Option<TagsAndMoves> {
        let record = crate::pgn::read_game(pgn.as_bytes()).ok()?;
        let moves = record.mainline()[1..]
            .iter()
            .map(|&i| record.nodes[i as usize].san.to_string())
            .collect();
        Some((record.tags, moves))
    }

    #[test]
    fn plain_games_read_as_the_careful_reader_reads_them() {
        let games = [
            "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n",
            "[A \"x\"]\n\n1. e4 {c (not a variation)} e5!? (1... c5 2. Nf3 (2. c3) d6) 2. O-O-O# $14 *\n\n",
            "[A \"x\"] \r\n\r\n1.e4 e5 2.Nf3?! Nc6 3.Bb5 a6 1/2-1/2\r\n",
            "[A \"é\"]\n\n12... exd5+ 13. Nbd7 0-1",
            "[A \"x\"]\n\n1. e4 e5 2. 1-0\n\n\n",
            "[A \"x\"]\n\n",
            // Lichess-shaped, every common SAN shape (`pgn::san_token`) and some others.
            "[Variant \"Standard\"]\n\n1. e4 { [%clk 0:03:00] } 1... d5 { [%clk 0:03:00] } \
             2. exd5 { [%clk 0:02:59] } 2... Nf6 3. Nc3 Nbd7 4. R1e2 Qhxe7+ 5. e8=Q+ bxa1=N# \
             6. O-O O-O-O 7. Ra1a2 e4 1-0\n",
        ];
        for pgn in games {
            let (tags, moves) = read(pgn).unwrap_or_else(|_| panic!("plain: {pgn}"));
            let (ctags, cmoves) = careful(pgn).expect("careful reads it");
            assert_eq!(tags, ctags, "{pgn}");
            // The careful reader normalises the SAN; the tokens read to the same moves.
            let cnorm: Vec<String> = cmoves
                .iter()
                .map(|m| SanPlus::from_ascii(m.as_bytes()).unwrap().to_string())
                .collect();
            assert_eq!(moves, cnorm, "{pgn}");
        }
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
            // Bytes the tokenizer passes over in silence, between its tokens.
            "\u{feff}[A \"x\"]\n\n1. e4", // a byte order mark before the tags
            "%x\n[A \"x\"]\n\n1. e4",     // a `%` line before the tags
            "[A \"x\"]\n%x\n1. e4",       // a `%` line after them
            "[A \"x\"]\n\n1. e4\n%x\n1... e5", // a `%` line in the movetext
            "[A \"x\"]\n\n1. e4 + e5",    // a lone `+`
            "[A \"x\"]\n\n1. e4 } e5",    // a lone `}`
            "[A \"x\"]\n\n12e4",          // a move number glued to a move
            "[A \"x\"]\n\n1. e4. e5",     // a move ending at a `.`
            "[A \"x\"]\n\n1. e4 $1. e5",  // a NAG ending at a `.`
            "[A \"x\"]\n\n1. e4 1\u{2013}0", // a result with an en dash
            "[A \"x\"]\n\n1. e4 \u{bd}-\u{bd}", // a result written `½-½`
            "[A \"x\"]\n\n1. e4 1-0 2.",  // a move number after the result
            "[A \"x\"]\n\n1. e4 Pe5",     // a pawn's letter
        ];
        for pgn in games {
            assert_eq!(read(pgn), Err(NotPlain), "{pgn}");
        }
    }
}
