//! Numbers a summary bounds: the count (and `power`) of the pieces a set can hold at a
//! position, white's lead over black in pieces and in power, the file or rank of a piece
//! set, `ply` and `movenumber`, and arithmetic over such numbers (`abs(#A - #a)`, `max(#R
//! #Q)`, `power A - power a`), each as the interval of values it can take at any position
//! of the game tree ([`Bound::range`]); a comparison no pair of values in its sides'
//! intervals meets cannot hold ([`compare_need`]). Also the sets that can never hold a
//! square ([`never_meets`]).
//!
//! Every bound rests on these facts about a summarised game: at each position of its tree,
//! each piece kind numbers between its `fewest` and `most` and stands only on its `ever_on`
//! squares, and each lead lies within its range; the tree's plies run from 0 to the main
//! line's length when it has no variations; and the position is legal and was reached from
//! the standard start by legal moves (`summary.rs`: any other game is searched always,
//! whatever the condition).

use shakmaty::Bitboard;

use super::{Need, kind_bits};
use crate::chess::{Color, piece_type};
use crate::index::summary::{self, GameSummary, KINDS, kind_index};
use crate::ir::{ArithOp, CmpOp, Node, NumProp};

/// A number at a position, as a summary bounds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// A constant.
    Const(i64),
    /// The number of squares of a set whose squares all hold pieces of `kinds` (a bit per
    /// kind index) inside `squares`; `exact`: the set is every such square (`#[Qq]`, `#(dark
    /// b)`), so a whole-board set numbers at least the kinds' fewest.
    Pieces {
        /// A bit per kind index.
        kinds: u16,
        /// The squares (a1 = bit 0) the set lies in.
        squares: u64,
        /// The set is exactly the pieces of `kinds` on `squares`.
        exact: bool,
    },
    /// `power` of such a set (pawn 1, knight and bishop 3, rook 5, queen 9, king 0).
    Power {
        /// A bit per kind index.
        kinds: u16,
        /// The squares the set lies in.
        squares: u64,
        /// The set is exactly the pieces of `kinds` on `squares`.
        exact: bool,
    },
    /// `a + b`
    Sum(Box<Bound>, Box<Bound>),
    /// `a - b`
    Difference(Box<Bound>, Box<Bound>),
    /// `a * b`
    Product(Box<Bound>, Box<Bound>),
    /// `-a`
    Negated(Box<Bound>),
    /// `abs a`
    Absolute(Box<Bound>),
    /// `max(a b ...)`
    Max(Vec<Bound>),
    /// `min(a b ...)`
    Min(Vec<Bound>),
    /// `file x` (`rank: false`) / `rank x` (`rank: true`) of a set whose squares all hold
    /// pieces of `kinds` inside `squares`: 1-8, the file (rank) of a square one of those
    /// kinds stood on.
    FileOrRank {
        /// `rank x` rather than `file x`.
        rank: bool,
        /// A bit per kind index.
        kinds: u16,
        /// The squares the set lies in.
        squares: u64,
    },
    /// White's pieces less black's (`#A - #a`): within the game's `piece_lead`.
    PieceLead,
    /// White's power less black's (`power A - power a`): within the game's `power_lead`.
    PowerLead,
    /// `ply`: the position's ply in the game's tree (0 at the start).
    Ply,
    /// `movenumber`: the position's full-move number (from the standard start, 1 + ply / 2).
    MoveNumber,
    /// `ply` at a position with no move after it (`terminal`): a leaf of the game's tree.
    EndPly,
    /// `movenumber` at a leaf of the game's tree.
    EndMoveNumber,
    /// A number the summary does not bound.
    Any,
}

/// The bound standing for "any number": far from every i64, so that the saturating
/// arithmetic below keeps it unbounded.
const UNBOUNDED: (i128, i128) = (-(1 << 100), 1 << 100);

impl Bound {
    /// The least and the greatest value the number can take at a position of a game with
    /// `summary` (both inclusive; the summary's columns [`Bound::reads_squares`] names must
    /// have been read, and the counts). Sound: each kind's count at a position lies within
    /// its bounds (`kind_most`), and interval arithmetic keeps every sum, difference,
    /// product, negation, absolute value, maximum and minimum of such values within the
    /// interval it computes (saturating in i128, which only widens it; a value that would
    /// overflow an i64 makes the evaluator give no match at all).
    pub fn range(&self, summary: &GameSummary) -> (i128, i128) {
        match self {
            Bound::Const(n) => (i128::from(*n), i128::from(*n)),
            Bound::Pieces {
                kinds,
                squares,
                exact,
            } => weighted(summary, *kinds, *squares, *exact, |_| 1),
            Bound::Power {
                kinds,
                squares,
                exact,
            } => weighted(summary, *kinds, *squares, *exact, |k| {
                i128::from(summary::POWER[k % 6])
            }),
            Bound::Sum(a, b) => {
                let ((a0, a1), (b0, b1)) = (a.range(summary), b.range(summary));
                (a0.saturating_add(b0), a1.saturating_add(b1))
            }
            Bound::Difference(a, b) => {
                let ((a0, a1), (b0, b1)) = (a.range(summary), b.range(summary));
                (a0.saturating_sub(b1), a1.saturating_sub(b0))
            }
            Bound::Product(a, b) => {
                let ((a0, a1), (b0, b1)) = (a.range(summary), b.range(summary));
                let corners = [
                    a0.saturating_mul(b0),
                    a0.saturating_mul(b1),
                    a1.saturating_mul(b0),
                    a1.saturating_mul(b1),
                ];
                let least = corners.iter().copied().min().unwrap_or(UNBOUNDED.0);
                let most = corners.iter().copied().max().unwrap_or(UNBOUNDED.1);
                (least, most)
            }
            Bound::Negated(a) => {
                let (a0, a1) = a.range(summary);
                (a1.saturating_neg(), a0.saturating_neg())
            }
            Bound::Absolute(a) => match a.range(summary) {
                (a0, a1) if a0 >= 0 => (a0, a1),
                (a0, a1) if a1 <= 0 => (a1.saturating_neg(), a0.saturating_neg()),
                (a0, a1) => (0, a1.max(a0.saturating_neg())),
            },
            // max(a, b) lies between the largest least value and the largest greatest one.
            Bound::Max(items) => fold(items, summary, i128::max),
            Bound::Min(items) => fold(items, summary, i128::min),
            Bound::FileOrRank {
                rank,
                kinds,
                squares,
            } => file_or_rank_range(summary, *rank, *kinds, *squares),
            Bound::PieceLead => (
                i128::from(summary.piece_lead.0),
                i128::from(summary.piece_lead.1),
            ),
            Bound::PowerLead => (
                i128::from(summary.power_lead.0),
                i128::from(summary.power_lead.1),
            ),
            Bound::Ply => ply_range(summary),
            // White moves at the even plies: the full-move number at ply p is p / 2 + 1.
            Bound::MoveNumber => (1, ply_range(summary).1 / 2 + 1),
            Bound::EndPly => end_ply_range(summary),
            Bound::EndMoveNumber => {
                let (least, most) = end_ply_range(summary);
                (least / 2 + 1, most / 2 + 1)
            }
            Bound::Any => UNBOUNDED,
        }
    }

    /// Whether the bound reads the moves column (the main line's length: `ply`,
    /// `movenumber`).
    pub fn reads_plies(&self) -> bool {
        match self {
            Bound::Ply | Bound::MoveNumber | Bound::EndPly | Bound::EndMoveNumber => true,
            Bound::Sum(a, b) | Bound::Difference(a, b) | Bound::Product(a, b) => {
                a.reads_plies() || b.reads_plies()
            }
            Bound::Negated(a) | Bound::Absolute(a) => a.reads_plies(),
            Bound::Max(items) | Bound::Min(items) => items.iter().any(Bound::reads_plies),
            Bound::Const(_)
            | Bound::Pieces { .. }
            | Bound::Power { .. }
            | Bound::FileOrRank { .. }
            | Bound::PieceLead
            | Bound::PowerLead
            | Bound::Any => false,
        }
    }

    /// Whether the bound reads the squares column (`ever_on`): a count on part of the board.
    pub fn reads_squares(&self) -> bool {
        match self {
            Bound::Pieces { squares, .. } | Bound::Power { squares, .. } => *squares != u64::MAX,
            Bound::FileOrRank { .. } => true,
            Bound::Sum(a, b) | Bound::Difference(a, b) | Bound::Product(a, b) => {
                a.reads_squares() || b.reads_squares()
            }
            Bound::Negated(a) | Bound::Absolute(a) => a.reads_squares(),
            Bound::Max(items) | Bound::Min(items) => items.iter().any(Bound::reads_squares),
            Bound::Const(_)
            | Bound::PieceLead
            | Bound::PowerLead
            | Bound::Ply
            | Bound::MoveNumber
            | Bound::EndPly
            | Bound::EndMoveNumber
            | Bound::Any => false,
        }
    }

    /// Whether the bound is [`Bound::Any`] (the summary says nothing of the number).
    fn is_any(&self) -> bool {
        matches!(self, Bound::Any)
    }
}

/// The plies of the positions of a game's tree: from 0 to the main line's length (the moves
/// column's `plies`) when the tree is its main line; a game with variations
/// (`summary::VARIATIONS`: a node with more than one child) may go deeper in a variation,
/// so then any ply from 0. Every summarised game starts at the standard position, ply 0
/// (a `[FEN]` or `[SetUp]` game is searched always), and the evaluator's `ply` is the
/// position's node's (`eval/mod.rs`, `NumProp::Ply`), its `movenumber` the position's
/// full-move number, which from the standard start is ply / 2 + 1.
fn ply_range(summary: &GameSummary) -> (i128, i128) {
    if summary.flags & summary::VARIATIONS != 0 {
        (0, UNBOUNDED.1)
    } else {
        (0, i128::from(summary.plies))
    }
}

/// The files (`rank`: the ranks) of the squares of `squares` a piece of `kinds` stood on in
/// some position, numbered 1-8 as the evaluator's `file x` / `rank x` (`eval_file_rank`: the
/// file of x's one square, no value unless x holds exactly one): the least and the greatest.
/// A set that lies in pieces of `kinds` on `squares` holds at a position only squares where
/// one of those kinds stands then, so its one square is among them. None at all: the set is
/// empty everywhere and the number never has a value; 1 to 8 is then as sound as any.
fn file_or_rank_range(summary: &GameSummary, rank: bool, kinds: u16, squares: u64) -> (i128, i128) {
    let stood = stood_on(summary, kinds, squares);
    // A bit per file (rank) holding one of those squares.
    let lines = (0..8u32).fold(0u8, |lines, i| {
        let line = if rank {
            stood >> (8 * i) & 0xff
        } else {
            stood & (0x0101_0101_0101_0101 << i)
        };
        lines | (u8::from(line != 0) << i)
    });
    if lines == 0 {
        return (1, 8);
    }
    (
        i128::from(lines.trailing_zeros() + 1),
        i128::from(8 - lines.leading_zeros()),
    )
}

/// The squares of `squares` a piece of `kinds` (a bit per kind index) stood on in some
/// position of the game.
pub fn stood_on(summary: &GameSummary, kinds: u16, squares: u64) -> u64 {
    (0..KINDS)
        .filter(|k| kinds & (1 << k) != 0)
        .fold(0u64, |stood, k| stood | summary.ever_on[k])
        & squares
}

/// The plies of the leaves of a game's tree (the positions with no move after them, where
/// `terminal` holds): the main line's length when the tree is its main line (its only
/// leaf is its last position); with variations (`summary::VARIATIONS`) a variation may end
/// at any ply.
fn end_ply_range(summary: &GameSummary) -> (i128, i128) {
    if summary.flags & summary::VARIATIONS != 0 {
        (0, UNBOUNDED.1)
    } else {
        (i128::from(summary.plies), i128::from(summary.plies))
    }
}

/// `max` / `min` of intervals: the operation on the least ends, and on the greatest.
fn fold(items: &[Bound], summary: &GameSummary, pick: fn(i128, i128) -> i128) -> (i128, i128) {
    let mut ranges = items.iter().map(|b| b.range(summary));
    let Some(first) = ranges.next() else {
        return UNBOUNDED;
    };
    ranges.fold(first, |(l, h), (l2, h2)| (pick(l, l2), pick(h, h2)))
}

/// The interval of Σ weight(k) × (pieces of kind k in the set) over the kinds of `kinds`.
fn weighted(
    summary: &GameSummary,
    kinds: u16,
    squares: u64,
    exact: bool,
    weight: fn(usize) -> i128,
) -> (i128, i128) {
    let (mut least, mut most) = (0i128, 0i128);
    for k in (0..KINDS).filter(|k| kinds & (1 << k) != 0) {
        if exact && squares == u64::MAX {
            least += weight(k) * i128::from(summary.fewest[k]);
        }
        most += weight(k) * i128::from(kind_most(summary, k, squares));
    }
    (least, most)
}

/// The most pieces of kind `k` standing on `squares` at any position of the game: no more
/// than the kind's most on the whole board, nor than the squares of `squares` it ever
/// stood on; and for a bishop, in a game without a promotion to a bishop, no more than one
/// per square shade `squares` touches: each side starts with one bishop on a light and one
/// on a dark square, a bishop moves only diagonally (its shade never changes), and a new
/// bishop comes only from a promotion (the summary's promotion flags cover every move of
/// the tree).
fn kind_most(summary: &GameSummary, k: usize, squares: u64) -> u32 {
    let mut most = u32::from(summary.most[k]);
    if squares != u64::MAX {
        most = most.min((summary.ever_on[k] & squares).count_ones());
    }
    let bishop_promotion = summary::promotion_flag(piece_type::BISHOP).unwrap_or(0);
    let is_bishop = k == kind_index(Color::White, piece_type::BISHOP)
        || k == kind_index(Color::Black, piece_type::BISHOP);
    if is_bishop && summary.flags & bishop_promotion == 0 {
        let shades = u32::from(squares & Bitboard::LIGHT_SQUARES.0 != 0)
            + u32::from(squares & Bitboard::DARK_SQUARES.0 != 0);
        most = most.min(shades);
    }
    most
}

/// What a set holds at any position, as far as the summary can tell: its squares all hold
/// pieces of `kinds` (a bit per kind index) and lie in `squares`; `exact` when it is every
/// such square. None: the set may hold empty squares, or its form is not read here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSet {
    /// A bit per kind index.
    pub kinds: u16,
    /// The squares it lies in.
    pub squares: u64,
    /// It is every square of `squares` holding a piece of `kinds`.
    pub exact: bool,
}

/// The [`PieceSet`] a set filter lies in (see there): a designator without `_`; an
/// intersection (in every operand's: the kinds and squares of all); a union (in some
/// operand's: all of them joined); `light x`, `dark x` (x's, on those squares); `x attacks
/// y`, `x attackedby y` (part of x).
pub fn piece_set(node: &Node<Bitboard>) -> Option<PieceSet> {
    match node {
        Node::Pieces(kinds, squares) => kind_bits(*kinds).map(|kinds| PieceSet {
            kinds,
            squares: squares.0,
            exact: true,
        }),
        Node::Intersect(items) => {
            let mut parts = items.iter().filter_map(piece_set);
            let first = parts.next()?;
            let exact = items.len() == 1 && first.exact;
            Some(parts.fold(PieceSet { exact, ..first }, |a, b| PieceSet {
                kinds: a.kinds & b.kinds,
                squares: a.squares & b.squares,
                exact: false,
            }))
        }
        Node::Union(items) => {
            let parts: Option<Vec<PieceSet>> = items.iter().map(piece_set).collect();
            parts?.into_iter().reduce(|a, b| PieceSet {
                kinds: a.kinds | b.kinds,
                squares: a.squares | b.squares,
                exact: false,
            })
        }
        Node::SquareShade(light, Some(x)) => {
            let shade = if *light {
                Bitboard::LIGHT_SQUARES
            } else {
                Bitboard::DARK_SQUARES
            };
            piece_set(x).map(|p| PieceSet {
                squares: p.squares & shade.0,
                ..p
            })
        }
        Node::Attacks(x, _) | Node::AttackedBy(x, _) => {
            piece_set(x).map(|p| PieceSet { exact: false, ..p })
        }
        _ => None,
    }
}

/// The count of a set's squares, as bounded: [`Bound::Pieces`] of its [`PieceSet`], else
/// anything from 0 to 64.
fn count_bound(set: &Node<Bitboard>) -> Bound {
    match piece_set(set) {
        Some(p) => Bound::Pieces {
            kinds: p.kinds,
            squares: p.squares,
            exact: p.exact,
        },
        None => Bound::Any,
    }
}

/// Whether `node` surely yields a number (never a set, a string or a position), so that a
/// comparison with it compares numbers, a set on the other side counting its squares
/// (`eval_compare`: two sets compared with `==` are compared as sets instead).
fn is_number(node: &Node<Bitboard>) -> bool {
    matches!(
        node,
        Node::Number(_)
            | Node::Num(NumProp::Ply | NumProp::MoveNumber)
            | Node::FileRank(..)
            | Node::Count(_)
            | Node::Power(_)
            | Node::Negate(_)
            | Node::Abs(_)
            | Node::Max(_)
            | Node::Min(_)
            | Node::Arith(ArithOp::Sub | ArithOp::Mul, ..)
    )
}

/// The bound of `node` read as a number (the evaluator's `num`: a number, or a set's count);
/// `at_end`: at a position with no move after it (`terminal` holds there), where `ply` and
/// `movenumber` are a leaf's.
fn bound_in(node: &Node<Bitboard>, at_end: bool) -> Bound {
    let boxed = |n: &Node<Bitboard>| Box::new(bound_in(n, at_end));
    if matches!(node, Node::Arith(..) | Node::Negate(_))
        && let Some(lead) = material(node).and_then(|m| m.lead_bound())
    {
        return lead;
    }
    match node {
        Node::Number(n) => Bound::Const(*n),
        Node::Num(NumProp::Ply) if at_end => Bound::EndPly,
        Node::Num(NumProp::MoveNumber) if at_end => Bound::EndMoveNumber,
        Node::Num(NumProp::Ply) => Bound::Ply,
        Node::Num(NumProp::MoveNumber) => Bound::MoveNumber,
        Node::Count(x) => count_bound(x),
        Node::Power(x) => match piece_set(x) {
            Some(p) => Bound::Power {
                kinds: p.kinds,
                squares: p.squares,
                exact: p.exact,
            },
            None => Bound::Any,
        },
        Node::FileRank(rank, x) => match piece_set(x) {
            Some(p) => Bound::FileOrRank {
                rank: *rank,
                kinds: p.kinds,
                squares: p.squares,
            },
            None => Bound::Any,
        },
        Node::Arith(ArithOp::Add, a, b) => Bound::Sum(boxed(a), boxed(b)),
        Node::Arith(ArithOp::Sub, a, b) => Bound::Difference(boxed(a), boxed(b)),
        Node::Arith(ArithOp::Mul, a, b) => Bound::Product(boxed(a), boxed(b)),
        Node::Negate(a) => Bound::Negated(boxed(a)),
        Node::Abs(a) => Bound::Absolute(boxed(a)),
        Node::Max(items) => Bound::Max(items.iter().map(|n| bound_in(n, at_end)).collect()),
        Node::Min(items) => Bound::Min(items.iter().map(|n| bound_in(n, at_end)).collect()),
        set => count_bound(set),
    }
}

/// `a op b` where one side surely yields a number: the values of both sides at a matching
/// position lie within their bounds ([`Bound::range`]), so some pair in those intervals
/// meets `op` (`Need::Numbers`). A string sum (`"a" + "b"`) or a position reads as
/// [`Bound::Any`] and so rules nothing out.
pub fn compare_need(op: CmpOp, a: &Node<Bitboard>, b: &Node<Bitboard>) -> Need {
    compare_need_in(op, a, b, false)
}

/// [`compare_need`] at a position with no move after it (`terminal and ply < 40`: the
/// `ply` of a leaf, [`Bound::EndPly`]).
pub fn compare_need_at_end(op: CmpOp, a: &Node<Bitboard>, b: &Node<Bitboard>) -> Need {
    compare_need_in(op, a, b, true)
}

fn compare_need_in(op: CmpOp, a: &Node<Bitboard>, b: &Node<Bitboard>, at_end: bool) -> Need {
    if !is_number(a) && !is_number(b) {
        return Need::Nothing;
    }
    // `power A >= power a + 9`: a - b op 0, read as leads when it is one.
    let difference = material(a).zip(material(b)).and_then(|(a, b)| a.minus(b));
    if let Some(left) = difference.and_then(|d| d.lead_bound()) {
        let right = Bound::Const(0);
        return Need::Numbers { left, op, right };
    }
    let (left, right) = (bound_in(a, at_end), bound_in(b, at_end));
    if left.is_any() || right.is_any() {
        return Need::Nothing;
    }
    Need::Numbers { left, op, right }
}

/// A number as whole-board material: `white × #A + black × #a + white_power × power A +
/// black_power × power a + constant` (A every white piece, a every black one), where the
/// leads can bound it ([`Material::lead_bound`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Material {
    white: i128,
    black: i128,
    white_power: i128,
    black_power: i128,
    constant: i128,
}

impl Material {
    /// `self - other` (None on overflow).
    fn minus(self, other: Material) -> Option<Material> {
        self.plus(other.times(-1)?)
    }

    /// `self + other` (None on overflow).
    fn plus(self, other: Material) -> Option<Material> {
        Some(Material {
            white: self.white.checked_add(other.white)?,
            black: self.black.checked_add(other.black)?,
            white_power: self.white_power.checked_add(other.white_power)?,
            black_power: self.black_power.checked_add(other.black_power)?,
            constant: self.constant.checked_add(other.constant)?,
        })
    }

    /// `k × self` (None on overflow).
    fn times(self, k: i128) -> Option<Material> {
        Some(Material {
            white: self.white.checked_mul(k)?,
            black: self.black.checked_mul(k)?,
            white_power: self.white_power.checked_mul(k)?,
            black_power: self.black_power.checked_mul(k)?,
            constant: self.constant.checked_mul(k)?,
        })
    }

    /// Whether it is a constant (no material term).
    fn is_constant(self) -> bool {
        self.white == 0 && self.black == 0 && self.white_power == 0 && self.black_power == 0
    }

    /// `p × (#A - #a) + q × (power A - power a) + c` as leads ([`Bound::PieceLead`],
    /// [`Bound::PowerLead`]), when the number is of that form with a lead in it: at a
    /// position each lead lies within the game's range, so the number lies within the
    /// interval computed from them. None: another form, or a coefficient beyond an i64.
    fn lead_bound(self) -> Option<Bound> {
        if self.white != -self.black || self.white_power != -self.black_power || self.is_constant()
        {
            return None;
        }
        let term = |k: i128, lead: Bound| -> Option<Bound> {
            Some(Bound::Product(
                Box::new(Bound::Const(i64::try_from(k).ok()?)),
                Box::new(lead),
            ))
        };
        Some(Bound::Sum(
            Box::new(Bound::Sum(
                Box::new(term(self.white, Bound::PieceLead)?),
                Box::new(term(self.white_power, Bound::PowerLead)?),
            )),
            Box::new(Bound::Const(i64::try_from(self.constant).ok()?)),
        ))
    }
}

/// The [`Material`] form of a number: a constant, `#S` or `power S` with S every piece of
/// one side (`A`, `a`, `[KQRBNP]`), and sums, differences, negations and products with a
/// constant of such numbers; None for anything else. The value is the evaluator's where it
/// has one (its arithmetic in i64 gives no value on overflow, never another number).
fn material(node: &Node<Bitboard>) -> Option<Material> {
    const WHITE: u16 = 0x3f;
    const BLACK: u16 = 0xfc0;
    // `#S` (`power S`) with S every piece of one side: that side's term, coefficient 1.
    let term = |x: &Node<Bitboard>, power: bool| {
        let whole_side = match piece_set(x)? {
            PieceSet {
                kinds,
                squares: u64::MAX,
                exact: true,
            } => kinds,
            _ => return None,
        };
        let mut m = Material::default();
        let coefficient = match (whole_side, power) {
            (WHITE, false) => &mut m.white,
            (BLACK, false) => &mut m.black,
            (WHITE, true) => &mut m.white_power,
            (BLACK, true) => &mut m.black_power,
            _ => return None,
        };
        *coefficient = 1;
        Some(m)
    };
    match node {
        Node::Number(n) => Some(Material {
            constant: i128::from(*n),
            ..Material::default()
        }),
        Node::Count(x) => term(x, false),
        Node::Power(x) => term(x, true),
        Node::Arith(ArithOp::Add, a, b) => material(a)?.plus(material(b)?),
        Node::Arith(ArithOp::Sub, a, b) => material(a)?.minus(material(b)?),
        Node::Arith(ArithOp::Mul, a, b) => {
            let (a, b) = (material(a)?, material(b)?);
            match (a.is_constant(), b.is_constant()) {
                (true, _) => b.times(a.constant),
                (_, true) => a.times(b.constant),
                _ => None,
            }
        }
        Node::Negate(a) => material(a)?.times(-1),
        _ => None,
    }
}

/// The most comparisons of one `and` [`paired_lead_needs`] pairs (a longer `and` gives no
/// paired condition rather than a long analysis).
const MAX_PAIRED: usize = 16;

/// Conditions on the leads from two comparisons of whole-board material in one `and`
/// (`#A >= 14 and #a <= 5`: white's pieces less black's at least 9 there). Each comparison
/// `a op b` of [`Material`] numbers is read as `L >= 0` (`a - b` for `>=`, `a - b - 1` for
/// `>`, `b - a` for `<=`, `b - a - 1` for `<`, both for `==`: whole numbers; `!=` says
/// nothing); at a position where the `and` matches every operand matches there, so each
/// such L is at least 0 there and so is the sum of two. Where a sum is a lead form
/// ([`Material::lead_bound`]: the sides' terms cancel into `#A - #a`, `power A - power
/// a`), its interval from the game's leads must reach 0 (`Need::Numbers`).
pub fn paired_lead_needs(items: &[Node<Bitboard>]) -> Vec<Need> {
    let mut at_least_zero: Vec<Material> = Vec::new();
    for item in items {
        let Node::Compare(op, a, b) = item else {
            continue;
        };
        if !is_number(a) && !is_number(b) {
            continue;
        }
        let (Some(a), Some(b)) = (material(a), material(b)) else {
            continue;
        };
        let one = Material {
            constant: 1,
            ..Material::default()
        };
        let forms = match op {
            CmpOp::Ge => vec![a.minus(b)],
            CmpOp::Gt => vec![a.minus(b).and_then(|d| d.minus(one))],
            CmpOp::Le => vec![b.minus(a)],
            CmpOp::Lt => vec![b.minus(a).and_then(|d| d.minus(one))],
            CmpOp::Eq => vec![a.minus(b), b.minus(a)],
            CmpOp::Ne => vec![],
        };
        at_least_zero.extend(forms.into_iter().flatten());
    }
    if at_least_zero.len() > MAX_PAIRED {
        return Vec::new();
    }
    let mut needs = Vec::new();
    for (i, x) in at_least_zero.iter().enumerate() {
        for y in &at_least_zero[i + 1..] {
            if let Some(left) = x.plus(*y).and_then(Material::lead_bound) {
                needs.push(Need::Numbers {
                    left,
                    op: CmpOp::Ge,
                    right: Bound::Const(0),
                });
            }
        }
    }
    needs
}

/// Whether some `x` in `a` and `y` in `b` (inclusive intervals) have `x op y`.
pub fn ranges_meet(a: (i128, i128), op: CmpOp, b: (i128, i128)) -> bool {
    let ((a0, a1), (b0, b1)) = (a, b);
    match op {
        CmpOp::Lt => a0 < b1,
        CmpOp::Le => a0 <= b1,
        CmpOp::Gt => a1 > b0,
        CmpOp::Ge => a1 >= b0,
        CmpOp::Eq => a0 <= b1 && b0 <= a1,
        CmpOp::Ne => !(a0 == a1 && b0 == b1 && a0 == b0),
    }
}

/// Whether the intersection of `items` is empty at every position of a summarised game:
/// - its operands' [`PieceSet`]s share no piece kind (a square holds one piece);
/// - one operand is the squares within one step (`horizontal 1 K`, `anydirection 0 1 K`:
///   every direction's step is one file and/or one rank) of one side's king, another holds
///   only the other side's king: in a legal position the kings never stand side by side
///   (the side that just moved would be in check by the other king), and every position of
///   a summarised game is legal.
pub fn never_meets(items: &[Node<Bitboard>]) -> bool {
    let sets: Vec<PieceSet> = items.iter().filter_map(piece_set).collect();
    if sets.len() >= 2 && sets.iter().fold(u16::MAX, |k, p| k & p.kinds) == 0 {
        return true;
    }
    let white_king = 1u16 << kind_index(Color::White, piece_type::KING);
    let black_king = 1u16 << kind_index(Color::Black, piece_type::KING);
    let near_king = |node: &Node<Bitboard>| match node {
        Node::Direction(_, range, x) if range.max <= 1 => piece_set(x).map(|p| p.kinds),
        _ => None,
    };
    items.iter().filter_map(near_king).any(|near| {
        let other = if near == white_king {
            black_king
        } else if near == black_king {
            white_king
        } else {
            return false;
        };
        sets.iter().any(|p| p.kinds & !other == 0)
    })
}

#[cfg(test)]
mod tests;
