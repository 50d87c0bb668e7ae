//! MBN move definitions with move sequences, read as the page's grammar writes them
//! (`MoveSequence ::= OptionalMove ('-' '-'? OptionalMove)*`, `OptionalMove ::= CombinedMove |
//! '[' MoveSequence ']'`, `CombinedMove ::= PartialMove ('+' PartialMove)*`, so `+` binds
//! tighter than `-`; `ComplexRider ::= '(' MoveSequence ')' Steps?`) into `Leg`s, which
//! `super::chains` lowers to the fairy engine's movements.
//!
//! Readings (docs/fbr.md, "MBN piece definitions"):
//! - `-` and `--` both chain legs: the next leg starts where the last one landed. The seed
//!   writes `--` between legs of one movement (the Fire Demon's `[mK]--[mK]--K`: up to three
//!   king steps, Tenjiku shogi's area move) and before what happens on the landing square
//!   (atomic's `cQ--X`, Alice's `aK--<+>mO`); a piece's squares are the same either way.
//! - `[seq]` is a leg that may be left out (`[mK]--K`: one or two king steps).
//! - `(seq)` is an alternative taking the whole sequence once; `(seq)0`, `(seq)n`, `(seq)0n`
//!   repeat it up to any number, up to n, exactly n times, each time along the same vectors
//!   (a rider of the composite leap, as `N0` repeats one knight leap).
//! - A leg's directions are white's, as in any partial move, but `t`, `tt` and `z`, which
//!   relate it to the previous leg (`super::relative_legs`, once the chains are expanded).
//! - `X` alone between dashes is the predefined explosion after the legs before it
//!   (`super::explosion`).

use super::chains::lower_sequence;
use super::explosion::NEEDS_MOVEMENT;
use super::lower::MbnMoveSets;
use super::parse::{MbnError, MbnMove, mbn_to_moves_exact};

/// One alternative of a combined move: partial moves, or a parenthesised sequence.
pub(super) enum Branch {
    /// Partial moves of the single-leg notation (`mfW`, `Q` gives two).
    Partial(Vec<MbnMove>),
    /// `( ... )` with its repetition (`None`: taken once; else the fewest and most times)
    /// and the column of its `(`.
    Nested(Vec<Leg>, Option<(u8, u8)>, usize),
}

/// What a leg of a sequence is.
pub(super) enum LegKind {
    /// A combined move: its alternatives, joined by `+`.
    Combined(Vec<Branch>),
    /// `[ ... ]`: a sequence that may be left out.
    Optional(Vec<Leg>),
    /// `X`: the predefined explosion where the legs before it land (`super::explosion`).
    Explosion,
}

/// A leg of a sequence and the column where it starts.
pub(super) struct Leg {
    /// What it is.
    pub kind: LegKind,
    /// 1-based column of its first character.
    pub column: usize,
}

pub(super) fn err(column: usize, reason: impl Into<String>) -> MbnError {
    MbnError {
        column,
        reason: reason.into(),
    }
}

/// Reads and lowers an MBN move definition (see the module text): the moves and captures.
/// The explosion `X` is refused: only a piece's movement in a rule list evaluates it
/// ([`mbn_move_sets_with_explosion`]).
pub fn mbn_move_sets(text: &str) -> Result<MbnMoveSets, MbnError> {
    let sets = mbn_move_sets_with_explosion(text)?;
    if let Some(column) = sets.state.first.filter(|_| sets.state.needs_piece()) {
        return Err(err(
            column,
            "an initial move (`i`) or en passant (`e`) is evaluated by cqlq in a piece's own \
             movement in an FBR rule list (`P=mfW+cefF+imefW02`), not here",
        ));
    }
    match sets.explosion {
        Some(x) => Err(err(
            x.column,
            "the predefined move `X` (the MBN page's explosion) is evaluated by cqlq in a \
             piece's movement in an FBR rule list (`Q=mQ+(cQ--X)`), not here",
        )),
        None => Ok(sets),
    }
}

/// [`mbn_move_sets`] with the explosion `X` after a movement read ([`MbnMoveSets::explosion`];
/// `super::explosion`): for a piece's movement in a rule list, whose layers apply it.
pub fn mbn_move_sets_with_explosion(text: &str) -> Result<MbnMoveSets, MbnError> {
    let chars: Vec<char> = text.chars().collect();
    let legs = read_sequence(&chars, 0, chars.len())?;
    lower_sequence(&legs)
}

/// [`mbn_move_sets`] for a piece of a definitions file (`MBN:` line): swaps and friendly
/// captures are rule layers (`fairy::layer_swaps`, `fairy::layer_friendly_captures`), which a
/// piece's movement tables do not hold, so `w`, `cc` and `cy` are refused.
pub fn mbn_piece_move_sets(text: &str) -> Result<MbnMoveSets, MbnError> {
    // A board transition (`<2>mO`) needs the game's boards, which a definitions file's piece
    // does not know (a `Rules:` line may lay `alice` over it).
    if let Some(at) = text.chars().position(|c| c == '<') {
        return Err(err(
            at + 1,
            "an MBN board transition (`<2>mO`) is evaluated in FBR rule lists (`--rules`, `Rules:`), where cqlq knows the boards, not on an `MBN:` line",
        ));
    }
    let sets = mbn_move_sets(text)?;
    if !sets.friendly_captures.is_empty() {
        let at = text.find("cc").or_else(|| text.find("cy")).unwrap_or(0);
        return Err(err(
            text[..at].chars().count() + 1,
            "MBN friendly captures (`cc`, `cy`) are evaluated in FBR rule lists (`--rules`, `Rules:`), not on an `MBN:` line",
        ));
    }
    if let Some(l) = sets.locusts.first() {
        return Err(err(
            l.column,
            "MBN locust moves (`cW-mW`) are evaluated in FBR rule lists (`--rules`, `Rules:`), not on an `MBN:` line",
        ));
    }
    if let Some(f) = sets.flips.first() {
        return Err(err(
            f.column,
            "MBN flips (`x`, `xx`, `xy`) are evaluated in FBR rule lists (`--rules`, `Rules:`), not on an `MBN:` line",
        ));
    }
    if !sets.swaps.is_empty() {
        let at = text.chars().position(|c| c == 'w').unwrap_or(0);
        return Err(err(
            at + 1,
            "MBN swap moves (`w`) are evaluated in FBR rule lists (`--rules`, `Rules:`), not on an `MBN:` line",
        ));
    }
    Ok(sets)
}

/// The position of the bracket closing the one at `open` (`(`/`)` or `[`/`]`), before `end`.
fn closing(c: &[char], open: usize, end: usize) -> Option<usize> {
    let (up, down) = match c[open] {
        '[' => ('[', ']'),
        _ => ('(', ')'),
    };
    let mut depth = 0usize;
    for (i, &ch) in c.iter().enumerate().take(end).skip(open) {
        if ch == up {
            depth += 1;
        } else if ch == down {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// Splits `c[from..end]` at the top-level occurrences of `sep` (outside parentheses, board
/// ranges, piece sets and board transitions: `[1-2]` is one range, `<-1>` one transition).
fn split_top(c: &[char], from: usize, end: usize, sep: char) -> Vec<(usize, usize)> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, from);
    for (i, &ch) in c.iter().enumerate().take(end).skip(from) {
        match ch {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth = depth.saturating_sub(1),
            ch if ch == sep && depth == 0 => {
                parts.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push((start, end));
    parts
}

fn read_sequence(c: &[char], from: usize, end: usize) -> Result<Vec<Leg>, MbnError> {
    let mut legs = Vec::new();
    let parts = split_top(c, from, end, '-');
    for (i, &(a, b)) in parts.iter().enumerate() {
        if a == b {
            // `--`: the doubled operator leaves one empty part between its two `-`.
            let doubled = i > 0
                && i + 1 < parts.len()
                && parts[i - 1].0 < parts[i - 1].1
                && parts[i + 1].0 < parts[i + 1].1;
            if doubled {
                continue;
            }
            let what = if legs.is_empty() {
                "a move sequence needs a leg before `-`"
            } else if parts[i..].iter().all(|p| p.0 == p.1) {
                "a move sequence needs a leg after `-`"
            } else {
                "`---` is no MBN sequence operator (`-` or `--`)"
            };
            return Err(err(a + 1, what));
        }
        legs.push(read_leg(c, a, b)?);
    }
    Ok(legs)
}

fn read_leg(c: &[char], a: usize, b: usize) -> Result<Leg, MbnError> {
    // `[mK]`: an optional leg (a `[` closed before the leg's end is a board range or a
    // condition, which the single-leg reader names).
    if c[a] == '[' && closing(c, a, b) == Some(b - 1) {
        let inside = &c[a + 1..b - 1];
        if inside.iter().any(|ch| ch.is_ascii_uppercase()) {
            return Ok(Leg {
                kind: LegKind::Optional(read_sequence(c, a + 1, b - 1)?),
                column: a + 1,
            });
        }
    }
    if b == a + 1 && c[a] == 'X' {
        return Ok(Leg {
            kind: LegKind::Explosion,
            column: a + 1,
        });
    }
    let mut branches = Vec::new();
    for (p, q) in split_top(c, a, b, '+') {
        if p == q {
            return Err(err(p + 1, "`+` needs a partial move on each side"));
        }
        branches.push(read_branch(c, p, q)?);
    }
    Ok(Leg {
        kind: LegKind::Combined(branches),
        column: a + 1,
    })
}

fn read_branch(c: &[char], from: usize, end: usize) -> Result<Branch, MbnError> {
    if c[from] == '(' {
        match closing(c, from, end) {
            // `(fl)F`: an amalgamated direction, read by the single-leg reader.
            Some(close)
                if close == from + 3
                    && c[from + 1..close].iter().all(|ch| "fblr".contains(*ch)) => {}
            Some(close) => {
                let repeat = complex_steps(c, close + 1, end)?;
                return Ok(Branch::Nested(
                    read_sequence(c, from + 1, close)?,
                    repeat,
                    from + 1,
                ));
            }
            None => return Err(err(from + 1, "`(` needs its closing `)`")),
        }
    }
    let text: String = c[from..end].iter().collect();
    if text == "X" {
        // `X` beside `+` (`Q+X`): an alternative with no landing square to explode on.
        return Err(err(from + 1, NEEDS_MOVEMENT));
    }
    let mut moves = mbn_to_moves_exact(&text).map_err(|e| err(from + e.column, e.reason))?;
    // Columns count from the start of the whole definition.
    for m in &mut moves {
        m.column += from;
        if let Some(shape) = &mut m.shape {
            shape.column += from;
        }
        for c in m.swap_set.iter_mut().flat_map(|s| s.columns.iter_mut()) {
            *c += from;
        }
    }
    Ok(Branch::Partial(moves))
}

/// The steps after a complex rider's `)` at `c[at..end]`: none (taken once), `0` (any number
/// of times), `n` (up to n), `0n` (exactly n).
fn complex_steps(c: &[char], at: usize, end: usize) -> Result<Option<(u8, u8)>, MbnError> {
    if at == end {
        return Ok(None);
    }
    let digits: String = c[at..end].iter().collect();
    if !digits.chars().all(|ch| ch.is_ascii_digit()) {
        return Err(err(
            at + 1,
            format!(
                "`{digits}` after a complex rider is not evaluated by cqlq (only its steps: \
                 `0`, `n`, `0n`; a direction or `*` there is not)"
            ),
        ));
    }
    let exact = digits.len() > 1 && digits.starts_with('0');
    if digits == "0" {
        return Ok(Some((1, u8::MAX)));
    }
    let n: u8 = digits[usize::from(exact)..]
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| err(at + 1, format!("step count `{digits}` is out of range")))?;
    Ok(Some(if exact { (n, n) } else { (1, n) }))
}
