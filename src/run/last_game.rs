//! `lastgamenumber` needs the number of the input's last game before any game is searched:
//! when the query uses it, [`last_game_number`] counts the games of every input first (the
//! same split as the search, so the count is exact; CQL 6.2 estimates it by counting `[White `
//! in its one input file; compressed inputs are decompressed once more for it) and caps it by the `gamenumber` range's upper end, as CQL 6.2's
//! `LastGameNumberNode::initialize` does. Queries without the word pay one look at the IR.

use super::{RunConfig, stream};
use crate::input::{Input, Opened, open_input};
use crate::ir::Node;
use crate::ir::walk::any_node;
use crate::pgn::split_games;
use crate::rules::infinite::icn_count_games;
use crate::rules::infinite::is_icn;

/// Whether the query uses `lastgamenumber` (one walk over the IR per run, as `has_sort`
/// does; a query only fairy boards run is asked in its 16x16 lowering).
pub(super) fn uses_last_game_number(config: &RunConfig) -> bool {
    any_node(&config.filter, |n| matches!(n, Node::LastGameNumber))
        || (config.standard_refusal.is_some()
            && config
                .fairy_query
                .any_board_has(|n| matches!(n, Node::LastGameNumber)))
}

/// Why the inputs' games cannot be counted before the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LastGameError {
    /// An input is standard input, read once.
    StandardInput,
}

impl std::fmt::Display for LastGameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LastGameError::StandardInput => f.write_str(
                "'lastgamenumber' needs the games counted before the search, \
                 which standard input does not allow: give the PGN file by name",
            ),
        }
    }
}

impl std::error::Error for LastGameError {}

/// The number of the last game of the inputs, capped by `gamenumber`'s upper end; an error
/// naming the reason when the inputs cannot be counted before the search (standard input).
pub(super) fn last_game_number(config: &RunConfig) -> Result<u64, LastGameError> {
    let mut count = 0u64;
    for input in &config.inputs {
        if *input == Input::Stdin {
            return Err(LastGameError::StandardInput);
        }
        // An unreadable input is reported by the search; it has no games here.
        count += match open_input(input) {
            Ok(Opened::Stream(s)) => stream::count_stream_games(s, config.limits.max_game_bytes),
            Ok(Opened::Mapped(Some(map))) => match input {
                Input::File(path) if is_icn(path, &map) => {
                    icn_count_games(&String::from_utf8_lossy(&map)).unwrap_or(0)
                }
                _ => split_games(&map).count() as u64,
            },
            Ok(Opened::Mapped(None)) | Err(_) => 0,
        };
    }
    Ok(match config.games.numbers {
        Some((_, last)) => count.min(last),
        None => count,
    })
}
