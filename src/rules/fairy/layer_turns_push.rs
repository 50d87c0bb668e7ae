//! Turn parts that move the opponent's pieces (FBR `turn#<2>{!p}=avalanche` with `#P=mfW`,
//! the `avalanche` rule): the pushes a part allows, how a push is made (the piece stays its
//! owner's, and promotes as its owner's moves to that square would), and `avalanche`'s game
//! end. A push is a [`MoveKind::Normal`] move whose origin holds an opponent's piece; a PGN
//! game writes it as that piece's SAN (`e5`: the black pawn on e6 pushed by white).
//!
//! A suffixed part without the `{!...}` set moves the mover's own pieces by the suffix's
//! definitions (`turn#<2>` with `#N=mW`: "only the moves belonging to this suffix can be used
//! for this move"): those moves are made as any move, and only they fill the part, while the
//! turn's other parts take only the pieces' ordinary moves. A move both movements make (a
//! rook's one step under `#R=mW`) fills either part.

use super::bits::Bits256;
use super::layer_end::{GameEnd, Verdict};
use super::layer_turns::{TurnPart, TurnRules};
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// Whether a move is a push: a plain move of an opponent's piece, told before the move
    /// (its origin holds an opponent's piece) and after it, with the mover to move (its
    /// destination does).
    pub(super) fn is_push(&self, m: &FMove) -> bool {
        let them = self.color[1 - self.turn];
        m.kind == MoveKind::Normal
            && m.capture.is_none()
            && (them.has(m.from as usize) || them.has(m.to as usize))
    }

    /// `avalanche`: whether a push may leave the mover's royal attacked ("It is allowed to
    /// expose the royal piece with this move").
    pub(super) fn push_may_expose(&self, parts: &[TurnPart], m: &FMove) -> bool {
        self.is_push(m)
            && self
                .fillings(parts, m)
                .iter()
                .any(|&(_, i)| parts[i].avalanche)
    }

    /// Adds the pushes of the parts that may come next.
    pub(super) fn push_turn_pushes(&self, out: &mut Vec<FMove>) {
        let Some(TurnRules::Parts(parts)) = &self.v.layers.turns else {
            return;
        };
        if parts
            .iter()
            .all(|p| p.pushes.is_empty() && !own_suffixed(p))
        {
            return;
        }
        let due = self.parts_due(parts);
        let them = 1 - self.turn;
        let mut found: Vec<FMove> = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            if due >> i & 1 == 0 {
                continue;
            }
            self.push_own_suffix_moves(p, &mut found);
            for (t, lines) in &p.pushes {
                for sq in self.color[them].iter() {
                    if self.type_on(sq) != *t as usize {
                        continue;
                    }
                    for &(x, y, n) in &lines[them] {
                        self.push_along(sq, *t, (x, y, n), &mut found);
                    }
                }
            }
        }
        for m in found {
            if !out.contains(&m) {
                out.push(m);
            }
        }
    }

    /// The moves of the mover's own pieces by an own-suffixed part's lines: to each empty
    /// square along a non-capturing line, onto the first piece along a capturing line when it
    /// is an enemy; promoting as the piece's moves to that square do.
    fn push_own_suffix_moves(&self, p: &TurnPart, out: &mut Vec<FMove>) {
        let us = self.turn;
        let occ = self.occupied();
        for (lines, captures) in [(&p.own_moves, false), (&p.own_captures, true)] {
            for (t, by_colour) in lines {
                for sq in self.color[us].iter() {
                    if self.type_on(sq) != *t as usize {
                        continue;
                    }
                    for &(x, y, n) in &by_colour[us] {
                        let mut at = sq;
                        for _ in 0..n {
                            let Some(to) = self.offset(at, i32::from(x), i32::from(y)) else {
                                break;
                            };
                            if !self.v.board.has(to) {
                                break;
                            }
                            at = to;
                            if !occ.has(to) {
                                if !captures {
                                    self.push_promotions(out, sq, to, *t as usize, None, false);
                                }
                                continue;
                            }
                            if captures && self.color[1 - us].has(to) {
                                let victim = Some(to as u8);
                                self.push_promotions(out, sq, to, *t as usize, victim, false);
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether a move may fill part `p` by its movement: an own-suffixed part takes only its
    /// lines' moves; where some part is own-suffixed for the moving type, the other parts
    /// take only the type's ordinary movement (on an empty board: occupancy was judged when
    /// the move was made, and this is also asked after it).
    pub(super) fn fits_own_suffix(&self, p: &TurnPart, m: &FMove) -> bool {
        let Some(TurnRules::Parts(parts)) = &self.v.layers.turns else {
            return true;
        };
        let (from, to) = (m.from as usize, m.to as usize);
        if own_suffixed(p) {
            return m.kind == MoveKind::Normal && self.on_own_line(p, m);
        }
        let suffixed_type = parts.iter().any(|q| {
            q.own_moves
                .iter()
                .chain(&q.own_captures)
                .any(|(t, _)| *t == m.piece)
        });
        if !p.pushes.is_empty() || !suffixed_type || m.kind != MoveKind::Normal {
            return true;
        }
        let k = &self.v.kinds[m.piece as usize];
        k.reach_all[self.turn].get(from).is_some_and(|b| b.has(to))
    }

    /// Whether a move of the side to move runs along one of part `p`'s own lines for its
    /// type (a capturing line when it captures), within the line's reach.
    fn on_own_line(&self, p: &TurnPart, m: &FMove) -> bool {
        let (from, to) = (m.from as usize, m.to as usize);
        let df = (to % 16) as i32 - (from % 16) as i32;
        let dr = (to / 16) as i32 - (from / 16) as i32;
        let lines = if m.capture.is_some() {
            &p.own_captures
        } else {
            &p.own_moves
        };
        lines
            .iter()
            .filter(|(t, _)| *t == m.piece)
            .flat_map(|(_, by_colour)| &by_colour[self.turn])
            .any(|&(x, y, n)| {
                let (x, y) = (i32::from(x), i32::from(y));
                let k = if x != 0 {
                    df / x
                } else if y != 0 {
                    dr / y
                } else {
                    0
                };
                k >= 1 && k <= i32::from(n) && k * x == df && k * y == dr
            })
    }

    /// The pushes of the opponent's piece of type `t` on `sq` along one line, to empty
    /// squares; where the owner's own moves to a square promote, the push promotes the same
    /// ways ("the owner of the pawn decides in what type of piece it is promoted").
    fn push_along(&self, sq: usize, t: u8, (x, y, n): (i8, i8, u8), out: &mut Vec<FMove>) {
        let them = 1 - self.turn;
        let mut owner = self.clone();
        owner.turn = them;
        let mut own_moves = Vec::new();
        owner.push_piece_moves(&mut own_moves, sq);
        let (mut f, mut r) = ((sq % 16) as i32, (sq / 16) as i32);
        for _ in 0..n {
            f += i32::from(x);
            r += i32::from(y);
            if !(0..16).contains(&f) || !(0..16).contains(&r) {
                break;
            }
            let to = (f + 16 * r) as usize;
            if !self.v.board.has(to) || self.occupied().has(to) {
                break;
            }
            let plain = FMove::quiet(sq, to, usize::from(t));
            let promoting: Vec<FMove> = own_moves
                .iter()
                .filter(|o| o.to as usize == to && o.capture.is_none() && o.promo.is_some())
                .map(|o| FMove {
                    promo: o.promo,
                    ..plain
                })
                .collect();
            let plain_too = promoting.is_empty()
                || own_moves
                    .iter()
                    .any(|o| o.to as usize == to && o.capture.is_none() && o.promo.is_none());
            if plain_too {
                out.push(plain);
            }
            out.extend(promoting);
        }
    }

    /// Makes a push: the piece moves for its owner (promoted, if so), and the turn goes on
    /// or passes as after any move of the turn.
    pub(super) fn make_push(&mut self, m: &FMove) {
        let us = self.turn;
        let them = 1 - us;
        let (from, to) = (m.from as usize, m.to as usize);
        let turn_start = if self.layer.turns.made == 0 {
            self.board_key()
        } else {
            0
        };
        if self.v.layers.needs_history() {
            let key = self.layer_key();
            self.history.push(key);
        }
        self.ep = Bits256::EMPTY;
        self.ep_victim = None;
        let was_promoted = self.promoted.has(from);
        self.remove(from);
        self.promoted.clear(from);
        self.unmoved.clear(from);
        self.put(to, them, m.promo.unwrap_or(m.piece) as usize);
        if m.promo.is_some() || was_promoted {
            self.promoted.set(to);
        }
        self.halfmove = 0;
        if us == 1 {
            self.fullmove += 1;
        }
        self.turn = them;
        if let Some(rules) = self.v.layers.turns.clone() {
            self.turns_after(&rules, m, us, turn_start);
        }
    }

    /// `avalanche`: "the game is lost with next turn if the King is still in check": the
    /// side to move, at its turn's start, wins when the opponent's royal is attacked (only
    /// an `avalanche` push can leave it so).
    pub(super) fn avalanche_end(&self) -> Option<GameEnd> {
        let Some(TurnRules::Parts(parts)) = &self.v.layers.turns else {
            return None;
        };
        if !parts.iter().any(|p| p.avalanche)
            || self.layer.turns.made != 0
            || !self.layer_in_check(1 - self.turn)
        {
            return None;
        }
        Some(GameEnd {
            verdict: Verdict::Win(self.turn),
            reason: "avalanche",
        })
    }
}

/// Whether a part moves the mover's own pieces by a piece suffix's definitions.
pub(super) fn own_suffixed(p: &TurnPart) -> bool {
    !p.own_moves.is_empty() || !p.own_captures.is_empty()
}
