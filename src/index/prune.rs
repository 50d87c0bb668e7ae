//! From a query's IR to a necessary condition on a game's summary ([`Need`]): a game whose
//! summary fails it has no position the query matches, so the search may skip it.
//!
//! The condition is what the filter evaluated at a searched position needs to match there.
//! [`need_of`] descends only through nodes whose operands are evaluated at that same position
//! (`and`, `or`, set intersection and union, `attacks`), and reads a condition off the
//! leaves listed in its match; every other node gives [`Need::Nothing`] (no condition, the
//! game is read). Each arm says why the condition holds whenever the node matches. The
//! summary describes every position and move of the game tree (main line and variations),
//! so a condition met at any searched position is met by the summary, with or without
//! `--variations`.
//!
//! [`prunable`] decides whether skipping games is allowed at all: a query that acts on
//! games it does not match (`message`, `writefile`, `assert`, values carried between games,
//! the families of their own) never skips one.
//!
//! Submodules: `numbers` (counts, `power`, material leads, `file` / `rank`, `ply` and their
//! arithmetic bounded by the summary; sets that never hold a square), `near` (sets a step
//! apart, counts that need their set), `move_filter` (`move` filters), `reach` (`find`,
//! `line`), `path` (`path` and dashes with targets), `start` (`initial`), `standing` (the
//! piece a `move` brings to its target, the type on a square).

mod assigned;
mod checks;
mod count_sum;
mod move_filter;
mod near;
mod numbers;
mod path;
mod plies;
mod reach;
mod simplify;
mod standing;
mod start;

pub use checks::ChecksAtLeast;
pub use numbers::Bound;
pub use plies::admits as long_castle_without_queens;

use std::ops::ControlFlow;

use shakmaty::Bitboard;

use super::format::{FIRST_VALUE, TAG_ABSENT};
use super::reader::Columns;
use super::summary::{self, GameSummary, KINDS, kind_index};
use crate::chess::{Color, PieceKinds};
use crate::ir::path::PathFilter;
use crate::ir::walk::{Reads, walk};
use crate::ir::{CmpOp, Directions, GameResult, Node, Pattern, Range, StrFilter, TagName};

/// A condition on a game's summary.
#[derive(Clone, Debug, PartialEq)]
pub enum Need {
    /// No condition: every game may match.
    Nothing,
    /// No game matches (`false`).
    Never,
    /// One of these flags ([`summary::CHECK`], ...) is set.
    AnyFlag(u32),
    /// A piece of kind `kind` (see [`summary::KINDS`]) stood on one of `squares` somewhere.
    PieceOn {
        /// The piece kind's index.
        kind: usize,
        /// The squares (a1 = bit 0).
        squares: u64,
    },
    /// The pieces of the kinds of `kinds` (a bit per kind index) number `count` in some
    /// position, as far as each kind's fewest and most allow.
    Count {
        /// A bit per kind index.
        kinds: u16,
        /// The comparison.
        op: CmpOp,
        /// The number compared with.
        count: i64,
    },
    /// The game's tag `tag` (its place in [`summary::TAG_NAMES`]: the first tag of that
    /// name, as the game filters read it) is present and passes `test`.
    Tag {
        /// The tag's place in [`summary::TAG_NAMES`].
        tag: usize,
        /// What its value must pass.
        test: TagTest,
    },
    /// The game's tag `tag` is present and its number in the index's string table names a
    /// value that passed the test: `passing[n - FIRST_VALUE]` for number `n`, or a value
    /// the index did not keep (a [`Need::Tag`] answered once per value of one index's
    /// table, [`Need::with_strings`]).
    TagIn {
        /// The tag's place in [`summary::TAG_NAMES`].
        tag: usize,
        /// Per value of the string table, whether it passes.
        passing: Vec<bool>,
    },
    /// Two numbers at a position, each within the interval the summary bounds it to
    /// ([`Bound::range`]), can compare so (`abs(#A - #a) >= 5`, `#(dark b) == 2`).
    Numbers {
        /// The left side.
        left: Bound,
        /// The comparison.
        op: CmpOp,
        /// The right side.
        right: Bound,
    },
    /// A piece of one of `kinds` (a bit per kind index) was taken: its kind numbered fewer
    /// in one position than in another (`fewest < most`).
    Taken {
        /// A bit per kind index.
        kinds: u16,
    },
    /// A piece of `from`'s kinds (a bit per kind index) stood, in some position, within
    /// `from`'s squares, where a step of `steps`' directions within its range reaches a
    /// square within `to`'s where a piece of `to`'s kinds stood (`diagonal 1 k & Q`).
    Near {
        /// The kinds and squares the steps start from.
        from: (u16, u64),
        /// The directions and the range of the steps.
        steps: (Directions, Range),
        /// The kinds and squares the steps reach.
        to: (u16, u64),
    },
    /// A piece of `first`'s kinds (a bit per kind index) stood, in some position, on a square
    /// within `first`'s squares where, in some position, a piece of `second`'s kinds stood
    /// (within `second`'s): a capture's mover on the square of the piece it took (`move
    /// from N capture q`).
    SameSquare {
        /// The kinds and squares of one.
        first: (u16, u64),
        /// The kinds and squares of the other.
        second: (u16, u64),
    },
    /// A queen-side castling is played from or into a position without queens
    /// (`move o-o-o and #[Qq] == 0`): the first ply without queens is at most one after the
    /// last queen-side castling's (`plies::admits`).
    LongCastleWithoutQueens,
    /// The game's positions in check reach each of these (`find all check >= 20`, `line -->
    /// check --> check`: `checks`).
    Checks(ChecksAtLeast),
    /// Every one holds.
    All(Vec<Need>),
    /// One holds at least.
    Any(Vec<Need>),
}

/// The place in the string table of the value a kept tag's number `id` names (None: the
/// tag is absent, or its value was not kept).
fn value_index(id: u32) -> Option<usize> {
    id.checked_sub(FIRST_VALUE).map(|i| i as usize)
}

/// What a stored tag's value must pass (each as the evaluator reads the tag, `eval/mod.rs`).
#[derive(Clone, Debug, PartialEq)]
pub enum TagTest {
    /// It contains the text (`player "x"`, `event "x"`: `str::contains`, case and all).
    Contains(String),
    /// Trimmed, it is the text (`result 1-0`: the Result tag trimmed is `1-0`).
    Trimmed(&'static str),
    /// Trimmed, it spells a whole number (`str::parse::<i64>`) that compares so with the
    /// number (`elo white >= 2500`).
    Number(CmpOp, i64),
    /// The regular expression finds a match in it (`event ~~ "Olympiad"`: the evaluator's
    /// `regex_match`, which matches when `captures` finds one).
    Regex(Pattern),
}

impl TagTest {
    /// Whether `value` passes.
    fn passes(&self, value: &str) -> bool {
        match self {
            TagTest::Contains(text) => value.contains(text.as_str()),
            TagTest::Trimmed(text) => value.trim() == *text,
            TagTest::Number(op, n) => value
                .trim()
                .parse::<i64>()
                .is_ok_and(|v| count_possible(v, v, *op, *n)),
            TagTest::Regex(pattern) => pattern.0.is_match(value),
        }
    }
}

impl Need {
    /// A piece of one of `kinds` (a bit per kind index) stood on one of `squares` in some
    /// position: [`Need::PieceOn`] for each kind.
    pub fn one_of_on(kinds: u16, squares: u64) -> Need {
        Need::Any(
            (0..KINDS)
                .filter(|k| kinds & (1 << k) != 0)
                .map(|kind| Need::PieceOn { kind, squares })
                .collect(),
        )
    }

    /// Whether a game with `summary` may match (false: it certainly does not); `strings` is
    /// the index's string table, which its tag numbers name.
    /// The flag and count tests are made here (inlined where every game of an index is
    /// tested), the others by a call.
    #[inline]
    pub fn admits(&self, summary: &GameSummary, strings: &[String]) -> bool {
        match self {
            Need::Nothing => true,
            Need::Never => false,
            Need::AnyFlag(flags) => summary.flags & flags != 0,
            Need::Count { kinds, op, count } => {
                let (fewest, most) = count_sum::fewest_and_most(summary, *kinds);
                count_possible(fewest, most, *op, *count)
            }
            _ => self.admits_otherwise(summary, strings),
        }
    }

    /// [`Need::admits`] for the conditions it does not test itself.
    #[inline(never)]
    fn admits_otherwise(&self, summary: &GameSummary, strings: &[String]) -> bool {
        match self {
            Need::Nothing | Need::Never | Need::AnyFlag(_) | Need::Count { .. } => {
                self.admits(summary, strings)
            }
            Need::PieceOn { kind, squares } => summary.ever_on[*kind] & squares != 0,
            // A tag the game lacks passes no test; a value not kept may pass any, as may a
            // number naming no string (a damaged index, caught by the reader).
            Need::Tag { tag, test } => match summary.tags.get(*tag).copied() {
                Some(TAG_ABSENT) => false,
                Some(id) => value_index(id)
                    .and_then(|i| strings.get(i))
                    .is_none_or(|value| test.passes(value)),
                None => true,
            },
            // As `Tag`, each value's verdict read off the table made for this index.
            Need::TagIn { tag, passing } => match summary.tags.get(*tag).copied() {
                Some(TAG_ABSENT) => false,
                Some(id) => value_index(id)
                    .and_then(|i| passing.get(i).copied())
                    .unwrap_or(true),
                None => true,
            },
            Need::Numbers { left, op, right } => {
                numbers::ranges_meet(left.range(summary), *op, right.range(summary))
            }
            Need::Near { from, steps, to } => near::near(summary, *from, *steps, *to),
            Need::SameSquare { first, second } => {
                numbers::stood_on(summary, first.0, first.1)
                    & numbers::stood_on(summary, second.0, second.1)
                    != 0
            }
            Need::Taken { kinds } => {
                (0..KINDS).any(|k| kinds & (1 << k) != 0 && summary.fewest[k] < summary.most[k])
            }
            Need::LongCastleWithoutQueens => plies::admits(summary),
            Need::Checks(at_least) => at_least.admits(summary),
            Need::All(v) => v.iter().all(|n| n.admits(summary, strings)),
            Need::Any(v) => v.iter().any(|n| n.admits(summary, strings)),
        }
    }

    /// The condition for one index whose string table is `strings`: each tag test answered
    /// once per value ([`Need::TagIn`]), so a game's test is a look-up; it then admits a
    /// summary as `self.admits(summary, strings)` does.
    pub fn with_strings(&self, strings: &[String]) -> Need {
        match self {
            Need::Tag { tag, test } => Need::TagIn {
                tag: *tag,
                passing: strings.iter().map(|value| test.passes(value)).collect(),
            },
            Need::All(v) => Need::All(v.iter().map(|n| n.with_strings(strings)).collect()),
            Need::Any(v) => Need::Any(v.iter().map(|n| n.with_strings(strings)).collect()),
            other => other.clone(),
        }
    }

    /// The columns of the index a test of this condition reads (`index::reader`): the
    /// counts for [`Need::Count`], the squares for [`Need::PieceOn`], the tags for a tag
    /// test; the flags and places are always read. A summary read with fewer columns holds
    /// zeros in the others, which would rule games out wrongly.
    pub fn columns(&self) -> Columns {
        let mut columns = Columns::default();
        self.add_columns(&mut columns);
        columns
    }

    fn add_columns(&self, columns: &mut Columns) {
        match self {
            Need::Count { .. } | Need::Taken { .. } => columns.counts = true,
            Need::Numbers { left, right, .. } => {
                columns.counts = true;
                columns.squares |= left.reads_squares() || right.reads_squares();
                columns.moves |= left.reads_plies() || right.reads_plies();
            }
            Need::PieceOn { .. } | Need::Near { .. } | Need::SameSquare { .. } => {
                columns.squares = true
            }
            Need::LongCastleWithoutQueens => columns.plies = true,
            Need::Checks(_) => columns.checks = true,
            Need::Tag { .. } | Need::TagIn { .. } => columns.tags = true,
            Need::All(v) | Need::Any(v) => v.iter().for_each(|n| n.add_columns(columns)),
            Need::Nothing | Need::Never | Need::AnyFlag(_) => {}
        }
    }

    /// Whether some part of the condition tests a tag's value (so the string table is needed).
    pub fn reads_tags(&self) -> bool {
        match self {
            Need::Tag { .. } | Need::TagIn { .. } => true,
            Need::All(v) | Need::Any(v) => v.iter().any(Need::reads_tags),
            _ => false,
        }
    }

    /// Whether the condition rules nothing out (no game is skipped by it).
    pub fn is_nothing(&self) -> bool {
        match self {
            Need::Nothing => true,
            Need::All(v) => v.iter().all(Need::is_nothing),
            Need::Any(v) => v.iter().any(Need::is_nothing),
            _ => false,
        }
    }
}

/// Whether some whole number `c` with `fewest <= c <= most` has `c op count`.
#[inline]
fn count_possible(fewest: i64, most: i64, op: CmpOp, count: i64) -> bool {
    match op {
        CmpOp::Lt => fewest < count,
        CmpOp::Le => fewest <= count,
        CmpOp::Gt => most > count,
        CmpOp::Ge => most >= count,
        CmpOp::Eq => fewest <= count && count <= most,
        CmpOp::Ne => !(fewest == count && most == count),
    }
}

/// Whether a search may skip games for `filter`: no node acts on a game it does not match.
/// `message` and `writefile` write at positions that need not match (`while (s ~~ re)` and
/// `hhdb cooked` are refused too, as before they were string filters), `pathdebug` prints
/// there, `assert` stops the run, and the other families of their own ([`Reads::Other`]:
/// programs with carried values, CQL-S, run words, CQLi's speculative moves) are not looked
/// into; a string, tag or comment filter that only reads (or edits the output of a matched
/// game) is allowed, and so are `path` (its filters walked as the others), the tree words
/// that only read the tree and the bindings `piece x = S`, `x =? S`.
pub fn prunable(filter: &Node<Bitboard>) -> bool {
    let refused = walk(filter, &mut |node| {
        let acts = match node {
            Node::Strs(s) => matches!(**s, StrFilter::RegexWhile { .. }),
            Node::Message(..) | Node::WriteFile(..) | Node::HhdbCooked => true,
            Node::TagOf(_)
            | Node::SetTag(..)
            | Node::RemoveTag(_)
            | Node::OriginalComment
            | Node::RemoveComment
            | Node::HasCommentText(_)
            | Node::Year
            | Node::Hhdb(_)
            | Node::ReadFile(_) => false,
            // A path only reads the game (its constituents are walked as filters of their
            // own), but `pathdebug` prints at positions that need not match.
            Node::Path(p) => matches!(**p, PathFilter::Debug),
            // The tree words that only read the game's tree: `primary`, `secondary`,
            // `virtualmainline`, `position N`, `child(n)`, `pieceid`, `consecutivemoves`
            // (its comments are a matched game's), `distance`, the positional `&`.
            Node::PrimaryMove(_)
            | Node::VirtualMainline
            | Node::PositionById(_)
            | Node::ChildAt(_)
            | Node::PieceId(_)
            | Node::ConsecutiveMoves(_)
            | Node::TreeDistance(..)
            | Node::SameContent(..) => false,
            // Binding a variable, as `x = v` does (`piece x = S`, `x =? S`).
            Node::PieceAssign(..) | Node::AssignIfNonEmpty(..) => false,
            _ => node.reads() == Reads::Other,
        };
        if acts {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    refused.is_continue()
}

/// The pieces of `kinds` on the standard board as kind indexes (a bit each); None when the
/// empty square is admitted (its squares are not summarised).
fn kind_bits(kinds: PieceKinds) -> Option<u16> {
    if kinds.empty {
        return None;
    }
    let mut bits = 0u16;
    for t in 0..6u8 {
        if kinds.white & (1 << t) != 0 {
            bits |= 1 << kind_index(Color::White, t);
        }
        if kinds.black & (1 << t) != 0 {
            bits |= 1 << kind_index(Color::Black, t);
        }
    }
    Some(bits)
}

/// A necessary condition for `node` to match at a searched position (a set: to be not
/// empty).
pub fn need_of(node: &Node<Bitboard>) -> Need {
    match node {
        // `false` never matches.
        Node::False => Need::Never,
        // `and` matches when every operand does, at this position; with `initial` that
        // position is the standard start, where an operand may be known false
        // (`start::never_with_initial`).
        Node::And(v) if start::never_with_initial(v) => Need::Never,
        // With `move o-o-o` and no queens among them, the castling is played from or into a
        // position without queens (`plies::long_castle_without_queens`).
        Node::And(v) => {
            // A variable read where it was set is read as its value (`x = #A  x >= 14`).
            let read = assigned::with_values_in_place(v);
            let v = read.as_deref().unwrap_or(v);
            let mut all: Vec<Need> = v.iter().map(need_of).collect();
            // Two material comparisons together bound a lead (`#A >= 14 and #a <= 5`).
            all.extend(numbers::paired_lead_needs(v));
            if plies::long_castle_without_queens(v) {
                all.push(Need::LongCastleWithoutQueens);
            }
            // With `terminal` the position is a leaf of the tree (no move after it): its
            // `ply` is a leaf's (`terminal ply < 40`).
            if v.iter().any(|n| matches!(n, Node::Terminal)) {
                all.extend(v.iter().filter_map(|n| match n {
                    Node::Compare(op, a, b) => Some(numbers::compare_need_at_end(*op, a, b)),
                    _ => None,
                }));
            }
            Need::All(all)
        }
        // `or` matches when one operand does.
        Node::Or(v) => Need::Any(v.iter().map(need_of).collect()),
        // A set intersection is not empty only when no operand is empty; some are empty at
        // every legal position (pieces of disjoint kinds, the squares beside one king and
        // the other king: `numbers::never_meets`).
        Node::Intersect(v) if numbers::never_meets(v) => Need::Never,
        Node::Intersect(v) => {
            let mut all: Vec<Need> = v.iter().map(need_of).collect();
            all.extend(near::near_needs(v));
            // A king attacked by the other side (`k & (. attackedby Q)`) is a check.
            if checks::only_in_check(node) {
                all.push(Need::AnyFlag(summary::CHECK));
            }
            Need::All(all)
        }
        // `k in Y`: the king's one square is in Y (`checks::is_one_king`).
        Node::In(x, y) if checks::is_one_king(x) => {
            need_of(&Node::Intersect(vec![(**x).clone(), (**y).clone()]))
        }
        // A union is not empty only when one operand is not.
        Node::Union(v) => Need::Any(v.iter().map(need_of).collect()),
        // `X attacks Y`, `X attackedby Y` (`checks::attack_need`).
        Node::Attacks(..) | Node::AttackedBy(..) => checks::attack_need(node),
        // `ray (Q k)`, `ray orthogonal (R k)`: a slider's attack on a king is a check.
        Node::Ray(_) if checks::only_in_check(node) => Need::AnyFlag(summary::CHECK),
        // `if C then A else B` matches through A where C matches, else through B (without
        // `else`, a failed C matches: no condition).
        Node::If(c, a, Some(b)) => {
            Need::Any(vec![Need::All(vec![need_of(c), need_of(a)]), need_of(b)])
        }
        // `check`, `mate`, `stalemate` hold at this position, which the summary covers.
        Node::Check => Need::AnyFlag(summary::CHECK),
        Node::Mate => Need::AnyFlag(summary::MATE),
        Node::Stalemate => Need::AnyFlag(summary::STALEMATE),
        // `puremate`, `modelmate`, `idealmate` are empty unless the position is such a mate,
        // which is a checkmate (`eval::mates::mate_kind`: a check, then `pure_mate`: no
        // legal move); their stalemate forms need a stalemate (`pure_stalemate`: no check,
        // no legal move).
        Node::MateKind(_, false) => Need::AnyFlag(summary::MATE),
        Node::MateKind(_, true) => Need::AnyFlag(summary::STALEMATE),
        // `find`, `line`: a filter of theirs matches at some position of the tree.
        Node::Find(f) => reach::find_need(f),
        Node::Line(l) => reach::line_need(l),
        // `path`, a dash with targets: each constituent the path consumed, at positions of
        // the tree (`path::path_need`).
        Node::Path(p) => path::path_need(p),
        // `square x in S body`, `piece x in S body` (not `all`): the squares (pieces) of S
        // at this position for which the body matches here (`eval_loop`), so S is not empty
        // and the body matches, its variable bound to one of them (a variable gives no
        // condition of its own).
        Node::SquareLoop(l) | Node::PieceLoop(l) if !l.all => {
            Need::All(vec![need_of(&l.domain), need_of(&l.body)])
        }
        // `secondary`: the move that led here is not the first continuation of the position
        // before it (`eval_primary_move`), so that position has two: a variation.
        Node::PrimaryMove(false) => Need::AnyFlag(summary::VARIATIONS),
        // `variation`: the position is not on the main line, so the game has a variation.
        Node::InMainline(false) => Need::AnyFlag(summary::VARIATIONS),
        // `echo (s t) body` matches when its body matches at some searched position t of
        // the tree (`eval_echo`).
        Node::Echo(e) => need_of(&e.body),
        // `sort body` matches where its body does: its value is the body's (`eval_sort`).
        Node::Sort(s) => need_of(&s.body),
        // `p : f` is f's value at the position p, one of the tree's.
        Node::At(_, f) => need_of(f),
        // A transform's table of placements (`flip { Qd1 kd8 }`, `shift { Ra1 Rb1 }`):
        // its images' union or `or`, each image a designator or an `and` of designators.
        Node::Placements(table) => need_of(&Node::Or(table.images())),
        // `up 1 x`, `horizontal 1 K`, ...: squares near x's squares, none when x is empty;
        // `light x`, `dark x`: x's squares of that shade (a designator: its kinds on
        // those of its squares).
        Node::Direction(_, _, x) => need_of(x),
        Node::SquareShade(light, Some(x)) => match &**x {
            Node::Pieces(kinds, squares) => {
                let shade = if *light {
                    Bitboard::LIGHT_SQUARES
                } else {
                    Bitboard::DARK_SQUARES
                };
                need_of(&Node::Pieces(*kinds, *squares & shade))
            }
            x => need_of(x),
        },
        // A designator is not empty when a piece of one of its kinds stands on one of its
        // squares here, so that kind stood on that square in some position of the game.
        Node::Pieces(kinds, squares) => match kind_bits(*kinds) {
            Some(bits) => Need::one_of_on(bits, squares.0),
            None => Need::Nothing,
        },
        // `fen "..."`: each listed square holds a piece of its kinds here (the evaluator asks
        // `squares ⊆ pieces(kinds)`, `eval/mod.rs`), so each is a condition of its own.
        Node::Placement(parts) => Need::All(parts.iter().map(placement_need).collect()),
        // A count compared so that it is at least 1 (`#(anydirection 2 K & a) >= 3`): its
        // set is not empty there.
        Node::Compare(op, a, b) => match near::counted_set_not_empty(*op, a, b) {
            Some(set) => Need::All(vec![compare_need(*op, a, b), need_of(set)]),
            None => compare_need(*op, a, b),
        },
        // `player "x"`, `event "x"`, ...: one of the named tags is present and contains the
        // text (`Node::TagContains` in the evaluator: `tag(n).is_some_and(|v| v.contains(..))`);
        // a name the index does not keep gives no condition.
        Node::TagContains(names, text) => {
            let tags: Option<Vec<usize>> = names.iter().map(kept_tag).collect();
            match tags {
                Some(tags) => Need::Any(
                    tags.into_iter()
                        .map(|tag| Need::Tag {
                            tag,
                            test: TagTest::Contains(text.clone()),
                        })
                        .collect(),
                ),
                None => Need::Nothing,
            }
        }
        // `result R`: the Result tag, trimmed, is R (`Node::Result` in the evaluator; an
        // absent tag matches no result).
        Node::Result(want) => Need::Tag {
            tag: RESULT,
            test: TagTest::Trimmed(match want {
                GameResult::WhiteWins => "1-0",
                GameResult::BlackWins => "0-1",
                GameResult::Draw => "1/2-1/2",
            }),
        },
        Node::Move(m) => move_filter::move_need(m),
        // `event ~~ "re"`, `date ~~ "^18"`: the tag is present (`Node::Tag` yields nothing
        // for an absent one) and the expression finds a match in its value.
        Node::RegexMatch(x, pattern) => match &**x {
            Node::Tag(name) => match kept_tag(name) {
                Some(tag) => Need::Tag {
                    tag,
                    test: TagTest::Regex(pattern.clone()),
                },
                None => Need::Nothing,
            },
            _ => Need::Nothing,
        },
        _ => Need::Nothing,
    }
}

/// The condition of a comparison `a op b` at a position: Elo tags, whole-board counts, a
/// `find`'s count, numbers the summary bounds.
fn compare_need(op: CmpOp, a: &Node<Bitboard>, b: &Node<Bitboard>) -> Need {
    match (a, b) {
        (Node::Elo(color), Node::Number(n)) => elo_need(*color, op, *n),
        (Node::Number(n), Node::Elo(color)) => elo_need(*color, mirrored(op), *n),
        (x, Node::Number(n)) if count_need(x, op, *n) != Need::Nothing => count_need(x, op, *n),
        (Node::Number(n), y) if count_need(y, mirrored(op), *n) != Need::Nothing => {
            count_need(y, mirrored(op), *n)
        }
        // A `find` compared (`find all check >= 20`) yields its count only when it
        // matches (`eval_compare` gives no match for a side without a value); a count of
        // positions in check at least the number needs as many (`checks`).
        (Node::Find(f), _) | (_, Node::Find(f)) => {
            reach::counted_find_need(f, checks::least_compared(op, a, b))
        }
        // `type e4 == 1`: the kinds whose value passes on the square (`standing`).
        (Node::PieceType(x, colored), Node::Number(n)) => standing::type_need(x, *colored, op, *n),
        (Node::Number(n), Node::PieceType(y, colored)) => {
            standing::type_need(y, *colored, mirrored(op), *n)
        }
        // Numbers the summary bounds (counts on part of the board, arithmetic):
        // `numbers::compare_need`.
        (x, y) => numbers::compare_need(op, x, y),
    }
}

/// One part of a `fen` placement: every square of `squares` holds a piece admitted by
/// `kinds` at the position. For pieces (no `_`): each square held one of those kinds in
/// some position ([`Need::PieceOn`]), and the position had at least as many of those kinds
/// as there are squares (one piece a square, [`Need::Count`]). For empty squares only
/// (`_`): the pieces of the position stood on the other squares, so they numbered at most
/// 64 less the empty ones. Any other mix (`[K_]`) gives no condition.
fn placement_need(part: &(PieceKinds, Bitboard)) -> Need {
    let (kinds, squares) = *part;
    let listed = i64::from(squares.count() as u32);
    match kind_bits(kinds) {
        Some(bits) => {
            let mut all: Vec<Need> = squares
                .into_iter()
                .map(|square| Need::one_of_on(bits, 1u64 << (square as u32)))
                .collect();
            all.push(Need::Count {
                kinds: bits,
                op: CmpOp::Ge,
                count: listed,
            });
            Need::All(all)
        }
        None if kinds.white == 0 && kinds.black == 0 => Need::Count {
            kinds: (1 << KINDS) - 1,
            op: CmpOp::Le,
            count: 64 - listed,
        },
        None => Need::Nothing,
    }
}

/// The place in [`summary::TAG_NAMES`] of the `Result` tag.
const RESULT: usize = 5;

/// The place in [`summary::TAG_NAMES`] of the tag `name` names, if the index keeps it.
fn kept_tag(name: &TagName) -> Option<usize> {
    let name = match name {
        TagName::White => "White",
        TagName::Black => "Black",
        TagName::Event => "Event",
        TagName::Site => "Site",
        TagName::Date => "Date",
        TagName::Other(n) => n.as_str(),
    };
    summary::TAG_NAMES.iter().position(|&t| t == name)
}

/// `elo C op n`: `Node::Elo` is the `WhiteElo` (`BlackElo`) tag, trimmed, read as an `i64`
/// (no match when absent or not a number), and the comparison with a constant holds of that
/// number (`eval_compare`, `eval/arith.rs`).
fn elo_need(color: Color, op: CmpOp, n: i64) -> Need {
    let name = match color {
        Color::White => "WhiteElo",
        Color::Black => "BlackElo",
    };
    match summary::TAG_NAMES.iter().position(|&t| t == name) {
        Some(tag) => Need::Tag {
            tag,
            test: TagTest::Number(op, n),
        },
        None => Need::Nothing,
    }
}

/// `x op n` read as "the count of `x`'s pieces `op` n": `#[Qq] == 0`, `[Rr] >= 3`. The
/// count of a whole-board designator at a position is the sum of its kinds' counts there,
/// each between the kind's fewest and most over the game, so the sum lies between the sums
/// of those bounds; a comparison no number in that range meets cannot hold.
fn count_need(x: &Node<Bitboard>, op: CmpOp, n: i64) -> Need {
    let pieces = match x {
        Node::Count(inner) => &**inner,
        other => other,
    };
    match pieces {
        Node::Pieces(kinds, squares) if *squares == Bitboard::FULL => match kind_bits(*kinds) {
            Some(bits) => Need::Count {
                kinds: bits,
                op,
                count: n,
            },
            None => Need::Nothing,
        },
        _ => Need::Nothing,
    }
}

/// The operator with its operands swapped (`3 < x` is `x > 3`).
fn mirrored(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        CmpOp::Eq => CmpOp::Eq,
        CmpOp::Ne => CmpOp::Ne,
    }
}

#[cfg(test)]
mod tests;
