//! SAN read as python-chess 1.11.2's `Board.parse_san` reads it, where shakmaty's strict
//! reading names no move: the capture mark is not checked (`cd5` for `cxd5`, as written in
//! older books; `Nxf3` onto an empty square), and a pawn move without a file is a move from
//! the target's file (`parse_san`: "Do not allow pawn captures if file is not specified").
//! The piece, the file and rank hints, the target and the promotion must still fit exactly
//! one legal move (none: illegal; several: ambiguous).

use shakmaty::san::{San, SanError};
use shakmaty::{Move, Role};

/// The one move of `legal` that `san` names when its capture mark is not checked (see the
/// module); castling and null moves are not read here.
pub(crate) fn lenient_move(san: &San, legal: &[Move]) -> Result<Move, SanError> {
    let &San::Normal {
        role,
        file,
        rank,
        capture: _,
        to,
        promotion,
    } = san
    else {
        return Err(SanError::IllegalSan);
    };
    let mut found = None;
    for &m in legal {
        let Some(from) = m.from() else { continue };
        if m.is_castle() || m.role() != role || m.to() != to || m.promotion() != promotion {
            continue;
        }
        let file_fits = match file {
            Some(f) => from.file() == f,
            None => role != Role::Pawn || from.file() == to.file(),
        };
        if !file_fits || rank.is_some_and(|r| from.rank() != r) {
            continue;
        }
        if found.is_some() {
            return Err(SanError::AmbiguousSan);
        }
        found = Some(m);
    }
    found.ok_or(SanError::IllegalSan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    /// The position after `moves` (SAN) from the start.
    fn after(moves: &[&str]) -> Chess {
        let mut pos = Chess::default();
        for m in moves {
            let san: San = m.parse().unwrap();
            let mv = san.to_move(&pos).unwrap();
            pos.play_unchecked(mv);
        }
        pos
    }

    fn read(pos: &Chess, text: &str) -> Result<String, SanError> {
        let san: San = text.parse().unwrap();
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        lenient_move(&san, &legal).map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
    }

    /// The game, 1. Nf3 Nf6 2. c4 g6 3. Nc3 d5 4. cd5: python-chess reads `cd5` as
    /// c4xd5 (`parse_san`: the file hint c, a pawn, to d5; the capture mark is optional).
    #[test]
    fn a_pawn_capture_without_x() {
        let pos = after(&["Nf3", "Nf6", "c4", "g6", "Nc3", "d5"]);
        assert_eq!(read(&pos, "cd5").as_deref(), Ok("c4d5"));
    }

    /// `Nxf3` onto an empty square: python-chess ignores the mark (its regex's `[\-x]?`).
    #[test]
    fn a_capture_mark_on_a_quiet_move() {
        let pos = Chess::default();
        assert_eq!(read(&pos, "Nxf3").as_deref(), Ok("g1f3"));
    }

    /// Without a file a pawn moves on its own file (`d5` is not `exd5`); a move no piece makes
    /// stays illegal; two knights reaching one square are ambiguous.
    #[test]
    fn what_stays_refused() {
        let pos = after(&["e4", "d5"]);
        assert_eq!(read(&pos, "d5"), Err(SanError::IllegalSan));
        assert_eq!(read(&pos, "Qxh5").as_deref(), Ok("d1h5"));
        let pos = after(&["Nc3", "a6", "Nf3", "a5"]);
        // The knights on c3 and f3 reach b5, d5, e4, ... and d4, e5, g5, ...: not d6.
        assert_eq!(read(&pos, "Nxd6"), Err(SanError::IllegalSan));
        // After 1. d4, the knights on b1 and f3 both reach d2.
        let pos = after(&["d4", "a6", "Nf3", "a5"]);
        assert_eq!(read(&pos, "Nxd2"), Err(SanError::AmbiguousSan));
    }
}
