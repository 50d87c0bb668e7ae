//! What a `square`/`piece` loop's body allows, read off the IR: the facts the loops' fast
//! paths in `iterate.rs` rely on.
//!
//! - [`reads_here_only`]: the body looks at the current position only and leaves nothing
//!   behind (no navigation, no comments, no assignments), so a piece variable read in it is
//!   just the square its piece stands on now.
//! - [`existential`]: the body, as a match, is an "exists" over the squares of its variable:
//!   for a set S that is not empty, `B(S)` matches exactly when `B({s})` matches for some s
//!   of S. Then `square x in S B(x)` (and `piece x in S B(x)`, S's pieces) matches exactly
//!   when `B(S)` does, decided once instead of once per square.

use crate::ir::walk::{Reads, any_node, children};
use crate::ir::{Loop, Node, VarId};
use std::ops::ControlFlow;

/// The facts of one loop (its body read against its variable), found on the loop's first
/// evaluation in a game and kept by the loop's address ([`Facts`]): the walks over the body
/// are not made again at each position.
#[derive(Clone, Copy, Debug)]
pub(super) struct LoopFacts {
    /// [`selects_from`] of the body and the variable.
    pub selects: bool,
    /// [`existential`] of the body and the variable.
    pub existential: bool,
    /// [`reads_here_only`] of the body.
    pub reads_here_only: bool,
}

impl LoopFacts {
    /// The facts of `l`.
    pub(super) fn of<S>(l: &Loop<S>) -> LoopFacts {
        LoopFacts {
            selects: selects_from(&l.body, l.var),
            existential: existential(&l.body, l.var),
            reads_here_only: reads_here_only(&l.body),
        }
    }
}

/// The facts of the loops met in a game, by the loop's address (a query has few loops).
pub(super) type Facts = Vec<(usize, LoopFacts)>;

/// Whether `node` and every filter inside it evaluate at the current position only, with no
/// effect but their value (a conservative list: anything else says no).
pub(super) fn reads_here_only<S>(node: &Node<S>) -> bool {
    !any_node(node, |n| !is_local(n))
}

/// Whether `piece x in S body` binds `x` to the squares of the pieces rather than to the
/// pieces themselves (so the game's piece table is not needed): its body reads variables
/// only at the position of the loop (see `reads_here_only`), and the loop restores `x`
/// when it ends, so no other position reads the binding.
pub fn piece_loop_by_square<S>(l: &crate::ir::Loop<S>) -> bool {
    reads_here_only(&l.body)
}

/// Whether `node` itself (its operands are walked) is one the fast paths reason about: the
/// set algebra over the current position ([`Reads::Squares`]) and piece loops (inside such
/// a body, a loop's piece is the square it stands on). A conservative choice: the other
/// position-local kinds (FEN, legal moves, strings, tags, assignments) are not taken.
fn is_local<S>(node: &Node<S>) -> bool {
    matches!(node.reads(), Reads::Squares | Reads::PieceIdentity)
}

/// Whether variable `var` is read anywhere in `node`.
pub(super) fn mentions<S>(node: &Node<S>, var: VarId) -> bool {
    any_node(node, |n| matches!(n, Node::Var(v) if *v == var))
}

/// Whether the set filter `node` picks, square by square, some of the squares `var` is bound
/// to: for a set S, its value is the squares s of S whose own value ({s} bound) is not
/// empty, and nothing outside S. True for `x attackedby T` (the squares of x attacked from
/// T), `x attacks T` (the squares of x whose piece attacks T) and `x & T`, where x is `var`
/// itself and T does not read it, and for `{ F }` around such an F (its match is F's). Then
/// `square all x in S F` passes every square exactly when F's value for S is all of S, and
/// `square x in S F` chooses exactly the squares of that value: one evaluation for S
/// instead of one per square. It must also read here only ([`reads_here_only`]).
pub(super) fn selects_from<S>(node: &Node<S>, var: VarId) -> bool {
    reads_here_only(node) && picks(node, var).is_some()
}

/// The filter whose value [`selects_from`] speaks of: `node`, or the one inside `{ }`.
pub(super) fn picks<S>(node: &Node<S>, var: VarId) -> Option<&Node<S>> {
    let is_var = |n: &Node<S>| matches!(n, Node::Var(v) if *v == var);
    match node {
        Node::And(items) if items.len() == 1 => picks(&items[0], var),
        Node::AttackedBy(x, t) | Node::Attacks(x, t) if is_var(x) && !mentions(t, var) => {
            Some(node)
        }
        Node::Intersect(items)
            if items.iter().filter(|i| is_var(i)).count() == 1
                && items.iter().filter(|i| mentions(i, var)).count() == 1 =>
        {
            Some(node)
        }
        _ => None,
    }
}

/// Whether `node`, evaluated as a match with `var` bound to a set S that is not empty,
/// matches exactly when it matches with `var` bound to some single square of S. It must
/// also read here only ([`reads_here_only`]): no effects that a single evaluation would
/// leave differently from one per square.
///
/// The rules (each keeps "exists a square"):
/// - a filter that does not read `var` is a constant over the squares;
/// - `a or b`: exists distributes over `or`; `a and b` when only one of them reads `var`;
/// - `square/piece y in D B` (not `all`) whose domain does not read `var`: two exists
///   commute;
/// - a set filter that is a union-homomorphism in `var` ([`distributive`]): its value for
///   S is the union of its values for the squares of S, so it is non-empty for S exactly
///   when it is for one of them.
pub(super) fn existential<S>(node: &Node<S>, var: VarId) -> bool {
    if !reads_here_only(node) {
        return false;
    }
    exists_in(node, var)
}

fn exists_in<S>(node: &Node<S>, var: VarId) -> bool {
    if !mentions(node, var) {
        return true;
    }
    match node {
        Node::Or(items) => items.iter().all(|i| exists_in(i, var)),
        Node::And(items) => {
            let mut reading = items.iter().filter(|i| mentions(i, var));
            reading.next().is_some_and(|i| exists_in(i, var)) && reading.next().is_none()
        }
        Node::SquareLoop(l) | Node::PieceLoop(l) => {
            !l.all && l.var != var && !mentions(&l.domain, var) && exists_in(&l.body, var)
        }
        _ => distributive(node, var),
    }
}

/// Whether the set filter `node` is a union-homomorphism in `var` over non-empty families:
/// its value with `var` bound to the union of sets is the union of its values for each.
/// True for `var` itself, and for `ray` (without a count), `pin`, `attackedby`, `attacks`,
/// `between` and `&` when exactly one operand reads `var` and that operand is one: each of
/// them is a union over the squares (or lines) of that operand, with the other operands
/// held fixed.
pub(super) fn distributive<S>(node: &Node<S>, var: VarId) -> bool {
    let operands: Vec<&Node<S>> = match node {
        Node::Var(v) => return *v == var,
        Node::Ray(r) if r.count.is_none() => r.sets.iter().collect(),
        Node::Pin(p) => [&p.from, &p.through, &p.to].into_iter().flatten().collect(),
        Node::AttackedBy(..) | Node::Attacks(..) | Node::Between(..) | Node::Intersect(_) => {
            let mut all = Vec::new();
            let _ = children::<S, ()>(node, &mut |c| {
                all.push(c);
                ControlFlow::Continue(())
            });
            all
        }
        _ => return false,
    };
    let mut reading = operands.into_iter().filter(|o| mentions(o, var));
    reading.next().is_some_and(|o| distributive(o, var)) && reading.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Directions, Loop, Ray};

    fn ray(sets: Vec<Node<u64>>) -> Node<u64> {
        Node::Ray(Box::new(Ray {
            directions: Directions::ANY,
            attack: false,
            sets,
            count: None,
            first: false,
        }))
    }

    /// `ray (X Y Z)` is existential in each variable; `ray (X Y Y)` and a `not` are not.
    #[test]
    fn ray_is_existential_in_each_set() {
        let xyz = ray(vec![Node::Var(0), Node::Var(1), Node::Var(2)]);
        for v in 0..3 {
            assert!(existential(&xyz, v));
        }
        let xyy = ray(vec![Node::Var(0), Node::Var(1), Node::Var(1)]);
        assert!(!existential(&xyy, 1));
        assert!(!existential(&Node::Not(Box::new(xyz.clone())), 1));
        let both = Node::And(vec![xyz.clone(), xyz.clone()]);
        assert!(!existential(&both, 1));
        let either = Node::Or(vec![xyz.clone(), xyz.clone()]);
        assert!(existential(&either, 1));
    }

    /// A loop inside commutes unless its domain reads the variable.
    #[test]
    fn nested_loops_commute_when_the_domain_is_fixed() {
        let body = ray(vec![Node::Var(0), Node::Var(1)]);
        let fixed = Node::PieceLoop(Box::new(Loop {
            var: 1,
            all: false,
            domain: Node::True,
            body: body.clone(),
        }));
        assert!(existential(&fixed, 0));
        let moving = Node::PieceLoop(Box::new(Loop {
            var: 1,
            all: false,
            domain: Node::Var(0),
            body,
        }));
        assert!(!existential(&moving, 0));
    }
}
