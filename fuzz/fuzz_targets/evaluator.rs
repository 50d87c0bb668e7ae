//! Fuzz target: a fuzzed (query, game) pair through the evaluator. The input is split at the
//! first `\n%%\n`: the text before is a CQL query, the bytes after a PGN game. When the query
//! compiles and the game reads, the game is replayed (variations on) and the query evaluated
//! at every searched position, as a search does.
//!
//! Checks: nothing panics, overflows the stack or hangs; time and memory stay within the
//! evaluator's own budgets (`cqlq::eval::budget`: loop rounds per position, string sizes),
//! which libFuzzer's `-timeout` and `-rss_limit_mb` enforce. Files are out of reach
//! (`--secure`: `readfile`/`writefile` refused).
//!
//! Run with `cargo fuzz run evaluator -- -timeout=10 -rss_limit_mb=2048` from the repository
//! root (nightly).

#![no_main]

use cqlq::eval::{Evaluator, GameContext, replay};
use cqlq::pgn::read_game;
use cqlq::query::{Dialect, Program};
use cqlq::rules::standard::Standard;
use cqlq::squares::Geometry;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(split) = data.windows(4).position(|w| w == b"\n%%\n") else {
        return;
    };
    let Ok(text) = std::str::from_utf8(&data[..split]) else {
        return;
    };
    // `--secure`: a fuzzed query reads and writes no file.
    let Ok(program) = Program::from_text(text, Some(Dialect::Cql), true) else {
        return;
    };
    let Ok(query) = program.lower::<shakmaty::Bitboard>(Geometry::STANDARD) else {
        return;
    };
    let Ok(record) = read_game(&data[split + 4..]) else {
        return;
    };
    let Ok(start) = Standard::for_game(record.tag("FEN"), None) else {
        return;
    };
    let replayed = replay(&record, start, true);
    let context = GameContext {
        record: &record,
        replayed: &replayed,
        number: 1,
        variations: true,
    };
    let evaluator = Evaluator::new(&context);
    for at in evaluator.searched_nodes() {
        evaluator.begin_position();
        let _ = evaluator.matches(&query.filter, at);
        if evaluator.abort_message().is_some() {
            break;
        }
    }
    let _ = evaluator.take_comments();
});
