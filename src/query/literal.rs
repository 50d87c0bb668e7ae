//! Literal pieces and squares: piece letters to [`PieceKinds`], a designator's square ranges to
//! coordinates, and `fen "..."` placement patterns with CQL's wildcards (`A a . _`).

use crate::chess::{Color, PieceKinds, standard_type};
use crate::squares::{Coord, Geometry};

use super::ast::SquareRange;

/// The kinds one piece character admits: `K`..`p`, `A` (any white piece), `a` (any black
/// piece), `_` (empty), `.` (anything, including empty).
pub(crate) fn piece_kinds(c: char) -> Option<PieceKinds> {
    let t = match c.to_ascii_uppercase() {
        'A' => {
            let all = PieceKinds::ALL_WHITE;
            return Some(if c == 'A' {
                PieceKinds {
                    white: all,
                    black: 0,
                    empty: false,
                }
            } else {
                PieceKinds {
                    white: 0,
                    black: all,
                    empty: false,
                }
            });
        }
        '_' => {
            return Some(PieceKinds {
                white: 0,
                black: 0,
                empty: true,
            });
        }
        '.' => {
            return Some(PieceKinds {
                white: u32::MAX,
                black: u32::MAX,
                empty: true,
            });
        }
        _ => standard_type(c)?,
    };
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some(PieceKinds::one(color, t))
}

/// The union of the kinds of `chars`.
pub(crate) fn kinds_of(chars: &[char]) -> PieceKinds {
    chars
        .iter()
        .filter_map(|&c| piece_kinds(c))
        .fold(PieceKinds::default(), |a, k| PieceKinds {
            white: a.white | k.white,
            black: a.black | k.black,
            empty: a.empty || k.empty,
        })
}

/// The squares of `ranges`, or the first range reaching off a board of `geo`.
pub(crate) fn range_coords(
    geo: Geometry,
    ranges: &[SquareRange],
) -> Result<Vec<Coord>, SquareRange> {
    let mut out = Vec::new();
    for r in ranges {
        if !geo.is_unbounded() && (r.files.1 >= geo.files || r.ranks.1 >= geo.ranks) {
            return Err(*r);
        }
        for file in r.files.0..=r.files.1 {
            for rank in r.ranks.0..=r.ranks.1 {
                out.push(Coord {
                    file: i64::from(file),
                    rank: i64::from(rank),
                });
            }
        }
    }
    Ok(out)
}

/// The name of a square, `a1` style (files past `z` are numbered).
pub(crate) fn square_name(file: u8, rank: u8) -> String {
    let f = if file < 26 {
        char::from(b'a' + file).to_string()
    } else {
        format!("f{file}")
    };
    format!("{f}{}", u32::from(rank) + 1)
}

/// One square of a FEN pattern.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum FenCell {
    /// `.`: anything (the square is not constrained).
    Any,
    /// A piece letter, `A`, `a`, `_`, or an empty square counted by a digit.
    Kinds(PieceKinds),
}

/// A parsed `fen "..."` placement: ranks from the top of the board (rank 8 first), each of
/// the same width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FenPattern {
    /// The ranks, top first, files left to right.
    pub ranks: Vec<Vec<FenCell>>,
}

impl FenPattern {
    /// Number of files (the width of every rank).
    pub fn width(&self) -> usize {
        self.ranks.first().map_or(0, Vec::len)
    }

    /// The constrained squares of the pattern on a board of `geo` (which it must fit exactly).
    pub fn cells(&self, geo: Geometry) -> Vec<(PieceKinds, Coord)> {
        let mut out = Vec::new();
        let top = i64::from(geo.frame().1) - 1;
        for (i, row) in self.ranks.iter().enumerate() {
            for (j, cell) in row.iter().enumerate() {
                if let FenCell::Kinds(k) = cell {
                    out.push((
                        *k,
                        Coord {
                            file: j as i64,
                            rank: top - i as i64,
                        },
                    ));
                }
            }
        }
        out
    }
}

/// Why a `fen "..."` placement is refused (shown after `invalid FEN placement: `); `at` is a
/// byte index into the placement, ranks count from 8 down (the 8x8 reading) or from 1 (any
/// size).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PlacementError {
    /// `'/' too soon (at index 3)`
    SlashTooSoon { at: usize },
    /// `too many empty squares in rank 8 (at index 1)`
    TooManyEmpty { rank: usize, at: usize },
    /// `invalid digit '9' (at index 0)`
    InvalidDigit { digit: char, at: usize },
    /// `'x' is not a piece, wildcard or digit (at index 5)`, or without the index (any size)
    NotAPiece { c: char, at: Option<usize> },
    /// `rank too long (at index 9)`
    RankTooLong { at: usize },
    /// `the placement ends at rank 2 before filling the 8x8 board`
    EndsEarly { rank: usize },
    /// `bad count of empty squares '0' in rank 1`
    BadCount { digits: String, rank: usize },
    /// `rank 2 of the placement is empty`
    EmptyRank { rank: usize },
    /// `rank 2 has 9 squares but rank 1 has 10`
    UnevenRanks {
        rank: usize,
        squares: usize,
        width: usize,
    },
}

impl std::fmt::Display for PlacementError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlacementError::SlashTooSoon { at } => write!(f, "'/' too soon (at index {at})"),
            PlacementError::TooManyEmpty { rank, at } => {
                write!(f, "too many empty squares in rank {rank} (at index {at})")
            }
            PlacementError::InvalidDigit { digit, at } => {
                write!(f, "invalid digit '{digit}' (at index {at})")
            }
            PlacementError::NotAPiece { c, at: Some(at) } => {
                write!(f, "'{c}' is not a piece, wildcard or digit (at index {at})")
            }
            PlacementError::NotAPiece { c, at: None } => {
                write!(f, "'{c}' is not a piece, wildcard or digit")
            }
            PlacementError::RankTooLong { at } => write!(f, "rank too long (at index {at})"),
            PlacementError::EndsEarly { rank } => {
                write!(
                    f,
                    "the placement ends at rank {rank} before filling the 8x8 board"
                )
            }
            PlacementError::BadCount { digits, rank } => {
                write!(f, "bad count of empty squares '{digits}' in rank {rank}")
            }
            PlacementError::EmptyRank { rank } => {
                write!(f, "rank {rank} of the placement is empty")
            }
            PlacementError::UnevenRanks {
                rank,
                squares,
                width,
            } => write!(
                f,
                "rank {rank} has {squares} squares but rank 1 has {width}"
            ),
        }
    }
}

/// Parses the piece-placement part of a FEN, with CQL's wildcards. A placement that CQL 6.2
/// accepts for the 8x8 board ([`standard_placement`]) is read its way; one that describes a
/// larger board (more than 8 ranks, or a rank wider than 8 squares: fairy boards, with
/// multi-digit counts of empty squares) is read by [`any_placement`]; anything else is
/// refused with CQL's reason. The board size is checked when lowering.
pub(crate) fn parse_fen_placement(text: &str) -> Result<FenPattern, PlacementError> {
    let standard = standard_placement(text);
    if standard.is_ok() {
        return standard;
    }
    match any_placement(text) {
        Ok(p) if p.ranks.len() > 8 || p.width() > 8 => Ok(p),
        Ok(_) => standard,
        Err(e) => Err(e),
    }
}

/// CQL 6.2's reading of a `fen` placement for the 8x8 board (its `node_from_fen`): from a8
/// rightwards and down, `/` only after a full rank, each digit 1-8 a run of empty squares
/// (so `71` is seven then one), a piece letter, `A`, `a`, `_` or `.` one square; reading
/// stops once h1 is filled (the rest, such as the side to move, is ignored); a placement
/// that ends before h1 is refused.
fn standard_placement(text: &str) -> Result<FenPattern, PlacementError> {
    let empty = FenCell::Kinds(PieceKinds {
        white: 0,
        black: 0,
        empty: true,
    });
    let mut ranks: Vec<Vec<FenCell>> = vec![Vec::new()];
    for (at, c) in text.char_indices() {
        let row_len = ranks.last().map_or(0, Vec::len);
        if ranks.len() == 8 && row_len == 8 {
            break;
        }
        match c {
            '/' if row_len == 8 && ranks.len() < 8 => ranks.push(Vec::new()),
            '/' => return Err(PlacementError::SlashTooSoon { at }),
            '1'..='8' => {
                let n = usize::from(c as u8 - b'0');
                if row_len + n > 8 {
                    let rank = 9 - ranks.len();
                    return Err(PlacementError::TooManyEmpty { rank, at });
                }
                if let Some(row) = ranks.last_mut() {
                    row.extend(std::iter::repeat_n(empty, n));
                }
            }
            c if c.is_ascii_digit() => {
                return Err(PlacementError::InvalidDigit { digit: c, at });
            }
            c => {
                let cell = match c {
                    '.' => FenCell::Any,
                    c => FenCell::Kinds(
                        piece_kinds(c).ok_or(PlacementError::NotAPiece { c, at: Some(at) })?,
                    ),
                };
                if row_len == 8 {
                    return Err(PlacementError::RankTooLong { at });
                }
                if let Some(row) = ranks.last_mut() {
                    row.push(cell);
                }
            }
        }
    }
    if ranks.len() != 8 || ranks[7].len() != 8 {
        let rank = 9 - ranks.len();
        return Err(PlacementError::EndsEarly { rank });
    }
    Ok(FenPattern { ranks })
}

/// A placement of any size (fairy boards): ranks split at `/`, a run of digits one count of
/// empty squares, every rank of the same width. Fields after the placement are ignored.
fn any_placement(text: &str) -> Result<FenPattern, PlacementError> {
    // A whole FEN may be pasted: the fields after the placement are ignored (as CQL 6.2 does).
    let text = text.split_whitespace().next().unwrap_or("");
    let empty = FenCell::Kinds(PieceKinds {
        white: 0,
        black: 0,
        empty: true,
    });
    let mut ranks = Vec::new();
    for (i, part) in text.split('/').enumerate() {
        let mut row = Vec::new();
        let mut digits = String::new();
        for c in part.chars().chain(std::iter::once('/')) {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                let n: usize = digits
                    .parse()
                    .ok()
                    .filter(|&n| n > 0 && n <= 64)
                    .ok_or_else(|| PlacementError::BadCount {
                        digits: digits.clone(),
                        rank: i + 1,
                    })?;
                row.extend(std::iter::repeat_n(empty, n));
                digits.clear();
            }
            match c {
                '/' => {}
                '.' => row.push(FenCell::Any),
                c => match piece_kinds(c) {
                    Some(k) => row.push(FenCell::Kinds(k)),
                    None => return Err(PlacementError::NotAPiece { c, at: None }),
                },
            }
        }
        if row.is_empty() {
            return Err(PlacementError::EmptyRank { rank: i + 1 });
        }
        ranks.push(row);
    }
    let width = ranks[0].len();
    if let Some((i, r)) = ranks.iter().enumerate().find(|(_, r)| r.len() != width) {
        return Err(PlacementError::UnevenRanks {
            rank: i + 1,
            squares: r.len(),
            width,
        });
    }
    Ok(FenPattern { ranks })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters() {
        assert_eq!(
            piece_kinds('K'),
            Some(PieceKinds {
                white: 1 << crate::chess::piece_type::KING,
                black: 0,
                empty: false
            })
        );
        assert_eq!(
            piece_kinds('p'),
            Some(PieceKinds {
                white: 0,
                black: 1,
                empty: false
            })
        );
        assert!(piece_kinds('.').is_some_and(PieceKinds::is_any));
        assert_eq!(piece_kinds('x'), None);
        let k = kinds_of(&['R', 'q', '_']);
        assert_eq!((k.white, k.black, k.empty), (1 << 3, 1 << 4, true));
    }

    #[test]
    fn fen_patterns() {
        let p = parse_fen_placement("k7/8/NKB5/8/8/8/8/8").unwrap();
        assert_eq!((p.ranks.len(), p.width()), (8, 8));
        // Every square is constrained: 3 pieces, the black king, 60 empty squares.
        assert_eq!(p.cells(Geometry::STANDARD).len(), 64);
        let any = parse_fen_placement("......._/8/8/8/8/8/8/8 w - - 0 1").unwrap();
        assert_eq!(any.cells(Geometry::STANDARD).len(), 57);
        assert!(parse_fen_placement("k7/9").is_err());
        assert!(parse_fen_placement("k7/8/x7").is_err());
        assert!(parse_fen_placement("k7//8").is_err());
        // CQL 6.2's reading (node_from_fen in its fen.cpp): each digit is its own run, so
        // `71` fills a rank; seven ranks do not make a board; text after h1 is ignored.
        let p = parse_fen_placement("rnbqkbnr/pppppppp/71/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
        assert_eq!((p.ranks.len(), p.width()), (8, 8));
        assert!(parse_fen_placement("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR").is_err());
        assert!(parse_fen_placement("8/8/8/8/8/8/8/8/8").is_ok());
        assert!(parse_fen_placement("9/8/8/8/8/8/8/8").is_err());
        // A 10x10 fairy board, read with multi-digit counts.
        let wide = ["10"; 10].join("/");
        assert_eq!(parse_fen_placement(&wide).unwrap().width(), 10);
    }

    #[test]
    fn ranges_checked_against_the_board() {
        let r = SquareRange {
            files: (0, 7),
            ranks: (6, 6),
        };
        assert_eq!(range_coords(Geometry::STANDARD, &[r]).unwrap().len(), 8);
        let off = SquareRange {
            files: (8, 8),
            ranks: (0, 0),
        };
        assert!(range_coords(Geometry::STANDARD, &[off]).is_err());
        assert_eq!(square_name(8, 8), "i9");
    }
}
