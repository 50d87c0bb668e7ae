//! Lowering of the words that read the run: `lastgamenumber`, `hhdb "<main>"`,
//! `hhdb "<or>"`, `hhdb mainline` (CQL 6.2's `hhdbkeyword` table defines them by CQL text,
//! behind a `cql_assertvariations`), called from [`super::Lower::lower`]'s match; a None
//! hands the keyword on to `strings.rs`.

use crate::ir::{self, Node};
use crate::squares::SquareSet;

use super::{Cx, Lower, Lowered};
use crate::query::ast::{Arg, Expr, ExprKind};
use crate::query::transform::Xform;

/// CQL 6.2's messages when an HHdb key that reads variations runs without them.
const MAIN_NEEDS_VARIATIONS: &str = "'hhdb <main>' can only be used when 'variations' is set \
                                     in the CQL header (or run with 'cql -variations')";
const OR_NEEDS_VARIATIONS: &str = "'hhdb <or>' can only be used when 'variations' is set in \
                                   the CQL header (or run with 'cql -variations...')";
const VARIATION_NEEDS_VARIATIONS: &str = "'hhdb variation' can only be used when 'variations' \
                                          is set in the CQL header (or run with 'cql \
                                          -variations...')";
const MAINLINE_NEEDS_VARIATIONS: &str = "'hhdb mainline' can only be used when 'variations' is \
                                         set in the CQL header (or run with 'cql -variations...')";

/// `originalcomment "text"`: some original comment of the position contains the text.
fn comment_has<S>(text: &str) -> Node<S> {
    Node::HasCommentText(Box::new(Node::Str(text.to_string())))
}

impl Lower<'_> {
    /// `hhdb "<main>"`, `hhdb "<or>"`: variations are searched, and a comment of the position
    /// holds the mark; `hhdb mainline`: variations are searched, and no position from here to
    /// the root was reached by a secondary move without a `<main>` comment (CQL 6.2's
    /// `not find quiet <-- move previous secondary and not originalcomment "<main>"`);
    /// `hhdb variation`: the same `find` without the `not`.
    pub(super) fn hhdb_variation_key<S: SquareSet>(
        &self,
        args: &[Arg],
        cx: Cx,
    ) -> Option<Lowered<S>> {
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
            "mainline" | "variation" => {
                // CQL's key text starts with `notransform`.
                let plain = Cx::plain(cx.images);
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
                    read_bounds: None,
                };
                // `hhdb variation` is the find itself, `hhdb mainline` its negation.
                let found = Node::Find(Box::new(find));
                if key == "variation" {
                    (VARIATION_NEEDS_VARIATIONS, found)
                } else {
                    (MAINLINE_NEEDS_VARIATIONS, Node::Not(Box::new(found)))
                }
            }
            _ => return None,
        };
        let node = Node::And(vec![Node::AssertVariations(message.into()), test]);
        Some(Ok(Some(node)))
    }

    /// `cql_assertvariations "message"` (CQL 6.2's `AssertVariationsNode`): true when
    /// variations are searched; otherwise the run stops with the message. CQL 6.2 takes only
    /// a nonempty quoted string.
    pub(super) fn assert_variations<S: SquareSet>(&self, e: &Expr, args: &[Arg]) -> Lowered<S> {
        match args {
            [
                Arg::Filter(Expr {
                    kind: ExprKind::Str(m),
                    ..
                }),
            ] if !m.is_empty() => Ok(Some(Node::AssertVariations(m.as_str().into()))),
            _ => Err(self.err(
                crate::query::ErrorKind::Syntax,
                e.span,
                "cql_assertvariations must be followed by a nonempty quoted string",
            )),
        }
    }

    /// A filter written in CQL, lowered (the texts here are constants cqlq parses and
    /// checks: their types are their own check's, [`Lower::checked_type`]).
    pub(super) fn snippet<S: SquareSet>(
        &self,
        text: &str,
        cx: Cx,
    ) -> Result<Node<S>, crate::query::error::LowerError> {
        let ast = crate::query::parse::cql_to_ast(text).expect("built-in snippet parses");
        let facts = crate::query::check_ast(&ast).expect("built-in snippet checks");
        self.snippet_types.borrow_mut().push(facts.types);
        let lowered = (|| {
            let mut nodes = Vec::new();
            for x in &ast.body {
                if let Some(n) = self.lower(x, cx)? {
                    nodes.push(n);
                }
            }
            Ok(Node::And(nodes))
        })();
        self.snippet_types.borrow_mut().pop();
        lowered
    }
}

impl Lower<'_> {
    /// `similarposition [nosort] [notransform] "f.pgn"` (CQL 6.2's `match_anticipatenode`):
    /// the lookup, and unless `nosort` a `sort min "submission game"` of its value (the
    /// smallest submission game number). Refused under a transform (CQL 6.2: "not
    /// supported") and under `--secure` (it reads a file).
    pub(super) fn similar_position<S: SquareSet>(
        &self,
        e: &Expr,
        args: &[Arg],
        cx: Cx,
    ) -> Lowered<S> {
        let refuse = |m: &str| Err(self.err(crate::query::ErrorKind::Unsupported, e.span, m));
        if self.secure {
            return refuse("'similarposition' is refused under --secure (it reads a file)");
        }
        if cx.xf != Xform::IDENTITY || cx.images > 1 {
            return refuse(
                "'similarposition' inside a transform: CQL 6.2 does not support applying a \
                 transform to it",
            );
        }
        let mut no_sort = false;
        let mut no_transform = false;
        let mut file = None;
        for a in args {
            match a {
                Arg::Flag(w, _) if w == "nosort" => no_sort = true,
                Arg::Flag(w, _) if w == "notransform" => no_transform = true,
                Arg::Filter(Expr {
                    kind: ExprKind::Str(f),
                    ..
                }) if file.is_none() && !f.is_empty() => file = Some(f.as_str()),
                _ => file = None,
            }
        }
        let Some(file) = file else {
            return Err(self.err(
                crate::query::ErrorKind::Syntax,
                e.span,
                "'similarposition' must be followed by a quoted string, the name of a pgnfile",
            ));
        };
        if !file.ends_with(".pgn") {
            return Err(self.err(
                crate::query::ErrorKind::Syntax,
                e.span,
                format!(
                    "quoted string following 'similarposition' must be the filename of a \
                     .pgn file. Instead, got: {file}"
                ),
            ));
        }
        let submissions = ir::submissions::Submissions::new(file, no_transform);
        let lookup = Node::SimilarPosition(std::sync::Arc::new(submissions));
        if no_sort {
            return Ok(Some(lookup));
        }
        let sort = ir::Sort {
            label: "submission game".to_string(),
            min: true,
            quiet: false,
            body: lookup,
        };
        Ok(Some(Node::Sort(Box::new(sort))))
    }
}
