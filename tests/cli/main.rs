//! Integration tests: Command line, PGN input/output, header parameters and the example queries.
//!
//! One test binary per area (one link of the library instead of one per file); run a single
//! file's tests with `cargo test --test cli MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod annotate;
mod byte_range;
mod cli;
mod cql_command_line;
mod cqli_extensions;
mod games_counted;
mod header_params;
mod index_build_tags;
mod index_checks;
mod index_doctored;
mod index_files;
mod index_keys;
mod index_plies;
mod index_prune;
mod index_search;
mod index_shards;
mod index_zst;
mod input_safety;
mod inputs;
mod output_edits;
mod output_files;
mod output_safety;
mod output_sort_comments;
mod pgn_io;
mod pgn_tokens;
mod pictures;
mod pipes;
mod queries;
mod query_parse;
mod random_queries;
mod rough_edges;
mod secure_files;
mod split_files;
mod terminal;
mod terminal_screen;
mod user_mistakes;
