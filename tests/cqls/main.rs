//! Integration tests: CQL-S, the s-expression dialect.
//!
//! One test binary per area (one link of the library instead of one per file); run a single
//! file's tests with `cargo test --test cqls MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod cqls_census;
mod cqls_cli;
mod cqls_control;
mod cqls_cql62;
mod cqls_engine;
mod cqls_equivalences;
mod cqls_five;
mod cqls_gameinfo;
mod cqls_matchinfo;
mod cqls_mustcapture;
mod cqls_nextmove;
mod cqls_positions;
mod cqls_pychess;
mod cqls_relation;
mod cqls_robust;
mod cqls_seed_examples;
mod cqls_snippets;
mod cqls_tagging;
