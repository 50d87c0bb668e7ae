//! Lowering of CQL 6's state, navigation, sequence and geometry filters (variables, user
//! functions, `find`, `line`, iteration, `sort`, `comment`, directions, `ray`, `pin`, position
//! words, the problemists' mates) to the IR of [`crate::ir`]. [`super::lower`] hands here
//! what it does not lower itself.
//!
//! Variables get a slot each, in order of first appearance; their type is the type of their
//! first value. User functions are expanded at each call site with their parameters passed
//! by name (CQL's semantics), to a depth of [`MAX_CALL_DEPTH`].

use std::cell::RefCell;
use std::collections::HashMap;

use crate::ir::{
    self, Directions, LinePattern, Loop, MateKind, Node, NumProp, PinYield, PositionRef, VarId,
};
use crate::squares::{Coord, SquareSet};

use super::ast::{
    Arg, AssignOp, BindingOp, Builtin, Expr, ExprKind, FunctionDef, IterKind, PinRole, RayKind,
    SeqItem, SeqItemKind, SeqParam, Storage, Word,
};
use super::error::{ErrorKind, QueryError};
use super::lower::{Cx, Lower, Lowered, Ty, img};
use super::syntax::{Direction, Range as AstRange};

/// Deepest nesting of user function calls expanded (CQL functions may recurse).
const MAX_CALL_DEPTH: usize = 24;

/// What lowering knows about the query's names.
#[derive(Default)]
pub(crate) struct Scope {
    /// Variable name → (slot, type).
    vars: RefCell<HashMap<String, (VarId, Ty)>>,
    /// Function name → definition.
    functions: RefCell<HashMap<String, FunctionDef>>,
    /// The parameters of the functions being expanded, innermost last: name → argument.
    frames: RefCell<Vec<HashMap<String, Expr>>>,
}

impl Lower<'_> {
    /// The slot of variable `name` (a new one, of type `ty`, if it is new).
    pub(crate) fn slot(&self, name: &str, ty: Ty) -> Result<VarId, String> {
        let mut vars = self.scope.vars.borrow_mut();
        if let Some(&(id, _)) = vars.get(name) {
            return Ok(id);
        }
        let id = VarId::try_from(vars.len()).map_err(|_| "too many variables".to_string())?;
        vars.insert(name.to_string(), (id, ty));
        Ok(id)
    }

    /// Lowers what [`Lower::lower`] does not handle itself.
    pub(crate) fn lower_more<S: SquareSet>(&self, e: &Expr, cx: Cx) -> Lowered<S> {
        let node = match &e.kind {
            ExprKind::Var(name) => {
                if let Some(arg) = self.param(&name.text) {
                    return self.lower_arg(&name.text, &arg, cx);
                }
                match self.scope.vars.borrow().get(&name.text) {
                    Some(&(id, ty)) => (Node::Var(id), ty),
                    None => {
                        let m = format!("'{}' is not a variable assigned before", name.text);
                        return Err(self.err(ErrorKind::Type, e.span, m));
                    }
                }
            }
            ExprKind::Assign(a) => {
                let ExprKind::Var(name) = &a.target.kind else {
                    return self.assign_strs(e, a, cx);
                };
                if matches!(a.storage, Storage::Persistent | Storage::PersistentQuiet) {
                    return Err(self.unsupported(e, "persistent variables"));
                }
                if let Some(arg) = self.param(&name.text) {
                    // A parameter passed a variable assigns that variable.
                    let ExprKind::Var(_) = arg.kind else {
                        let m = format!("parameter '{}' was not passed a variable", name.text);
                        return Err(self.err(ErrorKind::Type, a.target.span, m));
                    };
                    let mut inner = (**a).clone();
                    inner.target = arg;
                    let e2 = Expr {
                        kind: ExprKind::Assign(Box::new(inner)),
                        span: e.span,
                    };
                    return self.with_caller_frame(|| self.lower(&e2, cx));
                }
                let (value, ty) = img!(self.lower(&a.value, cx));
                let id = self
                    .slot(&name.text, ty)
                    .map_err(|m| self.err(ErrorKind::TooComplex, e.span, m))?;
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
                (Node::Assign(id, Box::new(value)), Ty::Logical)
            }
            ExprKind::Binding(op, target) => {
                let ExprKind::Var(name) = &target.kind else {
                    return Err(self.unsupported(e, "binding tests on dictionary entries"));
                };
                let id = match self.scope.vars.borrow().get(&name.text) {
                    Some(&(id, _)) => id,
                    None => {
                        if let Some(found) = self.binding_without_variable(*op, target) {
                            return Ok(Some(found));
                        }
                        let m = format!("'{}' is not a variable assigned before", name.text);
                        return Err(self.err(ErrorKind::Type, target.span, m));
                    }
                };
                match op {
                    BindingOp::Unbind => (Node::Unbind(id), Ty::Logical),
                    BindingOp::IsBound => (Node::IsBound(id), Ty::Logical),
                    BindingOp::IsUnbound => (Node::Not(Box::new(Node::IsBound(id))), Ty::Logical),
                }
            }
            ExprKind::Function(def) => {
                self.scope
                    .functions
                    .borrow_mut()
                    .insert(def.name.text.clone(), (**def).clone());
                (Node::True, Ty::Logical)
            }
            ExprKind::Call(name, args) => return self.call(e, &name.text, args, cx),
            ExprKind::Line(l) => return self.line(l, cx),
            ExprKind::Path(p) => return self.path(e, p, cx),
            ExprKind::Find(f) => {
                let mut range = None;
                let mut quiet = false;
                for p in &f.params {
                    match p {
                        SeqParam::All => range = Some(ir::Range::new(1, 1_000_000)),
                        // `find count F` counts and never fails: CQL 6.2 matched the games of
                        // snake-old.cql whose `GapCount=find count {...}` found no position
                        // (value 0), and only those (tests/cql/eval_find_count.rs).
                        SeqParam::Count => range = Some(ir::Range::new(0, 1_000_000)),
                        SeqParam::Quiet => quiet = true,
                        SeqParam::Range(r) => range = Some(ast_range(r)),
                        SeqParam::VarRange(_) => {
                            return Err(
                                self.unsupported(e, "a range of 'find' given by a variable")
                            );
                        }
                        _ => return Err(self.unsupported(e, "this parameter of 'find'")),
                    }
                }
                let body = img!(self.lower(&f.body, cx)).0;
                let ty = if range.is_some() {
                    Ty::Number
                } else {
                    Ty::Position
                };
                let find = ir::Find {
                    body,
                    backward: f.backward,
                    range,
                    quiet,
                };
                (Node::Find(Box::new(find)), ty)
            }
            ExprKind::Iterate(it) => {
                let domain = img!(self.typed(&it.domain, cx, Ty::Set, "the domain"));
                let var = self
                    .slot(&it.var.text, Ty::Set)
                    .map_err(|m| self.err(ErrorKind::TooComplex, e.span, m))?;
                let body = img!(self.lower(&it.body, cx)).0;
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
                (node, Ty::Set)
            }
            ExprKind::Sort(s) => {
                let (mut min, mut quiet) = (false, false);
                for p in &s.params {
                    match p {
                        SeqParam::Min => min = true,
                        SeqParam::Quiet => quiet = true,
                        SeqParam::Max => {}
                        _ => return Err(self.unsupported(e, "this parameter of 'sort'")),
                    }
                }
                let (body, ty) = img!(self.lower(&s.body, cx));
                if ty != Ty::Number && ty != Ty::Set && ty != Ty::Str {
                    return Err(self.unsupported(e, "sorting by this value"));
                }
                let sort = ir::Sort {
                    label: s.doc.clone().unwrap_or_default(),
                    min,
                    quiet,
                    body,
                };
                (Node::Sort(Box::new(sort)), ty)
            }
            ExprKind::Direction(d, range, x) => {
                let x = img!(self.typed(x, cx, Ty::Set, "a direction filter"));
                let range = match range {
                    None => ir::Range::new(1, 7),
                    Some(r) => ast_range(r),
                };
                (
                    Node::Direction(self.rot45(map_dirs(cx, directions(*d))), range, Box::new(x)),
                    Ty::Set,
                )
            }
            ExprKind::Ray(r) => {
                let mut sets = Vec::new();
                for a in &r.args {
                    sets.push(img!(self.typed(a, cx, Ty::Set, "'ray'")));
                }
                if r.kind == RayKind::Between {
                    if sets.len() != 2 {
                        let m = "'between' takes two sets";
                        return Err(self.err(ErrorKind::Syntax, e.span, m));
                    }
                    let y = sets.pop().expect("two");
                    let x = sets.pop().expect("two");
                    return Ok(Some((Node::Between(Box::new(x), Box::new(y)), Ty::Set)));
                }
                let text = self.src.get(e.span.start..e.span.end).unwrap_or("");
                let chain = r.kind == RayKind::Ray && !text.starts_with("ray");
                let dirs = r
                    .directions
                    .iter()
                    .fold(Directions(0), |acc, d| acc.union(directions(*d)));
                let dirs = if dirs.0 == 0 { Directions::ANY } else { dirs };
                let ray = ir::Ray {
                    directions: self.rot45(map_dirs(cx, dirs)),
                    attack: chain || r.kind == RayKind::XRay,
                    sets,
                    count: None,
                    // `A -> B -> C` yields A's squares; `A <- B <- C` (stored reversed)
                    // yields the last stored set, which is A too.
                    first: chain && (text.contains("->") || text.contains('→')),
                };
                (Node::Ray(Box::new(ray)), Ty::Set)
            }
            ExprKind::Pin(parts) => {
                let mut pin = ir::Pin {
                    from: None,
                    through: None,
                    to: None,
                    yields: PinYield::Through,
                };
                for (i, (role, x)) in parts.iter().enumerate() {
                    let x = Some(img!(self.typed(x, cx, Ty::Set, "'pin'")));
                    let y = match role {
                        PinRole::From => {
                            pin.from = x;
                            PinYield::From
                        }
                        PinRole::Through => {
                            pin.through = x;
                            PinYield::Through
                        }
                        PinRole::To => {
                            pin.to = x;
                            PinYield::To
                        }
                    };
                    if i == 0 {
                        pin.yields = y;
                    }
                }
                (Node::Pin(Box::new(pin)), Ty::Set)
            }
            ExprKind::At(p, f) => {
                let p = img!(self.typed(p, cx, Ty::Position, "':'"));
                let (f, ty) = img!(self.lower(f, cx));
                (Node::At(Box::new(p), Box::new(f)), ty)
            }
            ExprKind::Echo(echo) => {
                let (mut all, mut quiet) = (false, false);
                for p in &echo.params {
                    match p {
                        SeqParam::All => all = true,
                        SeqParam::Quiet => quiet = true,
                        _ => return Err(self.unsupported(e, "this parameter of 'echo'")),
                    }
                }
                let slot = |n: &super::syntax::Name| {
                    self.slot(&n.text, Ty::Position)
                        .map_err(|m| self.err(ErrorKind::TooComplex, n.span, m))
                };
                let (source, target) = (slot(&echo.source)?, slot(&echo.target)?);
                let (body, ty) = img!(self.lower(&echo.body, cx));
                let ty = if ty == Ty::Number { ty } else { Ty::Logical };
                let echo = ir::Echo {
                    source,
                    target,
                    all,
                    quiet,
                    body,
                };
                (Node::Echo(Box::new(echo)), ty)
            }
            ExprKind::Dash(d) => return self.dash(e, d, cx),
            ExprKind::Builtin(b, args) if Self::is_str_builtin(*b) => {
                return self.builtin_strs(e, *b, args, cx);
            }
            ExprKind::Word(w) if Self::is_str_word(*w) => return self.word_strs(*w),
            ExprKind::Index(base, keys) => return self.index_strs(e, base, keys, cx),
            ExprKind::Capture(n) => return self.capture(*n),
            ExprKind::Builtin(b, args) => return self.builtin(e, *b, args, cx),
            ExprKind::Word(w) => match self
                .word_more(*w)
                .or_else(|| self.tree_word(*w))
                .or_else(|| self.word_path(*w))
            {
                Some(n) => n,
                None => return Err(self.unsupported(e, "")),
            },
            _ => return Err(self.unsupported(e, "")),
        };
        Ok(Some(node))
    }

    /// The position, numeric and mate words lowered here.
    fn word_more<S: SquareSet>(&self, w: Word) -> Option<(Node<S>, Ty)> {
        let pos = |r| Some((Node::Position(r), Ty::Position));
        let mate = |k, stale| Some((Node::MateKind(k, stale), Ty::Set));
        match w {
            Word::Mainline => Some((Node::InMainline(true), Ty::Logical)),
            Word::Variation => Some((Node::InMainline(false), Ty::Logical)),
            Word::Parent => pos(PositionRef::Parent),
            Word::CurrentPosition => pos(PositionRef::Current),
            Word::InitialPosition => pos(PositionRef::Initial),
            Word::LastPosition => pos(PositionRef::Last),
            Word::PositionId => Some((Node::Num(NumProp::PositionId), Ty::Number)),
            Word::Depth => Some((Node::Num(NumProp::Depth), Ty::Number)),
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
    fn builtin<S: SquareSet>(&self, e: &Expr, b: Builtin, args: &[Arg], cx: Cx) -> Lowered<S> {
        let filters: Vec<&Expr> = args.iter().filter_map(Arg::filter).collect();
        let set = |i: usize| -> Result<Option<Node<S>>, QueryError> {
            match filters.get(i) {
                Some(x) => self.typed(x, cx, Ty::Set, b.name()),
                None => Err(self.err(ErrorKind::Syntax, e.span, "missing argument")),
            }
        };
        let number = |i: usize| -> Result<Option<Node<S>>, QueryError> {
            match filters.get(i) {
                Some(x) => self.typed(x, cx, Ty::Number, b.name()),
                None => Err(self.err(ErrorKind::Syntax, e.span, "missing argument")),
            }
        };
        let node = match b {
            Builtin::File | Builtin::Rank => (
                Node::FileRank(b == Builtin::Rank, Box::new(img!(set(0)))),
                Ty::Number,
            ),
            Builtin::Light | Builtin::Dark => {
                let of = match filters.first() {
                    Some(_) => Some(Box::new(img!(set(0)))),
                    None => None,
                };
                // A colour swap with the rank mirror keeps square shades; a single mirror
                // or a quarter turn exchanges them.
                let light = (b == Builtin::Light) != swaps_shades(cx, self.geo);
                (Node::SquareShade(light, of), Ty::Set)
            }
            // (inside a transform and with a square name: `lower_words`)
            Builtin::MakeSquare if filters.len() == 2 => {
                let (f, r) = (img!(number(0)), img!(number(1)));
                (Node::MakeSquare(Box::new(f), Box::new(r)), Ty::Set)
            }
            // distance(x y) of two positions: moves apart in the game tree (lower_imagine.rs)
            Builtin::Distance
                if filters
                    .first()
                    .is_some_and(|x| self.is_position::<S>(x, cx)) =>
            {
                return self.tree_builtin(e, b, args, cx);
            }
            Builtin::Distance => {
                let (x, y) = (img!(set(0)), img!(set(1)));
                (Node::Distance(Box::new(x), Box::new(y)), Ty::Number)
            }
            Builtin::Child => {
                let n = match filters.first().map(|x| &x.kind) {
                    None => 0,
                    Some(ExprKind::Number(n)) if *n >= 0 => *n as u32,
                    Some(_) => return Err(self.unsupported(e, "'child' with a computed index")),
                };
                (Node::Position(PositionRef::Child(n)), Ty::Position)
            }
            Builtin::Ancestor | Builtin::Descendant | Builtin::Lca => {
                let pos = |i: usize| -> Result<Option<Node<S>>, QueryError> {
                    match filters.get(i) {
                        Some(x) => self.typed(x, cx, Ty::Position, b.name()),
                        None => Err(self.err(ErrorKind::Syntax, e.span, "missing argument")),
                    }
                };
                let (x, y) = (img!(pos(0)), img!(pos(1)));
                let (rel, ty) = match b {
                    Builtin::Ancestor => (ir::PosRelation::Ancestor, Ty::Logical),
                    Builtin::Descendant => (ir::PosRelation::Descendant, Ty::Logical),
                    _ => (ir::PosRelation::Lca, Ty::Position),
                };
                (Node::Relation(rel, Box::new(x), Box::new(y)), ty)
            }
            Builtin::Comment => {
                let mut parts = Vec::new();
                for x in &filters {
                    parts.push(img!(self.lower(x, cx)).0);
                }
                (Node::Comment(parts), Ty::Logical)
            }
            Builtin::Tag if filters.len() == 1 => match &filters[0].kind {
                ExprKind::Str(name) => (Node::Tag(ir::TagName::Other(name.clone())), Ty::Str),
                _ => return self.tag_of(filters[0], cx),
            },
            Builtin::Lowercase | Builtin::Uppercase => {
                let Some(x) = filters.first() else {
                    return Err(self.err(ErrorKind::Syntax, e.span, "missing argument"));
                };
                let x = img!(self.typed(x, cx, Ty::Str, b.name()));
                (
                    Node::CaseConvert(b == Builtin::Uppercase, Box::new(x)),
                    Ty::Str,
                )
            }
            Builtin::HasComment => match filters.first().map(|x| &x.kind) {
                None => (Node::HasComment(None), Ty::Logical),
                Some(ExprKind::Str(t)) => match crate::chess::nag_from_text(t) {
                    Some(n) => (Node::HasComment(Some(n)), Ty::Logical),
                    None => return self.hascomment_text(filters[0], cx),
                },
                Some(_) => return self.hascomment_text(filters[0], cx),
            },
            Builtin::PieceName | Builtin::TypeName => {
                let x = img!(set(0));
                (
                    Node::PieceName(b == Builtin::TypeName, Box::new(x)),
                    Ty::Str,
                )
            }
            Builtin::Eco | Builtin::EventDate => {
                let name = if b == Builtin::Eco {
                    "ECO"
                } else {
                    "EventDate"
                };
                let tag = ir::TagName::Other(name.to_string());
                match filters.first().map(|x| &x.kind) {
                    None => (Node::Tag(tag), Ty::Str),
                    Some(ExprKind::Str(t)) => {
                        (Node::TagContains(vec![tag], t.clone()), Ty::Logical)
                    }
                    Some(_) => return self.tag_contains(name, filters[0], cx),
                }
            }
            Builtin::PieceId
            | Builtin::ConsecutiveMoves
            | Builtin::CountMoves
            | Builtin::CurrentMove => return self.tree_builtin(e, b, args, cx),
            _ => return Err(self.unsupported(e, "")),
        };
        Ok(Some(node))
    }

    /// `X--Y`, `X[x]Y` (`×`), `--=Q`, `legal --`: a `move` filter (`move from X to Y ...`);
    /// in a `line` it constrains the move the line takes. Dash targets (`--(check)`) are not
    /// evaluated yet.
    fn dash<S: SquareSet>(&self, e: &Expr, d: &super::syntax::Dash, cx: Cx) -> Lowered<S> {
        if !d.target.is_empty() {
            return self.dash_with_target(e, d, cx);
        }
        let source = match d.mode {
            super::syntax::DashMode::Played => ir::MoveSource::Played,
            super::syntax::DashMode::Legal => ir::MoveSource::Legal,
            super::syntax::DashMode::PseudoLegal => ir::MoveSource::PseudoLegal,
        };
        let side = |x: &Option<Expr>| -> Result<Option<Option<Box<Node<S>>>>, QueryError> {
            match x {
                None => Ok(Some(None)),
                Some(x) => Ok(self
                    .typed(x, cx, Ty::Set, "a dash")?
                    .map(|n| Some(Box::new(n)))),
            }
        };
        let Some(from) = side(&d.from)? else {
            return Ok(None);
        };
        let Some(to) = side(&d.to)? else {
            return Ok(None);
        };
        // `X[x]Y`: the move captures; the captured piece stands on Y (the destination, but
        // for en passant).
        let (to, capture) = match (d.capture, to) {
            (false, to) => (to, None),
            (true, Some(y)) => (None, Some(y)),
            (true, None) => {
                let all = ir::PieceKinds {
                    white: u32::MAX,
                    black: u32::MAX,
                    empty: false,
                };
                (None, Some(Box::new(Node::Pieces(all, S::full(self.geo)))))
            }
        };
        let promote = match &d.promote {
            None => None,
            Some(p) => match &p.kind {
                ExprKind::Pieces(des) if des.squares.is_none() => {
                    Some(cx.xf.kinds(self.designator_kinds(des, p.span)?))
                }
                _ => match self.constant_promotion(p) {
                    Some(kinds) => Some(kinds),
                    None => return self.dash_with_target(e, d, cx),
                },
            },
        };
        let m = ir::MoveFilter {
            from,
            to,
            capture,
            promote,
            ..ir::MoveFilter::any(source)
        };
        if source != ir::MoveSource::Played {
            // CQL 6.2's `legal --` is a set filter: the moves' destinations (`MoveLegalNode`).
            let m = ir::MoveFilter {
                yields: ir::MoveYield::To,
                ..m
            };
            return Ok(Some((Node::Move(m), Ty::Set)));
        }
        Ok(Some((Node::Move(m), Ty::Logical)))
    }

    /// `line ...`
    fn line<S: SquareSet>(&self, l: &super::syntax::Line, cx: Cx) -> Lowered<S> {
        let pattern = img!(self.seq(&l.items, cx));
        let mut line = ir::Line::compile(pattern);
        line.backward = l.backward;
        for p in &l.params {
            match p {
                SeqParam::FirstMatch => line.firstmatch = true,
                SeqParam::LastPosition => line.lastposition = true,
                SeqParam::SingleColor => line.singlecolor = true,
                SeqParam::Primary => line.primary = true,
                SeqParam::Secondary => line.secondary = true,
                SeqParam::Quiet => line.quiet = true,
                SeqParam::NestBan => {}
                SeqParam::Range(r) => line.range = Some(ast_range(r)),
                _ => {
                    let m = "this parameter of 'line' is not supported by cqlq yet";
                    return Err(self.err(
                        ErrorKind::Unsupported,
                        l.items
                            .first()
                            .map_or(super::ast::Span::default(), |i| i.span),
                        m,
                    ));
                }
            }
        }
        let ty = if line.lastposition {
            Ty::Position
        } else {
            Ty::Number
        };
        Ok(Some((Node::Line(Box::new(line)), ty)))
    }

    /// A sequence of `line` constituents.
    fn seq<S: SquareSet>(
        &self,
        items: &[SeqItem],
        cx: Cx,
    ) -> Result<Option<LinePattern<S>>, QueryError> {
        let mut parts = Vec::new();
        for it in items {
            parts.push(img!(self.seq_item(it, cx)));
        }
        Ok(Some(LinePattern::Seq(parts)))
    }

    fn seq_item<S: SquareSet>(
        &self,
        it: &SeqItem,
        cx: Cx,
    ) -> Result<Option<LinePattern<S>>, QueryError> {
        Ok(Some(match &it.kind {
            SeqItemKind::Filter(e) => LinePattern::Filter(img!(self.lower(e, cx)).0),
            SeqItemKind::Group(alts) => {
                let mut v = Vec::new();
                for a in alts {
                    v.push(img!(self.seq(a, cx)));
                }
                if v.len() == 1 {
                    v.remove(0)
                } else {
                    LinePattern::Alt(v)
                }
            }
            SeqItemKind::Repeat(inner, r) => {
                if r.max.is_some_and(|m| m > 1000) || r.min > 1000 {
                    let m = "repetition counts above 1000 are not supported";
                    return Err(self.err(ErrorKind::TooComplex, it.span, m));
                }
                LinePattern::Repeat(Box::new(img!(self.seq_item(inner, cx))), r.min, r.max)
            }
        }))
    }

    /// `F(a b)`: the body of F with its parameters standing for the arguments.
    fn call<S: SquareSet>(&self, e: &Expr, name: &str, args: &[Expr], cx: Cx) -> Lowered<S> {
        let Some(def) = self.scope.functions.borrow().get(name).cloned() else {
            let m = format!("'{name}' is not a function defined before");
            return Err(self.err(ErrorKind::Type, e.span, m));
        };
        if def.params.len() != args.len() {
            let m = format!(
                "'{name}' takes {} arguments, not {}",
                def.params.len(),
                args.len()
            );
            return Err(self.err(ErrorKind::Type, e.span, m));
        }
        if self.scope.frames.borrow().len() >= MAX_CALL_DEPTH {
            let m = format!("function calls nest deeper than {MAX_CALL_DEPTH}");
            return Err(self.err(ErrorKind::TooComplex, e.span, m));
        }
        // Arguments that name a caller's parameter are resolved now, so frames only hold
        // expressions of the caller's caller.
        let mut frame = HashMap::new();
        for (p, a) in def.params.iter().zip(args) {
            let arg = match &a.kind {
                ExprKind::Var(n) => self.param(&n.text).unwrap_or_else(|| a.clone()),
                _ => a.clone(),
            };
            frame.insert(p.text.clone(), arg);
        }
        self.scope.frames.borrow_mut().push(frame);
        let out = self.lower(&def.body, cx);
        self.scope.frames.borrow_mut().pop();
        out
    }

    /// The argument a parameter of the innermost function being expanded stands for.
    pub(crate) fn param(&self, name: &str) -> Option<Expr> {
        self.scope.frames.borrow().last()?.get(name).cloned()
    }

    /// Lowers `f` with the innermost frame removed (an argument is the caller's text).
    fn with_caller_frame<T>(&self, f: impl FnOnce() -> T) -> T {
        let top = self.scope.frames.borrow_mut().pop();
        let out = f();
        if let Some(top) = top {
            self.scope.frames.borrow_mut().push(top);
        }
        out
    }

    /// A parameter's argument, lowered in the caller's scope.
    fn lower_arg<S: SquareSet>(&self, _name: &str, arg: &Expr, cx: Cx) -> Lowered<S> {
        self.with_caller_frame(|| self.lower(arg, cx))
    }

    /// `cqlq does not evaluate 'WORD' yet` (with what is missing, when given).
    fn unsupported(&self, e: &Expr, what: &str) -> QueryError {
        let word = super::names::expr_word(&e.kind);
        let m = if what.is_empty() {
            format!("cqlq does not evaluate '{word}' yet")
        } else {
            format!("cqlq does not evaluate {what} ('{word}') yet")
        };
        self.err(ErrorKind::Unsupported, e.span, m)
    }
}

/// An AST range as the IR's (one number: that number only).
fn ast_range(r: &AstRange) -> ir::Range {
    ir::Range::new(r.min, r.max.unwrap_or(r.min))
}

/// The directions of a direction word.
fn directions(d: Direction) -> Directions {
    Directions::from_word(d.name()).unwrap_or(Directions::ANY)
}

/// The directions as the transform of `cx` moves them.
pub(super) fn map_dirs(cx: Cx, dirs: Directions) -> Directions {
    let geo = crate::squares::Geometry::STANDARD;
    let origin = Coord { file: 3, rank: 3 };
    let o = cx.xf.map(geo, origin, false);
    let mut out = Directions(0);
    for (k, step) in Directions::STEPS.iter().enumerate() {
        if dirs.0 & (1 << k) == 0 {
            continue;
        }
        let t = cx.xf.map(
            geo,
            Coord {
                file: origin.file + step.0,
                rank: origin.rank + step.1,
            },
            false,
        );
        let image = (t.file - o.file, t.rank - o.rank);
        if let Some(j) = Directions::STEPS.iter().position(|&s| s == image) {
            out.0 |= 1 << j;
        }
    }
    out
}

/// Whether the transform of `cx` exchanges light and dark squares (a1's image is light).
fn swaps_shades(cx: Cx, geo: crate::squares::Geometry) -> bool {
    let c = cx.xf.map(geo, Coord { file: 0, rank: 0 }, false);
    (c.file + c.rank) % 2 == 1
}

impl Lower<'_> {
    /// `isbound x` / `isunbound x` where `x` is no variable assigned before: a constant
    /// (bound for a dictionary, unbound otherwise); None for `unbind x`.
    pub(crate) fn binding_without_variable<S>(
        &self,
        op: BindingOp,
        target: &Expr,
    ) -> Option<(Node<S>, Ty)> {
        let bound = self.dict_of(target).is_some();
        let yes = match op {
            BindingOp::IsBound => bound,
            BindingOp::IsUnbound => !bound,
            BindingOp::Unbind => return None,
        };
        Some((if yes { Node::True } else { Node::False }, Ty::Logical))
    }
}
