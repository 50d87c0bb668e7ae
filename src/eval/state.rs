//! What an evaluation remembers while it runs over one game: variable bindings, the comments
//! the query attached to positions, and the game's `sort` value.
//!
//! The state lives in the game's [`Evaluator`](super::Evaluator) behind a `RefCell`, so
//! filters keep their `&self` evaluation. Nothing is allocated for a query without variables,
//! comments or `sort`: the vectors start empty and grow on first use. One evaluator serves
//! one game on one thread, so the results do not depend on the thread count.

use std::cell::RefCell;

use super::Value;

/// The mutable part of an evaluation.
#[derive(Debug)]
pub(super) struct State<S> {
    /// `vars[id]`: the variable's value, None while unbound.
    vars: Vec<Option<Value<S>>>,
    /// (record node, text) of each comment, in the order made.
    comments: Vec<(u32, String)>,
    /// The best `sort` value seen in the game (with its label and direction).
    sort: Option<SortValue>,
}

/// A `sort` filter's best value over a game.
#[derive(Clone, Debug, PartialEq)]
pub struct SortValue {
    /// The filter's label (`sort "material" ...`).
    pub label: String,
    /// Whether the smallest value is best.
    pub min: bool,
    /// The best value.
    pub value: i64,
}

impl<S> Default for State<S> {
    fn default() -> Self {
        State {
            vars: Vec::new(),
            comments: Vec::new(),
            sort: None,
        }
    }
}

/// Shared access to the state (the evaluator's field).
pub(super) type Cell<S> = RefCell<State<S>>;

impl<S: Clone> State<S> {
    /// The variable's value, if bound.
    pub fn get(&self, id: u16) -> Option<Value<S>> {
        self.vars.get(id as usize).cloned().flatten()
    }
    /// Binds (Some) or unbinds (None) a variable; returns its previous value.
    pub fn set(&mut self, id: u16, value: Option<Value<S>>) -> Option<Value<S>> {
        let i = id as usize;
        if self.vars.len() <= i {
            self.vars.resize(i + 1, None);
        }
        std::mem::replace(&mut self.vars[i], value)
    }
    /// How many comments were made so far (a mark to roll back to).
    pub fn comment_mark(&self) -> usize {
        self.comments.len()
    }
    /// Drops the comments made after `mark` (their filter did not match).
    pub fn rollback(&mut self, mark: usize) {
        self.comments.truncate(mark);
    }
    /// Attaches a comment to a position.
    pub fn comment(&mut self, at: u32, text: String) {
        self.comments.push((at, text));
    }
    /// The comments made, emptied.
    pub fn take_comments(&mut self) -> Vec<(u32, String)> {
        std::mem::take(&mut self.comments)
    }
    /// Records a `sort` value; keeps the best.
    pub fn sort(&mut self, label: &str, min: bool, value: i64) {
        let better = match &self.sort {
            None => true,
            Some(s) => {
                if min {
                    value < s.value
                } else {
                    value > s.value
                }
            }
        };
        if better {
            self.sort = Some(SortValue {
                label: label.to_string(),
                min,
                value,
            });
        }
    }
    /// The best `sort` value of the game.
    pub fn sort_value(&self) -> Option<SortValue> {
        self.sort.clone()
    }
}
