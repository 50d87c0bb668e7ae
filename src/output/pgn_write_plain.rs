//! Writing a plain game ([`crate::pgn::plain`]) as PGN straight from its tokens: the bytes
//! that [`write_game`](super::pgn_write::write_game) writes for the game's record with marks
//! at main-line positions, without building the record (`pgn::plain_record`). The one-pass
//! search writes its matched games this way (`run::one_pass`). The tokens are the writer's
//! `Event`s, in the order they stand in the text; a move's SAN is made straight into the
//! writer's piece (`Movetext::put_made_move`): the token's own bytes copied as one word when
//! they are what shakmaty writes for it (`pgn::san_token::SanText`, most moves), else made
//! from its parts.
//!
//! The record places some tokens away from where they stand: a move's glyphs (`$N`) before
//! its comments, its glyphs and comments (also those after its variations) before its
//! variations, a glyph at a variation's start and a comment in a variation with no move at
//! the move before it, a variation of a variation's first move among the outer move's
//! alternatives (see [`GameRecord::movetext_order`](crate::pgn::GameRecord::movetext_order)).
//! Where a token stands so, this writer declines ([`NotPlain`]) and the caller writes the
//! record. An empty variation, `( )`, is nothing in the record, and nothing here.

use std::borrow::Cow;

use pgn_reader::shakmaty::san::{San, SanPlus};
use pgn_reader::shakmaty::{CastlingSide, Role};

use super::pgn_write::{Event, MadeMove, Movetext, PIECE, SHORT_MOVE, write_pgn};
use crate::pgn::TextEncoding;
use crate::pgn::plain::{NotPlain, PlainToken, SanText};

/// The comments a plain game's output gets beside its own text.
#[derive(Clone, Copy, Debug)]
pub struct PlainMarks<'m> {
    /// A comment at the very start of the movetext (CQL's `Game number 12`).
    pub header: Option<&'m str>,
    /// The comment after each marked main-line position, by ply (0: the start position), in
    /// the plies' order.
    pub after: &'m [(u32, Cow<'m, str>)],
}

/// A plain game as [`PlainGame`](crate::pgn::plain::PlainGame) has read it already: its tags, in order, and every token of
/// its movetext, in order, the result last.
#[derive(Clone, Copy, Debug)]
pub struct ReadGame<'t, 'a> {
    /// The tags (name, value).
    pub tags: &'t [(String, String)],
    /// The movetext's tokens.
    pub tokens: &'t [PlainToken<'a>],
}

/// Appends `data`, a plain game, to `out` as [`write_game`](super::pgn_write::write_game)
/// writes its record with `marks` at its main-line positions, and gives the number of
/// main-line moves. `read`: the game's tags and tokens, as `PlainGame` read them (the search
/// reads each game once).
/// [`NotPlain`] (and `out` as it was) when the game is not plain, is not UTF-8, or places a
/// token where the record would move it (see the module doc). A `[Variant]` tag is written as
/// is: the record compared, [`read_game`](crate::pgn::read_game)'s, reads standard SAN
/// whatever it says; which variants are searched (and so written) here is the caller's
/// decision (the one-pass search keeps those resolving to standard chess or Chess960, as
/// lichess's `[Variant "Standard"]` on every game).
pub fn write_plain_game(
    out: &mut String,
    data: &[u8],
    read: ReadGame<'_, '_>,
    marks: &PlainMarks,
) -> Result<u32, NotPlain> {
    if TextEncoding::of_game(data) != TextEncoding::Utf8 {
        return Err(NotPlain);
    }
    // The result is the last token, if any.
    let (tokens, outcome) = match read.tokens.split_last() {
        Some((PlainToken::Result(text), rest)) => (rest, Some(*text)),
        _ => (read.tokens, None),
    };
    let start = out.len();
    let mut main_moves = 0;
    let capacity = data.len() + 64;
    let written = write_pgn(
        out,
        read.tags,
        marks.header,
        outcome,
        capacity,
        |text, ply| {
            main_moves = write_tokens(text, tokens, ply, marks.after)?;
            Ok(())
        },
    );
    if written.is_err() {
        out.truncate(start);
    }
    written.map(|()| main_moves)
}

/// What has followed the last move (or the game's start) so far in its line: where the
/// record would put a glyph or comment read now.
#[derive(Clone, Copy, PartialEq, Eq)]
enum After {
    /// Nothing, or glyphs: a glyph or comment now is written where it stands.
    Move,
    /// A comment: a glyph now would be written before it.
    Comment,
    /// A variation: a glyph or comment now would be written before it.
    Variation,
    /// A `(` and perhaps comments (its first move's comments before): a glyph now belongs to
    /// the move before the variation.
    Open,
}

/// A line being written: the main line, or a variation.
#[derive(Clone, Copy)]
struct Line {
    /// The next move's ply.
    ply: u64,
    /// The moves written in it so far.
    moves: u32,
}

/// Writes `tokens` (the result left out) to `text` in their order, each main-line
/// position's mark after its glyphs and comments, before its variations, each move made
/// from its parsed SAN in the writer's piece ([`Movetext::put_made_move`]); gives the number
/// of main-line moves, or [`NotPlain`] at a token the record would move.
fn write_tokens(
    text: &mut Movetext,
    tokens: &[PlainToken],
    first_ply: u64,
    marks: &[(u32, Cow<str>)],
) -> Result<u32, NotPlain> {
    // The next mark to write.
    let mut next_mark = 0;
    // The mark of main-line position `ply`, when it is marked.
    let mut mark = |text: &mut Movetext, ply: u32| {
        if let Some((at, mark)) = marks.get(next_mark)
            && *at == ply
        {
            text.write(Event::Comment(mark));
            next_mark += 1;
        }
    };
    let (mut main_moves, mut mark_due) = (0, true);
    let mut line = Line {
        ply: first_ply,
        moves: 0,
    };
    // The lines the open variations branch from, innermost last.
    let mut outer: Vec<Line> = Vec::new();
    let mut after = After::Move;
    let mut i = 0;
    while let Some(&token) = tokens.get(i) {
        i += 1;
        let main = outer.is_empty();
        match token {
            PlainToken::Move(san, san_text) => {
                if main && std::mem::take(&mut mark_due) {
                    mark(text, main_moves);
                }
                text.put_made_move(line.ply, (san, san_text));
                line.ply = line.ply.saturating_add(1);
                line.moves += 1;
                if main {
                    main_moves += 1;
                    mark_due = true;
                }
                after = After::Move;
            }
            PlainToken::Nag(nag) if after == After::Move => text.write(Event::Nag(nag)),
            PlainToken::Comment(bytes) if after != After::Variation => {
                text.write(Event::Comment(
                    std::str::from_utf8(bytes).map_err(|_| NotPlain)?,
                ));
                if after == After::Move {
                    after = After::Comment;
                }
            }
            // An empty variation: nothing in the record.
            PlainToken::Open if tokens.get(i) == Some(&PlainToken::Close) => i += 1,
            // A variation of a variation's first move is among the outer move's alternatives.
            PlainToken::Open if main || line.moves > 1 => {
                if main && std::mem::take(&mut mark_due) {
                    mark(text, main_moves);
                }
                let ply = line.ply.saturating_sub(1);
                outer.push(line);
                line = Line { ply, moves: 0 };
                text.write(Event::Open);
                after = After::Open;
            }
            PlainToken::Close if after != After::Open => {
                line = outer.pop().ok_or(NotPlain)?;
                text.write(Event::Close);
                after = After::Variation;
            }
            // A token the record moves (see the module doc), or a result before the end.
            _ => return Err(NotPlain),
        }
    }
    if !outer.is_empty() {
        return Err(NotPlain);
    }
    if mark_due {
        mark(text, main_moves);
    }
    Ok(main_moves)
}

/// A SAN makes itself in the writer's piece by [`write_san`].
impl MadeMove for SanPlus {
    #[inline(always)]
    fn make(self, piece: &mut [u8; PIECE], at: usize) -> usize {
        write_san(self, piece, at)
    }
}

/// A move token makes itself in the writer's piece: its own bytes, one word copied, when they
/// are what shakmaty writes for its SAN (`pgn::san_token` tests that they are), else its SAN
/// by [`write_san`]. The word's zeros after the text fall past the move's end, which the
/// piece's copy cuts off.
impl MadeMove for (SanPlus, SanText) {
    #[inline(always)]
    fn make(self, piece: &mut [u8; PIECE], at: usize) -> usize {
        let (san, text) = self;
        match text.len() {
            0 => write_san(san, piece, at),
            len => {
                piece[at..at + 8].copy_from_slice(&text.bytes());
                at + len
            }
        }
    }
}

/// `san` as shakmaty writes it (its `Display`, in ASCII), made in `text` by [`write_san`].
#[cfg(test)]
fn san_text(san: SanPlus, text: &mut [u8; SHORT_MOVE]) -> &[u8] {
    let mut piece = [0u8; PIECE];
    let len = write_san(san, &mut piece, 0);
    text[..len].copy_from_slice(&piece[..len]);
    &text[..len]
}

/// Writes `san` as shakmaty writes it (its `Display`, in ASCII) into `piece` from `at`, and
/// gives the index after it (at most [`SHORT_MOVE`] on): the writer prints a move for every
/// ply of every game it prints, and shakmaty's `append_to_string` costs several times more.
/// Each optional part is written, and counted only when present: fewer branches.
#[inline(always)]
fn write_san(san: SanPlus, piece: &mut [u8; PIECE], at: usize) -> usize {
    // A role's letter, by its number (`Role::Pawn` is 1).
    const LETTERS: &[u8; 7] = b"?PNBRQK";
    let text = &mut piece[at..at + SHORT_MOVE];
    let mut len = 0;
    match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            text[0] = LETTERS[role as usize];
            len += usize::from(role != Role::Pawn);
            text[len] = b'a' + file.map_or(0, |f| f as u8);
            len += usize::from(file.is_some());
            text[len] = b'1' + rank.map_or(0, |r| r as u8);
            len += usize::from(rank.is_some());
            text[len] = b'x';
            len += usize::from(capture);
            text[len] = b'a' + to.file() as u8;
            text[len + 1] = b'1' + to.rank() as u8;
            len += 2;
            if let Some(promotion) = promotion {
                text[len] = b'=';
                text[len + 1] = LETTERS[promotion as usize];
                len += 2;
            }
        }
        San::Castle(CastlingSide::KingSide) => {
            text[..3].copy_from_slice(b"O-O");
            len = 3;
        }
        San::Castle(CastlingSide::QueenSide) => {
            text[..5].copy_from_slice(b"O-O-O");
            len = 5;
        }
        San::Put { role, to } => {
            text[0] = LETTERS[role as usize];
            len += usize::from(role != Role::Pawn);
            text[len] = b'@';
            text[len + 1] = b'a' + to.file() as u8;
            text[len + 2] = b'1' + to.rank() as u8;
            len += 3;
        }
        San::Null => {
            text[..2].copy_from_slice(b"--");
            len = 2;
        }
    }
    if let Some(suffix) = san.suffix {
        text[len] = suffix.char() as u8;
        len += 1;
    }
    at + len
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::pgn_write::{Marks, write_game};
    use crate::pgn::plain::PlainGame;

    /// [`write_plain_game`] on `data`, its tags and tokens read here by [`PlainGame`].
    fn write_read(out: &mut String, data: &[u8], marks: &PlainMarks) -> Result<u32, NotPlain> {
        let mut game = PlainGame::new(data);
        let tags = std::iter::from_fn(|| game.next_tag().transpose())
            .map(|tag| tag.map(|(name, value)| (name.to_string(), value.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        let tokens = std::iter::from_fn(|| game.next_token_with_text().transpose())
            .collect::<Result<Vec<_>, _>>()?;
        let read = ReadGame {
            tags: &tags,
            tokens: &tokens,
        };
        write_plain_game(out, data, read, marks)
    }

    #[test]
    fn sans_are_written_as_shakmaty_writes_them() {
        use pgn_reader::shakmaty::san::Suffix;
        use pgn_reader::shakmaty::{File, Rank, Square};
        let roles: Vec<Option<Role>> = [None].into_iter().chain(Role::ALL.map(Some)).collect();
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
                let mut text = [0u8; SHORT_MOVE];
                assert_eq!(san_text(san, &mut text), san.to_string().as_bytes());
            }
        }
    }

    /// The movetext written for `steps` (None: a move from its SAN; Some: a comment, or `(`
    /// for an empty one, `)` for "x"), each move made in the piece when `in_piece`, else
    /// given as bytes (`san_text`'s, checked against shakmaty above) to the general writer.
    fn movetext_of(steps: &[(u64, SanPlus, Option<&str>)], in_piece: bool) -> String {
        let mut out = String::new();
        let no_tags: &[(&str, &str)] = &[];
        let wrote: Result<(), ()> = write_pgn(&mut out, no_tags, None, Some("*"), 0, |text, _| {
            for (k, &(ply, san, extra)) in steps.iter().enumerate() {
                match extra {
                    Some("") => text.write(Event::Open),
                    Some("x") => text.write(Event::Close),
                    Some(comment) => text.write(Event::Comment(comment)),
                    // Every other move as the plain reader reads its token: with its text.
                    None if in_piece && k % 2 == 0 && san.san != San::Null => {
                        text.put_made_move(ply, read_token(san))
                    }
                    None if in_piece => text.put_made_move(ply, san),
                    None => text.write(Event::Move(ply, san_text(san, &mut [0u8; SHORT_MOVE]))),
                }
            }
            Ok(())
        });
        assert_eq!(wrote, Ok(()));
        out
    }

    /// `san` written as a token and read back by the plain reader: its SAN and text (the
    /// text when the token has a common shape).
    fn read_token(san: SanPlus) -> (SanPlus, SanText) {
        let pgn = format!("[A \"x\"]\n\n{san} *");
        let mut game = PlainGame::new(pgn.as_bytes());
        while game.next_tag().expect("a plain tag").is_some() {}
        match game.next_token_with_text() {
            Ok(Some(PlainToken::Move(read, text))) if read == san => (read, text),
            other => panic!("{san}: {other:?}"),
        }
    }

    /// A move made in the writer's piece is written as the general writer writes its SAN's
    /// bytes: at every column (comments of every length before it), with and without its
    /// number (after a comment, a `(`, a `)`), with numbers of one to twenty digits.
    #[test]
    fn moves_made_in_the_piece_are_written_as_their_bytes_are() {
        let sans: Vec<SanPlus> = [
            "e4", "Nxf3+", "O-O-O#", "exd8=Q", "Qh4xe1#", "a1=N", "O-O", "bxa1=N#", "R1e2",
        ]
        .iter()
        .map(|text| text.parse().expect("a SAN"))
        .chain([SanPlus {
            san: San::Null,
            suffix: None,
        }])
        .collect();
        let comments: Vec<String> = (1..60).map(|len| "c".repeat(len)).collect();
        for first in [0, 1, 17, 196, 800, 1400, 1994, 1995, 19_996, u64::MAX - 700] {
            let mut steps = Vec::new();
            for k in 0..600u64 {
                let ply = first.saturating_add(k);
                let san = sans[(k % 7 + k / 11) as usize % sans.len()];
                steps.push((ply, san, None));
                match k % 13 {
                    3 | 8 => steps.push((0, san, Some(comments[(k % 59) as usize].as_str()))),
                    5 => steps.extend([
                        (0, san, Some("")),
                        (ply, sans[(k % 5) as usize], None),
                        (0, san, Some("x")),
                    ]),
                    _ => {}
                }
            }
            assert_eq!(
                movetext_of(&steps, true),
                movetext_of(&steps, false),
                "{first}"
            );
        }
    }

    /// What `write_game` writes for the game's record with the same marks (the reference),
    /// or None when the game is not plain.
    fn by_record(data: &[u8], marks: &PlainMarks) -> Option<String> {
        let record = crate::pgn::plain_record(data, crate::pgn::MoveReading::San).ok()?;
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
        let main_moves = crate::pgn::plain_record(data, crate::pgn::MoveReading::San)
            .map(|r| r.mainline().len() as u32 - 1)
            .unwrap_or(0);
        // The match comment, and a longer one at every fifth ply.
        let after: Vec<(u32, Cow<str>)> = (0..=main_moves)
            .filter(|&p| pick(p))
            .map(|p| (p, if p % 5 == 0 { "CQL seen" } else { "CQL" }.into()))
            .collect();
        let marks = PlainMarks {
            header,
            after: &after,
        };
        let mut out = String::from("before\n");
        let written = write_read(&mut out, data, &marks);
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
        for file in [
            "cql-sample.pgn",
            "messy.pgn",
            "std-visible-5k.pgn",
            "annotated.pgn",
        ] {
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

    /// Games where the record moves a token, and others, with the output PGN's export format
    /// and the careful reader's placement (`pgn::read`: a move's glyphs and comments before its
    /// variations, glyphs before comments, a glyph at a variation's start or a comment in an
    /// empty variation at the move before it, a variation of a variation's first move among
    /// the outer move's alternatives) give, reasoned here by hand: a header, and a mark at
    /// main-line ply 2. The record's writer writes it; the plain writer writes it or declines.
    /// A FEN with Black to move at move 1.
    const BLACK_TO_MOVE: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

    #[test]
    fn games_are_written_with_the_record_s_placement_or_declined() {
        for (pgn, expected, straight) in [
            // A glyph after a comment: glyphs first.
            (
                "1. e4 {a} $1 e5 *",
                "{G} 1. e4 $1 {a} 1... e5 {CQL} *",
                false,
            ),
            (
                "1. e4 $1 {a} (1. d4 d5) e5 *",
                "{G} 1. e4 $1 {a} (1. d4 d5) 1... e5 {CQL} *",
                true,
            ),
            // Comments and glyphs after a variation: before it.
            (
                "1. e4 (1. d4 d5) {after} $2 (1. c4) {last} e5 1-0",
                "{G} 1. e4 $2 {after} {last} (1. d4 d5) (1. c4) 1... e5 {CQL} 1-0",
                false,
            ),
            // Comments at a variation's start: its first move's; nested variations.
            (
                "1. e4 ( {b} 1. d4 {x} ) e5 (1... c5 2. Nf3 (2. Nc3)) 2. Nf3 *",
                "{G} 1. e4 ({b} 1. d4 {x}) 1... e5 {CQL} (1... c5 2. Nf3 (2. Nc3)) 2. Nf3 *",
                true,
            ),
            // The root's glyphs before its comments; Black first from a FEN.
            (
                "{start} $1 1... e5 2. Nf3 *",
                "{G} $1 {start} 1... e5 2. Nf3 {CQL} *",
                false,
            ),
            (
                "$1 {start} 1... e5 2. Nf3 *",
                "{G} $1 {start} 1... e5 2. Nf3 {CQL} *",
                true,
            ),
            // An empty variation: nothing (and no number after it).
            ("1. e4 ( ) e5 *", "{G} 1. e4 e5 {CQL} *", true),
            // No result: the Result tag's, else `*`.
            (
                "[Result \"1-0\"]\n\n1. e4 e5",
                "{G} 1. e4 e5 {CQL} 1-0",
                true,
            ),
            ("[Result \"x\"]\n\n1. e4 e5", "{G} 1. e4 e5 {CQL} *", true),
            // A `[Variant]` tag naming standard chess (lichess's, with a clock comment after
            // every move) or Chess960: written as is, the moves as for any other game.
            (
                "[Variant \"Standard\"]\n\n1. e4 { [%clk 0:02:59] } 1... e5 { [%clk 0:02:56] } *",
                "{G} 1. e4 { [%clk 0:02:59] } 1... e5 { [%clk 0:02:56] } {CQL} *",
                true,
            ),
            (
                "[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 *",
                "{G} 1. e4 e5 {CQL} 2. Nf3 *",
                true,
            ),
            // A glyph at a variation's start: the move before it's.
            (
                "1. e4 e5 ( $1 1... c5 ) *",
                "{G} 1. e4 $1 e5 {CQL} (1... c5) *",
                false,
            ),
            // A comment in an empty variation: the move before it's.
            (
                "1. e4 e5 ( {c} ) 2. Nf3 *",
                "{G} 1. e4 {c} 1... e5 {CQL} 2. Nf3 *",
                false,
            ),
            // A variation of a variation's first move: the outer move's alternative.
            (
                "1. e4 (1. d4 (1. c4)) e5 *",
                "{G} 1. e4 (1. d4) (1. c4) 1... e5 {CQL} *",
                false,
            ),
        ] {
            // The tags: a FEN with Black to move when the game starts with Black's move.
            let tags = match pgn.split_once("\n\n") {
                Some((tags, _)) => format!("{tags}\n"),
                None if pgn.contains(" 1... e5 2.") => format!("[FEN \"{BLACK_TO_MOVE}\"]\n"),
                None => "[A \"x\"]\n".into(),
            };
            let movetext = pgn.split_once("\n\n").map_or(pgn, |(_, moves)| moves);
            let pgn = format!("{tags}\n{movetext}");
            let expected = format!("{tags}\n{expected}\n\n");
            let record = crate::pgn::read_game(pgn.as_bytes()).expect("a game");
            let mut marks = Marks {
                header: Some("G".into()),
                ..Marks::default()
            };
            marks.after.insert(record.mainline()[2], "CQL".into());
            let mut out = String::new();
            write_game(&mut out, &record, &marks);
            assert_eq!(out, expected, "{pgn}");
            let after = [(2, Cow::Borrowed("CQL"))];
            let marks = PlainMarks {
                header: Some("G"),
                after: &after,
            };
            let mut out = String::from("x");
            let written = write_read(&mut out, pgn.as_bytes(), &marks);
            let main_moves = record.mainline().len() as u32 - 1;
            match straight {
                true => assert_eq!((written, out), (Ok(main_moves), format!("x{expected}"))),
                false => assert_eq!((written, out.as_str()), (Err(NotPlain), "x"), "{pgn}"),
            }
        }
    }
}
