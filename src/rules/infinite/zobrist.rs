//! Zobrist-style hashing of infinite-chess positions: every (piece, square) gets a 64-bit key
//! from a fixed mixing function (no table, since squares are unbounded), XORed together with
//! keys for the side to move, the en passant square and the `+` rights.

use super::board::Square;
use super::piece::{Owner, Piece};
use super::position::InfPosition;

/// SplitMix64's finaliser: a fixed, well-mixed function of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn square_key(tag: u64, (x, y): Square) -> u64 {
    mix(mix(tag ^ mix(x as u64)) ^ (y as u64))
}

fn piece_tag(p: Piece) -> u64 {
    let owner = match p.owner {
        Owner::White => 1u64,
        Owner::Black => 2,
        Owner::Neutral => 3,
    };
    (owner << 8) | p.kind as u64
}

/// The hash of a position (the counters and rules are not part of it, as in Polyglot).
pub fn zobrist(pos: &InfPosition) -> u64 {
    let mut h = 0u64;
    for (sq, p) in pos.board.iter() {
        h ^= square_key(piece_tag(p), sq);
    }
    for sq in &pos.rights {
        h ^= square_key(0x1000, *sq);
    }
    if let Some(ep) = pos.en_passant {
        h ^= square_key(0x2000, ep);
    }
    if pos.turn == Owner::Black {
        h ^= mix(0x3000);
    }
    h
}
