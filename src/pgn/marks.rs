//! The bytes that give PGN text its shape, found sixteen at a time (SSE2 compares on x86-64,
//! a byte loop elsewhere), for the splitter (`pgn::split`).
//!
//! - [`MovetextMarks`]: in a line of movetext, each `{`, `;` or `[` (a *stop*: a comment or a
//!   tag may start there) and each `}` (a comment ends), kept 64 bytes at a time between
//!   searches. A lichess game's movetext is one long line with a comment after every move
//!   (`1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } ...`): the splitter looks for the
//!   next of these bytes a few hundred times a line, each a few bytes after the last, where one
//!   `memchr` call costs more in setting up than its search saves. Each block of 64 bytes is
//!   classified once and every search in it is a shift and a count of trailing zeros; a run
//!   of whole comments is passed over a block at a time ([`MovetextMarks::comments_end`]).
//! - [`first_of`]: the first of a few bytes, for a tag line's quote, escape and bracket, or a
//!   comment's end.

/// The bytes of one line (or the rest of one), with the stops and comment ends of the block
/// of 64 bytes last looked at.
pub(super) struct MovetextMarks<'a> {
    text: &'a [u8],
    /// Where the block of marks starts in `text` (`usize::MAX` before any).
    block: usize,
    /// Bit i: `text[block + i]` is `{`.
    opens: u64,
    /// Bit i: `text[block + i]` is `;` or `[`.
    others: u64,
    /// Bit i: `text[block + i]` is `}`.
    closes: u64,
}

impl<'a> MovetextMarks<'a> {
    /// The marks of `text`, found as they are asked for.
    pub(super) fn new(text: &'a [u8]) -> Self {
        MovetextMarks {
            text,
            block: usize::MAX,
            opens: 0,
            others: 0,
            closes: 0,
        }
    }

    /// The index of the first `{`, `;` or `[` at or after `from`.
    pub(super) fn next_stop(&mut self, from: usize) -> Option<usize> {
        self.next(from, |marks| marks.opens | marks.others)
    }

    /// The index of the first `}` at or after `from`.
    pub(super) fn next_close(&mut self, from: usize) -> Option<usize> {
        self.next(from, |marks| marks.closes)
    }

    /// Where a run of whole comments from `at` (outside any comment) ends: the index after
    /// the last `}` among the next bytes (up to 64) when, up to it, each `{` opens a comment
    /// that a `}` closes before any other `{`, and no `;` or `[` stands outside the comments.
    /// That is what the splitter's walk from stop to stop would pass over, comment after
    /// comment, without stopping outside one. None when there is no such `}` or the bytes
    /// are otherwise (a `{` or no `}` inside a comment, a `}`, `[` or `;` outside one).
    ///
    /// Inside is told by parity: with `{` and `}` taking turns, the bytes from a `{` to
    /// before its `}` are those with an odd number of braces at or before them.
    pub(super) fn comments_end(&mut self, at: usize) -> Option<usize> {
        if at >= self.text.len() {
            return None;
        }
        // Half a block or more left from `at`: read on in it, else classify from `at`.
        if !(self.block <= at && at - self.block <= 32) {
            self.classify(at);
        }
        let shift = at - self.block;
        let (opens, others, closes) = (
            self.opens >> shift,
            self.others >> shift,
            self.closes >> shift,
        );
        if closes == 0 {
            return None;
        }
        let last = 63 - closes.leading_zeros();
        let upto = u64::MAX >> (63 - last);
        let inside = prefix_xor(opens | closes);
        let wrong = (opens & !inside) | (closes & inside) | (others & !inside);
        (wrong & upto == 0).then(|| at + last as usize + 1)
    }

    /// The first index at or after `from` whose bit is set in `bits` of its block.
    #[inline]
    fn next(&mut self, mut from: usize, bits: impl Fn(&Self) -> u64) -> Option<usize> {
        while from < self.text.len() {
            // `block <= from` first: `block + 64` would overflow before any block.
            if !(self.block <= from && from - self.block < 64) {
                self.classify(from);
            }
            let found = bits(self) >> (from - self.block);
            if found != 0 {
                return Some(from + found.trailing_zeros() as usize);
            }
            from = self.block + 64;
        }
        None
    }

    /// Classifies the (up to) 64 bytes from `at`.
    fn classify(&mut self, at: usize) {
        let rest = &self.text[at..];
        let [opens, others, closes] = match rest.first_chunk::<64>() {
            Some(block) => classify_64(block),
            None => classify_short(rest),
        };
        self.block = at;
        self.opens = opens;
        self.others = others;
        self.closes = closes;
    }
}

/// Bit i: an odd number of bits set at or below i in `bits`.
fn prefix_xor(mut bits: u64) -> u64 {
    for shift in [1, 2, 4, 8, 16, 32] {
        bits ^= bits << shift;
    }
    bits
}

/// The opens, others and closes of a whole block (its four chunks unrolled: the length is
/// known).
#[inline]
fn classify_64(block: &[u8; 64]) -> [u64; 3] {
    classify_chunks(block.as_chunks::<16>().0)
}

/// The opens, others and closes of the chunks of 16 bytes that start a block.
#[inline(always)]
fn classify_chunks(chunks: &[[u8; 16]]) -> [u64; 3] {
    let mut marks = [0u64; 3];
    for (k, chunk) in chunks.iter().enumerate() {
        for (mask, bits) in marks.iter_mut().zip(classify_16(chunk)) {
            *mask |= u64::from(bits) << (16 * k);
        }
    }
    marks
}

/// The opens, others and closes of the last bytes of a text, fewer than 64.
fn classify_short(bytes: &[u8]) -> [u64; 3] {
    let (chunks, tail) = bytes.as_chunks::<16>();
    let mut marks = classify_chunks(chunks);
    let tail_at = 16 * chunks.len();
    for (i, &b) in tail.iter().enumerate() {
        marks[0] |= u64::from(b == b'{') << (tail_at + i);
        marks[1] |= u64::from(matches!(b, b';' | b'[')) << (tail_at + i);
        marks[2] |= u64::from(b == b'}') << (tail_at + i);
    }
    marks
}

/// Bits i of the opens (`{`), the others (`;`, `[`) and the closes (`}`) of `chunk`.
#[cfg(target_arch = "x86_64")]
#[inline]
fn classify_16(chunk: &[u8; 16]) -> [u16; 3] {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    // SAFETY: SSE2 is part of every x86-64 CPU (the target's baseline), so these intrinsics
    // run wherever this code does; `_mm_loadu_si128` reads the 16 bytes of `chunk`, with no
    // alignment required.
    unsafe {
        let bytes = _mm_loadu_si128(chunk.as_ptr().cast());
        let equal = |b: u8| _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b as i8));
        // movemask sets only the low 16 bits: one per byte.
        [
            _mm_movemask_epi8(equal(b'{')) as u16,
            _mm_movemask_epi8(_mm_or_si128(equal(b';'), equal(b'['))) as u16,
            _mm_movemask_epi8(equal(b'}')) as u16,
        ]
    }
}

/// Bits i of the opens (`{`), the others (`;`, `[`) and the closes (`}`) of `chunk`.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn classify_16(chunk: &[u8; 16]) -> [u16; 3] {
    let mut marks = [0u16; 3];
    for (i, &b) in chunk.iter().enumerate() {
        marks[0] |= u16::from(b == b'{') << i;
        marks[1] |= u16::from(matches!(b, b';' | b'[')) << i;
        marks[2] |= u16::from(b == b'}') << i;
    }
    marks
}

/// The index of the first byte at or after `from` in `text` that is one of `set`.
pub(super) fn first_of<const N: usize>(
    text: &[u8],
    mut from: usize,
    set: [u8; N],
) -> Option<usize> {
    while let Some(chunk) = text.get(from..).and_then(|rest| rest.first_chunk::<16>()) {
        let found = equal_16(chunk, set);
        if found != 0 {
            return Some(from + found.trailing_zeros() as usize);
        }
        from += 16;
    }
    let rest = text.get(from..)?;
    rest.iter().position(|b| set.contains(b)).map(|i| from + i)
}

/// Bit i: `chunk[i]` is one of `set`.
#[cfg(target_arch = "x86_64")]
#[inline]
fn equal_16<const N: usize>(chunk: &[u8; 16], set: [u8; N]) -> u16 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
        _mm_setzero_si128,
    };
    // SAFETY: as in `classify_16`.
    unsafe {
        let bytes = _mm_loadu_si128(chunk.as_ptr().cast());
        let equal = set.iter().fold(_mm_setzero_si128(), |any, &x| {
            _mm_or_si128(any, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(x as i8)))
        });
        _mm_movemask_epi8(equal) as u16
    }
}

/// Bit i: `chunk[i]` is one of `set`.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn equal_16<const N: usize>(chunk: &[u8; 16], set: [u8; N]) -> u16 {
    let mut found = 0u16;
    for (i, b) in chunk.iter().enumerate() {
        found |= u16::from(set.contains(b)) << i;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain definition: the first index at or after `from` holding a byte of `set`.
    fn first_of(text: &[u8], from: usize, set: &[u8]) -> Option<usize> {
        (from..text.len()).find(|&i| set.contains(&text[i]))
    }

    /// Every search, in the orders the splitter makes them (forwards, skipping ahead) and
    /// backwards (a fresh block each time), over texts of every length to 200 with the marks at
    /// every place around the 16- and 64-byte boundaries, against the plain definition.
    #[test]
    fn every_search_finds_what_a_byte_loop_finds() {
        let alphabet = b"{};[ ae1.]\n";
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in 0..200 {
            for density in [1u64, 4, 16, 64] {
                let text: Vec<u8> = (0..len)
                    .map(|_| match next() % density {
                        0 => alphabet[(next() % alphabet.len() as u64) as usize],
                        _ => b'x',
                    })
                    .collect();
                let mut marks = MovetextMarks::new(&text);
                for from in 0..=len + 1 {
                    assert_eq!(marks.next_stop(from), first_of(&text, from, b"{;["));
                    assert_eq!(marks.next_close(from), first_of(&text, from, b"}"));
                }
                let mut marks = MovetextMarks::new(&text);
                for from in (0..=len).rev() {
                    assert_eq!(marks.next_close(from), first_of(&text, from, b"}"));
                    assert_eq!(marks.next_stop(from), first_of(&text, from, b"{;["));
                }
                // Alternating as the splitter does: a stop, then the close after it.
                let mut marks = MovetextMarks::new(&text);
                let mut at = 0;
                while let Some(stop) = marks.next_stop(at) {
                    assert_eq!(Some(stop), first_of(&text, at, b"{;["));
                    let close = marks.next_close(stop + 1);
                    assert_eq!(close, first_of(&text, stop + 1, b"}"));
                    at = close.map_or(stop + 1, |c| c + 1);
                }
            }
        }
    }

    /// Bytes with the high bit set (UTF-8 in a comment) are no marks: the compares are of
    /// whole bytes, not of signed values near the marks'.
    #[test]
    fn bytes_over_127_are_no_marks() {
        let text: Vec<u8> = (0..=255u8).chain(0..=255u8).collect();
        let mut marks = MovetextMarks::new(&text);
        assert_eq!(marks.next_stop(0), Some(usize::from(b';')));
        assert_eq!(
            marks.next_stop(usize::from(b';') + 1),
            Some(usize::from(b'['))
        );
        assert_eq!(
            marks.next_stop(usize::from(b'[') + 1),
            Some(usize::from(b'{'))
        );
        assert_eq!(
            marks.next_stop(usize::from(b'{') + 1),
            Some(256 + usize::from(b';'))
        );
        assert_eq!(marks.next_close(0), Some(usize::from(b'}')));
        assert_eq!(
            marks.next_close(usize::from(b'}') + 1),
            Some(256 + usize::from(b'}'))
        );
        assert_eq!(marks.next_close(256 + usize::from(b'}') + 1), None);
    }

    /// [`super::first_of`] against the plain definition, over texts of every length to 100 and every
    /// start, for sets of three bytes and of one.
    #[test]
    fn the_first_of_three_bytes_is_what_a_byte_loop_finds() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for len in 0..100 {
            let text: Vec<u8> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    b"\"]\\\nxyz\xe2"[(seed % 8) as usize]
                })
                .collect();
            for from in 0..=len + 1 {
                let set = [b'"', b'\\', b'\n'];
                assert_eq!(
                    super::first_of(&text, from, set),
                    first_of(&text, from, &set)
                );
            }
        }
    }
}
