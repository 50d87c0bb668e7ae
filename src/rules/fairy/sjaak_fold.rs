//! SjaakII 1.4.1's file-occupancy fold, reproduced on request so that perft can be compared
//! with SjaakII on boards with more ranks than files (straits 9x11).
//!
//! SjaakII finds a vertical slider's (and hopper's) moves in a table indexed by the
//! occupancy of its file, which `bitboard_t::get_file` gathers into the low bits by folding
//! (`b |= (b >> (shift * files)) << shift` for `shift` = 1, 2, 4, ... below the rank count)
//! and masking `ranks` bits. When there are more ranks than files, the fold also drops bits
//! of low ranks onto the positions of high ranks: on 9x11 a piece on rank 2 of a file reads
//! as a piece on rank 10 of that file, and one on rank 3 as one on rank 11. SjaakII then
//! refuses `a11-a9` while a2 is occupied. cqlq's engine does not do this by default (it is
//! SjaakII's error, not a rule of the game); [`Variant::with_sjaak_file_fold`] switches it on
//! for a comparison with SjaakII's perft.
//!
//! [`Variant::with_sjaak_file_fold`]: super::tables::Variant::with_sjaak_file_fold

use super::bits::Bits256;

/// The `(rank, ghost rank)` pairs (0-based) of SjaakII's fold on a `files x ranks` board: a
/// piece on `rank` of a file also reads as one on `ghost rank` of the same file when vertical
/// moves are generated. Empty when there are no more ranks than files.
pub fn sjaak_file_fold_pairs(files: usize, ranks: usize) -> Vec<(u8, u8)> {
    // No fold without more ranks than files; SjaakII has no board over 128 squares.
    if ranks <= files || files * ranks > 128 {
        return Vec::new();
    }
    // SjaakII's bitboard is 32, 64 or 128 bits wide, the smallest holding the board; bits
    // shifted past it are lost.
    let width = match files * ranks {
        0..=32 => 32,
        33..=64 => 64,
        _ => 128,
    };
    let mask = if width == 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    let file_mask = (1u128 << ranks) - 1;
    let mut pairs = Vec::new();
    for rank in 0..ranks {
        let mut b = 1u128 << (rank * files);
        let mut shift = 1;
        loop {
            b = (b | ((b >> (shift * files)) << shift)) & mask;
            shift <<= 1;
            if shift >= ranks {
                break;
            }
        }
        let read = b & file_mask;
        for ghost in (0..ranks).filter(|&g| g != rank && read >> g & 1 != 0) {
            pairs.push((rank as u8, ghost as u8));
        }
    }
    pairs
}

/// `occ` with, for each pair of [`sjaak_file_fold_pairs`], the pieces of `rank` copied onto
/// `ghost rank` (file by file): the occupancy SjaakII's vertical moves see.
pub fn fold_occupancy(occ: Bits256, pairs: &[(u8, u8)]) -> Bits256 {
    let mut out = occ;
    for &(rank, ghost) in pairs {
        let row = (occ.0[rank as usize / 4] >> (rank as usize % 4 * 16)) & 0xffff;
        out.0[ghost as usize / 4] |= row << (ghost as usize % 4 * 16);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fairy::bits::square;

    #[test]
    fn square_and_wide_boards_have_no_fold() {
        for (f, r) in [(8, 8), (10, 8), (10, 10), (12, 8), (16, 16), (11, 7)] {
            assert!(sjaak_file_fold_pairs(f, r).is_empty(), "{f}x{r}");
        }
    }

    /// Worked by hand for 9x11 (128 bits): a bit at rank 1 (position 9) is shifted by the
    /// first fold step to position 1 and stays at 9; the mask keeps 11 bits, so position 9
    /// reads as rank 9. A bit at rank 2 (position 18) adds position 10 in the first step: rank 10.
    #[test]
    fn straits_folds_ranks_2_and_3_onto_10_and_11() {
        assert_eq!(sjaak_file_fold_pairs(9, 11), vec![(1, 9), (2, 10)]);
        let occ = Bits256::single(square(0, 1));
        let folded = fold_occupancy(occ, &sjaak_file_fold_pairs(9, 11));
        assert!(folded.has(square(0, 9)) && folded.has(square(0, 1)));
        assert_eq!(folded.len(), 2);
    }
}
