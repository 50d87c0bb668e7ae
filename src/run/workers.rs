//! The run's workers: what one worker keeps from game to game (the one-pass search's scratch,
//! the evaluator's [`Worker`] with its engine), pooled so that every batch's parallel tasks
//! lease one (rayon's `map_init`) and give it back, and an engine started for one batch
//! serves the next.

use std::ops::{Deref, DerefMut};
use std::sync::Mutex;

use rayon::prelude::*;

use super::one_pass::{MatchRate, Scratch};
use crate::eval::Worker;

/// What one worker uses for the games it searches.
#[derive(Default)]
pub(super) struct WorkerState {
    /// The one-pass search's reused tag strings.
    pub scratch: Scratch,
    /// The evaluators' per-worker state (the engine).
    pub eval: Worker,
    /// How many of its recent games matched: whether an indexed game's packed moves are
    /// replayed before its text.
    pub match_rate: MatchRate,
}

/// The workers not searching a game now.
#[derive(Default)]
pub(super) struct Pool {
    idle: Mutex<Vec<WorkerState>>,
}

impl Pool {
    /// `work` on each of `games` (with its place among them) and a worker leased for it, the
    /// results in order: in parallel on rayon's workers, or with `in_order` one after the
    /// other on one worker (a query carrying values from game to game).
    pub fn map<G: Sync, R: Send>(
        &self,
        games: &[G],
        in_order: bool,
        work: impl Fn(&mut WorkerState, usize, &G) -> R + Sync + Send,
    ) -> Vec<R> {
        if in_order {
            let mut worker = self.lease();
            (games.iter().enumerate())
                .map(|(k, game)| work(&mut worker, k, game))
                .collect()
        } else {
            let lease = || self.lease();
            (games.par_iter().enumerate())
                .map_init(lease, |worker, (k, game)| work(worker, k, game))
                .collect()
        }
    }

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
