//! Multi-leg movements ([`LegPath`]): a piece goes leg after leg, each leg a leap or a line of
//! steps along one vector, and ends where its last leg lands. Every leg but the last must land
//! on an empty square (the square the piece left counts as empty) and a line's squares before
//! its landing square must be empty; the last leg lands anywhere its line reaches (up to and
//! including the first occupied square), and the caller's move or capture table decides what
//! may stand there. This is how MBN move sequences with more than one leg, riders inside a
//! sequence, exact step counts (`W03`) and repeated complex riders (`(mW-F)0`) move
//! (`fbr::mbn::sequence`).
//!
//! The walk is bounded: at most [`MAX_LEGS`] legs, each line at most 255 steps (a line on a
//! wrapping board stops when it comes back to its own first square).

use super::bits::Bits256;
use super::position::FairyPos;
use super::tables::Gen;

pub use super::leg_wrap::LegWrap;

/// The most legs a path may have (the MBN reader refuses longer sequences).
pub const MAX_LEGS: usize = 16;

/// One leg: the vectors it may take (white's view in a definition; oriented for the colour
/// once compiled) and how many steps along the chosen vector, `min..=max` (1..=1 a leap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathLeg {
    /// The vectors, each one leap of the leg's atom.
    pub vectors: Vec<(i8, i8)>,
    /// The fewest steps (the squares before it are passed and must be empty).
    pub min: u8,
    /// The most steps (255: as far as the line goes).
    pub max: u8,
    /// MBN's `o` / `oo`: this leg's lines go round the board's edges (`super::leg_wrap`).
    pub wrap: LegWrap,
}

/// A movement of several legs taken one after the other (see the module text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegPath {
    /// The legs in order (at least one).
    pub legs: Vec<PathLeg>,
    /// The legs taken as a whole `min..=max` times (a complex rider, `(mW-F)0`: (1, 255)),
    /// each time from where the last landed, which must be empty to go on; each time the
    /// legs choose among their vectors again (the MBN reader gives a repeated path legs of
    /// one vector each, so a rider keeps its direction).
    pub repeat: (u8, u8),
}

impl LegPath {
    /// The same path with every vector passed through `f` (black's mirror image).
    pub fn map_vectors(&self, f: impl Fn((i8, i8)) -> (i8, i8)) -> LegPath {
        LegPath {
            legs: self
                .legs
                .iter()
                .map(|l| PathLeg {
                    vectors: l.vectors.iter().map(|&v| f(v)).collect(),
                    min: l.min,
                    max: l.max,
                    wrap: l.wrap,
                })
                .collect(),
            repeat: self.repeat,
        }
    }
}

/// The squares `path` ends on from `from`: `offset(sq, dx, dy)` the square a vector away (none
/// off the board), `occupied(sq)` whether a piece stands there (`from` is treated as empty:
/// the piece has left it).
pub fn path_ends(
    path: &LegPath,
    from: usize,
    offset: &impl Fn(usize, i8, i8) -> Option<usize>,
    occupied: &impl Fn(usize) -> bool,
) -> Bits256 {
    let mut out = Bits256::EMPTY;
    let walk = Walk {
        path,
        from,
        offset,
        occupied,
    };
    walk.leg(0, 1, from, &mut out);
    out
}

/// One path's walk from one square.
struct Walk<'a, O, C> {
    path: &'a LegPath,
    from: usize,
    offset: &'a O,
    occupied: &'a C,
}

impl<O, C> Walk<'_, O, C>
where
    O: Fn(usize, i8, i8) -> Option<usize>,
    C: Fn(usize) -> bool,
{
    /// Leg `leg` of repetition `round` (from 1) from `at`.
    fn leg(&self, leg: usize, round: u8, at: usize, out: &mut Bits256) {
        let path = self.path;
        let Some(l) = path.legs.get(leg) else {
            return;
        };
        let last_leg = leg + 1 == path.legs.len();
        let (fewest, most) = path.repeat;
        for &(dx, dy) in &l.vectors {
            let mut cur = at;
            for step in 1..=l.max {
                let next = (self.offset)(cur, dx, dy).or_else(|| l.wrap.offset(cur, dx, dy));
                let Some(next) = next else {
                    break;
                };
                let blocked = next != self.from && (self.occupied)(next);
                if step >= l.min {
                    if !last_leg {
                        if !blocked {
                            self.leg(leg + 1, round, next, out);
                        }
                    } else {
                        if round >= fewest {
                            out.set(next);
                        }
                        if round < most && !blocked {
                            self.leg(0, round + 1, next, out);
                        }
                    }
                }
                // A line stops at its first piece, and comes round a wrapping board once.
                if blocked || next == at {
                    break;
                }
                cur = next;
            }
        }
    }
}

impl FairyPos {
    /// The squares `g`'s multi-leg paths reach from `sq` with occupancy `occ`.
    #[inline]
    pub(super) fn path_targets(&self, g: &Gen, sq: usize, occ: Bits256) -> Bits256 {
        let offset = |s: usize, dx: i8, dy: i8| self.offset(s, i32::from(dx), i32::from(dy));
        let occupied = |s: usize| occ.has(s);
        let mut b = Bits256::EMPTY;
        for p in &g.paths {
            b |= path_ends(p, sq, &offset, &occupied);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fairy::bits::square;

    fn offset(s: usize, dx: i8, dy: i8) -> Option<usize> {
        let f = (s % 16) as i32 + i32::from(dx);
        let r = (s / 16) as i32 + i32::from(dy);
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| square(f as usize, r as usize))
    }

    const KING: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];

    fn king_steps(n: usize) -> LegPath {
        LegPath {
            legs: (0..n)
                .map(|_| PathLeg {
                    vectors: KING.to_vec(),
                    min: 1,
                    max: 1,
                    wrap: LegWrap::default(),
                })
                .collect(),
            repeat: (1, 1),
        }
    }

    #[test]
    fn three_king_steps_reach_the_seven_by_seven_square_but_not_through_pieces() {
        // From d4 three king steps reach every square within distance 3: a1-g7, 49 squares,
        // d4 itself among them (`targets` removes the origin).
        let d4 = square(3, 3);
        let ends = path_ends(&king_steps(3), d4, &offset, &|_| false);
        assert_eq!(ends.iter().count(), 49);
        // With c5, d5, e5 occupied, d7 (three ranks up) needs a first step onto rank 5:
        // all three are taken. b6 goes round them: c4 (empty), b5, b6.
        let blockers = [square(3, 4), square(2, 4), square(4, 4)];
        let occ = |s: usize| blockers.contains(&s);
        let ends = path_ends(&king_steps(3), d4, &offset, &occ);
        assert!(!ends.has(square(3, 6)), "d7 lies behind the wall");
        assert!(
            ends.has(square(3, 4)),
            "d5 itself is a last step (a capture)"
        );
        assert!(ends.has(square(1, 5)), "b6: c4 (empty) → b5 → b6");
    }

    #[test]
    fn an_exact_line_passes_empty_squares_and_lands_only_at_its_count() {
        let path = LegPath {
            legs: vec![PathLeg {
                vectors: vec![(0, 1)],
                min: 3,
                max: 3,
                wrap: LegWrap::default(),
            }],
            repeat: (1, 1),
        };
        let a1 = square(0, 0);
        let ends = path_ends(&path, a1, &offset, &|_| false);
        assert_eq!(ends.iter().collect::<Vec<_>>(), vec![square(0, 3)]);
        let ends = path_ends(&path, a1, &offset, &|s| s == square(0, 1));
        assert!(ends.none(), "a piece on a2 blocks the line");
    }
}
