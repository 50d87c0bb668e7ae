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
    pub(super) fn varint(&mut self) -> Result<u64, IndexError> {
        // The common case: one byte.
        if let Some(&b) = self.bytes.get(self.at)
            && b < 0x80
        {
            self.at += 1;
            return Ok(u64::from(b));
        }
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
    pub(super) fn varint_u32(&mut self) -> Result<u32, IndexError> {
        u32::try_from(self.varint()?).map_err(|_| IndexError::Corrupt("a number out of range"))
    }
    /// A bitboard as `format::put_squares` writes it.
    pub(super) fn squares(&mut self) -> Result<u64, IndexError> {
        let mask = self.byte()?;
        // The ranks named, taken at once (one bounds check), each put at its place.
        let written = self.take(mask.count_ones() as usize)?;
        let mut ranks = [0u8; 8];
        let mut named = mask;
        for &rank in written {
            if rank == 0 {
                return Err(IndexError::Corrupt("an empty rank written"));
            }
            ranks[named.trailing_zeros() as usize] = rank;
            named &= named - 1;
        }
        Ok(u64::from_le_bytes(ranks))
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
