//! Operations on constants, done once when the query is lowered instead of at every
//! position: `"a" + "b"` is the string `"ab"`, `2 * 3` the number 6, `"ab" == "ab"` true.
//!
//! Each fold gives the node whose value the evaluator would give the operation at any
//! position (`eval::Evaluator::eval_arith` and `eval_compare`): a string comparison that
//! holds is worth `true`, a numeric one its left number; one that fails, or arithmetic that
//! overflows or divides by zero, matches nothing (`false`). Anything else is built as it is.

use super::{ArithOp, CmpOp, Node};

/// Longest string made by folding `+`: far below the evaluator's cap on strings, whose
/// breach must stop the run with its message, so such a sum is left to the evaluator.
const MAX_FOLDED_STRING: usize = 4096;

/// `a op b`, folded when both are constants.
pub fn arith<S>(op: ArithOp, a: Node<S>, b: Node<S>) -> Node<S> {
    match (op, &a, &b) {
        (ArithOp::Add, Node::Str(x), Node::Str(y)) if x.len() + y.len() <= MAX_FOLDED_STRING => {
            Node::Str(format!("{x}{y}"))
        }
        (_, Node::Number(x), Node::Number(y)) => {
            let n = match op {
                ArithOp::Add => x.checked_add(*y),
                ArithOp::Sub => x.checked_sub(*y),
                ArithOp::Mul => x.checked_mul(*y),
                ArithOp::Div => x.checked_div(*y),
                ArithOp::Rem => x.checked_rem(*y),
            };
            n.map_or(Node::False, Node::Number)
        }
        _ => Node::Arith(op, Box::new(a), Box::new(b)),
    }
}

/// `a op b` (a comparison), folded when both are constants of one kind.
pub fn compare<S>(op: CmpOp, a: Node<S>, b: Node<S>) -> Node<S> {
    match (&a, &b) {
        (Node::Str(x), Node::Str(y)) => truth(holds(x.cmp(y), op)),
        (Node::Number(x), Node::Number(y)) if holds(x.cmp(y), op) => Node::Number(*x),
        (Node::Number(_), Node::Number(_)) => Node::False,
        _ => Node::Compare(op, Box::new(a), Box::new(b)),
    }
}

fn truth<S>(b: bool) -> Node<S> {
    if b { Node::True } else { Node::False }
}

/// Whether an ordering satisfies a comparison operator.
pub fn holds(ordering: std::cmp::Ordering, op: CmpOp) -> bool {
    use std::cmp::Ordering::{Equal, Greater, Less};
    match op {
        CmpOp::Lt => ordering == Less,
        CmpOp::Le => ordering != Greater,
        CmpOp::Gt => ordering == Greater,
        CmpOp::Ge => ordering != Less,
        CmpOp::Eq => ordering == Equal,
        CmpOp::Ne => ordering != Equal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type N = Node<u64>;

    fn num(n: i64) -> N {
        Node::Number(n)
    }

    fn text(s: &str) -> N {
        Node::Str(s.to_string())
    }

    /// The folds give what CQL's operators give: string sum and comparison, numeric
    /// arithmetic (truncating division and remainder as CQL's integers do), a numeric
    /// comparison worth its left side; a division by zero matches nothing.
    #[test]
    fn constants_fold_to_their_values() {
        assert_eq!(arith(ArithOp::Add, text("a"), text("b")), text("ab"));
        assert_eq!(arith(ArithOp::Sub, num(2), num(5)), num(-3));
        assert_eq!(arith(ArithOp::Div, num(-7), num(2)), num(-3));
        assert_eq!(arith(ArithOp::Rem, num(-7), num(2)), num(-1));
        assert_eq!(arith(ArithOp::Div, num(1), num(0)), Node::False);
        assert_eq!(arith(ArithOp::Mul, num(i64::MAX), num(2)), Node::False);
        assert_eq!(compare(CmpOp::Eq, text("ab"), text("ab")), Node::True);
        assert_eq!(compare(CmpOp::Lt, text("b"), text("ab")), Node::False);
        assert_eq!(compare(CmpOp::Ge, num(3), num(2)), num(3));
        assert_eq!(compare(CmpOp::Ne, num(2), num(2)), Node::False);
    }

    /// Operations on anything but two constants of one kind are built unchanged, and so is a
    /// string sum too long to fold.
    #[test]
    fn other_operations_are_kept() {
        let long = "x".repeat(MAX_FOLDED_STRING);
        assert!(matches!(
            arith(ArithOp::Add, text(&long), text("y")),
            Node::Arith(..)
        ));
        assert!(matches!(
            arith(ArithOp::Add, num(1), Node::Mate),
            Node::Arith(..)
        ));
        assert!(matches!(
            compare(CmpOp::Eq, text("1"), num(1)),
            Node::Compare(..)
        ));
    }
}
