//! The IR's words about a game's header: the tags a filter reads ([`TagName`]), the result
//! ([`GameResult`]) and the HHdb award codes of a study's Event tag ([`HhdbAward`]).

/// A PGN tag a game-info filter reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagName {
    /// `player white` / the White tag.
    White,
    /// `player black` / the Black tag.
    Black,
    /// `event`
    Event,
    /// `site`
    Site,
    /// `date`
    Date,
    /// Any other tag, by name.
    Other(String),
}

/// The result of a game (`result 1-0`, `result 0-1`, `result 1/2-1/2`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
}

/// Which studies an `hhdb` award filter admits (HHdb's Event tag starts with the award:
/// `1.p`, `2/3.hm`, `.c`, `sp.p`, ...).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AwardKind {
    /// `award`: any prize, honourable mention or commendation.
    Any,
    /// `prize` (`.p`)
    Prize,
    /// `hm` (`.hm`)
    HonourableMention,
    /// `commendation` (`.c`)
    Commendation,
}

/// `hhdb [special] [max] award|prize|hm|commendation`: the study's place in its award
/// (the first of a shared range `2/4.p`, or its last with `max`; 1 for an unranked `.p`,
/// and with `max` the last place CQL 6.2 assumes for it); a special award (`sp.p`) is worth 0,
/// which does not match, unless `special` asks for special awards only.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HhdbAward {
    /// Which awards count.
    pub kind: AwardKind,
    /// `special`: only special awards.
    pub special: bool,
    /// `max`: the last place of a shared range.
    pub max: bool,
}
