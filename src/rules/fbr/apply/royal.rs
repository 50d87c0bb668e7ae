//! `royal{set}` and its attributes: which pieces are royal and how they behave (the engine's
//! side is `fairy::layers::Royal`, read by the legality and game-end layers).

use super::super::model::{BoardRange, Rule};
use super::super::parse::FbrError;
use super::{Applier, refuse};

impl Applier {
    /// `royal{set}=...`: the set replaces the royal pieces (`K` without a set); each attribute
    /// sets its flag of the royal layer.
    pub(super) fn royal(&mut self, r: &Rule) -> Result<(), FbrError> {
        if let Some(range) = &r.range {
            self.royal_range(range, r.column)?;
        }
        if let Some(set) = &r.pieces {
            let mask = self.mask(set, r.column)?;
            for (t, p) in self.def.pieces.iter_mut().enumerate() {
                p.flags.royal = t < 64 && mask >> t & 1 != 0;
            }
        } else if self.royal_types() == 0 {
            match self.type_of("K") {
                Some(k) => self.def.pieces[k].flags.royal = true,
                None => return refuse(r.column, "`royal` without a piece set needs a piece `K`"),
            }
        }
        // `castle{...}`: the types a royal castles with ("Per default this piece set is {R}").
        let mut castle_with = None;
        for a in r.attrs.iter().filter(|a| a.name == "castle") {
            let mask = match &a.pieces {
                Some(set) => self.mask(set, a.column)?,
                None => match self.type_of("R") {
                    Some(t) => 1u64 << t,
                    None => {
                        return refuse(a.column, "`castle` without a piece set needs a piece `R`");
                    }
                },
            };
            castle_with = Some(castle_with.unwrap_or(0) | mask);
        }
        let mut virgin = None;
        let ro = &mut self.layers.royal;
        for a in &r.attrs {
            match a.name.as_str() {
                "expose" => ro.expose = true,
                "bare" => ro.bare = true,
                "baremove" => ro.baremove = true,
                "checkmated" => ro.checkmated = true,
                "maxchecks" => match a.arg {
                    Some(n) if n > 0 => ro.max_checks = Some(n as u32),
                    _ => return refuse(a.column, "`maxchecks` needs a count `(N)`"),
                },
                "mustevase" => ro.must_evade = true,
                "solely" => ro.solely = true,
                "taboo" => ro.no_check = true,
                "untilcaptured" => ro.until_captured = true,
                "passover" => ro.passover = true,
                "noperpetualcheck" => ro.no_perpetual_check = true,
                "suicide" => ro.suicide = true,
                // `fairy::layer_facing`; the reading is `fbr::apply::facing`'s.
                "evasefacing" => ro.evade_facing = true,
                "castle" => ro.castle_with = castle_with,
                "virginzone" => match &a.range {
                    Some(range) => virgin = Some(range.clone()),
                    None => return refuse(a.column, "`virginzone` needs a board range `[...]`"),
                },
                _ => return Self::unsupported(r, a),
            }
        }
        if self.layers.royal.suicide {
            // "A royal piece is in check when attacked by any piece" (several royals).
            self.def.rules.check_any_king = true;
        }
        if let Some(range) = virgin {
            self.layers.royal.virgin_zone = Some(self.zone(&range));
        }
        Ok(())
    }

    /// `royal[range]`: "The piece (with one of the declared letters) nearest to this range is
    /// the royal piece (horizontal measure prevailing over vertical), all other pieces are
    /// not royal" (`fairy::layer_royal` chooses it in each position). With several royals
    /// (equally near) a side is in check when any is attacked.
    fn royal_range(&mut self, range: &BoardRange, column: usize) -> Result<(), FbrError> {
        let zone = self.zone(range);
        if zone[0].none() {
            return refuse(column, "`royal[...]` names no square of this board");
        }
        self.layers.royal.range = Some(zone);
        self.def.rules.check_any_king = true;
        Ok(())
    }
}
