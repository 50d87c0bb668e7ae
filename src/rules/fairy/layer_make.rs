//! A move's after-effects under rule layers: `atomic` explosions (and MBN's `X`:
//! `fairy::explosion_move`), `andernach`, `conversion` and
//! `benedict` colour changes, `magnetic` pushes and pulls, `zone=river` drowning, holdings (`holding`
//! and its attributes, `warp`), drop credits, the board a piece stands on (`alice`), checks
//! given (`royal=maxchecks`), castling rights kept in `royal=virginzone`, quiet plies (`win=mostpoints`), neutral pieces, `cheshire`'s removed squares, and
//! `monster`'s double turn (`turn` and `progressive`'s turns: `fairy::layer_turns`).

use super::bits::Bits256;
use super::layers::{DIRS, DropRule, Holding, Layers, ZoneRule, has_type};
use super::position::{FMove, FairyPos, MoveKind};
use super::tables::Variant;

/// What the after-effects need to know of the position before the move.
#[derive(Copy, Clone, Debug)]
pub struct LayerPre {
    /// The mover.
    us: usize,
    /// The captured piece: colour, type, promoted, square.
    captured: Option<(usize, usize, bool, usize)>,
    /// The position's key (for the history rules).
    key: u64,
    /// `royal=virginzone`: an unmoved royal moving within the zone stays unmoved.
    virgin: bool,
    /// `pieces=overall`: each side's pieces of the set on the board before the move.
    overall: [u32; 2],
    /// `turn=alter`: the board's key before the move when it starts a turn (else 0).
    turn_start: u64,
    /// `drop=immediate`: the mover's pieces in hand of the type the move places, before it.
    immediate_held: u8,
    /// `swapping`: the board's key before a swap (else 0).
    swap_start: u64,
    /// Drop rules: the forced drop due before the move, and the mover's pieces in hand of
    /// its type (`fairy::layer_forced_drops`).
    forced_drop: Option<(super::layer_forced_drops::DueDrop, u8)>,
}

impl FairyPos {
    /// Notes what the after-effects need, before the move is made.
    pub(super) fn layer_before(&self, m: &FMove) -> LayerPre {
        let captured = m.capture.and_then(|c| {
            let c = c as usize;
            self.piece(c)
                .map(|(col, t)| (col, t, self.promoted.has(c), c))
        });
        let (from, to) = (m.from as usize, m.to as usize);
        let virgin = self.v.layers.royal.virgin_zone.is_some_and(|z| {
            m.kind == MoveKind::Normal
                && self.v.kinds[m.piece as usize].def.flags.royal
                && self.unmoved.has(from)
                && z[self.turn].has(from)
                && z[self.turn].has(to)
        });
        let overall = match self.v.layers.limits.overall {
            Some((mask, _)) => [self.count_mask(0, mask), self.count_mask(1, mask)],
            None => [0; 2],
        };
        LayerPre {
            forced_drop: if self.v.layers.forced_drops.is_empty() {
                None
            } else {
                self.forced_drop_due()
                    .map(|d| (d, self.hand[self.turn][usize::from(d.piece) % 32]))
            },
            immediate_held: match m.gate {
                Some((t, _)) if self.v.layers.immediate_drops != 0 => {
                    self.hand[self.turn][usize::from(t) % 32]
                }
                _ => 0,
            },
            overall,
            us: self.turn,
            captured,
            virgin,
            swap_start: if self.v.layers.swapping && matches!(m.kind, MoveKind::Swap(_)) {
                self.board_key()
            } else {
                0
            },
            turn_start: if self.v.layers.turns.is_some() && self.layer.turns.made == 0 {
                self.board_key()
            } else {
                0
            },
            key: if self.v.layers.needs_history() {
                self.layer_key()
            } else {
                0
            },
        }
    }

    /// Removes a piece and everything kept about its square.
    pub(super) fn drop_piece_at(&mut self, sq: usize) {
        self.remove(sq);
        self.unmoved.clear(sq);
        self.promoted.clear(sq);
        self.layer.alice.clear(sq);
        self.layer.passed.clear(sq);
    }

    /// Moves a piece from `a` to an empty `b`, with what is kept about it.
    fn shift_piece(&mut self, a: usize, b: usize) {
        let Some((c, t)) = self.piece(a) else {
            return;
        };
        let promoted = self.promoted.has(a);
        let passed = self.layer.passed.has(a);
        self.drop_piece_at(a);
        self.put(b, c, t);
        if promoted {
            self.promoted.set(b);
        }
        if passed {
            self.layer.passed.set(b);
        }
    }

    /// Gives the piece on `sq` to `color`.
    fn recolor(&mut self, sq: usize, color: usize) {
        if let Some((_, t)) = self.piece(sq) {
            self.remove(sq);
            self.put(sq, color, t);
        }
    }

    /// Applies the layers' after-effects of a move just made by `make_plain`.
    pub(super) fn layer_after(&mut self, m: &FMove, pre: LayerPre) {
        let v = self.v.clone();
        let l = &v.layers;
        let us = pre.us;
        let them = 1 - us;
        let to = m.to as usize;
        if l.needs_history() {
            self.history.push(pre.key);
        }
        if l.difficult_trading.is_some() {
            let taken: Vec<usize> = pre.captured.map(|(_, t, _, _)| t).into_iter().collect();
            self.note_trade(m, &taken);
        }
        if l.most_points.is_some() {
            self.layer.quiet = if m.capture.is_some() || m.promo.is_some() {
                0
            } else {
                self.layer.quiet.saturating_add(1)
            };
        }
        if let Some((due, held)) = pre.forced_drop {
            self.forced_drop_after(m, us, due, held);
        }
        if pre.virgin && self.color[us].has(to) {
            self.unmoved.set(to);
        }
        self.track_boards(l, m, us);
        if l.promotion_castle != 0 {
            self.note_castle_promotion(l.promotion_castle, m, us);
        }
        if l.musketeer.is_some() {
            self.musketeer_after(m);
        }
        if l.swapping {
            self.layer.ko = pre.swap_start;
        }
        if l.pincher.is_some() {
            self.pinch_after(m, us);
        }
        if let Some(rule) = l
            .promotion_rule
            .as_deref()
            .filter(|r| r.enter_suspend || r.suspend)
        {
            self.note_promotion_suspension(rule, m, us);
        }
        if let Some(mask) = l.atomic
            && m.capture.is_some()
        {
            self.explode(mask, to);
        }
        if !l.explosions.is_empty() {
            self.explode_after_move(&l.explosions, m);
        }
        if l.andernach
            && m.capture.is_some()
            && let Some((c, t)) = self.piece(to)
            && c == us
            && !v.kinds[t].def.flags.royal
        {
            self.recolor(to, them);
        }
        for c in &l.conversions {
            self.convert_moved(c, m, &pre);
        }
        let landed: Vec<usize> = match m.kind {
            MoveKind::Normal | MoveKind::Drop | MoveKind::Double(_) => vec![to],
            MoveKind::Castle(_, pt) => vec![to, pt as usize],
            MoveKind::Swap(_) => vec![to, m.from as usize],
            MoveKind::Pickup | MoveKind::Convert => Vec::new(),
        };
        if !l.powers.is_empty() {
            for s in self.burnt_squares(us, &landed) {
                self.drop_piece_at(s);
            }
        }
        if l.benedict {
            self.benedict(&v, &landed);
        }
        if l.magnetic {
            let src = match m.kind {
                MoveKind::Castle(_, pt) => Some(pt as usize),
                MoveKind::Normal | MoveKind::Drop | MoveKind::Double(_) | MoveKind::Swap(_) => {
                    Some(to)
                }
                MoveKind::Pickup | MoveKind::Convert => None,
            };
            if let Some(src) = src {
                self.magnetize(src);
            }
        }
        for z in &l.river {
            self.drown(z, m, us, &landed);
        }
        match &l.holding {
            Some(h) => self.hold_captured(h, m, &pre),
            None => {
                // A warped piece leaves the game when there is no holding.
                if m.kind == MoveKind::Pickup && m.promo.is_none() {
                    let t = m.piece as usize;
                    self.hand[us][t] = self.hand[us][t].saturating_sub(1);
                }
            }
        }
        if l.immediate_drops != 0 {
            self.settle_immediate_drop(m, us, pre.immediate_held);
        }
        for d in &l.drops {
            self.count_drop_credits(d, m, &pre);
        }
        if let Some((mask, _)) = l.consecutive {
            let run = &mut self.layer.consecutive[us];
            *run = if has_type(mask, m.piece as usize) {
                run.saturating_add(1)
            } else {
                0
            };
        }
        if let Some((mask, _)) = l.limits.overall {
            self.count_gone(mask, m, &pre);
        }
        if let Some(x) = l.cheshire {
            self.remove_left_square(m, us, x as usize);
        }
        if l.prefix.is_some() {
            self.mount_after_move(m, us, pre.captured.map(|c| c.1));
            self.fill_origin(m, us, pre.captured.map(|c| c.1));
            self.promote_castling(m, us);
        }
        if l.neutral | l.impartial != 0 {
            self.neutral_turn(us);
        }
        self.choose_range_royals();
        self.note_checks();
        if l.royal.max_checks.is_some() && self.layer_in_check(them) {
            self.checks[us] += 1;
        }
        if let Some(rules) = &l.turns {
            self.turns_after(rules, m, us, pre.turn_start);
        }
        if l.promotion_continue {
            self.note_promotion_continues(m, us);
        }
        if l.monster {
            if us == 0 && !self.layer.second {
                self.layer.second = true;
                self.turn = 0;
            } else {
                self.layer.second = false;
            }
        }
    }

    /// `pieces=overall`: adds the pieces of the set each side lost in the move (those on the
    /// board before and added by the move, a promotion to the set or a drop of it, less
    /// those on the board after).
    fn count_gone(&mut self, mask: u64, m: &FMove, pre: &LayerPre) {
        let added_type = match m.kind {
            MoveKind::Drop => Some(m.promo.unwrap_or(m.piece)),
            _ => m.promo.filter(|_| !has_type(mask, m.piece as usize)),
        };
        let added = u32::from(added_type.is_some_and(|t| has_type(mask, t as usize)));
        for c in 0..2 {
            let before = pre.overall[c] + if c == pre.us { added } else { 0 };
            let lost = before.saturating_sub(self.count_mask(c, mask));
            self.layer.gone[c] = self.layer.gone[c].saturating_add(lost.min(255) as u8);
        }
    }

    /// Keeps which board a piece stands on (`alice`) and whether it passed a hill's pass
    /// zone, for the pieces the move `m` of `us` moved, dropped, picked up or captured.
    #[inline]
    fn track_boards(&mut self, l: &Layers, m: &FMove, us: usize) {
        let (from, to) = (m.from as usize, m.to as usize);
        let pass_zone = l.hills.iter().find_map(|h| h.pass).map(|z| z[us]);
        let track = |state: &mut Bits256, from: usize, to: usize, flip: bool, add: bool| {
            let was = state.has(from);
            state.clear(from);
            if was != flip || add {
                state.set(to);
            } else {
                state.clear(to);
            }
        };
        match m.kind {
            MoveKind::Normal | MoveKind::Castle(..) | MoveKind::Double(_) => {
                if let Some(c) = m.capture {
                    self.layer.alice.clear(c as usize);
                    self.layer.passed.clear(c as usize);
                }
                if l.alice {
                    track(&mut self.layer.alice, from, to, true, false);
                }
                if let Some(z) = pass_zone {
                    track(&mut self.layer.passed, from, to, false, z.has(to));
                }
                if let MoveKind::Castle(pf, pt) = m.kind {
                    if l.alice {
                        track(&mut self.layer.alice, pf as usize, pt as usize, true, false);
                    }
                    if let Some(z) = pass_zone {
                        let add = z.has(pt as usize);
                        track(&mut self.layer.passed, pf as usize, pt as usize, false, add);
                    }
                }
            }
            MoveKind::Drop => {
                self.layer.alice.clear(to);
                self.layer.passed.clear(to);
                if pass_zone.is_some_and(|z| z.has(to)) {
                    self.layer.passed.set(to);
                }
            }
            // A converted piece is another side's: it has passed no pass zone for it.
            MoveKind::Convert => self.layer.passed.clear(to),
            MoveKind::Pickup if m.promo.is_some() => {}
            MoveKind::Pickup => {
                self.layer.alice.clear(from);
                self.layer.passed.clear(from);
            }
            MoveKind::Swap(_) => {
                // Both pieces change squares: their marks go with them (the mover's pass
                // zone marks the mover, and a friendly partner, on arriving).
                for state in [&mut self.layer.alice, &mut self.layer.passed] {
                    let (a, b) = (state.has(from), state.has(to));
                    for (sq, on) in [(to, a), (from, b)] {
                        if on {
                            state.set(sq);
                        } else {
                            state.clear(sq);
                        }
                    }
                }
                if let Some(z) = pass_zone {
                    if z.has(to) {
                        self.layer.passed.set(to);
                    }
                    if z.has(from) && self.color[us].has(from) {
                        self.layer.passed.set(from);
                    }
                }
            }
        }
    }

    /// `atomic`: the capturer on `to` explodes with the captured piece and the neighbours
    /// whose types are in `mask`.
    fn explode(&mut self, mask: u64, to: usize) {
        self.drop_piece_at(to);
        for (dx, dy) in DIRS {
            if let Some(n) = self.offset(to, dx, dy)
                && let Some((_, t)) = self.piece(n)
                && has_type(mask, t)
            {
                self.drop_piece_at(n);
            }
        }
    }

    /// `benedict`: the pieces the landed pieces attack change to their colour.
    fn benedict(&mut self, v: &Variant, landed: &[usize]) {
        for &sq in landed {
            if let Some((c, t)) = self.piece(sq) {
                let k = &v.kinds[t];
                let occ = self.occupied() | k.block[c];
                let hit = self.targets(&k.captures[c], c, sq, occ, k.prison[c]) & self.color[1 - c];
                for s in hit.iter() {
                    self.recolor(s, c);
                }
            }
        }
    }

    /// `zone=river`: the mover's pieces of the zone's types standing in it drown, except those
    /// that just came in.
    fn drown(&mut self, z: &ZoneRule, m: &FMove, us: usize, landed: &[usize]) {
        let from = m.from as usize;
        let mut drowned = self.color[us] & z.zone[us];
        for &sq in landed {
            let came_in = match m.kind {
                MoveKind::Drop => true,
                MoveKind::Castle(pf, pt) if sq == pt as usize => !z.zone[us].has(pf as usize),
                _ => !z.zone[us].has(from),
            };
            if came_in {
                drowned.clear(sq);
            }
        }
        for s in drowned.iter() {
            if has_type(z.pieces, self.type_on(s)) {
                self.drop_piece_at(s);
            }
        }
    }

    /// `holding`: the captured piece goes to a hand (demoted or promoted, to the capturer,
    /// its owner, or the shared hand as the attributes say); a drop from the shared hand
    /// empties it.
    fn hold_captured(&mut self, h: &Holding, m: &FMove, pre: &LayerPre) {
        let us = pre.us;
        if let Some((c, t, promoted, sq)) = pre.captured
            && !h.pocket
            && has_type(h.pieces, t)
            && h.zone.has(sq)
        {
            let mut ty = t;
            if h.demote && promoted {
                ty = h.demoted[t] as usize;
            } else if h.demote
                && let Some(Some(d)) = h.demote_rules.get(t)
            {
                ty = *d as usize;
            }
            if h.promote
                && let Some(Some(p)) = h.promoted.get(t)
            {
                ty = *p as usize;
            }
            let owner = if h.share {
                0
            } else if h.notflip {
                c
            } else {
                us
            };
            self.hand[owner][ty] = self.hand[owner][ty].saturating_add(1);
        }
        if h.share && us == 1 && m.kind == MoveKind::Drop {
            let t = m.piece as usize;
            self.hand[0][t] = self.hand[0][t].saturating_sub(1);
        }
    }

    /// Drop credits: a capture of the rule's types earns its victim's side one, a drop of
    /// them spends one of the mover's.
    fn count_drop_credits(&mut self, d: &DropRule, m: &FMove, pre: &LayerPre) {
        if let Some(mask) = d.captured {
            if let Some((c, t, _, _)) = pre.captured
                && has_type(mask, t)
            {
                self.layer.credits[c] = self.layer.credits[c].saturating_add(1);
            }
            if m.kind == MoveKind::Drop && has_type(d.pieces, m.piece as usize) {
                self.layer.credits[pre.us] = self.layer.credits[pre.us].saturating_sub(1);
            }
        }
    }

    /// `conversion` (`*Q=ccO`): the moved piece (on the destination, after any promotion)
    /// changes colour when the rule's moves include this one.
    fn convert_moved(&mut self, c: &super::layers::Conversion, m: &FMove, pre: &LayerPre) {
        if !matches!(m.kind, MoveKind::Normal | MoveKind::Double(_)) {
            return;
        }
        let applies = match pre.captured {
            Some((_, victim, _, _)) => {
                c.on_capture && c.captured.is_none_or(|s| has_type(s, victim))
            }
            None => c.on_move,
        };
        let to = m.to as usize;
        if applies
            && let Some((color, t)) = self.piece(to)
            && color == pre.us
            && has_type(c.pieces, t)
        {
            self.recolor(to, 1 - color);
        }
    }

    /// `cheshire{X}`: the square a board move leaves is removed (an `X` put there), unless
    /// an after-effect has filled it ("If the origin square is occupied ... then a setup is
    /// not possible").
    fn remove_left_square(&mut self, m: &FMove, us: usize, x: usize) {
        let from = m.from as usize;
        if matches!(m.kind, MoveKind::Normal | MoveKind::Double(_))
            && from != m.to as usize
            && self.piece(from).is_none()
        {
            self.put(from, us, x);
        }
    }

    /// `pieces=neutral` and `impartial`: before the next side moves, the neutral pieces are
    /// the mover's; the impartial ones and the neutral ones not giving check then change to
    /// the side to move.
    fn neutral_turn(&mut self, mover: usize) {
        let impartial = self.v.layers.impartial;
        let mask = self.v.layers.neutral | impartial;
        let next = 1 - mover;
        let neutral: Vec<usize> = self
            .occupied()
            .iter()
            .filter(|&s| has_type(mask, self.type_on(s)))
            .collect();
        for &s in &neutral {
            self.recolor(s, mover);
        }
        let royals = self.royals(next);
        for &s in &neutral {
            // Impartial and transparent pieces give no check.
            let silent = impartial | self.v.layers.transparent;
            let checking = !has_type(silent, self.type_on(s))
                && royals
                    .iter()
                    .any(|r| self.attacked_with(r, mover, self.occupied(), Bits256::single(s)));
            if !checking {
                self.recolor(s, next);
            }
        }
    }

    /// `magnetic`: the nearest piece along each rank and file from `src` is pushed away (same
    /// colour) or pulled next to it (other colour); royal pieces neither act nor move, and
    /// block the field.
    fn magnetize(&mut self, src: usize) {
        let Some((color, t)) = self.piece(src) else {
            return;
        };
        if self.v.kinds[t].def.flags.royal {
            return;
        }
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let mut cur = src;
            let mut hit = None;
            for _ in 0..16 {
                match self.offset(cur, dx, dy) {
                    Some(n) if n == src => break,
                    Some(n) if self.board[n] != 0 => {
                        hit = Some(n);
                        break;
                    }
                    Some(n) => cur = n,
                    None => break,
                }
            }
            let Some(n) = hit else { continue };
            let Some((c, nt)) = self.piece(n) else {
                continue;
            };
            if self.v.kinds[nt].def.flags.royal {
                continue;
            }
            if c == color {
                let mut last = n;
                for _ in 0..16 {
                    match self.offset(last, dx, dy) {
                        Some(x) if self.board[x] == 0 && x != src => last = x,
                        _ => break,
                    }
                }
                if last != n {
                    self.shift_piece(n, last);
                }
            } else if let Some(next) = self.offset(src, dx, dy)
                && next != n
            {
                self.shift_piece(n, next);
            }
        }
    }
}
