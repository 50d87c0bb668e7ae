//! The IR of `line`: its regular expression over consecutive positions ([`LinePattern`]),
//! compiled once to an automaton ([`Line::compile`], Thompson's construction with counted
//! repetitions unrolled) that `eval::line` runs over the game tree.

use super::{Node, Range};

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
