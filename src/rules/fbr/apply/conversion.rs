//! `conversion<prefix>` (seed 001): each piece definition with the rule's prefix defines a
//! conversion, "the piece at the destination square will flip the color". cqlq evaluates the
//! form the seed's `andernach` expansion uses, `*Q=ccO` (a capture of a friendly piece by the
//! null move: the destination is the moved piece's own square, so the moved piece changes
//! colour), with the attributes `capture{set}` and `move`; the engine's side is
//! `Layers::conversions` (`fairy::layer_make`). A conversion that is a move of its own (`*K=cK`:
//! the piece stays, the target changes colour) is `conversion_moves`'.

use super::super::model::{Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layers::Conversion;

/// The one conversion movement evaluated: the moved piece itself.
pub(crate) const SELF_CONVERSION: &str = "ccO";

impl Applier {
    /// `conversion<prefix>[=capture{set}|move]` with its prefixed definitions `<prefix>L=ccO`:
    /// after a move of an `L` (the piece on the destination, after any promotion: "a
    /// conversion rule will be performed after any promotion rule"), it changes colour;
    /// `capture`: only after capturing (a piece of the set, when given); `move`: only after a
    /// non-capturing move. Royal pieces do not convert (refused).
    pub(super) fn conversion(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        let col = r.column;
        let Some(prefix) = r.prefix else {
            return refuse(
                col,
                "`conversion` needs the prefix letter of its piece definitions (`conversion*`)",
            );
        };
        if let Some(set) = &r.pieces {
            return refuse(
                set.column_of(set.pieces.first().map_or("", |p| p.as_str()), col),
                "a piece set on `conversion` is not read by the seed (write it after `capture`)",
            );
        }
        let mut conv = Conversion {
            pieces: 0,
            on_capture: true,
            on_move: true,
            captured: None,
        };
        for a in &r.attrs {
            match a.name.as_str() {
                "capture" => {
                    conv.on_move = false;
                    conv.captured = a
                        .pieces
                        .as_ref()
                        .map(|s| self.mask(s, a.column))
                        .transpose()?;
                }
                "move" => conv.on_capture = false,
                _ => return Self::unsupported(r, a),
            }
        }
        if !conv.on_move && !conv.on_capture {
            return refuse(col, "`conversion=capture,move` applies to no move");
        }
        for d in list.pieces.iter().filter(|d| d.prefix == Some(prefix)) {
            let letter = d.letter.to_string();
            let Some(t) = self.type_of(&letter) else {
                return refuse(
                    d.column,
                    format!("`{letter}` names no piece of this variant"),
                );
            };
            let moved_piece = d.conditioned.is_empty()
                && d.mbn
                    .as_ref()
                    .is_some_and(|(text, _)| text == SELF_CONVERSION);
            if !moved_piece {
                if d.mbn.is_none() && d.conditioned.is_empty() {
                    return refuse(d.column, "a conversion definition needs `=MBN`");
                }
                // A conversion move of its own (`conversion_moves`).
                self.conversion_move(r, t, d, list)?;
                continue;
            }
            if t >= 64 || self.def.pieces[t].flags.royal {
                return refuse(
                    d.column,
                    format!("a royal piece `{letter}` changing colour is not implemented"),
                );
            }
            conv.pieces |= 1 << t;
        }
        self.layers.conversions.push(conv);
        Ok(())
    }
}
