//! PGN input: splitting a file into game slices, reading each slice into a [`GameRecord`].
//! (Writing games back out is the output's: `output::pgn_write`, `output::pgn_write_plain`.)

pub mod chunked;
pub mod encoding;
pub mod error;
pub mod game;
mod marks;
mod move_reading;
pub mod plain;
mod plain_record;
pub mod read;
mod san_token;
pub mod spans;
pub mod split;
mod token_text;
pub mod tokens;
mod tree;

pub use chunked::{CHUNK_BYTES, ChunkedGames};
pub use encoding::TextEncoding;
pub use error::{PgnError, PgnErrorKind};
pub use game::{GameRecord, MoveNode, MovetextStep};
pub use move_reading::MoveReading;
#[cfg(test)]
pub(crate) use plain_record::plain_record;
pub use read::{ReadSoFar, read_game, read_game_from, read_game_spans, read_game_with};
pub use spans::GameSpans;
pub use split::{SplitGames, split_games};
