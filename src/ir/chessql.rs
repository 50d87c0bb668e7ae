//! Filters CQL 6.2 defines below the CQL language itself, met by the chessql parser cases:
//! `hhdb cooked` (CQL 6.2's `cql_hhdbhascook`). Evaluated by `eval::chessql`.

/// A game-level filter computed in CQL 6.2's C++ rather than by CQL text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChessqlWord {
    /// `hhdb cooked` / `cql_hhdbhascook`: the game's PGN text contains `<cook` (CQL 6.2's
    /// `QGame::foundCook`, a substring search of the game's text); cqlq looks in the tags'
    /// names and values and in every comment, where PGN lets such text stand.
    HhdbCooked,
}
