//! The keyword constructs of CQL 6.2's grammar: the dash move filter, `find`, `echo`,
//! iteration, functions, dictionaries, assignments, `sort`, directions, rays, `pin` and the
//! keyword filters with arguments (see `parse.rs` for the operator levels, `parse_prim.rs`
//! for the primaries that hand over here, `parse_sequences.rs` for `line` and `path`).

use pest::iterators::{Pair, Pairs};

use super::ast::{
    Arg, Assign, AssignOp, BindingOp, Builtin, Dash, DashMode, DictionaryDecl, Direction, Echo,
    Expr, ExprKind, Find, FunctionDef, IterKind, Iterate, Name, PinRole, Range, Ray, RayKind,
    SeqParam, Sort, Span, Storage, Word,
};
use super::error::{ErrorKind, ParseError};
use super::parse::{Builder, Res, Rule, node, span_of, string_value};

impl Builder<'_> {
    /// `A--B`: an operand, optionally tied to a dash.
    pub(crate) fn dash_x(&self, pair: Pair<Rule>) -> Res {
        let span = span_of(&pair);
        let mut inner = pair.into_inner();
        let left = self.expr(inner.next().expect("dash_x operand"))?;
        if inner.peek().is_none() {
            return Ok(left);
        }
        self.dash(Some(left), inner, span)
    }

    /// The dash token and what follows it (`dash_tok dash_rest`), with the tied left set.
    pub(crate) fn dash(&self, from: Option<Expr>, mut inner: Pairs<Rule>, span: Span) -> Res {
        let tok = inner.next().expect("dash token");
        let start = tok.as_span().start();
        let before = self.src[..start].chars().next_back();
        let after_path = self.src[..start].ends_with("path") || self.src[..start].ends_with('⊢');
        if from.is_none()
            && !after_path
            && before.is_some_and(|c| {
                c.is_alphanumeric() || matches!(c, ')' | ']' | '}' | '"' | '-' | '―' | '×' | '_')
            })
        {
            let m =
                "a '--' written right after something that is not a set (add a space before it)";
            return Err(self.err(ErrorKind::Syntax, span_of(&tok), m));
        }
        self.dash_body(from, tok, inner, span)
    }

    /// The dash after its token was accepted: `tok` is the token, `inner` what follows it.
    pub(super) fn dash_body(
        &self,
        from: Option<Expr>,
        tok: Pair<Rule>,
        inner: Pairs<Rule>,
        span: Span,
    ) -> Res {
        let capture = matches!(tok.as_str(), "[x]" | "×");
        let mut d = Dash {
            mode: DashMode::Played,
            from,
            to: None,
            capture,
            promote: None,
            target: Vec::new(),
        };
        for part in inner.flat_map(Pair::into_inner) {
            match part.as_rule() {
                Rule::dash_right => d.to = Some(self.expr(self.only(part)?)?),
                Rule::dash_promo => d.promote = Some(self.expr(self.only(part)?)?),
                Rule::dash_target => {
                    for c in part.into_inner().filter(|c| c.as_rule() == Rule::filter) {
                        d.target.push(self.filter(c)?);
                    }
                }
                _ => {}
            }
        }
        Ok(node(ExprKind::Dash(Box::new(d)), span))
    }

    /// The keyword constructs of this module, by grammar rule.
    pub(crate) fn keyword_construct(
        &self,
        rule: Rule,
        text: &str,
        inner: Pairs<Rule>,
        span: Span,
    ) -> Res {
        let kind = match rule {
            Rule::legal_dash => self.legal_dash(inner, span)?,
            Rule::countmoves_filter => self.countmoves_filter(inner)?,
            Rule::line_filter => self.line(inner)?,
            Rule::implicit_iter => self.implicit_iter(inner)?,
            Rule::elem_iter => self.elem_iter(inner)?,
            Rule::path_filter => self.path(inner)?,
            Rule::find_filter => self.find_filter(inner, span)?,
            Rule::echo_filter => self.echo_filter(inner)?,
            Rule::iter_filter => self.iter_filter(inner)?,
            Rule::function_def => self.function_def(inner)?,
            Rule::call => self.call(inner)?,
            Rule::dictionary_decl => self.dictionary_decl(inner, span)?,
            Rule::assignment => self.assignment(inner)?,
            Rule::binding_filter => self.binding_filter(inner)?,
            Rule::sort_filter => self.sort_filter(inner, span)?,
            Rule::direction_filter => self.direction_filter(inner)?,
            Rule::ray_filter => self.ray_filter(inner)?,
            Rule::pin_filter => self.pin_filter(inner)?,
            Rule::while_filter => self.while_filter(inner)?,
            Rule::loop_filter => self.loop_filter(inner)?,
            Rule::builtin_filter => self.builtin(inner)?,
            Rule::castle_word => ExprKind::Word(if text.len() > 3 {
                Word::QueenSideCastle
            } else {
                Word::KingSideCastle
            }),
            r => {
                return Err(self.err(
                    ErrorKind::Syntax,
                    span,
                    format!("internal: unexpected {r:?}"),
                ));
            }
        };
        Ok(node(kind, span))
    }

    /// `legal --`, `pseudolegal X--Y`: the dash with its move source.
    fn legal_dash(&self, mut inner: Pairs<Rule>, span: Span) -> Result<ExprKind, ParseError> {
        let kw = inner.next().expect("legal keyword");
        let mode = if kw.as_str() == "legal" {
            DashMode::Legal
        } else {
            DashMode::PseudoLegal
        };
        let operand = self.expr(inner.next().expect("legal operand"))?;
        // `legal -- & legal --`: CQL's bare dash takes no operator after it, so the
        // `&` applies to the legal move filter.
        let operand = match operand.kind {
            ExprKind::Binary(op, mut l, r) if matches!(l.kind, ExprKind::Dash(_)) => {
                if let ExprKind::Dash(d) = &mut l.kind {
                    d.mode = mode;
                }
                l.span = Span::new(span.start, l.span.end);
                return Ok(ExprKind::Binary(op, l, r));
            }
            kind => Expr::new(kind, operand.span),
        };
        Ok(match operand.kind {
            ExprKind::Dash(mut d) => {
                d.mode = mode;
                ExprKind::Dash(d)
            }
            _ => {
                let m = format!("'{}' must be followed by a '--' move filter", kw.as_str());
                return Err(self
                    .err(ErrorKind::Syntax, operand.span, m)
                    .expecting("'--' or '[x]'"));
            }
        })
    }

    /// `countmoves F`, `currentmove F`.
    fn countmoves_filter(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let kw = inner.next().expect("keyword");
        let b = if kw.as_str() == "countmoves" {
            Builtin::CountMoves
        } else {
            Builtin::CurrentMove
        };
        let arg = self.expr(inner.next().expect("operand"))?;
        Ok(ExprKind::Builtin(b, vec![Arg::Filter(arg)]))
    }

    /// `x ∊ S body`, `x in S body` (iterating squares, or a dictionary's keys).
    fn implicit_iter(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let var = name_of(&inner.next().expect("name"));
        let kw = inner.next().expect("in");
        let domain = self.expr(inner.next().expect("domain"))?;
        // `x ∊ S F` (`[element]`) iterates even when `x` is already a variable, as the
        // operand form does (CQL 6.2 matches indian.cql's game 205 only so).
        let element = matches!(kw.as_str(), "∊" | "[element]");
        let declared = self.is_declared(&var.text) && !element;
        self.declare(&var.text);
        let body = self.stmt(inner.next().expect("body"))?;
        Ok(if declared {
            // `x in S F` with `x` a variable: membership, then another filter.
            let vspan = var.span;
            let member = node(
                ExprKind::Binary(
                    super::ast::BinOp::In,
                    Box::new(node(ExprKind::Var(var), vspan)),
                    Box::new(domain),
                ),
                Span::new(vspan.start, body.span.start),
            );
            ExprKind::Compound(vec![member, body])
        } else {
            ExprKind::Iterate(Box::new(Iterate {
                over: IterKind::Square,
                all: false,
                var,
                domain,
                body,
            }))
        })
    }

    /// `x [element] S body` and its glyph form.
    fn elem_iter(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        // Always an iteration, as CQL's symbolic square loop (a square variable of
        // that name is rebound).
        let mut inner = inner;
        let var = name_of(&inner.next().expect("name"));
        let _elem = inner.next();
        let domain = self.expr(inner.next().expect("domain"))?;
        self.declare(&var.text);
        let body = self.stmt(inner.next().expect("body"))?;
        Ok(ExprKind::Iterate(Box::new(Iterate {
            over: IterKind::Square,
            all: false,
            var,
            domain,
            body,
        })))
    }

    /// `find [<--] [all | count | quiet | N M] F`.
    fn find_filter(&self, inner: Pairs<Rule>, span: Span) -> Result<ExprKind, ParseError> {
        let mut f = Find {
            backward: false,
            params: Vec::new(),
            body: Expr::new(ExprKind::Word(Word::True), span),
        };
        // `find x F` with `x` not a numeric variable: `x` is the body, F the next
        // filter (CQL reads a range only from numbers and numeric variables).
        let mut body_then: Option<Expr> = None;
        for c in inner.skip(1) {
            if body_then.is_some()
                && c.as_rule() != Rule::filter
                && c.as_rule() != Rule::implicit_iter
            {
                return Err(self
                    .err(ErrorKind::Syntax, span_of(&c), "unexpected after 'find x'")
                    .expecting("a filter"));
            }
            match c.as_rule() {
                Rule::seq_param => f.params.push(self.seq_param(c)?),
                Rule::find_var_range => {
                    let (params, body) = self.find_var_range(c)?;
                    f.params.extend(params);
                    body_then = body;
                }
                Rule::find_back => f.backward = true,
                _ => f.body = self.stmt(c)?,
            }
        }
        if let Some(var) = body_then {
            let then = std::mem::replace(&mut f.body, var);
            let fspan = Span::new(span.start, f.body.span.end);
            let find = node(ExprKind::Find(Box::new(f)), fspan);
            return Ok(ExprKind::Compound(vec![find, then]));
        }
        // `find all check >= 20`: CQL compares only valued filters, so the comparison
        // applies to the `find`, not to `check`.
        if let ExprKind::Binary(op, l, r) = &f.body.kind
            && matches!(op, super::ast::BinOp::Cmp(_) | super::ast::BinOp::Arith(_))
            && super::check::obviously_logical(l)
        {
            let (op, l, r) = (*op, l.clone(), r.clone());
            let fspan = Span::new(span.start, l.span.end);
            f.body = *l;
            let find = node(ExprKind::Find(Box::new(f)), fspan);
            return Ok(ExprKind::Binary(op, Box::new(find), r));
        }
        Ok(ExprKind::Find(Box::new(f)))
    }

    /// `echo (s t) body`.
    fn echo_filter(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let mut params = Vec::new();
        let mut names = Vec::new();
        let mut body = None;
        for c in inner.skip(1) {
            match c.as_rule() {
                Rule::seq_param => params.push(self.seq_param(c)?),
                Rule::name => {
                    self.declare(c.as_str());
                    names.push(name_of(&c))
                }
                Rule::kw_all => params.push(SeqParam::All),
                Rule::filter => body = Some(self.filter(c)?),
                _ => {}
            }
        }
        let mut names = names.into_iter();
        Ok(ExprKind::Echo(Box::new(Echo {
            source: names.next().expect("echo source"),
            target: names.next().expect("echo target"),
            params,
            body: body.expect("echo body"),
        })))
    }

    /// `square [all] x in S body`, `piece [all] x in S body`, `string x in D body`.
    fn iter_filter(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let kw = inner.next().expect("iteration keyword").as_str();
        // `piece x in S`, `◭x∊S` and `∀◭x∊S` iterate over pieces.
        let mut over = if kw == "piece" || kw.starts_with('◭') || kw.starts_with("[Aa]") {
            IterKind::Piece
        } else {
            IterKind::Square
        };
        let mut all = kw == "∀" || kw == "[forall]";
        let mut var = None;
        let mut domain = None;
        let mut body = None;
        for c in inner {
            match c.as_rule() {
                Rule::kw_all => all = true,
                Rule::piece_decl => over = IterKind::Piece,
                Rule::name => {
                    self.declare(c.as_str());
                    var = Some(name_of(&c))
                }
                Rule::in_operand => domain = Some(self.expr(c)?),
                Rule::filter | Rule::implicit_iter => body = Some(self.stmt(c)?),
                _ => {}
            }
        }
        Ok(ExprKind::Iterate(Box::new(Iterate {
            over,
            all,
            var: var.expect("iteration variable"),
            domain: domain.expect("iteration domain"),
            body: body.expect("iteration body"),
        })))
    }

    /// `function f(x y) { body }`.
    fn function_def(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let mut names = Vec::new();
        let mut body = None;
        for c in inner.skip(1) {
            match c.as_rule() {
                Rule::name => {
                    self.declare(c.as_str());
                    names.push(name_of(&c))
                }
                Rule::compound => body = Some(self.compound(c)?),
                _ => {}
            }
        }
        let mut names = names.into_iter();
        Ok(ExprKind::Function(Box::new(FunctionDef {
            name: names.next().expect("function name"),
            params: names.collect(),
            body: body.expect("function body"),
        })))
    }

    /// `f(x y)`: a call of a user function.
    fn call(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let name = name_of(&inner.next().expect("function name"));
        let args = inner
            .flat_map(Pair::into_inner)
            .map(|c| self.filter(c))
            .collect::<Result<_, _>>()?;
        Ok(ExprKind::Call(name, args))
    }

    /// `[local | persistent] dictionary D`, and `dictionary D[k] = v` (the declaration, then the assignment).
    fn dictionary_decl(&self, inner: Pairs<Rule>, span: Span) -> Result<ExprKind, ParseError> {
        let mut storage = Storage::Plain;
        let mut name = None;
        let mut rest = Vec::new();
        for c in inner {
            match c.as_rule() {
                Rule::storage => storage = storage_of(&c),
                Rule::name => {
                    self.declare(c.as_str());
                    name = Some(name_of(&c))
                }
                Rule::kw_dictionary => {}
                _ => rest.push(c),
            }
        }
        let name = name.expect("dictionary name");
        let decl = node(
            ExprKind::Dictionary(Box::new(DictionaryDecl {
                storage,
                name: name.clone(),
            })),
            span,
        );
        if rest.is_empty() {
            return Ok(decl.kind);
        }
        // `dictionary D[k] = v`: the declaration, then the assignment.
        let mut rest = rest.into_iter();
        let keys = self.index_keys(rest.next().expect("index"))?;
        let op = assign_op(rest.next().expect("assignment operator").as_str());
        let value = self.filter(rest.next().expect("value"))?;
        let target = node(
            ExprKind::Index(Box::new(node(ExprKind::Var(name.clone()), name.span)), keys),
            name.span,
        );
        let assign = node(
            ExprKind::Assign(Box::new(Assign {
                storage: Storage::Plain,
                target,
                op,
                value,
            })),
            span,
        );
        Ok(ExprKind::Compound(vec![decl, assign]))
    }

    /// `x = v`, `x += v`, `D[k] = v`, `persistent x = v`, `piece x = v`, ...
    fn assignment(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let mut storage = Storage::Plain;
        let mut target = None;
        let mut op = AssignOp::Set;
        let mut value = None;
        for c in inner {
            match c.as_rule() {
                Rule::storage => storage = storage_of(&c),
                Rule::assign_target => {
                    if let Some(n) = c.clone().into_inner().next() {
                        self.declare(n.as_str());
                    }
                    target = Some(self.assign_target(c)?)
                }
                Rule::assign_op => op = assign_op(c.as_str()),
                _ => value = Some(self.expr(c)?),
            }
        }
        if let (Some(t), Some(v)) = (&target, &value)
            && let ExprKind::Var(n) = &t.kind
            && op == AssignOp::Set
            && self.looks_numeric(v)
        {
            self.numeric.borrow_mut().insert(n.text.clone());
        }
        Ok(ExprKind::Assign(Box::new(Assign {
            storage,
            target: target.expect("assignment target"),
            op,
            value: value.expect("assigned value"),
        })))
    }

    /// `unbind x`, `isbound x`, `isunbound x`.
    fn binding_filter(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let op = match inner.next().expect("keyword").as_str() {
            "unbind" => BindingOp::Unbind,
            "isbound" => BindingOp::IsBound,
            _ => BindingOp::IsUnbound,
        };
        let target = self.assign_target(inner.next().expect("variable"))?;
        Ok(ExprKind::Binding(op, Box::new(target)))
    }

    /// `sort ["doc"] [min | max] [quiet] F`.
    fn sort_filter(&self, inner: Pairs<Rule>, span: Span) -> Result<ExprKind, ParseError> {
        let mut s = Sort {
            params: Vec::new(),
            doc: None,
            body: Expr::new(ExprKind::Word(Word::True), span),
        };
        for c in inner.skip(1) {
            match c.as_rule() {
                Rule::sort_param => s.params.push(self.seq_param(c)?),
                Rule::string => s.doc = Some(string_value(c)),
                _ => s.body = self.stmt(c)?,
            }
        }
        Ok(ExprKind::Sort(Box::new(s)))
    }

    /// `up`, `diagonal 2 4`, `horizontal X`, ... (distances constant or computed).
    fn direction_filter(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let dir = Direction::from_name(inner.next().expect("direction").as_str())
            .unwrap_or(Direction::AnyDirection);
        let mut range = None;
        let mut bounds = Vec::new();
        let mut arg = None;
        for c in inner {
            match c.as_rule() {
                Rule::range_param => range = Some(self.range(c)?),
                Rule::dir_bounds | Rule::dir_bound => {
                    for b in c.into_inner() {
                        let bspan = span_of(&b);
                        bounds.push(match b.as_rule() {
                            Rule::name => node(ExprKind::Var(name_of(&b)), bspan),
                            _ => node(
                                ExprKind::Number(b.as_str().parse().map_err(|_| {
                                    self.err(ErrorKind::Invalid, bspan, "number out of range")
                                })?),
                                bspan,
                            ),
                        });
                    }
                }
                _ => arg = Some(self.expr(c)?),
            }
        }
        let arg = Box::new(arg.expect("direction operand"));
        Ok(if bounds.is_empty() {
            ExprKind::Direction(dir, range, arg)
        } else {
            ExprKind::DirectionBy(dir, bounds, arg)
        })
    }

    /// `ray (X Y ...)`, `xray (...)`, `between (X Y)`, with optional directions.
    fn ray_filter(&self, mut inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let kind = match inner.next().expect("ray keyword").as_str() {
            "ray" => RayKind::Ray,
            "xray" => RayKind::XRay,
            _ => RayKind::Between,
        };
        let mut directions = Vec::new();
        let mut args = Vec::new();
        for c in inner {
            match c.as_rule() {
                Rule::direction_kw => directions.extend(Direction::from_name(c.as_str())),
                Rule::filter => args.push(self.filter(c)?),
                _ => {}
            }
        }
        Ok(ExprKind::Ray(Box::new(Ray {
            kind,
            directions,
            args,
        })))
    }

    /// `pin from X through Y to Z`.
    fn pin_filter(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let mut parts = Vec::new();
        for c in inner.skip(1).flat_map(Pair::into_inner) {
            let mut cs = c.into_inner();
            let role = match cs.next().expect("pin role").as_str() {
                "from" => PinRole::From,
                "through" => PinRole::Through,
                _ => PinRole::To,
            };
            parts.push((role, self.expr(cs.next().expect("pin operand"))?));
        }
        Ok(ExprKind::Pin(parts))
    }

    /// `while (C) body`.
    fn while_filter(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let mut fs = inner.filter(|c| c.as_rule() == Rule::filter);
        let c = self.filter(fs.next().expect("while condition"))?;
        let b = self.filter(fs.next().expect("while body"))?;
        Ok(ExprKind::While(Box::new(c), Box::new(b)))
    }

    /// `loop body`.
    fn loop_filter(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        Ok(ExprKind::Loop(Box::new(
            self.filter(inner.last().expect("loop body"))?,
        )))
    }

    /// `{ ... }` as a node.
    pub(crate) fn compound(&self, pair: Pair<Rule>) -> Res {
        let span = span_of(&pair);
        let items = pair
            .into_inner()
            .filter(|c| matches!(c.as_rule(), Rule::filter | Rule::implicit_iter))
            .map(|c| self.stmt(c))
            .collect::<Result<_, _>>()?;
        Ok(node(ExprKind::Compound(items), span))
    }

    /// `x` or `D[k]` or `s[i:j]` as an assignment target.
    fn assign_target(&self, pair: Pair<Rule>) -> Res {
        let span = span_of(&pair);
        let mut inner = pair.into_inner();
        let name = name_of(&inner.next().expect("name"));
        let var = node(ExprKind::Var(name.clone()), name.span);
        match inner.next() {
            None => Ok(var),
            Some(ix) => Ok(node(
                ExprKind::Index(Box::new(var), self.index_keys(ix)?),
                span,
            )),
        }
    }

    /// `m n` or `m`.
    fn range(&self, pair: Pair<Rule>) -> Result<Range, ParseError> {
        let span = span_of(&pair);
        let mut nums = Vec::new();
        for c in pair.into_inner() {
            let n: i64 = c
                .as_str()
                .parse()
                .map_err(|_| self.err(ErrorKind::Invalid, span_of(&c), "number out of range"))?;
            nums.push(n);
        }
        Ok(Range {
            min: nums.first().copied().unwrap_or(0),
            max: nums.get(1).copied(),
            span,
        })
    }

    /// `find`'s range written with names: the parameters it makes, and the filter that is
    /// the body instead when a name is not a numeric variable (the numbers before it stay a
    /// range; a second name then is an error).
    fn find_var_range(
        &self,
        pair: Pair<Rule>,
    ) -> Result<(Vec<SeqParam>, Option<Expr>), ParseError> {
        let mut bounds = Vec::new();
        for c in pair.into_inner() {
            let b = c.into_inner().next().expect("bound");
            let e = if b.as_rule() == Rule::signed {
                let n = b.as_str().parse().map_err(|_| {
                    self.err(ErrorKind::Invalid, span_of(&b), "number out of range")
                })?;
                node(ExprKind::Number(n), span_of(&b))
            } else {
                node(ExprKind::Var(name_of(&b)), span_of(&b))
            };
            bounds.push(e);
        }
        let not_numeric = bounds.iter().position(|b| match &b.kind {
            ExprKind::Var(n) => !self.numeric.borrow().contains(&n.text),
            _ => false,
        });
        let Some(at) = not_numeric else {
            return Ok((vec![SeqParam::VarRange(bounds)], None));
        };
        if at + 1 < bounds.len() {
            return Err(self
                .err(
                    ErrorKind::Syntax,
                    bounds[at + 1].span,
                    "unexpected after 'find x'",
                )
                .expecting("a filter"));
        }
        let body = bounds.pop().expect("a bound");
        let params = bounds
            .iter()
            .map(|b| match b.kind {
                ExprKind::Number(n) => SeqParam::Range(Range {
                    min: n,
                    max: None,
                    span: b.span,
                }),
                _ => SeqParam::VarRange(vec![b.clone()]),
            })
            .collect();
        Ok((params, Some(body)))
    }

    /// One parameter of `line`, `path`, `find`, `echo`, `sort`.
    pub(super) fn seq_param(&self, pair: Pair<Rule>) -> Result<SeqParam, ParseError> {
        let p = self.only(pair)?;
        Ok(match p.as_rule() {
            Rule::kw_firstmatch => SeqParam::FirstMatch,
            Rule::kw_lastposition => SeqParam::LastPosition,
            Rule::kw_singlecolor => SeqParam::SingleColor,
            Rule::kw_nestban => SeqParam::NestBan,
            Rule::kw_primary => SeqParam::Primary,
            Rule::kw_secondary => SeqParam::Secondary,
            Rule::kw_quiet => SeqParam::Quiet,
            Rule::kw_verbose => SeqParam::Verbose,
            Rule::kw_keepallbest => SeqParam::KeepAllBest,
            Rule::kw_nosort => SeqParam::NoSort,
            Rule::sort_minmax if p.as_str() == "max" => SeqParam::Max,
            Rule::sort_minmax => SeqParam::Min,
            Rule::max_param => {
                SeqParam::MaxOf(self.filter(p.into_inner().nth(1).expect("max filter"))?)
            }
            Rule::kw_piecepath => SeqParam::PiecePath,
            Rule::kw_all => SeqParam::All,
            Rule::kw_count => SeqParam::Count,
            Rule::focus_param => {
                let mut capture = false;
                let mut set = None;
                for c in p.into_inner() {
                    match c.as_rule() {
                        Rule::kw_capture => capture = true,
                        Rule::kw_focus => {}
                        _ => set = Some(self.expr(c)?),
                    }
                }
                SeqParam::Focus(capture, set.expect("focus set"))
            }
            Rule::title_param => SeqParam::Title(self.expr(p.into_inner().nth(1).expect("title"))?),
            _ => SeqParam::Range(self.range(p)?),
        })
    }

    /// `dash_core`: a bare dash, or a set tied to a dash.
    pub(super) fn dash_core(&self, pair: Pair<Rule>, span: Span) -> Res {
        let mut inner = pair.into_inner();
        let first = inner.next().expect("dash core");
        if first.as_rule() == Rule::bare_dash {
            return self.dash(None, first.into_inner(), span);
        }
        let left = self.expr(first)?;
        self.dash(Some(left), inner, span)
    }

    fn builtin(&self, inner: Pairs<Rule>) -> Result<ExprKind, ParseError> {
        let mut inner = inner;
        let kw = inner.next().expect("builtin keyword");
        let b = Builtin::from_name(kw.as_str()).unwrap_or(Builtin::Str);
        let mut args = Vec::new();
        for c in inner {
            match c.as_rule() {
                Rule::hhdb_word => args.push(Arg::Flag(c.as_str().to_string(), span_of(&c))),
                Rule::string => {
                    let sspan = span_of(&c);
                    args.push(Arg::Filter(node(ExprKind::Str(string_value(c)), sspan)));
                }
                Rule::builtin_flag => args.push(Arg::Flag(c.as_str().to_string(), span_of(&c))),
                // `message quiet`: the only flag CQL 6.2 lets a filter-argument builtin take.
                Rule::message_quiet if b == Builtin::Message => {
                    args.push(Arg::Flag(c.as_str().to_string(), span_of(&c)))
                }
                Rule::message_quiet => {
                    let m = format!("'quiet' is not a parameter of '{}'", kw.as_str());
                    return Err(ParseError::new(ErrorKind::Syntax, self.src, span_of(&c), m));
                }
                Rule::range_param => args.push(Arg::Range(self.range(c)?)),
                Rule::builtin_list => {
                    for f in c.into_inner().filter(|f| f.as_rule() == Rule::filter) {
                        args.push(Arg::Filter(self.filter(f)?));
                    }
                }
                _ => args.push(Arg::Filter(self.expr(c)?)),
            }
        }
        Ok(ExprKind::Builtin(b, args))
    }
}

fn name_of(p: &Pair<Rule>) -> Name {
    Name {
        text: p.as_str().to_string(),
        span: span_of(p),
    }
}

fn storage_of(p: &Pair<Rule>) -> Storage {
    let t = p.as_str();
    if t.starts_with("piece") || t.starts_with('◭') {
        Storage::Piece
    } else if t.starts_with("atomic") {
        Storage::Atomic
    } else if t.starts_with("local") {
        Storage::Local
    } else if t.contains("quiet") {
        Storage::PersistentQuiet
    } else {
        Storage::Persistent
    }
}

fn assign_op(t: &str) -> AssignOp {
    match t {
        "+=" => AssignOp::Add,
        "-=" => AssignOp::Sub,
        "*=" => AssignOp::Mul,
        "/=" => AssignOp::Div,
        "%=" => AssignOp::Rem,
        "|=" => AssignOp::Union,
        "&=" => AssignOp::Intersect,
        "=?" => AssignOp::SetIfPiece,
        _ => AssignOp::Set,
    }
}
