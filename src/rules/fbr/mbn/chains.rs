//! MBN move sequences ([`super::sequence`]'s [`Leg`]s) lowered to the fairy engine: each
//! sequence is expanded into its chains of legs (one per choice of alternative and of
//! optional leg), a chain of one ordinary leg becomes the single-leg atoms of
//! [`super::lower::mbn_atoms`], and a longer chain (or an exact count, a repeated complex
//! rider) a multi-leg path (`fairy::leg_paths`), into the moves and/or captures as its last
//! leg's `m` / `c` say.
//!
//! Every leg but the last must be written `m` (it goes to an empty square), but for a locust:
//! a two-leg sequence whose first leg is written `c` alone (`cW-mW`: capture, then go on from
//! the victim's square) lowers to the engine's locust moves (`super::locust`,
//! `fairy::layer_locust`), which hold the pair (victim, landing square) that the multi-leg
//! paths' landing-square sets cannot; any other leg before `-` that may capture is refused by
//! name.
//!
//! The explosion `X` ends a chain: the chain keeps the column of its `X`, and
//! [`super::explosion::ExplosionTally`] decides what of the piece explodes.

use super::explosion::{ExplosionTally, NEEDS_MOVEMENT};
use super::leg_shapes::{LegShape, chain_leg, refuse_in_sequence};
use super::locust::{MbnLocust, NOT_A_LOCUST, leg_lines};
use super::lower::{MbnMoveSets, mbn_atoms};
use super::parse::{MbnError, MbnMove};
use super::relative_legs::{is_relative, resolve};
use super::sequence::{Branch, Leg, LegKind, err};
use crate::rules::fairy::defs::Atom;
use crate::rules::fairy::leg_paths::{LegPath, MAX_LEGS, PathLeg};

/// The most chains one definition may expand to (alternatives times optional legs).
const MAX_CHAINS: usize = 4096;

/// One leg of a chain: a partial move's leg (or one vector of it, in a repeated rider).
#[derive(Clone, PartialEq)]
struct Step {
    leg: PathLeg,
    moves: bool,
    captures: bool,
    column: usize,
    /// `cc`, `cy`: it captures friendly pieces (kept in a repeated rider's narrowed legs).
    friendly: bool,
    /// `w`, `ww`, `wy`: it swaps (kept in a repeated rider's narrowed legs, whose `partial`
    /// is gone).
    swaps: bool,
    /// `x`, `xx`, `xy`: it flips a piece's colour (kept as `swaps` is).
    flips: bool,
    /// The partial move it was read from, whole (not narrowed to one vector).
    partial: Option<MbnMove>,
    /// `t`, `tt`, `z`: its direction relative to the previous leg's (`super::relative_legs`),
    /// until resolved.
    relative: Option<LegShape>,
}

/// A chain of legs, how many times it is taken, and the column of the explosion `X` that
/// ends it, if one does.
#[derive(Clone, PartialEq)]
struct Chain {
    steps: Vec<Step>,
    repeat: (u8, u8),
    explodes: Option<usize>,
}

impl Chain {
    fn empty() -> Chain {
        Chain {
            steps: Vec::new(),
            repeat: (1, 1),
            explodes: None,
        }
    }
}

/// The moves and captures of a whole definition.
pub(super) fn lower_sequence(legs: &[Leg]) -> Result<MbnMoveSets, MbnError> {
    let mut out = MbnMoveSets::default();
    let mut tally = ExplosionTally::default();
    // A choice leaving every leg out is no move (`[mK]` alone moves as `mK`).
    for chain in expand(legs)?.iter().filter(|c| !c.steps.is_empty()) {
        let mut one = MbnMoveSets::default();
        lower_chain(chain, &mut one)?;
        tally.note(&one, chain.explodes)?;
        push_new(&mut out.moves, one.moves);
        push_new(&mut out.captures, one.captures);
        out.swaps.extend(one.swaps);
        out.friendly_captures.extend(one.friendly_captures);
        out.state.merge(one.state);
        out.flips.extend(one.flips);
        out.locusts.extend(one.locusts);
    }
    out.explosion = tally.finish()?;
    super::state::finish(&out)?;
    Ok(out)
}

fn lower_chain(chain: &Chain, out: &mut MbnMoveSets) -> Result<(), MbnError> {
    if chain.steps.iter().any(|s| s.relative.is_some()) {
        for steps in resolved(&chain.steps)? {
            lower_chain(
                &Chain {
                    steps,
                    ..chain.clone()
                },
                out,
            )?;
        }
        return Ok(());
    }
    let (last, before) = chain.steps.split_last().expect("a chain with steps");
    if let Some(s) = chain.steps.iter().find(|s| s.leg.vectors.is_empty()) {
        return Err(err(s.column, "a leg without a direction"));
    }
    if chain.steps.len() > 1 || chain.repeat != (1, 1) {
        for m in chain.steps.iter().filter_map(|s| s.partial.as_ref()) {
            refuse_in_sequence(m)?;
        }
        let swap = chain.steps.iter().find(|s| s.swaps);
        if let Some(s) = chain.steps.iter().find(|s| s.friendly) {
            return Err(err(
                s.column,
                "a friendly capture (`cc`, `cy`) inside a move sequence or a repeated complex \
                 rider is not evaluated by cqlq (cqlq reads it on a single leap or ride)",
            ));
        }
        if let Some(s) = chain.steps.iter().find(|s| s.flips) {
            return Err(err(
                s.column,
                "a flip (`x`, `xx`, `xy`) inside a move sequence or a repeated complex rider is \
                 not evaluated by cqlq (the piece that flips stays on its square; cqlq reads a \
                 flip on a single leap or ride)",
            ));
        }
        if let Some(s) = swap {
            return Err(err(
                s.column,
                "a swap (`w`) inside a move sequence or a repeated complex rider is not \
                 evaluated by cqlq (a swap moves two pieces; a leg after it has no piece to go \
                 on with)",
            ));
        }
    }
    if last.leg.passage.visits() {
        return Err(super::hops::visit_ends(last.column));
    }
    if let [first] = before
        && first.captures
        && !first.moves
        && first.leg.min == 1
        && last.leg.min == 1
        && chain.repeat == (1, 1)
        && chain.explodes.is_none()
        && plain_locust_leg(first)
        && plain_locust_leg(last)
    {
        // A locust (`super::locust`): capture on the first leg, go on by the second.
        out.locusts.push(MbnLocust {
            first: leg_lines(&first.leg),
            second: leg_lines(&last.leg),
            moves: last.moves,
            captures: last.captures,
            column: first.column,
        });
        return Ok(());
    }
    // A visit (`j`) goes on from the piece it visits (`super::hops`).
    for s in before.iter().filter(|s| !s.leg.passage.visits()) {
        if !s.moves || s.captures {
            return Err(err(s.column, NOT_A_LOCUST));
        }
    }
    if chain.steps.len() > MAX_LEGS {
        return Err(err(
            last.column,
            format!("a move sequence of more than {MAX_LEGS} legs is not evaluated by cqlq"),
        ));
    }
    if let (Some(m), true) = (
        &last.partial,
        chain.steps.len() == 1 && chain.repeat == (1, 1),
    ) {
        let sets = mbn_atoms(std::slice::from_ref(m))?;
        push_new(&mut out.moves, sets.moves);
        push_new(&mut out.captures, sets.captures);
        out.swaps.extend(sets.swaps);
        out.friendly_captures.extend(sets.friendly_captures);
        out.state.merge(sets.state);
        out.flips.extend(sets.flips);
        return Ok(());
    }
    for m in chain.steps.iter().filter_map(|s| s.partial.as_ref()) {
        super::state::refuse_in_chain(m)?;
    }
    if last.captures {
        // A capture without `e` (`super::state::finish`).
        out.state.capture_without_ep.get_or_insert(last.column);
    }
    let atom = Atom::Path(LegPath {
        legs: chain.steps.iter().map(|s| s.leg.clone()).collect(),
        repeat: chain.repeat,
    });
    if last.moves {
        push_new(&mut out.moves, vec![atom.clone()]);
    }
    if last.captures {
        push_new(&mut out.captures, vec![atom]);
    }
    Ok(())
}

fn push_new(to: &mut Vec<Atom>, atoms: Vec<Atom>) {
    for a in atoms {
        if !to.contains(&a) {
            to.push(a);
        }
    }
}

/// Every chain of a sequence: the chains of its legs joined in order.
fn expand(legs: &[Leg]) -> Result<Vec<Chain>, MbnError> {
    let mut chains = vec![Chain::empty()];
    for leg in legs {
        if let LegKind::Explosion = leg.kind {
            explode(&mut chains, leg.column)?;
            continue;
        }
        let options = expand_leg(leg)?;
        let mut next = Vec::new();
        for head in &chains {
            for tail in &options {
                let joined = join(head, tail, leg.column)?;
                if !next.contains(&joined) {
                    next.push(joined);
                }
            }
        }
        if next.len() > MAX_CHAINS {
            return Err(err(
                leg.column,
                format!(
                    "this move definition has more than {MAX_CHAINS} alternatives, more than \
                     cqlq evaluates"
                ),
            ));
        }
        chains = next;
    }
    Ok(chains)
}

/// `X` after the chains so far: each chain with legs ends in it (a choice that left every
/// leg out stays no move); with no legs before it at all, `X` is refused.
fn explode(chains: &mut [Chain], column: usize) -> Result<(), MbnError> {
    if chains.iter().all(|c| c.steps.is_empty()) {
        return Err(err(column, NEEDS_MOVEMENT));
    }
    for c in chains.iter_mut().filter(|c| !c.steps.is_empty()) {
        if c.explodes.is_some() {
            return Err(err(
                column,
                "the predefined move `X` twice in one movement is not evaluated by cqlq",
            ));
        }
        c.explodes = Some(column);
    }
    Ok(())
}

fn join(head: &Chain, tail: &Chain, column: usize) -> Result<Chain, MbnError> {
    if tail.steps.is_empty() {
        return Ok(head.clone());
    }
    if head.steps.is_empty() {
        return Ok(tail.clone());
    }
    if head.explodes.is_some() {
        return Err(err(
            column,
            "a leg after the predefined move `X` is not evaluated by cqlq (the explosion ends \
             the movement)",
        ));
    }
    if head.repeat != (1, 1) || tail.repeat != (1, 1) {
        return Err(err(
            column,
            "a repeated complex rider (`(...)0`, `(...)n`) before or after other legs of a \
             sequence is not evaluated by cqlq",
        ));
    }
    let mut steps = head.steps.clone();
    steps.extend(tail.steps.iter().cloned());
    Ok(Chain {
        steps,
        repeat: (1, 1),
        explodes: tail.explodes,
    })
}

fn expand_leg(leg: &Leg) -> Result<Vec<Chain>, MbnError> {
    match &leg.kind {
        // `expand` reads `X` itself (it ends the chains before it).
        LegKind::Explosion => Err(err(leg.column, NEEDS_MOVEMENT)),
        LegKind::Optional(inner) => {
            let mut out = expand(inner)?;
            out.push(Chain::empty());
            Ok(out)
        }
        LegKind::Combined(branches) => {
            let mut out = Vec::new();
            for b in branches {
                match b {
                    Branch::Partial(moves) => {
                        for m in moves {
                            out.push(Chain {
                                steps: vec![Step {
                                    leg: chain_leg(m)?,
                                    moves: m.moves,
                                    captures: m.captures,
                                    column: m.column,
                                    friendly: m.friendly.is_some(),
                                    swaps: m.swaps.is_some(),
                                    flips: m.flips.is_some(),
                                    partial: Some(m.clone()),
                                    relative: m.shape.filter(|s| is_relative(s.kind)),
                                }],
                                repeat: (1, 1),
                                explodes: None,
                            });
                        }
                    }
                    Branch::Nested(inner, None, _) => out.extend(expand(inner)?),
                    Branch::Nested(inner, Some(repeat), column) => {
                        for chain in expand(inner)? {
                            out.extend(repeated(chain, *repeat, *column)?);
                        }
                    }
                }
            }
            Ok(out)
        }
    }
}

/// `(seq)n`: the chain's legs narrowed to each choice of one vector per leg, taken `repeat`
/// times (the same vectors each time, as a rider repeats its leap).
fn repeated(chain: Chain, repeat: (u8, u8), column: usize) -> Result<Vec<Chain>, MbnError> {
    if chain.repeat != (1, 1) {
        return Err(err(
            column,
            "a repeated complex rider inside a repeated complex rider is not evaluated by cqlq",
        ));
    }
    if chain.explodes.is_some() {
        return Err(err(
            column,
            "the predefined move `X` inside a repeated complex rider (`(cQ--X)0`) is not \
             evaluated by cqlq",
        ));
    }
    if chain.steps.is_empty() {
        return Ok(Vec::new());
    }
    for m in chain.steps.iter().filter_map(|s| s.partial.as_ref()) {
        refuse_in_sequence(m)?;
        super::state::refuse_in_chain(m)?;
    }
    let mut picks: Vec<Vec<Step>> = Vec::new();
    for steps in resolved(&chain.steps)? {
        picks.extend(narrowed(&steps, column)?);
    }
    Ok(picks
        .into_iter()
        .map(|steps| Chain {
            steps,
            repeat,
            explodes: None,
        })
        .collect())
}

/// Whether a locust's leg is a plain leap or line, as the locust layer reads it
/// ([`leg_lines`] takes vectors and steps only): no hop, leap or visit, board range, halfling,
/// wrap, relative direction or state modifier (those stay refused as no locust).
fn plain_locust_leg(s: &Step) -> bool {
    s.leg.passage == crate::rules::fairy::leg_hops::Passage::Clear
        && s.leg.limits.is_none()
        && !s.leg.half
        && !s.leg.wrap.wraps()
        && s.relative.is_none()
        && s.partial
            .as_ref()
            .is_none_or(|m| m.shape.is_none() && m.state.is_empty())
}

/// The steps with their relative directions resolved (`super::relative_legs`): one list per
/// alternative, no step relative any more.
fn resolved(steps: &[Step]) -> Result<Vec<Vec<Step>>, MbnError> {
    let legs: Vec<_> = steps.iter().map(|s| (s.leg.clone(), s.relative)).collect();
    Ok(resolve(&legs)?
        .into_iter()
        .map(|legs| {
            steps
                .iter()
                .zip(legs)
                .map(|(s, leg)| Step {
                    leg,
                    relative: None,
                    ..s.clone()
                })
                .collect()
        })
        .collect())
}

/// Each choice of one vector per step.
fn narrowed(steps: &[Step], column: usize) -> Result<Vec<Vec<Step>>, MbnError> {
    let mut picks: Vec<Vec<Step>> = vec![Vec::new()];
    for s in steps {
        let mut next = Vec::new();
        for head in &picks {
            for &v in &s.leg.vectors {
                let mut one = head.clone();
                one.push(Step {
                    leg: PathLeg {
                        vectors: vec![v],
                        ..s.leg.clone()
                    },
                    partial: None,
                    ..s.clone()
                });
                next.push(one);
            }
        }
        if next.len() > MAX_CHAINS {
            return Err(err(
                column,
                format!("this complex rider has more than {MAX_CHAINS} vector choices"),
            ));
        }
        picks = next;
    }
    Ok(picks)
}
