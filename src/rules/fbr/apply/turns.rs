//! `turn` and `progressive` (seed 001): turns of several moves. Each `turn` rule is one part
//! of every turn; `progressive` gives the game's Nth turn N moves. The engine's side is
//! `fairy::layer_turns` and `fairy::layer_turns_more` (a turn ended early by a `--` pass:
//! `optional`, `moderate`); what the engine cannot hold (a move of an enemy piece) is refused
//! with the reason.

use super::super::model::Rule;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_turns::{MAX_PARTS, ProgressiveStyle, TurnPart, TurnRules};

impl Applier {
    /// `turn<seq>{set}=attributes`: one more part of every turn.
    pub(super) fn turn_part(&mut self, r: &Rule) -> Result<(), FbrError> {
        let col = r.column;
        if r.prefix.is_some() {
            // Read by `turn_suffixed`, which passes the part here without it.
            return refuse(
                col,
                "`turn` with a piece suffix needs its prefixed definitions",
            );
        }
        if r.range.is_some() {
            return refuse(col, "`turn` takes no board range");
        }
        let seq = match &r.seq {
            None => None,
            Some(s) => match s.parse::<u32>() {
                Ok(n) => Some(n),
                Err(_) => return refuse(col, format!("`turn<{s}>`: expected a sequence number")),
            },
        };
        let mut part = TurnPart {
            seq,
            pieces: self.mask_or(&r.pieces, col, self.all_types())?,
            ..TurnPart::default()
        };
        for a in &r.attrs {
            let flag = match a.name.as_str() {
                "balance" => &mut part.balance,
                "castling" => &mut part.castling,
                "compulsory" => &mut part.compulsory,
                "again" => &mut part.again,
                "enpassant" => &mut part.en_passant,
                "untilcapture" => &mut part.until_capture,
                "alter" => &mut part.alter,
                "check" => &mut part.check,
                "optional" => &mut part.optional,
                "achievable" => &mut part.achievable,
                "dontcross" => &mut part.dontcross,
                "avalanche" => &mut part.avalanche,
                other => {
                    return refuse(
                        a.column,
                        format!("`turn={other}` is not implemented: not an attribute of `turn`"),
                    );
                }
            };
            if a.negated || a.arg.is_some() || a.pieces.is_some() || a.range.is_some() {
                return refuse(a.column, format!("`turn={}` takes no argument", a.name));
            }
            *flag = true;
        }
        if self.layers.monster {
            return refuse(col, "`turn` beside `monster` is not implemented");
        }
        match &mut self.layers.turns {
            None => self.layers.turns = Some(TurnRules::Parts(vec![part])),
            Some(TurnRules::Parts(parts)) if parts.len() < MAX_PARTS => parts.push(part),
            Some(TurnRules::Parts(_)) => {
                return refuse(
                    col,
                    format!("a turn of more than {MAX_PARTS} parts is not implemented"),
                );
            }
            Some(TurnRules::Progressive(_)) => {
                return refuse(col, "`turn` beside `progressive` is not implemented");
            }
        }
        Ok(())
    }

    /// `progressive[=italian|scotish|moderate|english]`: turn N has N moves (Italian by
    /// default); `moderate`: up to one more than the opponent's last series.
    pub(super) fn progressive(&mut self, r: &Rule) -> Result<(), FbrError> {
        let col = r.column;
        if r.prefix.is_some() || r.seq.is_some() || r.pieces.is_some() || r.range.is_some() {
            return refuse(col, "`progressive` takes only an attribute");
        }
        let style = match r.attrs.as_slice() {
            [] => ProgressiveStyle::Italian,
            [a] if a.name == "italian" => ProgressiveStyle::Italian,
            [a] if a.name == "scotish" => ProgressiveStyle::Scottish,
            [a] if a.name == "moderate" => ProgressiveStyle::Moderate,
            [a] if a.name == "english" => ProgressiveStyle::English,
            _ => {
                return refuse(
                    col,
                    "`progressive` takes one attribute: `italian`, `scotish`, `moderate` or `english`",
                );
            }
        };
        if self.layers.turns.is_some() || self.layers.monster {
            return refuse(
                col,
                "`progressive` beside `turn`, `monster` or another `progressive` is not implemented",
            );
        }
        self.layers.turns = Some(TurnRules::Progressive(style));
        Ok(())
    }
}
