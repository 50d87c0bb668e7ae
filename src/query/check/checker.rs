//! The checker behind [`super::check_ast`]: one walk of the tree in source order, computing
//! each node's [`Type`] and rejecting operands of the wrong type, with a scope of variables,
//! dictionaries and functions that grows as the query is read (CQL types a variable at its
//! first assignment). [`Checker::ty`] is one match over the syntax tree; each concept's rules
//! are in the file named in its arm.

use std::collections::{HashMap, HashSet};

use crate::query::ast::{Ast, Expr, ExprId, ExprKind, FunctionDef, Span};
use crate::query::error::{CheckError, ErrorKind};

use super::Type;
use super::words::word_type;
use super::{ExprTypes, Facts};

/// Deepest nesting of function calls followed while checking (recursion stops here).
pub(super) const MAX_CALL_DEPTH: usize = 16;

/// A node's type, or CQL's rejection.
pub(super) type Typed = Result<Type, CheckError>;

/// Walks a tree once, in source order, typing every node.
pub(crate) struct Checker<'s> {
    pub(super) src: &'s str,
    pub(super) vars: HashMap<String, Type>,
    pub(super) dict_values: HashMap<String, Type>,
    pub(super) dict_keys: HashMap<String, Type>,
    pub(super) local_dicts: HashSet<String>,
    pub(super) persistent: HashSet<String>,
    pub(super) functions: HashMap<String, FunctionDef>,
    pub(super) calls: Vec<String>,
    /// The call expressions of the functions being checked, outermost first (beside
    /// `calls`): the chain each expression's type is recorded under.
    pub(super) call_sites: Vec<ExprId>,
    /// Each expression's type, as it is checked.
    pub(super) types: ExprTypes,
    /// Whether an entry of a dictionary was read before the text first assigned one (typed
    /// on a second check that knows the values assigned later: [`super::check_ast`]).
    pub(super) read_before_assigned: bool,
}

/// Whether a value of type `t` can be used where a set is expected.
pub(super) fn is_set(t: Type) -> bool {
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
            local_dicts: HashSet::new(),
            persistent: HashSet::new(),
            functions: HashMap::new(),
            calls: Vec::new(),
            call_sites: Vec::new(),
            types: ExprTypes::default(),
            read_before_assigned: false,
        }
    }

    /// A checker for a tree parsed from `src` that knows the type of each dictionary's
    /// values before the text assigns them (`values`, learned by a first check).
    pub(crate) fn knowing_dictionaries(src: &'s str, values: HashMap<String, Type>) -> Checker<'s> {
        Checker {
            dict_values: values,
            ..Checker::new(src)
        }
    }

    /// Checks the whole query: its facts, and whether a dictionary was read before the text
    /// assigned it.
    pub(crate) fn query(mut self, ast: &Ast) -> Result<(Facts, bool), CheckError> {
        for e in &ast.body {
            self.ty(e)?;
        }
        let facts = Facts {
            variables: self.vars,
            dictionary_values: self.dict_values,
            types: self.types,
        };
        Ok((facts, self.read_before_assigned))
    }

    /// A type error at `span`.
    pub(super) fn err(&self, span: Span, message: impl Into<String>) -> CheckError {
        CheckError::new(ErrorKind::Type, self.src, span, message)
    }

    /// A syntax error at `span` (an unknown name, a misused one).
    pub(super) fn syntax_err(&self, span: Span, message: impl Into<String>) -> CheckError {
        CheckError::new(ErrorKind::Syntax, self.src, span, message)
    }

    /// The type of `e`, which must be `want` (sets also stand for pieces).
    pub(super) fn expect(&mut self, e: &Expr, want: Type, what: &str) -> Typed {
        let t = self.ty(e)?;
        let ok = t == want || (want == Type::Set && is_set(t));
        if !ok {
            let m = format!("{what} must be {}, found {}", want.describe(), t.describe());
            return Err(self.err(e.span, m).expecting(want.describe()));
        }
        Ok(t)
    }

    /// The type of `e`, which must have a value (not a plain filter).
    pub(super) fn valued(&mut self, e: &Expr, what: &str) -> Typed {
        let t = self.ty(e)?;
        if t == Type::Logical {
            let m = format!("{what} must have a value, found a filter without one");
            return Err(self
                .err(e.span, m)
                .expecting("a number, set, string or position"));
        }
        Ok(t)
    }

    /// The type of a node, checking its operands, recorded in the facts under its identity
    /// (what lowering reads).
    pub(crate) fn ty(&mut self, e: &Expr) -> Typed {
        let t = self.kind_type(e)?;
        self.types.insert(&self.call_sites, e.id, t);
        Ok(t)
    }

    /// The type of a node, checking its operands: one arm per kind of node, each calling
    /// the file of its concept (as `lower/`).
    fn kind_type(&mut self, e: &Expr) -> Typed {
        let span = e.span;
        Ok(match &e.kind {
            // logic
            ExprKind::Compound(items) => self.compound(items, span)?,
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
            ExprKind::If(c, a, b) => self.if_type(c, a, b.as_deref())?,
            ExprKind::Transform(t, count, a) => self.transform(*t, *count, a, span)?,
            // operators.rs
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, span)?,
            ExprKind::Prefix(op, a) => self.prefix(*op, a)?,
            ExprKind::MinMax(_, args) => self.min_max(args)?,
            // words.rs: literals, designators, words and tags
            ExprKind::Pieces(_) => Type::Set,
            ExprKind::Number(_) => Type::Number,
            ExprKind::Str(_) | ExprKind::Capture(_) => Type::Str,
            ExprKind::Word(w) => word_type(*w),
            ExprKind::Fen(None) => Type::Str,
            ExprKind::Fen(Some(_)) | ExprKind::Result(_) => Type::Logical,
            // `player` without a colour or a text is a match (either name tag contains
            // the empty text, `lower/tags.rs`), not a string.
            ExprKind::Player(None, None) => Type::Logical,
            ExprKind::Player(_, None) | ExprKind::Tag(_, None) => Type::Str,
            ExprKind::Player(_, Some(_)) | ExprKind::Tag(_, Some(_)) => Type::Logical,
            ExprKind::Elo(_) => Type::Number,
            ExprKind::Builtin(b, args) => self.builtin(*b, args, span)?,
            // moves.rs
            ExprKind::Move(params) => self.move_filter(params)?,
            ExprKind::Dash(d) => self.dash(d, span)?,
            // variables.rs (dictionaries: dictionaries.rs)
            ExprKind::Var(n) => self.var(n)?,
            ExprKind::Assign(a) => self.assign(&a.target, a.op, &a.value, a.storage)?,
            ExprKind::Binding(op, target) => self.binding(*op, target)?,
            ExprKind::Index(base, keys) => self.index(base, keys)?,
            ExprKind::Dictionary(d) => self.dictionary(d)?,
            ExprKind::Function(f) => self.function(f)?,
            ExprKind::Call(name, args) => self.call(e.id, name, args, span)?,
            // `x ∊ D body`, `string x in D body`: iterating a dictionary's keys.
            ExprKind::Iterate(i) if self.names_dictionary(&i.domain) => self.dict_iterate(i)?,
            ExprKind::Iterate(i) => self.iterate(i)?,
            ExprKind::Sort(s) => self.sort(s, span)?,
            // sequences.rs: line, path, find, echo, `:`
            ExprKind::Line(l) => self.line(l, span)?,
            ExprKind::Path(p) => self.path(p, span)?,
            ExprKind::Find(f) => self.find(f, span)?,
            ExprKind::Echo(x) => self.echo(x)?,
            ExprKind::At(a, b) => {
                self.expect(a, Type::Position, "the left side of ':'")?;
                self.ty(b)?
            }
            // geometry.rs
            ExprKind::Direction(_, _, a) => {
                self.expect(a, Type::Set, "the argument of a direction filter")?;
                Type::Set
            }
            ExprKind::DirectionBy(_, bounds, a) => self.direction_by(bounds, a)?,
            ExprKind::Ray(r) => self.ray(r, span)?,
            ExprKind::Pin(parts) => self.pin(parts)?,
            // programming words
            ExprKind::While(c, b) => {
                self.ty(c)?;
                self.ty(b)?;
                Type::Logical
            }
            ExprKind::Loop(b) => {
                self.ty(b)?;
                Type::Logical
            }
        })
    }

    /// Gives `name` the type `t`, or refuses a second type.
    pub(super) fn declare(&mut self, name: &str, t: Type, span: Span) -> Result<(), CheckError> {
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
}
