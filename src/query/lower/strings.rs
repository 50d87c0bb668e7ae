//! Lowering of CQL 6's string, tag, game-information and file filters (the operations on
//! strings to [`StrFilter`](crate::ir::StrFilter), the others to their [`Node`]s): `s[i]`, `s[i:j]` and their assignment, `\N`
//! captures, `int`, `str`, `ascii`, `indexof`, `tag` with a computed name and its
//! assignment, `settag`, `removetag`, `originalcomment`, `removecomment`, `hascomment` with a
//! text, `message`, `year`, `eco`/`eventdate` with a computed text, `hhdb`, `readfile`,
//! `writefile`. [`super::state`] hands these here.

use crate::ir::{AwardKind, HhdbAward, Node, StrFilter};
use crate::squares::SquareSet;

use super::{Cx, KeywordCall, Lower, Lowered, img};
use crate::query::ast::{Arg, Assign, AssignOp, Builtin, Expr, ExprKind, Word};
use crate::query::check::Type;
use crate::query::error::{ErrorKind, LowerError};

/// A string filter node.
fn strs<S>(f: StrFilter<S>) -> Node<S> {
    Node::Strs(Box::new(f))
}

impl Lower<'_> {
    /// Whether [`Lower::builtin_strs`] lowers this builtin.
    pub(crate) fn is_str_builtin(b: Builtin) -> bool {
        matches!(
            b,
            Builtin::Int
                | Builtin::Str
                | Builtin::Ascii
                | Builtin::IndexOf
                | Builtin::Message
                | Builtin::ReadFile
                | Builtin::WriteFile
                | Builtin::SetTag
                | Builtin::RemoveTag
                | Builtin::Year
                | Builtin::Hhdb
        )
    }

    /// Whether [`Lower::word_strs`] lowers this word.
    pub(crate) fn is_str_word(w: Word) -> bool {
        matches!(w, Word::OriginalComment | Word::RemoveComment)
    }

    /// `originalcomment`, `removecomment`.
    pub(crate) fn word_strs<S: SquareSet>(&self, w: Word) -> Lowered<S> {
        Ok(Some(match w {
            Word::OriginalComment => Node::OriginalComment,
            _ => Node::RemoveComment,
        }))
    }

    /// `\N`
    pub(crate) fn capture<S: SquareSet>(&self, n: u32) -> Lowered<S> {
        Ok(Some(strs(StrFilter::Capture(n))))
    }

    /// `s[i]`, `s[i:j]` (dictionaries are not lowered here).
    pub(crate) fn index_strs<S: SquareSet>(
        &self,
        e: &Expr,
        base: &Expr,
        keys: &[Option<Expr>],
        cx: Cx,
    ) -> Lowered<S> {
        let s = img!(self.lower(base, cx));
        let ty = self.type_of(base)?;
        if ty != Type::Str {
            return Err(self.unsupported(e, "indexing a dictionary"));
        }
        let (i, j) = img!(self.keys(e, keys, cx));
        let f = match (keys.len(), i) {
            (1, Some(i)) => StrFilter::Index(s, i),
            (_, i) => StrFilter::Slice(s, i, j),
        };
        Ok(Some(strs(f)))
    }

    /// The numeric parts of `[i]` / `[i:j]`.
    #[allow(clippy::type_complexity)]
    fn keys<S: SquareSet>(
        &self,
        e: &Expr,
        keys: &[Option<Expr>],
        cx: Cx,
    ) -> Result<Option<(Option<Node<S>>, Option<Node<S>>)>, LowerError> {
        if keys.is_empty() || keys.len() > 2 || (keys.len() == 1 && keys[0].is_none()) {
            let m = "a string index is [i] or [i:j]";
            return Err(self.err(ErrorKind::Syntax, e.span, m));
        }
        let mut out = Vec::new();
        for k in keys {
            out.push(match k {
                Some(k) => Some(img!(self.typed(k, cx, Type::Number, "a string index"))),
                None => None,
            });
        }
        let j = if out.len() == 2 {
            out.pop().flatten()
        } else {
            None
        };
        let i = out.pop().flatten();
        Ok(Some((i, j)))
    }

    /// `s[i:j] = t`, `tag "X" = t`: assignments whose target is not a plain variable.
    pub(crate) fn assign_strs<S: SquareSet>(&self, e: &Expr, a: &Assign, cx: Cx) -> Lowered<S> {
        match &a.target.kind {
            ExprKind::Builtin(Builtin::Tag, args) if a.op == AssignOp::Set => {
                let Some(name) = args.iter().find_map(Arg::filter) else {
                    return Err(self.unsupported(e, "this assignment"));
                };
                let name = img!(self.typed(name, cx, Type::Str, "'tag'"));
                let value = img!(self.typed(&a.value, cx, Type::Str, "a tag assignment"));
                let set = Node::SetTag(Box::new(name), Box::new(value));
                Ok(Some(set))
            }
            ExprKind::Index(base, keys) if a.op == AssignOp::Set => {
                let ExprKind::Var(_) = &base.kind else {
                    return Err(self.unsupported(e, "this assignment"));
                };
                let target = img!(self.lower::<S>(base, cx));
                let ty = self.type_of(base)?;
                let Node::Var(id) = target else {
                    return Err(self.unsupported(e, "assignments to a parameter's substring"));
                };
                if ty != Type::Str {
                    return Err(self.unsupported(e, "assignments to dictionaries"));
                }
                let (i, j) = img!(self.keys(e, keys, cx));
                let single = keys.len() == 1;
                let i = i.unwrap_or(Node::Number(0));
                let value = img!(self.typed(&a.value, cx, Type::Str, "a substring assignment"));
                let f = StrFilter::SliceAssign(id, i, j, single, value);
                Ok(Some(strs(f)))
            }
            _ => Err(self.unsupported(e, "assignments to dictionaries or with this operator")),
        }
    }

    /// `tag x` with x not a string literal.
    pub(crate) fn tag_of<S: SquareSet>(&self, x: &Expr, cx: Cx) -> Lowered<S> {
        let name = img!(self.typed(x, cx, Type::Str, "'tag'"));
        Ok(Some(Node::TagOf(Box::new(name))))
    }

    /// `hascomment x` with a text that is no NAG, or a computed text.
    pub(crate) fn hascomment_text<S: SquareSet>(&self, x: &Expr, cx: Cx) -> Lowered<S> {
        let text = img!(self.typed(x, cx, Type::Str, "'hascomment'"));
        Ok(Some(Node::HasCommentText(Box::new(text))))
    }

    /// `eco x`, `eventdate x` with a computed text: the tag contains it.
    pub(crate) fn tag_contains<S: SquareSet>(&self, tag: &str, x: &Expr, cx: Cx) -> Lowered<S> {
        let text = img!(self.typed(x, cx, Type::Str, tag));
        let value = Node::TagOf(Box::new(Node::Str(tag.to_string())));
        let f = StrFilter::Contains(text, value);
        Ok(Some(strs(f)))
    }

    /// The builtins of [`Lower::is_str_builtin`].
    pub(crate) fn builtin_strs<S: SquareSet>(&self, call: &KeywordCall, cx: Cx) -> Lowered<S> {
        let (e, b, args, filters) = (call.e, call.b, call.args, &call.filters[..]);
        let flags: Vec<&str> = args
            .iter()
            .filter_map(|a| match a {
                Arg::Flag(w, _) => Some(w.as_str()),
                _ => None,
            })
            .collect();
        let arg = |i: usize, want: Type| self.nth_argument::<S>(e, b, filters, i, want, cx);
        let node = match b {
            Builtin::Int => strs(StrFilter::ToInt(img!(arg(0, Type::Str)))),
            Builtin::Str => strs(StrFilter::ToStr(img!(self.parts(filters, cx)))),
            Builtin::Ascii => {
                let Some(x) = filters.first() else {
                    return Err(self.missing_argument(e));
                };
                let ty = self.type_of(x)?;
                let x = img!(self.lower(x, cx));
                if !matches!(ty, Type::Str | Type::Number) {
                    let m = "'ascii' takes a string or a number";
                    return Err(self.err(ErrorKind::Type, e.span, m));
                }
                strs(StrFilter::Ascii(x))
            }
            Builtin::IndexOf => {
                let (a, s) = (img!(arg(0, Type::Str)), img!(arg(1, Type::Str)));
                strs(StrFilter::IndexOf(a, s))
            }
            Builtin::Message => {
                let quiet = flags.contains(&"quiet");
                let parts = img!(self.parts(filters, cx));
                Node::Message(parts, quiet)
            }
            Builtin::ReadFile | Builtin::WriteFile if self.secure => {
                let m = format!("'{}' is refused under --secure", b.name());
                return Err(self.err(ErrorKind::Unsupported, e.span, m));
            }
            Builtin::ReadFile => Node::ReadFile(Box::new(img!(arg(0, Type::Str)))),
            Builtin::WriteFile => {
                let (f, t) = (img!(arg(0, Type::Str)), img!(arg(1, Type::Str)));
                Node::WriteFile(Box::new(f), Box::new(t))
            }
            Builtin::SetTag => {
                let (n, v) = (img!(arg(0, Type::Str)), img!(arg(1, Type::Str)));
                Node::SetTag(Box::new(n), Box::new(v))
            }
            Builtin::RemoveTag => Node::RemoveTag(Box::new(img!(arg(0, Type::Str)))),
            Builtin::Year if filters.is_empty() => Node::Year,
            Builtin::Hhdb => return self.hhdb(e, &flags, filters, cx),
            _ => return Err(self.unsupported(e, "")),
        };
        Ok(Some(node))
    }

    /// The arguments of `str`, `message`: one parenthesized list is its items.
    fn parts<S: SquareSet>(
        &self,
        filters: &[&Expr],
        cx: Cx,
    ) -> Result<Option<Vec<Node<S>>>, LowerError> {
        let mut out = Vec::new();
        for x in filters {
            out.push(img!(self.lower(x, cx)));
        }
        Ok(Some(out))
    }

    /// `hhdb award|prize|hm|commendation [special] [max]`, and the keys of
    /// [`super::hhdb`]; the others are refused by name.
    fn hhdb<S: SquareSet>(
        &self,
        e: &Expr,
        flags: &[&str],
        filters: &[&Expr],
        _cx: Cx,
    ) -> Lowered<S> {
        let mut award = HhdbAward {
            kind: AwardKind::Any,
            special: false,
            max: false,
        };
        // `hhdb sort ...`, `hhdb cooked`, `sound`, `unsound` (lower_hhdb).
        if let Some(found) = super::hhdb::hhdb_table_key(flags, filters) {
            return Ok(Some(found));
        }
        let mut is_award = !flags.is_empty() && filters.is_empty();
        for w in flags {
            match *w {
                "award" => award.kind = AwardKind::Any,
                "prize" => award.kind = AwardKind::Prize,
                "hm" => award.kind = AwardKind::HonourableMention,
                "commendation" => award.kind = AwardKind::Commendation,
                "special" => award.special = true,
                "max" => award.max = true,
                _ => is_award = false,
            }
        }
        if !is_award {
            // `hhdb gbr material`, `hhdb "(c)"`: a key CQL 6.2 defines by CQL text.
            let key = match filters.first().map(|x| &x.kind) {
                Some(ExprKind::Str(k)) => k.clone(),
                _ => flags.join(" "),
            };
            if let Some(found) = super::hhdb::hhdb_key(&key) {
                return Ok(Some(found));
            }
            return Err(self.unsupported(e, &format!("'hhdb {key}'")));
        }
        Ok(Some(Node::Hhdb(award)))
    }
}

impl Lower<'_> {
    /// `eco k`, `eventdate k`: CQL 6.2 takes a quoted string after `eco` / `eventdate` as
    /// their text; anything else is the next filter (`eco k` is `eco` then `k`: the game has
    /// an ECO tag, and `k` matches). Strings (also computed ones) are left to the caller.
    pub(super) fn tag_then_filter<S: SquareSet>(
        &self,
        b: Builtin,
        args: &[Arg],
        cx: Cx,
    ) -> Option<Lowered<S>> {
        let [Arg::Filter(x)] = args else {
            return None;
        };
        if matches!(x.kind, ExprKind::Str(_)) {
            return None;
        }
        let lowered = (|| -> Lowered<S> {
            let next = img!(self.lower(x, cx));
            let ty = self.type_of(x)?;
            if ty == Type::Str {
                return Ok(None);
            }
            let name = if b == Builtin::Eco {
                "ECO"
            } else {
                "EventDate"
            };
            let tag = Node::Tag(crate::ir::TagName::Other(name.to_string()));
            Ok(Some(Node::And(vec![tag, next])))
        })();
        match lowered {
            // A string (or an image a transform dropped): the caller's reading.
            Ok(None) => None,
            other => Some(other),
        }
    }
}
