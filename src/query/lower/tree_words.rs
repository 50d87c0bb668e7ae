//! Lowering of the game-tree and move words: `virtualmainline`,
//! `primary`, `secondary`, `try`, `pieceid`, `consecutivemoves`, `countmoves --`, `currentmove --`, the `move` parameters
//! `primary`, `secondary`, `comment` and CQLi's speculative `: F`, and `legalposition`.
//! [`super`] and [`super::state`] hand these here.

use crate::ir::{self, MoveFilter, MoveSource, Node};
use crate::squares::SquareSet;

use super::{Cx, KeywordCall, Lower, Lowered, img};
use crate::query::ast::{Arg, Builtin, Expr, ExprKind, MoveParam, MoveParamKind, Span, Word};
use crate::query::check::Type;
use crate::query::error::{ErrorKind, LowerError};

impl Lower<'_> {
    /// The words without arguments lowered here (None: not one of them).
    pub(crate) fn tree_word<S: SquareSet>(&self, w: Word) -> Option<Node<S>> {
        let tree = Some;
        match w {
            Word::VirtualMainline => tree(Node::VirtualMainline),
            Word::LegalPosition => tree(Node::LegalPosition),
            // Retrograde analysis knows standard chess only (refused by name elsewhere).
            Word::ReachablePosition if self.geo.files == 8 && self.geo.ranks == 8 => {
                tree(Node::ReachablePosition)
            }
            _ => None,
        }
    }

    /// `move reverse` reads standard chess: refused on other boards.
    pub(crate) fn reverse_board(&self, span: Span) -> Result<(), LowerError> {
        if self.geo.files == 8 && self.geo.ranks == 8 {
            return Ok(());
        }
        let m = "cqlq does not evaluate 'move reverse' on boards other than 8x8";
        Err(self.err(ErrorKind::Unsupported, span, m))
    }

    /// `move ...` with `primary`, `secondary`, `comment X` or `: F` (`extras`), `base` being
    /// the rest of the filter.
    pub(crate) fn move_ext<S: SquareSet>(
        &self,
        base: MoveFilter<S>,
        extras: &[&MoveParam],
        cx: Cx,
    ) -> Lowered<S> {
        let mut ext = ir::MoveExt {
            base,
            primary: false,
            secondary: false,
            comment: None,
            then: None,
            count: false,
        };
        for p in extras {
            match &p.kind {
                MoveParamKind::Primary => ext.primary = true,
                MoveParamKind::Secondary => ext.secondary = true,
                MoveParamKind::Comment(x) => {
                    // `comment "x"` without parentheses is CQL 6.2's comment filter too.
                    let c = img!(self.lower(x, cx));
                    ext.comment = Some(match &x.kind {
                        ExprKind::Builtin(Builtin::Comment, _) => c,
                        _ => Node::Comment(vec![c]),
                    });
                }
                MoveParamKind::Then(all, f) => ext.then = Some((*all, img!(self.lower(f, cx)))),
                _ => {
                    let name = super::ops::move_param_name(&p.kind);
                    let m = format!("cqlq does not evaluate 'move {name}' yet");
                    return Err(self.err(ErrorKind::Unsupported, p.span, m));
                }
            }
        }
        if ext.primary && ext.secondary {
            let span = extras.last().map_or(Span::default(), |p| p.span);
            let m = "'primary' and 'secondary' exclude each other";
            return Err(self.err(ErrorKind::Syntax, span, m));
        }
        if ext.base.source == MoveSource::Reverse && ext.then.is_some() {
            let p = extras
                .iter()
                .find(|p| matches!(p.kind, MoveParamKind::Then(..)));
            let span = p.map_or(Span::default(), |p| p.span);
            let m = "cqlq does not evaluate 'move reverse ... : F' (a retro move's position \
                     before it is not made)";
            return Err(self.err(ErrorKind::Unsupported, span, m));
        }
        let generated = matches!(
            ext.base.source,
            MoveSource::Legal | MoveSource::PseudoLegal | MoveSource::Reverse
        );
        if generated && (ext.primary || ext.secondary || ext.comment.is_some()) {
            let p = extras
                .iter()
                .find(|p| !matches!(p.kind, MoveParamKind::Then(..)))
                .expect("a tree parameter");
            let name = super::ops::move_param_name(&p.kind);
            let m = format!(
                "cqlq does not evaluate 'move {name}' with 'legal' or 'pseudolegal' yet \
                 (generated moves are not in the game tree)"
            );
            return Err(self.err(ErrorKind::Unsupported, p.span, m));
        }
        Ok(Some(Node::MoveExt(Box::new(ext))))
    }

    /// `pieceid`, `consecutivemoves`, `countmoves`, `currentmove`, `distance` of positions;
    /// other builtins are
    /// refused by name.
    pub(crate) fn tree_builtin<S: SquareSet>(&self, call: &KeywordCall, cx: Cx) -> Lowered<S> {
        let (e, b, args, filters) = (call.e, call.b, call.args, &call.filters[..]);
        let missing = || self.missing_argument(e);
        let node = match b {
            Builtin::PieceId => {
                let x = filters.first().ok_or_else(missing)?;
                let x = img!(self.typed(x, cx, Type::Set, "'pieceid'"));
                Node::PieceId(Box::new(x))
            }
            Builtin::ConsecutiveMoves => self.consecutive_moves(e, args, cx)?,
            Builtin::Distance => {
                let [x, y] = filters[..] else {
                    return Err(missing());
                };
                let x = img!(self.typed(x, cx, Type::Position, "'distance'"));
                let y = img!(self.typed(y, cx, Type::Position, "'distance'"));
                Node::TreeDistance(Box::new(x), Box::new(y))
            }
            Builtin::CountMoves | Builtin::CurrentMove => {
                let x = filters.first().ok_or_else(missing)?;
                let n = img!(self.lower(x, cx));
                let (mut base, ext) = match n {
                    Node::Move(m) => (m, None),
                    Node::MoveExt(ext) => (ext.base.clone(), Some(*ext)),
                    // `countmoves --(o-o-o)`: a dash with targets (lower_moves).
                    Node::Path(p) if b == Builtin::CountMoves => {
                        match super::moves::dash_as_move_ext(*p, self.geo) {
                            Some(ext) => (ext.base.clone(), Some(ext)),
                            None => return Err(self.not_a_dash(x, b)),
                        }
                    }
                    _ => return Err(self.not_a_dash(x, b)),
                };
                let count = b == Builtin::CountMoves;
                if !count {
                    if base.source != MoveSource::Played {
                        let m = "'currentmove' takes a dash of played moves, not 'legal' ones";
                        return Err(self.err(ErrorKind::Syntax, x.span, m));
                    }
                    base.source = MoveSource::Previous;
                }
                let mut ext = ext.unwrap_or(ir::MoveExt {
                    base: base.clone(),
                    primary: false,
                    secondary: false,
                    comment: None,
                    then: None,
                    count: false,
                });
                ext.base = base;
                ext.count = count;
                Node::MoveExt(Box::new(ext))
            }
            _ => return Err(self.unsupported_word(e)),
        };
        Ok(Some(node))
    }

    /// Whether `e` is a position filter (`source`, `parent`, `find F`, ...): the check's type.
    pub(crate) fn is_position(&self, e: &Expr) -> bool {
        self.checked_type(e) == Some(Type::Position)
    }

    /// `x & y` of two positions: the squares where they have the same content.
    pub(crate) fn positional_intersection<S: SquareSet>(
        &self,
        a: &Expr,
        b: &Expr,
        cx: Cx,
    ) -> Lowered<S> {
        let x = img!(self.typed(a, cx, Type::Position, "a positional intersection"));
        let y = img!(self.typed(b, cx, Type::Position, "a positional intersection"));
        let node = Node::SameContent(Box::new(x), Box::new(y));
        Ok(Some(node))
    }

    /// `consecutivemoves [quiet] [range] (x y)`
    fn consecutive_moves<S: SquareSet>(
        &self,
        e: &Expr,
        args: &[Arg],
        cx: Cx,
    ) -> Result<Node<S>, LowerError> {
        let mut quiet = false;
        let mut range = ir::Range::new(1, i64::MAX);
        let mut sides = Vec::new();
        for a in args {
            match a {
                Arg::Flag(f, _) if f == "quiet" => quiet = true,
                Arg::Flag(f, span) => {
                    let m = format!("'consecutivemoves' does not take '{f}'");
                    return Err(self.err(ErrorKind::Syntax, *span, m));
                }
                Arg::Range(r) => range = ir::Range::new(r.min, r.max.unwrap_or(r.min)),
                Arg::Filter(x) => sides.push(x),
            }
        }
        let [left, right] = sides[..] else {
            let m = "'consecutivemoves' takes two positions: consecutivemoves (x y)";
            return Err(self.err(ErrorKind::Syntax, e.span, m));
        };
        let name = |x: &Expr| match &x.kind {
            ExprKind::Var(n) => n.text.clone(),
            _ => "position".to_string(),
        };
        let lower = |x: &Expr| -> Result<Node<S>, LowerError> {
            match self.typed(x, cx, Type::Position, "'consecutivemoves'")? {
                Some(n) => Ok(n),
                None => Err(self.err(ErrorKind::Type, x.span, "a position is needed here")),
            }
        };
        Ok(Node::ConsecutiveMoves(Box::new(ir::ConsecutiveMoves {
            left: lower(left)?,
            right: lower(right)?,
            left_name: name(left),
            right_name: name(right),
            range,
            quiet,
        })))
    }

    /// `countmoves X` / `currentmove X` where X is not a dash.
    fn not_a_dash(&self, x: &Expr, b: Builtin) -> LowerError {
        let m = format!("'{}' must be followed by a '--' move filter", b.name());
        self.err(ErrorKind::Syntax, x.span, m)
    }

    /// `cqlq does not evaluate 'WORD' yet`
    fn unsupported_word(&self, e: &Expr) -> LowerError {
        let word = crate::query::names::expr_word(&e.kind);
        let m = format!("cqlq does not evaluate '{word}' yet");
        self.err(ErrorKind::Unsupported, e.span, m)
    }
}
