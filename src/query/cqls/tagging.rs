//! Tagging (the Scidb help's "CQL - Tagging", the CQL 3 manual's piece identity): `:forany
//! NAME D` in the match list binds the tag NAME to each mark (a piece of the game's first
//! position that is or becomes a piece of D) in turn, `$NAME[sq]` is the tagged piece on sq,
//! and `:tagmatch NAME D` holds when the tagged piece and its square match D.
//!
//! The help's rules, checked here before lowering: at most two tags in a match list, no two
//! tags share a mark, no tags in a match list that holds a `:relation`, and every `$NAME` and
//! `:tagmatch NAME` names a tag of the match list.

use crate::ir::cqls::CqlsNode;
use crate::ir::{Node, PieceKinds, VarId};
use crate::query::{ErrorKind, LowerError, Span};
use crate::squares::SquareSet;

use super::ast::{Arg, Item, MatchList, PositionList};
use super::designator::Designator;
use super::lower::{Lower, cqls, word_arg};

/// The keywords whose designator may be a tagged one (`$NAME[sq]`): those that read it as a
/// set of squares. The others look at its piece types, which a tag does not have.
const TAG_READERS: &[&str] = &[
    "",
    "movefrom",
    "moveto",
    "attackcount",
    "piececount",
    "power",
];

/// A `:forany` of the match list: the tag's name, its designator's pieces, where it is.
pub(super) struct ForAny {
    name: String,
    kinds: PieceKinds,
    span: Span,
}

impl Lower<'_> {
    /// Reads the match list's `:forany` keywords, checks every use of a tag, and records the
    /// tags (their variable is their index). `top`: the query's own match list (tags are
    /// defined there only).
    pub(super) fn declare_tags(&self, m: &MatchList, top: bool) -> Result<Vec<ForAny>, LowerError> {
        let mut found = Vec::new();
        for k in m.keywords.iter().filter(|k| k.keyword == "forany") {
            if !top {
                return Err(self.err(
                    ErrorKind::Invalid,
                    k.span,
                    "':forany' defines a tag in the query's own match list only",
                ));
            }
            if k.negated {
                return Err(self.err(ErrorKind::Invalid, k.span, "':forany' cannot be negated"));
            }
            let (Some(Arg::Word(name, _)), Some(Arg::Designator(d, _))) =
                (k.args.first(), k.args.get(1))
            else {
                unreachable!("the signature gives a word and a designator")
            };
            if d.tag.is_some() {
                return Err(self.err(
                    ErrorKind::Invalid,
                    k.span,
                    "':forany' takes a piece designator, not a tag",
                ));
            }
            if found.iter().any(|f: &ForAny| f.name == *name) {
                return Err(self.err(
                    ErrorKind::Invalid,
                    k.span,
                    format!("the tag '{name}' is defined twice"),
                ));
            }
            found.push(ForAny {
                name: name.clone(),
                kinds: d.kinds,
                span: k.span,
            });
        }
        if found.len() > 2 {
            return Err(self.err(
                ErrorKind::Invalid,
                found[2].span,
                "at most two tags may be defined in a match list",
            ));
        }
        if top {
            *self.tags.borrow_mut() = found.iter().map(|f| f.name.clone()).collect();
            let mut relation = None;
            self.check_tags_in_match(m, &mut relation)?;
            if let Some(span) = relation.filter(|_| !found.is_empty()) {
                return Err(self.err(
                    ErrorKind::Invalid,
                    span,
                    "tags (:forany) may not be used in a match list holding a :relation",
                ));
            }
        }
        Ok(found)
    }

    /// Wraps the lowered match list in its `:forany` bindings (the first tag outermost).
    pub(super) fn bind_tags<S: SquareSet>(&self, foranys: &[ForAny], body: Node<S>) -> Node<S> {
        let mut node = body;
        for (i, f) in foranys.iter().enumerate().rev() {
            node = cqls(CqlsNode::ForAny {
                var: self.tag_id(&f.name),
                kinds: f.kinds,
                distinct: foranys[..i].iter().map(|o| self.tag_id(&o.name)).collect(),
                body: node,
            });
        }
        node
    }

    /// The variable of a declared tag (checked before lowering; an unknown name would get a
    /// variable never bound, which matches nothing).
    pub(super) fn tag_id(&self, name: &str) -> VarId {
        self.tags
            .borrow()
            .iter()
            .position(|t| t == name)
            .map_or(VarId::MAX, |i| i as VarId)
    }

    /// `$NAME[sq]`: the squares of the tagged piece (none once it is captured) within sq.
    pub(super) fn tagged<S: SquareSet>(&self, name: &str, d: &Designator) -> Node<S> {
        let piece = Node::Var(self.tag_id(name));
        match &d.squares {
            None => piece,
            Some(_) => Node::Intersect(vec![piece, Node::Pieces(d.kinds, self.squares(d))]),
        }
    }

    /// `:tagmatch NAME D`: the tagged piece is one of D and stands on one of D's squares.
    pub(super) fn tagmatch<S: SquareSet>(&self, item: &Item) -> Result<Node<S>, LowerError> {
        let name = word_arg(&item.args[0]);
        let Some(Arg::Designator(d, _)) = item.args.get(1) else {
            unreachable!("the signature gives a designator")
        };
        Ok(Node::Intersect(vec![
            Node::Var(self.tag_id(&name)),
            self.pieces(d),
        ]))
    }

    fn check_tags_in_match(
        &self,
        m: &MatchList,
        relation: &mut Option<Span>,
    ) -> Result<(), LowerError> {
        for k in &m.keywords {
            self.check_tags_in_item(k, relation)?;
        }
        for p in &m.positions {
            self.check_tags_in_list(p, relation)?;
        }
        Ok(())
    }

    fn check_tags_in_list(
        &self,
        p: &PositionList,
        relation: &mut Option<Span>,
    ) -> Result<(), LowerError> {
        p.items
            .iter()
            .try_for_each(|i| self.check_tags_in_item(i, relation))
    }

    fn check_tags_in_item(
        &self,
        item: &Item,
        relation: &mut Option<Span>,
    ) -> Result<(), LowerError> {
        if item.keyword == "relation" {
            relation.get_or_insert(item.span);
        }
        let known = |name: &str, span: Span| -> Result<(), LowerError> {
            if self.tags.borrow().iter().any(|t| t == name) {
                Ok(())
            } else {
                Err(self.err(
                    ErrorKind::Invalid,
                    span,
                    format!(
                        "'{name}' is not a tag of this match list (define it with :forany {name} D)"
                    ),
                ))
            }
        };
        if item.keyword == "tagmatch"
            && let Some(Arg::Word(name, span)) = item.args.first()
        {
            known(name, *span)?;
        }
        for a in &item.args {
            match a {
                Arg::Designator(d, span) => {
                    if let Some(name) = &d.tag {
                        known(name, *span)?;
                        if !TAG_READERS.contains(&item.keyword.as_str()) {
                            return Err(self.err(
                                ErrorKind::Invalid,
                                *span,
                                format!(
                                    "a tag (${name}) cannot stand here: ':{}' reads piece types, which a tag does not have",
                                    item.keyword
                                ),
                            ));
                        }
                    }
                }
                Arg::List(p) => self.check_tags_in_list(p, relation)?,
                Arg::Lists(ps, _) => {
                    for p in ps {
                        self.check_tags_in_list(p, relation)?;
                    }
                }
                Arg::Matches(ms, _) => {
                    for m in ms {
                        self.check_tags_in_match(m, relation)?;
                    }
                }
                Arg::Ray(ds, _) => {
                    for d in ds {
                        if let Arg::Designator(d, span) = d
                            && let Some(name) = &d.tag
                        {
                            return Err(self.err(
                                ErrorKind::Invalid,
                                *span,
                                format!("a tag (${name}) cannot stand in a ray specifier"),
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}
