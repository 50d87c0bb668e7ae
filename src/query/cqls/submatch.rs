//! The match list's logical keywords over sub-match lists (the Scidb help's "CQL - The match
//! list": `:and :or :xor :cond :not` "with sub-matches"): each sub-match list is a whole match
//! list, true of the game when it marks some position; the keyword combines those truths, and
//! the positions the deciding sub-match lists mark are marked.
//!
//! Scidb says a sub-match list "cannot contain position lists"; cqlq allows them (issue 4:
//! position lists inside match-level `:or` / `:cond` / `:not`), with the meaning they have in
//! a match list: the sub-match list holds when each of its position lists matches somewhere.
//! A `(position ...)` written directly in such a list stands for `(match (position ...))`.

use crate::ir::Node;
use crate::ir::cqls::{CqlsNode, Range};
use crate::query::LowerError;
use crate::squares::SquareSet;

use super::ast::{Arg, Item};
use super::lower::{Lower, cqls};

/// "The match list marks some position of the game": the truth of a sub-match list.
fn somewhere<S: Clone>(marks: &Node<S>) -> Node<S> {
    cqls(CqlsNode::GameCount {
        filter: marks.clone(),
        range: Range::at_least(1),
    })
}

fn not<S>(n: Node<S>) -> Node<S> {
    Node::Not(Box::new(n))
}

impl Lower<'_> {
    /// `:and :or :xor :cond :not` of a match list with sub-match lists → (the game-level fact,
    /// the filter of the positions to mark, None when no sub-match list marks positions). `!`
    /// negates the fact and marks nothing, as `:not` does.
    pub(super) fn logical_matches<S: SquareSet>(
        &self,
        item: &Item,
    ) -> Result<(Node<S>, Option<Node<S>>), LowerError> {
        let Some(Arg::Matches(subs, _)) = item.args.first() else {
            unreachable!("the parser gives sub-match lists")
        };
        let lowered: Vec<(Node<S>, bool)> = subs
            .iter()
            .map(|m| self.match_list(m, false))
            .collect::<Result<_, _>>()?;
        let f: Vec<Node<S>> = lowered.iter().map(|(n, _)| somewhere(n)).collect();
        // A sub-match list of keywords only is a fact about the game: it marks nothing.
        let any_marks = lowered.iter().any(|(_, own)| *own);
        let m: Vec<Node<S>> = lowered
            .into_iter()
            .map(|(n, own)| if own { n } else { Node::False })
            .collect();
        let (fact, marks) = match item.keyword.as_str() {
            // :not (match M): M does not hold; nothing is marked.
            "not" => (not(f[0].clone()), Node::False),
            // Each holds; the positions any marks.
            "and" => (Node::And(f), Node::Or(m)),
            // Some holds; the positions those mark (a list marks only when it holds).
            "or" => (Node::Or(f), Node::Or(m)),
            // Exactly one holds; the positions it marks.
            "xor" => {
                let one = (0..f.len())
                    .map(|i| {
                        let mut parts = vec![f[i].clone()];
                        parts.extend((0..f.len()).filter(|&j| j != i).map(|j| not(f[j].clone())));
                        Node::And(parts)
                    })
                    .collect();
                (Node::Or(one), Node::Or(m))
            }
            // The first clause that holds decides: its association must hold, and both mark
            // ("the :cond form is also using the association for marking"). An odd last list
            // is the default, taken when no clause holds; without it no clause holding fails.
            _ => {
                let (mut fact, mut marks) = match f.len() % 2 {
                    1 => (f[f.len() - 1].clone(), m[m.len() - 1].clone()),
                    _ => (Node::False, Node::False),
                };
                for i in (0..f.len() / 2).rev() {
                    let (c, e) = (2 * i, 2 * i + 1);
                    let clause = || Box::new(f[c].clone());
                    fact = Node::If(clause(), Box::new(f[e].clone()), Some(Box::new(fact)));
                    marks = Node::If(
                        clause(),
                        Box::new(Node::Or(vec![m[c].clone(), m[e].clone()])),
                        Some(Box::new(marks)),
                    );
                }
                (fact, marks)
            }
        };
        Ok(if item.negated {
            (not(fact), None)
        } else if any_marks && item.keyword != "not" {
            (fact.clone(), Some(Node::And(vec![fact, marks])))
        } else {
            (fact, None)
        })
    }
}
