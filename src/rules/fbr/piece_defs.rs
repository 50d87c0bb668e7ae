//! Piece definitions in an FBR rule list (seed 001: `royal cheshire{X} K Q R B N P +P`,
//! `Q=BN`): a bare letter names a piece of the board; `L=MBN` or `L|Name|=MBN` gives a piece
//! (an existing one or a new one) the movement written in MBN ([`super::mbn`]). A prefixed
//! definition with a movement (`#I=cK`) is read and left to the rule that names its prefix
//! (`freezer#`, `protector*`, `burner#`: the zone; `conversion*`'s `*Q=ccO`); prefixed
//! promotion rules (`+P`, `+P==Q`, `*N==X`) are `fbr::prefix_rules`'; other prefixed and
//! suffixed identifiers are refused by name. A letter may be a compound letter between colons
//! (`:FD:|Fire Demon|=...`, `#:FD:=K`; [`crate::rules::fairy::compound_letters`]).

use super::mbn::mbn_move_sets;
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
    /// The MBN movement after `=`, with the 1-based column of its first character.
    pub mbn: Option<(String, usize)>,
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

/// Reads the piece definition at `*i` (see [`starts_piece_definition`]) up to white space.
pub fn read_piece_definition(c: &[char], i: &mut usize) -> Result<PieceDefinition, FbrError> {
    let start = *i;
    let mut prefix = None;
    // `#I=cK`, `#:FD:=K`: a prefix of `$ % & # *` (not the promotion prefixes `+ -`) with a
    // movement.
    if "#*$%&".contains(c[start])
        && piece_letter_at(c, start + 1).is_some_and(|(_, n)| c.get(start + 1 + n) == Some(&'='))
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
            // Faults in the movement point into the rules text. A prefixed `ccO` is
            // `conversion`'s (the moved piece itself), no movement.
            if prefix.is_none() || text != super::apply::SELF_CONVERSION {
                mbn_move_sets(&text)
                    .or_else(|e| fault(from + e.column, format!("MBN: {}", e.reason)))?;
            }
            mbn = Some((text, from + 1));
            *i = from + len;
        }
        Some('<') => {
            // The MBN BNF's `<Identifier> ::= ... <BoardIdentifier>?`, `'<' <BoardNumbers> '>'`.
            return fault(
                *i + 1,
                format!(
                    "`{letter}<...>` is an MBN board identifier (the piece on the boards named, as the seed's crab `C<1>|Crab|=<2>mO` on board 1, moving to board 2): a board identifier is not evaluated by cqlq (its boards are one board)"
                ),
            );
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
        column: start + 1,
    })
}

/// The refusal of an MBN identifier a rule list may hold but cqlq does not read, at `c[i]`:
/// a negated prefixed definition (the seed's conversion `!*K=j{K}K`) or a macro (`@D=K`,
/// `@X=wwK`); `None` when neither starts there.
pub fn unread_identifier(c: &[char], i: usize) -> Option<FbrError> {
    let what = match (c.get(i), c.get(i + 1)) {
        (Some('!'), Some(p)) if "#*$%&+-".contains(*p) && starts_piece_definition(c, i + 1) => {
            "a negated prefixed definition (the seed's conversion `!*K=j{K}K`: the targets it excludes, \"provided that this piece is not adjacent to his King\") is not evaluated by cqlq"
        }
        (Some('@'), Some(l)) if l.is_ascii_uppercase() => {
            "an MBN macro (`@D=K`, `@X=wwK`: a movement named for use in other definitions) is not evaluated by cqlq"
        }
        _ => return None,
    };
    Some(FbrError {
        column: i + 1,
        reason: what.into(),
    })
}

/// Gives the definitions' pieces their movements: an existing piece of the letter gets the
/// MBN movement in place of its own (its other properties stay); a new letter becomes a new
/// piece. A bare letter must name a piece of the board.
pub fn apply_piece_definitions(
    def: &mut VariantDef,
    defs: &[PieceDefinition],
) -> Result<(), FbrError> {
    for d in defs.iter().filter(|d| d.prefix.is_none()) {
        let letter = d.letter.clone();
        let found = def
            .pieces
            .iter()
            .position(|p| p.symbols[0].eq_ignore_ascii_case(&letter));
        let Some((text, column)) = &d.mbn else {
            if found.is_none() {
                return fault(d.column, format!("`{letter}` names no piece of this board"));
            }
            continue;
        };
        let sets = mbn_move_sets(text)
            .or_else(|e| fault(column + e.column - 1, format!("MBN: {}", e.reason)))?;
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
        p.initial = Vec::new();
    }
    Ok(())
}
