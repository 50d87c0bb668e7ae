//! CQL 6.2's query converters, text → text: [`to_ascii`] (`cql -a`: the Unicode glyphs
//! `✵ ♔ ―― ∊ ...` to their ASCII spelling `flip K -- [element] ...`) and [`to_unicode`]
//! (`cql -u`, `-utf8`: the other way), over CQL 6.2's tokens ([`tokens`]); `html.rs` draws the
//! query as HTML (`-colorize`, `-html`) and lists its characters (`-echo`); `same_tree.rs`
//! checks that a converted query parses to the original's tree.
//!
//! The glyphs and their ASCII spellings are CQL 6.2's (its `uchar-strings.h` table, read on
//! GitHub `lamech/cql`, and the glyph table of gadycosteff.com/cql/unicode.html). As in CQL
//! 6.2, what is not a glyph or a glyph's spelling is kept as written: whitespace, comments,
//! strings, names, numbers, squares; the `cql(...)` header is kept whole (its file names are
//! not CQL tokens). A converted glyph that would run into a word gets a space (`✵Ka1` →
//! `flip Ka1`), as CQL 6.2's ASCII converter adds one.

mod html;
mod same_tree;

pub use html::{colorize, echo_table, html_page};
pub use same_tree::{TreeDifference, same_tree};

/// One glyph and its ASCII spelling (CQL 6.2's table), with its Unicode name for `-echo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The ASCII spelling (`flip`, `->`, `[element]`).
    pub ascii: &'static str,
    /// The glyph (`✵`, `→`, `∊`).
    pub glyph: char,
    /// The Unicode character name (`EIGHT POINTED PINWHEEL STAR`).
    pub name: &'static str,
}

const fn g(ascii: &'static str, glyph: char, name: &'static str) -> Glyph {
    Glyph { ascii, glyph, name }
}

/// The operators and the set `.`, ASCII spellings longest first (so `[<=]` before `<=`).
const OPERATORS: &[Glyph] = &[
    g("[element]", '∊', "SMALL ELEMENT OF"),
    g("[forall]", '∀', "FOR ALL"),
    g("[<=]", '≼', "PRECEDES OR EQUAL TO"),
    g("[>=]", '≽', "SUCCEEDS OR EQUAL TO"),
    g("[<]", '≺', "PRECEDES"),
    g("[>]", '≻', "SUCCEEDS"),
    g("->", '→', "RIGHTWARDS ARROW"),
    g("<-", '←', "LEFTWARDS ARROW"),
    g("<=", '≤', "LESS-THAN OR EQUAL TO"),
    g(">=", '≥', "GREATER-THAN OR EQUAL TO"),
    g("!=", '≠', "NOT EQUAL TO"),
    g("&", '∩', "INTERSECTION"),
    g("|", '∪', "UNION"),
    g(".", '▦', "SQUARE WITH ORTHOGONAL CROSSHATCH FILL"),
];

/// The keywords with a glyph (`curpos` is `currentposition`'s other spelling).
const KEYWORDS: &[Glyph] = &[
    g("path", '⊢', "RIGHT TACK"),
    g("focus", '◎', "BULLSEYE"),
    g("currentposition", '∙', "BULLET OPERATOR"),
    g("flip", '✵', "EIGHT POINTED PINWHEEL STAR"),
    g("flipcolor", '⬓', "SQUARE WITH BOTTOM HALF BLACK"),
];

/// The pieces of a designator (`◭` is `[Aa]`, any piece).
const PIECES: &[Glyph] = &[
    g("K", '♔', "WHITE CHESS KING"),
    g("Q", '♕', "WHITE CHESS QUEEN"),
    g("R", '♖', "WHITE CHESS ROOK"),
    g("B", '♗', "WHITE CHESS BISHOP"),
    g("N", '♘', "WHITE CHESS KNIGHT"),
    g("P", '♙', "WHITE CHESS PAWN"),
    g("k", '♚', "BLACK CHESS KING"),
    g("q", '♛', "BLACK CHESS QUEEN"),
    g("r", '♜', "BLACK CHESS ROOK"),
    g("b", '♝', "BLACK CHESS BISHOP"),
    g("n", '♞', "BLACK CHESS KNIGHT"),
    g("p", '♟', "BLACK CHESS PAWN"),
    g("A", '△', "WHITE UP-POINTING TRIANGLE"),
    g("a", '▲', "BLACK UP-POINTING TRIANGLE"),
    g("_", '□', "WHITE SQUARE"),
    g("Aa", '◭', "UP-POINTING TRIANGLE WITH LEFT HALF BLACK"),
];

/// The move dashes: `――` (two horizontal bars) is `--`, `×` is `[x]`.
const DASHES: &[Glyph] = &[
    g("--", '―', "HORIZONTAL BAR"),
    g("[x]", '×', "MULTIPLICATION SIGN"),
];

/// The glyph `c`'s entry, in any of the tables.
pub fn glyph(c: char) -> Option<&'static Glyph> {
    [OPERATORS, KEYWORDS, PIECES, DASHES]
        .into_iter()
        .flatten()
        .find(|e| e.glyph == c)
}

/// What kind of CQL token a piece of the query's text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// Spaces, tabs, line ends.
    Blank,
    /// `// ...` to the line's end, `/* ... */`.
    Comment,
    /// `"..."`.
    Str,
    /// The `cql( ... )` header, kept whole.
    Header,
    /// Digits.
    Number,
    /// A name or a keyword (`flip`, `x`, `check`).
    Word,
    /// A piece designator (`Ka1`, `[RQ]`, `♔a1`, `a-h8`); `pieces` bytes of it name the pieces
    /// (0 for squares alone).
    Designator {
        /// The length in bytes of the piece part (`K`, `[RQ]`, `♖♕`).
        pieces: usize,
    },
    /// A move dash: `--`, `――`, `[x]`, `×`.
    Dash,
    /// An operator or keyword with a glyph, in either spelling.
    Glyph(&'static Glyph),
    /// Anything else (brackets, `==`, `-->`, `///`), one token.
    Other,
}

/// One token: its kind and its text as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// What it is.
    pub kind: TokenKind,
    /// Its text in the query.
    pub text: &'a str,
}

fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

fn blank_char(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\r' | '\n' | '\u{0C}' | '\u{FEFF}' | '\u{A0}'
    )
}

/// The query's text cut into CQL 6.2's tokens; their texts joined give `text` back.
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut pos = 0;
    let mut header_allowed = true;
    while pos < text.len() {
        let rest = &text[pos..];
        let (kind, len) = next_token(text, pos, header_allowed);
        if !matches!(kind, TokenKind::Blank | TokenKind::Comment) {
            header_allowed = false;
        }
        out.push(Token {
            kind,
            text: &rest[..len],
        });
        pos += len;
    }
    out
}

/// The token at `pos` and its length in bytes (at least one character).
fn next_token(text: &str, pos: usize, header_allowed: bool) -> (TokenKind, usize) {
    let rest = &text[pos..];
    let first = rest.chars().next().unwrap_or(' ');
    if blank_char(first) {
        let len = rest.find(|c| !blank_char(c)).unwrap_or(rest.len());
        return (TokenKind::Blank, len);
    }
    if let Some(len) = comment_len(rest) {
        return (TokenKind::Comment, len);
    }
    if first == '"' {
        return (TokenKind::Str, string_len(rest));
    }
    if header_allowed && let Some(len) = header_len(rest) {
        return (TokenKind::Header, len);
    }
    if first.is_ascii_digit() {
        let len = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        return (TokenKind::Number, len);
    }
    // Arrows of `line` and coordinate ranges (`..`) have no glyph: one token each.
    for whole in ["-->", "<--", "..", "///"] {
        if rest.starts_with(whole) {
            return (TokenKind::Other, whole.len());
        }
    }
    if let Some(len) = dash_len(rest) {
        return (TokenKind::Dash, len);
    }
    if let Some(e) = OPERATORS
        .iter()
        .chain(KEYWORDS)
        .find(|e| rest.starts_with(e.glyph))
    {
        return (TokenKind::Glyph(e), e.glyph.len_utf8());
    }
    if let Some(e) = OPERATORS.iter().find(|e| rest.starts_with(e.ascii)) {
        return (TokenKind::Glyph(e), e.ascii.len());
    }
    let after_word = text[..pos].chars().next_back().is_some_and(ident_char);
    // `s[1]`, `x[i]`: an index after an operand; `[element][Aa]`: a designator after a glyph's
    // bracketed spelling.
    let before = &text[..pos];
    let after_spelling = ["[x]"]
        .into_iter()
        .chain(OPERATORS.iter().map(|e| e.ascii))
        .any(|a| a.starts_with('[') && before.ends_with(a));
    let after_operand = !after_spelling
        && before
            .chars()
            .next_back()
            .is_some_and(|c| ident_char(c) || matches!(c, ')' | ']' | '"'));
    // A glyph is its own token even after a word (`power▲`).
    if (piece_glyph(first) || !(after_word || (first == '[' && after_operand)))
        && let Some((pieces, len)) = designator_len(rest)
    {
        return (TokenKind::Designator { pieces }, len);
    }
    if ident_char(first) {
        let len = rest.find(|c| !ident_char(c)).unwrap_or(rest.len());
        let word = &rest[..len];
        let keyword = KEYWORDS
            .iter()
            .find(|e| e.ascii == word || (word == "curpos" && e.ascii == "currentposition"));
        return match keyword {
            Some(e) => (TokenKind::Glyph(e), len),
            None => (TokenKind::Word, len),
        };
    }
    (TokenKind::Other, first.len_utf8())
}

/// A comment's length: `//` to the line's end (not `///`, CQL's comment filter, unless
/// `////`), `/* ... */` (to the end when not closed).
fn comment_len(rest: &str) -> Option<usize> {
    let comment_filter = rest.starts_with("///") && !rest.starts_with("////");
    if rest.starts_with("//") && !comment_filter {
        return Some(rest.find('\n').unwrap_or(rest.len()));
    }
    if let Some(body) = rest.strip_prefix("/*") {
        return Some(body.find("*/").map_or(rest.len(), |i| i + 4));
    }
    None
}

/// A string's length, its closing quote included (a `\` escapes the next character, as
/// cqlq's grammar reads it); an unclosed string ends at the line's end.
fn string_len(rest: &str) -> usize {
    let mut escaped = false;
    for (i, c) in rest.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return i + 1,
            '\n' => return i,
            _ => {}
        }
    }
    rest.len()
}

/// The header `cql( ... )`'s length, strings inside it skipped over.
fn header_len(rest: &str) -> Option<usize> {
    let after = rest.strip_prefix("cql")?;
    let open = after.len() - after.trim_start_matches(blank_char).len();
    if !after[open..].starts_with('(') {
        return None;
    }
    let mut i = 3 + open + 1;
    while i < rest.len() {
        let c = rest[i..].chars().next()?;
        match c {
            ')' => return Some(i + 1),
            '"' => i += string_len(&rest[i..]),
            _ => i += c.len_utf8(),
        }
    }
    Some(rest.len())
}

/// A move dash's length: `--` (not `-->`, `---`), `――`, `[x]`, `×`.
fn dash_len(rest: &str) -> Option<usize> {
    if rest.starts_with("--") && !rest[2..].starts_with(['>', '-']) {
        return Some(2);
    }
    if rest.starts_with("――") {
        return Some("――".len());
    }
    ["[x]", "×"]
        .into_iter()
        .find(|d| rest.starts_with(d))
        .map(str::len)
}

fn piece_char(c: char) -> bool {
    "KQRBNPkqrbnpAa_".contains(c)
}

fn piece_glyph(c: char) -> bool {
    PIECES.iter().any(|e| e.glyph == c)
}

/// A piece designator at the start of `rest`: (the piece part's length, the whole length).
/// Squares alone (`a1`, `[a-h]8`), pieces (`K`, `[RQ]`, `♖♕`) with optional squares; it must
/// not run into a word (`Kings` is a name) or a bracket (`K[0..5,1]` is not CQL 6.2's).
fn designator_len(rest: &str) -> Option<(usize, usize)> {
    let ends = |len: usize| {
        let after = &rest[len..];
        let coords = after.starts_with('[')
            && after[1..].starts_with(|c: char| c == '-' || c == '*' || c.is_ascii_digit());
        !(coords || after.starts_with(ident_char))
    };
    if let Some(len) = squares_len(rest)
        && ends(len)
    {
        return Some((0, len));
    }
    if rest.starts_with(piece_glyph) {
        // A glyph run ends where the glyphs end: `◭x∊S` declares the piece variable `x`.
        let pieces = rest.find(|c| !piece_glyph(c)).unwrap_or(rest.len());
        return Some((pieces, pieces + squares_len(&rest[pieces..]).unwrap_or(0)));
    }
    // `[Aa]x`: CQL 6.2's ASCII piece declaration, `◭x`.
    if (rest.starts_with("[Aa]") || rest.starts_with("[aA]")) && rest[4..].starts_with(ident_char) {
        return Some((4, 4));
    }
    let pieces = if rest.starts_with(piece_char) {
        1
    } else if let Some(inner) = rest.strip_prefix('[') {
        let n = inner.find(|c| !piece_char(c)).unwrap_or(inner.len());
        (n > 0 && inner[n..].starts_with(']')).then_some(n + 2)?
    } else {
        return None;
    };
    let len = pieces + squares_len(&rest[pieces..]).unwrap_or(0);
    ends(len).then_some((pieces, len))
}

/// A square set's length: `a1`, `a-h1-8`, `[a1,b-c2]`.
fn squares_len(rest: &str) -> Option<usize> {
    fn range(rest: &str, lo: char, hi: char) -> usize {
        let b = rest.as_bytes();
        let one = |i: usize| b.get(i).is_some_and(|&c| (lo..=hi).contains(&(c as char)));
        match (one(0), b.get(1) == Some(&b'-') && one(2)) {
            (true, true) => 3,
            (true, false) => 1,
            _ => 0,
        }
    }
    fn square(rest: &str) -> Option<usize> {
        let files = range(rest, 'a', 'h');
        let ranks = range(&rest[files..], '1', '8');
        (files > 0 && ranks > 0).then_some(files + ranks)
    }
    if let Some(inner) = rest.strip_prefix('[') {
        let mut i = 0;
        loop {
            i += square(&inner[i..])?;
            match inner.as_bytes().get(i) {
                Some(b',') => i += 1,
                Some(b']') => return Some(i + 2),
                _ => return None,
            }
        }
    }
    square(rest)
}

/// Pushes `piece`, with a space first when both it and the text before it are word
/// characters where they meet (`flip` + `Ka1`).
fn push_apart(out: &mut String, piece: &str) {
    let joins = out.chars().next_back().is_some_and(ident_char)
        && piece.chars().next().is_some_and(ident_char);
    if joins {
        out.push(' ');
    }
    out.push_str(piece);
}

/// `cql -a`: each glyph replaced by its ASCII spelling (`♖♕a1` → `[RQ]a1`, `◭` → `[Aa]`,
/// `――` → `--`, `✵` → `flip`); the rest kept as written.
pub fn to_ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut converted_last = false;
    let all = tokens(text);
    for (i, t) in all.iter().enumerate() {
        let declares = t.text == "◭" && all.get(i + 1).is_some_and(|n| n.kind == TokenKind::Word);
        let after_forall = i > 0 && all[i - 1].text == "∀";
        let ascii = match t.kind {
            // `◭x = S`, `◭x∊S`: the piece variable's declaration, `piece x` (`∀◭x∊S`:
            // `[forall][Aa]x[element]S`, as CQL 6.2 writes it).
            _ if declares && !after_forall => Some("piece".to_string()),
            TokenKind::Glyph(e) if t.text.starts_with(e.glyph) => Some(e.ascii.to_string()),
            TokenKind::Dash if !t.text.is_ascii() => {
                let e = DASHES.iter().find(|e| t.text.starts_with(e.glyph));
                e.map(|e| e.ascii.to_string())
            }
            TokenKind::Designator { pieces } if !t.text[..pieces].is_ascii() => {
                let letters: String = t.text[..pieces]
                    .chars()
                    .filter_map(|c| PIECES.iter().find(|e| e.glyph == c))
                    .map(|e| e.ascii)
                    .collect();
                let set = if letters.len() > 1 {
                    format!("[{letters}]")
                } else {
                    letters
                };
                Some(set + &t.text[pieces..])
            }
            _ => None,
        };
        match ascii {
            Some(a) => {
                push_apart(&mut out, &a);
                converted_last = true;
            }
            None if converted_last => {
                push_apart(&mut out, t.text);
                converted_last = false;
            }
            None => out.push_str(t.text),
        }
    }
    out
}

/// `cql -u`, `-utf8`: each ASCII spelling that has a glyph replaced by it (`[RQ]a1` → `♖♕a1`,
/// `[Aa]` → `◭`, `--` → `――`, `flip` → `✵`, `<=` → `≤`); the rest kept as written.
pub fn to_unicode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for t in tokens(text) {
        match t.kind {
            TokenKind::Glyph(e) if !t.text.starts_with(e.glyph) => out.push(e.glyph),
            TokenKind::Dash if t.text == "--" => out.push_str("――"),
            TokenKind::Dash if t.text == "[x]" => out.push('×'),
            TokenKind::Designator { pieces } if pieces > 0 && t.text[..pieces].is_ascii() => {
                let letters = t.text[..pieces]
                    .trim_start_matches('[')
                    .trim_end_matches(']');
                if letters == "Aa" || letters == "aA" {
                    out.push('◭');
                } else {
                    for c in letters.chars() {
                        let e = PIECES
                            .iter()
                            .find(|e| e.ascii.starts_with(c) && e.ascii.len() == 1);
                        out.push(e.map_or(c, |e| e.glyph));
                    }
                }
                out.push_str(&t.text[pieces..]);
            }
            _ => out.push_str(t.text),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_become_ascii_and_back() {
        // gadycosteff.com/cql/unicode.html's table: ✵ flip, ⬓ flipcolor, ⊢ path, ◎ focus,
        // ∙ currentposition, ―― --, × [x], ◭ [Aa], △ A, ▲ a, □ _, ▦ ., ∊ [element], ∀ [forall].
        let unicode = "✵{♔a1 ♖♕[a1,h8] ◭x∊▦ ⊢ ♘――e4 ♟×□} ⬓ ∀y∊△ y≤▲ ≠ ∙";
        let ascii = "flip{Ka1 [RQ][a1,h8] piece x[element]. path N--e4 p[x]_} flipcolor [forall]y[element]A y<=a != currentposition";
        assert_eq!(to_ascii(unicode), ascii);
        assert_eq!(to_unicode(ascii), unicode.replace("◭x", "piece x"));
        assert_eq!(to_unicode("[Aa]x∊▦"), "◭x∊▦");
        assert_eq!(to_unicode("x[element][Aa] s[1]"), "x∊◭ s[1]");
    }

    #[test]
    fn words_strings_comments_and_the_header_stay() {
        let text = "cql(input a.pgn) // K--a1 flip\nKings=\"flip K\" /* ♔ */ pathcount a-h1 s[1]";
        assert_eq!(to_unicode(text), text);
        assert_eq!(to_ascii(text), text);
        // A glyph that would run into a word gets a space.
        assert_eq!(to_ascii("✵Ka1"), "flip Ka1");
        assert_eq!(to_ascii("x⊢Q"), "x path Q");
        assert_eq!(to_ascii("power▲"), "power a");
    }

    #[test]
    fn tokens_give_the_text_back() {
        let text = "cql(input \"x).pgn\")\n line --> move from x <-- ///\"c\" x ..";
        let joined: String = tokens(text).iter().map(|t| t.text).collect();
        assert_eq!(joined, text);
        assert_eq!(to_unicode(text), text);
    }
}
