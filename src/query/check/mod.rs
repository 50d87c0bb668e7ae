//! The static check of a syntax tree ([`check_ast`]): CQL 6.2's type rules, applied after
//! parsing as CQL's own parser applies them while it parses. Variables take their type at
//! their first assignment, functions are checked at their call sites with the arguments'
//! types, operators check their operands' types. The facts the lowering needs (each
//! variable's type, each expression's type) are returned in [`Facts`].
//!
//! [`Type`] is the one type enum of the query compiler: lowering (`super::lower`) reads each
//! expression's type here ([`Facts::types`]) and infers none of its own. `checker.rs` holds
//! the walk (one match over the syntax tree); the other files hold each concept's rules,
//! named as in `lower/`.

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

use super::ast::{Ast, ExprId};
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

/// What the check learned: each variable's (and dictionary's) type, by name, and each
/// expression's type, by its [`ExprId`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Facts {
    /// The type of each variable, dictionary and function parameter, by name.
    pub variables: HashMap<String, Type>,
    /// The type of each dictionary's values, by the dictionary's name (from its first
    /// assignment `D[k] = v`).
    pub dictionary_values: HashMap<String, Type>,
    /// The type of each expression checked.
    pub types: ExprTypes,
}

/// The type of each expression the check typed, by its identity and the chain of function
/// calls it was checked in: a function's body is checked at each call with the arguments'
/// types, so an expression of it has a type per chain of call sites (outermost first; empty
/// outside every function).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExprTypes(HashMap<Vec<ExprId>, HashMap<ExprId, Type>>);

impl ExprTypes {
    /// The type of expression `id` checked under the calls `chain`; None when the check did
    /// not type it there (an expression lowering built, a call the check did not follow).
    pub fn get(&self, chain: &[ExprId], id: ExprId) -> Option<Type> {
        self.0.get(chain)?.get(&id).copied()
    }

    /// Records that expression `id`, checked under `chain`, has type `t`.
    pub(crate) fn insert(&mut self, chain: &[ExprId], id: ExprId, t: Type) {
        match self.0.get_mut(chain) {
            Some(types) => {
                types.insert(id, t);
            }
            None => {
                self.0.insert(chain.to_vec(), HashMap::from([(id, t)]));
            }
        }
    }

    /// Whether the check followed the calls `chain` (typed the body it leads to).
    pub fn has_chain(&self, chain: &[ExprId]) -> bool {
        self.0.contains_key(chain)
    }
}

/// Applies CQL 6.2's type rules to `ast`; `Err` is CQL's rejection.
///
/// An entry of a dictionary read before the text first assigns the dictionary has the type
/// of the values assigned later (CQL 6.2 accepted snake-old.cql, whose `not ThemeDict[fen]`
/// comes before `ThemeDict[fen]="seen"`, and the read finds those strings): such a query is
/// checked again, knowing each dictionary's values from the first check.
pub(crate) fn check_ast(ast: &Ast) -> Result<Facts, CheckError> {
    let src = &ast.source.0;
    let (facts, read_before_assigned) = checker::Checker::new(src).query(ast)?;
    if !read_before_assigned {
        return Ok(facts);
    }
    let values = facts.dictionary_values;
    Ok(checker::Checker::knowing_dictionaries(src, values)
        .query(ast)?
        .0)
}

pub(crate) use words::obviously_logical;

#[cfg(test)]
mod tests {
    use super::Type;
    use crate::query::{check_ast, cql_to_ast};

    /// The type the check gives the last filter of `text`.
    fn last_type(text: &str) -> Type {
        let ast = cql_to_ast(text).expect("parses");
        let facts = check_ast(&ast).expect("checks");
        let last = ast.body.last().expect("a filter");
        facts.types.get(&[], last.id).expect("typed")
    }

    /// A comparison has the value the evaluator gives it (`eval::arith`): a numeric one
    /// (a set against a number counts the set) the left side's number; `==` of two sets and
    /// comparisons of strings or positions only match.
    #[test]
    fn comparisons_are_typed_as_evaluated() {
        assert_eq!(last_type("Q > 3"), Type::Number);
        assert_eq!(last_type("#Q == 1"), Type::Number);
        assert_eq!(last_type("Q == R"), Type::Logical);
        assert_eq!(last_type("Q != R"), Type::Logical);
        assert_eq!(last_type("event == \"x\""), Type::Logical);
    }

    /// `echo` is a number when its body is one (its largest value), else it only matches.
    #[test]
    fn echo_is_a_number_when_its_body_is() {
        assert_eq!(last_type("echo (s t) s : ply"), Type::Number);
        assert_eq!(last_type("echo (s t) check"), Type::Logical);
    }

    /// `square all` / `piece all` only match: CQL 6.2 refuses `v=square all w in A A in Q`.
    #[test]
    fn square_all_is_a_filter_without_a_value() {
        assert_eq!(last_type("square all x in A x attacks k"), Type::Logical);
        assert_eq!(last_type("square x in A x attacks k"), Type::Set);
    }

    /// An entry read before the text assigns its dictionary has the type of the values
    /// assigned later (snake-old.cql's `not ThemeDict[fen]` before `ThemeDict[fen]="seen"`).
    #[test]
    fn a_dictionary_read_before_assigned_has_the_values_type() {
        let text = "dictionary D D[fen] D[fen] = \"seen\"";
        let ast = cql_to_ast(text).expect("parses");
        let facts = check_ast(&ast).expect("checks");
        let read = &ast.body[1];
        assert_eq!(facts.types.get(&[], read.id), Some(Type::Str));
        assert_eq!(facts.dictionary_values.get("D"), Some(&Type::Str));
    }

    /// `player` without a colour or a text only matches (lowering tests whether either name
    /// tag holds the empty text), with or without a colour it is a string.
    #[test]
    fn player_alone_is_a_filter_without_a_value() {
        assert_eq!(last_type("player"), Type::Logical);
        assert_eq!(last_type("player white"), Type::Str);
    }

    /// The bounds of a `find` range given by variables are typed: lowering reads their
    /// types (and refuses one that is not a number).
    #[test]
    fn find_bounds_given_by_variables_are_typed() {
        use crate::query::ast::ExprKind;
        use crate::query::syntax::SeqParam;
        let ast = cql_to_ast("v=2 find v check").expect("parses");
        let facts = check_ast(&ast).expect("checks");
        let ExprKind::Find(f) = &ast.body[1].kind else {
            panic!("a find")
        };
        let Some(SeqParam::VarRange(bounds)) = f.params.first() else {
            panic!("a range given by a variable: {:?}", f.params)
        };
        assert_eq!(facts.types.get(&[], bounds[0].id), Some(Type::Number));
    }
}
