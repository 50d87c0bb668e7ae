//! Filters that read what the run knows beyond the game being searched: the number of the
//! input's last game (`lastgamenumber`) and whether variations are searched (CQL 6.2's
//! `cql_assertvariations`, behind `hhdb <main>`, `hhdb <or>` and `hhdb mainline`).
//! Evaluated by `eval::run_words`.

/// A filter whose value comes from the run, not from the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RunWord {
    /// `lastgamenumber`: the number of the input's last game (the run counts the games
    /// before the search; CQL 6.2 counts the `[White ` tags of its one input file), capped
    /// by the `gamenumber` range's upper end as CQL 6.2 does.
    LastGameNumber,
    /// `cql_assertvariations`: matches when variations are searched; otherwise the run
    /// stops with this message (CQL 6.2 refuses such a query without `variations`).
    AssertVariations(&'static str),
}
