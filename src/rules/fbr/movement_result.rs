//! An MBN movement as a prefixed promotion rule's result: seed 001's Disk queen
//! `*Q==(wwO--:QD:)+D` ("After capturing a Disk (D), the Queen (Q) will promote to a Queen
//! with mounted Disk (:QD:)"). cqlq reads one shape of it, `(wwO--L)` with optional
//! alternatives `+MBN` after it:
//! - `L` (a piece letter, `:QD:`), the sequence's last leg, is the piece the rule promotes to;
//! - `wwO` before it is a swap (`ww`: with a friendly piece, the MBN page's modifier table as
//!   LeCodex's mbn.js restates it) by the zero leap `O` (mbn.js's `O: Zero :0,0:`; "the atom
//!   O is sometimes used for null move (staying in place...)", H. G. Muller's Betza page):
//!   the piece swaps with itself, which moves nothing but is a swap, so it fires a
//!   `promotion<q>=swap` rule in that leg (`enpassant`: "promotion will be done in any leg,
//!   and the move will continue with the promoted piece"); the move then goes on by `L`'s
//!   movement. The promoted piece's moves are its own (`:QD:=Q`) and these: the unmounting
//!   moves of `fbr::apply::disk_mounting`;
//! - `+MBN` (the list's macros expanded: `+D` under `@D=K` is a king step) are further
//!   alternatives of the promoted piece's movement; `fbr::apply::disk_mounting` evaluates
//!   them against `L`'s own movement (the king step is among the queen's moves).
//!
//! Any other movement as a result is refused at its column.

use super::macros::{expand, read_macros};
use super::mbn::mbn_move_sets;
use super::parse::FbrError;
use crate::rules::fairy::compound_letters::piece_letter_at;

/// A movement result `(wwO--L)+MBN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementResult {
    /// The piece promoted to (`:QD:`), upper case.
    pub piece: String,
    /// 1-based column of its letter.
    pub piece_column: usize,
    /// 1-based column of the zero swap `wwO`.
    pub swap_column: usize,
    /// The alternatives after the `)`, macros expanded (`K` for `+D` under `@D=K`), with
    /// the 1-based column each character comes from.
    pub alternatives: Option<(String, Vec<usize>)>,
}

fn fault<T>(column: usize, reason: impl Into<String>) -> Result<T, FbrError> {
    Err(FbrError {
        column,
        reason: reason.into(),
    })
}

const OTHER: &str = "an MBN movement as a promotion's result other than a zero swap and the piece \
     promoted to (`(wwO--L)`, seed 001's Disk queen `*Q==(wwO--:QD:)+D`) is not evaluated by cqlq";

/// Reads the movement result at `*i` (a `(`) up to white space.
pub fn read_movement_result(c: &[char], i: &mut usize) -> Result<MovementResult, FbrError> {
    let open = *i;
    let swap_column = open + 2;
    let zero_swap: Vec<char> = "wwO".chars().collect();
    if c.get(open + 1..open + 4) != Some(&zero_swap[..]) {
        return fault(open + 1, OTHER);
    }
    let mut k = open + 4;
    let hyphens = c[k..].iter().take_while(|&&ch| ch == '-').count();
    if hyphens == 0 || hyphens > 2 {
        return fault(k + 1, OTHER);
    }
    k += hyphens;
    let Some((piece, n)) = piece_letter_at(c, k) else {
        return fault(k + 1, OTHER);
    };
    let piece_column = k + 1;
    k += n;
    if c.get(k) != Some(&')') {
        return fault(k + 1, OTHER);
    }
    k += 1;
    let alternatives = match c.get(k) {
        None => None,
        Some(ch) if ch.is_whitespace() => None,
        Some('+') => {
            let from = k + 1;
            let len = c[from..]
                .iter()
                .position(|ch| ch.is_whitespace())
                .unwrap_or(c.len() - from);
            if len == 0 {
                return fault(k + 1, "`+` after a movement result needs a movement (`+D`)");
            }
            let text: String = c[from..from + len].iter().collect();
            let macros = read_macros(c)?;
            let expanded = expand(&macros, &piece, &text, from + 1)?;
            if let Some(u) = expanded.unknown {
                return Err(u);
            }
            if expanded.keeps_board_movement {
                return fault(
                    from + 1,
                    "a body-less macro (the board's movement) in a promotion's result is not evaluated by cqlq",
                );
            }
            let mbn: String = expanded.text.iter().map(|x| x.0).collect();
            let columns: Vec<usize> = expanded.text.iter().map(|x| x.1).collect();
            if let Err(e) = mbn_move_sets(&mbn) {
                let at = columns
                    .get(e.column.saturating_sub(1))
                    .copied()
                    .unwrap_or(from + 1);
                return fault(at, format!("MBN: {}", e.reason));
            }
            k = from + len;
            Some((mbn, columns))
        }
        Some(_) => return fault(k + 1, OTHER),
    };
    *i = k;
    Ok(MovementResult {
        piece,
        piece_column,
        swap_column,
        alternatives,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<MovementResult, FbrError> {
        let c: Vec<char> = text.chars().collect();
        let mut i = text.find('(').expect("a movement");
        let r = read_movement_result(&c, &mut i);
        if r.is_ok() {
            assert!(c.get(i).is_none_or(|ch| ch.is_whitespace()), "{text}");
        }
        r
    }

    #[test]
    fn the_seeds_disk_queen_result_reads() {
        // Seed 001: `@D=K ... *Q==(wwO--:QD:)+D`; `+D` is the macro's king step.
        let r = read("@D=K *Q==(wwO--:QD:)+D").unwrap();
        assert_eq!((r.piece.as_str(), r.piece_column), (":QD:", 16));
        assert_eq!(r.swap_column, 11);
        let (mbn, columns) = r.alternatives.unwrap();
        assert_eq!(mbn, "K");
        assert_eq!(columns, [4]);
        let r = read("*Q==(wwO-:QD:)").unwrap();
        assert!(r.alternatives.is_none());
    }

    #[test]
    fn other_movements_are_refused_at_their_column() {
        assert_eq!(read("*Q==(mW--:QD:)").unwrap_err().column, 5);
        assert_eq!(read("*Q==(wwO:QD:)").unwrap_err().column, 9);
        assert_eq!(read("*Q==(wwO---:QD:)").unwrap_err().column, 9);
        assert_eq!(read("*Q==(wwO--mQ)").unwrap_err().column, 11);
        assert_eq!(read("*Q==(wwO--:QD:-W)").unwrap_err().column, 15);
        assert_eq!(read("*Q==(wwO--:QD:)D").unwrap_err().column, 16);
        // An unknown move letter after `+` (no macro, no basic letter).
        assert_eq!(read("*Q==(wwO--:QD:)+J").unwrap_err().column, 17);
        assert!(read("*Q==(wwO--:QD:)+").is_err());
    }
}
