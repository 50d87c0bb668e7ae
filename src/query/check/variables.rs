//! The type rules of variables: reading one, assigning one (`=`, the update operators,
//! `=?`, `persistent`, `piece`), binding tests, user functions and their calls, iteration
//! over squares and pieces, `sort`.

use crate::query::ast::{
    AssignOp, BindingOp, Expr, ExprId, ExprKind, FunctionDef, IterKind, Iterate, Name, SeqParam,
    Sort, Span, Storage, Word,
};
use crate::query::error::CheckError;

use super::Type;
use super::checker::{Checker, MAX_CALL_DEPTH, Typed, is_set};

impl Checker<'_> {
    /// `x`: a variable's type, or `unknown variable or filter` with the nearest name.
    pub(super) fn var(&mut self, n: &Name) -> Typed {
        match self.vars.get(&n.text) {
            Some(t) => Ok(*t),
            None => {
                let mut m = format!("unknown variable or filter '{}'", n.text);
                let known = self.vars.keys().map(String::as_str);
                if let Some(near) = crate::query::reserved_words::nearest_word(&n.text, known) {
                    m.push_str(&format!(" (did you mean `{near}`?)"));
                }
                Err(self.syntax_err(n.span, m))
            }
        }
    }

    /// `unbind x`, `isbound x`, `isunbound x`, `unbind D[k]`.
    pub(super) fn binding(&mut self, op: BindingOp, target: &Expr) -> Typed {
        match &target.kind {
            ExprKind::Var(n) if op == BindingOp::Unbind && !self.vars.contains_key(&n.text) => {
                let m = format!("'{}' is not a variable", n.text);
                return Err(self.err(n.span, m));
            }
            ExprKind::Var(_) => {}
            _ if op != BindingOp::Unbind => {
                return Err(self.err(target.span, "'isbound' takes a variable"));
            }
            _ => {
                self.ty(target)?;
            }
        }
        Ok(Type::Logical)
    }

    /// `function f(x) {...}`: remembered, checked at each call.
    pub(super) fn function(&mut self, f: &FunctionDef) -> Typed {
        if self.vars.contains_key(&f.name.text) {
            return Err(self.err(f.name.span, "a variable of this name exists"));
        }
        self.functions.insert(f.name.text.clone(), f.clone());
        Ok(Type::Logical)
    }

    /// `x = v`, `x += v`, `D[k] = v`, `s[i] = "t"`, `persistent x = v`, `x =? S`, ...
    pub(super) fn assign(
        &mut self,
        target: &Expr,
        op: AssignOp,
        value: &Expr,
        storage: Storage,
    ) -> Typed {
        let vt = self.valued(value, "the value assigned")?;
        match &target.kind {
            ExprKind::Var(n) => self.assign_var(n, target, op, value, vt, storage)?,
            ExprKind::Index(base, keys) => self.assign_entry(base, keys, target, value, vt)?,
            _ => return Err(self.err(target.span, "cannot assign to this")),
        }
        Ok(Type::Logical)
    }

    /// An assignment to the variable `n` of a value of type `vt`: the rules of `=?`,
    /// `persistent`, `piece` and the update operators.
    fn assign_var(
        &mut self,
        n: &Name,
        target: &Expr,
        op: AssignOp,
        value: &Expr,
        vt: Type,
        storage: Storage,
    ) -> Result<(), CheckError> {
        if self.functions.contains_key(&n.text) {
            return Err(self.err(n.span, "a function of this name exists"));
        }
        let existing = self.vars.get(&n.text).copied();
        let persistent = matches!(storage, Storage::Persistent | Storage::PersistentQuiet);
        if storage == Storage::Local && self.calls.is_empty() {
            return Err(self.err(target.span, "'local' is only for variables of a function"));
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
        if existing == Some(Type::Piece) && storage != Storage::Piece && op == AssignOp::Set {
            let m = format!("'{}' is a piece variable: assign it with 'piece'", n.text);
            return Err(self.err(target.span, m));
        }
        let piece = storage == Storage::Piece || (existing == Some(Type::Piece) && is_set(vt));
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
        self.update_fits(n, target, existing, op, vt)
    }

    /// Whether the operator of an assignment to `n` fits the variable's type (`+=` on a
    /// number or string, `|=`/`&=` on a set); `=` declares the type.
    fn update_fits(
        &mut self,
        n: &Name,
        target: &Expr,
        existing: Option<Type>,
        op: AssignOp,
        vt: Type,
    ) -> Result<(), CheckError> {
        match (existing, op) {
            (
                Some(Type::Number),
                AssignOp::Add | AssignOp::Sub | AssignOp::Mul | AssignOp::Div | AssignOp::Rem,
            ) if vt == Type::Number => {}
            (Some(Type::Str), AssignOp::Add) if vt == Type::Str => {}
            (Some(t), AssignOp::Union | AssignOp::Intersect) if is_set(t) && is_set(vt) => {}
            (_, AssignOp::Set | AssignOp::SetIfPiece) => self.declare(&n.text, vt, n.span)?,
            _ => {
                return Err(self.err(
                    target.span,
                    "this assignment operator does not fit the variable's type",
                ));
            }
        }
        Ok(())
    }

    /// `D[k] = v` (a dictionary entry) or `s[i] = "t"` (a substring).
    fn assign_entry(
        &mut self,
        base: &Expr,
        keys: &[Option<Expr>],
        target: &Expr,
        value: &Expr,
        vt: Type,
    ) -> Result<(), CheckError> {
        if let ExprKind::Var(n) = &base.kind {
            // The target's variable and a substring's bounds are typed as read (lowering
            // reads their types).
            if let Some(t) = self.vars.get(&n.text).copied() {
                self.types.insert(&self.call_sites, base.id, t);
            }
            if self.vars.get(&n.text) == Some(&Type::Str) {
                for k in keys.iter().flatten() {
                    self.ty(k)?;
                }
            }
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
                        return Err(
                            self.err(value.span, "a dictionary holds numbers, strings or sets")
                        );
                    }
                    self.dict_key(&n.text, keys)?;
                    if let Some(old) = self.dict_values.get(&n.text)
                        && *old != vt
                    {
                        return Err(
                            self.err(value.span, "the dictionary holds values of another type")
                        );
                    }
                    self.dict_values.insert(n.text.clone(), vt);
                }
                Some(Type::Str) => {
                    if vt != Type::Str {
                        return Err(self.err(value.span, "a substring is assigned a string"));
                    }
                }
                Some(_) => {
                    return Err(self.err(base.span, "only dictionaries and strings can be indexed"));
                }
            }
        } else {
            return Err(self.err(target.span, "cannot assign to this"));
        }
        Ok(())
    }

    /// `f(x y)`: the body checked with the parameters bound to the arguments' types (a recursive call, or one deeper than [`MAX_CALL_DEPTH`], is a filter).
    pub(super) fn call(&mut self, site: ExprId, name: &Name, args: &[Expr], span: Span) -> Typed {
        let Some(f) = self.functions.get(&name.text).cloned() else {
            let m = format!("'{}' is not a function", name.text);
            return Err(self.syntax_err(name.span, m));
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
        self.call_sites.push(site);
        let result = self.ty(&f.body);
        self.call_sites.pop();
        self.calls.pop();
        for (p, old) in saved {
            match old {
                Some(t) => self.vars.insert(p, t),
                None => self.vars.remove(&p),
            };
        }
        result
    }

    /// `square x in S body`, `piece x in S body` (a dictionary's keys: `dictionaries.rs`).
    pub(super) fn iterate(&mut self, i: &Iterate) -> Typed {
        self.expect(&i.domain, Type::Set, "the domain of an iteration")?;
        let vt = match i.over {
            IterKind::Square => Type::Set,
            IterKind::Piece => Type::Piece,
        };
        self.declare(&i.var.text, vt, i.var.span)?;
        self.ty(&i.body)?;
        Ok(if i.all { Type::Logical } else { Type::Set })
    }

    /// `sort "doc" min body`: a number, string or set.
    pub(super) fn sort(&mut self, s: &Sort, span: Span) -> Typed {
        let minmax = s
            .params
            .iter()
            .any(|p| matches!(p, SeqParam::Min | SeqParam::Max));
        if minmax && s.doc.is_none() {
            return Err(self
                .err(
                    span,
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
        Ok(t)
    }
}
