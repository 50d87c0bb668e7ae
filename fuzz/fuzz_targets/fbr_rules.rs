//! Fuzz target: the FBR rule parser and the rule layers never panic. Any text either fails
//! with an `FbrError` (with a column inside the text) or gives FIDE chess with those rules,
//! whose start position generates moves, and every legal move plays.
#![no_main]

use cqlq::rules::fairy::FairyPos;
use cqlq::rules::fbr::chess_with_rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let v = match chess_with_rules(text) {
        Ok(v) => v,
        Err(e) => {
            assert!(e.column >= 1 && e.column <= text.chars().count() + 1);
            return;
        }
    };
    let Ok(p) = FairyPos::start(v) else { return };
    for m in p.legal_moves().into_iter().take(32) {
        let mut q = p.clone();
        q.make(&m);
        let _ = q.legal_moves();
        let _ = q.game_end();
    }
});
