//! The static check of a syntax tree ([`check_ast`]): CQL 6.2's type rules, applied after
//! parsing as CQL's own parser applies them while it parses. Variables take their type at
//! their first assignment, functions are checked at their call sites with the arguments'
//! types, operators check their operands' types. The facts the lowering needs (each
//! variable's type) are returned in [`Facts`].
//!
//! [`Type`] is the one type enum of the query compiler: lowering (`super::lower`) gives each
//! lowered node one too. `checker.rs` holds the walk (one match over the syntax tree); the
//! other files hold each concept's rules, named as in `lower/`.

mod builtin;
mod checker;
mod dictionaries;
mod geometry;
mod logic;
mod moves;
mod operators;
mod sequences;
mod variables;
mod words;

use std::collections::HashMap;

use super::ast::Ast;
use super::error::CheckError;

/// The value type of a filter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// Matches or not, no value: `check`, `not x`, `x or y`.
    Logical,
    /// A number: `#x`, `3`, `ply`.
    Number,
    /// A set of squares: `K`, `a1`, `x attacks y`.
    Set,
    /// A string: `"a"`, `event`, `str(x)`.
    Str,
    /// A position: `parent`, `child(2)`, `currentposition`.
    Position,
    /// A piece variable (`piece x in ...`): a set of at most one square that follows a piece.
    Piece,
    /// A dictionary.
    Dictionary,
}

impl Type {
    /// As the check's messages name it (`'+' must be a number, found a set`).
    pub fn describe(self) -> &'static str {
        match self {
            Type::Logical => "a filter without a value",
            Type::Number => "a number",
            Type::Set => "a set",
            Type::Str => "a string",
            Type::Position => "a position",
            Type::Piece => "a piece",
            Type::Dictionary => "a dictionary",
        }
    }

    /// As lowering's messages name it (`'from' needs a set of squares, but this is a
    /// number`).
    pub fn describe_long(self) -> &'static str {
        match self {
            Type::Set => "a set of squares",
            t => t.describe(),
        }
    }
}

/// What the check learned: each variable's (and dictionary's) type, by name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Facts {
    /// The type of each variable, dictionary and function parameter, by name.
    pub variables: HashMap<String, Type>,
}

/// Applies CQL 6.2's type rules to `ast`; `Err` is CQL's rejection.
pub(crate) fn check_ast(ast: &Ast) -> Result<Facts, CheckError> {
    checker::Checker::new(&ast.source.0).query(ast)
}

pub(crate) use words::obviously_logical;
