//! Multi-leg movements ([`LegPath`]): a piece goes leg after leg, each leg a leap or a line of
//! steps along one vector, and ends where its last leg lands. Every leg but the last must land
//! on an empty square (the square the piece left counts as empty) and a line's squares before
//! its landing square must be empty; the last leg lands anywhere its line reaches (up to and
//! including the first occupied square), and the caller's move or capture table decides what
//! may stand there. This is how MBN move sequences with more than one leg, riders inside a
//! sequence, exact step counts (`W03`) and repeated complex riders (`(mW-F)0`) move
//! (`fbr::mbn::sequence`). A leg may instead hop over pieces, leap over them or visit one
//! (its [`PathLeg::passage`], [`super::leg_hops`]: the MBN modifiers `p`, `pp`, `g`, `j`).
//!
//! The walk is bounded: at most [`MAX_LEGS`] legs, each line at most 255 steps (a line on a
//! wrapping board stops when it comes back to its own first square).

use super::bits::Bits256;
use super::leg_hops::{Passage, Standing, each_landing};
use super::leg_limits::LegLimits;
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
    /// What the leg's line may cross and land on ([`Passage::Clear`]: empty squares only).
    pub passage: Passage,
    /// Where the leg may start and land (MBN board ranges, the edge rider `*`:
    /// [`super::leg_limits`]); `None`: anywhere its line reaches.
    pub limits: Option<Box<LegLimits>>,
    /// MBN `h` (a halfling): along each vector at most half the leaps from the leg's start to
    /// the board's edge, rounded up (`fbr::mbn::leg_shapes`).
    pub half: bool,
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
                    passage: l.passage,
                    limits: l.limits.clone(),
                    half: l.half,
                    wrap: l.wrap,
                })
                .collect(),
            repeat: self.repeat,
        }
    }

    /// The same path with its legs' limits turned into squares of a `files x ranks` board
    /// for one colour (`flip`: files, ranks turned round, as
    /// [`super::leg_limits::SquareBoxes::squares`] reads it).
    pub fn with_limits_oriented(mut self, files: usize, ranks: usize, flip: (bool, bool)) -> Self {
        for l in &mut self.legs {
            if let Some(lim) = &mut l.limits {
                **lim = lim.oriented(files, ranks, flip);
            }
        }
        self
    }

    /// Whether a leg is an edge rider (`*`), which needs a board edge to land on.
    pub fn has_edge_leg(&self) -> bool {
        self.legs
            .iter()
            .any(|l| l.limits.as_ref().is_some_and(|lim| lim.edge))
    }
}

/// The squares `path` ends on from `from`: `offset(sq, dx, dy)` the square a vector away (none
/// off the board), `stands(sq)` what stands there (`from` is treated as empty: the piece has
/// left it; [`Standing::Unknown`] everywhere gives every square some board could give).
pub fn path_ends(
    path: &LegPath,
    from: usize,
    offset: &impl Fn(usize, i8, i8) -> Option<usize>,
    stands: &impl Fn(usize) -> Standing,
) -> Bits256 {
    let mut out = Bits256::EMPTY;
    let walk = Walk {
        path,
        from,
        offset,
        stands,
    };
    walk.leg(0, 1, from, &mut out);
    out
}

/// One path's walk from one square.
struct Walk<'a, O, C> {
    path: &'a LegPath,
    from: usize,
    offset: &'a O,
    stands: &'a C,
}

impl<O, C> Walk<'_, O, C>
where
    O: Fn(usize, i8, i8) -> Option<usize>,
    C: Fn(usize) -> Standing,
{
    /// Half the leaps of `(dx, dy)` from `at` to the board's edge, rounded up (a line that
    /// comes round a wrapping board counts until it is back at `at`, 255 leaps at most).
    fn half_way(&self, at: usize, dx: i8, dy: i8) -> u8 {
        let (mut leaps, mut cur) = (0u16, at);
        while let Some(next) = (self.offset)(cur, dx, dy) {
            if next == at || leaps == 255 {
                break;
            }
            leaps += 1;
            cur = next;
        }
        leaps.div_ceil(2) as u8
    }

    /// Leg `leg` of repetition `round` (from 1) from `at`.
    fn leg(&self, leg: usize, round: u8, at: usize, out: &mut Bits256) {
        let path = self.path;
        let Some(l) = path.legs.get(leg) else {
            return;
        };
        let last_leg = leg + 1 == path.legs.len();
        let (fewest, most) = path.repeat;
        let limits = l.limits.as_deref();
        if limits.is_some_and(|lim| !lim.starts(at)) {
            return;
        }
        for &v in &l.vectors {
            // A halfling goes at most half the way to the edge (`PathLeg::half`).
            let most_steps = if l.half {
                l.max.min(self.half_way(at, v.0, v.1))
            } else {
                l.max
            };
            // Each square the leg may land on (a plain line's up to its first piece), where
            // its board range lets it land.
            let mut land = |next: usize, here: Standing| {
                if limits
                    .is_some_and(|lim| !lim.lands(next, || (self.offset)(next, v.0, v.1).is_none()))
                {
                    return;
                }
                if !last_leg {
                    if l.passage.goes_on_from(here) {
                        self.leg(leg + 1, round, next, out);
                    }
                } else if !l.passage.visits() {
                    if round >= fewest {
                        out.set(next);
                    }
                    if round < most && here.may_be_empty() {
                        self.leg(0, round + 1, next, out);
                    }
                }
            };
            each_landing(
                l,
                v,
                most_steps,
                (at, self.from),
                self.offset,
                self.stands,
                &mut land,
            );
        }
    }
}

impl FairyPos {
    /// The squares `g`'s multi-leg paths reach from `sq` with occupancy `occ`; `c` is the
    /// mover's colour where no piece stands on `sq` (the pieces of the colour of the one on
    /// `sq` are its own, for legs that pass or visit only one side's pieces).
    #[inline]
    pub(super) fn path_targets(&self, g: &Gen, c: usize, sq: usize, occ: Bits256) -> Bits256 {
        let offset = |s: usize, dx: i8, dy: i8| self.offset(s, i32::from(dx), i32::from(dy));
        let c = [0, 1]
            .into_iter()
            .find(|&i| self.color[i].has(sq))
            .unwrap_or(c);
        let own = self.color[c] & occ;
        let stands = |s: usize| {
            if !occ.has(s) {
                Standing::Empty
            } else if own.has(s) {
                Standing::Own
            } else {
                Standing::Enemy
            }
        };
        let mut b = Bits256::EMPTY;
        for p in &g.paths {
            b |= path_ends(p, sq, &offset, &stands);
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
                    passage: Passage::Clear,
                    limits: None,
                    half: false,
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
        let ends = path_ends(&king_steps(3), d4, &offset, &|_| Standing::Empty);
        assert_eq!(ends.iter().count(), 49);
        // With c5, d5, e5 occupied, d7 (three ranks up) needs a first step onto rank 5:
        // all three are taken. b6 goes round them: c4 (empty), b5, b6.
        let blockers = [square(3, 4), square(2, 4), square(4, 4)];
        let occ = |s: usize| {
            if blockers.contains(&s) {
                Standing::Enemy
            } else {
                Standing::Empty
            }
        };
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
                passage: Passage::Clear,
                limits: None,
                half: false,
                wrap: LegWrap::default(),
            }],
            repeat: (1, 1),
        };
        let a1 = square(0, 0);
        let ends = path_ends(&path, a1, &offset, &|_| Standing::Empty);
        assert_eq!(ends.iter().collect::<Vec<_>>(), vec![square(0, 3)]);
        let ends = path_ends(&path, a1, &offset, &|s| {
            if s == square(0, 1) {
                Standing::Own
            } else {
                Standing::Empty
            }
        });
        assert!(ends.none(), "a piece on a2 blocks the line");
    }
}
