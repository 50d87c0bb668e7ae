//! Where one leg of a multi-leg path ([`super::leg_paths::PathLeg`]) may start and land: MBN's
//! board ranges on a partial move (`[2]mfW02`: the squares the leg starts from; `mR[4]`: the
//! squares it lands on) and its edge rider (`W*`: the leg lands only on the last square of its
//! line before the board's edge). Ranges are written from white's side as boxes of files and
//! ranks; the move tables turn them into square sets for each colour
//! ([`LegLimits::oriented`]), black's mirrored as its vectors are.

use super::bits::{Bits256, square};

/// Files or ranks `(first, last)`, 0-based; `None`: all of them.
pub type Span = Option<(u8, u8)>;

/// A board range: the union of boxes of files and ranks (0-based, white's view; `None`: every
/// file or rank), or with `not` its complement.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareBoxes {
    /// `^`: the squares outside the boxes.
    pub not: bool,
    /// `(files, ranks)`, each `(first, last)`.
    pub boxes: Vec<(Span, Span)>,
}

impl SquareBoxes {
    /// The range's squares on a `files x ranks` board, files turned round when `flip.0`,
    /// ranks when `flip.1` (black's view of a range written from white's side).
    pub fn squares(&self, files: usize, ranks: usize, flip: (bool, bool)) -> Bits256 {
        let within = |span: Span, at: usize| {
            span.is_none_or(|(a, b)| (usize::from(a)..=usize::from(b)).contains(&at))
        };
        let mut out = Bits256::EMPTY;
        for r in 0..ranks.min(16) {
            for f in 0..files.min(16) {
                // The square white would name for this one, seen from the colour's side.
                let wf = if flip.0 { files - 1 - f } else { f };
                let wr = if flip.1 { ranks - 1 - r } else { r };
                let inside = self
                    .boxes
                    .iter()
                    .any(|&(bf, br)| within(bf, wf) && within(br, wr));
                if inside != self.not {
                    out.set(square(f, r));
                }
            }
        }
        out
    }
}

/// The limits of one leg (see the module text).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegLimits {
    /// The squares the leg may start from (white's view); `None`: any.
    pub from: Option<SquareBoxes>,
    /// The squares the leg may land on (white's view); `None`: any.
    pub to: Option<SquareBoxes>,
    /// `*` (an edge rider): the leg lands only where one more step of its vector leaves the
    /// board.
    pub edge: bool,
    /// `from` and `to` as square sets for the colour the path was compiled for
    /// ([`LegLimits::oriented`]); `None` (every square) before.
    pub squares: Option<(Bits256, Bits256)>,
}

impl LegLimits {
    /// The limits with their ranges turned into squares of a `files x ranks` board for one
    /// colour (`flip` as [`SquareBoxes::squares`] reads it).
    pub fn oriented(&self, files: usize, ranks: usize, flip: (bool, bool)) -> LegLimits {
        let all = SquareBoxes {
            not: true,
            boxes: Vec::new(),
        };
        let set = |r: &Option<SquareBoxes>| r.as_ref().unwrap_or(&all).squares(files, ranks, flip);
        LegLimits {
            squares: Some((set(&self.from), set(&self.to))),
            ..self.clone()
        }
    }

    /// Whether the leg may start on `sq`.
    #[inline]
    pub fn starts(&self, sq: usize) -> bool {
        self.squares.is_none_or(|(from, _)| from.has(sq))
    }

    /// Whether the leg may land on `sq`; `leaves_board`: one more step of the leg's vector
    /// from `sq` leaves the board (what an edge rider needs).
    #[inline]
    pub fn lands(&self, sq: usize, leaves_board: impl FnOnce() -> bool) -> bool {
        self.squares.is_none_or(|(_, to)| to.has(sq)) && (!self.edge || leaves_board())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_from_whites_side_and_mirror_for_black() {
        // `[2]`: rank 2; black reads it as rank 7 on an 8x8 board.
        let rank2 = SquareBoxes {
            not: false,
            boxes: vec![(None, Some((1, 1)))],
        };
        let white = rank2.squares(8, 8, (false, false));
        let black = rank2.squares(8, 8, (false, true));
        assert_eq!(white.len(), 8);
        assert!(white.has(square(4, 1)) && !white.has(square(4, 6)));
        assert!(black.has(square(4, 6)) && !black.has(square(4, 1)));
        // `[^a,h]`: every file but a and h.
        let inner = SquareBoxes {
            not: true,
            boxes: vec![(Some((0, 0)), None), (Some((7, 7)), None)],
        };
        assert_eq!(inner.squares(8, 8, (false, false)).len(), 48);
    }

    #[test]
    fn an_edge_leg_lands_only_where_the_next_step_leaves_the_board() {
        let edge = LegLimits {
            edge: true,
            ..LegLimits::default()
        }
        .oriented(8, 8, (false, false));
        assert!(edge.lands(square(0, 3), || true));
        assert!(!edge.lands(square(1, 3), || false));
        assert!(edge.starts(square(4, 4)));
    }
}
