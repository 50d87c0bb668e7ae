//! The limits that keep one position's evaluation bounded in time and memory: one budget of
//! loop rounds shared by every loop at a position (`while`, `loop`, `square`, `piece`,
//! `echo`, dictionary loops: nesting them no longer multiplies the cap), and the largest
//! string a filter may make (`+`, `str`) or `readfile` may read.
//!
//! Going over a limit stops the run, as a failed `assert` does: the game's evaluation ends at
//! once (every loop checks the budget), the games before it are written, and `cqlq` prints the
//! message (naming the filter, the game number and the position id) and exits 2.

use super::{Evaluator, Value};
use crate::rules::Position;

/// Most loop rounds (all loops together) while evaluating the query at one position.
pub const MAX_ROUNDS: u64 = 1_000_000;

/// The largest string (in bytes) a filter may make or `readfile` may read: 16 MiB.
pub const MAX_STRING_BYTES: usize = 16 << 20;

/// The most text (in bytes) one game's `comment`s, `message`s and `writefile`s may hold
/// together: 64 MiB. They are kept until the game ends (so that the output is in input
/// order whatever the thread count); past this the run stops with an error naming it.
pub const MAX_GAME_TEXT_BYTES: usize = 64 << 20;

impl<P: Position> Evaluator<'_, P> {
    /// Starts the budget of a new position: call before evaluating the query at each
    /// searched position.
    pub fn begin_position(&self) {
        self.state.borrow_mut().rounds = 0;
    }

    /// Counts one round of a loop (`word` names it); true when the evaluation must stop: the
    /// position's budget of [`MAX_ROUNDS`] is spent, or the run is stopping already.
    pub(super) fn spend_round(&self, word: &str, at: u32) -> bool {
        self.spend_rounds(word, at, 1)
    }

    /// Counts `n` rounds of a loop at once, as `n` calls of [`Self::spend_round`] would
    /// (the message is the same: it names the word and the position, not the round).
    pub(super) fn spend_rounds(&self, word: &str, at: u32, n: u64) -> bool {
        let mut st = self.state.borrow_mut();
        st.rounds += n;
        if st.rounds > MAX_ROUNDS && st.prog.abort.is_none() {
            let m = format!(
                "'{word}' stopped: the loops at one position ran more than {MAX_ROUNDS} \
                 rounds together (game number {} and position id {at})",
                self.game.number
            );
            st.prog.abort = Some(m);
        }
        st.prog.abort.is_some()
    }

    /// `text` as the string value of filter `word`, or None (and the run stops) when it is
    /// longer than [`MAX_STRING_BYTES`].
    pub(super) fn capped_string(&self, text: String, word: &str, at: u32) -> Option<Value<P::Set>> {
        if text.len() <= MAX_STRING_BYTES {
            return Some(Value::Str(text));
        }
        self.stop_for_size(word, "a string", at);
        None
    }

    /// Counts `added` more bytes of text held for the game's output (a `message` or a
    /// `writefile`; comments count themselves as they are made); true when the game now
    /// holds more than [`MAX_GAME_TEXT_BYTES`] and the run stops.
    pub(super) fn hold_text(&self, word: &str, added: usize, at: u32) -> bool {
        let mut st = self.state.borrow_mut();
        st.held_text += added;
        if st.held_text > MAX_GAME_TEXT_BYTES && st.prog.abort.is_none() {
            let m = format!(
                "'{word}' stopped: the comments, messages and writefile texts of one game \
                 passed the limit of {MAX_GAME_TEXT_BYTES} bytes (64 MiB) they may hold until \
                 the game ends (game number {} and position id {at})",
                self.game.number
            );
            st.prog.abort = Some(m);
        }
        st.prog.abort.is_some()
    }

    /// Stops the run: filter `word` met `what` (a string, a file) longer than
    /// [`MAX_STRING_BYTES`].
    pub(super) fn stop_for_size(&self, word: &str, what: &str, at: u32) {
        let m = format!(
            "'{word}' stopped: {what} longer than {MAX_STRING_BYTES} bytes \
             (game number {} and position id {at})",
            self.game.number
        );
        self.state.borrow_mut().prog.abort.get_or_insert(m);
    }
}
