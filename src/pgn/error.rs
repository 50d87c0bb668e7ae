//! Errors of the read stage: what was wrong in one game's PGN text, where, and the part of the
//! game that could still be read.

use std::fmt;

use super::game::GameRecord;

/// A fault in one game's PGN text, found by [`read_game`](super::read_game).
///
/// The game is not lost: [`PgnError::partial`] holds everything read before the fault (for some
/// kinds, everything), so its positions can still be searched.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnError {
    /// What went wrong.
    pub kind: PgnErrorKind,
    /// Byte offset of the fault within the game's slice (add the game's offset in its file for
    /// a file position).
    pub offset: usize,
    /// A one-line description for people, e.g. `unreadable move token "e7e8q"`.
    pub message: String,
    /// The game as read up to the fault: tags, and the moves, comments and variations before it.
    pub partial: Box<GameRecord>,
}

/// The kinds of [`PgnError`].
#[non_exhaustive]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PgnErrorKind {
    /// A movetext token that is not SAN, a NAG, a move number or a result, which pgn-reader would
    /// skip without a word: `1. e4 e7e8q` (a UCI promotion), `1. e4 e5Q`, `1. Nf3+-` (glued
    /// glyph), `☺`. Reading stops before it: the moves after it cannot be trusted.
    UnreadableToken,
    /// A tag line pgn-reader cannot read as `[Name "value"]` and skips: `[Event]`,
    /// `[Round 3]`. Reading goes on; the partial record is complete apart from that tag.
    BadTag,
    /// A tag whose value runs to the end of the game without a closing quote or line end:
    /// `[Event "Lon` at the end of the input.
    UnterminatedTag,
    /// A tag line longer than the reader's buffer (16 KiB): `[Event "..."]` with a 200 KB
    /// value. Reading stops there; the partial record holds the tags before it.
    TagTooLong,
    /// A `{` comment never closed before the end of the game: `1. e4 {truncated`. The partial
    /// record is complete, with the comment's text up to the end of the game.
    UnterminatedComment,
    /// A `(` that does not follow a move: `( 1. e4 )` at the start of the game, or `((` .
    VariationWithoutMove,
    /// A `)` with no open variation: `1. e4 e5 ) 2. Nf3`. Reading stops there.
    UnmatchedParenthesis,
    /// A variation still open at the end of the game: `1. e4 (1. d4 d5`. The partial record is
    /// complete (the writer closes the variation).
    UnclosedVariation,
    /// A move after the game's termination marker: `1. e4 e5 1-0 2. Nf3`, a second game without
    /// tags that the splitter did not tell apart, or a result written too early. Reading stops
    /// there.
    MovesAfterResult,
    /// The game has more moves than a node index can count (more than 4 billion).
    TooLarge,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (byte {} of the game)", self.message, self.offset)
    }
}

impl std::error::Error for PgnError {}
