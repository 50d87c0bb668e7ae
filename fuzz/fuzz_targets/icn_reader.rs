//! Fuzz target: arbitrary text → `icn_to_games` → replay each game → judge its last position →
//! write the start position and read it back.
//!
//! Checks: nothing panics; a start position written by `position_to_icn` reads back equal.
//!
//! Run with `cargo fuzz run icn_reader` from the repository root (nightly).

#![no_main]

#[path = "../bodies/mod.rs"]
mod bodies;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bodies::icn_reader(data));
