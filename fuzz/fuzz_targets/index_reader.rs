//! Fuzz target: arbitrary bytes as a `.cqlqi` index file (`cqlq::index::format::decode`)
//! must give an index or an error, never a panic or an allocation the file cannot back; an
//! index that reads is written back to the same bytes, and each game's packed main line
//! decodes to moves or an error, never a panic.
//!
//! Run with `cargo fuzz run index_reader` from the repository root (nightly).

#![no_main]

use cqlq::index::format::{decode, encode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(index) = decode(data) {
        for game in &index.games {
            for decoded in game.main_line() {
                if decoded.is_err() {
                    break;
                }
            }
        }
        assert_eq!(
            encode(&index),
            data,
            "an index read back is written as it was"
        );
    }
});
