//! What cqlq refuses of seed 001, and why: the rules refused as a whole and the attributes
//! refused of rules it evaluates, each with the reason the error message gives (what a PGN
//! game or the fairy engine cannot hold).

/// FBR rules refused, with the reason.
pub(super) const REFUSED: &[(&str, &str)] = &[("bughouse", "needs two boards and partner games")];

/// Attributes refused of rules cqlq evaluates (`rule`, `attribute`, why).
const REFUSED_ATTRIBUTES: &[(&str, &str, &str)] = &[];

/// The error text for an attribute of a rule cqlq evaluates but not with that attribute.
pub(super) fn attribute_refusal(rule: &str, attribute: &str) -> String {
    match REFUSED_ATTRIBUTES
        .iter()
        .find(|(r, a, _)| *r == rule && *a == attribute)
    {
        Some((_, _, why)) if why.starts_with("needs") => {
            format!("`{rule}={attribute}` is not implemented: it {why}")
        }
        Some((_, _, why)) => format!("`{rule}={attribute}` is not implemented: {why}"),
        None => format!("`{rule}={attribute}` is not implemented"),
    }
}
