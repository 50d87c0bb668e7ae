//! The IR's geometry: direction sets, `ray`/`xray` and the attack chains, `pin`, and the
//! problemists' mate kinds.

use super::{Node, Range};

/// The eight directions as a bit set: bit `d` for the `d`-th entry of [`Directions::STEPS`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Directions(pub u8);

impl Directions {
    /// (file step, rank step) of each direction: up, down, right, left, northeast, northwest,
    /// southeast, southwest ("up" is towards rank 8, "right" towards the h-file).
    pub const STEPS: [(i64, i64); 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    /// `up`
    pub const UP: Directions = Directions(1);
    /// `down`
    pub const DOWN: Directions = Directions(2);
    /// `right`
    pub const RIGHT: Directions = Directions(4);
    /// `left`
    pub const LEFT: Directions = Directions(8);
    /// `northeast`
    pub const NORTHEAST: Directions = Directions(16);
    /// `northwest`
    pub const NORTHWEST: Directions = Directions(32);
    /// `southeast`
    pub const SOUTHEAST: Directions = Directions(64);
    /// `southwest`
    pub const SOUTHWEST: Directions = Directions(128);
    /// `vertical`: up and down.
    pub const VERTICAL: Directions = Directions(3);
    /// `horizontal`: left and right.
    pub const HORIZONTAL: Directions = Directions(12);
    /// `orthogonal`: the four rank and file directions.
    pub const ORTHOGONAL: Directions = Directions(15);
    /// `diagonal`: the four diagonal directions.
    pub const DIAGONAL: Directions = Directions(240);
    /// `maindiagonal`: northeast and southwest (the a1-h8 direction).
    pub const MAINDIAGONAL: Directions = Directions(16 | 128);
    /// `offdiagonal`: northwest and southeast (the a8-h1 direction).
    pub const OFFDIAGONAL: Directions = Directions(32 | 64);
    /// `anydirection`: all eight.
    pub const ANY: Directions = Directions(255);

    /// The direction word of CQL 6 (`up`, `diagonal`, ...), if it is one.
    pub fn from_word(word: &str) -> Option<Directions> {
        Some(match word {
            "up" => Self::UP,
            "down" => Self::DOWN,
            "right" => Self::RIGHT,
            "left" => Self::LEFT,
            "northeast" => Self::NORTHEAST,
            "northwest" => Self::NORTHWEST,
            "southeast" => Self::SOUTHEAST,
            "southwest" => Self::SOUTHWEST,
            "vertical" => Self::VERTICAL,
            "horizontal" => Self::HORIZONTAL,
            "orthogonal" => Self::ORTHOGONAL,
            "diagonal" => Self::DIAGONAL,
            "maindiagonal" => Self::MAINDIAGONAL,
            "offdiagonal" => Self::OFFDIAGONAL,
            "anydirection" => Self::ANY,
            _ => return None,
        })
    }
    /// Both sets' directions.
    pub fn union(self, other: Directions) -> Directions {
        Directions(self.0 | other.0)
    }
    /// The (file, rank) steps of the directions in the set.
    pub fn steps(self) -> impl Iterator<Item = (i64, i64)> {
        (0..8)
            .filter(move |d| self.0 & (1 << d) != 0)
            .map(|d| Self::STEPS[d])
    }
}

/// `ray [directions] (A B C ...)` and `xray (A B C ...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Ray<S> {
    /// The directions searched (`ray orthogonal (...)`); all eight by default.
    pub directions: Directions,
    /// `xray` and `ray attack`: the first set's piece must move along the direction (a rook
    /// orthogonally, a bishop diagonally, a queen both).
    pub attack: bool,
    /// The sets, in order along the line (at least two).
    pub sets: Vec<Node<S>>,
    /// A count range (`ray 2 (...)`): the number of rays found is the value.
    pub count: Option<Range>,
    /// The value is the first set's squares that start a ray (the attack-arrow chains
    /// `A -> B -> C`), not the last set's squares reached.
    pub first: bool,
}

/// Which part of a pin `pin` yields.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PinYield {
    /// The pinning pieces (`from` first).
    From,
    /// The pinned pieces (the default; `through` first).
    Through,
    /// The pieces (or squares) pinned to (`to` first).
    To,
}

/// `pin [from X] [through Y] [to Z]`: a slider on X, an enemy piece on Y, and an enemy piece
/// or empty square on Z (by default: either king) on one line with nothing else between.
#[derive(Clone, Debug, PartialEq)]
pub struct Pin<S> {
    /// `from X` (any square by default).
    pub from: Option<Node<S>>,
    /// `through Y` (any square by default).
    pub through: Option<Node<S>>,
    /// `to Z` (the kings by default).
    pub to: Option<Node<S>>,
    /// What the filter yields.
    pub yields: PinYield,
}

/// The problemists' mate kinds (`puremate`, `modelmate`, `idealmate` and the stalemate ones).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MateKind {
    /// `puremate` / `purestalemate`: each square of the king's field is guarded once, or
    /// blocked by an unguarded own piece.
    Pure,
    /// `modelmate` / `modelstalemate`: pure, and every attacker's piece except king and pawns
    /// takes part.
    Model,
    /// `idealmate` / `idealstalemate`: pure, and every piece on the board takes part.
    Ideal,
}
