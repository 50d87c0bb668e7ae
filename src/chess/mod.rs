//! The chess words every stage shares: sides, piece types and the sets of coloured piece
//! types a designator admits, the standard piece letters, and the annotation glyphs' NAGs;
//! squares, square sets and board geometry in [`squares`].
//!
//! Both [`crate::rules`] (which answers "which pieces stand where") and [`crate::ir`] (whose
//! filters name pieces) use these, so they live here, below both: `rules` knows nothing of
//! queries. [`crate::ir`] re-exports them.

pub mod squares;

/// A side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// White (`white`, value 1).
    White,
    /// Black (`black`, value -1).
    Black,
}

impl Color {
    /// The other side.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// Index of a piece type within a variant. Standard chess: 0 pawn, 1 knight, 2 bishop, 3 rook,
/// 4 queen, 5 king; fairy variants number their further types from 6.
pub type PieceType = u8;

/// Standard piece type indices.
pub mod piece_type {
    use super::PieceType;
    /// Pawn.
    pub const PAWN: PieceType = 0;
    /// Knight.
    pub const KNIGHT: PieceType = 1;
    /// Bishop.
    pub const BISHOP: PieceType = 2;
    /// Rook.
    pub const ROOK: PieceType = 3;
    /// Queen.
    pub const QUEEN: PieceType = 4;
    /// King.
    pub const KING: PieceType = 5;
}

/// The piece part of a piece designator: which coloured piece types (and whether the empty
/// square) it admits. `K` = white king, `[Qq]` = both queens, `A` = any white piece, `_` = empty.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct PieceKinds {
    /// Bit `t` set: white pieces of type `t`.
    pub white: u32,
    /// Bit `t` set: black pieces of type `t`.
    pub black: u32,
    /// The empty square (`_`).
    pub empty: bool,
}

impl PieceKinds {
    /// Every white piece type (`A`).
    pub const ALL_WHITE: u32 = u32::MAX;
    /// Colours swapped (for `flipcolor`).
    pub fn swap_colors(self) -> PieceKinds {
        PieceKinds {
            white: self.black,
            black: self.white,
            empty: self.empty,
        }
    }
    /// Whether it admits every piece and the empty square (`.`).
    pub fn is_any(self) -> bool {
        self.white == u32::MAX && self.black == u32::MAX && self.empty
    }
}

impl PieceKinds {
    /// One colour's pieces of one type (`N` = `one(White, KNIGHT)`); a type above 31 is read
    /// as 31 (the bit a query lowered for "any board" gives every fairy letter).
    pub fn one(color: Color, piece_type: PieceType) -> PieceKinds {
        let bit = 1u32 << piece_type.min(31);
        match color {
            Color::White => PieceKinds {
                white: bit,
                ..PieceKinds::default()
            },
            Color::Black => PieceKinds {
                black: bit,
                ..PieceKinds::default()
            },
        }
    }
}

/// The standard piece letters, indexed by [`PieceType`]: `P N B R Q K`.
pub const STANDARD_LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

/// The standard piece type a letter names, in either case (`n` and `N`: the knight); None for
/// any other letter.
pub fn standard_type(letter: char) -> Option<PieceType> {
    let upper = letter.to_ascii_uppercase();
    STANDARD_LETTERS
        .iter()
        .position(|&l| l == upper)
        .map(|t| t as PieceType)
}

/// The upper-case letter of a standard piece type (`KNIGHT`: `N`); None for a fairy type.
pub fn standard_letter(piece_type: PieceType) -> Option<char> {
    STANDARD_LETTERS.get(usize::from(piece_type)).copied()
}

/// The NAG a `hascomment` argument names, as CQL 6.2 reads it: `!` 1, `?` 2, `!!` 3, `??` 4,
/// `!?` 5, `?!` 6, `=` 10, `+/=` 14, `=/+` 15, `+/-` 16, `-/+` 17, `+-` 18, `-+` 19, or `$N`
/// (1..=255); `None` for any other text.
pub fn nag_from_text(text: &str) -> Option<u8> {
    let n = match text {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        "=" => 10,
        "+/=" => 14,
        "=/+" => 15,
        "+/-" => 16,
        "-/+" => 17,
        "+-" => 18,
        "-+" => 19,
        _ => {
            let digits = text.strip_prefix('$')?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            digits.parse::<u32>().ok()?
        }
    };
    u8::try_from(n).ok().filter(|&n| n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_types_agree() {
        for (t, l) in STANDARD_LETTERS.iter().enumerate() {
            assert_eq!(standard_type(*l), Some(t as PieceType));
            assert_eq!(standard_type(l.to_ascii_lowercase()), Some(t as PieceType));
            assert_eq!(standard_letter(t as PieceType), Some(*l));
        }
        assert_eq!(standard_type('A'), None);
        assert_eq!(standard_letter(6), None);
        assert_eq!(standard_letter(piece_type::KING), Some('K'));
    }

    #[test]
    fn one_kind_sets_one_bit() {
        let n = PieceKinds::one(Color::Black, piece_type::KNIGHT);
        assert_eq!((n.white, n.black, n.empty), (0, 1 << 1, false));
        assert_eq!(PieceKinds::one(Color::White, 40).white, 1 << 31);
    }
}
