//! Movements bound to an announcement (`W/Name/=MBN`, seed 001: "Either a special move
//! definition, or a special promotion rule, must be specified for this announcment, but only
//! for the affected pieces") → [`BoundMovement`]s of the announcement's layer.
//!
//! Reading (also in `docs/fbr.md`): declared for a move of the piece, the piece moves by the
//! bound movement ("it applies to the related piece then moving"), ending on the
//! announcement's squares, the board's promotions applying as to any move; a move the plain
//! movement also makes is the plain move (a declaration that changes nothing is no move: "it
//! must be applied, but only if possible"). The movement is single-leg MBN (leapers, riders,
//! directions, `m`, `c`); swaps and longer forms are refused at their column.

use super::super::mbn::{Reach, mbn_to_moves};
use super::super::model::RuleList;
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::layer_announcement::BoundMovement;

impl Applier {
    /// Each `W/Name/=MBN` names an announcement of the list.
    pub(super) fn announced_movement_names(list: &RuleList) -> Result<(), FbrError> {
        for m in &list.announced_movements {
            let (name, column) = &m.name;
            let declared = list.rules.iter().any(|r| {
                r.name == "announcement"
                    && !r.cancel
                    && r.announcement.as_ref().is_some_and(|(n, _)| n == name)
            });
            if !declared {
                return refuse(
                    *column,
                    format!(
                        "`/{name}/` names no announcement of the list (`announcement{{set}}[range]/{name}/`)"
                    ),
                );
            }
        }
        Ok(())
    }

    /// The movements bound to the announcement `name` of the pieces `pieces`.
    pub(super) fn bound_movements(
        &self,
        name: &str,
        pieces: u64,
        list: &RuleList,
    ) -> Result<Vec<BoundMovement>, FbrError> {
        let mut out: Vec<BoundMovement> = Vec::new();
        for m in list.announced_movements.iter().filter(|m| m.name.0 == name) {
            let (letter, column) = (&m.letter.0, m.letter.1);
            let Some(t) = self.type_of(letter).filter(|&t| t < 64) else {
                return refuse(column, format!("`{letter}` names no piece of this board"));
            };
            if pieces >> t & 1 == 0 {
                return refuse(
                    column,
                    format!("`{letter}` is not among the pieces of the announcement `/{name}/`"),
                );
            }
            if out.iter().any(|b| usize::from(b.piece) == t) {
                return refuse(
                    column,
                    format!("`{letter}` has a second movement bound to `/{name}/`"),
                );
            }
            let (text, at) = (&m.mbn.0, m.mbn.1);
            let parts = mbn_to_moves(text)
                .or_else(|e| refuse(at + e.column - 1, format!("MBN: {}", e.reason)))?;
            let mut moves = Vec::new();
            let mut captures = Vec::new();
            for p in &parts {
                if p.swaps.is_some() {
                    return refuse(
                        at + p.column - 1,
                        "a swap (`w`) in a movement bound to an announcement is not implemented",
                    );
                }
                let steps = match p.reach {
                    Reach::Leap => 1,
                    Reach::Unlimited => u8::MAX,
                    Reach::UpTo(n) => n,
                };
                for (x, y) in p.vectors() {
                    if p.moves {
                        moves.push((x, y, steps));
                    }
                    if p.captures {
                        captures.push((x, y, steps));
                    }
                }
            }
            let (fx, fy) = self.flip;
            let mirror = |v: &Vec<(i8, i8, u8)>| -> Vec<(i8, i8, u8)> {
                v.iter()
                    .map(|&(x, y, n)| (if fx { -x } else { x }, if fy { -y } else { y }, n))
                    .collect()
            };
            out.push(BoundMovement {
                piece: t as u8,
                moves: [moves.clone(), mirror(&moves)],
                captures: [captures.clone(), mirror(&captures)],
            });
        }
        Ok(out)
    }
}
