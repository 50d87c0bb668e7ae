//! Writing a [`GameRecord`] back out as PGN, with extra comments ([`Marks`]) such as CQL's
//! `{Game number 12}` and `{CQL}`.
//!
//! The output: the tags in source order (values escaped), a blank line, the movetext wrapped
//! at 79 columns (a comment is never broken, so its line may be longer), the termination
//! marker, a blank line. Move numbers are written before White's moves and before Black's
//! after a comment, a `(` or a `)` (`12... Nf6`); the first move's number and side come from
//! the `FEN` tag. NAGs are written `$n`.
//!
//! Reading the output with [`read_game`](super::read_game) gives back the record that
//! `read_game` made (node numbers included: see [`GameRecord::movetext_order`]), except that
//! a missing termination marker is filled in as [`termination_marker`] says, and that the marks
//! come back as comments: the header first among the root's `comments_after`, every other
//! mark last among its node's `comments_after`. A comment containing `}` (a `;` comment in the
//! source) is written as a `;` comment. For records made otherwise: `comments_before` of a move
//! that does not start a variation come back as the previous node's `comments_after`, and a
//! comment with both `}` and a line break has its `}` replaced by `)`.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io;

use super::game::GameRecord;

/// The longest line the writer makes, unless a comment is longer.
const WIDTH: usize = 79;

/// The longest SAN with its suffix (`Na1xa1=Q#`), in bytes.
pub(super) const SAN_BYTES: usize = 9;

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
/// use cqlq::pgn::{read_game, write_game, Marks};
/// let game = read_game(b"[White \"A\"]\n\n1. e4 e5 (1... c5) 2. Nf3 1-0").unwrap();
/// let mut marks = Marks { header: Some("Game number 1".into()), ..Marks::default() };
/// marks.after.insert(4, "CQL".into());
/// let mut out = String::new();
/// write_game(&mut out, &game, &marks);
/// assert_eq!(out, "[White \"A\"]\n\n{Game number 1} 1. e4 e5 (1... c5) 2. Nf3 {CQL} 1-0\n\n");
/// ```
pub fn write_game(out: &mut String, game: &GameRecord, marks: &Marks) {
    for (name, value) in &game.tags {
        push_tag_pair(out, name, value);
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    // The movetext is made as bytes (only strings and ASCII are written into it), then
    // appended.
    let mut movetext = Vec::with_capacity(1024);
    let mut text = Movetext::new(&mut movetext);
    if let Some(header) = &marks.header {
        text.comment(header);
    }
    if let Some(root) = game.nodes.first() {
        root.comments_before.iter().for_each(|c| text.comment(c));
        root.nags.iter().for_each(|&nag| text.nag(nag));
        root.comments_after.iter().for_each(|c| text.comment(c));
    }
    if let Some(mark) = marks.after.get(&0) {
        text.comment(mark);
    }
    write_moves(&mut text, game, marks);
    text.put(termination_marker(game));
    text.out.extend_from_slice(b"\n\n");
    push_movetext(out, &movetext);
}

/// Appends `movetext`, made by a [`Movetext`] (so UTF-8), to `out`.
pub(super) fn push_movetext(out: &mut String, movetext: &[u8]) {
    match std::str::from_utf8(movetext) {
        Ok(text) => out.push_str(text),
        Err(_) => out.push_str(&String::from_utf8_lossy(movetext)),
    }
}

/// Appends a tag pair's line, `[name "value"]` (the value escaped by [`push_tag_value`]).
pub(super) fn push_tag_pair(out: &mut String, name: &str, value: &str) {
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

/// Writes `game` to `out` as PGN, with `marks`' comments: [`write_game`] for an
/// [`io::Write`], in the game's [`encoding`](GameRecord::encoding).
pub fn write_game_to<W: io::Write + ?Sized>(
    out: &mut W,
    game: &GameRecord,
    marks: &Marks,
) -> io::Result<()> {
    let mut text = String::new();
    write_game(&mut text, game, marks);
    // In the game's own encoding: the bytes read for a game read as Windows-1252.
    out.write_all(&game.encoding.encode(&text))
}

/// The termination marker written at the end of `game`'s movetext: its
/// [`outcome`](GameRecord::outcome), else its `Result` tag if that is a termination marker,
/// else `*`.
pub fn termination_marker(game: &GameRecord) -> &str {
    marker_of(game.outcome.as_deref(), game.tag("Result"))
}

/// The termination marker for a movetext's `outcome` and the game's `Result` tag (see
/// [`termination_marker`]).
pub(super) fn marker_of<'a>(outcome: Option<&'a str>, result_tag: Option<&'a str>) -> &'a str {
    const MARKERS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
    outcome
        .filter(|o| !o.is_empty())
        .or_else(|| result_tag.filter(|r| MARKERS.contains(r)))
        .unwrap_or("*")
}

/// The ply (0 for White's first move) of the game's first move, from the `FEN` tag's side to
/// move and move number.
fn start_ply(game: &GameRecord) -> u64 {
    start_ply_of(game.tag("FEN"))
}

/// The ply of the first move of a game whose `FEN` tag is `fen` (see [`start_ply`]).
pub(super) fn start_ply_of(fen: Option<&str>) -> u64 {
    let Some(fen) = fen else { return 0 };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let black = fields.get(1) == Some(&"b");
    let number = fields
        .get(5)
        .and_then(|n| n.parse::<u64>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1);
    (number - 1)
        .saturating_mul(2)
        .saturating_add(u64::from(black))
}

/// What is left to write, kept on a stack (variations nest without recursion).
enum Task {
    /// A move and the line that follows it. `main`: it is its parent's first child, so the
    /// parent's other children (its alternatives) follow it in parentheses.
    Move {
        node: u32,
        parent: u32,
        ply: u64,
        main: bool,
    },
    Open,
    Close,
}

fn write_moves(text: &mut Movetext<'_>, game: &GameRecord, marks: &Marks) {
    let Some(&first) = game.nodes.first().and_then(|root| root.children.first()) else {
        return;
    };
    let mut tasks = vec![Task::Move {
        node: first,
        parent: 0,
        ply: start_ply(game),
        main: true,
    }];
    // Each node is written once; the budget only matters for a (hand-made) cyclic tree.
    let mut budget = game.nodes.len();
    while let Some(task) = tasks.pop() {
        let (index, parent, ply, main) = match task {
            Task::Open => {
                text.open += 1;
                text.need_number = true;
                continue;
            }
            Task::Close => {
                text.close();
                continue;
            }
            Task::Move {
                node,
                parent,
                ply,
                main,
            } => (node, parent, ply, main),
        };
        let Some(node) = game.nodes.get(index as usize).filter(|_| budget > 0) else {
            continue;
        };
        budget -= 1;
        node.comments_before.iter().for_each(|c| text.comment(c));
        text.san(ply, if node.san.is_empty() { "--" } else { &node.san });
        node.nags.iter().for_each(|&nag| text.nag(nag));
        node.comments_after.iter().for_each(|c| text.comment(c));
        if let Some(mark) = marks.after.get(&index) {
            text.comment(mark);
        }
        if let Some(&next) = node.children.first() {
            tasks.push(Task::Move {
                node: next,
                parent: index,
                ply: ply.saturating_add(1),
                main: true,
            });
        }
        if main
            && let Some(siblings) = game
                .nodes
                .get(parent as usize)
                .and_then(|p| p.children.get(1..))
        {
            for &alternative in siblings.iter().rev() {
                tasks.push(Task::Close);
                tasks.push(Task::Move {
                    node: alternative,
                    parent,
                    ply,
                    main: false,
                });
                tasks.push(Task::Open);
            }
        }
    }
}

/// The movetext being written, with its line wrapping.
pub(super) struct Movetext<'a> {
    /// The movetext written so far: UTF-8, as only strings and ASCII bytes are written.
    pub(super) out: &'a mut Vec<u8>,
    /// The current column.
    pub(super) col: usize,
    /// `(`s to write before the next token, with no space between.
    pub(super) open: usize,
    /// Black's next move needs its number (`12...`).
    pub(super) need_number: bool,
    /// Scratch space for the token being made.
    pub(super) token: String,
}

impl<'a> Movetext<'a> {
    /// A movetext starting on `out`: column 0, nothing open, the first move's number due.
    pub(super) fn new(out: &'a mut Vec<u8>) -> Movetext<'a> {
        Movetext {
            out,
            col: 0,
            open: 0,
            need_number: true,
            token: String::new(),
        }
    }

    /// Writes one token (after any pending `(`), after a space or a line break.
    pub(super) fn put(&mut self, token: &str) {
        let open = std::mem::take(&mut self.open);
        // Tokens are short (a move, a move number, `{CQL}`): a plain scan beats memchr's
        // set-up, and the last line break is looked for only when there is a first.
        let bytes = token.as_bytes();
        let first_break = bytes.iter().position(|&b| b == b'\n');
        let first_line = open + first_break.unwrap_or(token.len());
        if self.col > 0 {
            self.space_for(1 + first_line);
        }
        (0..open).for_each(|_| self.out.push(b'('));
        self.out.extend_from_slice(token.as_bytes());
        self.col = match first_break.and_then(|_| memchr::memrchr(b'\n', bytes)) {
            Some(i) => token.len() - i - 1,
            None => self.col + open + token.len(),
        };
    }

    /// A space, or a line break if `width` more columns would pass the limit.
    fn space_for(&mut self, width: usize) {
        if self.col + width > WIDTH {
            self.out.push(b'\n');
            self.col = 0;
        } else {
            self.out.push(b' ');
            self.col += 1;
        }
    }

    /// `)`, right after the last token (or at the start of the next line).
    pub(super) fn close(&mut self) {
        if self.col + 1 > WIDTH {
            self.out.push(b'\n');
            self.col = 0;
        }
        (0..std::mem::take(&mut self.open)).for_each(|_| self.out.push(b'('));
        self.out.push(b')');
        self.col += 1;
        self.need_number = true;
    }

    fn put_token(&mut self) {
        let token = std::mem::take(&mut self.token);
        self.put(&token);
        self.token = token;
    }

    /// Writes `{comment}` (`;comment` and a line break when it holds a `}`).
    pub(super) fn comment(&mut self, comment: &str) {
        // As `put` writes the token `{comment}`, without making it first: the writer puts
        // a `{CQL}` after every position matched.
        if !comment.bytes().any(|b| b == b'}' || b == b'\n') {
            let open = std::mem::take(&mut self.open);
            let width = open + 1 + comment.len() + 1;
            if self.col > 0 {
                self.space_for(1 + width);
            }
            (0..open).for_each(|_| self.out.push(b'('));
            self.out.push(b'{');
            self.out.extend_from_slice(comment.as_bytes());
            self.out.push(b'}');
            self.col += width;
            self.need_number = true;
            return;
        }
        self.comment_token(comment);
    }

    /// [`comment`](Self::comment) made as a token and put.
    fn comment_token(&mut self, comment: &str) {
        self.token.clear();
        if !comment.contains('}') {
            self.token.push('{');
            self.token.push_str(comment);
            self.token.push('}');
            self.put_token();
        } else if !comment.contains('\n') && !comment.ends_with('\r') {
            self.token.push(';');
            self.token.push_str(comment);
            self.put_token();
            self.out.push(b'\n');
            self.col = 0;
        } else {
            self.token.push('{');
            self.token.push_str(&comment.replace('}', ")"));
            self.token.push('}');
            self.put_token();
        }
        self.need_number = true;
    }

    /// Writes a move: `12. Nf3` before White's, `12... Nf3` before Black's when it needs
    /// its number, else `Nf3`. As [`put`](Self::put) writes that token, without making it
    /// first (a move is written for every ply of every game printed).
    pub(super) fn san(&mut self, ply: u64, san: &str) {
        if san.as_bytes().contains(&b'\n') {
            return self.san_token(ply, san);
        }
        self.move_with(ply, san.len(), |out| out.extend_from_slice(san.as_bytes()));
    }

    /// [`san`](Self::san) for a move's text in ASCII, `san[..len]` (`pgn::write_plain` makes
    /// it so). The space or line break before the move, its number and the move are made in
    /// one piece of fixed size and copied at once: the writer prints every ply of every game
    /// it prints, and copying short pieces of varying size costs more than the making.
    pub(super) fn ascii_san(&mut self, ply: u64, san: &[u8; SAN_BYTES], len: usize) {
        debug_assert!(san[..len].is_ascii() && !san[..len].contains(&b'\n'));
        if self.open > 0 {
            return self.move_with(ply, len, |out| out.extend_from_slice(&san[..len]));
        }
        // At most a separator, 20 digits, `... ` and the move.
        let mut piece = [0u8; 48];
        let white = ply.is_multiple_of(2);
        let number = (white || self.need_number).then_some(ply / 2 + 1);
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
        let width = digits + dots + len;
        let mut at = 0;
        if self.col > 0 {
            // As `space_for(1 + width)`.
            piece[0] = if self.col + 1 + width > WIDTH {
                self.col = 0;
                b'\n'
            } else {
                self.col += 1;
                b' '
            };
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
                piece[at] = b'.';
                piece[at + 1] = b' ';
            }
            at += dots;
        }
        piece[at..at + SAN_BYTES].copy_from_slice(san);
        at += len;
        let start = self.out.len();
        self.out.extend_from_slice(&piece);
        self.out.truncate(start + at);
        self.col += width;
        self.need_number = false;
    }

    /// Writes a move whose text, `len` bytes on one line, `text` appends.
    fn move_with(&mut self, ply: u64, len: usize, text: impl FnOnce(&mut Vec<u8>)) {
        let mut digits = [0u8; 20];
        let (number, dots): (&[u8], &str) = if ply.is_multiple_of(2) {
            (decimal(ply / 2 + 1, &mut digits), ". ")
        } else if self.need_number {
            (decimal(ply / 2 + 1, &mut digits), "... ")
        } else {
            (&[], "")
        };
        let open = std::mem::take(&mut self.open);
        let width = open + number.len() + dots.len() + len;
        if self.col > 0 {
            self.space_for(1 + width);
        }
        (0..open).for_each(|_| self.out.push(b'('));
        self.out.extend_from_slice(number);
        self.out.extend_from_slice(dots.as_bytes());
        text(self.out);
        self.col += width;
        self.need_number = false;
    }

    /// [`san`](Self::san) made as a token and put: for a move's text with a line break.
    fn san_token(&mut self, ply: u64, san: &str) {
        self.token.clear();
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) {
            push_number(&mut self.token, number);
            self.token.push_str(". ");
        } else if self.need_number {
            push_number(&mut self.token, number);
            self.token.push_str("... ");
        }
        self.token.push_str(san);
        self.put_token();
        self.need_number = false;
    }

    pub(super) fn nag(&mut self, nag: u8) {
        self.token.clear();
        self.token.push('$');
        push_number(&mut self.token, u64::from(nag));
        self.put_token();
    }
}

/// Appends `n` in decimal (what `write!(out, "{n}")` writes, without the formatting
/// machinery: the writer puts a number before every White move).
fn push_number(out: &mut String, n: u64) {
    let mut digits = [0u8; 20];
    decimal(n, &mut digits)
        .iter()
        .for_each(|&d| out.push(char::from(d)));
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

    /// A movetext writing onto `out`, at column `col` with `open` variations to open.
    fn movetext(out: &mut Vec<u8>, col: usize, open: usize, need_number: bool) -> Movetext<'_> {
        Movetext {
            out,
            col,
            open,
            need_number,
            token: String::new(),
        }
    }

    /// The movetext written by `san` for each move, and by making each move's token and
    /// putting it (the general way), from the same start.
    fn both_ways(col: usize, open: usize, need_number: bool, moves: &[(u64, &str)]) {
        let (mut fast, mut general) = (Vec::new(), Vec::new());
        let mut a = movetext(&mut fast, col, open, need_number);
        let mut b = movetext(&mut general, col, open, need_number);
        for &(ply, san) in moves {
            match san.contains('\n') {
                true => a.san(ply, san),
                false => {
                    let mut text = [0; SAN_BYTES];
                    text[..san.len()].copy_from_slice(san.as_bytes());
                    a.ascii_san(ply, &text, san.len());
                }
            }
            b.san_token(ply, san);
            assert_eq!(
                (a.col, a.open, a.need_number),
                (b.col, b.open, b.need_number)
            );
        }
        assert_eq!(fast, general, "{col} {open} {need_number} {moves:?}");
    }

    #[test]
    fn moves_are_written_as_their_tokens_are_put() {
        let game: Vec<(u64, &str)> = (0..400)
            .map(|ply| {
                (
                    ply,
                    ["e4", "Nxf3+", "O-O-O#", "exd8=Q", "--"][ply as usize % 5],
                )
            })
            .collect();
        for col in [0, 1, 70, 74, 75, 76, 77, 78, 79, 85] {
            for open in [0, 1, 3] {
                for need_number in [false, true] {
                    for from in [0, 1, 17, 19] {
                        both_ways(col, open, need_number, &game[from..]);
                    }
                }
            }
        }
        both_ways(3, 1, true, &[(7, "a\nb"), (8, "c")]);
    }

    #[test]
    fn comments_are_written_as_their_tokens_are_put() {
        let comments = [
            "CQL",
            "",
            "a long comment with words",
            "x}y",
            "two\nlines",
            "end\r",
        ];
        for col in [0, 1, 60, 74, 75, 76, 77, 79, 90] {
            for open in [0, 2] {
                for need_number in [false, true] {
                    let (mut fast, mut general) = (Vec::new(), Vec::new());
                    let mut a = movetext(&mut fast, col, open, need_number);
                    let mut b = movetext(&mut general, col, open, need_number);
                    for comment in comments.iter().cycle().take(40) {
                        a.comment(comment);
                        b.comment_token(comment);
                        assert_eq!(
                            (a.col, a.open, a.need_number),
                            (b.col, b.open, b.need_number)
                        );
                    }
                    assert_eq!(fast, general, "{col} {open} {need_number}");
                }
            }
        }
    }

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 255, 1234, u64::MAX] {
            let mut out = String::from("x");
            push_number(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }
}
