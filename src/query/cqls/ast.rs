//! The CQL-S syntax tree: match lists, position lists, and keywords with typed arguments.
//! Built by `cqls_to_ast`, lowered by `cqls_ast_to_ir`.

use crate::ir::cqls::{CountRange, EndRange, PawnAttr, PawnCounting, Range};
use crate::query::Span;

use super::designator::Designator;

/// A whole CQL-S query: one match list (a lone `(position ...)` is read as
/// `(match (position ...))`).
#[derive(Clone, Debug, PartialEq)]
pub struct CqlsAst {
    /// The match list.
    pub root: MatchList,
    /// The query text (errors found while lowering point into it).
    pub source: String,
}

/// `(match ...)`: game-level keywords and position lists.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchList {
    /// Keywords of the match list itself (`:result`, `:elo`, `:variations`, ...).
    pub keywords: Vec<Item>,
    /// The position lists; the game matches when each matches some position.
    pub positions: Vec<PositionList>,
    /// Where it is.
    pub span: Span,
}

/// `(position ...)`: a conjunction of items, under the list's transforms.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionList {
    /// The items in order (transform keywords included).
    pub items: Vec<Item>,
    /// Where it is.
    pub span: Span,
}

/// One item of a list: a keyword with its arguments, or a bare designator.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// The keyword without its colon and `position:`/`match:` prefix (`check`, `piececount`,
    /// `accumulate*`); `""` for a bare designator.
    pub keyword: String,
    /// Written `!:keyword`.
    pub negated: bool,
    /// The arguments, in order.
    pub args: Vec<Arg>,
    /// Where the keyword is.
    pub span: Span,
}

/// A keyword argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A piece designator.
    Designator(Designator, Span),
    /// A range specifier (`2`, `1 3`, `>=2`, `unlimited 5`).
    Range(Range, Span),
    /// A range that may be a percentage (`>50%`).
    CountRange(CountRange, Span),
    /// A `:movenumber`/`:halfmovenumber` range with `end`.
    EndRange(EndRange, Span),
    /// One position list.
    List(PositionList),
    /// A list of position lists (`:and ((position ...) (position ...))`).
    Lists(Vec<PositionList>, Span),
    /// The sub-match lists of a match list's `:and :or :xor :cond :not`
    /// (`:or ((match :result 1-0) (match (position :mate)))`).
    Matches(Vec<MatchList>, Span),
    /// A name or word (`counter`, `1-0`, `depth`, `sidetomove`).
    Word(String, Span),
    /// A quoted string, or a parenthesised list of words (`:line (Nxe5 bxQ)`).
    Text(String, Span),
    /// A ray specifier `(D1 D2 ...)`: its designators.
    Ray(Vec<Arg>, Span),
    /// `:pawncount`'s attribute chain.
    PawnAttrs(Vec<(PawnAttr, bool)>, PawnCounting, Span),
}
