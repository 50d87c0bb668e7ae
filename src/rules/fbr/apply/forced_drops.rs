//! Drop rules (seed 001's `pieces`, attribute `minimum`: "If rule pieces is followed by a piece
//! prefix then this attribute is defining a drop rule: as long as this condition is not
//! fulfilled the associated drop rule will be perfomed"): `pieces*<1>{!k}=minimum(1)` with the
//! drop rule `*K==@k` becomes a [`ForcedDrop`] of `fairy::layer_forced_drops`.
//!
//! Readings (also in `docs/fbr.md`, "Forced drops"):
//! - The condition's set names the pieces the rule watches, each letter's case its colour
//!   (as `pieces{Kpp}=win` reads colours): the seed's `{!k}` is explained "If no black King
//!   is on board", so its `!` marks the named pieces as the ones whose absence the rule
//!   answers; read as FBR's usual "every piece but" the condition "at least one piece other
//!   than the black king" would hold in any game and no drop would ever happen, contradicting
//!   the seed's own sentence. The set must be written so (`{!k}`; a set without `!` or with
//!   `^` is refused: the seed does not write one).
//! - `minimum(N)`: fulfilled while the board holds at least N of the watched pieces.
//! - The drop rule `<p>K==@k` is the rule of the prefix `p` for the watched piece `K` (its
//!   letter, case aside, must be one the condition watches); each `@X` is a drop, its case
//!   the dropping side's colour (the seed's `$K==@K@w@S`: White drops the King, Black a
//!   Winding General `w`, White the Storm General `S`).
//! - The sequence number (`pieces*<1>`) orders the rules ("the rule with the lowest number
//!   comes first"); rules without one follow, in the order written.

use super::super::model::{Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_forced_drops::ForcedDrop;

impl Applier {
    /// The drop rules of the list: each `pieces<p>=minimum(N)` with its `<p>` drop rule.
    pub(super) fn forced_drops(&mut self, list: &RuleList) -> Result<(), FbrError> {
        let mut rules: Vec<(u32, ForcedDrop)> = Vec::new();
        for r in list
            .rules
            .iter()
            .filter(|r| r.name == "pieces" && !r.cancel && r.prefix.is_some())
        {
            let rule = self.forced_drop(r, list)?;
            let seq = match &r.seq {
                None => u32::MAX,
                Some(s) => match s.parse::<u32>() {
                    Ok(n) => n,
                    Err(_) => {
                        return refuse(
                            r.column,
                            format!(
                                "a drop rule's sequence number is a number (`<1>`), not `<{s}>`"
                            ),
                        );
                    }
                },
            };
            rules.push((seq, rule));
        }
        if let Some(d) = list.drop_rules.iter().find(|d| {
            !list
                .rules
                .iter()
                .any(|r| r.name == "pieces" && !r.cancel && r.prefix == Some(d.prefix))
        }) {
            return refuse(
                d.column,
                format!(
                    "the drop rule `{}{}==@...` needs its condition, a `pieces{}{{...}}=minimum(N)` rule",
                    d.prefix,
                    d.pieces.first().map_or("", |p| p.0.as_str()),
                    d.prefix
                ),
            );
        }
        if rules.len() > usize::from(u8::MAX) {
            return refuse(1, "more than 255 drop rules");
        }
        rules.sort_by_key(|(seq, _)| *seq);
        self.layers.forced_drops = rules.into_iter().map(|(_, r)| r).collect();
        Ok(())
    }

    /// One `pieces<p>{!set}=minimum(N)` rule and its drop rule.
    fn forced_drop(&self, r: &Rule, list: &RuleList) -> Result<ForcedDrop, FbrError> {
        let p = r.prefix.unwrap_or('*');
        let [a] = r.attrs.as_slice() else {
            return refuse(
                r.column,
                format!("`pieces{p}` (a drop rule's condition) takes one attribute, `minimum(N)`"),
            );
        };
        if a.name != "minimum" {
            return refuse(
                a.column,
                format!(
                    "`pieces{p}={}` is not implemented: with a prefix `pieces` is a drop rule's condition, `minimum(N)`",
                    a.name
                ),
            );
        }
        let minimum = match a.arg {
            Some(n) if n >= 0 => n.min(i64::from(u32::MAX)) as u32,
            _ => return refuse(a.column, "`minimum` needs a count `(N)`"),
        };
        let Some(set) = r.pieces.as_ref().filter(|s| s.not && !s.caret) else {
            return refuse(
                r.column,
                format!(
                    "`pieces{p}` (a drop rule's condition) needs the pieces it watches written as the seed writes them, `{{!k}}` (\"If no black King is on board\")"
                ),
            );
        };
        let mut watched = Vec::new();
        for letter in &set.pieces {
            let at = set.column_of(letter, r.column);
            let Some(t) = self.type_of(letter).filter(|&t| t < 32) else {
                return refuse(at, format!("`{letter}` names no piece of this variant"));
            };
            watched.push((u8::from(!Self::white_letter(letter)), t as u8));
        }
        let mut ruled = list.drop_rules.iter().filter(|d| d.prefix == p);
        let Some(d) = ruled.next() else {
            return refuse(
                r.column,
                format!("`pieces{p}=minimum(N)` needs its drop rule (`{p}K==@k`)"),
            );
        };
        if let Some(second) = ruled.next() {
            return refuse(
                second.column,
                format!("a second `{p}` drop rule (one per condition) is not implemented"),
            );
        }
        for (letter, column) in &d.pieces {
            let t = self.type_of(letter);
            if t.is_none() || !watched.iter().any(|&(_, w)| Some(usize::from(w)) == t) {
                return refuse(
                    *column,
                    format!(
                        "the drop rule `{p}{letter}` is for a piece its condition `pieces{p}` watches"
                    ),
                );
            }
        }
        let mut drops = Vec::new();
        for x in &d.results {
            let Some(t) = self.type_of(&x.letter).filter(|&t| t < 32) else {
                return refuse(
                    x.column,
                    format!(
                        "`{}` names no piece of this board (a drop needs a piece a hand can hold)",
                        x.letter
                    ),
                );
            };
            drops.push((u8::from(x.opponent), t as u8));
        }
        Ok(ForcedDrop {
            watched,
            minimum,
            drops,
        })
    }

    /// Whether a piece letter is written in upper case (white's).
    fn white_letter(letter: &str) -> bool {
        letter
            .chars()
            .find(char::is_ascii_alphabetic)
            .is_some_and(|c| c.is_ascii_uppercase())
    }
}
