//! The rule families of games: which rules a variant name selects ([`resolve_any`]: a
//! standard or online name first, then the fairy definitions), the rules of a game
//! ([`game_rules`]: its `[Variant]` tag, else `--variant`, else standard chess), `--rules` on
//! them ([`with_fbr_rules`]) and its start position under them ([`start_game`]), handed to an
//! [`OnStart`] that searches it with the filter lowered for that board. Standard chess and
//! the online variants share the 8x8 board; each fairy variant has its own. (ICN input, the
//! fourth family, is told apart by the input, not per game.)
//!
//! Name resolution: a `[Variant]` tag (or `--variant`) naming a standard or online variant
//! ([`resolve_variant`]) keeps those rules, so `chess`, `crazyhouse` and the like never pick
//! a fairy definition of the same name; otherwise the name is looked up (case and `-`/`_`/space
//! ignored) in the `--variants` files, in the order given, then in the bundled definitions.

use std::sync::Arc;

use shakmaty::Bitboard;

use super::fairy::{FairyPos, Variant, VariantBook};
use super::fbr::FbrError;
use super::online::Online;
use super::select::{GameRules, resolve_variant, rules_for_game};
use super::standard::Standard;
use super::{Position, RulesError, RulesErrorKind};

/// The rules a variant name selects.
#[derive(Clone, Debug)]
pub enum AnyRules {
    /// Standard chess, Chess960 or an online variant.
    Known(GameRules),
    /// A fairy variant from SjaakII-format definitions.
    Fairy(Arc<Variant>),
}

/// Resolves a variant name: standard and online names first, then the fairy definitions
/// (`defs`: loaded files first, bundled last).
pub fn resolve_any(name: &str, defs: &VariantBook) -> Result<AnyRules, RulesError> {
    match resolve_variant(name) {
        Ok(rules) => Ok(AnyRules::Known(rules)),
        Err(e) => defs.find(name).map(|v| AnyRules::Fairy(v.clone())).ok_or(e),
    }
}

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

/// `--rules` on a game of standard or online rules: standard chess replays on the bundled
/// chess with the FBR rules (`chess`; refused with its message when the rules do not fit
/// chess); Chess960 and the online variants are refused (their rules are shakmaty's, not the
/// fairy engine's).
pub fn with_fbr_rules(
    known: GameRules,
    chess: &Result<Arc<Variant>, FbrError>,
) -> Result<AnyRules, RulesError> {
    match known {
        GameRules::Standard { chess960: false } => match chess {
            Ok(chess) => Ok(AnyRules::Fairy(chess.clone())),
            Err(e) => Err(RulesError::new(
                RulesErrorKind::BadDefinition,
                format!(
                    "--rules does not apply to standard chess games: {}",
                    e.reason
                ),
            )),
        },
        GameRules::Standard { chess960: true } => Err(RulesError::new(
            RulesErrorKind::NotApplicable,
            "--rules does not apply to Chess960 games",
        )),
        GameRules::Online(v) => Err(RulesError::new(
            RulesErrorKind::NotApplicable,
            format!(
                "--rules does not apply to {v:?} games (online variants are not fairy definitions; write the variant as FBR rules on chess instead)"
            ),
        )),
    }
}
