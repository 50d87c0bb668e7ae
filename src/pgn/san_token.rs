//! The SAN of a whole movetext token in the shapes nearly every move is written in (`e4`,
//! `exd5`, `Nf3`, `Nxe5`, `Nbd7`, `R1e2`, `Qhxe7`, `e8=Q`, `bxa1=N`, `O-O`, `O-O-O`, each
//! with or without `+`/`#`), told by the token's length and a look at each of its bytes.
//!
//! The plain reader ([`super::plain`]) asks this first, knowing where the token ends; for any
//! other token it calls shakmaty's `SanPlus::from_ascii_prefix` (what pgn-reader reads a
//! token with). For the shapes read here, both give the same SAN, and shakmaty's reading ends
//! where the token does (a test reads every short string of SAN bytes both ways).
//!
//! Worth its lines: on the 50,000 lichess-shaped games of `/tmp/lichess.pgn` (about 4 million
//! moves), `perf record` of `cqlq -j1 -q --count -e check` put 13.5 % of the run in the SAN
//! reader (a copy of shakmaty's reader, `pgn::san_prefix`, itself about twice as fast as
//! shakmaty's cursor of optional bytes); see `docs/performance-history.md` for the run
//! measured with this one.

use pgn_reader::shakmaty::san::{San, SanPlus, Suffix};
use pgn_reader::shakmaty::{CastlingSide, File, Rank, Role, Square};

/// The SAN `token` (a whole token: nothing glued after it) reads as when it has one of the
/// common shapes (see the module doc); None for any other token.
#[inline]
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
