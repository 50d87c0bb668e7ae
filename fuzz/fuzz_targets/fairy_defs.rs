//! Fuzz target: the SjaakII definitions parser and the fairy move generator never panic.
//! Any text either fails with a `DefError` or gives variants whose start position (if its FEN
//! reads) generates moves, and every legal move plays.
#![no_main]

use cqlq::rules::fairy::{FairyPos, load_variants};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(variants) = load_variants("fuzz.txt", text) else { return };
    for v in variants {
        let Ok(p) = FairyPos::start(v) else { continue };
        for m in p.legal_moves().into_iter().take(64) {
            let mut q = p.clone();
            q.make(&m);
            let _ = q.legal_moves();
        }
    }
});
