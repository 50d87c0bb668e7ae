//! A UCI chess engine client for CQL-S's `:evaluation` and `:moveevaluation`: one engine
//! process per worker of the run (a [`Session`], started on first use from the path given
//! with `--engine`, which the run's `eval::Environment` carries),
//! `ucinewgame` + `isready` (the same engine state for every search, whatever the thread
//! count), `position fen ...` + `go depth N` / `go movetime MS`, the last `info ... score`
//! read before `bestmove`. Answers are cached per worker by FEN and limit.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use crate::ir::cqls::EngineLimit;

/// An engine's verdict, from the side to move's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i64),
    /// Mate in n moves (negative: the side to move is mated).
    Mate(i64),
}

impl Score {
    /// Centipawns, a mate counting as ±100,000.
    pub fn centipawns(self) -> i64 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(n) if n > 0 => 100_000,
            Score::Mate(_) => -100_000,
        }
    }
}

/// A running UCI engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// Why the engine could not answer.
#[derive(Debug)]
pub struct EngineError(pub String);

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EngineError {}

impl Engine {
    /// Starts the engine at `path` and waits for `uciok` and `readyok`.
    pub fn start(path: &Path) -> Result<Engine, EngineError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError(format!("cannot start engine {}: {e}", path.display())))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut engine = Engine {
            child,
            stdin,
            stdout,
        };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| EngineError(format!("engine closed its input: {e}")))
    }

    fn read_line(&mut self) -> Result<String, EngineError> {
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) => Err(EngineError("the engine exited".into())),
            Ok(_) => Ok(line),
            Err(e) => Err(EngineError(format!("reading the engine: {e}"))),
        }
    }

    fn wait_for(&mut self, word: &str) -> Result<(), EngineError> {
        loop {
            if self.read_line()?.trim() == word {
                return Ok(());
            }
        }
    }

    /// Searches `fen` to `limit`; the last score the engine reported. Every search starts
    /// from the same engine state (`ucinewgame`, which clears the hash, then `isready`), so
    /// that a position's score does not depend on which positions this engine searched
    /// before, and so on how the games were shared among the worker threads.
    pub fn evaluate(&mut self, fen: &str, limit: EngineLimit) -> Result<Score, EngineError> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok")?;
        self.send(&format!("position fen {fen}"))?;
        self.send(&match limit {
            EngineLimit::Depth(d) => format!("go depth {d}"),
            EngineLimit::MoveTime(ms) => format!("go movetime {ms}"),
        })?;
        let mut score = None;
        loop {
            let line = self.read_line()?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"bestmove") => break,
                Some(&"info") => {
                    if let Some(i) = words.iter().position(|w| *w == "score") {
                        let n = words.get(i + 2).and_then(|v| v.parse::<i64>().ok());
                        score = match (words.get(i + 1), n) {
                            (Some(&"cp"), Some(n)) => Some(Score::Cp(n)),
                            (Some(&"mate"), Some(n)) => Some(Score::Mate(n)),
                            _ => score,
                        };
                    }
                }
                _ => {}
            }
        }
        // No legal move: the engine reports `mate 0` (mated) or `cp 0` (stalemate).
        Ok(score.unwrap_or(Score::Cp(0)))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

type Cache = HashMap<(String, EngineLimit), Score>;

/// One worker's engine: the process (started on first use, restarted after a failure) and
/// its answers by FEN and limit. Each worker of the run has its own (`eval::Worker`).
#[derive(Default)]
pub struct Session {
    engine: Option<Engine>,
    scores: Cache,
}

impl Session {
    /// The score of `fen` to `limit` from the engine at `path` (None when it failed; the
    /// failure is reported on stderr).
    pub fn evaluate_fen(&mut self, path: &Path, fen: &str, limit: EngineLimit) -> Option<Score> {
        let key = (fen.to_string(), limit);
        if let Some(&s) = self.scores.get(&key) {
            return Some(s);
        }
        let engine = match &mut self.engine {
            Some(engine) => engine,
            None => match Engine::start(path) {
                Ok(engine) => self.engine.insert(engine),
                Err(err) => {
                    eprintln!("cqlq: {err}");
                    return None;
                }
            },
        };
        let score = match engine.evaluate(fen, limit) {
            Ok(s) => s,
            Err(err) => {
                eprintln!("cqlq: {err}");
                self.engine = None;
                return None;
            }
        };
        if self.scores.len() > 100_000 {
            self.scores.clear();
        }
        self.scores.insert(key, score);
        Some(score)
    }
}
