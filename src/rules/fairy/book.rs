//! The fairy variants a run can meet, the bundled ones compiled only when first looked up.

use std::sync::{Arc, OnceLock};

use super::{Variant, bundled_variants, find_variant};

/// The fairy variants a `[Variant]` tag or `--variant` may name: the definitions loaded from
/// files first, then (unless left out) the bundled ones. The bundled tables are compiled the
/// first time a name is not found among the loaded ones: most runs meet no fairy game, and
/// compiling them takes longer than the rest of cqlq's start (about 10 ms of CPU).
#[derive(Debug, Default)]
pub struct VariantBook {
    /// Definitions from `--variants` files (or the only ones: [`VariantBook::only`]).
    loaded: Vec<Arc<Variant>>,
    /// The bundled variants, once compiled; None when the book leaves them out.
    bundled: Option<OnceLock<Vec<Arc<Variant>>>>,
}

impl VariantBook {
    /// `loaded`, then the bundled variants.
    pub fn with_bundled(loaded: Vec<Arc<Variant>>) -> Self {
        VariantBook {
            loaded,
            bundled: Some(OnceLock::new()),
        }
    }

    /// Exactly `variants`, without the bundled ones.
    pub fn only(variants: Vec<Arc<Variant>>) -> Self {
        VariantBook {
            loaded: variants,
            bundled: None,
        }
    }

    /// The variant named `name` (as [`find_variant`] compares names): the loaded ones first.
    pub fn find(&self, name: &str) -> Option<&Arc<Variant>> {
        find_variant(&self.loaded, name).or_else(|| find_variant(self.bundled_list(), name))
    }

    /// Every variant, the loaded ones first (compiles the bundled ones).
    pub fn all(&self) -> impl Iterator<Item = &Arc<Variant>> {
        self.loaded.iter().chain(self.bundled_list())
    }

    fn bundled_list(&self) -> &[Arc<Variant>] {
        self.bundled
            .as_ref()
            .map_or(&[], |cell| cell.get_or_init(bundled_variants))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled Chess definition, with another title.
    fn loaded_chess() -> Vec<Arc<Variant>> {
        let bundled = super::super::BUNDLED;
        let start = bundled.find("Variant: Chess (8x8)").expect("bundled chess");
        let end = bundled[start..]
            .find("\n\n")
            .map_or(bundled.len(), |e| start + e);
        let text = bundled[start..end].replace("Chess (8x8)", "Chess (loaded)");
        super::super::load_variants("test", &text).expect("loads")
    }

    #[test]
    fn loaded_definitions_come_before_the_bundled_ones() {
        let loaded = loaded_chess();
        assert_eq!(loaded.len(), 1);
        let book = VariantBook::with_bundled(loaded.clone());
        // Both are named "chess": the loaded one is found first.
        assert!(Arc::ptr_eq(book.find("chess").unwrap(), &loaded[0]));
        assert_eq!(book.find("chess").unwrap().def.title, "Chess (loaded)");
        assert!(
            book.find("capablanca").is_some(),
            "the bundled ones are found"
        );
        assert_eq!(
            book.all().count(),
            1 + super::super::bundled_variants().len()
        );
        let only = VariantBook::only(loaded);
        assert!(only.find("capablanca").is_none());
        assert_eq!(only.all().count(), 1);
        assert!(VariantBook::default().all().next().is_none());
    }
}
