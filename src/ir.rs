//! The filter IR: what every query dialect (CQL 6, CQL-S) lowers to, and what [`crate::eval`]
//! runs. Transforms are already expanded; square sets are of the board's [`SquareSet`](crate::squares::SquareSet) type.
//!
//! CQL semantics: each filter, at a position, either matches or not, and when it matches it may
//! carry a value (a set of squares, a number, a string). Each variant's doc names its CQL 6
//! spelling; CQL-S spellings are added when that dialect lowers to it.

pub mod cqls;
pub mod dict;
pub mod fold;
mod geometry;
mod line;
mod navigation;
pub mod path;
mod placements;
pub mod prog;
mod run_words;
mod state;
mod strings;
pub mod submissions;
mod tree_words;
pub mod walk;
pub use dict::{DictFilter, DictLoop};
pub use geometry::{Directions, MateKind, Pin, PinYield, Ray};
pub use line::{Line, LinePattern, LineState};
pub use navigation::{Echo, Find, PosRelation, PositionRef, Range, ReadBounds};
pub use placements::{FirstParts, Placements};
pub use run_words::RunWord;
pub use state::{Loop, Sort, VarId};
pub use strings::{AwardKind, HhdbAward, StrFilter};
pub use tree_words::{ConsecutiveMoves, MoveExt, TreeWord};

pub use crate::chess::{Color, PieceKinds, PieceType, piece_type};

/// A binary arithmetic operator.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `+` (numbers add; strings concatenate).
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (integer division; dividing by zero does not match).
    Div,
    /// `%` (remainder; by zero does not match).
    Rem,
}

/// A comparison operator.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

/// The pawn-structure filters of seed 003.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PawnStructure {
    /// `connectedpawns`
    Connected,
    /// `doubledpawns`
    Doubled,
    /// `isolatedpawns`
    Isolated,
    /// `passedpawns`
    Passed,
}

/// String-valued position or game properties.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StrProp {
    /// `currentfen`, and `fen` with no argument (seed 003): halfmove clock 0, move number 1.
    CurrentFen,
    /// `standardfen`.
    StandardFen,
    /// `zobristkey`: 16 lower-case hex digits of the Polyglot key.
    ZobristKey,
}

/// Number-valued position or game properties.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NumProp {
    /// `halfmoveclock`
    HalfmoveClock,
    /// `movenumber`
    MoveNumber,
    /// `ply` (0 at the game's first position).
    Ply,
    /// `gamenumber` (1-based across all inputs).
    GameNumber,
    /// `sidetomove`: 1 White, -1 Black.
    SideToMove,
    /// `depth`: how many variations deep the position lies (0 on the main line).
    Depth,
    /// `positionid`: the position's number in the game (0 the first; movetext order).
    PositionId,
}

/// A PGN tag a game-info filter reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagName {
    /// `player white` / the White tag.
    White,
    /// `player black` / the Black tag.
    Black,
    /// `event`
    Event,
    /// `site`
    Site,
    /// `date`
    Date,
    /// Any other tag, by name.
    Other(String),
}

/// The result of a game (`result 1-0`, `result 0-1`, `result 1/2-1/2`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
}

/// Which moves a `move` filter looks at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveSource {
    /// `move ...`: the moves played from this position in the game (main line, and the
    /// variations when they are searched).
    Played,
    /// `move previous ...`: the move that led here.
    Previous,
    /// `move legal ...`
    Legal,
    /// `move pseudolegal ...`
    PseudoLegal,
    /// `move reverse ...` (CQLi): the retro moves, those that could have led here
    /// (`eval::retro`).
    Reverse,
}

/// What a `move` filter yields.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveYield {
    /// The from-squares of the matching moves (the default).
    From,
    /// The to-squares (when `to` is the first parameter).
    To,
    /// The captured pieces' squares (when `capture` is the first parameter).
    Capture,
    /// `count`: the number of matching moves (a promotion counts once, as in CQL 6.2).
    Count,
}

/// Castling restriction of a `move` filter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastleKind {
    /// `castle`: either side.
    Any,
    /// `o-o`
    KingSide,
    /// `o-o-o`
    QueenSide,
}

impl CastleKind {
    /// Whether a move that castles as `castle` says (`Some(true)` king-side, `Some(false)`
    /// queen-side, None: no castling) is of this kind.
    pub fn admits(self, castle: Option<bool>) -> bool {
        matches!(
            (self, castle),
            (CastleKind::Any, Some(_))
                | (CastleKind::KingSide, Some(true))
                | (CastleKind::QueenSide, Some(false))
        )
    }
}

/// A `move` filter: `move [legal|pseudolegal|previous] [from X] [to Y] [capture Z]
/// [promote P] [enpassant] [castle|o-o|o-o-o] [null] [count]`.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveFilter<S> {
    /// Which moves are considered.
    pub source: MoveSource,
    /// `from X`: the moving piece's square is in X (X is evaluated at the current position).
    pub from: Option<Box<Node<S>>>,
    /// `to Y`: the destination square is in Y.
    pub to: Option<Box<Node<S>>>,
    /// `capture Z`: the captured piece stands on a square of Z (for en passant, the pawn's
    /// square).
    pub capture: Option<Box<Node<S>>>,
    /// `promote P`: the move promotes to a piece admitted by P (a piece-only designator).
    pub promote: Option<PieceKinds>,
    /// `enpassant`
    pub enpassant: bool,
    /// `enpassantsquare X` (CQL 6.2): an en passant capture whose taken pawn stands on a
    /// square of X (X is evaluated at the current position).
    pub ep_square: Option<Box<Node<S>>>,
    /// `castle`, `o-o`, `o-o-o`
    pub castle: Option<CastleKind>,
    /// `null`: a null move (`--` in PGN).
    pub null: bool,
    /// `drop P` (cqlq): a drop (no from square, not a null move) of a piece P admits, by
    /// colour and type.
    pub drop: Option<PieceKinds>,
    /// What the filter yields.
    pub yields: MoveYield,
}

impl<S> MoveFilter<S> {
    /// `move` with no parameter but its source: every move of `source`, yielding their
    /// from-squares (what the other parameters then narrow).
    pub fn any(source: MoveSource) -> MoveFilter<S> {
        MoveFilter {
            source,
            from: None,
            to: None,
            capture: None,
            promote: None,
            enpassant: false,
            ep_square: None,
            castle: None,
            null: false,
            drop: None,
            yields: MoveYield::From,
        }
    }
}

/// A regular expression compiled once, when the query is compiled (compares by its text).
#[derive(Clone, Debug)]
pub struct Pattern(pub regex::Regex);

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.0.as_str() == other.0.as_str()
    }
}

/// One filter of the IR.
#[derive(Clone, Debug, PartialEq)]
pub enum Node<S> {
    /// `true`
    True,
    /// `false`
    False,
    /// `a and b`, and juxtaposition inside `{ }`; the value is the last filter's value.
    And(Vec<Node<S>>),
    /// `a or b`
    Or(Vec<Node<S>>),
    /// `not a`
    Not(Box<Node<S>>),
    /// `if c then a else b` (no `else`: matches when `c` fails, as CQL 6.2's `IfNode`).
    If(Box<Node<S>>, Box<Node<S>>, Option<Box<Node<S>>>),

    /// A piece designator: `Ra1`, `[Qq]d4`, `_f4`, `a-h1-8`, `.`; the squares of `squares`
    /// holding a piece (or emptiness) admitted by `kinds`.
    Pieces(PieceKinds, S),
    /// A coordinate designator with an unbounded region (`K[-5..5,0..]`, see
    /// `docs/infinite.md`): the squares of pieces admitted by `kinds` (never empty squares)
    /// inside one of the rectangles. Bounded regions lower to [`Node::Pieces`].
    Region(PieceKinds, Vec<crate::squares::Rect>),
    /// `x | y` (and the union of a transformed set filter's images).
    Union(Vec<Node<S>>),
    /// A transform's images when each is a piece placement (`shift { Ra1 Rb1 }`): the
    /// [`Node::Union`] or [`Node::Or`] of them, as a flat table.
    Placements(Box<Placements<S>>),
    /// `x & y`
    Intersect(Vec<Node<S>>),
    /// `~x`: the board's squares not in x.
    Complement(Box<Node<S>>),
    /// `x attackedby y`: squares of x attacked by a piece on y.
    AttackedBy(Box<Node<S>>, Box<Node<S>>),
    /// `x attacks y`: squares of x holding a piece that attacks a square of y.
    Attacks(Box<Node<S>>, Box<Node<S>>),
    /// `connectedpawns`, `doubledpawns`, `isolatedpawns`, `passedpawns`
    Pawns(PawnStructure),
    /// `promotedpieces`
    PromotedPieces,
    /// `move ...`
    Move(MoveFilter<S>),
    /// `fen "..."` with a piece-placement pattern: every listed square holds a piece admitted
    /// by its kinds. Squares not listed are unconstrained.
    Placement(Vec<(PieceKinds, S)>),

    /// A number literal, and `white` (1) / `black` (-1).
    Number(i64),
    /// `#x`: the number of squares of x.
    Count(Box<Node<S>>),
    /// `a + b`, `a - b`, ...
    Arith(ArithOp, Box<Node<S>>, Box<Node<S>>),
    /// `-a`
    Negate(Box<Node<S>>),
    /// `abs a`
    Abs(Box<Node<S>>),
    /// `max(a b ...)`
    Max(Vec<Node<S>>),
    /// `min(a b ...)`
    Min(Vec<Node<S>>),
    /// `power x`
    Power(Box<Node<S>>),
    /// `type x` (`colortype x` when the flag is set): matches only when x is one square.
    PieceType(Box<Node<S>>, bool),
    /// `halfmoveclock`, `movenumber`, `ply`, `gamenumber`, `sidetomove`
    Num(NumProp),
    /// `elo white`, `elo black` (does not match when the tag is missing or not a number).
    Elo(Color),

    /// A string literal.
    Str(String),
    /// `currentfen`, `standardfen`, `zobristkey`
    StrProp(StrProp),
    /// `player white`, `event`, `site`, `date`, ...: the tag's value (does not match when
    /// the tag is absent).
    Tag(TagName),
    /// `player "x"`, `event "x"`, ...: one of the tags contains the text.
    TagContains(Vec<TagName>, String),
    /// `x ~~ "re"`: the string value of x matches the regular expression `re` (`regex` crate
    /// syntax, validated when the query is compiled); `event ~~ "Olympiad"`, `date ~~ "^18"`.
    /// Its value is the matched text; its groups are `\1`, `\2`, ... ([`StrFilter::Capture`]).
    RegexMatch(Box<Node<S>>, Pattern),
    /// `lowercase x` (`false`), `uppercase x` (`true`): the string value of x with its ASCII
    /// letters converted (CQL 6.2's `CaseConvertNode` leaves other bytes alone).
    CaseConvert(bool, Box<Node<S>>),
    /// `hascomment`: a non-empty PGN comment follows the move reaching the position; `hascomment "!"` (`Some(1)`), `"$14"`, ...:
    /// the move carries that NAG (CQL 6.2's `HasCommentNode`).
    HasComment(Option<u8>),
    /// `piecename x` (`false`), `typename x` (`true`): the one-letter name of the piece on the
    /// single square of x (`K`, `p`, ...; `typename` upper-cases it; `.` for an empty
    /// square); no match unless x is exactly one square (CQL 6.2's `PieceNameNode`).
    PieceName(bool, Box<Node<S>>),

    /// `check`
    Check,
    /// `mate`
    Mate,
    /// `stalemate`
    Stalemate,
    /// `wtm` / `btm`
    ToMove(Color),
    /// `initial`
    Initial,
    /// `terminal`
    Terminal,
    /// `result 1-0` ...
    Result(GameResult),
    /// `a < b`, `a == b`, ...: numbers, strings, or sets (`==`/`!=` of sets; a set compared
    /// with a number counts its squares). The value is the left side's.
    Compare(CmpOp, Box<Node<S>>, Box<Node<S>>),
    /// `x in y`: every square of x is in y (x non-empty... as CQL: x's set is a subset of y's).
    In(Box<Node<S>>, Box<Node<S>>),

    /// A variable's value: `x`. Does not match while the variable is unbound.
    Var(VarId),
    /// `x = v`: binds the variable to v's value; does not match (and leaves x alone) when v
    /// does not match, except that a set is always assigned.
    Assign(VarId, Box<Node<S>>),
    /// `isbound x` (`isunbound x` is its `not`).
    IsBound(VarId),
    /// `unbind x`
    Unbind(VarId),
    /// `square [all] x in S body`: the squares of S where the body matches (`all`: matches
    /// only when it matches at every one; the value is then S).
    SquareLoop(Box<Loop<S>>),
    /// `piece [all] x in S body`: as `square`, with x bound to the piece standing there
    /// (followed through the game by its identity).
    PieceLoop(Box<Loop<S>>),
    /// A position: `currentposition`, `parent`, `child(n)`, `initialposition`,
    /// `lastposition`. Does not match when there is no such position.
    Position(PositionRef),
    /// `p : f`: f evaluated at position p (the value is f's).
    At(Box<Node<S>>, Box<Node<S>>),
    /// `find ...`
    Find(Box<Find<S>>),
    /// `line ...`
    Line(Box<Line<S>>),
    /// `mainline` (true): the position is on the main line; `variation` (false): it is not.
    InMainline(bool),
    /// `up`, `down`, ..., `anydirection` with a distance range (1..=7 by default): the squares
    /// at those distances from a square of the set in one of the directions (a geometric
    /// neighbourhood: pieces do not block).
    Direction(Directions, Range, Box<Node<S>>),
    /// `between(x y)`: the squares strictly between a square of x and a square of y lying on
    /// one rank, file or diagonal.
    Between(Box<Node<S>>, Box<Node<S>>),
    /// `ray ...`, `xray ...`
    Ray(Box<Ray<S>>),
    /// `pin ...`
    Pin(Box<Pin<S>>),
    /// `light` (true) / `dark` (false), alone (all such squares) or with a set (its such
    /// squares).
    SquareShade(bool, Option<Box<Node<S>>>),
    /// `file x` (false) / `rank x` (true): 1-8 for a one-square set; no match otherwise.
    FileRank(bool, Box<Node<S>>),
    /// `makesquare(f r)`, `makesquare "e4"`
    MakeSquare(Box<MakeSquare<S>>),
    /// `distance(x y)`: the king-move distance between two one-square sets.
    Distance(Box<Node<S>>, Box<Node<S>>),
    /// `puremate`, `modelmate`, `idealmate` (false) and their stalemates (true): the squares
    /// of the pieces taking part in the mate (CQL 6.2's participants), empty when the
    /// position is no such mate.
    MateKind(MateKind, bool),
    /// `comment(a b ...)`: adds the arguments' text as a comment at the position (kept only
    /// if the whole query matches there); always matches.
    Comment(Vec<Node<S>>),
    /// `sort ...`
    Sort(Box<Sort<S>>),
    /// `echo (s t) ...`
    Echo(Box<Echo<S>>),
    /// `ancestor(x y)`, `descendant(x y)`, `lca(x y)`
    Relation(PosRelation, Box<Node<S>>, Box<Node<S>>),
    /// A string, tag, game-information or file filter (`s[i:j]`, `\1`, `int`,
    /// `while (s ~~ re)`, `settag`, `year`, `readfile`, ...), see [`StrFilter`]; evaluated by `eval::strings`.
    Strs(Box<StrFilter<S>>),
    /// `virtualmainline`, `position N`, `child(n)`, `primary`, `pieceid`, `consecutivemoves`, `countmoves`, `currentmove`,
    /// `move primary|secondary|comment`, CQLi's `move ... : F` and `legalposition`
    /// (see [`TreeWord`]).
    Tree(Box<TreeWord<S>>),
    /// `path ...` (`⊢`), dashes with targets (`X--Y(check)`), `from` / `to` alone,
    /// `pathcount`, `pathstart`, ..., `pathdebug`: see [`path`].
    Path(Box<path::PathFilter<S>>),
    // --- CQL-S ---
    /// A filter only the CQL-S dialect has (`:sequence`, `:pawncount`, `:matchcount`, ...),
    /// see [`crate::ir::cqls`]; evaluated by `eval::cqls`.
    Cqls(Box<crate::ir::cqls::CqlsNode<S>>),
    /// `while`, `loop`, `assert`, `equal`, `sqrt`, `x =? S`, persistent variables, ...:
    /// see [`prog::Prog`]; evaluated by `eval::prog`.
    Prog(Box<prog::Prog<S>>),
    /// `lastgamenumber`, `cql_assertvariations`: see [`RunWord`]; evaluated by
    /// `eval::run_words`.
    Run(RunWord),
    /// `D[k]`, `D[k] = v`, `unbind D[k]`, `#D`, `x ∊ D body`, ...: see [`DictFilter`];
    /// evaluated by `eval::dictionary`.
    Dict(Box<DictFilter<S>>),
}

/// The square `makesquare` makes (CQL 6.2's `MakeSquareNode`). Inside a transform the square
/// is not moved (only the arguments are transformed), as in CQL 6.2.
#[derive(Clone, Debug, PartialEq)]
pub enum MakeSquare<S> {
    /// `makesquare(f r)`: the square of file f and rank r (1-based); no match off the board.
    FileRank(Node<S>, Node<S>),
    /// `makesquare "e4"`: the square named by the string (a file letter `a`-`h` and a rank
    /// digit `1`-`8`); the empty set for any other string.
    Named(Node<S>),
}
