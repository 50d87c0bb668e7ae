//! Fuzz target: the FBR rule parser and the rule layers never panic. Any text either fails
//! with an `FbrError` (with a column inside the text) or gives FIDE chess with those rules,
//! whose start position generates moves, and every legal move plays.

#![no_main]

#[path = "../bodies/mod.rs"]
mod bodies;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bodies::fbr_rules(data));
