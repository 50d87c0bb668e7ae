//! The type rules behind [`super::check_ast`]: one method computing each node's [`Type`]
//! and rejecting operands of the wrong type, with a scope of variables, dictionaries and
//! functions that grows as the query is read (CQL types a variable at its first assignment).

use std::collections::HashMap;

mod builtin;

use super::ast::{
    AssignOp, Ast, BinOp, BindingOp, DashMode, Expr, ExprKind, FunctionDef, IterKind,
    MoveParamKind, PrefixOp, SeqItem, SeqItemKind, SeqParam, Span, Storage, Word,
};
use super::check::{Facts, Type};
use super::error::{ErrorKind, QueryError};

/// Deepest nesting of function calls followed while checking (recursion stops here).
const MAX_CALL_DEPTH: usize = 16;

type Typed = Result<Type, QueryError>;

/// Walks a tree once, in source order, typing every node.
pub(crate) struct Checker<'s> {
    src: &'s str,
    vars: HashMap<String, Type>,
    dict_values: HashMap<String, Type>,
    dict_keys: HashMap<String, Type>,
    local_dicts: std::collections::HashSet<String>,
    persistent: std::collections::HashSet<String>,
    functions: HashMap<String, FunctionDef>,
    calls: Vec<String>,
}

/// Whether a value of type `t` can be used where a set is expected.
fn is_set(t: Type) -> bool {
    matches!(t, Type::Set | Type::Piece)
}

impl<'s> Checker<'s> {
    /// A checker for a tree parsed from `src`.
    pub(crate) fn new(src: &'s str) -> Checker<'s> {
        Checker {
            src,
            vars: HashMap::new(),
            dict_values: HashMap::new(),
            dict_keys: HashMap::new(),
            local_dicts: Default::default(),
            persistent: Default::default(),
            functions: HashMap::new(),
            calls: Vec::new(),
        }
    }

    /// Checks the whole query.
    pub(crate) fn query(mut self, ast: &Ast) -> Result<Facts, QueryError> {
        for e in &ast.body {
            self.ty(e)?;
        }
        Ok(Facts {
            variables: self.vars,
        })
    }

    fn err(&self, span: Span, message: impl Into<String>) -> QueryError {
        QueryError::new(ErrorKind::Type, self.src, span, message)
    }

    /// The type of `e`, which must be `want` (sets also stand for pieces).
    fn expect(&mut self, e: &Expr, want: Type, what: &str) -> Typed {
        let t = self.ty(e)?;
        let ok = t == want || (want == Type::Set && is_set(t));
        if !ok {
            let m = format!("{what} must be {}, found {}", want.describe(), t.describe());
            return Err(self.err(e.span, m).expecting(want.describe()));
        }
        Ok(t)
    }

    /// The type of `e`, which must have a value (not a plain filter).
    fn valued(&mut self, e: &Expr, what: &str) -> Typed {
        let t = self.ty(e)?;
        if t == Type::Logical {
            let m = format!("{what} must have a value, found a filter without one");
            return Err(self
                .err(e.span, m)
                .expecting("a number, set, string or position"));
        }
        Ok(t)
    }

    /// The type of a node, checking its operands.
    pub(crate) fn ty(&mut self, e: &Expr) -> Typed {
        Ok(match &e.kind {
            ExprKind::Compound(items) if items.is_empty() => {
                return Err(self.err(e.span, "an empty compound '{}' is not a filter"));
            }
            ExprKind::Compound(items) => {
                let mut t = Type::Logical;
                for i in items {
                    t = self.ty(i)?;
                }
                t
            }
            ExprKind::Or(items) | ExprKind::And(items) => {
                for i in items {
                    self.ty(i)?;
                }
                Type::Logical
            }
            ExprKind::Not(a) => {
                self.ty(a)?;
                Type::Logical
            }
            ExprKind::If(c, a, b) => {
                self.ty(c)?;
                let ta = self.ty(a)?;
                match b {
                    Some(b) if self.ty(b)? == ta => ta,
                    Some(_) => Type::Logical,
                    None => ta,
                }
            }
            ExprKind::Transform(super::ast::Transform::ReverseColor, true, _) => {
                return Err(self.err(e.span, "'reversecolor' has no 'count'"));
            }
            ExprKind::Transform(super::ast::Transform::Rotate45, _, a)
                if let Some(d) = partial_squares(a) =>
            {
                return Err(self.err(d, "'rotate45' cannot rotate squares: a square turned by 45 degrees is not a square (give whole-board designators)"));
            }
            ExprKind::Transform(_, count, a) => {
                let t = self.ty(a)?;
                if *count { Type::Number } else { t }
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e.span)?,
            ExprKind::Prefix(op, a) => self.prefix(*op, a)?,
            ExprKind::MinMax(_, args) => {
                for a in args {
                    self.expect(a, Type::Number, "an argument of 'max'/'min'")?;
                }
                Type::Number
            }
            ExprKind::Pieces(_) => Type::Set,
            ExprKind::Number(_) => Type::Number,
            ExprKind::Str(_) => Type::Str,
            ExprKind::Word(w) => word_type(*w),
            ExprKind::Fen(None) => Type::Str,
            ExprKind::Fen(Some(_)) | ExprKind::Result(_) => Type::Logical,
            ExprKind::Player(_, None) | ExprKind::Tag(_, None) => Type::Str,
            ExprKind::Player(_, Some(_)) | ExprKind::Tag(_, Some(_)) => Type::Logical,
            ExprKind::Elo(_) => Type::Number,
            ExprKind::Move(params) => self.move_filter(params)?,
            ExprKind::Var(n) => match self.vars.get(&n.text) {
                Some(t) => *t,
                None => {
                    let mut m = format!("unknown variable or filter '{}'", n.text);
                    let known = self.vars.keys().map(String::as_str);
                    if let Some(near) = super::reserved_words::nearest_word(&n.text, known) {
                        m.push_str(&format!(" (did you mean `{near}`?)"));
                    }
                    return Err(QueryError::new(ErrorKind::Syntax, self.src, n.span, m));
                }
            },
            ExprKind::Assign(a) => self.assign(&a.target, a.op, &a.value, a.storage)?,
            ExprKind::Binding(op, target) => {
                match &target.kind {
                    ExprKind::Var(n)
                        if *op == BindingOp::Unbind && !self.vars.contains_key(&n.text) =>
                    {
                        let m = format!("'{}' is not a variable", n.text);
                        return Err(self.err(n.span, m));
                    }
                    ExprKind::Var(_) => {}
                    _ if *op != BindingOp::Unbind => {
                        return Err(self.err(target.span, "'isbound' takes a variable"));
                    }
                    _ => {
                        self.ty(target)?;
                    }
                }
                Type::Logical
            }
            ExprKind::Index(base, keys) => self.index(base, keys)?,
            ExprKind::Dictionary(d) => {
                self.declare(&d.name.text, Type::Dictionary, d.name.span)?;
                if d.storage == Storage::Local {
                    self.local_dicts.insert(d.name.text.clone());
                }
                Type::Logical
            }
            ExprKind::Function(f) => {
                if self.vars.contains_key(&f.name.text) {
                    return Err(self.err(f.name.span, "a variable of this name exists"));
                }
                self.functions.insert(f.name.text.clone(), (**f).clone());
                Type::Logical
            }
            ExprKind::Call(name, args) => self.call(name, args, e.span)?,
            ExprKind::Dash(d) => {
                if let Some(f) = &d.from
                    && matches!(f.kind, ExprKind::Dash(_))
                {
                    return Err(self.err(e.span, "a '--' cannot follow another '--' directly"));
                }
                if let Some(f) = &d.from {
                    self.expect(f, Type::Set, "the left side of '--'")?;
                }
                if let Some(t) = &d.to {
                    self.expect(t, Type::Set, "the right side of '--'")?;
                }
                if let Some(p) = &d.promote {
                    match &p.kind {
                        ExprKind::Pieces(des) if des.squares.is_none() => {}
                        _ => {
                            self.expect(p, Type::Str, "the promotion of '--'")?;
                        }
                    }
                }
                let mut t = Type::Logical;
                for x in &d.target {
                    t = self.ty(x)?;
                }
                if d.mode != DashMode::Played {
                    if d.capture {
                        return Err(
                            self.err(e.span, "'legal' and 'pseudolegal' take '--', not a capture")
                        );
                    }
                    if d.target.len() > 1 {
                        return Err(self.err(e.span, "a legal move filter takes one target filter"));
                    }
                    // A legal move filter's value is the set of its moves' destinations.
                    t = if d.target.is_empty() {
                        Type::Set
                    } else {
                        Type::Logical
                    };
                }
                t
            }
            ExprKind::Line(l) => {
                let both = l.params.contains(&SeqParam::Primary)
                    && l.params.contains(&SeqParam::Secondary);
                if both {
                    return Err(self.err(e.span, "'primary' and 'secondary' exclude each other"));
                }
                self.seq(&l.items)?;
                if l.params.contains(&SeqParam::LastPosition) {
                    Type::Position
                } else {
                    Type::Number
                }
            }
            ExprKind::Path(p) => {
                if let Some(m) = path_param_conflict(&p.params) {
                    return Err(self.err(e.span, m));
                }
                self.params(&p.params)?;
                self.seq(&p.items)?;
                if p.params.contains(&SeqParam::LastPosition) {
                    Type::Position
                } else {
                    Type::Number
                }
            }
            ExprKind::Find(f) => {
                // CQL 6.2: "find with both a range and 'all': use one or the other".
                let all = f.params.contains(&SeqParam::All);
                let range = f
                    .params
                    .iter()
                    .any(|p| matches!(p, SeqParam::Range(_) | SeqParam::VarRange(_)));
                if all && range {
                    return Err(self.err(e.span, "'find' takes a range or 'all', not both"));
                }
                self.ty(&f.body)?;
                let counts = f.params.iter().any(|p| {
                    matches!(
                        p,
                        SeqParam::All
                            | SeqParam::Count
                            | SeqParam::Range(_)
                            | SeqParam::VarRange(_)
                    )
                });
                if counts { Type::Number } else { Type::Position }
            }
            ExprKind::Echo(x) => {
                self.declare(&x.source.text, Type::Position, x.source.span)?;
                self.declare(&x.target.text, Type::Position, x.target.span)?;
                self.ty(&x.body)?;
                Type::Number
            }
            // `x ∊ D body`, `string x in D body`: iterating a dictionary's keys.
            ExprKind::Iterate(i) if self.names_dictionary(&i.domain) => self.dict_iterate(i)?,
            ExprKind::Iterate(i) => {
                self.expect(&i.domain, Type::Set, "the domain of an iteration")?;
                let vt = match i.over {
                    IterKind::Square => Type::Set,
                    IterKind::Piece => Type::Piece,
                };
                self.declare(&i.var.text, vt, i.var.span)?;
                self.ty(&i.body)?;
                if i.all { Type::Logical } else { Type::Set }
            }
            ExprKind::Sort(s) => {
                let minmax = s
                    .params
                    .iter()
                    .any(|p| matches!(p, SeqParam::Min | SeqParam::Max));
                if minmax && s.doc.is_none() {
                    return Err(self
                        .err(
                            e.span,
                            "'sort min' and 'sort max' need a documentation string",
                        )
                        .expecting("a string after 'min'/'max'"));
                }
                if matches!(
                    s.body.kind,
                    ExprKind::Number(_) | ExprKind::Word(Word::True)
                ) {
                    return Err(self.err(s.body.span, "'sort' needs a filter with a value"));
                }
                let t = self.valued(&s.body, "the argument of 'sort'")?;
                if !matches!(t, Type::Number | Type::Str | Type::Set) {
                    return Err(self.err(s.body.span, "'sort' sorts numbers or strings"));
                }
                t
            }
            ExprKind::Direction(_, _, a) => {
                self.expect(a, Type::Set, "the argument of a direction filter")?;
                Type::Set
            }
            ExprKind::Ray(r) => {
                for a in &r.args {
                    self.expect(a, Type::Set, "an argument of 'ray'")?;
                }
                if r.args.len() < 2 {
                    return Err(self.err(e.span, "a ray needs at least two sets"));
                }
                Type::Set
            }
            ExprKind::Pin(parts) => {
                for (i, (role, p)) in parts.iter().enumerate() {
                    if parts[..i].iter().any(|(r, _)| r == role) {
                        return Err(self.err(p.span, "a 'pin' parameter is given twice"));
                    }
                    self.expect(p, Type::Set, "an argument of 'pin'")?;
                }
                Type::Set
            }
            ExprKind::At(a, b) => {
                self.expect(a, Type::Position, "the left side of ':'")?;
                self.ty(b)?
            }
            ExprKind::While(c, b) => {
                self.ty(c)?;
                self.ty(b)?;
                Type::Logical
            }
            ExprKind::Loop(b) => {
                self.ty(b)?;
                Type::Logical
            }
            ExprKind::Builtin(b, args) => self.builtin(*b, args, e.span)?,
            ExprKind::Capture(_) => Type::Str,
            ExprKind::DirectionBy(_, bounds, a) => {
                for b in bounds {
                    self.expect(b, Type::Number, "a distance of a direction filter")?;
                }
                self.expect(a, Type::Set, "the argument of a direction filter")?;
                Type::Set
            }
        })
    }

    fn declare(&mut self, name: &str, t: Type, span: Span) -> Result<(), QueryError> {
        match self.vars.get(name) {
            Some(old) if *old != t => {
                let m = format!(
                    "'{name}' is already {}, it cannot become {}",
                    old.describe(),
                    t.describe()
                );
                Err(self.err(span, m))
            }
            _ => {
                self.vars.insert(name.to_string(), t);
                Ok(())
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, span: Span) -> Typed {
        let ta = self.ty(a)?;
        let tb = self.ty(b)?;
        let bad = |s: &Self, m: &str| Err(s.err(span, m.to_string()));
        Ok(match op {
            BinOp::Union => {
                if !is_set(ta) || !is_set(tb) {
                    return bad(self, "'|' joins two sets");
                }
                Type::Set
            }
            BinOp::Intersect => {
                if is_set(ta) && is_set(tb) {
                    Type::Set
                } else if ta == Type::Position && tb == Type::Position {
                    // The squares where the two positions hold the same thing.
                    Type::Set
                } else {
                    return bad(self, "'&' intersects two sets (or two positions)");
                }
            }
            BinOp::In => {
                if !(is_set(ta) && is_set(tb) || ta == Type::Str && tb == Type::Str) {
                    return bad(self, "'in' takes two sets or two strings");
                }
                Type::Logical
            }
            BinOp::Cmp(cmp) => {
                let ordering = !matches!(cmp, crate::ir::CmpOp::Eq | crate::ir::CmpOp::Ne);
                if ordering && is_set(ta) && is_set(tb) {
                    return bad(self, "sets are compared with '==' or '!=' only");
                }
                if cmp == crate::ir::CmpOp::Ne && ta == Type::Position {
                    return bad(self, "positions are not compared with '!='");
                }
                let num = |t| matches!(t, Type::Number | Type::Set | Type::Piece);
                let ok = (num(ta) && num(tb))
                    || (ta == Type::Str && tb == Type::Str)
                    || (ta == Type::Position && tb == Type::Position);
                if !ok {
                    let m = format!("cannot compare {} with {}", ta.describe(), tb.describe());
                    return bad(self, &m);
                }
                // A comparison has the value of its left side.
                match ta {
                    Type::Piece => Type::Set,
                    Type::Position => Type::Logical,
                    t => t,
                }
            }
            BinOp::Arith(_) if matches!(a.kind, ExprKind::Line(_)) => {
                return bad(
                    self,
                    "a 'line' filter cannot be an operand of arithmetic (braces around it help)",
                );
            }
            BinOp::Arith(op) => {
                if ta == Type::Str && tb == Type::Str && op == crate::ir::ArithOp::Add {
                    Type::Str
                } else if ta == Type::Number && tb == Type::Number {
                    Type::Number
                } else {
                    return bad(self, "arithmetic takes two numbers ('+' also two strings)");
                }
            }
            BinOp::Attacks | BinOp::AttackedBy => {
                if !is_set(ta) || !is_set(tb) {
                    return bad(self, "'attacks' relates two sets");
                }
                Type::Set
            }
            BinOp::Regex => {
                if ta != Type::Str {
                    return bad(self, "the left side of '~~' must be a string");
                }
                Type::Str
            }
        })
    }

    fn prefix(&mut self, op: PrefixOp, a: &Expr) -> Typed {
        Ok(match op {
            PrefixOp::Count => {
                let t = self.ty(a)?;
                if !(is_set(t) || t == Type::Str || t == Type::Dictionary) {
                    return Err(self.err(a.span, "'#' counts a set"));
                }
                Type::Number
            }
            PrefixOp::Complement => {
                self.expect(a, Type::Set, "the argument of '~'")?;
                Type::Set
            }
            PrefixOp::Negate | PrefixOp::Abs => {
                self.expect(a, Type::Number, "the argument")?;
                Type::Number
            }
            PrefixOp::Power | PrefixOp::Type | PrefixOp::ColorType => {
                self.expect(a, Type::Set, "the argument")?;
                Type::Number
            }
        })
    }

    fn move_filter(&mut self, params: &[super::ast::MoveParam]) -> Typed {
        let (mut count, mut set, mut then) = (false, false, false);
        let (mut legal, mut primary, mut secondary) = (false, false, false);
        for p in params {
            match &p.kind {
                MoveParamKind::From(x) | MoveParamKind::To(x) | MoveParamKind::Capture(x) => {
                    self.expect(x, Type::Set, "a 'move' parameter")?;
                    set = true;
                }
                MoveParamKind::Promote(x) | MoveParamKind::Drop(x) | MoveParamKind::Comment(x) => {
                    self.ty(x)?;
                }
                MoveParamKind::Then(_, x) => {
                    self.ty(x)?;
                    then = true;
                }
                MoveParamKind::Count => count = true,
                // CQLi's `reverse` generates moves too: `move reverse count` counts them.
                MoveParamKind::Legal | MoveParamKind::PseudoLegal | MoveParamKind::Reverse => {
                    legal = true
                }
                MoveParamKind::Primary => primary = true,
                MoveParamKind::Secondary => secondary = true,
                _ => {}
            }
        }
        if let Some((span, m)) = move_conflict(params) {
            return Err(self.err(span, m));
        }
        if count && !legal {
            let span = params.first().map_or(Span::default(), |p| p.span);
            return Err(self.err(span, "'move count' needs 'legal' or 'pseudolegal'"));
        }
        if primary && secondary {
            let span = params.first().map_or(Span::default(), |p| p.span);
            return Err(self.err(span, "'primary' and 'secondary' exclude each other"));
        }
        Ok(if count {
            Type::Number
        } else if set && !then {
            Type::Set
        } else {
            Type::Logical
        })
    }

    fn assign(&mut self, target: &Expr, op: AssignOp, value: &Expr, storage: Storage) -> Typed {
        let vt = self.valued(value, "the value assigned")?;
        match &target.kind {
            ExprKind::Var(n) => {
                if self.functions.contains_key(&n.text) {
                    return Err(self.err(n.span, "a function of this name exists"));
                }
                let existing = self.vars.get(&n.text).copied();
                let persistent = matches!(storage, Storage::Persistent | Storage::PersistentQuiet);
                if storage == Storage::Local && self.calls.is_empty() {
                    return Err(
                        self.err(target.span, "'local' is only for variables of a function")
                    );
                }
                if op == AssignOp::SetIfPiece
                    && (storage != Storage::Plain
                        || vt != Type::Set
                        || self.vars.get(&n.text) == Some(&Type::Piece))
                {
                    return Err(self.err(value.span, "'=?' assigns a set to a plain variable"));
                }
                let known = self.vars.contains_key(&n.text);
                if known && persistent && !self.persistent.contains(&n.text) {
                    let m = format!("'{}' cannot change between persistent and not", n.text);
                    return Err(self.err(n.span, m));
                }
                if persistent {
                    self.persistent.insert(n.text.clone());
                }
                if persistent && existing.is_none() && op != AssignOp::Set {
                    // A persistent variable starts at 0 (or "").
                    self.vars.insert(n.text.clone(), vt);
                }
                let existing = self.vars.get(&n.text).copied();
                if op != AssignOp::Set && op != AssignOp::SetIfPiece && existing.is_none() {
                    let m = format!("'{}' must be assigned before it is updated", n.text);
                    return Err(self.err(n.span, m));
                }
                // CQL 6.2 rule: a piece variable is (re)assigned only through the `piece`
                // keyword (`piece y = x`); a plain `y = x` on it is refused.
                if existing == Some(Type::Piece) && storage != Storage::Piece && op == AssignOp::Set
                {
                    let m = format!("'{}' is a piece variable: assign it with 'piece'", n.text);
                    return Err(self.err(target.span, m));
                }
                let piece =
                    storage == Storage::Piece || (existing == Some(Type::Piece) && is_set(vt));
                // A piece variable's value read as a plain assignment's value is its square:
                // `C1 = T1` makes C1 a set variable (two-piece-cycle.cql, accepted by CQL 6.2).
                let vt = match (piece, vt) {
                    (true, _) => Type::Piece,
                    (false, Type::Piece) => Type::Set,
                    (false, vt) => vt,
                };
                if persistent && !matches!(vt, Type::Number | Type::Str | Type::Set) {
                    return Err(self.err(
                        value.span,
                        "a persistent variable holds a number, a string or a set",
                    ));
                }
                match (existing, op) {
                    (
                        Some(Type::Number),
                        AssignOp::Add
                        | AssignOp::Sub
                        | AssignOp::Mul
                        | AssignOp::Div
                        | AssignOp::Rem,
                    ) if vt == Type::Number => {}
                    (Some(Type::Str), AssignOp::Add) if vt == Type::Str => {}
                    (Some(t), AssignOp::Union | AssignOp::Intersect) if is_set(t) && is_set(vt) => {
                    }
                    (_, AssignOp::Set | AssignOp::SetIfPiece) => {
                        self.declare(&n.text, vt, n.span)?
                    }
                    _ => {
                        return Err(self.err(
                            target.span,
                            "this assignment operator does not fit the variable's type",
                        ));
                    }
                }
            }
            ExprKind::Index(base, keys) => {
                if let ExprKind::Var(n) = &base.kind {
                    match self.vars.get(&n.text).copied() {
                        None => {
                            let m = format!("'{}' must be declared with 'dictionary'", n.text);
                            return Err(self.err(n.span, m));
                        }
                        Some(Type::Dictionary) => {
                            self.vars.insert(n.text.clone(), Type::Dictionary);
                            let local = self.local_dicts.contains(&n.text);
                            let position_ok = local && vt == Type::Position;
                            if !position_ok
                                && !matches!(vt, Type::Number | Type::Str | Type::Set | Type::Piece)
                            {
                                return Err(self.err(
                                    value.span,
                                    "a dictionary holds numbers, strings or sets",
                                ));
                            }
                            self.dict_key(&n.text, keys)?;
                            if let Some(old) = self.dict_values.get(&n.text)
                                && *old != vt
                            {
                                return Err(self.err(
                                    value.span,
                                    "the dictionary holds values of another type",
                                ));
                            }
                            self.dict_values.insert(n.text.clone(), vt);
                        }
                        Some(Type::Str) => {
                            if vt != Type::Str {
                                return Err(
                                    self.err(value.span, "a substring is assigned a string")
                                );
                            }
                        }
                        Some(_) => {
                            return Err(
                                self.err(base.span, "only dictionaries and strings can be indexed")
                            );
                        }
                    }
                } else {
                    return Err(self.err(target.span, "cannot assign to this"));
                }
            }
            _ => return Err(self.err(target.span, "cannot assign to this")),
        }
        Ok(Type::Logical)
    }

    /// Whether `e` names a dictionary.
    fn names_dictionary(&self, e: &Expr) -> bool {
        matches!(&e.kind, ExprKind::Var(n) if self.vars.get(&n.text) == Some(&Type::Dictionary))
    }

    /// `x ∊ D body` (CQL 6.2's `DictionaryIterateNode`): x takes the type of D's keys, which
    /// an earlier `D[k]` must have set; the iteration always matches.
    fn dict_iterate(&mut self, i: &super::syntax::Iterate) -> Typed {
        let ExprKind::Var(d) = &i.domain.kind else {
            return Err(self.err(i.domain.span, "a dictionary name"));
        };
        let Some(kt) = self.dict_keys.get(&d.text).copied() else {
            let m = format!(
                "the type of dictionary '{}' is not yet set: assign to it before iterating it",
                d.text
            );
            return Err(self.err(i.domain.span, m));
        };
        if i.all || i.over != IterKind::Square {
            return Err(self.err(i.var.span, "a dictionary is iterated with 'x ∊ D body'"));
        }
        self.declare(&i.var.text, kt, i.var.span)?;
        self.ty(&i.body)?;
        Ok(Type::Logical)
    }

    /// Checks a dictionary key: one key, of the type of the dictionary's first key.
    fn dict_key(&mut self, dict: &str, keys: &[Option<Expr>]) -> Result<(), QueryError> {
        let [Some(k)] = keys else {
            return Err(QueryError::new(
                ErrorKind::Syntax,
                self.src,
                keys.iter()
                    .flatten()
                    .next()
                    .map_or(Span::default(), |k| k.span),
                "a dictionary takes one key",
            ));
        };
        let kt = match self.valued(k, "a dictionary key")? {
            Type::Piece => Type::Set,
            t => t,
        };
        let position_ok = kt == Type::Position && self.local_dicts.contains(dict);
        if !position_ok && !matches!(kt, Type::Number | Type::Str | Type::Set) {
            return Err(self.err(k.span, "a dictionary key is a number, a string or a set"));
        }
        match self.dict_keys.get(dict) {
            Some(old) if *old != kt => {
                let m = format!("the keys of '{dict}' are {}", old.describe());
                Err(self.err(k.span, m))
            }
            _ => {
                self.dict_keys.insert(dict.to_string(), kt);
                Ok(())
            }
        }
    }

    fn index(&mut self, base: &Expr, keys: &[Option<Expr>]) -> Typed {
        let bt = self.ty(base)?;
        match bt {
            Type::Dictionary => {
                let name = match &base.kind {
                    ExprKind::Var(n) => n.text.clone(),
                    _ => String::new(),
                };
                self.dict_key(&name, keys)?;
                Ok(self.dict_values.get(&name).copied().unwrap_or(Type::Number))
            }
            Type::Str => {
                for k in keys.iter().flatten() {
                    self.expect(k, Type::Number, "a string index")?;
                }
                Ok(Type::Str)
            }
            // CQLi's `k[a-h]5-8` (a bracketed file range, then ranks): refused with CQL 6.2,
            // naming the form.
            t if is_set(t) && self.ranks_follow(keys) => Err(self.err(
                base.span,
                "the square syntax `k[a-h]5-8` (CQLi's, ranks after the brackets) is not CQL 6.2 \
                 and cqlq does not take it: write `k[a-h5-8]`",
            )),
            _ => Err(self.err(base.span, "only strings and dictionaries can be indexed")),
        }
    }

    /// Whether a rank digit follows the `]` closing an index: CQLi's `k[a-h]5-8`.
    fn ranks_follow(&self, keys: &[Option<Expr>]) -> bool {
        let Some(Some(last)) = keys.last() else {
            return false;
        };
        let rest = self.src.get(last.span.end..).unwrap_or("").trim_start();
        rest.strip_prefix(']')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    }

    fn call(&mut self, name: &super::ast::Name, args: &[Expr], span: Span) -> Typed {
        let Some(f) = self.functions.get(&name.text).cloned() else {
            let m = format!("'{}' is not a function", name.text);
            return Err(QueryError::new(ErrorKind::Syntax, self.src, name.span, m));
        };
        if f.params.len() != args.len() {
            let m = format!(
                "'{}' takes {} arguments, found {}",
                name.text,
                f.params.len(),
                args.len()
            );
            return Err(self.err(span, m));
        }
        let mut types = Vec::new();
        for a in args {
            types.push(self.ty(a)?);
        }
        if self.calls.iter().filter(|c| **c == name.text).count() > 0
            || self.calls.len() >= MAX_CALL_DEPTH
        {
            return Ok(Type::Logical);
        }
        // The body is checked with the parameters bound to the arguments' types.
        let saved: Vec<(String, Option<Type>)> = f
            .params
            .iter()
            .map(|p| (p.text.clone(), self.vars.get(&p.text).copied()))
            .collect();
        for (p, t) in f.params.iter().zip(types) {
            self.vars.insert(p.text.clone(), t);
        }
        self.calls.push(name.text.clone());
        let result = self.ty(&f.body);
        self.calls.pop();
        for (p, old) in saved {
            match old {
                Some(t) => self.vars.insert(p, t),
                None => self.vars.remove(&p),
            };
        }
        result
    }

    fn params(&mut self, params: &[SeqParam]) -> Result<(), QueryError> {
        for p in params {
            match p {
                SeqParam::Focus(_, e) => {
                    self.expect(e, Type::Set, "the argument of 'focus'")?;
                }
                SeqParam::MaxOf(e) => {
                    self.expect(e, Type::Number, "the argument of 'max'")?;
                }
                SeqParam::Title(e) => {
                    self.expect(e, Type::Str, "the argument of 'title'")?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn seq(&mut self, items: &[SeqItem]) -> Result<(), QueryError> {
        for it in items {
            match &it.kind {
                SeqItemKind::Filter(whole) => {
                    self.ty(whole)?;
                    let e = match &whole.kind {
                        ExprKind::Compound(v) if !v.is_empty() => &v[v.len() - 1],
                        _ => whole,
                    };
                    let numeric = matches!(
                        e.kind,
                        ExprKind::Number(_) | ExprKind::Binary(BinOp::Arith(_), ..)
                    ) || (matches!(e.kind, ExprKind::Var(_))
                        && self.ty(e)? == Type::Number);
                    if numeric {
                        return Err(self.err(
                            e.span,
                            "a number cannot be a constituent of 'line' or 'path' (braces make it a filter)",
                        ));
                    }
                }
                SeqItemKind::Group(alts) => {
                    for a in alts {
                        self.seq(a)?;
                    }
                }
                SeqItemKind::Repeat(i, _) => self.seq(std::slice::from_ref(i))?,
            }
        }
        Ok(())
    }
}

/// The type of a word without arguments.
fn word_type(w: Word) -> Type {
    use Word as W;
    match w {
        W::SideToMove
        | W::White
        | W::Black
        | W::HalfmoveClock
        | W::MoveNumber
        | W::Ply
        | W::GameNumber
        | W::PositionId
        | W::Depth
        | W::LastGameNumber
        | W::PathCount
        | W::PathCountUnfocused => Type::Number,
        // CQLi's zobristkey yields the key's hexadecimal text (its Board State page).
        W::ZobristKey => Type::Str,
        W::ConnectedPawns
        | W::DoubledPawns
        | W::IsolatedPawns
        | W::PassedPawns
        | W::PromotedPieces
        | W::EnPassantSquare
        | W::From
        | W::To
        | W::IdealMate
        | W::IdealStalemate
        | W::ModelMate
        | W::ModelStalemate
        | W::PureMate
        | W::PureStalemate => Type::Set,
        W::Parent
        | W::CurrentPosition
        | W::InitialPosition
        | W::LastPosition
        | W::PathStart
        | W::PathLastPosition => Type::Position,
        W::CurrentFen
        | W::StandardFen
        | W::OriginalComment
        | W::CurrentMutation
        | W::CurrentTransform => Type::Str,
        _ => Type::Logical,
    }
}

/// Whether `e` has no value whatever the variables' types (`check`, `not x`, `a or b`), so
/// that CQL would not let a comparison or arithmetic operator take it as its left operand.
pub(crate) fn obviously_logical(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Word(w) => word_type(*w) == Type::Logical,
        ExprKind::Not(_) | ExprKind::Or(_) | ExprKind::And(_) | ExprKind::Result(_) => true,
        ExprKind::Fen(Some(_)) | ExprKind::Player(_, Some(_)) | ExprKind::Tag(_, Some(_)) => true,
        _ => false,
    }
}

/// CQL 6.2's consistency rules for the parameters of `move`: the first parameter that breaks
/// one, with the reason. `comment` ends the keyword parameters (the words after it are read as
/// filters, and these flags are not filters); `null` excludes `promote`, `enpassant`, `legal`
/// and `pseudolegal`; an en passant capture is not a promotion; `legal`/`pseudolegal` exclude
/// `previous`, `promote`, `primary` and `secondary`; a parameter taking a value or a castling
/// kind is given once.
fn move_conflict(params: &[super::ast::MoveParam]) -> Option<(Span, &'static str)> {
    use MoveParamKind as K;
    let mut seen: Vec<&K> = Vec::new();
    let has = |seen: &[&K], f: fn(&K) -> bool| seen.iter().any(|k| f(k));
    for p in params {
        let k = &p.kind;
        let flag = matches!(
            k,
            K::Legal
                | K::PseudoLegal
                | K::Previous
                | K::Null
                | K::Castle
                | K::KingSide
                | K::QueenSide
                | K::EnPassant
                | K::Count
                | K::Primary
                | K::Secondary
        );
        if flag && has(&seen, |k| matches!(k, K::Comment(_))) {
            return Some((p.span, "'move' parameters end at its 'comment'"));
        }
        let castle = |k: &K| matches!(k, K::Castle | K::KingSide | K::QueenSide);
        let twice = match k {
            K::From(_) => has(&seen, |k| matches!(k, K::From(_))),
            K::To(_) => has(&seen, |k| matches!(k, K::To(_))),
            K::Promote(_) => has(&seen, |k| matches!(k, K::Promote(_))),
            K::EnPassant => has(&seen, |k| matches!(k, K::EnPassant)),
            k if castle(k) => has(&seen, castle),
            _ => false,
        };
        if twice {
            return Some((p.span, "this 'move' parameter is given twice"));
        }
        seen.push(k);
    }
    let any = |f: fn(&K) -> bool| params.iter().find(|p| f(&p.kind)).map(|p| p.span);
    let legal = any(|k| matches!(k, K::Legal | K::PseudoLegal));
    let null = any(|k| matches!(k, K::Null));
    let promote = any(|k| matches!(k, K::Promote(_)));
    let ep = any(|k| matches!(k, K::EnPassant));
    let previous = any(|k| matches!(k, K::Previous));
    let lineage = any(|k| matches!(k, K::Primary | K::Secondary));
    if let (Some(_), Some(s)) = (null, promote.or(ep).or(legal)) {
        return Some((
            s,
            "'move null' excludes 'promote', 'enpassant', 'legal', 'pseudolegal'",
        ));
    }
    if let (Some(_), Some(s)) = (ep, promote) {
        return Some((s, "an en passant capture is not a promotion"));
    }
    if let (Some(s), Some(_)) = (legal, previous.or(promote).or(lineage)) {
        return Some((
            s,
            "'legal'/'pseudolegal' exclude 'previous', 'promote', 'primary', 'secondary'",
        ));
    }
    None
}

/// CQL 6.2's rules for the parameters of `path`: `piecepath` needs a focus (`focus` or
/// `singlecolor`); `focus` excludes `primary` and `singlecolor`; `secondary` is not a path
/// parameter; a parameter is given once (one range at most).
fn path_param_conflict(params: &[SeqParam]) -> Option<&'static str> {
    let has = |f: fn(&SeqParam) -> bool| params.iter().filter(|p| f(p)).count();
    let focus = has(|p| matches!(p, SeqParam::Focus(..)));
    let single = has(|p| *p == SeqParam::SingleColor);
    if has(|p| *p == SeqParam::PiecePath) > 0 && focus + single == 0 {
        return Some("'piecepath' needs 'focus' (or 'singlecolor') in 'path'");
    }
    if focus > 0 && has(|p| *p == SeqParam::Primary) > 0 {
        return Some("'focus' and 'primary' are not used together in 'path'");
    }
    if focus > 0 && single > 0 {
        return Some("'focus' and 'singlecolor' exclude each other in 'path'");
    }
    if has(|p| *p == SeqParam::Secondary) > 0 {
        return Some("'secondary' is not a parameter of 'path'");
    }
    let kinds: [fn(&SeqParam) -> bool; 12] = [
        |p| matches!(p, SeqParam::Focus(..)),
        |p| *p == SeqParam::SingleColor,
        |p| matches!(p, SeqParam::MaxOf(_)),
        |p| *p == SeqParam::Verbose,
        |p| *p == SeqParam::KeepAllBest,
        |p| *p == SeqParam::Primary,
        |p| *p == SeqParam::PiecePath,
        |p| *p == SeqParam::Quiet,
        |p| *p == SeqParam::NestBan,
        |p| *p == SeqParam::FirstMatch,
        |p| matches!(p, SeqParam::Range(_)),
        |p| matches!(p, SeqParam::Title(_)),
    ];
    if kinds.iter().any(|f| has(*f) > 1) {
        return Some("a parameter of 'path' is given twice");
    }
    None
}

/// CQL 6.2 rule for `rotate45`: its argument may not name squares: a piece designator whose
/// square part is less than the whole board (`a5`, `[a5,b7]`, `Na5`) is refused, while `N`
/// and `[a-h1-8]` are fine. The span of the first such designator, if any.
fn partial_squares(e: &Expr) -> Option<Span> {
    if let ExprKind::Pieces(d) = &e.kind
        && let Some(ranges) = &d.squares
    {
        let mut board = 0u64;
        for r in ranges {
            for file in r.files.0..=r.files.1.min(7) {
                for rank in r.ranks.0..=r.ranks.1.min(7) {
                    board |= 1 << (rank * 8 + file);
                }
            }
        }
        if board != u64::MAX {
            return Some(e.span);
        }
    }
    e.children().into_iter().find_map(partial_squares)
}
