//! The record of a plain game ([`super::plain`]) built straight from its tokens: the
//! careful reader's [`GameRecord`] without the general tokenizer (`pgn::tokens`) or a copy of the
//! game's bytes.
//!
//! A plain game is one the careful reader reads without a fault, token for token as
//! [`PlainGame`] does; this builder places the tokens as the careful reader's visitor does
//! (see [`super::read`]: NAGs to the current node, a comment right after a `(` to the next
//! move's `comments_before`, a comment in an empty variation to the node it branches from,
//! the result to [`GameRecord::outcome`], nodes in [`GameRecord::movetext_order`]). Games
//! whose text is not UTF-8, and games whose `[Variant]` tag makes the careful reader keep
//! moves as written, are refused. `read_game` tries this first; a test checks that both give
//! the same record on every plain game of the shared PGN files.

use super::encoding::TextEncoding;

use super::game::{GameRecord, MoveNode, MoveText};
use super::move_reading::MoveReading;
use super::plain::{NotPlain, PlainGame, PlainToken};

/// The record of `data` when it is a plain game (see the module doc).
/// `reading` tells which games keep their moves as written (those are refused).
pub(crate) fn plain_record(data: &[u8], reading: MoveReading) -> Result<GameRecord, NotPlain> {
    if TextEncoding::of_game(data) != TextEncoding::Utf8 {
        return Err(NotPlain);
    }
    let mut game = PlainGame::new(data);
    let mut record = GameRecord::default();
    while let Some((name, value)) = game.next_tag()? {
        record.tags.push((name.to_string(), value.to_string()));
    }
    if reading.as_written(record.tag("Variant")) {
        return Err(NotPlain);
    }
    // About one move per 5 bytes of movetext (`12. Nf3 Nc6 `): few games grow the vector.
    record.nodes.reserve(game.rest_len() / 5 + 1);
    record.nodes.push(MoveNode::default());
    let mut tree = Tree {
        record,
        current: 0,
        open: Vec::new(),
        variation_start: false,
        pending: Vec::new(),
        nested_alternative: false,
        san_text: String::new(),
    };
    while let Some(token) = game.next_token()? {
        tree.take(token)?;
    }
    if !tree.open.is_empty() {
        return Err(NotPlain);
    }
    let mut record = tree.record;
    if tree.nested_alternative {
        super::read::renumber(&mut record);
    }
    Ok(record)
}

/// The record being built and where the next token goes (the careful reader's `Builder`
/// for a game without faults).
struct Tree {
    record: GameRecord,
    /// The node the next move follows.
    current: u32,
    /// For each open variation, the node to return to at its `)`.
    open: Vec<u32>,
    /// Right after a `(`: no move of the variation read yet.
    variation_start: bool,
    /// Comments read at a variation's start, for its first move's `comments_before`.
    pending: Vec<String>,
    /// A variation opened after an alternative move, so the nodes may need renumbering.
    nested_alternative: bool,
    /// Scratch: the SAN being written.
    san_text: String,
}

impl Tree {
    fn take(&mut self, token: PlainToken<'_>) -> Result<(), NotPlain> {
        match token {
            PlainToken::Move(san_plus) => {
                // Written as shakmaty's `Display` writes it, without the formatting machinery.
                self.san_text.clear();
                san_plus.append_to_string(&mut self.san_text);
                let san = MoveText::from(self.san_text.as_str());
                let comments_before = if std::mem::take(&mut self.variation_start) {
                    std::mem::take(&mut self.pending)
                } else {
                    Vec::new()
                };
                self.current = self
                    .record
                    .push_move(self.current, (san, Some(san_plus.san)), comments_before)
                    .ok_or(NotPlain)?;
            }
            PlainToken::Nag(nag) => self.node_mut().nags.push(nag),
            PlainToken::Comment(bytes) => {
                let text = std::str::from_utf8(bytes)
                    .map_err(|_| NotPlain)?
                    .to_string();
                if self.variation_start {
                    self.pending.push(text);
                } else {
                    self.node_mut().comments_after.push(text);
                }
            }
            PlainToken::Open => {
                let parent = self.record.nodes[self.current as usize].parent;
                let Some(parent) = parent.filter(|_| !self.variation_start) else {
                    return Err(NotPlain);
                };
                let main =
                    self.record.nodes[parent as usize].children.first() == Some(&self.current);
                self.nested_alternative |= !main;
                self.open.push(self.current);
                self.current = parent;
                self.variation_start = true;
            }
            PlainToken::Close => {
                if self.variation_start {
                    self.variation_start = false;
                    let pending = std::mem::take(&mut self.pending);
                    self.node_mut().comments_after.extend(pending);
                }
                self.current = self.open.pop().ok_or(NotPlain)?;
            }
            PlainToken::Result(text) if self.open.is_empty() => {
                self.record.outcome = Some(text.to_string());
            }
            PlainToken::Result(_) => return Err(NotPlain),
        }
        Ok(())
    }

    fn node_mut(&mut self) -> &mut MoveNode {
        &mut self.record.nodes[self.current as usize]
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
                    let careful = crate::pgn::read::read_careful(slice);
                    assert_eq!(Ok(record), careful, "{}", String::from_utf8_lossy(slice));
                }
            }
        }
        assert!(total == 0 || plain * 2 > total, "{plain} of {total} plain");
    }

    #[test]
    fn variations_comments_and_glyphs_go_where_the_careful_reader_puts_them() {
        for pgn in [
            "[A \"x\"]\n\n{start} $1 1. e4! {a} (1. d4 {b} (1. c4) d5) ( {empty} ) 1... e5?! *",
            "[A \"x\"]\n\n1. e4 ( {before} 1. d4 $14 ) e5 (1... c5 2. Nf3) 2. Nf3 1-0\n",
            "[A \"x\"]\n\n1. e4 (1. d4 d5 (1... Nf6 (1... e6))) 1... e5 0-1",
        ] {
            let careful = crate::pgn::read::read_careful(pgn.as_bytes());
            assert_eq!(
                plain_record(pgn.as_bytes(), MoveReading::San).ok(),
                careful.ok(),
                "{pgn}"
            );
        }
    }
}
