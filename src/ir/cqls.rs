//! The IR nodes only the CQL-S dialect needs (`(match (position ...))`, seed 004). They hang
//! off [`Node::Cqls`] and are evaluated by `eval::cqls`; everything CQL-S
//! shares with CQL 6 (designators, `check`, `mate`, counts, comparisons) lowers to the plain
//! [`Node`] variants instead.

use crate::ir::{Color, Node, PieceKinds};

/// An inclusive range of integers; a missing bound is unlimited (`>=2`, `unlimited 10`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Range {
    /// Least value admitted.
    pub lo: Option<i64>,
    /// Greatest value admitted.
    pub hi: Option<i64>,
}

impl Range {
    /// Exactly `n`.
    pub fn exactly(n: i64) -> Range {
        Range {
            lo: Some(n),
            hi: Some(n),
        }
    }
    /// At least `n`.
    pub fn at_least(n: i64) -> Range {
        Range {
            lo: Some(n),
            hi: None,
        }
    }
    /// Whether `v` lies in the range.
    pub fn contains(&self, v: i64) -> bool {
        self.lo.is_none_or(|lo| v >= lo) && self.hi.is_none_or(|hi| v <= hi)
    }
    /// Whether the range admits 0.
    pub fn admits_zero(&self) -> bool {
        self.contains(0)
    }
}

/// A range that may be a percentage (`>50%`, `100%`) of some total.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountRange {
    /// The bounds (in percent when `percent`).
    pub range: Range,
    /// The bounds are percentages of a total.
    pub percent: bool,
}

impl CountRange {
    /// Whether `count` out of `total` lies in the range. A percentage of an empty total never
    /// matches (seed 004: "this can never match if there are no white pawns on the queen side").
    pub fn contains(&self, count: i64, total: i64) -> bool {
        if !self.percent {
            return self.range.contains(count);
        }
        if total <= 0 {
            return false;
        }
        // count/total*100 within [lo, hi], in exact integer arithmetic.
        let scaled = i128::from(count) * 100;
        let total = i128::from(total);
        self.range
            .lo
            .is_none_or(|lo| scaled >= i128::from(lo) * total)
            && self
                .range
                .hi
                .is_none_or(|hi| scaled <= i128::from(hi) * total)
    }
}

/// A bound of `:movenumber` / `:halfmovenumber`: a number, or `end` / `end-N` counted back from
/// the game's last main-line position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// A plain number.
    Abs(i64),
    /// `end-N` (`end` is `End(0)`).
    End(i64),
}

/// A `:movenumber` / `:halfmovenumber` range with `end` bounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EndRange {
    /// Least value (None: unlimited).
    pub lo: Option<Bound>,
    /// Greatest value (None: unlimited).
    pub hi: Option<Bound>,
}

/// Which lines a `:ray` family keyword looks along.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RayDirs {
    /// `:ray`, `:rayattack`: all eight directions.
    All,
    /// `:rayorthogonal`
    Orthogonal,
    /// `:raydiagonal`
    Diagonal,
    /// `:rayhorizontal`
    Horizontal,
    /// `:rayvertical`
    Vertical,
}

/// One pawn attribute of `:pawncount` (seed 004's table), with its parameter when it has one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PawnAttr {
    /// `single` (exactly 1), `double`, `triple`, `triple(n)`: at least n own pawns on the
    /// pawn's file (exactly n with `!`).
    OnFile {
        /// How many.
        n: u8,
        /// `!`: exactly.
        exact: bool,
    },
    /// `uno`, `duo`, `trio`, `quart`, `quart(n)`: in a group of at least n own pawns side by
    /// side on one rank (exactly n with `!`; `uno` is a group of exactly one).
    OnRank {
        /// How many.
        n: u8,
        /// `!`: exactly.
        exact: bool,
    },
    /// `connected`: an own pawn on an adjacent file.
    Connected,
    /// `integrated`: own pawns on every adjacent file.
    Integrated,
    /// `isolated`: no own pawn on an adjacent file.
    Isolated,
    /// `halfisolated`: own pawns on exactly one of two adjacent files.
    HalfIsolated,
    /// `defended`: defended by an own pawn.
    Defended,
    /// `defender`: defends an own pawn.
    Defender,
    /// `chained`, `chained(n)`, `chained!(n)`: in a diagonal chain of own pawns (of at least /
    /// exactly n pawns).
    Chained {
        /// Least (or exact) chain length; 2 when not given.
        n: u8,
        /// `!`: exactly.
        exact: bool,
    },
    /// `passed`: no enemy pawn ahead on its file or an adjacent one (= unblocked-unstoppable).
    Passed,
    /// `candidate` (`candidate!` = candidate-!passed is expanded by the parser).
    Candidate,
    /// `blocked`: an enemy pawn ahead on the same file; `blocked!`: directly ahead.
    Blocked {
        /// `!`: directly in front.
        direct: bool,
    },
    /// `unblocked`: no enemy pawn ahead on the file.
    Unblocked,
    /// `behind`: behind the enemy's hindmost pawn on the file; `behind!`: directly behind it.
    Behind {
        /// `!`: directly behind.
        direct: bool,
    },
    /// `stoppable`: an enemy pawn ahead on an adjacent file.
    Stoppable,
    /// `unstoppable`: no enemy pawn ahead on an adjacent file.
    Unstoppable,
    /// `stopped`: an enemy pawn on an adjacent file two ranks ahead (guards the stop square).
    Stopped,
    /// `backward`: own pawns on adjacent files, all of them ahead of it.
    Backward,
    /// `advanced`: in the enemy half.
    Advanced,
    /// `consecutive`, `consecutive(n)`, `consecutive!(n)`: in a run of own pawns directly
    /// behind each other on a file.
    Consecutive {
        /// Least (or exact) run length; 2 when not given.
        n: u8,
        /// `!`: exactly.
        exact: bool,
    },
    /// `inside`: inside the square of the enemy king (the rule of the square).
    Inside,
    /// `symmetrical`: as many enemy pawns on its file as own pawns.
    Symmetrical,
    /// `mirrored`: every enemy pawn on its file stands on the horizontally mirrored square of
    /// an own pawn.
    Mirrored,
    /// `forefront`: only the foremost own pawn of each file is looked at from here on.
    Forefront,
    /// `rear`: only the hindmost own pawn of each file.
    Rear,
}

/// How `:pawncount` counts the pawns left after its attributes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PawnCounting {
    /// The number of pawns (the default).
    Pawns,
    /// `islands(n)`: groups on adjacent files (of at least / exactly n pawns; n 0 = any).
    Islands {
        /// Size condition (0: none).
        n: u8,
        /// `!`: exactly n.
        exact: bool,
    },
    /// `compounds(n)`: groups on adjacent ranks.
    Compounds {
        /// Size condition (0: none).
        n: u8,
        /// `!`: exactly n.
        exact: bool,
    },
    /// `files(n)`: files holding (at least / exactly n) such pawns.
    Files {
        /// Size condition (0: any).
        n: u8,
        /// `!`: exactly n.
        exact: bool,
    },
    /// `ranks(n)`: ranks holding (at least / exactly n) such pawns.
    Ranks {
        /// Size condition (0: any).
        n: u8,
        /// `!`: exactly n.
        exact: bool,
    },
    /// `lines`: one pawn per file (as `files`).
    Lines,
    /// `bothsides`: the lesser of the queen-side (a-d) and king-side (e-h) counts.
    BothSides,
    /// `oneside`: the count when all pawns are on one wing, else 0.
    OneSide,
}

/// `:pawncount P attr-attr-... range`: seed 004's pawn-structure counter.
#[derive(Clone, Debug, PartialEq)]
pub struct PawnCount<S> {
    /// The pawns looked at, by colour: (colour, squares).
    pub pawns: Vec<(Color, S)>,
    /// The attributes in order, each possibly negated (`!blocked`).
    pub attrs: Vec<(PawnAttr, bool)>,
    /// How the survivors are counted.
    pub counting: PawnCounting,
}

/// An engine search limit of `:evaluation` / `:moveevaluation`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EngineLimit {
    /// `depth D`
    Depth(u32),
    /// `movetime MS`
    MoveTime(u32),
}

/// What an engine evaluation is compared with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EngineTest {
    /// `mate`: a mate was found (either side).
    Mate,
    /// `LO HI sidetomove|absolute`: the score in centipawns lies in [lo, hi].
    Score {
        /// Bounds in centipawns.
        range: Range,
        /// `absolute` (White's view) rather than `sidetomove`.
        absolute: bool,
    },
}

/// A fact about the game read from its PGN tags or its move tree (the match list's game
/// information keywords, Scidb's "CQL - The match list"; the tags as Scidb exports them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameInfo {
    /// Some tag of `tags` has one of `words` as its value, compared in lower case without
    /// blanks, dots and dashes; the word `unknown` (or `none`, `x`, ...: `missing`) matches a
    /// tag that is absent, empty, `?` or `-`. (`:eventtype`, `:eventmode`, `:timemode`,
    /// `:termination`, `:title`, `:gender`, `:country`, `:iscomputer`, ...)
    TagWord {
        /// Tags looked at (any may match).
        tags: Vec<String>,
        /// Admitted values, normalised.
        words: Vec<String>,
        /// Whether a missing tag matches.
        missing: bool,
    },
    /// A tag's leading number (or, with `part` 1, the number after its first `.`: the
    /// sub-round) lies in the range; a missing one counts 0 (`:round`, `:subround`,
    /// `:eventcategory`).
    TagNumber {
        /// The tag.
        tag: String,
        /// 0: the leading number; 1: the one after the first `.`.
        part: u8,
        /// Admitted values.
        range: Range,
    },
    /// A tag's date `YYYY.MM.DD` (unknown parts `??` read as 0) lies between the bounds
    /// (as `year * 10000 + month * 100 + day`; None: unbounded). A missing date never
    /// matches. (`:date`, `:eventdate`)
    Date {
        /// The tag.
        tag: String,
        /// Least date admitted.
        lo: Option<i64>,
        /// Greatest date admitted.
        hi: Option<i64>,
    },
    /// The ECO tag lies in one of the ranges (letter and number: `A00` is 0, `E99` 499);
    /// `any`: any ECO present; `none`: no ECO.
    Eco {
        /// Inclusive ranges.
        ranges: Vec<(u16, u16)>,
        /// `*`: any code.
        any: bool,
        /// `-`: no code.
        none: bool,
    },
    /// A rating of both players' tags (`WhiteElo`/`BlackElo`, `WhiteDWZ`, ...): either in
    /// range, their difference (White less Black, both needed), or their average (one
    /// player's alone when only one has it; both needed with `both`).
    Rating {
        /// White's and Black's tags.
        tags: [String; 2],
        /// How the two ratings are combined.
        mode: RatingMode,
        /// Admitted values.
        range: Range,
    },
    /// The main line's number of half-moves in range (`:plycount`).
    PlyCount(Range),
    /// Some move carries a NAG (`:hasannotation`).
    HasNag,
    /// Some comment, or one matching the (case-insensitive, unanchored) regular expression
    /// (`:hascomments`, `:comment "..."`).
    HasComment(Option<String>),
    /// Some variation (`:hasvariations`).
    HasVariation,
    /// The tag is present (None: any tag outside the seven-tag roster), its value holding the
    /// text (case-insensitive) when given (`:tag NAME [value]`).
    Tag {
        /// The tag's name, or None for `*`.
        name: Option<String>,
        /// Text the value must hold.
        value: Option<String>,
    },
}

/// How `:rating`'s family combines the two players' ratings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RatingMode {
    /// Either player's rating in range (`:rating`).
    Either,
    /// White's less Black's (`:ratingdifference`).
    Difference,
    /// The average; a lone rating is its own average (`:averagerating`).
    Average,
    /// The average of two ratings, both needed (`:averagerating*`).
    AverageBoth,
}

/// The result `:endgameevaluation` asks of the endgame tables.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndgameOutcome {
    /// `remis`: a draw.
    Draw,
    /// `mate`: the side to move wins.
    SideToMoveWins,
    /// `*mate`: either side wins.
    EitherWins,
    /// `+mate`: White wins.
    WhiteWins,
    /// `-mate`: Black wins.
    BlackWins,
}

/// `:checkcount`'s parameter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CheckCount {
    /// `n`: the last move gave its side's n-th check (0: always, as in every variant but
    /// Three-check).
    Last(u32),
    /// `+n1+n2`: the first position where White has given n1 checks and Black n2.
    Both(u32, u32),
}

/// One IR node of CQL-S. Each variant names the CQL-S keyword it comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum CqlsNode<S> {
    /// A number-valued filter whose value lies in a range: `:piececount X r` (on `#X`),
    /// `:power`, `:powerdifference`, `:whiteelo`, ...
    InRange(Node<S>, Range),
    /// `:attackcount X Y r`: the number of (piece on X, square of Y it attacks) pairs.
    AttackCount {
        /// Attacking pieces' squares.
        attackers: Node<S>,
        /// Attacked squares.
        targets: Node<S>,
        /// Admitted counts.
        range: Range,
    },
    /// `:sequence (...)`, `:gappedsequence (...)`, `:line "..."`: step i matches i positions
    /// (or, gapped, i or more) later along a line of the game.
    Sequence {
        /// The steps, first at the current position.
        steps: Vec<Node<S>>,
        /// `:gappedsequence`: positions may come between steps.
        gapped: bool,
    },
    /// `:line "... *"`: the position the moves lead to from the game's first position, in any
    /// order (placement, side to move and castling rights compared; en passant ignored).
    LineTransposed(Vec<LineMove>),
    /// `:matchcount r`: the number of searched positions of the game where the filter matches
    /// lies in r (a property of the whole game).
    GameCount {
        /// The counted filter.
        filter: Node<S>,
        /// Admitted counts.
        range: Range,
    },
    /// `:cut`: no searched position before this one matches the filter.
    NoneBefore(Node<S>),
    /// `:following`: the filter matched at the previous position.
    AtParent(Node<S>),
    /// `:preceding`: the filter matches at the next position.
    AtChild(Node<S>),
    /// `:castling X`: the side has one of the castling rights named (K king side, Q queen side,
    /// k, q for Black): bits 0 K, 1 Q, 2 k, 3 q.
    CastlingRights(u8),
    /// `:iscastling X`: the next move castles, on a side named (same bits as above).
    IsCastling(u8),
    /// `:fen "..."`: placement, side to move, castling and en passant equal the FEN's.
    FenIs(String),
    /// `:halfmovenumber r` (ply; `end`, `end-N`).
    Ply(EndRange),
    /// `:movenumber r` (`end`, `end-N`).
    MoveNumber(EndRange),
    /// `:ray (D1 ... Dk) r` and its direction-restricted forms.
    Ray {
        /// The designators along the ray, first to last.
        steps: Vec<Node<S>>,
        /// Which lines.
        dirs: RayDirs,
        /// `:rayattack`: the first piece must be a slider moving along the ray.
        attack: bool,
        /// Admitted number of rays.
        range: Range,
    },
    /// `:pawncount` / `:pawncountdifference`: the count (or the difference of two counts) in
    /// range.
    PawnCount {
        /// Counted structure.
        count: PawnCount<S>,
        /// Subtracted structure (`:pawncountdifference`).
        minus: Option<PawnCount<S>>,
        /// Admitted values.
        range: CountRange,
    },
    /// `:opposition K`: the king of `color` (None: the side to move) has the opposition.
    Opposition(Option<Color>),
    /// `:goodbishop B r1 : r2`: a bishop of B with r1 of the enemy pawns on its colour of
    /// squares and r2 of its own pawns off them.
    GoodBishop {
        /// The bishops looked at.
        bishops: Node<S>,
        /// Enemy pawns on the bishop's colour.
        enemy: CountRange,
        /// Own pawns not on the bishop's colour.
        own: CountRange,
    },
    /// `:accumulate NAME`, `:accumulate* NAME`: the number of the list's transform images that
    /// match is added to the accumulator (per colour with `*`).
    Accumulate {
        /// Accumulator name.
        name: String,
        /// Each image and whether it swaps colours.
        images: Vec<(Node<S>, bool)>,
        /// `:accumulate*`.
        per_color: bool,
        /// `:reset NAME` in the same list: clear first.
        reset: bool,
        /// The reset group of each image (parallel to `images`; all 0 without `:reset`): the
        /// images sharing every transform but the innermost one (the first written, not
        /// counting `:flipcolor` under `:accumulate*`) count together, and `:sumrange` holds
        /// when one group's count lies in its range.
        groups: Vec<u32>,
    },
    /// `:sumrange NAME r`: the accumulator lies in r (either colour's, for `:accumulate*`).
    SumRange(String, Range),
    /// `:insidevariation`
    InsideVariation,
    /// `:ischeck r`: the next move gives check, and the checks its side has given in the game
    /// (this one included) number within r.
    NextCheck(Range),
    /// `:endgameevaluation OUTCOME` (`*`: only at the game's first position with this
    /// material): the Syzygy tables (`--syzygy`) give that result with best play.
    EndgameEvaluation {
        /// The result asked for.
        outcome: EndgameOutcome,
        /// `:endgameevaluation*`.
        first: bool,
    },
    /// A game information keyword of the match list (see [`GameInfo`]).
    GameInfo(GameInfo),
    /// `:forced`: the side to move has exactly one legal move.
    OnlyOneLegalMove,
    /// `:checkcount`: checks given in a Three-check game (see [`CheckCount`]).
    CheckCount(CheckCount),
    /// `:fivefoldrepetition` (n = 5): a main-line position occurring for the n-th time.
    Repetition(u8),
    /// `:repetitioncount r`: the run of consecutive positions where the filter matches
    /// holding this one has a length in r; when r admits 0, a fact of the whole game: its
    /// longest run lies in r.
    RunCount {
        /// The repeated filter (the list without the count).
        filter: Node<S>,
        /// Admitted lengths.
        range: Range,
    },
    /// `:contactcheck`: the side to move is in check by two pieces, or by a piece on a square
    /// next to its king or off every line through it (a knight), so that nothing could be
    /// placed between them.
    ContactCheck,
    /// `:fiftymoverule`: the first main-line position of the game whose halfmove clock is at
    /// least 100.
    FiftyMoveRule,
    /// `:threefoldrepetition`: the first main-line position occurring the third time.
    ThreefoldRepetition,
    /// `:mustcapture`: the variant compels captures and every legal move of the side to move
    /// is a capture (there is one).
    MustCapture,
    /// `:matingmaterial` (color None: either side has mating material).
    MatingMaterial(Option<Color>),
    /// `:ischess960`, `:isshufflechess`: the start position is a Chess960 (or any shuffle)
    /// position.
    StartShuffle {
        /// Chess960 only (bishops on opposite colours, king between the rooks).
        chess960: bool,
    },
    /// `:startposition N,...`: the Chess960 number of the start position is listed.
    StartPosition(Vec<u32>),
    /// `:variant NAME`: the game's variant (the `Variant` tag, `normal` when absent).
    Variant(Vec<String>),
    /// `:exchangeevaluation r`: the static exchange value of the next move (a capture), in
    /// pawns.
    ExchangeEvaluation(Range),
    /// `:maxswapevaluation X Y r`: the best static exchange value over moves of pieces on X to
    /// squares of Y.
    MaxSwap {
        /// Moving pieces.
        movers: Node<S>,
        /// Target squares.
        targets: Node<S>,
        /// Admitted values in pawns.
        range: Range,
    },
    /// `:evaluation LIMIT TEST`, through the UCI engine given with `--engine`.
    Evaluation {
        /// Search limit.
        limit: EngineLimit,
        /// What the result is compared with.
        test: EngineTest,
    },
    /// `:moveevaluation X Y LIMIT LO HI mode`: the score change brought by the move that led
    /// here (from X to Y).
    MoveEvaluation {
        /// Moving pieces (in the previous position).
        movers: Node<S>,
        /// Target squares.
        targets: Node<S>,
        /// Search limit.
        limit: EngineLimit,
        /// Score change bounds in centipawns and mode.
        test: EngineTest,
    },
    /// `:relation (...)`: some later position P2 of the game relates to this one (P1) as the
    /// relation specifier says.
    Relation(Box<Relation<S>>),
    /// `:forany NAME D` (match list; CQL 6 has no counterpart: its `piece x in S` ranges over
    /// the pieces of the current position): the body matches here with the tag `var` bound
    /// to some mark — a piece of the game's first position that is, or by promotion becomes,
    /// a piece of `kinds` somewhere in the searched positions — other than the marks bound to
    /// `distinct` (no two tags share a mark). `$NAME[sq]` reads the tag as `Node::Var(var)`.
    ForAny {
        /// The tag's variable (bound to `Value::Piece(mark)`).
        var: crate::ir::VarId,
        /// The designator's pieces (its squares are ignored).
        kinds: PieceKinds,
        /// Tags bound outside this one: their marks are not taken.
        distinct: Vec<crate::ir::VarId>,
        /// The match list under the binding.
        body: Node<S>,
    },
}

/// How P2's side to move must relate to P1's (`:samesidetomove`, the default,
/// `:changesidetomove`, `:ignoresidetomove`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SideRelation {
    /// The same side is to move.
    Same,
    /// The other side is to move.
    Change,
    /// Either.
    Ignore,
}

/// A `:relation` specifier (CQL 3 "relation list"). Only allowable squares are compared; on
/// them P2 may differ from P1 only by missing pieces (on P1, gone on P2) and new pieces (empty
/// on P1, there on P2): a square holding two different pieces never relates.
#[derive(Clone, Debug, PartialEq)]
pub struct Relation<S> {
    /// `:pattern`: the allowable squares (the squares named by the position list's top-level
    /// designators); all squares without it.
    pub pattern: Option<Node<S>>,
    /// Side to move of P2 against P1.
    pub side: SideRelation,
    /// `:missingpiececount D r`: missing pieces must be D (evaluated on P1); their number in r
    /// (default `U 0`).
    pub missing: (Node<S>, Range),
    /// `:newpiececount D r`: new pieces must be D (evaluated on P2); their number in r
    /// (default `U 0`).
    pub new: (Node<S>, Range),
    /// `:originaldifferentcount r`: number of allowable squares that differ (P2 untransformed).
    pub different: Option<Range>,
    /// `:originalsamecount r`: number of non-empty allowable squares holding the same piece
    /// (P2 untransformed).
    pub same: Option<Range>,
    /// `:shift`: P2 may be shifted (by any vector) before the comparison.
    pub shift: bool,
    /// `:flip`: P2 may be flipped (any of the 8 board symmetries) before the comparison.
    pub flip: bool,
    /// `:variations` / `:variationsonly`: P2 may be any later position of the game tree
    /// (only ones off the main line with `Some(true)`); `None`: P1's continuation only.
    pub variations: Option<bool>,
}

/// A move of `:line`: designators for the moving piece and destination, and its marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMove {
    /// The moving piece's type (pawn when not written).
    pub piece: PieceKinds,
    /// From square (file, rank), 0-based.
    pub from: (u8, u8),
    /// To square.
    pub to: (u8, u8),
}
