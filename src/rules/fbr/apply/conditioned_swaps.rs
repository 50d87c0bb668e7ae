//! The conditioned parts of piece definitions (`fbr::mbn_conditions`) that are swaps: seed
//! 001's `switching=notincheck` expansion, `K=K+[*]wwK` and `@X=wwK--!jj{K}U[*]` used as
//! `Q=QX`: each becomes a swap rule that is not made while the mover's side is in check
//! (`SwapRule::not_in_check`). A condition on any other part of a piece's movement, and `[+]`
//! on a swap, are refused by name; conditions in prefixed definitions are read by the rule
//! of the prefix when it is `conversion` (`conversion_moves`), refused otherwise.

use super::super::mbn::mbn_move_sets;
use super::super::mbn_conditions::MoveCondition;
use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};

impl Applier {
    /// Adds the swap rules of the definitions' conditioned parts. Run after the rules, so
    /// that `royal{...}` anywhere in the list decides which types are royal.
    pub(super) fn conditioned_swaps(&mut self, list: &RuleList) -> Result<(), FbrError> {
        for d in list.pieces.iter().filter(|d| !d.conditioned.is_empty()) {
            let column = d.conditioned[0]
                .columns
                .first()
                .copied()
                .unwrap_or(d.column);
            if let Some(p) = d.prefix {
                let converts = list
                    .rules
                    .iter()
                    .any(|r| r.name == "conversion" && !r.cancel && r.prefix == Some(p));
                if !converts {
                    return refuse(
                        column,
                        format!(
                            "a condition (`[*]`, `[+]`) in a `{p}` definition is read only for a conversion move (`conversion{p}`)"
                        ),
                    );
                }
                continue;
            }
            let Some(t) = self.type_of(&d.letter) else {
                return refuse(
                    d.column,
                    format!("`{}` names no piece of this board", d.letter),
                );
            };
            for part in &d.conditioned {
                let at = part.columns.first().copied().unwrap_or(d.column);
                if part.condition == MoveCondition::NeverChecked {
                    return refuse(
                        at,
                        "the condition `[+]` (never checked) is read only on a conversion move (the seed's `*K=[+]cK`); on a piece's movement it is not evaluated by cqlq",
                    );
                }
                let royals = self.royal_types();
                if let Some(l) = &part.royal
                    && self.type_of(l).is_none_or(|r| royals >> r & 1 == 0)
                {
                    return refuse(
                        at,
                        format!(
                            "`--!jj{{{l}}}U[*]` asks whether `{l}` is in check: `{l}` must be a royal piece"
                        ),
                    );
                }
                let sets = mbn_move_sets(&part.mbn).or_else(|e| {
                    let c = part.columns.get(e.column - 1).copied().unwrap_or(at);
                    refuse(c, format!("MBN: {}", e.reason))
                })?;
                if !sets.moves.is_empty()
                    || !sets.captures.is_empty()
                    || !sets.friendly_captures.is_empty()
                    || !sets.flips.is_empty()
                {
                    return refuse(
                        at,
                        "a condition (`[*]`) on a move that is not a swap is not evaluated by cqlq (the seed writes it on swaps: `K=K+[*]wwK`)",
                    );
                }
                self.push_swaps(t, sets.swaps, true, |c| {
                    part.columns.get(c - 1).copied().unwrap_or(at)
                })?;
            }
        }
        Ok(())
    }
}
