//! The CQL 6 syntax tree: what [`super::cql_to_ast`] builds and [`super::ast_to_ir`] lowers.
//!
//! It keeps the query's shape (a transform is still one node, `white` is still the word
//! `white`) and a byte span for every node, so lowering can point at the offending text.
//! `{:#?}` prints the derived tree; `{}` prints a compact s-expression (for `--parse`).

use std::fmt;

use crate::ir::{ArithOp, CmpOp, Color, GameResult};

use super::Header;

/// A byte range of the query text.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A parsed query: the optional `cql(...)` header and the body's filters (implicitly and-ed).
#[derive(Clone, Debug, PartialEq)]
pub struct Ast {
    /// The `cql(...)` parameters (empty without a header).
    pub header: Header,
    /// The body's filters, in order.
    pub body: Vec<Expr>,
    /// The text it was parsed from (for error positions when lowering).
    pub source: SourceText,
}

/// The query text a tree was parsed from; `{:?}` shows only its length.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct SourceText(pub String);

impl fmt::Debug for SourceText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{} bytes>", self.0.len())
    }
}

/// One filter of the syntax tree, with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
}

/// The kinds of filters.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// `{ a b ... }`: all must match; the value is the last one's.
    Compound(Vec<Expr>),
    /// `a or b or ...`
    Or(Vec<Expr>),
    /// `a and b and ...`
    And(Vec<Expr>),
    /// `not a`
    Not(Box<Expr>),
    /// `if c [then] a [else b]`
    If(Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    /// A transform applied to a filter: `flipcolor F`, `shift F`, ...; `count` is recorded so
    /// lowering can say it is not supported.
    Transform(Transform, bool, Box<Expr>),
    /// An infix operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// A prefix operator or one-argument filter.
    Prefix(PrefixOp, Box<Expr>),
    /// `max(a b ...)` (true) or `min(a b ...)` (false).
    MinMax(bool, Vec<Expr>),
    /// A piece designator: `Ra1`, `[Qq]`, `a-h1-8`, `.`.
    Pieces(Designator),
    /// An integer literal.
    Number(i64),
    /// A string literal (escapes `\"` resolved).
    Str(String),
    /// A filter without arguments: `check`, `wtm`, `white`, ...
    Word(Word),
    /// `fen` (None) or `fen "placement"`, with the string's span.
    Fen(Option<(String, Span)>),
    /// `result 1-0`, ...
    Result(GameResult),
    /// `player white`, `player black` (no text: the tag's value), `player "x"` (no colour:
    /// either player), `player white "x"`.
    Player(Option<Color>, Option<String>),
    /// `elo white`, `elo black`
    Elo(Color),
    /// `event`, `site`, `date`, optionally followed by a text the tag must contain.
    Tag(TagWord, Option<String>),
    /// `move` with its parameters, in source order.
    Move(Vec<MoveParam>),
}

/// The transform filters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Transform {
    /// `flipcolor` (glyph `⬓`): identity and colour swap with the rank mirror.
    FlipColor,
    /// `reversecolor`: only the colour swap.
    ReverseColor,
    /// `flip`, `flipdihedral` (glyph `✵`): the 8 symmetries of the board.
    Flip,
    /// `fliphorizontal`: reflection about the horizontal bisector (rank 1 ↔ rank 8).
    FlipHorizontal,
    /// `flipvertical`: reflection about the vertical bisector (a-file ↔ h-file).
    FlipVertical,
    /// `rotate90`: rotations by 0, 90, 180 and 270 degrees.
    Rotate90,
    /// `shift`: all translations.
    Shift,
    /// `shifthorizontal`: translations along the ranks.
    ShiftHorizontal,
    /// `shiftvertical`: translations along the files.
    ShiftVertical,
    /// `notransform`: shields its argument from enclosing transforms.
    NoTransform,
}

impl Transform {
    /// The CQL spelling.
    pub fn name(self) -> &'static str {
        match self {
            Transform::FlipColor => "flipcolor",
            Transform::ReverseColor => "reversecolor",
            Transform::Flip => "flip",
            Transform::FlipHorizontal => "fliphorizontal",
            Transform::FlipVertical => "flipvertical",
            Transform::Rotate90 => "rotate90",
            Transform::Shift => "shift",
            Transform::ShiftHorizontal => "shifthorizontal",
            Transform::ShiftVertical => "shiftvertical",
            Transform::NoTransform => "notransform",
        }
    }
}

/// Infix operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `|` (`∪`)
    Union,
    /// `&` (`∩`)
    Intersect,
    /// `in` (`∊`)
    In,
    /// `< <= > >= == !=`
    Cmp(CmpOp),
    /// `+ - * / %`
    Arith(ArithOp),
    /// `attacks`, `attack`, `->` (`→`)
    Attacks,
    /// `attackedby`, `attacked by`, `<-` (`←`)
    AttackedBy,
    /// `~~`
    Regex,
}

/// Prefix operators and one-argument filters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PrefixOp {
    /// `#x`
    Count,
    /// `~x`
    Complement,
    /// `-x`
    Negate,
    /// `abs x`
    Abs,
    /// `power x`
    Power,
    /// `type x`
    Type,
    /// `colortype x`
    ColorType,
}

/// The filters without arguments.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// `true`
    True,
    /// `false`
    False,
    /// `check`
    Check,
    /// `mate`
    Mate,
    /// `stalemate`
    Stalemate,
    /// `wtm`
    Wtm,
    /// `btm`
    Btm,
    /// `sidetomove`
    SideToMove,
    /// `white` (the number 1)
    White,
    /// `black` (the number -1)
    Black,
    /// `initial`
    Initial,
    /// `terminal`
    Terminal,
    /// `currentfen`
    CurrentFen,
    /// `standardfen`
    StandardFen,
    /// `zobristkey`
    ZobristKey,
    /// `halfmoveclock`
    HalfmoveClock,
    /// `movenumber`
    MoveNumber,
    /// `ply`
    Ply,
    /// `gamenumber`
    GameNumber,
    /// `connectedpawns`
    ConnectedPawns,
    /// `doubledpawns`
    DoubledPawns,
    /// `isolatedpawns`
    IsolatedPawns,
    /// `passedpawns`
    PassedPawns,
    /// `promotedpieces`
    PromotedPieces,
}

impl Word {
    /// Every word, with its spelling.
    pub const ALL: [(&'static str, Word); 24] = [
        ("true", Word::True),
        ("false", Word::False),
        ("check", Word::Check),
        ("mate", Word::Mate),
        ("stalemate", Word::Stalemate),
        ("wtm", Word::Wtm),
        ("btm", Word::Btm),
        ("sidetomove", Word::SideToMove),
        ("white", Word::White),
        ("black", Word::Black),
        ("initial", Word::Initial),
        ("terminal", Word::Terminal),
        ("currentfen", Word::CurrentFen),
        ("standardfen", Word::StandardFen),
        ("zobristkey", Word::ZobristKey),
        ("halfmoveclock", Word::HalfmoveClock),
        ("movenumber", Word::MoveNumber),
        ("ply", Word::Ply),
        ("gamenumber", Word::GameNumber),
        ("connectedpawns", Word::ConnectedPawns),
        ("doubledpawns", Word::DoubledPawns),
        ("isolatedpawns", Word::IsolatedPawns),
        ("passedpawns", Word::PassedPawns),
        ("promotedpieces", Word::PromotedPieces),
    ];

    /// The word spelled `text`, if it is one.
    pub fn from_name(text: &str) -> Option<Word> {
        Word::ALL
            .iter()
            .find(|(name, _)| *name == text)
            .map(|&(_, w)| w)
    }

    /// The CQL spelling.
    pub fn name(self) -> &'static str {
        Word::ALL
            .iter()
            .find(|(_, w)| *w == self)
            .map(|&(name, _)| name)
            .unwrap_or("?")
    }
}

/// The game tags with their own filter word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TagWord {
    /// `event`
    Event,
    /// `site`
    Site,
    /// `date`
    Date,
}

/// A piece designator as written: piece letters (None: any content, including empty) and
/// square ranges (None: the whole board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Designator {
    /// The piece characters (`K`..`p`, `A`, `a`, `_`, `.`), glyphs translated to them.
    pub pieces: Option<Vec<char>>,
    /// The square ranges; `Some(vec![])` is `[]`, the empty set.
    pub squares: Option<Vec<SquareRange>>,
    /// The text as written.
    pub text: String,
}

/// `a-h1-8`: files and ranks, 0-based and inclusive (`a` = 0, rank `1` = 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SquareRange {
    /// First and last file.
    pub files: (u8, u8),
    /// First and last rank.
    pub ranks: (u8, u8),
}

/// One parameter of a `move` filter, with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveParam {
    /// Which parameter.
    pub kind: MoveParamKind,
    /// Where it is.
    pub span: Span,
}

/// The parameters of `move`.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveParamKind {
    /// `legal`
    Legal,
    /// `pseudolegal`
    PseudoLegal,
    /// `previous`
    Previous,
    /// `from X`
    From(Expr),
    /// `to X`
    To(Expr),
    /// `capture X`, `captures X`
    Capture(Expr),
    /// `promote P`
    Promote(Expr),
    /// `enpassant`
    EnPassant,
    /// `castle`
    Castle,
    /// `o-o`
    KingSide,
    /// `o-o-o`
    QueenSide,
    /// `null`
    Null,
    /// `count`
    Count,
}

impl Expr {
    /// The direct sub-filters, in source order.
    pub fn children(&self) -> Vec<&Expr> {
        match &self.kind {
            ExprKind::Compound(v) | ExprKind::Or(v) | ExprKind::And(v) | ExprKind::MinMax(_, v) => {
                v.iter().collect()
            }
            ExprKind::Not(a) | ExprKind::Transform(_, _, a) | ExprKind::Prefix(_, a) => vec![a],
            ExprKind::If(c, a, b) => {
                let mut v: Vec<&Expr> = vec![c, a];
                v.extend(b.as_deref());
                v
            }
            ExprKind::Binary(_, a, b) => vec![a, b],
            ExprKind::Move(params) => params
                .iter()
                .filter_map(|p| match &p.kind {
                    MoveParamKind::From(e)
                    | MoveParamKind::To(e)
                    | MoveParamKind::Capture(e)
                    | MoveParamKind::Promote(e) => Some(e),
                    _ => None,
                })
                .collect(),
            ExprKind::Pieces(_)
            | ExprKind::Number(_)
            | ExprKind::Str(_)
            | ExprKind::Word(_)
            | ExprKind::Fen(_)
            | ExprKind::Result(_)
            | ExprKind::Player(..)
            | ExprKind::Elo(_)
            | ExprKind::Tag(..) => Vec::new(),
        }
    }

    /// The number of nodes of the tree rooted here (computed without recursion).
    pub fn size(&self) -> usize {
        let mut n = 0;
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            n += 1;
            stack.extend(e.children());
        }
        n
    }

    /// The depth of the tree below and including this node (computed without recursion).
    pub fn depth(&self) -> usize {
        let mut max = 0;
        let mut stack = vec![(self, 1usize)];
        while let Some((e, d)) = stack.pop() {
            max = max.max(d);
            stack.extend(e.children().into_iter().map(|c| (c, d + 1)));
        }
        max
    }
}
