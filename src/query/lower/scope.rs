//! The query's names when lowering ([`Scope`]): variables get a slot each, in order of first
//! appearance, their type the type of their first value; user functions are expanded at each
//! call site with their parameters passed by name (CQL's semantics), to a depth of
//! [`MAX_CALL_DEPTH`]; `isbound` / `isunbound` of a name that is no variable.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::ir::{Node, VarId};
use crate::squares::SquareSet;

use super::{Cx, Lower, Lowered};
use crate::query::ast::{BindingOp, Expr, ExprId, ExprKind, FunctionDef, Span};
use crate::query::check::Type;
use crate::query::error::{ErrorKind, LowerError};

/// Deepest nesting of user function calls expanded (CQL functions may recurse).
pub(super) const MAX_CALL_DEPTH: usize = 24;

/// What lowering knows about the query's names.
#[derive(Default)]
pub(crate) struct Scope {
    /// Variable name → (slot, type).
    pub(super) vars: RefCell<HashMap<String, (VarId, Type)>>,
    /// Function name → definition.
    pub(super) functions: RefCell<HashMap<String, FunctionDef>>,
    /// The functions being expanded, innermost last: the call expression and its
    /// parameters (name → argument).
    pub(super) frames: RefCell<Vec<(ExprId, HashMap<String, Expr>)>>,
}

impl Lower<'_> {
    /// The slot of variable `name` (a new one if it is new, of the type the check gave it:
    /// [`Lower::variable_type`]); `too many variables` at `span` when the slots run out.
    pub(crate) fn slot(&self, name: &str, span: Span) -> Result<VarId, LowerError> {
        let mut vars = self.scope.vars.borrow_mut();
        if let Some(&(id, _)) = vars.get(name) {
            return Ok(id);
        }
        let ty = self.variable_type(name, span)?;
        let id = VarId::try_from(vars.len())
            .map_err(|_| self.err(ErrorKind::TooComplex, span, "too many variables"))?;
        vars.insert(name.to_string(), (id, ty));
        Ok(id)
    }

    /// The type the check gave variable `name` (read, not inferred again: [`crate::query::Facts`]), as
    /// lowering types values: a piece variable holds a set of squares.
    fn variable_type(&self, name: &str, span: Span) -> Result<Type, LowerError> {
        match self.facts.variables.get(name) {
            Some(Type::Piece) => Ok(Type::Set),
            Some(&ty) => Ok(ty),
            // The check types every variable it lets through: a name without a type is a
            // variable the check did not see, which lowering must not guess.
            None => {
                let m = format!("'{name}' was given no type by the check");
                Err(self.err(ErrorKind::Type, span, m))
            }
        }
    }

    /// `F(a b)`: the body of F with its parameters standing for the arguments.
    pub(super) fn call<S: SquareSet>(
        &self,
        e: &Expr,
        name: &str,
        args: &[Expr],
        cx: Cx,
    ) -> Lowered<S> {
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
        self.scope.frames.borrow_mut().push((e.id, frame));
        let out = self.lower(&def.body, cx);
        self.scope.frames.borrow_mut().pop();
        out
    }

    /// The type the check gave `e` where lowering is (under the calls being expanded), as
    /// lowering types values (a piece is a set of squares); None where the check did not
    /// type it.
    pub(crate) fn checked_type(&self, e: &Expr) -> Option<Type> {
        let chain: Vec<ExprId> = self.scope.frames.borrow().iter().map(|f| f.0).collect();
        match self.facts.types.get(&chain, e.id)? {
            Type::Piece => Some(Type::Set),
            t => Some(t),
        }
    }

    /// The argument a parameter of the innermost function being expanded stands for.
    pub(crate) fn param(&self, name: &str) -> Option<Expr> {
        self.scope.frames.borrow().last()?.1.get(name).cloned()
    }

    /// Lowers `f` with the innermost frame removed (an argument is the caller's text).
    pub(super) fn with_caller_frame<T>(&self, f: impl FnOnce() -> T) -> T {
        let top = self.scope.frames.borrow_mut().pop();
        let out = f();
        if let Some(top) = top {
            self.scope.frames.borrow_mut().push(top);
        }
        out
    }

    /// A parameter's argument, lowered in the caller's scope.
    pub(super) fn lower_arg<S: SquareSet>(&self, _name: &str, arg: &Expr, cx: Cx) -> Lowered<S> {
        self.with_caller_frame(|| self.lower(arg, cx))
    }

    /// `isbound x` / `isunbound x` where `x` is no variable assigned before: a constant
    /// (bound for a dictionary, unbound otherwise); None for `unbind x`.
    pub(crate) fn binding_without_variable<S>(
        &self,
        op: BindingOp,
        target: &Expr,
    ) -> Option<(Node<S>, Type)> {
        let bound = self.dict_of(target).is_some();
        let yes = match op {
            BindingOp::IsBound => bound,
            BindingOp::IsUnbound => !bound,
            BindingOp::Unbind => return None,
        };
        Some((if yes { Node::True } else { Node::False }, Type::Logical))
    }
}

#[cfg(test)]
mod tests {
    use crate::query::{Type, ast_to_ir, check_ast, cql_to_ast};
    use crate::squares::Geometry;

    /// A variable's type is the check's ([`crate::query::Facts`]), read by lowering: with the
    /// check's facts the query lowers; with `x` taken out of them lowering refuses to guess
    /// its type from its first value; told that `x` is a string, lowering refuses `x + 1`
    /// as the check would have.
    #[test]
    fn variable_types_are_read_from_the_check() {
        let ast = cql_to_ast("x = 3 x + 1 > 2").expect("parses");
        let facts = check_ast(&ast).expect("checks");
        assert_eq!(facts.variables.get("x"), Some(&Type::Number));
        assert!(ast_to_ir::<shakmaty::Bitboard>(&ast, &facts, Geometry::STANDARD).is_ok());
        let mut untyped = facts.clone();
        untyped.variables.remove("x");
        let e = ast_to_ir::<shakmaty::Bitboard>(&ast, &untyped, Geometry::STANDARD)
            .expect_err("x has no type");
        assert!(
            e.to_string().contains("'x' was given no type by the check"),
            "{e}"
        );
        let mut string = facts;
        string.variables.insert("x".into(), Type::Str);
        let e = ast_to_ir::<shakmaty::Bitboard>(&ast, &string, Geometry::STANDARD)
            .expect_err("x is a string");
        assert!(e.to_string().contains("a string"), "{e}");
    }
}
