//! The run's workers: what one worker keeps from game to game (the one-pass search's scratch,
//! the evaluator's [`Worker`] with its engine), pooled so that every batch's parallel tasks
//! lease one (rayon's `map_init`) and give it back, and an engine started for one batch
//! serves the next.

use std::ops::{Deref, DerefMut};
use std::sync::Mutex;

use super::one_pass::Scratch;
use crate::eval::Worker;

/// What one worker uses for the games it searches.
#[derive(Default)]
pub(super) struct WorkerState {
    /// The one-pass search's reused tag strings.
    pub scratch: Scratch,
    /// The evaluators' per-worker state (the engine).
    pub eval: Worker,
}

/// The workers not searching a game now.
#[derive(Default)]
pub(super) struct Pool {
    idle: Mutex<Vec<WorkerState>>,
}

impl Pool {
    /// An idle worker, or a new one.
    pub fn lease(&self) -> Lease<'_> {
        let state = self
            .idle
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .pop()
            .unwrap_or_default();
        Lease {
            pool: self,
            state: Some(state),
        }
    }
}

/// A worker lent by the [`Pool`], given back when dropped.
pub(super) struct Lease<'a> {
    pool: &'a Pool,
    state: Option<WorkerState>,
}

impl Deref for Lease<'_> {
    type Target = WorkerState;
    fn deref(&self) -> &WorkerState {
        self.state.as_ref().expect("leased until dropped")
    }
}

impl DerefMut for Lease<'_> {
    fn deref_mut(&mut self) -> &mut WorkerState {
        self.state.as_mut().expect("leased until dropped")
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        if let Some(state) = self.state.take() {
            self.pool
                .idle
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(state);
        }
    }
}
