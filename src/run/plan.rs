//! What a query's search needs of a game, decided once per query by walking its IR: whether
//! every filter is position-local, so the one-pass search (`run::one_pass`) can run it
//! while the game is read, or whether the game tree must be read and replayed first.
//!
//! Position-local filters read only the current position (its pieces, attacks, moves from
//! it, check and mate), the game's tags and number, the ply, and variables. Everything that
//! navigates (`parent`, `child`, `line`, `find`, `echo`, `path`, `:`), numbers the tree
//! (`positionid`, `depth`, `position N`), reads comments, piece identities, the move played
//! from or to the position, imaginary positions, or changes the output or the game
//! (`comment`, `sort`, `settag`, `message`, ...) needs the tree, but for what the one-pass
//! search holds beside the position ([`one_pass_neighbours`]: the moves before and after,
//! `parent :` and `child :`, comments and sort values by position) and for a whole query
//! that is a `find` ([`one_pass_find`]) or a `line` ([`one_pass_line`]) of such filters.
//!
//! Each node's kind is [`Node::reads`] (`ir/walk.rs`), the IR's one classification: this
//! file decides per kind, so a new IR node is classified there, not here.

use std::ops::ControlFlow;

use crate::ir::walk::{Reads, any_node, children};
use crate::ir::{Find, Line, LineState, Node, PositionRef};

/// Whether `filter` can be evaluated by the one-pass search: every filter in it is
/// position-local ([`Reads::is_position_local`]; see the module doc).
pub fn is_position_local<S>(filter: &Node<S>) -> bool {
    !any_node(filter, |n| !n.reads().is_position_local())
}

/// Whether evaluating `filter` may add comments or sort values to the output: it holds a
/// `comment` or `sort` ([`Reads::Output`]), or a filter of the families that are asked one by
/// one ([`Reads::Other`]: `path` and the tree words comment the positions they visit).
pub fn adds_output<S>(filter: &Node<S>) -> bool {
    any_node(filter, |n| {
        matches!(n.reads(), Reads::Output | Reads::Other)
    })
}

/// The positions beside the current one that a one-pass search keeps for a query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Neighbours {
    /// The position before (`move previous`).
    pub previous: bool,
    /// The next main-line position (`move`, `terminal`).
    pub next: bool,
}

/// Whether the one-pass search can evaluate `filter` on the main line, and which neighbours
/// of each position it must keep; None when the game tree is needed.
///
/// Beside the position-local filters: `mainline` and `depth` (on the main line, always true
/// and 0: [`Reads::Variation`]), `comment` and `sort` (kept by position: [`Reads::Output`]),
/// `piece x in S body` when `x` is bound to squares (`eval::piece_loop_by_square`),
/// `move previous` (the move that reached the position and the position before
/// it: [`Reads::PreviousMove`]), `move` and `terminal` (the next main-line move, or none:
/// [`Reads::NextMove`]), `parent : body` and `child : body` (the body evaluated at the
/// position before or the next main-line one). A `move` filter's own parameters are read at
/// the position before (or at the current one), and such a body at the position it names:
/// both must be position-local, as the search keeps one position on either side, not two.
pub fn one_pass_neighbours<S>(filter: &Node<S>) -> Option<Neighbours> {
    let mut needs = Neighbours::default();
    let mut held_targets: Vec<*const Node<S>> = Vec::new();
    let refused = any_node(filter, |n| match n.reads() {
        reads if reads.is_position_local() => false,
        // On the main line, always true and 0.
        Reads::Variation => false,
        // Comments and sort values are kept by position, the tree unneeded.
        Reads::Output => false,
        // A piece loop whose variable is bound to squares reads no piece identity.
        Reads::PieceIdentity => match n {
            Node::PieceLoop(l) => !crate::eval::piece_loop_by_square(l),
            _ => true,
        },
        // `parent : body`, `child : body`: the body is evaluated at a position held beside
        // the current one, so it must read that position alone. (Elsewhere a position's
        // value could be seen, and the one-pass search numbers positions by ply, the game
        // tree in the order of its movetext.)
        Reads::Navigation => match n {
            Node::At(target, body) => match &**target {
                Node::Position(r) if is_position_local(body) && note_neighbour(r, &mut needs) => {
                    held_targets.push(&**target as *const Node<S>);
                    false
                }
                _ => true,
            },
            // The target of such a `:` (visited after it).
            Node::Position(_) => !held_targets.contains(&(n as *const Node<S>)),
            _ => true,
        },
        neighbour @ (Reads::PreviousMove | Reads::NextMove) => {
            if neighbour == Reads::PreviousMove {
                needs.previous = true;
            } else {
                needs.next = true;
            }
            children(n, &mut |operand| match is_position_local(operand) {
                true => ControlFlow::Continue(()),
                false => ControlFlow::Break(()),
            })
            .is_break()
        }
        _ => true,
    });
    (!refused).then_some(needs)
}

/// Notes the neighbour a position reference names (`parent`: the previous position; `child`,
/// `child(n)`: the next main-line one, the only child on the main line); false for the others.
fn note_neighbour(r: &PositionRef, needs: &mut Neighbours) -> bool {
    match r {
        PositionRef::Parent => needs.previous = true,
        PositionRef::Child(_) => needs.next = true,
        PositionRef::Current | PositionRef::Initial | PositionRef::Last => return false,
    }
    true
}

/// The `find` a one-pass search can answer with one look at each position: a query that is
/// a `find` without a count (`find mate`, `find <-- check`) of a body the one-pass search
/// evaluates, whose answers hold for the whole game (`eval::body_per_game`: no side effects,
/// nothing read from around the `find`). On the main line such a query matches at a
/// position exactly when the body matches there or at a later position (forward: at every
/// position up to the body's last match), or there or at an earlier one (`<--`: at every
/// position from the body's first match on). The body's neighbours are returned with it.
pub fn one_pass_find<S>(filter: &Node<S>) -> Option<(&Find<S>, Neighbours)> {
    let Node::Find(f) = filter else {
        return None;
    };
    if f.range.is_some() || !crate::eval::body_per_game(f) {
        return None;
    }
    Some((f, one_pass_neighbours(&f.body)?))
}

/// The counted `find` a one-pass search can answer (`eval::CountedFind`: `find all F`, `find
/// N M F`, alone or compared with a number): forward, its body reads the game at the position
/// it is given only (`eval::body_per_game`) and is one the one-pass search evaluates. On the
/// main line the positions a `find` counts from a position are that position and the ones
/// after it, so the body's hits are kept by ply and each position's count is known at the
/// game's end (the hits from there to the end). The body's neighbours are returned with it.
pub fn one_pass_counted_find<S>(filter: &Node<S>) -> Option<(&Find<S>, Neighbours)> {
    let f = crate::eval::CountedFind::of(filter)?.find;
    if !crate::eval::body_per_game(f) {
        return None;
    }
    Some((f, one_pass_neighbours(&f.body)?))
}

/// The `line` a one-pass search can answer: a query that is a `line` whose answers hold for
/// the whole game (`eval::per_game`: no side effects, nothing read from around it), without
/// `secondary` (no variation on the main line) or `firstmatch` (which keeps the first match of
/// the tree walk's order), with at most 64 distinct constituents, each one the one-pass search
/// evaluates. Each constituent is evaluated once at each position and the line's value at
/// every position is found at the game's end (`eval::line_on_main_line`). The constituents'
/// neighbours are returned with it (a `move` constituent of a forward line reads the move
/// to the next position).
pub fn one_pass_line<S: PartialEq>(filter: &Node<S>) -> Option<(&Line<S>, Neighbours)> {
    let Node::Line(line) = filter else {
        return None;
    };
    if line.secondary
        || line.firstmatch
        || !crate::eval::per_game(filter)
        || crate::eval::LineFilters::new(line).is_none()
    {
        return None;
    }
    let mut needs = Neighbours::default();
    for state in &line.states {
        if let LineState::Filter(constituent, _) = state {
            let reads = one_pass_neighbours(constituent)?;
            needs.previous |= reads.previous;
            needs.next |= reads.next;
        }
    }
    Some((line, needs))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The filter of `cql`, compiled for the 8x8 board.
    fn filter_of(cql: &str) -> Node<shakmaty::Bitboard> {
        crate::query::Program::from_text(cql, Some(crate::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<shakmaty::Bitboard>(crate::squares::Geometry::STANDARD))
            .expect("compiles")
            .filter
    }

    /// The queries whose filters can add comments or sort values are told apart from those
    /// that cannot (their evaluator keeps no marks to roll back).
    #[test]
    fn queries_that_add_output_are_known() {
        for (cql, adds) in [
            ("comment(\"seen\") mate", true),
            ("check comment(\"check \" ply) or mate", true),
            ("sort \"material\" #A + #a", true),
            ("not (check and sort min \"ply\" ply)", true),
            ("settag(\"Note\" \"x\") check", true),
            ("check", false),
            ("not check and btm and #[Qq] == 2", false),
            ("x = #A x >= 14", false),
            ("piece x in N { #(a attackedby x) >= 3 }", false),
            ("find all check >= 20", false),
            ("line --> check --> mate", false),
        ] {
            assert_eq!(adds_output(&filter_of(cql)), adds, "{cql}");
        }
    }

    #[test]
    fn board_filters_are_local_navigation_is_not() {
        for (cql, local) in [
            ("check", true),
            ("mate", true),
            ("true", true),
            ("Qa1 attacks k", true),
            ("move legal from K", true),
            ("ply > 20", true),
            ("parent : check", false),
            ("line --> check --> mate", false),
            ("find check", false),
            ("move from K", false),
            ("move previous capture Q", false),
            ("comment(\"x\")", false),
            ("terminal", false),
            ("positionid == 3", false),
            ("sort ply", false),
        ] {
            assert_eq!(is_position_local(&filter_of(cql)), local, "{cql}");
        }
    }

    #[test]
    fn lines_of_per_game_constituents_are_searched_in_one_pass() {
        let line = |cql: &str| one_pass_line(&filter_of(cql)).map(|(_, n)| (n.previous, n.next));
        for (cql, expected) in [
            ("line --> check --> mate", Some((false, false))),
            ("line --> move capture Q --> check", Some((false, true))),
            (
                "line --> move previous capture q --> check",
                Some((true, false)),
            ),
            // The first match of the tree walk's order; variations only.
            ("line firstmatch --> check --> check", None),
            ("line secondary --> check", None),
            // A constituent the one-pass search cannot evaluate, or one with side effects.
            ("line --> find check --> mate", None),
            ("line --> comment(\"x\") --> check", None),
            // Not the whole query.
            ("check and line --> check --> check", None),
        ] {
            assert_eq!(line(cql), expected, "{cql}");
        }
    }

    #[test]
    fn played_moves_and_the_end_need_one_neighbour() {
        let neighbours = |cql| one_pass_neighbours(&filter_of(cql)).map(|n| (n.previous, n.next));
        let (none, previous, next, both) = (
            Some((false, false)),
            Some((true, false)),
            Some((false, true)),
            Some((true, true)),
        );
        for (cql, expected) in [
            ("check", none),
            ("mainline mate", none),
            ("move previous capture Q", previous),
            ("move from K", next),
            ("terminal and move previous", both),
            ("piece x in N x attacks k", none),
            // A piece followed to the position before needs the piece table.
            ("piece x in N parent : x", None),
            // A move filter's parameters read one position over: they may not read another.
            ("move previous from (move previous to .)", None),
            ("move from (A & move to .)", None),
            ("sort \"ply\" ply comment(ply)", none),
            // A body evaluated at the position before or after reads that position alone.
            ("parent : check", previous),
            ("child : mate and check", next),
            ("child(1) : check", next),
            ("parent : (Q attacks k) and child : mate", both),
            ("parent : move previous capture Q", None),
            ("parent : parent : check", None),
            ("child : terminal", None),
            ("initialposition : check", None),
            ("currentposition : check", None),
            ("line --> check --> mate", None),
            ("find <-- check", None),
            ("parent", None),
        ] {
            assert_eq!(neighbours(cql), expected, "{cql}");
        }
    }
}
