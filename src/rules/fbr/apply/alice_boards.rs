//! `alice[=classic]` (seed 001's Alice Chess on a single-board description) and its `3D` /
//! `4D` forms on several boards (the engine's sides are `Layers::alice` and
//! `fairy::layer_alice_boards`).
//!
//! With two boards no square ever holds two pieces, so one board of squares holds the game.
//! With three or four it does not (a piece lands where the board it chooses is vacant while
//! another board holds a piece on that square), so the seed's own way is taken: "we use a
//! multi-board representation". The boards stand as the quadrants of one board twice as wide
//! and twice as high (board 1 lower left, with the start position; board 2 lower right; board
//! 3 upper left; board 4 upper right, holes under `3D`): an 8x8 game is played on 16x16, files
//! a..p, ranks 1..16, and a move's SAN names its destination on the wide board, so the
//! board chosen is recorded (`Nn3`: the knight g1 lands on f3 of board 2).

use std::sync::Arc;

use super::super::model::Rule;
use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::bits::Bits256;
use crate::rules::fairy::defs::VariantDef;
use crate::rules::fairy::defs_to_variant_with;
use crate::rules::fairy::layer_alice_boards::AliceBoards;
use crate::rules::fairy::layers::Layers;

impl Applier {
    /// `alice[=classic]`: moves pass to the other board. `alice=3D`/`4D` are built after the
    /// other rules ([`Applier::alice_boards_after`]).
    pub(super) fn alice(&mut self, r: &Rule) -> Result<(), FbrError> {
        if let Some(a) = r
            .attrs
            .iter()
            .find(|a| !["classic", "3d", "4d"].contains(&a.name.as_str()))
        {
            return Self::unsupported(r, a);
        }
        if r.attrs.len() > 1 {
            return refuse(
                r.attrs[1].column,
                "`alice` takes one of `classic`, `3D`, `4D`",
            );
        }
        if r.attrs.iter().all(|a| a.name == "classic") {
            self.layers.alice = true;
        }
        Ok(())
    }

    /// `alice=3D`/`4D`: the definition widened to its boards side by side, and the layer
    /// that plays each move on its board and lands it on another.
    pub(super) fn alice_boards_after(&mut self, list: &RuleList) -> Result<(), FbrError> {
        let Some((rule, count)) = list.rules.iter().find_map(|r| {
            let count = match r.attrs.first().map(|a| a.name.as_str()) {
                Some("3d") => 3,
                Some("4d") => 4,
                _ => return None,
            };
            (r.name == "alice" && !r.cancel).then_some((r, count))
        }) else {
            return Ok(());
        };
        let form = rule.attrs[0].name.to_uppercase();
        // Every other rule would have to read the boards (a zone, a capture's neighbours, a
        // royal's line): only the plain `royal` and the `+` promotion rules, which change
        // the definition alone, are read beside it.
        let plain_royal = |o: &Rule| {
            o.name == "royal"
                && !o.cancel
                && o.attrs.is_empty()
                && o.pieces.is_none()
                && o.range.is_none()
        };
        if let Some(o) = list
            .rules
            .iter()
            .find(|o| !(std::ptr::eq(*o, rule) || plain_royal(o)))
        {
            return refuse(
                o.column,
                format!(
                    "FBR rule `{}` beside `alice={form}` is not implemented: each board's moves are those of the plain definition",
                    o.name
                ),
            );
        }
        if let Some(p) = list.prefix_rules.iter().find(|p| p.prefix != '+') {
            return refuse(
                p.column,
                format!(
                    "prefixed rules (`{}`) beside `alice={form}` are not implemented",
                    p.prefix
                ),
            );
        }
        let def = &self.def;
        let why = if def.files > 8 || def.ranks > 8 {
            Some(
                "a board larger than 8x8 (the boards stand as the quadrants of one board of at most 16x16)",
            )
        } else if !def.holes.none() {
            Some("a board with holes")
        } else if def.rules.allow_drops
            || def.rules.keep_capture
            || def.rules.return_capture
            || def.rules.gate_drops
            || def.rules.allow_pickup
        {
            Some("drops, holdings, gating or pickups (which board a piece enters is not said)")
        } else if def.rules.taboo {
            Some("facing royals (`taboo`)")
        } else if !self.layers.swaps.is_empty() {
            Some("swap movements")
        } else if def.fen.contains('[') {
            Some("a start position with pieces in hand")
        } else {
            None
        };
        if let Some(why) = why {
            return refuse(
                rule.attrs[0].column,
                format!("`alice={form}` on {why} is not implemented"),
            );
        }
        let base = defs_to_variant_with(def, Layers::default());
        if base.lion_types != 0 || base.victim_rules {
            return refuse(
                rule.attrs[0].column,
                format!("`alice={form}` with lions or victim rules is not implemented"),
            );
        }
        let boards = AliceBoards {
            base: Arc::new(base),
            count,
            files: def.files as usize,
            ranks: def.ranks as usize,
        };
        self.def = widened(def, &boards);
        self.layers.alice_boards = Some(Arc::new(boards));
        Ok(())
    }
}

/// The definition on the wide board: twice the files and ranks, every zone on every board,
/// the start position on board 1 (the fourth board's squares holes under `3D`).
fn widened(def: &VariantDef, a: &AliceBoards) -> VariantDef {
    let mut w = def.clone();
    w.files = def.files * 2;
    w.ranks = def.ranks * 2;
    if a.count == 3 {
        w.holes = a.squares(3);
    }
    let every = |z: Bits256| a.on_every_board(z);
    w.flags = def.flags.map(every);
    for p in &mut w.pieces {
        if let Some((zone, _)) = &mut p.special {
            *zone = zone.map(every);
        }
        p.prison = p.prison.map(|z| z.map(every));
        p.block = p.block.map(|z| z.map(every));
        p.drop_zone = p.drop_zone.map(|z| z.map(every));
        for promotion in &mut p.promotions {
            promotion.zone = promotion.zone.map(every);
        }
    }
    w.fen = widened_fen(&def.fen, a);
    w
}

/// The start position's FEN on the wide board: each rank of board 1 followed by board 2's
/// empty squares, below the empty (or, under `3D`, half holes) ranks of boards 3 and 4.
fn widened_fen(fen: &str, a: &AliceBoards) -> String {
    let (placement, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let upper = if a.count == 4 {
        (a.files * 2).to_string()
    } else {
        format!("{}{}", a.files, "*".repeat(a.files))
    };
    let mut rows: Vec<String> = (0..a.ranks).map(|_| upper.clone()).collect();
    rows.extend(placement.split('/').map(|r| {
        // A rank ending in empty squares runs on into board 2's (`8` + 8 is `16`).
        let digits = r.len() - r.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let (pieces, empty) = r.split_at(r.len() - digits);
        let empty: usize = empty.parse().unwrap_or(0);
        format!("{pieces}{}", empty + a.files)
    }));
    format!("{} {rest}", rows.join("/"))
}
