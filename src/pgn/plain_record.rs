//! The record of a plain game ([`super::plain`]) built straight from its tokens: the
//! careful reader's [`GameRecord`] without the general tokenizer (`pgn::tokens`) or a copy of the
//! game's bytes.
//!
//! A plain game is one the careful reader reads without a fault, token for token as
//! [`PlainGame`] does; its tokens are placed by the careful reader's placement
//! (`pgn::tree`). Games
//! whose text is not UTF-8, and games whose `[Variant]` tag makes the careful reader keep
//! moves as written, are refused. `read_game` tries this first; a test checks that both give
//! the same record on every plain game of the shared PGN files.

use super::encoding::TextEncoding;

use super::game::{GameRecord, MoveText};
use super::move_reading::MoveReading;
use super::plain::{NotPlain, PlainGame, PlainToken};
use super::read::ReadSoFar;
use super::tree::Tree;

/// The record of `data` when it is a plain game (see the module doc).
/// `reading` tells which games keep their moves as written (those are refused).
#[cfg(test)]
pub(crate) fn plain_record(data: &[u8], reading: MoveReading) -> Result<GameRecord, NotPlain> {
    plain_record_from(data, reading, &ReadSoFar::NOTHING)
}

/// The record of `data` when it is a plain game (see the module doc), read on from `so_far`
/// (its tags, when the one-pass search read them; no tokens).
/// `reading` tells which games keep their moves as written (those are refused).
pub(crate) fn plain_record_from(
    data: &[u8],
    reading: MoveReading,
    so_far: &ReadSoFar,
) -> Result<GameRecord, NotPlain> {
    if TextEncoding::of_game(data) != TextEncoding::Utf8 || !so_far.tokens.is_empty() {
        return Err(NotPlain);
    }
    let mut game = PlainGame::after_tag_line(data, so_far.tags_end);
    let mut record = GameRecord::default();
    record.tags.extend_from_slice(so_far.tags);
    while let Some((name, value)) = game.next_tag()? {
        record.tags.push((name.to_string(), value.to_string()));
    }
    if reading.as_written(record.tag("Variant")) {
        return Err(NotPlain);
    }
    // About one move per 5 bytes of movetext (`12. Nf3 Nc6 `): few games grow the vector.
    record.nodes.reserve(game.rest_len() / 5 + 1);
    let mut tree = Tree::new(record);
    // Scratch: the SAN being written.
    let mut san_text = String::new();
    while let Some(token) = game.next_token_with_text()? {
        if !place(&mut tree, token, &mut san_text) {
            return Err(NotPlain);
        }
    }
    if tree.open_variations() > 0 {
        return Err(NotPlain);
    }
    Ok(tree.finish().0)
}

/// Places one plain token in `tree` as the careful reader places it (`san_text`: scratch
/// for a move's SAN); false when the reader would report a fault there.
pub(super) fn place(tree: &mut Tree, token: PlainToken, san_text: &mut String) -> bool {
    match token {
        PlainToken::Move(san_plus, text) => {
            // Written as shakmaty's `Display` writes it, without the formatting machinery:
            // the token's own bytes when they are that (`pgn::san_token`).
            san_text.clear();
            match std::str::from_utf8(&text.bytes()[..text.len()]) {
                Ok(bytes) if !text.is_empty() => san_text.push_str(bytes),
                _ => san_plus.append_to_string(san_text),
            }
            let san = MoveText::from(san_text.as_str());
            tree.push_move(san, Some(san_plus.san)).is_some()
        }
        PlainToken::Nag(nag) => {
            tree.node_mut().nags.push(nag);
            true
        }
        PlainToken::Comment(bytes) => {
            let text = tree.record.encoding.decode(bytes).into_owned();
            tree.comment(text);
            true
        }
        PlainToken::Open => tree.open(),
        PlainToken::Close => tree.close(),
        PlainToken::Result(text) => {
            tree.record.outcome = Some(text.to_string());
            tree.open_variations() == 0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game of the shared PGN files that is plain gives the careful reader's record;
    /// skipped when `../shared` is absent.
    #[test]
    fn plain_records_are_the_careful_readers_records() {
        let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
        let mut plain = 0;
        let mut total = 0;
        for file in ["cql-sample.pgn", "messy.pgn", "std-visible-5k.pgn"] {
            let Ok(data) = std::fs::read(shared.join(file)) else {
                eprintln!("{file} absent: skipped");
                continue;
            };
            for range in crate::pgn::split_games(&data) {
                let slice = &data[range];
                total += 1;
                if let Ok(record) = plain_record(slice, MoveReading::San) {
                    plain += 1;
                    let careful =
                        crate::pgn::read_game_spans(slice, MoveReading::San).map(|(r, _)| r);
                    assert_eq!(Ok(record), careful, "{}", String::from_utf8_lossy(slice));
                }
            }
        }
        assert!(total == 0 || plain * 2 > total, "{plain} of {total} plain");
    }

    #[test]
    fn hand_made_games_read_as_the_careful_reader_reads_them() {
        for pgn in [
            "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n",
            "[A \"x\"]\n\n1. e4 {c (not a variation)} e5!? (1... c5 2. Nf3 (2. c3) d6) 2. O-O-O# $14 *\n\n",
            "[A \"x\"] \r\n\r\n1.e4 e5 2.Nf3?! Nc6 3.Bb5 a6 1/2-1/2\r\n",
            "[A \"é\"]\n\n12... exd5+ 13. Nbd7 0-1",
            "[A \"x\"]\n\n",
            // Lichess-shaped, every common SAN shape (`pgn::san_token`) and some others.
            "[Variant \"Standard\"]\n\n1. e4 { [%clk 0:03:00] } 1... d5 { [%clk 0:03:00] } \
             2. exd5 { [%clk 0:02:59] } 2... Nf6 3. Nc3 Nbd7 4. R1e2 Qhxe7+ 5. e8=Q+ bxa1=N# \
             6. O-O O-O-O 7. Ra1a2 e4 1-0\n",
            "[A \"x\"]\n\n{start} $1 1. e4! {a} (1. d4 {b} (1. c4) d5) ( {empty} ) 1... e5?! *",
            "[A \"x\"]\n\n1. e4 ( {before} 1. d4 $14 ) e5 (1... c5 2. Nf3) 2. Nf3 1-0\n",
            "[A \"x\"]\n\n1. e4 (1. d4 d5 (1... Nf6 (1... e6))) 1... e5 0-1",
        ] {
            let careful = crate::pgn::read_game_spans(pgn.as_bytes(), MoveReading::San);
            assert_eq!(
                plain_record(pgn.as_bytes(), MoveReading::San).ok(),
                careful.ok().map(|(r, _)| r),
                "{pgn}"
            );
        }
    }
}
