//! The rule `pincher<prefix>{set}` (seed 001: `pincher*={^A} ... *C=K`): each piece defined
//! with the rule's prefix (`*C=K`) pinches enemy pieces (of the set, royal ones never: all
//! by default; the set also as the seed writes it, a nameless attribute `={^A}`) on the squares
//! its prefixed MBN reaches; the engine's side is `fairy::layer_pinch`.

use super::super::model::{Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_pinch::PinchRule;

impl Applier {
    /// `pincher*`: the prefixed pieces' zones and the set that may be pinched.
    pub(super) fn pincher(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        let col = r.column;
        let Some(prefix) = r.prefix else {
            return refuse(
                col,
                "`pincher` needs the prefix letter of its pieces (`pincher*`)",
            );
        };
        if self.layers.pincher.is_some() {
            return refuse(col, "a second `pincher` rule is not implemented");
        }
        let mut set = r.pieces.clone();
        for a in &r.attrs {
            match (a.name.as_str(), &a.pieces) {
                ("", Some(s)) if set.is_none() && a.arg.is_none() && a.range.is_none() => {
                    set = Some(s.clone());
                }
                _ => {
                    return refuse(a.column, format!("`pincher` has no attribute `{}`", a.name));
                }
            }
        }
        let royal = self.royal_types();
        let pieces = self.mask_or(&set, col, self.all_types())?;
        // Royal pieces are never pinched (a complement set `{^A}` leaves them out); a set
        // naming one is refused.
        if set.as_ref().is_some_and(|s| !s.not && !s.caret) && pieces & royal != 0 {
            return refuse(
                col,
                "pinching a royal piece is not implemented (the seed does not say what a royal piece pinched off the board means)",
            );
        }
        let pieces = pieces & !royal;
        let mut holders = Vec::new();
        for (t, white) in self.prefixed_zones(list, prefix)? {
            holders.push((t as u8, self.both_sides(white)));
        }
        if holders.is_empty() {
            return refuse(
                col,
                format!(
                    "`pincher{prefix}` needs a prefixed piece definition `{prefix}X=MBN` giving a piece its pinching zone"
                ),
            );
        }
        if self.layers.holding.is_some()
            || list.rules.iter().any(|o| o.name == "holding" && !o.cancel)
        {
            return refuse(
                col,
                "`pincher` beside a holding is not implemented (the seed does not say whether a piece pinched off the board goes to it)",
            );
        }
        self.layers.pincher = Some(PinchRule { holders, pieces });
        Ok(())
    }
}
