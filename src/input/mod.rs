//! Inputs: where a run's bytes come from, and how each is opened: a plain file is memory-mapped; standard input
//! (`-`) and compressed files (zstd, gzip, bzip2) are streams, decompressed as they are read,
//! never unpacked to disk. Compression is chosen by the file's first bytes (its magic number),
//! so a `.pgn` that is really gzip works; a name that promises compression (`.zst`, `.gz`,
//! `.bz2`) on data that lacks the magic is refused with the file's name. Folders given as
//! arguments become their PGN and ICN files (see [`inputs_from_args`]).

use std::fmt;
use std::io::{self, Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub mod byte_range;
pub mod limits;
pub mod mapped;
pub mod members;

/// One input: a file (memory-mapped when plain, streamed when compressed: see [`open_input`]),
/// standard input (`-`, streamed, decompressed when compressed) or PGN text in memory
/// (streamed as standard input is; given by a program, see [`crate::api`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A PGN (or ICN) file, plain or compressed (zstd, gzip, bzip2).
    File(PathBuf),
    /// Standard input.
    Stdin,
    /// PGN text held in memory.
    Text {
        /// The name used in messages (`<text>`, `<game 3>`).
        name: String,
        /// The PGN bytes.
        pgn: Arc<[u8]>,
    },
}

impl Input {
    /// The name used in messages.
    pub fn name(&self) -> String {
        match self {
            Input::File(p) => p.display().to_string(),
            Input::Stdin => "<stdin>".to_string(),
            Input::Text { name, .. } => name.clone(),
        }
    }

    /// Its size in bytes (a file's as the system tells it now); None for standard input and
    /// a file that cannot be asked.
    pub fn size(&self) -> Option<u64> {
        match self {
            Input::File(path) => std::fs::metadata(path).ok().map(|m| m.len()),
            Input::Text { pgn, .. } => Some(pgn.len() as u64),
            Input::Stdin => None,
        }
    }
}

/// Reads a chunk of at most `size` bytes ([`fill`]): the bytes read, and the fault.
pub fn read_chunk(reader: &mut dyn Read, size: usize) -> (Vec<u8>, Option<io::Error>) {
    let mut chunk = vec![0u8; size];
    let (n, fault) = fill(reader, &mut chunk);
    chunk.truncate(n);
    (chunk, fault)
}

/// Reads until `buf` is full, the reader ends or fails: the bytes read, and the fault.
pub fn fill(reader: &mut dyn Read, buf: &mut [u8]) -> (usize, Option<io::Error>) {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return (filled, Some(e)),
        }
    }
    (filled, None)
}

/// A compression format cqlq decompresses while reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Zstandard (`.zst`); several frames are read one after the other.
    Zstd,
    /// gzip (`.gz`); several members (as `cat a.gz b.gz` makes) are read one after the other.
    Gzip,
    /// bzip2 (`.bz2`); several streams (as pbzip2 writes) are read one after the other.
    Bzip2,
}

/// The file-name endings of a folder's inputs (case does not matter), each also taken with
/// a compression's ending after it (`games.pgn.zst`).
const INPUT_ENDINGS: [&str; 2] = [".pgn", ".icn"];

impl Compression {
    /// Every compression, in the order they are tried.
    pub const ALL: [Compression; 3] = [Compression::Zstd, Compression::Gzip, Compression::Bzip2];

    /// The format's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        }
    }

    /// The file-name ending that promises this compression (without the dot).
    pub fn extension(self) -> &'static str {
        match self {
            Compression::Zstd => "zst",
            Compression::Gzip => "gz",
            Compression::Bzip2 => "bz2",
        }
    }

    /// The compression a file name promises by its last ending, if any.
    pub fn from_name(path: &Path) -> Option<Compression> {
        let ext = path.extension()?.to_str()?;
        Compression::ALL
            .into_iter()
            .find(|c| ext.eq_ignore_ascii_case(c.extension()))
    }

    /// The compression whose magic number starts `head` (at least 4 bytes are needed).
    pub fn from_magic(head: &[u8]) -> Option<Compression> {
        match head {
            // A zstd frame, or a skippable frame (magic 0x184D2A50..5F, little-endian).
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Some(Compression::Zstd),
            [b, 0x2A, 0x4D, 0x18, ..] if b & 0xF0 == 0x50 => Some(Compression::Zstd),
            [0x1F, 0x8B, ..] => Some(Compression::Gzip),
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Compression::Bzip2),
            _ => None,
        }
    }

    /// A reader of the decompressed bytes of `compressed`.
    pub fn decoder(self, compressed: impl Read + Send + 'static) -> io::Result<BoxedRead> {
        // Member by member: bytes after the last member are a `TrailingData` error, after
        // every member's bytes ([`members`]).
        Ok(Box::new(members::Members::new(self, compressed)))
    }
}

/// A reader that can move to the read-ahead thread.
pub type BoxedRead = Box<dyn Read + Send>;

/// An opened input.
pub enum Opened {
    /// A plain file, memory-mapped; None for an empty file (which cannot be mapped).
    Mapped(Option<memmap2::Mmap>),
    /// Standard input or a compressed file, read as a stream.
    Stream(Stream),
}

/// A stream input: its (decompressed) bytes and how far into the underlying file it is.
pub struct Stream {
    /// The decompressed bytes (the plain bytes for uncompressed standard input).
    pub reader: BoxedRead,
    /// The compression, if any: byte offsets in messages are then in the decompressed stream.
    pub compression: Option<Compression>,
    /// Bytes read so far from the file or standard input (compressed bytes), for progress.
    pub consumed: Arc<AtomicU64>,
    /// The name used to recognise ICN by its ending: the file's, less a compression ending.
    pub plain_name: PathBuf,
    /// The (decompressed) offset of the stream's first byte in its file: 0 but for a shard.
    pub first_offset: u64,
}

/// Counts the bytes read through it (the compressed bytes, for the progress bar).
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Opens an input: a plain file is mapped, standard input and compressed files are streams.
/// Errors name what is wrong; the caller adds the input's name.
pub fn open_input(input: &Input) -> io::Result<Opened> {
    match input {
        Input::Stdin => open_stdin().map(Opened::Stream),
        Input::File(path) => open_file(path),
        Input::Text { pgn, .. } => {
            stream_from(io::Cursor::new(pgn.clone()), None, PathBuf::new()).map(Opened::Stream)
        }
    }
}

/// Standard input, decompressed when its first bytes are a compression's magic number.
pub(super) fn open_stdin() -> io::Result<Stream> {
    stream_from(io::stdin(), None, PathBuf::new())
}

/// A file: mapped when plain and regular, a stream when compressed or when it is a pipe,
/// FIFO or device (`<(cat games.pgn)`, `/dev/stdin`). Its format is sniffed from the handle
/// kept for reading (the sniffed bytes are read again from memory), never by opening the
/// name twice: a pipe can be read only once.
fn open_file(path: &Path) -> io::Result<Opened> {
    let mut file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    let named = Compression::from_name(path);
    if !meta.is_file() {
        return stream_from(file, named, path.to_path_buf()).map(Opened::Stream);
    }
    let mut head = [0u8; 6];
    let n = read_full(&mut file, &mut head)?;
    let head = &head[..n];
    if Compression::from_magic(head).is_none() {
        if let Some(c) = named {
            return Err(misnamed(c, head));
        }
        // SAFETY: a plain input is only read; a truncation under the run is caught by
        // `mapped::catch_bus_errors` (installed by `main`), which names the file and exits 2.
        let map = unsafe { mapped::map_opened(&file, meta.len(), path)? };
        if let Some(map) = &map {
            refuse_foreign(&map[..map.len().min(SNIFF_BYTES)])?;
        }
        return Ok(Opened::Mapped(map));
    }
    file.rewind()?;
    stream_from(file, named, path.to_path_buf()).map(Opened::Stream)
}

/// Bytes read from the start of an input (after decompression) to tell whether it is text.
const SNIFF_BYTES: usize = 4096;

/// A stream over `source` (a file from its current place, or standard input): decompressed
/// when its first bytes are a compression's magic number, refused when they (or the first
/// decompressed bytes) are not text ([`refuse_foreign`]). `named`: the compression the file
/// name promises, which the data must then have.
fn stream_from(
    source: impl Read + Send + 'static,
    named: Option<Compression>,
    path: PathBuf,
) -> io::Result<Stream> {
    let consumed = Arc::new(AtomicU64::new(0));
    let counted = Counting {
        inner: source,
        count: consumed.clone(),
    };
    let (head, counted) = sniff(counted, 6)?;
    let compression = Compression::from_magic(&head);
    let plain: BoxedRead = Box::new(io::Cursor::new(head).chain(counted));
    let (reader, plain_name) = match (compression, named) {
        (Some(c), _) => {
            let plain_name = match named {
                Some(_) => path.with_extension(""),
                None => path,
            };
            (c.decoder(plain)?, plain_name)
        }
        (None, Some(c)) => {
            let (head, _) = sniff(plain, 6)?;
            return Err(misnamed(c, &head));
        }
        (None, None) => (plain, path),
    };
    let (text_head, reader) = sniff(reader, SNIFF_BYTES)?;
    refuse_foreign(&text_head)?;
    Ok(Stream {
        reader: Box::new(io::Cursor::new(text_head).chain(reader)),
        compression,
        consumed,
        plain_name,
        first_offset: 0,
    })
}

/// The first `len` bytes of `reader` (fewer at its end) and the reader after them. Trailing
/// bytes after a compressed stream's last member end the bytes without failing the look:
/// the reader says so again when read on ([`members`]).
fn sniff<R: Read>(mut reader: R, len: usize) -> io::Result<(Vec<u8>, R)> {
    let mut head = vec![0u8; len];
    let (n, fault) = fill(&mut reader, &mut head);
    if let Some(e) = fault
        && members::trailing_data(&e).is_none()
    {
        return Err(e);
    }
    head.truncate(n);
    Ok((head, reader))
}

/// A file named as compressed whose data is not.
fn misnamed(c: Compression, head: &[u8]) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "named as {} (.{}) but is not {} data: it starts with {}",
            c.name(),
            c.extension(),
            c.name(),
            describe_head(head)
        ),
    )
}

/// An input whose first bytes show it is not PGN (nor ICN) text: what it looks like.
#[derive(Debug)]
pub struct NotPgn {
    /// What the bytes look like, e.g. "UTF-16 text".
    pub looks_like: &'static str,
}

impl fmt::Display for NotPgn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "is not PGN (looks like {})", self.looks_like)
    }
}

impl std::error::Error for NotPgn {}

/// Refuses an input whose first bytes are not text: an error holding [`NotPgn`].
fn refuse_foreign(head: &[u8]) -> io::Result<()> {
    match looks_foreign(head) {
        Some(looks_like) => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            NotPgn { looks_like },
        )),
        None => Ok(()),
    }
}

/// What the first bytes of an input look like when they cannot start PGN or ICN text: other
/// compressions and archives by their magic numbers, UTF-16 by its byte order mark or its
/// zero bytes in every other place, and zero bytes making up more than 1 in 16 of the head as
/// binary data (zero bytes are never PGN, but one in a text costs only its game). None for anything else (text, however odd, is left to the reader).
pub fn looks_foreign(head: &[u8]) -> Option<&'static str> {
    const MAGIC: [(&[u8], &str); 9] = [
        (
            b"\xFD7zXZ\x00",
            "xz-compressed data; decompress it first (xz -dc FILE | cqlq ...)",
        ),
        (
            b"\x04\x22\x4D\x18",
            "lz4-compressed data; decompress it first (lz4 -dc FILE | cqlq ...)",
        ),
        (b"PK\x03\x04", "a zip archive; unpack it first"),
        (b"7z\xBC\xAF\x27\x1C", "a 7-Zip archive; unpack it first"),
        (b"Rar!\x1A\x07", "a RAR archive; unpack it first"),
        (b"\x7FELF", "an executable"),
        (b"%PDF-", "a PDF document"),
        (b"\x89PNG", "a PNG image"),
        (b"\xFF\xD8\xFF", "a JPEG image"),
    ];
    if let Some((_, what)) = MAGIC.iter().find(|(magic, _)| head.starts_with(magic)) {
        return Some(*what);
    }
    const UTF16: &str = "UTF-16 text; convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)";
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return Some(UTF16);
    }
    let zeros_at = |parity: usize| {
        head.iter()
            .skip(parity)
            .step_by(2)
            .filter(|b| **b == 0)
            .count()
    };
    // Text in UTF-16 has a zero in one place of each pair (for ASCII) and few in the other.
    let pairs = head.len() / 2;
    let (even, odd) = (zeros_at(0), zeros_at(1));
    let mostly = |zeros: usize| zeros * 4 >= pairs * 3;
    let few = |zeros: usize| zeros * 4 < pairs;
    if pairs >= 2 && ((mostly(even) && few(odd)) || (mostly(odd) && few(even))) {
        return Some(UTF16);
    }
    // A stray zero byte in text costs its game (reported by number), not the file: only
    // zero bytes making up more than 1 in 16 of the head are binary data.
    let zeros = head.iter().filter(|b| **b == 0).count();
    (zeros * 16 > head.len()).then_some("binary data: it has zero bytes")
}

/// The first bytes of a file, for a message: as text when they are printable.
fn describe_head(head: &[u8]) -> String {
    if head.is_empty() {
        return "nothing (the file is empty)".into();
    }
    if head.iter().all(|b| b.is_ascii_graphic() || *b == b' ') {
        format!("\"{}\"", String::from_utf8_lossy(head))
    } else {
        let hex: Vec<String> = head.iter().map(|b| format!("{b:02x}")).collect();
        format!("bytes {}", hex.join(" "))
    }
}

/// Why the command line's inputs cannot be listed.
#[derive(Debug)]
#[non_exhaustive]
pub enum InputError {
    /// A folder that cannot be read.
    Folder {
        /// The folder.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// A folder that holds no PGN or ICN file.
    NoGames {
        /// The folder.
        path: PathBuf,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Folder { path, error } => {
                write!(f, "{}: cannot read the folder: {error}", path.display())
            }
            InputError::NoGames { path } => write!(
                f,
                "{}: the folder holds no game files (*.pgn, *.icn, each also as .zst, .gz or .bz2)",
                path.display()
            ),
        }
    }
}

impl std::error::Error for InputError {}

/// The inputs named on the command line, in order: `-` is standard input, a folder stands
/// for the game files directly inside it (not in its subfolders; names ending `.pgn` or
/// `.icn`, each also with `.zst`, `.gz` or `.bz2` after it, case ignored, hidden files left
/// out as a shell's `*` would), sorted by name; any other name is a file (one that cannot be
/// opened is reported by the run). A folder without such files is an error: a run over it
/// would read nothing.
pub fn inputs_from_args(args: &[PathBuf]) -> Result<Vec<Input>, InputError> {
    let mut inputs = Vec::new();
    for arg in args {
        if arg.as_os_str() == "-" {
            inputs.push(Input::Stdin);
        } else if arg.is_dir() {
            inputs.extend(folder_inputs(arg)?.into_iter().map(Input::File));
        } else {
            inputs.push(Input::File(arg.clone()));
        }
    }
    Ok(inputs)
}

/// The game files directly inside `dir`, sorted by name.
fn folder_inputs(dir: &Path) -> Result<Vec<PathBuf>, InputError> {
    let folder_error = |error| InputError::Folder {
        path: dir.to_path_buf(),
        error,
    };
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(folder_error)? {
        let entry = entry.map_err(folder_error)?;
        let name = entry.file_name();
        let Some(text) = name.to_str() else { continue };
        if is_game_file_name(text) && entry.path().is_file() {
            names.push(name);
        }
    }
    if names.is_empty() {
        return Err(InputError::NoGames {
            path: dir.to_path_buf(),
        });
    }
    names.sort();
    Ok(names.into_iter().map(|n| dir.join(n)).collect())
}

/// Whether a folder's entry is read as games: `x.pgn`, `x.icn`, either with a compression
/// ending after it; not a hidden file.
pub fn is_game_file_name(name: &str) -> bool {
    if name.starts_with('.') {
        return false;
    }
    let lower = name.to_ascii_lowercase();
    let plain = Compression::ALL
        .into_iter()
        .find_map(|c| lower.strip_suffix(&format!(".{}", c.extension())))
        .unwrap_or(&lower);
    INPUT_ENDINGS
        .iter()
        .any(|e| plain.ends_with(e) && plain.len() > e.len())
}

/// What to do about a file that could not be opened or read, by the error's kind.
pub fn io_advice(kind: io::ErrorKind) -> &'static str {
    match kind {
        io::ErrorKind::NotFound => "check the path",
        io::ErrorKind::PermissionDenied => "check its permissions",
        io::ErrorKind::IsADirectory => "give a file, not a directory",
        _ => "check the file",
    }
}

/// Reads until `buf` is full or the reader ends ([`fill`], the fault as the error).
pub(crate) fn read_full(reader: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    match fill(reader, buf) {
        (_, Some(e)) => Err(e),
        (n, None) => Ok(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_numbers_name_their_compression() {
        assert_eq!(
            Compression::from_magic(&[0x28, 0xB5, 0x2F, 0xFD, 0x04]),
            Some(Compression::Zstd)
        );
        assert_eq!(
            Compression::from_magic(&[0x50, 0x2A, 0x4D, 0x18]),
            Some(Compression::Zstd)
        );
        assert_eq!(
            Compression::from_magic(&[0x1F, 0x8B, 0x08]),
            Some(Compression::Gzip)
        );
        assert_eq!(Compression::from_magic(b"BZh9"), Some(Compression::Bzip2));
        assert_eq!(Compression::from_magic(b"BZh0"), None);
        assert_eq!(Compression::from_magic(b"[Event"), None);
        assert_eq!(Compression::from_magic(b""), None);
    }

    #[test]
    fn folder_entries_are_pgn_and_icn_files_plain_or_compressed() {
        for yes in [
            "a.pgn",
            "A.PGN",
            "b.pgn.zst",
            "c.pgn.gz",
            "d.PGN.BZ2",
            "e.icn",
        ] {
            assert!(is_game_file_name(yes), "{yes}");
        }
        for no in [
            ".hidden.pgn",
            "notes.txt",
            "x.zst",
            "pgn",
            ".pgn",
            "a.pgnx",
            "a.pgn.xz",
        ] {
            assert!(!is_game_file_name(no), "{no}");
        }
    }

    #[test]
    fn foreign_heads_say_what_they_look_like() {
        let utf16: Vec<u8> = "[Event \"x\"]"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(looks_foreign(&utf16).map(|w| &w[..6]), Some("UTF-16"));
        assert_eq!(
            looks_foreign(b"\xFE\xFF\x00[").map(|w| &w[..6]),
            Some("UTF-16")
        );
        assert!(
            looks_foreign(b"\xFD7zXZ\x00\x00")
                .unwrap()
                .starts_with("xz")
        );
        assert!(
            looks_foreign(b"\x04\x22\x4D\x18")
                .unwrap()
                .starts_with("lz4")
        );
        assert!(looks_foreign(&[0u8; 64]).unwrap().starts_with("binary"));
        assert_eq!(looks_foreign(b"[Event \"M\xfcller\"]\n"), None);
        assert_eq!(looks_foreign(b"\xef\xbb\xbf[Event \"x\"]"), None);
        assert_eq!(looks_foreign(b""), None);
    }

    #[test]
    fn a_name_promises_compression_by_its_last_ending() {
        assert_eq!(
            Compression::from_name(Path::new("g.pgn.zst")),
            Some(Compression::Zstd)
        );
        assert_eq!(
            Compression::from_name(Path::new("g.PGN.GZ")),
            Some(Compression::Gzip)
        );
        assert_eq!(Compression::from_name(Path::new("g.pgn")), None);
    }
}
