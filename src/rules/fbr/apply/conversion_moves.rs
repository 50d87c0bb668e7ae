//! Conversion moves (seed 001's `conversion`: "A piece prefixed with this letter is defining a
//! conversion rule, the piece at the destination square will flip the color", its example
//! `conversion* K=mK *K=[+]cK`: "This conversion is a separate move"): a prefixed definition
//! `*L=MBN` other than `ccO` gives `L` a move of its own that turns an enemy piece its MBN
//! captures reach into one of its side, `L` staying on its square (`fairy::layer_convert`).
//! The MBN's capturing parts (`c`, or no `m`/`c`) give the targets, read as a freezer's zone
//! is (a line up to its first piece; black's mirrored). The seed's example itself also writes
//! MBN conditions (`[+]`, `!*K=j{K}K`) that cqlq's MBN refuses at their column.

use super::super::mbn::{Reach, mbn_to_moves};
use super::super::model::Rule;
use super::super::parse::FbrError;
use super::{Applier, refuse};

impl Applier {
    /// `<prefix>L=MBN` under `conversion<prefix>` (`r`): type `t`'s conversion move. The
    /// rule's `capture` / `move` attributes (which moves convert the moved piece) are refused
    /// beside it, and so are the rules whose after-effects read a moved piece (`alice`,
    /// `magnetic`, `benedict`, swaps: a conversion moves none).
    pub(super) fn conversion_move(
        &mut self,
        r: &Rule,
        t: usize,
        prefix: char,
        text: &str,
        column: usize,
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
        let moves = mbn_to_moves(text).or_else(|e| {
            refuse(
                column + e.column - 1,
                format!("conversion `{prefix}{}`: {}", self.letter(t), e.reason),
            )
        })?;
        let mut white = Vec::new();
        for m in &moves {
            if !m.captures || m.swaps.is_some() {
                return refuse(
                    column + m.column - 1,
                    "a conversion move's MBN reaches its targets by capturing (`c`); a non-capturing or swapping part converts nothing",
                );
            }
            let steps = match m.reach {
                Reach::Leap => 1,
                Reach::Unlimited => u8::MAX,
                Reach::UpTo(n) => n,
            };
            white.extend(m.vectors().into_iter().map(|(x, y)| (x, y, steps)));
        }
        let (fx, fy) = self.flip;
        let black = white
            .iter()
            .map(|&(x, y, n)| (if fx { -x } else { x }, if fy { -y } else { y }, n))
            .collect();
        self.layers.conversion_moves.push((t as u8, [white, black]));
        Ok(())
    }

    fn letter(&self, t: usize) -> &str {
        &self.def.pieces[t].symbols[0]
    }

    /// Refuses conversion moves beside the rules whose after-effects read a moved piece.
    pub(super) fn conversion_moves_beside(
        &self,
        list: &super::super::model::RuleList,
    ) -> Result<(), FbrError> {
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
