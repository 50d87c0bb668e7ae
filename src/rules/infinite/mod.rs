//! Infinite chess in Universal Infinite Chess Notation (ICN): reading and writing positions
//! and games, a sparse-board rules engine, and Zobrist hashing.
//!
//! Coordinates are 64-bit integers; the board is a hash map of pieces with sorted per-line
//! indexes ([`board`]), so sliding attacks are range look-ups. Move validation is exact for
//! every listed piece; move listing is exact when slides are bounded and otherwise uses the
//! event-square argument of [`movegen`]. See `docs/infinite.md`.

pub mod attack;
pub mod board;
pub mod cql;
pub mod error;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod outcome;
pub mod piece;
pub mod position;
pub mod query;
pub mod read;
pub mod refusal;
pub mod squares;
pub mod write;
pub mod zobrist;

pub use error::IcnError;
pub use game::{IcnGame, IcnMove, game_to_icn};
pub use moves::{Move, Played, in_check, is_legal, play};
pub use outcome::{Outcome, outcome};
pub use position::InfPosition;
pub use read::{
    IcnGames, icn_count_games, icn_games_within, icn_to_game, icn_to_games, icn_to_games_each,
    icn_to_games_within, icn_to_move, icn_to_position,
};
pub use write::position_to_icn;

/// Whether a text looks like ICN rather than PGN: its first non-tag, non-comment content is a
/// position string (a piece list like `K5,1` with coordinates, or `w`/`b` followed by one).
pub fn looks_like_icn(text: &str) -> bool {
    text.lines().find_map(icn_line_verdict).unwrap_or(false)
}

/// Whether the input is ICN: a `.icn` file, or text whose first position is an ICN one.
pub fn is_icn(path: &std::path::Path, data: &[u8]) -> bool {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("icn"))
    {
        return true;
    }
    // As `looks_like_icn` reads the text's first 64 KiB, line by line up to the first that
    // decides (a line break is never inside a character, so lines convert alone alike).
    let head = &data[..data.len().min(64 * 1024)];
    head.split(|&b| b == b'\n')
        .find_map(|line| icn_line_verdict(&String::from_utf8_lossy(line)))
        .unwrap_or(false)
}

/// What one line says to [`looks_like_icn`]: None for a line that decides nothing (blank, a
/// comment line, tags only), else whether the text is ICN.
pub fn icn_line_verdict(line: &str) -> Option<bool> {
    // A UTF-8 byte-order mark before the first line is not part of it.
    let t = line.trim_start_matches('\u{feff}').trim();
    if t.is_empty() || t.starts_with(';') || t.starts_with('%') {
        return None;
    }
    if t.starts_with('[') && t.ends_with(']') && !t.contains("] ") {
        return None;
    }
    let body = if t.starts_with('[') {
        t.rsplit("] ").next().unwrap_or(t)
    } else {
        t
    };
    // PGN movetext starts with a move number (`1.`), a comment or a result; a position
    // string never does.
    let first = body.split_whitespace().next().unwrap_or("");
    if first.starts_with('{')
        || first
            .split('.')
            .next()
            .is_some_and(|n| n.parse::<u64>().is_ok())
            && first.contains('.')
    {
        return Some(false);
    }
    Some(body.split_whitespace().any(|w| {
        w.split('|').next().is_some_and(|p| {
            let letters = p.bytes().take_while(u8::is_ascii_alphabetic).count();
            letters > 0
                && letters <= 2
                && p[letters..].contains(',')
                && p[letters..]
                    .trim_end_matches('+')
                    .split(',')
                    .all(|n| n.trim_start_matches('-').parse::<u64>().is_ok())
        })
    }))
}
