//! MBN conditions on a definition's alternatives (seed 001: the conversion king `*K=[+]cK`,
//! switching's `K=K+[*]wwK` and `@X=wwK--!jj{K}U[*]`). The MBN page's text on conditions could
//! not be read here, so each form is read from the seed's own prose:
//!
//! - `[*]` before a partial move: the move is allowed only while the mover's side is not in
//!   check (castling's `O-O=[*]isR[g]...`: "castling is not permitted if the King is in
//!   check"; `switching=notincheck`: "Switching is not permitted if the King is in check",
//!   expanded to `K=K+[*]wwK`).
//! - `S--!jj{L}U[*]`: the sequence `S`, then a setup leg (`!`: the piece does not go there)
//!   visiting (`jj`) the mover's own `L` anywhere (`U`) that must meet `[*]`: the same
//!   condition, the side's `L` not in check, for the whole of `S` (switching=notincheck's
//!   `@X`, used by the non-royal pieces).
//! - `[+]` before a partial move: the mover's side is not in check and has not been in check
//!   since the game's start. The seed's sentence for `conversion* K=mK *K=[+]cK` names both:
//!   "If the King is not in check, then it can convert ... and the moving King was not
//!   checked". Read whole, the second half is the king's history (as MBN's `ii`, whose
//!   initial move "will decay with the first check to this royal piece"), and `[+]` is a
//!   symbol apart from the present check's `[*]`: so `[+]` is both.
//!
//! A condition anywhere else in a movement is left to the MBN reader, which refuses it by name.

use super::macros::{Spanned, split_top};

/// A condition on a part of a movement.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveCondition {
    /// `[*]`: the mover's side is not in check.
    NotInCheck,
    /// `[+]`: the mover's side is not in check and was never checked before.
    NeverChecked,
}

/// A part of a movement that has a condition.
#[derive(Clone, Debug, PartialEq)]
pub struct ConditionedPart {
    /// The condition.
    pub condition: MoveCondition,
    /// The royal letter a `--!jj{L}U[*]` suffix names (it must be a royal piece).
    pub royal: Option<String>,
    /// The part's MBN, without the condition.
    pub mbn: String,
    /// Each character's column in the rules text.
    pub columns: Vec<usize>,
}

/// A movement split into its parts without a condition (`plain`, joined by `+`) and those
/// with one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Split {
    /// The alternatives without a condition.
    pub plain: Spanned,
    /// The alternatives with one.
    pub conditioned: Vec<ConditionedPart>,
}

fn part(condition: MoveCondition, royal: Option<String>, s: &[(char, usize)]) -> ConditionedPart {
    ConditionedPart {
        condition,
        royal,
        mbn: s.iter().map(|x| x.0).collect(),
        columns: s.iter().map(|x| x.1).collect(),
    }
}

/// The letter `L` of a setup leg `!jj{L}U[*]`, if `s` is one.
fn setup_royal(s: &[(char, usize)]) -> Option<String> {
    let text: String = s.iter().map(|x| x.0).collect();
    let inner = text.strip_prefix("!jj{")?.strip_suffix("}U[*]")?;
    (!inner.is_empty() && inner.chars().all(|c| c.is_ascii_uppercase() || c == ':'))
        .then(|| inner.to_string())
}

/// The index of the bracket closing the `(` at `c[0]`.
fn closing(c: &[(char, usize)]) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &(ch, _)) in c.iter().enumerate() {
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

/// Splits a movement (macros expanded) into its plain and its conditioned alternatives.
pub fn split_conditions(c: &[(char, usize)]) -> Split {
    let legs = split_top(c, '-');
    if legs.len() > 1 {
        // `S--!jj{L}U[*]`: the last leg a setup leg after a doubled `-`.
        let n = legs.len();
        let (last_a, last_b) = legs[n - 1];
        let (prev_a, prev_b) = legs[n - 2];
        if n >= 3
            && prev_a == prev_b
            && let Some(royal) = setup_royal(&c[last_a..last_b])
        {
            // `prev_a` is the second `-`: `S` ends before the first.
            let s = &c[..prev_a - 1];
            return Split {
                plain: Vec::new(),
                conditioned: vec![part(MoveCondition::NotInCheck, Some(royal), s)],
            };
        }
        return Split {
            plain: c.to_vec(),
            conditioned: Vec::new(),
        };
    }
    let mut out = Split::default();
    for (a, b) in split_top(c, '+') {
        let alt = &c[a..b];
        let text: String = alt.iter().map(|x| x.0).collect();
        let wrapped = text.starts_with('(') && closing(alt) == Some(alt.len() - 1);
        let inner = if wrapped {
            Some(split_conditions(&alt[1..alt.len() - 1]))
        } else {
            None
        };
        let plain_alt: Option<Spanned> = if text.starts_with("[*]") {
            out.conditioned
                .push(part(MoveCondition::NotInCheck, None, &alt[3..]));
            None
        } else if text.starts_with("[+]") {
            out.conditioned
                .push(part(MoveCondition::NeverChecked, None, &alt[3..]));
            None
        } else if let Some(inner) = inner.filter(|s| !s.conditioned.is_empty()) {
            out.conditioned.extend(inner.conditioned);
            (!inner.plain.is_empty()).then(|| {
                let mut v = vec![alt[0]];
                v.extend(inner.plain);
                v.push(alt[alt.len() - 1]);
                v
            })
        } else {
            Some(alt.to_vec())
        };
        if let Some(p) = plain_alt {
            if let Some(&(_, at)) = p.first()
                && !out.plain.is_empty()
            {
                out.plain.push(('+', at));
            }
            out.plain.extend(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Split {
        let s: Spanned = text.chars().zip(1..).collect();
        split_conditions(&s)
    }

    fn plain(s: &Split) -> String {
        s.plain.iter().map(|x| x.0).collect()
    }

    #[test]
    fn the_seeds_conditions_are_split_off() {
        let s = split("[+]cK");
        assert_eq!(plain(&s), "");
        assert_eq!(s.conditioned[0].condition, MoveCondition::NeverChecked);
        assert_eq!(s.conditioned[0].mbn, "cK");
        assert_eq!(s.conditioned[0].columns, vec![4, 5]);
        let s = split("K+[*]wwK");
        assert_eq!(plain(&s), "K");
        assert_eq!(s.conditioned[0].condition, MoveCondition::NotInCheck);
        assert_eq!(s.conditioned[0].mbn, "wwK");
        let s = split("Q+(wwK--!jj{K}U[*])");
        assert_eq!(plain(&s), "Q");
        assert_eq!(s.conditioned[0].mbn, "wwK");
        assert_eq!(s.conditioned[0].royal.as_deref(), Some("K"));
    }

    #[test]
    fn other_brackets_stay_for_the_mbn_reader() {
        assert_eq!(plain(&split("mK-[1-2]W")), "mK-[1-2]W");
        assert_eq!(plain(&split("c[*]K")), "c[*]K");
        assert!(split("(mW-F)+N").conditioned.is_empty());
    }
}
