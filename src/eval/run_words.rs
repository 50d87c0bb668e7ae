//! Evaluation of the filters that read or stop the run rather than the game
//! (`lastgamenumber`, `cql_assertvariations`, `cql_abort`); `similarposition` is
//! `eval::similar_position`'s.

use super::{Evaluator, Value};
use crate::rules::Position;

impl<P: Position> Evaluator<'_, P> {
    /// Gives `lastgamenumber` its value: the number of the input's last game, counted by the
    /// run before the search.
    pub fn set_last_game_number(&self, n: u64) {
        self.last_game.set(Some(n));
    }

    /// Stops the run with `message` (the first such message is kept); no match.
    fn stop_run(&self, message: &str) -> Option<Value<P::Set>> {
        self.state
            .borrow_mut()
            .prog
            .abort
            .get_or_insert_with(|| message.to_string());
        None
    }

    /// `lastgamenumber`.
    pub(super) fn eval_last_game_number(&self) -> Option<Value<P::Set>> {
        match self.last_game.get() {
            Some(n) => Some(Value::Num(i64::try_from(n).unwrap_or(i64::MAX))),
            None => self.stop_run(
                "'lastgamenumber' needs the number of games of the input, which this run did \
                 not count",
            ),
        }
    }

    /// `cql_assertvariations "message"`.
    pub(super) fn eval_assert_variations(&self, message: &str) -> Option<Value<P::Set>> {
        if self.game.variations {
            Some(Value::Bool(true))
        } else {
            self.stop_run(message)
        }
    }

    /// `cql_abort`, written at `place` of the query.
    pub(super) fn eval_abort(&self, place: &str) -> Option<Value<P::Set>> {
        self.stop_run(&format!(
            "cql_abort reached at {place} of the query, in game number {}",
            self.game.number
        ))
    }
}
