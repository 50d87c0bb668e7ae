//! `drop=immediate` (seed 001): what cqlq refuses beside it. The reading (the capturer, whose
//! holding receives the piece, places it as part of the capturing move, `Bxf7/N@c3`) is
//! `fairy::layer_immediate_drops`'s; `drop` sets `Layers::immediate_drops`.

use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};

/// `holding` attributes under which the capturer is not the one holding the piece as its
/// own (`notflip`, `share`), or the piece may be dropped as another (`either`), or captures
/// feed no holding (`pocket`).
const HOLDING_BESIDE: &[&str] = &["notflip", "share", "either", "pocket"];

/// `drop` attributes that judge a drop as a move of its own.
const DROP_BESIDE: &[&str] = &["nocheck", "nomate", "withattack", "captured"];

impl Applier {
    /// Refuses `drop=immediate` where its reading does not hold, after every rule is read.
    pub(super) fn immediate_drops_beside(&self, list: &RuleList) -> Result<(), FbrError> {
        let Some((rule, at)) = list
            .rules
            .iter()
            .filter(|r| r.name == "drop" && !r.cancel)
            .find_map(|r| {
                r.attrs
                    .iter()
                    .find(|a| a.name == "immediate")
                    .map(|a| (r, a))
            })
        else {
            return Ok(());
        };
        if at.negated || at.pieces.is_some() || at.arg.is_some() || at.range.is_some() {
            return refuse(at.column, "`drop=immediate` takes no argument");
        }
        if let Some(a) = rule
            .attrs
            .iter()
            .find(|a| DROP_BESIDE.contains(&a.name.as_str()))
        {
            return refuse(
                a.column,
                format!(
                    "`drop=immediate` beside `{}` is not implemented: the placement is part of the capturing move, not a drop of its own",
                    a.name
                ),
            );
        }
        for r in &list.rules {
            let other = if r.cancel {
                None
            } else if r.name == "gating" {
                Some("gating")
            } else if r.name == "holding" {
                r.attrs
                    .iter()
                    .find(|a| HOLDING_BESIDE.contains(&a.name.as_str()))
                    .map(|a| a.name.as_str())
            } else {
                None
            };
            if let Some(name) = other {
                return refuse(
                    r.column,
                    format!(
                        "`drop=immediate` beside `{name}` is not implemented: cqlq reads the capturer, who holds the captured piece as its own, as the one placing it (one placement per move, written like a gate: `Bxf7/N@c3`)"
                    ),
                );
            }
        }
        Ok(())
    }
}
