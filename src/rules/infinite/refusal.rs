//! Questions the unbounded board cannot answer exactly (listing a co-finite set, the attack
//! set of an unblocked slider without `slideLimit`, every legal move when slides are
//! unbounded) are recorded here by the [`crate::rules::Position`] implementation, whose trait
//! methods cannot return an error. `run` clears the record before each game and, when the
//! game's evaluation recorded one, reports the game with it instead of its matches.
//!
//! The record is per thread: one game is evaluated on one thread from start to end.

use std::cell::RefCell;

thread_local! {
    static FIRST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Records that a question had no exact answer (the first record of a game is kept).
pub fn refuse(reason: impl Into<String>) {
    FIRST.with(|f| {
        let mut f = f.borrow_mut();
        if f.is_none() {
            *f = Some(reason.into());
        }
    });
}

/// Takes the first refusal recorded on this thread since the last call.
pub fn take() -> Option<String> {
    FIRST.with(|f| f.borrow_mut().take())
}
