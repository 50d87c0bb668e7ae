//! CQL-S, the s-expression dialect (CQL 3 as extended by Scidb, seed 004):
//! `(match (position :check :flipcolor ...))`, compiled to the same filter IR as CQL 6.
//!
//! | stage | function | converts |
//! | --- | --- | --- |
//! | read | `sexpr::read_sexprs` | text → s-expressions (grammar `grammar/cqls.pest`) |
//! | parse | [`cqls_to_ast`] | s-expressions → [`CqlsAst`] (keywords with typed arguments) |
//! | lower | [`cqls_ast_to_ir`] | [`CqlsAst`] → [`Query`] (shared [`crate::ir::Node`]s, plus [`crate::ir_cqls::CqlsNode`]s) |
//! | both | [`compile_cqls`] | text → [`Query`] |
//!
//! [`is_cqls`] tells the dialects apart: a query whose first item is `(match` or `(position`.

pub mod ast;
mod designator;
mod items;
mod keywords;
mod line;
mod lower;
mod parse;
mod pawnattrs;
mod sexpr;
mod xform;

use crate::query::{ErrorKind, Query, QueryError};
use crate::squares::{Geometry, SquareSet};

pub use ast::CqlsAst;
pub use designator::{Designator, parse_designator};
pub use lower::cqls_ast_to_ir;
pub use parse::cqls_to_ast;

use ast::Item;
use lower::Lower;

/// Parses and lowers CQL-S text for a board of `geo`.
pub fn compile_cqls<S: SquareSet>(text: &str, geo: Geometry) -> Result<Query<S>, QueryError> {
    let ast = cqls_to_ast(text)?;
    cqls_ast_to_ir(&ast, geo)
}

/// Whether a query is CQL-S: its first item (after blanks and `;` comments) is `(match` or
/// `(position`.
pub fn is_cqls(text: &str) -> bool {
    let mut rest = text.trim_start_matches('\u{feff}');
    loop {
        rest = rest.trim_start();
        if let Some(comment) = rest.strip_prefix(';') {
            rest = comment.split_once('\n').map_or("", |(_, r)| r);
        } else {
            break;
        }
    }
    let Some(inner) = rest.strip_prefix('(') else {
        return false;
    };
    let inner = inner.trim_start();
    ["match", "position"].iter().any(|head| {
        inner.strip_prefix(head).is_some_and(|after| {
            after
                .chars()
                .next()
                .is_none_or(|c| c.is_whitespace() || c == '(' || c == ')' || c == ';')
        })
    })
}

impl Lower<'_> {
    /// `:evaluation` / `:moveevaluation`: need a UCI engine.
    fn engine_keyword<S: SquareSet>(&self, item: &Item) -> Result<crate::ir::Node<S>, QueryError> {
        Err(QueryError::new(
            ErrorKind::Unsupported,
            self.src,
            item.span,
            format!(
                "':{}' needs a chess engine; engine evaluation is not supported by cqlq yet",
                item.keyword
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_the_dialect() {
        assert!(is_cqls("(match (position :check))"));
        assert!(is_cqls("; a comment\n  (position :mate)"));
        assert!(is_cqls("(match)"));
        assert!(!is_cqls("check"));
        assert!(!is_cqls("(check)"));
        assert!(!is_cqls("(matchcount 2) check"));
        assert!(!is_cqls("cql() mate"));
    }
}
