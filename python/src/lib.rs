//! `cqlq._cqlq`: the Rust half of the Python package (`cqlq/__init__.py` is the other). A
//! search runs [`cqlq::api`] on a thread of its own, which hands each matched position's
//! `--json` line through a bounded channel (memory stays bounded however many positions
//! match); the Python thread waits for it with the GIL released, checking for Ctrl-C
//! between waits, and stops the search when the iterator is dropped or interrupted.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cqlq::api::{CompiledQuery, QUERY_NAME, SearchError as ApiError, SearchOptions};
use cqlq::input::Input;
use cqlq::run::Summary;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};

create_exception!(
    _cqlq,
    QueryError,
    PyValueError,
    "A query cqlq cannot run: `line` and `column` (1-based) say where, `message` (and \
     `str(error)`) is the error as the command line draws it, `reason` its first line."
);
create_exception!(
    _cqlq,
    SearchError,
    PyRuntimeError,
    "A search that could not finish: an input that could not be read (named on stderr), a \
     failed `assert`, or the search thread stopped."
);

/// Matched positions' lines waiting in the channel: enough to keep the search busy while
/// Python reads them, few enough to bound memory (a line is about a kilobyte).
const LINES_AHEAD: usize = 1024;

/// How long the Python thread waits for the search before it checks for Ctrl-C.
const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// A compiled query, reusable by `search` and `count`.
#[pyclass(frozen, name = "Query", module = "cqlq")]
struct PyQuery {
    compiled: Arc<CompiledQuery>,
}

#[pymethods]
impl PyQuery {
    /// The query's text, as given.
    #[getter]
    fn text(&self) -> &str {
        self.compiled.text()
    }

    fn __repr__(&self) -> String {
        format!("cqlq.Query({:?})", self.compiled.text())
    }
}

/// `cqlq.QueryError` for `e`, an error of the query `text`.
fn query_error(py: Python<'_>, e: &cqlq::query::QueryError, text: &str) -> PyErr {
    let rendered = e.render(QUERY_NAME, text);
    let err = QueryError::new_err(rendered.clone());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("line", e.line)?;
        value.setattr("column", e.column)?;
        value.setattr("message", rendered.as_str())?;
        value.setattr("reason", e.message.as_str())
    };
    if let Err(failed) = set() {
        return failed;
    }
    err
}

/// Compiles `query` (`dialect`: "cql", "cqls" or None to tell from the text; `secure`: the
/// command line's `--secure`). Raises `QueryError`.
#[pyfunction]
#[pyo3(signature = (query, dialect=None, secure=false))]
fn compile(py: Python<'_>, query: &str, dialect: Option<&str>, secure: bool) -> PyResult<PyQuery> {
    let dialect = match dialect {
        None => None,
        Some("cql") => Some(cqlq::query::Dialect::Cql),
        Some("cqls") => Some(cqlq::query::Dialect::Cqls),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "dialect: {other:?} is not a dialect: give \"cql\" or \"cqls\""
            )));
        }
    };
    let text = query.to_string();
    let compiled = py
        .allow_threads(move || CompiledQuery::new(&text, dialect, secure))
        .map_err(|e| query_error(py, &e, query))?;
    Ok(PyQuery {
        compiled: Arc::new(compiled),
    })
}

/// The inputs Python gives: a path (`str`) or PGN text in memory (`(name, bytes)`), in
/// order; a folder stands for its game files, as on the command line.
fn inputs_of(items: &Bound<'_, PyTuple>) -> PyResult<Vec<Input>> {
    let mut inputs = Vec::new();
    for item in items.iter() {
        if let Ok((name, pgn)) = item.extract::<(String, Bound<'_, PyBytes>)>() {
            inputs.push(Input::Text {
                name,
                pgn: Arc::from(pgn.as_bytes()),
            });
        } else if let Ok(path) = item.extract::<PathBuf>() {
            inputs.extend(
                cqlq::api::inputs_of_paths(&[path])
                    .map_err(|e| SearchError::new_err(e.to_string()))?,
            );
        } else {
            return Err(PyValueError::new_err(
                "an input is a path (str) or (name, PGN bytes)",
            ));
        }
    }
    Ok(inputs)
}

/// The options, named as the command line's.
fn options_of(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<SearchOptions> {
    let mut options = SearchOptions::default();
    let Some(kwargs) = kwargs else {
        return Ok(options);
    };
    for (key, value) in kwargs.iter() {
        let key: String = key.extract()?;
        if value.is_none() {
            continue;
        }
        match key.as_str() {
            "variations" => options.variations = Some(value.extract()?),
            "threads" => options.threads = Some(value.extract()?),
            "variant" => options.variant = Some(value.extract()?),
            "limit" => options.limit = Some(value.extract()?),
            "engine" => options.engine = Some(value.extract()?),
            // `index=False` is the command line's `--no-index`.
            "index" => options.no_index = !value.extract::<bool>()?,
            _ => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "unexpected option {key:?}: the options are variations, threads, variant, \
                     limit, engine and index"
                )));
            }
        }
    }
    Ok(options)
}

/// What the search thread sends: each match's line, then the end.
enum Sent {
    /// A matched position's `--json` line.
    Line(String),
    /// The search ended: its summary or why it failed.
    Done(Result<Summary, ApiError>),
}

/// A search running on its own thread, read line by line.
struct Running {
    /// None once the search ended (or was abandoned). In a mutex only so that the Python
    /// object is `Sync`; it is taken through `&mut self`, never locked.
    lines: Mutex<Option<Receiver<Sent>>>,
    /// Told to the search when Python stops reading.
    stop: Arc<AtomicBool>,
    /// The query's text, for its errors.
    text: String,
}

impl Running {
    /// Starts `work` (which sends lines through the sender it is given) on a new thread.
    fn start(
        query: &PyQuery,
        stop: Arc<AtomicBool>,
        work: impl FnOnce(SyncSender<Sent>) -> Result<Summary, ApiError> + Send + 'static,
    ) -> Running {
        let (send, lines) = sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let done = send.clone();
            let result = work(send);
            let _ = done.send(Sent::Done(result));
        });
        Running {
            lines: Mutex::new(Some(lines)),
            stop,
            text: query.compiled.text().to_string(),
        }
    }

    /// The next line, or the summary at the end (None once it was given). Waits with the
    /// GIL released; Ctrl-C stops the search and raises `KeyboardInterrupt`.
    fn next(&mut self, py: Python<'_>) -> PyResult<Option<Result<String, Summary>>> {
        loop {
            let Some(lines) = self.slot().take() else {
                return Ok(None);
            };
            let (lines, got) = py.allow_threads(move || {
                let got = lines.recv_timeout(SIGNAL_CHECK);
                (lines, got)
            });
            match got {
                Ok(Sent::Line(line)) => {
                    *self.slot() = Some(lines);
                    return Ok(Some(Ok(line)));
                }
                Ok(Sent::Done(Ok(summary))) => return self.ended(summary).map(Some),
                Ok(Sent::Done(Err(e))) => return Err(self.error(py, e)),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(interrupted) = py.check_signals() {
                        self.stop.store(true, Ordering::Relaxed);
                        return Err(interrupted);
                    }
                    *self.slot() = Some(lines);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(SearchError::new_err(
                        "the search stopped unexpectedly (see the message on stderr)",
                    ));
                }
            }
        }
    }

    /// The receiver's place.
    fn slot(&mut self) -> &mut Option<Receiver<Sent>> {
        self.lines.get_mut().unwrap_or_else(|e| e.into_inner())
    }

    /// The end of a search: its summary, or `SearchError` when it could not finish.
    fn ended(&self, summary: Summary) -> PyResult<Result<String, Summary>> {
        if let Some(why) = &summary.aborted {
            return Err(SearchError::new_err(why.clone()));
        }
        if summary.unreadable_inputs > 0 {
            return Err(SearchError::new_err(format!(
                "{} input(s) could not be read (the message on stderr names each)",
                summary.unreadable_inputs
            )));
        }
        Ok(Err(summary))
    }

    /// The Python exception of a search that failed.
    fn error(&self, py: Python<'_>, e: ApiError) -> PyErr {
        match e {
            ApiError::Query(e) => query_error(py, &e, &self.text),
            ApiError::Option { .. } => PyValueError::new_err(e.to_string()),
            ApiError::Io(e) => SearchError::new_err(e.to_string()),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // Python stopped reading: the search stops after the batch it is searching.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The matched positions of a search, as `--json` lines, read lazily.
#[pyclass(name = "_Lines", module = "cqlq")]
struct Lines {
    running: Running,
    /// The search's counts, once it ended.
    summary: Option<Summary>,
}

#[pymethods]
impl Lines {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<String>> {
        match self.running.next(py)? {
            Some(Ok(line)) => Ok(Some(line)),
            Some(Err(summary)) => {
                self.summary = Some(summary);
                Ok(None)
            }
            None => Ok(None),
        }
    }

    /// Stops the search (it ends after the batch of games it is searching).
    fn close(&mut self) {
        self.running.stop.store(true, Ordering::Relaxed);
        *self.running.slot() = None;
    }

    /// The search's counts once it ended (None before): games, matched_games,
    /// matched_positions, bad_games.
    #[getter]
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.summary
            .as_ref()
            .map(|s| summary_dict(py, s))
            .transpose()
    }
}

/// A summary as a dict.
fn summary_dict<'py>(py: Python<'py>, s: &Summary) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("games", s.games)?;
    d.set_item("matched_games", s.matched_games)?;
    d.set_item("matched_positions", s.matched_positions)?;
    d.set_item("bad_games", s.bad_games)?;
    d.set_item("stopped_at_limit", s.stopped_at_limit)?;
    Ok(d)
}

/// Starts searching `inputs` (paths, `(name, bytes)` PGN texts) for `query`; options as
/// the command line's (`variations`, `threads`, `variant`, `limit`, `engine`; `index=False`
/// for `--no-index`). Each item is
/// a matched position's `cqlq --json` line.
#[pyfunction]
#[pyo3(signature = (query, inputs, **options))]
fn search_lines(
    query: &PyQuery,
    inputs: &Bound<'_, PyTuple>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Lines> {
    let inputs = inputs_of(inputs)?;
    let mut options = options_of(options)?;
    let stop = Arc::new(AtomicBool::new(false));
    options.stop = Some(stop.clone());
    let compiled = query.compiled.clone();
    let running = Running::start(query, stop, move |send| {
        let mut on_match = |line: &str| {
            send.send(Sent::Line(line.to_string()))
                .map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))
        };
        cqlq::api::search(&compiled, inputs, &options, &mut on_match)
    });
    Ok(Lines {
        running,
        summary: None,
    })
}

/// The number of games of `inputs` with a position matching `query`, as `cqlq --count`
/// prints it; options as [`search_lines`]'s.
#[pyfunction]
#[pyo3(signature = (query, inputs, **options))]
fn count(
    py: Python<'_>,
    query: &PyQuery,
    inputs: &Bound<'_, PyTuple>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<u64> {
    let inputs = inputs_of(inputs)?;
    let mut options = options_of(options)?;
    let stop = Arc::new(AtomicBool::new(false));
    options.stop = Some(stop.clone());
    let compiled = query.compiled.clone();
    let mut running = Running::start(query, stop, move |_| {
        cqlq::api::count(&compiled, inputs, &options)
    });
    loop {
        match running.next(py)? {
            Some(Err(summary)) => return Ok(summary.matched_games),
            Some(Ok(_)) => {}
            None => return Err(SearchError::new_err("the search ended without a count")),
        }
    }
}

/// The module `cqlq._cqlq`.
#[pymodule]
fn _cqlq(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyQuery>()?;
    m.add_class::<Lines>()?;
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add_function(wrap_pyfunction!(search_lines, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add("QueryError", m.py().get_type::<QueryError>())?;
    m.add("SearchError", m.py().get_type::<SearchError>())?;
    Ok(())
}
