//! `similarposition "f.pgn"` (CQL 6.2's `AnticipateNode`): reads the submissions file into
//! its table once per run (the first game that asks), then looks each searched position up
//! by piece placement and side to move, and comments each submission it matches.

use super::{Evaluator, Value};
use crate::ir::submissions::{BoardKey, SubmissionEntry, SubmissionTable, Submissions};
use crate::rules::Position;
use crate::rules::standard::Standard;
use std::sync::Arc;

impl<P: Position> Evaluator<'_, P> {
    /// The smallest game number of the submissions similar to the position at `at` (a comment
    /// naming each); no match when none is, or when its file cannot be read (the run stops).
    pub(super) fn similar_position(&self, s: &Submissions, at: u32) -> Option<Value<P::Set>> {
        let table = match s.table.get_or_init(|| read_submissions(s)) {
            Ok(table) => table,
            Err(why) => {
                self.state
                    .borrow_mut()
                    .prog
                    .abort
                    .get_or_insert_with(|| why.to_string());
                return None;
            }
        };
        let key = board_key(&self.node(at).position.fen(true))?;
        let found = table.lookup(&key);
        let least = found.iter().map(|e| e.game).min()?;
        for entry in found {
            let text = comment_text(&s.file, entry);
            self.state.borrow_mut().comment(at, text);
        }
        Some(Value::Num(i64::try_from(least).unwrap_or(i64::MAX)))
    }
}

/// `see FILE game: N at move: M wtm` and the symmetry's name unless it is the identity (CQL
/// 6.2's text, without its trailing space).
fn comment_text(file: &str, e: &SubmissionEntry) -> String {
    let side = if e.white_to_move { "wtm" } else { "btm" };
    let mut text = format!(
        "see {file} game: {} at move: {} {side}",
        e.game, e.move_number
    );
    if !e.symmetry.is_identity() {
        text.push(' ');
        text.push_str(&e.symmetry.name());
    }
    text
}

/// The key of a FEN: its piece placement on an 8x8 board and its side to move; None for
/// another board.
fn board_key(fen: &str) -> Option<BoardKey> {
    let mut fields = fen.split_whitespace();
    let placement = fields.next()?;
    let white = fields.next()? != "b";
    let mut board = [0u8; 64];
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in rank_text.bytes() {
            match c {
                b'1'..=b'8' => file += usize::from(c - b'0'),
                b'~' => {} // a promoted piece's mark (crazyhouse FEN)
                _ if c.is_ascii_alphabetic() && file < 8 => {
                    board[rank * 8 + file] = c;
                    file += 1;
                }
                _ => return None,
            }
        }
        if file != 8 {
            return None;
        }
    }
    Some((board, white))
}

/// Reads every game's main line of the submissions file into its table (CQL 6.2 reads no
/// variation of it); an unreadable file, a bad game or a file of no game is an error naming
/// the file.
fn read_submissions(s: &Submissions) -> Result<SubmissionTable, Arc<str>> {
    let file = &*s.file;
    let bytes = std::fs::read(file)
        .map_err(|e| Arc::from(format!("similarposition: cannot read {file}: {e}")))?;
    let mut table = SubmissionTable::default();
    for slice in crate::pgn::split_games(&bytes) {
        let game = table.games + 1;
        let bad = |why: String| {
            Arc::from(format!(
                "similarposition: {file}: game number {game} (byte offset {}): {why}",
                slice.start
            ))
        };
        let record =
            crate::pgn::read_game(&bytes[slice.clone()]).map_err(|e| bad(e.to_string()))?;
        let start = match record.tag("FEN") {
            Some(fen) => Standard::from_fen(fen, false).map_err(|e| bad(e.to_string()))?,
            None => Standard::default(),
        };
        let replayed = super::tree::replay(&record, start, false);
        // CQL 6.2's move number counts from 1 at the first position, whatever the FEN says.
        let mut first_white = None;
        for index in record.mainline() {
            let Some(node) = replayed.nodes.get(index as usize).and_then(Option::as_ref) else {
                break;
            };
            let Some((board, white)) = board_key(&node.position.fen(true)) else {
                break;
            };
            let first_white = *first_white.get_or_insert(white);
            let ply = node.ply + u32::from(!first_white);
            let entry = SubmissionEntry {
                game,
                move_number: ply / 2 + 1,
                white_to_move: white,
                symmetry: crate::ir::submissions::Symmetry::IDENTITY,
            };
            let has_pawns = board.iter().any(|&p| p == b'P' || p == b'p');
            table.insert(&board, &entry, &s.symmetries(has_pawns));
        }
        table.games = game;
    }
    if table.games == 0 {
        return Err(Arc::from(format!(
            "similarposition: no game could be read from {file}"
        )));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_placement_and_side() {
        let (board, white) =
            board_key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert!(!white);
        assert_eq!(board[4], b'K'); // e1
        assert_eq!(board[28], b'P'); // e4
        assert_eq!(board[60], b'k'); // e8
        assert_eq!(board_key("8/8/8 w - - 0 1"), None);
    }
}
