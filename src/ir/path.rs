//! The IR of CQL 6.2's `path` (glyph `⊢`), of dash filters that carry targets
//! (`X--Y(check)`, `legal --(castle)`), of `from` / `to` alone, and of the path status filters
//! (`pathcount`, `pathstart`, ...) and `pathdebug`. Evaluated by `eval::path`.
//!
//! A `path` is a regular expression over *moves* (not positions, as `line` is): each dash
//! constituent plays one move, filters between them test the position reached. CQL 6.2 runs
//! it as a depth-first backtracking search whose order decides which of equally long paths is
//! kept, where `firstmatch` stops and what non-atomic assignments inside leave behind, so the
//! constituents stay a tree here and are interpreted in that order (an automaton like
//! [`super::Line`]'s would lose the order).

use super::{MoveFilter, MoveSource, Node, Range};

/// The filters of this module, boxed in [`Node::Path`].
#[derive(Clone, Debug, PartialEq)]
pub enum PathFilter<S> {
    /// `path [params] constituents...`, `⊢ ...`
    Path(Path<S>),
    /// A dash with targets: `X--Y(target)`, `X[x]Y(target)`, `--=Q(check)`.
    Dash(Dash<S>),
    /// `from` alone (true) or `to` alone (false): the squares the move that reached the
    /// position left (reached); for castling, the king's and the rook's (only those a dash
    /// around it admitted).
    MoveSquares(bool),
    /// `pathcount`, `pathstart`, ...
    Status(PathStatus),
    /// `pathdebug`: prints the state of the innermost `path` being matched (its best length
    /// and count so far, its current position) to stderr; always matches (CQL 6.2's
    /// `PathDebugNode`, which prints to stdout).
    Debug,
}

/// What a path status filter reads: inside a `path` (while it runs) about the path being
/// built, elsewhere about the last path that matched in the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PathStatus {
    /// `pathcount`: the number of (focused) moves of the path.
    Count,
    /// `pathcountunfocused`: the number of moves of the path not in focus (clearance-delayed.cql
    /// sorts by it "the number of moves by pieces other than V and E").
    CountUnfocused,
    /// `pathstart`: the position the path starts at.
    Start,
    /// `pathlastposition`: the last position of the (best) path.
    LastPosition,
}

/// One dash: a move from a square of `from` to a square of `to` (`X--Y`), or a capture by a
/// piece on `from` of a piece on `to` (`X[x]Y`), after which `target` must match.
#[derive(Clone, Debug, PartialEq)]
pub struct Dash<S> {
    /// The moves looked at: played (the default), or `legal` / `pseudolegal`.
    pub source: MoveSource,
    /// The set left of the dash (None: any square).
    pub from: Option<Node<S>>,
    /// The set right of the dash (None: any square); for a capture, the captured piece's.
    pub to: Option<Node<S>>,
    /// `[x]`, `×`: the move captures.
    pub capture: bool,
    /// `=Q`, `=[RB]`: the types a pawn promotes to (bit `t` for piece type `t`).
    pub promote: Option<u32>,
    /// `=T` with a string (`="N"`, a string variable): the promoted piece's type letter,
    /// read at the move's start.
    pub promote_named: Option<Node<S>>,
    /// The filters after the dash (in a path: the filters up to the next dash), evaluated
    /// at the position the move reaches. The dash's value is the target's value there.
    pub target: Option<Node<S>>,
    /// For `legal` / `pseudolegal` dashes, whose moves reach no position of the game: the
    /// target, read as conditions on the move itself (`castle`, `o-o`, `enpassant`).
    pub move_target: Option<MoveFilter<S>>,
}

/// A constituent of a path.
#[derive(Clone, Debug, PartialEq)]
pub enum PathCon<S> {
    /// A filter that must match at the current position (no move is played).
    Filter(Node<S>),
    /// A dash: plays one move.
    Dash(Box<Dash<S>>),
    /// `( ... )`: constituents one after the other.
    Chain(Vec<PathCon<S>>),
    /// `c*` (0, None), `c+` (1, None), `c?` (0, Some(1)), `c{m n}`, `c{m,}`: fewer
    /// repetitions are tried first, as CQL 6.2 does.
    Repeat(Box<PathCon<S>>, u32, Option<u32>),
}

/// `focus S` / `focus capture S` (`◎ S`): only moves of the pieces on S at the path's start
/// (or, with `capture`, moves capturing them) count; other moves are skipped over.
#[derive(Clone, Debug, PartialEq)]
pub struct Focus<S> {
    /// The set whose pieces are focused, read at the start.
    pub set: Node<S>,
    /// `focus capture`: a move capturing a focused piece is focused too.
    pub capture: bool,
}

/// `path [params] constituents...`: the longest (by focused moves, or by `max F`) match of
/// the constituents from the current position; its value is that length (`max`: the best
/// value of F; `lastposition`: the path's last position).
#[derive(Clone, Debug, PartialEq)]
pub struct Path<S> {
    /// The constituents, in order.
    pub cons: Vec<PathCon<S>>,
    /// A range the length (or the `max` value) must lie in.
    pub range: Option<Range>,
    /// `focus`, `focus capture`, `◎`; `singlecolor` is a focus on the side to move's pieces.
    pub focus: Option<Focus<S>>,
    /// `max F`: keep the path whose end maximises F.
    pub max: Option<Node<S>>,
    /// `keepallbest`: keep (and comment) every path as good as the best.
    pub keep_all_best: bool,
    /// `nestban`: a position inside an earlier match of this path cannot start one.
    pub nestban: bool,
    /// `firstmatch`: stop at the first path found.
    pub firstmatch: bool,
    /// `primary`: only main-line moves.
    pub primary: bool,
    /// `lastposition`: the value is the path's last position.
    pub lastposition: bool,
    /// `piecepath`: comment the start with the squares the focused pieces visit.
    pub piecepath: bool,
    /// `quiet`: no `Start path` / `End path` comments.
    pub quiet: bool,
    /// `verbose`: comment each (focused) move of the path with its number.
    pub verbose: bool,
    /// `title "text"`: comment the start with the text (and prefix verbose comments).
    pub title: Option<String>,
}

impl<S> Path<S> {
    /// `path` over the constituents `cons` with no parameter: no range, focus or `max`, no
    /// flag set, no title (what the parameters written after `path` then change).
    pub fn of(cons: Vec<PathCon<S>>) -> Path<S> {
        Path {
            cons,
            range: None,
            focus: None,
            max: None,
            keep_all_best: false,
            nestban: false,
            firstmatch: false,
            primary: false,
            lastposition: false,
            piecepath: false,
            quiet: false,
            verbose: false,
            title: None,
        }
    }
}
