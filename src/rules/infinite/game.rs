//! ICN games: tags, a start position and moves; replaying them with full validation.

use super::error::IcnError;
use super::moves::{Move, Played, compact, in_check, play};
use super::piece::Piece;
use super::position::InfPosition;
use super::write::position_to_icn;

/// One move as read, with what the text said about it.
#[derive(Clone, Debug, PartialEq)]
pub struct IcnMove {
    /// The move.
    pub mv: Move,
    /// The piece named in the long form (`P4,2>4,4`), checked on replay.
    pub piece_hint: Option<Piece>,
    /// `+` or `#` as written.
    pub mark: Option<char>,
    /// The `{comment}` after the move.
    pub comment: Option<String>,
    /// Line, column and byte offset of the move in the text.
    pub location: (usize, usize, usize),
}

/// A game: `[Tag "..."]` pairs, the start position and the moves.
#[derive(Clone, Debug, PartialEq)]
pub struct IcnGame {
    /// Tags in order.
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub start: InfPosition,
    /// The moves.
    pub moves: Vec<IcnMove>,
    /// A result token after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: Option<String>,
}

impl IcnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Replays every move, validating each; returns the positions after each move with what
    /// the move did. A wrong piece name, an illegal move or a wrong `+`/`#` mark is an error
    /// at the move's location.
    pub fn replay(&self) -> Result<Vec<(InfPosition, Played)>, IcnError> {
        let mut pos = self.start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for m in &self.moves {
            let err = |msg: String| IcnError {
                line: m.location.0,
                column: m.location.1,
                offset: m.location.2,
                message: msg,
            };
            if let Some(msg) = misnamed(&pos, m.piece_hint, &m.mv) {
                return Err(err(msg));
            }
            let played = play(&mut pos, &m.mv).map_err(|e| err(e.to_string()))?;
            if m.mark.is_some() && !in_check(&pos, pos.turn) {
                return Err(err(format!(
                    "move {} is marked {} but gives no check",
                    compact(&m.mv, played.piece.owner),
                    m.mark.unwrap_or('+')
                )));
            }
            out.push((pos.clone(), played));
        }
        Ok(out)
    }
}

impl IcnGame {
    /// The first move (its index, and the error at its place) whose piece name (`N4,2>4,4`)
    /// does not name the piece on its start square, found by replaying the moves up to the
    /// last named one: the search's replay plays moves by squares alone, so without this a
    /// misnamed move would be another piece's move. None when every named move names its
    /// piece, or when a move before the first misnamed one cannot be played (the search's
    /// replay reports that move).
    pub fn first_misnamed_move(&self) -> Option<(usize, IcnError)> {
        let last_named = self.moves.iter().rposition(|m| m.piece_hint.is_some())?;
        let mut pos = self.start.clone();
        for (i, m) in self.moves[..=last_named].iter().enumerate() {
            if let Some(message) = misnamed(&pos, m.piece_hint, &m.mv) {
                let (line, column, offset) = m.location;
                return Some((
                    i,
                    IcnError {
                        line,
                        column,
                        offset,
                        message,
                    },
                ));
            }
            play(&mut pos, &m.mv).ok()?;
        }
        None
    }
}

/// Why move `mv`, written with the piece name `hint`, misnames the piece on its start square
/// in `pos`; none when it names it or names none.
pub fn misnamed(pos: &InfPosition, hint: Option<Piece>, mv: &Move) -> Option<String> {
    let named = hint?;
    let there = pos.board.get(mv.from);
    (there != Some(named)).then(|| {
        format!(
            "move {} names {} but its start square {}",
            compact(mv, pos.turn),
            named.to_icn(),
            there.map_or("is empty".to_string(), |p| format!("holds {}", p.to_icn()))
        )
    })
}

/// Writes a game as ICN: tags, the start position, then compact moves joined by `|`.
pub fn game_to_icn(game: &IcnGame) -> String {
    let mut s = String::new();
    for (n, v) in &game.tags {
        s.push_str(&format!("[{n} \"{}\"]\n", v.replace('"', "\\\"")));
    }
    if !game.tags.is_empty() {
        s.push('\n');
    }
    s.push_str(&position_to_icn(&game.start));
    s.push('\n');
    let mut turn = game.start.turn;
    let moves: Vec<String> = game
        .moves
        .iter()
        .map(|m| {
            let t = compact(&m.mv, turn);
            turn = turn.other();
            t
        })
        .collect();
    if !moves.is_empty() {
        s.push('\n');
        s.push_str(&moves.join("|"));
        s.push('\n');
    }
    s
}
