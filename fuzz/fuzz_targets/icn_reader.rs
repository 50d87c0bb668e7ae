//! Fuzz target: arbitrary text → `icn_to_games` → replay each game → judge its last position →
//! write the start position and read it back.
//!
//! Checks: nothing panics; a start position written by `position_to_icn` reads back equal.
//!
//! Run with `cargo fuzz run icn_reader` from the repository root (nightly).

#![no_main]

use cqlq::rules::infinite::outcome::outcome;
use cqlq::rules::infinite::{icn_to_games, icn_to_position, position_to_icn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = icn_to_games(text) else {
        return;
    };
    for g in games {
        let again = icn_to_position(&position_to_icn(&g.start)).expect("written ICN reads back");
        assert_eq!(again, g.start);
        if g.start.board.len() <= 64
            && let Ok(r) = g.replay()
            && let Some((last, _)) = r.last()
        {
            let _ = outcome(last);
        }
    }
});
