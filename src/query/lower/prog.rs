//! Lowering of CQL 6's programming words: `while`, `loop`, `assert`, `equal`,
//! `sqrt`, `try` (CQL 6.2's macro `notransform 1 == find <-- quiet all {btm secondary}`),
//! `primary`/`secondary`, dictionaries, `persistent` variables, the positional intersection
//! `x & y`, counting transforms (`rotate90 count F`), `up N X` with a computed distance and
//! `child(n)` with a computed index.
//!
//! [`Lower::lower`]'s match calls here; a function answering None hands the filter back (a
//! variable, index or assignment that names no dictionary). Dictionaries get a slot each in order of declaration; a dictionary's value type is
//! read from its assignments before lowering ([`Lower::prescan_dictionaries`]) so an entry can
//! be read before the text assigns one.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::ir::dict::{DictFilter, DictId};
use crate::ir::{self, CmpOp, Color, Directions, Globals, Node, PersistentType, PersistentVar};
use crate::squares::SquareSet;

use super::{Cx, Lower, Lowered, img};
use crate::query::ast::{
    Arg, AssignOp, Builtin, DictionaryDecl, Expr, ExprKind, Storage, Transform,
};
use crate::query::check::Type;
use crate::query::error::{ErrorKind, LowerError};
use crate::query::transform::group;

/// What lowering knows about dictionaries and persistent variables.
#[derive(Default)]
pub(crate) struct ProgScope {
    /// The globals of the query (persistent variables, dictionaries).
    globals: RefCell<Globals>,
    /// Dictionary name → slot.
    dicts: RefCell<HashMap<String, DictId>>,
    /// The eighth-turns by which `rotate45` currently turns direction words.
    rot45: std::cell::Cell<u8>,
    /// Dictionary → the type of its keys (the check's type of the key of its first `D[k] = v`
    /// lowered): `x ∊ D` is refused before one.
    pub(super) key_types: RefCell<HashMap<DictId, Type>>,
}

/// A lowered node.
fn lowered<S>(node: Node<S>) -> Lowered<S> {
    Ok(Some(node))
}

impl Lower<'_> {
    /// The root filter, wrapped in a [`Node::WithGlobals`] when the query has persistent
    /// variables or dictionaries.
    pub(crate) fn wrap_program<S>(&self, filter: Node<S>) -> Node<S> {
        let globals = self.prog.globals.borrow().clone();
        if globals.persistent.is_empty() && globals.dictionaries.is_empty() {
            return filter;
        }
        Node::WithGlobals(Box::new(globals), Box::new(filter))
    }

    /// Declares every dictionary of the query, in text order (the type of its values is
    /// the check's: [`crate::query::Facts`]).
    pub(crate) fn prescan_dictionaries(&self, body: &[Expr]) {
        let mut stack: Vec<&Expr> = body.iter().rev().collect();
        while let Some(e) = stack.pop() {
            if let ExprKind::Dictionary(d) = &e.kind {
                self.dictionary(&d.name.text, d.storage != Storage::Local);
            }
            stack.extend(e.children().into_iter().rev());
        }
    }

    /// The slot of dictionary `name`, declared now if new.
    fn dictionary(&self, name: &str, persistent: bool) -> DictId {
        if let Some(&id) = self.prog.dicts.borrow().get(name) {
            return id;
        }
        let mut globals = self.prog.globals.borrow_mut();
        let id = globals.dictionaries.len() as DictId;
        globals.dictionaries.push(persistent);
        self.prog.dicts.borrow_mut().insert(name.to_string(), id);
        id
    }

    /// The dictionary `e` names, if it is a variable naming one.
    pub(super) fn dict_of(&self, e: &Expr) -> Option<DictId> {
        match &e.kind {
            ExprKind::Var(name) => self.prog.dicts.borrow().get(&name.text).copied(),
            _ => None,
        }
    }

    /// `loop body`
    pub(super) fn loop_filter<S: SquareSet>(&self, body: &Expr, cx: Cx) -> Lowered<S> {
        self.lower(body, cx)
            .map(|l| l.map(|n| Node::Repeat(Box::new(n))))
    }

    /// `try`
    pub(super) fn try_word<S>(&self) -> Lowered<S> {
        Ok(Some(try_filter()))
    }

    /// `primary` (`true`), `secondary` (`false`)
    pub(super) fn primary_word<S>(&self, primary: bool) -> Lowered<S> {
        Ok(Some(Node::PrimaryMove(primary)))
    }

    /// `sqrt x`, `assert x`, `equal(x y)`, `child(n)` with a computed index; None for any
    /// other keyword or arguments.
    pub(super) fn prog_builtin<S: SquareSet>(
        &self,
        b: Builtin,
        args: &[Arg],
        cx: Cx,
    ) -> Option<Lowered<S>> {
        let filters: Vec<&Expr> = args.iter().filter_map(|a| a.filter()).collect();
        Some(match (b, filters.as_slice()) {
            (Builtin::Sqrt, [x]) => {
                self.unary(x, cx, Type::Number, "'sqrt'", |n| Node::Sqrt(Box::new(n)))
            }
            (Builtin::Assert, [x]) => {
                let text = self.src.get(x.span.start..x.span.end).unwrap_or("");
                let text = text.to_string();
                self.lower(x, cx)
                    .map(|l| l.map(|n| Node::Assert(Box::new(n), text)))
            }
            (Builtin::Equal, [x, y]) => self.equal(x, y, cx),
            (Builtin::Child, [x]) if !matches!(x.kind, ExprKind::Number(_)) => self.child_at(x, cx),
            _ => return None,
        })
    }

    /// `dictionary D` (or `persistent dictionary D`): declared, and true.
    pub(super) fn dictionary_decl<S>(&self, d: &DictionaryDecl) -> Lowered<S> {
        self.dictionary(&d.name.text, d.storage != Storage::Local);
        dict_node(DictFilter::Named)
    }

    /// `D` naming a dictionary (true); None when `e` names none.
    pub(super) fn dict_var<S>(&self, e: &Expr) -> Option<Lowered<S>> {
        self.dict_of(e)?;
        Some(dict_node(DictFilter::Named))
    }

    /// `#D`: the number of entries of dictionary `d`; None when `d` names none.
    pub(super) fn dict_count<S>(&self, d: &Expr) -> Option<Lowered<S>> {
        let id = self.dict_of(d)?;
        Some(dict_node(DictFilter::Count(id)))
    }

    /// `D[k]`: an entry of a dictionary; None when `base` names none.
    pub(super) fn dict_get<S: SquareSet>(
        &self,
        e: &Expr,
        base: &Expr,
        keys: &[Option<Expr>],
        cx: Cx,
    ) -> Option<Lowered<S>> {
        let id = self.dict_of(base)?;
        let key = self.dict_key(e, keys, cx);
        Some(key.map(|k| k.map(|k| Node::Dict(Box::new(DictFilter::Get(id, k))))))
    }

    /// `unbind D[k]`, `unbind D`; None when the target is no dictionary (nor an entry of one).
    pub(super) fn dict_unbind<S: SquareSet>(&self, target: &Expr, cx: Cx) -> Option<Lowered<S>> {
        let (id, key) = match &target.kind {
            ExprKind::Index(base, keys) => {
                let id = self.dict_of(base)?;
                match self.dict_key(target, keys, cx) {
                    Ok(Some(k)) => (id, Some(k)),
                    other => return Some(other.map(|_| None)),
                }
            }
            _ => (self.dict_of(target)?, None),
        };
        Some(dict_node(DictFilter::Unbind(id, key)))
    }

    /// `D[k] = v`, `piece x = ...`, `persistent x = ...`; None for any other assignment.
    pub(super) fn assign_prog<S: SquareSet>(
        &self,
        e: &Expr,
        a: &crate::query::ast::Assign,
        cx: Cx,
    ) -> Option<Lowered<S>> {
        if let ExprKind::Index(base, keys) = &a.target.kind
            && let Some(id) = self.dict_of(base)
        {
            if a.op != AssignOp::Set {
                let m = "cqlq assigns dictionary entries with '=' only";
                return Some(Err(self.err(ErrorKind::Unsupported, e.span, m)));
            }
            return Some(self.dict_set(id, e, keys, &a.value, cx));
        }
        if a.storage == Storage::Piece && a.op == AssignOp::Set {
            return Some(self.piece_assign(e, a, cx));
        }
        if !matches!(a.storage, Storage::Persistent | Storage::PersistentQuiet) {
            return None;
        }
        Some(self.persistent(e, a, cx))
    }

    /// `while (test) body`
    pub(super) fn while_loop<S: SquareSet>(&self, test: &Expr, body: &Expr, cx: Cx) -> Lowered<S> {
        let test = img!(self.lower(test, cx));
        let body = img!(self.lower(body, cx));
        lowered(Node::While(Box::new(test), Box::new(body)))
    }

    /// A one-argument word whose argument has type `want`.
    fn unary<S: SquareSet>(
        &self,
        x: &Expr,
        cx: Cx,
        want: Type,
        what: &str,
        make: impl FnOnce(Node<S>) -> Node<S>,
    ) -> Lowered<S> {
        let n = img!(self.typed(x, cx, want, what));
        lowered(make(n))
    }

    /// `child(n)` with a computed index.
    fn child_at<S: SquareSet>(&self, x: &Expr, cx: Cx) -> Lowered<S> {
        let n = img!(self.typed(x, cx, Type::Number, "'child'"));
        Ok(Some(Node::ChildAt(Box::new(n))))
    }

    /// `equal(x y)`
    fn equal<S: SquareSet>(&self, x: &Expr, y: &Expr, cx: Cx) -> Lowered<S> {
        let x = img!(self.lower(x, cx));
        let y = img!(self.lower(y, cx));
        lowered(Node::Equal(Box::new(x), Box::new(y)))
    }

    /// `T count F`: every image of F under the transform group, counted when it matches.
    pub(super) fn count_images<S: SquareSet>(
        &self,
        t: Transform,
        arg: &Expr,
        e: &Expr,
        cx: Cx,
    ) -> Lowered<S> {
        if t == Transform::Rotate45 {
            return self.rotate45(arg, true, cx);
        }
        if t == Transform::NoTransform {
            let m = format!("cqlq does not evaluate '{} count' yet", t.name());
            return Err(self.err(ErrorKind::Unsupported, e.span, m));
        }
        let elements = group(t, self.geo);
        let images = cx.images.saturating_mul(elements.len());
        if images > 4096 {
            let m = "nested transforms expand to more than 4096 images";
            return Err(self.err(ErrorKind::TooComplex, e.span, m));
        }
        let mut nodes = Vec::new();
        for g in elements {
            let inner = self.within(cx, g, images);
            if let Some(n) = self.lower(arg, inner)? {
                nodes.push(n);
            }
        }
        lowered(Node::CountImages(nodes))
    }

    /// `rotate45 F` (the `Or` of F with its direction words turned by each multiple of 45°,
    /// or, for a set filter, the union) and `rotate45 count F` (how many of the 8 match).
    /// CQL requires F's square designators to be whole-board, so only directions turn.
    pub(super) fn rotate45<S: SquareSet>(&self, arg: &Expr, count: bool, cx: Cx) -> Lowered<S> {
        let outer = self.prog.rot45.get();
        let mut images = Vec::new();
        for k in 0..8u8 {
            self.prog.rot45.set((outer + k) % 8);
            let lowered = self.lower(arg, cx);
            self.prog.rot45.set(outer);
            if let Some(n) = lowered? {
                images.push(n);
            }
        }
        if count {
            return lowered(Node::CountImages(images));
        }
        Ok(Some(match self.type_of(arg)? {
            Type::Set => Node::Union(images),
            _ => Node::Or(images),
        }))
    }

    /// Whether an enclosing `rotate45` image turns directions (by a multiple of 45° other
    /// than 0).
    pub(crate) fn rot45_turns(&self) -> bool {
        self.prog.rot45.get() != 0
    }

    /// The directions turned by the eighth-turns of the enclosing `rotate45` images
    /// (counterclockwise: up → northwest → left → ... as gadycosteff.com/cql/rotate45.html
    /// lists them).
    pub(crate) fn rot45(&self, dirs: Directions) -> Directions {
        // Indexes into Directions::STEPS, counterclockwise from up.
        const RING: [usize; 8] = [0, 5, 3, 7, 1, 6, 2, 4];
        let k = usize::from(self.prog.rot45.get());
        if k == 0 {
            return dirs;
        }
        let mut out = 0u8;
        for (i, &d) in RING.iter().enumerate() {
            if dirs.0 & (1 << d) != 0 {
                out |= 1 << RING[(i + k) % 8];
            }
        }
        Directions(out)
    }

    /// `up N X`, `right A B X`: directions with computed distances.
    pub(super) fn direction_by<S: SquareSet>(
        &self,
        d: crate::query::syntax::Direction,
        bounds: &[Expr],
        x: &Expr,
        e: &Expr,
        cx: Cx,
    ) -> Lowered<S> {
        let dirs = Directions::from_word(d.name()).unwrap_or(Directions::ANY);
        let dirs = self.rot45(super::geometry::map_dirs(cx, dirs));
        let (lo, hi) = match bounds {
            [a] => (img!(self.typed(a, cx, Type::Number, d.name())), None),
            [a, b] => (
                img!(self.typed(a, cx, Type::Number, d.name())),
                Some(img!(self.typed(b, cx, Type::Number, d.name()))),
            ),
            _ => {
                return Err(self.err(ErrorKind::Syntax, e.span, "one or two distances expected"));
            }
        };
        let x = img!(self.typed(x, cx, Type::Set, d.name()));
        let (lo, hi, x) = (Box::new(lo), hi.map(Box::new), Box::new(x));
        lowered(Node::DirectionBy(dirs, lo, hi, x))
    }

    /// The key of `D[k]`.
    fn dict_key<S: SquareSet>(
        &self,
        e: &Expr,
        keys: &[Option<Expr>],
        cx: Cx,
    ) -> Result<Option<Node<S>>, LowerError> {
        match keys {
            [Some(k)] => self.lower(k, cx),
            _ => Err(self.err(
                ErrorKind::Syntax,
                e.span,
                "a dictionary takes one key: D[k]",
            )),
        }
    }

    /// `D[k] = v`
    fn dict_set<S: SquareSet>(
        &self,
        id: DictId,
        e: &Expr,
        keys: &[Option<Expr>],
        value: &Expr,
        cx: Cx,
    ) -> Lowered<S> {
        if let [Some(k)] = keys {
            let ty = self.type_of(k)?;
            self.prog.key_types.borrow_mut().entry(id).or_insert(ty);
        }
        let key = img!(self.dict_key(e, keys, cx));
        let value = img!(self.lower(value, cx));
        dict_node(DictFilter::Set(id, key, value))
    }

    /// `piece x = S`: the slot comes from lowering the plain assignment.
    fn piece_assign<S: SquareSet>(
        &self,
        e: &Expr,
        a: &crate::query::ast::Assign,
        cx: Cx,
    ) -> Lowered<S> {
        let mut plain = a.clone();
        plain.storage = Storage::Plain;
        let plain = e.rewritten(ExprKind::Assign(Box::new(plain)));
        match img!(self.lower::<S>(&plain, cx)) {
            Node::Assign(var, value) => lowered(Node::PieceAssign(var, value)),
            other => Ok(Some(other)),
        }
    }

    /// `persistent [quiet] x = v` (also `+=` ...): a plain assignment whose variable is
    /// recorded as persistent.
    fn persistent<S: SquareSet>(
        &self,
        e: &Expr,
        a: &crate::query::ast::Assign,
        cx: Cx,
    ) -> Lowered<S> {
        let ExprKind::Var(name) = &a.target.kind else {
            let m = "'persistent' assigns a variable";
            return Err(self.err(ErrorKind::Type, e.span, m));
        };
        let ty = match self.type_of(&a.value)? {
            Type::Number => PersistentType::Number,
            Type::Str => PersistentType::Str,
            Type::Set => PersistentType::Set,
            _ => {
                let m = "only number, string and set variables can be persistent";
                return Err(self.err(ErrorKind::Type, e.span, m));
            }
        };
        let mut plain = a.clone();
        plain.storage = Storage::Plain;
        let plain = e.rewritten(ExprKind::Assign(Box::new(plain)));
        let node = img!(self.lower::<S>(&plain, cx));
        if let Node::Assign(var, _) = &node {
            let mut globals = self.prog.globals.borrow_mut();
            if !globals.persistent.iter().any(|p| p.var == *var) {
                globals.persistent.push(PersistentVar {
                    var: *var,
                    name: name.text.clone(),
                    ty,
                    quiet: a.storage == Storage::PersistentQuiet,
                });
            }
        }
        Ok(Some(node))
    }
}

/// A lowered [`DictFilter`].
fn dict_node<S>(d: DictFilter<S>) -> Lowered<S> {
    Ok(Some(Node::Dict(Box::new(d))))
}

/// `try`: CQL 6.2 expands it to `notransform 1 == find <-- quiet all {btm secondary}` (its
/// `Tokens::match_try`): exactly one position from here back to the start (this one
/// included) has Black to move and was reached by a move that starts a variation.
fn try_filter<S>() -> Node<S> {
    let body = Node::And(vec![Node::ToMove(Color::Black), Node::PrimaryMove(false)]);
    let find = ir::Find {
        body,
        backward: true,
        range: Some(ir::Range::new(1, 1_000_000)),
        quiet: true,
        read_bounds: None,
    };
    Node::Compare(
        CmpOp::Eq,
        Box::new(Node::Number(1)),
        Box::new(Node::Find(Box::new(find))),
    )
}

impl Lower<'_> {
    /// `x ∊ D body` (CQL 6.1's `string x in D body`); None when the domain names no
    /// dictionary.
    pub(super) fn dict_iterate<S: SquareSet>(
        &self,
        e: &Expr,
        it: &crate::query::syntax::Iterate,
        cx: Cx,
    ) -> Option<Lowered<S>> {
        let dict = self.dict_of(&it.domain)?;
        Some(self.dict_loop(e, it, dict, cx))
    }

    /// `x ∊ D body`: x gets the type of D's keys (from D's first assignment).
    fn dict_loop<S: SquareSet>(
        &self,
        e: &Expr,
        it: &crate::query::syntax::Iterate,
        dict: DictId,
        cx: Cx,
    ) -> Lowered<S> {
        if !self.prog.key_types.borrow().contains_key(&dict) {
            let m = "the type of this dictionary's keys is not yet set: assign to it before \
                     iterating it";
            return Err(self.err(ErrorKind::Type, it.domain.span, m));
        }
        let var = self.slot(&it.var.text, e.span)?;
        let body = img!(self.lower(&it.body, cx));
        let l = ir::DictLoop {
            dict,
            var,
            name: it.var.text.clone(),
            body,
        };
        dict_node(DictFilter::Loop(l))
    }
}
