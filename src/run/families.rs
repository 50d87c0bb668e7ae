//! The rule families of PGN games, dispatched once for the search and `cqlq annotate`:
//! which rules a game plays under ([`game_rules`]: its `[Variant]` tag, else `--variant`,
//! else standard chess) and its start position under them ([`start_game`]), handed to an
//! [`OnStart`] that searches it with the filter lowered for that board. Standard chess and
//! the online variants share the 8x8 filter; each fairy variant has its own. (ICN input,
//! the fourth family, is told apart by the input, not per game: `run::icn`.)

use std::sync::Arc;

use shakmaty::Bitboard;

use super::fairy::{AnyRules, resolve_any};
use crate::pgn::MoveReading;
use crate::rules::fairy::{FairyPos, Variant, VariantBook};
use crate::rules::online::Online;
use crate::rules::select::{GameRules, resolve_variant, rules_for_game};
use crate::rules::standard::Standard;
use crate::rules::{Position, RulesError};

/// What to do with a game's start position, per family.
pub trait OnStart {
    /// What the game's search gives.
    type Out;
    /// A game of standard chess, Chess960 or an online variant (the 8x8 filter).
    fn on_8x8<P: Position<Set = Bitboard>>(self, start: P) -> Self::Out;
    /// A game of the fairy variant `variant` (the filter lowered for its board).
    fn on_fairy(self, start: FairyPos, variant: &Arc<Variant>) -> Self::Out;
}

/// The rules of a game whose `[Variant]` tag is `tag`: the tag's (a standard or online name
/// first, then the fairy definitions `defs`), else the fairy variant `default_fairy`, else
/// `default_variant` (`--variant`), else standard chess.
pub fn game_rules(
    tag: Option<&str>,
    default_fairy: Option<&Arc<Variant>>,
    defs: &VariantBook,
    default_variant: Option<GameRules>,
) -> Result<AnyRules, RulesError> {
    match (tag.filter(|t| !t.trim().is_empty()), default_fairy) {
        (Some(t), _) => resolve_any(t, defs),
        (None, Some(v)) => Ok(AnyRules::Fairy(v.clone())),
        (None, None) => rules_for_game(None, default_variant).map(AnyRules::Known),
    }
}

/// How the PGN reader reads a game's moves: each kept as written when every game is played
/// under a fairy variant or FBR rules (`as_written`), else as standard SAN unless the game's
/// `[Variant]` tag names no standard or online variant (a fairy one: [`game_rules`] looks it
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

/// The start position of a game of `rules` (its `[FEN]` tag `fen`, else the rules' own),
/// handed to `on`; a bad FEN is the error.
pub fn start_game<O: OnStart>(
    rules: AnyRules,
    fen: Option<&str>,
    on: O,
) -> Result<O::Out, RulesError> {
    match rules {
        AnyRules::Known(GameRules::Standard { chess960 }) => {
            Standard::from_start(fen, chess960).map(|start| on.on_8x8(start))
        }
        AnyRules::Known(GameRules::Online(variant)) => {
            Online::for_game(variant, fen).map(|start| on.on_8x8(start))
        }
        AnyRules::Fairy(v) => {
            let start = match fen {
                Some(f) => FairyPos::from_fen(v.clone(), f),
                None => FairyPos::start(v.clone()),
            };
            start.map(|start| on.on_fairy(start, &v))
        }
    }
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
        (Ok(AnyRules::Known(known)), Some(chess)) => super::fairy::with_fbr_rules(known, chess),
        (rules, Some(_)) => rules,
    }
}
