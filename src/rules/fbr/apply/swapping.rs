//! The rule `swapping` (seed 001: "Adding the rules of Swap Chess ... Any capture move
//! capability has been transformed into an additional swap move"; the expansion
//! `Q=Q+(dttwQ)0 ... P=P+(dttwfF)0`, the king `K=K` without): every piece but the royal ones
//! gets a swap with any piece (MBN `wy`) along its capturing movement, and the engine's
//! `fairy::layer_swapping` reads swap sequences, the KO rule and first-rank pawn steps. The
//! expansion's `stopifchecking` serves its swap rider (Neto's "A swap sequence must stop if a
//! check happens", kept by the sequence reader); FIDE moves stay FIDE's ("All FIDE rules
//! apply"), so it is not added: write it in the list to have it.

use super::super::model::{Rule, RuleList};
use super::super::parse::FbrError;
use super::{Applier, refuse};
use crate::rules::fairy::defs::Atom;
use crate::rules::fairy::layer_powers::ZoneLine;
use crate::rules::fairy::layer_swaps::{SwapPartners, SwapRule};

/// The rules `swapping` may stand beside (the others change what a move does to the board
/// or count moves and positions, which a sequence of swaps in one move would confuse).
const BESIDE: [&str; 9] = [
    "swapping",
    "royal",
    "mirror",
    "promotion",
    "stopifchecking",
    "stalemate",
    "hill",
    "cylindric",
    "torus",
];

/// The longest line a slide or rider follows.
const LINE: u8 = 32;

impl Applier {
    /// `swapping`: a `wy` swap along each non-royal piece's capturing movement.
    pub(super) fn swapping(&mut self, r: &Rule, list: &RuleList) -> Result<(), FbrError> {
        if r.pieces.is_some() || r.range.is_some() || !r.attrs.is_empty() || r.prefix.is_some() {
            return refuse(
                r.column,
                "`swapping` takes no piece set, range or attribute",
            );
        }
        if let Some(other) = list
            .rules
            .iter()
            .find(|o| !o.cancel && !BESIDE.contains(&o.name.as_str()))
        {
            return refuse(
                other.column,
                format!(
                    "`{}` beside `swapping` is not implemented: a swap sequence is several swaps in one move",
                    other.name
                ),
            );
        }
        let all = self.all_types();
        for t in 0..self.types() {
            let p = &self.def.pieces[t];
            if p.flags.royal {
                continue;
            }
            let atoms = p.captures.clone().unwrap_or_else(|| p.moves.clone());
            let mut white: Vec<ZoneLine> = Vec::new();
            for a in &atoms {
                match a {
                    Atom::Slide(dirs) => {
                        for (bit, vs) in [
                            (0, [(1, 0), (-1, 0)]),
                            (1, [(0, 1), (0, -1)]),
                            (2, [(1, 1), (-1, -1)]),
                            (3, [(-1, 1), (1, -1)]),
                        ] {
                            if dirs >> bit & 1 != 0 {
                                white.extend(vs.map(|(x, y)| (x, y, LINE)));
                            }
                        }
                    }
                    Atom::Leap(l) if l.second.is_empty() && l.mask.is_none() => {
                        white.extend(l.first.iter().map(|&(x, y)| (x, y, 1)));
                    }
                    Atom::Ride(vs) => white.extend(vs.iter().map(|&(x, y)| (x, y, LINE))),
                    Atom::Step(steps) => white.extend(steps.iter().copied()),
                    _ => {
                        return refuse(
                            r.column,
                            format!(
                                "`swapping` with the {}'s capturing movement (a hop or a two-part leap) is not implemented",
                                p.name
                            ),
                        );
                    }
                }
            }
            if white.is_empty() {
                continue;
            }
            let lines = self.both_sides(white);
            self.layers.swaps.push(SwapRule {
                piece: t as u8,
                lines,
                partners: SwapPartners::Any,
                partner_types: all,
                not_in_check: false,
            });
        }
        self.layers.swapping = true;
        Ok(())
    }
}
