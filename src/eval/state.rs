//! What an evaluation remembers while it runs over one game: variable bindings, the comments
//! the query attached to positions, and the game's `sort` value.
//!
//! The state lives in the game's [`Evaluator`](super::Evaluator) behind a `RefCell`, so
//! filters keep their `&self` evaluation. Nothing is allocated for a query without variables,
//! comments or `sort`: the vectors start empty and grow on first use. One evaluator serves
//! one game on one thread, so the results do not depend on the thread count.

use std::cell::RefCell;
use std::cmp::Reverse;

use super::Value;

/// One recorded `sort` value: its label (its index among the state's labels), its direction
/// (`min`), the value.
pub(super) type SortEntry = (u32, bool, SortKey);

/// The mutable part of an evaluation.
#[derive(Debug)]
pub(super) struct State<S> {
    /// `vars[id]`: the variable's value, None while unbound.
    vars: Vec<Option<Value<S>>>,
    /// (record node, text) of each comment, in the order made.
    comments: Vec<(u32, String)>,
    /// The texts of comments rolled back, emptied, for the next comments to reuse (a
    /// comment made at every position where the query then fails allocates nothing).
    spare_texts: Vec<String>,
    /// The `sort` values recorded (label, direction, value), in order; those of positions
    /// where the query did not match are rolled back with the comments.
    sorts: Vec<SortEntry>,
    /// The `sort` labels met, each kept once: a value recorded names its label by its index
    /// here (no allocation or text per position).
    sort_labels: Vec<String>,
    /// The string filters' state: `~~` captures, output edits, messages (`eval::strings`).
    pub strs: super::strings::StrState,
    /// Dictionaries, the persistent variables' start, a failed `assert` (`eval::prog`).
    pub prog: super::dictionary::ProgState,
    /// The loop rounds spent at the current position (`eval::budget`).
    pub rounds: u64,
    /// The bytes of text the game's comments, messages and file writes hold so far (bounded
    /// by `eval::budget::MAX_GAME_TEXT_BYTES`).
    pub held_text: usize,
    /// The answers of `find` filters kept for the game (`eval::find`).
    pub finds: super::find::FindTables,
    /// The loops' facts, found once per game (`eval::loops`).
    pub loop_facts: super::loops::Facts,
}

/// A `sort` filter's best value over a game.
#[derive(Clone, Debug, PartialEq)]
pub struct SortValue {
    /// The filter's label (`sort "material" ...`).
    pub label: String,
    /// Whether the smallest value is best.
    pub min: bool,
    /// The best value (0 for a string value).
    pub value: i64,
    /// The best value of a `sort` by a string.
    pub text: Option<String>,
}

impl SortValue {
    /// The value `key` of the `sort` labelled `label` (smallest best when `min`).
    fn new(label: &str, min: bool, key: &SortKey) -> SortValue {
        let (value, text) = match key {
            SortKey::Num(n) => (*n, None),
            SortKey::Text(t) => (0, Some(t.clone())),
        };
        SortValue {
            label: label.to_string(),
            min,
            value,
            text,
        }
    }

    /// The value as CQL 6.2 writes it in a comment.
    pub fn shown(&self) -> String {
        match &self.text {
            Some(t) => t.clone(),
            None => self.value.to_string(),
        }
    }
}

/// A value a `sort` filter recorded at a position.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SortKey {
    /// A numeric filter's value (a set's: its number of squares).
    Num(i64),
    /// A string filter's value.
    Text(String),
}

/// Where a matched game goes in a sorted output: greater keys are written first, games
/// without a key last (as `None` is the least `Option`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OutputOrder {
    /// A number, negated for `sort min` (or `sort matchcount`'s count).
    Num(i64),
    /// A string of `sort max` (the default): the greatest first.
    Text(String),
    /// A string of `sort min`: the least first.
    TextMin(Reverse<String>),
}

impl SortValue {
    /// Where the game goes in the sorted output.
    pub fn output_order(&self) -> OutputOrder {
        match (&self.text, self.min) {
            (Some(t), false) => OutputOrder::Text(t.clone()),
            (Some(t), true) => OutputOrder::TextMin(Reverse(t.clone())),
            (None, false) => OutputOrder::Num(self.value),
            (None, true) => OutputOrder::Num(self.value.saturating_neg()),
        }
    }
}

impl<S> Default for State<S> {
    fn default() -> Self {
        State {
            vars: Vec::new(),
            comments: Vec::new(),
            spare_texts: Vec::new(),
            sorts: Vec::new(),
            sort_labels: Vec::new(),
            strs: Default::default(),
            prog: Default::default(),
            rounds: 0,
            held_text: 0,
            finds: Vec::new(),
            loop_facts: Vec::new(),
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
    /// A mark to roll back to: the numbers of comments and sort values made so far.
    pub fn comment_mark(&self) -> (usize, usize) {
        (self.comments.len(), self.sorts.len())
    }
    /// Drops the comments and sort values made after `mark` (their filter did not match).
    pub fn rollback(&mut self, mark: (usize, usize)) {
        /// The most texts kept for reuse.
        const SPARE: usize = 16;
        for (_, mut text) in self.comments.drain(mark.0.min(self.comments.len())..) {
            self.held_text = self.held_text.saturating_sub(text.len());
            if self.spare_texts.len() < SPARE {
                text.clear();
                self.spare_texts.push(text);
            }
        }
        self.sorts.truncate(mark.1);
    }
    /// An empty string for a comment's text: a rolled-back comment's, when there is one.
    pub fn comment_text(&mut self) -> String {
        self.spare_texts.pop().unwrap_or_default()
    }
    /// Copies of the comments and sort values made after `mark` (a `path` keeps those of
    /// its best match).
    pub fn made_since(&self, mark: (usize, usize)) -> (Vec<(u32, String)>, Vec<SortEntry>) {
        (
            self.comments[mark.0..].to_vec(),
            self.sorts[mark.1..].to_vec(),
        )
    }
    /// Adds back comments and sort values copied by [`State::made_since`].
    pub fn restore(&mut self, made: (Vec<(u32, String)>, Vec<SortEntry>)) {
        self.held_text += made.0.iter().map(|(_, t)| t.len()).sum::<usize>();
        self.comments.extend(made.0);
        self.sorts.extend(made.1);
    }
    /// Attaches a comment to a position.
    pub fn comment(&mut self, at: u32, text: String) {
        self.held_text += text.len();
        self.comments.push((at, text));
    }
    /// The comments made, emptied.
    pub fn take_comments(&mut self) -> Vec<(u32, String)> {
        std::mem::take(&mut self.comments)
    }
    /// Records a `sort` value.
    pub fn sort(&mut self, label: &str, min: bool, value: SortKey) {
        let index = match self.sort_labels.iter().position(|l| l == label) {
            Some(i) => i,
            None => {
                self.sort_labels.push(label.to_string());
                self.sort_labels.len() - 1
            }
        };
        // A query holds a few `sort`s (a label's index fits in u32).
        self.sorts.push((index as u32, min, value));
    }
    /// The best value of each `sort` label and direction, in the order first recorded.
    pub fn best_sorts(&self) -> Vec<SortValue> {
        let mut best: Vec<(u32, bool, &SortKey)> = Vec::new();
        for (label, min, key) in &self.sorts {
            match best.iter_mut().find(|b| b.0 == *label && b.1 == *min) {
                Some(b) if (key < b.2) == *min && key != b.2 => b.2 = key,
                Some(_) => {}
                None => best.push((*label, *min, key)),
            }
        }
        best.into_iter()
            .map(|(label, min, key)| SortValue::new(self.label(label), min, key))
            .collect()
    }
    /// The best `sort` value of the game's matching positions (the first `sort` filter's
    /// label and direction).
    pub fn sort_value(&self) -> Option<SortValue> {
        let (label, min, _) = self.sorts.first()?;
        let values = self.sorts.iter().filter(|(l, m, _)| l == label && m == min);
        let best = if *min {
            values.map(|s| &s.2).min()?
        } else {
            values.map(|s| &s.2).max()?
        };
        Some(SortValue::new(self.label(*label), *min, best))
    }
    /// The text of the label at `index` among the labels met.
    fn label(&self, index: u32) -> &str {
        &self.sort_labels[index as usize]
    }
}
