//! A query compiled once ([`Program`]): its text parsed and checked a single time, in its
//! dialect, then lowered to the filter IR once per board geometry the run meets (8x8, each
//! fairy board, the unbounded board of ICN input).

use super::check::check_ast;
use super::cqls::{CqlsAst, cqls_ast_to_ir, cqls_to_ast, is_cqls};
use super::lower::lower_query;
use super::parse::cql_to_ast;
use super::{Ast, Dialect, Facts, PieceLetters, Query, QueryError};
use crate::squares::{Geometry, SquareSet};

/// A query parsed and checked once: its syntax tree, what the check learned, and how to
/// lower it. [`Program::lower`] / [`Program::lower_for`] give the filter for one geometry.
#[derive(Clone, Debug)]
pub struct Program {
    /// The query's text, as given.
    text: String,
    /// The syntax tree, in the query's dialect.
    syntax: Syntax,
    /// `--secure`: `readfile`, `writefile` and `commandpipe` are refused when lowering.
    secure: bool,
}

/// A syntax tree of either dialect.
#[derive(Clone, Debug)]
enum Syntax {
    /// CQL 6, with the facts of its type check.
    Cql(Box<Ast>, Facts),
    /// CQL-S.
    Cqls(Box<CqlsAst>),
}

impl Program {
    /// Parses and checks `text` in `dialect` (None: the dialect it looks like, CQL-S when it
    /// begins with `(match` or `(position`). `secure` (`--secure`) refuses the file words.
    pub fn from_text(
        text: &str,
        dialect: Option<Dialect>,
        secure: bool,
    ) -> Result<Program, QueryError> {
        let dialect = dialect.unwrap_or(if is_cqls(text) {
            Dialect::Cqls
        } else {
            Dialect::Cql
        });
        let syntax = match dialect {
            Dialect::Cql => {
                let ast = cql_to_ast(text)?;
                let facts = check_ast(&ast)?;
                Syntax::Cql(Box::new(ast), facts)
            }
            Dialect::Cqls => Syntax::Cqls(Box::new(cqls_to_ast(text)?)),
        };
        Ok(Program {
            text: text.to_string(),
            syntax,
            secure,
        })
    }

    /// The query's text (error messages show it).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The dialect the query is written in.
    pub fn dialect(&self) -> Dialect {
        match self.syntax {
            Syntax::Cql(..) => Dialect::Cql,
            Syntax::Cqls(_) => Dialect::Cqls,
        }
    }

    /// The CQL 6 syntax tree (`--parse` prints it); None for CQL-S.
    pub fn cql_ast(&self) -> Option<&Ast> {
        match &self.syntax {
            Syntax::Cql(ast, _) => Some(ast),
            Syntax::Cqls(_) => None,
        }
    }

    /// The CQL-S syntax tree (`--parse` prints it); None for CQL 6.
    pub fn cqls_ast(&self) -> Option<&CqlsAst> {
        match &self.syntax {
            Syntax::Cql(..) => None,
            Syntax::Cqls(ast) => Some(ast),
        }
    }

    /// Lowers the query for a board of `geo` with standard chess's piece letters.
    pub fn lower<S: SquareSet>(&self, geo: Geometry) -> Result<Query<S>, QueryError> {
        self.lower_for(geo, &PieceLetters::standard())
    }

    /// Lowers the query for a board of `geo` whose pieces are `letters` (what CQL's `[=Cc]`
    /// names; CQL-S has no such designator and ignores them).
    pub fn lower_for<S: SquareSet>(
        &self,
        geo: Geometry,
        letters: &PieceLetters,
    ) -> Result<Query<S>, QueryError> {
        Ok(match &self.syntax {
            Syntax::Cql(ast, facts) => lower_query(ast, facts, geo, letters, self.secure)?,
            Syntax::Cqls(ast) => cqls_ast_to_ir(ast, geo)?,
        })
    }
}
