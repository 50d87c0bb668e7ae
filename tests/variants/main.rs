//! Integration tests: Online variants, fairy variants in SjaakII's format and FBR rule layers.
//!
//! One test binary per area (one link of the library instead of one per file); run a single
//! file's tests with `cargo test --test variants MODULE::`.

#[path = "../common/mod.rs"]
mod common;

mod fairy_bundled;
mod fairy_cli;
mod fairy_cql;
mod fairy_fen;
mod fairy_fsf;
mod fairy_pgn;
mod fairy_rules;
mod fairy_san_piece;
mod fairy_sjaak;
mod fbr_alice_boards;
mod fbr_alice_prefixed;
mod fbr_announced_movement;
mod fbr_announcement;
mod fbr_attributes_more;
mod fbr_boards;
mod fbr_cli;
mod fbr_disk_queen;
mod fbr_disk_swap;
mod fbr_forced_drops;
mod fbr_fsf;
mod fbr_mbn;
mod fbr_mbn_boards;
mod fbr_mbn_castling;
mod fbr_mbn_disk;
mod fbr_mbn_explosion;
mod fbr_mbn_flip;
mod fbr_mbn_hops;
mod fbr_mbn_lame;
mod fbr_mbn_legs;
mod fbr_mbn_locust;
mod fbr_mbn_macros;
mod fbr_mbn_more;
mod fbr_mbn_paths;
mod fbr_mbn_pieces_attrs;
mod fbr_mbn_ranges;
mod fbr_mbn_relative;
mod fbr_mbn_state;
mod fbr_parse;
mod fbr_players;
mod fbr_powers;
mod fbr_prefix;
mod fbr_promotion;
mod fbr_promotion_more;
mod fbr_refused;
mod fbr_rest;
mod fbr_royal;
mod fbr_rules;
mod fbr_rules_checking;
mod fbr_swaps;
mod fbr_turns;
mod fbr_turns_more;
mod fbr_turns_own;
mod fbr_wrongrook;
mod online_variants;
