//! A UCI chess engine client for CQL-S's `:evaluation` and `:moveevaluation`: one engine
//! process per worker thread (started on first use from the path given with `--engine`),
//! `ucinewgame` + `isready` (the same engine state for every search, whatever the thread
//! count), `position fen ...` + `go depth N` / `go movetime MS`, the last `info ... score`
//! read before `bestmove`. Answers are cached per thread by FEN and limit.

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::OnceLock;

use crate::ir_cqls::EngineLimit;

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

static ENGINE_PATH: OnceLock<PathBuf> = OnceLock::new();

/// Sets the engine used by `:evaluation` (from `--engine`); the first call wins.
pub fn set_engine_path(path: PathBuf) {
    let _ = ENGINE_PATH.set(path);
}

/// The engine path set with [`set_engine_path`].
pub fn engine_path() -> Option<&'static Path> {
    ENGINE_PATH.get().map(PathBuf::as_path)
}

type Cache = HashMap<(String, EngineLimit), Score>;

thread_local! {
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    static SCORES: RefCell<Cache> = RefCell::new(HashMap::new());
}

/// The score of `fen` to `limit` from this thread's engine (None when no engine is set or it
/// failed; the failure is reported once on stderr).
pub fn evaluate_fen(fen: &str, limit: EngineLimit) -> Option<Score> {
    let key = (fen.to_string(), limit);
    if let Some(s) = SCORES.with(|c| c.borrow().get(&key).copied()) {
        return Some(s);
    }
    let path = engine_path()?;
    let score = ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        if e.is_none() {
            match Engine::start(path) {
                Ok(engine) => *e = Some(engine),
                Err(err) => {
                    eprintln!("cqlq: {err}");
                    return None;
                }
            }
        }
        match e.as_mut().expect("started").evaluate(fen, limit) {
            Ok(s) => Some(s),
            Err(err) => {
                eprintln!("cqlq: {err}");
                *e = None;
                None
            }
        }
    })?;
    SCORES.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > 100_000 {
            c.clear();
        }
        c.insert(key, score);
    });
    Some(score)
}
