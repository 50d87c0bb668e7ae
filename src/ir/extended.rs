//! The IR's types for CQL 6's state, navigation, sequence and geometry filters: variables,
//! positions, `find`, `line`, direction filters, `ray`, `pin`, iteration, `comment`, `sort`.
//!
//! [`Node`](super::Node) holds these in boxed variants so the simple filters stay small.

use super::Node;

/// A variable's slot, numbered by lowering (one slot per distinct variable name; function
/// parameters and `local` variables get fresh slots at each call site, as CQL expands
/// functions there).
pub type VarId = u16;

/// An inclusive range of numbers, `2` (2..2), `1 3`, or an open end written `{2,}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// The smallest value admitted.
    pub min: i64,
    /// The largest value admitted.
    pub max: i64,
}

impl Range {
    /// `min..=max`.
    pub const fn new(min: i64, max: i64) -> Range {
        Range { min, max }
    }
    /// Whether `n` lies in the range.
    pub fn contains(&self, n: i64) -> bool {
        self.min <= n && n <= self.max
    }
}

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

/// A position a position filter names (`parent`, `child(2)`, `initialposition`, ...).
#[derive(Clone, Debug, PartialEq)]
pub enum PositionRef {
    /// `currentposition`, `curpos`
    Current,
    /// `parent`: none at the first position.
    Parent,
    /// `child` (0), `child(n)`: the n-th continuation (0 the main one; n > 0 are variations,
    /// which exist only when variations are searched).
    Child(u32),
    /// `initialposition`: the game's first position.
    Initial,
    /// `lastposition`: the last position of the main line.
    Last,
}

/// `find [all] [quiet] [<--] [range] body`: looks for positions where `body` matches, at and
/// after the current one (every later position of the searched tree), or at and before it
/// with `<--`.
#[derive(Clone, Debug, PartialEq)]
pub struct Find<S> {
    /// The filter looked for.
    pub body: Node<S>,
    /// `<--`: search the current position and its ancestors.
    pub backward: bool,
    /// A count range (`find 3 10 check`; `find all` is 1..=1,000,000): the number of matching
    /// positions must lie in it, and is the value. Without one, the value is the first
    /// matching position.
    pub range: Option<Range>,
    /// `quiet`: no comments.
    pub quiet: bool,
}

/// One part of a `line`'s regular expression over consecutive positions.
#[derive(Clone, Debug, PartialEq)]
pub enum LinePattern<S> {
    /// A filter that must match at one position.
    Filter(Node<S>),
    /// Parts one after the other (`--> a --> b`, and a parenthesized group).
    Seq(Vec<LinePattern<S>>),
    /// `a | b`: either part.
    Alt(Vec<LinePattern<S>>),
    /// `a*` (0, None), `a+` (1, None), `a?` (0, Some(1)), `a{m n}`, `a{m,}`.
    Repeat(Box<LinePattern<S>>, u32, Option<u32>),
}

/// One state of a `line`'s compiled automaton.
#[derive(Clone, Debug, PartialEq)]
pub enum LineState<S> {
    /// Consume one position where the filter matches, then go to the state.
    Filter(Node<S>, usize),
    /// Go to any of these states without consuming a position.
    Split(Vec<usize>),
    /// The whole pattern matched.
    Accept,
}

/// `line [params] --> a --> b ...` (or `<--`): a regular expression over the positions that
/// follow (precede) the current one, compiled to an automaton run over the game tree. Its
/// value is the number of positions of the longest match.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<S> {
    /// The automaton; state `start` begins.
    pub states: Vec<LineState<S>>,
    /// The first state.
    pub start: usize,
    /// `<--`: walk towards the root.
    pub backward: bool,
    /// `singlecolor`: only positions with the starting side to move (steps of two plies).
    pub singlecolor: bool,
    /// `primary`: only main continuations; `secondary`: only variations.
    pub primary: bool,
    /// `secondary`
    pub secondary: bool,
    /// `firstmatch`: stop at the first match found (the value is its length).
    pub firstmatch: bool,
    /// `lastposition`: the value is the match's last position instead of its length.
    pub lastposition: bool,
    /// `quiet`: no comments.
    pub quiet: bool,
    /// `line 1 3 --> ...`: the match's length (its value) must lie in the range, as CQL
    /// 6.2's `SequenceBase` checks after keeping the longest match.
    pub range: Option<Range>,
}

impl<S: Clone> Line<S> {
    /// Compiles `pattern` (the parts after the arrows) to an automaton (Thompson's
    /// construction; counted repetitions are unrolled).
    pub fn compile(pattern: LinePattern<S>) -> Line<S> {
        let mut states = vec![LineState::Accept];
        let start = build(&mut states, &pattern, 0);
        Line {
            states,
            start,
            backward: false,
            singlecolor: false,
            primary: false,
            secondary: false,
            firstmatch: false,
            lastposition: false,
            quiet: false,
            range: None,
        }
    }
}

/// Adds the states of `pattern` followed by state `next`; returns its entry state.
fn build<S: Clone>(states: &mut Vec<LineState<S>>, pattern: &LinePattern<S>, next: usize) -> usize {
    match pattern {
        LinePattern::Filter(f) => {
            states.push(LineState::Filter(f.clone(), next));
            states.len() - 1
        }
        LinePattern::Seq(parts) => parts
            .iter()
            .rev()
            .fold(next, |after, part| build(states, part, after)),
        LinePattern::Alt(parts) => {
            let entries = parts.iter().map(|p| build(states, p, next)).collect();
            states.push(LineState::Split(entries));
            states.len() - 1
        }
        LinePattern::Repeat(inner, min, max) => {
            let mut after = next;
            match max {
                // {m,}: a loop, then m copies before it.
                None => {
                    states.push(LineState::Split(Vec::new()));
                    let lp = states.len() - 1;
                    let body = build(states, inner, lp);
                    states[lp] = LineState::Split(vec![body, next]);
                    after = lp;
                }
                // {m n}: n - m optional copies.
                Some(max) => {
                    for _ in *min..(*max).max(*min) {
                        let body = build(states, inner, after);
                        states.push(LineState::Split(vec![body, next]));
                        after = states.len() - 1;
                    }
                }
            }
            for _ in 0..*min {
                after = build(states, inner, after);
            }
            after
        }
    }
}

/// `square [all] x in S body` and `piece [all] x in S body`.
#[derive(Clone, Debug, PartialEq)]
pub struct Loop<S> {
    /// The variable bound to each square (piece) in turn.
    pub var: VarId,
    /// `all`: every square must satisfy the body.
    pub all: bool,
    /// The squares iterated over.
    pub domain: Node<S>,
    /// The filter evaluated for each.
    pub body: Node<S>,
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

/// `sort ["doc"] [min|max] body`: matches where `body` matches; its value (the best over the
/// game, the largest unless `min`) orders the output games.
#[derive(Clone, Debug, PartialEq)]
pub struct Sort<S> {
    /// The text shown with the value in the output game's comment.
    pub label: String,
    /// `min`: the smallest value is best.
    pub min: bool,
    /// `quiet`: the value is left out of the output game's first comment.
    pub quiet: bool,
    /// The numeric (or string) filter.
    pub body: Node<S>,
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

/// `echo (s t) [in all] body`: with `s` bound to the current position, `t` runs over every
/// searched position of the game (except the current one, unless `in all`), and `body` is
/// evaluated at `t`. Matches when it matches for some `t`; a numeric body's value is its
/// largest value.
#[derive(Clone, Debug, PartialEq)]
pub struct Echo<S> {
    /// The source position variable.
    pub source: VarId,
    /// The target position variable.
    pub target: VarId,
    /// `in all`: the current position is a target too.
    pub all: bool,
    /// `quiet`: no comments.
    pub quiet: bool,
    /// The filter evaluated at each target.
    pub body: Node<S>,
}

/// How two positions relate (`ancestor(x y)`, `descendant(x y)`, `lca(x y)`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PosRelation {
    /// `ancestor(x y)`: x comes strictly before y on y's path from the start.
    Ancestor,
    /// `descendant(x y)`: x comes strictly after y on x's path from the start.
    Descendant,
    /// `lca(x y)`: the last position shared by both paths from the start.
    Lca,
}
