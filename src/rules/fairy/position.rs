//! A position of a fairy variant: board, hands, side to move, en passant, unmoved pieces;
//! making moves and testing check.

use std::sync::Arc;

use super::bits::{Bits256, square};
use super::tables::{Gen, LINE_DIRS, Variant, dir_ascends, line_dirs};

/// A move of a fairy variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FMove {
    /// Origin square (the drop square for drops).
    pub from: u8,
    /// Destination square.
    pub to: u8,
    /// The moving (or dropped, or picked up) piece type.
    pub piece: u8,
    /// The type promoted to.
    pub promo: Option<u8>,
    /// The square of the captured piece (differs from `to` for en passant).
    pub capture: Option<u8>,
    /// What kind of move.
    pub kind: MoveKind,
    /// A gated piece: type and square.
    pub gate: Option<(u8, u8)>,
    /// Sets en passant squares (a special/initial move of a `set_ep` piece).
    pub sets_ep: bool,
}

/// The kinds of move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A move or capture on the board.
    Normal,
    /// A piece from the hand placed on `to`.
    Drop,
    /// Castling; the partner moves from the first square to the second.
    Castle(u8, u8),
    /// A piece taken from `from` into the hand (`allow pickup`); with `promo`, the piece
    /// promotes where it stands instead (FBR's `promotion=null`, `available`, `warp`).
    Pickup,
    /// A lion's double capture ([`super::lion`]): the first victim's square; the second
    /// victim is on `to` (`capture`).
    Double(u8),
    /// A swap ([`super::layer_swaps`]): the mover goes to `to`, the piece there to `from`;
    /// the partner's promotion (the mover's is `promo`).
    Swap(Option<u8>),
    /// A conversion move (FBR `conversion*`'s `*K=cK`, `super::layer_convert`): the piece on
    /// `from` stays, the enemy piece on `to` changes colour.
    Convert,
}

/// A position of a fairy variant.
#[derive(Clone, Debug)]
pub struct FairyPos {
    /// The variant's tables.
    pub v: Arc<Variant>,
    /// Per square: 0 empty, else `1 + type * 2 + colour`.
    pub board: [u8; 256],
    /// Occupied squares per colour (0 white, 1 black).
    pub color: [Bits256; 2],
    /// Pieces in hand per colour and type.
    pub hand: [[u8; 32]; 2],
    /// Side to move.
    pub turn: usize,
    /// En passant target squares.
    pub ep: Bits256,
    /// The piece capturable en passant.
    pub ep_victim: Option<u8>,
    /// Squares whose pieces have not moved (castling, `Initial:`, `special init`, gating).
    pub unmoved: Bits256,
    /// Pieces that are promoted.
    pub promoted: Bits256,
    /// Halfmove clock.
    pub halfmove: u32,
    /// Fullmove number.
    pub fullmove: u32,
    /// Checks given by each side (for `checkN`).
    pub checks: [u32; 2],
    /// State of the variant's rule layers (FBR rules).
    pub layer: super::layers::LayerState,
    /// Keys of the earlier positions, for layers that read history (empty otherwise).
    pub history: Vec<u64>,
    /// A `no_retaliate` piece was just captured by a piece without the flag: none may be
    /// captured on this move ([`super::lion`]).
    pub no_retaliate: bool,
    /// Makruk's count under `makruk counting` ([`super::counting`]): limit and count in plies,
    /// while it runs.
    pub counting: Option<(u32, u32)>,
    /// Squares of each colour's royal pieces (the variant's royal types), kept by
    /// [`FairyPos::put`] and [`FairyPos::remove`] so that the check test need not look for
    /// them.
    pub royal: [Bits256; 2],
}

impl FMove {
    /// A plain board move of the piece of type `piece` from `from` to `to` that captures and
    /// promotes nothing (a pass when `from == to`).
    pub fn quiet(from: usize, to: usize, piece: usize) -> FMove {
        FMove {
            from: from as u8,
            to: to as u8,
            piece: piece as u8,
            promo: None,
            capture: None,
            kind: MoveKind::Normal,
            gate: None,
            sets_ep: false,
        }
    }

    /// A removal: the piece of type `piece` taken off `square` as the move (warp, suicide).
    pub fn pickup(square: usize, piece: usize) -> FMove {
        FMove {
            from: square as u8,
            to: square as u8,
            piece: piece as u8,
            promo: None,
            capture: None,
            kind: MoveKind::Pickup,
            gate: None,
            sets_ep: false,
        }
    }
}

impl FairyPos {
    /// An empty board of the variant, white to move.
    pub fn empty(v: Arc<Variant>) -> FairyPos {
        FairyPos {
            v,
            board: [0; 256],
            color: [Bits256::EMPTY; 2],
            hand: [[0; 32]; 2],
            turn: 0,
            ep: Bits256::EMPTY,
            ep_victim: None,
            unmoved: Bits256::EMPTY,
            promoted: Bits256::EMPTY,
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            layer: super::layers::LayerState::default(),
            history: Vec::new(),
            no_retaliate: false,
            counting: None,
            royal: [Bits256::EMPTY; 2],
        }
    }

    /// The piece on a square: (colour, type).
    #[inline]
    pub fn piece(&self, sq: usize) -> Option<(usize, usize)> {
        let c = self.board[sq];
        (c != 0).then(|| (((c - 1) & 1) as usize, ((c - 1) >> 1) as usize))
    }

    /// Puts a piece on a square (the square must be empty).
    #[inline]
    pub fn put(&mut self, sq: usize, color: usize, t: usize) {
        self.board[sq] = 1 + (t as u8) * 2 + color as u8;
        self.color[color].set(sq);
        if t < 64 && self.v.royal_types >> t & 1 != 0 {
            self.royal[color].set(sq);
        }
    }

    /// Removes the piece of a square.
    #[inline]
    pub fn remove(&mut self, sq: usize) {
        if let Some((c, _)) = self.piece(sq) {
            self.color[c].clear(sq);
            self.royal[c].clear(sq);
        }
        self.board[sq] = 0;
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bits256 {
        self.color[0] | self.color[1]
    }

    /// The square `(dx, dy)` away from `sq`, if on the board (around it when it wraps).
    pub fn offset(&self, sq: usize, dx: i32, dy: i32) -> Option<usize> {
        let mut f = (sq % 16) as i32 + dx;
        let mut r = (sq / 16) as i32 + dy;
        let l = &self.v.layers;
        if l.wrap_files {
            f = f.rem_euclid(self.v.files as i32);
        }
        if l.wrap_ranks {
            r = r.rem_euclid(self.v.ranks as i32);
        }
        (f >= 0 && r >= 0 && (f as usize) < self.v.files && (r as usize) < self.v.ranks)
            .then(|| square(f as usize, r as usize))
    }

    /// The squares along a line of at most `n` steps of `(dx, dy)` from `sq`, up to the edge,
    /// a hole or `sq` again (a wrapping board); the caller stops at the first piece.
    pub fn line_squares(
        &self,
        sq: usize,
        (dx, dy, n): (i8, i8, u8),
    ) -> impl Iterator<Item = usize> {
        let mut cur = sq;
        (0..n).map_while(move |_| {
            let next = self.offset(cur, dx.into(), dy.into())?;
            (next != sq && self.v.board.has(next)).then(|| {
                cur = next;
                next
            })
        })
    }

    /// Squares a piece with movement `g` of colour `c` on `sq` reaches with occupancy `occ`
    /// (blocked lines include the blocking square), within `prison`.
    pub fn targets(&self, g: &Gen, c: usize, sq: usize, occ: Bits256, prison: Bits256) -> Bits256 {
        if self.v.layers.spacious {
            let mut b = self.spacious_targets(g, sq, occ);
            if !self.v.layers.null_moves {
                b.clear(sq);
            }
            return b & prison & self.v.board;
        }
        let mut b = g.leaps[sq];
        if !g.compound.is_empty() {
            b |= self.compound_targets(g, sq, occ);
        }
        if !g.paths.is_empty() {
            b |= self.path_targets(g, c, sq, occ);
        }
        if g.slide != 0 {
            b |= if g.bounce {
                self.bouncing_slide_targets(g.slide, sq, occ)
            } else {
                self.slide_targets(g.slide, sq, occ)
            };
        }
        if g.hop != 0 {
            b |= self.hop_targets(g.hop, sq, occ);
        }
        if !g.ride.is_empty() {
            b |= self.ride_targets(g, sq, occ);
        }
        if let Some(s) = g.step_leaps.get(sq) {
            b |= *s;
        }
        if !g.long_steps.is_empty() {
            b |= self.long_step_targets(g, sq, occ, prison);
        }
        if !self.v.layers.null_moves {
            b.clear(sq);
        }
        b & prison & self.v.board
    }

    /// Squares of `g`'s two-part leaps from `sq` (a first leap, then a second; with a mask,
    /// only over empty first squares and onto the mask).
    #[inline]
    fn compound_targets(&self, g: &Gen, sq: usize, occ: Bits256) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for (first, second, mask) in &g.compound {
            let mut t = first[sq];
            let mut mids = first[sq];
            if mask.is_some() {
                mids &= !occ;
            }
            for s in mids.iter() {
                for &(x, y) in second {
                    if let Some(u) = self.offset(s, x as i32, y as i32) {
                        t.set(u);
                    }
                }
            }
            if let Some(m) = mask {
                t &= m[sq];
            }
            b |= t;
        }
        b
    }

    /// Squares a hopper with directions `hop` (bits of [`LINE_DIRS`]) on `sq` reaches with
    /// occupancy `occ`: past the first occupied square of each line (the screen), up to and
    /// including the next one.
    #[inline]
    fn hop_targets(&self, hop: u8, sq: usize, occ: Bits256) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for (dx, dy) in line_dirs(hop) {
            let occ = if dx == 0 {
                self.file_occupancy(occ)
            } else {
                occ
            };
            let mut cur = sq;
            let mut screen = false;
            while let Some(n) = self.offset(cur, dx as i32, dy as i32) {
                if n == sq {
                    break;
                }
                cur = n;
                if screen {
                    b.set(n);
                    if occ.has(n) {
                        break;
                    }
                } else if occ.has(n) {
                    screen = true;
                }
            }
        }
        b
    }

    /// Squares of `g`'s riders (a leap repeated along its line) from `sq`, each line up to
    /// and including its first occupied square.
    #[inline]
    fn ride_targets(&self, g: &Gen, sq: usize, occ: Bits256) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for &(dx, dy) in &g.ride {
            let mut cur = sq;
            for _ in 0..256 {
                let Some(n) = self.offset(cur, dx as i32, dy as i32) else {
                    break;
                };
                b.set(n);
                if occ.has(n) || n == sq {
                    break;
                }
                cur = n;
            }
        }
        b
    }

    /// Squares of `g`'s limited steps from `sq` (up to n steps along a line, within
    /// `prison`, up to and including the first occupied square).
    #[inline]
    fn long_step_targets(&self, g: &Gen, sq: usize, occ: Bits256, prison: Bits256) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for &(dx, dy, n) in &g.long_steps {
            let mut cur = sq;
            for _ in 0..n {
                match self.offset(cur, dx as i32, dy as i32) {
                    Some(t) if prison.has(t) => {
                        b.set(t);
                        if occ.has(t) {
                            break;
                        }
                        cur = t;
                    }
                    _ => break,
                }
            }
        }
        b
    }

    /// Squares a slider with directions `dirs` (bits of [`LINE_DIRS`]) on `sq` reaches with
    /// occupancy `occ`, each line up to and including its first occupied square.
    #[inline]
    pub fn slide_targets(&self, dirs: u8, sq: usize, occ: Bits256) -> Bits256 {
        if self.v.layers.wraps() {
            return self.wrapped_slide_targets(dirs, sq, occ);
        }
        let rays = &self.v.rays;
        let mut b = Bits256::EMPTY;
        for (i, &(bit, _)) in LINE_DIRS.iter().enumerate() {
            if dirs & bit == 0 {
                continue;
            }
            let ray = rays[sq][i];
            let occ = if bit == 2 {
                self.file_occupancy(occ)
            } else {
                occ
            };
            let blocker = if dir_ascends(i) {
                (ray & occ).first()
            } else {
                (ray & occ).last()
            };
            b |= match blocker {
                Some(x) => ray & !rays[x][i],
                None => ray,
            };
        }
        b
    }

    /// The occupancy vertical moves see: `occ`, with SjaakII's file fold when the variant
    /// asks for it ([`super::sjaak_fold`]).
    #[inline]
    fn file_occupancy(&self, occ: Bits256) -> Bits256 {
        if self.v.file_fold.is_empty() {
            occ
        } else {
            super::sjaak_fold::fold_occupancy(occ, &self.v.file_fold)
        }
    }

    /// Whether a piece of colour `by` attacks `sq`.
    pub fn attacked(&self, sq: usize, by: usize) -> bool {
        if self.v.layers.transparent != 0 {
            // `pieces=transparent`: they neither attack nor block.
            let seen = !self.transparent_squares();
            return self.attacked_with(sq, by, self.occupied() & seen, self.color[by] & seen);
        }
        self.attacked_with(sq, by, self.occupied(), self.color[by])
    }

    /// Whether one of the pieces of colour `by` on `attackers` (a subset of the board's
    /// pieces of that colour) attacks `sq` when `occ` is occupied: the check test of a
    /// position after a move, without making it.
    pub fn attacked_with(&self, sq: usize, by: usize, occ: Bits256, attackers: Bits256) -> bool {
        // MBN locusts (`fairy::layer_locust`) capture on a square they do not land on.
        if !self.v.layers.locusts.is_empty() && self.locust_attacks(sq, by, occ, attackers) {
            return true;
        }
        // Only the pieces on squares from which some type reaches `sq` can attack it.
        let near = match self.v.attack_from[by].get(sq) {
            Some(from) => attackers & *from,
            None => attackers,
        };
        for s in near.iter() {
            let t = ((self.board[s] - 1) >> 1) as usize;
            let k = &self.v.kinds[t];
            if !k.reach[by][s].has(sq) {
                continue;
            }
            let g = &k.captures[by];
            if k.block[by].has(sq) || !k.prison[by].has(sq) {
                continue;
            }
            // Quick answers for plain leapers and sliders; anything else computes targets.
            if !self.v.layers.spacious
                && (g.leaps[s].has(sq) || g.step_leaps.get(s).is_some_and(|b| b.has(sq)))
            {
                return true;
            }
            if k.plain_captures[by] && !self.v.layers.wraps() {
                if g.slide != 0 && self.slides_to(g.slide, s, sq, occ) {
                    return true;
                }
                continue;
            }
            let tg = self.targets(g, by, s, occ | k.block[by], k.prison[by]) & !k.block[by];
            if tg.has(sq) {
                return true;
            }
        }
        false
    }

    /// Whether a slider with directions `dirs` on `from` reaches `to` over empty squares.
    pub(super) fn slides_to(&self, dirs: u8, from: usize, to: usize, occ: Bits256) -> bool {
        let (ff, fr) = ((from % 16) as i32, (from / 16) as i32);
        let (tf, tr) = ((to % 16) as i32, (to / 16) as i32);
        let (dx, dy) = (tf - ff, tr - fr);
        // The line from `from` to `to`: its index in [`LINE_DIRS`] (a piece's own square
        // counts as reached along the ranks).
        let i = if dy == 0 {
            if dx == 0 {
                return dirs & 1 != 0;
            }
            if dx > 0 { 0 } else { 1 }
        } else if dx == 0 {
            if dy > 0 { 2 } else { 3 }
        } else if dx == dy {
            if dx > 0 { 4 } else { 5 }
        } else if dx == -dy {
            if dx > 0 { 6 } else { 7 }
        } else {
            return false;
        };
        let bit = LINE_DIRS[i].0;
        if dirs & bit == 0 {
            return false;
        }
        let occ = if bit == 2 {
            self.file_occupancy(occ)
        } else {
            occ
        };
        let (sx, sy) = (dx.signum(), dy.signum());
        // On a board that does not wrap, the squares between are a ray minus the ray beyond.
        if let Some(rays) = self.v.rays.get(from) {
            let mut between = rays[i] & !self.v.rays[to][i];
            between.clear(to);
            return rays[i].has(to) && (between & occ).none();
        }
        let (mut f, mut r) = (ff + sx, fr + sy);
        while (f, r) != (tf, tr) {
            if occ.has(square(f as usize, r as usize)) {
                return false;
            }
            f += sx;
            r += sy;
        }
        true
    }

    /// The squares of `color`'s royal pieces.
    #[inline]
    pub fn royals(&self, color: usize) -> Bits256 {
        self.royal[color]
    }

    /// Whether royal pieces on `royals` are in check from the pieces of colour `by` on
    /// `attackers` with `occ` occupied (the rule of [`FairyPos::in_check`]).
    pub fn royals_checked(
        &self,
        royals: Bits256,
        by: usize,
        occ: Bits256,
        attackers: Bits256,
    ) -> bool {
        // The first royal and the others, without counting them (a lone king is the rule).
        let Some(first) = royals.first() else {
            return false;
        };
        let mut others = royals;
        others.clear(first);
        let rules = &self.v.def.rules;
        let hit = |s: usize| self.attacked_with(s, by, occ, attackers);
        if others.none() {
            hit(first)
        } else if rules.check_any_king {
            hit(first) || others.iter().any(hit)
        } else if rules.duplecheck {
            hit(first) && others.iter().all(hit)
        } else {
            false
        }
    }

    /// Whether `color` is in check (one royal attacked; with several royals: all of them
    /// under `duplecheck`, any of them under `check any king`, never otherwise).
    pub fn in_check(&self, color: usize) -> bool {
        let royals = self.royals(color);
        let n = royals.len();
        if n == 0 {
            return false;
        }
        let rules = &self.v.def.rules;
        if n == 1 || rules.check_any_king {
            royals.iter().any(|s| self.attacked(s, 1 - color))
        } else if rules.duplecheck {
            royals.iter().all(|s| self.attacked(s, 1 - color))
        } else {
            false
        }
    }

    /// Whether two royal pieces of different colours face each other on an open file
    /// (`taboo`, as SjaakII tests it: a vertical line only).
    pub fn kings_face(&self) -> bool {
        let w = self.royals(0);
        let b = self.royals(1);
        let occ = self.occupied();
        for a in w.iter() {
            for (dx, dy) in [(0, 1), (0, -1)] {
                let mut cur = a;
                while let Some(n) = self.offset(cur, dx, dy) {
                    if occ.has(n) {
                        if b.has(n) {
                            return true;
                        }
                        break;
                    }
                    cur = n;
                }
            }
        }
        false
    }

    /// Plays a move (assumed pseudo-legal).
    pub fn make(&mut self, m: &FMove) {
        if self.v.layers.turns.is_some() && self.is_push(m) {
            // A turn part's move of an opponent's piece (`fairy::layer_turns_push`).
            return self.make_push(m);
        }
        if self.v.victim_rules {
            return self.make_with_victim_rules(m);
        }
        self.make_layered(m);
    }

    /// Plays a move with the rule layers' effects (and without the victim rules').
    pub(super) fn make_layered(&mut self, m: &FMove) {
        let pre = self.v.layers.active.then(|| self.layer_before(m));
        self.make_plain(m);
        if let Some(pre) = pre {
            self.layer_after(m, pre);
        }
    }

    /// Plays a move without the rule layers' effects.
    fn make_plain(&mut self, m: &FMove) {
        let us = self.turn;
        let them = 1 - us;
        let from = m.from as usize;
        let to = m.to as usize;
        self.ep = Bits256::EMPTY;
        self.ep_victim = None;
        let mut reset = false;
        if let Some(c) = m.capture {
            self.take_captured(c as usize);
            reset = true;
        }
        if let MoveKind::Double(first) = m.kind {
            // A lion's double capture, an MBN locust move: its first victim goes too (the
            // victim-rule path takes it before and plays the rest as a normal move).
            self.take_captured(first as usize);
            reset = true;
        }
        match m.kind {
            MoveKind::Drop => {
                let t = m.piece as usize;
                self.hand[us][t] = self.hand[us][t].saturating_sub(1);
                let placed = m.promo.map_or(t, usize::from);
                self.put(to, us, placed);
                if self.v.kinds[placed].def.flags.renews_initial {
                    self.unmoved.set(to);
                }
                // As Fairy-Stockfish: a pawn drop resets the clock (the pawns that reset it
                // when they move, below), other drops count.
                let k = &self.v.kinds[t];
                reset |= k.is_pawnlike() && !k.same_captures;
            }
            MoveKind::Pickup if m.promo.is_some() => {
                // FBR's in-place promotion (`fairy::layer_promotion_in_place`): the piece
                // changes type where it stands; irreversible, so the clock resets.
                let p = m.promo.map_or(m.piece, |p| p) as usize;
                self.remove(from);
                self.put(from, us, p);
                self.promoted.set(from);
                self.unmoved.clear(from);
                reset = true;
            }
            MoveKind::Pickup => {
                let t = m.piece as usize;
                self.remove(from);
                self.unmoved.clear(from);
                self.promoted.clear(from);
                self.hand[us][t] = self.hand[us][t].saturating_add(1);
            }
            MoveKind::Swap(partner_promo) => self.swap_pieces(m, us, partner_promo),
            MoveKind::Convert => reset |= self.convert_target(to),
            MoveKind::Normal | MoveKind::Castle(..) | MoveKind::Double(_) => {
                self.move_piece(m, us);
                if m.sets_ep {
                    self.set_ep_squares(m);
                }
                // As Fairy-Stockfish: pawns that capture as they move (shogi's pawn, xiangqi's
                // soldier) do not reset the clock.
                let k = &self.v.kinds[m.piece as usize];
                if k.is_pawnlike() && !k.same_captures {
                    reset = true;
                }
            }
        }
        if let Some((t, s)) = m.gate {
            let t = t as usize;
            self.hand[us][t] = self.hand[us][t].saturating_sub(1);
            self.put(s as usize, us, t);
        }
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if us == 1 {
            self.fullmove += 1;
        }
        self.turn = them;
        if self.v.def.rules.makruk_counting {
            self.update_counting(m.capture.is_some());
        }
    }

    /// Takes a piece the side to move captures off the board (on `c`, the move's capture
    /// square or a double capture's first victim); under `keep capture` (`return capture`)
    /// its demoted kind goes to the capturer's (the owner's) hand.
    #[inline]
    pub(super) fn take_captured(&mut self, c: usize) {
        let us = self.turn;
        let rules = &self.v.def.rules;
        let (keep, ret) = (rules.keep_capture, rules.return_capture);
        if let Some((_, t)) = self.piece(c) {
            let d = self.v.kinds[t].demotes_to as usize;
            if keep {
                self.hand[us][d] = self.hand[us][d].saturating_add(1);
            } else if ret {
                self.hand[1 - us][d] = self.hand[1 - us][d].saturating_add(1);
            }
        }
        self.remove(c);
        self.unmoved.clear(c);
        self.promoted.clear(c);
    }

    /// Moves the piece of a board move (and a castling partner), promoting it when the move
    /// says so; both squares lose their unmoved mark.
    #[inline]
    fn move_piece(&mut self, m: &FMove, us: usize) {
        let (from, to) = (m.from as usize, m.to as usize);
        let was_promoted = self.promoted.has(from);
        self.remove(from);
        self.promoted.clear(from);
        let partner = if let MoveKind::Castle(pf, _) = m.kind {
            let pf = pf as usize;
            let p = self.piece(pf);
            self.remove(pf);
            self.unmoved.clear(pf);
            p
        } else {
            None
        };
        let t = m.promo.unwrap_or(m.piece) as usize;
        self.put(to, us, t);
        if m.promo.is_some() || was_promoted {
            self.promoted.set(to);
        }
        if let (MoveKind::Castle(_, pt), Some((c, pt_type))) = (m.kind, partner) {
            self.put(pt as usize, c, pt_type);
        }
        self.unmoved.clear(from);
        self.unmoved.clear(to);
        if m.promo.is_some() && self.v.kinds[t].def.flags.renews_initial {
            self.unmoved.set(to);
        }
    }

    /// The en passant squares a multi-step move passes over, and the moved piece as the
    /// victim when there are any.
    #[inline]
    fn set_ep_squares(&mut self, m: &FMove) {
        if let Some(a) = self.v.layers.alice_boards.clone() {
            return self.alice_boards_ep_squares(&a, m);
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let (ff, fr) = ((from % 16) as i32, (from / 16) as i32);
        let (tf, tr) = ((to % 16) as i32, (to / 16) as i32);
        let (dx, dy) = ((tf - ff).signum(), (tr - fr).signum());
        let mut cur = (ff + dx, fr + dy);
        while cur != (tf, tr) {
            self.ep.set(square(cur.0 as usize, cur.1 as usize));
            cur = (cur.0 + dx, cur.1 + dy);
        }
        if !self.ep.none() {
            self.ep_victim = Some(m.to);
        }
    }
}

impl super::tables::Kind {
    /// A pawn-like piece: it moves by steps only and promotes (its moves reset the clock and
    /// it counts for CQL's pawn-structure filters).
    pub fn is_pawnlike(&self) -> bool {
        self.pawnlike
    }
}
