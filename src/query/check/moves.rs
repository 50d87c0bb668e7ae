//! The type rules of `move ...` (parameters, conflicts, its value) and of the dash
//! `X--Y` (`legal`/`pseudolegal` forms included).

use crate::query::ast::{Dash, DashMode, ExprKind, MoveParam, MoveParamKind, Span};

use super::Type;
use super::checker::{Checker, Typed};

impl Checker<'_> {
    /// `move ...`: a number with `count`, a set with `from`/`to`/`capture`, else a filter.
    pub(super) fn move_filter(&mut self, params: &[MoveParam]) -> Typed {
        let (mut count, mut set, mut then) = (false, false, false);
        let (mut legal, mut primary, mut secondary) = (false, false, false);
        for p in params {
            match &p.kind {
                MoveParamKind::From(x) | MoveParamKind::To(x) | MoveParamKind::Capture(x) => {
                    self.expect(x, Type::Set, "a 'move' parameter")?;
                    set = true;
                }
                MoveParamKind::EnPassantSquare(x) => {
                    self.expect(x, Type::Set, "a 'move' parameter")?;
                }
                MoveParamKind::Promote(x) | MoveParamKind::Drop(x) | MoveParamKind::Comment(x) => {
                    self.ty(x)?;
                }
                MoveParamKind::Then(_, x) => {
                    self.ty(x)?;
                    then = true;
                }
                MoveParamKind::Count => count = true,
                // CQLi's `reverse` generates moves too: `move reverse count` counts them.
                MoveParamKind::Legal | MoveParamKind::PseudoLegal | MoveParamKind::Reverse => {
                    legal = true
                }
                MoveParamKind::Primary => primary = true,
                MoveParamKind::Secondary => secondary = true,
                _ => {}
            }
        }
        if let Some((span, m)) = move_conflict(params) {
            return Err(self.err(span, m));
        }
        if count && !legal {
            let span = params.first().map_or(Span::default(), |p| p.span);
            return Err(self.err(span, "'move count' needs 'legal' or 'pseudolegal'"));
        }
        if primary && secondary {
            let span = params.first().map_or(Span::default(), |p| p.span);
            return Err(self.err(span, "'primary' and 'secondary' exclude each other"));
        }
        Ok(if count {
            Type::Number
        } else if set && !then {
            Type::Set
        } else {
            Type::Logical
        })
    }

    /// `X--Y`, `X--Y(T)`, `legal X--Y`: the targets' type, or for a generated move's dash
    /// its destinations (a set) or a filter.
    pub(super) fn dash(&mut self, d: &Dash, span: Span) -> Typed {
        if let Some(f) = &d.from
            && matches!(f.kind, ExprKind::Dash(_))
        {
            return Err(self.err(span, "a '--' cannot follow another '--' directly"));
        }
        if let Some(f) = &d.from {
            self.expect(f, Type::Set, "the left side of '--'")?;
        }
        if let Some(t) = &d.to {
            self.expect(t, Type::Set, "the right side of '--'")?;
        }
        if let Some(p) = &d.promote {
            match &p.kind {
                ExprKind::Pieces(des) if des.squares.is_none() => {}
                _ => {
                    self.expect(p, Type::Str, "the promotion of '--'")?;
                }
            }
        }
        let mut t = Type::Logical;
        for x in &d.target {
            t = self.ty(x)?;
        }
        if d.mode != DashMode::Played {
            if d.capture {
                return Err(self.err(span, "'legal' and 'pseudolegal' take '--', not a capture"));
            }
            if d.target.len() > 1 {
                return Err(self.err(span, "a legal move filter takes one target filter"));
            }
            // A legal move filter's value is the set of its moves' destinations.
            t = if d.target.is_empty() {
                Type::Set
            } else {
                Type::Logical
            };
        }
        Ok(t)
    }
}

/// CQL 6.2's consistency rules for the parameters of `move`: the first parameter that breaks
/// one, with the reason. `comment` ends the keyword parameters (the words after it are read as
/// filters, and these flags are not filters); `null` excludes `promote`, `enpassant`, `legal`
/// and `pseudolegal`; an en passant capture is not a promotion; `legal`/`pseudolegal` exclude
/// `previous`, `promote`, `primary` and `secondary`; a parameter taking a value or a castling
/// kind is given once.
fn move_conflict(params: &[MoveParam]) -> Option<(Span, &'static str)> {
    use MoveParamKind as K;
    let mut seen: Vec<&K> = Vec::new();
    let has = |seen: &[&K], f: fn(&K) -> bool| seen.iter().any(|k| f(k));
    for p in params {
        let k = &p.kind;
        let flag = matches!(
            k,
            K::Legal
                | K::PseudoLegal
                | K::Previous
                | K::Null
                | K::Castle
                | K::KingSide
                | K::QueenSide
                | K::EnPassant
                | K::Count
                | K::Primary
                | K::Secondary
        );
        if flag && has(&seen, |k| matches!(k, K::Comment(_))) {
            return Some((p.span, "'move' parameters end at its 'comment'"));
        }
        let castle = |k: &K| matches!(k, K::Castle | K::KingSide | K::QueenSide);
        let twice = match k {
            K::From(_) => has(&seen, |k| matches!(k, K::From(_))),
            K::To(_) => has(&seen, |k| matches!(k, K::To(_))),
            K::Promote(_) => has(&seen, |k| matches!(k, K::Promote(_))),
            K::EnPassant => has(&seen, |k| matches!(k, K::EnPassant)),
            k if castle(k) => has(&seen, castle),
            _ => false,
        };
        if twice {
            return Some((p.span, "this 'move' parameter is given twice"));
        }
        seen.push(k);
    }
    let any = |f: fn(&K) -> bool| params.iter().find(|p| f(&p.kind)).map(|p| p.span);
    let legal = any(|k| matches!(k, K::Legal | K::PseudoLegal));
    let null = any(|k| matches!(k, K::Null));
    let promote = any(|k| matches!(k, K::Promote(_)));
    let ep = any(|k| matches!(k, K::EnPassant));
    let previous = any(|k| matches!(k, K::Previous));
    let lineage = any(|k| matches!(k, K::Primary | K::Secondary));
    if let (Some(_), Some(s)) = (null, promote.or(ep).or(legal)) {
        return Some((
            s,
            "'move null' excludes 'promote', 'enpassant', 'legal', 'pseudolegal'",
        ));
    }
    if let (Some(_), Some(s)) = (ep, promote) {
        return Some((s, "an en passant capture is not a promotion"));
    }
    if let (Some(s), Some(_)) = (legal, previous.or(promote).or(lineage)) {
        return Some((
            s,
            "'legal'/'pseudolegal' exclude 'previous', 'promote', 'primary', 'secondary'",
        ));
    }
    None
}
