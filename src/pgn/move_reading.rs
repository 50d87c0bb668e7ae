//! How the reader reads a game's move tokens: as standard SAN or as written (fairy SAN).

/// How a game's move tokens are read: as standard SAN, or each kept as written (fairy SAN).
///
/// Which `[Variant]` tags name games written in standard SAN is the rules' knowledge, not
/// the reader's: the caller gives it ([`MoveReading::ByVariantTag`]).
#[derive(Clone, Copy, Debug)]
pub enum MoveReading {
    /// Standard SAN, as pgn-reader normalises it, whatever the game's `[Variant]` tag says.
    San,
    /// Every move token kept as written: a fairy variant or rules given for every game.
    AsWritten,
    /// Standard SAN, unless the game's `[Variant]` tag is not empty and the function says
    /// it names no rules played in standard SAN (a fairy variant): then as written.
    ByVariantTag(fn(&str) -> bool),
}

impl MoveReading {
    /// Whether a game whose `[Variant]` tag is `variant` has its move tokens kept as written.
    pub fn as_written(self, variant: Option<&str>) -> bool {
        match self {
            MoveReading::San => false,
            MoveReading::AsWritten => true,
            MoveReading::ByVariantTag(standard_san) => {
                variant.is_some_and(|v| !v.trim().is_empty() && !standard_san(v))
            }
        }
    }
}
