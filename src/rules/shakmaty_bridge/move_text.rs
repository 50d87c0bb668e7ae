//! Moves as text on the shakmaty-backed boards: SAN read (with coordinate moves, `g1f3`,
//! `Ng1-f3`, `e7-e8=Q`, where SAN fails) and resolved against the legal moves, and a move's
//! SAN and UCI written as python-chess writes them.

use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingSide, Move, Role, Square};

use super::super::{RulesError, RulesErrorKind};

/// The SAN of a move read (with or without its check suffix); None for a null move (`--`).
pub(crate) fn read_san(san: &str) -> Result<Option<San>, RulesError> {
    let parsed = SanPlus::from_ascii(san.as_bytes())
        .map(|s| s.san)
        .or_else(|_| San::from_ascii(san.as_bytes()))
        .map_err(|_| {
            RulesError::new(
                RulesErrorKind::UnreadableMove,
                format!("unreadable move \"{san}\""),
            )
        })?;
    Ok((parsed != San::Null).then_some(parsed))
}

/// A move written in coordinates, as python-chess's `parse_uci` and pgn-extract read them:
/// `g1f3`, `e2-e4`, `Ng1-f3`, `Ng1xf3`, `e7e8q`, `e7-e8=Q` (check marks and annotations
/// after it ignored).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CoordinateMove {
    /// The piece letter written before the squares (`N` of `Ng1-f3`), if any.
    pub role: Option<Role>,
    /// The square the piece leaves.
    pub from: Square,
    /// The square written second: where the piece goes, or for castling the king's
    /// destination or its rook's square (`e1g1`, `e1h1`).
    pub to: Square,
    /// The promotion piece written last, if any.
    pub promotion: Option<Role>,
}

/// Reads `text` as a coordinate move; None when it is not one.
pub(crate) fn read_coordinates(text: &str) -> Option<CoordinateMove> {
    let body = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let mut rest = body.as_bytes();
    let role = match rest.first() {
        Some(c) if c.is_ascii_uppercase() => {
            rest = &rest[1..];
            Some(Role::from_char(char::from(*c))?)
        }
        _ => None,
    };
    let from = Square::from_ascii(rest.get(..2)?).ok()?;
    rest = &rest[2..];
    if let [b'-' | b'x' | b':', after @ ..] = rest {
        rest = after;
    }
    let to = Square::from_ascii(rest.get(..2)?).ok()?;
    rest = &rest[2..];
    if let [b'=', after @ ..] = rest {
        rest = after;
    }
    let promotion = match rest {
        [] => None,
        [c] => Some(Role::from_char(char::from(*c)).filter(|r| *r != Role::Pawn)?),
        _ => return None,
    };
    Some(CoordinateMove {
        role,
        from,
        to,
        promotion,
    })
}

/// The one move of `legal` that `written` names: same start square, piece (when written) and
/// promotion, and the written destination (a castling's rook square counts as its
/// destination); failing that, a castling whose king goes to the written square (`e1g1`).
/// None when no move or more than one fits.
pub(crate) fn coordinate_move(written: &CoordinateMove, legal: &[Move]) -> Option<Move> {
    let fits = |m: &&Move| {
        m.from() == Some(written.from)
            && m.promotion() == written.promotion
            && written.role.is_none_or(|r| r == m.role())
    };
    let one = |mut found: Vec<&Move>| (found.len() == 1).then(|| *found.remove(0));
    let exact: Vec<&Move> = legal
        .iter()
        .filter(fits)
        .filter(|m| m.to() == written.to)
        .collect();
    if !exact.is_empty() {
        return one(exact);
    }
    one(legal
        .iter()
        .filter(fits)
        .filter(|m| match **m {
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                Square::from_coords(side.king_to_file(), king.rank()) == written.to
            }
            _ => false,
        })
        .collect())
}

/// SAN's error about the move written `san` as cqlq reports it (`ambiguous move "Nd2"`,
/// `illegal move "g1f4"`).
pub(crate) fn san_error(error: shakmaty::san::SanError, san: &str) -> RulesError {
    match error {
        shakmaty::san::SanError::AmbiguousSan => RulesError::new(
            RulesErrorKind::AmbiguousMove,
            format!("ambiguous move \"{san}\""),
        ),
        shakmaty::san::SanError::IllegalSan => RulesError::new(
            RulesErrorKind::IllegalMove,
            format!("illegal move \"{san}\""),
        ),
    }
}

/// The move written `san` found among `legal` as SAN, or where SAN does not name one, as a
/// coordinate move ([`read_coordinates`]); None for a null move (`--`). The error is SAN's
/// (`illegal move "g1f4"`, `ambiguous move "Nd2"`, `unreadable move "zz"`).
pub(crate) fn resolve_move(san: &str, legal: &[Move]) -> Result<Option<Move>, RulesError> {
    let from_san = read_san(san).and_then(|parsed| {
        let Some(parsed) = parsed else {
            return Ok(None);
        };
        let mut found = legal.iter().filter(|m| parsed.matches(**m));
        match (found.next(), found.next()) {
            (Some(&m), None) => Ok(Some(m)),
            (Some(_), Some(_)) => Err(RulesError::new(
                RulesErrorKind::AmbiguousMove,
                format!("ambiguous move \"{san}\""),
            )),
            // Where the strict reading names no move, python-chess's (`cd5`).
            (None, _) => super::super::lenient_san::lenient_move(&parsed, legal)
                .map(Some)
                .map_err(|e| san_error(e, san)),
        }
    });
    from_san.or_else(|e| {
        read_coordinates(san)
            .and_then(|c| coordinate_move(&c, legal))
            .map(Some)
            .ok_or(e)
    })
}

/// The standard SAN (with `+`/`#`) and UCI of move `m` (None: a null move, `--` and
/// `0000`) from `pos`, as python-chess writes them.
pub(crate) fn san_and_uci<P: shakmaty::Position + Clone>(
    pos: &P,
    m: Option<Move>,
    mode: shakmaty::CastlingMode,
) -> (String, String) {
    match m {
        Some(m) => (
            SanPlus::from_move(pos.clone(), m).to_string(),
            m.to_uci(mode).to_string(),
        ),
        None => ("--".to_string(), "0000".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::legal;
    use super::*;
    use shakmaty::CastlingMode;

    /// The forms python-chess's SAN pattern (`[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[nbrqk])?`
    /// with file and rank both given) and pgn-extract read, each resolved as python-chess's
    /// `find_move` would: `g1f3` and `Ng1-f3` the knight's move, `e1g1` and `e1h1` castling,
    /// `e7e8q` and `e7-e8=Q` a promotion; no promotion letter on a promoting pawn, a wrong
    /// piece letter, or an illegal move name nothing; SAN's own errors stay when the
    /// coordinates fail too.
    #[test]
    fn coordinate_moves_resolve_as_python_chess_finds_them() {
        let (_, start) = legal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let knight = resolve_move("g1f3", &start).unwrap().unwrap();
        assert_eq!(knight.to_uci(CastlingMode::Standard).to_string(), "g1f3");
        for same in ["Ng1-f3", "Ng1f3", "g1-f3", "g1f3+", "Ng1xf3"] {
            assert_eq!(resolve_move(same, &start).unwrap(), Some(knight), "{same}");
        }
        assert_eq!(
            resolve_move("Bg1f3", &start).unwrap_err().reason,
            "illegal move \"Bg1f3\""
        );
        assert!(resolve_move("g1f4", &start).is_err());
        let castling = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let (_, moves) = legal(castling);
        for (text, side) in [
            ("e1g1", true),
            ("e1h1", true),
            ("e1c1", false),
            ("e1a1", false),
        ] {
            let m = resolve_move(text, &moves).unwrap().unwrap();
            assert_eq!(
                m.castling_side().map(|s| s.is_king_side()),
                Some(side),
                "{text}"
            );
        }
        let (pos, moves) = legal("8/4P1k1/8/8/8/8/8/K7 w - - 0 1");
        for text in ["e7e8q", "e7-e8=Q", "e7e8Q"] {
            let m = resolve_move(text, &moves).unwrap().unwrap();
            assert_eq!(m.promotion(), Some(Role::Queen), "{text}");
            assert_eq!(san_and_uci(&pos, Some(m), CastlingMode::Standard).0, "e8=Q");
        }
        assert_eq!(
            resolve_move("e7e8n", &moves).unwrap().unwrap().promotion(),
            Some(Role::Knight)
        );
        assert!(resolve_move("e7e8", &moves).is_err());
        assert!(resolve_move("e7e8p", &moves).is_err());
        assert_eq!(read_coordinates("e4"), None);
        assert_eq!(read_coordinates("e2e4e5"), None);
    }

    /// python-chess 1.11.2: `board.san(move)` and `move.uci()` after 1.f3 e5 2.g4 for the
    /// queen's move to h4 (`Qh4#`, `d8h4`); a null move is `--` / `0000`.
    #[test]
    fn san_and_uci_as_python_chess_writes_them() {
        let (pos, moves) = legal("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
        let m = resolve_move("Qh4", &moves).unwrap();
        assert_eq!(
            san_and_uci(&pos, m, CastlingMode::Standard),
            ("Qh4#".to_string(), "d8h4".to_string())
        );
        assert_eq!(
            san_and_uci(&pos, None, CastlingMode::Standard),
            ("--".to_string(), "0000".to_string())
        );
    }
}
