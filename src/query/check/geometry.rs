//! The type rules of the geometry filters: directions with computed distances, `ray`,
//! `pin` (their arguments are sets, their value a set).

use crate::query::ast::{Expr, PinRole, Ray, Span};

use super::Type;
use super::checker::{Checker, Typed};

impl Checker<'_> {
    /// `up N M X`: numbers, then a set.
    pub(super) fn direction_by(&mut self, bounds: &[Expr], a: &Expr) -> Typed {
        for b in bounds {
            self.expect(b, Type::Number, "a distance of a direction filter")?;
        }
        self.expect(a, Type::Set, "the argument of a direction filter")?;
        Ok(Type::Set)
    }

    /// `ray (X Y ...)`: at least two sets.
    pub(super) fn ray(&mut self, r: &Ray, span: Span) -> Typed {
        for a in &r.args {
            self.expect(a, Type::Set, "an argument of 'ray'")?;
        }
        if r.args.len() < 2 {
            return Err(self.err(span, "a ray needs at least two sets"));
        }
        Ok(Type::Set)
    }

    /// `pin from X through Y to Z`: each parameter once, each a set.
    pub(super) fn pin(&mut self, parts: &[(PinRole, Expr)]) -> Typed {
        for (i, (role, p)) in parts.iter().enumerate() {
            if parts[..i].iter().any(|(r, _)| r == role) {
                return Err(self.err(p.span, "a 'pin' parameter is given twice"));
            }
            self.expect(p, Type::Set, "an argument of 'pin'")?;
        }
        Ok(Type::Set)
    }
}
