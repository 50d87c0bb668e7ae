//! Move generation for fairy positions: pseudo-legal moves (normal, special, initial,
//! castling, drops, gating, pickup, promotions), legality (royal safety, taboo, drop rules,
//! forced capture and drops) and perft.

use super::bits::Bits256;
use super::position::{FMove, FairyPos, MoveKind};

impl FairyPos {
    /// Pseudo-legal moves: everything the pieces may do, ignoring royal safety.
    pub fn pseudo_moves(&self) -> Vec<FMove> {
        let mut out = Vec::with_capacity(64);
        let us = self.turn;
        let them = 1 - us;
        let v = &*self.v;
        let occ = self.occupied();
        for sq in self.color[us].iter() {
            let t = ((self.board[sq] - 1) >> 1) as usize;
            let k = &v.kinds[t];
            let block = k.block[us];
            let occ_b = occ | block;
            let prison = k.prison[us];
            let mut quiet = self.targets(&k.moves[us], us, sq, occ_b, prison) & !occ & !block;
            let mut special = Bits256::EMPTY;
            if let Some((zone, g)) = &k.special {
                let unmoved_ok = !v.def.rules.special_init || self.unmoved.has(sq);
                if zone[us].has(sq) && unmoved_ok {
                    special |= self.targets(&g[us], us, sq, occ_b, prison) & !occ & !block;
                }
            }
            if let Some(g) = &k.initial {
                if self.unmoved.has(sq) {
                    special |= self.targets(&g[us], us, sq, occ_b, prison) & !occ & !block;
                }
            }
            special &= !quiet;
            let cap_all = self.targets(&k.captures[us], us, sq, occ_b, prison) & !block;
            let caps = cap_all & self.color[them];
            quiet &= !Bits256::EMPTY;
            for to in quiet.iter() {
                self.push_promotions(&mut out, sq, to, t, None, false);
            }
            for to in special.iter() {
                self.push_promotions(&mut out, sq, to, t, None, k.def.flags.set_ep);
            }
            for to in caps.iter() {
                self.push_promotions(&mut out, sq, to, t, Some(to as u8), false);
            }
            if k.def.flags.take_ep && !self.ep.none() {
                if let Some(victim) = self.ep_victim {
                    let ep_caps = cap_all & self.ep & !occ;
                    let victim_enemy = self.color[them].has(victim as usize);
                    if victim_enemy {
                        for to in ep_caps.iter() {
                            self.push_promotions(&mut out, sq, to, t, Some(victim), false);
                        }
                    }
                }
            }
            self.push_castles(&mut out, sq, t);
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
                    out.push(FMove {
                        from: sq as u8,
                        to: sq as u8,
                        piece: t as u8,
                        promo: None,
                        capture: None,
                        kind: MoveKind::Pickup,
                        gate: None,
                        sets_ep: false,
                    });
                }
            }
        }
        out
    }

    fn count_of(&self, color: usize, t: usize) -> u32 {
        self.color[color]
            .iter()
            .filter(|&s| ((self.board[s] - 1) >> 1) as usize == t)
            .count() as u32
    }

    fn push_promotions(&self, out: &mut Vec<FMove>, from: usize, to: usize, t: usize, capture: Option<u8>, sets_ep: bool) {
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
        let mut in_zone = false;
        let mut choices: Vec<u8> = Vec::new();
        for (zone, ch) in &k.promotions {
            if zone[us].has(to) {
                in_zone = true;
                for &c in ch {
                    if !choices.contains(&c) {
                        choices.push(c);
                    }
                }
            }
        }
        if !in_zone {
            out.push(base);
            return;
        }
        let optional = match &k.optional_zone {
            Some(z) => z[us].has(to),
            None => k.mobile[us].has(to),
        };
        if optional {
            out.push(base);
        }
        for c in choices {
            let max = self.v.kinds[c as usize].max[us];
            if max > 0 && self.count_of(us, c as usize) >= max {
                continue;
            }
            out.push(FMove {
                promo: Some(c),
                ..base
            });
        }
    }

    fn push_castles(&self, out: &mut Vec<FMove>, sq: usize, t: usize) {
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
            for &to in &c.to {
                let east = to % 16 > sq % 16;
                let pto = if east { to - 1 } else { to + 1 };
                let mut need_empty = span(sq, to) | span(c.partner, pto);
                need_empty.clear(sq);
                need_empty.clear(c.partner);
                if !(need_empty & occ).none() {
                    continue;
                }
                if k.def.flags.royal && span(sq, to).iter().any(|s| self.attacked(s, 1 - us)) {
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
        for t in 0..self.v.kinds.len() {
            if self.hand[us][t] == 0 {
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
        let hand: Vec<u8> = (0..self.v.kinds.len()).filter(|&t| self.hand[us][t] > 0).map(|t| t as u8).collect();
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
                if (s as usize) / 16 != back || !self.unmoved.has(s as usize) {
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
        let us = self.turn;
        let mut p = self.clone();
        p.make(m);
        if p.in_check(us) {
            return false;
        }
        if self.v.def.rules.taboo && p.kings_face() {
            return false;
        }
        if m.kind == MoveKind::Drop {
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

    fn has_legal_move_raw(&self) -> bool {
        self.pseudo_moves().iter().any(|m| self.is_legal(m))
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<FMove> {
        let mut moves: Vec<FMove> = self.pseudo_moves().into_iter().filter(|m| self.is_legal(m)).collect();
        let rules = &self.v.def.rules;
        if rules.forced_capture && moves.iter().any(|m| m.capture.is_some()) {
            moves.retain(|m| m.capture.is_some());
        }
        if rules.force_drops && moves.iter().any(|m| m.kind == MoveKind::Drop) {
            moves.retain(|m| m.kind == MoveKind::Drop);
        }
        moves
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

/// The squares from `a` to `b` inclusive on one rank.
fn span(a: usize, b: usize) -> Bits256 {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let mut s = Bits256::EMPTY;
    if lo / 16 == hi / 16 {
        for x in lo..=hi {
            s.set(x);
        }
    }
    s
}
