//! Which rules a game is played under: its `[Variant]` tag (or the `--variant` option) resolved
//! to a rule family, under the names lichess, FICS, pychess, Fairy-Stockfish and CQLi use.
//!
//! Names are compared case-insensitively with spaces, hyphens and underscores left out, so
//! `King of the Hill`, `kingofthehill` and `king-of-the-hill` are one name. An unknown name is
//! an error (`unknown variant "X"`): a game is never replayed as standard chess silently.

use super::online::OnlineVariant;
use super::{RulesError, RulesErrorKind};

/// The rules a game is replayed under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRules {
    /// Standard chess (`chess960 == false`) or Chess960, through [`super::standard::Standard`].
    Standard {
        /// Chess960 castling.
        chess960: bool,
    },
    /// A lichess/FICS variant, through [`super::online::Online`].
    Online(OnlineVariant),
}

impl GameRules {
    /// The variant's usual name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            GameRules::Standard { chess960: false } => "Standard",
            GameRules::Standard { chess960: true } => "Chess960",
            GameRules::Online(v) => v.name(),
        }
    }
}

/// Every accepted spelling (normalised: lower case, no spaces, hyphens or underscores) and
/// the rules it names. Sources: lichess tag values (`Standard`, `From Position`, `Chess960`,
/// `Crazyhouse`, `Atomic`, `Antichess`, `King of the Hill`, `Three-check`, `Horde`,
/// `Racing Kings`), their API keys (`kingOfTheHill`, `threeCheck`, `racingKings`), the UCI
/// names of Fairy-Stockfish and python-chess (`3check`, `kingofthehill`, `racingkings`, ...),
/// FICS categories (`wild/fr`, `suicide`, `losers`, `giveaway`, `crazyhouse`) and CQLi's alias
/// table (`ZH`, `House`, `Atom`, `KOTH`, `Race`, `Racing`, `3 Check`, ... `Chess`), and
/// pychess's Chess960 forms (`crazyhouse960`, `atomic960`, `kingofthehill960`, `3check960`:
/// their games carry a FEN, whose castling rights select Chess960 castling).
const NAMES: &[(&str, GameRules)] = {
    use GameRules::{Online as O, Standard as S};
    use OnlineVariant as V;
    &[
        ("standard", S { chess960: false }),
        ("chess", S { chess960: false }),
        ("normal", S { chess960: false }),
        ("classical", S { chess960: false }),
        ("fromposition", S { chess960: false }),
        ("standardchess", S { chess960: false }),
        ("chess960", S { chess960: true }),
        ("960", S { chess960: true }),
        ("fischerandom", S { chess960: true }),
        ("fischerrandom", S { chess960: true }),
        ("frc", S { chess960: true }),
        ("freestyle", S { chess960: true }),
        ("wild/fr", S { chess960: true }),
        ("crazyhouse", O(V::Crazyhouse)),
        ("zh", O(V::Crazyhouse)),
        ("crazyhouse960", O(V::Crazyhouse)),
        ("house", O(V::Crazyhouse)),
        ("atomic", O(V::Atomic)),
        ("atom", O(V::Atomic)),
        ("atomicchess", O(V::Atomic)),
        ("atomic960", O(V::Atomic)),
        ("antichess", O(V::Antichess)),
        ("anti", O(V::Antichess)),
        ("suicide", O(V::Antichess)),
        ("suicidechess", O(V::Antichess)),
        ("giveaway", O(V::Giveaway)),
        ("giveawaychess", O(V::Giveaway)),
        ("losers", O(V::Losers)),
        ("loserschess", O(V::Losers)),
        ("kingofthehill", O(V::KingOfTheHill)),
        ("koth", O(V::KingOfTheHill)),
        ("kingofthehillchess", O(V::KingOfTheHill)),
        ("kingofthehill960", O(V::KingOfTheHill)),
        ("threecheck", O(V::ThreeCheck)),
        ("3check", O(V::ThreeCheck)),
        ("threecheckchess", O(V::ThreeCheck)),
        ("3checkchess", O(V::ThreeCheck)),
        ("3check960", O(V::ThreeCheck)),
        ("horde", O(V::Horde)),
        ("hordechess", O(V::Horde)),
        ("racingkings", O(V::RacingKings)),
        ("racing", O(V::RacingKings)),
        ("race", O(V::RacingKings)),
        ("racingkingschess", O(V::RacingKings)),
    ]
};

/// A variant name folded for comparison: lower case, without spaces, hyphens, underscores
/// (made as it is compared: a lichess game's `[Variant "Standard"]` allocates nothing).
fn folded(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '\t'))
        .flat_map(char::to_lowercase)
}

/// The rules a variant name stands for; `unknown variant "X"` otherwise.
pub fn resolve_variant(name: &str) -> Result<GameRules, RulesError> {
    NAMES
        .iter()
        .find(|(n, _)| n.chars().eq(folded(name)))
        .map(|&(_, rules)| rules)
        .ok_or_else(|| {
            RulesError::new(
                RulesErrorKind::UnknownVariant,
                format!("unknown variant \"{}\"", name.trim()),
            )
        })
}

/// The rules of one game: its `[Variant]` tag when present and not empty, else `default`
/// (the `--variant` option), else standard chess.
pub fn rules_for_game(
    variant_tag: Option<&str>,
    default: Option<GameRules>,
) -> Result<GameRules, RulesError> {
    match variant_tag.filter(|t| !t.trim().is_empty()) {
        Some(tag) => resolve_variant(tag),
        None => Ok(default.unwrap_or(GameRules::Standard { chess960: false })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tag values of lichess exports and of the oracle PGNs, FICS/CQLi spellings.
    #[test]
    fn names_resolve_case_insensitively() {
        let cases = [
            ("Standard", GameRules::Standard { chess960: false }),
            ("From Position", GameRules::Standard { chess960: false }),
            ("Chess960", GameRules::Standard { chess960: true }),
            ("wild/fr", GameRules::Standard { chess960: true }),
            ("Crazyhouse", GameRules::Online(OnlineVariant::Crazyhouse)),
            ("crazyhouse", GameRules::Online(OnlineVariant::Crazyhouse)),
            ("ZH", GameRules::Online(OnlineVariant::Crazyhouse)),
            ("atomic", GameRules::Online(OnlineVariant::Atomic)),
            ("Antichess", GameRules::Online(OnlineVariant::Antichess)),
            ("Giveaway", GameRules::Online(OnlineVariant::Giveaway)),
            ("suicide", GameRules::Online(OnlineVariant::Antichess)),
            ("Losers", GameRules::Online(OnlineVariant::Losers)),
            (
                "King of the Hill",
                GameRules::Online(OnlineVariant::KingOfTheHill),
            ),
            (
                "kingOfTheHill",
                GameRules::Online(OnlineVariant::KingOfTheHill),
            ),
            ("KOTH", GameRules::Online(OnlineVariant::KingOfTheHill)),
            ("Three-check", GameRules::Online(OnlineVariant::ThreeCheck)),
            ("3check", GameRules::Online(OnlineVariant::ThreeCheck)),
            ("3 Check", GameRules::Online(OnlineVariant::ThreeCheck)),
            ("Horde", GameRules::Online(OnlineVariant::Horde)),
            (
                "Racing Kings",
                GameRules::Online(OnlineVariant::RacingKings),
            ),
            ("racingkings", GameRules::Online(OnlineVariant::RacingKings)),
            (
                "crazyhouse960",
                GameRules::Online(OnlineVariant::Crazyhouse),
            ),
        ];
        for (name, rules) in cases {
            assert_eq!(resolve_variant(name), Ok(rules), "{name}");
        }
    }

    #[test]
    fn unknown_names_are_errors_and_missing_tags_default() {
        assert_eq!(
            resolve_variant("Bughouse").unwrap_err().reason,
            "unknown variant \"Bughouse\""
        );
        assert_eq!(
            rules_for_game(None, None),
            Ok(GameRules::Standard { chess960: false })
        );
        let zh = GameRules::Online(OnlineVariant::Crazyhouse);
        assert_eq!(rules_for_game(Some(""), Some(zh)), Ok(zh));
        assert_eq!(
            rules_for_game(Some("Atomic"), Some(zh)),
            Ok(GameRules::Online(OnlineVariant::Atomic))
        );
    }
}
