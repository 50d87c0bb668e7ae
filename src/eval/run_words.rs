//! Evaluation of [`RunWord`]: what the run knows beyond the game (`lastgamenumber`,
//! `cql_assertvariations`, `cql_abort`, `similarposition`).

use super::{Evaluator, Value};
use crate::ir::RunWord;
use crate::rules::Position;

impl<P: Position> Evaluator<'_, P> {
    /// Gives `lastgamenumber` its value: the number of the input's last game, counted by the
    /// run before the search.
    pub fn set_last_game_number(&self, n: u64) {
        self.last_game.set(Some(n));
    }

    /// `lastgamenumber`, `cql_assertvariations`, `cql_abort`, `similarposition` (at `at`).
    pub(super) fn eval_run_word(&self, w: &RunWord, at: u32) -> Option<Value<P::Set>> {
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
            RunWord::Abort(place) => stop(&format!(
                "cql_abort reached at {place} of the query, in game number {}",
                self.game.number
            )),
            RunWord::SimilarPosition(s) => self.similar_position(s, at),
        }
    }
}
