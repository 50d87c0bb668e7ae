//! Move generation for fairy positions: pseudo-legal moves (normal, special, initial,
//! castling, drops, gating, pickup, promotions), legality (royal safety, taboo, drop rules,
//! forced capture and drops) and perft.

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};
use super::tables::Kind;

impl FairyPos {
    /// Pseudo-legal moves: everything the pieces may do, ignoring royal safety.
    pub fn pseudo_moves(&self) -> Vec<FMove> {
        let mut out = Vec::with_capacity(64);
        let us = self.turn;
        let v = &*self.v;
        if let Some(a) = &v.layers.alice_boards {
            return self.alice_boards_moves(a);
        }
        for sq in self.color[us].iter() {
            self.push_piece_moves(&mut out, sq);
        }
        let rules = &v.def.rules;
        if rules.gate_drops {
            self.add_gates(&mut out);
        }
        if rules.allow_drops || rules.keep_capture || rules.return_capture {
            self.push_drops(&mut out);
        }
        if rules.allow_pickup {
            for sq in self.color[us].iter() {
                let t = ((self.board[sq] - 1) >> 1) as usize;
                if !v.kinds[t].def.flags.royal {
                    out.push(FMove::pickup(sq, t));
                }
            }
        }
        if v.layers.active {
            self.layer_pseudo(&mut out);
        }
        out
    }

    /// Pushes the pseudo-legal moves of the piece on `sq` (castling included; drops, gating
    /// and pickups are not moves of a piece).
    pub fn push_piece_moves(&self, out: &mut Vec<FMove>, sq: usize) {
        self.push_piece_moves_to(out, sq, !Bits256::EMPTY);
    }

    /// Pushes the pseudo-legal moves of the piece on `sq` whose destination is in `dests`
    /// (reading a move names its destination: the others need not be made).
    pub fn push_piece_moves_to(&self, out: &mut Vec<FMove>, sq: usize, dests: Bits256) {
        if let Some(a) = &self.v.layers.alice_boards {
            let moves = self.alice_boards_moves(a).into_iter();
            out.extend(moves.filter(|m| m.from as usize == sq && dests.has(m.to as usize)));
            return;
        }
        // SjaakII's victim rule: right after a lion was taken, no lion may be taken.
        let dests = if self.no_retaliate {
            dests & !self.iron_squares()
        } else {
            dests
        };
        let us = self.turn;
        let them = 1 - us;
        let v = &*self.v;
        // Alice: a piece sees (and captures) only the pieces of its own board, and lands on
        // an empty square of the other.
        let (occ, enemies) = if v.layers.alice {
            let board = self.alice_board_of(sq);
            (self.occupied() & board, self.color[them] & board)
        } else {
            (self.occupied(), self.color[them])
        };
        let t = ((self.board[sq] - 1) >> 1) as usize;
        if v.lion_types != 0 && t < 64 && v.lion_types >> t & 1 != 0 {
            return self.push_lion_moves(out, sq, t, dests);
        }
        let k = &v.kinds[t];
        let block = k.block[us];
        // `pieces=transparent`: their squares block no line and are no capture's target.
        let seen = if v.layers.transparent != 0 {
            !self.transparent_squares()
        } else {
            !Bits256::EMPTY
        };
        let mut occ_b = (occ & seen) | block;
        if v.layers.active {
            occ_b |= self.cross_block(t, us);
        }
        let prison = k.prison[us];
        let moves_raw = self.targets(&k.moves[us], us, sq, occ_b, prison);
        let free = !occ & !block;
        let mut quiet = moves_raw & free;
        let mut special = self.special_targets(k, sq, occ_b, free, &mut quiet);
        special &= !quiet;
        let cap_all = if k.same_captures {
            moves_raw
        } else {
            self.targets(&k.captures[us], us, sq, occ_b, prison)
        } & !block;
        if v.layers.alice {
            let all = self.occupied();
            quiet &= !all;
            special &= !all;
        }
        let caps = cap_all & enemies & dests & seen;
        quiet &= dests;
        special &= dests;
        for to in quiet.iter() {
            self.push_promotions(out, sq, to, t, None, false);
        }
        for to in special.iter() {
            self.push_promotions(out, sq, to, t, None, k.def.flags.set_ep);
        }
        for to in caps.iter() {
            self.push_promotions(out, sq, to, t, Some(to as u8), false);
        }
        if k.def.flags.take_ep
            && let Some(victim) = self.ep_victim
            && self.color[them].has(victim as usize)
            && seen.has(victim as usize)
        {
            for to in (cap_all & self.ep & !occ & dests).iter() {
                self.push_promotions(out, sq, to, t, Some(victim), false);
            }
        }
        if k.def
            .castles
            .iter()
            .any(|c| c.to.iter().any(|&to| dests.has(to)))
        {
            self.push_castles(out, sq, t);
        }
    }

    /// The special moves of the piece of kind `k` on `sq` onto `free` squares: its zone's
    /// `Special:` moves, its `Initial:` moves while unmoved. SjaakII under `special init`: a
    /// piece that has not left its special zone makes its special moves instead of its
    /// ordinary non-captures (`quiet` emptied: the chaturanga king on e1 leaps but does not
    /// step; a pawn's double step covers its single step, so pawns are unaffected).
    #[inline]
    fn special_targets(
        &self,
        k: &Kind,
        sq: usize,
        occ_b: Bits256,
        free: Bits256,
        quiet: &mut Bits256,
    ) -> Bits256 {
        let us = self.turn;
        let prison = k.prison[us];
        let special_init = self.v.def.rules.special_init;
        let mut special = Bits256::EMPTY;
        if let Some((zone, g)) = &k.special {
            let unmoved_ok = !special_init || self.unmoved.has(sq);
            if zone[us].has(sq) && unmoved_ok {
                special |= self.targets(&g[us], us, sq, occ_b, prison) & free;
                if special_init {
                    *quiet = Bits256::EMPTY;
                }
            }
        }
        if let Some(g) = &k.initial
            && self.unmoved.has(sq)
            && !(k.def.flags.initial_decays && self.layer.checked[us])
        {
            special |= self.targets(&g[us], us, sq, occ_b, prison) & free;
        }
        special
    }

    pub(super) fn count_of(&self, color: usize, t: usize) -> u32 {
        self.color[color]
            .iter()
            .filter(|&s| ((self.board[s] - 1) >> 1) as usize == t)
            .count() as u32
    }

    pub(super) fn push_promotions(
        &self,
        out: &mut Vec<FMove>,
        from: usize,
        to: usize,
        t: usize,
        capture: Option<u8>,
        sets_ep: bool,
    ) {
        let us = self.turn;
        let k = &self.v.kinds[t];
        let base = FMove {
            from: from as u8,
            to: to as u8,
            piece: t as u8,
            promo: None,
            capture,
            kind: MoveKind::Normal,
            gate: None,
            sets_ep,
        };
        // FBR's `promotion=warp`: "The piece will not promote immediately ... it will be
        // promoted when warped" (`fairy::layer_promotion_in_place`).
        if self
            .v
            .layers
            .promotion_in_place
            .as_ref()
            .is_some_and(|r| r.warp)
        {
            out.push(base);
            return;
        }
        // SjaakII: a rule applies when the move starts or ends in its zone; the plain move is
        // kept when the destination (or, leaving the zones, the origin) is in the optional
        // zone (by default: the zone squares from which the piece can still move).
        let promote_here = self.v.def.rules.promote_here;
        let mut matched = false;
        let mut choices: Vec<u8> = Vec::new();
        // FBR's `promotion=enpassant`: also a leg ending in the zone (`layer_promotion_legs`).
        let any_leg = self.v.layers.promotion_any_leg;
        for (zone, ch) in &k.promotions {
            if zone[us].has(to)
                || (zone[us].has(from) && !promote_here)
                || (any_leg && self.leg_in_zone(zone[us], from, to, t))
            {
                matched = true;
                for &c in ch {
                    if !choices.contains(&c) {
                        choices.push(c);
                    }
                }
            }
        }
        // FBR's `promotion=once`: "If a piece has already promoted, then it cannot promote
        // further."
        let once_done = self.v.layers.promotion_once && self.promoted.has(from);
        let rule = self.v.layers.promotion_rule.as_deref();
        if let Some(rule) = rule
            && matched
            && self.promotion_suspended(rule, from, capture)
            && (rule.enter_suspend || k.move_mobile[us].has(to))
        {
            // FBR's `entersuspend`: "it may not promote on the next turn unless making a
            // capture"; not onto a square it could not move on from, unless `notforced`.
            // `suspend`: "unless it captures or is forced to promote".
            if rule.not_forced || k.move_mobile[us].has(to) {
                out.push(base);
            }
            return;
        }
        if let Some(rule) = rule.filter(|r| !r.triggers.is_empty() && !k.promotions.is_empty()) {
            // FBR's `capture`, `leave`, `move`: only the moves they name promote; another
            // move is plain, but may not end where the piece could not move on (a "dead
            // piece") unless `notforced`.
            let fired = (matched && !once_done)
                .then(|| self.promotion_fires(rule, from, to, capture))
                .flatten();
            let Some((definition, types)) = fired else {
                if rule.not_forced || k.move_mobile[us].has(to) {
                    out.push(base);
                }
                return;
            };
            if !definition {
                choices.clear();
            }
            for c in types {
                if !choices.contains(&c) {
                    choices.push(c);
                }
            }
        } else if !matched || once_done {
            out.push(base);
            return;
        }
        let mut union = Bits256::EMPTY;
        for (zone, _) in &k.promotions {
            union |= zone[us];
        }
        let opt_zone = match &k.optional_zone {
            Some(z) => z[us],
            None => union & k.move_mobile[us],
        };
        if opt_zone.has(to) || (opt_zone.has(from) && !union.has(to)) {
            out.push(base);
        }
        for &c in &choices {
            let max = self.v.kinds[c as usize].max[us];
            if max > 0 && self.count_of(us, c as usize) >= max {
                continue;
            }
            if let Some(rule) = rule
                && !self.stack_allows(rule, c, &choices)
            {
                continue;
            }
            out.push(FMove {
                promo: Some(c),
                // A piece promoted in a leg is no pawn that double-stepped.
                sets_ep: sets_ep && !any_leg,
                ..base
            });
        }
    }

    /// Pushes the castling moves of the piece of type `t` on `sq` (reading `O-O` needs no others).
    pub(super) fn push_castles(&self, out: &mut Vec<FMove>, sq: usize, t: usize) {
        let us = self.turn;
        let k = &self.v.kinds[t];
        if k.def.castles.is_empty() || !self.unmoved.has(sq) {
            return;
        }
        let occ = self.occupied();
        for c in &k.def.castles {
            if c.color != us || c.from != sq || !self.unmoved.has(c.partner) {
                continue;
            }
            if !self.color[us].has(c.partner) || c.partner == sq {
                continue;
            }
            // SjaakII: the partner lands next to the king's destination, on the inside, along
            // the line joining king and partner; every square on both paths must be empty
            // (but for the two pieces) and the king's path safe.
            let (kf, kr) = ((sq % 16) as i32, (sq / 16) as i32);
            let (pf, pr) = ((c.partner % 16) as i32, (c.partner / 16) as i32);
            let dir = if kr == pr {
                (1, 0)
            } else if kf == pf {
                (0, 1)
            } else if kf - pf == kr - pr {
                (1, 1)
            } else if kf - pf == pr - kr {
                (-1, 1)
            } else {
                continue;
            };
            for &to in &c.to {
                let king_side = to % 16 >= self.v.files / 2;
                let (tf, tr) = ((to % 16) as i32, (to / 16) as i32);
                let (pf2, pr2) = if king_side {
                    (tf - dir.0, tr - dir.1)
                } else {
                    (tf + dir.0, tr + dir.1)
                };
                if pf2 < 0
                    || pr2 < 0
                    || pf2 as usize >= self.v.files
                    || pr2 as usize >= self.v.ranks
                {
                    continue;
                }
                let pto = pr2 as usize * 16 + pf2 as usize;
                let king_path = path(sq, to, dir);
                let mut need_empty = king_path | path(c.partner, pto, dir);
                need_empty.clear(sq);
                need_empty.clear(c.partner);
                if !(need_empty & occ).none() {
                    continue;
                }
                // `royal=passover`: only the start and the landing square must be safe.
                let passover = self.v.layers.royal.passover;
                let judged = |s: usize| !passover || s == sq || s == to;
                if k.def.flags.royal
                    && king_path
                        .iter()
                        .any(|s| judged(s) && self.attacked(s, 1 - us))
                {
                    continue;
                }
                out.push(FMove {
                    from: sq as u8,
                    to: to as u8,
                    piece: t as u8,
                    promo: None,
                    capture: None,
                    kind: MoveKind::Castle(c.partner as u8, pto as u8),
                    gate: None,
                    sets_ep: false,
                });
            }
        }
    }

    fn push_drops(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        let occ = self.occupied();
        // `holding=share`: one holding (white's hand) for both sides.
        let shared = self.v.layers.holding.as_ref().is_some_and(|h| h.share);
        let hand = if shared { 0 } else { us };
        for t in 0..self.v.kinds.len() {
            if self.hand[hand][t] == 0 {
                continue;
            }
            let k = &self.v.kinds[t];
            let mut zone = k.drop_zone[us] & self.v.board & !occ;
            if !k.def.flags.drop_dead {
                zone &= k.mobile[us];
            }
            for to in zone.iter() {
                if k.def.flags.drop_one_file {
                    let file = to % 16;
                    let clash = (0..self.v.ranks).any(|r| {
                        let s = r * 16 + file;
                        self.piece(s) == Some((us, t))
                    });
                    if clash {
                        continue;
                    }
                }
                out.push(FMove {
                    from: to as u8,
                    to: to as u8,
                    piece: t as u8,
                    promo: None,
                    capture: None,
                    kind: MoveKind::Drop,
                    gate: None,
                    sets_ep: false,
                });
            }
        }
    }

    /// Seirawan-style gating: a back-rank piece's first move may drop a hand piece on the
    /// square it leaves (castling: on the king's or the partner's square).
    fn add_gates(&self, out: &mut Vec<FMove>) {
        let us = self.turn;
        let back = if us == 0 { 0 } else { self.v.ranks - 1 };
        let mut hand: Vec<u8> = (0..self.v.kinds.len())
            .filter(|&t| self.hand[us][t] > 0)
            .map(|t| t as u8)
            .collect();
        // FBR `gating`: its squares, its pieces (the first one held, when `ordered`).
        let gate = self.v.layers.gate.as_ref();
        if let Some((_, pieces, ordered)) = gate {
            if *ordered {
                hand = pieces
                    .iter()
                    .copied()
                    .filter(|t| hand.contains(t))
                    .take(1)
                    .collect();
            } else {
                hand.retain(|t| pieces.contains(t));
            }
        }
        if hand.is_empty() {
            return;
        }
        let n = out.len();
        for i in 0..n {
            let m = out[i];
            let mut squares = Vec::new();
            match m.kind {
                MoveKind::Normal => squares.push(m.from),
                MoveKind::Castle(pf, _) => {
                    squares.push(m.from);
                    squares.push(pf);
                }
                _ => {}
            }
            for s in squares {
                let on_zone = match gate {
                    Some((zone, _, _)) => zone[us].has(s as usize),
                    None => (s as usize) / 16 == back,
                };
                if !on_zone || !self.unmoved.has(s as usize) {
                    continue;
                }
                for &t in &hand {
                    out.push(FMove {
                        gate: Some((t, s)),
                        ..m
                    });
                }
            }
        }
    }

    /// Whether a pseudo-legal move leaves the mover safe (and obeys taboo and drop rules).
    pub fn is_legal(&self, m: &FMove) -> bool {
        if self.v.layers.active {
            return self.layer_is_legal(m);
        }
        let us = self.turn;
        let kinds = &self.v.kinds;
        let royal_promo = m.promo.is_some_and(|t| {
            kinds[t as usize].def.flags.royal || kinds[m.piece as usize].def.flags.royal
        });
        // A plain move: the squares it empties and fills decide check, without making it.
        let plain = m.kind == MoveKind::Normal
            && m.gate.is_none()
            && !royal_promo
            && !self.v.def.rules.taboo;
        // Most moves: nothing below applies to a plain move but `en-passant check`.
        if plain && !(self.v.def.rules.en_passant_check && kinds[m.piece as usize].def.flags.royal)
        {
            return !self.plain_move_exposes_royals(m);
        }
        let after = if plain {
            if self.plain_move_exposes_royals(m) {
                return false;
            }
            None
        } else {
            let mut p = self.clone();
            p.make(m);
            if p.in_check(us) {
                return false;
            }
            if self.v.def.rules.taboo && p.kings_face() {
                return false;
            }
            Some(p)
        };
        // `en-passant check`: a royal piece may not pass over an attacked square.
        if self.v.def.rules.en_passant_check
            && m.kind == MoveKind::Normal
            && self.v.kinds[m.piece as usize].def.flags.royal
        {
            let (ff, fr) = ((m.from % 16) as i32, (m.from / 16) as i32);
            let (tf, tr) = ((m.to % 16) as i32, (m.to / 16) as i32);
            let (dx, dy) = (tf - ff, tr - fr);
            if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
                let (sx, sy) = (dx.signum(), dy.signum());
                let (mut f, mut r) = (ff + sx, fr + sy);
                while (f, r) != (tf, tr) {
                    if self.attacked(r as usize * 16 + f as usize, 1 - us) {
                        return false;
                    }
                    f += sx;
                    r += sy;
                }
            }
        }
        if m.kind == MoveKind::Drop
            && let Some(p) = after
        {
            let f = self.v.kinds[m.piece as usize].def.flags;
            if f.drop_no_check || f.drop_no_mate {
                let check = p.in_check(1 - us);
                if check && f.drop_no_check {
                    return false;
                }
                if check && f.drop_no_mate && !p.has_legal_move_raw() {
                    return false;
                }
            }
        }
        true
    }

    /// Whether a plain move (see [`FairyPos::is_legal`]) leaves the mover's royals in check:
    /// the squares it empties and fills decide, without making it.
    fn plain_move_exposes_royals(&self, m: &FMove) -> bool {
        let us = self.turn;
        let them = 1 - us;
        let (from, to) = (m.from as usize, m.to as usize);
        let mut occ = self.occupied();
        let mut attackers = self.color[them];
        occ.clear(from);
        if let Some(c) = m.capture {
            occ.clear(c as usize);
            attackers.clear(c as usize);
        }
        occ.set(to);
        let mut royals = self.royals(us);
        if royals.has(from) {
            royals.clear(from);
            royals.set(to);
        }
        self.royals_checked(royals, them, occ, attackers)
    }

    fn has_legal_move_raw(&self) -> bool {
        self.pseudo_moves().iter().any(|m| self.is_legal(m))
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<FMove> {
        let mut moves: Vec<FMove> = self
            .pseudo_moves()
            .into_iter()
            .filter(|m| self.is_legal(m))
            .collect();
        let rules = &self.v.def.rules;
        if rules.forced_capture && moves.iter().any(|m| m.capture.is_some()) {
            moves.retain(|m| m.capture.is_some());
        }
        if rules.force_drops && moves.iter().any(|m| m.kind == MoveKind::Drop) {
            moves.retain(|m| m.kind == MoveKind::Drop);
        }
        if self.v.layers.active {
            self.layer_filter(&mut moves);
        }
        moves
    }

    /// Whether the side to move has only royal pieces on the board (a bare king).
    pub fn is_bare(&self, color: usize) -> bool {
        let royals = self.royals(color);
        !royals.none() && (self.color[color] & !royals).none()
    }

    /// Whether the game is over by a rule other than having no legal move: a bare king under
    /// `loneking` (with `bare rule`, not when the bare side can bare the other king at once).
    pub fn is_variant_end(&self) -> bool {
        if self.v.layers.active {
            return self.layer_end().is_some();
        }
        let rules = &self.v.def.rules;
        let us = self.turn;
        if rules.loneking.is_some() && self.is_bare(us) && !self.is_bare(1 - us) {
            if rules.bare_rule {
                let them_pieces = self.color[1 - us] & !self.royals(1 - us);
                if them_pieces.len() == 1 {
                    let last = them_pieces.first();
                    let can_bare = self
                        .legal_moves()
                        .iter()
                        .any(|m| m.capture.map(|c| c as usize) == last);
                    return !can_bare;
                }
            }
            return true;
        }
        false
    }

    /// Counts leaf nodes of the legal move tree to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut p = self.clone();
                p.make(m);
                p.perft(depth - 1)
            })
            .sum()
    }
}

/// The squares from `a` to `b` inclusive, stepping by `dir` (or its opposite); only `a` and
/// `b` when they do not share the line.
fn path(a: usize, b: usize, dir: (i32, i32)) -> Bits256 {
    let mut s = Bits256::single(a);
    s.set(b);
    let (af, ar) = ((a % 16) as i32, (a / 16) as i32);
    let (bf, br) = ((b % 16) as i32, (b / 16) as i32);
    for sign in [1, -1] {
        let (dx, dy) = (dir.0 * sign, dir.1 * sign);
        let (mut f, mut r) = (af, ar);
        for _ in 0..16 {
            if (f, r) == (bf, br) {
                let (mut f2, mut r2) = (af, ar);
                while (f2, r2) != (bf, br) {
                    s.set(r2 as usize * 16 + f2 as usize);
                    f2 += dx;
                    r2 += dy;
                }
                return s;
            }
            f += dx;
            r += dy;
        }
    }
    s
}
