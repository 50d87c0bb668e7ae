//! Visiting every filter of an IR tree, and what each filter reads: the two facts of a node
//! that questions about a whole query are answered from (does it `sort`? does it need a
//! bounded board? can the one-pass search run it?), asked of the tree's nodes rather than of
//! its debug text.
//!
//! - [`children`]: where each IR type keeps its operands ([`walk`], [`any_node`] visit them).
//! - [`Node::reads`]: what the node itself reads beside its operands ([`Reads`]), the one
//!   classification the one-pass plan (`run::plan`) and the loops' fast paths
//!   (`eval::loops`) derive their answers from.
//!
//! The matches below name every variant on purpose (no `_` arm): a new variant does not
//! compile until it says where its filters are and what it reads, so no walk silently skips
//! it and no analysis takes it for what it is not. Both live in this file so that a new IR
//! node is written in two places: its variant (`ir.rs`) and here.

use std::ops::ControlFlow;

use super::dict::DictFilter;
use super::path::{Dash, PathCon, PathFilter};
use super::{LineState, MakeSquare, MoveFilter, MoveSource, Node, NumProp, StrFilter};
use crate::ir::cqls::CqlsNode;

/// Calls `visit` on `node` and on every filter inside it, parents before their operands and
/// operands in the order they are written, until `visit` breaks (its break is returned).
pub fn walk<'a, S, B>(
    node: &'a Node<S>,
    visit: &mut dyn FnMut(&'a Node<S>) -> ControlFlow<B>,
) -> ControlFlow<B> {
    visit(node)?;
    children(node, &mut |child| walk(child, visit))
}

/// Whether `pred` holds for `node` or for some filter inside it (stops at the first).
pub fn any_node<S>(node: &Node<S>, mut pred: impl FnMut(&Node<S>) -> bool) -> bool {
    walk(node, &mut |n| {
        if pred(n) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

/// Calls `visit` on each filter directly inside `node` (not on `node` itself, not deeper),
/// in written order, until it breaks.
pub fn children<'a, S, B>(
    node: &'a Node<S>,
    visit: &mut dyn FnMut(&'a Node<S>) -> ControlFlow<B>,
) -> ControlFlow<B> {
    match node {
        Node::True
        | Node::False
        | Node::Abort(_)
        | Node::SimilarPosition(_)
        | Node::LastGameNumber
        | Node::AssertVariations(_)
        | Node::OriginalComment
        | Node::RemoveComment
        | Node::Year
        | Node::Hhdb(_)
        | Node::HhdbCooked
        | Node::VirtualMainline
        | Node::PrimaryMove(_)
        | Node::LegalPosition
        | Node::ReachablePosition
        | Node::Pieces(..)
        | Node::Placements(_)
        | Node::Region(..)
        | Node::Pawns(_)
        | Node::PromotedPieces
        | Node::Placement(_)
        | Node::Number(_)
        | Node::Num(_)
        | Node::Elo(_)
        | Node::Str(_)
        | Node::StrProp(_)
        | Node::Tag(_)
        | Node::TagContains(..)
        | Node::HasComment(_)
        | Node::Check
        | Node::Mate
        | Node::Stalemate
        | Node::ToMove(_)
        | Node::Initial
        | Node::Terminal
        | Node::Result(_)
        | Node::Var(_)
        | Node::IsBound(_)
        | Node::Unbind(_)
        | Node::Position(_)
        | Node::InMainline(_)
        | Node::MateKind(..) => ControlFlow::Continue(()),
        Node::And(v)
        | Node::Or(v)
        | Node::Union(v)
        | Node::Intersect(v)
        | Node::Max(v)
        | Node::Min(v)
        | Node::Comment(v)
        | Node::CountImages(v)
        | Node::Message(v, _) => each(v, visit),
        Node::Not(a)
        | Node::Complement(a)
        | Node::Count(a)
        | Node::Negate(a)
        | Node::Abs(a)
        | Node::Power(a)
        | Node::PieceType(a, _)
        | Node::RegexMatch(a, _)
        | Node::CaseConvert(_, a)
        | Node::PieceName(_, a)
        | Node::Assign(_, a)
        | Node::Direction(_, _, a)
        | Node::FileRank(_, a)
        | Node::WithGlobals(_, a)
        | Node::Repeat(a)
        | Node::TagOf(a)
        | Node::RemoveTag(a)
        | Node::HasCommentText(a)
        | Node::ReadFile(a)
        | Node::PieceId(a)
        | Node::PositionById(a)
        | Node::ChildAt(a)
        | Node::Assert(a, _)
        | Node::Sqrt(a)
        | Node::PieceAssign(_, a)
        | Node::AssignIfNonEmpty(_, a) => visit(a),
        Node::AttackedBy(a, b)
        | Node::Attacks(a, b)
        | Node::Arith(_, a, b)
        | Node::Compare(_, a, b)
        | Node::In(a, b)
        | Node::At(a, b)
        | Node::Between(a, b)
        | Node::Distance(a, b)
        | Node::Relation(_, a, b)
        | Node::While(a, b)
        | Node::Equal(a, b)
        | Node::SameContent(a, b)
        | Node::TreeDistance(a, b)
        | Node::SetTag(a, b)
        | Node::WriteFile(a, b) => {
            visit(a)?;
            visit(b)
        }
        Node::If(c, a, e) => {
            visit(c)?;
            visit(a)?;
            opt(e.as_deref(), visit)
        }
        Node::SquareShade(_, a) => opt(a.as_deref(), visit),
        Node::DirectionBy(_, from, to, set) => {
            visit(from)?;
            opt(to.as_deref(), visit)?;
            visit(set)
        }
        Node::Move(m) => move_children(m, visit),
        Node::SquareLoop(l) | Node::PieceLoop(l) => {
            visit(&l.domain)?;
            visit(&l.body)
        }
        Node::MakeSquare(m) => match &**m {
            MakeSquare::FileRank(f, r) => {
                visit(f)?;
                visit(r)
            }
            MakeSquare::Named(name) => visit(name),
        },
        Node::Find(f) => {
            visit(&f.body)?;
            f.read_bounds
                .as_deref()
                .map_or(ControlFlow::Continue(()), |b| {
                    visit(&b.min)?;
                    visit(&b.max)
                })
        }
        Node::Line(l) => l.states.iter().try_for_each(|s| match s {
            LineState::Filter(f, _) => visit(f),
            LineState::Split(_) | LineState::Accept => ControlFlow::Continue(()),
        }),
        Node::Ray(r) => each(&r.sets, visit),
        Node::Pin(p) => {
            opt(p.from.as_ref(), visit)?;
            opt(p.through.as_ref(), visit)?;
            opt(p.to.as_ref(), visit)
        }
        Node::Sort(s) => visit(&s.body),
        Node::Echo(e) => visit(&e.body),
        Node::Strs(s) => str_children(s, visit),
        Node::ConsecutiveMoves(c) => {
            visit(&c.left)?;
            visit(&c.right)
        }
        Node::MoveExt(m) => {
            move_children(&m.base, visit)?;
            opt(m.comment.as_ref(), visit)?;
            opt(m.then.as_ref().map(|(_, f)| f), visit)
        }
        Node::Path(p) => path_children(p, visit),
        Node::Cqls(c) => cqls_children(c, visit),
        Node::Dict(d) => dict_children(d, visit),
    }
}

/// What one IR node reads itself, beside its operands (which [`walk`] visits): the one
/// classification of the IR that decides which queries the one-pass search runs
/// (`run::plan`: [`Reads::is_position_local`]), where the loops' fast paths apply
/// (`eval::loops`: [`Reads::Squares`] and piece loops) and which filters `path` and `find`
/// may remember answers of (`eval::path_memo::pure`: no captures, bindings, output, nor
/// the families of their own but the few `path` words that only read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// Square sets, numbers and truth computed from the operands, the current position's
    /// pieces, their attacks, check and mate, and variables' values (`Ra1`, `&`, `attacks`,
    /// `#x`, `x + y`, `check`, `x`, `square x in S`, `ray`, ...): the set algebra the loops'
    /// fast paths are shown to hold for.
    Squares,
    /// The current position beyond that algebra: its FEN and clocks (`currentfen`,
    /// `halfmoveclock`, `sidetomove`), a placement pattern, its legal moves (`move legal`),
    /// mate participants (`puremate`), a piece's name or type (`piecename`, `type`).
    Position,
    /// Strings made from the operands' values: a literal, `lowercase x`.
    Text,
    /// `x ~~ "re"`: a string matched against a pattern; its captures (`\1`) are kept for the
    /// filters after it.
    Captures,
    /// The game's tags and number, its result, the position's ply and move number, whether
    /// it is the game's first (`player white`, `elo`, `result`, `gamenumber`, `ply`,
    /// `initial`).
    Game,
    /// Binds or unbinds a variable (`x = v`, `unbind x`).
    Binds,
    /// Pieces followed through the game by their identity (`piece x in S body`).
    PieceIdentity,
    /// The move that reached the position, and the position before it (`move previous`).
    PreviousMove,
    /// The move played from the position in the game, or that there is none (`move`,
    /// `terminal`).
    NextMove,
    /// Where the position lies among the game's variations (`mainline`, `depth`).
    Variation,
    /// Adds to the output at the position (`comment`, `sort`).
    Output,
    /// Other positions of the game tree (`parent`, `:`, `find`, `line`, `echo`, `ancestor`),
    /// its numbering (`positionid`), comments and NAGs (`hascomment`), retro moves
    /// (`move reverse`): read, nothing changed.
    Navigation,
    /// The families of their own, whose members read and change different things (string
    /// operations, `path`, CQL-S's filters, dictionaries), the tag, comment and file words
    /// (`tag x`, `settag`, `removetag`, `originalcomment`, `removecomment`, `hascomment
    /// "text"`, `message`, `year`, `hhdb`, `readfile`, `writefile`), the game tree's words
    /// (`virtualmainline`, `position N`, `child(n)` computed, `primary`, `pieceid`,
    /// `consecutivemoves`, `move primary|comment|: F`, `countmoves`, `distance` and `&` of
    /// positions, `legalposition`, `reachableposition`), the programming
    /// words (`while`, `loop`, `assert`, `equal`, `sqrt`, `T count F`, `up N X`, `x =? S`,
    /// `piece x = S`, the root carrying persistent values), and the
    /// filters that read or stop the run (`lastgamenumber`, `cql_assertvariations`,
    /// `cql_abort`, `similarposition`): asked of the node itself where it matters.
    Other,
}

impl Reads {
    /// Whether a node of this kind reads the current position and the game's fixed facts
    /// only (no other position, no output): what the one-pass search evaluates as each move
    /// is played.
    pub fn is_position_local(self) -> bool {
        matches!(
            self,
            Reads::Squares
                | Reads::Position
                | Reads::Text
                | Reads::Captures
                | Reads::Game
                | Reads::Binds
        )
    }
}

impl<S> Node<S> {
    /// What this node reads itself, beside its operands (see [`Reads`]).
    pub fn reads(&self) -> Reads {
        match self {
            Node::True
            | Node::False
            | Node::And(_)
            | Node::Or(_)
            | Node::Not(_)
            | Node::If(..)
            | Node::Pieces(..)
            | Node::Placements(_)
            | Node::Region(..)
            | Node::Union(_)
            | Node::Intersect(_)
            | Node::Complement(_)
            | Node::AttackedBy(..)
            | Node::Attacks(..)
            | Node::Pawns(_)
            | Node::PromotedPieces
            | Node::Number(_)
            | Node::Count(_)
            | Node::Arith(..)
            | Node::Negate(_)
            | Node::Abs(_)
            | Node::Max(_)
            | Node::Min(_)
            | Node::Power(_)
            | Node::Check
            | Node::Mate
            | Node::Stalemate
            | Node::ToMove(_)
            | Node::Compare(..)
            | Node::In(..)
            | Node::Var(_)
            | Node::IsBound(_)
            | Node::SquareLoop(_)
            | Node::Direction(..)
            | Node::Between(..)
            | Node::Ray(_)
            | Node::Pin(_)
            | Node::SquareShade(..)
            | Node::FileRank(..)
            | Node::MakeSquare(..)
            | Node::Distance(..) => Reads::Squares,
            Node::Placement(_)
            | Node::PieceType(..)
            | Node::StrProp(_)
            | Node::PieceName(..)
            | Node::MateKind(..)
            | Node::Num(NumProp::HalfmoveClock | NumProp::SideToMove) => Reads::Position,
            Node::Str(_) | Node::CaseConvert(..) => Reads::Text,
            Node::RegexMatch(..) => Reads::Captures,
            Node::Elo(_)
            | Node::Tag(_)
            | Node::TagContains(..)
            | Node::Initial
            | Node::Result(_)
            | Node::Num(NumProp::MoveNumber | NumProp::Ply | NumProp::GameNumber) => Reads::Game,
            Node::Assign(..) | Node::Unbind(_) => Reads::Binds,
            Node::PieceLoop(_) => Reads::PieceIdentity,
            Node::Move(m) => match m.source {
                MoveSource::Legal | MoveSource::PseudoLegal => Reads::Position,
                MoveSource::Previous => Reads::PreviousMove,
                MoveSource::Played => Reads::NextMove,
                MoveSource::Reverse => Reads::Navigation,
            },
            Node::Terminal => Reads::NextMove,
            Node::InMainline(_) | Node::Num(NumProp::Depth) => Reads::Variation,
            Node::Comment(_) | Node::Sort(_) => Reads::Output,
            Node::Num(NumProp::PositionId)
            | Node::HasComment(_)
            | Node::Position(_)
            | Node::At(..)
            | Node::Find(_)
            | Node::Line(_)
            | Node::Echo(_)
            | Node::Relation(..) => Reads::Navigation,
            Node::Strs(_)
            | Node::TagOf(_)
            | Node::SetTag(..)
            | Node::RemoveTag(_)
            | Node::OriginalComment
            | Node::RemoveComment
            | Node::HasCommentText(_)
            | Node::Message(..)
            | Node::Year
            | Node::Hhdb(_)
            | Node::HhdbCooked
            | Node::ReadFile(_)
            | Node::WriteFile(..)
            | Node::VirtualMainline
            | Node::PositionById(_)
            | Node::ChildAt(_)
            | Node::PrimaryMove(_)
            | Node::PieceId(_)
            | Node::ConsecutiveMoves(_)
            | Node::MoveExt(_)
            | Node::SameContent(..)
            | Node::TreeDistance(..)
            | Node::LegalPosition
            | Node::ReachablePosition
            | Node::Path(_)
            | Node::Cqls(_)
            | Node::Dict(_)
            | Node::WithGlobals(..)
            | Node::While(..)
            | Node::Repeat(_)
            | Node::Assert(..)
            | Node::Equal(..)
            | Node::Sqrt(_)
            | Node::CountImages(_)
            | Node::DirectionBy(..)
            | Node::PieceAssign(..)
            | Node::AssignIfNonEmpty(..)
            | Node::Abort(_)
            | Node::SimilarPosition(_)
            | Node::LastGameNumber
            | Node::AssertVariations(_) => Reads::Other,
        }
    }
}

type Visit<'v, 'a, S, B> = &'v mut dyn FnMut(&'a Node<S>) -> ControlFlow<B>;

/// Visits each filter of a list.
fn each<'a, S, B>(nodes: &'a [Node<S>], visit: Visit<'_, 'a, S, B>) -> ControlFlow<B> {
    nodes.iter().try_for_each(visit)
}

/// Visits an optional filter.
fn opt<'a, S, B>(node: Option<&'a Node<S>>, visit: Visit<'_, 'a, S, B>) -> ControlFlow<B> {
    node.map_or(ControlFlow::Continue(()), visit)
}

/// `from X`, `to Y`, `capture Z`, `enpassantsquare E` of a `move` filter.
fn move_children<'a, S, B>(m: &'a MoveFilter<S>, visit: Visit<'_, 'a, S, B>) -> ControlFlow<B> {
    opt(m.from.as_deref(), visit)?;
    opt(m.to.as_deref(), visit)?;
    opt(m.capture.as_deref(), visit)?;
    opt(m.ep_square.as_deref(), visit)
}

fn str_children<'a, S, B>(s: &'a StrFilter<S>, visit: Visit<'_, 'a, S, B>) -> ControlFlow<B> {
    match s {
        StrFilter::Capture(_) => ControlFlow::Continue(()),
        StrFilter::Length(a) | StrFilter::ToInt(a) | StrFilter::Ascii(a) => visit(a),
        StrFilter::Index(a, b) | StrFilter::Contains(a, b) | StrFilter::IndexOf(a, b) => {
            visit(a)?;
            visit(b)
        }
        StrFilter::RegexWhile { target, body, .. } => {
            visit(target)?;
            visit(body)
        }
        StrFilter::Slice(s, i, j) => {
            visit(s)?;
            opt(i.as_ref(), visit)?;
            opt(j.as_ref(), visit)
        }
        StrFilter::SliceAssign(_, i, j, _, value) => {
            visit(i)?;
            opt(j.as_ref(), visit)?;
            visit(value)
        }
        StrFilter::ToStr(v) => each(v, visit),
    }
}

fn path_children<'a, S, B>(p: &'a PathFilter<S>, visit: Visit<'_, 'a, S, B>) -> ControlFlow<B> {
    match p {
        PathFilter::Path(path) => {
            path.cons.iter().try_for_each(|c| con_children(c, visit))?;
            opt(path.focus.as_ref().map(|f| &f.set), visit)?;
            opt(path.max.as_ref(), visit)
        }
        PathFilter::Dash(d) => dash_children(d, visit),
        PathFilter::MoveSquares(_) | PathFilter::Status(_) | PathFilter::Debug => {
            ControlFlow::Continue(())
        }
    }
}

/// The filters of a path constituent (recursively through chains and repetitions).
fn con_children<'a, S, B>(c: &'a PathCon<S>, visit: Visit<'_, 'a, S, B>) -> ControlFlow<B> {
    match c {
        PathCon::Filter(f) => visit(f),
        PathCon::Dash(d) => dash_children(d, visit),
        PathCon::Chain(v) => v.iter().try_for_each(|c| con_children(c, visit)),
        PathCon::Repeat(c, ..) => con_children(c, visit),
    }
}

fn dash_children<'a, S, B>(d: &'a Dash<S>, visit: Visit<'_, 'a, S, B>) -> ControlFlow<B> {
    opt(d.from.as_ref(), visit)?;
    opt(d.to.as_ref(), visit)?;
    opt(d.promote_named.as_ref(), visit)?;
    opt(d.target.as_ref(), visit)?;
    d.move_target
        .as_ref()
        .map_or(ControlFlow::Continue(()), |m| move_children(m, visit))
}

fn dict_children<'a, S, B>(d: &'a DictFilter<S>, visit: Visit<'_, 'a, S, B>) -> ControlFlow<B> {
    match d {
        DictFilter::Count(_) | DictFilter::Named => ControlFlow::Continue(()),
        DictFilter::Get(_, key) => visit(key),
        DictFilter::Set(_, key, value) => {
            visit(key)?;
            visit(value)
        }
        DictFilter::Unbind(_, key) => opt(key.as_ref(), visit),
        DictFilter::Loop(l) => visit(&l.body),
    }
}

fn cqls_children<'a, S, B>(c: &'a CqlsNode<S>, visit: Visit<'_, 'a, S, B>) -> ControlFlow<B> {
    match c {
        CqlsNode::MustCapture
        | CqlsNode::LineTransposed(_)
        | CqlsNode::CastlingRights(_)
        | CqlsNode::IsCastling(_)
        | CqlsNode::FenIs(_)
        | CqlsNode::Ply(_)
        | CqlsNode::MoveNumber(_)
        | CqlsNode::PawnCount { .. }
        | CqlsNode::Opposition(_)
        | CqlsNode::SumRange(..)
        | CqlsNode::InsideVariation
        | CqlsNode::FiftyMoveRule
        | CqlsNode::ContactCheck
        | CqlsNode::NextCheck(_)
        | CqlsNode::OnlyOneLegalMove
        | CqlsNode::GameInfo(_)
        | CqlsNode::EndgameEvaluation { .. }
        | CqlsNode::CheckCount(_)
        | CqlsNode::Repetition(_)
        | CqlsNode::ThreefoldRepetition
        | CqlsNode::MatingMaterial(_)
        | CqlsNode::StartShuffle { .. }
        | CqlsNode::StartPosition(_)
        | CqlsNode::Variant(_)
        | CqlsNode::ExchangeEvaluation(_)
        | CqlsNode::Evaluation { .. } => ControlFlow::Continue(()),
        CqlsNode::InRange(a, _)
        | CqlsNode::GameCount { filter: a, .. }
        | CqlsNode::NoneBefore(a)
        | CqlsNode::AtParent(a)
        | CqlsNode::AtChild(a)
        | CqlsNode::RunCount { filter: a, .. }
        | CqlsNode::GoodBishop { bishops: a, .. }
        | CqlsNode::ForAny { body: a, .. } => visit(a),
        CqlsNode::AttackCount {
            attackers: a,
            targets: b,
            ..
        }
        | CqlsNode::MaxSwap {
            movers: a,
            targets: b,
            ..
        }
        | CqlsNode::MoveEvaluation {
            movers: a,
            targets: b,
            ..
        } => {
            visit(a)?;
            visit(b)
        }
        CqlsNode::Sequence { steps, .. } | CqlsNode::Ray { steps, .. } => each(steps, visit),
        CqlsNode::Accumulate { images, .. } => images.iter().try_for_each(|(f, _)| visit(f)),
        CqlsNode::Relation(r) => {
            opt(r.pattern.as_ref(), visit)?;
            visit(&r.missing.0)?;
            visit(&r.new.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Find, Sort};

    /// A `sort` three levels down (inside `find`, inside `not`, inside `and`) is found; a tree
    /// without one is not; the walk meets every node once, parents first.
    #[test]
    fn finds_nested_filters_in_written_order() {
        let sort = Node::<u64>::Sort(Box::new(Sort {
            label: String::new(),
            min: false,
            quiet: false,
            body: Node::Number(1),
        }));
        let find = Node::Find(Box::new(Find {
            body: Node::Not(Box::new(sort)),
            backward: false,
            range: None,
            quiet: false,
            read_bounds: None,
        }));
        let tree = Node::And(vec![Node::Check, find, Node::Mate]);
        assert!(any_node(&tree, |n| matches!(n, Node::Sort(_))));
        assert!(!any_node(&Node::<u64>::Or(vec![Node::Check]), |n| {
            matches!(n, Node::Sort(_))
        }));
        let mut seen = Vec::new();
        let _ = walk(&tree, &mut |n| {
            seen.push(match n {
                Node::And(_) => "and",
                Node::Check => "check",
                Node::Find(_) => "find",
                Node::Not(_) => "not",
                Node::Sort(_) => "sort",
                Node::Number(_) => "1",
                Node::Mate => "mate",
                _ => "?",
            });
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(seen, ["and", "check", "find", "not", "sort", "1", "mate"]);
    }

    /// Filters held in the boxed families (strings, paths, programs, the game tree, CQL-S)
    /// are reached too.
    #[test]
    fn reaches_into_boxed_families() {
        let leaf = || Node::<u64>::Distance(Box::new(Node::Number(1)), Box::new(Node::Number(2)));
        let is_distance = |n: &Node<u64>| matches!(n, Node::Distance(..));
        let wrapped = [
            Node::Strs(Box::new(StrFilter::Length(leaf()))),
            Node::While(Box::new(Node::True), Box::new(leaf())),
            Node::PositionById(Box::new(leaf())),
            Node::AssignIfNonEmpty(0, Box::new(leaf())),
            Node::Dict(Box::new(DictFilter::Set(0, Node::True, leaf()))),
            Node::Strs(Box::new(StrFilter::RegexWhile {
                target: Node::True,
                pattern: crate::ir::Pattern(regex::Regex::new("x").expect("a valid pattern")),
                body: leaf(),
            })),
            Node::Cqls(Box::new(CqlsNode::AtChild(leaf()))),
            Node::SameContent(Box::new(Node::True), Box::new(leaf())),
            Node::Path(Box::new(PathFilter::Path(crate::ir::path::Path::of(vec![
                PathCon::Chain(vec![PathCon::Filter(leaf())]),
            ])))),
        ];
        for w in &wrapped {
            assert!(any_node(w, is_distance), "{w:?}");
        }
        // A string that spells a variant's name is not that variant.
        assert!(!any_node(
            &Node::<u64>::Str("Distance(".into()),
            is_distance
        ));
    }
}
