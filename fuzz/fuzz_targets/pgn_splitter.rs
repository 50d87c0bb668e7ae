//! Fuzz target: arbitrary bytes → `split_games` → `read_game` on each slice → `write_game` →
//! `read_game` again.
//!
//! Checks: nothing panics; the ranges are in order, non-empty, inside the input, and only
//! whitespace and BOMs lie outside them; and a game that reads is written by the writer so that it reads
//! back as the same record (a bad game's partial record is only written: no search writes one).
//!
//! Run with `cargo fuzz run pgn_splitter` from the repository root (nightly).

#![no_main]

use cqlq::output::pgn_write::{Marks, termination_marker, write_game};
use cqlq::pgn::{GameRecord, PgnError, TextEncoding, read_game_with, split_games};
use libfuzzer_sys::fuzz_target;

/// Reads a game as the search does (a `[Variant]` tag naming no standard or online rules keeps
/// the moves as written), so the fuzzer reaches both ways of reading moves.
fn read_game(slice: &[u8]) -> Result<GameRecord, PgnError> {
    read_game_with(slice, cqlq::run::families::move_reading(false))
}

fn outside_ok(data: &[u8], i: usize) -> bool {
    matches!(data[i], b' ' | b'\t' | b'\r' | b'\n')
        || (0..3).any(|k| i >= k && data[i - k..].starts_with(b"\xef\xbb\xbf"))
}

fuzz_target!(|data: &[u8]| {
    let mut covered = 0;
    for range in split_games(data) {
        assert!(
            covered <= range.start && range.start < range.end && range.end <= data.len(),
            "bad range {range:?}"
        );
        assert!(
            (covered..range.start).all(|i| outside_ok(data, i)),
            "non-blank bytes between games"
        );
        covered = range.end;

        let game = match read_game(&data[range]) {
            Ok(game) => game,
            Err(e) => {
                // A bad game is reported and never written by a search, so its partial
                // record need not read back the same (its unreadable tokens are kept as
                // move text: `00d5a8` reads back as more than one token); writing it must
                // still not panic.
                write_game(&mut String::new(), &e.partial, &Marks::default());
                continue;
            }
        };
        let mut text = String::new();
        write_game(&mut text, &game, &Marks::default());
        // The text goes out in the game's encoding (Windows-1252 for a game that was not
        // UTF-8), as the search writes it.
        let bytes = game.encoding.encode(&text).into_owned();
        let again =
            read_game(&bytes).unwrap_or_else(|e| panic!("written game does not read: {e}\n{text}"));
        let mut expected = game;
        expected.outcome = Some(termination_marker(&expected).to_string());
        // A Windows-1252 game whose bytes that were not UTF-8 were all in text the reader
        // drops (an unreadable token) is UTF-8 when written: its text then reads as UTF-8.
        if expected.encoding == TextEncoding::of_game(&bytes) {
            assert_eq!(again, expected, "round trip\n{text}");
        }
    }
    assert!(
        (covered..data.len()).all(|i| outside_ok(data, i)),
        "non-blank bytes after the last game"
    );
});
