//! `:pawncount`'s attribute chains (seed 004): `double-!advanced-compounds`,
//! `isolated-consecutive(3)`, `candidate!`, `stoppable-!blocked-duo!`; the documented limits on
//! `(n)`, counting modes only at the end, and the error on contradictory chains.

use crate::ir::cqls::{PawnAttr, PawnCounting};

/// What is wrong with an attribute chain (each variant holds the part it is about).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttrError {
    /// An attribute after a counting one: `islands-passed`.
    AfterCounting(String),
    /// `(n)` not closed: `triple(3`.
    UnclosedCount(String),
    /// `(n)` not a number: `triple(x)`.
    CountNotANumber(String),
    /// `(n)` outside the attribute's limits: `consecutive(7)`.
    CountOutOfRange {
        /// The attribute.
        name: String,
        /// The count given.
        n: u8,
        /// The lowest allowed.
        lo: u8,
        /// The highest allowed.
        hi: u8,
    },
    /// `(n)` on an attribute without one: `double(2)`.
    TakesNoCount(String),
    /// A counting attribute negated: `!islands`.
    CountingNegated(String),
    /// `!` on a counting attribute without a count: `islands!`.
    ExactNeedsCount(String),
    /// `!` on an attribute that has no exact form: `isolated!`.
    NotExact(String),
    /// `lines`, `bothsides` or `oneside` with `(n)`, `!` or negation.
    BareCounting {
        /// The part as written.
        part: String,
        /// The attribute.
        name: String,
    },
    /// Nothing between two `-` (the whole chain).
    Missing(String),
    /// Not a pawn attribute: `frobnicated`.
    Unknown(String),
    /// Two attributes that never hold together: `chained-isolated`.
    Contradictory(&'static str),
    /// An attribute and its negation.
    WithItsNegation(PawnAttr),
    /// A same-file count after `forefront`/`rear`: `forefront-double!-duo`.
    CountAfterForefront,
}

impl std::fmt::Display for AttrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AttrError::AfterCounting(part) => write!(
                f,
                "'{part}' follows a counting attribute: islands, compounds, files, ranks, lines, \
                 bothsides and oneside must end the chain"
            ),
            AttrError::UnclosedCount(part) => write!(f, "'{part}': unclosed (n)"),
            AttrError::CountNotANumber(part) => write!(f, "'{part}': (n) must be a number"),
            AttrError::CountOutOfRange { name, n, lo, hi } => {
                write!(f, "{name}({n}): n must lie between {lo} and {hi}")
            }
            AttrError::TakesNoCount(name) => write!(f, "'{name}' takes no (n)"),
            AttrError::CountingNegated(name) => {
                write!(f, "the counting attribute '{name}' cannot be negated")
            }
            AttrError::ExactNeedsCount(name) => write!(f, "'{name}!' needs a count: {name}!(n)"),
            AttrError::NotExact(name) => write!(f, "'{name}!' is not an attribute"),
            AttrError::BareCounting { part, name } => {
                write!(f, "'{part}': {name} takes no (n), ! or negation")
            }
            AttrError::Missing(text) => {
                write!(f, "'{text}': an attribute is missing between two '-'")
            }
            AttrError::Unknown(name) => write!(f, "'{name}' is not a pawn attribute"),
            AttrError::Contradictory(name) => {
                write!(f, "contradictory pawn attributes: {name} can never hold")
            }
            AttrError::WithItsNegation(a) => {
                write!(f, "contradictory pawn attributes: {a:?} and its negation")
            }
            AttrError::CountAfterForefront => f.write_str(
                "contradictory pawn attributes: after forefront/rear only one pawn per file is \
                 left, so a same-file count (double, triple, consecutive) must come before it",
            ),
        }
    }
}

impl std::error::Error for AttrError {}

/// Parses an attribute chain into filtering attributes (each maybe negated) and the counting
/// mode. Err names what is wrong.
pub fn parse_attrs(text: &str) -> Result<(Vec<(PawnAttr, bool)>, PawnCounting), AttrError> {
    let mut attrs: Vec<(PawnAttr, bool)> = Vec::new();
    let mut counting: Option<PawnCounting> = None;
    for part in text.split('-') {
        if counting.is_some() {
            return Err(AttrError::AfterCounting(part.to_string()));
        }
        let p = Part::read(part)?;
        if let Some(c) = p.counting_attr()? {
            counting = Some(c);
            continue;
        }
        if p.name == "candidate" && p.exact && !p.negated {
            // candidate! = candidate-!passed (seed 004)
            p.no_param(PawnAttr::Candidate)?;
            attrs.push((PawnAttr::Candidate, false));
            attrs.push((PawnAttr::Passed, true));
            continue;
        }
        let attr = p.filtering_attr(text)?;
        attrs.push((attr, p.negated));
    }
    check_contradictions(&attrs)?;
    Ok((attrs, counting.unwrap_or(PawnCounting::Pawns)))
}

/// One part of a chain between `-`: `!name!(n)` taken apart.
struct Part<'a> {
    /// The part as written.
    part: &'a str,
    /// The attribute's name.
    name: &'a str,
    /// `!` before the name.
    negated: bool,
    /// `!` after the name (the exact form).
    exact: bool,
    /// `(n)`.
    n: Option<u8>,
}

impl<'a> Part<'a> {
    /// Takes apart `!name!(n)`: the negation, the name, the exact mark and the count.
    fn read(part: &'a str) -> Result<Part<'a>, AttrError> {
        let (negated, rest) = match part.strip_prefix('!') {
            Some(r) => (true, r),
            None => (false, part),
        };
        // name, `!` (exact), `(n)`
        let (head, n) = match rest.find('(') {
            Some(i) => {
                let inner = rest[i + 1..]
                    .strip_suffix(')')
                    .ok_or_else(|| AttrError::UnclosedCount(part.to_string()))?;
                let n: u8 = inner
                    .parse()
                    .map_err(|_| AttrError::CountNotANumber(part.to_string()))?;
                (&rest[..i], Some(n))
            }
            None => (rest, None),
        };
        let (name, exact) = match head.strip_suffix('!') {
            Some(h) => (h, true),
            None => (head, false),
        };
        Ok(Part {
            part,
            name,
            negated,
            exact,
            n,
        })
    }

    /// The count `n` is outside `lo..=hi`.
    fn out_of_range(&self, n: u8, lo: u8, hi: u8) -> AttrError {
        AttrError::CountOutOfRange {
            name: self.name.to_string(),
            n,
            lo,
            hi,
        }
    }

    /// The count, `default` without one; it must lie in `lo..=hi`.
    fn limit(&self, lo: u8, hi: u8, default: u8) -> Result<u8, AttrError> {
        match self.n {
            None => Ok(default),
            Some(v) if (lo..=hi).contains(&v) => Ok(v),
            Some(v) => Err(self.out_of_range(v, lo, hi)),
        }
    }

    /// `a`, refused when a count was given.
    fn no_param(&self, a: PawnAttr) -> Result<PawnAttr, AttrError> {
        if self.n.is_some() {
            Err(AttrError::TakesNoCount(self.name.to_string()))
        } else {
            Ok(a)
        }
    }

    /// `a`, refused with an exact mark or a count.
    fn exact_only(&self, a: PawnAttr) -> Result<PawnAttr, AttrError> {
        if self.exact {
            Err(AttrError::NotExact(self.name.to_string()))
        } else {
            self.no_param(a)
        }
    }

    /// A counting mode made by `mk` from the count (0 without one, else in `lo..=hi`) and
    /// the exact mark; never negated, and exact only with a count.
    fn count_mode(
        &self,
        mk: fn(u8, bool) -> PawnCounting,
        lo: u8,
        hi: u8,
    ) -> Result<PawnCounting, AttrError> {
        if self.negated {
            return Err(AttrError::CountingNegated(self.name.to_string()));
        }
        if self.exact && self.n.is_none() {
            return Err(AttrError::ExactNeedsCount(self.name.to_string()));
        }
        let v = match self.n {
            None => 0,
            Some(v) if (lo..=hi).contains(&v) => v,
            Some(v) => return Err(self.out_of_range(v, lo, hi)),
        };
        Ok(mk(v, self.exact))
    }

    /// The counting mode a counting attribute (`islands`, `compounds`, `files`, `ranks`,
    /// `lines`, `bothsides`, `oneside`) names; None for the others.
    fn counting_attr(&self) -> Result<Option<PawnCounting>, AttrError> {
        let mode = match self.name {
            "islands" => self.count_mode(|n, exact| PawnCounting::Islands { n, exact }, 1, 8)?,
            "compounds" => {
                self.count_mode(|n, exact| PawnCounting::Compounds { n, exact }, 1, 6)?
            }
            "files" => self.count_mode(|n, exact| PawnCounting::Files { n, exact }, 1, 8)?,
            "ranks" => self.count_mode(|n, exact| PawnCounting::Ranks { n, exact }, 1, 6)?,
            "lines" | "bothsides" | "oneside" => {
                if self.n.is_some() || self.exact || self.negated {
                    return Err(AttrError::BareCounting {
                        part: self.part.to_string(),
                        name: self.name.to_string(),
                    });
                }
                match self.name {
                    "lines" => PawnCounting::Lines,
                    "bothsides" => PawnCounting::BothSides,
                    _ => PawnCounting::OneSide,
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(mode))
    }

    /// The filtering attribute the part names (`text` is the whole chain, for the error of
    /// an empty part).
    fn filtering_attr(&self, text: &str) -> Result<PawnAttr, AttrError> {
        let exact = self.exact;
        Ok(match self.name {
            "single" => self.exact_only(PawnAttr::OnFile { n: 1, exact: true })?,
            "double" => self.no_param(PawnAttr::OnFile { n: 2, exact })?,
            "triple" => PawnAttr::OnFile {
                n: self.limit(3, 6, 3)?,
                exact,
            },
            "uno" => self.exact_only(PawnAttr::OnRank { n: 1, exact: true })?,
            "duo" => self.no_param(PawnAttr::OnRank { n: 2, exact })?,
            "trio" => self.no_param(PawnAttr::OnRank { n: 3, exact })?,
            "quart" => PawnAttr::OnRank {
                n: self.limit(4, 8, 4)?,
                exact,
            },
            "connected" => self.exact_only(PawnAttr::Connected)?,
            "integrated" => self.exact_only(PawnAttr::Integrated)?,
            "isolated" => self.exact_only(PawnAttr::Isolated)?,
            "halfisolated" => self.exact_only(PawnAttr::HalfIsolated)?,
            "defended" => self.exact_only(PawnAttr::Defended)?,
            "defender" => self.exact_only(PawnAttr::Defender)?,
            "chained" => PawnAttr::Chained {
                n: self.limit(2, 8, 2)?,
                exact,
            },
            "passed" => self.exact_only(PawnAttr::Passed)?,
            "candidate" => self.exact_only(PawnAttr::Candidate)?,
            "blocked" => self.no_param(PawnAttr::Blocked { direct: exact })?,
            "unblocked" => self.exact_only(PawnAttr::Unblocked)?,
            "behind" => self.no_param(PawnAttr::Behind { direct: exact })?,
            "stoppable" => self.exact_only(PawnAttr::Stoppable)?,
            "unstoppable" => self.exact_only(PawnAttr::Unstoppable)?,
            "stopped" => self.exact_only(PawnAttr::Stopped)?,
            "backward" => self.exact_only(PawnAttr::Backward)?,
            "advanced" => self.exact_only(PawnAttr::Advanced)?,
            "consecutive" => PawnAttr::Consecutive {
                n: self.limit(2, 6, 2)?,
                exact,
            },
            "inside" => self.exact_only(PawnAttr::Inside)?,
            "symmetrical" => self.exact_only(PawnAttr::Symmetrical)?,
            "mirrored" => self.exact_only(PawnAttr::Mirrored)?,
            "forefront" => self.exact_only(PawnAttr::Forefront)?,
            "rear" => self.exact_only(PawnAttr::Rear)?,
            "" => return Err(AttrError::Missing(text.to_string())),
            _ => return Err(AttrError::Unknown(self.name.to_string())),
        })
    }
}

/// The chains seed 004 calls contradictory (`chained-isolated`, `mirrored-unblocked`), those
/// that cannot hold for the same reason, and `forefront`/`rear` before a same-file count.
fn check_contradictions(attrs: &[(PawnAttr, bool)]) -> Result<(), AttrError> {
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
            return Err(AttrError::Contradictory(name));
        }
    }
    for (a, neg) in attrs {
        if attrs.iter().any(|(b, nb)| a == b && neg != nb) {
            return Err(AttrError::WithItsNegation(*a));
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
        return Err(AttrError::CountAfterForefront);
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
