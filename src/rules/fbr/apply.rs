//! [`RuleList`] × SjaakII [`VariantDef`] → the variant with FBR rule layers: rules the fairy
//! engine already has set its rules and piece properties (drop zones, drop flags, royal
//! flags, blocked squares, promotion choices), the others fill [`Layers`]. Rules that need
//! MBN multi-leg moves, and attributes not implemented, are refused with column and reason.

mod alice_boards;
mod alice_prefixed;
mod announced_movements;
mod announcement;
mod board_identifiers;
mod board_movements;
mod castling_defs;
mod checking;
mod cheshire;
mod conditioned_swaps;
mod conversion;
mod conversion_moves;
mod disk_mounting;
mod drops;
mod edge_riders;
mod ends;
mod explosions;
mod facing;
mod flips;
mod forced_drops;
mod friendly_captures;
mod halflings;
mod immediate_drops;
mod locusts;
mod musketeer;
mod pieces;
mod pincher;
mod players;
mod powers;
mod prefix_rules;
mod promotion_castle;
mod promotion_in_place;
mod promotion_legs;
mod promotion_rules;
mod promotion_setup;
mod refusals;
mod royal;
mod spacious;
mod swapping;
mod swaps;
mod turns;
mod turns_push;

use std::sync::Arc;

pub(crate) use conversion::SELF_CONVERSION;

use super::model::{Attribute, BoardRange, PieceSet, Rule, RuleList, SingleRange};
use super::parse::{FbrError, fbr_to_rules};
use crate::rules::fairy::bits::{Bits256, square};
use crate::rules::fairy::defs::VariantDef;
use crate::rules::fairy::layers::{DIRS, Hill, Holding, Layers, MustCapture, ZoneRule};
use crate::rules::fairy::{Variant, bundled_variants, defs_to_variant_with, find_variant};

fn refuse<T>(column: usize, reason: impl Into<String>) -> Result<T, FbrError> {
    Err(FbrError {
        column,
        reason: reason.into(),
    })
}

/// Builds `def` with its own `Rules:` line (if any) followed by the FBR rules of `text`.
pub fn variant_with_rules(def: &VariantDef, text: &str) -> Result<Variant, FbrError> {
    let mut rules = match &def.fbr_rules {
        Some((_, own)) => fbr_to_rules(own)?,
        None => RuleList::default(),
    };
    let added = fbr_to_rules(text)?;
    rules.rules.extend(added.rules);
    rules.pieces.extend(added.pieces);
    rules.prefix_rules.extend(added.prefix_rules);
    rules.announced_rules.extend(added.announced_rules);
    rules.drop_rules.extend(added.drop_rules);
    rules.alice_rules.extend(added.alice_rules);
    rules.announced_movements.extend(added.announced_movements);
    rules.negated.extend(added.negated);
    rules.castlings.extend(added.castlings);
    let (def, layers) = apply_rules(def, &rules)?;
    Ok(defs_to_variant_with(&def, layers))
}

/// The bundled FIDE chess with FBR rules (what `--rules` means for a standard game).
pub fn chess_with_rules(text: &str) -> Result<Arc<Variant>, FbrError> {
    let all = bundled_variants();
    let chess = find_variant(&all, "chess").ok_or(FbrError {
        column: 1,
        reason: "no bundled chess definition".into(),
    })?;
    variant_with_rules(&chess.def, text).map(Arc::new)
}

/// Applies a rule list to a definition: the changed definition and its layers.
pub fn apply_rules(board: &VariantDef, list: &RuleList) -> Result<(VariantDef, Layers), FbrError> {
    let mut def = board.clone();
    board_identifiers::check_definition_boards(list)?;
    super::piece_defs::apply_piece_definitions(&mut def, &list.pieces)?;
    let mut a = Applier {
        def,
        layers: Layers::default(),
        flip: (false, true),
    };
    // `mirror` first: it decides how board ranges read for black.
    for r in list.rules.iter().filter(|r| r.name == "mirror") {
        a.mirror(r)?;
    }
    a.mbn_swaps(list)?;
    a.mbn_explosions(list)?;
    a.mbn_friendly_captures(list, &board.pieces)?;
    let first_flip = a.mbn_flips(list)?;
    a.mbn_locusts(list)?;
    a.plus_rules(list)?;
    a.musketeers(list)?;
    let has_holding = list.rules.iter().any(|r| r.name == "holding" && !r.cancel);
    for r in &list.rules {
        if let Some((_, why)) = refusals::REFUSED.iter().find(|(n, _)| *n == r.name) {
            return refuse(r.column, format!("FBR rule `{}` {why}", r.name));
        }
        if a.players_rule(r, list)? {
            continue;
        }
        if let Some(at) = r.attrs.iter().find(|a| a.name.is_empty())
            && !powers::POWER_RULES.contains(&r.name.as_str())
        {
            return refuse(
                at.column,
                format!("`{}` takes no nameless attribute", r.name),
            );
        }
        if powers::POWER_RULES.contains(&r.name.as_str()) && !r.cancel {
            a.power(r, list)?;
            continue;
        }
        if r.name == "conversion" && !r.cancel {
            a.conversion(r, list)?;
            continue;
        }
        if r.name == "switching" && !r.cancel {
            continue;
        }
        if r.name == "turn" && !r.cancel {
            a.turn_suffixed(r, list)?;
            continue;
        }
        if a.prefixed_rule(r, list)? {
            continue;
        }
        if r.name == "announcement" {
            continue; // read by `Applier::announcements`, once the promotions are set
        }
        a.rule(r, has_holding)?;
    }
    for r in list
        .rules
        .iter()
        .filter(|r| r.name == "switching" && !r.cancel)
    {
        a.switching(r)?;
    }
    a.conditioned_swaps(list)?;
    a.prefix_rules_after(list)?;
    a.swaps_beside(list)?;
    a.friendly_captures_beside(list)?;
    a.pushes_beside(list)?;
    a.facing_beside(list)?;
    a.flips_beside(list, first_flip)?;
    a.conversion_moves_beside(list)?;
    Applier::unclaimed_prefixes(list)?;
    Applier::stack_partners(list)?;
    a.promotion_captures(list)?;
    a.promotion_in_place(list)?;
    a.announcements(list)?;
    a.forced_drops(list)?;
    a.alice_prefixed(list)?;
    a.castling_definitions(list)?;
    Applier::promoted_results(list)?;
    if !a.layers.powers.is_empty()
        && a.layers.alice
        && let Some(r) = list.rules.iter().find(|r| r.name == "alice")
    {
        return refuse(
            r.column,
            "FBR rule `alice` beside `freezer`, `protector`, `burner` or `stymizer` is not implemented",
        );
    }
    if a.layers.holding.is_some()
        && (a.layers.powers.iter().any(|p| p.suicide) || a.layers.royal.suicide)
        && let Some(r) = list
            .rules
            .iter()
            .find(|r| r.attrs.iter().any(|at| at.name == "suicide"))
    {
        return refuse(
            r.column,
            format!(
                "`{}=suicide` beside a holding (`holding`, `gating`) is not implemented: the seed does not say whether a piece that removes itself goes to the holding",
                r.name
            ),
        );
    }
    if a.layers.bounce != 0
        && a.layers.wraps()
        && let Some(r) = list.rules.iter().find(|r| r.name == "bouncing")
    {
        return refuse(
            r.column,
            "FBR rule `bouncing` on a board that wraps (`cylindric`, `torus`) is not implemented",
        );
    }
    if a.layers.stop_if_checking
        && a.layers.wraps()
        && let Some(r) = list.rules.iter().find(|r| r.name == "stopifchecking")
    {
        return refuse(
            r.column,
            "FBR rule `stopifchecking` on a board that wraps (`cylindric`, `torus`) is not implemented",
        );
    }
    if a.layers.transparent != 0
        && (a.layers.alice || a.layers.stop_if_checking || !a.layers.powers.is_empty())
        && let Some(r) = list.rules.iter().find(|r| r.name == "pieces")
    {
        return refuse(
            r.column,
            "`pieces=transparent` beside `alice`, `stopifchecking`, `freezer`, `protector`, `burner` or `stymizer` is not implemented",
        );
    }
    a.edge_riders_beside_wrapping(list)?;
    a.alice_boards_after(list)?;
    a.halflings_beside(list)?;
    if a.layers.alice_boards.is_some()
        && let Some(column) = super::mbn::state::wrapping_column(list)
    {
        return refuse(
            column,
            "MBN `o` / `oo` beside `alice=3D`/`4D` is not evaluated by cqlq: the boards stand \
             side by side on one board, whose edges are not each board's",
        );
    }
    // Swap movements, explosions, friendly captures and flips of piece definitions need the
    // layers even without a rule.
    if let Some(column) = super::mbn::state::decaying_column(list) {
        // `ii`: a check ends the initial moves (`fbr::mbn::state`).
        super::mbn::state::check_decaying_royal(&a.def, column)?;
        a.layers.checked_history = true;
    }
    a.layers.active = !list.rules.is_empty()
        || a.layers.checked_history
        || !a.layers.swaps.is_empty()
        || !a.layers.explosions.is_empty()
        || !a.layers.friendly_captures.is_empty()
        || !a.layers.conversion_moves.is_empty()
        || !a.layers.locusts.is_empty();
    Ok((a.def, a.layers))
}

struct Applier {
    def: VariantDef,
    layers: Layers,
    /// Board ranges for black: flip files, flip ranks.
    flip: (bool, bool),
}

impl Applier {
    fn types(&self) -> usize {
        self.def.pieces.len().min(64)
    }

    fn all_types(&self) -> u64 {
        (0..self.types()).fold(0, |m, t| m | 1 << t)
    }

    fn royal_types(&self) -> u64 {
        (0..self.types())
            .filter(|&t| self.def.pieces[t].flags.royal)
            .fold(0, |m, t| m | 1 << t)
    }

    fn type_of(&self, letter: &str) -> Option<usize> {
        self.def.pieces.iter().position(|p| {
            p.symbols[0]
                .trim_end_matches('~')
                .eq_ignore_ascii_case(letter)
        })
    }

    /// A piece set as a type mask (checked: every letter names a piece).
    fn mask(&self, set: &PieceSet, column: usize) -> Result<u64, FbrError> {
        for p in &set.pieces {
            if self.type_of(p).is_none() {
                let at = set.column_of(p, column);
                return refuse(at, format!("`{p}` names no piece of this variant"));
            }
        }
        Ok((0..self.types())
            .filter(|&t| set.includes(self.def.pieces[t].symbols[0].trim_end_matches('~')))
            .fold(0, |m, t| m | 1 << t))
    }

    fn mask_or(
        &self,
        set: &Option<PieceSet>,
        column: usize,
        default: u64,
    ) -> Result<u64, FbrError> {
        match set {
            Some(s) => self.mask(s, column),
            None => Ok(default),
        }
    }

    /// A promotion zone per colour: the range, or without one the last rank (black's
    /// mirrored), the page's default "Per default the promotion zone is the last rank".
    fn promotion_zone(&self, range: Option<&BoardRange>) -> [Bits256; 2] {
        let last = self.def.ranks.saturating_sub(1);
        let last_rank = BoardRange {
            not: false,
            parts: vec![SingleRange {
                files: None,
                ranks: Some((last, last)),
            }],
        };
        self.zone(range.unwrap_or(&last_rank))
    }

    /// A board range per colour (black's flipped as `mirror` says).
    fn zone(&self, range: &BoardRange) -> [Bits256; 2] {
        let (files, ranks) = (self.def.files as usize, self.def.ranks as usize);
        let mut w = Bits256::EMPTY;
        for r in 0..ranks {
            for f in 0..files {
                let inside = range.parts.iter().any(|p| {
                    p.files
                        .is_none_or(|(a, b)| (a as usize..=b as usize).contains(&f))
                        && p.ranks
                            .is_none_or(|(a, b)| (a as usize..=b as usize).contains(&r))
                });
                if inside != range.not {
                    w.set(square(f, r));
                }
            }
        }
        let mut b = Bits256::EMPTY;
        for s in w.iter() {
            let (f, r) = (s % 16, s / 16);
            let f = if self.flip.0 { files - 1 - f } else { f };
            let r = if self.flip.1 { ranks - 1 - r } else { r };
            b.set(square(f, r));
        }
        [w, b]
    }

    fn need_range(&self, r: &Rule) -> Result<[Bits256; 2], FbrError> {
        match &r.range {
            Some(range) => Ok(self.zone(range)),
            None => refuse(
                r.column,
                format!("`{}` needs a board range `[...]`", r.name),
            ),
        }
    }

    fn board(&self) -> [Bits256; 2] {
        self.zone(&BoardRange::whole_board())
    }

    fn mirror(&mut self, r: &Rule) -> Result<(), FbrError> {
        let (mut fx, mut fy) = (false, !r.cancel);
        if !r.cancel && !r.attrs.is_empty() {
            fy = false;
            for a in &r.attrs {
                match a.name.as_str() {
                    "vertical" => fy = true,
                    "horizontal" => fx = true,
                    _ => {}
                }
            }
        }
        self.flip = (fx, fy);
        self.layers.mirror = Some((fx, fy));
        Ok(())
    }

    fn unsupported<T>(r: &Rule, a: &Attribute) -> Result<T, FbrError> {
        refuse(a.column, refusals::attribute_refusal(&r.name, &a.name))
    }

    /// Applies one rule line to the variant being built: one arm per rule name, the longer
    /// rules in a function each.
    fn rule(&mut self, r: &Rule, has_holding: bool) -> Result<(), FbrError> {
        let col = r.column;
        if r.cancel {
            return self.cancel(r);
        }
        match r.name.as_str() {
            "cylindric" | "torus" => {
                self.layers.wrap_files = true;
                self.layers.wrap_ranks |= r.name == "torus";
                for a in &r.attrs {
                    match a.name.as_str() {
                        "null" => self.layers.null_moves = true,
                        "wrongrook" => self.layers.wrong_rook = true,
                        "spacious" if r.name == "torus" => {
                            self.spacious(a.column, "torus=spacious")?
                        }
                        _ => return Self::unsupported(r, a),
                    }
                }
            }
            "atomic" => self.atomic(r)?,
            "andernach" => self.layers.andernach = true,
            "cheshire" => self.cheshire(r)?,
            "benedict" => {
                self.layers.benedict = true;
                self.layers.royal.expose = true;
            }
            "magnetic" => self.layers.magnetic = true,
            "monster" => {
                if self.layers.turns.is_some() {
                    return refuse(
                        col,
                        "`monster` beside `turn` or `progressive` is not implemented",
                    );
                }
                self.layers.monster = true;
                self.layers.royal.until_captured = true;
            }
            "turn" => self.turn_part(r)?,
            "progressive" => self.progressive(r)?,
            "avalanche" => self.avalanche(r)?,
            "alice" => self.alice(r)?,
            "holding" => self.holding(r)?,
            "drop" => self.drop(r, has_holding)?,
            "gating" => self.gating(r, has_holding)?,
            "mustcapture" => self.must_capture(r)?,
            "hill" => self.hill(r)?,
            "royal" => self.royal(r)?,
            "stalemate" | "draw" | "win" | "loss" => self.ends(r)?,
            "diagonals" => match r.attrs.as_slice() {
                [a] if a.name == "dark" => self.layers.diagonals = Some(0),
                [a] if a.name == "light" => self.layers.diagonals = Some(1),
                _ => return refuse(col, "`diagonals` takes one attribute: `dark` or `light`"),
            },
            "direction" => self.direction(r)?,
            "zone" => self.zone_rule(r)?,
            "pieces" => self.pieces(r, has_holding)?,
            "nonrepeating" => {
                let mask = self.mask_or(&r.pieces, col, self.all_types())?;
                let check = r.attrs.iter().any(|a| a.name == "check");
                let never = r.attrs.iter().any(|a| a.name == "never");
                self.layers.history.nonrepeating = Some((mask, check, never));
            }
            "warp" => {
                let start = r
                    .attrs
                    .iter()
                    .find(|a| a.name == "start")
                    .and_then(|a| a.arg);
                self.layers.warp = Some(start.unwrap_or(0).max(0) as u32);
            }
            "promotion" => self.promotion(r)?,
            "spacious" => self.spacious(col, "spacious")?,
            "stopifchecking" => self.layers.stop_if_checking = true,
            "antiroyal" => self.anti_royal(r)?,
            "difficulttrading" => self.difficult_trading(r)?,
            // "Either the captured pieces will be removed after the whole move has been
            // performed ... or a captured piece will be removed immediately (in each capturing
            // leg)": the engine's only multi-capture moves are a lion's two leaps (MBN locust
            // moves are refused), where no leg passes a square, so both readings give the
            // same moves.
            "multicapture" => {
                if let Some(a) = r
                    .attrs
                    .iter()
                    .find(|a| a.name != "completed" && a.name != "immediate")
                {
                    return Self::unsupported(r, a);
                }
            }
            "bouncing" => {
                // "the default piece set is {B}".
                let bishop = match (&r.pieces, self.type_of("B")) {
                    (None, None) => {
                        return refuse(col, "`bouncing` without a piece set needs a piece `B`");
                    }
                    (_, b) => b.map_or(0, |t| 1 << t),
                };
                self.layers.bounce |= self.mask_or(&r.pieces, col, bishop)?;
            }
            "mirror" => {}
            other => return refuse(col, format!("FBR rule `{other}` is not implemented")),
        }
        Ok(())
    }

    /// A rule cancelled with `!`: `!royal` (no royal piece, so no castling either), `!draw`,
    /// `!mirror`.
    fn cancel(&mut self, r: &Rule) -> Result<(), FbrError> {
        let col = r.column;
        match r.name.as_str() {
            // Castling is a royal piece's move with its partner (FBR's `royal=castle{R}`):
            // with no royal piece there is none, and the start position has no rights
            // (antichess's `w - -`).
            "royal" => {
                for p in &mut self.def.pieces {
                    if p.flags.royal {
                        p.castles.clear();
                    }
                    p.flags.royal = false;
                }
                self.def.fen = without_castling_rights(&self.def.fen);
                Ok(())
            }
            // `!draw`, `!mirror`: FBR's defaults are not applied anyway (mirror is read first).
            "draw" | "mirror" => Ok(()),
            other => refuse(col, format!("`!{other}` cancels nothing here")),
        }
    }

    /// `atomic[=P]`: captures explode, sparing the pieces of the set (pawns by default).
    fn atomic(&mut self, r: &Rule) -> Result<(), FbrError> {
        let col = r.column;
        let mut set = r.pieces.clone().unwrap_or(PieceSet {
            caret: true,
            pieces: vec!["P".into()],
            ..PieceSet::default()
        });
        if set.pieces.iter().any(|p| self.type_of(p).is_none()) {
            set.pieces.retain(|p| self.type_of(p).is_some());
        }
        self.layers.atomic = Some(self.mask(&set, col)?);
        Ok(())
    }

    /// `gating[=P][ordered][...]`: pieces of the holding (or of the set) entering on a square
    /// a piece leaves, in the zone.
    fn gating(&mut self, r: &Rule, has_holding: bool) -> Result<(), FbrError> {
        let col = r.column;
        let board = self.board();
        let pieces: Vec<u8> = match &r.pieces {
            Some(set) if !set.not && !set.caret => {
                let mut v = Vec::new();
                for p in &set.pieces {
                    match self.type_of(p) {
                        Some(t) => v.push(t as u8),
                        None => {
                            return refuse(
                                set.column_of(p, col),
                                format!("`{p}` names no piece of this variant"),
                            );
                        }
                    }
                }
                v
            }
            other => {
                let m = self.mask_or(other, col, self.all_types() & !self.royal_types())?;
                (0..self.types())
                    .filter(|&t| m >> t & 1 != 0)
                    .map(|t| t as u8)
                    .collect()
            }
        };
        let ordered = r.attrs.iter().any(|a| a.name == "ordered");
        if ordered && r.pieces.is_none() {
            return refuse(col, "`gating=ordered` needs a piece set giving the order");
        }
        let zone = r.range.as_ref().map_or(board, |z| self.zone(z));
        self.def.rules.gate_drops = true;
        self.layers.gate = Some((zone, pieces, ordered));
        if !has_holding && self.layers.holding.is_none() {
            // The holding gating implies holds the pieces there at the start (a pocket).
            self.layers.holding = Some(Holding {
                pocket: true,
                ..self.holding_tables()
            });
        }
        Ok(())
    }

    /// `mustcapture[=P][compulsory][multiple][most]`: capturing is obligatory.
    fn must_capture(&mut self, r: &Rule) -> Result<(), FbrError> {
        let col = r.column;
        let mut mc = MustCapture {
            pieces: self.mask_or(&r.pieces, col, self.all_types())?,
            ..MustCapture::default()
        };
        for a in &r.attrs {
            match a.name.as_str() {
                "compulsory" => mc.compulsory = true,
                "multiple" => mc.multiple = true,
                "most" => {
                    let mut values = Vec::new();
                    if let Some(set) = &a.pieces {
                        values = vec![1; self.types()];
                        for (letter, v) in &set.values {
                            match self.type_of(letter) {
                                Some(t) => values[t] = *v,
                                None => {
                                    return refuse(
                                        a.column,
                                        format!("`{letter}` names no piece of this variant"),
                                    );
                                }
                            }
                        }
                    }
                    mc.most = Some(values);
                }
                _ => return Self::unsupported(r, a),
            }
        }
        self.layers.must_capture = Some(mc);
        Ok(())
    }

    /// `hill[=P][...][balance][fill][pass]`: reaching the zone wins.
    fn hill(&mut self, r: &Rule) -> Result<(), FbrError> {
        let col = r.column;
        let zone = self.need_range(r)?;
        let mut h = Hill {
            zone,
            pieces: self.mask_or(&r.pieces, col, self.royal_types())?,
            ..Hill::default()
        };
        for a in &r.attrs {
            match a.name.as_str() {
                "balance" => h.balance = true,
                "fill" => h.fill = true,
                "pass" => match &a.range {
                    Some(z) => h.pass = Some(self.zone(z)),
                    None => return refuse(a.column, "`pass` needs a board range `[...]`"),
                },
                _ => return Self::unsupported(r, a),
            }
        }
        self.layers.hills.push(h);
        Ok(())
    }

    /// `direction<d>[...]`: pieces on the zone move in direction d only (mirrored for the
    /// second side as the board is).
    fn direction(&mut self, r: &Rule) -> Result<(), FbrError> {
        let col = r.column;
        let names = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
        let Some(d) = r
            .seq
            .as_deref()
            .and_then(|s| names.iter().position(|n| *n == s))
        else {
            return refuse(col, "`direction` needs a direction `<n>` .. `<nw>`");
        };
        let zone = self.need_range(r)?;
        let table = self
            .layers
            .directions
            .get_or_insert_with(|| Box::new([[0xFF; 256]; 2]));
        for (c, z) in zone.iter().enumerate() {
            let (dx, dy) = DIRS[d];
            let dx = if c == 1 && self.flip.0 { -dx } else { dx };
            let dy = if c == 1 && self.flip.1 { -dy } else { dy };
            let bit = DIRS.iter().position(|&v| v == (dx, dy)).unwrap_or(d);
            for s in z.iter() {
                if table[c][s] == 0xFF {
                    table[c][s] = 0;
                }
                table[c][s] |= 1 << bit;
            }
        }
        Ok(())
    }

    /// `zone[=P][...]` with `hole`, `river`, `dontcross`, `captureonly`: what the zone's
    /// squares allow the pieces of the set.
    fn zone_rule(&mut self, r: &Rule) -> Result<(), FbrError> {
        let col = r.column;
        let board = self.board();
        let zone = self.need_range(r)?;
        let pieces = self.mask_or(&r.pieces, col, self.all_types())?;
        if r.attrs.is_empty() {
            return refuse(
                col,
                "`zone` needs an attribute: hole, river, dontcross, captureonly",
            );
        }
        for a in &r.attrs {
            let z = ZoneRule { zone, pieces };
            match a.name.as_str() {
                "hole" => {
                    for (t, p) in self.def.pieces.iter_mut().enumerate() {
                        if t < 64 && pieces >> t & 1 != 0 {
                            let b = p.block.get_or_insert([Bits256::EMPTY; 2]);
                            b[0] |= zone[0];
                            b[1] |= zone[1];
                            let d = p.drop_zone.get_or_insert(board);
                            d[0] &= !zone[0];
                            d[1] &= !zone[1];
                        }
                    }
                }
                "river" => self.layers.river.push(z),
                "dontcross" => self.layers.dont_cross.push(z),
                "captureonly" => self.layers.capture_only.push(z),
                _ => return Self::unsupported(r, a),
            }
        }
        Ok(())
    }

    /// `promotion[range]=...`: the zone (the range, or the last rank), the choices
    /// (`enter{set}`), and whether promoting is compulsory (the page's default: "A piece must
    /// promote when entering the promotion zone"), optional where the piece could still move
    /// (`optional`), or never compulsory (`notforced`).
    fn promotion(&mut self, r: &Rule) -> Result<(), FbrError> {
        if r.prefix.is_some_and(|p| p != '+') || r.seq.is_some() {
            return refuse(
                r.column,
                "`promotion` with a letter or sequence number (MBN prefixed pieces) is not implemented",
            );
        }
        let rule_attrs: Vec<&Attribute> = r
            .attrs
            .iter()
            .filter(|a| {
                a.name == "enter" || promotion_rules::RULE_ATTRIBUTES.contains(&a.name.as_str())
            })
            .collect();
        let triggers = rule_attrs
            .iter()
            .any(|a| promotion_rules::is_trigger(&a.name));
        let stack = rule_attrs.iter().any(|a| a.name == "stack");
        if r.pieces.is_some() && !stack {
            return refuse(
                r.column,
                "a piece set on `promotion` (extending `stack`) is not implemented",
            );
        }
        let (mut choices, mut optional, mut not_forced) = (None, false, false);
        let mut setup = None;
        for a in &r.attrs {
            match a.name.as_str() {
                "setup" => setup = Some(self.mask_or(&a.pieces, a.column, 0)?),
                "once" => self.layers.promotion_once = true,
                _ if promotion_rules::RULE_ATTRIBUTES.contains(&a.name.as_str()) => {}
                "enter" => {
                    if let Some(set) = a.pieces.as_ref().filter(|_| !triggers) {
                        let mask = self.mask(set, a.column)?;
                        let letters: String = (0..self.types())
                            .filter(|&t| mask >> t & 1 != 0)
                            .map(|t| self.def.pieces[t].symbols[0].clone())
                            .collect();
                        choices = Some(letters);
                    }
                }
                "optional" => optional = true,
                "notforced" => not_forced = true,
                "swap" => self.swap_promotion(a)?,
                "castle" => self.promotion_castle(a)?,
                "enpassant" | "continue" => self.promotion_legs(a)?,
                _ if promotion_in_place::ATTRIBUTES.contains(&a.name.as_str()) => {}
                _ => return Self::unsupported(r, a),
            }
        }
        let zone = self.promotion_zone(r.range.as_ref());
        for p in &mut self.def.pieces {
            for pr in &mut p.promotions {
                if let Some(c) = &choices {
                    pr.choices = c.clone();
                }
                pr.zone = zone;
                pr.optional = not_forced;
                pr.forced = !optional && !not_forced;
            }
        }
        if let Some(fallback) = setup {
            self.promotion_setup(fallback);
        }
        self.promotion_rule(r, &rule_attrs, zone, not_forced)?;
        Ok(())
    }
}

/// `fen` with `-` in its castling field (the third), as a start position without castling
/// writes it; unchanged when it has no such field.
pub(super) fn without_castling_rights(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if let Some(castling) = fields.get_mut(2) {
        *castling = "-";
    }
    fields.join(" ")
}
