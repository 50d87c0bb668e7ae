//! MBN prefixed promotion rules in a rule list (seed 001 and the MBN page's prefixed pieces):
//! `+P==QRBN` (the `+` rule: P promotes to Q, R, B or N), `-Q==R` (the `-` rule: Q demotes to
//! R), `*KQRBNP==X` (the `*` rule of each of K Q R B N P gives X), a bare `+P` (P promotes
//! under `+` to its board's choices) and a sequence number `+P<1>==Q`. A rule's prefix names
//! the FBR rule that applies it (`promotion*`, `swap=demote`'s default `-`, ...); the model
//! is a map prefix → (piece → pieces), read by `fbr::apply::prefix_rules`.
//!
//! Letters may be compound letters (`+K==:KD:`, `-:KD:==K`; [`crate::rules::fairy::compound_letters`]).
//! A rule may be bound to an announcement (`*W/DragonResurrection/==+D`, seed 001's
//! `announcement`) or cancel another while it is declared (`!+W/DragonResurrection/`); a
//! result may carry the promoted status `+` (`==+D`). These are applied by
//! `fbr::apply::announcement`. Results written after `@` (`*K==@k`, `$K==@K@w@S`) are a drop
//! rule's forced drops (`fbr::apply::forced_drops`).
//!
//! Pieces and results with the prefix `#` (`+#P==#Q#R#B#N`) are seed 001's single-board
//! Alice's second board (`fbr::apply::alice_prefixed`).
//!
//! A board identifier after the letters (`+P<*>`, `+P<1,2>`: seed 001's Alice `+P<*>`) is
//! read as a piece's (`fbr::mbn::boards`) and checked by the rule list against its boards; a
//! lone number (`<1>`) stays the sequence number. A result may be a movement (seed 001's Disk
//! queen `*Q==(wwO--:QD:)+D`), read by `fbr::movement_result` in the one shape it takes there.
//!
//! What cqlq does not read is refused at its column: results with another prefix (`==*D`),
//! other MBN movements as results (`==(mW--:QD:)`).

use super::parse::FbrError;
use crate::rules::fairy::compound_letters::piece_letter_at;

/// One prefixed promotion rule `<prefix><letters><seq>?(==<results>)?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrefixRule {
    /// The prefix (`+ - # * $ % &`): the rule's letter.
    pub prefix: char,
    /// The pieces the rule applies to (upper case; `K` or `:KD:`), each with its 1-based
    /// column.
    pub pieces: Vec<(String, usize)>,
    /// The sequence number `<N>`, when written.
    pub seq: Option<u32>,
    /// The results after `==` (empty for a bare `+P`).
    pub results: Vec<PrefixResult>,
    /// 1-based column of the prefix.
    pub column: usize,
    /// Written with a leading `!` (`!+W/Name/`): the rule of that prefix is cancelled while
    /// the announcement is declared.
    pub cancel: bool,
    /// The announcement the rule is bound to (`/Name/` after the letters), with the column
    /// of its name.
    pub announcement: Option<(String, usize)>,
    /// Its pieces written with the prefix `#` (`+#P==#Q#R#B#N`): seed 001's single-board
    /// Alice, the pieces on the second board (`fbr::apply::alice_prefixed`).
    pub second_board: bool,
    /// The board identifier after the letters (`+P<*>`, seed 001's Alice), checked by the rule
    /// list against its boards (`fbr::apply`); a lone number `<1>` is the sequence number.
    pub boards: Option<super::mbn::boards::BoardIdentifier>,
    /// The result written as a movement (`==(wwO--:QD:)+D`; its piece is also the one
    /// result in `results`): `fbr::movement_result`.
    pub movement: Option<super::movement_result::MovementResult>,
}

/// One result of a prefixed rule: a piece letter, upper case for the mover's colour, lower
/// case for the opponent's (the seed's "occupied with a friendly (or opponent) piece").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrefixResult {
    /// The letter, upper case (`Q`, `:QD:`).
    pub letter: String,
    /// Written in lower case: a piece of the opponent.
    pub opponent: bool,
    /// Written with the prefix `+` (`==+D`): the piece with promoted status.
    pub promoted: bool,
    /// 1-based column of the letter.
    pub column: usize,
    /// Written after `@` (`*K==@k`, `$K==@K@w@S`): a forced drop of a drop rule (seed 001's
    /// `pieces<p>=minimum(N)`), its case the dropping side's colour (upper case white, lower
    /// case black), not the mover's; read by `fbr::apply::forced_drops`.
    pub drop: bool,
    /// Written with the prefix `#` (`==#Q`): the piece on Alice's second board
    /// (`fbr::apply::alice_prefixed`).
    pub second_board: bool,
}

fn fault<T>(column: usize, reason: impl Into<String>) -> Result<T, FbrError> {
    Err(FbrError {
        column,
        reason: reason.into(),
    })
}

const PREFIXES: &str = "+-#*$%&";

/// Whether the text at `i` starts a prefixed promotion rule: a prefix followed by a letter
/// (or `:`), which is not a prefixed definition with a movement (`#I=cK`, one `=`).
pub fn starts_prefix_rule(c: &[char], i: usize) -> bool {
    let Some(&p) = c.get(i) else { return false };
    // `!+W/Name/`: a cancelled rule (bound to an announcement).
    if p == '!' {
        return c.get(i + 1).is_some_and(|n| PREFIXES.contains(*n)) && starts_prefix_rule(c, i + 1);
    }
    if !PREFIXES.contains(p) {
        return false;
    }
    // `+#P`: seed 001's Alice, the pawn on the second board.
    let board = usize::from(c.get(i + 1) == Some(&'#') && piece_letter_at(c, i + 2).is_some());
    let Some((_, n)) = piece_letter_at(c, i + 1 + board) else {
        return false;
    };
    if board == 1 {
        return true;
    }
    // `#I=cK` / `*Q=ccO` / `#:FD:=K` / `*C<1>=K` (a board identifier, `fbr::mbn::boards`):
    // one `=` after one letter is a zone or conversion movement (`fbr::piece_defs`); `+ -`
    // take no movement. `+P<1>==Q` keeps its sequence number.
    let after = i + 1 + n;
    let after = after + crate::rules::fbr::mbn::boards::bracket_len(c, after).unwrap_or(0);
    let single_eq = c.get(after) == Some(&'=') && c.get(after + 1) != Some(&'=');
    !(single_eq && p != '+' && p != '-')
}

/// Reads the prefixed rule at `*i` (see [`starts_prefix_rule`]) up to white space.
pub fn read_prefix_rule(c: &[char], i: &mut usize) -> Result<PrefixRule, FbrError> {
    let column = *i + 1;
    let cancel = c[*i] == '!';
    *i += usize::from(cancel);
    let prefix = c[*i];
    *i += 1;
    let second_board = c.get(*i) == Some(&'#');
    *i += usize::from(second_board);
    let mut pieces = Vec::new();
    while let Some((letter, n)) = piece_letter_at(c, *i) {
        pieces.push((letter, *i + 1));
        *i += n;
    }
    let mut seq = None;
    let mut boards = None;
    let digits = c
        .get(*i + 1..)
        .unwrap_or(&[])
        .iter()
        .take_while(|d| d.is_ascii_digit())
        .count();
    if c.get(*i) == Some(&'<') && (digits == 0 || c.get(*i + 1 + digits) != Some(&'>')) {
        // `+P<*>`, `+P<1,2>`: a board identifier (a lone number is the sequence number).
        let (id, len) = super::mbn::boards::read_board_identifier(c, *i)
            .or_else(|e| fault(e.column, e.reason))?;
        boards = Some(id);
        *i += len;
    } else if c.get(*i) == Some(&'<') {
        let from = *i + 1;
        let len = digits;
        let text: String = c[from..from + len].iter().collect();
        seq = Some(
            text.parse::<u32>()
                .or_else(|_| fault(from + 1, "the sequence number is too large"))?,
        );
        *i = from + len + 1;
    }
    let announcement = if c.get(*i) == Some(&'/') {
        Some(read_announcement_name(c, i)?)
    } else {
        None
    };
    if cancel && announcement.is_none() {
        return fault(
            column,
            "a cancelled prefixed rule (`!+W`) is read only bound to an announcement (`!+W/Name/`)",
        );
    }
    let mut results = Vec::new();
    let mut movement = None;
    match c.get(*i) {
        None => {}
        Some(ch) if ch.is_whitespace() => {}
        Some('=') if c.get(*i + 1) == Some(&'=') => {
            let eq_column = *i + 1;
            *i += 2;
            while let Some(&ch) = c.get(*i) {
                if ch.is_whitespace() {
                    break;
                }
                // `(wwO--:QD:)+D`: a movement as the one result (seed 001's Disk queen).
                if ch == '(' && results.is_empty() {
                    let m = super::movement_result::read_movement_result(c, i)?;
                    results.push(PrefixResult {
                        letter: m.piece.clone(),
                        opponent: false,
                        promoted: false,
                        column: m.piece_column,
                        drop: false,
                        second_board: false,
                    });
                    movement = Some(m);
                    continue;
                }
                // `+D`: the piece with promoted status (seed 001: "promoted status (designated
                // with a piece prefix)").
                let promoted = ch == '+'
                    && c.get(*i + 1)
                        .is_some_and(|n| n.is_ascii_alphabetic() || *n == ':');
                // `@k`: a drop rule's forced drop (seed 001's `*K==@k`).
                let drop = ch == '@'
                    && c.get(*i + 1)
                        .is_some_and(|n| n.is_ascii_alphabetic() || *n == ':');
                // `#Q`: the piece on Alice's second board (seed 001's `+#P==#Q#R#B#N`).
                let board = ch == '#'
                    && c.get(*i + 1)
                        .is_some_and(|n| n.is_ascii_alphabetic() || *n == ':');
                let at = *i + usize::from(promoted || drop || board);
                // A lower-case letter (`n`, `:kd:`) is the opponent's piece.
                let upper: Vec<char> = c[at..(at + 6).min(c.len())]
                    .iter()
                    .map(char::to_ascii_uppercase)
                    .collect();
                if let Some((letter, n)) = piece_letter_at(&upper, 0) {
                    let first = if c[at] == ':' { c[at + 1] } else { c[at] };
                    results.push(PrefixResult {
                        letter,
                        opponent: first.is_ascii_lowercase(),
                        promoted,
                        column: at + 1,
                        drop,
                        second_board: board,
                    });
                    *i = at + n;
                    continue;
                }
                let what = match ch {
                    ':' => {
                        "a malformed compound letter (`:AB:`: an upper-case letter and up to two letters or digits)"
                    }
                    '(' => {
                        "an MBN movement as a promotion's result after another result (`Q(wwO--:QD:)`)"
                    }
                    '/' => "an announcement (`/Name/`) after the results (it goes before `==`)",
                    _ if PREFIXES.contains(ch) => {
                        "a piece with a prefix other than `+` or `#` as a promotion's result (`*D`)"
                    }
                    _ => "this character",
                };
                return fault(
                    *i + 1,
                    format!("{what} in a prefixed promotion rule is not evaluated by cqlq"),
                );
            }
            if results.is_empty() {
                return fault(eq_column, "`==` needs the pieces promoted to (`+P==QRBN`)");
            }
            if let Some(x) = results.iter().find(|x| x.drop != results[0].drop) {
                return fault(
                    x.column,
                    "a prefixed rule's results are all drops (`$K==@K@w@S`) or all pieces (`+P==QRBN`)",
                );
            }
        }
        Some(&ch) => {
            return fault(
                *i + 1,
                format!(
                    "`{ch}` in a prefixed promotion rule: expected `==` and the pieces promoted to (`+P==QRBN`)"
                ),
            );
        }
    }
    if cancel && !results.is_empty() {
        return fault(
            column,
            "a cancelled prefixed rule (`!+W/Name/`) takes no results",
        );
    }
    Ok(PrefixRule {
        prefix,
        pieces,
        seq,
        results,
        column,
        cancel,
        announcement,
        second_board,
        boards,
        movement,
    })
}

/// `/Name/` at `*i`: the name (letters and digits) and the column of its first letter.
fn read_announcement_name(c: &[char], i: &mut usize) -> Result<(String, usize), FbrError> {
    let from = *i + 1;
    let len = c[from..]
        .iter()
        .take_while(|ch| ch.is_ascii_alphanumeric())
        .count();
    if len == 0 || c.get(from + len) != Some(&'/') {
        return fault(
            from + len + 1,
            "an announcement in a prefixed rule is `/Name/` (letters and digits, `*W/DragonResurrection/==+D`)",
        );
    }
    *i = from + len + 1;
    Ok((c[from..from + len].iter().collect(), from + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<PrefixRule, FbrError> {
        let c: Vec<char> = text.chars().collect();
        assert!(starts_prefix_rule(&c, 0), "{text}");
        let mut i = 0;
        read_prefix_rule(&c, &mut i)
    }

    #[test]
    fn rules_of_the_seed_read() {
        let r = read("*KQRBNP==X").unwrap();
        assert_eq!(r.prefix, '*');
        let letters: String = r.pieces.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(letters, "KQRBNP");
        assert_eq!(r.results[0].letter, "X");
        assert_eq!(r.results[0].column, 10);
        let r = read("+P").unwrap();
        assert!(r.results.is_empty());
        let r = read("+P<2>==n").unwrap();
        assert_eq!(r.seq, Some(2));
        assert!(r.results[0].opponent);
        // Seed 001's Disk rules: compound letters as piece and as result.
        let r = read("+K==:KD:").unwrap();
        assert_eq!(r.results[0].letter, ":KD:");
        assert_eq!(r.results[0].column, 5);
        assert!(!r.results[0].opponent);
        let r = read("-:QD:==Q").unwrap();
        assert_eq!(r.pieces, [(":QD:".to_string(), 2)]);
        assert_eq!(r.results[0].letter, "Q");
        assert!(read("+K==:kd:").unwrap().results[0].opponent);
    }

    #[test]
    fn the_seeds_announcement_rules_read() {
        // Seed 001: `+W==H !+W/DragonResurrection/ *W/DragonResurrection/==+D`.
        let r = read("!+W/DragonResurrection/").unwrap();
        assert!(r.cancel && r.results.is_empty());
        assert_eq!(r.announcement, Some(("DragonResurrection".into(), 5)));
        let r = read("*W/DragonResurrection/==+D").unwrap();
        assert!(!r.cancel);
        assert_eq!(
            r.announcement.as_ref().map(|a| a.0.as_str()),
            Some("DragonResurrection")
        );
        assert_eq!(r.results.len(), 1);
        assert!(r.results[0].promoted && !r.results[0].opponent);
        assert_eq!(
            (r.results[0].letter.clone(), r.results[0].column),
            ("D".to_string(), 26)
        );
        assert!(!read("+W==H").unwrap().results[0].promoted);
    }

    #[test]
    fn the_seeds_drop_rules_read() {
        // Seed 001: `*K==@k $K==@K@w@S`, the case the dropping side's colour.
        let r = read("*K==@k").unwrap();
        assert_eq!(r.results.len(), 1);
        let x = &r.results[0];
        assert!(x.drop && x.opponent && x.letter == "K" && x.column == 6);
        let r = read("$K==@K@w@S").unwrap();
        let drops: Vec<(&str, bool, bool)> = r
            .results
            .iter()
            .map(|x| (x.letter.as_str(), x.opponent, x.drop))
            .collect();
        assert_eq!(
            drops,
            [("K", false, true), ("W", true, true), ("S", false, true)]
        );
        assert!(!read("+P==Q").unwrap().results[0].drop);
    }

    #[test]
    fn the_seeds_alice_rule_reads() {
        // Seed 001's single-board Alice: `+P==QRBN +#P==#Q#R#B#N`.
        let r = read("+#P==#Q#R#B#N").unwrap();
        assert!(r.second_board && r.prefix == '+');
        assert_eq!(r.pieces, [("P".to_string(), 3)]);
        let results: Vec<(&str, bool, usize)> = r
            .results
            .iter()
            .map(|x| (x.letter.as_str(), x.second_board, x.column))
            .collect();
        assert_eq!(
            results,
            [
                ("Q", true, 7),
                ("R", true, 9),
                ("B", true, 11),
                ("N", true, 13)
            ]
        );
        assert!(!read("+P==Q").unwrap().second_board);
    }

    #[test]
    fn the_seeds_movement_result_reads_as_its_piece() {
        // Seed 001's Disk queen: `*Q==(wwO--:QD:)+D` promotes to `:QD:`.
        let r = read("*Q==(wwO--:QD:)").unwrap();
        assert_eq!(r.results.len(), 1);
        assert_eq!(
            (r.results[0].letter.as_str(), r.results[0].column),
            (":QD:", 11)
        );
        assert!(r.movement.is_some());
        assert!(read("*Q==:QD:").unwrap().movement.is_none());
    }

    #[test]
    fn movements_are_not_prefix_rules() {
        let c: Vec<char> = "#I=cK".chars().collect();
        assert!(!starts_prefix_rule(&c, 0));
        let c: Vec<char> = "+".chars().collect();
        assert!(!starts_prefix_rule(&c, 0));
    }

    #[test]
    fn what_is_not_read_is_refused_at_its_column() {
        // A movement result other than seed 001's zero swap (`fbr::movement_result`).
        assert_eq!(read("*Q==(mW--:QD:)").unwrap_err().column, 5);
        assert_eq!(read("*Q==Q(wwO--:QD:)").unwrap_err().column, 6);
        assert_eq!(read("+K==:KDXY:").unwrap_err().column, 5);
        assert_eq!(read("*W/Dragon==+D").unwrap_err().column, 10);
        assert_eq!(read("*W==+D/Dragon/").unwrap_err().column, 7);
        assert_eq!(read("*W==*D").unwrap_err().column, 5);
        assert_eq!(read("!+W").unwrap_err().column, 1);
        assert_eq!(read("!+W/Dragon/==H").unwrap_err().column, 1);
        assert_eq!(read("*K==Q@k").unwrap_err().column, 7);
        assert_eq!(read("+P<x>").unwrap_err().column, 3);
        assert!(read("+P<*>").unwrap().boards.is_some());
        assert_eq!(read("+P=Q").unwrap_err().column, 3);
        assert_eq!(read("+P==").unwrap_err().column, 3);
    }
}
