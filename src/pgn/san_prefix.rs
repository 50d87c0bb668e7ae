//! Reading the SAN at the start of a token, as shakmaty's `SanPlus::from_ascii_prefix`
//! reads it (the same SAN and length, or none where it finds none), in one pass over the
//! bytes: the plain reader ([`super::plain`]) reads one for every move of every game, and
//! shakmaty's reader, built on a cursor of optional bytes, costs about twice as much.

use pgn_reader::shakmaty::san::{San, SanPlus, Suffix};
use pgn_reader::shakmaty::{CastlingSide, File, Rank, Role, Square};

/// The SAN (with its check or mate mark) at the start of `bytes` and its length in bytes.
pub fn read_san_plus(bytes: &[u8]) -> Option<(SanPlus, usize)> {
    let (san, mut len) = read_san(bytes)?;
    let suffix = match bytes.get(len) {
        Some(b'+') => Some(Suffix::Check),
        Some(b'#') => Some(Suffix::Checkmate),
        _ => None,
    };
    len += usize::from(suffix.is_some());
    Some((SanPlus { san, suffix }, len))
}

/// The SAN at the start of `bytes` and its length (shakmaty's `Reader::read_san`, step for
/// step).
fn read_san(bytes: &[u8]) -> Option<(San, usize)> {
    let at = |i: usize| bytes.get(i).copied();
    let (role, mut i) = match at(0)? {
        b'N' => (Role::Knight, 1),
        b'B' => (Role::Bishop, 1),
        b'R' => (Role::Rook, 1),
        b'Q' => (Role::Queen, 1),
        b'K' => (Role::King, 1),
        b'P' => (Role::Pawn, 1),
        b'O' => {
            if at(1) != Some(b'-') || at(2) != Some(b'O') {
                return None;
            }
            if at(3) != Some(b'-') {
                return Some((San::Castle(CastlingSide::KingSide), 3));
            }
            return (at(4) == Some(b'O')).then_some((San::Castle(CastlingSide::QueenSide), 5));
        }
        b'-' => return (at(1) == Some(b'-')).then_some((San::Null, 2)),
        b'Z' => return (at(1) == Some(b'0')).then_some((San::Null, 2)),
        _ => (Role::Pawn, 0),
    };
    if at(i) == Some(b'@') {
        let to = square_at(bytes, i + 1)?;
        return Some((San::Put { role, to }, i + 3));
    }
    let file = file_of(at(i)?);
    i += usize::from(file.is_some());
    let rank = rank_of(at(i)?);
    i += usize::from(rank.is_some());
    let (file, rank, capture, to) = if at(i) == Some(b'x') {
        let to = square_at(bytes, i + 1)?;
        i += 3;
        (file, rank, true, to)
    } else if let Some(to_file) = at(i).and_then(file_of) {
        let to_rank = rank_of(at(i + 1)?)?;
        i += 2;
        (file, rank, false, Square::from_coords(to_file, to_rank))
    } else {
        (None, None, false, Square::from_coords(file?, rank?))
    };
    let promotion = if at(i) == Some(b'=') {
        let role = Role::from_char(char::from(at(i + 1)?))?;
        i += 2;
        Some(role)
    } else {
        None
    };
    let san = San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    };
    Some((san, i))
}

fn file_of(byte: u8) -> Option<File> {
    File::from_char(char::from(byte))
}

fn rank_of(byte: u8) -> Option<Rank> {
    Rank::from_char(char::from(byte))
}

/// The square written by the two bytes at `i` (`e4`).
fn square_at(bytes: &[u8], i: usize) -> Option<Square> {
    let two = bytes.get(i..i + 2)?;
    Some(Square::from_coords(file_of(two[0])?, rank_of(two[1])?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes a SAN and what may follow it are made of, and some that are not.
    const ALPHABET: &[u8] = b"NBRQKPO-Z0@aeh18x=qn+#! ";

    fn same_as_shakmaty(bytes: &[u8]) {
        let theirs = SanPlus::from_ascii_prefix(bytes).ok();
        assert_eq!(
            read_san_plus(bytes),
            theirs,
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
    }

    /// Every string of up to five bytes from the alphabet (and the empty one).
    #[test]
    fn short_tokens_read_as_shakmaty_reads_them() {
        let mut word = Vec::new();
        fn extend(word: &mut Vec<u8>, left: usize) {
            same_as_shakmaty(word);
            if left == 0 {
                return;
            }
            for &b in ALPHABET {
                word.push(b);
                extend(word, left - 1);
                word.pop();
            }
        }
        extend(&mut word, 5);
    }

    /// Longer strings: real moves with every ending, and pseudo-random bytes.
    #[test]
    fn long_tokens_read_as_shakmaty_reads_them() {
        let moves = [
            "Nbd7", "R1a3", "Qh4xe1", "exd8=Q", "e7e8=N", "axb8=q", "Kxe2", "O-O-O", "Na1xa1=Q",
            "Pe4", "P@e4", "N@f3", "Bxc6", "gxh1=R", "e8=K", "d1=P",
        ];
        let endings = ["", "+", "#", "+!", "#?", " ", "x", "=", "=Q", "1"];
        for m in moves {
            for e in endings {
                same_as_shakmaty(format!("{m}{e}").as_bytes());
            }
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = 6 + (seed % 5) as usize;
            let word: Vec<u8> = (0..len)
                .map(|k| ALPHABET[((seed >> (5 * k)) % ALPHABET.len() as u64) as usize])
                .collect();
            same_as_shakmaty(&word);
        }
    }
}
