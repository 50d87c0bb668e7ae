//! Lowering of the evaluation state (as `ir/state.rs`): variables and assignments, user
//! function definitions, iteration over squares and pieces, `sort`; and of the position,
//! numeric and mate words and the keyword filters with arguments no other concept takes
//! (`comment`, `file`, `light`, `ancestor`, `eco`, ...).

use crate::ir::{self, Loop, MateKind, Node, NumProp, PositionRef};
use crate::squares::SquareSet;

use super::geometry::swaps_shades;
use super::{Cx, KeywordCall, Lower, Lowered, img};
use crate::query::ast::{
    Assign, AssignOp, BindingOp, Builtin, Expr, ExprKind, FunctionDef, IterKind, Iterate, Name,
    SeqParam, Sort, Storage, Word,
};
use crate::query::check::Type;
use crate::query::error::ErrorKind;
use crate::query::syntax::Range as AstRange;

impl Lower<'_> {
    /// `x`: a variable, or a function parameter (its argument lowered in the caller's frame).
    pub(super) fn var<S: SquareSet>(&self, e: &Expr, name: &Name, cx: Cx) -> Lowered<S> {
        if let Some(arg) = self.lower_arg(&name.text, cx) {
            return arg;
        }
        match self.scope.vars.borrow().get(&name.text) {
            Some(&id) => Ok(Some(Node::Var(id))),
            None => {
                let m = format!("'{}' is not a variable assigned before", name.text);
                Err(self.err(ErrorKind::Type, e.span, m))
            }
        }
    }

    /// `x = v`, `x += v`, ... of a variable (a string target: `strings.rs`).
    pub(super) fn assign<S: SquareSet>(&self, e: &Expr, a: &Assign, cx: Cx) -> Lowered<S> {
        let ExprKind::Var(name) = &a.target.kind else {
            return self.assign_strs(e, a, cx);
        };
        if matches!(a.storage, Storage::Persistent | Storage::PersistentQuiet) {
            return Err(self.unsupported(e, "persistent variables"));
        }
        // A parameter passed a variable assigns that variable (a name of the caller's: an
        // argument naming a parameter was resolved at the call); the value is the callee's,
        // lowered (and typed by the check) under this call.
        let target = match self.param(&name.text) {
            Some(arg) => match arg.kind {
                ExprKind::Var(caller) => caller.text,
                _ => {
                    let m = format!("parameter '{}' was not passed a variable", name.text);
                    return Err(self.err(ErrorKind::Type, a.target.span, m));
                }
            },
            None => name.text.clone(),
        };
        let value = img!(self.lower(&a.value, cx));
        let id = self.slot(&target, e.span)?;
        let old = || Box::new(Node::Var(id));
        let value = match a.op {
            AssignOp::Set => value,
            AssignOp::Add => Node::Arith(ir::ArithOp::Add, old(), Box::new(value)),
            AssignOp::Sub => Node::Arith(ir::ArithOp::Sub, old(), Box::new(value)),
            AssignOp::Mul => Node::Arith(ir::ArithOp::Mul, old(), Box::new(value)),
            AssignOp::Div => Node::Arith(ir::ArithOp::Div, old(), Box::new(value)),
            AssignOp::Rem => Node::Arith(ir::ArithOp::Rem, old(), Box::new(value)),
            AssignOp::Union => Node::Union(vec![Node::Var(id), value]),
            AssignOp::Intersect => Node::Intersect(vec![Node::Var(id), value]),
            AssignOp::SetIfPiece => {
                return Err(self.unsupported(e, "'=?' piece assignment"));
            }
        };
        Ok(Some(Node::Assign(id, Box::new(value))))
    }

    /// `unbind x`, `isbound x`, `isunbound x`.
    pub(super) fn binding<S: SquareSet>(
        &self,
        e: &Expr,
        op: BindingOp,
        target: &Expr,
    ) -> Lowered<S> {
        let ExprKind::Var(name) = &target.kind else {
            return Err(self.unsupported(e, "binding tests on dictionary entries"));
        };
        let id = match self.scope.vars.borrow().get(&name.text) {
            Some(&id) => id,
            None => {
                if let Some(found) = self.binding_without_variable(op, target) {
                    return Ok(Some(found));
                }
                let m = format!("'{}' is not a variable assigned before", name.text);
                return Err(self.err(ErrorKind::Type, target.span, m));
            }
        };
        Ok(Some(match op {
            BindingOp::Unbind => Node::Unbind(id),
            BindingOp::IsBound => Node::IsBound(id),
            BindingOp::IsUnbound => Node::Not(Box::new(Node::IsBound(id))),
        }))
    }

    /// `function f(x) {...}`: remembered (expanded at each call), true.
    pub(super) fn function_def<S>(&self, def: &FunctionDef) -> Lowered<S> {
        self.scope
            .functions
            .borrow_mut()
            .insert(def.name.text.clone(), def.clone());
        Ok(Some(Node::True))
    }

    /// `square x in S body`, `piece x in S body` (a dictionary's keys: `prog.rs`).
    pub(super) fn iterate<S: SquareSet>(&self, e: &Expr, it: &Iterate, cx: Cx) -> Lowered<S> {
        let domain = img!(self.typed(&it.domain, cx, Type::Set, "the domain"));
        let var = self.slot(&it.var.text, e.span)?;
        let body = img!(self.lower(&it.body, cx));
        let l = Box::new(Loop {
            var,
            all: it.all,
            domain,
            body,
        });
        let node = match it.over {
            IterKind::Square => Node::SquareLoop(l),
            IterKind::Piece => Node::PieceLoop(l),
        };
        Ok(Some(node))
    }

    /// `sort "label" min quiet body`
    pub(super) fn sort<S: SquareSet>(&self, e: &Expr, s: &Sort, cx: Cx) -> Lowered<S> {
        let (mut min, mut quiet) = (false, false);
        for p in &s.params {
            match p {
                SeqParam::Min => min = true,
                SeqParam::Quiet => quiet = true,
                SeqParam::Max => {}
                _ => return Err(self.unsupported(e, "this parameter of 'sort'")),
            }
        }
        let body = img!(self.lower(&s.body, cx));
        let ty = self.type_of(&s.body)?;
        if ty != Type::Number && ty != Type::Set && ty != Type::Str {
            return Err(self.unsupported(e, "sorting by this value"));
        }
        let sort = ir::Sort {
            label: s.doc.clone().unwrap_or_default(),
            min,
            quiet,
            body,
        };
        Ok(Some(Node::Sort(Box::new(sort))))
    }

    /// A word no other concept lowers: the string, position, numeric, mate, tree and path
    /// words, or `cqlq does not evaluate 'WORD' yet`.
    pub(super) fn other_word<S: SquareSet>(&self, e: &Expr, w: Word) -> Lowered<S> {
        if Self::is_str_word(w) {
            return self.word_strs(w);
        }
        match self
            .word_more(w)
            .or_else(|| self.tree_word(w))
            .or_else(|| self.word_path(w))
        {
            Some(n) => Ok(Some(n)),
            None => Err(self.unsupported(e, "")),
        }
    }

    /// The position, numeric and mate words lowered here.
    fn word_more<S: SquareSet>(&self, w: Word) -> Option<Node<S>> {
        let pos = |r| Some(Node::Position(r));
        let mate = |k, stale| Some(Node::MateKind(k, stale));
        match w {
            Word::Mainline => Some(Node::InMainline(true)),
            Word::Variation => Some(Node::InMainline(false)),
            Word::Parent => pos(PositionRef::Parent),
            Word::CurrentPosition => pos(PositionRef::Current),
            Word::InitialPosition => pos(PositionRef::Initial),
            Word::LastPosition => pos(PositionRef::Last),
            Word::PositionId => Some(Node::Num(NumProp::PositionId)),
            Word::Depth => Some(Node::Num(NumProp::Depth)),
            Word::PureMate => mate(MateKind::Pure, false),
            Word::ModelMate => mate(MateKind::Model, false),
            Word::IdealMate => mate(MateKind::Ideal, false),
            Word::PureStalemate => mate(MateKind::Pure, true),
            Word::ModelStalemate => mate(MateKind::Model, true),
            Word::IdealStalemate => mate(MateKind::Ideal, true),
            _ => None,
        }
    }

    /// Keyword filters with arguments.
    pub(super) fn builtin<S: SquareSet>(&self, call: &KeywordCall, cx: Cx) -> Lowered<S> {
        let (e, b, filters) = (call.e, call.b, &call.filters[..]);
        let set = |i: usize| self.nth_argument::<S>(e, b, filters, i, Type::Set, cx);
        let node = match b {
            Builtin::File | Builtin::Rank => {
                Node::FileRank(b == Builtin::Rank, Box::new(img!(set(0))))
            }
            Builtin::Light | Builtin::Dark => {
                let of = match filters.first() {
                    Some(_) => Some(Box::new(img!(set(0)))),
                    None => None,
                };
                // A colour swap with the rank mirror keeps square shades; a single mirror
                // or a quarter turn exchanges them.
                let light = (b == Builtin::Light) != swaps_shades(cx, self.geo);
                Node::SquareShade(light, of)
            }
            // distance(x y) of two positions: moves apart in the game tree (tree_words.rs)
            Builtin::Distance if filters.first().is_some_and(|x| self.is_position(x)) => {
                return self.tree_builtin(call, cx);
            }
            Builtin::Distance => {
                let (x, y) = (img!(set(0)), img!(set(1)));
                Node::Distance(Box::new(x), Box::new(y))
            }
            Builtin::Child => {
                let n = match filters.first().map(|x| &x.kind) {
                    None => 0,
                    Some(ExprKind::Number(n)) if *n >= 0 => *n as u32,
                    Some(_) => return Err(self.unsupported(e, "'child' with a computed index")),
                };
                Node::Position(PositionRef::Child(n))
            }
            Builtin::Ancestor | Builtin::Descendant | Builtin::Lca => {
                return self.relation(e, b, filters, cx);
            }
            Builtin::Comment => {
                let mut parts = Vec::new();
                for x in filters {
                    parts.push(img!(self.lower(x, cx)));
                }
                Node::Comment(parts)
            }
            Builtin::Tag if filters.len() == 1 => match &filters[0].kind {
                ExprKind::Str(name) => Node::Tag(ir::TagName::Other(name.clone())),
                _ => return self.tag_of(filters[0], cx),
            },
            Builtin::Lowercase | Builtin::Uppercase => {
                let x = img!(self.nth_argument::<S>(e, b, filters, 0, Type::Str, cx));
                Node::CaseConvert(b == Builtin::Uppercase, Box::new(x))
            }
            Builtin::HasComment => return self.has_comment(filters, cx),
            Builtin::PieceName | Builtin::TypeName => {
                let x = img!(set(0));
                Node::PieceName(b == Builtin::TypeName, Box::new(x))
            }
            Builtin::Eco | Builtin::EventDate => return self.tag_keyword(b, filters, cx),
            Builtin::PieceId
            | Builtin::ConsecutiveMoves
            | Builtin::CountMoves
            | Builtin::CurrentMove => return self.tree_builtin(call, cx),
            _ => return Err(self.unsupported(e, "")),
        };
        Ok(Some(node))
    }
    /// `hascomment` alone, with a NAG's text (`"!"`), or with a text to look for.
    fn has_comment<S: SquareSet>(&self, filters: &[&Expr], cx: Cx) -> Lowered<S> {
        Ok(Some(match filters.first().map(|x| &x.kind) {
            None => Node::HasComment(None),
            Some(ExprKind::Str(t)) => match crate::chess::nag_from_text(t) {
                Some(n) => Node::HasComment(Some(n)),
                None => return self.hascomment_text(filters[0], cx),
            },
            Some(_) => return self.hascomment_text(filters[0], cx),
        }))
    }

    /// `ancestor(x y)`, `descendant(x y)`, `lca(x y)` of positions.
    fn relation<S: SquareSet>(
        &self,
        e: &Expr,
        b: Builtin,
        filters: &[&Expr],
        cx: Cx,
    ) -> Lowered<S> {
        let pos = |i: usize| self.nth_argument::<S>(e, b, filters, i, Type::Position, cx);
        let (x, y) = (img!(pos(0)), img!(pos(1)));
        let rel = match b {
            Builtin::Ancestor => ir::PosRelation::Ancestor,
            Builtin::Descendant => ir::PosRelation::Descendant,
            _ => ir::PosRelation::Lca,
        };
        Ok(Some(Node::Relation(rel, Box::new(x), Box::new(y))))
    }

    /// `eco`, `eventdate`: the tag, or whether it contains a string (a filter: the tag,
    /// then the filter).
    fn tag_keyword<S: SquareSet>(&self, b: Builtin, filters: &[&Expr], cx: Cx) -> Lowered<S> {
        let name = if b == Builtin::Eco {
            "ECO"
        } else {
            "EventDate"
        };
        let tag = ir::TagName::Other(name.to_string());
        Ok(Some(match filters.first().map(|x| &x.kind) {
            None => Node::Tag(tag),
            Some(ExprKind::Str(t)) => Node::TagContains(vec![tag], t.clone()),
            Some(_) => return self.tag_contains(name, filters[0], cx),
        }))
    }
}

/// An AST range as the IR's (one number: that number only).
pub(super) fn ast_range(r: &AstRange) -> ir::Range {
    ir::Range::new(r.min, r.max.unwrap_or(r.min))
}
