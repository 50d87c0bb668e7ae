//! Variables read where they were set: in an `and` (a compound `{ ... }` too), `x = #A`
//! followed by `x >= 14` is `#A >= 14` at that position, so the later operands are read
//! with the value in place of the variable (`x = power A  y = power a  x > y + 3` then gives
//! the material lead's condition, `prune::numbers`).
//!
//! Why it never drops a game the scan would match: an `and` evaluates its operands in
//! order at one position and matches only when each does. `x = e` matches only when x then
//! holds e's value there (`Node::Assign`: no match, x left alone, when e does not match).
//! While the operands after it bind no variable, and where each is made only of the
//! position's own values (comparisons, counts, arithmetic, designators: [`pure`]), each
//! reads x as e's value at the same position; e itself is such a value, so the operand
//! with e in x's place takes the same value, and its condition is as necessary as the
//! operand's own. An operand that binds any variable (or holds anything else) ends the
//! substitution for the operands after it.

use shakmaty::Bitboard;

use crate::ir::walk::any_node;
use crate::ir::{Node, NumProp, VarId};

/// `operands` (an `and`'s) with each variable set by an earlier `x = e` read as e in the
/// operands after it that are pure; None when no operand changes.
pub(super) fn with_values_in_place(operands: &[Node<Bitboard>]) -> Option<Vec<Node<Bitboard>>> {
    let mut values: Vec<(VarId, &Node<Bitboard>)> = Vec::new();
    let mut changed: Option<Vec<Node<Bitboard>>> = None;
    for (at, operand) in operands.iter().enumerate() {
        match operand {
            Node::Assign(x, e) if pure(e) && !reads_a_variable(e) => {
                values.retain(|(y, _)| y != x);
                values.push((*x, e));
            }
            _ if !values.is_empty() && pure(operand) => {
                let known = |x: &VarId| values.iter().any(|(y, _)| y == x);
                if any_node(operand, |n| matches!(n, Node::Var(x) if known(x))) {
                    let read = in_place(operand, &values);
                    changed.get_or_insert_with(|| operands.to_vec())[at] = read;
                }
            }
            // It may bind a variable (or reads the position in another way): no value is
            // known after it.
            _ => values.clear(),
        }
    }
    changed
}

/// Whether `node` is made only of the position's own values, binding nothing: comparisons,
/// `and` / `or` / `not`, counts, arithmetic, designators, side to move, check, ply, and
/// variables read.
fn pure(node: &Node<Bitboard>) -> bool {
    !any_node(node, |n| {
        !matches!(
            n,
            Node::Compare(..)
                | Node::And(_)
                | Node::Or(_)
                | Node::Not(_)
                | Node::Number(_)
                | Node::Count(_)
                | Node::Power(_)
                | Node::Arith(..)
                | Node::Negate(_)
                | Node::Abs(_)
                | Node::Max(_)
                | Node::Min(_)
                | Node::Pieces(..)
                | Node::Union(_)
                | Node::Intersect(_)
                | Node::ToMove(_)
                | Node::Check
                | Node::Num(NumProp::Ply | NumProp::MoveNumber)
                | Node::Var(_)
        )
    })
}

/// Whether `node` reads a variable.
fn reads_a_variable(node: &Node<Bitboard>) -> bool {
    any_node(node, |n| matches!(n, Node::Var(_)))
}

/// `node` (a [`pure`] one) with each variable of `values` replaced by its value.
fn in_place(node: &Node<Bitboard>, values: &[(VarId, &Node<Bitboard>)]) -> Node<Bitboard> {
    let one = |n: &Node<Bitboard>| Box::new(in_place(n, values));
    let all = |v: &[Node<Bitboard>]| v.iter().map(|n| in_place(n, values)).collect();
    match node {
        Node::Var(x) => match values.iter().find(|(y, _)| y == x) {
            Some((_, value)) => (*value).clone(),
            None => node.clone(),
        },
        Node::Compare(op, a, b) => Node::Compare(*op, one(a), one(b)),
        Node::Arith(op, a, b) => Node::Arith(*op, one(a), one(b)),
        Node::Not(a) => Node::Not(one(a)),
        Node::Count(a) => Node::Count(one(a)),
        Node::Power(a) => Node::Power(one(a)),
        Node::Negate(a) => Node::Negate(one(a)),
        Node::Abs(a) => Node::Abs(one(a)),
        Node::And(v) => Node::And(all(v)),
        Node::Or(v) => Node::Or(all(v)),
        Node::Max(v) => Node::Max(all(v)),
        Node::Min(v) => Node::Min(all(v)),
        Node::Union(v) => Node::Union(all(v)),
        Node::Intersect(v) => Node::Intersect(all(v)),
        _ => node.clone(),
    }
}
