//! MBN move definitions with move sequences: the page's grammar (`MoveSequence ::=
//! OptionalMove ('-' OptionalMove)*`, `CombinedMove ::= PartialMove ('+' PartialMove)*`, so
//! `+` binds tighter than `-`), and complex riders `(...)` without directions or steps as
//! alternatives. A sequence of two legs whose first leg only moves (`m`, to an empty square)
//! and whose legs are leaps becomes the fairy engine's masked two-part leaps ([`mbn_move_sets`]);
//! every other sequence is refused by name at its column.
//!
//! Reading of a leg: its directions are white's, as in every partial move (the page's `t` and
//! `z`, which turn relative to the previous leg, are refused by the single-leg reader); a leg
//! never returns the piece to its start square.

use super::lower::{MbnMoveSets, mbn_atoms};
use super::parse::{MbnError, MbnMove, Reach, mbn_to_moves};
use crate::rules::fairy::defs::{Atom, Leaper};

/// One alternative of a leg: a single partial move, or a parenthesised sequence.
enum Branch {
    /// Partial moves of the single-leg notation (`mfW`, `Q` gives two).
    Partial(Vec<MbnMove>),
    /// `( ... )`: a complex rider written without direction or steps, taken once.
    Nested(Vec<Leg>),
}

/// A leg of a sequence: its alternatives (joined by `+`) and the column where it starts.
struct Leg {
    branches: Vec<Branch>,
    column: usize,
}

fn err(column: usize, reason: impl Into<String>) -> MbnError {
    MbnError {
        column,
        reason: reason.into(),
    }
}

/// Reads and lowers an MBN move definition (see the module text): the moves and captures.
pub fn mbn_move_sets(text: &str) -> Result<MbnMoveSets, MbnError> {
    let chars: Vec<char> = text.chars().collect();
    let legs = read_sequence(&chars, 0, chars.len())?;
    lower_sequence(&legs)
}

/// [`mbn_move_sets`] for a piece of a definitions file (`MBN:` line): swaps are rule layers
/// (`fairy::layer_swaps`), which a piece's movement tables do not hold, so `w` is refused.
pub fn mbn_piece_move_sets(text: &str) -> Result<MbnMoveSets, MbnError> {
    let sets = mbn_move_sets(text)?;
    if !sets.swaps.is_empty() {
        let at = text.chars().position(|c| c == 'w').unwrap_or(0);
        return Err(err(
            at + 1,
            "MBN swap moves (`w`) are evaluated in FBR rule lists (`--rules`, `Rules:`), not on an `MBN:` line",
        ));
    }
    Ok(sets)
}

/// The position of the `)` closing the `(` at `open`, if any before `end`.
fn closing(c: &[char], open: usize, end: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &ch) in c.iter().enumerate().take(end).skip(open) {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits `c[from..end]` at the top-level occurrences of `sep` (outside parentheses, board
/// ranges and piece sets: `[1-2]` is one range).
fn split_top(c: &[char], from: usize, end: usize, sep: char) -> Vec<(usize, usize)> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, from);
    for (i, &ch) in c.iter().enumerate().take(end).skip(from) {
        match ch {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ch if ch == sep && depth == 0 => {
                parts.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push((start, end));
    parts
}

fn read_sequence(c: &[char], from: usize, end: usize) -> Result<Vec<Leg>, MbnError> {
    let mut legs = Vec::new();
    for (a, b) in split_top(c, from, end, '-') {
        if a == b {
            let what = if legs.is_empty() {
                "a move sequence needs a leg before `-`"
            } else if c.get(a) == Some(&'-') {
                "`--` (a doubled sequence operator) is not evaluated by cqlq"
            } else {
                "a move sequence needs a leg after `-`"
            };
            return Err(err(a + 1, what));
        }
        let mut branches = Vec::new();
        for (p, q) in split_top(c, a, b, '+') {
            branches.push(read_branch(c, p, q)?);
        }
        legs.push(Leg {
            branches,
            column: a + 1,
        });
    }
    Ok(legs)
}

fn read_branch(c: &[char], from: usize, end: usize) -> Result<Branch, MbnError> {
    if c.get(from) == Some(&'(') {
        match closing(c, from, end) {
            // `(fl)F`: an amalgamated direction, read by the single-leg reader.
            Some(close)
                if close == from + 3
                    && c[from + 1..close].iter().all(|ch| "fblr".contains(*ch)) => {}
            Some(close) if close + 1 == end => {
                return Ok(Branch::Nested(read_sequence(c, from + 1, close)?));
            }
            Some(close) => {
                return Err(err(
                    close + 2,
                    "a complex rider with directions or steps (`(...)0`) is not evaluated by cqlq",
                ));
            }
            None => return Err(err(from + 1, "`(` needs its closing `)`")),
        }
    }
    let text: String = c[from..end].iter().collect();
    let mut moves = mbn_to_moves(&text).map_err(|e| err(from + e.column, e.reason))?;
    // Columns count from the start of the whole definition.
    for m in &mut moves {
        m.column += from;
    }
    Ok(Branch::Partial(moves))
}

fn lower_sequence(legs: &[Leg]) -> Result<MbnMoveSets, MbnError> {
    match legs {
        [one] => {
            let mut out = MbnMoveSets::default();
            for b in &one.branches {
                let sets = match b {
                    Branch::Partial(m) => mbn_atoms(m)?,
                    Branch::Nested(inner) => lower_sequence(inner)?,
                };
                out.moves.extend(sets.moves);
                out.captures.extend(sets.captures);
                out.swaps.extend(sets.swaps);
            }
            Ok(out)
        }
        [first, second] => two_legs(first, second),
        [_, _, third, ..] => Err(err(
            third.column,
            "a move sequence of more than two legs is not evaluated by cqlq (the fairy engine's \
             two-part leaps have two)",
        )),
        [] => Err(err(1, "an empty move definition")),
    }
}

/// The partial moves of a leg inside a sequence (a nested sequence there is refused).
fn leg_moves(leg: &Leg) -> Result<Vec<&MbnMove>, MbnError> {
    let mut out = Vec::new();
    for b in &leg.branches {
        match b {
            Branch::Partial(m) => {
                if let Some(s) = m.iter().find(|s| s.swaps.is_some()) {
                    return Err(err(
                        s.column,
                        "a swap (`w`) inside a move sequence is not evaluated by cqlq",
                    ));
                }
                out.extend(m.iter());
            }
            Branch::Nested(_) => {
                return Err(err(
                    leg.column,
                    "a complex rider inside a move sequence is not evaluated by cqlq",
                ));
            }
        }
    }
    Ok(out)
}

/// `A-B`: for each first-leg vector, a masked two-part leap (the first square must be empty,
/// the destination is one second-leg vector further); into the moves and/or captures as the
/// second leg's `m` / `c` say.
fn two_legs(first: &Leg, second: &Leg) -> Result<MbnMoveSets, MbnError> {
    let mut starts: Vec<(i8, i8)> = Vec::new();
    for m in leg_moves(first)? {
        if !m.moves || m.captures {
            return Err(err(
                m.column,
                "a leg before `-` that may capture (a locust move) is not evaluated by cqlq; \
                 write the first leg with `m` (it goes to an empty square)",
            ));
        }
        if m.reach != Reach::Leap {
            return Err(err(
                m.column,
                "a rider in a move sequence is not evaluated by cqlq",
            ));
        }
        for v in m.vectors() {
            if !starts.contains(&v) {
                starts.push(v);
            }
        }
    }
    let mut out = MbnMoveSets::default();
    for m in leg_moves(second)? {
        if m.reach != Reach::Leap {
            return Err(err(
                m.column,
                "a rider in a move sequence is not evaluated by cqlq",
            ));
        }
        let second_vectors = m.vectors();
        for &v1 in &starts {
            let mut ends: Vec<(i8, i8)> = Vec::new();
            for &(x, y) in &second_vectors {
                let d = (v1.0 + x, v1.1 + y);
                if d != (0, 0) && !ends.contains(&d) {
                    ends.push(d);
                }
            }
            if ends.is_empty() {
                continue;
            }
            // `aleap` vectors (white's; black's mirrored north-south, FBR's `mirror`); the
            // mask keeps the sums and makes the first square's emptiness a condition.
            let atom = Atom::Leap(Leaper {
                asymmetric: true,
                first: vec![v1],
                second: second_vectors.clone(),
                mask: Some(ends),
            });
            if m.moves {
                out.moves.push(atom.clone());
            }
            if m.captures {
                out.captures.push(atom);
            }
        }
    }
    Ok(out)
}
