//! Moves under rule layers: wrapped slides, the per-move restrictions (`diagonals`,
//! `direction`, `zone`, `pieces`, `benedict`, drop conditions), extra moves (`warp`, `null`,
//! `wrongrook` castling, drops of `holding=either`), legality by making the move on a copy,
//! and the rules that restrict the whole move list (`mustcapture`, `royal=mustevase`,
//! `hill=balance`, `royal=untilcaptured`).

use super::bits::Bits256;
use super::layers::{DIRS, Layers, has_type};
use super::position::{FMove, FairyPos, MoveKind};
use super::tables::LINE_DIRS;

impl FairyPos {
    /// Slider targets on a wrapping board: each line walked square by square, up to its first
    /// occupied square, stopping when it comes back to the start (the start itself is a
    /// target only under `null`).
    pub fn wrapped_slide_targets(&self, dirs: u8, sq: usize, occ: Bits256) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for &(bit, (dx, dy)) in LINE_DIRS.iter() {
            if dirs & bit == 0 {
                continue;
            }
            let mut cur = sq;
            for _ in 0..256 {
                let Some(n) = self.offset(cur, dx as i32, dy as i32) else {
                    break;
                };
                b.set(n);
                if n == sq || occ.has(n) {
                    break;
                }
                cur = n;
            }
        }
        b
    }

    /// `alice`: the squares of the board the piece on `sq` stands on.
    pub fn alice_board_of(&self, sq: usize) -> Bits256 {
        if self.layer.alice.has(sq) {
            self.layer.alice
        } else {
            !self.layer.alice
        }
    }

    /// `zone=dontcross`: squares a slide of type `t` stops on.
    pub fn cross_block(&self, t: usize, us: usize) -> Bits256 {
        let mut b = Bits256::EMPTY;
        for z in &self.v.layers.dont_cross {
            if has_type(z.pieces, t) {
                b |= z.zone[us];
            }
        }
        b
    }

    /// The ply number from the start of the game (move 1, white to move = ply 0).
    pub fn ply(&self) -> u32 {
        (self.fullmove.saturating_sub(1)) * 2 + self.turn as u32
    }

    /// The type on a square (the square must be occupied).
    #[inline]
    pub(super) fn type_on(&self, sq: usize) -> usize {
        ((self.board[sq] - 1) >> 1) as usize
    }

    /// `color`'s pieces of the types in `mask`, counted.
    pub(super) fn count_mask(&self, color: usize, mask: u64) -> u32 {
        self.color[color]
            .iter()
            .filter(|&s| has_type(mask, self.type_on(s)))
            .count() as u32
    }

    /// Adds the layers' extra moves to the pseudo-legal list and drops what they forbid.
    pub(super) fn layer_pseudo(&self, out: &mut Vec<FMove>) {
        let l = &self.v.layers;
        let us = self.turn;
        if let Some(start) = l.warp
            && self.ply() >= start
        {
            for sq in self.color[us].iter() {
                let t = self.type_on(sq);
                if !self.v.kinds[t].def.flags.royal {
                    out.push(FMove::pickup(sq, t));
                }
            }
        }
        if l.powers.iter().any(|r| r.suicide) {
            self.push_suicides(out);
        }
        if l.null_moves {
            // `null`: a piece whose line comes back round to its own square.
            for sq in self.color[us].iter() {
                let t = self.type_on(sq);
                let k = &self.v.kinds[t];
                let occ = (self.occupied() | k.block[us]) & !Bits256::single(sq);
                if self
                    .targets(&k.moves[us], us, sq, occ, k.prison[us])
                    .has(sq)
                {
                    out.push(FMove::quiet(sq, sq, t));
                }
            }
        }
        if l.wrong_rook {
            self.push_wrong_rook(out);
        }
        if !l.swaps.is_empty() {
            self.push_swaps(out);
        }
        if !l.friendly_captures.is_empty() {
            self.push_friendly_captures(out);
        }
        if !l.conversion_moves.is_empty() {
            self.push_conversions(out);
        }
        if !l.locusts.is_empty() {
            self.push_locusts(out);
        }
        if l.swapping {
            self.push_first_rank_double_steps(out);
        }
        if l.pincher.is_some() {
            self.push_pinches(out);
        }
        if l.anti_royal != 0 {
            self.push_anti_royal_captures(out);
        }
        if !self.layer.turns.open_ep.0.is_empty() {
            self.push_open_en_passant(out);
        }
        if l.turns.is_some() {
            self.push_turn_pushes(out);
        }
        if let Some(h) = &l.holding
            && h.either
        {
            let n = out.len();
            for i in 0..n {
                let m = out[i];
                if m.kind == MoveKind::Drop
                    && m.promo.is_none()
                    && let Some(Some(p)) = h.promoted.get(m.piece as usize)
                {
                    out.push(FMove {
                        promo: Some(*p),
                        ..m
                    });
                }
            }
        }
        if let Some(rule) = &l.promotion_in_place {
            self.push_in_place_promotions(rule, out);
        }
        if l.promotion_castle != 0 {
            self.push_forward_castles(l.promotion_castle, out);
        }
        if l.immediate_drops != 0 {
            self.push_immediate_drops(l.immediate_drops, out);
        }
        if !l.announcements.is_empty() {
            self.push_announced(out);
        }
        if !l.forced_drops.is_empty() {
            self.push_forced_drops(out);
        }
        if l.prefix.as_ref().is_some_and(|p| p.unmount.is_some()) {
            self.push_unmounts(out);
        }
        out.retain(|m| self.layer_allows(m));
        self.push_musketeer_gates(out);
    }

    /// Whether the layers' per-move restrictions allow a pseudo-legal move.
    pub fn layer_allows(&self, m: &FMove) -> bool {
        let l = &self.v.layers;
        let us = self.turn;
        let t = m.piece as usize;
        let (from, to) = (m.from as usize, m.to as usize);
        let on_board = matches!(m.kind, MoveKind::Normal | MoveKind::Castle(..));
        if l.benedict && m.capture.is_some() {
            return false;
        }
        if let Some(sq) = self.layer.promotion_continuing
            && !self.continuation_allows(sq, m)
        {
            return false;
        }
        if l.swapping && self.swap_undoes_last_sequence(m) {
            return false;
        }
        if let Some(rules) = &l.turns
            && !self.turn_allows(rules, m)
        {
            return false;
        }
        if let Some((mask, n)) = l.consecutive
            && has_type(mask, t)
            && u32::from(self.layer.consecutive[us]) >= n
        {
            return false;
        }
        if on_board && from != to && !direction_allowed(l, us, from, to) {
            return false;
        }
        if on_board && self.frozen(m) {
            return false;
        }
        if l.anti_royal != 0 && self.anti_royal_forbids(m) {
            return false;
        }
        if !l.powers.is_empty() && self.power_forbids(m) {
            return false;
        }
        if let (Some(with), MoveKind::Castle(pf, _)) = (l.royal.castle_with, m.kind)
            && !self
                .piece(pf as usize)
                .is_some_and(|(_, pt)| has_type(with, pt))
        {
            return false;
        }
        if let Some(c) = m.capture
            && let Some((_, victim)) = self.piece(c as usize)
        {
            // `pieces=transparent`: "This piece cannot be captured".
            if has_type(l.transparent, victim) {
                return false;
            }
            for (victims, by) in &l.taboo {
                if has_type(*victims, victim) && by.is_none_or(|by| has_type(by, t)) {
                    return false;
                }
            }
        }
        if m.capture.is_none() && m.kind != MoveKind::Pickup {
            for z in &l.capture_only {
                if z.zone[us].has(to) && has_type(z.pieces, t) {
                    return false;
                }
            }
        }
        if self.over_total(m) {
            return false;
        }
        if let (Some(ps), Some(promo)) = (&l.promotion_setup, m.promo)
            && m.kind != MoveKind::Drop
        {
            let allowed = match ps.by_file[us][to % 16] {
                Some(t) => t == promo,
                None => has_type(ps.fallback, usize::from(promo)),
            };
            if !allowed {
                return false;
            }
        }
        if m.kind == MoveKind::Drop {
            for d in &l.drops {
                if has_type(d.pieces, t) && d.captured.is_some() && self.layer.credits[us] == 0 {
                    return false;
                }
            }
        }
        if m.kind == MoveKind::Pickup
            && m.promo.is_none()
            && self.color[us].has(m.from.into())
            && l.warp.is_none_or(|s| self.ply() < s)
            && !self.suicide_pieces(us).has(m.from.into())
        {
            return false;
        }
        true
    }

    /// `immovable`: the moving piece (or its castling partner) is of a type that may not move
    /// yet.
    #[inline]
    fn frozen(&self, m: &FMove) -> bool {
        let t = m.piece as usize;
        let ply = self.ply();
        for (mask, n) in &self.v.layers.immovable {
            let frozen = n.is_none_or(|n| ply < n);
            let partner = match m.kind {
                MoveKind::Castle(pf, _) => self.piece(pf as usize).map(|(_, pt)| pt),
                _ => None,
            };
            if frozen && (has_type(*mask, t) || partner.is_some_and(|pt| has_type(*mask, pt))) {
                return true;
            }
        }
        false
    }

    /// `totals`: a drop or promotion would give the mover more pieces of a limited group
    /// than allowed (a promotion from the group itself adds none).
    #[inline]
    fn over_total(&self, m: &FMove) -> bool {
        let t = m.piece as usize;
        let added = match m.kind {
            MoveKind::Drop => Some(m.promo.unwrap_or(m.piece) as usize),
            _ => m.promo.map(usize::from),
        };
        let Some(a) = added else {
            return false;
        };
        self.v.layers.totals.iter().any(|(mask, n)| {
            let replaced = m.kind != MoveKind::Drop && has_type(*mask, t);
            has_type(*mask, a) && !replaced && self.count_mask(self.turn, *mask) + 1 > *n
        })
    }

    /// Whether `color` is in check under the layers: `alice` looks at each royal's own board;
    /// under `atomic` royals side by side are never in check; under `royal=evasefacing`
    /// royals facing on an open file are (`layer_facing`).
    pub fn layer_in_check(&self, color: usize) -> bool {
        self.facing_check(color) || self.layer_in_check_by_pieces(color)
    }

    /// [`FairyPos::layer_in_check`] without `evasefacing`'s facing: a royal attacked.
    pub(super) fn layer_in_check_by_pieces(&self, color: usize) -> bool {
        let l = &self.v.layers;
        if l.anti_royal != 0 && self.anti_royal_unattacked(color) {
            return true;
        }
        let royals = self.royals(color);
        if royals.none() {
            return false;
        }
        if l.atomic.is_some() {
            let theirs = self.royals(1 - color);
            for s in royals.iter() {
                for (dx, dy) in DIRS {
                    if self.offset(s, dx, dy).is_some_and(|n| theirs.has(n)) {
                        return false;
                    }
                }
            }
        }
        if let Some(a) = &l.alice_boards {
            return self.alice_boards_in_check(a, color);
        }
        if l.alice {
            let occ = self.occupied();
            let hit = |s: usize| {
                let board = self.alice_board_of(s);
                self.attacked_with(s, 1 - color, occ & board, self.color[1 - color] & board)
            };
            let rules = &self.v.def.rules;
            return if royals.len() == 1 || rules.check_any_king {
                royals.iter().any(hit)
            } else if rules.duplecheck {
                royals.iter().all(hit)
            } else {
                false
            };
        }
        if l.impartial != 0 || l.anti_royal != 0 || !l.powers.is_empty() || l.transparent != 0 {
            // `pieces=impartial`: these pieces never give check; an anti-royal piece
            // captures no enemy piece, so it checks no enemy royal either; frozen pieces
            // give no check and protected royals are not checked (`layer_powers`);
            // transparent pieces neither check nor block (`pieces=transparent`).
            let them = 1 - color;
            let seen = !self.transparent_squares();
            let mut attackers = self.power_attackers(them) & seen;
            let royals = royals & !self.protected_pieces(color);
            if l.anti_royal != 0 {
                attackers &= !self.anti_royal_squares(them);
            }
            for s in self.color[them].iter() {
                if has_type(l.impartial, self.type_on(s)) {
                    attackers.clear(s);
                }
            }
            return self.royals_checked(royals, them, self.occupied() & seen, attackers);
        }
        self.in_check(color)
    }

    /// Legality under the layers: the move is made on a copy (with its after-effects) and
    /// the result judged.
    pub(super) fn layer_is_legal(&self, m: &FMove) -> bool {
        self.layer_legal_with(m, true)
    }

    /// [`FairyPos::layer_is_legal`], with `stalemate=invalid` judged only when
    /// `stalemate_rule` (the opponent's answers are judged without it: a stalemate is the
    /// lack of a move, whatever that move would leave).
    fn layer_legal_with(&self, m: &FMove, stalemate_rule: bool) -> bool {
        if !self.layer_allows(m) {
            return false;
        }
        let l = &self.v.layers;
        let us = self.turn;
        let them = 1 - us;
        let mut p = self.clone();
        p.make(m);
        // `monster`: white's first move of a turn is judged after its second.
        if l.monster && p.turn == us {
            return p.pseudo_moves().iter().any(|m2| p.layer_is_legal(m2));
        }
        if let Some(rules) = &l.turns
            && self.turn_forbids(rules, m, &p)
        {
            return false;
        }
        let had = !self.royals(us).none();
        if had && p.royals(us).none() {
            return false;
        }
        let wins = !self.royals(them).none() && p.royals(them).none();
        if !wins
            && !l.royal.expose
            && p.mover_left_in_check(self, us)
            && !l
                .turns
                .as_ref()
                .is_some_and(|rules| self.turn_lets_check_stand(rules, m, &p))
        {
            return false;
        }
        if l.royal.no_check && p.layer_in_check(them) {
            return false;
        }
        if l.stop_if_checking && self.passes_checking_square(m) {
            return false;
        }
        if let Some(rule) = &l.difficult_trading
            && self.trading_forbids(m, &p, rule)
        {
            return false;
        }
        if self.v.def.rules.taboo && !l.royal.evade_facing && p.kings_face() {
            return false;
        }
        if m.kind == MoveKind::Drop {
            let f = self.v.kinds[m.piece as usize].def.flags;
            if f.drop_no_check || f.drop_no_mate {
                let check = p.layer_in_check(them);
                if check && f.drop_no_check {
                    return false;
                }
                if check && f.drop_no_mate && p.legal_moves().is_empty() {
                    return false;
                }
            }
            let t = m.piece as usize;
            if l.drops
                .iter()
                .any(|d| d.with_attack && has_type(d.pieces, t))
            {
                let placed = p.type_on(m.to as usize);
                let k = &self.v.kinds[placed];
                let hits = p.targets(
                    &k.captures[us],
                    us,
                    m.to as usize,
                    p.occupied() | k.block[us],
                    k.prison[us],
                ) & p.color[them];
                if hits.none() {
                    return false;
                }
            }
        }
        if let Some((mask, check, _never)) = l.history.nonrepeating
            && (m.kind == MoveKind::Drop || has_type(mask, m.piece as usize))
            && !(check && self.layer_in_check(us))
        {
            let key = p.layer_key();
            if p.history.contains(&key) {
                return false;
            }
        }
        if self.pieces_forbid(m, &p) {
            return false;
        }
        if l.royal.no_perpetual_check && p.completes_perpetual_check() {
            return false;
        }
        if stalemate_rule && l.no_stalemate && p.stalemated() {
            return false;
        }
        true
    }

    /// Whether the side to move is stalemated: not in check, the game not ended by a layer,
    /// and no legal move (under `royal=untilcaptured`, no pseudo-legal one).
    fn stalemated(&self) -> bool {
        if self.layer_in_check(self.turn) || self.layer_end().is_some() {
            return false;
        }
        let pseudo = self.pseudo_moves();
        if self.v.layers.royal.until_captured {
            return pseudo.is_empty();
        }
        !pseudo.iter().any(|m| self.layer_legal_with(m, false))
    }

    /// The rules that restrict the whole list of legal moves.
    pub(super) fn layer_filter(&self, moves: &mut Vec<FMove>) {
        let l = &self.v.layers;
        let us = self.turn;
        if self.layer_end().is_some() {
            moves.clear();
            return;
        }
        // `hill=balance`: black may only answer white's arrival by arriving too.
        if let Some(h) = self.hill_pending() {
            let hill = &l.hills[h];
            moves.retain(|m| {
                m.kind == MoveKind::Normal
                    && has_type(hill.pieces, m.promo.unwrap_or(m.piece) as usize)
                    && hill.zone[us].has(m.to as usize)
            });
            return;
        }
        if l.royal.must_evade && self.layer_in_check(us) {
            moves.retain(|m| self.v.kinds[m.piece as usize].def.flags.royal);
        }
        if let Some(mc) = &l.must_capture {
            let by_set = |m: &FMove| m.capture.is_some() && has_type(mc.pieces, m.piece as usize);
            if mc.compulsory {
                let pseudo = self.pseudo_moves();
                if pseudo.iter().any(by_set) {
                    moves.retain(by_set);
                }
            } else if moves.iter().any(by_set) {
                moves.retain(by_set);
            }
            if (mc.most.is_some() || mc.multiple) && !moves.is_empty() {
                let score: Vec<i64> = moves.iter().map(|m| self.capture_score(m, mc)).collect();
                let best = score.iter().copied().max().unwrap_or(0);
                let keep = if mc.most.is_some() {
                    best
                } else if best >= 2 {
                    2
                } else {
                    i64::MIN
                };
                let mut i = 0;
                moves.retain(|_| {
                    let ok = score[i] >= keep;
                    i += 1;
                    ok
                });
            }
        }
        if let Some(rule) = &l.promotion_in_place {
            self.in_place_compulsory(rule, moves);
        }
        if moves.is_empty() && l.royal.until_captured {
            *moves = self.pseudo_moves();
        }
        if moves.is_empty() && l.royal.suicide {
            *moves = self.royal_suicide_moves();
        }
    }

    /// What a capture takes: the number of enemy pieces it removes (explosions included), or
    /// their values under `most{...}`.
    fn capture_score(&self, m: &FMove, mc: &super::layers::MustCapture) -> i64 {
        if m.capture.is_none() {
            return 0;
        }
        let them = 1 - self.turn;
        let mut p = self.clone();
        p.make(m);
        let gone = self.color[them] & !p.color[them];
        match &mc.most {
            Some(values) if !values.is_empty() => gone
                .iter()
                .map(|s| values.get(self.type_on(s)).copied().unwrap_or(1))
                .sum(),
            _ => gone.len() as i64,
        }
    }

    /// A key of the position (board, hands, side to move) for the history rules.
    pub fn layer_key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |b: u64| {
            h ^= b;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for sq in self.occupied().iter() {
            mix((sq as u64) << 8 | self.board[sq] as u64);
        }
        for c in 0..2 {
            for (t, &n) in self.hand[c].iter().enumerate() {
                if n > 0 {
                    mix(0x10000 | (c as u64) << 12 | (t as u64) << 6 | n as u64);
                }
            }
        }
        mix(0x20000 | self.turn as u64);
        if self.v.layers.musketeer.is_some() {
            let g = self.layer.gates;
            mix(0x30000 | u64::from(g.files[0][0]) << 8 | u64::from(g.files[0][1]));
            mix(0x40000 | u64::from(g.files[1][0]) << 8 | u64::from(g.files[1][1]));
        }
        if let Some((rule, step)) = self.layer.forced_drop {
            mix(0x50000 | u64::from(rule) << 8 | u64::from(step));
        }
        // `loss=perpetualcheck`, `royal=noperpetualcheck`: bit 0 says whether the side to
        // move is in check (a function of the position, so equal positions keep equal keys).
        let l = &self.v.layers;
        if l.history.perpetual_check.is_some() || l.royal.no_perpetual_check {
            h = h & !1 | u64::from(self.layer_in_check(self.turn));
        }
        h
    }
}

/// `diagonals` and `directions`: whether a board move of `us` from `from` to `to` (two
/// different squares) keeps to the squares' shade and the directions allowed there.
#[inline]
fn direction_allowed(l: &Layers, us: usize, from: usize, to: usize) -> bool {
    let (dx, dy) = (
        (to % 16) as i32 - (from % 16) as i32,
        (to / 16) as i32 - (from / 16) as i32,
    );
    if let Some(shade) = l.diagonals
        && dx != 0
        && dx.abs() == dy.abs()
        && ((from % 16 + from / 16) % 2) as u8 != shade
    {
        return false;
    }
    if let Some(table) = &l.directions {
        let allowed = table[us][from];
        if allowed != 0xFF {
            let line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
            let d = DIRS
                .iter()
                .position(|&v| v == (dx.signum(), dy.signum()))
                .filter(|_| line);
            if d.is_none_or(|d| allowed >> d & 1 == 0) {
                return false;
            }
        }
    }
    true
}
