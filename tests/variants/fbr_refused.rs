//! Every rule and attribute of seed 001 that cqlq does not evaluate is refused by name (never
//! accepted and ignored): the error names the rule (or `rule=attribute`). The list is the seed's
//! rule and attribute names (`../shared/variants/fbr/fbr-rules.json` restates them) less the
//! implemented ones of `docs/fbr.md`; `bughouse` needs a partner board a one-board PGN does not
//! hold.

use cqlq::rules::fbr::chess_with_rules;

/// Rules refused as a whole.
pub const REFUSED_RULES: [&str; 1] = ["bughouse"];

/// Attributes refused (the rule itself is implemented); a rule that needs a partner comes
/// after it (`holding drop=...`): the last word is the one refused.
pub const REFUSED_ATTRIBUTES: [&str; 0] = [];

#[test]
fn every_unevaluated_rule_and_attribute_is_refused_by_name() {
    for rules in REFUSED_RULES.iter().chain(&REFUSED_ATTRIBUTES) {
        let e = match chess_with_rules(rules) {
            Ok(_) => panic!("`{rules}` was accepted"),
            Err(e) => e.to_string(),
        };
        // Attribute names are read case-blind (`alice=3D` is named `alice=3d`).
        let e = e.to_lowercase();
        let name = rules
            .rsplit(' ')
            .next()
            .unwrap()
            .split(['{', '(', '['])
            .next()
            .unwrap()
            .to_lowercase();
        let (rule, attr) = name.split_once('=').unwrap_or((&name, ""));
        assert!(
            e.contains(rule) && e.contains(attr),
            "`{rules}`: the error does not name it: {e}"
        );
    }
}
