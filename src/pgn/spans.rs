//! Where a game's parts are in its bytes: the byte offset of each move token and the byte
//! range of each tag, as the reader met them, so a tool can add text to a game while leaving
//! every byte the user wrote in place (`cqlq annotate`).

use std::ops::Range;

use super::tokens::is_token_end;

/// The places of a game's tags and moves in the bytes it was read from (offsets relative to
/// the slice given to [`read_game_spans`](super::read_game_spans)).
///
/// ```
/// let pgn = b"[White \"A\"]\n\n1. e4 $1 (1. d4) e5 *";
/// let (game, spans) = cqlq::pgn::read_game_spans(pgn, cqlq::pgn::MoveReading::San).unwrap();
/// assert_eq!(&pgn[spans.tags[0].clone()], b"[White \"A\"]");
/// assert_eq!(game.nodes[1].san, "e4");
/// assert_eq!(&pgn[spans.moves[1]..spans.moves[1] + 2], b"e4");
/// assert_eq!(&pgn[spans.moves[3]..spans.moves[3] + 2], b"e5");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSpans {
    /// Per record node (same index as [`GameRecord::nodes`](super::GameRecord::nodes)): the
    /// offset of the first byte of the move token that reached it (0 for the root).
    pub moves: Vec<usize>,
    /// Per tag of [`GameRecord::tags`](super::GameRecord::tags): its bytes, from `[` to `]`
    /// (to the end of the value for a tag without `]`).
    pub tags: Vec<Range<usize>>,
}

impl GameSpans {
    /// Where text may go right after node `node`'s move in `slice`: after the move token (with
    /// a glued `e.p.`) and the NAGs that directly follow it (`$n`, `!`, `?!`, ... separated by
    /// spaces or tabs only). Text put there reads as written after the move. None for the
    /// root or a node this game does not have.
    pub fn after_move(&self, slice: &[u8], node: u32) -> Option<usize> {
        let start = *self.moves.get(node as usize).filter(|_| node > 0)?;
        let len = slice.len();
        let mut end = start + 1;
        while end < len && !is_token_end(slice[end]) {
            if slice[end..].starts_with(b"e.p.") {
                end += 4;
                break;
            }
            end += 1;
        }
        loop {
            let mut at = end;
            while at < len && matches!(slice[at], b' ' | b'\t') {
                at += 1;
            }
            match slice.get(at) {
                Some(b'$') => {
                    let digits = slice[at + 1..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    let after = at + 1 + digits;
                    if digits == 0 || (after < len && !is_token_end(slice[after])) {
                        break;
                    }
                    end = after;
                }
                Some(b'!' | b'?') => {
                    end = at + 1;
                    if matches!(slice.get(end), Some(b'!' | b'?')) {
                        end += 1;
                    }
                }
                _ => break,
            }
        }
        Some(end.min(len))
    }

    /// Where the movetext begins: the first byte after the tags that is not whitespace or a
    /// `%` escape line (the end of `slice` when there is no movetext). Text put there reads
    /// as written before the first move.
    pub fn movetext_start(&self, slice: &[u8]) -> usize {
        let mut at = self.tags.last().map_or(0, |t| t.end);
        let mut line_start = at == 0;
        while let Some(&b) = slice.get(at) {
            match b {
                b' ' | b'\t' | b'\r' => at += 1,
                b'\n' => {
                    line_start = true;
                    at += 1;
                }
                b'%' if line_start => {
                    at = memchr::memchr(b'\n', &slice[at..]).map_or(slice.len(), |i| at + i);
                }
                _ => break,
            }
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::super::read_game_spans;

    /// The byte after which text goes for each node (the text after it, for reading).
    fn after_each_move(pgn: &str) -> Vec<String> {
        let (game, spans) = read_game_spans(pgn.as_bytes(), crate::pgn::MoveReading::San).unwrap();
        (1..game.nodes.len() as u32)
            .map(|n| pgn[spans.after_move(pgn.as_bytes(), n).unwrap()..].to_string())
            .collect()
    }

    #[test]
    fn after_the_move_and_its_nags() {
        assert_eq!(
            after_each_move("1. e4! $14 {c} e5?! (1... c5 $2) 2. exd6 e.p. Nf6 *"),
            [
                " {c} e5?! (1... c5 $2) 2. exd6 e.p. Nf6 *",
                " (1... c5 $2) 2. exd6 e.p. Nf6 *",
                ") 2. exd6 e.p. Nf6 *",
                " e.p. Nf6 *",
                " *"
            ]
        );
        // Glued junk the reader recovers from stays with the move.
        let glued = after_each_move("1. e4 d5 2. exd5 e6 3. dxe6e.p. *");
        assert_eq!(glued[4], " *");
    }

    #[test]
    fn tags_and_movetext_start() {
        let pgn = "[A \"x\"]  [B \"y]z\"]\r\n%escape\r\n\r\n{intro} 1. e4 *";
        let (_, spans) = read_game_spans(pgn.as_bytes(), crate::pgn::MoveReading::San).unwrap();
        assert_eq!(&pgn[spans.tags[0].clone()], "[A \"x\"]");
        assert_eq!(&pgn[spans.tags[1].clone()], "[B \"y]z\"]");
        let start = spans.movetext_start(pgn.as_bytes());
        assert_eq!(&pgn[start..], "{intro} 1. e4 *");
        let bare = "1. e4 *";
        let (_, spans) = read_game_spans(bare.as_bytes(), crate::pgn::MoveReading::San).unwrap();
        assert_eq!(spans.movetext_start(bare.as_bytes()), 0);
    }

    #[test]
    fn nodes_renumbered_keep_their_offsets() {
        let pgn = "1. e4 (1. d4 (1. c4) d5) e5 *";
        let (game, spans) = read_game_spans(pgn.as_bytes(), crate::pgn::MoveReading::San).unwrap();
        for (n, node) in game.nodes.iter().enumerate().skip(1) {
            let at = spans.moves[n];
            assert_eq!(&pgn[at..at + node.san.len()], node.san, "node {n}");
        }
    }
}
