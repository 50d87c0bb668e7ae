//! The rule `musketeer` (seed 001: "The chess rules of Musketeer Chess"; the seed's
//! misspelling `muskeeter` reads the same): the ten Musketeer pieces are added to the board
//! (their movements in MBN, written here from the official rules' descriptions and
//! Musketeer-Stockfish's Betza: Leopard `NB2`, Cannon `llNrrNDK`, Unicorn `CN`, Dragon `QN`,
//! Chancellor `RN`, Archbishop `BN`, Elephant `KDA`, Hawk `DHAG`, Fortress `B3DfNbN`, Spider
//! `B2DN`), pawns may promote to them (to the two selected ones only: the engine's layer
//! drops the others), and `fairy::layer_musketeer` gates them in. The selection and the gate
//! squares come from the game's FEN.

use super::super::model::{Rule, RuleList};
use super::super::parse::{FbrError, fbr_to_rules};
use super::super::piece_defs::apply_piece_definitions;
use super::{Applier, refuse};
use crate::rules::fairy::layer_musketeer::MusketeerRule;

/// The rule's names: the seed writes both.
pub(super) const NAMES: [&str; 2] = ["musketeer", "muskeeter"];

/// The ten Musketeer pieces as FBR piece definitions (letter, name, MBN). Betza's `B2` is
/// MBN's `F2` (a bishop of at most two steps); the Cannon's `llNrrN` (the knight's leaps two
/// files sideways) is MBN's `sN`, the Fortress's `fNbN` (two ranks forwards or backwards, as
/// SjaakII's Musketeer definition spells it: `aleap (1,2)|(-1,2)|(1,-2)|(-1,-2)`) is `vN`.
const PIECES: &str = "L|Leopard|=N+F2 C|Cannon|=sN+D+K U|Unicorn|=C+N D|Dragon|=Q+N \
    M|Chancellor|=R+N A|Archbishop|=B+N E|Elephant|=K+D+A H|Hawk|=D+H+A+G \
    F|Fortress|=F3+D+vN S|Spider|=F2+D+N";

/// The Musketeer piece letters.
const LETTERS: &str = "LCUDMAEHFS";

/// Whether a rule of the list is `musketeer` (not cancelled).
pub(super) fn is_musketeer(r: &Rule) -> bool {
    NAMES.contains(&r.name.as_str()) && !r.cancel
}

impl Applier {
    /// `musketeer`: adds the ten pieces, their promotions and the gating layer.
    pub(super) fn musketeer(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        let col = r.column;
        if r.pieces.is_some() || r.range.is_some() || !r.attrs.is_empty() || r.prefix.is_some() {
            return refuse(
                col,
                format!("`{}` takes no piece set, range or attribute", r.name),
            );
        }
        if let Some(other) = list.rules.iter().find(|o| {
            !o.cancel
                && ["gating", "holding", "drop", "alice", "switching"].contains(&o.name.as_str())
        }) {
            return refuse(
                other.column,
                format!(
                    "`{}` beside `musketeer` is not implemented: both change what a move brings onto the board (and the FEN's `[...]` field)",
                    other.name
                ),
            );
        }
        for letter in LETTERS.chars() {
            if let Some(t) = self.type_of(&letter.to_string()) {
                return refuse(
                    col,
                    format!(
                        "`musketeer` needs the letter `{letter}` for its {} but the board's `{}` has it",
                        piece_name(letter),
                        self.def.pieces[t].name
                    ),
                );
            }
        }
        let pieces = fbr_to_rules(PIECES)?.pieces;
        apply_piece_definitions(&mut self.def, &pieces)?;
        let mut types = 0u64;
        for letter in LETTERS.chars() {
            if let Some(t) = self.type_of(&letter.to_string())
                && t < 64
            {
                types |= 1 << t;
            }
        }
        // Whatever promotes to a queen may promote to a Musketeer piece (the layer keeps the
        // two selected ones).
        for p in &mut self.def.pieces {
            for promo in &mut p.promotions {
                if promo.choices.contains('Q') {
                    promo.choices.push_str(LETTERS);
                }
            }
        }
        self.layers.musketeer = Some(MusketeerRule { types });
        Ok(())
    }
}

/// The name of a Musketeer piece letter (from [`PIECES`]).
fn piece_name(letter: char) -> &'static str {
    PIECES
        .split_whitespace()
        .find(|d| d.starts_with(letter))
        .and_then(|d| d.split('|').nth(1))
        .unwrap_or("piece")
}
