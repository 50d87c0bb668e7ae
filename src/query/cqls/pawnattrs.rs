//! `:pawncount`'s attribute chains (seed 004): `double-!advanced-compounds`,
//! `isolated-consecutive(3)`, `candidate!`, `stoppable-!blocked-duo!`; the documented limits on
//! `(n)`, counting modes only at the end, and the error on contradictory chains.

use crate::ir::cqls::{PawnAttr, PawnCounting};

/// Parses an attribute chain into filtering attributes (each maybe negated) and the counting
/// mode. Err names what is wrong.
pub fn parse_attrs(text: &str) -> Result<(Vec<(PawnAttr, bool)>, PawnCounting), String> {
    let mut attrs: Vec<(PawnAttr, bool)> = Vec::new();
    let mut counting: Option<PawnCounting> = None;
    for part in text.split('-') {
        if let Some(c) = counting {
            let _ = c;
            return Err(format!(
                "'{part}' follows a counting attribute: islands, compounds, files, ranks, lines, \
                 bothsides and oneside must end the chain"
            ));
        }
        let (negated, rest) = match part.strip_prefix('!') {
            Some(r) => (true, r),
            None => (false, part),
        };
        // name, `!` (exact), `(n)`
        let (head, n) = match rest.find('(') {
            Some(i) => {
                let inner = rest[i + 1..]
                    .strip_suffix(')')
                    .ok_or_else(|| format!("'{part}': unclosed (n)"))?;
                let n: u8 = inner
                    .parse()
                    .map_err(|_| format!("'{part}': (n) must be a number"))?;
                (&rest[..i], Some(n))
            }
            None => (rest, None),
        };
        let (name, exact) = match head.strip_suffix('!') {
            Some(h) => (h, true),
            None => (head, false),
        };
        let limit = |lo: u8, hi: u8, default: u8| -> Result<u8, String> {
            match n {
                None => Ok(default),
                Some(v) if (lo..=hi).contains(&v) => Ok(v),
                Some(v) => Err(format!("{name}({v}): n must lie between {lo} and {hi}")),
            }
        };
        let no_param = |a: PawnAttr| -> Result<PawnAttr, String> {
            if n.is_some() {
                Err(format!("'{name}' takes no (n)"))
            } else {
                Ok(a)
            }
        };
        let count_mode = |mk: fn(u8, bool) -> PawnCounting,
                          lo: u8,
                          hi: u8|
         -> Result<PawnCounting, String> {
            if negated {
                return Err(format!("the counting attribute '{name}' cannot be negated"));
            }
            if exact && n.is_none() {
                return Err(format!("'{name}!' needs a count: {name}!(n)"));
            }
            let v = match n {
                None => 0,
                Some(v) if (lo..=hi).contains(&v) => v,
                Some(v) => return Err(format!("{name}({v}): n must lie between {lo} and {hi}")),
            };
            Ok(mk(v, exact))
        };
        let exact_only = |a: PawnAttr| -> Result<PawnAttr, String> {
            if exact {
                Err(format!("'{name}!' is not an attribute"))
            } else {
                no_param(a)
            }
        };
        let attr = match name {
            "single" => exact_only(PawnAttr::OnFile { n: 1, exact: true })?,
            "double" => no_param(PawnAttr::OnFile { n: 2, exact })?,
            "triple" => PawnAttr::OnFile {
                n: limit(3, 6, 3)?,
                exact,
            },
            "uno" => exact_only(PawnAttr::OnRank { n: 1, exact: true })?,
            "duo" => no_param(PawnAttr::OnRank { n: 2, exact })?,
            "trio" => no_param(PawnAttr::OnRank { n: 3, exact })?,
            "quart" => PawnAttr::OnRank {
                n: limit(4, 8, 4)?,
                exact,
            },
            "connected" => exact_only(PawnAttr::Connected)?,
            "integrated" => exact_only(PawnAttr::Integrated)?,
            "isolated" => exact_only(PawnAttr::Isolated)?,
            "halfisolated" => exact_only(PawnAttr::HalfIsolated)?,
            "defended" => exact_only(PawnAttr::Defended)?,
            "defender" => exact_only(PawnAttr::Defender)?,
            "chained" => PawnAttr::Chained {
                n: limit(2, 8, 2)?,
                exact,
            },
            "passed" => exact_only(PawnAttr::Passed)?,
            "candidate" if exact && !negated => {
                // candidate! = candidate-!passed (seed 004)
                no_param(PawnAttr::Candidate)?;
                attrs.push((PawnAttr::Candidate, false));
                PawnAttr::Passed
            }
            "candidate" => exact_only(PawnAttr::Candidate)?,
            "blocked" => no_param(PawnAttr::Blocked { direct: exact })?,
            "unblocked" => exact_only(PawnAttr::Unblocked)?,
            "behind" => no_param(PawnAttr::Behind { direct: exact })?,
            "stoppable" => exact_only(PawnAttr::Stoppable)?,
            "unstoppable" => exact_only(PawnAttr::Unstoppable)?,
            "stopped" => exact_only(PawnAttr::Stopped)?,
            "backward" => exact_only(PawnAttr::Backward)?,
            "advanced" => exact_only(PawnAttr::Advanced)?,
            "consecutive" => PawnAttr::Consecutive {
                n: limit(2, 6, 2)?,
                exact,
            },
            "inside" => exact_only(PawnAttr::Inside)?,
            "symmetrical" => exact_only(PawnAttr::Symmetrical)?,
            "mirrored" => exact_only(PawnAttr::Mirrored)?,
            "forefront" => exact_only(PawnAttr::Forefront)?,
            "rear" => exact_only(PawnAttr::Rear)?,
            "islands" => {
                counting = Some(count_mode(
                    |n, exact| PawnCounting::Islands { n, exact },
                    1,
                    8,
                )?);
                continue;
            }
            "compounds" => {
                counting = Some(count_mode(
                    |n, exact| PawnCounting::Compounds { n, exact },
                    1,
                    6,
                )?);
                continue;
            }
            "files" => {
                counting = Some(count_mode(
                    |n, exact| PawnCounting::Files { n, exact },
                    1,
                    8,
                )?);
                continue;
            }
            "ranks" => {
                counting = Some(count_mode(
                    |n, exact| PawnCounting::Ranks { n, exact },
                    1,
                    6,
                )?);
                continue;
            }
            "lines" | "bothsides" | "oneside" => {
                if n.is_some() || exact || negated {
                    return Err(format!("'{part}': {name} takes no (n), ! or negation"));
                }
                counting = Some(match name {
                    "lines" => PawnCounting::Lines,
                    "bothsides" => PawnCounting::BothSides,
                    _ => PawnCounting::OneSide,
                });
                continue;
            }
            "" => return Err(format!("'{text}': an attribute is missing between two '-'")),
            _ => return Err(format!("'{name}' is not a pawn attribute")),
        };
        let negated = if name == "candidate" && exact && !negated {
            true
        } else {
            negated
        };
        attrs.push((attr, negated));
    }
    check_contradictions(&attrs)?;
    Ok((attrs, counting.unwrap_or(PawnCounting::Pawns)))
}

/// The chains seed 004 calls contradictory (`chained-isolated`, `mirrored-unblocked`), those
/// that cannot hold for the same reason, and `forefront`/`rear` before a same-file count.
fn check_contradictions(attrs: &[(PawnAttr, bool)]) -> Result<(), String> {
    use PawnAttr::*;
    let plain = |a: &PawnAttr| attrs.iter().any(|(x, neg)| !neg && x == a);
    let plain_like = |f: &dyn Fn(&PawnAttr) -> bool| attrs.iter().any(|(x, neg)| !neg && f(x));
    type Test<'a> = &'a dyn Fn(&PawnAttr) -> bool;
    let excludes: &[(Test, Test, &str)] = &[
        (
            &|a| matches!(a, Chained { .. }),
            &|a| *a == Isolated,
            "chained-isolated",
        ),
        (
            &|a| *a == Connected,
            &|a| *a == Isolated,
            "connected-isolated",
        ),
        (
            &|a| *a == Integrated,
            &|a| *a == Isolated,
            "integrated-isolated",
        ),
        (
            &|a| *a == HalfIsolated,
            &|a| *a == Isolated,
            "halfisolated-isolated",
        ),
        (
            &|a| *a == HalfIsolated,
            &|a| *a == Integrated,
            "halfisolated-integrated",
        ),
        (
            &|a| *a == Mirrored,
            &|a| *a == Unblocked,
            "mirrored-unblocked",
        ),
        (
            &|a| *a == Passed,
            &|a| matches!(a, Blocked { .. }),
            "passed-blocked",
        ),
        (
            &|a| *a == Unblocked,
            &|a| matches!(a, Blocked { .. }),
            "unblocked-blocked",
        ),
        (
            &|a| *a == Stoppable,
            &|a| *a == Unstoppable,
            "stoppable-unstoppable",
        ),
        (&|a| *a == Passed, &|a| *a == Stoppable, "passed-stoppable"),
        (&|a| *a == Forefront, &|a| *a == Rear, "forefront-rear"),
    ];
    for (a, b, name) in excludes {
        if plain_like(a) && plain_like(b) {
            return Err(format!(
                "contradictory pawn attributes: {name} can never hold"
            ));
        }
    }
    for (a, neg) in attrs {
        if attrs.iter().any(|(b, nb)| a == b && neg != nb) {
            return Err(format!(
                "contradictory pawn attributes: {a:?} and its negation"
            ));
        }
    }
    // A view restricted to one pawn per file finds no second pawn on that file afterwards.
    if let Some(i) = attrs
        .iter()
        .position(|(a, neg)| !neg && matches!(a, Forefront | Rear))
        && attrs[i + 1..].iter().any(|(a, neg)| {
            !neg && (matches!(a, OnFile { n, .. } if *n >= 2) || matches!(a, Consecutive { .. }))
        })
    {
        return Err(
            "contradictory pawn attributes: after forefront/rear only one pawn per file is left, \
             so a same-file count (double, triple, consecutive) must come before it"
                .into(),
        );
    }
    let _ = plain(&Passed);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_of_seed_004() {
        // "double-!advanced-compounds"
        let (a, c) = parse_attrs("double-!advanced-compounds").unwrap();
        assert_eq!(
            a,
            vec![
                (PawnAttr::OnFile { n: 2, exact: false }, false),
                (PawnAttr::Advanced, true)
            ]
        );
        assert_eq!(c, PawnCounting::Compounds { n: 0, exact: false });
        // candidate! = candidate-!passed
        assert_eq!(parse_attrs("candidate!"), parse_attrs("candidate-!passed"));
        // "isolated-consecutive(3)", "isolated-triple!-consecutive"
        assert!(parse_attrs("isolated-consecutive(3)").is_ok());
        assert!(parse_attrs("isolated-triple!-consecutive").is_ok());
        assert!(parse_attrs("isolated-triple-compounds(3)").is_ok());
        assert!(parse_attrs("stoppable-!blocked-duo!").is_ok());
        assert!(parse_attrs("double!-forefront-duo").is_ok());
        // "Es erfolgt eine Fehlermeldung ... chained-isolated, oder mirrored-unblocked"
        assert!(parse_attrs("chained-isolated").is_err());
        assert!(parse_attrs("mirrored-unblocked").is_err());
        // "forefront muß nach double! verwendet werden ... meldet die Applikation dann einen
        // Fehler"
        assert!(parse_attrs("forefront-double!-duo").is_err());
        // counting attributes only at the end
        assert!(parse_attrs("islands-passed").is_err());
        // limits: consecutive 2 ≤ n ≤ 6, quart 4 ≤ n ≤ 8, compounds 1 ≤ n ≤ 6
        assert!(parse_attrs("consecutive(7)").is_err());
        assert!(parse_attrs("consecutive(6)").is_ok());
        assert!(parse_attrs("quart(3)").is_err());
        assert!(parse_attrs("compounds(7)").is_err());
        assert!(parse_attrs("islands(8)").is_ok());
        assert!(parse_attrs("frobnicated").is_err());
    }
}
