//! A condition made quicker to test on every game of an index ([`Need::simplified`]): the
//! same verdict for every summary, with fewer steps (an exact `fen`'s condition, a list of
//! one-square lists, becomes one list of square tests).

use super::Need;

impl Need {
    /// The same condition, quicker to test on every game: nested `All`s (and `Any`s) made
    /// one, a part that rules nothing out dropped from an `All` (and one that rules
    /// everything out from an `Any`), a single part for its list, and in an `All` the flag
    /// and square tests first (the cheapest; the parts are conditions without effects, so
    /// their order changes no verdict). An exact `fen`'s condition (a list of lists, one
    /// square each) becomes one list of square tests.
    pub fn simplified(&self) -> Need {
        match self {
            Need::All(v) => {
                let mut all = Vec::new();
                for need in v.iter().map(Need::simplified) {
                    match need {
                        Need::Nothing => {}
                        Need::Never => return Need::Never,
                        Need::All(inner) => all.extend(inner),
                        other => all.push(other),
                    }
                }
                all.sort_by_key(Need::test_cost);
                match all.len() {
                    0 => Need::Nothing,
                    1 => all.pop().unwrap_or(Need::Nothing),
                    _ => Need::All(all),
                }
            }
            Need::Any(v) => {
                let mut any = Vec::new();
                for need in v.iter().map(Need::simplified) {
                    match need {
                        Need::Never => {}
                        Need::Nothing => return Need::Nothing,
                        Need::Any(inner) => any.extend(inner),
                        other => any.push(other),
                    }
                }
                match any.len() {
                    0 => Need::Never,
                    1 => any.pop().unwrap_or(Need::Never),
                    _ => Need::Any(any),
                }
            }
            other => other.clone(),
        }
    }

    /// A rough rank of what a test of this part costs a game (for [`Need::simplified`]'s
    /// order): a flag, a square, the rest.
    fn test_cost(&self) -> u8 {
        match self {
            Need::AnyFlag(_) | Need::Never | Need::Nothing => 0,
            Need::PieceOn { .. } => 1,
            _ => 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Bitboard;

    use super::super::need_of;
    use super::*;
    use crate::chess::{Color, PieceKinds};
    use crate::index::summary::{self, GameSummary, KINDS};
    use crate::ir::Node;

    /// The simplified condition gives every summary the verdict the condition gives: for
    /// nested lists, parts that rule nothing or everything out, and an exact `fen`'s
    /// condition, on summaries drawn at random (flags, counts, squares, plies).
    #[test]
    fn a_simplified_condition_gives_the_same_verdicts() {
        let fen = Node::Placement(vec![
            (PieceKinds::one(Color::White, 5), Bitboard(1 << 6)),
            (PieceKinds::one(Color::Black, 5), Bitboard(1 << 62)),
            (PieceKinds::one(Color::White, 3), Bitboard(0x21)),
            (
                PieceKinds {
                    empty: true,
                    ..PieceKinds::default()
                },
                Bitboard(0xff00_0000),
            ),
        ]);
        let needs = [
            need_of(&fen),
            Need::All(vec![Need::Nothing, Need::Any(vec![Need::Never])]),
            Need::Any(vec![
                Need::All(vec![Need::AnyFlag(summary::MATE), Need::Nothing]),
                Need::Any(vec![Need::Never, Need::LongCastleWithoutQueens]),
                Need::All(vec![need_of(&fen), Need::AnyFlag(summary::CHECK)]),
            ]),
            Need::All(vec![
                Need::Any(vec![Need::Nothing, Need::Never]),
                Need::Never,
            ]),
        ];
        let mut seed = 35u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 11
        };
        for _ in 0..2000 {
            let mut s = GameSummary {
                flags: next() as u32 & 0xfff,
                queens_gone: (next() % 4) as u32,
                last_long_castle: (next() % 4) as u32,
                ..GameSummary::default()
            };
            for (k, start) in START_SQUARES_OF.iter().enumerate() {
                s.fewest[k] = (next() % 3) as u8;
                s.most[k] = s.fewest[k] + (next() % 3) as u8;
                s.ever_on[k] = next() & next() | start;
            }
            for need in &needs {
                assert_eq!(
                    need.admits(&s, &[]),
                    need.simplified().admits(&s, &[]),
                    "{need:?}"
                );
            }
        }
    }

    /// The start squares, for summaries drawn at random.
    const START_SQUARES_OF: [u64; KINDS] = crate::index::format::START_SQUARES;
}
