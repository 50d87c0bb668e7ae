//! Evaluation of [`RunWord`] (`lastgamenumber`, `cql_assertvariations`) and the values `sort`
//! records: numbers, or strings (CQL 6.2's `SortValue` compares strings bytewise, `std::string`'s
//! `<`; the largest is best, the smallest with `sort min`).

use std::cmp::Reverse;

use super::{Evaluator, SortValue, Value};
use crate::ir::{DictLoop, RunWord};
use crate::rules::Position;

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

impl<P: Position> Evaluator<'_, P> {
    /// Gives `lastgamenumber` its value: the number of the input's last game, counted by the
    /// run before the search.
    pub fn set_last_game_number(&self, n: u64) {
        self.last_game.set(Some(n));
    }

    /// `x ∊ D body`: the body at `at` with x bound to each key of D in key order (the keys
    /// as they were when the loop began); x is left unbound. CQL 6.2 stops when x is
    /// already bound (its previous value would be lost).
    pub(super) fn eval_dict_loop(&self, l: &DictLoop<P::Set>, at: u32) -> Option<Value<P::Set>> {
        if self.state.borrow().get(l.var).is_some() {
            let m = format!(
                "the variable {} of a dictionary iteration is already bound",
                l.name
            );
            self.state.borrow_mut().prog.abort.get_or_insert(m);
            return None;
        }
        let keys: Vec<super::Datum> = {
            let st = self.state.borrow();
            st.prog
                .dicts
                .get(usize::from(l.dict))
                .map(|d| d.keys().cloned().collect())
                .unwrap_or_default()
        };
        let geo = self.geometry(at);
        for key in keys {
            if self.spend_round("dictionary loop", at) {
                break;
            }
            self.state.borrow_mut().set(l.var, Some(key.value(geo)));
            self.eval(&l.body, at);
        }
        self.state.borrow_mut().set(l.var, None);
        Some(Value::Bool(true))
    }

    /// `lastgamenumber`, `cql_assertvariations`.
    pub(super) fn eval_run_word(&self, w: RunWord) -> Option<Value<P::Set>> {
        let stop = |m: &str| {
            self.state
                .borrow_mut()
                .prog
                .abort
                .get_or_insert_with(|| m.to_string());
            None
        };
        match w {
            RunWord::LastGameNumber => match self.last_game.get() {
                Some(n) => Some(Value::Num(i64::try_from(n).unwrap_or(i64::MAX))),
                None => stop(
                    "'lastgamenumber' needs the number of games of the input, which this run \
                     did not count",
                ),
            },
            RunWord::AssertVariations(m) => {
                if self.game.variations {
                    Some(Value::Bool(true))
                } else {
                    stop(m)
                }
            }
        }
    }
}
