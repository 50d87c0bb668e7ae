//! Reading ICN: position strings (every optional argument, the piece list with `+` rights) and
//! games (tags, compact `a,b>c,dX` and long `12. P-5,6x-6,7 =R+ !? {comment}` moves, `|`/`.`
//! separators, comments), one or many per text.

use super::error::IcnError;
use super::game::{IcnGame, IcnMove};
use super::moves::Move;
use super::piece::{Kind, Owner, Piece};
use super::position::{InfPosition, Promotion, WinCondition};

/// A cursor over the text being read.
struct Cur<'a> {
    text: &'a str,
    pos: usize,
    /// The last place [`Cur::locate`] counted lines to: (byte offset, its line), so that
    /// each move's place is counted from the one before, not from the text's start.
    counted: std::cell::Cell<(usize, usize)>,
}

impl<'a> Cur<'a> {
    /// A cursor at the text's start, past a UTF-8 byte-order mark (offsets stay those of the
    /// text as given).
    fn new(text: &'a str) -> Cur<'a> {
        let pos = if text.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8()
        } else {
            0
        };
        Cur {
            text,
            pos,
            counted: std::cell::Cell::new((0, 1)),
        }
    }
    /// The 1-based line and column (in characters) of byte `at` (a character's first
    /// byte), as [`IcnError::at`] counts them.
    fn locate(&self, at: usize) -> (usize, usize) {
        let at = at.min(self.text.len());
        let (from, line) = match self.counted.get() {
            (from, line) if from <= at => (from, line),
            _ => (0, 1),
        };
        let line = line
            + self.text.as_bytes()[from..at]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
        self.counted.set((at, line));
        let line_start = self.text[..at].rfind('\n').map_or(0, |i| i + 1);
        (line, self.text[line_start..at].chars().count() + 1)
    }
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }
    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }
    fn err(&self, at: usize, msg: impl Into<String>) -> IcnError {
        IcnError::at(self.text, at, msg)
    }
    fn skip_ws(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start().len();
    }
    /// Skips white space and `;` line comments.
    fn skip_ws_comments(&mut self) {
        loop {
            self.skip_ws();
            if self.peek() == Some(';') {
                self.pos += self.rest().find('\n').unwrap_or(self.rest().len());
            } else {
                return;
            }
        }
    }
    fn word(&mut self) -> (usize, &'a str) {
        let start = self.pos;
        let r = self.rest();
        let len = r.find(char::is_whitespace).unwrap_or(r.len());
        self.pos += len;
        (start, &r[..len])
    }
    /// Reads from an opening bracket to its matching close (nesting and JSON strings aware).
    fn bracketed(&mut self, open: char, close: char) -> Result<(usize, &'a str), IcnError> {
        let start = self.pos;
        let mut depth = 0usize;
        let mut in_string = false;
        let mut escaped = false;
        for (i, c) in self.rest().char_indices() {
            if in_string {
                match (escaped, c) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => {}
                }
                continue;
            }
            if c == '"' && open == '{' {
                in_string = true;
            } else if c == open {
                depth += 1;
            } else if c == close {
                depth -= 1;
                if depth == 0 {
                    self.pos += i + 1;
                    return Ok((start, &self.text[start + 1..start + i]));
                }
            }
        }
        Err(self.err(start, format!("unclosed `{open}`")))
    }
}

/// Reads one ICN position string (optional arguments, then the piece list).
pub fn icn_to_position(text: &str) -> Result<InfPosition, IcnError> {
    let mut cur = Cur::new(text);
    let pos = header(&mut cur)?;
    cur.skip_ws_comments();
    if cur.pos < text.len() {
        return Err(cur.err(cur.pos, "text after the piece list"));
    }
    Ok(pos)
}

/// Reads every game of an ICN text (a collection: tags, position, moves, repeated).
pub fn icn_to_games(text: &str) -> Result<Vec<IcnGame>, IcnError> {
    let mut cur = Cur::new(text);
    let mut games = Vec::new();
    loop {
        cur.skip_ws_comments();
        if cur.pos >= text.len() {
            return Ok(games);
        }
        games.push(one_game(&mut cur)?);
    }
}

/// Reads every game of an ICN text like [`icn_to_games`], going on after a bad game: each
/// game, or why it cannot be read. After a fault the reading resumes at the next line that
/// starts with `[` after a blank line (the next game's tags), at or after the fault; the
/// text of a collection without tags after a fault is one bad game to its end.
///
/// ```
/// let text = "[Event \"a\"]\n\nK1,1|k5,5\n\n[Event \"b\"]\n\nK1,1|Z5,5\n\n[Event \"c\"]\n\nK2,2|k6,6\n";
/// let games = cqlq::rules::infinite::icn_to_games_each(text);
/// assert_eq!(games.len(), 3);
/// assert!(games[0].is_ok() && games[1].is_err() && games[2].is_ok());
/// ```
pub fn icn_to_games_each(text: &str) -> Vec<Result<IcnGame, IcnError>> {
    icn_to_games_within(text, u64::MAX)
}

/// [`icn_to_games_each`], with a game longer than `max_game_bytes` (from its first byte to
/// the next game's tags, or the end) reported and skipped before its pieces are read (each
/// read piece costs about 1.7 KB: `--max-game-bytes` bounds ICN games as PGN ones).
///
/// ```
/// let text = "[Event \"a\"]\n\nK1,1|k5,5\n\n[Event \"b\"]\n\nK1,1|k5,5|Q2,2|Q3,3|Q4,4\n";
/// let games = cqlq::rules::infinite::icn_to_games_within(text, 30);
/// assert!(games[0].is_ok());
/// assert!(games[1].as_ref().unwrap_err().to_string().contains("--max-game-bytes"));
/// ```
pub fn icn_to_games_within(text: &str, max_game_bytes: u64) -> Vec<Result<IcnGame, IcnError>> {
    icn_games_within(text, max_game_bytes).collect()
}

/// The games of [`icn_to_games_within`], each read when it is asked for, so that memory holds
/// the games taken and not the whole collection (the search takes a batch at a time).
///
/// ```
/// let text = "[Event \"a\"]\n\nK1,1|k5,5\n\n[Event \"b\"]\n\nK1,1|Z5,5\n";
/// let mut games = cqlq::rules::infinite::icn_games_within(text, u64::MAX);
/// assert!(games.next().unwrap().is_ok());
/// assert!(games.next().unwrap().is_err());
/// assert!(games.next().is_none());
/// ```
pub fn icn_games_within(text: &str, max_game_bytes: u64) -> IcnGames<'_> {
    IcnGames {
        cur: Cur::new(text),
        max_game_bytes,
    }
}

/// The number of games of an ICN text read as [`icn_to_games`] reads it (the first bad game
/// fails it), each game dropped once read.
pub fn icn_count_games(text: &str) -> Result<u64, IcnError> {
    let mut cur = Cur::new(text);
    let mut games = 0;
    loop {
        cur.skip_ws_comments();
        if cur.pos >= text.len() {
            return Ok(games);
        }
        one_game(&mut cur)?;
        games += 1;
    }
}

/// The games of an ICN text, read one at a time ([`icn_games_within`]).
pub struct IcnGames<'a> {
    cur: Cur<'a>,
    max_game_bytes: u64,
}

impl Iterator for IcnGames<'_> {
    type Item = Result<IcnGame, IcnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let cur = &mut self.cur;
        let text = cur.text;
        cur.skip_ws_comments();
        if cur.pos >= text.len() {
            return None;
        }
        let start = cur.pos;
        if self.max_game_bytes < text.len() as u64 {
            let end = next_tagged_game(text, start + 1);
            let len = (end - start) as u64;
            if len > self.max_game_bytes {
                let m = format!(
                    "the game is {len} bytes long, over the limit of {} bytes \
                     (--max-game-bytes SIZE raises it); skipped",
                    self.max_game_bytes
                );
                cur.pos = end;
                return Some(Err(IcnError::at(text, start, m)));
            }
        }
        Some(match one_game(cur) {
            Ok(game) => Ok(game),
            Err(e) => {
                cur.pos = next_tagged_game(text, e.offset.max(start + 1));
                Err(e)
            }
        })
    }
}

/// The start of the first line at or after byte `from` that begins with `[` after a blank
/// line (a game's tags), or the text's end.
fn next_tagged_game(text: &str, from: usize) -> usize {
    let bytes = text.as_bytes();
    let mut at = from.min(bytes.len());
    // A fault inside a character (a byte-order mark, any non-ASCII letter) resumes after it.
    while !text.is_char_boundary(at) {
        at += 1;
    }
    while let Some(i) = text[at..].find("\n[") {
        let line = at + i + 1;
        let before = text[..line - 1].trim_end_matches([' ', '\t', '\r']);
        if before.is_empty() || before.ends_with('\n') {
            return line;
        }
        at = line;
    }
    bytes.len()
}

/// One game at the cursor: tags, the start position, its moves and result.
fn one_game(cur: &mut Cur) -> Result<IcnGame, IcnError> {
    let mut tags = Vec::new();
    while cur.peek() == Some('[') {
        tags.push(tag(cur)?);
        cur.skip_ws_comments();
    }
    let start = header(cur)?;
    let (moves, result) = moves(cur)?;
    Ok(IcnGame {
        tags,
        start,
        moves,
        result,
    })
}

/// Reads a text holding exactly one game.
pub fn icn_to_game(text: &str) -> Result<IcnGame, IcnError> {
    let mut games = icn_to_games(text)?;
    match games.len() {
        1 => Ok(games.remove(0)),
        n => Err(IcnError::at(
            text,
            0,
            format!("expected one game, found {n}"),
        )),
    }
}

/// Reads one move in either form (`3,4>3,5Q`, `P-5,6x-6,7 =R+`): what a rules adapter's
/// "play this move text" needs.
pub fn icn_to_move(text: &str) -> Result<Move, IcnError> {
    icn_to_named_move(text).map(|(mv, _)| mv)
}

/// [`icn_to_move`] with the piece the long form names (`P` of `P-5,6x-6,7`), which the
/// player of the move must check against the start square.
pub fn icn_to_named_move(text: &str) -> Result<(Move, Option<Piece>), IcnError> {
    let mut cur = Cur::new(text);
    cur.skip_ws();
    let m = one_move(&mut cur)
        .ok_or_else(|| cur.err(0, format!("`{}` is not an ICN move", text.trim())))?;
    cur.skip_ws();
    if cur.pos < text.len() {
        return Err(cur.err(cur.pos, "text after the move"));
    }
    Ok((m.mv, m.piece_hint))
}

fn tag(cur: &mut Cur) -> Result<(String, String), IcnError> {
    let (at, inner) = cur.bracketed('[', ']')?;
    let inner = inner.trim();
    let (name, value) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| cur.err(at, "a tag needs a name and a quoted value"))?;
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| cur.err(at, "a tag value must be in double quotes"))?;
    Ok((name.to_string(), value.replace("\\\"", "\"")))
}

fn parse_int(cur: &Cur, at: usize, s: &str) -> Result<i64, IcnError> {
    s.parse::<i64>()
        .map_err(|_| cur.err(at, format!("`{s}` is not a 64-bit integer")))
}

fn is_int(s: &str) -> bool {
    let d = s.strip_prefix('-').unwrap_or(s);
    !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
}

fn header(cur: &mut Cur) -> Result<InfPosition, IcnError> {
    let mut pos = InfPosition::empty();
    loop {
        cur.skip_ws_comments();
        match cur.peek() {
            None => return Err(cur.err(cur.pos, "the position has no piece list")),
            Some('(') => {
                let (at, inner) = cur.bracketed('(', ')')?;
                if inner.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    win_conditions(cur, at, inner, &mut pos)?;
                } else {
                    promotions(cur, at, inner, &mut pos)?;
                }
            }
            Some('{') => {
                let (at, inner) = cur.bracketed('{', '}')?;
                extras(cur, at, &format!("{{{inner}}}"), &mut pos)?;
            }
            Some(_) => {
                let (at, w) = cur.word();
                if w == "w" || w == "b" {
                    pos.turn = if w == "w" { Owner::White } else { Owner::Black };
                } else if w.contains('/') && w.split('/').all(is_int) {
                    let (n, m) = w.split_once('/').expect("has slash");
                    pos.halfmove = u32::try_from(parse_int(cur, at, n)?)
                        .map_err(|_| cur.err(at, "move-rule counter out of range"))?;
                    pos.rules.move_rule = Some(
                        u32::try_from(parse_int(cur, at, m)?)
                            .map_err(|_| cur.err(at, "move rule out of range"))?,
                    );
                } else if is_int(w) {
                    pos.fullmove = u64::try_from(parse_int(cur, at, w)?)
                        .map_err(|_| cur.err(at, "negative fullmove number"))?;
                } else if w.split(',').count() == 2 && w.split(',').all(is_int) {
                    let (x, y) = w.split_once(',').expect("comma");
                    pos.en_passant = Some((parse_int(cur, at, x)?, parse_int(cur, at, y)?));
                } else if w.split(',').count() == 4 && w.split(',').all(|p| p == "_" || is_int(p)) {
                    let mut b = [None; 4];
                    for (i, p) in w.split(',').enumerate() {
                        b[i] = if p == "_" {
                            None
                        } else {
                            Some(parse_int(cur, at, p)?)
                        };
                    }
                    pos.rules.border = Some(b);
                } else if w.bytes().all(|c| c.is_ascii_lowercase() || c == b',') {
                    let conds = condition_list(cur, at, w)?;
                    pos.rules.win = [conds.clone(), conds];
                    pos.rules.win_given = true;
                } else {
                    piece_list(cur, at, w, &mut pos)?;
                    return Ok(pos);
                }
            }
        }
    }
}

fn condition_list(cur: &Cur, at: usize, s: &str) -> Result<Vec<WinCondition>, IcnError> {
    if s.split(',').all(str::is_empty) && s.contains(',') {
        return Err(cur.err(at, "an empty list of win conditions"));
    }
    s.split(',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            WinCondition::from_word(w)
                .ok_or_else(|| cur.err(at, format!("unknown win condition `{w}`")))
        })
        .collect()
}

fn win_conditions(
    cur: &Cur,
    at: usize,
    inner: &str,
    pos: &mut InfPosition,
) -> Result<(), IcnError> {
    let (w, b) = inner.split_once('|').unwrap_or((inner, inner));
    pos.rules.win = [condition_list(cur, at, w)?, condition_list(cur, at, b)?];
    pos.rules.win_given = true;
    Ok(())
}

fn promotions(cur: &Cur, at: usize, inner: &str, pos: &mut InfPosition) -> Result<(), IcnError> {
    let (w, b) = inner
        .split_once('|')
        .ok_or_else(|| cur.err(at, "promotions need `white|black`"))?;
    for (i, side) in [w, b].into_iter().enumerate() {
        if side.trim().is_empty() {
            continue;
        }
        let (ranks, choices) = side.split_once(';').unwrap_or((side, ""));
        let ranks = ranks
            .split(',')
            .map(|r| parse_int(cur, at, r.trim()))
            .collect::<Result<Vec<_>, _>>()?;
        let explicit = !choices.trim().is_empty();
        let kinds = if explicit {
            choices
                .split(',')
                .map(|c| {
                    Kind::from_abbreviation(&c.trim().to_ascii_lowercase())
                        .ok_or_else(|| cur.err(at, format!("unknown promotion piece `{c}`")))
                })
                .collect::<Result<Vec<_>, _>>()?
        } else {
            vec![Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight]
        };
        pos.rules.promotion[i] = Some(Promotion {
            ranks,
            choices: kinds,
            explicit_choices: explicit,
        });
    }
    pos.rules.promotion_given = true;
    Ok(())
}

fn extras(cur: &Cur, at: usize, json: &str, pos: &mut InfPosition) -> Result<(), IcnError> {
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|e| cur.err(at, format!("bad JSON extras: {e}")))?;
    let serde_json::Value::Object(new) = value else {
        return Err(cur.err(at, "JSON extras must be an object"));
    };
    // A second `{...}` adds to the first.
    let mut map = pos.rules.extras.take().unwrap_or_default();
    map.extend(new);
    if let Some(v) = map.get("slideLimit") {
        pos.rules.slide_limit = Some(
            v.as_u64()
                .ok_or_else(|| cur.err(at, "slideLimit must be a nonnegative integer"))?,
        );
    }
    if let Some(v) = map.get("cannotPassTurn") {
        pos.rules.cannot_pass_turn = v
            .as_bool()
            .ok_or_else(|| cur.err(at, "cannotPassTurn must be true or false"))?;
    }
    // Other properties are kept and written back, not interpreted: the seed allows "any
    // additional optional properties" (the converter's own example carries
    // `ovenTemperature`), and names no rule but these two.
    pos.rules.extras = Some(map);
    Ok(())
}

/// Splits `K-3,45+` into piece text, x, y, plus flag.
fn split_piece(s: &str) -> Option<(&str, &str, &str, bool)> {
    let letters = s.find(|c: char| !c.is_ascii_alphabetic())?;
    let (name, rest) = s.split_at(letters);
    let (rest, plus) = match rest.strip_suffix('+') {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let (x, y) = rest.split_once(',')?;
    (!name.is_empty() && is_int(x) && is_int(y)).then_some((name, x, y, plus))
}

fn piece_list(cur: &Cur, at: usize, w: &str, pos: &mut InfPosition) -> Result<(), IcnError> {
    let mut offset = at;
    for entry in w.split('|') {
        if !entry.is_empty() {
            let (name, x, y, plus) = split_piece(entry).ok_or_else(|| {
                cur.err(
                    offset,
                    format!("`{entry}` is not a piece like `K3,4` or `P1,2+`"),
                )
            })?;
            let piece = Piece::from_icn(name)
                .ok_or_else(|| cur.err(offset, format!("unknown piece `{name}`")))?;
            let sq = (parse_int(cur, offset, x)?, parse_int(cur, offset, y)?);
            if pos.board.put(sq, piece).is_some() {
                return Err(cur.err(offset, format!("two pieces on {},{}", sq.0, sq.1)));
            }
            if plus {
                pos.rights.insert(sq);
            }
        }
        offset += entry.len() + 1;
    }
    if pos.board.is_empty() {
        return Err(cur.err(at, "the piece list is empty"));
    }
    Ok(())
}

fn result_token(r: &str) -> Option<&'static str> {
    ["1-0", "0-1", "1/2-1/2", "*"].into_iter().find(|t| {
        r.starts_with(t)
            && r[t.len()..]
                .chars()
                .next()
                .is_none_or(|c| c.is_whitespace() || c == '|')
    })
}

type Moves = (Vec<IcnMove>, Option<String>);

fn moves(cur: &mut Cur) -> Result<Moves, IcnError> {
    let mut out: Vec<IcnMove> = Vec::new();
    let mut result = None;
    loop {
        cur.skip_ws_comments();
        let r = cur.rest();
        let Some(c) = r.chars().next() else {
            return Ok((out, result));
        };
        if c == '[' {
            return Ok((out, result));
        }
        if c == '|' || c == '.' || c == '!' || c == '?' {
            cur.pos += 1;
            continue;
        }
        if c == '{' {
            let (_, inner) = cur.bracketed('{', '}')?;
            if let Some(last) = out.last_mut() {
                last.comment = Some(inner.trim().to_string());
            }
            continue;
        }
        if let Some(t) = result_token(r) {
            result = Some(t.to_string());
            cur.pos += t.len();
            continue;
        }
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && r[digits..].starts_with('.') {
            cur.pos += digits;
            continue;
        }
        let save = cur.pos;
        match one_move(cur) {
            Some(m) => out.push(m),
            None => {
                cur.pos = save;
                return Ok((out, result));
            }
        }
    }
}

fn coords(cur: &mut Cur) -> Option<(i64, i64)> {
    let r = cur.rest();
    let num = |s: &str| -> usize {
        let neg = usize::from(s.starts_with('-'));
        let d = s[neg..].bytes().take_while(u8::is_ascii_digit).count();
        if d == 0 { 0 } else { neg + d }
    };
    let a = num(r);
    if a == 0 {
        return None;
    }
    let after = r[a..].trim_start();
    let after = after.strip_prefix(',')?.trim_start();
    let b = num(after);
    if b == 0 {
        return None;
    }
    let x = r[..a].parse().ok()?;
    let y = after[..b].parse().ok()?;
    cur.pos += r.len() - after.len() + b;
    Some((x, y))
}

fn one_move(cur: &mut Cur) -> Option<IcnMove> {
    let start = cur.pos;
    let letters = cur
        .rest()
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let hint = if letters > 0 {
        let p = Piece::from_icn(&cur.rest()[..letters])?;
        cur.pos += letters;
        Some(p)
    } else {
        None
    };
    let from = coords(cur)?;
    cur.skip_ws();
    let sep = cur.peek()?;
    if sep != '>' && sep != 'x' {
        return None;
    }
    cur.pos += 1;
    cur.skip_ws();
    let to = coords(cur)?;
    let mut promotion = None;
    let r = cur.rest();
    let trimmed = r.trim_start();
    if let Some(p) = trimmed.strip_prefix('=') {
        let p = p.trim_start();
        let n = p.bytes().take_while(u8::is_ascii_alphabetic).count();
        promotion = Some(Kind::from_abbreviation(&p[..n].to_ascii_lowercase())?);
        cur.pos += r.len() - p.len() + n;
    } else {
        let n = r.bytes().take_while(u8::is_ascii_alphabetic).count();
        let next = r[n..].chars().next();
        if n > 0 && !next.is_some_and(|c| c.is_ascii_digit() || c == '-' || c == ',') {
            promotion = Some(Kind::from_abbreviation(&r[..n].to_ascii_lowercase())?);
            cur.pos += n;
        }
    }
    let mut mark = None;
    loop {
        let r = cur.rest();
        let t = r.trim_start_matches([' ', '\t']);
        match t.chars().next() {
            Some(c @ ('+' | '#')) => {
                mark = Some(c);
                cur.pos += r.len() - t.len() + 1;
            }
            Some('!' | '?') => cur.pos += r.len() - t.len() + 1,
            _ => break,
        }
    }
    let (line, column) = cur.locate(start);
    Some(IcnMove {
        mv: Move {
            from,
            to,
            promotion,
        },
        piece_hint: hint,
        mark,
        comment: None,
        location: (line, column, start.min(cur.text.len())),
    })
}
