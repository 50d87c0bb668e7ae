//! Query languages: CQL 6 text → syntax tree → filter IR.
//!
//! | stage | function | converts | the stage's error |
//! | --- | --- | --- | --- |
//! | parse | [`cql_to_ast`] | CQL text → [`Ast`] (grammar `grammar/cql.pest`) | [`ParseError`] |
//! | check | [`check_ast`] | [`Ast`] → CQL 6.2's verdict and [`Facts`] (each variable's type, each expression's type by its [`ast::ExprId`]) | [`CheckError`] |
//! | lower | [`ast_to_ir`] | [`Ast`] and its [`Facts`] (each expression's type is read there, not inferred again) → [`Query`] holding an [`ir::Node`] tree, transforms expanded | [`LowerError`] |
//! | all three | [`Program::from_text`], [`Program::lower`] | text (either dialect) → parsed and checked once → a [`Query`] per board geometry | |
//!
//! The public API is these: [`Program`] (both dialects; CQL-S's stages are reached through
//! it) and the three stage functions, plus what the command line reads of a query: the
//! syntax trees (`--parse`: [`ast_tree`], [`cqls::cqls_tree`]), [`cqls::is_cqls`], the
//! converters ([`convert`]) and the header's settings ([`HeaderSettings`] and the value
//! readers the command line's options share).
//!
//! Each stage's error is a [`QueryError`] (message, span, line, column) wrapped; the entries
//! that chain stages ([`Program`], and [`cql_to_ast`] / [`check_ast`], which
//! chain with each other) return the [`QueryError`] it converts into. [`QueryError::render`]
//! shows the source line with a caret under the offending text. CQL words that cqlq does not
//! support yet are compile errors naming the word, never silently accepted.

pub mod ast;
mod check;
pub mod convert;
pub mod cqls;
mod display;
mod error;
mod header;
mod header_settings;
mod letters;
mod literal;
mod lower;
mod names;
mod parse;
mod parse_keywords;
mod parse_prim;
mod parse_sequences;
mod program;
mod reserved_words;
pub mod syntax;
mod transform;
mod tree;

use crate::ir;

pub use ast::{Ast, Span};
pub use check::{ExprTypes, Facts, Type};
pub use error::{CheckError, ErrorKind, LowerError, ParseError, QueryError};
pub use header::{Header, HeaderParam, HeaderValue};
pub use header_settings::{
    Commenting, FILE_PARAMS, HeaderError, HeaderSettings, NOT_IN_CQL62_HEADER, ParamProblem,
    UNSUPPORTED, ValueError, positive_range, range_of, regex_of, result_of,
};
pub use letters::PieceLetters;
pub use lower::ast_to_ir;
pub(crate) use lower::coords as lower_coords;
pub use program::Program;
pub use tree::ast_tree;

/// A compiled query: the header's parameters and the filter to evaluate at each position.
#[derive(Clone, Debug, PartialEq)]
pub struct Query<S> {
    /// The parameters of the `cql(...)` header (the command line decides what to do with them).
    pub header: Header,
    /// The body's filters, and-ed, transforms expanded.
    pub filter: ir::Node<S>,
}

/// Parses CQL 6 text into a syntax tree (grammar only: [`check_ast`] applies CQL's type
/// rules). The parser's [`ParseError`], as the [`QueryError`] it wraps so that parse and check
/// chain (`cql_to_ast(q).and_then(|a| check_ast(&a))`).
pub fn cql_to_ast(text: &str) -> Result<Ast, QueryError> {
    Ok(parse::cql_to_ast(text)?)
}

/// Applies CQL 6.2's type rules to `ast`; `Err` is CQL's rejection: the checker's
/// [`CheckError`], as the [`QueryError`] it wraps (see [`cql_to_ast`]).
pub fn check_ast(ast: &Ast) -> Result<Facts, QueryError> {
    Ok(check::check_ast(ast)?)
}

/// Which query language a text is written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// CQL 6 (`grammar/cql.pest`).
    Cql,
    /// CQL-S, the s-expression dialect (`grammar/cqls.pest`).
    Cqls,
}
