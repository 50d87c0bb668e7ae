//! MBN's state-dependent modifiers on a partial move: `i` (the piece's first move only), `e`
//! (en passant), `o` / `oo` (the move wraps round the board's edges) — read
//! (`read_state_modifier`), checked (`check_partial`) and lowered (`lower_state`,
//! `leg_wrap`) to the fairy engine's initial moves (`Initial:`), its `set_ep` / `take_ep`
//! flags and wrapping multi-leg paths; `ii` (an initial move until the royal piece's first
//! check) too. `k`, `kk`, `d` and `ee` are refused by name.
//!
//! Meanings, from the MBN page's modifier list (as LeCodex/modified-betza-notation-js
//! restates it; docs/fbr.md, "MBN state modifiers"):
//! - `i`: "Only the initial move of this piece has this capability": the move is made only
//!   by a piece that has not moved (the engine's unmoved mark: every piece of a FEN but the
//!   castling ones, which the castling field gives back). Fairy-Stockfish's XBetza `i`
//!   (`ifmnD`) is the same on a piece standing on its second rank.
//! - `e`: "In conjunction with c: capture en passant ... In conjunction with m: this move
//!   allows capturing en passant by the opponent"; the victims default to "this piece
//!   themself, in general a Pawn".
//! - `o`: "This modifier makes the move cylindrical. Cylindrical pieces do not stop at the
//!   left or right edge of the board ... If doubled (oo) also the top and bottom edges of the
//!   board will be connected."
//! - `ii`: "the initial move possibility will decay with the first check to this royal
//!   piece, and will decay with a drop move, and with promotion": the piece must be royal;
//!   the engine notes its side's first check (one royal per side: the piece's own).

use super::lower::MbnMoveSets;
use super::parse::{MbnError, MbnMove};
use crate::rules::fairy::defs::{Atom, MoveSet, PieceDef, VariantDef};
use crate::rules::fairy::leg_paths::LegWrap;
use crate::rules::fbr::model::RuleList;
use crate::rules::fbr::parse::FbrError;

/// The state modifiers written on one partial move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct StateModifiers {
    /// `i`: only a piece that has not moved makes the move.
    pub initial: bool,
    /// `ii`: and only while its side was never in check (a royal piece's decaying initial
    /// move).
    pub decays: bool,
    /// `e`: en passant (with `m`: the move lets the opponent take en passant; with `c`: the
    /// move captures en passant too).
    pub en_passant: bool,
    /// `o`: files wrap; `oo`: files and ranks.
    pub wrap: LegWrap,
}

impl StateModifiers {
    /// Whether no state modifier was written.
    pub fn is_empty(&self) -> bool {
        *self == StateModifiers::default()
    }
}

/// What a definition's state modifiers give the piece (see the module text).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StateSets {
    /// `i`: the initial moves (to empty squares, for an unmoved piece).
    pub initial: MoveSet,
    /// `ime`: the initial moves let the opponent take en passant (the engine's `set_ep`,
    /// which marks every initial move), with the first such partial move's column.
    pub sets_ep: Option<usize>,
    /// An initial move without `e` (its column): with `sets_ep`, refused.
    pub initial_without_ep: Option<usize>,
    /// `ce`: the captures take en passant too (the engine's `take_ep`), first column.
    pub takes_ep: Option<usize>,
    /// A capture without `e` (its column): with `takes_ep`, refused (the engine takes en
    /// passant along every capture of the piece).
    pub capture_without_ep: Option<usize>,
    /// `ii`: the initial moves decay with the first check (first column).
    pub decays: Option<usize>,
    /// An initial move without a second `i` (its column): with `decays`, refused.
    pub initial_lasting: Option<usize>,
    /// The column of the first partial move with a state modifier.
    pub first: Option<usize>,
}

impl StateSets {
    /// Adds another part's state.
    pub fn merge(&mut self, other: StateSets) {
        for a in other.initial {
            if !self.initial.contains(&a) {
                self.initial.push(a);
            }
        }
        let first = |a: &mut Option<usize>, b: Option<usize>| {
            *a = match (*a, b) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, y) => x.or(y),
            }
        };
        first(&mut self.sets_ep, other.sets_ep);
        first(&mut self.initial_without_ep, other.initial_without_ep);
        first(&mut self.takes_ep, other.takes_ep);
        first(&mut self.capture_without_ep, other.capture_without_ep);
        first(&mut self.decays, other.decays);
        first(&mut self.initial_lasting, other.initial_lasting);
        first(&mut self.first, other.first);
    }

    /// Whether the definition wrote a state modifier that changes more than its atoms (an
    /// initial move or en passant): what only a piece's own movement applies.
    pub fn needs_piece(&self) -> bool {
        !self.initial.is_empty() || self.sets_ep.is_some() || self.takes_ep.is_some()
    }
}

fn err(column: usize, reason: impl Into<String>) -> MbnError {
    MbnError {
        column,
        reason: reason.into(),
    }
}

/// Reads the state modifier at `chars[at]` (`i`, `ii`, `e`, `o`, `oo`) into `state` and
/// returns its length; refuses `k`, `kk`, `d`, `ee` and a piece set after `e` by name.
/// `definition`: the reader reads a piece's movement (elsewhere every state modifier is
/// refused).
pub(super) fn read_state_modifier(
    chars: &[char],
    at: usize,
    definition: bool,
    state: &mut StateModifiers,
) -> Result<usize, MbnError> {
    let c = chars[at];
    let doubled = chars.get(at + 1) == Some(&c);
    let column = at + 1;
    match (c, doubled) {
        ('d', _) => Err(err(
            column,
            "the modifier `d` is not evaluated by cqlq: the MBN page's list calls it both \
             \"independent\" and \"the directional modifier for going any direction\", and no \
             stored source says what either does to a move",
        )),
        ('k', false) => Err(err(
            column,
            "the modifier `k` (\"This piece cannot give check\") is not evaluated by cqlq: the \
             MBN page does not say whether a move of it may not end attacking a royal piece \
             (a discovered check allowed or not) or whether its attack is no check at all",
        )),
        ('k', true) => Err(err(
            column,
            "the modifier `kk` (\"it can give check, but cannot give immediate mate\") is not \
             evaluated by cqlq (the same question as `k`'s: whose mate it forbids)",
        )),
        _ if !definition => Err(err(
            column,
            format!("the modifier `{c}` is evaluated only in a piece's movement, not here"),
        )),
        ('i', true) => {
            state.initial = true;
            state.decays = true;
            Ok(2)
        }
        ('e', true) => Err(err(
            column,
            "the modifier `ee` (capturing en passant only) is not evaluated by cqlq: the \
             engine takes en passant along the piece's ordinary captures",
        )),
        ('i', false) => {
            state.initial = true;
            Ok(1)
        }
        ('e', false) => {
            if chars.get(at + 1) == Some(&'{') {
                return Err(err(
                    column + 1,
                    "a piece set after `e` (the pieces taken en passant) is not evaluated by \
                     cqlq; without it `e` takes \"this piece themself\"",
                ));
            }
            state.en_passant = true;
            Ok(1)
        }
        ('o', _) => {
            if chars.get(at + if doubled { 2 } else { 1 }) == Some(&'[') {
                return Err(err(
                    column,
                    "`o` with a board range (the connected files) is not evaluated by cqlq; \
                     `o` alone connects the first and the last file",
                ));
            }
            state.wrap = LegWrap {
                files: true,
                ranks: doubled,
                size: (0, 0),
            };
            Ok(if doubled { 2 } else { 1 })
        }
        _ => unreachable!("read_state_modifier is called on d, e, i, k, o"),
    }
}

/// Checks a read partial move's state modifiers against its other letters (`m`, `c`, the
/// atom): what the engine cannot hold is refused at the partial move's column.
pub(super) fn check_partial(m: &MbnMove) -> Result<(), MbnError> {
    let s = m.state;
    if s.is_empty() {
        return Ok(());
    }
    let col = m.column;
    if m.swaps.is_some() || m.friendly.is_some() {
        return Err(err(
            col,
            "`i`, `e` or `o` on a swap (`w`) or a friendly capture (`cc`, `cy`) is not \
             evaluated by cqlq",
        ));
    }
    if s.initial && m.captures {
        return Err(err(
            col,
            "an initial move that may capture (`i` without `m`) is not evaluated by cqlq: the \
             engine's initial moves go to empty squares; write `im...`",
        ));
    }
    if s.en_passant {
        if m.moves == m.captures {
            return Err(err(
                col,
                "`e` needs `m` (the move lets the opponent take en passant) or `c` (it \
                 captures en passant), not both",
            ));
        }
        if m.moves && !s.initial {
            return Err(err(
                col,
                "`me` (a move the opponent may take en passant) is evaluated by cqlq on an \
                 initial move (`imefW02`); elsewhere (the pawn's `[1-2]mefW02`) it is not",
            ));
        }
        let (a, b) = m.atom;
        if m.moves && a != 0 && b != 0 && a != b {
            return Err(err(
                col,
                "`me` on an oblique leap passes no line of squares to take en passant on",
            ));
        }
    }
    if s.wrap.files && (s.initial || s.en_passant) {
        return Err(err(col, "`o` beside `i` or `e` is not evaluated by cqlq"));
    }
    Ok(())
}

/// The wrap of a partial move's leg (`o`, `oo`), for `super::lower::path_leg`.
pub(super) fn leg_wrap(m: &MbnMove) -> LegWrap {
    m.state.wrap
}

/// Routes the atom of a partial move with a state modifier: an initial move into
/// [`StateSets::initial`] (true: the caller adds it nowhere else), en passant marks, and the
/// captures without `e` noted. A wrapping move is an ordinary atom (a one-leg path that
/// wraps: `super::lower`).
pub(super) fn lower_state(m: &MbnMove, atom: &Atom, out: &mut MbnMoveSets) -> bool {
    let s = m.state;
    let state = &mut out.state;
    if !s.is_empty() && state.first.is_none_or(|f| f > m.column) {
        state.first = Some(m.column);
    }
    if m.captures {
        if s.en_passant {
            state.takes_ep.get_or_insert(m.column);
        } else {
            state.capture_without_ep.get_or_insert(m.column);
        }
    }
    if !s.initial {
        return false;
    }
    if s.en_passant {
        state.sets_ep.get_or_insert(m.column);
    } else {
        state.initial_without_ep.get_or_insert(m.column);
    }
    if s.decays {
        state.decays.get_or_insert(m.column);
    } else {
        state.initial_lasting.get_or_insert(m.column);
    }
    if !state.initial.contains(atom) {
        state.initial.push(atom.clone());
    }
    true
}

/// Checks a whole definition's state: en passant on some captures (or initial moves) but
/// not others is refused (the engine's flags hold for all of a piece's).
pub(super) fn finish(sets: &MbnMoveSets) -> Result<(), MbnError> {
    let s = &sets.state;
    if let (Some(ep), Some(plain)) = (s.takes_ep, s.capture_without_ep) {
        return Err(err(
            ep.max(plain),
            "en passant on some of a piece's captures (`ce...`) but not on others is not \
             evaluated by cqlq: the engine takes en passant along all of them",
        ));
    }
    if let (Some(ep), Some(plain)) = (s.sets_ep, s.initial_without_ep) {
        return Err(err(
            ep.max(plain),
            "an initial move with `e` beside one without is not evaluated by cqlq: the \
             engine lets the opponent take en passant after every initial move of the piece",
        ));
    }
    if let (Some(d), Some(lasting)) = (s.decays, s.initial_lasting) {
        return Err(err(
            d.max(lasting),
            "a decaying initial move (`ii`) beside a lasting one (`i`) is not evaluated by \
             cqlq: the engine decays all of a piece's initial moves or none",
        ));
    }
    Ok(())
}

/// Gives a piece whose movement a definition replaced the definition's state: its initial
/// moves, and en passant as its `e` letters say (a movement without `e` has none).
pub fn apply_state(p: &mut PieceDef, state: &StateSets) {
    p.initial = state.initial.clone();
    p.flags.set_ep = state.sets_ep.is_some();
    p.flags.take_ep = state.takes_ep.is_some();
    // "i applies for dropped pieces and promoted pieces, but in this case ii does not".
    p.flags.renews_initial = !state.initial.is_empty() && state.decays.is_none();
    p.flags.initial_decays = state.decays.is_some();
}

/// `ii`: "the initial move possibility will decay with the first check to this royal
/// piece": the engine notes each side's first check (`Layers::checked_history`), so a piece
/// with decaying initial moves must be royal (refused at `column` otherwise).
pub fn check_decaying_royal(def: &VariantDef, column: usize) -> Result<(), FbrError> {
    match def
        .pieces
        .iter()
        .find(|p| p.flags.initial_decays && !p.flags.royal)
    {
        Some(p) => Err(FbrError {
            column,
            reason: format!(
                "MBN: `ii` (an initial move that \"will decay with the first check to this \
                 royal piece\") on `{}`, which is not royal",
                p.symbols[0]
            ),
        }),
        None => Ok(()),
    }
}

/// Refuses `i` and `e` on a leg of a move sequence or a repeated complex rider (the engine's
/// initial moves and en passant hold for single leaps and lines); `o` is read there.
pub(super) fn refuse_in_chain(m: &MbnMove) -> Result<(), MbnError> {
    if m.state.initial || m.state.en_passant {
        return Err(err(
            m.column,
            "`i` or `e` on a leg of a move sequence or a repeated complex rider is not \
             evaluated by cqlq (it is on a single leap or line: `imefW02`)",
        ));
    }
    Ok(())
}

/// `ce` takes en passant "this piece themself" (the MBN page's default victims): the engine's
/// `take_ep` takes any piece that let it, so a taker (type index, column of its `ce`) beside
/// another type that lets the opponent take en passant is refused.
pub fn check_en_passant_victims(
    def: &VariantDef,
    takers: &[(usize, usize)],
) -> Result<(), FbrError> {
    for &(t, column) in takers {
        if let Some(other) = def
            .pieces
            .iter()
            .enumerate()
            .find(|&(u, p)| u != t && p.flags.set_ep)
        {
            return Err(FbrError {
                column,
                reason: format!(
                    "MBN: `ce` takes en passant only a piece of its own kind (the MBN page's \
                     default, \"this piece themself\"), but `{}` lets the opponent take en \
                     passant too: taking another kind en passant is not evaluated by cqlq",
                    other.1.symbols[0]
                ),
            });
        }
    }
    Ok(())
}

/// The rules-text column of the first `ii` in the list's piece movements, if any.
pub fn decaying_column(list: &RuleList) -> Option<usize> {
    list.pieces
        .iter()
        .filter(|d| d.prefix.is_none())
        .filter_map(|d| d.mbn.as_ref())
        .find_map(|(text, column)| {
            text.find("ii")
                .map(|at| column + text[..at].chars().count())
        })
}

/// The rules-text column of the first `o` (a wrapping move) in the list's piece movements.
pub fn wrapping_column(list: &RuleList) -> Option<usize> {
    list.pieces
        .iter()
        .filter_map(|d| d.mbn.as_ref())
        .find_map(|(text, column)| text.find('o').map(|at| column + text[..at].chars().count()))
}
