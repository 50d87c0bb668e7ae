//! Writing a plain game ([`super::plain`]) as PGN straight from its text: the bytes that
//! [`write_game`](super::write_game) writes for the game's record with marks at main-line
//! positions, without building the record (`pgn::plain_record`). The one-pass search writes
//! its matched games this way (`run::one_pass`).
//!
//! The record places some tokens away from where they stand in the text, and the writer
//! follows the record: a move's glyphs (`$N`) are written before its comments, and every
//! glyph and comment of a move, also those after its variations (`1. e4 (1. d4) {c}`), before
//! the variations. So each move's glyphs, comments and variations are gathered up to the
//! next move, then written in the record's order; a variation is written from its own
//! tokens, in the same way. Where the record moves a token to a move written earlier — a
//! glyph at a variation's start, a comment in a variation with no move, a variation of a
//! variation's first move (it becomes an alternative of the outer move: see
//! [`GameRecord::movetext_order`](super::GameRecord::movetext_order)) — this writer
//! declines ([`NotPlain`]) and the caller writes the record.

use std::borrow::Cow;
use std::iter::Peekable;

use pgn_reader::shakmaty::san::{San, SanPlus};
use pgn_reader::shakmaty::{CastlingSide, Role};

use super::encoding::TextEncoding;
use super::plain::{NotPlain, PlainGame, PlainToken};
use super::write::{Movetext, SAN_BYTES, marker_of, push_movetext, push_tag_pair, start_ply_of};

/// The comments a plain game's output gets beside its own text.
#[derive(Clone, Copy, Debug)]
pub struct PlainMarks<'m> {
    /// A comment at the very start of the movetext (CQL's `Game number 12`).
    pub header: Option<&'m str>,
    /// The comment after each marked main-line position, by ply (0: the start position), in
    /// the plies' order.
    pub after: &'m [(u32, Cow<'m, str>)],
}

/// A plain game as [`PlainGame`] has read it already: its tags, in order, and every token of
/// its movetext, in order, the result last.
#[derive(Clone, Copy, Debug)]
pub struct ReadGame<'t, 'a> {
    /// The tags (name, value).
    pub tags: &'t [(String, String)],
    /// The movetext's tokens.
    pub tokens: &'t [PlainToken<'a>],
}

/// Appends `data`, a plain game, to `out` as [`write_game`](super::write_game) writes its
/// record with `marks` at its main-line positions, and gives the number of main-line moves.
/// `read`: the game's tags and tokens, when already read by [`PlainGame`], so they are not
/// read again.
/// [`NotPlain`] (and `out` as it was) when the game is not plain, has a `[Variant]` tag, is not
/// UTF-8, or places a token where the record would move it (see the module doc).
pub fn write_plain_game(
    out: &mut String,
    data: &[u8],
    read: Option<ReadGame<'_, '_>>,
    marks: &PlainMarks,
) -> Result<u32, NotPlain> {
    let start = out.len();
    let written = write(out, data, read, marks);
    if written.is_err() {
        out.truncate(start);
    }
    written
}

/// The tags the writer reads: FEN and Result (their first values), and whether there is any.
#[derive(Default)]
struct TagFacts<'v> {
    fen: Option<&'v str>,
    result: Option<&'v str>,
    any: bool,
}

impl<'v> TagFacts<'v> {
    /// Writes one tag pair and notes what it says; [`NotPlain`] for a variant's.
    fn put(&mut self, out: &mut String, name: &str, value: &'v str) -> Result<(), NotPlain> {
        // The careful reader may keep a variant's moves as written: not this writer's case.
        if name == "Variant" && !value.trim().is_empty() {
            return Err(NotPlain);
        }
        if name == "FEN" && self.fen.is_none() {
            self.fen = Some(value);
        }
        if name == "Result" && self.result.is_none() {
            self.result = Some(value);
        }
        self.any = true;
        push_tag_pair(out, name, value);
        Ok(())
    }
}

fn write(
    out: &mut String,
    data: &[u8],
    read: Option<ReadGame<'_, '_>>,
    marks: &PlainMarks,
) -> Result<u32, NotPlain> {
    if TextEncoding::of_game(data) != TextEncoding::Utf8 {
        return Err(NotPlain);
    }
    let mut game = PlainGame::new(data);
    let mut facts = TagFacts::default();
    match read {
        Some(read) => {
            for (name, value) in read.tags {
                facts.put(out, name, value)?;
            }
        }
        None => {
            while let Some((name, value)) = game.next_tag()? {
                facts.put(out, name, value)?;
            }
        }
    }
    let TagFacts {
        fen,
        result: result_tag,
        any: any_tag,
    } = facts;
    if any_tag {
        out.push('\n');
    }
    let read_now: Vec<PlainToken>;
    let all = match read {
        Some(read) => read.tokens,
        None => {
            let mut tokens = Vec::with_capacity(game.rest_len() / 4 + 1);
            while let Some(token) = game.next_token()? {
                tokens.push(token);
            }
            read_now = tokens;
            &read_now
        }
    };
    // The result is the last token, if any.
    let (tokens, outcome) = match all.split_last() {
        Some((PlainToken::Result(text), rest)) => (rest, Some(*text)),
        _ => (all, None),
    };
    let close = matching_closes(tokens)?;
    // The movetext is made as bytes (see `Movetext`), then appended.
    let mut movetext = Vec::with_capacity(data.len() + 64);
    let mut writer = Writer {
        tokens,
        close: &close,
        text: Movetext::new(&mut movetext),
        marks: marks.after.iter().peekable(),
        main_moves: 0,
        comments: Vec::new(),
        nags: Vec::new(),
        variations: Vec::new(),
    };
    if let Some(header) = marks.header {
        writer.text.comment(header);
    }
    // The root's glyphs and comments: everything before the first move.
    let first = tokens
        .iter()
        .position(|t| matches!(t, PlainToken::Move(_)))
        .unwrap_or(tokens.len());
    writer.write_notes(0, first, true)?;
    writer.line(first, tokens.len(), start_ply_of(fen), true)?;
    let moves = writer.main_moves;
    writer.text.put(marker_of(outcome, result_tag));
    writer.text.out.extend_from_slice(b"\n\n");
    push_movetext(out, &movetext);
    Ok(moves)
}

/// For each `(` among `tokens`, the index of its `)` (others: 0; none at all when there is no
/// `(`). The plain reader pairs them.
fn matching_closes(tokens: &[PlainToken]) -> Result<Vec<usize>, NotPlain> {
    // Most games have no variation: nothing to pair (and none is looked up).
    if !tokens
        .iter()
        .any(|t| matches!(t, PlainToken::Open | PlainToken::Close))
    {
        return Ok(Vec::new());
    }
    let mut close = vec![0; tokens.len()];
    let mut open = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            PlainToken::Open => open.push(i),
            PlainToken::Close => close[open.pop().ok_or(NotPlain)?] = i,
            _ => {}
        }
    }
    if open.is_empty() {
        Ok(close)
    } else {
        Err(NotPlain)
    }
}

/// `san` as shakmaty writes it (its `Display`, in ASCII), made in `text`: the writer prints
/// a move for every ply of every game it prints, and shakmaty's `append_to_string` costs
/// several times more.
fn san_text(san: SanPlus, text: &mut [u8; SAN_BYTES]) -> &[u8] {
    let mut len = 0;
    let mut push = |byte: u8| {
        text[len] = byte;
        len += 1;
    };
    match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                push(role.upper_char() as u8);
            }
            if let Some(file) = file {
                push(file.char() as u8);
            }
            if let Some(rank) = rank {
                push(rank.char() as u8);
            }
            if capture {
                push(b'x');
            }
            push(to.file().char() as u8);
            push(to.rank().char() as u8);
            if let Some(promotion) = promotion {
                push(b'=');
                push(promotion.upper_char() as u8);
            }
        }
        San::Castle(CastlingSide::KingSide) => b"O-O".iter().for_each(|&b| push(b)),
        San::Castle(CastlingSide::QueenSide) => b"O-O-O".iter().for_each(|&b| push(b)),
        San::Put { role, to } => {
            if role != Role::Pawn {
                push(role.upper_char() as u8);
            }
            push(b'@');
            push(to.file().char() as u8);
            push(to.rank().char() as u8);
        }
        San::Null => b"--".iter().for_each(|&b| push(b)),
    }
    if let Some(suffix) = san.suffix {
        push(suffix.char() as u8);
    }
    &text[..len]
}

struct Writer<'t, 'a, 'o, 'm> {
    tokens: &'t [PlainToken<'a>],
    close: &'t [usize],
    text: Movetext<'o>,
    /// The marks not written yet, by ply.
    marks: Peekable<std::slice::Iter<'m, (u32, Cow<'m, str>)>>,
    /// Main-line moves written so far (the ply of the last one, counted from the start).
    main_moves: u32,
    /// Scratch, per move (reused): its comments, glyphs and variations (token ranges).
    comments: Vec<&'a [u8]>,
    nags: Vec<u8>,
    variations: Vec<(usize, usize)>,
}

impl Writer<'_, '_, '_, '_> {
    /// Writes the line of moves in `tokens[from..to]` (the main line, or a variation's
    /// inside), its first move at `ply`.
    fn line(&mut self, from: usize, to: usize, mut ply: u64, main: bool) -> Result<(), NotPlain> {
        let mut i = from;
        // A variation's comments before its first move: that move's `comments_before`.
        while let Some(token) = self.tokens.get(i).filter(|_| i < to) {
            match token {
                PlainToken::Comment(bytes) => {
                    self.text
                        .comment(std::str::from_utf8(bytes).map_err(|_| NotPlain)?);
                }
                PlainToken::Move(_) => break,
                // A glyph here belongs to the move before the variation.
                _ => return Err(NotPlain),
            }
            i += 1;
        }
        let mut first = true;
        while i < to {
            let PlainToken::Move(san) = self.tokens[i] else {
                return Err(NotPlain);
            };
            let mut text = [0u8; SAN_BYTES];
            let len = san_text(san, &mut text).len();
            self.text.ascii_san(ply, &text, len);
            if main {
                self.main_moves += 1;
            }
            i += 1;
            // Most moves have nothing after them but the next move.
            if i == to || matches!(self.tokens[i], PlainToken::Move(_)) {
                if main {
                    self.write_mark();
                }
                ply = ply.saturating_add(1);
                first = false;
                continue;
            }
            // This move's glyphs, comments and variations, up to the next move.
            let notes_from = i;
            let mut variations = std::mem::take(&mut self.variations);
            variations.clear();
            let mut notes_to = i;
            let mut next = to;
            let mut k = i;
            while k < to {
                match self.tokens[k] {
                    PlainToken::Move(_) => {
                        next = k;
                        break;
                    }
                    PlainToken::Open => {
                        // A variation of a variation's first move is an alternative of the
                        // outer move in the record.
                        if first && !main {
                            return Err(NotPlain);
                        }
                        variations.push((k + 1, self.close[k]));
                        k = self.close[k] + 1;
                    }
                    _ => {
                        k += 1;
                        notes_to = k;
                    }
                }
            }
            self.write_notes(notes_from, notes_to, main)?;
            for &(a, b) in &variations {
                let has_move = self.tokens[a..b]
                    .iter()
                    .any(|t| matches!(t, PlainToken::Move(_)));
                if has_move {
                    self.text.open += 1;
                    self.text.need_number = true;
                    self.line(a, b, ply, false)?;
                    self.text.close();
                } else if b > a {
                    // A comment or glyph in a variation with no move goes to an earlier move.
                    return Err(NotPlain);
                }
            }
            self.variations = variations;
            ply = ply.saturating_add(1);
            first = false;
            i = next;
        }
        Ok(())
    }

    /// The glyphs and comments among `tokens[from..to]` (skipping the variations there), in
    /// the record's order: glyphs first; then the mark of the current main-line position when
    /// `main` and it is marked.
    fn write_notes(&mut self, from: usize, to: usize, main: bool) -> Result<(), NotPlain> {
        if from < to {
            self.write_glyphs_and_comments(from, to)?;
        }
        if main {
            self.write_mark();
        }
        Ok(())
    }

    /// The mark of the current main-line position, when it is marked.
    #[inline]
    fn write_mark(&mut self) {
        if let Some((_, mark)) = self.marks.next_if(|(ply, _)| *ply == self.main_moves) {
            self.text.comment(mark);
        }
    }

    /// The glyphs, then the comments, among `tokens[from..to]` (skipping the variations).
    fn write_glyphs_and_comments(&mut self, from: usize, to: usize) -> Result<(), NotPlain> {
        let mut nags = std::mem::take(&mut self.nags);
        let mut comments = std::mem::take(&mut self.comments);
        nags.clear();
        comments.clear();
        let mut k = from;
        while k < to {
            match self.tokens[k] {
                PlainToken::Nag(nag) => nags.push(nag),
                PlainToken::Comment(bytes) => comments.push(bytes),
                PlainToken::Open => k = self.close[k],
                _ => {}
            }
            k += 1;
        }
        nags.iter().for_each(|&nag| self.text.nag(nag));
        for bytes in &comments {
            self.text
                .comment(std::str::from_utf8(bytes).map_err(|_| NotPlain)?);
        }
        self.nags = nags;
        self.comments = comments;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::{Marks, write_game};

    #[test]
    fn sans_are_written_as_shakmaty_writes_them() {
        use pgn_reader::shakmaty::san::Suffix;
        use pgn_reader::shakmaty::{File, Rank, Square};
        let roles = [
            None,
            Some(Role::Pawn),
            Some(Role::Knight),
            Some(Role::Bishop),
        ]
        .into_iter()
        .chain([Role::Rook, Role::Queen, Role::King].map(Some));
        let roles: Vec<Option<Role>> = roles.collect();
        let files: Vec<Option<File>> = [None].into_iter().chain(File::ALL.map(Some)).collect();
        let ranks: Vec<Option<Rank>> = [None].into_iter().chain(Rank::ALL.map(Some)).collect();
        let targets = [Square::A1, Square::H8, Square::E4, Square::B7, Square::G2];
        let mut sans = vec![
            San::Castle(CastlingSide::KingSide),
            San::Castle(CastlingSide::QueenSide),
            San::Null,
        ];
        for &role in roles.iter().flatten() {
            for &to in &targets {
                sans.push(San::Put { role, to });
                for &file in &files {
                    for &rank in &ranks {
                        for capture in [false, true] {
                            for &promotion in &roles {
                                sans.push(San::Normal {
                                    role,
                                    file,
                                    rank,
                                    capture,
                                    to,
                                    promotion,
                                });
                            }
                        }
                    }
                }
            }
        }
        for san in sans {
            for suffix in [None, Some(Suffix::Check), Some(Suffix::Checkmate)] {
                let san = SanPlus { san, suffix };
                let mut text = [0u8; SAN_BYTES];
                assert_eq!(san_text(san, &mut text), san.to_string().as_bytes());
            }
        }
    }

    /// What `write_game` writes for the game's record with the same marks (the reference),
    /// or None when the game is not plain.
    fn by_record(data: &[u8], marks: &PlainMarks) -> Option<String> {
        let record =
            crate::pgn::plain_record::plain_record(data, crate::pgn::MoveReading::San).ok()?;
        let mainline = record.mainline();
        let mut by_node = Marks {
            header: marks.header.map(str::to_string),
            ..Marks::default()
        };
        for (ply, text) in marks.after {
            by_node.after.insert(mainline[*ply as usize], text.clone());
        }
        let mut out = String::from("before\n");
        write_game(&mut out, &record, &by_node);
        Some(out)
    }

    /// Writes `data` both ways with the plies chosen by `pick` marked; the streaming writer
    /// must write the record's bytes, or decline. Gives whether it wrote.
    fn agree(data: &[u8], pick: impl Fn(u32) -> bool, header: Option<&str>) -> bool {
        let main_moves = crate::pgn::plain_record::plain_record(data, crate::pgn::MoveReading::San)
            .map(|r| r.mainline().len() as u32 - 1)
            .unwrap_or(0);
        // The match comment, and a longer one at every fifth ply.
        let after: Vec<(u32, Cow<str>)> = (0..=main_moves)
            .filter(|&p| pick(p))
            .map(|p| {
                (
                    p,
                    Cow::Borrowed(if p % 5 == 0 { "CQL seen" } else { "CQL" }),
                )
            })
            .collect();
        let marks = PlainMarks {
            header,
            after: &after,
        };
        let mut out = String::from("before\n");
        let written = write_plain_game(&mut out, data, None, &marks);
        let text = String::from_utf8_lossy(data);
        match (written, by_record(data, &marks)) {
            (Ok(moves), Some(reference)) => {
                assert_eq!(out, reference, "{text}");
                assert_eq!(moves, main_moves, "{text}");
                true
            }
            (Err(NotPlain), _) => {
                assert_eq!(out, "before\n", "a declined game leaves the output: {text}");
                false
            }
            (Ok(_), None) => panic!("written, but the record reader refuses it: {text}"),
        }
    }

    /// Every game of the shared PGN files, with several mark patterns: the same bytes as the
    /// record's writer; skipped when `../shared` is absent.
    #[test]
    fn shared_games_are_written_as_their_records_are() {
        let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
        let (mut written, mut total) = (0, 0);
        for file in ["cql-sample.pgn", "messy.pgn", "std-visible-5k.pgn"] {
            let Ok(data) = std::fs::read(shared.join(file)) else {
                eprintln!("{file} absent: skipped");
                continue;
            };
            for range in crate::pgn::split_games(&data) {
                let slice = &data[range];
                total += 1;
                let all = agree(slice, |_| true, Some("Game number 7"));
                let none = agree(slice, |_| false, None);
                let some = agree(slice, |p| p % 3 == 0, Some("Game number 8 sort 5"));
                assert!(all == none && none == some);
                written += usize::from(all);
            }
        }
        // Most real games are plain and written straight.
        assert!(
            total == 0 || written * 10 > total * 9,
            "{written} of {total}"
        );
    }

    /// The places where the record moves a token: written as the record is, or declined.
    #[test]
    fn tokens_the_record_moves_are_written_where_it_puts_them() {
        for (pgn, straight) in [
            // A glyph after a comment: glyphs first.
            ("[A \"x\"]\n\n1. e4 {a} $1 e5 *", true),
            // Comments and glyphs after a variation: before the variation.
            (
                "[A \"x\"]\n\n1. e4 (1. d4 d5) {after} $2 (1. c4) {last} e5 1-0",
                true,
            ),
            // Comments at a variation's start: its first move's.
            (
                "[A \"x\"]\n\n1. e4 ( {before} 1. d4 {x} ) e5 (1... c5 2. Nf3 (2. Nc3)) 2. Nf3 *",
                true,
            ),
            // A root comment and glyph, a FEN start, Black first.
            (
                "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n{start} $1 1... e5 2. Nf3 *",
                true,
            ),
            // An empty variation: nothing.
            ("[A \"x\"]\n\n1. e4 ( ) e5 *", true),
            // No result: the Result tag's, else `*`.
            ("[Result \"1-0\"]\n\n1. e4 e5", true),
            ("[Result \"x\"]\n\n1. e4 e5", true),
            // A glyph at a variation's start goes to the move before it: declined.
            ("[A \"x\"]\n\n1. e4 e5 ( $1 1... c5 ) *", false),
            // A comment in an empty variation: declined.
            ("[A \"x\"]\n\n1. e4 e5 ( {empty} ) 2. Nf3 *", false),
            // A variation of a variation's first move: declined.
            ("[A \"x\"]\n\n1. e4 (1. d4 (1. c4)) e5 *", false),
            // A variant: declined.
            ("[Variant \"Atomic\"]\n\n1. e4 e5 *", false),
        ] {
            for pick in [|_| true, |p: u32| p == 0, |p: u32| p % 2 == 1] {
                assert_eq!(
                    agree(pgn.as_bytes(), pick, Some("Game number 1")),
                    straight,
                    "{pgn}"
                );
            }
        }
    }
}
