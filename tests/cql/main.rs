//! Integration tests: CQL 6: parser conformance, evaluator semantics and agreement with the real CQL 6.2.
//!
//! One test binary per area (one link of the library instead of one per file); run a single
//! file's tests with `cargo test --test cql MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod chessql_runs;
mod converters;
mod cql62_language;
mod cql62_reference;
mod current_transform;
mod equivalences;
mod eval_find_count;
mod eval_imagine;
mod eval_limits;
mod eval_limits_run;
mod eval_marking;
mod eval_path;
mod eval_probes;
mod eval_prog;
mod eval_retro;
mod eval_semantics;
mod eval_strings;
mod eval_strs_more;
mod eval_words;
mod filter_speed_equiv;
mod oracle_pychess;
mod parser_conformance;
mod similar_position;
mod words3;
mod words62;
