//! Syntax tree → filter IR ([`ast_to_ir`]): checks the types of arguments, resolves squares
//! against the board's geometry, and expands transforms into the `Or` (or, for set filters,
//! `Union`) of their images.
//!
//! A transform is expanded by lowering its argument once per basic transform, composed with
//! the transforms around it (`flipcolor flip F` gives 16 images). Square literals move with
//! the transform: the whole board stays put, other sets are moved square by square and lose
//! the squares that leave the board; an image in which a non-empty literal loses all of its
//! squares is dropped, as are images equal to one already produced.

pub mod coords;
mod cqli;
mod geometry;
mod hhdb;
mod line;
mod moves;
pub(crate) mod ops;
mod path;
mod prog;
mod run_words;
mod scope;
mod state;
mod strings;
mod tree_words;
mod words;

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::hash::{DefaultHasher, Hasher};

use crate::ir::{
    CastleKind, Color, GameResult, MoveFilter, MoveSource, MoveYield, Node, NumProp, PawnStructure,
    PieceKinds, StrProp, TagName,
};
use crate::squares::{Geometry, SquareSet};

use super::ast::{Ast, Expr, ExprKind, MoveParamKind, Span, TagWord, Transform, Word};
use super::error::{ErrorKind, QueryError};
use super::letters::PieceLetters;
use super::literal::{kinds_of, parse_fen_placement, range_coords, square_name};
use super::transform::{Xform, group};
use super::check::Type;
use super::Query;

/// Most transform images along one nesting path (`shift flip flipcolor` has 3,600).
const MAX_IMAGES: usize = 4096;
/// Most syntax-tree nodes lowered for one transform (images × size of the argument).
const MAX_EXPANDED: usize = 500_000;

/// A lowered image: the node and its type, or None when a transform moved a literal off the
/// board (the image is dropped by the nearest enclosing transform).
pub(crate) type Lowered<S> = Result<Option<(Node<S>, Type)>, QueryError>;

/// Where lowering is: the composed transform and the number of images it stands for.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Cx {
    pub xf: Xform,
    pub images: usize,
}

/// The lowering of one query.
pub(crate) struct Lower<'a> {
    pub geo: Geometry,
    pub src: &'a str,
    /// Variables and functions met so far.
    pub scope: scope::Scope,
    /// The board's piece letters, for `[=...]` designators.
    pub letters: &'a PieceLetters,
    /// Dictionaries and persistent variables met so far.
    pub prog: prog::ProgScope,
    /// `--secure`: the file words (`readfile`, `writefile`, `commandpipe`) are refused.
    pub secure: bool,
}

/// Lowers a syntax tree to the filter IR for a board of `geo` (standard chess's letters).
pub fn ast_to_ir<S: SquareSet>(ast: &Ast, geo: Geometry) -> Result<Query<S>, QueryError> {
    ast_to_ir_for(ast, geo, &PieceLetters::standard())
}

/// Lowers a syntax tree to the filter IR for a board of `geo` whose variant's pieces are
/// `letters` (what `[=Cc]` names).
pub fn ast_to_ir_for<S: SquareSet>(
    ast: &Ast,
    geo: Geometry,
    letters: &PieceLetters,
) -> Result<Query<S>, QueryError> {
    lower_query(ast, geo, letters, false)
}

/// [`ast_to_ir_for`], refusing the file words when `secure` (`--secure`).
pub(crate) fn lower_query<S: SquareSet>(
    ast: &Ast,
    geo: Geometry,
    letters: &PieceLetters,
    secure: bool,
) -> Result<Query<S>, QueryError> {
    let l = Lower {
        geo,
        src: &ast.source.0,
        scope: Default::default(),
        letters,
        prog: Default::default(),
        secure,
    };
    let cx = Cx {
        xf: Xform::IDENTITY,
        images: 1,
    };
    l.prescan_dictionaries::<S>(&ast.body);
    let mut nodes = Vec::new();
    for e in &ast.body {
        if let Some((n, _)) = l.lower(e, cx)? {
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

impl Lower<'_> {
    /// An error at `span`.
    pub fn err(&self, kind: ErrorKind, span: Span, message: impl Into<String>) -> QueryError {
        QueryError::new(kind, self.src, span, message)
    }

    /// Lowers `e` and checks that its value has type `want`; `what` names the operator.
    pub fn typed<S: SquareSet>(
        &self,
        e: &Expr,
        cx: Cx,
        want: Type,
        what: &str,
    ) -> Result<Option<Node<S>>, QueryError> {
        let (n, ty) = img!(self.lower(e, cx));
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

    /// Lowers one filter under the transform context `cx`.
    pub fn lower<S: SquareSet>(&self, e: &Expr, cx: Cx) -> Lowered<S> {
        if let Some(lowered) = self.lower_words(e, cx) {
            return lowered;
        }
        if let Some(lowered) = self.lower_cqli(e, cx) {
            return lowered;
        }
        if let Some(lowered) = self.lower_run_words(e, cx) {
            return lowered;
        }
        if let Some(lowered) = self.lower_prog(e, cx) {
            return lowered;
        }
        if let Some(rewritten) = moves::generated_move_comment(e) {
            return self.lower(&rewritten, cx);
        }
        let node = match &e.kind {
            ExprKind::Compound(items) => {
                let mut nodes = Vec::new();
                let mut ty = Type::Logical;
                for item in items {
                    let (n, t) = img!(self.lower(item, cx));
                    nodes.push(n);
                    ty = t;
                }
                return Ok(Some(match nodes.len() {
                    0 => (Node::True, Type::Logical),
                    1 => (nodes.remove(0), ty),
                    _ => (Node::And(nodes), ty),
                }));
            }
            ExprKind::Or(items) | ExprKind::And(items) => {
                let mut nodes = Vec::new();
                for item in items {
                    nodes.push(img!(self.lower(item, cx)).0);
                }
                let or = matches!(e.kind, ExprKind::Or(_));
                (
                    if or {
                        Node::Or(nodes)
                    } else {
                        Node::And(nodes)
                    },
                    Type::Logical,
                )
            }
            ExprKind::Not(a) => (Node::Not(Box::new(img!(self.lower(a, cx)).0)), Type::Logical),
            ExprKind::If(c, a, b) => {
                let c = img!(self.lower(c, cx)).0;
                let (a, ta) = img!(self.lower(a, cx));
                let (b, ty) = match b {
                    Some(b) => {
                        let (b, tb) = img!(self.lower(b, cx));
                        (Some(Box::new(b)), if ta == tb { ta } else { Type::Logical })
                    }
                    None => (None, ta),
                };
                (Node::If(Box::new(c), Box::new(a), b), ty)
            }
            ExprKind::Transform(Transform::Rotate45, ..) => {
                return Err(not_evaluated(self, e));
            }
            ExprKind::Transform(t, count, arg) => {
                if *count {
                    let m = format!(
                        "'{} count' (counting matching transforms) is not supported by cqlq yet",
                        t.name()
                    );
                    return Err(self.err(ErrorKind::Unsupported, e.span, m));
                }
                return self.expand(*t, arg, e.span, cx);
            }
            ExprKind::Binary(op, a, b) => return self.binary(*op, a, b, e.span, cx),
            ExprKind::Prefix(op, a) => return self.prefix(*op, a, cx),
            ExprKind::MinMax(max, args) => {
                let what = if *max { "'max'" } else { "'min'" };
                let mut nodes = Vec::new();
                for a in args {
                    nodes.push(img!(self.typed(a, cx, Type::Number, what)));
                }
                (
                    if *max {
                        Node::Max(nodes)
                    } else {
                        Node::Min(nodes)
                    },
                    Type::Number,
                )
            }
            ExprKind::Pieces(d) if d.coords.is_some() => {
                return self.coord_designator(d, e.span, cx);
            }
            ExprKind::Pieces(d) => {
                let kinds = self.designator_kinds(d, e.span)?;
                let squares = match &d.squares {
                    None => S::full(self.geo),
                    Some(ranges) => match range_coords(self.geo, ranges) {
                        Ok(coords) => S::from_coords(self.geo, coords),
                        Err(r) => {
                            let far = square_name(r.files.1, r.ranks.1);
                            let (f, rk) = (self.geo.files, self.geo.ranks);
                            let m =
                                format!("square {far} is off the board ({f} files, {rk} ranks)");
                            return Err(self.err(ErrorKind::Invalid, e.span, m));
                        }
                    },
                };
                match cx.xf.map_set(self.geo, &squares) {
                    Some(s) => (Node::Pieces(cx.xf.kinds(kinds), s), Type::Set),
                    None => return Ok(None),
                }
            }
            ExprKind::Number(n) => (Node::Number(*n), Type::Number),
            ExprKind::Str(s) => (Node::Str(s.clone()), Type::Str),
            ExprKind::Word(w) => match self.word(*w, cx) {
                Some(n) => n,
                None => return self.lower_state(e, cx),
            },
            ExprKind::Fen(None) => (Node::StrProp(StrProp::CurrentFen), Type::Str),
            ExprKind::Fen(Some((text, span))) => (self.placement(text, *span, cx)?, Type::Logical),
            ExprKind::Result(r) => {
                let r = match (cx.xf.swap, r) {
                    (true, GameResult::WhiteWins) => GameResult::BlackWins,
                    (true, GameResult::BlackWins) => GameResult::WhiteWins,
                    (_, r) => *r,
                };
                (Node::Result(r), Type::Logical)
            }
            ExprKind::Player(color, text) => {
                let tag = |c: Color| {
                    if swap(cx, c) == Color::White {
                        TagName::White
                    } else {
                        TagName::Black
                    }
                };
                match (color, text) {
                    (Some(c), None) => (Node::Tag(tag(*c)), Type::Str),
                    (Some(c), Some(t)) => {
                        (Node::TagContains(vec![tag(*c)], t.clone()), Type::Logical)
                    }
                    (None, t) => {
                        let t = t.clone().unwrap_or_default();
                        (
                            Node::TagContains(vec![TagName::White, TagName::Black], t),
                            Type::Logical,
                        )
                    }
                }
            }
            ExprKind::Elo(c) => (Node::Elo(swap(cx, *c)), Type::Number),
            ExprKind::Tag(tw, text) => {
                let tag = match tw {
                    TagWord::Event => TagName::Event,
                    TagWord::Site => TagName::Site,
                    TagWord::Date => TagName::Date,
                };
                match text {
                    None => (Node::Tag(tag), Type::Str),
                    Some(t) => (Node::TagContains(vec![tag], t.clone()), Type::Logical),
                }
            }
            ExprKind::Move(params) => return self.move_filter(params, e.span, cx),
            _ => return self.lower_state(e, cx),
        };
        Ok(Some(node))
    }

    /// `T F`: the images of `arg` under each basic transform of `t`, composed with `cx`.
    fn expand<S: SquareSet>(&self, t: Transform, arg: &Expr, span: Span, cx: Cx) -> Lowered<S> {
        if t == Transform::NoTransform {
            return self.lower(
                arg,
                Cx {
                    xf: Xform::IDENTITY,
                    images: cx.images,
                },
            );
        }
        let elements = group(t, self.geo);
        let images = cx.images.saturating_mul(elements.len());
        if images > MAX_IMAGES || images.saturating_mul(arg.size()) > MAX_EXPANDED {
            let m = format!(
                "nested transforms expand to more than {MAX_IMAGES} images or {MAX_EXPANDED} filters"
            );
            return Err(self.err(ErrorKind::TooComplex, span, m));
        }
        let mut nodes: Vec<Node<S>> = Vec::new();
        // Fingerprints of `nodes`, so duplicates are found without comparing every pair.
        let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
        let mut ty = None;
        for g in elements {
            if let Some((n, t)) = self.lower(
                arg,
                Cx {
                    xf: cx.xf.compose(g),
                    images,
                },
            )? {
                ty.get_or_insert(t);
                // The images of a nested transform join this one's list.
                let parts = match n {
                    Node::Union(v) if t == Type::Set => v,
                    Node::Or(v) if t != Type::Set => v,
                    n => vec![n],
                };
                for n in parts {
                    let same = seen.entry(fingerprint(&n)).or_default();
                    if !same.iter().any(|&i| nodes[i] == n) {
                        same.push(nodes.len());
                        nodes.push(n);
                    }
                }
            }
        }
        let Some(ty) = ty else { return Ok(None) };
        Ok(Some(match nodes.len() {
            1 => (nodes.remove(0), ty),
            _ if ty == Type::Set => (Node::Union(nodes), ty),
            _ => (Node::Or(nodes), ty),
        }))
    }

    /// The node of a word without arguments; None for words the evaluator does not run yet.
    fn word<S: SquareSet>(&self, w: Word, cx: Cx) -> Option<(Node<S>, Type)> {
        Some(match w {
            Word::True => (Node::True, Type::Logical),
            Word::False => (Node::False, Type::Logical),
            Word::Check => (Node::Check, Type::Logical),
            Word::Mate => (Node::Mate, Type::Logical),
            Word::Stalemate => (Node::Stalemate, Type::Logical),
            Word::Wtm => (Node::ToMove(swap(cx, Color::White)), Type::Logical),
            Word::Btm => (Node::ToMove(swap(cx, Color::Black)), Type::Logical),
            Word::SideToMove => (Node::Num(NumProp::SideToMove), Type::Number),
            Word::White | Word::Black => {
                let c = swap(
                    cx,
                    if w == Word::White {
                        Color::White
                    } else {
                        Color::Black
                    },
                );
                (
                    Node::Number(if c == Color::White { 1 } else { -1 }),
                    Type::Number,
                )
            }
            Word::Initial => (Node::Initial, Type::Logical),
            Word::Terminal => (Node::Terminal, Type::Logical),
            Word::CurrentFen => (Node::StrProp(StrProp::CurrentFen), Type::Str),
            Word::StandardFen => (Node::StrProp(StrProp::StandardFen), Type::Str),
            Word::ZobristKey => (Node::StrProp(StrProp::ZobristKey), Type::Str),
            Word::HalfmoveClock => (Node::Num(NumProp::HalfmoveClock), Type::Number),
            Word::MoveNumber => (Node::Num(NumProp::MoveNumber), Type::Number),
            Word::Ply => (Node::Num(NumProp::Ply), Type::Number),
            Word::GameNumber => (Node::Num(NumProp::GameNumber), Type::Number),
            Word::ConnectedPawns => (Node::Pawns(PawnStructure::Connected), Type::Set),
            Word::DoubledPawns => (Node::Pawns(PawnStructure::Doubled), Type::Set),
            Word::IsolatedPawns => (Node::Pawns(PawnStructure::Isolated), Type::Set),
            Word::PassedPawns => (Node::Pawns(PawnStructure::Passed), Type::Set),
            Word::PromotedPieces => (Node::PromotedPieces, Type::Set),
            _ => return None,
        })
    }

    /// `fen "..."`: the pattern must fit the board exactly; it is reflected and colour-swapped
    /// with the transforms around it, but not shifted.
    fn placement<S: SquareSet>(
        &self,
        text: &str,
        span: Span,
        cx: Cx,
    ) -> Result<Node<S>, QueryError> {
        let pattern = parse_fen_placement(text).map_err(|m| {
            self.err(
                ErrorKind::Invalid,
                span,
                format!("invalid FEN placement: {m}"),
            )
        })?;
        let (files, ranks) = (
            usize::from(self.geo.frame().0),
            usize::from(self.geo.frame().1),
        );
        if pattern.ranks.len() != ranks || pattern.width() != files {
            let m = format!(
                "invalid FEN placement: {} ranks of {} squares, but the board has {ranks} ranks of {files}",
                pattern.ranks.len(),
                pattern.width()
            );
            return Err(self.err(ErrorKind::Invalid, span, m));
        }
        let mut groups: Vec<(PieceKinds, Vec<_>)> = Vec::new();
        for (kinds, c) in pattern.cells(self.geo) {
            let (kinds, c) = (cx.xf.kinds(kinds), cx.xf.map(self.geo, c, false));
            match groups.iter_mut().find(|(k, _)| *k == kinds) {
                Some((_, v)) => v.push(c),
                None => groups.push((kinds, vec![c])),
            }
        }
        groups.sort_by_key(|(k, _)| (k.white, k.black, k.empty));
        Ok(Node::Placement(
            groups
                .into_iter()
                .map(|(k, v)| (k, S::from_coords(self.geo, v)))
                .collect(),
        ))
    }

    /// `move ...`: the parameters in any order; what it yields depends on the first one.
    fn move_filter<S: SquareSet>(
        &self,
        params: &[super::ast::MoveParam],
        span: Span,
        cx: Cx,
    ) -> Lowered<S> {
        let mut f = MoveFilter::any(MoveSource::Played);
        let (mut source_set, mut count, mut first) = (false, false, None);
        let mut seen: Vec<&'static str> = Vec::new();
        let mut extras: Vec<&super::ast::MoveParam> = Vec::new();
        for p in params {
            let name = ops::move_param_name(&p.kind);
            let dup = seen.contains(&name)
                || (matches!(name, "castle" | "o-o" | "o-o-o")
                    && seen
                        .iter()
                        .any(|s| matches!(*s, "castle" | "o-o" | "o-o-o")));
            if dup {
                return Err(self.err(
                    ErrorKind::Syntax,
                    p.span,
                    format!("'{name}' conflicts with an earlier parameter of this move filter"),
                ));
            }
            seen.push(name);
            let mut set_source = |s: MoveSource| -> Result<(), QueryError> {
                if std::mem::replace(&mut source_set, true) {
                    let m = "only one of 'legal', 'pseudolegal' and 'previous' may be given";
                    return Err(self.err(ErrorKind::Syntax, p.span, m));
                }
                f.source = s;
                Ok(())
            };
            match &p.kind {
                MoveParamKind::Legal => set_source(MoveSource::Legal)?,
                MoveParamKind::PseudoLegal => set_source(MoveSource::PseudoLegal)?,
                MoveParamKind::Previous => set_source(MoveSource::Previous)?,
                MoveParamKind::Reverse => {
                    self.reverse_board(p.span)?;
                    set_source(MoveSource::Reverse)?
                }
                MoveParamKind::Count => count = true,
                kind => {
                    first.get_or_insert(name);
                    match kind {
                        MoveParamKind::From(x) => {
                            f.from = Some(Box::new(img!(self.typed(x, cx, Type::Set, "'from'"))))
                        }
                        MoveParamKind::To(x) => {
                            f.to = Some(Box::new(img!(self.typed(x, cx, Type::Set, "'to'"))))
                        }
                        MoveParamKind::Capture(x) => {
                            f.capture =
                                Some(Box::new(img!(self.typed(x, cx, Type::Set, "'capture'"))));
                        }
                        MoveParamKind::Promote(x) => {
                            f.promote = Some(cx.xf.kinds(self.promote_kinds(x)?))
                        }
                        MoveParamKind::Drop(x) => {
                            f.drop = Some(cx.xf.kinds(self.promote_kinds(x)?))
                        }
                        MoveParamKind::EnPassant => f.enpassant = true,
                        MoveParamKind::Castle => f.castle = Some(CastleKind::Any),
                        MoveParamKind::KingSide => f.castle = Some(CastleKind::KingSide),
                        MoveParamKind::QueenSide => f.castle = Some(CastleKind::QueenSide),
                        MoveParamKind::Null => f.null = true,
                        // primary, secondary, comment, `: F`, reverse (lower_tree_words.rs)
                        _ => extras.push(p),
                    }
                }
            }
        }
        let generated = [
            MoveSource::Legal,
            MoveSource::PseudoLegal,
            MoveSource::Reverse,
        ];
        if count && !generated.contains(&f.source) {
            let m = "'move count' needs 'legal', 'pseudolegal' or 'reverse'";
            return Err(self.err(ErrorKind::Syntax, span, m));
        }
        f.yields = match (count, first) {
            (true, _) => MoveYield::Count,
            (false, Some("to")) => MoveYield::To,
            (false, Some("capture")) => MoveYield::Capture,
            _ => MoveYield::From,
        };
        // Without from, to or capture the filter only matches: it has no set value.
        let ty = match (
            count,
            f.from.is_some() || f.to.is_some() || f.capture.is_some(),
        ) {
            (true, _) => Type::Number,
            (false, true) => Type::Set,
            (false, false) => Type::Logical,
        };
        if !extras.is_empty() {
            return self.move_ext(f, ty, &extras, cx);
        }
        Ok(Some((Node::Move(f), ty)))
    }

    /// The kinds a designator admits: its CQL letters (all pieces and empty squares when it
    /// has none) and its fairy letters `[=Cc]`, resolved with the board's [`PieceLetters`].
    pub fn designator_kinds(
        &self,
        d: &super::ast::Designator,
        span: Span,
    ) -> Result<PieceKinds, QueryError> {
        let mut kinds = d.pieces.as_deref().map_or(
            PieceKinds {
                white: u32::MAX,
                black: u32::MAX,
                empty: true,
            },
            kinds_of,
        );
        for letter in &self.letters.group(&d.fairy) {
            let Some(k) = self.letters.kinds(letter) else {
                let m = format!(
                    "{} has no piece written '{letter}' (its FEN letters: {})",
                    self.letters.variant,
                    self.letters.known()
                );
                return Err(self.err(ErrorKind::Invalid, span, m));
            };
            kinds = PieceKinds {
                white: kinds.white | k.white,
                black: kinds.black | k.black,
                empty: kinds.empty || k.empty,
            };
        }
        Ok(kinds)
    }

    fn promote_kinds(&self, x: &Expr) -> Result<PieceKinds, QueryError> {
        match &x.kind {
            ExprKind::Pieces(d) if d.squares.is_none() => self.designator_kinds(d, x.span),
            _ => Err(self.err(
                ErrorKind::Type,
                x.span,
                "'promote' takes piece letters without squares, e.g. promote [RBN]",
            )),
        }
    }
}

/// A hash of a node's `{:?}` text, computed without building the text.
fn fingerprint<S: SquareSet>(n: &Node<S>) -> u64 {
    struct HashWriter(DefaultHasher);
    impl fmt::Write for HashWriter {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0.write(s.as_bytes());
            Ok(())
        }
    }
    let mut w = HashWriter(DefaultHasher::new());
    let _ = write!(w, "{n:?}");
    w.0.finish()
}

/// `c`, or the other colour when `cx` swaps colours.
fn swap(cx: Cx, c: Color) -> Color {
    if cx.xf.swap { c.other() } else { c }
}

/// `cqlq does not evaluate 'WORD' yet`: a construct CQL accepts whose evaluation is missing.
fn not_evaluated(l: &Lower, e: &Expr) -> QueryError {
    let word = super::names::expr_word(&e.kind);
    // The caret goes under the word when the node starts with it (`find` of `find mate`).
    let starts_with_word = l
        .src
        .get(e.span.start..)
        .is_some_and(|rest| rest.starts_with(word.as_str()));
    let span = if starts_with_word {
        Span::new(e.span.start, e.span.start + word.len())
    } else {
        e.span
    };
    l.err(
        ErrorKind::Unsupported,
        span,
        format!("cqlq does not evaluate '{word}' yet"),
    )
}
