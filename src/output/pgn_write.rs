//! Writing a game as PGN, with extra comments ([`Marks`]) such as CQL's `{Game number 12}`
//! and `{CQL}`: one writer (`Movetext`, framed by `write_pgn`) for two sources of what it
//! writes, a [`GameRecord`] ([`write_game`]) and a plain game's tokens
//! ([`pgn_write_plain`](super::pgn_write_plain)), each telling it its `Event`s in the order
//! written.
//!
//! The output: the tags in source order (values escaped), a blank line, the movetext wrapped
//! at 79 columns (a comment is never broken, so its line may be longer), the termination
//! marker, a blank line. Move numbers are written before White's moves and before Black's
//! after a comment, a `(` or a `)` (`12... Nf6`); the first move's number and side come from
//! the `FEN` tag. NAGs are written `$n`.
//!
//! Reading the output with [`read_game`](crate::pgn::read_game) gives back the record that
//! `read_game` made (node numbers included: see [`GameRecord::movetext_order`]), except that
//! a missing termination marker is filled in as [`termination_marker`] says, and that the marks
//! come back as comments: the header first among the root's `comments_after`, every other
//! mark last among its node's `comments_after`. A comment containing `}` (a `;` comment in the
//! source) is written as a `;` comment. For records made otherwise: `comments_before` of a move
//! that does not start a variation come back as the previous node's `comments_after`, and a
//! comment with both `}` and a line break has its `}` replaced by `)`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::pgn::{GameRecord, MoveNode, MovetextStep};

/// The longest line the writer makes, unless a comment is longer.
const WIDTH: usize = 79;

/// The longest move written in one fixed-size piece: SAN with its suffix (`Na1xa1=Q#`).
pub(super) const SHORT_MOVE: usize = 9;

/// The size of the piece [`Movetext::put_made_move`] makes a move in: a separator, a number
/// below 1000, `... `, [`SHORT_MOVE`] bytes, and room to copy the piece from its second
/// byte in one size.
pub(super) const PIECE: usize = 32;

/// `N... ` for each move number N below 1000 (none for 0), in 8 bytes: the digits, `... `,
/// zeros. [`Movetext::put_made_move`] copies a number whole and ends it after its digits.
const NUMBERS: [[u8; 8]; 1000] = {
    let mut numbers = [[0u8; 8]; 1000];
    let mut n = 1;
    while n < 1000 {
        let digits = 1 + (n >= 10) as usize + (n >= 100) as usize;
        let mut rest = n;
        let mut k = digits;
        while k > 0 {
            k -= 1;
            numbers[n][k] = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        let mut dot = 0;
        while dot < 3 {
            numbers[n][digits + dot] = b'.';
            dot += 1;
        }
        numbers[n][digits + 3] = b' ';
        n += 1;
    }
    numbers
};

/// A move's text that makes itself in [`Movetext::put_made_move`]'s piece: at most
/// [`SHORT_MOVE`] ASCII bytes without a line break (a SAN).
pub(super) trait MadeMove {
    /// Writes the text into `piece` from `at`, and gives the index after it.
    fn make(self, piece: &mut [u8; PIECE], at: usize) -> usize;
}

/// Extra comments to write into a game: what CQL adds to the games it prints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks<'a> {
    /// A comment at the very start of the movetext, before everything else
    /// (CQL's `Game number 12`).
    pub header: Option<String>,
    /// A comment after the move of the node with this index, after the node's own comments and
    /// before its variations (CQL's `CQL` at each matched position). For the root (index 0) it
    /// comes before the first move. Borrowed when many nodes share one text.
    pub after: BTreeMap<u32, Cow<'a, str>>,
}

/// Appends `game` to `out` as PGN, with `marks`' comments (see the [module docs](self)).
///
/// ```
/// use cqlq::output::pgn_write::{Marks, write_game};
/// use cqlq::pgn::read_game;
/// let game = read_game(b"[White \"A\"]\n\n1. e4 e5 (1... c5) 2. Nf3 1-0").unwrap();
/// let mut marks = Marks { header: Some("Game number 1".into()), ..Marks::default() };
/// marks.after.insert(4, "CQL".into());
/// let mut out = String::new();
/// write_game(&mut out, &game, &marks);
/// assert_eq!(out, "[White \"A\"]\n\n{Game number 1} 1. e4 e5 (1... c5) 2. Nf3 {CQL} 1-0\n\n");
/// ```
pub fn write_game(out: &mut String, game: &GameRecord, marks: &Marks) {
    let outcome = game.outcome.as_deref();
    let written: Result<(), std::convert::Infallible> = write_pgn(
        out,
        &game.tags,
        marks.header.as_deref(),
        outcome,
        1024,
        |text, ply| {
            write_record_moves(&mut |event| text.write(event), game, marks, ply);
            Ok(())
        },
    );
    let Ok(()) = written;
}

/// Appends a game to `out`: its `tags` (then a blank line, when there is any), and its
/// movetext: `header` as a comment, what `moves` writes (given the writer and the first
/// move's ply, from the `FEN` tag), the termination marker for `outcome` (see
/// [`termination_marker`]). `capacity`: the movetext's expected length. When `moves` fails,
/// the tags are written but no movetext.
pub(super) fn write_pgn<E>(
    out: &mut String,
    tags: &[(impl AsRef<str>, impl AsRef<str>)],
    header: Option<&str>,
    outcome: Option<&str>,
    capacity: usize,
    moves: impl FnOnce(&mut Movetext, u64) -> Result<(), E>,
) -> Result<(), E> {
    let tag = |wanted: &str| {
        tags.iter()
            .find(|(name, _)| name.as_ref() == wanted)
            .map(|(_, value)| value.as_ref())
    };
    for (name, value) in tags {
        push_tag_pair(out, name.as_ref(), value.as_ref());
    }
    if !tags.is_empty() {
        out.push('\n');
    }
    let mut text = Movetext {
        out: Vec::with_capacity(capacity),
        col: 0,
        open: 0,
        need_number: true,
    };
    if let Some(header) = header {
        text.write(Event::Comment(header));
    }
    moves(&mut text, start_ply_of(tag("FEN")))?;
    text.put_line(&[marker_of(outcome, tag("Result")).as_bytes()]);
    text.out.extend_from_slice(b"\n\n");
    // Only strings and ASCII are written into the movetext.
    match std::str::from_utf8(&text.out) {
        Ok(movetext) => out.push_str(movetext),
        Err(_) => out.push_str(&String::from_utf8_lossy(&text.out)),
    }
    Ok(())
}

/// Appends a tag pair's line, `[name "value"]` (the value escaped by [`push_tag_value`]).
fn push_tag_pair(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    push_tag_value(out, value);
    out.push_str("\"]\n");
}
/// Appends a tag value, escaped so that pgn-reader reads it back: `"` as `\"`, `\` as `\\`,
/// except that a `\` before a line break stays single (pgn-reader reads `\` and a line break
/// as part of the value, and keeps both); another line break, which no read value has, becomes
/// a space.
pub(crate) fn push_tag_value(out: &mut String, value: &str) {
    // Most values have nothing to escape.
    if !value.bytes().any(|b| matches!(b, b'"' | b'\\' | b'\n')) {
        out.push_str(value);
        return;
    }
    let mut chars = value.chars().peekable();
    let mut prev = None;
    while let Some(ch) = chars.next() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' if chars.peek() == Some(&'\n') => out.push('\\'),
            '\\' => out.push_str("\\\\"),
            '\n' if prev != Some('\\') => out.push(' '),
            _ => out.push(ch),
        }
        prev = Some(ch);
    }
}

/// The termination marker written at the end of `game`'s movetext: its
/// [`outcome`](GameRecord::outcome), else its `Result` tag if that is a termination marker,
/// else `*`.
pub fn termination_marker(game: &GameRecord) -> &str {
    marker_of(game.outcome.as_deref(), game.tag("Result"))
}

/// The termination marker for a movetext's `outcome` and the game's `Result` tag (see
/// [`termination_marker`]).
fn marker_of<'a>(outcome: Option<&'a str>, result_tag: Option<&'a str>) -> &'a str {
    const MARKERS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
    outcome
        .filter(|o| !o.is_empty())
        .or_else(|| result_tag.filter(|r| MARKERS.contains(r)))
        .unwrap_or("*")
}

/// The ply (0 for White's first move) of the first move of a game whose `FEN` tag is `fen`:
/// from its side to move and move number.
fn start_ply_of(fen: Option<&str>) -> u64 {
    let Some(fen) = fen else { return 0 };
    let mut fields = fen.split_whitespace().skip(1);
    let black = fields.next() == Some("b");
    let number = fields
        .nth(3)
        .and_then(|n| n.parse::<u64>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1);
    (number - 1)
        .saturating_mul(2)
        .saturating_add(u64::from(black))
}

/// A node's events: its comments before, its move at `ply` (none for the root), its glyphs,
/// its comments after, its `mark`.
fn node_events(
    emit: &mut impl FnMut(Event),
    node: &MoveNode,
    ply: Option<u64>,
    mark: Option<&str>,
) {
    node.comments_before
        .iter()
        .for_each(|c| emit(Event::Comment(c)));
    if let Some(ply) = ply {
        let san = if node.san.is_empty() { "--" } else { &node.san };
        emit(Event::Move(ply, san.as_bytes()));
    }
    node.nags.iter().for_each(|&nag| emit(Event::Nag(nag)));
    node.comments_after
        .iter()
        .for_each(|c| emit(Event::Comment(c)));
    if let Some(mark) = mark {
        emit(Event::Comment(mark));
    }
}

/// The record's source of events: the root's comments, glyphs and mark, then every move in
/// movetext order ([`GameRecord::walk_movetext`]), each with its comments before, glyphs,
/// comments after, mark, and then its alternatives (when it is its parent's first child)
/// before its continuation.
pub(super) fn write_record_moves(
    emit: &mut impl FnMut(Event),
    game: &GameRecord,
    marks: &Marks,
    first_ply: u64,
) {
    let mark = |index: u32| marks.after.get(&index).map(|mark| &**mark);
    match game.nodes.first() {
        Some(root) => node_events(emit, root, None, mark(0)),
        None => mark(0)
            .into_iter()
            .for_each(|mark| emit(Event::Comment(mark))),
    }
    game.walk_movetext(first_ply, |step| match step {
        MovetextStep::Move(index, ply) => {
            node_events(emit, &game.nodes[index as usize], Some(ply), mark(index))
        }
        MovetextStep::Open => emit(Event::Open),
        MovetextStep::Close => emit(Event::Close),
    });
}

/// One thing a game's source tells the [`Movetext`] writer, in the order written.
#[derive(Clone, Copy, Debug)]
pub(super) enum Event<'a> {
    /// A comment: the game's, or one cqlq adds (the header, a mark). Written `{text}`, or
    /// `;text` and a line break when it holds a `}`.
    Comment(&'a str),
    /// A NAG, written `$n`.
    Nag(u8),
    /// A move at this ply (0: White's first move from the standard start), its text (UTF-8),
    /// with its number when it is White's or follows a comment or a parenthesis.
    Move(u64, &'a [u8]),
    /// A variation opens: `(` before its first move.
    Open,
    /// The variation closes: `)`.
    Close,
}

/// The movetext being written, with its line wrapping: the one writer of PGN movetext.
pub(super) struct Movetext {
    /// The movetext written so far: UTF-8, as only strings and ASCII bytes are written.
    out: Vec<u8>,
    /// The current column.
    col: usize,
    /// `(`s to write before the next token, with no space between.
    open: usize,
    /// Black's next move needs its number (`12...`).
    need_number: bool,
}

impl Movetext {
    /// Writes one event.
    #[inline]
    pub(super) fn write(&mut self, event: Event) {
        match event {
            Event::Comment(comment) => self.comment(comment),
            Event::Nag(nag) => {
                let mut digits = [0u8; 20];
                self.put_line(&[b"$", decimal(u64::from(nag), &mut digits)]);
            }
            Event::Move(ply, san) => self.put_move(ply, san),
            Event::Open => {
                self.open += 1;
                self.need_number = true;
            }
            Event::Close => {
                if self.col + 1 > WIDTH {
                    self.out.push(b'\n');
                    self.col = 0;
                }
                (0..std::mem::take(&mut self.open)).for_each(|_| self.out.push(b'('));
                self.out.push(b')');
                self.col += 1;
                self.need_number = true;
            }
        }
    }

    /// Writes a move at `ply`: `12. ` before White's, `12... ` before Black's when it needs
    /// its number, then `san`. A move of at most [`SHORT_MOVE`] bytes on one line (every SAN)
    /// right after a space or line break is made in one piece of fixed size with them and
    /// its number, and copied at once: the writer prints every ply of every game it prints,
    /// and copying short pieces of varying size costs more than the making.
    #[inline]
    fn put_move(&mut self, ply: u64, san: &[u8]) {
        let white = ply.is_multiple_of(2);
        let number = (white || self.need_number).then_some(ply / 2 + 1);
        self.need_number = false;
        if self.open > 0 || san.len() > SHORT_MOVE || san.contains(&b'\n') {
            let mut digits = [0u8; 20];
            let (number, dots): (&[u8], &[u8]) = match number {
                None => (&[], &[]),
                Some(n) => (decimal(n, &mut digits), if white { b". " } else { b"... " }),
            };
            return self.put(&[number, dots, san]);
        }
        let digits = match number {
            None => 0,
            // Most games: the move numbers below 100.
            Some(n) if n < 10 => 1,
            Some(n) if n < 100 => 2,
            Some(n) => n.ilog10() as usize + 1,
        };
        let dots = match number {
            None => 0,
            Some(_) if white => 2,
            Some(_) => 4,
        };
        let width = digits + dots + san.len();
        // At most a separator, 20 digits, `... ` and the move.
        let mut piece = [0u8; 1 + 20 + 4 + SHORT_MOVE];
        let mut at = 0;
        if self.col > 0 {
            let (separator, col) = match self.col + 1 + width > WIDTH {
                true => (b'\n', 0),
                false => (b' ', self.col + 1),
            };
            piece[0] = separator;
            self.col = col;
            at = 1;
        }
        if let Some(n) = number {
            let mut rest = n;
            for digit in piece[at..at + digits].iter_mut().rev() {
                *digit = b'0' + (rest % 10) as u8;
                rest /= 10;
            }
            at += digits;
            piece[at..at + 4].copy_from_slice(b"... ");
            if white {
                piece[at + 1] = b' ';
            }
            at += dots;
        }
        piece[at..at + san.len()].copy_from_slice(san);
        at += san.len();
        let start = self.out.len();
        self.out.extend_from_slice(&piece);
        self.out.truncate(start + at);
        self.col += width;
    }

    /// Writes a move at `ply` as [`put_move`](Self::put_move) writes `text`, a
    /// [`MadeMove`] (a SAN). The move is made in one
    /// piece of [`PIECE`] bytes with its separator and number, and the piece is copied
    /// whole: no copy of varying size, and no second pass over the move's bytes (the
    /// one-pass search writes every ply of every matched game this way). After a `(`, or
    /// with a number of four digits or more, the text is made alone and given to `put_move`.
    #[inline(always)]
    pub(super) fn put_made_move(&mut self, ply: u64, text: impl MadeMove) {
        let white = ply.is_multiple_of(2);
        let numbered = white || self.need_number;
        let number = ply / 2 + 1;
        if self.open > 0 || (numbered && number >= 1000) {
            let mut piece = [0u8; PIECE];
            let end = text.make(&mut piece, 0);
            return self.put_move(ply, &piece[..end]);
        }
        self.need_number = false;
        // piece[0]: the separator, when there is one; then the number and the move.
        let mut piece = [0u8; PIECE];
        let mut at = 1;
        if numbered {
            // Below 1000: at most three digits, then `... ` (White's: `. `).
            piece[1..9].copy_from_slice(&NUMBERS[number as usize]);
            at += 1 + usize::from(number >= 10) + usize::from(number >= 100);
            if white {
                piece[at + 1] = b' ';
                at += 2;
            } else {
                at += 4;
            }
        }
        let end = text.make(&mut piece, at);
        self.put_piece(&mut piece, end);
    }

    /// Writes the token in `piece[1..end]` (no line break, no `(` pending) as
    /// [`put_line`](Self::put_line) writes it, its separator made in `piece[0]`, the piece
    /// copied in one size.
    #[inline(always)]
    fn put_piece(&mut self, piece: &mut [u8; PIECE], end: usize) {
        // The copy takes `PIECE - 1` bytes from the separator's place or the one after.
        debug_assert!(end < PIECE);
        let width = end - 1;
        let from = if self.col > 0 {
            if self.col + 1 + width > WIDTH {
                piece[0] = b'\n';
                self.col = 0;
            } else {
                piece[0] = b' ';
                self.col += 1;
            }
            0
        } else {
            1
        };
        let start = self.out.len();
        self.out.extend_from_slice(&piece[from..from + PIECE - 1]);
        self.out.truncate(start + end - from);
        self.col += width;
    }

    /// Writes one token without a line break, the concatenation of `parts`, after any
    /// pending `(`s (with no space between), after a space, or after a line break when the
    /// token would pass the limit.
    #[inline(always)]
    fn put_line(&mut self, parts: &[&[u8]]) {
        let open = std::mem::take(&mut self.open);
        let width = open + parts.iter().map(|part| part.len()).sum::<usize>();
        self.out.reserve(1 + width);
        if self.col > 0 {
            let (separator, col) = match self.col + 1 + width > WIDTH {
                true => (b'\n', 0),
                false => (b' ', self.col + 1),
            };
            self.out.push(separator);
            self.col = col;
        }
        (0..open).for_each(|_| self.out.push(b'('));
        parts
            .iter()
            .for_each(|part| self.out.extend_from_slice(part));
        self.col += width;
    }

    /// [`put_line`](Self::put_line) for a token that may hold line breaks: its first line
    /// decides the separator, its last line the column after it.
    fn put(&mut self, parts: &[&[u8]]) {
        if !parts.iter().any(|part| part.contains(&b'\n')) {
            return self.put_line(parts);
        }
        let token = parts.concat();
        let Some(first_break) = token.iter().position(|&b| b == b'\n') else {
            return self.put_line(&[&token]);
        };
        self.put_line(&[&token[..first_break]]);
        self.out.extend_from_slice(&token[first_break..]);
        let last_break = memchr::memrchr(b'\n', &token).unwrap_or(first_break);
        self.col = token.len() - last_break - 1;
    }

    /// Writes `{comment}` (`;comment` and a line break when it holds a `}`; with the `}`s
    /// replaced by `)` when it holds a line break too).
    fn comment(&mut self, comment: &str) {
        let bytes = comment.as_bytes();
        if !bytes.iter().any(|&b| b == b'}' || b == b'\n') {
            // Most comments added (`{CQL}`) fit in a piece: one copy of varying size.
            if self.open == 0 && bytes.len() <= PIECE - 4 {
                let mut piece = [0u8; PIECE];
                piece[1] = b'{';
                piece[2..2 + bytes.len()].copy_from_slice(bytes);
                piece[2 + bytes.len()] = b'}';
                self.put_piece(&mut piece, 3 + bytes.len());
            } else {
                self.put_line(&[b"{", bytes, b"}"]);
            }
        } else if !bytes.contains(&b'}') {
            self.put(&[b"{", bytes, b"}"]);
        } else if !bytes.contains(&b'\n') && !comment.ends_with('\r') {
            self.put_line(&[b";", bytes]);
            self.out.push(b'\n');
            self.col = 0;
        } else {
            self.put(&[b"{", comment.replace('}', ")").as_bytes(), b"}"]);
        }
        self.need_number = true;
    }
}

/// `n`'s decimal digits (ASCII), written at the end of `digits`.
fn decimal(n: u64, digits: &mut [u8; 20]) -> &[u8] {
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    &digits[at..]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The movetext the writer makes of `events`.
    fn written(events: &[Event]) -> String {
        let mut out = String::new();
        let no_tags: &[(&str, &str)] = &[];
        let wrote: Result<(), ()> = write_pgn(&mut out, no_tags, None, Some("*"), 0, |text, _| {
            events.iter().for_each(|&event| text.write(event));
            Ok(())
        });
        assert_eq!(wrote, Ok(()));
        out
    }

    /// PGN's export format, as the module doc states it: tokens separated by one space, the
    /// line broken before a token that would take it past 79 columns; a `)` glued to the
    /// token before it (a `(` is written as part of the token after it).
    fn wrapped(tokens: &[String]) -> String {
        let (mut text, mut col) = (String::new(), 0);
        for token in tokens {
            let space = usize::from(token != ")" && col > 0);
            if col > 0 && col + space + token.len() > WIDTH {
                text.push('\n');
                col = 0;
            } else if space == 1 {
                text.push(' ');
                col += 1;
            }
            text.push_str(token);
            col += token.len();
        }
        text + "\n\n"
    }

    #[test]
    fn lines_break_before_the_token_that_would_pass_79_columns() {
        let sans = ["e4", "Nxf3+", "O-O-O#", "exd8=Q", "--"];
        let (mut events, mut tokens) = (Vec::new(), Vec::new());
        let mut after_comment = true;
        for ply in 0..400u64 {
            let san = sans[ply as usize % sans.len()];
            events.push(Event::Move(ply, san.as_bytes()));
            tokens.push(match (ply % 2, after_comment) {
                (0, _) => format!("{}. {san}", ply / 2 + 1),
                (_, true) => format!("{}... {san}", ply / 2 + 1),
                (_, false) => san.to_string(),
            });
            after_comment = ply % 7 == 3;
            if after_comment {
                events.push(Event::Comment("CQL"));
                tokens.push("{CQL}".into());
            }
            if ply % 11 == 5 {
                events.extend([
                    Event::Nag(14),
                    Event::Open,
                    Event::Move(ply, b"a3"),
                    Event::Close,
                ]);
                let dots = if ply % 2 == 0 { "." } else { "..." };
                tokens.push("$14".into());
                tokens.push(format!("({}{dots} a3", ply / 2 + 1));
                tokens.push(")".into());
                after_comment = true;
            }
        }
        tokens.push("*".into());
        assert_eq!(written(&events), wrapped(&tokens));
    }

    /// Comments of every length up to past a piece's size (those made in one and those
    /// written in parts), at every column: PGN's export format as `wrapped` states it.
    #[test]
    fn comments_of_every_length_are_wrapped_as_the_format_says() {
        let texts: Vec<String> = (1..70).map(|len| "c".repeat(len)).collect();
        let (mut events, mut tokens) = (Vec::new(), Vec::new());
        for (k, text) in texts.iter().enumerate() {
            for len in [k % 7, 1 + k % 3] {
                events.push(Event::Comment(&texts[len]));
                tokens.push(format!("{{{}}}", texts[len]));
            }
            events.push(Event::Comment(text));
            tokens.push(format!("{{{text}}}"));
        }
        tokens.push("*".into());
        assert_eq!(written(&events), wrapped(&tokens));
    }

    #[test]
    fn comments_are_written_whole_and_a_closing_brace_makes_a_line_comment() {
        let long = "a long comment with words ".repeat(4);
        let (e4, e5) = (Event::Move(0, b"e4"), Event::Move(1, b"e5"));
        for (events, expected) in [
            (
                vec![e4, Event::Comment(&long), e5],
                format!("1. e4\n{{{long}}}\n1... e5 *\n\n"),
            ),
            // A `}`: a `;` comment, ended by a line break.
            (
                vec![e4, Event::Comment("x}y"), e5],
                "1. e4 ;x}y\n1... e5 *\n\n".into(),
            ),
            // A line break too: the `}` becomes `)`; the column is the last line's.
            (
                vec![Event::Comment("a}\nbc"), e4, Event::Nag(3)],
                "{a)\nbc} 1. e4 $3 *\n\n".into(),
            ),
            // A comment ending in `\r` with a `}` cannot be a `;` comment (the `\r` would end it).
            (vec![Event::Comment("a}\r")], "{a)\r} *\n\n".into()),
        ] {
            assert_eq!(written(&events), expected);
        }
    }

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for ply in [0, 1, 17, 18, 197, 198, 2 * 1233, u64::MAX - 2, u64::MAX - 1] {
            // White's number always; Black's after a `(` or at the start, not after White's.
            // The number of the move at `ply`, and (for Black's) of White's move after it.
            let (n, next) = (ply / 2 + 1, ply / 2 + 2);
            let expected = match ply % 2 {
                0 => format!("{n}. e4 e5 ({n}... d5) *\n\n"),
                _ => format!("{n}... e4 {next}. e5 ({next}. d5) *\n\n"),
            };
            let events = [
                Event::Move(ply, b"e4"),
                Event::Move(ply + 1, b"e5"),
                Event::Open,
                Event::Move(ply + 1, b"d5"),
                Event::Close,
            ];
            let text = written(&events);
            // A long number moves a token to the next line: compare the tokens.
            let tokens = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(tokens(&text), tokens(&expected), "{ply}");
        }
    }
}
