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

/// The arguments of a function being expanded: parameter name → the argument, and the
/// number of frames around the call that wrote it (the chain of calls it was checked under).
pub(super) type Arguments = HashMap<String, (Expr, usize)>;

/// What lowering knows about the query's names.
#[derive(Default)]
pub(crate) struct Scope {
    /// Variable name → slot.
    pub(super) vars: RefCell<HashMap<String, VarId>>,
    /// Function name → definition.
    pub(super) functions: RefCell<HashMap<String, FunctionDef>>,
    /// The functions being expanded, innermost last: the call expression and its
    /// parameters.
    pub(super) frames: RefCell<Vec<(ExprId, Arguments)>>,
}

impl Lower<'_> {
    /// The slot of variable `name` (a new one if it is new, when the check typed it:
    /// [`Lower::checked_variable`]); `too many variables` at `span` when the slots run out.
    pub(crate) fn slot(&self, name: &str, span: Span) -> Result<VarId, LowerError> {
        let mut vars = self.scope.vars.borrow_mut();
        if let Some(&id) = vars.get(name) {
            return Ok(id);
        }
        self.checked_variable(name, span)?;
        let id = VarId::try_from(vars.len())
            .map_err(|_| self.err(ErrorKind::TooComplex, span, "too many variables"))?;
        vars.insert(name.to_string(), id);
        Ok(id)
    }

    /// Refuses variable `name` when the check gave it no type ([`crate::query::Facts`]): the
    /// check types every variable it lets through, so a name without a type is one the
    /// check did not see, which lowering must not guess.
    fn checked_variable(&self, name: &str, span: Span) -> Result<(), LowerError> {
        if self.facts.variables.contains_key(name) {
            return Ok(());
        }
        let m = format!("'{name}' was given no type by the check");
        Err(self.err(ErrorKind::Type, span, m))
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
        // The body is lowered with the types the check gave it under this chain of calls;
        // the check does not follow a recursive call (nor one nested deeper than its own
        // limit), so such a call has no types to lower: refused by name, not guessed.
        let mut chain: Vec<ExprId> = self.scope.frames.borrow().iter().map(|f| f.0).collect();
        chain.push(e.id);
        if !self.facts.types.has_chain(&chain) {
            let m = format!(
                "cqlq does not evaluate this call of '{name}': a function calling itself, or \
                 calls nested too deep, cannot be expanded at each call"
            );
            return Err(self.err(ErrorKind::Unsupported, e.span, m));
        }
        // Arguments that name a caller's parameter are resolved now, so frames hold the
        // expressions written outside them, each with the depth of the calls around it.
        let depth = chain.len() - 1;
        let mut frame = HashMap::new();
        for (p, a) in def.params.iter().zip(args) {
            let arg = match &a.kind {
                ExprKind::Var(n) => self.param_at(&n.text).unwrap_or_else(|| (a.clone(), depth)),
                _ => (a.clone(), depth),
            };
            frame.insert(p.text.clone(), arg);
        }
        self.scope.frames.borrow_mut().push((e.id, frame));
        let out = self.lower(&def.body, cx);
        self.scope.frames.borrow_mut().pop();
        out
    }

    /// The type the check gave `e` where lowering is (under the calls being expanded; a
    /// built-in snippet's own check for its expressions), as lowering types values (a piece
    /// is a set of squares); None where the check did not type it.
    pub(crate) fn checked_type(&self, e: &Expr) -> Option<Type> {
        let chain: Vec<ExprId> = self.scope.frames.borrow().iter().map(|f| f.0).collect();
        let snippet = || {
            let snippets = self.snippet_types.borrow();
            snippets.iter().rev().find_map(|t| t.get(&[], e.id))
        };
        match self.facts.types.get(&chain, e.id).or_else(snippet)? {
            Type::Piece => Some(Type::Set),
            t => Some(t),
        }
    }

    /// The type the check gave `e` where lowering is ([`Lower::checked_type`]): what
    /// lowering reads to choose a node or refuse an operand, never inferred again. An
    /// expression the check did not type here is refused by name.
    pub(crate) fn type_of(&self, e: &Expr) -> Result<Type, LowerError> {
        self.checked_type(e).ok_or_else(|| {
            let word = crate::query::names::expr_word(&e.kind);
            let m = format!("cqlq's check gave '{word}' no type here, so it cannot be lowered");
            self.err(ErrorKind::Type, e.span, m)
        })
    }

    /// The argument a parameter of the innermost function being expanded stands for.
    pub(crate) fn param(&self, name: &str) -> Option<Expr> {
        self.param_at(name).map(|(arg, _)| arg)
    }

    /// The argument a parameter of the innermost function being expanded stands for, and
    /// the number of frames around the call that wrote it.
    fn param_at(&self, name: &str) -> Option<(Expr, usize)> {
        self.scope.frames.borrow().last()?.1.get(name).cloned()
    }

    /// A parameter's argument, lowered where it was written: with the frames of the calls
    /// around it only (its scope, and the chain of calls the check typed it under).
    pub(super) fn lower_arg<S: SquareSet>(&self, name: &str, cx: Cx) -> Option<Lowered<S>> {
        let (arg, depth) = self.param_at(name)?;
        let inner = self.scope.frames.borrow_mut().split_off(depth);
        let out = self.lower(&arg, cx);
        self.scope.frames.borrow_mut().extend(inner);
        Some(out)
    }

    /// `isbound x` / `isunbound x` where `x` is no variable assigned before: a constant
    /// (bound for a dictionary, unbound otherwise); None for `unbind x`.
    pub(crate) fn binding_without_variable<S>(
        &self,
        op: BindingOp,
        target: &Expr,
    ) -> Option<Node<S>> {
        let bound = self.dict_of(target).is_some();
        let yes = match op {
            BindingOp::IsBound => bound,
            BindingOp::IsUnbound => !bound,
            BindingOp::Unbind => return None,
        };
        Some(if yes { Node::True } else { Node::False })
    }
}

#[cfg(test)]
mod tests {
    use crate::query::ast::ExprKind;
    use crate::query::{Type, ast_to_ir, check_ast, cql_to_ast};
    use crate::squares::Geometry;

    /// Types are the check's ([`crate::query::Facts`]), read by lowering: with the check's
    /// facts the query lowers; with `x` taken out of them lowering refuses to guess its
    /// type from its first value; told that the `x` of `x + 1` is a string, lowering
    /// refuses `x + 1` as the check would have; with no type for it, lowering refuses it
    /// by name rather than guess.
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
        // `x + 1 > 2`: the comparison's left side is `x + 1`, whose left side is `x`.
        let ExprKind::Binary(_, sum, _) = &ast.body[1].kind else {
            panic!("a comparison")
        };
        let ExprKind::Binary(_, x, _) = &sum.kind else {
            panic!("a sum")
        };
        let mut string = facts.clone();
        string.types.insert(&[], x.id, Type::Str);
        let e = ast_to_ir::<shakmaty::Bitboard>(&ast, &string, Geometry::STANDARD)
            .expect_err("x is a string");
        assert!(e.to_string().contains("a string"), "{e}");
        let mut untyped = facts;
        untyped.types = Default::default();
        let e = ast_to_ir::<shakmaty::Bitboard>(&ast, &untyped, Geometry::STANDARD)
            .expect_err("nothing is typed");
        assert!(e.to_string().contains("no type here"), "{e}");
    }

    /// A call the check did not follow (a function calling itself: the check types such a
    /// call as a filter and does not type the body again) has no types to lower: it is
    /// refused by name at that call.
    #[test]
    fn a_call_the_check_did_not_follow_is_refused_by_name() {
        let ast = cql_to_ast("function f(x) { f(x) } f(1)").expect("parses");
        let facts = check_ast(&ast).expect("checks");
        let e = ast_to_ir::<shakmaty::Bitboard>(&ast, &facts, Geometry::STANDARD)
            .expect_err("a recursive call");
        assert!(e.to_string().contains("calling itself"), "{e}");
    }
}
