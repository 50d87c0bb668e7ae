//! `freezer`, `protector`, `burner` and `stymizer` (seed 001): a rule names a prefix (`freezer#`), and
//! each piece definition with that prefix (`#I=cK`) gives the piece of that letter the power,
//! its zone the squares the MBN movement reaches (the engine's side is
//! `fairy::layer_powers`). Prefixed definitions no such rule names are refused by name.

use super::super::mbn::{Reach, mbn_to_moves};
use super::super::model::{Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_powers::{Power, PowerRule, ZoneLine};

/// The rules that give prefixed pieces a zone power.
pub(super) const POWER_RULES: [&str; 4] = ["freezer", "protector", "burner", "stymizer"];

/// A rule's sequence number `<N>` (its priority: smaller acts first).
fn sequence(r: &Rule) -> Option<u32> {
    r.seq.as_deref().and_then(|s| s.parse().ok())
}

impl Applier {
    /// Applies one `freezer`, `protector` or `burner` rule of `list`.
    pub(super) fn power(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        let col = r.column;
        let Some(prefix) = r.prefix else {
            return refuse(
                col,
                format!(
                    "`{}` needs the prefix letter of its pieces (`{}#`)",
                    r.name, r.name
                ),
            );
        };
        let power = match r.name.as_str() {
            "freezer" => Power::Freeze,
            "protector" => Power::Protect,
            "stymizer" => Power::Styme,
            _ => Power::Burn,
        };
        // The seed writes the piece set and `attackers`' count also as nameless attributes
        // (`burner#={^A}`, `freezer{S}*=(2)`).
        let mut set = r.pieces.clone();
        for a in r.attrs.iter().filter(|a| a.name.is_empty()) {
            if let Some(pieces) = &a.pieces {
                if set.is_some() {
                    return refuse(a.column, format!("`{}` has two piece sets", r.name));
                }
                set = Some(pieces.clone());
            }
        }
        let mut rule = PowerRule {
            power,
            affects: self.mask_or(&set, col, self.all_types())?,
            holders: Vec::new(),
            attackers: 1,
            stops_moves: true,
            stops_captures: true,
            checking: false,
            lost_when_frozen: false,
            single: None,
            suicide: false,
        };
        for a in &r.attrs {
            match (power, a.name.as_str()) {
                (_, "") if a.arg.is_none() => {}
                (Power::Freeze, "attackers" | "") => match a.arg {
                    Some(n @ 1..=255) => rule.attackers = n as u8,
                    _ => return refuse(a.column, "`attackers` needs a count `(N)` of 1 to 255"),
                },
                (Power::Freeze, "capture") => rule.stops_moves = false,
                (Power::Freeze, "move") => rule.stops_captures = false,
                (Power::Freeze, "checking") => rule.checking = true,
                (Power::Freeze, "single") => match &a.pieces {
                    Some(set) => rule.single = Some(self.mask(set, a.column)?),
                    None => return refuse(a.column, "`single` needs a piece set `{...}`"),
                },
                (Power::Freeze, "suicide") => rule.suicide = true,
                _ => return Self::unsupported(r, a),
            }
        }
        if power != Power::Freeze {
            rule.lost_when_frozen = self.frozen_power_lost(r, list)?;
        }
        for (t, white) in self.prefixed_zones(list, prefix)? {
            let (fx, fy) = self.flip;
            let black = white
                .iter()
                .map(|&(x, y, n)| (if fx { -x } else { x }, if fy { -y } else { y }, n))
                .collect();
            rule.holders.push((t as u8, [white, black]));
        }
        if rule.holders.is_empty() {
            return refuse(
                col,
                format!(
                    "`{}{prefix}` needs a prefixed piece definition `{prefix}X=MBN` giving a piece its zone",
                    r.name
                ),
            );
        }
        self.layers.powers.push(rule);
        Ok(())
    }

    /// The zones of the pieces defined with `prefix` (`#I=cK`): each piece's type and the
    /// lines its prefixed MBN reaches, for white (a leap one step, a rider to its limit).
    pub(super) fn prefixed_zones(
        &self,
        list: &RuleList,
        prefix: char,
    ) -> Result<Vec<(usize, Vec<ZoneLine>)>, FbrError> {
        let mut zones = Vec::new();
        for d in list.pieces.iter().filter(|d| d.prefix == Some(prefix)) {
            let letter = d.letter.to_string();
            let Some(t) = self.type_of(&letter) else {
                return refuse(d.column, format!("`{letter}` names no piece of this board"));
            };
            let Some((text, column)) = &d.mbn else {
                continue;
            };
            let moves = mbn_to_moves(text).or_else(|e| {
                refuse(
                    column + e.column - 1,
                    format!("MBN zone of `{prefix}{letter}`: {}", e.reason),
                )
            })?;
            let white = moves
                .iter()
                .flat_map(|m| {
                    let steps = match m.reach {
                        Reach::Leap => 1,
                        Reach::Unlimited => u8::MAX,
                        Reach::UpTo(n) => n,
                    };
                    m.vectors().into_iter().map(move |(x, y)| (x, y, steps))
                })
                .collect();
            zones.push((t, white));
        }
        Ok(zones)
    }

    /// Whether a frozen protector or burner loses its power: "The less the sequence number,
    /// the higher the priority of this interacting rule" (`protector*<2> freezer#<1>`: "the
    /// protector is not protecting when frozen"). With a freezer in the list both rules must
    /// carry sequence numbers.
    fn frozen_power_lost(&self, r: &Rule, list: &RuleList) -> Result<bool, FbrError> {
        let mut lost = false;
        for f in list
            .rules
            .iter()
            .filter(|f| f.name == "freezer" && !f.cancel)
        {
            match (sequence(f), sequence(r)) {
                (Some(freezer), Some(own)) => lost |= freezer < own,
                _ => {
                    return refuse(
                        r.column,
                        format!(
                            "`{}` beside `freezer` needs sequence numbers `<N>` on both (which acts first)",
                            r.name
                        ),
                    );
                }
            }
        }
        Ok(lost)
    }

    /// Refuses prefixed piece definitions that no zone rule of the list names.
    pub(super) fn unclaimed_prefixes(list: &RuleList) -> Result<(), FbrError> {
        for d in &list.pieces {
            let Some(prefix) = d.prefix else { continue };
            let claimed = list.rules.iter().any(|r| {
                let claims = POWER_RULES.contains(&r.name.as_str())
                    || r.name == "conversion"
                    || r.name == "turn"
                    || r.name == "pincher";
                !r.cancel && claims && r.prefix == Some(prefix)
            });
            if !claimed {
                return refuse(
                    d.column,
                    format!(
                        "a prefixed piece definition `{prefix}{}` (promotions, MBN prefixes) whose prefix no freezer, protector, burner, stymizer or conversion rule names is not evaluated by cqlq",
                        d.letter
                    ),
                );
            }
        }
        Ok(())
    }
}
