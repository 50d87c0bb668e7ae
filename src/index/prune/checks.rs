//! Conditions on how many of a game's positions are in check, and how many in a row, read
//! off the summary's `checks`, `check_run` and `same_side_check_run` (`index::summary`'s
//! `check_runs`): `find all check >= 20` counts 20 positions in check, `line --> check -->
//! check --> check` walks three positions in check in a row. The flags alone admit every
//! game with one check (on std-visible about 40,000 games for the 757 and the 219 that match).
//! Also: a king attacked by the other side's pieces (`k attackedby Q`, `ray (Q k)`) is a check.

use shakmaty::Bitboard;

use super::numbers::piece_set;
use super::{Need, mirrored, need_of};
use crate::chess::{Color, piece_type};
use crate::index::summary::{self, GameSummary, KINDS, RUN_CAP, kind_index};
use crate::ir::{CmpOp, Directions, Find, Line, LineState, Node, Ray};

/// What a game's checks must reach ([`Need::Checks`]): each part at least so much.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChecksAtLeast {
    /// Positions of the tree in check.
    pub positions: u32,
    /// Positions in check in a row along a line of the tree (at most [`RUN_CAP`]: the
    /// summary holds a longer run as that).
    pub in_a_row: u8,
    /// Positions two plies apart in check in a row along a line of the tree (at most
    /// [`RUN_CAP`]).
    pub two_plies_apart: u8,
}

impl ChecksAtLeast {
    /// Whether a game with `summary` reaches every part.
    pub fn admits(&self, summary: &GameSummary) -> bool {
        summary.checks >= self.positions
            && summary.check_run >= self.in_a_row
            && summary.same_side_check_run >= self.two_plies_apart
    }

    /// The condition, or no condition when it asks nothing.
    fn need(self) -> Need {
        if self == ChecksAtLeast::default() {
            Need::Nothing
        } else {
            Need::Checks(self)
        }
    }
}

/// Whether `node` matches at a position only where the side to move is in check: `check`,
/// `mate` and the checkmate kinds (`puremate`, ...: `eval::mates`, a check without a legal
/// move), a king attacked ([`attacks_a_king`]: `k attackedby Q`, `[RQ] attacks k`, `k in
/// (. attackedby Q)`, `ray (Q k)`), an `and` with one of them (every operand matches at
/// that position), and an `or` of them only (the operand that matches does).
pub fn only_in_check(node: &Node<Bitboard>) -> bool {
    match node {
        Node::Check | Node::Mate | Node::MateKind(_, false) => true,
        Node::Attacks(by, on) | Node::AttackedBy(on, by) => attacks_a_king(by, on),
        Node::Intersect(v) => intersect_attacks_a_king(v),
        Node::In(x, y) => {
            is_one_king(x) && intersect_attacks_a_king(&[(**x).clone(), (**y).clone()])
        }
        Node::Ray(ray) => ray_attacks_a_king(ray),
        Node::And(v) => v.iter().any(only_in_check),
        Node::Or(v) => !v.is_empty() && v.iter().all(only_in_check),
        _ => false,
    }
}

/// Whether an intersection's squares are a king's attacked by the other side
/// (`k & (. attackedby Q)`, `Q & (. attacks k)`): an operand `S attackedby X` beside a piece
/// set of one side's king only, or `S attacks K` beside one of the other side's pieces
/// only ([`attacks_a_king`]): a square of both is that king's, attacked by such a piece.
fn intersect_attacks_a_king(items: &[Node<Bitboard>]) -> bool {
    items.iter().enumerate().any(|(i, item)| {
        let others = || items.iter().enumerate().filter(move |(j, _)| *j != i);
        match item {
            Node::AttackedBy(_, by) => others().any(|(_, on)| attacks_a_king(by, on)),
            Node::Attacks(_, on) => others().any(|(_, by)| attacks_a_king(by, on)),
            _ => false,
        }
    })
}

/// Whether a two-set `ray` (no count) is a slider's attack on a king (`ray (Q k)`, `ray
/// orthogonal (R k)`, `xray (A k)`): a ray from the first set to the second with
/// nothing between, along directions each piece of the first set moves along (`xray`
/// asks it; else queens, rooks with orthogonal directions only, bishops with diagonal
/// ones only), is that piece attacking the king ([`attacks_a_king`]).
fn ray_attacks_a_king(ray: &Ray<Bitboard>) -> bool {
    let [from, to] = ray.sets.as_slice() else {
        return false;
    };
    let Some(sliders) = piece_set(from) else {
        return false;
    };
    let along = |lines: Directions| ray.directions.0 & !lines.0 == 0;
    // A kind's type is its index less its side's first (`summary::kind_index`).
    let every_one_slides = (0..KINDS)
        .filter(|k| sliders.kinds & (1 << k) != 0)
        .all(|k| match (k % 6) as u8 {
            piece_type::QUEEN => true,
            piece_type::ROOK => along(Directions::ORTHOGONAL),
            piece_type::BISHOP => along(Directions::DIAGONAL),
            _ => false,
        });
    ray.count.is_none() && (ray.attack || every_one_slides) && attacks_a_king(from, to)
}

/// Whether `node` is one side's king on the whole board (`k`): one square at every position
/// of a summarised game, so `k in Y` holds only where `k & Y` is not empty.
pub fn is_one_king(node: &Node<Bitboard>) -> bool {
    let Node::Pieces(kinds, squares) = node else {
        return false;
    };
    let king = 1 << piece_type::KING;
    *squares == Bitboard::FULL
        && !kinds.empty
        && matches!((kinds.white, kinds.black), (k, 0) | (0, k) if k == king)
}

/// The condition of `X attacks Y` / `X attackedby Y` (`node`): the squares of X that attack
/// (are attacked by) a piece of Y, none when either set is empty; and where a king is
/// attacked by the other side's pieces ([`attacks_a_king`]), a position in check.
pub fn attack_need(node: &Node<Bitboard>) -> Need {
    let (Node::Attacks(a, b) | Node::AttackedBy(a, b)) = node else {
        return Need::Nothing;
    };
    let mut all = vec![need_of(a), need_of(b)];
    if only_in_check(node) {
        all.push(Need::AnyFlag(summary::CHECK));
    }
    Need::All(all)
}

/// Whether a piece of `attackers` attacking one of `attacked` (`X attacks Y`, `Y attackedby
/// X`: not empty only then) is a check: `attacked` holds one side's king only and
/// `attackers` the other side's pieces only (their kinds as `numbers::piece_set` bounds
/// them). In a legal position, as every position of a summarised game is, only the side to
/// move can have its king attacked: it is in check there.
pub fn attacks_a_king(attackers: &Node<Bitboard>, attacked: &Node<Bitboard>) -> bool {
    let (Some(by), Some(on)) = (piece_set(attackers), piece_set(attacked)) else {
        return false;
    };
    [(Color::White, Color::Black), (Color::Black, Color::White)]
        .into_iter()
        .any(|(side, enemy)| {
            let king = 1u16 << kind_index(side, 5);
            let enemy_kinds = (0..6).fold(0u16, |kinds, t| kinds | 1 << kind_index(enemy, t));
            on.kinds & !king == 0 && by.kinds & !enemy_kinds == 0
        })
}

/// A counted `find` whose count is at least `least` (its range's least, or what it is
/// compared with), of a filter matching only in check: that many distinct positions of the
/// tree are in check (`eval::find` counts positions of the tree where its filter matches).
pub fn find_need(f: &Find<Bitboard>, least: i64) -> Need {
    match f.range {
        Some(range) if f.read_bounds.is_none() && only_in_check(&f.body) => ChecksAtLeast {
            positions: u32::try_from(least.max(range.min)).unwrap_or(0),
            ..ChecksAtLeast::default()
        }
        .need(),
        _ => Need::Nothing,
    }
}

/// The least count a comparison of a `find` with a number admits (`find all check >= 20`,
/// `20 <= find all check`): the comparison yields the count only when it matches, so the
/// count is at least `>= n`: n, `> n`: n + 1, `== n`: n; 0 for the others (they admit small
/// counts) and for a comparison with anything but a number.
pub fn least_compared(op: CmpOp, a: &Node<Bitboard>, b: &Node<Bitboard>) -> i64 {
    let (op, n) = match (a, b) {
        (Node::Find(_), Node::Number(n)) => (op, *n),
        (Node::Number(n), Node::Find(_)) => (mirrored(op), *n),
        _ => return 0,
    };
    match op {
        CmpOp::Ge | CmpOp::Eq => n,
        CmpOp::Gt => n.saturating_add(1),
        CmpOp::Lt | CmpOp::Le | CmpOp::Ne => 0,
    }
}

/// `line`: a state every accepting path passes (`must`, by [`super::reach::line_need`])
/// whose filter matches only in check, and the states that must follow it at once (a
/// filter state's one next state, through splits of one way only) while theirs do too,
/// consume that many positions in check in a row: each consumed position is the one after
/// the one before (its child, or with `singlecolor` two plies on; backward, its parent or
/// grandparent). The longest such chain is the run the game must hold.
pub fn line_need(line: &Line<Bitboard>, must: impl Iterator<Item = usize>) -> Need {
    let longest = must
        .map(|s| chain_in_check(line, s))
        .max()
        .unwrap_or(0)
        .min(usize::from(RUN_CAP)) as u8;
    let at_least = if line.singlecolor {
        ChecksAtLeast {
            two_plies_apart: longest,
            ..ChecksAtLeast::default()
        }
    } else {
        ChecksAtLeast {
            in_a_row: longest,
            ..ChecksAtLeast::default()
        }
    };
    at_least.need()
}

/// The filter states from `s` on, each the one next state of the one before (through
/// splits of one way only), whose filters match only in check.
fn chain_in_check(line: &Line<Bitboard>, mut s: usize) -> usize {
    let mut chain = 0;
    // A chain longer than the automaton would be a cycle of single ways: never built, but
    // bounded all the same.
    for _ in 0..line.states.len() {
        match line.states.get(s) {
            Some(LineState::Filter(filter, to)) if only_in_check(filter) => {
                chain += 1;
                s = *to;
            }
            Some(LineState::Split(targets)) if targets.len() == 1 => s = targets[0],
            _ => break,
        }
    }
    chain
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::PieceKinds;

    /// A designator of white and black types (a bit per type, pawn 0 .. king 5).
    fn pieces(white: u32, black: u32) -> Node<Bitboard> {
        let kinds = PieceKinds {
            white,
            black,
            empty: false,
        };
        Node::Pieces(kinds, Bitboard::FULL)
    }

    /// A king attacked by the other side's pieces only is a check, of either colour; a
    /// king among other pieces, a piece of its own side among the attackers, or a set that
    /// may be an empty square is not.
    #[test]
    fn only_a_king_attacked_by_the_other_side_is_a_check() {
        let (king, queen, rooks_queens) = (1 << 5, 1 << 4, 1 << 3 | 1 << 4);
        assert!(attacks_a_king(&pieces(queen, 0), &pieces(0, king)));
        assert!(attacks_a_king(&pieces(0, rooks_queens), &pieces(king, 0)));
        assert!(!attacks_a_king(&pieces(queen, 0), &pieces(0, king | queen)));
        assert!(!attacks_a_king(&pieces(queen, queen), &pieces(0, king)));
        assert!(!attacks_a_king(&pieces(0, king), &pieces(queen, 0)));
        let any_square = PieceKinds {
            white: u32::MAX,
            black: u32::MAX,
            empty: true,
        };
        let any_square = Node::Pieces(any_square, Bitboard::FULL);
        assert!(!attacks_a_king(&any_square, &pieces(0, king)));
        let k_attacked_by_q =
            Node::AttackedBy(Box::new(pieces(0, king)), Box::new(pieces(queen, 0)));
        assert!(only_in_check(&k_attacked_by_q));
        // `k in (. attackedby Q)`: the king's one square among those Q attacks.
        assert!(is_one_king(&pieces(0, king)) && !is_one_king(&pieces(queen, 0)));
        assert!(!is_one_king(&pieces(king, king)));
        let k_in = Node::In(
            Box::new(pieces(0, king)),
            Box::new(Node::AttackedBy(
                Box::new(any_square.clone()),
                Box::new(pieces(queen, 0)),
            )),
        );
        assert!(only_in_check(&k_in));
        // A two-set ray from the other side's sliders along their own lines.
        let ray = |directions, attack, from| {
            Node::Ray(Box::new(Ray {
                directions,
                attack,
                sets: vec![pieces(from, 0), pieces(0, king)],
                count: None,
                first: false,
            }))
        };
        let (rook, bishop) = (1 << 3, 1 << 2);
        assert!(only_in_check(&ray(Directions::ANY, false, queen)));
        assert!(only_in_check(&ray(
            Directions::ORTHOGONAL,
            false,
            rook | queen
        )));
        assert!(!only_in_check(&ray(Directions::ANY, false, rook)));
        assert!(!only_in_check(&ray(Directions::ORTHOGONAL, false, bishop)));
        assert!(only_in_check(&ray(
            Directions::ANY,
            true,
            rook | bishop | 1
        )));
        assert!(
            matches!(attack_need(&k_attacked_by_q), Need::All(v) if v.contains(&Need::AnyFlag(summary::CHECK)))
        );
    }
}
