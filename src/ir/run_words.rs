//! Filters that read what the run knows beyond the game being searched: the number of the
//! input's last game (`lastgamenumber`) and whether variations are searched (CQL 6.2's
//! `cql_assertvariations`, behind `hhdb <main>`, `hhdb <or>` and `hhdb mainline`), and
//! `cql_abort`, which stops the run. Evaluated by `eval::run_words`.

use std::sync::Arc;

/// A filter whose value comes from the run, not from the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunWord {
    /// `lastgamenumber`: the number of the input's last game (the run counts the games
    /// before the search; CQL 6.2 counts the `[White ` tags of its one input file), capped
    /// by the `gamenumber` range's upper end as CQL 6.2 does.
    LastGameNumber,
    /// `cql_assertvariations`: matches when variations are searched; otherwise the run
    /// stops with this message (CQL 6.2 refuses such a query without `variations`).
    AssertVariations(Arc<str>),
    /// `cql_abort`: stops the run with an error when evaluated (CQL 6.2's `AbortNode`, "an
    /// internal logic error on matching"); holds where it is written (`line 1, column 5`).
    Abort(Arc<str>),
    /// `similarposition [nosort] [notransform] "f.pgn"`: the position (under a symmetry,
    /// unless `notransform`) is one of the submissions file's main-line positions; its value
    /// is the smallest such game number, a comment names each (CQL 6.2's `AnticipateNode`).
    SimilarPosition(Arc<super::submissions::Submissions>),
}
