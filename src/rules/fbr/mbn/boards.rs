//! MBN board identifiers and board transitions (the MBN BNF restated in
//! `../shared/variants/fbr`): a board identifier after a piece letter says on which boards a
//! definition holds (`<BoardIdentifier> ::= '<' <BoardNumbers> '>' | '<' '<' <BoardNumbers> '>'
//! '>' | ...`, seed 001's crab `C<1>|Crab|=<2>mO *C<1>=K`, Alice's `K<*>`); a board transition
//! before a partial move says to which board the move goes (`<MovePrefix> ::= '!'?
//! <BoardTransition>? ...`: the crab's `<2>mO`, the zero leap `O` landing on the same square of
//! board 2; Alice's `aK--<+>mO`).
//!
//! The boards cqlq plays are numbered 1..n in one row: one board (any game but Alice), two
//! (`alice`, the seed's "double board description"), three or four (`alice=3D`/`4D`, the seed's
//! "multi-board representation, this is avoiding 4D support"). Readings:
//! - An identifier must name boards the game has (`C<2>` on one board is refused: that piece
//!   stands on no board), and all of them (a movement for some boards only would need each
//!   board's own moves; the engine plays one movement per piece): `<*>`, `<1>` on one board,
//!   `<1,2,3>` under `alice=3D`. The doubled form `<<...>>` (which LeCodex's parser labels
//!   "reflected", counting the boards from the other end) names the same boards when it
//!   names all of them, so it is read the same there. A 4D identifier (`<<1;2>>`,
//!   `<<1>;<2>>`: levels; rows) must name row 1, the one row cqlq's boards stand in.
//! - A transition that can reach no board of a one-board game gives no move there ("a
//!   transition to a board the game does not have gives no move"): `<2>`, `<+1>`, `<-1>`,
//!   `<+>` (the seed's Alice: on to another board), `<2,3>`. One that may stay on the piece's
//!   own board is refused by name: `<1>`, `<0>`, `<+0>` and lists holding 1 (an unsigned
//!   `0` or `1` also reads both ways: the BNF's `<RelativeTransition> ::= '+'? '-'? <Number>`
//!   and `<AbsoluteTransition> ::= <ListOfNumbers>` both match a lone number).
//!   With more than one board (Alice) transitions are refused by the rule list
//!   (`fbr::apply`), and a definitions file's `MBN:` line refuses them (its boards are not
//!   known there).

use super::parse::MbnError;

/// Board numbers: `*` (every board) or a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardNumbers {
    /// `*`.
    All,
    /// `1,2`.
    List(Vec<u32>),
}

impl BoardNumbers {
    /// Whether the numbers hold board `n`.
    fn holds(&self, n: u32) -> bool {
        match self {
            BoardNumbers::All => true,
            BoardNumbers::List(l) => l.contains(&n),
        }
    }
}

/// A board identifier after a piece letter (`C<1>`, `<1,2>`, `<*>`, `<<1>>`, `<<1;2>>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardIdentifier {
    /// The boards (3D levels) named.
    pub levels: BoardNumbers,
    /// The rows named by a 4D identifier (`None`: a 3D identifier).
    pub rows: Option<BoardNumbers>,
    /// The identifier as written.
    pub text: String,
    /// 1-based column of its `<`.
    pub column: usize,
}

fn fault(at: usize, reason: impl Into<String>) -> MbnError {
    MbnError {
        column: at + 1,
        reason: reason.into(),
    }
}

/// The length of the bracketed `<...>` at `c[at]` (nested `<`/`>` counted), if it closes.
pub fn bracket_len(c: &[char], at: usize) -> Option<usize> {
    if c.get(at) != Some(&'<') {
        return None;
    }
    let mut depth = 0usize;
    for (i, &ch) in c.iter().enumerate().skip(at) {
        match ch {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1 - at);
                }
            }
            ch if ch.is_whitespace() => return None,
            _ => {}
        }
    }
    None
}

/// Reads `*` or a list of numbers from `text` (starting at `c[at]`, for columns).
fn numbers(text: &str, at: usize) -> Result<BoardNumbers, MbnError> {
    if text == "*" {
        return Ok(BoardNumbers::All);
    }
    let mut list = Vec::new();
    for part in text.split(',') {
        let n = part
            .parse::<u32>()
            .ok()
            .filter(|_| part.chars().all(|ch| ch.is_ascii_digit()));
        match n {
            Some(n) => list.push(n),
            None => {
                return Err(fault(
                    at,
                    format!(
                        "`{text}` is no board number list (`*` or numbers joined by `,`: the MBN BNF's `<BoardNumbers>`)"
                    ),
                ));
            }
        }
    }
    Ok(BoardNumbers::List(list))
}

/// Reads the board identifier at `c[at]` (a `<`): the identifier and its length.
pub fn read_board_identifier(c: &[char], at: usize) -> Result<(BoardIdentifier, usize), MbnError> {
    let Some(len) = bracket_len(c, at) else {
        return Err(fault(
            at,
            "a board identifier `<...>` needs its closing `>`",
        ));
    };
    let text: String = c[at..at + len].iter().collect();
    // Strip the outer `<...>`, then a doubled one.
    let inner = &text[1..len - 1];
    let body = inner
        .strip_prefix('<')
        .and_then(|s| s.strip_suffix('>'))
        .filter(|s| !s.contains('<'))
        .unwrap_or(inner);
    let (levels, rows) = match body.split_once(';') {
        None => (numbers(body, at)?, None),
        Some((l, r)) => {
            // `<<1>;<2>>`: each half a 3D identifier.
            let strip = |s: &str| {
                let s = s.strip_prefix('<').and_then(|s| s.strip_suffix('>'));
                s.map(str::to_string)
            };
            let (l, r) = if body == inner && l.starts_with('<') {
                match (strip(l), strip(r)) {
                    (Some(l), Some(r)) => (l, r),
                    _ => {
                        return Err(fault(at, format!("`{text}` is no MBN board identifier")));
                    }
                }
            } else {
                (l.to_string(), r.to_string())
            };
            (numbers(&l, at)?, Some(numbers(&r, at)?))
        }
    };
    let id = BoardIdentifier {
        levels,
        rows,
        text,
        column: at + 1,
    };
    Ok((id, len))
}

/// Checks a board identifier against a game of `boards` boards in one row: it must name
/// only boards the game has, and every one of them (the reason at the identifier's column
/// otherwise).
pub fn identifier_fits(id: &BoardIdentifier, boards: u32) -> Result<(), MbnError> {
    let t = &id.text;
    if let Some(BoardNumbers::List(rows)) = &id.rows
        && let Some(r) = rows.iter().find(|&&r| r != 1)
    {
        return Err(fault(
            id.column - 1,
            format!(
                "the board identifier `{t}` names row {r}: cqlq's boards stand in one row (row 1; the seed's Alice boards are a \"multi-board representation\", not 4D)"
            ),
        ));
    }
    if let BoardNumbers::List(levels) = &id.levels
        && let Some(n) = levels.iter().find(|&&n| n == 0 || n > boards)
    {
        let has = if boards == 1 {
            "this game has one board".to_string()
        } else {
            format!("this game has boards 1 to {boards}")
        };
        return Err(fault(
            id.column - 1,
            format!(
                "the board identifier `{t}` names board {n}: {has}, so the piece so defined stands nowhere"
            ),
        ));
    }
    if let Some(n) = (1..=boards).find(|&n| !id.levels.holds(n)) {
        return Err(fault(
            id.column - 1,
            format!(
                "the board identifier `{t}` leaves out board {n}: a movement for some boards only is not evaluated by cqlq (each piece moves by one definition on every board); write `<*>`"
            ),
        ));
    }
    Ok(())
}

/// One component of a board transition.
enum Transition {
    /// `+n` / `-n` (relative), `+` alone (the seed's Alice: on to another board).
    Relative(Option<i64>),
    /// A lone unsigned number: relative or absolute (the BNF reads both).
    Either(u32),
    /// `1,2`: absolute boards.
    Absolute(Vec<u32>),
}

impl Transition {
    /// Whether the transition may leave the piece on its own board (board 1, row 1).
    fn may_stay(&self) -> bool {
        match self {
            Transition::Relative(n) => *n == Some(0),
            Transition::Either(n) => *n <= 1,
            Transition::Absolute(l) => l.contains(&1),
        }
    }
}

fn transition(text: &str, at: usize) -> Result<Transition, MbnError> {
    let bad = || {
        fault(
            at,
            format!(
                "`{text}` is no MBN board transition (`+n`, `-n`, `n`, a list `n,m`, or the seed's `+`)"
            ),
        )
    };
    let digits = |s: &str| !s.is_empty() && s.chars().all(|ch| ch.is_ascii_digit());
    if text == "+" {
        return Ok(Transition::Relative(None));
    }
    for (sign, factor) in [("+-", -1), ("+", 1), ("-", -1)] {
        if let Some(rest) = text.strip_prefix(sign) {
            if !digits(rest) {
                return Err(bad());
            }
            let n: i64 = rest.parse().map_err(|_| bad())?;
            return Ok(Transition::Relative(Some(factor * n)));
        }
    }
    if digits(text) {
        return Ok(Transition::Either(text.parse().map_err(|_| bad())?));
    }
    match numbers(text, at) {
        Ok(BoardNumbers::List(l)) => Ok(Transition::Absolute(l)),
        _ => Err(bad()),
    }
}

/// Reads the board transition at `c[at]` (a `<`) on a one-board game: its length when it
/// reaches no board there (the partial move after it then gives no move), a refusal when it
/// may stay on the piece's own board.
pub fn read_transition_off_board(c: &[char], at: usize) -> Result<usize, MbnError> {
    let Some(len) = bracket_len(c, at) else {
        return Err(fault(
            at,
            "a board transition `<...>` needs its closing `>`",
        ));
    };
    let text: String = c[at..at + len].iter().collect();
    let inner = &text[1..len - 1];
    let mut parts = Vec::new();
    for part in inner.split(';') {
        let part = part
            .strip_prefix('<')
            .and_then(|s| s.strip_suffix('>'))
            .unwrap_or(part);
        parts.push(transition(part, at)?);
    }
    if parts.len() > 2 {
        return Err(fault(
            at,
            format!("`{text}` is no MBN board transition (at most two parts: level; row)"),
        ));
    }
    if parts.iter().all(Transition::may_stay) {
        return Err(fault(
            at,
            format!(
                "the board transition `{text}` may leave the piece on its own board (an unsigned 0 or 1 reads as relative or absolute; `+0`; a list holding 1): not evaluated by cqlq"
            ),
        ));
    }
    Ok(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    fn identifier(s: &str) -> BoardIdentifier {
        read_board_identifier(&chars(s), 0).unwrap().0
    }

    #[test]
    fn identifiers_name_their_boards() {
        assert_eq!(identifier("<1>").levels, BoardNumbers::List(vec![1]));
        assert_eq!(identifier("<*>").levels, BoardNumbers::All);
        assert_eq!(identifier("<<1,2>>").levels, BoardNumbers::List(vec![1, 2]));
        let four = identifier("<<1;2>>");
        assert_eq!(four.rows, Some(BoardNumbers::List(vec![2])));
        assert_eq!(
            identifier("<<1>;<1>>").rows,
            Some(BoardNumbers::List(vec![1]))
        );
        assert_eq!(read_board_identifier(&chars("<1>|Crab|"), 0).unwrap().1, 3);
        assert!(read_board_identifier(&chars("<a>"), 0).is_err());
    }

    #[test]
    fn an_identifier_fits_a_game_naming_all_its_boards_and_no_other() {
        assert!(identifier_fits(&identifier("<1>"), 1).is_ok());
        assert!(identifier_fits(&identifier("<*>"), 3).is_ok());
        assert!(identifier_fits(&identifier("<<1;1>>"), 1).is_ok());
        assert!(
            identifier_fits(&identifier("<2>"), 1)
                .unwrap_err()
                .reason
                .contains("board 2")
        );
        assert!(identifier_fits(&identifier("<1,2>"), 1).is_err());
        assert!(
            identifier_fits(&identifier("<1>"), 3)
                .unwrap_err()
                .reason
                .contains("leaves out")
        );
        assert!(
            identifier_fits(&identifier("<<1;2>>"), 1)
                .unwrap_err()
                .reason
                .contains("row 2")
        );
    }

    #[test]
    fn transitions_off_the_board_and_to_the_own_board() {
        for off in ["<2>", "<+1>", "<-1>", "<+>", "<2,3>", "<<2>>", "<0;+1>"] {
            assert_eq!(
                read_transition_off_board(&chars(off), 0),
                Ok(off.len()),
                "{off}"
            );
        }
        for stays in ["<1>", "<0>", "<+0>", "<1,2>", "<1;1>"] {
            let e = read_transition_off_board(&chars(stays), 0).unwrap_err();
            assert!(e.reason.contains("own board"), "{stays}: {e}");
        }
        assert!(read_transition_off_board(&chars("<x>"), 0).is_err());
    }
}
