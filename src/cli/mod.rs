//! The `cqlq` binary's command line: the options (clap), CQL 6.2's spelling of them, the
//! query's source, the variant options, the messages, and the three commands: the search
//! ([`search`]), `cqlq annotate` ([`annotate`]) and `cqlq split` ([`split`]).
//!
//! The library (`cqlq::...`) knows nothing of this module: it turns the command line into
//! the library's values (`RunConfig`, `AnnotateConfig`) and an exit status.

pub mod aliases;
pub mod annotate;
mod annotate_args;
pub mod args;
pub mod convert;
mod errors;
mod failure;
pub mod help;
pub mod index;
mod man_and_completions;
mod output_file;
mod persistent;
mod query_source;
pub mod search;
mod search_options;
pub mod split;
mod stdout_closed;
mod threads;
mod variants;

/// Exit status for trouble: a query error or an unreadable input.
pub const TROUBLE: u8 = 2;
