//! CQL-S, the s-expression dialect (CQL 3 as extended by Scidb, seed 004):
//! `(match (position :check :flipcolor ...))`, compiled to the same filter IR as CQL 6.
//!
//! | stage | function | converts |
//! | --- | --- | --- |
//! | read | `sexpr::read_sexprs` | text → s-expressions (grammar `grammar/cqls.pest`) |
//! | parse | `cqls_to_ast` | s-expressions → [`CqlsAst`] (keywords with typed arguments) |
//! | lower | `cqls_ast_to_ir` | [`CqlsAst`] → [`Query`](crate::query::Query) (shared [`crate::ir::Node`]s, plus [`crate::ir::cqls::CqlsNode`]s) |
//! | both | [`crate::query::Program`] | text → parsed once → a [`Query`](crate::query::Query) per board geometry |
//!
//! [`is_cqls`] tells the dialects apart: a query whose first item is `(match` or `(position`.

pub mod ast;
mod designator;
mod gameinfo;
mod items;
mod keywords;
mod line;
mod lower;
mod matchinfo;
mod next_move;
mod parse;
mod pawnattrs;
mod relation;
mod sexpr;
mod submatch;
mod tagging;
mod tree;
mod xform;

use crate::ir::Node;
use crate::query::{ErrorKind, LowerError};
use crate::squares::SquareSet;

pub use ast::CqlsAst;
pub(crate) use lower::cqls_ast_to_ir;
pub(crate) use parse::cqls_to_ast;
pub use tree::cqls_tree;

use ast::Item;
use lower::Lower;

/// Whether a query is CQL-S: its first item (after blanks and `;` comments) is `(match` or
/// `(position`, the list is the whole query (a CQL-S query is one list) and its first item
/// is not a number. CQL's own `(position 0) : initial` (a position by its id, parenthesised,
/// then a filter at it) has a number there and text after the list, so it stays CQL.
pub fn is_cqls(text: &str) -> bool {
    let rest = skip_blanks_and_comments(text.trim_start_matches('\u{feff}'));
    if !starts_as_cqls(rest) {
        return false;
    }
    let after_head = rest[1..].trim_start();
    let after_head = after_head
        .strip_prefix("match")
        .or_else(|| after_head.strip_prefix("position"))
        .unwrap_or(after_head);
    let first = skip_blanks_and_comments(after_head);
    let number = first
        .strip_prefix('-')
        .unwrap_or(first)
        .starts_with(|c: char| c.is_ascii_digit());
    let whole =
        end_of_first_list(rest).is_none_or(|end| skip_blanks_and_comments(&rest[end..]).is_empty());
    !number && whole
}

/// The byte just past the list `text` begins with (`(` ... its matching `)`), reading `"`
/// strings and `;` comments as CQL-S does; None when it does not close.
fn end_of_first_list(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            '"' => {
                chars.find(|&(_, c)| c == '"')?;
            }
            ';' => {
                chars.find(|&(_, c)| c == '\n');
            }
            _ => {}
        }
    }
    None
}

/// Whether `rest` (blanks and comments skipped) begins `(match` or `(position` as words.
fn starts_as_cqls(rest: &str) -> bool {
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

/// `text` after its leading blanks and `;` comments (CQL-S's comments run to the line's end).
fn skip_blanks_and_comments(text: &str) -> &str {
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        match rest.strip_prefix(';') {
            Some(comment) => rest = comment.split_once('\n').map_or("", |(_, r)| r),
            None => return rest,
        }
    }
}

impl Lower<'_> {
    /// `:evaluation LIMIT TEST` / `:moveevaluation X Y LIMIT TEST` (limit and range in either
    /// order): need a UCI engine (`--engine`), flagged in the header as `engine`.
    fn engine_keyword<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        use crate::ir::cqls::{CqlsNode, EngineLimit, EngineTest, Range};
        let bad = |m: &str| {
            self.err(
                ErrorKind::Invalid,
                item.span,
                format!(":{} {m}", item.keyword),
            )
        };
        let mut words: Vec<String> = Vec::new();
        let mut designators = Vec::new();
        for a in &item.args {
            match a {
                ast::Arg::Word(w, _) => words.push(w.clone()),
                ast::Arg::Designator(d, _) => designators.push(self.pieces::<S>(d)),
                _ => {}
            }
        }
        let i = words
            .iter()
            .position(|w| w == "depth" || w == "movetime")
            .ok_or_else(|| bad("needs a limit: depth N or movetime MS"))?;
        let n: u32 = words
            .get(i + 1)
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| bad("needs a number after depth / movetime"))?;
        let limit = if words[i] == "depth" {
            EngineLimit::Depth(n)
        } else {
            EngineLimit::MoveTime(n)
        };
        let rest: Vec<&str> = words
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i && *j != i + 1)
            .map(|(_, w)| w.as_str())
            .collect();
        let test = if rest == ["mate"] && item.keyword == "evaluation" {
            EngineTest::Mate
        } else {
            let (mode, range) = rest
                .split_last()
                .ok_or_else(|| bad("needs a range in pawns and sidetomove or absolute"))?;
            let absolute = match *mode {
                "absolute" => true,
                "sidetomove" => false,
                _ => return Err(bad("ends with sidetomove or absolute")),
            };
            let toks: Vec<(&str, Option<i64>)> = range
                .iter()
                .map(|t| parse::decimal_token(t))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| bad("has a range in pawns such as >=2.5 or -1.0 1.0"))?;
            let range = match toks.as_slice() {
                [(">=" | ">", n)] => Range { lo: *n, hi: None },
                [("<=" | "<", n)] => Range { lo: None, hi: *n },
                [("", n)] => Range { lo: *n, hi: *n },
                [("", lo), ("", hi)] => Range { lo: *lo, hi: *hi },
                _ => return Err(bad("has a range in pawns such as >=2.5 or -1.0 1.0")),
            };
            EngineTest::Score { range, absolute }
        };
        self.flag("engine", item.span);
        Ok(lower::cqls(if item.keyword == "evaluation" {
            CqlsNode::Evaluation { limit, test }
        } else {
            let mut ds = designators.into_iter();
            CqlsNode::MoveEvaluation {
                movers: ds.next().ok_or_else(|| bad("needs two designators"))?,
                targets: ds.next().ok_or_else(|| bad("needs two designators"))?,
                limit,
                test,
            }
        }))
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
        // CQL: a position by its id, parenthesised, then a filter at it (issue 33).
        assert!(!is_cqls("(position 0) : initial"));
        assert!(!is_cqls("(position x) : check"));
        assert!(is_cqls("(match !:ischess960 (position))"));
        assert!(is_cqls("(position ; why (\n :mate) ; done"));
        assert!(is_cqls("(position Pd2 :piececount [pP][d3-7] 0)"));
        assert!(is_cqls("(match (position :comment \")\"))"));
    }
}
