//! What one leg of a multi-leg path ([`super::leg_paths`]) may pass and land on: the MBN
//! page's hopping and jumping modifiers (`fbr::mbn::hops`). A leg's [`Passage`] says which
//! occupied squares its line may cross (none; exactly one hurdle, `p`; one or more, `pp`;
//! any, or only friendly ones, `g` / `gg`) and, for a visiting leg (`j`, `jj`, `jy`), that it
//! lands on a piece without taking it so that the next leg goes on from there.
//! [`each_landing`] walks one vector of a leg and reports every square it may land on.

use super::leg_paths::PathLeg;

/// Whose pieces a leaping or visiting leg may pass or visit, from the moving piece's side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Whose {
    /// The opponent's (`j`).
    #[default]
    Enemy,
    /// The mover's own side's (`gg`, `jj`).
    Friendly,
    /// Either side's (`g`, `jy`).
    Any,
}

impl Whose {
    /// Whether a square standing `here` may hold one of these pieces.
    fn may_hold(self, here: Standing) -> bool {
        match here {
            Standing::Empty => false,
            Standing::Unknown => true,
            Standing::Own => self != Whose::Enemy,
            Standing::Enemy => self != Whose::Friendly,
        }
    }
}

/// What a leg's line may cross before its landing square.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Passage {
    /// Only empty squares (a plain leg; a line stops at its first piece).
    #[default]
    Clear,
    /// At least `fewest` occupied squares (hurdles), at most `most` (`None`: any number):
    /// `p` is (1, Some(1)), a cannon's hop; `pp` is (1, None). The landing square is any
    /// square after them (up to and including the next piece when `most` is reached).
    Hop {
        /// The fewest hurdles.
        fewest: u8,
        /// The most hurdles (`None`: no limit).
        most: Option<u8>,
    },
    /// A leaping slider (`g`): every square of the line is a landing square, whatever stands
    /// between; `Whose` the pieces it may leap over (`g`: any; `gg`: friendly only, the
    /// first enemy piece ends the line, as a landing square).
    Leap(Whose),
    /// A visit (`j`, `jj`, `jy`): the line passes empty squares to its first piece, which must
    /// be one of `Whose`; the leg lands there without taking it, and the next leg of the
    /// path goes on from that square (a visit never ends a path).
    Visit(Whose),
}

/// What stands on a square, as a path's walk sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Nothing (the square the piece left counts as empty).
    Empty,
    /// A piece of the mover's side.
    Own,
    /// A piece of the other side (or a square the piece may not cross).
    Enemy,
    /// Either (the empty-board reach of a piece, which must hold every square the piece
    /// could reach with pieces anywhere: `fairy::tables`'s quick tests).
    Unknown,
}

impl Standing {
    /// Whether the square may be empty.
    pub fn may_be_empty(self) -> bool {
        matches!(self, Standing::Empty | Standing::Unknown)
    }

    /// Whether the square may hold a piece.
    fn may_be_occupied(self) -> bool {
        self != Standing::Empty
    }
}

impl Passage {
    /// Whether a path may go on with its next leg from a landing square standing `here`: a
    /// visit from a piece it visits, every other leg from an empty square.
    pub fn goes_on_from(self, here: Standing) -> bool {
        match self {
            Passage::Visit(whose) => whose.may_hold(here),
            _ => here.may_be_empty(),
        }
    }

    /// Whether the leg is a visit (`j`), which never ends a path: it only hands the path to
    /// the next leg.
    pub fn visits(self) -> bool {
        matches!(self, Passage::Visit(_))
    }
}

/// The occupied squares a line has crossed so far: at least `lo`, at most `hi` (they differ
/// where squares stand [`Standing::Unknown`]).
#[derive(Copy, Clone, Default)]
struct Crossed {
    lo: u8,
    hi: u8,
}

/// Calls `land(square, standing)` for every square leg `leg` may land on along the vector
/// `(dx, dy)` from `at`, nearest first, at most `most` steps (the leg's `max`, fewer for a
/// halfling): `offset(sq, dx, dy)` the square a vector away (none off
/// the board), `stands(sq)` what stands there (`from`, the square the piece left, is empty).
/// The leg's steps count every square of the line, hurdles too (`pW3`: the landing square at
/// most three steps away).
pub fn each_landing(
    leg: &PathLeg,
    (dx, dy): (i8, i8),
    most: u8,
    (at, from): (usize, usize),
    offset: &impl Fn(usize, i8, i8) -> Option<usize>,
    stands: &impl Fn(usize) -> Standing,
    mut land: impl FnMut(usize, Standing),
) {
    let mut crossed = Crossed::default();
    let mut cur = at;
    for step in 1..=most {
        // A leg that wraps (MBN `o`, `oo`: `super::leg_wrap`) goes round the edges.
        let Some(next) = offset(cur, dx, dy).or_else(|| leg.wrap.offset(cur, dx, dy)) else {
            break;
        };
        let here = if next == from {
            Standing::Empty
        } else {
            stands(next)
        };
        if step >= leg.min && lands(leg.passage, crossed, here) {
            land(next, here);
        }
        // A line comes round a wrapping board once.
        if !goes_past(leg.passage, &mut crossed, here) || next == at {
            break;
        }
        cur = next;
    }
}

/// Whether a line that has crossed `crossed` may land on a square standing `here`.
fn lands(passage: Passage, crossed: Crossed, here: Standing) -> bool {
    match passage {
        Passage::Clear | Passage::Leap(_) => true,
        Passage::Hop { fewest, most } => {
            crossed.hi >= fewest && most.is_none_or(|most| crossed.lo <= most)
        }
        Passage::Visit(whose) => whose.may_hold(here),
    }
}

/// Whether the line goes on past a square standing `here`, counting it in `crossed`.
fn goes_past(passage: Passage, crossed: &mut Crossed, here: Standing) -> bool {
    if here.may_be_occupied() {
        crossed.hi = crossed.hi.saturating_add(1);
    }
    if !here.may_be_empty() {
        crossed.lo = crossed.lo.saturating_add(1);
    }
    match passage {
        Passage::Clear | Passage::Visit(_) => here.may_be_empty(),
        Passage::Hop { most, .. } => most.is_none_or(|most| crossed.lo <= most),
        Passage::Leap(Whose::Any) => true,
        Passage::Leap(Whose::Friendly) => here != Standing::Enemy,
        Passage::Leap(Whose::Enemy) => here != Standing::Own,
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

    /// The landing squares (as files a-h along rank 1) of a rook line east from a1 whose
    /// squares stand as `rank` says (`.` empty, `o` own, `x` enemy, `?` unknown).
    fn east(passage: Passage, rank: &str) -> String {
        let stands = |s: usize| match rank.as_bytes()[s % 16] {
            b'o' => Standing::Own,
            b'x' => Standing::Enemy,
            b'?' => Standing::Unknown,
            _ => Standing::Empty,
        };
        let leg = PathLeg {
            vectors: vec![(1, 0)],
            min: 1,
            max: u8::MAX,
            passage,
            limits: None,
            half: false,
            wrap: Default::default(),
        };
        let mut out = String::new();
        each_landing(&leg, (1, 0), u8::MAX, (0, 0), &offset, &stands, |s, _| {
            out.push((b'a' + (s % 16) as u8) as char)
        });
        out
    }

    const P: Passage = Passage::Hop {
        fewest: 1,
        most: Some(1),
    };
    const PP: Passage = Passage::Hop {
        fewest: 1,
        most: None,
    };

    #[test]
    fn a_hop_lands_past_one_hurdle_up_to_the_next_piece() {
        // The rook stands on a1 (its own square counts as empty). A plain line: b c d, then
        // the piece on d (a capture's square).
        assert_eq!(east(Passage::Clear, "...x...."), "bcd");
        // `p`: past the hurdle on d, e f, up to and including g's piece.
        assert_eq!(east(P, "...o..x."), "efg");
        // `pp`: every square after the first hurdle, pieces too.
        assert_eq!(east(PP, "...o.xo."), "efgh");
        // No hurdle: no hop.
        assert_eq!(east(P, "........"), "");
    }

    #[test]
    fn a_leap_ignores_what_stands_between_and_gg_stops_at_an_enemy() {
        assert_eq!(east(Passage::Leap(Whose::Any), ".xo....."), "bcdefgh");
        assert_eq!(
            east(Passage::Leap(Whose::Friendly), ".o.x...."),
            "bcd",
            "over b (own) to d (enemy: its landing square, the line's end)"
        );
    }

    #[test]
    fn a_visit_lands_on_the_first_piece_when_it_is_of_its_side() {
        assert_eq!(east(Passage::Visit(Whose::Enemy), "...x.o.."), "d");
        assert_eq!(east(Passage::Visit(Whose::Enemy), "...o.x.."), "");
        assert_eq!(east(Passage::Visit(Whose::Friendly), "...o.x.."), "d");
        assert_eq!(east(Passage::Visit(Whose::Any), "..xo...."), "c");
    }

    #[test]
    fn unknown_squares_give_every_square_a_board_could_give() {
        // Reach tables: a hop may land anywhere from two steps on, a visit anywhere.
        assert_eq!(east(P, "????????"), "cdefgh");
        assert_eq!(east(Passage::Visit(Whose::Enemy), "????????"), "bcdefgh");
        assert_eq!(east(Passage::Clear, "????????"), "bcdefgh");
    }
}
