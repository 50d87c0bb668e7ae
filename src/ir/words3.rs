//! Filters that read what the run knows beyond the game being searched: the number of the
//! input's last game (`lastgamenumber`) and whether variations are searched (CQL 6.2's
//! `cql_assertvariations`, behind `hhdb <main>`, `hhdb <or>` and `hhdb mainline`).
//! Evaluated by `eval::words3`.

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

/// `x ∊ D body` (also CQL 6.1's `string x in D body`): binds x to each key of dictionary D in
/// key order and evaluates the body; always matches, and leaves x unbound (CQL 6.2's
/// `DictionaryIterateNode`). Evaluated by `eval::words3`.
#[derive(Clone, Debug, PartialEq)]
pub struct DictLoop<S> {
    /// The dictionary's slot.
    pub dict: super::prog::DictId,
    /// The variable bound to each key.
    pub var: super::VarId,
    /// The variable's name, for the error when it is already bound.
    pub name: String,
    /// The filter evaluated for each key.
    pub body: super::Node<S>,
}
