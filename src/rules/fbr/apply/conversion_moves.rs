//! Conversion moves (seed 001's `conversion`: "A piece prefixed with this letter is defining a
//! conversion rule, the piece at the destination square will flip the color", its example
//! `conversion* K=mK *K=[+]cK !*K=j{K}K`: "This conversion is a separate move"): a prefixed
//! definition `*L=MBN` other than `ccO` gives `L` a move of its own that turns an enemy piece
//! its MBN captures reach into one of its side, `L` staying on its square
//! (`fairy::layer_convert`). The MBN's capturing parts (`c`, or no `m`/`c`) give the targets,
//! read as a freezer's zone is (a line up to its first piece; black's mirrored). A condition
//! on a part (`[+]`, `[*]`: [`crate::rules::fbr::mbn_conditions`]) restricts when it may be
//! made; a negated definition `!*L=j{S}M` spares the targets from which an `M` move visits
//! (`j`: reaches as its first piece, without taking) an opponent's piece of the set `S`: the
//! seed's `!*K=j{K}K`, "provided that this piece is not adjacent to his King", the King of the
//! piece to be converted.

use super::super::mbn::{MbnMove, Reach, mbn_to_moves};
use super::super::mbn_conditions::MoveCondition;
use super::super::model::{Rule, RuleList};
use super::super::parse::FbrError;
use super::super::piece_defs::PieceDefinition;
use super::{Applier, refuse};
use crate::rules::fairy::layer_convert::{
    ConversionMove, ConvertCondition, FlipTargets, SparedTargets,
};
use crate::rules::fairy::layer_powers::ZoneLine;

/// A part of a conversion definition: its condition, MBN, first column and, for a
/// conditioned part, each character's column.
type Part<'a> = (Option<MoveCondition>, &'a str, usize, Option<&'a [usize]>);

/// The lines of partial moves (white's view): vector and most steps.
fn lines_of(moves: &[MbnMove]) -> Vec<ZoneLine> {
    let mut white = Vec::new();
    for m in moves {
        let steps = match m.reach {
            Reach::Leap => 1,
            Reach::Unlimited => u8::MAX,
            Reach::UpTo(n) => n,
        };
        white.extend(m.vectors().into_iter().map(|(x, y)| (x, y, steps)));
    }
    white
}

impl Applier {
    /// `<prefix>L=MBN` under `conversion<prefix>` (`r`): type `t`'s conversion moves, one per
    /// part of the definition (the plain part, each conditioned part), each sparing the
    /// targets the list's negated definitions of `<prefix>L` name. The rule's `capture` /
    /// `move` attributes (which moves convert the moved piece) are refused beside it, and so
    /// are the rules whose after-effects read a moved piece (`alice`, `magnetic`, `benedict`,
    /// swaps: a conversion moves none).
    pub(super) fn conversion_move(
        &mut self,
        r: &Rule,
        t: usize,
        d: &PieceDefinition,
        list: &RuleList,
    ) -> Result<(), FbrError> {
        if let Some(a) = r.attrs.first() {
            return refuse(
                a.column,
                format!(
                    "`conversion={}` chooses which moves convert the moved piece (`ccO`); beside a conversion move of its own it is not implemented",
                    a.name
                ),
            );
        }
        let prefix = d.prefix.unwrap_or('*');
        let mut spared = Vec::new();
        for n in list
            .negated
            .iter()
            .filter(|n| n.prefix == d.prefix && n.letter == d.letter)
        {
            spared.push(self.spared_targets(n)?);
        }
        let mut parts: Vec<Part<'_>> = Vec::new();
        if let Some((text, at)) = &d.mbn {
            parts.push((None, text, *at, None));
        }
        for p in &d.conditioned {
            if let Some(l) = &p.royal {
                return refuse(
                    d.column,
                    format!("a conversion's `--!jj{{{l}}}U[*]` condition is not evaluated by cqlq"),
                );
            }
            let at = p.columns.first().copied().unwrap_or(d.column);
            parts.push((Some(p.condition), &p.mbn, at, Some(&p.columns)));
        }
        for (condition, text, column, columns) in parts {
            let col = |c: usize| match columns {
                Some(cols) => cols.get(c - 1).copied().unwrap_or(column),
                None => column + c - 1,
            };
            let moves = mbn_to_moves(text).or_else(|e| {
                refuse(
                    col(e.column),
                    format!("conversion `{prefix}{}`: {}", self.letter(t), e.reason),
                )
            })?;
            if let Some(m) = moves.iter().find(|m| !m.captures || m.swaps.is_some()) {
                return refuse(
                    col(m.column),
                    "a conversion move's MBN reaches its targets by capturing (`c`); a non-capturing or swapping part converts nothing",
                );
            }
            let white = lines_of(&moves);
            let condition = condition.map(|c| match c {
                MoveCondition::NotInCheck => ConvertCondition::NotInCheck,
                MoveCondition::NeverChecked => ConvertCondition::NeverChecked,
            });
            self.layers.checked_history |= condition == Some(ConvertCondition::NeverChecked);
            let lines = self.mirrored(white);
            self.layers.conversion_moves.push(ConversionMove {
                holder: t as u8,
                lines,
                condition,
                spared: spared.clone(),
                targets: FlipTargets::Enemy,
            });
        }
        Ok(())
    }

    /// The targets a negated definition `!<prefix>L=j{S}M` spares (see the module text).
    fn spared_targets(&self, n: &PieceDefinition) -> Result<SparedTargets, FbrError> {
        let Some((text, column)) = &n.mbn else {
            return refuse(n.column, "a negated definition needs a movement");
        };
        let chars: Vec<char> = text.chars().collect();
        let shape = "a negated definition reads `j{set}` and a movement (`!*K=j{K}K`: the targets from which the movement visits an opponent's piece of the set are spared); any other form is not evaluated by cqlq";
        if chars.first() != Some(&'j') || chars.get(1) != Some(&'{') {
            return refuse(*column, shape);
        }
        let Some(close) = chars.iter().position(|&c| c == '}') else {
            return refuse(*column + 1, "`{` needs its closing `}`");
        };
        let mut visited = 0u64;
        for (k, &l) in chars[2..close].iter().enumerate() {
            match self.type_of(&l.to_string()) {
                Some(t) if t < 64 => visited |= 1 << t,
                _ => {
                    return refuse(
                        column + 2 + k,
                        format!("`{l}` names no piece of this board"),
                    );
                }
            }
        }
        let rest: String = chars[close + 1..].iter().collect();
        let moves = mbn_to_moves(&rest)
            .or_else(|e| refuse(column + close + e.column, format!("MBN: {}", e.reason)))?;
        if let Some(m) = moves.iter().find(|m| m.swaps.is_some() || !m.moves) {
            return refuse(column + close + m.column, shape);
        }
        Ok(SparedTargets {
            lines: self.mirrored(lines_of(&moves)),
            visited,
        })
    }

    /// White's lines and black's (mirrored as the rule list reads ranges).
    fn mirrored(&self, white: Vec<ZoneLine>) -> [Vec<ZoneLine>; 2] {
        let (fx, fy) = self.flip;
        let black = white
            .iter()
            .map(|&(x, y, n)| (if fx { -x } else { x }, if fy { -y } else { y }, n))
            .collect();
        [white, black]
    }

    fn letter(&self, t: usize) -> &str {
        &self.def.pieces[t].symbols[0]
    }

    /// Refuses conversion moves beside the rules whose after-effects read a moved piece.
    pub(super) fn conversion_moves_beside(
        &self,
        list: &super::super::model::RuleList,
    ) -> Result<(), FbrError> {
        let converts = |n: &PieceDefinition| {
            list.rules.iter().any(|r| {
                r.name == "conversion" && !r.cancel && r.prefix.is_some() && r.prefix == n.prefix
            }) && list.pieces.iter().any(|d| {
                d.prefix == n.prefix
                    && d.letter == n.letter
                    && (!d.conditioned.is_empty()
                        || d.mbn
                            .as_ref()
                            .is_some_and(|(t, _)| t != super::SELF_CONVERSION))
            })
        };
        if let Some(n) = list.negated.iter().find(|n| !converts(n)) {
            return refuse(
                n.column,
                "a negated prefixed definition is read only beside the conversion move it restricts (`conversion* ... *K=cK !*K=j{K}K`); here there is none of its prefix and letter",
            );
        }
        if self.layers.conversion_moves.is_empty() {
            return Ok(());
        }
        let l = &self.layers;
        let clash = [
            ("alice", l.alice),
            ("magnetic", l.magnetic),
            ("benedict", l.benedict),
            ("swaps (MBN `w`, `switching`)", !l.swaps.is_empty()),
        ];
        if let Some((name, _)) = clash.iter().find(|(_, on)| *on) {
            let column = list
                .rules
                .iter()
                .find(|r| r.name == "conversion")
                .map_or(1, |r| r.column);
            return refuse(
                column,
                format!(
                    "a conversion move beside {name} is not implemented (the seed does not say how they meet)"
                ),
            );
        }
        Ok(())
    }
}
