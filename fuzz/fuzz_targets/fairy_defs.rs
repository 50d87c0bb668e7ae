//! Fuzz target: the SjaakII definitions parser and the fairy move generator never panic.
//! Any text either fails with a `DefError` or gives variants whose start position (if its FEN
//! reads) generates moves, and every legal move plays.

#![no_main]

#[path = "../bodies/mod.rs"]
mod bodies;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bodies::fairy_defs(data));
