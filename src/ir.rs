//! The filter IR: what every query dialect (CQL 6, CQL-S) lowers to, and what [`crate::eval`]
//! runs. Transforms are already expanded; square sets are of the board's [`SquareSet`](crate::squares::SquareSet) type.
//!
//! CQL semantics: each filter, at a position, either matches or not, and when it matches it may
//! carry a value (a set of squares, a number, a string). Each variant's doc names its CQL 6
//! spelling; CQL-S spellings are added when that dialect lowers to it.

pub mod cqls;
pub mod dict;
pub mod fold;
mod game_info;
mod geometry;
mod line;
mod moves;
mod navigation;
pub mod path;
mod placements;
mod state;
mod strings;
pub mod submissions;
pub mod walk;
pub use dict::{DictFilter, DictLoop};
pub use game_info::{AwardKind, GameResult, HhdbAward, TagName};
pub use geometry::{Directions, MateKind, Pin, PinYield, Ray};
pub use line::{Line, LinePattern, LineState};
pub use moves::{CastleKind, ConsecutiveMoves, MoveExt, MoveFilter, MoveSource, MoveYield};
pub use navigation::{Echo, Find, PosRelation, PositionRef, Range, ReadBounds};
pub use placements::{FirstParts, Placements};
pub use state::{Globals, Loop, PersistentType, PersistentVar, Sort, VarId};
pub use strings::StrFilter;

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
    /// The root of a query with persistent variables or dictionaries: what it carries from
    /// game to game, and the body evaluated at each position.
    WithGlobals(Box<Globals>, Box<Node<S>>),
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
    /// `cql_abort`: stops the run with an error when evaluated (CQL 6.2's `AbortNode`, "an
    /// internal logic error on matching"); holds where it is written (`line 1, column 5`).
    Abort(std::sync::Arc<str>),
    /// `while (test) body`: evaluates the body after each time the test matches, until it
    /// does not; always matches (CQL 6.2's `WhileNode`).
    While(Box<Node<S>>, Box<Node<S>>),
    /// `loop body`: evaluates the body until it fails; matches when it matched at least once
    /// (CQL 6.2's `LoopNode`).
    Repeat(Box<Node<S>>),
    /// `assert F`: stops the run with an error naming the text when F does not match (a
    /// variable: when it is unbound).
    Assert(Box<Node<S>>, String),

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
    /// `T count F`: the number of the transform's images of F that match (each image of the
    /// group counted, also when two are the same filter; images a transform drops count as
    /// not matching).
    CountImages(Vec<Node<S>>),
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
    /// A `move` filter with the parameters [`MoveFilter`] lacks (`primary`, `secondary`,
    /// `comment`, CQLi's `: F`); also `countmoves --` (`count` set) and `currentmove --`
    /// (source `previous`).
    MoveExt(Box<MoveExt<S>>),
    /// `consecutivemoves [quiet] [range] (x y)`
    ConsecutiveMoves(Box<ConsecutiveMoves<S>>),
    /// `fen "..."` with a piece-placement pattern: every listed square holds a piece admitted
    /// by its kinds. Squares not listed are unconstrained.
    Placement(Vec<(PieceKinds, S)>),
    /// `similarposition [nosort] [notransform] "f.pgn"`: the position (under a symmetry,
    /// unless `notransform`) is one of the submissions file's main-line positions; its value
    /// is the smallest such game number, a comment names each (CQL 6.2's `AnticipateNode`).
    SimilarPosition(std::sync::Arc<submissions::Submissions>),

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
    /// `sqrt x`: the integer square root (no match for a negative number).
    Sqrt(Box<Node<S>>),
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
    /// `lastgamenumber`: the number of the input's last game (the run counts the games
    /// before the search; CQL 6.2 counts the `[White ` tags of its one input file), capped
    /// by the `gamenumber` range's upper end as CQL 6.2 does.
    LastGameNumber,
    /// `elo white`, `elo black` (does not match when the tag is missing or not a number).
    Elo(Color),
    /// `year`: the year of the Date tag (0 when it has none, as CQL 6.2's date decoding).
    Year,
    /// `hhdb award ...`
    Hhdb(HhdbAward),
    /// `hhdb cooked` / `cql_hhdbhascook`: the game's PGN text contains `<cook` (CQL 6.2's
    /// `QGame::foundCook`, a substring search of the game's text); cqlq looks in the tags'
    /// names and values and in every comment, where PGN lets such text stand.
    HhdbCooked,

    /// A string literal.
    Str(String),
    /// `currentfen`, `standardfen`, `zobristkey`
    StrProp(StrProp),
    /// `player white`, `event`, `site`, `date`, ...: the tag's value (does not match when
    /// the tag is absent).
    Tag(TagName),
    /// `player "x"`, `event "x"`, ...: one of the tags contains the text.
    TagContains(Vec<TagName>, String),
    /// `tag x`: the value of the tag named by the string x.
    TagOf(Box<Node<S>>),
    /// `settag(name value)`, `tag "X" = value`: sets the tag in the output game.
    SetTag(Box<Node<S>>, Box<Node<S>>),
    /// `removetag x` (CQLi): removes the tag from the output game.
    RemoveTag(Box<Node<S>>),
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
    /// `hascomment x` with a text that is no NAG: some original comment of the position
    /// contains it.
    HasCommentText(Box<Node<S>>),
    /// `originalcomment`: the PGN comment after the move reaching the position.
    OriginalComment,
    /// `removecomment`: removes the original comments after the move reaching the position
    /// from the output game.
    RemoveComment,
    /// `piecename x` (`false`), `typename x` (`true`): the one-letter name of the piece on the
    /// single square of x (`K`, `p`, ...; `typename` upper-cases it; `.` for an empty
    /// square); no match unless x is exactly one square (CQL 6.2's `PieceNameNode`).
    PieceName(bool, Box<Node<S>>),
    /// `pieceid x`: the identity number of the piece on the single square of x (no match
    /// for an empty square or a set of another size).
    PieceId(Box<Node<S>>),

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
    /// `legalposition` (CQLi): the position could arise in a game — each side has one king,
    /// the side not to move is not in check, no pawn stands on the first or last rank.
    LegalPosition,
    /// `reachableposition` (CQLi): the position passes the retrograde checks of
    /// `eval::reachable` (standard chess on the 8x8 board).
    ReachablePosition,
    /// `result 1-0` ...
    Result(GameResult),
    /// `a < b`, `a == b`, ...: numbers, strings, or sets (`==`/`!=` of sets; a set compared
    /// with a number counts its squares). The value is the left side's.
    Compare(CmpOp, Box<Node<S>>, Box<Node<S>>),
    /// `equal(x y)`: both match with equal values (CQL 6.2's `GenericEqualNode`).
    Equal(Box<Node<S>>, Box<Node<S>>),
    /// `x in y`: every square of x is in y (x non-empty... as CQL: x's set is a subset of y's).
    In(Box<Node<S>>, Box<Node<S>>),

    /// A variable's value: `x`. Does not match while the variable is unbound.
    Var(VarId),
    /// `x = v`: binds the variable to v's value; does not match (and leaves x alone) when v
    /// does not match, except that a set is always assigned.
    Assign(VarId, Box<Node<S>>),
    /// `x =? S`: binds the set variable x to S's squares when there is at least one; no match
    /// (and x left alone) when S is empty or does not match (CQL 6.2's conditional
    /// `AssignSquareNode`).
    AssignIfNonEmpty(VarId, Box<Node<S>>),
    /// `piece x = S` (`◭x = S`): binds x to the piece on S's one square; no match (x left
    /// alone) unless S is exactly one square holding a piece (CQL 6.2's `PieceAssignNode`).
    PieceAssign(VarId, Box<Node<S>>),
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
    /// `position N`: the position whose `positionid` is N (CQL 6.2's `GotoNode`); no match
    /// when N is negative or past the game's last position.
    PositionById(Box<Node<S>>),
    /// `child(n)` with a computed index: the n-th continuation (0 the main one), as
    /// [`PositionRef::Child`].
    ChildAt(Box<Node<S>>),
    /// `p : f`: f evaluated at position p (the value is f's).
    At(Box<Node<S>>, Box<Node<S>>),
    /// `find ...`
    Find(Box<Find<S>>),
    /// `line ...`
    Line(Box<Line<S>>),
    /// `mainline` (true): the position is on the main line; `variation` (false): it is not.
    InMainline(bool),
    /// `virtualmainline`: every White move on the path from the start is a main
    /// continuation, and no move on it is a null move (CQL 6.2's `QPos::virtualmainline`).
    VirtualMainline,
    /// `primary` (true) / `secondary` (false): the move that led here is (not) the first
    /// continuation of its position (CQL 6.2's `PastMoveNode`); no match at the start.
    PrimaryMove(bool),
    /// `cql_assertvariations`: matches when variations are searched; otherwise the run
    /// stops with this message (CQL 6.2 refuses such a query without `variations`).
    AssertVariations(std::sync::Arc<str>),
    /// `up`, `down`, ..., `anydirection` with a distance range (1..=7 by default): the squares
    /// at those distances from a square of the set in one of the directions (a geometric
    /// neighbourhood: pieces do not block).
    Direction(Directions, Range, Box<Node<S>>),
    /// `up N X`, `right 1 N X`, ...: the directions with distances computed at the position
    /// (the least, and the greatest when given): X translated by `n` steps for each n in the
    /// range (a negative n goes the other way).
    DirectionBy(Directions, Box<Node<S>>, Option<Box<Node<S>>>, Box<Node<S>>),
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
    /// `message(a b ...)` (`quiet`: no position header): prints the text.
    Message(Vec<Node<S>>, bool),
    /// `readfile x`: the contents of the file named by x.
    ReadFile(Box<Node<S>>),
    /// `writefile(name text)`: appends the text to the file.
    WriteFile(Box<Node<S>>, Box<Node<S>>),
    /// `sort ...`
    Sort(Box<Sort<S>>),
    /// `echo (s t) ...`
    Echo(Box<Echo<S>>),
    /// `ancestor(x y)`, `descendant(x y)`, `lca(x y)`
    Relation(PosRelation, Box<Node<S>>, Box<Node<S>>),
    /// `distance(x y)` of two positions: the moves from their latest common ancestor to x
    /// plus those to y (CQL's distance page).
    TreeDistance(Box<Node<S>>, Box<Node<S>>),
    /// `x & y` of two positions (CQL's positional intersection): the squares on which both
    /// positions have the same content (the same coloured piece type, or both empty).
    SameContent(Box<Node<S>>, Box<Node<S>>),
    /// An operation on strings (`s[i:j]`, `\1`, `#s`, `int`, `str`, `while (s ~~ re)`, ...),
    /// see [`StrFilter`]; evaluated by `eval::strings`.
    Strs(Box<StrFilter<S>>),
    /// `path ...` (`⊢`), dashes with targets (`X--Y(check)`), `from` / `to` alone,
    /// `pathcount`, `pathstart`, ..., `pathdebug`: see [`path`].
    Path(Box<path::PathFilter<S>>),
    // --- CQL-S ---
    /// A filter only the CQL-S dialect has (`:sequence`, `:pawncount`, `:matchcount`, ...),
    /// see [`crate::ir::cqls`]; evaluated by `eval::cqls`.
    Cqls(Box<crate::ir::cqls::CqlsNode<S>>),
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
