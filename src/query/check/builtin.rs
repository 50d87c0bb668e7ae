//! The type rules of the keyword filters with arguments ([`Builtin`]): how many arguments each
//! takes, of which types, and the type of its value.

use crate::query::ast::{Arg, Builtin, Expr, ExprKind, Span};
use crate::query::error::QueryError;

use super::Type;
use super::checker::{Checker, Typed, is_set};

impl Checker<'_> {
    /// The type of `b` applied to `args`, checking them.
    pub(super) fn builtin(&mut self, b: Builtin, args: &[Arg], span: Span) -> Typed {
        let filters: Vec<&Expr> = args.iter().filter_map(Arg::filter).collect();
        let n = filters.len();
        let need = |s: &Self, lo: usize, hi: usize| -> Result<(), QueryError> {
            if n < lo || n > hi {
                let m = format!("'{}' takes {lo} to {hi} arguments, found {n}", b.name());
                return Err(s.err(span, m));
            }
            Ok(())
        };
        use Builtin as B;
        Ok(match b {
            B::Lowercase | B::Uppercase => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Str, "the argument")?;
                Type::Str
            }
            B::Int => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Str, "the argument of 'int'")?;
                Type::Number
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
            B::IndexOf => {
                need(self, 2, 2)?;
                for f in &filters {
                    self.expect(f, Type::Str, "an argument of 'indexof'")?;
                }
                Type::Number
            }
            B::Sqrt => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Number, "the argument of 'sqrt'")?;
                Type::Number
            }
            B::Distance => {
                need(self, 2, 2)?;
                let a = self.valued(filters[0], "an argument of 'distance'")?;
                let c = self.valued(filters[1], "an argument of 'distance'")?;
                let both = |t: Type| (is_set(a) && is_set(c)) || (a == t && c == t);
                if !both(Type::Position) {
                    return Err(self.err(span, "'distance' takes two squares or two positions"));
                }
                Type::Number
            }
            B::File | B::Rank => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Set, "the argument")?;
                Type::Number
            }
            B::MakeSquare => {
                need(self, 1, 2)?;
                if n == 1 {
                    self.expect(filters[0], Type::Str, "the square name of 'makesquare'")?;
                } else {
                    for f in &filters {
                        self.expect(f, Type::Number, "a file or rank of 'makesquare'")?;
                    }
                }
                Type::Set
            }
            B::Light | B::Dark => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Set, "the argument")?;
                Type::Set
            }
            B::Child => {
                need(self, 0, 1)?;
                if let Some(f) = filters.first() {
                    self.expect(f, Type::Number, "the argument of 'child'")?;
                }
                Type::Position
            }
            B::Ancestor | B::Descendant => {
                need(self, 2, 2)?;
                for f in &filters {
                    self.expect(f, Type::Position, "an argument")?;
                }
                Type::Logical
            }
            B::Lca => {
                need(self, 2, 2)?;
                for f in &filters {
                    self.expect(f, Type::Position, "an argument of 'lca'")?;
                }
                Type::Position
            }
            B::Position => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Number, "the argument of 'position'")?;
                Type::Position
            }
            B::ReadFile => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Str, "the argument of 'readfile'")?;
                Type::Str
            }
            B::WriteFile | B::SetTag => {
                need(self, 2, 2)?;
                for f in &filters {
                    self.expect(f, Type::Str, "an argument")?;
                }
                Type::Logical
            }
            B::Tag => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Str, "the tag name")?;
                Type::Str
            }
            B::RemoveTag => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Str, "the tag name")?;
                Type::Logical
            }
            B::HasComment => {
                need(self, 0, 1)?;
                if let Some(f) = filters.first() {
                    self.expect(f, Type::Str, "the argument of 'hascomment'")?;
                }
                Type::Logical
            }
            B::PieceId | B::PieceName | B::TypeName => {
                need(self, 1, 1)?;
                self.expect(filters[0], Type::Set, "the argument")?;
                if b == B::PieceId {
                    Type::Number
                } else {
                    Type::Str
                }
            }
            B::Assert => {
                need(self, 1, 1)?;
                self.ty(filters[0])?;
                Type::Logical
            }
            B::Equal => {
                need(self, 2, 2)?;
                let a = self.valued(filters[0], "an argument of 'equal'")?;
                let c = self.valued(filters[1], "an argument of 'equal'")?;
                if a != c && !(is_set(a) && is_set(c)) {
                    return Err(self.err(span, "'equal' compares two values of one type"));
                }
                Type::Logical
            }
            B::ConsecutiveMoves => {
                need(self, 2, 2)?;
                for f in &filters {
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
                need(self, 1, 1)?;
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
                need(self, 1, 1)?;
                if !matches!(filters[0].kind, ExprKind::Dash(_)) {
                    return Err(self.err(filters[0].span, "'currentmove' takes a '--' filter"));
                }
                self.ty(filters[0])?;
                Type::Logical
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
            B::Hhdb => {
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
                // The value of the key (CQL 6.2's HHdb table): awards are numbers, the
                // text fields strings, the status codes plain matches.
                match words.first().copied().unwrap_or("") {
                    "gbr" | "diagram" | "composer" | "stipulation" | "firstcomment" | "search" => {
                        Type::Str
                    }
                    "award" | "prize" | "hm" | "commendation" | "special" | "max" | "sort"
                    | "egdiagram" => Type::Number,
                    _ => Type::Logical,
                }
            }
            B::SimilarPosition | B::Imagine | B::CommandPipe | B::Substring => {
                for f in &filters {
                    self.ty(f)?;
                }
                Type::Logical
            }
            B::PiecePath => Type::Str,
        })
    }
}
