//! Lowering of the words that read the run ([`RunWord`]): `lastgamenumber`, `hhdb "<main>"`,
//! `hhdb "<or>"`, `hhdb mainline` (CQL 6.2's `hhdbkeyword` table defines them by CQL text,
//! behind a `cql_assertvariations`). [`crate::query::Lower::lower`] asks here first, after
//! `lower_words`; the same hook hands `eco F` / `eventdate F` with a filter that is no string
//! to `lower_strings` and iterating a dictionary's keys (`x ∊ D body`, CQL 6.1's
//! `string x in D body`) to `lower_prog`.

use crate::ir::{self, Node, RunWord, StrFilter};
use crate::squares::SquareSet;

use crate::query::ast::{Arg, Builtin, Expr, ExprKind, Word};
use crate::query::check::Type;
use super::{Cx, Lower, Lowered};
use crate::query::transform::Xform;

/// CQL 6.2's messages when an HHdb key that reads variations runs without them.
const MAIN_NEEDS_VARIATIONS: &str = "'hhdb <main>' can only be used when 'variations' is set \
                                     in the CQL header (or run with 'cql -variations')";
const OR_NEEDS_VARIATIONS: &str = "'hhdb <or>' can only be used when 'variations' is set in \
                                   the CQL header (or run with 'cql -variations...')";
const MAINLINE_NEEDS_VARIATIONS: &str = "'hhdb mainline' can only be used when 'variations' is \
                                         set in the CQL header (or run with 'cql -variations...')";

/// `originalcomment "text"`: some original comment of the position contains the text.
fn comment_has<S>(text: &str) -> Node<S> {
    Node::Strs(Box::new(StrFilter::HasCommentText(Node::Str(
        text.to_string(),
    ))))
}

impl Lower<'_> {
    /// The forms of this module; None for any other filter.
    pub(crate) fn lower_run_words<S: SquareSet>(&self, e: &Expr, cx: Cx) -> Option<Lowered<S>> {
        match &e.kind {
            ExprKind::Word(Word::LastGameNumber) => {
                Some(Ok(Some((Node::Run(RunWord::LastGameNumber), Type::Number))))
            }
            ExprKind::Builtin(Builtin::Hhdb, args) => self.hhdb_variation_key(args, cx),
            ExprKind::Builtin(b @ (Builtin::Eco | Builtin::EventDate), args) => {
                self.tag_then_filter(*b, args, cx)
            }
            ExprKind::Iterate(it) => {
                let (dict, _) = self.dict_of(&it.domain)?;
                Some(self.dict_loop(e, it, dict, cx))
            }
            // CQL 6.1's `string x in D body`: the parser reads `string` as a word of its own
            // before the iteration, which the type checker accepts only there.
            ExprKind::Word(Word::StringType) => Some(Ok(Some((Node::True, Type::Logical)))),
            _ => None,
        }
    }

    /// `hhdb "<main>"`, `hhdb "<or>"`: variations are searched, and a comment of the position
    /// holds the mark; `hhdb mainline`: variations are searched, and no position from here to
    /// the root was reached by a secondary move without a `<main>` comment (CQL 6.2's
    /// `not find quiet <-- move previous secondary and not originalcomment "<main>"`).
    fn hhdb_variation_key<S: SquareSet>(&self, args: &[Arg], cx: Cx) -> Option<Lowered<S>> {
        let key = match args {
            [
                Arg::Filter(Expr {
                    kind: ExprKind::Str(k),
                    ..
                }),
            ] => k.as_str(),
            [Arg::Flag(w, _)] => w.as_str(),
            _ => return None,
        };
        let (message, test) = match key {
            "<main>" => (MAIN_NEEDS_VARIATIONS, comment_has("<main>")),
            "<or>" => (OR_NEEDS_VARIATIONS, comment_has("<or>")),
            "mainline" => {
                // CQL's key text starts with `notransform`.
                let plain = Cx {
                    xf: Xform::IDENTITY,
                    images: cx.images,
                };
                let secondary = match self.snippet("move previous secondary", plain) {
                    Ok(n) => n,
                    Err(e) => return Some(Err(e)),
                };
                let off_main =
                    Node::And(vec![secondary, Node::Not(Box::new(comment_has("<main>")))]);
                let find = ir::Find {
                    body: off_main,
                    backward: true,
                    range: None,
                    quiet: true,
                };
                let test = Node::Not(Box::new(Node::Find(Box::new(find))));
                (MAINLINE_NEEDS_VARIATIONS, test)
            }
            _ => return None,
        };
        let node = Node::And(vec![Node::Run(RunWord::AssertVariations(message)), test]);
        Some(Ok(Some((node, Type::Logical))))
    }

    /// A filter written in CQL, lowered (the texts here are constants cqlq parses).
    fn snippet<S: SquareSet>(
        &self,
        text: &str,
        cx: Cx,
    ) -> Result<Node<S>, crate::query::error::QueryError> {
        let ast = crate::query::parse::cql_to_ast(text)?;
        let mut nodes = Vec::new();
        for x in &ast.body {
            if let Some((n, _)) = self.lower(x, cx)? {
                nodes.push(n);
            }
        }
        Ok(Node::And(nodes))
    }
}
