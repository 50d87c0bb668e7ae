//! Lowering of CQL 6.2's `path` (`⊢`), of dashes with targets (`X--Y(check)`,
//! `legal --(castle)`), of the move words used alone (`from`, `to`, `castle`, `o-o`,
//! `o-o-o`, `enpassant`, `null`) and of the path status words, to [`crate::ir::path`].
//!
//! Parameters follow CQL 6.2's `path-parse.cpp`: `singlecolor` is a focus on the side to
//! move's pieces; `secondary`, and a `max` without its filter, are refused as CQL 6.2 refuses
//! them.

use crate::ir::path::{Dash, Focus, Path, PathCon, PathFilter, PathStatus};
use crate::ir::{self, CastleKind, MoveFilter, MoveSource, Node, PieceKinds};
use crate::squares::SquareSet;

use super::{Cx, Lower, Lowered, img};
use crate::query::ast::{Expr, ExprKind, SeqItem, SeqItemKind, SeqParam, Word};
use crate::query::check::Type;
use crate::query::error::{ErrorKind, LowerError};
use crate::query::syntax::{Dash as AstDash, DashMode, Path as AstPath};

/// The largest expanded size of a path's constituents ([`expanded_size`]) that is
/// compiled. A search from one position visits up to the positions times this size states
/// (each keyed in constant time: `eval::path_memo`), and a search starts at every position,
/// so a game costs up to its positions squared times the size: 64 `--?` on a 300-ply game
/// takes about 2 s, and 1,000 `--?` would take minutes.
pub const PATH_EXPANDED_LIMIT: u64 = 64;

/// The constituents of a path counted as the search unrolls them: a dash or filter 1, a
/// chain the sum of its parts, a repetition its part times its bound (its upper bound, or
/// its lower bound when it has none, at least 1). Saturating.
pub(crate) fn expanded_size<S>(cons: &[PathCon<S>]) -> u64 {
    cons.iter()
        .fold(0u64, |sum, c| sum.saturating_add(con_size(c)))
}

fn con_size<S>(c: &PathCon<S>) -> u64 {
    match c {
        PathCon::Filter(_) | PathCon::Dash(_) => 1,
        PathCon::Chain(cons) => expanded_size(cons),
        PathCon::Repeat(inner, min, max) => {
            let bound = u64::from(max.unwrap_or(*min).max(1));
            con_size(inner).saturating_mul(bound)
        }
    }
}

impl Lower<'_> {
    /// `cqlq does not evaluate WHAT ('WORD') yet`
    fn refuse_path(&self, e: &Expr, what: &str) -> LowerError {
        let word = crate::query::names::expr_word(&e.kind);
        let m = format!("cqlq does not evaluate {what} ('{word}') yet");
        self.err(ErrorKind::Unsupported, e.span, m)
    }

    /// The words lowered here: `from`, `to`, `castle`, `o-o`, `o-o-o`, `enpassant`, `null`
    /// alone, and `pathcount`, `pathcountunfocused`, `pathstart`, `pathlastposition`.
    pub(crate) fn word_path<S: SquareSet>(&self, w: Word) -> Option<Node<S>> {
        let status = |s: PathStatus| Some(Node::Path(Box::new(PathFilter::Status(s))));
        let previous = |castle: Option<CastleKind>, enpassant: bool, null: bool| {
            let m = MoveFilter {
                enpassant,
                castle,
                null,
                ..MoveFilter::any(MoveSource::Previous)
            };
            Some(Node::Move(m))
        };
        match w {
            Word::From => Some(Node::Path(Box::new(PathFilter::MoveSquares(true)))),
            Word::To => Some(Node::Path(Box::new(PathFilter::MoveSquares(false)))),
            Word::Castle => previous(Some(CastleKind::Any), false, false),
            Word::KingSideCastle => previous(Some(CastleKind::KingSide), false, false),
            Word::QueenSideCastle => previous(Some(CastleKind::QueenSide), false, false),
            Word::EnPassant => previous(None, true, false),
            Word::NullMove => previous(None, false, true),
            Word::PathCount => status(PathStatus::Count),
            Word::PathCountUnfocused => status(PathStatus::CountUnfocused),
            Word::PathStart => status(PathStatus::Start),
            Word::PathLastPosition => status(PathStatus::LastPosition),
            _ => None,
        }
    }

    /// A dash with targets outside a path: `X--Y(target)`; its value is the target's.
    pub(crate) fn dash_with_target<S: SquareSet>(
        &self,
        e: &Expr,
        d: &AstDash,
        cx: Cx,
    ) -> Lowered<S> {
        let dash = img!(self.lower_dash(e, d, cx));
        Ok(Some(Node::Path(Box::new(PathFilter::Dash(dash)))))
    }

    /// The parts of a dash.
    fn lower_dash<S: SquareSet>(
        &self,
        e: &Expr,
        d: &AstDash,
        cx: Cx,
    ) -> Result<Option<Dash<S>>, LowerError> {
        let source = match d.mode {
            DashMode::Played => MoveSource::Played,
            DashMode::Legal => MoveSource::Legal,
            DashMode::PseudoLegal => MoveSource::PseudoLegal,
        };
        let mut sides = [None, None];
        for (slot, side) in sides.iter_mut().zip([&d.from, &d.to]) {
            if let Some(x) = side {
                *slot = Some(img!(self.typed(x, cx, Type::Set, "a dash")));
            }
        }
        let [from, to] = sides;
        let (mut promote, mut promote_named) = (None, None);
        if let Some(p) = &d.promote {
            match &p.kind {
                ExprKind::Pieces(des) if des.squares.is_none() => {
                    let kinds = cx.xf.kinds(crate::query::literal::kinds_of(
                        des.pieces.as_deref().unwrap_or(&[]),
                    ));
                    promote = Some(kinds.white | kinds.black);
                }
                _ if self.type_of(p)? == Type::Str => {
                    promote_named = Some(img!(self.lower(p, cx)));
                }
                _ => return Err(self.refuse_path(e, "this promotion in a dash")),
            }
        }
        let mut dash = Dash {
            source,
            from,
            to,
            capture: d.capture,
            promote,
            promote_named,
            target: None,
            move_target: None,
        };
        if d.target.is_empty() {
            return Ok(Some(dash));
        }
        if source != MoveSource::Played {
            dash.move_target = Some(self.move_target(e, &d.target, source)?);
            return Ok(Some(dash));
        }
        let mut parts = Vec::new();
        for t in &d.target {
            parts.push(img!(self.lower(t, cx)));
        }
        dash.target = Some(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Node::And(parts)
        });
        Ok(Some(dash))
    }

    /// The targets of a `legal` / `pseudolegal` dash as conditions on the move: only the
    /// move words (`castle`, `o-o`, `o-o-o`, `enpassant`, `null`) can be read without the
    /// position the move reaches.
    fn move_target<S: SquareSet>(
        &self,
        e: &Expr,
        targets: &[Expr],
        source: MoveSource,
    ) -> Result<MoveFilter<S>, LowerError> {
        let mut m = MoveFilter::any(source);
        for t in targets {
            match &t.kind {
                ExprKind::Word(Word::Castle) => m.castle = Some(CastleKind::Any),
                ExprKind::Word(Word::KingSideCastle) => m.castle = Some(CastleKind::KingSide),
                ExprKind::Word(Word::QueenSideCastle) => m.castle = Some(CastleKind::QueenSide),
                ExprKind::Word(Word::EnPassant) => m.enpassant = true,
                ExprKind::Word(Word::NullMove) => m.null = true,
                _ => {
                    return Err(self.refuse_path(
                        e,
                        "filters other than castle, o-o, o-o-o, enpassant, null after a legal dash",
                    ));
                }
            }
        }
        Ok(m)
    }

    /// `path [params] constituents...`
    pub(crate) fn path<S: SquareSet>(&self, e: &Expr, p: &AstPath, cx: Cx) -> Lowered<S> {
        let mut path = Path::of(Vec::new());
        let mut singlecolor = false;
        for param in &p.params {
            match param {
                SeqParam::FirstMatch => path.firstmatch = true,
                SeqParam::LastPosition => path.lastposition = true,
                SeqParam::SingleColor => singlecolor = true,
                SeqParam::NestBan => path.nestban = true,
                SeqParam::Primary => path.primary = true,
                SeqParam::Quiet => path.quiet = true,
                SeqParam::Verbose => path.verbose = true,
                SeqParam::KeepAllBest => path.keep_all_best = true,
                SeqParam::PiecePath => path.piecepath = true,
                SeqParam::Range(r) => {
                    path.range = Some(ir::Range::new(r.min, r.max.unwrap_or(r.min)))
                }
                SeqParam::Focus(capture, set) => {
                    let set = img!(self.typed(set, cx, Type::Set, "'focus'"));
                    path.focus = Some(Focus {
                        set,
                        capture: *capture,
                    });
                }
                SeqParam::MaxOf(f) => {
                    path.max = Some(img!(self.typed(f, cx, Type::Number, "'max'")));
                }
                SeqParam::Title(t) => match &t.kind {
                    ExprKind::Str(s) => path.title = Some(s.clone()),
                    _ => return Err(self.refuse_path(e, "a 'title' that is not a quoted string")),
                },
                _ => return Err(self.refuse_path(e, "this parameter of 'path'")),
            }
        }
        if singlecolor {
            // CQL 6.2: `singlecolor` is `focus (if wtm A else a)`.
            let side = |white: bool| {
                let all = if white { u32::MAX } else { 0 };
                let kinds = PieceKinds {
                    white: all,
                    black: !all,
                    empty: false,
                };
                Box::new(Node::Pieces(kinds, S::full(self.geo)))
            };
            let set = Node::If(
                Box::new(Node::ToMove(ir::Color::White)),
                side(true),
                Some(side(false)),
            );
            path.focus = Some(Focus {
                set,
                capture: false,
            });
        }
        path.cons = img!(self.path_cons(e, &p.items, cx));
        let size = expanded_size(&path.cons);
        if size > PATH_EXPANDED_LIMIT {
            let m = format!(
                "this path's expanded size is {size} constituents (each repetition counted \
                 as many times as its bound), over the limit of {PATH_EXPANDED_LIMIT} that \
                 keeps its search time bounded"
            );
            return Err(self.err(ErrorKind::TooComplex, e.span, m));
        }
        Ok(Some(Node::Path(Box::new(PathFilter::Path(path)))))
    }

    /// The constituents of a path or of a chain.
    fn path_cons<S: SquareSet>(
        &self,
        e: &Expr,
        items: &[SeqItem],
        cx: Cx,
    ) -> Result<Option<Vec<PathCon<S>>>, LowerError> {
        let mut out = Vec::new();
        for it in items {
            out.push(img!(self.path_con(e, it, cx)));
        }
        Ok(Some(out))
    }

    fn path_con<S: SquareSet>(
        &self,
        e: &Expr,
        it: &SeqItem,
        cx: Cx,
    ) -> Result<Option<PathCon<S>>, LowerError> {
        Ok(Some(match &it.kind {
            SeqItemKind::Filter(f) => match &f.kind {
                ExprKind::Dash(d) => {
                    if d.mode != DashMode::Played {
                        return Err(self.refuse_path(f, "a legal or pseudolegal dash in a path"));
                    }
                    PathCon::Dash(Box::new(img!(self.lower_dash(f, d, cx))))
                }
                _ => PathCon::Filter(img!(self.lower(f, cx))),
            },
            SeqItemKind::Group(alts) => {
                if alts.len() != 1 {
                    return Err(self.refuse_path(e, "alternatives ('|') in a path"));
                }
                PathCon::Chain(img!(self.path_cons(e, &alts[0], cx)))
            }
            SeqItemKind::Repeat(inner, r) => {
                PathCon::Repeat(Box::new(img!(self.path_con(e, inner, cx))), r.min, r.max)
            }
        }))
    }
}
