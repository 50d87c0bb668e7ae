//! What evaluation reads beyond the game, passed to each evaluator explicitly (no statics, no
//! thread-locals): the run's [`Environment`] (the same for every game: file access and
//! `--secure`, the UCI engine's path) and a [`Worker`] (what one worker of the run keeps and
//! changes from game to game: the engine process and its scores), which the run makes per
//! worker and lends to the evaluators of the games that worker searches.

use std::cell::RefCell;
use std::path::PathBuf;

use super::files::FileAccess;
use crate::eval::engine::{Score, Session};
use crate::ir::cqls::EngineLimit;

/// The run's settings that filters read: the same for every game and every worker.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Environment {
    /// What `readfile` and `writefile` may touch (`--secure`, the run's input files).
    pub files: FileAccess,
    /// The UCI engine of CQL-S's `:evaluation` (`--engine`); None: those filters fail.
    pub engine: Option<PathBuf>,
    /// The Syzygy tables' folder of CQL-S's `:endgameevaluation` (`--syzygy`); None: those
    /// filters fail.
    pub syzygy: Option<PathBuf>,
}

/// No files refused, no engine: the environment of an evaluator made without one (tests,
/// `cqlq annotate`, whose themes may not use an engine).
pub static NO_ENVIRONMENT: Environment = Environment {
    files: FileAccess {
        secure: false,
        inputs: Vec::new(),
        input_ids: Vec::new(),
        output: None,
    },
    engine: None,
    syzygy: None,
};

/// What one worker of the run keeps between games: its engine process and the scores it
/// gave. Lent to one evaluator at a time (one game on one thread).
#[derive(Default)]
pub struct Worker {
    engine: RefCell<Session>,
    /// The Syzygy tables, opened at the first probe (None inside: they could not be).
    tables: std::cell::OnceCell<Option<super::tablebase::Tables>>,
}

impl Worker {
    /// The score of `fen` to `limit` from this worker's engine (None when the environment
    /// names no engine, or the engine failed: reported once on stderr).
    pub fn engine_score(&self, env: &Environment, fen: &str, limit: EngineLimit) -> Option<Score> {
        let path = env.engine.as_deref()?;
        self.engine.borrow_mut().evaluate_fen(path, fen, limit)
    }

    /// The side to move's result in `fen` with best play by the Syzygy tables of the
    /// environment's folder (1 win, 0 draw, -1 loss); None without tables or an answer.
    pub fn tablebase_result(&self, env: &Environment, fen: &str) -> Option<i32> {
        let dir = env.syzygy.as_deref()?;
        self.tables
            .get_or_init(|| super::tablebase::Tables::open(dir).ok())
            .as_ref()?
            .result(fen)
    }
}
