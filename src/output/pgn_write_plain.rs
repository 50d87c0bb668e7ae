//! Writing a plain game ([`crate::pgn::plain`]) as PGN straight from its tokens: the bytes
//! that [`write_game`](super::pgn_write::write_game) writes for the game's record with marks
//! at main-line positions, without building the record (`pgn::plain_record`). The one-pass
//! search writes its matched games this way (`run::one_pass`). The tokens are the writer's
//! `Event`s, in the order they stand in the text.
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

use super::pgn_write::{Event, write_pgn};
use crate::pgn::TextEncoding;
use crate::pgn::plain::{NotPlain, PlainToken};

/// The longest SAN with its suffix (`Na1xa1=Q#`), in bytes.
const SAN_BYTES: usize = 9;

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
            main_moves = write_tokens(&mut |event| text.write(event), tokens, ply, marks.after)?;
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

/// The plain tokens' source of events: `tokens` (the result left out) in their order, each
/// main-line position's mark after its glyphs and comments, before its variations; the
/// number of main-line moves, or [`NotPlain`] at a token the record would move.
fn write_tokens(
    emit: &mut impl FnMut(Event),
    tokens: &[PlainToken],
    first_ply: u64,
    marks: &[(u32, Cow<str>)],
) -> Result<u32, NotPlain> {
    let mut marks = marks.iter().peekable();
    // The mark of main-line position `ply`, when it is marked.
    let mut mark = |emit: &mut dyn FnMut(Event), ply: u32| {
        if let Some((_, mark)) = marks.next_if(|(at, _)| *at == ply) {
            emit(Event::Comment(mark));
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
            PlainToken::Move(san) => {
                if main && std::mem::take(&mut mark_due) {
                    mark(emit, main_moves);
                }
                let mut text = [0u8; SAN_BYTES];
                emit(Event::Move(line.ply, san_text(san, &mut text)));
                line.ply = line.ply.saturating_add(1);
                line.moves += 1;
                if main {
                    main_moves += 1;
                    mark_due = true;
                }
                after = After::Move;
            }
            PlainToken::Nag(nag) if after == After::Move => emit(Event::Nag(nag)),
            PlainToken::Comment(bytes) if after != After::Variation => {
                emit(Event::Comment(
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
                    mark(emit, main_moves);
                }
                let ply = line.ply.saturating_sub(1);
                outer.push(line);
                line = Line { ply, moves: 0 };
                emit(Event::Open);
                after = After::Open;
            }
            PlainToken::Close if after != After::Open => {
                line = outer.pop().ok_or(NotPlain)?;
                emit(Event::Close);
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
        mark(emit, main_moves);
    }
    Ok(main_moves)
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
        let tokens =
            std::iter::from_fn(|| game.next_token().transpose()).collect::<Result<Vec<_>, _>>()?;
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
                let mut text = [0u8; SAN_BYTES];
                assert_eq!(san_text(san, &mut text), san.to_string().as_bytes());
            }
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
