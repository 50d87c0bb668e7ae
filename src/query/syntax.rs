//! The syntax-tree nodes of CQL 6.2's larger constructs (variables, functions, sequences,
//! dash moves, iteration, geometry, keyword filters with arguments), re-exported by
//! [`super::ast`]. Every node keeps its span; every variant's doc shows the CQL it comes from.

use super::ast::{Expr, Span};

/// A name as written (variable, function, dictionary, position or piece variable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The spelling: `x`, `Sq`, `F`.
    pub text: String,
    /// Where it is.
    pub span: Span,
}

/// A numeric range written after a word: `find 2 5`, `up 1 3`, `matchcount 2`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// The lower bound (`2` in `2 5`).
    pub min: i64,
    /// The upper bound, absent when one number is written (`find 2`).
    pub max: Option<i64>,
    /// Where it is.
    pub span: Span,
}

/// How a variable is declared by an assignment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Storage {
    /// `x = F`
    Plain,
    /// `atomic x = F`
    Atomic,
    /// `persistent x = F`
    Persistent,
    /// `persistent quiet x = F`
    PersistentQuiet,
    /// `local x = F` (inside a function body)
    Local,
    /// `piece x = S`, `◭x = S`: a piece variable
    Piece,
}

/// The assignment operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AssignOp {
    /// `=`
    Set,
    /// `=?` (piece variables: assign only when the set has one piece)
    SetIfPiece,
    /// `+=`
    Add,
    /// `-=`
    Sub,
    /// `*=`
    Mul,
    /// `/=`
    Div,
    /// `%=`
    Rem,
    /// `|=`
    Union,
    /// `&=`
    Intersect,
}

/// `x = F`, `atomic x += F`, `D["k"] = F`, `s[2] = "a"`, `tag "Opening" = "x"`.
#[derive(Clone, Debug, PartialEq)]
pub struct Assign {
    /// The declaration keywords before the target.
    pub storage: Storage,
    /// What is assigned: a [`super::ast::ExprKind::Var`], an
    /// [`super::ast::ExprKind::Index`] or a [`super::ast::ExprKind::Builtin`] `tag "X"`.
    pub target: Expr,
    /// `=`, `+=`, ...
    pub op: AssignOp,
    /// The value.
    pub value: Expr,
}

/// `unbind x`, `isbound x`, `isunbound x`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BindingOp {
    /// `unbind x` (also `unbind D[k]`, `unbind D`)
    Unbind,
    /// `isbound x`
    IsBound,
    /// `isunbound x`
    IsUnbound,
}

/// `function F(a b) { body }`.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef {
    /// `F`
    pub name: Name,
    /// `a b`
    pub params: Vec<Name>,
    /// `{ body }` (a compound)
    pub body: Expr,
}

/// `dictionary D`, `local dictionary D`, `persistent dictionary D`, with an optional
/// initialiser `dictionary D = E`.
#[derive(Clone, Debug, PartialEq)]
pub struct DictionaryDecl {
    /// `Plain`, `Local` or `Persistent`.
    pub storage: Storage,
    /// `D`
    pub name: Name,
}

/// Whether a dash filter looks at played, legal or pseudo-legal moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DashMode {
    /// `--` on its own: the move played from this position (in `line`/`path`: one step).
    Played,
    /// `legal --`
    Legal,
    /// `pseudolegal --`
    PseudoLegal,
}

/// The single-move dash filter: `--`, `Ba1--h8`, `K--` , `--=Q(check)`, `Ra1[x]`, `×q`,
/// `Ba1――Bh8` (glyphs `――` for `--` and `×` for `[x]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Dash {
    /// Played, legal or pseudo-legal moves.
    pub mode: DashMode,
    /// The set left of the dash (the moving piece's square), tied to it.
    pub from: Option<Expr>,
    /// The set right of the dash (the destination), tied to it.
    pub to: Option<Expr>,
    /// `[x]`/`×`: the move must capture.
    pub capture: bool,
    /// `=Q`, `=[RB]`, `="N"`: the promotion piece.
    pub promote: Option<Expr>,
    /// `(check)`, `(o-o)`: filters the move must satisfy, right after the dash, no space.
    pub target: Vec<Expr>,
}

/// Parameters of `line`, `path`, `find`, `echo`, `consecutivemoves`, `sort`.
#[derive(Clone, Debug, PartialEq)]
pub enum SeqParam {
    /// `firstmatch`
    FirstMatch,
    /// `lastposition`
    LastPosition,
    /// `singlecolor`
    SingleColor,
    /// `nestban`
    NestBan,
    /// `primary`
    Primary,
    /// `secondary`
    Secondary,
    /// `quiet`
    Quiet,
    /// `verbose`
    Verbose,
    /// `keepallbest`
    KeepAllBest,
    /// `nosort`
    NoSort,
    /// `all`
    All,
    /// `count` (`find count F`: like `find all`, but 0 matching positions is a value, 0)
    Count,
    /// `max` (path: keep the longest)
    Max,
    /// `min`
    Min,
    /// `piecepath`
    PiecePath,
    /// `focus S`, `focus capture S`, `◎ S`
    Focus(bool, Expr),
    /// `title "text"` or `title F` (string filter)
    Title(Expr),
    /// `2 5`: a range
    Range(Range),
    /// `v`, `1 v`, `v w`: a range whose bounds include numeric variables (`find`), each bound
    /// an `ExprKind::Number` or an `ExprKind::Var`
    VarRange(Vec<Expr>),
    /// `max F` (path: keep the paths maximising the numeric filter F)
    MaxOf(Expr),
}

/// A sequence constituent of `line` or `path`, with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct SeqItem {
    /// What it is.
    pub kind: SeqItemKind,
    /// Where it is.
    pub span: Span,
}

/// The kinds of sequence constituents.
#[derive(Clone, Debug, PartialEq)]
pub enum SeqItemKind {
    /// `check`: one position (line), one move pattern `Ba1--h8` (path), any filter.
    Filter(Expr),
    /// `(A --> B | C)`: a group of alternative sequences (one alternative: plain grouping).
    Group(Vec<Vec<SeqItem>>),
    /// `A*`, `A+`, `A?`, `A{2 5}`, `A{2,}`, `A{,5}`, `A{3}`.
    Repeat(Box<SeqItem>, Repeat),
}

/// A repetition suffix: `*` = 0.., `+` = 1.., `?` = 0..1, `{m n}` = m..n.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// The fewest repetitions.
    pub min: u32,
    /// The most repetitions (None: unbounded).
    pub max: Option<u32>,
}

/// `line [params] --> A --> B ...` (or `<--`).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// `<--`: the line runs backwards from the current position.
    pub backward: bool,
    /// `firstmatch`, `lastposition`, `singlecolor`, `nestban`, `primary`, `secondary`, `quiet`.
    pub params: Vec<SeqParam>,
    /// The constituents between the arrows.
    pub items: Vec<SeqItem>,
}

/// `path [params] item item ...` (glyph `⊢`): a sequence of move patterns.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// `focus`, `max`, `keepallbest`, `piecepath`, `title`, `quiet`, `verbose`, `nestban`, ...
    pub params: Vec<SeqParam>,
    /// The constituents.
    pub items: Vec<SeqItem>,
}

/// `find [all] [quiet] [<--] [m n] F`.
#[derive(Clone, Debug, PartialEq)]
pub struct Find {
    /// `<--`: search the positions before the current one.
    pub backward: bool,
    /// `all`, `quiet`, a range.
    pub params: Vec<SeqParam>,
    /// The filter searched for.
    pub body: Expr,
}

/// `echo (s t) [quiet] [in all] F`.
#[derive(Clone, Debug, PartialEq)]
pub struct Echo {
    /// `s`: the source position variable.
    pub source: Name,
    /// `t`: the target position variable.
    pub target: Name,
    /// `quiet`, `all` (from `in all`).
    pub params: Vec<SeqParam>,
    /// The filter evaluated for each pair.
    pub body: Expr,
}

/// What an iteration filter ranges over.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IterKind {
    /// `square x in S F` (glyph `∀` = `square all`)
    Square,
    /// `piece x in S F`
    Piece,
}

/// `square [all] x in S F`, `piece [all] x in S F`.
#[derive(Clone, Debug, PartialEq)]
pub struct Iterate {
    /// Squares or pieces.
    pub over: IterKind,
    /// `all`: every member must satisfy F.
    pub all: bool,
    /// `x`
    pub var: Name,
    /// `S`
    pub domain: Expr,
    /// `F`
    pub body: Expr,
}

/// `sort [min|max] ["doc"] F`, `sort quiet ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sort {
    /// `min`, `max`, `quiet`, `keepallbest`.
    pub params: Vec<SeqParam>,
    /// The documentation string.
    pub doc: Option<String>,
    /// The sorted filter.
    pub body: Expr,
}

/// The direction filters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    /// `up`
    Up,
    /// `down`
    Down,
    /// `left`
    Left,
    /// `right`
    Right,
    /// `northeast`
    NorthEast,
    /// `northwest`
    NorthWest,
    /// `southeast`
    SouthEast,
    /// `southwest`
    SouthWest,
    /// `diagonal`
    Diagonal,
    /// `orthogonal`
    Orthogonal,
    /// `vertical`
    Vertical,
    /// `horizontal`
    Horizontal,
    /// `anydirection`
    AnyDirection,
    /// `maindiagonal`
    MainDiagonal,
    /// `offdiagonal`
    OffDiagonal,
}

impl Direction {
    /// Every direction, with its spelling.
    pub const ALL: [(&'static str, Direction); 15] = [
        ("up", Direction::Up),
        ("down", Direction::Down),
        ("left", Direction::Left),
        ("right", Direction::Right),
        ("northeast", Direction::NorthEast),
        ("northwest", Direction::NorthWest),
        ("southeast", Direction::SouthEast),
        ("southwest", Direction::SouthWest),
        ("diagonal", Direction::Diagonal),
        ("orthogonal", Direction::Orthogonal),
        ("vertical", Direction::Vertical),
        ("horizontal", Direction::Horizontal),
        ("anydirection", Direction::AnyDirection),
        ("maindiagonal", Direction::MainDiagonal),
        ("offdiagonal", Direction::OffDiagonal),
    ];

    /// The direction spelled `text`.
    pub fn from_name(text: &str) -> Option<Direction> {
        super::names::by_spelling(&Direction::ALL, text)
    }

    /// The CQL spelling.
    pub fn name(self) -> &'static str {
        super::names::spelling_of(&Direction::ALL, &self)
    }
}

/// The ray-like filters taking a parenthesised list of sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RayKind {
    /// `ray [dirs] (a b c)`
    Ray,
    /// `xray [dirs] (a b c)`
    XRay,
    /// `between (a b)`
    Between,
}

/// `ray diagonal (K _ Q)`, `xray (R q k)`, `between (a1 h8)`, and the 3-term attack arrow
/// chains `R -> q -> k` (pins and x-rays) which CQL turns into a ray.
#[derive(Clone, Debug, PartialEq)]
pub struct Ray {
    /// `ray`, `xray`, `between`.
    pub kind: RayKind,
    /// Direction words after the keyword (empty: any).
    pub directions: Vec<Direction>,
    /// The sets.
    pub args: Vec<Expr>,
}

/// The roles in `pin from X through Y to Z`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PinRole {
    /// `from X`: the pinning pieces
    From,
    /// `through Y`: the pinned pieces
    Through,
    /// `to Z`: what they are pinned to
    To,
}

/// Keyword filters taking arguments (a fixed list, a parenthesised list or one operand).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// `lowercase S`
    Lowercase,
    /// `uppercase S`
    Uppercase,
    /// `int S`
    Int,
    /// `str(a b ...)` / `str x`
    Str,
    /// `ascii x`
    Ascii,
    /// `indexof(needle haystack)`
    IndexOf,
    /// `sqrt x`
    Sqrt,
    /// `distance(a b)`
    Distance,
    /// `file S`
    File,
    /// `rank S`
    Rank,
    /// `makesquare(f r)`, `makesquare "e4"`
    MakeSquare,
    /// `light S` (`light` alone: the light squares)
    Light,
    /// `dark S`
    Dark,
    /// `child`, `child(n)`
    Child,
    /// `ancestor(x y)`
    Ancestor,
    /// `descendant(x y)`
    Descendant,
    /// `lca(x y)`
    Lca,
    /// `position N`
    Position,
    /// `comment(a b ...)`, `comment "x"`
    Comment,
    /// `message(a b ...)`
    Message,
    /// `readfile "f"`
    ReadFile,
    /// `writefile("f" "text")`
    WriteFile,
    /// `settag("Name" "value")`
    SetTag,
    /// `tag "Name"`
    Tag,
    /// `removetag "Name"` (CQLi)
    RemoveTag,
    /// `hascomment "re"`
    HasComment,
    /// `pieceid x`
    PieceId,
    /// `piecename x`
    PieceName,
    /// `typename x`
    TypeName,
    /// `assert F`
    Assert,
    /// `equal(x y)`
    Equal,
    /// `consecutivemoves(x y)` with parameters
    ConsecutiveMoves,
    /// `countmoves F` (with a dash or `legal --`)
    CountMoves,
    /// `currentmove F`
    CurrentMove,
    /// `eco`, `eco "B12"`
    Eco,
    /// `eventdate`
    EventDate,
    /// `year`
    Year,
    /// `hhdb word ...`
    Hhdb,
    /// `similarposition "f.pgn"`
    SimilarPosition,
    /// `imagine ... F` (CQLi)
    Imagine,
    /// `commandpipe(...)` (CQLi)
    CommandPipe,
    /// `substring(s i n)`
    Substring,
    /// `piecepath` used alone
    PiecePath,
    /// `elo` without a colour
    Elo,
    /// `cql_assertvariations "message"`
    CqlAssertVariations,
}

impl Builtin {
    /// Every builtin, with its spelling.
    pub const ALL: [(&'static str, Builtin); 45] = [
        ("lowercase", Builtin::Lowercase),
        ("uppercase", Builtin::Uppercase),
        ("int", Builtin::Int),
        ("str", Builtin::Str),
        ("ascii", Builtin::Ascii),
        ("indexof", Builtin::IndexOf),
        ("sqrt", Builtin::Sqrt),
        ("distance", Builtin::Distance),
        ("file", Builtin::File),
        ("rank", Builtin::Rank),
        ("makesquare", Builtin::MakeSquare),
        ("light", Builtin::Light),
        ("dark", Builtin::Dark),
        ("child", Builtin::Child),
        ("ancestor", Builtin::Ancestor),
        ("descendant", Builtin::Descendant),
        ("lca", Builtin::Lca),
        ("position", Builtin::Position),
        ("comment", Builtin::Comment),
        ("message", Builtin::Message),
        ("readfile", Builtin::ReadFile),
        ("writefile", Builtin::WriteFile),
        ("settag", Builtin::SetTag),
        ("tag", Builtin::Tag),
        ("removetag", Builtin::RemoveTag),
        ("hascomment", Builtin::HasComment),
        ("pieceid", Builtin::PieceId),
        ("piecename", Builtin::PieceName),
        ("typename", Builtin::TypeName),
        ("assert", Builtin::Assert),
        ("equal", Builtin::Equal),
        ("consecutivemoves", Builtin::ConsecutiveMoves),
        ("countmoves", Builtin::CountMoves),
        ("currentmove", Builtin::CurrentMove),
        ("eco", Builtin::Eco),
        ("eventdate", Builtin::EventDate),
        ("year", Builtin::Year),
        ("hhdb", Builtin::Hhdb),
        ("similarposition", Builtin::SimilarPosition),
        ("imagine", Builtin::Imagine),
        ("commandpipe", Builtin::CommandPipe),
        ("substring", Builtin::Substring),
        ("piecepath", Builtin::PiecePath),
        ("elo", Builtin::Elo),
        ("cql_assertvariations", Builtin::CqlAssertVariations),
    ];

    /// The builtin spelled `text`.
    pub fn from_name(text: &str) -> Option<Builtin> {
        super::names::by_spelling(&Builtin::ALL, text)
    }

    /// The CQL spelling.
    pub fn name(self) -> &'static str {
        super::names::spelling_of(&Builtin::ALL, &self)
    }
}

/// One argument of a [`Builtin`]: a filter, a flag word or a range.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A filter operand: `x` in `lowercase x`, `a`, `b` in `distance(a b)`.
    Filter(Expr),
    /// A parameter word: `quiet` in `consecutivemoves quiet (x y)`, `award` in `hhdb award`.
    Flag(String, Span),
    /// A range: `2 5` in `consecutivemoves 2 5 (x y)`.
    Range(Range),
}

impl Arg {
    /// The filter, if this argument is one.
    pub fn filter(&self) -> Option<&Expr> {
        match self {
            Arg::Filter(e) => Some(e),
            _ => None,
        }
    }
}
