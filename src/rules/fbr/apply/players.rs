//! Where the rule loop hands over the rules that act for the players: `musketeer`
//! ([`super::musketeer`], applied before the others: it adds pieces), `swapping`
//! ([`super::swapping`]) and `pincher` ([`super::pincher`]).

use super::super::model::{Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, musketeer};

impl Applier {
    /// Applies the list's `musketeer` rule (before the other rules read piece sets).
    pub(super) fn musketeers(&mut self, list: &RuleList) -> Result<(), FbrError> {
        for r in list.rules.iter().filter(|r| musketeer::is_musketeer(r)) {
            self.musketeer(r, list)?;
        }
        Ok(())
    }

    /// Applies `r` when it is one of these rules (`musketeer` was applied already): whether
    /// it was.
    pub(super) fn players_rule(&mut self, r: &Rule, list: &RuleList) -> Result<bool, FbrError> {
        if musketeer::NAMES.contains(&r.name.as_str()) {
            return Ok(true);
        }
        match r.name.as_str() {
            _ if r.cancel => return Ok(false),
            "swapping" => self.swapping(r, list)?,
            "pincher" => self.pincher(r, list)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}
