//! Fairy games in the run: which rules a game's name selects (standard, online or fairy) and
//! the query compiled once per fairy board geometry.
//!
//! Name resolution: a `[Variant]` tag (or `--variant`) naming a standard or online variant
//! ([`resolve_variant`]) keeps those rules, so `chess`, `crazyhouse` and the like never pick
//! a fairy definition of the same name; otherwise the name is looked up (case and `-`/`_`/space
//! ignored) in the `--variants` files, in the order given, then in the bundled definitions.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::ir::Node;
use crate::rules::RulesError;
use crate::rules::fairy::{Bits256, Variant, find_variant};
use crate::rules::select::{GameRules, resolve_variant};
use crate::squares::Geometry;

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
pub fn resolve_any(name: &str, defs: &[Arc<Variant>]) -> Result<AnyRules, RulesError> {
    match resolve_variant(name) {
        Ok(rules) => Ok(AnyRules::Known(rules)),
        Err(e) => find_variant(defs, name)
            .map(|v| AnyRules::Fairy(v.clone()))
            .ok_or(e),
    }
}

/// A filter compiled for one fairy board, or why it could not be.
type Compiled = Result<Arc<Node<Bits256>>, String>;

/// The query for fairy boards: compiled on first use for each board geometry, then shared.
pub struct FairyQuery {
    /// The query's text.
    text: String,
    /// Compiled filters (or the compile error) by `(files, ranks)`.
    cache: Mutex<HashMap<(u8, u8), Compiled>>,
}

impl FairyQuery {
    /// A query to compile for fairy boards when a fairy game needs it.
    pub fn new(text: String) -> Self {
        FairyQuery {
            text,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The query's text (compiled for other boards too, e.g. the unbounded one of ICN input).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The filter for a board of this geometry (compiled once; an error is kept too).
    pub fn filter(&self, geometry: Geometry) -> Result<Arc<Node<Bits256>>, String> {
        let key = (geometry.files, geometry.ranks);
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache
            .entry(key)
            .or_insert_with(|| {
                crate::query::compile::<Bits256>(&self.text, geometry)
                    .map(|q| Arc::new(q.filter))
                    .map_err(|e| {
                        format!(
                            "query on a {}x{} board: {e}",
                            geometry.files, geometry.ranks
                        )
                    })
            })
            .clone()
    }
}
