//! Pieces in hand: the `holding` rule (captured pieces go to the capturer's hand, demoted)
//! and the `drop` rule (where and how a piece in hand may be dropped).

use super::super::model::Rule;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layers::{DropRule, Holding};
use crate::rules::fairy::tables::promotion_tokens;

impl Applier {
    /// Per type: the type it promoted from, and its first promotion choice.
    pub(super) fn holding_tables(&self) -> Holding {
        let n = self.def.pieces.len();
        let mut demoted: Vec<u8> = (0..n as u8).collect();
        let mut promoted = vec![None; n];
        for (i, p) in self.def.pieces.iter().enumerate() {
            let own = &p.symbols[0];
            if let Some(base) = own.strip_prefix('+')
                && let Some(b) = self.type_of(base)
            {
                demoted[i] = b as u8;
            }
            for pr in &p.promotions {
                for tok in promotion_tokens(&pr.choices) {
                    let name = if tok == "+" { format!("+{own}") } else { tok };
                    if let Some(t) = self.type_of(name.trim_end_matches('~')) {
                        if promoted[i].is_none() {
                            promoted[i] = Some(t as u8);
                        }
                        if demoted[t] as usize == t && t != i {
                            demoted[t] = i as u8;
                        }
                    }
                }
            }
        }
        Holding {
            pieces: self.all_types(),
            zone: self.board()[0],
            demoted,
            promoted,
            ..Holding::default()
        }
    }

    pub(super) fn holding(&mut self, r: &Rule) -> Result<(), FbrError> {
        let mut h = self.holding_tables();
        h.pieces = self.mask_or(&r.pieces, r.column, self.all_types())?;
        if let Some(z) = &r.range {
            h.zone = self.zone(z)[0];
        }
        for a in &r.attrs {
            match a.name.as_str() {
                "demote" => h.demote = true,
                "either" => h.either = true,
                "notflip" => h.notflip = true,
                "promote" => h.promote = true,
                "share" => h.share = true,
                "pocket" => h.pocket = true,
                _ => return Self::unsupported(r, a),
            }
        }
        if h.demote && h.either {
            return refuse(
                r.column,
                "`holding`: `demote` and `either` exclude each other",
            );
        }
        self.def.rules.keep_capture = false;
        self.def.rules.return_capture = false;
        self.def.rules.allow_drops = !h.pocket;
        self.layers.holding = Some(h);
        Ok(())
    }

    pub(super) fn drop(&mut self, r: &Rule, has_holding: bool) -> Result<(), FbrError> {
        let d = &self.def.rules;
        if !(has_holding || d.allow_drops || d.keep_capture || d.return_capture) {
            return refuse(r.column, "`drop` needs a `holding` rule");
        }
        let default = self.all_types() & !self.royal_types();
        let pieces = self.mask_or(&r.pieces, r.column, default)?;
        let zone = r.range.as_ref().map(|z| self.zone(z));
        let mut rule = DropRule {
            pieces,
            ..DropRule::default()
        };
        let (mut no_check, mut no_mate) = (false, false);
        for a in &r.attrs {
            match a.name.as_str() {
                "nocheck" => no_check = true,
                "nomate" => no_mate = true,
                "withattack" => rule.with_attack = true,
                // Checked beside the other rules by `immediate_drops`.
                "immediate" => self.layers.immediate_drops |= pieces,
                "captured" => match &a.pieces {
                    Some(set) => rule.captured = Some(self.mask(set, a.column)?),
                    None => return refuse(a.column, "`captured` needs a piece set `{...}`"),
                },
                _ => return Self::unsupported(r, a),
            }
        }
        for (t, p) in self.def.pieces.iter_mut().enumerate() {
            if t >= 64 || pieces >> t & 1 == 0 {
                continue;
            }
            if let Some(z) = zone {
                // A range given explicitly allows squares the piece cannot move from.
                p.drop_zone = Some(z);
                p.flags.drop_dead = true;
            }
            p.flags.drop_no_check |= no_check;
            p.flags.drop_no_mate |= no_mate;
        }
        self.layers.drops.push(rule);
        Ok(())
    }
}
