//! Lowering of piece designators (`Ra1`, `[QR]`, `[a-h]2`, `[=Cc]`: the squares and the
//! kinds they admit, moved by the transform around them) and of `fen "..."` placements
//! (coordinate squares: `coords.rs`).

use crate::ir::{Node, PieceKinds};
use crate::query::ast::{Designator, Expr, ExprKind, Span};
use crate::query::error::{ErrorKind, LowerError};
use crate::query::literal::{kinds_of, parse_fen_placement, range_coords, square_name};
use crate::squares::SquareSet;

use super::{Cx, Lower, Lowered};

impl Lower<'_> {
    /// `Ra1`, `[QR]c-e4`, `_`: the kinds and squares a designator names; None when a
    /// transform moves every square it names off the board.
    pub(super) fn designator<S: SquareSet>(
        &self,
        d: &Designator,
        span: Span,
        cx: Cx,
    ) -> Lowered<S> {
        let kinds = self.designator_kinds(d, span)?;
        let squares = match &d.squares {
            None => S::full(self.geo),
            Some(ranges) => match range_coords(self.geo, ranges) {
                Ok(coords) => S::from_coords(self.geo, coords),
                Err(r) => {
                    let far = square_name(r.files.1, r.ranks.1);
                    let (f, rk) = (self.geo.files, self.geo.ranks);
                    let m = format!("square {far} is off the board ({f} files, {rk} ranks)");
                    return Err(self.err(ErrorKind::Invalid, span, m));
                }
            },
        };
        Ok(cx
            .xf
            .map_set(self.geo, &squares)
            .map(|s| Node::Pieces(cx.xf.kinds(kinds), s)))
    }

    /// `fen "..."`: the pattern must fit the board exactly; it is reflected and colour-swapped
    /// with the transforms around it, but not shifted.
    pub(super) fn placement<S: SquareSet>(&self, text: &str, span: Span, cx: Cx) -> Lowered<S> {
        let pattern = parse_fen_placement(text).map_err(|m| {
            self.err(
                ErrorKind::Invalid,
                span,
                format!("invalid FEN placement: {m}"),
            )
        })?;
        let (files, ranks) = (
            usize::from(self.geo.frame().0),
            usize::from(self.geo.frame().1),
        );
        if pattern.ranks.len() != ranks || pattern.width() != files {
            let m = format!(
                "invalid FEN placement: {} ranks of {} squares, but the board has {ranks} ranks of {files}",
                pattern.ranks.len(),
                pattern.width()
            );
            return Err(self.err(ErrorKind::Invalid, span, m));
        }
        let mut groups: Vec<(PieceKinds, Vec<_>)> = Vec::new();
        for (kinds, c) in pattern.cells(self.geo) {
            let (kinds, c) = (cx.xf.kinds(kinds), cx.xf.map(self.geo, c, false));
            match groups.iter_mut().find(|(k, _)| *k == kinds) {
                Some((_, v)) => v.push(c),
                None => groups.push((kinds, vec![c])),
            }
        }
        groups.sort_by_key(|(k, _)| (k.white, k.black, k.empty));
        let placement = Node::Placement(
            groups
                .into_iter()
                .map(|(k, v)| (k, S::from_coords(self.geo, v)))
                .collect(),
        );
        Ok(Some(placement))
    }

    /// The kinds a designator admits: its CQL letters (all pieces and empty squares when it
    /// has none) and its fairy letters `[=Cc]`, resolved with the board's [`PieceLetters`].
    pub fn designator_kinds(&self, d: &Designator, span: Span) -> Result<PieceKinds, LowerError> {
        let mut kinds = d.pieces.as_deref().map_or(
            PieceKinds {
                white: u32::MAX,
                black: u32::MAX,
                empty: true,
            },
            kinds_of,
        );
        for letter in &self.letters.group(&d.fairy) {
            let Some(k) = self.letters.kinds(letter) else {
                let m = format!(
                    "{} has no piece written '{letter}' (its FEN letters: {})",
                    self.letters.variant,
                    self.letters.known()
                );
                return Err(self.err(ErrorKind::Invalid, span, m));
            };
            kinds = PieceKinds {
                white: kinds.white | k.white,
                black: kinds.black | k.black,
                empty: kinds.empty || k.empty,
            };
        }
        Ok(kinds)
    }

    /// The piece types of `promote X` / `drop X`: letters without squares.
    pub(super) fn promote_kinds(&self, x: &Expr) -> Result<PieceKinds, LowerError> {
        match &x.kind {
            ExprKind::Pieces(d) if d.squares.is_none() => self.designator_kinds(d, x.span),
            _ => Err(self.err(
                ErrorKind::Type,
                x.span,
                "'promote' takes piece letters without squares, e.g. promote [RBN]",
            )),
        }
    }
}
