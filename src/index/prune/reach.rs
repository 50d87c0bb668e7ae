//! The filters that look at other positions of the game: `find` and `line`. Each matches
//! only when some filter of it matches at some position of the game tree, and a summary
//! describes every position and move of the tree, so the condition of that filter
//! (`need_of`, a condition on the whole tree) is a condition of theirs.

use shakmaty::Bitboard;

use super::{Need, checks, need_of};
use crate::ir::{Find, Line, LineState};

/// Most automaton states a `line` is read for (a counted repetition is unrolled: a larger
/// one gives no condition rather than a long analysis).
const MAX_LINE_STATES: usize = 4096;

/// `find F`, `find <-- F`, `find all F`, `find N M F`: without a count range it matches only
/// when F matches at some position (below or above this one, `eval::find`), with one only
/// when the number of such positions lies in the range, which needs one when the range
/// admits no 0. A `find` whose bounds are read when it runs (`find v F`) may admit 0: no
/// condition.
pub fn find_need(f: &Find<Bitboard>) -> Need {
    counted_find_need(f, 0)
}

/// [`find_need`] of a `find` whose count is at least `least` besides its range's least
/// (compared with a number: `checks::least_compared`); a count of positions in check needs
/// as many in the tree (`checks::find_need`).
pub fn counted_find_need(f: &Find<Bitboard>, least: i64) -> Need {
    if f.read_bounds.is_some() {
        return Need::Nothing;
    }
    let body = match f.range {
        Some(range) if range.min < 1 => Need::Nothing,
        _ => need_of(&f.body),
    };
    Need::All(vec![body, checks::find_need(f, least)])
}

/// `line --> a --> b ...`: it matches only when its automaton reaches `Accept` (`eval::line`'s
/// `match_value`: no match recorded, no value), consuming one position of the tree (or the
/// move to it) per filter state passed. So every filter state that lies on each path from
/// the start to `Accept` matched somewhere in the tree, and the condition is all of theirs.
/// Those states are found as the greatest fixed point of
/// `must(Accept) = {}`, `must(Filter s → t) = {s} ∪ must(t)`, `must(Split → ts) = ∩ must(t)`
/// (post-dominators: starting from "every state" and shrinking until nothing changes, a
/// cycle of the automaton, a repetition, never adds a state its exit does not need).
/// Filter states in check that follow one another give a run of checks (`checks::line_need`).
pub fn line_need(line: &Line<Bitboard>) -> Need {
    let n = line.states.len();
    if n > MAX_LINE_STATES || line.start >= n {
        return Need::Nothing;
    }
    let words = n.div_ceil(64);
    let full = vec![u64::MAX; words];
    let mut must: Vec<Vec<u64>> = line
        .states
        .iter()
        .map(|s| match s {
            LineState::Accept => vec![0; words],
            _ => full.clone(),
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for s in (0..n).rev() {
            let next = match &line.states[s] {
                LineState::Accept => continue,
                LineState::Filter(_, to) => {
                    let mut set = must.get(*to).cloned().unwrap_or_else(|| full.clone());
                    set[s / 64] |= 1 << (s % 64);
                    set
                }
                LineState::Split(targets) => {
                    let mut set = full.clone();
                    for t in targets {
                        let other = must.get(*t).unwrap_or(&full);
                        set.iter_mut().zip(other).for_each(|(a, b)| *a &= b);
                    }
                    set
                }
            };
            // The sets only shrink (each is an intersection with what it was built from).
            let merged: Vec<u64> = next.iter().zip(&must[s]).map(|(a, b)| a & b).collect();
            if merged != must[s] {
                must[s] = merged;
                changed = true;
            }
        }
    }
    let start = &must[line.start];
    let on_every_path = || (0..n).filter(|s| start[s / 64] & (1 << (s % 64)) != 0);
    let mut needs: Vec<Need> = on_every_path()
        .filter_map(|s| match &line.states[s] {
            LineState::Filter(filter, _) => Some(need_of(filter)),
            _ => None,
        })
        .collect();
    needs.push(checks::line_need(line, on_every_path()));
    Need::All(needs)
}
