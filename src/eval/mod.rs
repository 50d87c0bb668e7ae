//! The evaluator: runs the filter IR at the positions of a replayed game.
//!
//! [`Evaluator::eval`] is one `match` over [`Node`]; each arm is commented with the CQL it
//! comes from. A filter either does not match (`None`) or yields a [`Value`].

mod arith;
mod bits;
mod board;
pub mod budget;
pub mod compiled;
mod cqls;
mod dash;
mod dictionary;
pub mod engine;
mod env;
pub mod files;
mod find;
mod geometry;
pub use geometry::direction_squares;
mod held;
mod images;
mod imagine;
mod iterate;
mod line;
mod loops;
mod marks;
mod mates;
mod moves;
mod nav;
mod path;
mod path_memo;
mod pieces;
mod prog;
mod reachable;
mod retro;
mod run_words;
mod search;
mod similar_position;
mod state;
mod strings;
pub mod tablebase;
mod text;
pub mod tree;
mod tree_words;

use crate::ir::{Color, GameResult, MakeSquare, Node, NumProp, StrProp, TagName};
use crate::pgn::GameRecord;
use crate::rules::Position;
use crate::squares::SquareSet;

/// A few node numbers (a node's children, most often one), held inline.
type Kids = smallvec::SmallVec<[u32; 2]>;
pub use dictionary::{Carried, Datum};
pub use env::{Environment, NO_ENVIRONMENT, Worker};
pub use find::{CountedFind, body_per_game, per_game};
pub use line::{LineFilters, line_on_main_line};
pub use loops::piece_loop_by_square;
pub use prog::carried_globals;
pub use reachable::{fen_retro_count, fen_unreachable_reason};
pub use search::{Found, SearchSettings, search_game};
pub use state::{OutputOrder, SortKey, SortValue};
pub use strings::GameEdits;
pub use tree::{ReplayFault, ReplayedGame, ReplayedNode, replay};

/// What a matching filter yields.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<S> {
    /// A plain match (`check`, `and`, ...), or a non-match carried for `not`.
    Bool(bool),
    /// A set of squares; a set filter matches when the set is not empty.
    Set(S),
    /// A number.
    Num(i64),
    /// A string.
    Str(String),
    /// A position of the game (its record node).
    Pos(u32),
    /// A piece, by its number in the game (a piece variable's binding; reading the variable
    /// gives the piece's square at the position read).
    Piece(u32),
}

/// `type x` / `colortype x` of the piece on x's one square: 0 for none, else its type's
/// index + 1 (pawn 1 ... king 6 on the standard board), negated for a black piece with
/// `colortype` (`colored`).
fn type_number(piece: Option<(Color, crate::ir::PieceType)>, colored: bool) -> i64 {
    match piece {
        None => 0,
        Some((color, t)) => {
            let v = i64::from(t) + 1;
            if colored && color == Color::Black {
                -v
            } else {
                v
            }
        }
    }
}

/// Whether an evaluation result counts as a match.
pub fn is_match<S: SquareSet>(v: &Option<Value<S>>) -> bool {
    v.as_ref().is_some_and(Value::is_match)
}

impl<S: SquareSet> Value<S> {
    /// Whether this value, yielded by a filter, counts as a match.
    pub fn is_match(&self) -> bool {
        match self {
            Value::Bool(b) => *b,
            Value::Set(s) => !s.is_empty(),
            _ => true,
        }
    }
}

/// Everything about one game the evaluator reads.
pub struct GameContext<'a, P: Position> {
    /// The game as read.
    pub record: &'a GameRecord,
    /// Its positions.
    pub replayed: &'a ReplayedGame<P>,
    /// 1-based game number across all inputs.
    pub number: u64,
    /// Whether variations are searched (affects `terminal` and `move`'s played moves).
    pub variations: bool,
}

impl<'a, P: Position> GameContext<'a, P> {
    /// The context of game `number` known by its tags alone (`no_tree` is
    /// [`ReplayedGame::none`]): main line only.
    pub fn tags_only(record: &'a GameRecord, no_tree: &'a ReplayedGame<P>, number: u64) -> Self {
        GameContext {
            record,
            replayed: no_tree,
            number,
            variations: false,
        }
    }
}

/// Evaluates filters at nodes of one game.
pub struct Evaluator<'a, P: Position> {
    game: &'a GameContext<'a, P>,
    /// Variables, comments and the sort value (empty until a filter uses them).
    state: state::Cell<P::Set>,
    /// Piece identities by position, built when a piece variable is first read.
    piece_table: std::sync::OnceLock<pieces::PieceTable>,
    /// Positions made outside the game tree (CQLi's `move ... : F`), numbered from
    /// `imagine::BASE`.
    imagined: imagine::Imagined<P>,
    /// Each record node's rank in depth-first order, main continuation first (how CQL orders
    /// positions for `<`), built when two positions are first compared.
    tree_order: std::sync::OnceLock<Vec<u32>>,
    /// What `path` filters leave (empty until one runs).
    path_state: std::cell::RefCell<path::PathState<P::Set>>,
    /// The input's last game number, when the run counted the games (`lastgamenumber`).
    last_game: std::cell::Cell<Option<u64>>,
    /// The one-pass search's positions (see [`Evaluator::one_position`]): when set, every
    /// node of the game the evaluator is asked about is the current one (its node id is its
    /// ply), or one of its held neighbours (ids one less and one more).
    held: Option<held::Held<P>>,
    /// What the CQL-S filters keep for this game (made when one first needs it).
    cqls_cache: std::cell::RefCell<Option<cqls::GameCache>>,
    /// The run's settings that filters read (file access, the engine's path).
    env: &'a Environment,
    /// The worker searching this game (its engine); None: engine filters fail.
    worker: Option<&'a Worker>,
    /// Whether a filter evaluated may add comments or sort values, so that [`matches`]
    /// must roll back those of a filter that did not match (see [`Evaluator::adding_nothing`]).
    ///
    /// [`matches`]: Evaluator::matches
    may_add_output: bool,
}

impl<'a, P: Position> Evaluator<'a, P> {
    /// An evaluator for one game.
    pub fn new(game: &'a GameContext<'a, P>) -> Self {
        Evaluator {
            game,
            state: Default::default(),
            piece_table: std::sync::OnceLock::new(),
            imagined: Default::default(),
            tree_order: std::sync::OnceLock::new(),
            path_state: Default::default(),
            last_game: std::cell::Cell::new(None),
            held: None,
            cqls_cache: Default::default(),
            may_add_output: true,
            env: &NO_ENVIRONMENT,
            worker: None,
        }
    }

    /// The evaluator reading the run's `env` and using `worker`'s engine (an evaluator made
    /// by [`Evaluator::new`] has [`NO_ENVIRONMENT`] and no worker).
    pub fn in_env(mut self, env: &'a Environment, worker: &'a Worker) -> Self {
        self.env = env;
        self.worker = Some(worker);
        self
    }

    /// The evaluator for filters that add no comment or sort value to the output (no
    /// `comment`, `sort`, nor any of the families that may: `run::plan::adds_output` decides
    /// it): [`Evaluator::matches`] has nothing to roll back after a filter that did not match.
    pub fn adding_nothing(mut self) -> Self {
        self.may_add_output = false;
        self
    }

    /// An evaluator for the one-pass search (`run::one_pass`): it holds one position,
    /// `start`, which the caller moves on through [`Evaluator::current_mut`]; no game tree is replayed or kept.
    /// Only position-local filters may be evaluated with it (those that read the position,
    /// the game's tags and number, and variables: `run::plan` decides), at the node id of
    /// the position's ply.
    pub fn one_position(game: &'a GameContext<'a, P>, start: P) -> Self {
        let mut evaluator = Evaluator::new(game);
        evaluator.held = Some(held::Held::new(ReplayedNode {
            position: start,
            played: None,
            ply: 0,
        }));
        evaluator
    }

    /// One-pass search: the held position (see [`Evaluator::one_position`]), to play the
    /// next move on (its `played` and `ply` are the caller's to set).
    pub fn current_mut(&mut self) -> Option<&mut ReplayedNode<P>> {
        self.held.as_mut().map(held::Held::current_mut)
    }

    /// One-pass search: the next main-line position, made a copy of the held one for the
    /// caller to play the next move on (its `played` and `ply` too), for a query that reads
    /// it (`move`, `terminal`). None when the evaluator holds no position.
    pub fn next_from_current(&mut self) -> Option<&mut ReplayedNode<P>> {
        self.held.as_mut().map(held::Held::copy_to_next)
    }

    /// One-pass search: the game ends at the held position (there is no next one).
    pub fn end_here(&mut self) {
        if let Some(held) = &mut self.held {
            held.clear_next();
        }
    }

    /// One-pass search: moves on to the next position (see [`Evaluator::next_from_current`]);
    /// the held one becomes the previous position when `keep_previous` (for `move previous`).
    /// False at the game's end.
    pub fn step(&mut self, keep_previous: bool) -> bool {
        self.held.as_mut().is_some_and(|h| h.step(keep_previous))
    }

    /// The comments the query attached to positions of this game (record node, text), in the
    /// order made; only those of positions where the query matched are kept.
    pub fn take_comments(&self) -> Vec<(u32, String)> {
        self.state.borrow_mut().take_comments()
    }

    /// The best value of each `sort` of the query that had one in this game.
    pub fn best_sorts(&self) -> Vec<SortValue> {
        self.state.borrow().best_sorts()
    }

    /// The game's best `sort` value, if the query has a `sort` that matched.
    pub fn sort_value(&self) -> Option<SortValue> {
        self.state.borrow().sort_value()
    }

    /// The record nodes searched, in game order: the main line, or every reached node in
    /// depth-first source order when variations are searched.
    pub fn searched_nodes(&self) -> Vec<u32> {
        let record = self.game.record;
        let reached = |i: u32| {
            self.game
                .replayed
                .nodes
                .get(i as usize)
                .is_some_and(|n| n.is_some())
        };
        if !self.game.variations || record.nodes.is_empty() {
            if record.nodes.is_empty() {
                return vec![0];
            }
            return record
                .mainline()
                .into_iter()
                .take_while(|&i| reached(i))
                .collect();
        }
        let mut out = Vec::new();
        let mut stack = vec![0u32];
        while let Some(at) = stack.pop() {
            if !reached(at) {
                continue;
            }
            out.push(at);
            for &c in record.nodes[at as usize].children.iter().rev() {
                stack.push(c);
            }
        }
        out
    }

    #[inline]
    fn node(&self, at: u32) -> &ReplayedNode<P> {
        // The one-pass search's current position: most reads.
        if let Some(held) = &self.held
            && at == held.current().ply
            && at < imagine::BASE
        {
            return held.current();
        }
        self.other_node(at)
    }

    /// [`node`](Self::node) of any other position.
    fn other_node(&self, at: u32) -> &ReplayedNode<P> {
        if at >= imagine::BASE {
            return self.imagined_node(at);
        }
        if let Some(held) = &self.held {
            let current = held.current();
            if at == current.ply {
                return current;
            }
            let neighbour = if at.checked_add(1) == Some(current.ply) {
                held.previous()
            } else if at == current.ply.saturating_add(1) {
                held.next()
            } else {
                None
            };
            return neighbour.unwrap_or(current);
        }
        self.game.replayed.nodes[at as usize]
            .as_ref()
            .expect("evaluated at a reached node")
    }

    fn geometry(&self, at: u32) -> crate::squares::Geometry {
        self.node(at).position.geometry()
    }

    /// The searched children of a node (main continuation only unless variations are on).
    fn children(&self, at: u32) -> impl Iterator<Item = u32> + '_ {
        // One-pass search: the next main-line position, when held.
        let held_next = self
            .held
            .as_ref()
            .filter(|h| h.current().ply == at && h.next().is_some())
            .map(|_| at + 1);
        let kids: &[u32] = match self.held {
            Some(_) => &[],
            None => self
                .game
                .record
                .nodes
                .get(at as usize)
                .map_or(&[], |n| &n.children),
        };
        let take = if self.game.variations {
            kids.len()
        } else {
            kids.len().min(1)
        };
        kids[..take]
            .iter()
            .copied()
            .filter(|&c| {
                self.game
                    .replayed
                    .nodes
                    .get(c as usize)
                    .is_some_and(|n| n.is_some())
            })
            .chain(held_next)
    }

    /// Whether `filter` matches at node `at`.
    pub fn matches(&self, filter: &Node<P::Set>, at: u32) -> bool {
        if !self.may_add_output {
            return is_match(&self.eval(filter, at));
        }
        let mark = self.state.borrow().comment_mark();
        let matched = is_match(&self.eval(filter, at));
        if !matched {
            self.state.borrow_mut().rollback(mark);
        }
        matched
    }

    /// `max(a b ...)` / `min(a b ...)`: the items' numbers folded with `pick`, each item
    /// evaluated in order; None when one has no number (or there is none).
    fn fold_nums(
        &self,
        items: &[Node<P::Set>],
        at: u32,
        pick: fn(i64, i64) -> i64,
    ) -> Option<Value<P::Set>> {
        let mut best: Option<i64> = None;
        for item in items {
            let n = self.num(item, at)?;
            best = Some(best.map_or(n, |b| pick(b, n)));
        }
        best.map(Value::Num)
    }

    fn set(&self, filter: &Node<P::Set>, at: u32) -> Option<P::Set> {
        // The most common set, read without the general evaluation (as its arm reads it).
        if let Node::Pieces(kinds, squares) = filter {
            return Some(self.node(at).position.pieces(*kinds).intersect(squares));
        }
        match self.eval(filter, at)? {
            Value::Set(s) => Some(s),
            // A set filter that matched without squares (see `Node::Union`).
            Value::Bool(true) => Some(P::Set::empty()),
            _ => None,
        }
    }

    fn num(&self, filter: &Node<P::Set>, at: u32) -> Option<i64> {
        // The most common numbers, read without the general evaluation (as their arms
        // read them): a constant, and `#` of a set.
        match filter {
            Node::Number(n) => return Some(*n),
            Node::Count(inner) => return Some(i64::from(self.set(inner, at)?.count())),
            _ => {}
        }
        match self.eval(filter, at)? {
            Value::Num(n) => Some(n),
            Value::Set(s) => Some(i64::from(s.count())),
            _ => None,
        }
    }

    fn tag(&self, name: &TagName) -> Option<&'a str> {
        let record = self.game.record;
        match name {
            TagName::White => record.tag("White"),
            TagName::Black => record.tag("Black"),
            TagName::Event => record.tag("Event"),
            TagName::Site => record.tag("Site"),
            TagName::Date => record.tag("Date"),
            TagName::Other(n) => record.tag(n),
        }
    }

    /// Evaluates `filter` at node `at`: None when it does not match.
    pub fn eval(&self, filter: &Node<P::Set>, at: u32) -> Option<Value<P::Set>> {
        // Read only by the arms that need it (many do not: `and`, numbers, strings...).
        let pos = || &self.node(at).position;
        let truth = |b: bool| if b { Some(Value::Bool(true)) } else { None };
        match filter {
            // true / false
            Node::True => Some(Value::Bool(true)),
            Node::False => None,
            // a and b, { a b }: all match; the last one's value
            Node::And(items) => {
                let mut last = Some(Value::Bool(true));
                for item in items {
                    last = self.eval(item, at);
                    if !is_match(&last) {
                        return None;
                    }
                }
                last
            }
            // a or b: the first match's value
            Node::Or(items) => self.eval_or(items, at),
            // not a
            Node::Not(inner) => truth(!self.matches(inner, at)),
            // if c then a else b
            Node::Abort(place) => self.eval_abort(place),
            Node::While(test, body) => self.eval_while(test, body, at),
            Node::Repeat(body) => self.eval_repeat(body, at),
            Node::Assert(f, text) => self.eval_assert(f, text, at),
            Node::WithGlobals(globals, body) => self.eval_with_globals(globals, body, at),
            Node::If(cond, then, otherwise) => {
                if self.matches(cond, at) {
                    self.eval(then, at)
                } else {
                    match otherwise {
                        Some(o) => self.eval(o, at),
                        // No `else`: a failed condition matches (CQL 6.2's IfNode).
                        None => Some(Value::Bool(true)),
                    }
                }
            }
            // Ra1, [Qq]d4, _f4, a-h1-8, .
            Node::Pieces(kinds, squares) => {
                Some(Value::Set(pos().pieces(*kinds).intersect(squares)))
            }
            // K[-5..5,0..]: the admitted pieces standing in one of the rectangles
            Node::Region(kinds, rects) => Some(Value::Set(P::Set::from_coords(
                pos().geometry(),
                (pos().pieces(*kinds).coords().into_iter())
                    .filter(|c| rects.iter().any(|r| r.contains(*c))),
            ))),
            // x | y
            Node::Union(items) => self.eval_union(items, at),
            Node::CountImages(images) => self.eval_count_images(images, at),
            Node::Placements(table) => self.eval_placements(table, at),
            // x & y
            Node::Intersect(items) => {
                let mut acc: Option<P::Set> = None;
                for item in items {
                    let s = self.set(item, at)?;
                    acc = Some(match acc {
                        None => s,
                        Some(a) => a.intersect(&s),
                    });
                }
                acc.map(Value::Set)
            }
            // ~x
            Node::Complement(inner) => {
                let s = self.set(inner, at)?;
                Some(Value::Set(P::Set::full(self.geometry(at)).minus(&s)))
            }
            // x attackedby y
            Node::AttackedBy(x, y) => {
                let (x, y) = (self.set(x, at)?, self.set(y, at)?);
                Some(Value::Set(board::attacked_by(pos(), &x, &y)))
            }
            // x attacks y
            Node::Attacks(x, y) => {
                let (x, y) = (self.set(x, at)?, self.set(y, at)?);
                Some(Value::Set(board::attackers(pos(), &x, &y)))
            }
            // connectedpawns, doubledpawns, isolatedpawns, passedpawns
            Node::Pawns(kind) => Some(Value::Set(board::pawn_structure(pos(), *kind))),
            // promotedpieces
            Node::PromotedPieces => Some(Value::Set(pos().promoted())),
            // move ...
            Node::Move(m) => self.eval_move(m, at),
            Node::MoveExt(m) => self.eval_move_ext(m, at),
            Node::ConsecutiveMoves(c) => self.eval_consecutive_moves(c, at),
            // fen "k7/8/NKB5/..."
            Node::SimilarPosition(s) => self.similar_position(s, at),
            Node::Placement(parts) => truth(
                parts
                    .iter()
                    .all(|(kinds, squares)| squares.is_subset(&pos().pieces(*kinds))),
            ),
            // 3, white, black
            Node::Number(n) => Some(Value::Num(*n)),
            // #x
            Node::Count(inner) => {
                let s = self.set(inner, at)?;
                Some(Value::Num(i64::from(s.count())))
            }
            // a + b, a - b, a * b, a / b, a % b, "a" + "b"
            Node::Arith(op, a, b) => self.eval_arith(*op, a, b, at),
            // -a
            Node::Negate(a) => Some(Value::Num(self.num(a, at)?.checked_neg()?)),
            // abs a
            Node::Abs(a) => Some(Value::Num(self.num(a, at)?.checked_abs()?)),
            Node::Sqrt(x) => self.eval_sqrt(x, at),
            // max(a b ...)
            Node::Max(items) => self.fold_nums(items, at, i64::max),
            // min(a b ...)
            Node::Min(items) => self.fold_nums(items, at, i64::min),
            // power x
            Node::Power(x) => {
                let set = self.set(x, at)?;
                Some(Value::Num(pos().power_of_pieces(&set)))
            }
            // type x, colortype x
            Node::PieceType(x, colored) => {
                let s = self.set(x, at)?;
                if s.count() != 1 {
                    return None;
                }
                Some(Value::Num(type_number(pos().piece_at(&s), *colored)))
            }
            // halfmoveclock, movenumber, ply, gamenumber, sidetomove
            Node::LastGameNumber => self.eval_last_game_number(),
            Node::Num(prop) => Some(Value::Num(match prop {
                NumProp::HalfmoveClock => i64::from(pos().halfmove_clock()),
                NumProp::MoveNumber => i64::from(pos().fullmove_number()),
                NumProp::Ply => i64::from(self.node(at).ply),
                NumProp::GameNumber => self.game.number as i64,
                NumProp::SideToMove => match pos().turn() {
                    Color::White => 1,
                    Color::Black => -1,
                },
                NumProp::Depth => self.depth(at),
                // CQL 6.2's id: the rank in the searched tree, depth first, main line
                // first (so the ply on the main line); see `position N` (eval/tree_words.rs).
                NumProp::PositionId => self.position_id(at),
            })),
            // elo white, elo black
            Node::Elo(color) => {
                let tag = if *color == Color::White {
                    "WhiteElo"
                } else {
                    "BlackElo"
                };
                let elo = self.game.record.tag(tag)?.trim().parse::<i64>().ok()?;
                Some(Value::Num(elo))
            }
            Node::Year => self.eval_year(),
            Node::Hhdb(award) => self.eval_hhdb_award(*award),
            Node::HhdbCooked => self.eval_hhdb_cooked(),
            // "text"
            Node::Str(s) => Some(Value::Str(s.clone())),
            // currentfen, standardfen, zobristkey
            Node::StrProp(prop) => Some(Value::Str(match prop {
                StrProp::CurrentFen => pos().fen(false),
                StrProp::StandardFen => pos().fen(true),
                StrProp::ZobristKey => format!("{:016x}", pos().zobrist()),
            })),
            // player white, event, site, date
            Node::Tag(name) => self.tag(name).map(|v| Value::Str(v.to_string())),
            Node::TagOf(name) => self.eval_tag_of(name, at),
            Node::SetTag(name, value) => self.eval_set_tag(name, value, at),
            Node::RemoveTag(name) => self.eval_remove_tag(name, at),
            // player "x", event "x", ...
            Node::TagContains(names, text) => truth(
                names
                    .iter()
                    .any(|n| self.tag(n).is_some_and(|v| v.contains(text.as_str()))),
            ),
            // x ~~ "regex"
            Node::RegexMatch(x, pattern) => match self.eval(x, at)? {
                Value::Str(text) => self.regex_match(&pattern.0, &text),
                _ => None,
            },
            // lowercase x, uppercase x
            Node::CaseConvert(upper, x) => match self.eval(x, at)? {
                Value::Str(text) => Some(Value::Str(text::convert_case(&text, *upper))),
                _ => None,
            },
            // hascomment, hascomment "!"
            Node::HasComment(nag) => {
                let node = self.game.record.nodes.get(at as usize)?;
                match nag {
                    Some(n) => truth(node.nags.contains(n)),
                    None => truth(text::original_comment(&node.comments_after).is_some()),
                }
            }
            Node::HasCommentText(text) => self.eval_has_comment_text(text, at),
            Node::OriginalComment => self.eval_original_comment(at),
            Node::RemoveComment => self.eval_remove_comment(at),
            // piecename x, typename x
            Node::PieceName(type_only, x) => {
                let s = self.set(x, at)?;
                if s.count() != 1 {
                    return None;
                }
                let piece = pos().piece_at(&s);
                // A piece of neither side (infinite chess's obstacle `ob`) has no CQL colour.
                let neutral = piece
                    .is_none()
                    .then(|| pos().fairy_letter(s.clone()))
                    .flatten();
                let standard = text::piece_letter(piece, *type_only).filter(|_| neutral.is_none());
                let name = match standard {
                    Some(letter) => letter.to_string(),
                    // A fairy piece: its FEN letter (`C`, `+P`).
                    None => {
                        let letter = match neutral {
                            Some(letter) => letter,
                            None => pos().fairy_letter(s)?,
                        };
                        if *type_only {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        }
                    }
                };
                Some(Value::Str(name))
            }
            Node::PieceId(x) => self.eval_piece_id(x, at),
            // check
            Node::Check => truth(pos().is_check()),
            // mate
            Node::Mate => truth(pos().is_mate()),
            // stalemate
            Node::Stalemate => truth(pos().is_stalemate()),
            // wtm, btm
            Node::ToMove(color) => truth(pos().turn() == *color),
            // initial
            Node::Initial => truth(at == 0),
            // terminal
            Node::Terminal => truth(self.children(at).next().is_none()),
            Node::LegalPosition => truth(self.is_legal_position(at)),
            Node::ReachablePosition => truth(self.is_reachable_position(at)),
            // result 1-0
            Node::Result(want) => {
                let result = self.game.record.tag("Result").map(str::trim);
                let got = match result {
                    Some("1-0") => Some(GameResult::WhiteWins),
                    Some("0-1") => Some(GameResult::BlackWins),
                    Some("1/2-1/2") => Some(GameResult::Draw),
                    _ => None,
                };
                truth(got == Some(*want))
            }
            // a < b, a == b, ...
            Node::Compare(op, a, b) => self.eval_compare(*op, a, b, at),
            Node::Equal(x, y) => self.eval_equal(x, y, at),
            // x in y
            Node::In(x, y) => {
                let (x, y) = (self.set(x, at)?, self.set(y, at)?);
                truth(x.is_subset(&y))
            }
            // x
            Node::Var(id) => self.eval_var(*id, at),
            // x = v
            Node::Assign(id, v) => self.eval_assign(*id, v, at),
            Node::AssignIfNonEmpty(id, v) => self.eval_assign_if_non_empty(*id, v, at),
            Node::PieceAssign(var, set) => self.eval_piece_assign(*var, set, at),
            // isbound x
            Node::IsBound(id) => truth(self.state.borrow().get(*id).is_some()),
            // unbind x
            Node::Unbind(id) => self.eval_unbind(*id),
            // square [all] x in S body, piece [all] x in S body
            Node::SquareLoop(l) => self.eval_loop(l, false, at),
            Node::PieceLoop(l) => self.eval_loop(l, true, at),
            // parent, child(n), currentposition, initialposition, lastposition
            Node::Position(r) => self.position_ref(r, at).map(Value::Pos),
            Node::PositionById(n) => self.eval_position_by_id(n, at),
            Node::ChildAt(n) => self.eval_child_at(n, at),
            // p : f
            Node::At(target, f) => self.eval_at(target, f, at),
            // find ...
            Node::Find(f) => self.eval_find(f, at),
            // line ...
            Node::Line(l) => self.eval_line(l, at),
            // mainline, variation
            Node::InMainline(main) => truth((self.depth(at) == 0) == *main),
            Node::VirtualMainline => truth(self.on_virtual_mainline(at)),
            Node::PrimaryMove(primary) => self.eval_primary_move(*primary, at),
            Node::AssertVariations(message) => self.eval_assert_variations(message),
            // up 1 x, diagonal 2 4 x, ...
            Node::Direction(dirs, range, x) => self.eval_direction(*dirs, *range, x, at),
            Node::DirectionBy(dirs, lo, hi, x) => {
                self.eval_direction_by(*dirs, lo, hi.as_deref(), x, at)
            }
            // between(x y)
            Node::Between(x, y) => self.eval_between(x, y, at),
            // ray (...), xray (...)
            Node::Ray(r) => self.eval_ray(r, at),
            // pin ...
            Node::Pin(p) => self.eval_pin(p, at),
            // light, dark x
            Node::SquareShade(light, x) => self.eval_shade(*light, x.as_deref(), at),
            // file x, rank x
            Node::FileRank(rank, x) => self.eval_file_rank(*rank, x, at),
            // makesquare(f r)
            Node::MakeSquare(m) => match &**m {
                MakeSquare::FileRank(f, r) => self.eval_makesquare(f, r, at),
                MakeSquare::Named(name) => self.eval_makesquare_named(name, at),
            },
            // distance(x y)
            Node::Distance(x, y) => self.eval_distance(x, y, at),
            // puremate, modelmate, idealmate, ...
            Node::MateKind(kind, stalemate) => Some(Value::Set(
                self.mate_participants(*kind, *stalemate, at)
                    .unwrap_or_else(P::Set::empty),
            )),
            // comment(...)
            Node::Comment(parts) => self.eval_comment(parts, at),
            Node::Message(parts, quiet) => self.eval_message(parts, *quiet, at),
            Node::ReadFile(name) => self.eval_read_file(name, at),
            Node::WriteFile(name, text) => self.eval_write_file(name, text, at),
            // sort ...
            Node::Sort(s) => self.eval_sort(s, at),
            // echo (s t) body
            Node::Echo(e) => self.eval_echo(e, at),
            // ancestor(x y), descendant(x y), lca(x y)
            Node::Relation(rel, x, y) => self.eval_relation(*rel, x, y, at),
            Node::TreeDistance(x, y) => self.eval_tree_distance(x, y, at),
            Node::SameContent(x, y) => self.eval_same_content(x, y, at),
            // s[i:j], \1, #s, int, str, while (s ~~ re), ... (eval/strings.rs)
            Node::Strs(f) => self.eval_strs(f, at),
            // path ..., X--Y(target), from, to, pathcount, pathstart, ...
            Node::Path(p) => self.eval_path_filter(p, at),
            // CQL-S only: :sequence, :pawncount, :matchcount, ... (eval/cqls/)
            Node::Cqls(c) => self.eval_cqls(c, at),
            // D[k], D[k] = v, unbind D[k], #D, x ∊ D body (eval/dictionary.rs)
            Node::Dict(d) => self.eval_dict(d, at),
        }
    }
}
