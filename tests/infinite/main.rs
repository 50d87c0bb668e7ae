//! Integration tests: Infinite chess in ICN.
//!
//! One test binary per area (one link of the library instead of one per file); run a single
//! file's tests with `cargo test --test infinite MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod fuzz_driver;
mod infinite_cli;
mod infinite_cql;
mod infinite_ends;
mod infinite_events;
mod infinite_fairy;
mod infinite_icn;
mod infinite_misnamed;
mod infinite_perft;
mod infinite_props;
mod infinite_query;
mod infinite_robust;
