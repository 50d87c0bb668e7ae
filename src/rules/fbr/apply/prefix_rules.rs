//! MBN prefixed promotion rules (`fbr::prefix_rules`) applied: the `+` rules are the board's
//! promotions (seed 001: "The promotion rule promotion+ is pre-defined ... with default
//! promotion zone (last rank)"; a piece promotes "only if a promotion for this piece is
//! defined (this can be done implicitly with the use of a piece prefix)"); the other
//! prefixes' rules are applied by the rules that name them: `promotion<p>=origin`
//! (`,demote<q>`), `swap{set}=demote<p>,promote<q>` (`fairy::layer_prefix`), and
//! `promotion<p>=<trigger>` and seed 001's unmounting (`fbr::apply::disk_mounting`).
//!
//! Readings (also in `docs/fbr.md`):
//! - `+P==QRBN` replaces P's promotion choices (its zone stays the board's, or the
//!   `promotion` rule's); a piece without a promotion gets one on the last rank (the seed's
//!   default zone), so `swap=promote R=mR+wR +R==Q` also promotes a rook entering the last
//!   rank. A bare `+P` keeps the board's choices of P (refused for a piece that has none: the
//!   seed names no default choice).
//! - `promotion<p>=origin` without a range works on the whole board: both of the seed's
//!   examples (`promotion*=origin,move N *N==X`, "After the Knight has moved, the piece X
//!   will be set onto the origin square", and `cheshire`'s expansion) put the piece after any
//!   move, which the default last-rank zone would not. Its trigger is `enter` unless `move`,
//!   `leave`, `capture{set}` or `!capture` is written; one result per piece (several would be
//!   the mover's choice, which no PGN token records); upper case is the mover's piece, lower
//!   case the opponent's.
//! - `swap{set}=demote<p>,promote<q>` (defaults `-` and `+`): "After swapping with a piece the
//!   piece on start square ... the associated demotion rule will be applied" (the partner),
//!   "the piece on destination square ... the associated promotion rule" (the mover), when
//!   both pieces are of the set ("either pieces": the seed's `swap{K:MD:}` names its
//!   pair). A piece a swap rule changes is not promoted again by its zone in that swap (the
//!   seed leaves the order of rules open; one rule per piece and move). A demotion has one result (several would need a second `=X` in the SAN).
//! - `holding=demote` applies the `-` rules to a captured piece without promoted status (a
//!   promoted one goes back to what it promoted from, as before); `holding=promote*` takes
//!   the `*` rules' results.
//! - Sequence numbers (`+P<1>==Q`) only order rules that apply to one piece in one move,
//!   which the readings above never do; they are read and checked.

use std::sync::Arc;

use super::super::model::{Attribute, Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::bits::square;
use crate::rules::fairy::defs::PromotionDef;
use crate::rules::fairy::layer_prefix::{OriginRule, OriginTrigger, PrefixLayer, SwapChange};
use crate::rules::fairy::tables::promotion_tokens;

/// A rule's results: types, each with the opponent mark.
type Results = Vec<(u8, bool)>;

impl Applier {
    /// The rules of `prefix`, resolved: per piece type, the result types (with the opponent
    /// mark); letters naming no piece and a piece ruled twice are faults.
    pub(super) fn prefix_map(
        &self,
        list: &RuleList,
        prefix: char,
    ) -> Result<Vec<Option<Results>>, FbrError> {
        let mut map: Vec<Option<Results>> = vec![None; self.types()];
        for r in list.prefix_rules.iter().filter(|r| r.prefix == prefix) {
            let mut results = Vec::new();
            for x in &r.results {
                let Some(t) = self.type_of(&x.letter.to_string()).filter(|&t| t < 64) else {
                    return refuse(
                        x.column,
                        format!("`{}` names no piece of this board", x.letter),
                    );
                };
                results.push((t as u8, x.opponent));
            }
            for (letter, column) in &r.pieces {
                let column = *column;
                let Some(t) = self.type_of(letter).filter(|&t| t < 64) else {
                    return refuse(column, format!("`{letter}` names no piece of this board"));
                };
                if map[t].is_some() {
                    return refuse(
                        column,
                        format!("`{letter}` has a second `{prefix}` rule (one per piece)"),
                    );
                }
                map[t] = Some(results.clone());
            }
        }
        Ok(map)
    }

    /// `promotion=move*`: a castling's king and partner promote; refused where one of them
    /// (a type with castling moves, or on a castling partner's start square) has several
    /// promotion choices: that choice would be the mover's, which SAN's `O-O` cannot write.
    pub(super) fn castling_promotes(&mut self, column: usize) -> Result<(), FbrError> {
        let mut castling: Vec<usize> = Vec::new();
        let board = self.start_board();
        for (t, p) in self.def.pieces.iter().enumerate() {
            if !p.castles.is_empty() {
                castling.push(t);
            }
            for c in &p.castles {
                if let Some(&Some(partner)) = board.get(c.partner) {
                    castling.push(partner);
                }
            }
        }
        for t in castling {
            let p = &self.def.pieces[t];
            let mut choices: Vec<String> = p
                .promotions
                .iter()
                .flat_map(|pr| promotion_tokens(&pr.choices))
                .collect();
            choices.sort();
            choices.dedup();
            if choices.len() > 1 {
                return refuse(
                    column,
                    format!(
                        "`promotion=move*` where a castling piece (`{}`) has several promotion choices is not implemented: the choice would be the mover's, which SAN's `O-O` cannot write (give it one: `+{}==Q`)",
                        p.symbols[0], p.symbols[0]
                    ),
                );
            }
        }
        self.prefix_layer().castle_within = true;
        Ok(())
    }

    /// The start position's pieces per square (the definition's FEN).
    fn start_board(&self) -> Vec<Option<usize>> {
        let mut board = vec![None; 256];
        let placement = self.def.fen.split([' ', '[']).next().unwrap_or_default();
        for (row, text) in placement.split('/').enumerate() {
            let rank = usize::from(self.def.ranks).saturating_sub(row + 1);
            let (mut file, mut skip, mut prefix) = (0usize, 0usize, false);
            for ch in text.chars() {
                if let Some(d) = ch.to_digit(10) {
                    skip = skip * 10 + d as usize;
                    continue;
                }
                file += skip;
                skip = 0;
                match ch {
                    '+' => prefix = true,
                    '~' => {}
                    _ => {
                        let letter = if prefix {
                            format!("+{ch}")
                        } else {
                            ch.to_string()
                        };
                        prefix = false;
                        if file < 16 && rank < 16 {
                            board[square(file, rank)] = self.type_of(&letter);
                        }
                        file += 1;
                    }
                }
            }
        }
        board
    }

    pub(super) fn prefix_layer(&mut self) -> &mut PrefixLayer {
        Arc::make_mut(self.layers.prefix.get_or_insert_with(Default::default))
    }

    /// The rules this module reads in the list's order: `promotion<p>=origin` (and `demote`);
    /// `swap` and `promotion<p>` with a letter other than `+` wait for
    /// [`Self::prefix_rules_after`]. Whether `r` was taken.
    pub(super) fn prefixed_rule(&mut self, r: &Rule, list: &RuleList) -> Result<bool, FbrError> {
        if r.cancel || !["swap", "promotion"].contains(&r.name.as_str()) {
            return Ok(false);
        }
        let named = |n: &str| r.attrs.iter().any(|a| a.name == n);
        if r.name == "promotion" && named("origin") && named("swap") {
            // Seed 001's unmounting (`fbr::apply::disk_mounting`).
            self.unmount_rule(r, list)?;
            return Ok(true);
        }
        if r.name == "promotion" && (named("origin") || named("demote")) {
            self.origin_rule(r, list)?;
            return Ok(true);
        }
        Ok(r.name == "swap" || r.prefix.is_some_and(|p| p != '+'))
    }

    /// After the other rules (the swap moves, the `+` zones and triggers known, the royal
    /// pieces set): `swap`, `promotion<p>` zones, `holding`'s prefixed rules, the prefixes no
    /// rule applies, and a royal piece's promotion (`Applier::royal_changes`).
    pub(super) fn prefix_rules_after(&mut self, list: &RuleList) -> Result<(), FbrError> {
        self.royal_changes(list)?;
        for r in list.rules.iter().filter(|r| !r.cancel) {
            if r.name == "swap" {
                self.swap_rule(r, list)?;
            }
            if r.name == "promotion"
                && r.prefix.is_some_and(|p| p != '+')
                && !Self::announced_prefix_only(list, r.prefix)
                && !r
                    .attrs
                    .iter()
                    .any(|a| a.name == "origin" || a.name == "demote")
            {
                if r.attrs.is_empty() {
                    self.prefixed_zone(r, list)?;
                } else {
                    // A trigger: the moved piece promotes where it lands
                    // (`fbr::apply::disk_mounting`).
                    self.moved_promotion(r, list)?;
                }
            }
        }
        Self::movement_results_applied(list)?;
        self.holding_prefix_rules(list)?;
        Self::unclaimed_prefix_rules(list)
    }

    /// `promotion<p>[range]` (the seed's `promotion*[9]` beside `promotion+[8-9]`): the `p`
    /// rules' pieces promote on entering the range (the last rank without one) to their
    /// results, beside their `+` promotion (with a trigger attribute the rule is
    /// `fbr::apply::disk_mounting`'s moved piece's promotion). Refused where a piece's `+`
    /// zone overlaps (the seed's
    /// chaining, "the next determined promotion rule will be applied to the promoted piece",
    /// with each rule's choice in one SAN move), beside the `+` rule's triggers, and for
    /// results of the opponent.
    fn prefixed_zone(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        let p = r.prefix.unwrap_or('+');
        if r.pieces.is_some() || r.seq.is_some() || self.layers.promotion_rule.is_some() {
            return refuse(
                r.column,
                format!(
                    "`promotion{p}` with a piece set, a sequence number or beside the `+` rule's triggers is not implemented"
                ),
            );
        }
        let zone = self.promotion_zone(r.range.as_ref());
        let map = self.prefix_map(list, p)?;
        require_prefix_rules(list, p, r.column)?;
        if let Some(x) = list
            .prefix_rules
            .iter()
            .filter(|pr| pr.prefix == p)
            .flat_map(|pr| &pr.results)
            .find(|x| x.opponent)
        {
            return refuse(
                x.column,
                "a promotion to the opponent's piece is not implemented",
            );
        }
        for (t, results) in map.iter().enumerate() {
            let Some(results) = results.as_ref().filter(|r| !r.is_empty()) else {
                continue;
            };
            let overlaps = self.def.pieces[t]
                .promotions
                .iter()
                .any(|pr| (0..2).any(|c| !(pr.zone[c] & zone[c]).none()));
            if overlaps {
                return refuse(
                    r.column,
                    format!(
                        "`promotion{p}`'s zone overlaps another promotion zone of `{}`: applying both rules in turn (the seed's \"the next determined promotion rule will be applied to the promoted piece\") is not implemented",
                        self.def.pieces[t].symbols[0]
                    ),
                );
            }
            let choices: String = results
                .iter()
                .map(|&(x, _)| self.def.pieces[x as usize].symbols[0].clone())
                .collect();
            self.def.pieces[t].promotions.push(PromotionDef {
                zone,
                choices,
                optional: false,
                forced: true,
            });
        }
        Ok(())
    }

    /// The `+` rules: each names its pieces' promotion choices (before the `promotion` rule,
    /// which then sets every promotion's zone).
    pub(super) fn plus_rules(&mut self, list: &RuleList) -> Result<(), FbrError> {
        let map = self.prefix_map(list, '+')?;
        let last_rank = self.promotion_zone(None);
        for r in list.prefix_rules.iter().filter(|r| r.prefix == '+') {
            if let Some(x) = r.results.iter().find(|x| x.opponent) {
                return refuse(
                    x.column,
                    "a promotion to the opponent's piece (`+P==q`) is not implemented: the promoted piece would change sides, which the board's promotion does not do",
                );
            }
            for (letter, column) in &r.pieces {
                let column = *column;
                let t = self.type_of(letter).unwrap_or_default();
                if r.results.is_empty() && self.def.pieces[t].promotions.is_empty() {
                    return refuse(
                        column,
                        format!(
                            "`+{letter}` names no choices and the board's `{letter}` has no promotion to keep; write them (`+{letter}==Q`)"
                        ),
                    );
                }
            }
        }
        for (t, results) in map.iter().enumerate() {
            let Some(results) = results.as_ref().filter(|r| !r.is_empty()) else {
                continue;
            };
            let choices: String = results
                .iter()
                .map(|&(x, _)| self.def.pieces[x as usize].symbols[0].clone())
                .collect();
            let p = &mut self.def.pieces[t];
            if p.promotions.is_empty() {
                p.promotions.push(PromotionDef {
                    zone: last_rank,
                    choices,
                    optional: false,
                    forced: true,
                });
            } else {
                for pr in &mut p.promotions {
                    pr.choices = choices.clone();
                }
            }
        }
        Ok(())
    }

    /// Per type, the one result of the `prefix` rules (`demote`): several results refused.
    pub(super) fn single_results(
        &self,
        list: &RuleList,
        prefix: char,
        what: &str,
    ) -> Result<Vec<Option<u8>>, FbrError> {
        let map = self.prefix_map(list, prefix)?;
        if let Some(r) = list
            .prefix_rules
            .iter()
            .find(|r| r.prefix == prefix && r.results.len() > 1)
        {
            return refuse(
                r.results[1].column,
                format!(
                    "{what} with several results is not implemented: which one is the mover's choice, which no PGN token records"
                ),
            );
        }
        if let Some(x) = list
            .prefix_rules
            .iter()
            .filter(|r| r.prefix == prefix)
            .flat_map(|r| &r.results)
            .find(|x| x.opponent)
        {
            return refuse(
                x.column,
                format!("{what} to the opponent's piece is not implemented"),
            );
        }
        Ok(map
            .into_iter()
            .map(|r| r.and_then(|r| r.first().map(|x| x.0)))
            .collect())
    }

    /// `promotion<p>[range]=origin[,trigger][,demote<q>]`: the `p` rules put a piece on the
    /// square a move leaves.
    pub(super) fn origin_rule(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        if let Some(a) = r.attrs.iter().find(|a| a.name == "demote")
            && !r.attrs.iter().any(|a| a.name == "origin")
        {
            return refuse(
                a.column,
                "`promotion=demote` is read only beside `origin` (seed 001: \"only useful in conjunction with origin\"; `promotion*=origin,demote`)",
            );
        }
        let prefix = origin_prefix(r, "promotion*=origin")?;
        let mut trigger = None;
        let mut demote = None;
        for a in &r.attrs {
            let t = match (a.name.as_str(), a.negated) {
                ("origin", false) => continue,
                ("demote", false) => {
                    demote = Some(a.prefix.unwrap_or('-'));
                    continue;
                }
                ("enter", false) if a.pieces.is_none() => OriginTrigger::Enter,
                ("move", false) if a.pieces.is_none() && a.prefix.is_none() => {
                    OriginTrigger::Within
                }
                ("leave", false) if a.pieces.is_none() => OriginTrigger::Leave,
                ("capture", false) => OriginTrigger::Capture(match &a.pieces {
                    Some(s) => Some(self.mask(s, a.column)?),
                    None => None,
                }),
                ("capture", true) if a.pieces.is_none() => OriginTrigger::NoCapture,
                _ => return Self::origin_refusal(a),
            };
            if trigger.replace(t).is_some() {
                return refuse(
                    a.column,
                    "`promotion=origin` with two triggers is not implemented",
                );
            }
        }
        if !list.prefix_rules.iter().any(|r| r.prefix == prefix) {
            return refuse(
                r.column,
                format!(
                    "`promotion{prefix}=origin` needs the `{prefix}` rules of its pieces (`{prefix}N==X`)"
                ),
            );
        }
        let put: Vec<Option<(u8, bool)>> = {
            let map = self.prefix_map(list, prefix)?;
            if let Some(r) = list
                .prefix_rules
                .iter()
                .find(|r| r.prefix == prefix && r.results.len() != 1)
            {
                let at = r.results.get(1).map_or(r.column, |x| x.column);
                return refuse(
                    at,
                    "`promotion=origin` needs one result per piece (`*N==X`): several would be the mover's choice, which no PGN token records",
                );
            }
            map.into_iter()
                .map(|m| m.and_then(|m| m.first().copied()))
                .collect()
        };
        let demote = match demote {
            Some(q) => self.single_results(list, q, "a demotion rule")?,
            None => Vec::new(),
        };
        let zone = match &r.range {
            Some(range) => self.zone(range),
            None => self.board(),
        };
        let origin = OriginRule {
            zone,
            trigger: trigger.unwrap_or(OriginTrigger::Enter),
            put,
            demote,
        };
        self.prefix_layer().origin.push(origin);
        Ok(())
    }

    fn origin_refusal<T>(a: &Attribute) -> Result<T, FbrError> {
        refuse(
            a.column,
            format!(
                "`promotion={}` beside `origin` is not implemented (origin reads `enter`, `move`, `leave`, `capture{{set}}`, `!capture`, `demote`)",
                a.written_name()
            ),
        )
    }

    /// `swap{set}=demote<p>,promote<q>`, after the list's swap movements are known.
    pub(super) fn swap_rule(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        if r.prefix.is_some() || r.seq.is_some() || r.range.is_some() {
            return refuse(
                r.column,
                "`swap` takes a piece set and the attributes `demote`, `promote`",
            );
        }
        if self.layers.swaps.is_empty() {
            return refuse(
                r.column,
                "`swap` needs swap moves (an MBN `w` movement, `Q=mQ+wQ`, or `switching`)",
            );
        }
        let pieces = self.mask_or(&r.pieces, r.column, self.all_types())?;
        let mut change = SwapChange {
            pieces,
            demote: None,
            promote: None,
        };
        for a in &r.attrs {
            match (a.name.as_str(), a.negated) {
                ("demote", false) if change.demote.is_none() => {
                    let q = a.prefix.unwrap_or('-');
                    let to = self.single_results(list, q, "a demotion rule after a swap")?;
                    change.demote = Some(to.into_iter().map(|x| x.into_iter().collect()).collect());
                }
                ("promote", false) if change.promote.is_none() => {
                    let q = a.prefix.unwrap_or('+');
                    let map = self.prefix_map(list, q)?;
                    if let Some(x) = list
                        .prefix_rules
                        .iter()
                        .filter(|r| r.prefix == q)
                        .flat_map(|r| &r.results)
                        .find(|x| x.opponent)
                    {
                        return refuse(
                            x.column,
                            "a promotion to the opponent's piece after a swap is not implemented",
                        );
                    }
                    change.promote = Some(
                        map.into_iter()
                            .map(|m| m.unwrap_or_default().into_iter().map(|x| x.0).collect())
                            .collect(),
                    );
                }
                _ => return Self::unsupported(r, a),
            }
        }
        if change.demote.is_none() && change.promote.is_none() {
            return refuse(r.column, "`swap` needs `demote` or `promote`");
        }
        self.prefix_layer().swap_changes.push(change);
        Ok(())
    }

    /// `holding=demote<p>` (default `-`): "if the captured piece is not having a promoted
    /// status ... then the default rule "-" will be applied for demotion, if existing" (the
    /// seed's `holding=demote B +B==H R +R==D -R==B`: "The rook demotes to a bishop when
    /// captured"); `holding=promote<p>`: "The associated promotion rule is either specified
    /// with a piece prefix following the attribute, or the default prefix "+"": a letter other
    /// than `+` takes that rule's result (one per piece) in place of the first promotion.
    pub(super) fn holding_prefix_rules(&mut self, list: &RuleList) -> Result<(), FbrError> {
        let Some(r) = list
            .rules
            .iter()
            .rfind(|r| r.name == "holding" && !r.cancel)
        else {
            return Ok(());
        };
        for a in &r.attrs {
            let (prefix, what) = match a.name.as_str() {
                "demote" => (a.prefix.unwrap_or('-'), "a demotion rule of `holding`"),
                "promote" if a.prefix.is_some_and(|p| p != '+') => (
                    a.prefix.unwrap_or('+'),
                    "a promotion rule of `holding=promote`",
                ),
                _ => continue,
            };
            if !list.prefix_rules.iter().any(|pr| pr.prefix == prefix) {
                if a.prefix.is_some() {
                    return refuse(
                        a.column,
                        format!("`holding={}{prefix}` names no `{prefix}` rules", a.name),
                    );
                }
                continue;
            }
            let to = self.single_results(list, prefix, what)?;
            if let Some(h) = self.layers.holding.as_mut() {
                if a.name == "demote" {
                    h.demote_rules = to;
                } else {
                    h.promoted = to;
                }
            }
        }
        Ok(())
    }

    /// Refuses prefixed rules of a prefix no rule of the list applies (`+` is the board's).
    pub(super) fn unclaimed_prefix_rules(list: &RuleList) -> Result<(), FbrError> {
        for pr in list.prefix_rules.iter().filter(|r| r.prefix != '+') {
            let p = pr.prefix;
            let claimed = list.rules.iter().filter(|r| !r.cancel).any(|r| {
                // `promotion<p>=origin` or a zone `promotion<p>[range]`.
                let origin = r.name == "promotion" && r.prefix == Some(p);
                let named = |name: &str, default: char| {
                    r.attrs
                        .iter()
                        .any(|a| a.name == name && a.prefix.unwrap_or(default) == p)
                };
                let demote = ["swap", "promotion", "holding"].contains(&r.name.as_str())
                    && named("demote", '-');
                let promote =
                    ["swap", "holding"].contains(&r.name.as_str()) && named("promote", '+');
                origin || demote || promote
            });
            if !claimed {
                // (the message lists every rule that applies a prefix)
                return refuse(
                    pr.column,
                    format!(
                        "the `{p}` rules (`{p}{}==...`) are applied by no rule of the list: cqlq applies prefixed rules with `promotion{p}[range]`, `promotion{p}=origin`, `promotion{p}=origin,demote`, `swap=demote{p}`, `swap=promote{p}`, `holding=demote{p}` and `holding=promote{p}` (the `+` rules are the board's promotions)",
                        pr.pieces.first().map_or("?", |x| x.0.as_str())
                    ),
                );
            }
        }
        Ok(())
    }
}

/// Refuses `promotion<p>` (at `column`) when no `<p>` rule of the list names a piece.
pub(super) fn require_prefix_rules(
    list: &RuleList,
    p: char,
    column: usize,
) -> Result<(), FbrError> {
    if list.prefix_rules.iter().any(|pr| pr.prefix == p) {
        return Ok(());
    }
    refuse(
        column,
        format!("`promotion{p}` needs the `{p}` rules of its pieces (`{p}N==Q`)"),
    )
}

/// The letter of a `promotion<p>=origin` rule (`example` shows one in the refusal); the `+`
/// rules are the board's promotions, and a piece set or sequence number is not read.
pub(super) fn origin_prefix(r: &Rule, example: &str) -> Result<char, FbrError> {
    let prefix = match r.prefix {
        Some(p) if p != '+' => p,
        _ => {
            return refuse(
                r.column,
                format!(
                    "`promotion=origin` needs a letter of its own (`{example}`): the `+` rules are the board's promotions"
                ),
            );
        }
    };
    if r.pieces.is_some() || r.seq.is_some() {
        return refuse(
            r.column,
            "a piece set or sequence number on `promotion=origin` is not implemented",
        );
    }
    Ok(prefix)
}
