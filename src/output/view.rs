//! What a picture shows of a position: a rectangle of squares (the whole board, or a window
//! of the unbounded board), the piece on each as a Unicode glyph or its letters, and which
//! squares the query marked. The terminal diagram and the SVG board draw this one model.

use crate::chess::{Color, PieceType, standard_letter};
use crate::rules::Position;
use crate::squares::{Coord, SquareSet};

/// The largest window of the unbounded board a picture shows, in files and in ranks (the
/// largest fairy board's size).
pub const MAX_WINDOW: i64 = 16;
/// The smallest window of the unbounded board, grown around what it shows (the 8x8 board's).
pub const MIN_WINDOW: i64 = 8;

/// Whose piece stands on a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// White's.
    White,
    /// Black's.
    Black,
    /// Neither side's (infinite chess's obstacle and void).
    Neutral,
}

/// A piece as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// Whose piece it is.
    pub side: Side,
    /// A chess piece's Unicode glyph (`♔`, `♟`), or a fairy piece's letters (`C`, `+p`, `AM`).
    pub text: String,
    /// Whether `text` is letters rather than a glyph.
    pub letters: bool,
}

/// How the files and ranks are named.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Labels {
    /// Finite boards: files a, b, ... and ranks 1, 2, ... (a1 the lower left corner).
    Algebraic,
    /// The unbounded board: ICN's numbers, `x` for files and `y` for ranks (a1 is `1,1`).
    Numbers,
}

/// The squares a picture shows, what stands on them and which are marked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The lower left square shown.
    pub origin: Coord,
    /// Files shown.
    pub width: i64,
    /// Ranks shown.
    pub height: i64,
    /// How squares are named.
    pub labels: Labels,
    /// The pieces shown, by square.
    pub pieces: Vec<(Coord, Drawn)>,
    /// The marked squares shown.
    pub marked: Vec<Coord>,
    /// Marked squares left outside the window (the unbounded board only).
    pub marked_outside: usize,
}

impl BoardView {
    /// The picture of `pos` with `marked` highlighted: the whole board, or on the unbounded
    /// board a window around the pieces and the marked squares (see [`window`]).
    pub fn of<P: Position>(pos: &P, marked: &P::Set) -> BoardView {
        let geo = pos.geometry();
        let all_pieces = pos.occupied().coords();
        let all_marked = if marked.is_finite() {
            marked.coords()
        } else {
            Vec::new()
        };
        let (origin, width, height, labels) = if geo.is_unbounded() {
            let (origin, w, h) = window(&all_pieces, &all_marked);
            (origin, w, h, Labels::Numbers)
        } else {
            let origin = Coord { file: 0, rank: 0 };
            let (w, h) = (i64::from(geo.files), i64::from(geo.ranks));
            (origin, w, h, Labels::Algebraic)
        };
        let inside = |c: &Coord| {
            c.file >= origin.file
                && c.rank >= origin.rank
                && c.file < origin.file + width
                && c.rank < origin.rank + height
        };
        let pieces = all_pieces
            .into_iter()
            .filter(inside)
            .map(|c| (c, drawn(pos, c)))
            .collect();
        let marked: Vec<Coord> = all_marked.iter().copied().filter(inside).collect();
        BoardView {
            origin,
            width,
            height,
            labels,
            pieces,
            marked_outside: all_marked.len() - marked.len(),
            marked,
        }
    }

    /// The piece drawn on `c`, if any.
    pub fn piece(&self, c: Coord) -> Option<&Drawn> {
        self.pieces.iter().find(|(at, _)| *at == c).map(|(_, d)| d)
    }

    /// Whether `c` is marked.
    pub fn is_marked(&self, c: Coord) -> bool {
        self.marked.contains(&c)
    }

    /// The name of the `i`-th file shown (0 = the leftmost): `a`...`p`, or ICN's `x`.
    pub fn file_label(&self, i: i64) -> String {
        let file = self.origin.file + i;
        match self.labels {
            Labels::Algebraic => char::from(b'a' + file as u8).to_string(),
            Labels::Numbers => (file + 1).to_string(),
        }
    }

    /// The name of the `j`-th rank shown (0 = the lowest): `1`...`16`, or ICN's `y`.
    pub fn rank_label(&self, j: i64) -> String {
        (self.origin.rank + j + 1).to_string()
    }

    /// The square's name: `e4`, or ICN's `x,y`.
    pub fn square_name(&self, c: Coord) -> String {
        match self.labels {
            Labels::Algebraic => format!("{}{}", char::from(b'a' + c.file as u8), c.rank + 1),
            Labels::Numbers => format!("{},{}", c.file + 1, c.rank + 1),
        }
    }
}

/// Whether `c` is a light square (a1 is dark, as on every chess board).
pub fn is_light(c: Coord) -> bool {
    (c.file + c.rank).rem_euclid(2) == 1
}

/// The window of the unbounded board shown. It starts from the marked squares (with none:
/// the piece on the median file and rank, so far-off pieces do not pull the window into empty
/// space) and takes in the other pieces and marked squares nearest to it first, each as long
/// as the window stays within [`MAX_WINDOW`] squares each way. Marked squares spread wider
/// than that are cut to [`MAX_WINDOW`] around their median. A window is grown to at least
/// [`MIN_WINDOW`] each way, evenly on both sides. Returns (lower left, files, ranks).
pub fn window(pieces: &[Coord], marked: &[Coord]) -> (Coord, i64, i64) {
    let seeds: Vec<Coord> = if marked.is_empty() {
        let mut files: Vec<i64> = pieces.iter().map(|c| c.file).collect();
        let mut ranks: Vec<i64> = pieces.iter().map(|c| c.rank).collect();
        if pieces.is_empty() {
            return (Coord { file: 0, rank: 0 }, MIN_WINDOW, MIN_WINDOW);
        }
        let middle = Coord {
            file: median(&mut files),
            rank: median(&mut ranks),
        };
        let nearest = pieces
            .iter()
            .min_by_key(|c| distance(**c, (middle, middle)));
        nearest.into_iter().copied().collect()
    } else {
        marked.to_vec()
    };
    let Some(mut bounds) = span(&seeds) else {
        return (Coord { file: 0, rank: 0 }, MIN_WINDOW, MIN_WINDOW);
    };
    if fits(bounds) {
        let mut others: Vec<Coord> = pieces.iter().chain(marked).copied().collect();
        others.sort_by_key(|c| distance(*c, bounds));
        for c in others {
            let grown = span(&[bounds.0, bounds.1, c]).unwrap_or(bounds);
            if fits(grown) {
                bounds = grown;
            }
        }
    }
    let mut files: Vec<i64> = seeds.iter().map(|c| c.file).collect();
    let mut ranks: Vec<i64> = seeds.iter().map(|c| c.rank).collect();
    let (lo, hi) = bounds;
    let (file0, width) = axis(lo.file, hi.file, median(&mut files));
    let (rank0, height) = axis(lo.rank, hi.rank, median(&mut ranks));
    (
        Coord {
            file: file0,
            rank: rank0,
        },
        width,
        height,
    )
}

/// Whether a bounding box is at most [`MAX_WINDOW`] squares each way.
fn fits((lo, hi): (Coord, Coord)) -> bool {
    hi.file.saturating_sub(lo.file) < MAX_WINDOW && hi.rank.saturating_sub(lo.rank) < MAX_WINDOW
}

/// The king-move distance from `c` to the nearest square of a bounding box.
fn distance(c: Coord, (lo, hi): (Coord, Coord)) -> i64 {
    let off = |v: i64, a: i64, b: i64| a.saturating_sub(v).max(v.saturating_sub(b)).max(0);
    off(c.file, lo.file, hi.file).max(off(c.rank, lo.rank, hi.rank))
}

/// One axis of [`window`]: from the span `lo..=hi` to (first, length).
fn axis(lo: i64, hi: i64, median: i64) -> (i64, i64) {
    let len = hi.saturating_sub(lo).saturating_add(1);
    if len > MAX_WINDOW {
        let first = median
            .saturating_sub(MAX_WINDOW / 2)
            .clamp(lo, hi - MAX_WINDOW + 1);
        (first, MAX_WINDOW)
    } else if len < MIN_WINDOW {
        (lo - (MIN_WINDOW - len) / 2, MIN_WINDOW)
    } else {
        (lo, len)
    }
}

/// The lower left and upper right corners of the squares' bounding box.
fn span(squares: &[Coord]) -> Option<(Coord, Coord)> {
    let first = *squares.first()?;
    Some(squares.iter().fold((first, first), |(lo, hi), c| {
        (
            Coord {
                file: lo.file.min(c.file),
                rank: lo.rank.min(c.rank),
            },
            Coord {
                file: hi.file.max(c.file),
                rank: hi.rank.max(c.rank),
            },
        )
    }))
}

/// The median (the upper one of an even count) of non-empty values.
fn median(values: &mut [i64]) -> i64 {
    values.sort_unstable();
    values[values.len() / 2]
}

/// How the piece on `c` is drawn: the six chess pieces by their Unicode glyphs (outlined for
/// White, filled for Black), any other piece by its letters as the variant writes them.
fn drawn<P: Position>(pos: &P, c: Coord) -> Drawn {
    let square = P::Set::from_coords(pos.geometry(), [c]);
    let piece = pos.piece_at(&square);
    let side = match piece {
        Some((Color::White, _)) => Side::White,
        Some((Color::Black, _)) => Side::Black,
        None => Side::Neutral,
    };
    let letters = pos.fairy_letter(square);
    let glyph = piece.and_then(|(color, t)| {
        // A fairy board's piece is a chess piece when its letter is that piece's letter.
        let standard = letters.as_deref().is_none_or(|l| {
            standard_letter(t).is_some_and(|s| l.eq_ignore_ascii_case(s.encode_utf8(&mut [0; 4])))
        });
        standard.then(|| glyph(color, t)).flatten()
    });
    match glyph {
        Some(g) => Drawn {
            side,
            text: g.to_string(),
            letters: false,
        },
        None => Drawn {
            side,
            text: letters.unwrap_or_else(|| "?".to_string()),
            letters: true,
        },
    }
}

/// The Unicode glyph of a chess piece: U+2654 ♔ to U+2659 ♙ for White (king, queen, rook,
/// bishop, knight, pawn), U+265A ♚ to U+265F ♟ for Black.
pub fn glyph(color: Color, t: PieceType) -> Option<char> {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let set = if color == Color::White { white } else { black };
    set.get(usize::from(t)).copied()
}
