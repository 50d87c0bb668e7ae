//! Fuzz target: any UTF-8 text through the CQL-S front end (`cqlq::query::Program` in CQL-S)
//! must give a query or an error, never a panic, a hang or a stack overflow; an error's span
//! lies inside the text on character boundaries, and rendering it works.

#![no_main]

#[path = "../bodies/mod.rs"]
mod bodies;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| bodies::cqls_parser(data));
