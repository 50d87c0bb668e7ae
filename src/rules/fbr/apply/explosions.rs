//! The MBN explosion `X` ending a piece definition's movement (`Q=mQ+(cQ--X)`, the seed's Fire
//! Demon `:FD:=(mF4+msW4+([mK]--[mK]--K))--X`; read by `fbr::mbn::explosion`, applied by
//! `fairy::explosion_move`): one rule per piece type, removing every type but the list's
//! pawn `P` (`X`'s own piece set `{^P}`).

use super::super::mbn::mbn_move_sets_with_explosion;
use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::explosion_move::MoveExplosion;

impl Applier {
    /// The explosions of the list's (unprefixed) piece definitions.
    pub(super) fn mbn_explosions(&mut self, list: &RuleList) -> Result<(), FbrError> {
        for d in list.pieces.iter().filter(|d| d.prefix.is_none()) {
            let Some((text, column)) = &d.mbn else {
                continue;
            };
            let sets = mbn_move_sets_with_explosion(text)
                .or_else(|e| refuse(column + e.column - 1, format!("MBN: {}", e.reason)))?;
            let Some(x) = sets.explosion else {
                continue;
            };
            let at = column + x.column - 1;
            if d.keeps_board_movement {
                return refuse(
                    at,
                    "MBN: the predefined move `X` beside the board's own movement of the piece \
                     (a body-less macro, `P=PX`) is not evaluated by cqlq (the board's moves \
                     would not explode, the added ones would)",
                );
            }
            let Some(t) = self.type_of(&d.letter) else {
                return refuse(
                    d.column,
                    format!("`{}` names no piece of this board", d.letter),
                );
            };
            let removes = (0..self.types())
                .filter(|&t| {
                    !self.def.pieces[t].symbols[0]
                        .trim_end_matches('~')
                        .eq_ignore_ascii_case("P")
                })
                .fold(0u64, |m, t| m | 1 << t);
            self.layers.explosions.push(MoveExplosion {
                piece: t as u8,
                on_moves: x.on_moves,
                on_captures: x.on_captures,
                removes,
            });
        }
        // As beside `atomic` (`promotion_rules::BESIDE_STACK`): the stack is counted as the
        // start position's pieces less the board's, which an explosion changes.
        if !self.layers.explosions.is_empty()
            && let Some(r) = list.rules.iter().find(|r| {
                r.name == "promotion" && r.attrs.iter().any(|a| a.name == "stack" && !a.negated)
            })
        {
            return refuse(
                r.column,
                "`promotion=stack` beside the MBN explosion `X` is not implemented: the stack \
                 is counted as the start position's pieces less the board's, which an \
                 explosion changes otherwise than by capture and promotion",
            );
        }
        Ok(())
    }
}
