//! The problemists' mates and stalemates: `puremate`, `modelmate`, `idealmate`,
//! `purestalemate`, `modelstalemate`, `idealstalemate`.
//!
//! CQL 6.2 defines them by a CQL library (its `mates/matefunction-cql`); this module computes
//! the same definitions natively, for the side to move as the mated side (CQL applies
//! `flipcolor` to a "Black is mated" definition):
//! - the king's field is the squares the mated king attacks;
//! - a square is guarded by a mating piece that attacks it, or that checks along a line and
//!   would hit it behind the king;
//! - pure mate: every field square that is empty or holds a mating piece is guarded exactly
//!   once; every self-blocker is unguarded, or (single check) guarded once while pinned and
//!   able to capture or interpose if it were not; in a double check every checker is needed
//!   (an unpinned defender could otherwise capture or block the other one);
//! - model mate: pure, and every mating knight, bishop, rook and queen participates;
//! - ideal mate: pure, and every piece of both sides participates.
//!
//! Participation follows CQL's definitions: a mating piece checks, attacks the field, is
//! pinned, pins a possible refuter, or blocks a possible refuter's line to a refutation
//! square; a defending piece is the king, stands in the field, blocks a line to the mating
//! king, or (single check) blocks a line to a refutation square.

use super::Evaluator;
use super::geometry::{attack_chain, between_sets, color_kinds, pin_squares};
use crate::ir::{Color, MateKind, PieceKinds, PinYield, piece_type};
use crate::rules::Position;
use crate::squares::{Coord, SquareSet};

/// The board seen for one mated side.
struct Field<'p, P: Position> {
    pos: &'p P,
    /// The mated side's pieces and the mating side's.
    defenders: P::Set,
    attackers: P::Set,
    king: P::Set,
    mating_king: P::Set,
    field: P::Set,
    checkers: P::Set,
}

impl<'p, P: Position> Field<'p, P> {
    fn new(pos: &'p P) -> Option<Self> {
        let mated = pos.turn();
        let king_of = |c: Color| {
            let mut k = PieceKinds::default();
            match c {
                Color::White => k.white = 1 << piece_type::KING,
                Color::Black => k.black = 1 << piece_type::KING,
            }
            pos.pieces(k)
        };
        let king = king_of(mated);
        if king.count() != 1 {
            return None;
        }
        let attackers = pos.pieces(color_kinds(mated.other()));
        let checkers = Self::attacking(pos, &attackers, &king);
        Some(Field {
            pos,
            defenders: pos.pieces(color_kinds(mated)),
            attackers,
            field: pos.attacks_from(&king),
            mating_king: king_of(mated.other()),
            king,
            checkers,
        })
    }

    fn geo(&self) -> crate::squares::Geometry {
        self.pos.geometry()
    }

    fn square(&self, c: Coord) -> P::Set {
        P::Set::from_coords(self.geo(), [c])
    }

    /// The squares of `from` holding a piece that attacks a square of `to`.
    fn attacking(pos: &P, from: &P::Set, to: &P::Set) -> P::Set {
        let geo = pos.geometry();
        let hits = super::bits::each_coord(from).filter(|&c| {
            !pos.attacks_from(&super::bits::single(geo, c))
                .intersect(to)
                .is_empty()
        });
        P::Set::from_coords(geo, hits)
    }

    /// The field squares guarded by the piece on `x` (through the king for a checking slider).
    fn guarded_by(&self, x: P::Set) -> P::Set {
        let direct = self.pos.attacks_from(&x).intersect(&self.field);
        let (_, behind) = attack_chain(self.pos, &[x, self.king.clone(), self.field.clone()]);
        direct.union(&behind)
    }

    /// How many mating pieces guard square `s`.
    fn guards(&self, s: &P::Set) -> usize {
        self.attackers
            .coords()
            .into_iter()
            .filter(|&c| !self.guarded_by(self.square(c)).intersect(s).is_empty())
            .count()
    }

    /// The pieces pinned to their king (CQL's plain `pin`).
    fn pinned(&self) -> P::Set {
        pin_squares(self.pos, None, None, None, PinYield::Through)
    }

    /// Whether some pseudo-legal move goes from `from` to `to` (or is an en passant capture
    /// from `from`, with `ep`).
    fn can_move(&self, from: &P::Set, to: &P::Set, ep: bool) -> bool {
        self.pos.pseudo_legal_moves().iter().any(|m| {
            !m.from.intersect(from).is_empty()
                && (!m.to.intersect(to).is_empty() || ep && m.en_passant)
        })
    }

    fn flights_guarded_once(&self) -> bool {
        let flights = self.field.minus(&self.defenders);
        flights
            .coords()
            .into_iter()
            .all(|c| self.guards(&self.square(c)) == 1)
    }

    fn self_blockers_unguarded(&self) -> bool {
        let double = self.checkers.count() > 1;
        let blocks = self
            .checkers
            .union(&between_sets(self.geo(), &self.checkers, &self.king));
        let pinned = self.pinned();
        self.field
            .intersect(&self.defenders)
            .coords()
            .into_iter()
            .all(|c| {
                let s = self.square(c);
                match self.guards(&s) {
                    0 => true,
                    1 if !double => {
                        !pinned.intersect(&s).is_empty()
                            && (self.can_move(&s, &blocks, false)
                                || self.can_move(&s, &P::Set::empty(), true))
                    }
                    _ => false,
                }
            })
    }

    fn double_check_necessary(&self) -> bool {
        if self.checkers.count() <= 1 {
            return true;
        }
        let free = self.defenders.minus(&self.pinned()).minus(&self.king);
        self.checkers.coords().into_iter().all(|c| {
            let others = self.checkers.minus(&self.square(c));
            let refute = others.union(&between_sets(self.geo(), &others, &self.king));
            !Self::attacking(self.pos, &free, &refute).is_empty()
        })
    }

    fn pure_mate(&self) -> bool {
        self.pos.is_check()
            && !self.pos.has_legal_move()
            && self.flights_guarded_once()
            && self.self_blockers_unguarded()
            && self.double_check_necessary()
    }

    fn refuter_squares(&self) -> P::Set {
        self.mating_king.union(&self.checkers).union(&between_sets(
            self.geo(),
            &self.checkers,
            &self.king,
        ))
    }

    fn possible_refuters(&self) -> P::Set {
        let targets = self.refuter_squares();
        let ok = self
            .defenders
            .coords()
            .into_iter()
            .filter(|&c| self.can_move(&self.square(c), &targets, false));
        P::Set::from_coords(self.geo(), ok)
    }

    fn attacking_participants(&self) -> P::Set {
        let single = self.checkers.count() == 1;
        let refuters = self.possible_refuters();
        let refute_squares = self.refuter_squares();
        let ok = self.attackers.coords().into_iter().filter(|&c| {
            let s = self.square(c);
            !self.checkers.intersect(&s).is_empty()
                || !self.pos.attacks_from(&s).intersect(&self.field).is_empty()
                || !pin_squares(self.pos, None, Some(s.clone()), None, PinYield::Through).is_empty()
                || single
                    && !pin_squares(
                        self.pos,
                        Some(s.clone()),
                        Some(refuters.clone()),
                        None,
                        PinYield::From,
                    )
                    .is_empty()
                || single
                    && !attack_chain(self.pos, &[refuters.clone(), s, refute_squares.clone()])
                        .0
                        .is_empty()
        });
        P::Set::from_coords(self.geo(), ok)
    }

    fn defending_participants(&self) -> P::Set {
        let single = self.checkers.count() == 1;
        let refute_squares = self.refuter_squares();
        let ok = self.defenders.coords().into_iter().filter(|&c| {
            let s = self.square(c);
            s == self.king
                || !s.intersect(&self.field).is_empty()
                || !attack_chain(
                    self.pos,
                    &[self.defenders.clone(), s.clone(), self.mating_king.clone()],
                )
                .0
                .is_empty()
                || single
                    && !attack_chain(
                        self.pos,
                        &[self.defenders.clone(), s, refute_squares.clone()],
                    )
                    .0
                    .is_empty()
        });
        P::Set::from_coords(self.geo(), ok)
    }

    fn pure_stalemate(&self) -> bool {
        if self.pos.is_check() || self.pos.has_legal_move() {
            return false;
        }
        let pinned = self.pinned();
        let attacked_by =
            |c: Coord| Self::attacking(self.pos, &self.attackers, &self.square(c)).count();
        let flights_ok = self
            .field
            .minus(&self.defenders)
            .coords()
            .into_iter()
            .all(|c| attacked_by(c) == 1);
        let blockers = self.field.intersect(&self.defenders);
        let pinned_ok = blockers
            .intersect(&pinned)
            .coords()
            .into_iter()
            .all(|c| attacked_by(c) == 1);
        let free_ok = blockers
            .minus(&pinned)
            .coords()
            .into_iter()
            .all(|c| attacked_by(c) == 0);
        flights_ok && pinned_ok && free_ok
    }

    fn stalemate_participants(&self) -> P::Set {
        pin_squares(
            self.pos,
            None,
            Some(self.attackers.clone()),
            None,
            PinYield::Through,
        )
        .union(&pin_squares(
            self.pos,
            Some(self.attackers.clone()),
            None,
            None,
            PinYield::From,
        ))
        .union(&Self::attacking(self.pos, &self.attackers, &self.field))
    }
}

/// The mating side's knights, bishops, rooks and queens.
fn officers<P: Position>(f: &Field<'_, P>) -> P::Set {
    let mask = (1 << piece_type::KNIGHT)
        | (1 << piece_type::BISHOP)
        | (1 << piece_type::ROOK)
        | (1 << piece_type::QUEEN);
    let kinds = PieceKinds {
        white: mask,
        black: mask,
        empty: false,
    };
    f.pos.pieces(kinds).intersect(&f.attackers)
}

impl<P: Position> Evaluator<'_, P> {
    /// The squares of the pieces of both sides taking part in the mate (stalemate) of the
    /// given kind; None when the position is no such mate. CQL 6.2's `puremate` is
    /// `flipcolor {cql_PureMate() cql_Participants()}` (its `matefunction`): the mating
    /// side's participants and the mated side's; its stalemates add every piece of the
    /// stalemated side to the stalemating side's participants.
    pub(super) fn mate_participants(
        &self,
        kind: MateKind,
        stalemate: bool,
        at: u32,
    ) -> Option<P::Set> {
        if !self.mate_kind(kind, stalemate, at) {
            return None;
        }
        let f = Field::new(&self.node(at).position)?;
        Some(if stalemate {
            f.stalemate_participants().union(&f.defenders)
        } else {
            f.attacking_participants()
                .union(&f.defending_participants())
        })
    }

    /// Whether the position is a mate (stalemate) of the given kind.
    pub(super) fn mate_kind(&self, kind: MateKind, stalemate: bool, at: u32) -> bool {
        // A mate is a check (`pure_mate`'s first test), known before the field is built.
        if !stalemate && !self.node(at).position.is_check() {
            return false;
        }
        let Some(f) = Field::new(&self.node(at).position) else {
            return false;
        };
        if stalemate {
            if !f.pure_stalemate() {
                return false;
            }
            let who = f.stalemate_participants();
            return match kind {
                MateKind::Pure => true,
                MateKind::Model => officers(&f).is_subset(&who),
                MateKind::Ideal => f.attackers == who,
            };
        }
        if !f.pure_mate() {
            return false;
        }
        match kind {
            MateKind::Pure => true,
            MateKind::Model => officers(&f).is_subset(&f.attacking_participants()),
            MateKind::Ideal => {
                f.attackers == f.attacking_participants()
                    && f.defenders == f.defending_participants()
            }
        }
    }
}
