//! Seed 001's single-board Alice prefixed rules: `royal alice K Q=R+N R B N P +P` "will be
//! converted to" `royal promotion#=move* ... +P==QRBN +#P==#Q#R#B#N`, where each move is a
//! promotion by the `#` rule ("Consider each move with a piece as a promotion, and the
//! promotion of a promoted piece will return to the unpromoted piece"): a `#`-prefixed piece
//! (`#P`, `#Q`) is the piece standing on the second board, and `+#P==#Q#R#B#N` is the board
//! promotion of a pawn standing there, to pieces standing there (then the move's own `#`
//! promotion takes the promoted piece to the other board, as a move of an unpromoted pawn
//! does under `+P==QRBN`: the seed's rules chain "the next determined promotion rule ... to
//! the promoted piece", either order giving the same piece on the same board).
//!
//! cqlq's `alice` keeps one board and marks each piece's board (`Layers::alice`); a move
//! changes the piece's board by itself, and a promotion's choices are the pawn's type's on
//! either board. So a `+#X==#Y...` rule is read beside `alice` (two boards) when its choices
//! are those of `X` on the first board (the `+X` rule's or the board's own): the seed's
//! expansion writes them so. Refused by name: another prefix than `+`, a result without `#`
//! or a rule whose pieces lack it (a promotion that would move the piece between the boards
//! by itself), choices differing between the boards (one promotion per type in the engine),
//! and `#` pieces without `alice` or beside `alice=3D`/`4D` (no second board of that
//! meaning).

use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::tables::promotion_tokens;

impl Applier {
    /// Checks the `#` rules (`+#P==#Q#R#B#N`) against `alice` and the first board's
    /// promotions (see the module's text).
    pub(super) fn alice_prefixed(&self, list: &RuleList) -> Result<(), FbrError> {
        for r in &list.alice_rules {
            if !self.layers.alice {
                return refuse(
                    r.column,
                    "a piece with the prefix `#` in a prefixed rule (`+#P==#Q#R#B#N`) is read as seed 001's single-board Alice: the piece on the second board; it needs the rule `alice` (two boards, not `3D`/`4D`)",
                );
            }
            if r.prefix != '+' {
                return refuse(
                    r.column,
                    format!(
                        "an Alice second-board rule with the prefix `{}` is not implemented: cqlq reads the board promotions `+#P==#Q...` only",
                        r.prefix
                    ),
                );
            }
            let one_board = |b: bool| b == r.second_board;
            if let Some(x) = r.results.iter().find(|x| !one_board(x.second_board)) {
                return refuse(
                    x.column,
                    "an Alice promotion whose result stands on the other board than the pawn (`+P==#Q`, `+#P==Q`) is not implemented: in cqlq a piece changes board by its move alone",
                );
            }
            if r.results.is_empty() || r.cancel || r.announcement.is_some() {
                return refuse(
                    r.column,
                    "an Alice second-board rule is read as `+#P==#Q#R#B#N` (its results written)",
                );
            }
            for (letter, column) in &r.pieces {
                let Some(t) = self.type_of(letter) else {
                    return refuse(*column, format!("`{letter}` names no piece of this board"));
                };
                let mut first: Vec<usize> = self.def.pieces[t]
                    .promotions
                    .iter()
                    .flat_map(|p| promotion_tokens(&p.choices))
                    .filter_map(|x| self.type_of(&x))
                    .collect();
                let mut second = Vec::new();
                for x in &r.results {
                    let Some(u) = self.type_of(&x.letter) else {
                        return refuse(
                            x.column,
                            format!("`{}` names no piece of this board", x.letter),
                        );
                    };
                    second.push(u);
                }
                first.sort_unstable();
                first.dedup();
                second.sort_unstable();
                second.dedup();
                if first != second {
                    return refuse(
                        r.column,
                        format!(
                            "`+#{letter}`'s choices differ from `{letter}`'s on the first board: different promotions on Alice's two boards are not implemented (cqlq's `alice` gives a type one promotion; the seed's expansion writes the same: `+P==QRBN +#P==#Q#R#B#N`)"
                        ),
                    );
                }
            }
        }
        Ok(())
    }
}
