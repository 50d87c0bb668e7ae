//! Reading an MBN move definition (`mfW+cfF`, `W0`, `fsN`, `(fl)F3`) into [`MbnMove`]s: the
//! part of Modified Betza Notation that describes single-leg leaps and rides. Every other
//! element of the notation is refused by name at its column ([`MbnError`]), never skipped.

use std::fmt;

use super::friendly_capture::{FriendlyCaptures, read_capture_modifier};
use super::hops::{Beside, check_passage, read_passage};
use super::leg_shapes::{LegShape, is_shape_letter, read_shape};
use super::state::StateModifiers;
use crate::rules::fairy::layer_convert::FlipTargets;
use crate::rules::fairy::layer_swaps::SwapPartners;
use crate::rules::fairy::leg_hops::Passage;
use crate::rules::fairy::leg_limits::LegLimits;
use crate::rules::fbr::model::PieceSet;

/// A fault in an MBN text: the 1-based column (in characters) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MbnError {
    /// 1-based column of the offending character.
    pub column: usize,
    /// What is wrong there.
    pub reason: String,
}

impl fmt::Display for MbnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MBN, column {}: {}", self.column, self.reason)
    }
}

impl std::error::Error for MbnError {}

/// How far a partial move goes along its atom's vectors.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// No step suffix: one leap.
    Leap,
    /// `0`: a rider, as far as the line is free.
    Unlimited,
    /// `n`: a rider of at most n steps.
    UpTo(u8),
}

/// Which of a move's vectors a partial move keeps (Betza's direction letters, white's view).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Directions {
    /// `f`: forward (dy > 0).
    pub forward: bool,
    /// `b`: backward (dy < 0).
    pub backward: bool,
    /// `l`: left (dx < 0).
    pub left: bool,
    /// `r`: right (dx > 0).
    pub right: bool,
    /// `v`: more vertical than sideways (|dy| > |dx|).
    pub vertical: bool,
    /// `s`: more sideways than vertical (|dx| > |dy|).
    pub sideways: bool,
}

impl Directions {
    /// Whether no letter was written (every vector kept).
    pub fn is_empty(&self) -> bool {
        *self == Directions::default()
    }

    /// Whether the vector `(dx, dy)` is kept: letters of one kind (`f`/`b`, `l`/`r`, `v`/`s`)
    /// add up, kinds narrow each other (`fl`: forward and left; `fs`: forward and sideways).
    pub fn keeps(&self, (dx, dy): (i8, i8)) -> bool {
        let vert = !(self.forward || self.backward)
            || (self.forward && dy > 0)
            || (self.backward && dy < 0);
        let horiz = !(self.left || self.right) || (self.left && dx < 0) || (self.right && dx > 0);
        let shape = !(self.vertical || self.sideways)
            || (self.vertical && dy.abs() > dx.abs())
            || (self.sideways && dx.abs() > dy.abs());
        vert && horiz && shape
    }
}

/// One partial move: an atom, its directions, whether it moves and/or captures, its reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MbnMove {
    /// The leap vector of the atom (`W` (1,0), `N` (2,1), ...), before the 8 symmetries.
    pub atom: (i8, i8),
    /// Direction letters.
    pub directions: Directions,
    /// `m`: the move may go to an empty square (false under `c` alone).
    pub moves: bool,
    /// `c`: the move may capture (false under `m` alone).
    pub captures: bool,
    /// Leap, rider or limited rider.
    pub reach: Reach,
    /// `0n`: exactly n steps (with `reach` = `UpTo(n)`), read only inside move definitions
    /// ([`super::sequence`]); the other readers of [`mbn_to_moves`] refuse it.
    pub exact: bool,
    /// `w`, `ww`, `wy`: the move swaps with a piece it reaches instead of capturing it
    /// (`fairy::layer_swaps`).
    pub swaps: Option<SwapPartners>,
    /// The piece set after the swap modifier (`ww{^K}`: the partners it may swap with;
    /// `super::piece_sets`), its columns 1-based in the MBN text.
    pub swap_set: Option<PieceSet>,
    /// `cc`, `cy`: the friendly pieces the move captures (`super::friendly_capture`).
    pub friendly: Option<FriendlyCaptures>,
    /// `p`, `pp`, `g`, `gg`, `j`, `jj`, `jy`: what its line may cross and land on
    /// (`super::hops`; [`Passage::Clear`] without them), read only in a piece's movement.
    pub passage: Passage,
    /// Board ranges before and after the move (where it starts, where it lands) and the edge
    /// rider `*` (`super::ranges`, `fairy::leg_limits`); such a move is a one-leg path.
    pub limits: Option<LegLimits>,
    /// `n`, `h`, `t`, `tt`, `z`: the path-shaping modifier, read only in a piece's movement
    /// (`super::leg_shapes`, `super::relative_legs`).
    pub shape: Option<LegShape>,
    /// `i`, `e`, `o`, `oo`: the state modifiers (`super::state`).
    pub state: StateModifiers,
    /// `x`, `xx`, `xy`: the move turns the piece it reaches to the other side instead of
    /// capturing it, staying put (`super::flip`; `fairy::layer_convert`).
    pub flips: Option<FlipTargets>,
    /// 1-based column where the partial move starts (for faults found later).
    pub column: usize,
}

impl MbnMove {
    /// The vectors of the atom kept by the directions (white's view), each once.
    pub fn vectors(&self) -> Vec<(i8, i8)> {
        let (a, b) = self.atom;
        let mut v = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for sx in [1, -1] {
                for sy in [1, -1] {
                    let d = (x * sx, y * sy);
                    if !v.contains(&d) && self.directions.keeps(d) {
                        v.push(d);
                    }
                }
            }
        }
        v
    }
}

/// The leap vector of a basic leaper letter.
fn atom(c: char) -> Option<(i8, i8)> {
    Some(match c {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' => (3, 1),
        'Z' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// Betza's compound letters MBN keeps: `R` = `W0`, `B` = `F0`, `Q` = `W0+F0`, `K` = `W+F`.
fn compound(c: char) -> Option<&'static [((i8, i8), Reach)]> {
    const R: &[((i8, i8), Reach)] = &[((1, 0), Reach::Unlimited)];
    const B: &[((i8, i8), Reach)] = &[((1, 1), Reach::Unlimited)];
    const Q: &[((i8, i8), Reach)] = &[((1, 0), Reach::Unlimited), ((1, 1), Reach::Unlimited)];
    const K: &[((i8, i8), Reach)] = &[((1, 0), Reach::Leap), ((1, 1), Reach::Leap)];
    match c {
        'R' => Some(R),
        'B' => Some(B),
        'Q' => Some(Q),
        'K' => Some(K),
        _ => None,
    }
}

/// What an MBN character cqlq does not evaluate means, for the refusal.
fn unsupported(c: char) -> Option<&'static str> {
    Some(match c {
        '-' => "a move sequence (`-`, multi-leg moves)",
        '[' => "a board range anywhere but before a partial move or right after its steps",
        '{' => {
            "a piece set before a move (the BNF's `<Attackers>`) or after a modifier other than `w` and `cc` (the seed's `c{QRBNP}K`): no stored source says whether it names the pieces captured or attacking, and the engine's captures are not narrowed by the victim's type"
        }
        '!' => {
            "a negated partial move (`!`, the MBN page's setup operator: read only in `--!jj{K}U[*]` and in negated definitions `!*K=...`)"
        }
        '/' => {
            "a condition (`/{set}[range]/`, `/L sq/`: the MBN BNF gives its form only, and no stored source says whose piece must stand there)"
        }
        '<' | '>' => {
            "a board transition anywhere but at the start of a partial move (`<2>mO`; `fbr::mbn::boards`)"
        }
        '#' => {
            "the `#` step count (no stored source says what it counts: LeCodex's parser of the MBN page leaves it out, \"as I didn't find what it was used for\")"
        }
        '*' => {
            "the step counts `0*` (maximal) and `**` (the MBN page's own uses, `X=(!dcy{^P}OK)0*` and benedict's `(!dcK)**`, act on every target at once, which is no movement; a lone `*` after a leaper, the edge rider `W*`, is read)"
        }
        'a' => "the modifier `a` (all)",
        ':' => {
            "a compound letter as a movement anywhere but as a whole alternative of a piece's own movement in a rule list (`:X:`, the board's movement of `X`: `K=acc?{D}:K:`, `:KD:=:K:`), as in a zone, a conversion, a condition, a promotion's result or an `MBN:` line,"
        }
        'q' => {
            "the modifier `q` (the MBN page's table lists it \"(still unused)\"; Betza's circular \
             rider `qN` is not MBN)"
        }
        'u' => "the modifier `u` (unblocked)",
        'y' => super::flip::LONE_Y,
        _ => return None,
    })
}

/// Reads an MBN move definition: partial moves joined by `+`. An exact step count (`W03`)
/// is refused: the zones and pushes that read these moves take lines of at most n steps;
/// so are `a`, `cc` and `cy`, which only a piece's movement reads.
pub fn mbn_to_moves(text: &str) -> Result<Vec<MbnMove>, MbnError> {
    read_moves(text, false)
}

/// [`mbn_to_moves`] for a piece's movement: it also reads exact step counts (`W03`:
/// [`MbnMove::exact`]), `a`, and `cc` / `cy` ([`MbnMove::friendly`]).
pub(super) fn mbn_to_moves_exact(text: &str) -> Result<Vec<MbnMove>, MbnError> {
    read_moves(text, true)
}

fn read_moves(text: &str, definition: bool) -> Result<Vec<MbnMove>, MbnError> {
    let allow_exact = definition;
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    let mut out = Vec::new();
    let err = |i: usize, reason: String| MbnError {
        column: i + 1,
        reason,
    };
    loop {
        let start = at;
        let mut dirs = Directions::default();
        let (mut m, mut c) = (false, false);
        let mut swaps = None;
        let mut swap_set = None;
        let mut state = StateModifiers::default();
        // `x`, `xx`, `xy` with the column of its `x`.
        let mut flips: Option<(usize, FlipTargets)> = None;
        // A board transition before the modifiers (`<2>mO`): on cqlq's one board it reaches
        // no board, and the partial move gives no move (`super::boards`).
        let off_board = chars.get(at) == Some(&'<');
        if off_board {
            at += super::boards::read_transition_off_board(&chars, at)?;
        }
        // A board range before the move: the squares it starts from (`super::ranges`).
        let mut limits = LegLimits::default();
        // Where the first range or `*` stands (for the refusal where they are not read).
        let mut limits_at = None;
        if chars.get(at) == Some(&'[') && super::ranges::opens_board_range(&chars, at) {
            let (range, len) = super::ranges::read_board_range(&chars, at)?;
            limits.from = Some(range);
            limits_at = Some(at);
            at += len;
        }
        // `a`, and a `cc` / `cy` with its column.
        let mut all = None;
        let mut own: Option<(usize, _)> = None;
        // `p`, `g`, `j` (`super::hops`) with its column.
        let mut passage: Option<(usize, Passage)> = None;
        let mut shape = None;
        // Modifiers up to the atom.
        let letter = loop {
            let Some(&ch) = chars.get(at) else {
                return Err(err(
                    at,
                    "a partial move needs a piece letter (W, F, N, ...)".into(),
                ));
            };
            match ch {
                'f' => dirs.forward = true,
                'b' => dirs.backward = true,
                'l' => dirs.left = true,
                'r' => dirs.right = true,
                'v' => dirs.vertical = true,
                's' => dirs.sideways = true,
                'm' => m = true,
                'c' if chars.get(at + 1).is_some_and(|n| matches!(n, 'c' | 'y')) => {
                    if !definition {
                        return Err(err(
                            at,
                            "capturing friendly pieces (`cc`, `cy`) is evaluated only in a \
                             piece's movement, not here"
                                .into(),
                        ));
                    }
                    let read = read_capture_modifier(&chars, at)?;
                    let len = read.len;
                    own = Some((at, read));
                    at += len;
                    continue;
                }
                'a' if definition => all = Some(at),
                'p' | 'g' | 'j' => {
                    let (read, len) = read_passage(&chars, at, definition)?;
                    if passage.is_some() {
                        return Err(err(
                            at,
                            "two hop, leap or visit modifiers (`p`, `g`, `j`) in one partial move are not evaluated by cqlq"
                                .into(),
                        ));
                    }
                    passage = Some((at, read));
                    at += len;
                    continue;
                }
                'd' | 'e' | 'i' | 'k' | 'o' => {
                    at += super::state::read_state_modifier(&chars, at, definition, &mut state)?;
                    continue;
                }
                'x' => {
                    let (targets, len) = super::flip::read_flip_modifier(&chars, at, definition)?;
                    flips = Some((at, targets));
                    at += len;
                    continue;
                }
                '?' => {
                    return Err(err(
                        at,
                        "the optional mark `?` on a modifier is evaluated only as `cc?{...}` \
                         beside `a` (the seed's `acc?{D}Q`)"
                            .into(),
                    ));
                }
                'c' => c = true,
                ch if is_shape_letter(ch) => {
                    let (read, len) = read_shape(&chars, at, shape, definition)?;
                    shape = Some(read);
                    at += len - 1;
                }
                'w' => {
                    // `w` enemy pieces, `ww` friendly ones, `wy` any.
                    swaps = Some(match chars.get(at + 1) {
                        Some('w') => SwapPartners::Friendly,
                        Some('y') => SwapPartners::Any,
                        _ => SwapPartners::Enemy,
                    });
                    if swaps != Some(SwapPartners::Enemy) {
                        at += 1;
                    }
                    if chars.get(at + 1) == Some(&'{') {
                        let (set, len) = super::piece_sets::read_piece_set(&chars, at + 1)?;
                        swap_set = Some(set);
                        at += len;
                    }
                }
                '(' => {
                    // An amalgamated direction `(fl)`: both letters narrow the move.
                    let pair: String = chars.iter().skip(at + 1).take(3).collect();
                    let mut p = pair.chars();
                    let (Some(a), Some(b), Some(')')) = (p.next(), p.next(), p.next()) else {
                        return Err(err(at, "a complex rider `(...)` is not evaluated".into()));
                    };
                    for d in [a, b] {
                        match d {
                            'f' => dirs.forward = true,
                            'b' => dirs.backward = true,
                            'l' => dirs.left = true,
                            'r' => dirs.right = true,
                            _ => {
                                return Err(err(
                                    at,
                                    format!(
                                        "`({a}{b})` is not an amalgamated direction cqlq evaluates (f, b, l, r)"
                                    ),
                                ));
                            }
                        }
                    }
                    at += 3;
                }
                ch if ch.is_ascii_uppercase() => break ch,
                '[' => {
                    let what = super::brackets::bracket_meaning(&chars, at);
                    return Err(err(at, format!("{what} is not evaluated by cqlq")));
                }
                ch => {
                    let what = unsupported(ch).map_or_else(
                        || format!("`{ch}` is not MBN"),
                        |w| format!("{w} is not evaluated by cqlq"),
                    );
                    return Err(err(at, what));
                }
            }
            at += 1;
        };
        let letter_at = at;
        at += 1;
        if chars.get(at) == Some(&'(') {
            // The BNF's `<BasicLeaper> ( <Circular>? <Steps> )?`: no source gives it a meaning.
            return Err(err(
                at,
                "a circular direction after a leaper (`N(fl)0`, the MBN BNF's `<Circular>`) is \
                 not evaluated by cqlq: neither the MBN page's modifier table nor the seed says \
                 what it means (the page's `q` is \"still unused\")"
                    .into(),
            ));
        }
        // Step count.
        let digits: String = chars[at..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        // `0n`: exactly n steps (the MBN page's pawn `[1-2]mefW02`).
        let exact = digits.len() > 1 && digits.starts_with('0');
        if exact && !allow_exact {
            return Err(err(
                at,
                format!(
                    "an exact step count (`{digits}`) is not evaluated here (a zone or push line goes up to n steps)"
                ),
            ));
        }
        let reach = if digits.is_empty() {
            Reach::Leap
        } else if digits == "0" {
            Reach::Unlimited
        } else {
            let count = if exact { &digits[1..] } else { &digits[..] };
            let n: u8 = count
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| err(at, format!("step count `{digits}` is out of range")))?;
            Reach::UpTo(n)
        };
        at += digits.chars().count();
        // `*` after a leaper without a count: the edge rider (`W*`); `0*`, `**` are refused
        // at the end of the partial move (`unsupported`).
        if digits.is_empty() && chars.get(at) == Some(&'*') && chars.get(at + 1) != Some(&'*') {
            if compound(letter).is_some() {
                return Err(err(at, format!("`{letter}` takes no step count")));
            }
            limits.edge = true;
            limits_at = limits_at.or(Some(at));
            at += 1;
        }
        let reach = if limits.edge { Reach::Unlimited } else { reach };
        // A board range after the move: the squares it lands on.
        if chars.get(at) == Some(&'[') && super::ranges::opens_board_range(&chars, at) {
            let (range, len) = super::ranges::read_board_range(&chars, at)?;
            limits.to = Some(range);
            limits_at = limits_at.or(Some(at));
            at += len;
        }
        let limits = (limits != LegLimits::default()).then_some(limits);
        if let Some(lim) = &limits
            && !definition
        {
            let what = if lim.edge {
                "an edge rider (`*`)"
            } else {
                "a board range on a partial move"
            };
            return Err(err(
                limits_at.unwrap_or(start),
                format!(
                    "{what} is evaluated only in a piece's movement, not here (a zone, push or \
                     conversion reads plain lines)"
                ),
            ));
        }
        if let Some((x_at, _)) = flips
            && (swaps.is_some() || own.is_some() || all.is_some())
        {
            return Err(super::flip::beside_refusal(x_at));
        }
        let beside = Beside {
            moves_or_captures: m || c,
            all: all.is_some(),
            swaps: swaps.is_some(),
            friendly: own.is_some(),
        };
        let (passage_at, passage) = passage.unwrap_or((start, Passage::Clear));
        let (moves, captures) = if passage.visits() {
            // A visit neither moves nor captures (the next leg does).
            (false, false)
        } else if let Some(a) = all {
            if m || c || swaps.is_some() {
                return Err(err(
                    a,
                    "the modifier `a` beside `m`, `c` or `w` is not evaluated by cqlq (the MBN \
                     page reads it there with a piece set narrowing them); `a` alone or \
                     before `cc` / `cy` is"
                        .into(),
                ));
            }
            (true, true)
        } else if let Some((_, read)) = &own {
            (m, c || read.any)
        } else if m || c || swaps.is_some() || flips.is_some() {
            (m, c)
        } else {
            (true, true)
        };
        if letter == 'O' && !off_board {
            return Err(err(
                letter_at,
                "`O` (the zero leap: the piece's own square) is read after a board transition \
                 (`<2>mO`) and as `conversion`'s `ccO`; alone it is no move"
                    .into(),
            ));
        }
        if let Some((at_own, read)) = &own
            && read.optional
            && all.is_none()
        {
            return Err(err(
                at_own + 2,
                "the optional mark `?` on a modifier is evaluated only beside `a` (the seed's \
                 `acc?{D}Q`, where `a` keeps the moves and enemy captures whatever `?` adds); \
                 alone its meaning is not written down"
                    .into(),
            ));
        }
        let friendly = own.map(|(_, read)| read.friendly);
        let atoms: Vec<((i8, i8), Reach)> = if off_board && letter == 'O' {
            Vec::new()
        } else if let Some(v) = atom(letter) {
            vec![(v, reach)]
        } else if let Some(list) = compound(letter) {
            match reach {
                Reach::Leap => list.to_vec(),
                // A count limits each direction to n steps, a rider blocked as any rider
                // (Betza's `K2`, the seed's Bodyguard `G=K2`: the queen's lines up to two
                // squares; Fairy-Stockfish reads `K2`, `R3`, `B2` so).
                Reach::UpTo(_) if !exact => list.iter().map(|&(v, _)| (v, reach)).collect(),
                _ => {
                    return Err(err(
                        at - digits.len(),
                        format!("`{letter}` takes a step count of 1 to 255 only (`{letter}2`)"),
                    ));
                }
            }
        } else {
            return Err(err(
                letter_at,
                format!("`{letter}` is not a basic leaper (W F D N A H C Z G) or R B Q K"),
            ));
        };
        for (a, r) in atoms {
            check_passage(passage, passage_at, r, &beside)?;
            let mv = MbnMove {
                atom: a,
                directions: dirs,
                moves,
                captures,
                reach: r,
                exact,
                swaps,
                swap_set: swap_set.clone(),
                friendly: friendly.clone(),
                passage,
                limits: limits.clone(),
                shape,
                state,
                flips: flips.map(|(_, f)| f),
                column: start + 1,
            };
            super::state::check_partial(&mv)?;
            let oblique = a.0 != a.1 && a.0 != 0 && a.1 != 0;
            let d = dirs;
            if oblique
                && (d.forward || d.backward || d.left || d.right)
                && !(d.vertical || d.sideways)
            {
                // Betza's dialects read `fN` as the four forward leaps or as the two narrow
                // ones (Fairy-Stockfish): refused rather than guessed.
                return Err(err(start, "a direction letter (f, b, l, r) without v or s on an oblique leaper is ambiguous; write fvN, fsN, ...".into()));
            }
            if mv.vectors().is_empty() {
                return Err(err(
                    start,
                    "the direction letters leave this move no direction".into(),
                ));
            }
            if !off_board {
                out.push(mv);
            }
        }
        match chars.get(at) {
            None => return Ok(out),
            Some('+') => at += 1,
            Some('[') => {
                let what = super::brackets::bracket_meaning(&chars, at);
                return Err(err(at, format!("{what} is not evaluated by cqlq")));
            }
            Some(&ch) => {
                let what = unsupported(ch).map_or_else(
                    || format!("`{ch}` cannot follow a partial move"),
                    |w| format!("{w} is not evaluated by cqlq"),
                );
                return Err(err(at, what));
            }
        }
    }
}
