//! The sums of a summary's fewest and most pieces over a set of piece kinds
//! ([`Need::Count`](super::Need::Count)'s test, made on every game of an index), eight kinds
//! at once: each array's bytes read as words, the kinds not asked for masked off, the rest
//! added in 16-bit lanes (no lane can carry into its neighbour).

use crate::index::summary::{GameSummary, KINDS};

/// Per byte value `b`, the word whose byte `i` is 0xff when bit `i` of `b` is set, else 0:
/// the mask of the kinds of a bit set (8 kinds a look-up).
const BYTE_MASKS: [u64; 256] = byte_masks();

const fn byte_masks() -> [u64; 256] {
    let mut masks = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                masks[b] |= 0xff << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    masks
}

/// The bytes of `word` added in pairs: four 16-bit lanes, each at most 510.
#[inline]
fn byte_pairs(word: u64) -> u64 {
    const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
    (word & EVEN) + ((word >> 8) & EVEN)
}

/// The sum over the kinds of `kinds` (a bit per kind index) of `per_kind`'s values: both
/// words' pairs added lane by lane (each lane at most 1,020), then the four lanes (at most
/// 4,080, which a lane holds).
#[inline]
fn masked_sum(per_kind: &[u8; KINDS], kinds: u16) -> i64 {
    let mut low = [0u8; 8];
    let mut high = [0u8; 8];
    low.copy_from_slice(&per_kind[..8]);
    high[..KINDS - 8].copy_from_slice(&per_kind[8..]);
    let low_mask = BYTE_MASKS[usize::from(kinds & 0xff)];
    let high_mask = BYTE_MASKS[usize::from((kinds >> 8) & 0x0f)];
    let lanes = byte_pairs(u64::from_le_bytes(low) & low_mask)
        + byte_pairs(u64::from_le_bytes(high) & high_mask);
    (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as i64
}

/// The fewest and the most pieces of the kinds of `kinds` summed over those kinds
/// (`summary.fewest`, `summary.most`).
#[inline]
pub fn fewest_and_most(summary: &GameSummary, kinds: u16) -> (i64, i64) {
    (
        masked_sum(&summary.fewest, kinds),
        masked_sum(&summary.most, kinds),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word sums are the kind-by-kind sums, for every kind set over summaries drawn at
    /// random (any byte values, the largest included).
    #[test]
    fn the_word_sums_are_the_kind_by_kind_sums() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u8
        };
        for round in 0..64 {
            let mut s = GameSummary::default();
            for k in 0..KINDS {
                (s.fewest[k], s.most[k]) = if round == 0 {
                    (255, 255)
                } else {
                    (next(), next())
                };
            }
            for kinds in 0..(1u16 << KINDS) {
                let (mut fewest, mut most) = (0i64, 0i64);
                for k in 0..KINDS {
                    if kinds & (1 << k) != 0 {
                        fewest += i64::from(s.fewest[k]);
                        most += i64::from(s.most[k]);
                    }
                }
                assert_eq!(fewest_and_most(&s, kinds), (fewest, most), "{kinds:#x}");
            }
        }
    }
}
