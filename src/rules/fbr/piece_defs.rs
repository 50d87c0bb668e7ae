//! Piece definitions in an FBR rule list (seed 001: `royal cheshire{X} K Q R B N P +P`,
//! `Q=BN`): a bare letter names a piece of the board (or, with a macro of its letter, `@D=K
//! D`, a new piece moving by it); `L=MBN` or `L|Name|=MBN` gives a piece
//! (an existing one or a new one) the movement written in MBN ([`super::mbn`]). A prefixed
//! definition with a movement (`#I=cK`) is read and left to the rule that names its prefix
//! (`freezer#`, `protector*`, `burner#`: the zone; `conversion*`'s `*Q=ccO`); prefixed
//! promotion rules (`+P`, `+P==Q`, `*N==X`) are `fbr::prefix_rules`'; a board identifier
//! (`C<1>`) is read and checked by the rule list against its boards (`fbr::apply`); other
//! prefixed and suffixed identifiers are refused by name. A movement has the list's macros expanded
//! ([`super::macros`]) and its conditioned parts taken out ([`super::mbn_conditions`]); a
//! negated prefixed definition (`!*K=j{K}K`) is read here and left to `conversion`. A letter may be a compound letter between colons
//! (`:FD:|Fire Demon|=...`, `#:FD:=K`; [`crate::rules::fairy::compound_letters`]), and a
//! compound letter of one letter may stand as a whole alternative of a piece's movement
//! (`K=acc?{D}:K:`: the board's movement of `K`; [`super::mbn::compound_movement`]).

use super::macros::{Macro, expand};
use super::mbn::boards::{BoardIdentifier, bracket_len, read_board_identifier};
use super::mbn::compound_movement::{BoardMovement, add_board_movements, take_board_movements};
use super::mbn::{mbn_move_sets, mbn_move_sets_with_explosion};
use super::mbn_conditions::{ConditionedPart, split_conditions};
use super::parse::FbrError;
use crate::rules::fairy::compound_letters::piece_letter_at;
use crate::rules::fairy::defs::{PieceDef, VariantDef};

/// One piece definition of a rule list.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDefinition {
    /// The prefix before the letter (`#` of `#I=cK`): the definition gives the piece's zone
    /// for the rule of that prefix, not its movement.
    pub prefix: Option<char>,
    /// The piece letter (upper case): one letter (`K`) or a compound letter (`:FD:`).
    pub letter: String,
    /// The name between bars (`B|Basilisk|=...`).
    pub name: Option<String>,
    /// The MBN movement after `=` (macros expanded, conditioned parts taken out), with the
    /// 1-based column of its first character; `None` for a bare letter, or when nothing but
    /// the board's movement and conditioned parts remain.
    pub mbn: Option<(String, usize)>,
    /// A body-less macro of the piece's own letter stood in the movement (`@P ... P=PX`):
    /// the board's movement is kept and `mbn` added to it ([`super::macros`]).
    pub keeps_board_movement: bool,
    /// The movement's `:X:` alternatives (`K=acc?{D}:K:`): the board's movements of `X`,
    /// taken out of `mbn` ([`super::mbn::compound_movement`]).
    pub board_movements: Vec<BoardMovement>,
    /// The movement's parts that have a condition (`[*]wwK`, `[+]cK`;
    /// [`super::mbn_conditions`]).
    pub conditioned: Vec<ConditionedPart>,
    /// The board identifier after the letter (`C<1>`, `K<*>`; [`super::mbn::boards`]), which
    /// the rule list checks against its boards.
    pub boards: Option<BoardIdentifier>,
    /// The column of the movement's first board transition (`<2>mO`), which the rule list
    /// refuses beside `alice`.
    pub transition: Option<usize>,
    /// A bare letter with a macro of that letter (seed 001's Disk `@D=K D`): the macro's
    /// movement, expanded, with its first column; a letter naming no piece of the board
    /// becomes a new piece moving by it (an existing piece keeps its own movement).
    pub macro_movement: Option<(String, usize)>,
    /// 1-based column of the letter.
    pub column: usize,
}

fn fault<T>(column: usize, reason: impl Into<String>) -> Result<T, FbrError> {
    Err(FbrError {
        column,
        reason: reason.into(),
    })
}

/// Whether the text at `i` starts a piece definition (a letter, or a prefix and a letter).
pub fn starts_piece_definition(c: &[char], i: usize) -> bool {
    match c.get(i) {
        Some(ch) if ch.is_ascii_uppercase() => true,
        Some(':') => piece_letter_at(c, i).is_some(),
        Some(ch) if "+-#*$%&".contains(*ch) => piece_letter_at(c, i + 1).is_some(),
        _ => false,
    }
}

/// Reads the piece definition at `*i` (see [`starts_piece_definition`]) up to white space,
/// with the list's macros expanded in its movement.
pub fn read_piece_definition(
    c: &[char],
    i: &mut usize,
    macros: &[Macro],
) -> Result<PieceDefinition, FbrError> {
    read_definition(c, i, macros, false)
}

/// [`read_piece_definition`]; a negated definition's movement (`j{K}K`) is checked by the
/// rule that reads it, not as a movement.
fn read_definition(
    c: &[char],
    i: &mut usize,
    macros: &[Macro],
    negated: bool,
) -> Result<PieceDefinition, FbrError> {
    let start = *i;
    let mut prefix = None;
    // `#I=cK`, `#:FD:=K`: a prefix of `$ % & # *` (not the promotion prefixes `+ -`) with a
    // movement.
    if "#*$%&".contains(c[start])
        && piece_letter_at(c, start + 1).is_some_and(|(_, n)| {
            let after = start + 1 + n;
            c.get(after + bracket_len(c, after).unwrap_or(0)) == Some(&'=')
        })
    {
        prefix = Some(c[start]);
        *i += 1;
    }
    let Some((letter, len)) = piece_letter_at(c, *i) else {
        return fault(
            start + 1,
            "a prefixed piece definition (promotions, MBN prefixes) is not evaluated by cqlq",
        );
    };
    *i += len;
    // `C<1>`: the MBN BNF's `<Identifier> ::= ... <BoardIdentifier>?`.
    let mut boards = None;
    if c.get(*i) == Some(&'<') {
        let (id, len) = read_board_identifier(c, *i).or_else(|e| fault(e.column, e.reason))?;
        boards = Some(id);
        *i += len;
    }
    let mut name = None;
    if c.get(*i) == Some(&'|') {
        let from = *i + 1;
        let Some(len) = c[from..].iter().position(|&ch| ch == '|') else {
            return fault(*i + 1, "a piece name `|Name|` needs its closing `|`");
        };
        name = Some(c[from..from + len].iter().collect::<String>());
        *i = from + len + 1;
    }
    let mut mbn = None;
    let mut keeps_board_movement = false;
    let mut board_movements = Vec::new();
    let mut conditioned = Vec::new();
    let mut transition = None;
    let mut macro_movement = None;
    // `@D=K D`: a bare letter's macro is its movement.
    let bare = c.get(*i).is_none_or(|ch| ch.is_whitespace());
    if bare
        && prefix.is_none()
        && macros
            .iter()
            .any(|m| m.letter == letter && m.body.is_some())
    {
        let expanded = expand(macros, &letter, &letter, start + 1)?;
        if let Some(u) = expanded.unknown {
            return Err(u);
        }
        let text: String = expanded.text.iter().map(|x| x.0).collect();
        let column = expanded.text.first().map_or(start + 1, |x| x.1);
        macro_movement = Some((text, column));
    }
    match c.get(*i) {
        None => {}
        Some(ch) if ch.is_whitespace() => {}
        Some('=') => {
            let from = *i + 1;
            let len = c[from..]
                .iter()
                .position(|ch| ch.is_whitespace())
                .unwrap_or(c.len() - from);
            let text: String = c[from..from + len].iter().collect();
            let expanded = expand(macros, &letter, &text, from + 1)?;
            if expanded.keeps_board_movement && prefix.is_some() {
                return fault(
                    start + 1,
                    "a body-less macro (the board's movement) in a prefixed definition is not evaluated by cqlq",
                );
            }
            keeps_board_movement = expanded.keeps_board_movement;
            let split = split_conditions(&expanded.text);
            // The first fault in reading order: the MBN reader's, or a letter that is
            // neither basic nor a macro.
            let unknown = expanded.unknown.clone();
            // `:X:` alternatives of a piece's own movement: the board's movement of `X`.
            let (plain_text, taken) = if prefix.is_none() && !negated {
                take_board_movements(&split.plain).or_else(|e| match &unknown {
                    Some(u) if u.column <= e.column => Err(u.clone()),
                    _ => fault(e.column, format!("MBN: {}", e.reason)),
                })?
            } else {
                (split.plain.clone(), Vec::new())
            };
            if let Some(m) = taken.first().filter(|_| keeps_board_movement) {
                return fault(
                    m.column,
                    "a compound letter as a movement (`:X:`) beside a body-less macro of the \
                     piece's own letter (both the board's movement) is not evaluated by cqlq",
                );
            }
            board_movements = taken;
            let plain: String = plain_text.iter().map(|x| x.0).collect();
            let at = |e: super::mbn::MbnError, cols: &[usize]| {
                let column = cols
                    .get(e.column.saturating_sub(1))
                    .copied()
                    .unwrap_or(from + 1);
                match &unknown {
                    Some(u) if u.column <= column => Err(u.clone()),
                    _ => fault::<()>(column, format!("MBN: {}", e.reason)),
                }
            };
            // Faults in the movement point into the rules text. A prefixed `ccO` is
            // `conversion`'s (the moved piece itself), no movement.
            let plain_cols: Vec<usize> = plain_text.iter().map(|x| x.1).collect();
            if !negated
                && !plain.is_empty()
                && (prefix.is_none() || plain != super::apply::SELF_CONVERSION)
                && let Err(e) = if prefix.is_none() {
                    // A piece's own movement may end in the explosion `X` (`fbr::apply`).
                    mbn_move_sets_with_explosion(&plain)
                } else {
                    mbn_move_sets(&plain)
                }
            {
                at(e, &plain_cols)?;
            }
            for p in &split.conditioned {
                if let Err(e) = mbn_move_sets(&p.mbn) {
                    at(e, &p.columns)?;
                }
            }
            if let Some(u) = unknown.filter(|_| !negated) {
                return Err(u);
            }
            if plain.is_empty()
                && !keeps_board_movement
                && board_movements.is_empty()
                && prefix.is_none()
            {
                return fault(
                    from + 1,
                    "a movement whose every part has a condition (`[*]`, `[+]`) is not evaluated by cqlq: write the piece's unconditioned moves beside it",
                );
            }
            if !plain.is_empty() {
                mbn = Some((plain, plain_cols[0]));
            }
            let conditioned_chars = split
                .conditioned
                .iter()
                .flat_map(|p| p.mbn.chars().zip(p.columns.iter().copied()));
            transition = split
                .plain
                .iter()
                .copied()
                .chain(conditioned_chars)
                .find(|x| x.0 == '<')
                .map(|x| x.1);
            conditioned = split.conditioned;
            *i = from + len;
        }
        Some(&ch) => {
            return fault(
                *i + 1,
                format!("`{ch}` after a piece letter (a suffix) is not evaluated by cqlq"),
            );
        }
    }
    Ok(PieceDefinition {
        prefix,
        letter,
        name,
        mbn,
        keeps_board_movement,
        board_movements,
        conditioned,
        boards,
        transition,
        macro_movement,
        column: start + 1,
    })
}

/// Whether `c[i]` starts a negated prefixed definition (the seed's conversion
/// `!*K=j{K}K`: "provided that this piece is not adjacent to his King"), which
/// `conversion<prefix>` reads ([`read_negated_definition`]).
pub fn starts_negated_definition(c: &[char], i: usize) -> bool {
    c.get(i) == Some(&'!')
        && c.get(i + 1).is_some_and(|p| "#*$%&+-".contains(*p))
        && starts_piece_definition(c, i + 1)
}

/// Reads the negated prefixed definition at `*i` ([`starts_negated_definition`]): the
/// definition after the `!`, its columns those of the text.
pub fn read_negated_definition(
    c: &[char],
    i: &mut usize,
    macros: &[Macro],
) -> Result<PieceDefinition, FbrError> {
    let start = *i;
    *i += 1;
    let d = read_definition(c, i, macros, true)?;
    if d.prefix.is_none() || d.mbn.is_none() || !d.conditioned.is_empty() {
        return fault(
            start + 1,
            "a negated definition needs a prefix and a movement without conditions (`!*K=j{K}K`)",
        );
    }
    Ok(d)
}

/// Gives the definitions' pieces their movements: an existing piece of the letter gets the
/// MBN movement in place of its own (its other properties stay); a new letter becomes a new
/// piece. A bare letter must name a piece of the board.
pub fn apply_piece_definitions(
    def: &mut VariantDef,
    defs: &[PieceDefinition],
) -> Result<(), FbrError> {
    // The pieces that take en passant by their MBN `ce` (type, column of the partial move).
    let mut en_passant_takers = Vec::new();
    // The board before the list: what `:X:` names.
    let board = def.pieces.clone();
    for d in defs.iter().filter(|d| d.prefix.is_none()) {
        let letter = d.letter.clone();
        let found = def
            .pieces
            .iter()
            .position(|p| p.symbols[0].eq_ignore_ascii_case(&letter));
        let movement = d
            .mbn
            .as_ref()
            .or(d.macro_movement.as_ref().filter(|_| found.is_none()));
        let sets = match movement {
            Some((text, column)) => mbn_move_sets_with_explosion(text)
                .or_else(|e| fault(column + e.column - 1, format!("MBN: {}", e.reason)))?,
            // `K=:K:`: the board's movement alone.
            None if !d.board_movements.is_empty() => Default::default(),
            None => {
                if found.is_none() {
                    return fault(d.column, format!("`{letter}` names no piece of this board"));
                }
                continue;
            }
        };
        let column = movement.map_or(d.column, |m| m.1);
        if d.keeps_board_movement
            && let Some(c) = sets.state.first.filter(|_| sets.state.needs_piece())
        {
            return fault(
                column + c - 1,
                "MBN: an initial move (`i`) or en passant (`e`) added to the board's movement \
                 (a body-less macro) is not evaluated by cqlq",
            );
        }
        if d.keeps_board_movement {
            // `P=PX` (`@P` without a body): the board's movement of the piece stays, the
            // MBN's is added (a swap adds nothing here: `fbr::apply::swaps` reads it).
            let Some(index) = found else {
                return fault(d.column, format!("`{letter}` names no piece of this board"));
            };
            let p = &mut def.pieces[index];
            let mut captures = p.captures.clone().unwrap_or_else(|| p.moves.clone());
            captures.extend(sets.captures);
            p.moves.extend(sets.moves);
            p.captures = Some(captures);
            continue;
        }
        let index = found.unwrap_or_else(|| {
            def.pieces.push(PieceDef {
                name: d.name.clone().unwrap_or_else(|| letter.clone()),
                san: letter.clone(),
                symbols: [letter.clone(), letter.to_lowercase()],
                ..PieceDef::default()
            });
            def.pieces.len() - 1
        });
        let p = &mut def.pieces[index];
        p.moves = sets.moves;
        p.captures = Some(sets.captures);
        p.special = None;
        super::mbn::state::apply_state(p, &sets.state);
        // The state's columns are the MBN text's; the board movements' the rules text's.
        let mut state = sets.state.clone();
        state.first = state.first.map(|c| column + c - 1);
        add_board_movements(p, &letter, &board, &d.board_movements, &state)
            .or_else(|e| fault(e.column, format!("MBN: {}", e.reason)))?;
        if let Some(c) = sets.state.takes_ep {
            en_passant_takers.push((index, column + c - 1));
        }
    }
    super::mbn::state::check_en_passant_victims(def, &en_passant_takers)
}
