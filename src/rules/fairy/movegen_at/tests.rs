//! `push_piece_moves_at` against `push_piece_moves_to`: for every piece of the side to move
//! and every square of the board, the moves to that square must be the same, at the positions
//! of a deterministic walk through the games of every SjaakII definition (SjaakII's real
//! `variants.txt`, with and without its file fold) and of the bundled variants.

use std::path::Path;
use std::sync::Arc;

use super::super::{FMove, FairyPos, Variant, bundled_variants, load_variants};

/// The moves in a canonical order (a multiset comparison).
fn sorted(mut moves: Vec<FMove>) -> Vec<String> {
    let mut s: Vec<String> = moves.drain(..).map(|m| format!("{m:?}")).collect();
    s.sort();
    s
}

/// Compares both generators at every position of a walk of `plies` plies from the start
/// position (the move taken: a pseudo-random legal one); returns the positions compared.
fn compare_walk(v: &Arc<Variant>, plies: usize, seed: u64) -> usize {
    let Ok(mut p) = FairyPos::start(v.clone()) else {
        return 0;
    };
    let mut state = seed;
    let mut compared = 0;
    for _ in 0..plies {
        for sq in p.color[p.turn].iter() {
            let mut all = Vec::new();
            p.push_piece_moves_to(&mut all, sq, !super::super::Bits256::EMPTY);
            for to in v.board.iter() {
                let want: Vec<FMove> = all
                    .iter()
                    .copied()
                    .filter(|m| m.to as usize == to)
                    .collect();
                let mut got = Vec::new();
                p.push_piece_moves_at(&mut got, sq, to);
                got.retain(|m| m.to as usize == to);
                assert_eq!(
                    sorted(got),
                    sorted(want),
                    "{}: piece on {sq} to {to} at {}",
                    v.def.name,
                    p.to_fen(true)
                );
            }
        }
        compared += 1;
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = legal[(state >> 33) as usize % legal.len()];
        p.make(&m);
    }
    compared
}

#[test]
fn one_destination_moves_equal_the_general_generator() {
    let mut variants = bundled_variants();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/variants/sjaak/variants.txt");
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let vs = load_variants("variants.txt", &text).expect("SjaakII's variants load");
            for v in vs {
                variants.push(Arc::new((*v).clone().with_sjaak_file_fold()));
                variants.push(v);
            }
        }
        Err(_) => eprintln!("skipped: {} absent (bundled variants only)", path.display()),
    }
    let mut positions = 0;
    for (i, v) in variants.iter().enumerate() {
        positions += compare_walk(v, 40, i as u64 + 1);
    }
    assert!(positions > variants.len() * 10, "{positions} positions");
}
