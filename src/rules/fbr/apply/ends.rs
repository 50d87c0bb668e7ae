//! The game-end rules (`win`, `loss`, `draw`, `stalemate`): the outcome each attribute gives,
//! and `win=mostpoints(N)`'s points.

use super::super::model::{Attribute, Rule};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::Outcome;

impl Applier {
    /// The game-end rules `win`, `loss`, `draw`, `stalemate` and their attributes.
    pub(super) fn ends(&mut self, r: &Rule) -> Result<(), FbrError> {
        let outcome = match r.name.as_str() {
            "win" => Outcome::Win,
            "loss" => Outcome::Loss,
            _ => Outcome::Draw,
        };
        if r.name == "stalemate" {
            let [a] = r.attrs.as_slice() else {
                return refuse(
                    r.column,
                    "`stalemate` takes one attribute: draw, loss or win",
                );
            };
            if a.name == "invalid" {
                self.layers.no_stalemate = true;
                return Ok(());
            }
            if a.name == "skip" {
                self.layers.stalemate_skip = true;
                return Ok(());
            }
            self.def.rules.stalemate = Some(match a.name.as_str() {
                "draw" => Outcome::Draw,
                "loss" => Outcome::Loss,
                "win" => Outcome::Win,
                _ => return Self::unsupported(r, a),
            });
            return Ok(());
        }
        for a in &r.attrs {
            let n = a.arg.unwrap_or(3).max(1) as u32;
            match (r.name.as_str(), a.name.as_str()) {
                (_, "stalemate") => self.def.rules.stalemate = Some(outcome),
                ("win", "mostpoints") => self.most_points(a)?,
                ("draw", "repetition") => self.layers.history.draw_repetition = Some(n),
                ("loss", "repetition") => self.layers.history.loss_repetition = Some(n),
                ("loss", "perpetualcheck") if n >= 2 => {
                    self.layers.history.perpetual_check = Some(n);
                }
                ("loss", "perpetualcheck") => {
                    return refuse(a.column, "`perpetualcheck(N)` needs N of at least 2");
                }
                _ => return Self::unsupported(r, a),
            }
        }
        Ok(())
    }

    /// `win=mostpoints(N)`: "If this number of moves are played without a capture or
    /// promotion, the player with the most `points' on the board wins (Pawn=1,
    /// Bishop/Knight=3, Rook=5, Queen=9)". N moves of each side; royal pieces count 0; a
    /// board with other pieces, whose points the page does not give, is refused.
    fn most_points(&mut self, a: &Attribute) -> Result<(), FbrError> {
        let Some(n) = a.arg.filter(|&n| n > 0) else {
            return refuse(a.column, "`mostpoints` needs a number of moves `(N)`");
        };
        let mut values = Vec::new();
        for p in &self.def.pieces {
            let letter = p.symbols[0].trim_end_matches('~');
            values.push(match letter.to_ascii_uppercase().as_str() {
                _ if p.flags.royal => 0,
                "P" => 1,
                "N" | "B" => 3,
                "R" => 5,
                "Q" => 9,
                _ => {
                    return refuse(
                        a.column,
                        format!("`win=mostpoints` gives no points to `{letter}` (only P N B R Q)"),
                    );
                }
            });
        }
        let plies = u32::try_from(n.saturating_mul(2)).unwrap_or(u32::MAX);
        self.layers.most_points = Some((plies, values));
        Ok(())
    }
}
