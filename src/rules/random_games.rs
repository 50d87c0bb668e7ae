//! Unit tests' positions: those of pseudo-random games of standard chess, each move picked
//! among the legal ones by a fixed linear congruential sequence (the same games on every run).

use shakmaty::{Chess, Move, Position};

/// The next number of the sequence after `seed` (Knuth's MMIX constants).
pub fn next_number(seed: u64) -> u64 {
    seed.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
}

/// The positions of `games` games of at most `plies` moves each from the start position,
/// their moves picked by the sequence from `seed` (a game ends early at mate or stalemate).
pub fn random_positions(games: usize, plies: usize, seed: u64) -> Vec<Chess> {
    let mut seed = seed;
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut pos = Chess::default();
        for _ in 0..plies {
            positions.push(pos.clone());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = next_number(seed);
            pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    positions
}

/// The next move of a pseudo-random game from `pos` (none at mate or stalemate): en passant or
/// castling when one is legal (rare in random play, so the games hold them), else a legal
/// move picked by the sequence, which advances `seed` either way.
pub fn rare_first_move(pos: &Chess, seed: &mut u64) -> Option<Move> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    *seed = next_number(*seed);
    let rare = legal.iter().find(|m| m.is_en_passant() || m.is_castle());
    Some(
        rare.copied()
            .unwrap_or(legal[(*seed >> 33) as usize % legal.len()]),
    )
}
