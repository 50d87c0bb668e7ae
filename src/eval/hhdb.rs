//! Evaluation of [`crate::ir::HhdbWord`]: the HHdb words CQL 6.2 computes in C++
//! (`hhdb cooked`), game-level.

use super::{Evaluator, Value};
use crate::ir::HhdbWord;
use crate::rules::Position;

/// The text CQL 6.2's `hhdb cooked` looks for in the game.
const COOK_MARK: &str = "<cook";

impl<P: Position> Evaluator<'_, P> {
    /// Evaluates a [`HhdbWord`] (the same at every position of the game).
    pub(super) fn eval_hhdb(&self, w: HhdbWord) -> Option<Value<P::Set>> {
        match w {
            HhdbWord::HhdbCooked => {
                let record = self.game.record;
                let in_tags = record
                    .tags
                    .iter()
                    .any(|(k, v)| k.contains(COOK_MARK) || v.contains(COOK_MARK));
                let in_comments = record.nodes.iter().any(|n| {
                    n.comments_before
                        .iter()
                        .chain(&n.comments_after)
                        .any(|c| c.contains(COOK_MARK))
                });
                (in_tags || in_comments).then_some(Value::Bool(true))
            }
        }
    }
}
