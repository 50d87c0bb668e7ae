//! Syntax tree → filter IR ([`ast_to_ir`]): reads each expression's type from the check
//! ([`Lower::type_of`]: chooses nodes by it and refuses operands of another type; no type is
//! inferred here), resolves squares against the board's geometry, and expands transforms into the `Or` (or, for set filters,
//! `Union`) of their images.
//!
//! [`Lower::lower`] is one match over the syntax tree; each arm calls the file of its concept
//! (the same names as `ir/` and `eval/`): `logic.rs` (`{...}`, `or`, `and`, `if`), `ops.rs`
//! (operators, `min`/`max`), `transforms.rs`, `designators.rs` (`Ra1`, `fen "..."`),
//! `coords.rs` (coordinate squares), `tags.rs` (`result`, `player`, `elo`, `event`, ...),
//! `moves.rs` (`move ...`, `countmoves`), `state.rs` (variables, iteration, `sort`, keywords
//! with arguments), `navigation.rs` (`find`, `:`, `echo`), `line.rs`, `path.rs`,
//! `geometry.rs`, `strings.rs`, `tree_words.rs`, `prog.rs` (`while`, `loop`, dictionaries,
//! persistent variables), `words.rs` (`position N`, `while (s ~~ re)`, `x =? S`,
//! `pathdebug`, `makesquare`), `run_words.rs`,
//! `hhdb.rs`, `cqli.rs` (CQLi words refused), `scope.rs` (names, user functions). Where two
//! concepts share a node kind (a variable that may name a dictionary), the arm asks them in
//! order; a function returning `Option` answers None for what it does not take.
//!
//! A transform is expanded by lowering its argument once per basic transform, composed with
//! the transforms around it (`flipcolor flip F` gives 16 images). Square literals move with
//! the transform: the whole board stays put, other sets are moved square by square and lose
//! the squares that leave the board; an image in which a non-empty literal loses all of its
//! squares is dropped, as are images equal to one already produced.
pub mod coords;
mod cqli;
mod designators;
mod geometry;
mod hhdb;
mod line;
mod logic;
mod moves;
mod navigation;
pub(crate) mod ops;
mod path;
mod prog;
mod run_words;
mod scope;
mod state;
mod strings;
mod tags;
mod transforms;
mod tree_words;
mod words;

use crate::ir::{Color, Node, NumProp, PawnStructure, StrProp};
use crate::squares::{Geometry, SquareSet};

use super::Query;
use super::ast::{
    Arg, Ast, BinOp, BindingOp, Builtin, Expr, ExprKind, PrefixOp, Span, Transform, Word,
};
use super::check::{Facts, Type};
use super::error::{ErrorKind, LowerError};
use super::letters::PieceLetters;
use super::transform::Xform;

/// A lowered image: the node, or None when a transform moved a literal off the board (the
/// image is dropped by the nearest enclosing transform). Its type is the check's
/// ([`Lower::type_of`]), not inferred again here.
pub(crate) type Lowered<S> = Result<Option<Node<S>>, LowerError>;

/// Where lowering is: the composed transform, the number of images it stands for, and the
/// basic transforms it was composed of, in nesting order (what `currenttransform` names).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Cx {
    pub xf: Xform,
    pub images: usize,
    pub applied: transforms::Applied,
}

impl Cx {
    /// Outside every transform (or under `notransform`), standing for `images` images.
    pub(crate) fn plain(images: usize) -> Cx {
        Cx {
            xf: Xform::IDENTITY,
            images,
            applied: transforms::Applied::NONE,
        }
    }
}

/// The lowering of one query.
pub(crate) struct Lower<'a> {
    pub geo: Geometry,
    pub src: &'a str,
    /// What the check learned: each variable's type, which lowering reads rather than infers.
    pub facts: &'a Facts,
    /// Variables and functions met so far.
    pub scope: scope::Scope,
    /// The board's piece letters, for `[=...]` designators.
    pub letters: &'a PieceLetters,
    /// Dictionaries and persistent variables met so far.
    pub prog: prog::ProgScope,
    /// The chains of basic transforms met so far (see [`transforms::Applied`]).
    pub applied: transforms::AppliedChains,
    /// `--secure`: the file words (`readfile`, `writefile`, `commandpipe`) are refused.
    pub secure: bool,
    /// The `line` filters being lowered around the current one (see
    /// [`line::LINE_NESTING_LIMIT`]).
    pub lines_open: std::cell::Cell<u32>,
    /// The types of the built-in snippets being lowered ([`Lower::snippet`]: CQL text cqlq
    /// writes, checked when lowered), innermost last.
    pub snippet_types: std::cell::RefCell<Vec<crate::query::check::ExprTypes>>,
}

/// Lowers a checked syntax tree (`facts`: what [`crate::query::check_ast`] learned of it) to
/// the filter IR for a board of `geo` (standard chess's letters;
/// [`crate::query::Program::lower_for`] lowers for a variant's).
pub fn ast_to_ir<S: SquareSet>(
    ast: &Ast,
    facts: &Facts,
    geo: Geometry,
) -> Result<Query<S>, LowerError> {
    lower_query(ast, facts, geo, &PieceLetters::standard(), false)
}

/// Lowers a checked syntax tree for a board of `geo` whose variant's pieces are `letters`
/// (what `[=Cc]` names), refusing the file words when `secure` (`--secure`).
pub(crate) fn lower_query<S: SquareSet>(
    ast: &Ast,
    facts: &Facts,
    geo: Geometry,
    letters: &PieceLetters,
    secure: bool,
) -> Result<Query<S>, LowerError> {
    let l = Lower::new(ast, facts, geo, letters, secure);
    lower_body(&l, ast)
}

impl<'a> Lower<'a> {
    /// The lowering of `ast` (checked: `facts`) for a board of `geo` whose pieces are
    /// `letters`, refusing the file words when `secure`.
    fn new(
        ast: &'a Ast,
        facts: &'a Facts,
        geo: Geometry,
        letters: &'a PieceLetters,
        secure: bool,
    ) -> Lower<'a> {
        Lower {
            geo,
            src: &ast.source.0,
            facts,
            scope: Default::default(),
            letters,
            prog: Default::default(),
            applied: Default::default(),
            secure,
            lines_open: Default::default(),
            snippet_types: Default::default(),
        }
    }
}

/// Lowers the body of `ast` with `l`: its filters and-ed, wrapped in what the program keeps.
fn lower_body<S: SquareSet>(l: &Lower, ast: &Ast) -> Result<Query<S>, LowerError> {
    let cx = Cx::plain(1);
    l.prescan_dictionaries(&ast.body);
    let mut nodes = Vec::new();
    for e in &ast.body {
        if let Some(n) = l.lower(e, cx)? {
            nodes.push(n);
        }
    }
    let filter = match nodes.len() {
        0 => Node::True,
        1 => nodes.remove(0),
        _ => Node::And(nodes),
    };
    let filter = l.wrap_program(filter);
    Ok(Query {
        header: ast.header.clone(),
        filter,
    })
}

/// Unwraps a lowered image, passing a dropped image up.
macro_rules! img {
    ($e:expr) => {
        match $e? {
            Some(v) => v,
            None => return Ok(None),
        }
    };
}
pub(crate) use img;

/// A keyword with arguments being lowered (`ExprKind::Builtin`): the expression (for its
/// errors), the keyword, its arguments and, of those, the filters.
pub(crate) struct KeywordCall<'e> {
    /// The whole expression.
    pub(crate) e: &'e Expr,
    /// The keyword.
    pub(crate) b: Builtin,
    /// Its arguments as written.
    pub(crate) args: &'e [Arg],
    /// The arguments that are filters, in order.
    pub(crate) filters: Vec<&'e Expr>,
}

impl Lower<'_> {
    /// An error at `span`.
    pub fn err(&self, kind: ErrorKind, span: Span, message: impl Into<String>) -> LowerError {
        LowerError::new(kind, self.src, span, message)
    }

    /// "missing argument": the keyword `e` is written without an argument it needs.
    pub(super) fn missing_argument(&self, e: &Expr) -> LowerError {
        self.err(ErrorKind::Syntax, e.span, "missing argument")
    }

    /// Filter argument `i` of keyword `b` (`filters`, the filter arguments of `e`) lowered
    /// as a `want`; "missing argument" when there is none.
    pub(super) fn nth_argument<S: SquareSet>(
        &self,
        e: &Expr,
        b: Builtin,
        filters: &[&Expr],
        i: usize,
        want: Type,
        cx: Cx,
    ) -> Result<Option<Node<S>>, LowerError> {
        match filters.get(i) {
            Some(x) => self.typed(x, cx, want, b.name()),
            None => Err(self.missing_argument(e)),
        }
    }

    /// `cqlq does not evaluate 'WORD' yet` (with what is missing, when given).
    pub(super) fn unsupported(&self, e: &Expr, what: &str) -> LowerError {
        let word = crate::query::names::expr_word(&e.kind);
        let m = if what.is_empty() {
            format!("cqlq does not evaluate '{word}' yet")
        } else {
            format!("cqlq does not evaluate {what} ('{word}') yet")
        };
        self.err(ErrorKind::Unsupported, e.span, m)
    }

    /// Lowers `e` and checks that its value (the check's type: [`Lower::type_of`]) has type
    /// `want`; `what` names the operator.
    pub fn typed<S: SquareSet>(
        &self,
        e: &Expr,
        cx: Cx,
        want: Type,
        what: &str,
    ) -> Result<Option<Node<S>>, LowerError> {
        let n = img!(self.lower(e, cx));
        let ty = self.type_of(e)?;
        if ty != want {
            let m = format!(
                "{what} needs {}, but this is {}",
                want.describe_long(),
                ty.describe_long()
            );
            return Err(self.err(ErrorKind::Type, e.span, m));
        }
        Ok(Some(n))
    }

    /// Lowers one filter under the transform context `cx`: one arm per kind of node, each
    /// calling the file of its concept (see the module doc).
    pub fn lower<S: SquareSet>(&self, e: &Expr, cx: Cx) -> Lowered<S> {
        let span = e.span;
        match &e.kind {
            // logic.rs
            ExprKind::Compound(items) => self.compound(items, cx),
            ExprKind::Or(items) | ExprKind::And(items) => self.connective(e, items, cx),
            ExprKind::Not(a) => self.not(a, cx),
            ExprKind::If(c, a, b) => self.if_filter(c, a, b.as_deref(), cx),
            // transforms.rs, prog.rs (`T count F`, `rotate45 F`)
            ExprKind::Transform(t, true, arg) => self.count_images(*t, arg, e, cx),
            ExprKind::Transform(Transform::Rotate45, false, arg) => self.rotate45(arg, false, cx),
            ExprKind::Transform(t, false, arg) => self.expand(*t, arg, span, cx),
            // ops.rs (`#D` of a dictionary: prog.rs)
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, span, cx),
            ExprKind::Prefix(op, a) => match op {
                PrefixOp::Count => self.dict_count(a),
                _ => None,
            }
            .unwrap_or_else(|| self.prefix(*op, a, cx)),
            ExprKind::MinMax(max, args) => self.min_max(*max, args, cx),
            // designators.rs, coords.rs
            ExprKind::Pieces(d) if d.coords.is_some() => self.coord_designator(d, span, cx),
            ExprKind::Pieces(d) => self.designator(d, span, cx),
            ExprKind::Fen(None) => Ok(Some(Node::StrProp(StrProp::CurrentFen))),
            ExprKind::Fen(Some((text, span))) => self.placement(text, *span, cx),
            // literals
            ExprKind::Number(n) => Ok(Some(Node::Number(*n))),
            ExprKind::Str(s) => Ok(Some(Node::Str(s.clone()))),
            // the words: below
            ExprKind::Word(w) => self.word_filter(e, *w, cx),
            ExprKind::Builtin(b, args) => self.builtin_filter(e, *b, args, cx),
            // tags.rs
            ExprKind::Result(r) => self.result(*r, cx),
            ExprKind::Player(color, text) => self.player(*color, text.as_deref(), cx),
            ExprKind::Elo(c) => Ok(Some(Node::Elo(swap(cx, *c)))),
            ExprKind::Tag(tw, text) => self.tag(*tw, text.as_deref()),
            // moves.rs
            ExprKind::Move(params) => self.move_or_comment(e, params, cx),
            ExprKind::Dash(d) => self.dash(e, d, cx),
            ExprKind::Capture(n) => self.capture(*n),
            // state.rs, scope.rs (a dictionary: prog.rs; `x =? S`: words.rs)
            ExprKind::Var(name) => self.dict_var(e).unwrap_or_else(|| self.var(e, name, cx)),
            ExprKind::Assign(a) => self
                .assign_if_piece(e, a, cx)
                .or_else(|| self.assign_prog(e, a, cx))
                .unwrap_or_else(|| self.assign(e, a, cx)),
            ExprKind::Binding(op, target) => match op {
                BindingOp::Unbind => self.dict_unbind(target, cx),
                _ => None,
            }
            .unwrap_or_else(|| self.binding(e, *op, target)),
            ExprKind::Index(base, keys) => self
                .dict_get(e, base, keys, cx)
                .unwrap_or_else(|| self.index_strs(e, base, keys, cx)),
            ExprKind::Dictionary(d) => self.dictionary_decl(d),
            ExprKind::Function(def) => self.function_def(def),
            ExprKind::Call(name, args) => self.call(e, &name.text, args, cx),
            ExprKind::Iterate(it) => self
                .dict_iterate(e, it, cx)
                .unwrap_or_else(|| self.iterate(e, it, cx)),
            ExprKind::Sort(s) => self.sort(e, s, cx),
            // navigation.rs
            ExprKind::Find(f) => self.find(e, f, cx),
            ExprKind::At(p, f) => self.at(p, f, cx),
            ExprKind::Echo(echo) => self.echo(e, echo, cx),
            // line.rs, path.rs
            ExprKind::Line(l) => self.line(l, cx),
            ExprKind::Path(p) => self.path(e, p, cx),
            // geometry.rs (`up N X` with a computed distance: prog.rs)
            ExprKind::Direction(d, range, x) => self.direction(d, range, x, cx),
            ExprKind::DirectionBy(d, bounds, x) => self.direction_by(*d, bounds, x, e, cx),
            ExprKind::Ray(r) => self.ray(e, r, cx),
            ExprKind::Pin(parts) => self.pin(parts, cx),
            // prog.rs (`while (s ~~ re)`: words.rs)
            ExprKind::While(test, body)
                if matches!(test.kind, ExprKind::Binary(BinOp::Regex, ..)) =>
            {
                self.regex_while(e, test, body, cx)
            }
            ExprKind::While(test, body) => self.while_loop(test, body, cx),
            ExprKind::Loop(body) => self.loop_filter(body, cx),
        }
    }

    /// A word without arguments, by the concept that lowers it.
    fn word_filter<S: SquareSet>(&self, e: &Expr, w: Word, cx: Cx) -> Lowered<S> {
        match w {
            // words.rs
            Word::CurrentTransform => self.current_transform(e, cx),
            Word::PathDebug => self.path_debug(),
            // cqli.rs
            Word::SavePosition => Err(self.cqli_refusal(e, "saveposition")),
            Word::CurrentMutation => Err(self.cqli_refusal(e, "currentmutation")),
            // run_words.rs
            Word::LastGameNumber => Ok(Some(Node::LastGameNumber)),
            Word::CqlAbort => {
                let before = &self.src[..e.span.start.min(self.src.len())];
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
                let at = format!("line {line}, column {column}");
                Ok(Some(Node::Abort(at.into())))
            }
            // CQL 6.2 defines the filter `enpassantsquare` by CQL text (pastmove-parse.cpp):
            // the square of the pawn the move just played took en passant, else none.
            Word::EnPassantSquare => {
                let plain = Cx::plain(cx.images);
                let text = "if not enpassant [] else if btm down 1 to else up 1 to";
                Ok(Some(self.snippet(text, plain)?))
            }
            // CQL 6.2's `ExtensionNode`: a reserved filter that never matches.
            Word::Extension => Ok(Some(Node::False)),
            // CQL 6.2's `HhdbHasCookNode`: the game's text holds `<cook`.
            Word::CqlHhdbHasCook => Ok(Some(Node::HhdbCooked)),
            // CQL 6.1's `string x in D body`: the parser reads `string` as a word of its own
            // before the iteration, which the type checker accepts only there.
            Word::StringType => Ok(Some(Node::True)),
            // prog.rs
            Word::Try => self.try_word(),
            Word::Primary => self.primary_word(true),
            Word::Secondary => self.primary_word(false),
            // the position's own words (below), then strings.rs, state.rs, tree_words.rs,
            // path.rs
            _ => match self.word(w, cx) {
                Some(n) => Ok(Some(n)),
                None => self.other_word(e, w),
            },
        }
    }

    /// A keyword with arguments, by the concept that lowers it.
    fn builtin_filter<S: SquareSet>(
        &self,
        e: &Expr,
        b: Builtin,
        args: &[Arg],
        cx: Cx,
    ) -> Lowered<S> {
        let special = match b {
            // words.rs
            Builtin::Position => Some(self.position_by_id(e, args, cx)),
            Builtin::MakeSquare => self.makesquare(args, cx),
            // cqli.rs
            Builtin::CommandPipe => Some(Err(self.cqli_refusal(e, "commandpipe"))),
            Builtin::Imagine => Some(Err(self.cqli_refusal(e, "imagine"))),
            // run_words.rs, strings.rs
            Builtin::Hhdb => self.hhdb_variation_key(args, cx),
            Builtin::CqlAssertVariations => Some(self.assert_variations(e, args)),
            Builtin::SimilarPosition => Some(self.similar_position(e, args, cx)),
            Builtin::Eco | Builtin::EventDate => self.tag_then_filter(b, args, cx),
            // prog.rs
            Builtin::Sqrt | Builtin::Assert | Builtin::Equal | Builtin::Child => {
                self.prog_builtin(b, args, cx)
            }
            _ => None,
        };
        special.unwrap_or_else(|| {
            let call = KeywordCall {
                e,
                b,
                args,
                filters: args.iter().filter_map(Arg::filter).collect(),
            };
            if Self::is_str_builtin(b) {
                self.builtin_strs(&call, cx) // strings.rs
            } else {
                self.builtin(&call, cx) // state.rs
            }
        })
    }

    /// The node of a word without arguments; None for words the evaluator does not run yet.
    fn word<S: SquareSet>(&self, w: Word, cx: Cx) -> Option<Node<S>> {
        Some(match w {
            Word::True => Node::True,
            Word::False => Node::False,
            Word::Check => Node::Check,
            Word::Mate => Node::Mate,
            Word::Stalemate => Node::Stalemate,
            Word::Wtm => Node::ToMove(swap(cx, Color::White)),
            Word::Btm => Node::ToMove(swap(cx, Color::Black)),
            Word::SideToMove => Node::Num(NumProp::SideToMove),
            Word::White | Word::Black => {
                let c = swap(
                    cx,
                    if w == Word::White {
                        Color::White
                    } else {
                        Color::Black
                    },
                );
                Node::Number(if c == Color::White { 1 } else { -1 })
            }
            Word::Initial => Node::Initial,
            Word::Terminal => Node::Terminal,
            Word::CurrentFen => Node::StrProp(StrProp::CurrentFen),
            Word::StandardFen => Node::StrProp(StrProp::StandardFen),
            Word::ZobristKey => Node::StrProp(StrProp::ZobristKey),
            Word::HalfmoveClock => Node::Num(NumProp::HalfmoveClock),
            Word::MoveNumber => Node::Num(NumProp::MoveNumber),
            Word::Ply => Node::Num(NumProp::Ply),
            Word::GameNumber => Node::Num(NumProp::GameNumber),
            Word::ConnectedPawns => Node::Pawns(PawnStructure::Connected),
            Word::DoubledPawns => Node::Pawns(PawnStructure::Doubled),
            Word::IsolatedPawns => Node::Pawns(PawnStructure::Isolated),
            Word::PassedPawns => Node::Pawns(PawnStructure::Passed),
            Word::PromotedPieces => Node::PromotedPieces,
            _ => return None,
        })
    }
}

/// `c`, or the other colour when `cx` swaps colours.
pub(super) fn swap(cx: Cx, c: Color) -> Color {
    if cx.xf.swap { c.other() } else { c }
}
