//! Multi-move turns (FBR `turn`, `progressive`): which part of its turn a side's next move
//! fills, the moves a part allows, and whether the side keeps the move after a move. Each
//! single move is judged as a move of its own (a royal may not be left attacked by it).
//! `monster`'s double move (`Layers::monster`) is not this layer: there a first move is
//! judged after the second.

use super::bits::Bits256;
use super::layers::has_type;
use super::position::{FMove, FairyPos, MoveKind};

/// The most parts a `turn` rule list may have (the sets of filled parts are the bits of a
/// `u64`).
pub const MAX_PARTS: usize = 6;

/// A pushed piece type and its lines (file step, rank step, most steps) per colour of its
/// owner (`TurnPart::pushes`).
pub type PushLines = (u8, [Vec<(i8, i8, u8)>; 2]);

/// One part of a turn: FBR `turn<seq>{set}=attributes`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnPart {
    /// `<N>`: the order among the numbered parts (the lowest first); `None`: any order.
    pub seq: Option<u32>,
    /// The piece types that may make this move.
    pub pieces: u64,
    /// `balance`: skipped in white's first turn of the game (the FEN's move 1).
    pub balance: bool,
    /// `castling`: a castling move ends the turn.
    pub castling: bool,
    /// `compulsory`: when no move is left for this part, the side stays to move without a
    /// legal move: a stalemate.
    pub compulsory: bool,
    /// `again`: skipped unless the turn's previous move was made with a piece of the set.
    pub again: bool,
    /// `enpassant`: en passant captures are allowed in this part (in no other).
    pub en_passant: bool,
    /// `untilcapture`: no capture in this part, and a side that captures loses this part for
    /// the rest of the game.
    pub until_capture: bool,
    /// `alter`: the position after this move (board and hands) differs from the turn's start.
    pub alter: bool,
    /// `check`: this move may leave the mover's royal attacked when a later move of the turn
    /// is left to cover it.
    pub check: bool,
    /// `optional`: the part may be passed over (a later numbered part may come first) and
    /// the turn may end without it (a `--` pass, `layer_turns_more`).
    pub optional: bool,
    /// `achievable`: a turn that ends with this part due and unfilled loses.
    pub achievable: bool,
    /// `dontcross`: the part's move may not visit a square twice (end on its origin).
    pub dontcross: bool,
    /// A piece suffix (`turn#<2>` with `#P=mfW`): the part moves the opponent's pieces of
    /// these types, each along its lines (file step, rank step, most steps; per colour of
    /// the piece's owner) to empty squares only (`fairy::layer_turns_more`).
    pub pushes: Vec<PushLines>,
    /// A piece suffix naming the mover's own pieces (`turn#<2>` with `#N=mW`, no `{!...}`
    /// set): the part moves them by these non-capturing lines only (`layer_turns_push`).
    pub own_moves: Vec<PushLines>,
    /// The same part's capturing lines (`#N=cW`): to the first piece on the line, an enemy.
    pub own_captures: Vec<PushLines>,
    /// `avalanche`: the part's push may leave the mover's royal attacked; a side whose royal
    /// is attacked when the opponent's turn begins loses.
    pub avalanche: bool,
}

/// How a progressive series treats check (FBR `progressive=italian`, `=scotish`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProgressiveStyle {
    /// Check only on a series' last move; a check earlier is illegal.
    Italian,
    /// A check ends the series.
    Scottish,
    /// `moderate`: a series of 1 up to one more move than the opponent's last, each piece
    /// moving at most once; a check ends it, a `--` pass may end it early.
    Moderate,
    /// `english`: a check ends the series; no piece moves twice while another piece that has
    /// not moved in the sequence has a legal move; no en passant.
    English,
}

/// A variant's turn rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnRules {
    /// `turn` rules: the parts of every turn (at most [`MAX_PARTS`]).
    Parts(Vec<TurnPart>),
    /// `progressive`: the game's Nth turn has N moves.
    Progressive(ProgressiveStyle),
}

/// The turn state a position keeps (inside `LayerState`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnState {
    /// Moves made so far in the current turn.
    pub made: u16,
    /// `turn`: bit `s` set when the turn's moves so far can have filled the parts of the
    /// mask `s` (read as `{}` alone while `made` is 0).
    pub filled: u64,
    /// The piece type of the turn's last move (`again`).
    pub last: u8,
    /// `untilcapture`: the parts each side has lost by capturing.
    pub lost: [u8; 2],
    /// `alter`: the key of the board and hands at the turn's start (`FairyPos::board_key`).
    pub start: u64,
    /// `progressive`: the pawns that made a double step in the current series and stand
    /// there still, and the squares they passed.
    pub own_ep: (Bits256, Bits256),
    /// `progressive`: the same of the opponent's last series, capturable en passant on the
    /// first move of this one when there are two or more (one is the position's own `ep`).
    pub open_ep: (Bits256, Bits256),
    /// `progressive=moderate`/`english`: the squares of the pieces moved in the current
    /// series (`english`: sequence).
    pub moved: Bits256,
    /// `progressive=moderate`: the length of the series that ended last (0: none since the
    /// FEN).
    pub prev_len: u16,
}

impl TurnState {
    /// The sets of parts filled so far, as bits of masks.
    fn feasible(&self) -> u64 {
        if self.made == 0 { 1 } else { self.filled }
    }
}

impl FairyPos {
    /// Whether part `i` is passed over now (before the turn's next move): lost to a capture,
    /// `balance` in white's first turn, `again` after a move of a piece outside its set.
    fn part_skipped(&self, parts: &[TurnPart], i: usize) -> bool {
        let p = &parts[i];
        let ts = &self.layer.turns;
        ts.lost[self.turn] >> i & 1 != 0
            || (p.balance && self.turn == 0 && self.fullmove == 1)
            || (p.again && (ts.made == 0 || !has_type(p.pieces, usize::from(ts.last))))
    }

    /// The parts the next move may fill after the parts of `filled`: not filled, not passed
    /// over, and, when numbered, after every numbered part filled and with every earlier
    /// numbered part filled or passed over.
    pub(super) fn candidates(&self, parts: &[TurnPart], filled: u64) -> u64 {
        let mut out = 0;
        for (i, p) in parts.iter().enumerate() {
            if filled >> i & 1 != 0 || self.part_skipped(parts, i) {
                continue;
            }
            if let Some(n) = p.seq {
                let in_order = parts.iter().enumerate().all(|(j, q)| match q.seq {
                    Some(m) if m > n => filled >> j & 1 == 0,
                    Some(m) if m < n => {
                        filled >> j & 1 != 0 || q.optional || self.part_skipped(parts, j)
                    }
                    _ => true,
                });
                if !in_order {
                    continue;
                }
            }
            out |= 1 << i;
        }
        out
    }

    /// The parts the next move may fill after any set of parts filled so far
    /// ([`TurnState::feasible`]): the union of their [`candidates`](Self::candidates).
    pub(super) fn parts_due(&self, parts: &[TurnPart]) -> u64 {
        let feasible = self.layer.turns.feasible();
        (0..(1u64 << parts.len()))
            .filter(|s| feasible >> s & 1 != 0)
            .fold(0, |c, s| c | self.candidates(parts, s))
    }

    /// Whether a move fits part `p`: its piece is of the set, it is no capture under
    /// `untilcapture`, and no en passant capture unless `enpassant`.
    pub(super) fn fits(&self, p: &TurnPart, m: &FMove) -> bool {
        let en_passant = m.kind == MoveKind::Normal && m.capture.is_some_and(|c| c != m.to);
        if p.pushes.is_empty() == self.is_push(m) || !self.fits_own_suffix(p, m) {
            return false;
        }
        has_type(p.pieces, m.piece as usize)
            && !(p.until_capture && m.capture.is_some())
            && (p.en_passant || !en_passant)
            && !(p.dontcross && Self::crosses_twice(m))
    }

    /// The parts a move may fill, per set of parts filled before it: `(filled, part)`.
    pub(super) fn fillings(&self, parts: &[TurnPart], m: &FMove) -> Vec<(u64, usize)> {
        let feasible = self.layer.turns.feasible();
        let mut out = Vec::new();
        for s in 0..(1u64 << parts.len()) {
            if feasible >> s & 1 == 0 {
                continue;
            }
            let c = self.candidates(parts, s);
            for (i, p) in parts.iter().enumerate() {
                if c >> i & 1 != 0 && self.fits(p, m) {
                    out.push((s, i));
                }
            }
        }
        out
    }

    /// Whether the turn rules allow a move now (`turn`: it fills a part and takes no royal
    /// piece; `progressive`: any). The seed does not say what a check given before a turn's
    /// last move leads to: "each move must fit with the rules of chess" is read as the check
    /// standing until the opponent's turn, no move taking the checked royal.
    pub(super) fn turn_allows(&self, rules: &TurnRules, m: &FMove) -> bool {
        match rules {
            TurnRules::Parts(parts) => {
                let takes_royal = m.capture.is_some_and(|c| {
                    self.piece(c as usize)
                        .is_some_and(|(_, t)| self.v.kinds[t].def.flags.royal)
                });
                !takes_royal && !self.fillings(parts, m).is_empty()
            }
            TurnRules::Progressive(style) => self.series_allows(*style, m),
        }
    }

    /// Whether a move of a progressive series that leaves the mover still to move is
    /// illegal: an Italian check before the series' last move.
    /// `turn`: a move that fills only `alter` parts and leaves the board as the turn found it.
    pub(super) fn turn_forbids(&self, rules: &TurnRules, m: &FMove, after: &FairyPos) -> bool {
        let us = self.turn;
        match rules {
            TurnRules::Progressive(style) => {
                *style == ProgressiveStyle::Italian
                    && after.turn == us
                    && after.layer_in_check(1 - us)
            }
            TurnRules::Parts(parts) => {
                parts.iter().any(|p| p.alter)
                    && after.board_key() == self.turn_start_key()
                    && self.fillings(parts, m).iter().all(|&(_, i)| parts[i].alter)
            }
        }
    }

    /// `turn=check`: whether a move that leaves the mover's royal attacked may stand: it
    /// fills a `check` part and the turn goes on with a legal move (each judged the same
    /// way, so the turn's last move covers the royal).
    pub(super) fn turn_lets_check_stand(
        &self,
        rules: &TurnRules,
        m: &FMove,
        after: &FairyPos,
    ) -> bool {
        let TurnRules::Parts(parts) = rules else {
            return false;
        };
        if self.push_may_expose(parts, m) {
            return true;
        }
        after.turn == self.turn
            && self.fillings(parts, m).iter().any(|&(_, i)| parts[i].check)
            && after.any_legal_move()
    }

    /// Whether the side to move has a legal move, stopping at the first one found (a turn's
    /// later parts are asked recursively, so a full list per part would multiply); the
    /// whole-list rules that can empty or refill the list take the full list.
    pub(super) fn any_legal_move(&self) -> bool {
        let l = &self.v.layers;
        let whole_list = l.must_capture.is_some()
            || l.royal.must_evade
            || l.royal.until_captured
            || !l.hills.is_empty()
            || self.v.def.rules.forced_capture
            || self.v.def.rules.force_drops;
        if whole_list || self.layer_end().is_some() {
            return !self.legal_moves().is_empty();
        }
        self.pseudo_moves().iter().any(|m| self.is_legal(m))
    }

    /// The key of the board and hands at the current turn's start.
    fn turn_start_key(&self) -> u64 {
        if self.layer.turns.made == 0 {
            self.board_key()
        } else {
            self.layer.turns.start
        }
    }

    /// A key of the board and hands (not the side to move): `alter`'s "position".
    pub(super) fn board_key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |b: u64| {
            h ^= b;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for sq in self.occupied().iter() {
            mix((sq as u64) << 8 | u64::from(self.board[sq]));
        }
        for c in 0..2 {
            for (t, &n) in self.hand[c].iter().enumerate() {
                mix((c as u64) << 12 | (t as u64) << 6 | u64::from(n));
            }
        }
        h
    }

    /// After a move (made; the engine has passed the move to the other side): keeps the
    /// move with the mover while its turn goes on.
    /// `turn_start`: the board's key before the move when it began the turn.
    pub(super) fn turns_after(&mut self, rules: &TurnRules, m: &FMove, us: usize, turn_start: u64) {
        if self.layer.turns.made == 0 {
            self.layer.turns.start = turn_start;
        }
        let keep = match rules {
            TurnRules::Parts(parts) => self.parts_after(parts, m, us),
            TurnRules::Progressive(style) => self.series_after(*style, m, us),
        };
        let ts = &mut self.layer.turns;
        if keep {
            ts.made += 1;
            self.turn = us;
            if us == 1 {
                // The move number advances per turn, after black's.
                self.fullmove -= 1;
            }
        } else {
            ts.made = 0;
            ts.filled = 0;
        }
    }

    /// `turn`: notes the parts the move filled (and a capture's lost `untilcapture`
    /// parts); whether a part with a legal move is left (or a `compulsory` one without).
    fn parts_after(&mut self, parts: &[TurnPart], m: &FMove, us: usize) -> bool {
        let mut filled = 0u64;
        let mut castling_ends = false;
        let unaltered = self.board_key() == self.layer.turns.start;
        for (s, i) in self.before_fillings(parts, m, us) {
            if parts[i].alter && unaltered {
                continue;
            }
            filled |= 1 << (s | 1 << i);
            castling_ends |= parts[i].castling && matches!(m.kind, MoveKind::Castle(..));
        }
        let ts = &mut self.layer.turns;
        if m.capture.is_some() {
            for (i, p) in parts.iter().enumerate() {
                if p.until_capture {
                    ts.lost[us] |= 1 << i;
                }
            }
        }
        ts.filled = filled;
        ts.last = m.piece;
        if castling_ends || filled == 0 {
            return false;
        }
        // Is a part left with a legal move? Asked with the mover to move.
        let mut next = self.clone();
        next.turn = us;
        next.layer.turns.made += 1;
        let left = (0..(1u64 << parts.len()))
            .filter(|s| filled >> s & 1 != 0)
            .fold(0, |c, s| c | next.candidates(parts, s));
        if left == 0 {
            return false;
        }
        if next
            .ep_victim
            .is_some_and(|v| next.color[us].has(v as usize))
        {
            // The mover's own double step: nothing to take en passant inside its turn.
            next.ep = Bits256::EMPTY;
            next.ep_victim = None;
            self.ep = Bits256::EMPTY;
            self.ep_victim = None;
        }
        if next.any_legal_move() {
            return true;
        }
        // `compulsory` (a stalemate) and `achievable` (a loss: `FairyPos::turn_game_end`)
        // keep the side to move without a legal move.
        parts
            .iter()
            .enumerate()
            .any(|(i, p)| left >> i & 1 != 0 && (p.compulsory || p.achievable))
    }

    /// The fillings of a move judged on the position before it: the made position with the
    /// mover to move again and the state of before the move (still in `self.layer.turns`,
    /// which `turns_after` changes only after this).
    fn before_fillings(&self, parts: &[TurnPart], m: &FMove, us: usize) -> Vec<(u64, usize)> {
        let before = FairyPos {
            turn: us,
            fullmove: if us == 1 {
                self.fullmove - 1
            } else {
                self.fullmove
            },
            ..self.clone()
        };
        before.fillings(parts, m)
    }

    /// `progressive`: the game's Nth turn (N from the FEN's move number: white's turn of
    /// move M is turn 2M-1, black's 2M) has N moves; under the Scottish rules a check ends
    /// it. Notes the series' double steps for the next series' first move.
    fn series_after(&mut self, style: ProgressiveStyle, m: &FMove, us: usize) -> bool {
        let fullmove = if us == 1 {
            self.fullmove - 1
        } else {
            self.fullmove
        };
        let length = self.series_length(style, fullmove, us);
        let made = u32::from(self.layer.turns.made) + 1;
        self.note_moved(style, m, us);
        let ts = &mut self.layer.turns;
        ts.open_ep = (Bits256::EMPTY, Bits256::EMPTY);
        let (mut victims, mut passed) = if made == 1 {
            (Bits256::EMPTY, Bits256::EMPTY)
        } else {
            ts.own_ep
        };
        if victims.has(m.from as usize) {
            victims.clear(m.from as usize);
            passed &= !file_of(m.from as usize);
        }
        if m.sets_ep && self.ep_victim == Some(m.to) {
            victims.set(m.to as usize);
            passed |= self.ep;
        }
        ts.own_ep = (victims, passed);
        let ends = made >= length
            || (style != ProgressiveStyle::Italian && self.layer_in_check(1 - us))
            || (style == ProgressiveStyle::Moderate && !self.series_can_go_on(us));
        if !ends {
            // Inside the series the mover's own double step is no one's to take.
            self.ep = Bits256::EMPTY;
            self.ep_victim = None;
            return true;
        }
        self.end_series(made, victims, passed);
        false
    }

    /// Ends the current progressive series of `made` moves: the next series' first move may
    /// take the double steps `victims` (over `passed`) en passant.
    pub(super) fn end_series(&mut self, made: u32, victims: Bits256, passed: Bits256) {
        let english = matches!(
            self.v.layers.turns,
            Some(TurnRules::Progressive(ProgressiveStyle::English))
        );
        let ts = &mut self.layer.turns;
        ts.moved = Bits256::EMPTY;
        ts.prev_len = u16::try_from(made).unwrap_or(u16::MAX);
        // The next series' first move may take any of them en passant (`english`: none).
        let victims = if english { Bits256::EMPTY } else { victims };
        self.ep = Bits256::EMPTY;
        self.ep_victim = None;
        match victims.len() {
            0 => {}
            1 => {
                self.ep = passed;
                self.ep_victim = victims.iter().next().map(|v| v as u8);
            }
            _ => self.layer.turns.open_ep = (victims, passed),
        }
        self.layer.turns.own_ep = (Bits256::EMPTY, Bits256::EMPTY);
    }

    /// `progressive`: the en passant captures of the opponent's two or more double steps
    /// (each taken as the engine takes the position's one).
    pub(super) fn push_open_en_passant(&self, out: &mut Vec<FMove>) {
        let (victims, passed) = self.layer.turns.open_ep;
        for v in victims.iter() {
            let mut one = self.clone();
            one.layer.turns.open_ep = (Bits256::EMPTY, Bits256::EMPTY);
            one.ep = passed & file_of(v);
            one.ep_victim = Some(v as u8);
            out.extend(
                one.pseudo_moves()
                    .into_iter()
                    .filter(|m| m.capture == Some(v as u8) && m.to as usize != v),
            );
        }
    }
}

/// The squares of a square's file.
fn file_of(sq: usize) -> Bits256 {
    let mut b = Bits256::EMPTY;
    for r in 0..16 {
        b.set(sq % 16 + 16 * r);
    }
    b
}
