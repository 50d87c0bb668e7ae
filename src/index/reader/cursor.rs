//! The reader's cursor over a checked part of an index file: bytes, little-endian numbers,
//! varints in their shortest form and the squares' bitboards, each failing instead of
//! reading past the end.

use super::super::format::IndexError;
use super::CUT_SHORT;

/// A cursor over bytes that fails instead of reading past the end.
pub(super) struct Reader<'a> {
    bytes: &'a [u8],
    pub(super) at: usize,
}

impl<'a> Reader<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }
    #[inline]
    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8], IndexError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(CUT_SHORT)?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    #[inline]
    pub(super) fn byte(&mut self) -> Result<u8, IndexError> {
        Ok(self.take(1)?[0])
    }
    pub(super) fn u32(&mut self) -> Result<u32, IndexError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().unwrap_or([0; 4]),
        ))
    }
    pub(super) fn u64(&mut self) -> Result<u64, IndexError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().unwrap_or([0; 8]),
        ))
    }
    /// A varint as `format::put_varint` writes it (the shortest form only: anything else
    /// would not be written back as read).
    #[inline(always)]
    pub(super) fn varint(&mut self) -> Result<u64, IndexError> {
        // The common cases: one byte, or two (a game's length), the second not 0 (else the
        // number has a shorter form, refused below).
        if let Some(&b) = self.bytes.get(self.at)
            && b < 0x80
        {
            self.at += 1;
            return Ok(u64::from(b));
        }
        if let Some(&[low, high]) = self.bytes.get(self.at..self.at + 2)
            && high.wrapping_sub(1) < 0x7f
        {
            self.at += 2;
            return Ok(u64::from(low & 0x7f) | u64::from(high) << 7);
        }
        self.long_varint()
    }

    /// [`Reader::varint`] of three bytes or more, or malformed.
    #[inline(never)]
    fn long_varint(&mut self) -> Result<u64, IndexError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            if shift == 63 && b > 1 {
                break;
            }
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                if b == 0 && shift > 0 {
                    break;
                }
                return Ok(n);
            }
        }
        Err(IndexError::Corrupt("a malformed number"))
    }
    #[inline(always)]
    pub(super) fn varint_u32(&mut self) -> Result<u32, IndexError> {
        u32::try_from(self.varint()?).map_err(|_| IndexError::Corrupt("a number out of range"))
    }
    /// A bitboard as `format::put_squares` writes it: a byte naming the non-empty ranks,
    /// then those ranks' bytes (none of them 0).
    pub(super) fn squares(&mut self) -> Result<u64, IndexError> {
        let mask = self.byte()?;
        let named = mask.count_ones() as usize;
        // The ranks named, taken at once (one bounds check): as a little-endian word when
        // eight bytes are there (every game's but the section's last few), else copied.
        let start = self.at;
        let written = self.take(named)?;
        let word = match self.bytes.get(start..start + 8) {
            Some(eight) => u64::from_le_bytes(eight.try_into().unwrap_or([0; 8])),
            None => {
                let mut eight = [0u8; 8];
                eight[..named].copy_from_slice(written);
                u64::from_le_bytes(eight)
            }
        };
        // Each written byte in turn put at its rank's place.
        let (mut out, mut rest, mut ranks, mut empty) = (0u64, word, mask, false);
        while ranks != 0 {
            let rank = u64::from(rest as u8);
            empty |= rank == 0;
            out |= rank << (8 * ranks.trailing_zeros());
            rest >>= 8;
            ranks &= ranks - 1;
        }
        if empty {
            return Err(IndexError::Corrupt("an empty rank written"));
        }
        Ok(out)
    }
    /// Whether every byte was read.
    pub(super) fn at_end(&self) -> Result<(), IndexError> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(IndexError::Corrupt("a section longer than its games"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::format::put_varint;

    /// Every number `put_varint` writes is read back (the one- and two-byte quick cases and
    /// the longer ones), and a number not in its shortest form (a last byte 0) is refused.
    #[test]
    fn varints_are_read_as_written_and_only_in_their_shortest_form() {
        let mut numbers: Vec<u64> = (0..70_000).collect();
        numbers.extend([1 << 21, (1 << 28) - 1, u64::from(u32::MAX), u64::MAX]);
        for n in numbers {
            let mut bytes = Vec::new();
            put_varint(&mut bytes, n);
            let mut r = Reader::new(&bytes);
            assert_eq!(r.varint().ok(), Some(n));
            assert!(r.at_end().is_ok(), "{n}");
        }
        for bad in [
            &[0x80, 0x00][..],
            &[0xff, 0x00],
            &[0x81, 0x80, 0x00],
            &[0x80],
        ] {
            assert!(Reader::new(bad).varint().is_err(), "{bad:?}");
        }
    }
}
