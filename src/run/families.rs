//! The run's side of the rule families (`rules::families`): how the PGN reader reads a
//! game's moves ([`move_reading`]) and the rules of a game under the run's options
//! (`rules_of`), for the search and `cqlq annotate`.

use crate::pgn::MoveReading;
use crate::rules::RulesError;
use crate::rules::families::{AnyRules, game_rules, with_fbr_rules};
use crate::rules::select::resolve_variant;

/// How the PGN reader reads a game's moves: each kept as written when every game is played
/// under a fairy variant or FBR rules (`as_written`), else as standard SAN unless the game's
/// `[Variant]` tag names no standard or online variant (a fairy one: `rules::families::game_rules` looks it
/// up among the fairy definitions).
pub fn move_reading(as_written: bool) -> MoveReading {
    if as_written {
        MoveReading::AsWritten
    } else {
        MoveReading::ByVariantTag(names_standard_or_online)
    }
}

/// Whether a `[Variant]` tag names standard chess, Chess960 or an online variant (whose
/// games are written in standard SAN).
fn names_standard_or_online(tag: &str) -> bool {
    resolve_variant(tag).is_ok()
}

/// The rules game `record` is played by: its `[Variant]` tag's, else the run's, with the
/// `--rules` text on top of known rules.
pub(super) fn rules_of(
    config: &super::RunConfig,
    record: &crate::pgn::GameRecord,
) -> Result<AnyRules, RulesError> {
    let rules = game_rules(
        record.tag("Variant"),
        config.default_fairy.as_ref(),
        &config.fairy_defs,
        config.default_variant,
    );
    match (rules, &config.rules_chess) {
        (rules, None) => rules,
        (Ok(AnyRules::Known(known)), Some(chess)) => with_fbr_rules(known, chess),
        (rules, Some(_)) => rules,
    }
}
