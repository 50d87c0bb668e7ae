//! The type rules of the keyword filters with arguments ([`Builtin`]): how many arguments each
//! takes, of which types, and the type of its value.

use crate::query::ast::{Arg, Builtin, Expr, ExprKind, Span};
use crate::query::error::CheckError;

use super::Type;
use super::checker::{Checker, Typed, is_set};

impl Checker<'_> {
    /// The type of `b` applied to `args`, checking them.
    pub(super) fn builtin(&mut self, b: Builtin, args: &[Arg], span: Span) -> Typed {
        let filters: Vec<&Expr> = args.iter().filter_map(Arg::filter).collect();
        let n = filters.len();
        let need = |s: &Self, lo: usize, hi: usize| s.arity(b, n, lo..=hi, span);
        use Builtin as B;
        Ok(match b {
            B::Hhdb => self.hhdb(args, span)?,
            B::ConsecutiveMoves | B::CountMoves | B::CurrentMove => {
                self.of_moves(b, &filters, span)?
            }
            B::Str | B::Comment | B::Message => {
                for f in &filters {
                    self.ty(f)?;
                }
                if b == B::Str {
                    Type::Str
                } else {
                    Type::Logical
                }
            }
            B::Ascii => {
                need(self, 1, 1)?;
                match self.valued(filters[0], "the argument of 'ascii'")? {
                    Type::Str => Type::Number,
                    Type::Number => Type::Str,
                    _ => return Err(self.err(span, "'ascii' takes a string or a number")),
                }
            }
            B::Distance => {
                need(self, 2, 2)?;
                self.distance(&filters, span)?
            }
            B::MakeSquare => {
                need(self, 1, 2)?;
                self.makesquare(&filters)?
            }
            B::Assert => {
                need(self, 1, 1)?;
                self.ty(filters[0])?;
                Type::Logical
            }
            B::Equal => {
                need(self, 2, 2)?;
                self.equal(&filters, span)?
            }
            B::Eco | B::EventDate | B::Year | B::Elo => {
                need(self, 0, 1)?;
                if let Some(f) = filters.first() {
                    self.ty(f)?;
                    Type::Logical
                } else if matches!(b, B::Year | B::Elo) {
                    Type::Number
                } else {
                    Type::Str
                }
            }
            B::SimilarPosition | B::Imagine | B::CommandPipe | B::Substring => {
                for f in &filters {
                    self.ty(f)?;
                }
                Type::Logical
            }
            B::PiecePath => Type::Str,
            // The keywords whose arguments all have one type.
            _ => {
                let sig = signature(b).expect("every other keyword has a signature");
                need(self, sig.min, sig.max)?;
                for f in &filters {
                    self.expect(f, sig.argument, sig.what)?;
                }
                sig.value
            }
        })
    }

    /// `distance(x y)` (arguments counted): two squares or two positions.
    fn distance(&mut self, filters: &[&Expr], span: Span) -> Typed {
        let a = self.valued(filters[0], "an argument of 'distance'")?;
        let c = self.valued(filters[1], "an argument of 'distance'")?;
        let both = |t: Type| (is_set(a) && is_set(c)) || (a == t && c == t);
        if !both(Type::Position) {
            return Err(self.err(span, "'distance' takes two squares or two positions"));
        }
        Ok(Type::Number)
    }

    /// `makesquare "e4"` or `makesquare(file rank)` (arguments counted).
    fn makesquare(&mut self, filters: &[&Expr]) -> Typed {
        if filters.len() == 1 {
            self.expect(filters[0], Type::Str, "the square name of 'makesquare'")?;
        } else {
            for f in filters {
                self.expect(f, Type::Number, "a file or rank of 'makesquare'")?;
            }
        }
        Ok(Type::Set)
    }

    /// `equal(x y)` (arguments counted): two values of one type (sets and pieces alike).
    fn equal(&mut self, filters: &[&Expr], span: Span) -> Typed {
        let a = self.valued(filters[0], "an argument of 'equal'")?;
        let c = self.valued(filters[1], "an argument of 'equal'")?;
        if a != c && !(is_set(a) && is_set(c)) {
            return Err(self.err(span, "'equal' compares two values of one type"));
        }
        Ok(Type::Logical)
    }

    /// `'KEYWORD' takes LO to HI arguments, found N` unless `n` is in `range`.
    fn arity(
        &self,
        b: Builtin,
        n: usize,
        range: std::ops::RangeInclusive<usize>,
        span: Span,
    ) -> Result<(), CheckError> {
        if !range.contains(&n) {
            let (lo, hi) = (range.start(), range.end());
            let m = format!("'{}' takes {lo} to {hi} arguments, found {n}", b.name());
            return Err(self.err(span, m));
        }
        Ok(())
    }

    /// `hhdb WORD ...`: the value of the key (CQL 6.2's HHdb table).
    fn hhdb(&mut self, args: &[Arg], span: Span) -> Typed {
        let words: Vec<&str> = args
            .iter()
            .filter_map(|a| match a {
                Arg::Flag(w, _) => Some(w.as_str()),
                _ => None,
            })
            .collect();
        if words == ["sort"] {
            return Err(self.err(span, "'hhdb sort' needs an award word"));
        }
        // CQL 6.2 lists `source` among its keys (hhdbkeyword-vars.cpp) but maps it to no CQL
        // (hhdb-cql.cpp), and its parser stops: "Internal: no cql mapping for key: source".
        if words == ["source"] {
            return Err(self.err(
                span,
                "'hhdb source' has no meaning in CQL 6.2 (its key table maps 'source' to no CQL)",
            ));
        }
        // The value of the key (CQL 6.2's HHdb table): awards are numbers, the
        // text fields strings, the status codes plain matches.
        Ok(match words.first().copied().unwrap_or("") {
            "gbr" | "diagram" | "composer" | "stipulation" | "firstcomment" | "search" => Type::Str,
            "award" | "prize" | "hm" | "commendation" | "special" | "max" | "sort"
            | "egdiagram" => Type::Number,
            _ => Type::Logical,
        })
    }

    /// `consecutivemoves(x y)`, `countmoves --`, `currentmove --`.
    fn of_moves(&mut self, b: Builtin, filters: &[&Expr], span: Span) -> Typed {
        use Builtin as B;
        Ok(match b {
            B::ConsecutiveMoves => {
                self.arity(b, filters.len(), 2..=2, span)?;
                for f in filters {
                    // CQL 6.2 rule: the two arguments are names of position variables, not
                    // position filters (`consecutivemoves(position 1 position 2)` is refused).
                    if !matches!(f.kind, ExprKind::Var(_)) {
                        let m = "'consecutivemoves' takes two position variables";
                        return Err(self.err(f.span, m).expecting("a position variable"));
                    }
                    self.expect(f, Type::Position, "an argument of 'consecutivemoves'")?;
                }
                Type::Number
            }

            B::CountMoves => {
                self.arity(b, filters.len(), 1..=1, span)?;
                if !matches!(filters[0].kind, ExprKind::Dash(_)) {
                    return Err(self
                        .err(
                            filters[0].span,
                            "'countmoves' counts the moves of a '--' filter",
                        )
                        .expecting("'--'"));
                }
                self.ty(filters[0])?;
                Type::Number
            }

            B::CurrentMove => {
                self.arity(b, filters.len(), 1..=1, span)?;
                if !matches!(filters[0].kind, ExprKind::Dash(_)) {
                    return Err(self.err(filters[0].span, "'currentmove' takes a '--' filter"));
                }
                self.ty(filters[0])?;
                Type::Logical
            }
            _ => unreachable!("called for the move keywords only"),
        })
    }
}

/// The rules of a keyword whose arguments all have one type.
struct Signature {
    /// Fewest and most arguments.
    min: usize,
    max: usize,
    /// Every argument's type, and how a message names an argument.
    argument: Type,
    what: &'static str,
    /// The keyword's value.
    value: Type,
}

/// The [`Signature`] of `b`, when its arguments all have one type.
fn signature(b: Builtin) -> Option<Signature> {
    use Builtin as B;
    use Type::{Logical, Number, Position, Set, Str};
    let sig = |min, max, argument, what, value| Signature {
        min,
        max,
        argument,
        what,
        value,
    };
    Some(match b {
        B::Lowercase | B::Uppercase => sig(1, 1, Str, "the argument", Str),
        B::Int => sig(1, 1, Str, "the argument of 'int'", Number),
        B::IndexOf => sig(2, 2, Str, "an argument of 'indexof'", Number),
        B::Sqrt => sig(1, 1, Number, "the argument of 'sqrt'", Number),
        B::File | B::Rank => sig(1, 1, Set, "the argument", Number),
        B::Light | B::Dark => sig(1, 1, Set, "the argument", Set),
        B::Child => sig(0, 1, Number, "the argument of 'child'", Position),
        B::Ancestor | B::Descendant => sig(2, 2, Position, "an argument", Logical),
        B::Lca => sig(2, 2, Position, "an argument of 'lca'", Position),
        B::Position => sig(1, 1, Number, "the argument of 'position'", Position),
        B::ReadFile => sig(1, 1, Str, "the argument of 'readfile'", Str),
        B::CqlAssertVariations => sig(1, 1, Str, "the message of 'cql_assertvariations'", Logical),
        B::WriteFile | B::SetTag => sig(2, 2, Str, "an argument", Logical),
        B::Tag => sig(1, 1, Str, "the tag name", Str),
        B::RemoveTag => sig(1, 1, Str, "the tag name", Logical),
        B::HasComment => sig(0, 1, Str, "the argument of 'hascomment'", Logical),
        B::PieceId => sig(1, 1, Set, "the argument", Number),
        B::PieceName | B::TypeName => sig(1, 1, Set, "the argument", Str),
        _ => return None,
    })
}
