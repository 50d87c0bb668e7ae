//! The CQL 6 syntax tree: what [`super::cql_to_ast`] builds and [`super::ast_to_ir`] lowers.
//!
//! It keeps the query's shape (a transform is still one node, `white` is still the word
//! `white`) and a byte span for every node, so lowering can point at the offending text.
//! `{:#?}` prints the derived tree; `{}` prints a compact s-expression (for `--parse`).

use std::fmt;

use crate::ir::{ArithOp, CmpOp, Color, GameResult};

use super::Header;
pub use super::syntax::{
    Arg, Assign, AssignOp, BindingOp, Builtin, Dash, DashMode, DictionaryDecl, Direction, Echo,
    Find, FunctionDef, IterKind, Iterate, Line, Name, Path, PinRole, Range, Ray, RayKind, Repeat,
    SeqItem, SeqItemKind, SeqParam, Sort, Storage,
};

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

/// One filter of the syntax tree, with its span and its identity.
#[derive(Clone)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
    /// Which expression it is: the key of its type in the check's [`super::Facts`] (a copy
    /// of the tree, such as a function's body kept by the check and by lowering, keeps it).
    pub id: ExprId,
}

impl Expr {
    /// A new expression of `kind` at `span`, with an identity of its own.
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr {
            kind,
            span,
            id: ExprId::fresh(),
        }
    }

    /// `self` written another way (`persistent x = v` lowered as `x = v`): its span and
    /// identity kept, so its type is still the one the check gave `self`.
    pub(crate) fn rewritten(&self, kind: ExprKind) -> Expr {
        Expr {
            kind,
            span: self.span,
            id: self.id,
        }
    }
}

/// Two trees are equal when they say the same at the same places; which parse made them
/// (their identities) does not count.
impl PartialEq for Expr {
    fn eq(&self, other: &Expr) -> bool {
        self.kind == other.kind && self.span == other.span
    }
}

/// The tree as written, without the identities (`{:#?}` shows what the query says).
impl fmt::Debug for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Expr")
            .field("kind", &self.kind)
            .field("span", &self.span)
            .finish()
    }
}

/// The identity of one expression of a syntax tree, given when it is built: unique in the
/// process (a counter), so the trees of two parses (a query and a snippet lowering adds)
/// never share one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(u64);

impl ExprId {
    /// The next identity not given yet.
    pub(crate) fn fresh() -> ExprId {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        ExprId(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
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
    /// A variable (or dictionary) use: `x`, `Sq`, `D`.
    Var(Name),
    /// `x = F`, `x += F`, `atomic x = F`, `persistent x = F`, `local x = F`, `D[k] = F`.
    Assign(Box<Assign>),
    /// `unbind x`, `isbound x`, `isunbound x` (the operand a variable or `D[k]`).
    Binding(BindingOp, Box<Expr>),
    /// `D[k]` (dictionary access) or `s[i]`, `s[i:j]` (substring; `j` may be absent).
    Index(Box<Expr>, Vec<Option<Expr>>),
    /// `dictionary D`, `local dictionary D`, `persistent dictionary D`.
    Dictionary(Box<DictionaryDecl>),
    /// `function F(a b) { body }`
    Function(Box<FunctionDef>),
    /// `F(a b)`: a call of a user function.
    Call(Name, Vec<Expr>),
    /// `--`, `Ba1--h8`, `[x]`, `×`, `legal --`, `pseudolegal Q--`, `--=Q(check)`.
    Dash(Box<Dash>),
    /// `line --> A --> B*` (also `<--`).
    Line(Box<Line>),
    /// `path K-- --x` (glyph `⊢`).
    Path(Box<Path>),
    /// `find [all] [quiet] [<--] [m n] F`.
    Find(Box<Find>),
    /// `echo (s t) F`.
    Echo(Box<Echo>),
    /// `square [all] x in S F`, `piece [all] x in S F`, `∀ x ∊ S F`.
    Iterate(Box<Iterate>),
    /// `sort [min|max] ["doc"] F`.
    Sort(Box<Sort>),
    /// `up 2 X`, `diagonal 1 7 X`, `anydirection X`: squares in that direction of X.
    Direction(Direction, Option<Range>, Box<Expr>),
    /// `ray (a b c)`, `xray (a b c)`, `between (a b)`, `R -> q -> k`.
    Ray(Box<Ray>),
    /// `pin from X through Y to Z` (each part optional, any order).
    Pin(Vec<(PinRole, Expr)>),
    /// `pos : F`: evaluate F at the position `pos` (`child : check`, `x : ply`).
    At(Box<Expr>, Box<Expr>),
    /// `while (C) F`
    While(Box<Expr>, Box<Expr>),
    /// `loop F`
    Loop(Box<Expr>),
    /// A keyword filter with arguments: `lowercase x`, `distance(a b)`, `child(2)`,
    /// `comment("x" y)`, `tag "Opening"`, `consecutivemoves quiet (x y)`, `hhdb award`.
    Builtin(Builtin, Vec<Arg>),
    /// `\\0`, `\\1`: the text of a capture group of the last `~~` match.
    Capture(u32),
    /// `up DeltaRank X`, `right 1 DeltaFile X`: a direction whose distance bounds are
    /// numeric filters (variables) rather than literals.
    DirectionBy(Direction, Vec<Expr>, Box<Expr>),
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
    /// `rotate45`: the 45-degree 'rotations' (for line patterns).
    Rotate45,
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
            Transform::Rotate45 => "rotate45",
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
    /// `mainline`
    Mainline,
    /// `variation`
    Variation,
    /// `virtualmainline`
    VirtualMainline,
    /// `parent`: the previous position (a position value)
    Parent,
    /// `currentposition`, `curpos`
    CurrentPosition,
    /// `initialposition`
    InitialPosition,
    /// `lastposition`
    LastPosition,
    /// `positionid`
    PositionId,
    /// `depth`
    Depth,
    /// `currenttransform`
    CurrentTransform,
    /// `lastgamenumber`
    LastGameNumber,
    /// `enpassantsquare`
    EnPassantSquare,
    /// `idealmate`
    IdealMate,
    /// `idealstalemate`
    IdealStalemate,
    /// `modelmate`
    ModelMate,
    /// `modelstalemate`
    ModelStalemate,
    /// `puremate`
    PureMate,
    /// `purestalemate`
    PureStalemate,
    /// `primary`: the current move is a main-line move
    Primary,
    /// `secondary`: the current move is in a variation
    Secondary,
    /// `originalcomment`
    OriginalComment,
    /// `removecomment`
    RemoveComment,
    /// `try` (CQL's macro for problem tries)
    Try,
    /// `dihedral`
    Dihedral,
    /// `saveposition` (CQLi)
    SavePosition,
    /// `currentmutation` (CQLi)
    CurrentMutation,
    /// `legalposition` (CQLi)
    LegalPosition,
    /// `reachableposition` (CQLi)
    ReachablePosition,
    /// `cql_abort`
    CqlAbort,
    /// `cql_assertvariations`
    CqlAssertVariations,
    /// `cql_hhdbhascook`
    CqlHhdbHasCook,
    /// `extension` (reserved; parses, never matches)
    Extension,
    /// `string` (the type name used alone)
    StringType,
    /// `from` alone (in a dash target: the moving piece's square)
    From,
    /// `to` alone (in a dash target: the destination square)
    To,
    /// `castle` alone (in a dash target: the move castles)
    Castle,
    /// `enpassant` alone (the move captures en passant)
    EnPassant,
    /// `o-o` alone (the move castles king-side)
    KingSideCastle,
    /// `o-o-o` alone (the move castles queen-side)
    QueenSideCastle,
    /// `pathcount`
    PathCount,
    /// `pathcountunfocused`
    PathCountUnfocused,
    /// `pathdebug`
    PathDebug,
    /// `pathlastposition`
    PathLastPosition,
    /// `pathstart`
    PathStart,
    /// `null` alone (the move is a null move)
    NullMove,
}

impl Word {
    /// Every word, with its spelling.
    pub const ALL: [(&'static str, Word); 73] = [
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
        ("mainline", Word::Mainline),
        ("variation", Word::Variation),
        ("virtualmainline", Word::VirtualMainline),
        ("parent", Word::Parent),
        ("currentposition", Word::CurrentPosition),
        ("initialposition", Word::InitialPosition),
        ("lastposition", Word::LastPosition),
        ("positionid", Word::PositionId),
        ("depth", Word::Depth),
        ("currenttransform", Word::CurrentTransform),
        ("lastgamenumber", Word::LastGameNumber),
        ("enpassantsquare", Word::EnPassantSquare),
        ("idealmate", Word::IdealMate),
        ("idealstalemate", Word::IdealStalemate),
        ("modelmate", Word::ModelMate),
        ("modelstalemate", Word::ModelStalemate),
        ("puremate", Word::PureMate),
        ("purestalemate", Word::PureStalemate),
        ("primary", Word::Primary),
        ("secondary", Word::Secondary),
        ("originalcomment", Word::OriginalComment),
        ("removecomment", Word::RemoveComment),
        ("try", Word::Try),
        ("dihedral", Word::Dihedral),
        ("saveposition", Word::SavePosition),
        ("currentmutation", Word::CurrentMutation),
        ("legalposition", Word::LegalPosition),
        ("reachableposition", Word::ReachablePosition),
        ("cql_abort", Word::CqlAbort),
        ("cql_assertvariations", Word::CqlAssertVariations),
        ("cql_hhdbhascook", Word::CqlHhdbHasCook),
        ("extension", Word::Extension),
        ("string", Word::StringType),
        ("curpos", Word::CurrentPosition),
        ("from", Word::From),
        ("to", Word::To),
        ("castle", Word::Castle),
        ("enpassant", Word::EnPassant),
        ("o-o", Word::KingSideCastle),
        ("o-o-o", Word::QueenSideCastle),
        ("pathcount", Word::PathCount),
        ("pathcountunfocused", Word::PathCountUnfocused),
        ("pathdebug", Word::PathDebug),
        ("pathlastposition", Word::PathLastPosition),
        ("pathstart", Word::PathStart),
        ("null", Word::NullMove),
        ("nullmove", Word::NullMove),
        ("O-O", Word::KingSideCastle),
        ("O-O-O", Word::QueenSideCastle),
    ];

    /// The word spelled `text`, if it is one.
    pub fn from_name(text: &str) -> Option<Word> {
        super::names::by_spelling(&Word::ALL, text)
    }

    /// The CQL spelling.
    pub fn name(self) -> &'static str {
        super::names::spelling_of(&Word::ALL, &self)
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
    /// A fairy variant's FEN letters written `[=Cc]` (`C`, `c`, `+P`), resolved when lowering
    /// for the game's variant ([`crate::query::PieceLetters`]); `pieces` is then `Some`.
    pub fairy: Vec<String>,
    /// A coordinate part (`[-5..5,0..8;*,3]`, `docs/infinite.md`) as written, instead of
    /// `squares`; lowered by `query::lower::coords`.
    pub coords: Option<String>,
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
    /// `drop P` (cqlq): a drop of a piece P admits (crazyhouse `N@f3`)
    Drop(Expr),
    /// `enpassant`
    EnPassant,
    /// `enpassantsquare X`: an en passant capture of a pawn standing on a square of X
    EnPassantSquare(Expr),
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
    /// `reverse` (CQLi: retro moves)
    Reverse,
    /// `comment "x"` (CQL 6.2 move parameter: a comment on the move)
    Comment(Expr),
    /// `: F` (CQLi speculative move: F holds after some matching move), `all : F` (after all)
    Then(bool, Expr),
    /// `primary`: only main-line moves
    Primary,
    /// `secondary`: only variation moves
    Secondary,
}

impl Expr {
    /// The direct sub-filters, in source order.
    pub fn children(&self) -> Vec<&Expr> {
        fn seq<'a>(items: &'a [SeqItem], out: &mut Vec<&'a Expr>) {
            for it in items {
                item(it, out);
            }
        }
        fn item<'a>(it: &'a SeqItem, out: &mut Vec<&'a Expr>) {
            match &it.kind {
                SeqItemKind::Filter(e) => out.push(e),
                SeqItemKind::Group(alts) => alts.iter().for_each(|a| seq(a, out)),
                SeqItemKind::Repeat(i, _) => item(i, out),
            }
        }
        fn params<'a>(ps: &'a [SeqParam], out: &mut Vec<&'a Expr>) {
            for p in ps {
                if let SeqParam::Focus(_, e) | SeqParam::Title(e) | SeqParam::MaxOf(e) = p {
                    out.push(e);
                }
            }
        }
        let mut out: Vec<&Expr> = Vec::new();
        match &self.kind {
            ExprKind::Compound(v) | ExprKind::Or(v) | ExprKind::And(v) | ExprKind::MinMax(_, v) => {
                out.extend(v.iter())
            }
            ExprKind::Call(_, v) => out.extend(v.iter()),
            ExprKind::Not(a)
            | ExprKind::Transform(_, _, a)
            | ExprKind::Prefix(_, a)
            | ExprKind::Binding(_, a)
            | ExprKind::Direction(_, _, a)
            | ExprKind::Loop(a) => out.push(a),
            ExprKind::If(c, a, b) => {
                out.push(c);
                out.push(a);
                out.extend(b.as_deref());
            }
            ExprKind::Binary(_, a, b) | ExprKind::At(a, b) | ExprKind::While(a, b) => {
                out.push(a);
                out.push(b);
            }
            ExprKind::Move(ps) => {
                for p in ps {
                    match &p.kind {
                        MoveParamKind::From(e)
                        | MoveParamKind::To(e)
                        | MoveParamKind::Capture(e)
                        | MoveParamKind::EnPassantSquare(e)
                        | MoveParamKind::Promote(e)
                        | MoveParamKind::Drop(e)
                        | MoveParamKind::Comment(e)
                        | MoveParamKind::Then(_, e) => out.push(e),
                        _ => {}
                    }
                }
            }
            ExprKind::Assign(a) => {
                out.push(&a.target);
                out.push(&a.value);
            }
            ExprKind::Index(a, keys) => {
                out.push(a);
                out.extend(keys.iter().flatten());
            }
            ExprKind::Function(f) => out.push(&f.body),
            ExprKind::Dash(d) => {
                out.extend(d.from.iter());
                out.extend(d.to.iter());
                out.extend(d.promote.iter());
                out.extend(d.target.iter());
            }
            ExprKind::Line(l) => seq(&l.items, &mut out),
            ExprKind::Path(p) => {
                params(&p.params, &mut out);
                seq(&p.items, &mut out);
            }
            ExprKind::Find(f) => out.push(&f.body),
            ExprKind::Echo(e) => out.push(&e.body),
            ExprKind::Iterate(i) => {
                out.push(&i.domain);
                out.push(&i.body);
            }
            ExprKind::Sort(s) => out.push(&s.body),
            ExprKind::Ray(r) => out.extend(r.args.iter()),
            ExprKind::DirectionBy(_, bounds, a) => {
                out.extend(bounds.iter());
                out.push(a);
            }
            ExprKind::Pin(ps) => out.extend(ps.iter().map(|(_, e)| e)),
            ExprKind::Builtin(_, args) => out.extend(args.iter().filter_map(Arg::filter)),
            ExprKind::Pieces(_)
            | ExprKind::Number(_)
            | ExprKind::Str(_)
            | ExprKind::Word(_)
            | ExprKind::Fen(_)
            | ExprKind::Result(_)
            | ExprKind::Player(..)
            | ExprKind::Elo(_)
            | ExprKind::Tag(..)
            | ExprKind::Var(_)
            | ExprKind::Capture(_)
            | ExprKind::Dictionary(_) => {}
        }
        out
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
