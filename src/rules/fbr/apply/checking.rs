//! Rules about checks and trades: `antiroyal{set}` (the engine's side, with `stopifchecking`
//! and `loss=perpetualcheck`, is `fairy::layer_checking`) and `difficulttrading{set}`
//! (`fairy::layer_trading`).

use super::super::model::Rule;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layers::DifficultTrading;
use crate::rules::fairy::tables::promotion_tokens;

impl Applier {
    /// `antiroyal{set}`: the set's pieces are anti-royal ("in check whenever it is not
    /// attacked by opposing pieces"); they leave the promotion choices ("per default an
    /// anti-royal piece does not belong to the default piece set for promotions"). An
    /// anti-royal piece that promotes itself is refused.
    pub(super) fn anti_royal(&mut self, r: &Rule) -> Result<(), FbrError> {
        let Some(set) = &r.pieces else {
            return refuse(r.column, "`antiroyal` needs a piece set `{...}`");
        };
        let mask = self.mask(set, r.column)?;
        for t in (0..self.types()).filter(|&t| mask >> t & 1 != 0) {
            let p = &self.def.pieces[t];
            if p.flags.royal || !p.promotions.is_empty() {
                return refuse(
                    r.column,
                    format!(
                        "`antiroyal` on `{}`, a royal or promoting piece, is not implemented",
                        p.symbols[0]
                    ),
                );
            }
        }
        let letters: Vec<String> = (0..self.types())
            .filter(|&t| mask >> t & 1 != 0)
            .map(|t| {
                self.def.pieces[t].symbols[0]
                    .trim_end_matches('~')
                    .to_string()
            })
            .collect();
        for p in &mut self.def.pieces {
            for pr in &mut p.promotions {
                pr.choices = promotion_tokens(&pr.choices)
                    .into_iter()
                    .filter(|tok| {
                        let letter = tok.trim_end_matches('~');
                        !letters.iter().any(|l| l.eq_ignore_ascii_case(letter))
                    })
                    .collect();
            }
        }
        self.layers.anti_royal |= mask;
        Ok(())
    }

    /// `difficulttrading{set}` (`{L}` by default) with `minor{set}` and `royal`.
    pub(super) fn difficult_trading(&mut self, r: &Rule) -> Result<(), FbrError> {
        let pieces = match &r.pieces {
            Some(set) => self.mask(set, r.column)?,
            None => match self.type_of("L") {
                Some(t) => 1 << t,
                None => {
                    return refuse(
                        r.column,
                        "`difficulttrading` without a piece set needs a piece `L` (a Lion)",
                    );
                }
            },
        };
        let mut rule = DifficultTrading {
            pieces,
            ..DifficultTrading::default()
        };
        for a in &r.attrs {
            match (a.name.as_str(), &a.pieces) {
                ("minor", Some(set)) => rule.minor |= self.mask(set, a.column)?,
                ("minor", None) => return refuse(a.column, "`minor` needs a piece set `{...}`"),
                ("royal", _) => rule.royals_do_not_defend = true,
                _ => return Self::unsupported(r, a),
            }
        }
        self.layers.difficult_trading = Some(rule);
        Ok(())
    }
}
