//! A multi-leg path's leg that goes round the board's edges on its own (MBN's `o`: "Cylindrical
//! pieces do not stop at the left or right edge of the board"; `oo`: "also the top and bottom
//! edges of the board will be connected"), on a board whose other movements stop there. The
//! board's size is set when the path is compiled for a variant ([`LegPath::on_board`]).

use super::bits::square;
use super::leg_paths::LegPath;

/// Which edges a leg goes round, and the board's files and ranks (0 until compiled).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LegWrap {
    /// The last file connects to the first.
    pub files: bool,
    /// The last rank connects to the first.
    pub ranks: bool,
    /// The board's files and ranks (set by [`LegPath::on_board`]).
    pub size: (u8, u8),
}

impl LegWrap {
    /// Whether the leg wraps at all.
    pub fn wraps(&self) -> bool {
        self.files || self.ranks
    }

    /// The square a vector away from `sq` with the wrapped edges connected (none off the
    /// board, or when the leg does not wrap or was not compiled for a board).
    pub fn offset(&self, sq: usize, dx: i8, dy: i8) -> Option<usize> {
        let (files, ranks) = (i32::from(self.size.0), i32::from(self.size.1));
        if !self.wraps() || files == 0 || ranks == 0 {
            return None;
        }
        let mut f = (sq % 16) as i32 + i32::from(dx);
        let mut r = (sq / 16) as i32 + i32::from(dy);
        if self.files {
            f = f.rem_euclid(files);
        }
        if self.ranks {
            r = r.rem_euclid(ranks);
        }
        ((0..files).contains(&f) && (0..ranks).contains(&r)).then(|| square(f as usize, r as usize))
    }
}

impl LegPath {
    /// The path on a board of `files` x `ranks` whose own movements wrap as `board_wrap`
    /// says (files, ranks): each wrapping leg learns the board's size and wraps the board's
    /// edges too (an `o` leg on a torus goes round all four).
    pub fn on_board(mut self, files: usize, ranks: usize, board_wrap: (bool, bool)) -> LegPath {
        for l in self.legs.iter_mut().filter(|l| l.wrap.wraps()) {
            l.wrap.files |= board_wrap.0;
            l.wrap.ranks |= board_wrap.1;
            l.wrap.size = (files as u8, ranks as u8);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cylindrical_step_goes_from_the_h_file_to_the_a_file_and_stops_at_the_top() {
        let o = LegWrap {
            files: true,
            ranks: false,
            size: (8, 8),
        };
        // h2 (7, 1) two files right and one up: b3 (the seed's cylinder example Nh2-b3).
        assert_eq!(o.offset(square(7, 1), 2, 1), Some(square(1, 2)));
        // h8 one up: off the board (ranks do not wrap).
        assert_eq!(o.offset(square(7, 7), 0, 1), None);
        let oo = LegWrap { ranks: true, ..o };
        assert_eq!(oo.offset(square(7, 7), 1, 1), Some(square(0, 0)));
        // Not compiled for a board: no square.
        let bare = LegWrap { size: (0, 0), ..oo };
        assert_eq!(bare.offset(square(7, 7), 1, 1), None);
    }
}
