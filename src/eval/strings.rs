//! String filters' conversions (`lowercase`, `uppercase`), as CQL 6.2 computes them.

/// `lowercase`/`uppercase` (`upper`): CQL 6.2 converts only the ASCII letters `A`-`Z` /
/// `a`-`z` and leaves every other character (accented letters included) unchanged.
pub fn convert_case(text: &str, upper: bool) -> String {
    if upper {
        text.to_ascii_uppercase()
    } else {
        text.to_ascii_lowercase()
    }
}
