//! Reading one game's PGN bytes into a [`GameRecord`]: the careful reader, a visitor of
//! cqlq's tokenizer (`pgn::tokens`, which reads as pgn-reader 0.29 reads).
//!
//! # Where things go
//!
//! - Tags: in source order, names and values decoded (`\"` and `\\` unescaped). Text is
//!   UTF-8, or Windows-1252 in a game whose bytes are not valid UTF-8 (see
//!   [`super::TextEncoding`], recorded in [`GameRecord::encoding`]).
//! - Moves: SAN as pgn-reader normalises it (`0-0` is `O-O`, `Z0` and `--` are `--`, `P@e4` is
//!   `@e4`, `Pe4` is `e4`, but `P7d8` stays `P7d8`); a UCI move like `g1f3` reads as (illegal)
//!   SAN and is left for the replay to reject. Moves pgn-reader drops because junk is glued to
//!   them are recovered when their meaning is plain: `gxf8Q` is `gxf8=Q`, `Qxg7++` is
//!   `Qxg7+`, `axb6ep`, `Rxe3,` and `Qh81-0` lose the junk (the `1-0` still counts as the
//!   result), and `e7e8q` (UCI) is `e7e8=Q`.
//! - NAGs (`!`, `$14`) go to the current node: the last move read, or the root before any
//!   move. Evaluation glyphs written as text (`+-`, `±`, `=`, `N`, ...) become their NAGs.
//! - Comments, `{...}` and `; ...` alike, go to the current node's `comments_after` (the root's
//!   before the first move), except those right after a `(`, which go to the next move's
//!   `comments_before`. A comment in an empty variation `( {c} )` goes to the node the
//!   variation branches from. The text is kept exactly (no trimming).
//! - `(` starts an alternative to the last move read: its moves become further children of
//!   that move's parent.
//! - The termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`) sets [`GameRecord::outcome`] and
//!   ends the game: a move after it is a fault. One inside a variation is dropped.
//! - Blank lines inside the movetext (where pgn-reader would end the game) are read through:
//!   one slice is one game.
//!
//! pgn-reader skips tokens it cannot read without telling its visitor; the tokenizer reports
//! them too, each marked as pgn-reader's or skipped, with its byte offset, so every fault has
//! one. See [`PgnErrorKind`] for what is reported and how much of the game is kept.
//! Nodes are numbered in [`GameRecord::movetext_order`].
//!
//! A game in the plain subset (`pgn::plain`) is built from its tokens in place instead
//! (`pgn::plain_record`): the same record, without the general tokenizer or a copy of the
//! bytes; every other game is read as above.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::{ControlFlow, Range};

use pgn_reader::RawTag;
use pgn_reader::shakmaty::san::{San, SanPlus};

use super::encoding::TextEncoding;
use super::error::{PgnError, PgnErrorKind};
use super::game::{GameRecord, MoveText};
use super::move_reading::MoveReading;
use super::plain::PlainToken;
use super::spans::GameSpans;
use super::tokens::{MoveRead, MoveToken, StartAt, TagToken, Visitor, visit_tokens_from};
use super::tree::Tree;

/// Reads one game (a slice from [`split_games`](super::split_games), or any bytes) into a
/// [`GameRecord`].
///
/// A slice with no moves (or no bytes) gives a record with only the root node. On a fault the error's [`partial`](PgnError::partial) record holds what was read
/// before it. Moves are read as standard SAN whatever the game's `[Variant]` tag says
/// ([`MoveReading::San`]); a fairy game is read with [`read_game_with`].
///
/// ```
/// let game = cqlq::pgn::read_game(b"[White \"A\"]\n\n1. e4 {best} e5 (1... c5) 1-0").unwrap();
/// assert_eq!(game.tag("White"), Some("A"));
/// assert_eq!(game.nodes[1].san, "e4");
/// assert_eq!(game.nodes[1].comments_after, vec!["best".to_string()]);
/// assert_eq!(game.nodes[1].children.len(), 2);
/// assert_eq!(game.outcome.as_deref(), Some("1-0"));
/// ```
pub fn read_game(slice: &[u8]) -> Result<GameRecord, PgnError> {
    read_game_with(slice, MoveReading::San)
}

/// Reads one game like [`read_game`], its move tokens read as `reading` says.
///
/// Fairy SAN (`Hg3`, `Nh6/H`, `Ra10`, `Bxg7=H+`, `P@e4` with fairy letters) is not standard
/// SAN: in raw mode every move token, readable by pgn-reader or not, becomes a move whose
/// [`san`](super::MoveNode::san) is the token's bytes (without glued `!`/`?`), and the rules decide
/// whether it is legal. Standard games read as before.
///
/// ```
/// use cqlq::pgn::{MoveReading, read_game_with};
/// let pgn = b"[Variant \"xiangqi\"]\n\n1. Hg3 Hg8 2. Pg5 Rh10+ *";
/// // The caller knows which variants are written in standard SAN; xiangqi is not.
/// let reading = MoveReading::ByVariantTag(|v| v.eq_ignore_ascii_case("chess960"));
/// let game = read_game_with(pgn, reading).unwrap();
/// let sans: Vec<&str> = game.nodes[1..].iter().map(|n| n.san.as_str()).collect();
/// assert_eq!(sans, ["Hg3", "Hg8", "Pg5", "Rh10+"]);
/// ```
pub fn read_game_with(slice: &[u8], reading: MoveReading) -> Result<GameRecord, PgnError> {
    read_game_from(slice, reading, &ReadSoFar::NOTHING)
}

/// Reads one game like [`read_game_with`], on from what another reader read of it
/// (`so_far`): its tags and first movetext tokens are taken as read, not read again.
pub fn read_game_from(
    slice: &[u8],
    reading: MoveReading,
    so_far: &ReadSoFar,
) -> Result<GameRecord, PgnError> {
    // A plain game (most games) is built from its tokens in place (`pgn::plain_record`):
    // the same record, without the general tokenizer.
    if !matches!(reading, MoveReading::AsWritten)
        && let Ok(record) = super::plain_record::plain_record_from(slice, reading, so_far)
    {
        return Ok(record);
    }
    read_tokens(slice, reading, false, so_far).map(|(record, _)| record)
}

/// What the one-pass search's reader (`pgn::plain`) read of a game before it stopped, from
/// which the careful reader reads on ([`read_game_from`]): the tags, in order, and the
/// movetext tokens after them, each read as the careful reader reads it (the plain subset).
#[derive(Clone, Copy, Debug)]
pub struct ReadSoFar<'r, 'a> {
    /// The tags read, as [`PlainGame::next_tag`](super::plain::PlainGame::next_tag) gave
    /// them (decoded again when the game's bytes are not UTF-8).
    pub tags: &'r [(String, String)],
    /// The byte after the last tag line read; 0: nothing read (the careful reader starts
    /// at the first byte).
    pub tags_end: usize,
    /// The movetext tokens read after the tags (then `tags` are all the game's), in order;
    /// empty: the careful reader reads on from `tags_end`, a tag or the movetext's start.
    pub tokens: &'r [PlainToken<'a>],
    /// The byte after the last of `tokens`.
    pub tokens_end: usize,
}

impl ReadSoFar<'_, '_> {
    /// Nothing read: the careful reader reads from the first byte.
    pub const NOTHING: ReadSoFar<'static, 'static> = ReadSoFar {
        tags: &[],
        tags_end: 0,
        tokens: &[],
        tokens_end: 0,
    };

    /// Where the careful reader's tokenizer reads on.
    fn start(&self) -> StartAt {
        match (self.tags_end, self.tokens.is_empty()) {
            (0, _) => StartAt::First,
            (tags_end, true) => StartAt::AfterTagLine(tags_end),
            (_, false) => StartAt::AfterToken(self.tokens_end),
        }
    }
}

/// Reads one game like [`read_game_with`], and tells where its tags and moves are in `slice`
/// ([`GameSpans`]), for rewriting the game in place (`cqlq annotate`). Always read with the
/// general tokenizer (also the reference the plain reader is tested against).
pub fn read_game_spans(
    slice: &[u8],
    reading: MoveReading,
) -> Result<(GameRecord, GameSpans), PgnError> {
    let read = read_tokens(slice, reading, true, &ReadSoFar::NOTHING);
    read.map(|(record, spans)| (record, spans.unwrap_or_default()))
}

/// Reads one game with the general tokenizer, on from `so_far` when the tokenizer can start
/// where it ends (else from the first byte); the byte places ([`GameSpans`]) only when
/// `with_spans`, as only `cqlq annotate` needs them and a search reads every game.
fn read_tokens(
    slice: &[u8],
    reading: MoveReading,
    with_spans: bool,
    so_far: &ReadSoFar,
) -> Result<(GameRecord, Option<GameSpans>), PgnError> {
    let mut builder = Builder::new(slice, reading, with_spans);
    let mut start = so_far.start();
    if !(start.is_known_in(slice) && builder.take_in(so_far)) {
        (builder, start) = (Builder::new(slice, reading, with_spans), StartAt::First);
    }
    visit_tokens_from(slice, start, &mut builder);
    builder.into_result()
}

/// The longest tag line pgn-reader surely reads whole (its buffer is 16 KiB; a longer line
/// that pgn-reader fails on is reported as [`PgnErrorKind::TagTooLong`]).
pub(crate) const TAG_LINE_BYTES: usize = 8 << 10;

/// A fault found while reading; `fatal` ones stop the reading.
struct Fault {
    kind: PgnErrorKind,
    offset: usize,
    message: String,
    fatal: bool,
}

/// The tokenizer's visitor that builds the record. The games pgn-reader would see in one
/// slice (after a blank line in the movetext) continue the same record.
struct Builder<'a> {
    data: &'a [u8],
    /// The record and where the next token goes.
    tree: Tree,
    /// The first fault.
    fault: Option<Fault>,
    /// Movetext tokens before this offset are ignored: the rest of a tag line with unescaped
    /// quotes ([`TagToken::line_end`]), or the inside of a token kept as one move.
    ignore_until: usize,
    /// pgn-reader failed on a tag line longer than its buffer ([`Visitor::beyond_buffer`]):
    /// from there on only what it skips in silence is taken in, as pgn-reader reported nothing
    /// more.
    reader_failed: bool,
    /// How the caller asked for moves to be read (`read_game_with`).
    reading: MoveReading,
    /// Moves keep their token's text and unreadable tokens are moves (fairy games).
    raw_moves: bool,
    /// Where the tags and the nodes' move tokens are (node numbers as read, before
    /// `Tree::finish`'s renumbering); None when not asked for.
    spans: Option<GameSpans>,
}

impl<'a> Builder<'a> {
    fn new(data: &'a [u8], reading: MoveReading, with_spans: bool) -> Self {
        Builder {
            data,
            tree: Tree::new(GameRecord {
                encoding: TextEncoding::of_game(data),
                ..GameRecord::default()
            }),
            fault: None,
            ignore_until: 0,
            reader_failed: false,
            reading,
            raw_moves: false,
            spans: with_spans.then(|| GameSpans {
                moves: vec![0],
                tags: Vec::new(),
            }),
        }
    }

    /// Notes a fault (the first is kept; a later fatal one makes it fatal), and stops the
    /// reading when `fatal`.
    fn fault(
        &mut self,
        kind: PgnErrorKind,
        offset: usize,
        message: String,
        fatal: bool,
    ) -> ControlFlow<()> {
        (self.fault)
            .get_or_insert(Fault {
                kind,
                offset,
                message,
                fatal,
            })
            .fatal |= fatal;
        match fatal {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    }

    /// Takes in what another reader read first (`so_far`), as this reader would have read
    /// it; false when a token would be a fault here (the game is read from its first byte).
    fn take_in(&mut self, so_far: &ReadSoFar) -> bool {
        if so_far.start() == StartAt::First {
            return true;
        }
        let encoding = self.tree.record.encoding;
        let text = |s: &String| encoding.decode(s.as_bytes()).into_owned();
        let tags = so_far
            .tags
            .iter()
            .map(|(name, value)| (text(name), text(value)));
        self.tree.record.tags.extend(tags);
        if so_far.tokens.is_empty() {
            return true;
        }
        let _ = self.begin_movetext();
        // Moves kept as written are not the plain reader's SAN.
        let mut san_text = String::new();
        !self.raw_moves
            && (so_far.tokens.iter())
                .all(|&token| super::plain_record::place(&mut self.tree, token, &mut san_text))
    }

    /// The game's text in `range`, decoded in the game's encoding.
    fn text(&self, range: Range<usize>) -> Cow<'a, str> {
        self.tree.record.encoding.decode(&self.data[range])
    }

    /// Whether a movetext token at `start` is taken in: not inside an ignored stretch, and
    /// (for a token pgn-reader reports, `reported`) pgn-reader has not failed.
    fn takes(&self, start: usize, reported: bool) -> bool {
        start >= self.ignore_until && !(reported && self.reader_failed)
    }

    /// A move from the current node, named by `san_plus` as read.
    fn add_san(&mut self, san_plus: SanPlus, offset: usize) -> ControlFlow<()> {
        let mut san = MoveText::default();
        let _ = write!(san, "{san_plus}");
        if san.starts_with(|c: char| c.is_ascii_digit()) {
            // A pawn move with only a rank to tell it apart (`P7d8`) shows as `7d8`, which
            // reads as a move number.
            san.insert(0, 'P');
        }
        self.add_move_text(san, Some(san_plus.san), offset)
    }

    /// A move from the current node, named by `san` (`parsed`: as the tokenizer read it).
    fn add_move_text(
        &mut self,
        san: MoveText,
        parsed: Option<San>,
        offset: usize,
    ) -> ControlFlow<()> {
        if self.tree.record.outcome.is_some() {
            let message = "a move after the game's result".to_string();
            return self.fault(PgnErrorKind::MovesAfterResult, offset, message, true);
        }
        if self.tree.push_move(san, parsed).is_none() {
            let message = "too many moves".to_string();
            return self.fault(PgnErrorKind::TooLarge, offset, message, true);
        }
        if let Some(spans) = &mut self.spans {
            spans.moves.push(offset);
        }
        ControlFlow::Continue(())
    }

    fn close_variations(&mut self) {
        let open = self.tree.open_variations();
        if open > 0 {
            let (end, kind) = (self.data.len(), PgnErrorKind::UnclosedVariation);
            let message = format!("{open} variation(s) not closed at the end of the game");
            let _ = self.fault(kind, end, message, false);
            self.tree.close_all();
        }
    }

    fn into_result(mut self) -> Result<(GameRecord, Option<GameSpans>), PgnError> {
        let (record, order) = self.tree.finish();
        if let (Some(order), Some(spans)) = (order, &mut self.spans) {
            spans.moves = order.iter().map(|&at| spans.moves[at as usize]).collect();
        }
        match self.fault {
            None => Ok((record, self.spans)),
            Some(mut f) => {
                if f.fatal {
                    let swallowed = events_after(self.data, f.offset);
                    if swallowed > 0 {
                        f.message.push_str(&format!(
                            "; the {swallowed} more game(s) (`[Event` tags) after it in the \
                             same text were not read"
                        ));
                    }
                }
                Err(PgnError {
                    kind: f.kind,
                    offset: f.offset,
                    message: f.message,
                    partial: Box::new(record),
                })
            }
        }
    }
}

impl Visitor for Builder<'_> {
    fn tag(&mut self, tag: TagToken) -> ControlFlow<()> {
        if self.reader_failed {
            // The tags pgn-reader would have failed on next: one too long for its buffer.
            let line = &self.data[tag.start..];
            let len = memchr::memchr(b'\n', line).unwrap_or(line.len());
            if len > TAG_LINE_BYTES {
                let message = format!(
                    "tag too long ({len} bytes; tags of up to {} KiB are read)",
                    TAG_LINE_BYTES >> 10
                );
                return self.fault(PgnErrorKind::TagTooLong, tag.start, message, true);
            }
            return ControlFlow::Continue(());
        }
        if tag.line_end > 0 {
            self.ignore_until = tag.line_end;
        }
        let end = if tag.line_end > 0 {
            // The value ends at the `"` of the line's closing `"]`.
            (tag.value.end + 2).min(self.data.len())
        } else {
            tag.end
        };
        if let Some(spans) = &mut self.spans {
            spans.tags.push(tag.start..end);
        }
        let name = self.text(tag.name).into_owned();
        let raw = RawTag(&self.data[tag.value]).decode();
        let value = self.tree.record.encoding.decode(&raw).into_owned();
        self.tree.record.tags.push((name, value));
        ControlFlow::Continue(())
    }

    fn bad_tag(&mut self, line: Range<usize>) -> ControlFlow<()> {
        let message = format!("unreadable tag {}", quoted(&self.text(line.clone())));
        self.fault(PgnErrorKind::BadTag, line.start, message, false)
    }

    fn beyond_buffer(&mut self, _start: usize) -> ControlFlow<()> {
        self.reader_failed = true;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self) -> ControlFlow<()> {
        if !self.reader_failed {
            self.raw_moves = self.reading.as_written(self.tree.record.tag("Variant"));
        }
        ControlFlow::Continue(())
    }

    fn san(&mut self, token: MoveToken) -> ControlFlow<()> {
        let reported = matches!(token.read, MoveRead::San(_));
        if !self.takes(token.start, reported) {
            return ControlFlow::Continue(());
        }
        let range = token.start..token.end;
        match token.read {
            MoveRead::San(_) if self.raw_moves => {
                let text = MoveText::from(self.text(range));
                self.add_move_text(text, None, token.start)
            }
            MoveRead::San(san_plus) | MoveRead::Recovered(san_plus) => {
                self.add_san(san_plus, token.start)
            }
            MoveRead::NotSan
                if self.raw_moves && can_be_kept(&self.data[range.clone()])
                    || is_hyphenated_move(&self.data[range.clone()]) =>
            {
                let text = MoveText::from(self.text(range.clone()));
                self.add_move_text(text, None, range.start)?;
                // The token is one move: what pgn-reader reads inside it (`d5a8` of
                // `00d5a8`) is not another.
                self.ignore_until = self.ignore_until.max(range.end);
                ControlFlow::Continue(())
            }
            MoveRead::NotSan => {
                let message = format!(
                    "unreadable move token {}: not SAN",
                    quoted(&self.text(range.clone()))
                );
                self.fault(PgnErrorKind::UnreadableToken, range.start, message, true)
            }
        }
    }

    fn nag(&mut self, start: usize, nag: u8, as_text: bool) -> ControlFlow<()> {
        if self.takes(start, !as_text) {
            self.tree.node_mut().nags.push(nag);
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, start: usize, text: Range<usize>) -> ControlFlow<()> {
        if self.takes(start, true) {
            let text = self.text(text).into_owned();
            self.tree.comment(text);
        }
        ControlFlow::Continue(())
    }

    fn line_comment(&mut self, start: usize, text: Range<usize>) -> ControlFlow<()> {
        if self.takes(start, false) {
            let text = self.text(text).into_owned();
            self.tree.comment(text);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, start: usize) -> ControlFlow<()> {
        if !self.takes(start, true) {
            return ControlFlow::Continue(());
        }
        if self.tree.open() {
            return ControlFlow::Continue(());
        }
        let message = "variation without a move to vary".to_string();
        self.fault(PgnErrorKind::VariationWithoutMove, start, message, true)
    }

    fn end_variation(&mut self, start: usize) -> ControlFlow<()> {
        if !self.takes(start, true) {
            return ControlFlow::Continue(());
        }
        if self.tree.close() {
            return ControlFlow::Continue(());
        }
        let message = "`)` without `(`".to_string();
        self.fault(PgnErrorKind::UnmatchedParenthesis, start, message, true)
    }

    fn outcome(&mut self, start: usize, outcome: &'static str) -> ControlFlow<()> {
        if self.takes(start, true) && self.tree.open_variations() == 0 {
            self.tree.record.outcome = Some(outcome.to_string());
        }
        ControlFlow::Continue(())
    }

    fn unterminated_tag(&mut self, start: usize) -> ControlFlow<()> {
        let message = "tag not closed before the end of the game".to_string();
        self.fault(PgnErrorKind::UnterminatedTag, start, message, true)
    }

    fn unterminated_comment(&mut self, start: usize) -> ControlFlow<()> {
        let text = self.text(start + 1..self.data.len()).into_owned();
        self.tree.comment(text);
        let message = "comment not closed before the end of the game".to_string();
        let _ = self.fault(PgnErrorKind::UnterminatedComment, start, message, true);
        self.close_variations();
        ControlFlow::Break(())
    }

    fn end(&mut self) {
        if self.reader_failed {
            // pgn-reader failed on a tag line longer than its buffer, not too long for cqlq.
            let offset = self.data.len();
            let message = "pgn-reader: unterminated tag".to_string();
            let _ = self.fault(PgnErrorKind::UnterminatedTag, offset, message, true);
        } else {
            self.close_variations();
        }
    }
}

/// The `[Event ` tags after byte `from`: the games a fault at `from` kept from being read,
/// when the splitter could not tell them apart (`1-0 {c} [Event "b"] ...` on one line).
fn events_after(data: &[u8], from: usize) -> usize {
    let rest = &data[from.min(data.len())..];
    memchr::memmem::find_iter(rest, b"[Event ")
        .filter(|&at| at > 0)
        .count()
}

/// `text` in quotes, shortened to 40 characters.
fn quoted(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    format!("{short:?}")
}

/// Whether a token pgn-reader cannot read may be kept as a move written as is (for a variant
/// whose moves cqlq does not read): one that starts as a move can (a letter, a digit, `@`, `-`,
/// `+`, `=`, or `:` opening an FBR compound piece letter, `:KD:e4`). Others mean something
/// else once written on their own: `[` and `%` start a tag and an escaped line at a line's
/// start, `$1` is a glyph, so the game would not read back the same.
fn can_be_kept(token: &[u8]) -> bool {
    token.first().is_some_and(|&b| {
        b.is_ascii_alphanumeric() || matches!(b, b'@' | b'-' | b'+' | b'=' | b':')
    })
}

/// Whether a token is a move written in coordinates with a hyphen, as python-chess and
/// pgn-extract read them: an optional piece letter, the from-square, `-`, the to-square, an
/// optional promotion (`=Q` or `Q`), an optional check or mate sign (`e2-e4`, `Ng1-f3`,
/// `e7-e8=Q+`). pgn-reader reads the part before the hyphen as SAN and drops the token, so
/// the record keeps it as text and the replay reads it in coordinates (the forms without a
/// hyphen, `g1f3`, reach the replay as SAN tokens already).
fn is_hyphenated_move(token: &[u8]) -> bool {
    let square =
        |b: &[u8]| matches!(b, [f, r] if (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r));
    let rest = match token {
        [b'N' | b'B' | b'R' | b'Q' | b'K', rest @ ..] => rest,
        rest => rest,
    };
    if rest.len() < 5 || !square(&rest[..2]) || rest[2] != b'-' || !square(&rest[3..5]) {
        return false;
    }
    let mut tail = &rest[5..];
    if matches!(tail.last(), Some(b'+' | b'#')) {
        tail = &tail[..tail.len() - 1];
    }
    matches!(
        tail,
        [] | [b'N' | b'B' | b'R' | b'Q' | b'n' | b'b' | b'r' | b'q']
            | [b'=', b'N' | b'B' | b'R' | b'Q' | b'n' | b'b' | b'r' | b'q']
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::plain::{PlainGame, SanText};

    /// Tags, the byte after the last, and tokens with the byte after each.
    type Prefix<'a> = (Vec<(String, String)>, usize, Vec<(PlainToken<'a>, usize)>);

    /// `data`'s tags and its plain movetext tokens (up to the first that is not plain), with
    /// the byte after each, as the one-pass search reads them.
    fn plain_prefix(data: &[u8]) -> Prefix<'_> {
        let mut game = PlainGame::new(data);
        let mut tags = Vec::new();
        while let Ok(Some((name, value))) = game.next_tag() {
            tags.push((name.to_string(), value.to_string()));
        }
        let tags_end = if tags.is_empty() { 0 } else { game.read_to() };
        let mut tokens = Vec::new();
        while let (false, Ok(Some(token))) = (tags.is_empty(), game.next_token()) {
            tokens.push((token, data.len() - game.rest_len()));
        }
        (tags, tags_end, tokens)
    }

    /// Read on from what `pgn::plain` read first (its tags, then its first `k` tokens for
    /// several `k`), the careful reader gives the record and fault (message, byte offset,
    /// partial record) it gives reading from the first byte.
    fn reads_on_as_from_the_start(data: &[u8], every_k: bool) {
        let whole = read_game(data);
        let (tags, tags_end, tokens) = plain_prefix(data);
        let n = tokens.len();
        let ks: Vec<usize> = match every_k {
            true => (0..=n).collect(),
            false => vec![0, 1.min(n), n / 2, n.saturating_sub(1), n],
        };
        let kept: Vec<PlainToken> = tokens.iter().map(|&(t, _)| t).collect();
        for k in ks {
            let so_far = ReadSoFar {
                tags: &tags,
                tags_end,
                tokens: &kept[..k],
                tokens_end: if k == 0 { 0 } else { tokens[k - 1].1 },
            };
            let resumed = read_game_from(data, MoveReading::San, &so_far);
            let shown = String::from_utf8_lossy(data);
            assert_eq!(resumed, whole, "after {k} tokens of {shown}");
        }
    }

    #[test]
    fn the_careful_reader_reads_on_as_from_the_first_byte() {
        let games: [&[u8]; 11] = [
            // A comment-only movetext, a coordinate move, a `;` comment, castling with zeros.
            b"[White \"a\"]\n\n{only a comment} *\n",
            b"[White \"a\"]\n\n1. e4 e5 2. g1f3 Nc6 *\n",
            b"[White \"a\"]\n\n1. e4 {c} (1. d4 d5 (1... Nf6)) 1... e5 ; a line\n2. Nf3 *\n",
            b"[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 $1 *\n",
            // A `%` line after the tags, a blank line in the movetext, junk after the result.
            b"[White \"a\"]\n%escaped\n[Black \"b\"]\n\n1. e4 e5 *\n",
            // A `%` line after the last tag, where the reading goes on after the tag section.
            b"[White \"a\"]\n[Black \"b\"]\n%escaped\n\n1. e4 e5 *\n",
            b"[White \"a\"]\n\n1. e4\n\n2. Nf3 *\n",
            b"[White \"a\"]\n\n1. e4 e5 1-0 junk\n",
            // A tag value not in UTF-8 (read as Windows-1252) and a comment that is not.
            b"[White \"Gy\xf6rgy\"]\n[Black \"b\"]\n\n1. e4 e5 *\n",
            b"[White \"\xc3\xa9\"]\n\n1. e4 {\xe9} e5 (1... c5 {\xe8}) 2. Nf3 ;x\n *\n",
            // A move after the result, an unclosed variation, a glyph as text.
            b"[White \"a\"]\n\n1. e4 e5 (1... c5 2. Nf3 +- 1-0 2. d4\n",
        ];
        for data in games {
            reads_on_as_from_the_start(data, true);
        }
    }

    /// The shared games (small, and beyond pgn-reader's 16 KiB buffer); skipped when
    /// `../shared` is absent.
    #[test]
    fn the_careful_reader_reads_on_as_from_the_first_byte_on_the_shared_games() {
        let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
        for file in ["messy.pgn", "annotated.pgn"] {
            let Ok(data) = std::fs::read(shared.join(file)) else {
                eprintln!("{file} absent: skipped");
                continue;
            };
            for range in crate::pgn::split_games(&data) {
                reads_on_as_from_the_start(&data[range], false);
            }
        }
    }

    /// Beyond pgn-reader's first 16 KiB its buffer decides how a long token reads: a `$0…01`
    /// of 300 zeros that it sees cut at the buffer's end (refilled at the long comment's
    /// 16 KiB mark) is not a NAG there. Read on from the first move, the careful reader
    /// holds the same buffer.
    #[test]
    fn the_careful_reader_reads_on_with_pgn_readers_buffer() {
        let head = "[White \"a\"]\n\n1. e4 {";
        let comment = "x".repeat(32_500 - head.len() - "} e5 ".len());
        let nag = format!("${}1", "0".repeat(300));
        let data = format!("{head}{comment}}} e5 {nag} 2. Nf3 *\n");
        let whole = read_game(data.as_bytes());
        assert!(whole.is_err(), "the NAG cut by the buffer");
        reads_on_as_from_the_start(data.as_bytes(), true);
    }

    /// What is read on from is taken as read, not read again: tags and a comment that are
    /// not the bytes' show in the record, and the reading goes on after them.
    #[test]
    fn what_was_read_is_not_read_again() {
        let data = b"[White \"a\"]\n[Black \"b\"]\n\n1. e4 {c} e5 ; rest\n2. Nf3 *\n";
        let tags = [
            ("White".to_string(), "read before".to_string()),
            ("Black".to_string(), "b".to_string()),
        ];
        let tokens = [
            PlainToken::Move(SanPlus::from_ascii(b"e4").unwrap(), SanText::NONE),
            PlainToken::Comment(b"said before"),
        ];
        let tags_end = b"[White \"a\"]\n[Black \"b\"]\n".len();
        let after_comment = b"[White \"a\"]\n[Black \"b\"]\n\n1. e4 {c}".len();
        let so_far = ReadSoFar {
            tags: &tags,
            tags_end,
            tokens: &tokens,
            tokens_end: after_comment,
        };
        let record = read_game_from(data, MoveReading::San, &so_far).unwrap();
        assert_eq!(record.tag("White"), Some("read before"));
        assert_eq!(record.tag("Black"), Some("b"));
        assert_eq!(record.nodes[1].comments_after, ["said before"]);
        assert_eq!(record.nodes[2].comments_after, [" rest"]);
        let sans: Vec<&str> = record.nodes[1..].iter().map(|n| n.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3"]);
    }
}
