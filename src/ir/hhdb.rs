//! The HHdb words CQL 6.2 computes in C++ rather than by CQL text: `hhdb cooked` (CQL 6.2's
//! `cql_hhdbhascook`). Evaluated by `eval::hhdb`; the HHdb words CQL 6.2 defines by CQL text
//! are lowered to plain filters (`query::lower::hhdb`).

/// A game-level filter computed in CQL 6.2's C++ rather than by CQL text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HhdbWord {
    /// `hhdb cooked` / `cql_hhdbhascook`: the game's PGN text contains `<cook` (CQL 6.2's
    /// `QGame::foundCook`, a substring search of the game's text); cqlq looks in the tags'
    /// names and values and in every comment, where PGN lets such text stand.
    HhdbCooked,
}
