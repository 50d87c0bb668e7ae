//! Compressed streams read member by member (gzip members, zstd frames, bzip2 streams, as
//! `cat a.gz b.gz` or pbzip2 make them): every member is decompressed in turn, and bytes
//! after a member that start no other one end the stream with a [`TrailingData`] error
//! naming their offset in the file, after every decompressed byte before them was given, so
//! trailing garbage (which `gzip -t` only warns about) costs no game.

use std::fmt;
use std::io::{self, BufRead, Read};

use super::Compression;

/// Bytes after the last complete member of a compressed file that are not another member.
#[derive(Debug)]
pub struct TrailingData {
    /// The compression of the members before them.
    pub compression: Compression,
    /// Their offset in the compressed file (from the stream's first byte).
    pub offset: u64,
}

impl fmt::Display for TrailingData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "trailing data at byte {} after the last {} member: not {} data, not read",
            self.offset,
            self.compression.name(),
            self.compression.name()
        )
    }
}

impl std::error::Error for TrailingData {}

/// The [`TrailingData`] an I/O error holds, if any.
pub fn trailing_data(e: &io::Error) -> Option<&TrailingData> {
    e.get_ref()?.downcast_ref::<TrailingData>()
}

/// A buffered reader that can look `n` bytes ahead (for a member's magic number) and counts
/// the bytes consumed from it (a member's end offset).
struct Peek<R> {
    inner: R,
    buf: Vec<u8>,
    /// The unconsumed bytes are `buf[start..end]`.
    start: usize,
    end: usize,
    consumed: u64,
}

impl<R: Read> Peek<R> {
    fn new(inner: R) -> Peek<R> {
        Peek {
            inner,
            buf: vec![0; 1 << 16],
            start: 0,
            end: 0,
            consumed: 0,
        }
    }

    /// At least `n` unconsumed bytes (fewer only at the end of the input).
    fn peek(&mut self, n: usize) -> io::Result<&[u8]> {
        if self.end - self.start < n {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
            while self.end < n {
                match self.inner.read(&mut self.buf[self.end..]) {
                    Ok(0) => break,
                    Ok(k) => self.end += k,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(&self.buf[self.start..self.end])
    }
}

impl<R: Read> Read for Peek<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = {
            let data = self.fill_buf()?;
            let n = data.len().min(out.len());
            out[..n].copy_from_slice(&data[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for Peek<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.start == self.end {
            self.start = 0;
            self.end = 0;
            loop {
                match self.inner.read(&mut self.buf) {
                    Ok(k) => {
                        self.end = k;
                        break;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(&self.buf[self.start..self.end])
    }

    fn consume(&mut self, n: usize) {
        let n = n.min(self.end - self.start);
        self.start += n;
        self.consumed += n as u64;
    }
}

/// The decoder of one member.
enum Member<R: BufRead> {
    Zstd(zstd::stream::read::Decoder<'static, R>),
    Gzip(flate2::bufread::GzDecoder<R>),
    Bzip2(bzip2::bufread::BzDecoder<R>),
}

impl<R: BufRead> Member<R> {
    fn new(compression: Compression, source: R) -> io::Result<Member<R>> {
        Ok(match compression {
            Compression::Zstd => {
                Member::Zstd(zstd::stream::read::Decoder::with_buffer(source)?.single_frame())
            }
            Compression::Gzip => Member::Gzip(flate2::bufread::GzDecoder::new(source)),
            Compression::Bzip2 => Member::Bzip2(bzip2::bufread::BzDecoder::new(source)),
        })
    }

    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        match self {
            Member::Zstd(d) => d.read(out),
            Member::Gzip(d) => d.read(out),
            Member::Bzip2(d) => d.read(out),
        }
    }

    fn into_source(self) -> R {
        match self {
            Member::Zstd(d) => d.finish(),
            Member::Gzip(d) => d.into_inner(),
            Member::Bzip2(d) => d.into_inner(),
        }
    }
}

/// The decompressed bytes of every member of a compressed stream, in order.
pub struct Members<R: Read> {
    compression: Compression,
    /// The member being read, or the source between two members.
    state: State<Peek<R>>,
}

enum State<R: BufRead> {
    Reading(Member<R>),
    Between(R),
    /// Ended at trailing data at this offset: every later read says so again, so a reader
    /// that stopped at the error (a look at the first bytes) still passes it on.
    Trailing(u64),
    /// Ended (at the end of the input, or after a fault).
    Done,
}

impl<R: Read> Members<R> {
    /// Reads the members of `compressed`, which starts with one of `compression`.
    pub fn new(compression: Compression, compressed: R) -> Members<R> {
        Members {
            compression,
            state: State::Between(Peek::new(compressed)),
        }
    }
}

impl<R: Read> Members<R> {
    fn trailing(&self, offset: u64) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            TrailingData {
                compression: self.compression,
                offset,
            },
        )
    }
}

impl<R: Read> Read for Members<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        loop {
            match std::mem::replace(&mut self.state, State::Done) {
                State::Done => return Ok(0),
                State::Trailing(offset) => {
                    self.state = State::Trailing(offset);
                    return Err(self.trailing(offset));
                }
                State::Reading(mut member) => {
                    let n = member.read(out)?;
                    if n > 0 {
                        self.state = State::Reading(member);
                        return Ok(n);
                    }
                    self.state = State::Between(member.into_source());
                }
                State::Between(mut source) => {
                    let head = source.peek(6)?;
                    if head.is_empty() {
                        return Ok(0);
                    }
                    if Compression::from_magic(head) != Some(self.compression) {
                        self.state = State::Trailing(source.consumed);
                        return Err(self.trailing(source.consumed));
                    }
                    self.state = State::Reading(Member::new(self.compression, source)?);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    fn read_all(c: Compression, data: &[u8]) -> (Vec<u8>, Option<io::Error>) {
        let mut out = Vec::new();
        let e = Members::new(c, data).read_to_end(&mut out).err();
        (out, e)
    }

    #[test]
    fn every_member_is_read_and_trailing_bytes_are_named() {
        let (a, b) = (gzip(b"first "), gzip(b"second"));
        let both = [a.clone(), b.clone()].concat();
        let (out, e) = read_all(Compression::Gzip, &both);
        assert_eq!((out.as_slice(), e.is_none()), (&b"first second"[..], true));
        // Garbage after the second member: both members' bytes, then the error at its offset.
        let garbage = [both.clone(), b"JUNK!!".to_vec()].concat();
        let (out, e) = read_all(Compression::Gzip, &garbage);
        assert_eq!(out, b"first second");
        let e = e.unwrap();
        let t = trailing_data(&e).unwrap();
        assert_eq!(t.offset, both.len() as u64);
        // One stray byte, shorter than any magic number, is trailing data too.
        let (out, e) = read_all(Compression::Gzip, &[a.clone(), vec![0]].concat());
        assert_eq!(out, b"first ");
        assert_eq!(trailing_data(&e.unwrap()).unwrap().offset, a.len() as u64);
    }

    #[test]
    fn zstd_frames_and_bzip2_streams() {
        let z = [
            zstd::encode_all(&b"one "[..], 3).unwrap(),
            zstd::encode_all(&b"two"[..], 3).unwrap(),
        ]
        .concat();
        let (out, e) = read_all(Compression::Zstd, &[z.clone(), b"xx".to_vec()].concat());
        assert_eq!(out, b"one two");
        assert_eq!(trailing_data(&e.unwrap()).unwrap().offset, z.len() as u64);
        let bz = |d: &[u8]| {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            e.write_all(d).unwrap();
            e.finish().unwrap()
        };
        let b = [bz(b"un "), bz(b"deux")].concat();
        let (out, e) = read_all(Compression::Bzip2, &[b.clone(), b"\n".to_vec()].concat());
        assert_eq!(out, b"un deux");
        assert_eq!(trailing_data(&e.unwrap()).unwrap().offset, b.len() as u64);
    }
}
