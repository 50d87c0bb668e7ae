//! The SAN of a whole movetext token in the shapes nearly every move is written in (`e4`,
//! `exd5`, `Nf3`, `Nxe5`, `Nbd7`, `R1e2`, `Qhxe7`, `e8=Q`, `bxa1=N`, `O-O`, `O-O-O`, each
//! with or without `+`/`#`), told by the token's length and a look at each of its bytes.
//!
//! The plain reader ([`super::plain`]) asks this first, knowing where the token ends; for any
//! other token it calls shakmaty's `SanPlus::from_ascii_prefix` (what pgn-reader reads a
//! token with). For the shapes read here, both give the same SAN, and shakmaty's reading ends
//! where the token does (a test reads every short string of SAN bytes both ways).
//!
//! A token read here is written exactly as shakmaty writes its SAN (its `Display`): each
//! shape above is that writing, byte for byte (a test writes every token read here back). So
//! the token's own bytes, kept as a [`SanText`], are what a writer of the move would make.
//!
//! Worth its lines: on the 50,000 lichess-shaped games of `/tmp/lichess.pgn` (about 4 million
//! moves), `perf record` of `cqlq -j1 -q --count -e check` put 13.5 % of the run in the SAN
//! reader (a copy of shakmaty's reader, `pgn::san_prefix`, itself about twice as fast as
//! shakmaty's cursor of optional bytes); see `docs/performance-history.md` for the run
//! measured with this one.

use pgn_reader::shakmaty::san::{San, SanPlus, Suffix};
use pgn_reader::shakmaty::{CastlingSide, File, Rank, Role, Square};

/// A move token's bytes when they are exactly what shakmaty's `Display` writes for the SAN
/// read from it (a token of a common shape: `common_san`), packed in a word from its low
/// byte, zeros after them (no SAN byte is zero); [`SanText::NONE`] when not known so. A fixed
/// size: the PGN writer copies the word whole instead of writing the SAN again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SanText(u64);

impl SanText {
    /// No text known: the SAN is to be written from its parts.
    pub const NONE: SanText = SanText(0);

    /// The text of a token of a common shape that starts `rest` and is `len` bytes long
    /// (`common_san` read it whole); NONE when it is longer than the longest common shape
    /// (7 bytes: `bxa1=N#`).
    #[inline(always)]
    pub(super) fn of_common_token(rest: &[u8], len: usize) -> SanText {
        if len == 0 || len > 7 || len > rest.len() {
            return SanText::NONE;
        }
        let word = match rest.first_chunk::<8>() {
            Some(chunk) => u64::from_le_bytes(*chunk),
            None => {
                let mut bytes = [0u8; 8];
                bytes[..len].copy_from_slice(&rest[..len]);
                u64::from_le_bytes(bytes)
            }
        };
        // The token's `len` bytes, zeros after them (`len` ≤ 7: the shift is in range).
        SanText(word & ((1u64 << (8 * len)) - 1))
    }

    /// The text's length in bytes (0: none): the bytes up to the last that is not zero.
    #[inline(always)]
    pub fn len(self) -> usize {
        (71 - self.0.leading_zeros() as usize) / 8
    }

    /// Whether no text is known.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The text in its word's 8 bytes (the first [`len`](Self::len) of them), zeros after it.
    #[inline(always)]
    pub fn bytes(self) -> [u8; 8] {
        self.0.to_le_bytes()
    }
}

/// The SAN `token` (a whole token: nothing glued after it) reads as when it has one of the
/// common shapes (see the module doc); None for any other token. Made in its caller (the
/// plain reader's token loop, where a call cost more than the reading).
#[inline(always)]
pub fn common_san(token: &[u8]) -> Option<SanPlus> {
    let (body, suffix) = match token.split_last()? {
        (b'+', body) => (body, Some(Suffix::Check)),
        (b'#', body) => (body, Some(Suffix::Checkmate)),
        _ => (token, None),
    };
    let san = match *body {
        [f, r] => pawn(None, square(f, r)?, None),
        [b'O', b'-', b'O'] => San::Castle(CastlingSide::KingSide),
        [p, f, r] => piece(role(p)?, (None, None), false, square(f, r)?),
        [a, b'x', f, r] => match role(a) {
            Some(role) => piece(role, (None, None), true, square(f, r)?),
            None => pawn(Some(file(a)?), square(f, r)?, None),
        },
        [f, r, b'=', q] => pawn(None, square(f, r)?, Some(promotion(q)?)),
        [p, hint, f, r] => piece(role(p)?, hint_of(hint)?, false, square(f, r)?),
        [b'O', b'-', b'O', b'-', b'O'] => San::Castle(CastlingSide::QueenSide),
        [p, hint, b'x', f, r] => piece(role(p)?, hint_of(hint)?, true, square(f, r)?),
        [a, b'x', f, r, b'=', q] => pawn(Some(file(a)?), square(f, r)?, Some(promotion(q)?)),
        _ => return None,
    };
    Some(SanPlus { san, suffix })
}

/// A pawn's move to `to`: a capture from `from_file` when given.
fn pawn(from_file: Option<File>, to: Square, promotion: Option<Role>) -> San {
    San::Normal {
        role: Role::Pawn,
        file: from_file,
        rank: None,
        capture: from_file.is_some(),
        to,
        promotion,
    }
}

/// A piece's move to `to`, with the file or rank it comes from when written.
fn piece(role: Role, (file, rank): (Option<File>, Option<Rank>), capture: bool, to: Square) -> San {
    San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    }
}

/// The piece a SAN's first letter names (not `P`: shakmaty reads `Pe4` another way).
fn role(byte: u8) -> Option<Role> {
    match byte {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

/// The piece a pawn promotes to after `=` (the upper-case letters only; shakmaty reads the
/// others, and `K` or `P`, the same way, but they are left to it).
fn promotion(byte: u8) -> Option<Role> {
    role(byte).filter(|&r| r != Role::King)
}

fn file(byte: u8) -> Option<File> {
    matches!(byte, b'a'..=b'h').then(|| File::new(u32::from(byte - b'a')))
}

fn rank(byte: u8) -> Option<Rank> {
    matches!(byte, b'1'..=b'8').then(|| Rank::new(u32::from(byte - b'1')))
}

fn square(f: u8, r: u8) -> Option<Square> {
    Some(Square::from_coords(file(f)?, rank(r)?))
}

/// A piece move's hint: the file or the rank it comes from.
fn hint_of(byte: u8) -> Option<(Option<File>, Option<Rank>)> {
    match (file(byte), rank(byte)) {
        (None, None) => None,
        hint => Some(hint),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes a SAN is made of, and some that are not.
    const ALPHABET: &[u8] = b"NBRQKPO-Z0@aeh18x=qn+#";

    /// When a token has a common shape, shakmaty reads the same SAN from it and ends where
    /// it ends (a space after it, as the plain reader sees a token's end).
    fn agrees_with_shakmaty(token: &[u8]) -> bool {
        let Some(ours) = common_san(token) else {
            return false;
        };
        let mut text = token.to_vec();
        text.push(b' ');
        let theirs = SanPlus::from_ascii_prefix(&text).ok();
        assert_eq!(
            theirs,
            Some((ours, token.len())),
            "{:?}",
            String::from_utf8_lossy(token)
        );
        // The token is what shakmaty writes for it, and its kept text is the token.
        assert_eq!(ours.to_string().as_bytes(), token);
        let text = SanText::of_common_token(&text, token.len());
        assert_eq!(&text.bytes()[..text.len()], token);
        assert!(text.bytes()[text.len()..].iter().all(|&b| b == 0));
        true
    }

    /// Every string of up to six bytes from the alphabet.
    #[test]
    fn common_shapes_read_as_shakmaty_reads_them() {
        fn extend(word: &mut Vec<u8>, left: usize, read: &mut usize) {
            *read += usize::from(agrees_with_shakmaty(word));
            if left == 0 {
                return;
            }
            for &b in ALPHABET {
                word.push(b);
                extend(word, left - 1, read);
                word.pop();
            }
        }
        let mut read = 0;
        extend(&mut Vec::new(), 6, &mut read);
        assert!(read > 1000, "{read} tokens read");
    }

    /// The longest common shapes (7 bytes, past the alphabet's six), every square and piece:
    /// read as shakmaty reads them and written as it writes them; a token at the end of its
    /// bytes (no 8-byte word to load) too.
    #[test]
    fn seven_byte_shapes_are_written_as_read() {
        let mut read = 0;
        for from in b'a'..=b'h' {
            for to in b'a'..=b'h' {
                for rank in [b'1', b'8', b'4'] {
                    for piece in *b"NBRQK" {
                        for suffix in *b"+#" {
                            let token = [from, b'x', to, rank, b'=', piece, suffix];
                            read += usize::from(agrees_with_shakmaty(&token));
                        }
                    }
                }
            }
        }
        // Every promotion piece but the king (left to shakmaty).
        assert_eq!(read, 8 * 8 * 3 * 4 * 2);
        assert_eq!(
            SanText::of_common_token(b"e4", 2).bytes(),
            *b"e4\0\0\0\0\0\0"
        );
        assert_eq!(SanText::of_common_token(b"Nbd7 e5", 4).len(), 4);
        assert_eq!(SanText::of_common_token(b"Ra1a2b3c4", 8), SanText::NONE);
        assert_eq!(SanText::NONE.len(), 0);
    }

    /// The shapes the module doc names are read here (not left to shakmaty), and a few
    /// others are not.
    #[test]
    fn the_common_shapes_are_read_here() {
        for token in [
            "e4", "exd5", "Nf3", "Nxe5", "Nbd7", "R1e2", "Qhxe7", "e8=Q", "bxa1=N", "O-O", "O-O-O",
            "Qxe7+", "Rd8#", "e8=Q+",
        ] {
            assert!(agrees_with_shakmaty(token.as_bytes()), "{token}");
        }
        for token in [
            "Pe4", "Ra1a2", "e8=K", "e8Q", "0-0", "--", "Z0", "N@f3", "e4++", "",
        ] {
            assert_eq!(common_san(token.as_bytes()), None, "{token}");
        }
    }
}
