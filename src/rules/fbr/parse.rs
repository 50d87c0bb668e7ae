//! FBR text → [`RuleList`]: a small hand-written parser over FBR's grammar, checking each rule
//! name and attribute against FBR's table ([`RULES`]); errors carry a column and a reason.
//!
//! Rules are separated by white space, or by a comma followed by white space
//! (`cylindric, atomic{^P}, hill[d-e4-5]`); a rule's own attributes are separated by commas
//! without spaces (`royal=expose,bare`). In board ranges, files are letters and ranks numbers
//! (`[d-e4-5]`, `[1-2]`, `[a2,c-f2]`), as the FBR page's examples write them (its BNF names
//! the two the other way round). A piece set and a board range may come in either order
//! (`drop[1-8]{P}` appears on the FBR page).

use super::castling_defs::{read_castling_definition, starts_castling_definition};
use super::macros::{read_macros, skip_macro, starts_macro};
use super::model::{Attribute, BoardRange, PieceSet, Rule, RuleList, SingleRange};
use super::piece_defs::{read_negated_definition, starts_negated_definition};
use super::piece_defs::{read_piece_definition, starts_piece_definition};
use super::prefix_rules::{read_prefix_rule, starts_prefix_rule};

/// A fault in FBR text: the 1-based column and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FbrError {
    /// 1-based column (characters) in the text.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

impl std::fmt::Display for FbrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FBR rules, column {}: {}", self.column, self.reason)
    }
}

impl std::error::Error for FbrError {}

impl FbrError {
    /// The error with the text and a caret under the column.
    pub fn render(&self, text: &str) -> String {
        format!(
            "{self}\n  {text}\n  {}^",
            " ".repeat(self.column.saturating_sub(1))
        )
    }
}

/// FBR's rules and the attributes each allows (the table of `fbr-rules.json`, from the FBR
/// page as LeCodex's `fbr.js` transcribed it).
pub const RULES: &[(&str, &[&str])] = &[
    ("alice", &["3D", "4D", "classic"]),
    ("andernach", &[]),
    ("announcement", &["pieces"]),
    ("antiroyal", &[]),
    ("atomic", &[]),
    ("avalanche", &["balance"]),
    ("benedict", &[]),
    ("bouncing", &[]),
    ("bughouse", &[]),
    ("burner", &[]),
    ("cheshire", &[]),
    ("conversion", &["capture", "move"]),
    ("cylindric", &["wrongrook", "null"]),
    ("diagonals", &["dark", "light"]),
    ("difficulttrading", &["minor", "royal"]),
    ("direction", &[]),
    ("draw", &["repetition", "stalemate"]),
    (
        "drop",
        &["captured", "immediate", "nocheck", "nomate", "withattack"],
    ),
    (
        "freezer",
        &[
            "attackers",
            "capture",
            "checking",
            "move",
            "single",
            "suicide",
        ],
    ),
    ("gating", &["ordered"]),
    ("hill", &["balance", "fill", "pass"]),
    (
        "holding",
        &["demote", "either", "notflip", "pocket", "promote", "share"],
    ),
    ("loss", &["perpetualcheck", "repetition", "stalemate"]),
    ("magnetic", &[]),
    ("mirror", &["vertical", "horizontal"]),
    ("monster", &[]),
    ("multicapture", &["completed", "immediate"]),
    ("muskeeter", &[]),
    ("musketeer", &[]),
    ("mustcapture", &["compulsory", "most", "multiple"]),
    ("nonrepeating", &["check", "never"]),
    (
        "pieces",
        &[
            "avoidsamecolored",
            "cannotbechecked",
            "consecutive",
            "draw",
            "extinction",
            "file",
            "holding",
            "immovable",
            "impartial",
            "maxcaptures",
            "morethan",
            "minimum",
            "neutral",
            "overall",
            "sum",
            "taboo",
            "total",
            "transparent",
            "win",
        ],
    ),
    ("pincher", &[]),
    (
        "progressive",
        &["english", "italian", "moderate", "scotish"],
    ),
    ("protector", &[]),
    (
        "promotion",
        &[
            "available",
            "capture",
            "captured",
            "captures",
            "castle",
            "continue",
            "demote",
            "enter",
            "entersuspend",
            "enpassant",
            "leave",
            "move",
            "move*",
            "notforced",
            "null",
            "once",
            "optional",
            "origin",
            "setup",
            "stack",
            "suspend",
            "swap",
            "warp",
        ],
    ),
    (
        "royal",
        &[
            "evasefacing",
            "bare",
            "baremove",
            "castle",
            "checkmated",
            "expose",
            "maxchecks",
            "mustevase",
            "noperpetualcheck",
            "passover",
            "solely",
            "suicide",
            "taboo",
            "untilcaptured",
            "virginzone",
        ],
    ),
    ("spacious", &[]),
    ("stalemate", &["draw", "invalid", "loss", "skip", "win"]),
    ("stopifchecking", &[]),
    ("stymizer", &[]),
    ("swap", &["demote", "promote"]),
    ("swapping", &[]),
    ("switching", &["notincheck", "excluderoyals"]),
    ("torus", &["spacious", "wrongrook", "null"]),
    (
        "turn",
        &[
            "achievable",
            "again",
            "alter",
            "balance",
            "castling",
            "avalanche",
            "check",
            "compulsory",
            "dontcross",
            "enpassant",
            "optional",
            "untilcapture",
        ],
    ),
    ("warp", &["start"]),
    ("win", &["mostpoints", "stalemate"]),
    ("zone", &["captureonly", "dontcross", "hole", "river"]),
];

/// Parses an FBR rule list (`royal atomic{^P} hill[d-e4-5]=balance`).
pub fn fbr_to_rules(text: &str) -> Result<RuleList, FbrError> {
    let mut p = Parser {
        c: text.chars().collect(),
        i: 0,
    };
    let mut rules = Vec::new();
    let mut pieces = Vec::new();
    let mut prefix_rules = Vec::new();
    let mut announced_rules = Vec::new();
    let mut drop_rules = Vec::new();
    let mut alice_rules = Vec::new();
    let mut announced_movements = Vec::new();
    let mut negated = Vec::new();
    let mut castlings = Vec::new();
    let macros = read_macros(&p.c)?;
    loop {
        p.skip_separators();
        if p.i >= p.c.len() {
            break;
        }
        // `O-O=...` before piece definitions (`O` would read as a piece letter).
        if starts_castling_definition(&p.c, p.i) {
            castlings.push(read_castling_definition(&p.c, &mut p.i)?);
        } else if starts_prefix_rule(&p.c, p.i) {
            // A prefixed rule: `!+W/Name/` (a cancelled rule) is no negated definition.
            let r = read_prefix_rule(&p.c, &mut p.i)?;
            if r.announcement.is_some() {
                announced_rules.push(r);
            } else if r.second_board || r.results.iter().any(|x| x.second_board) {
                alice_rules.push(r);
            } else if r.results.first().is_some_and(|x| x.drop) {
                drop_rules.push(r);
            } else {
                prefix_rules.push(r);
            }
        } else if super::announced_movement::starts_announced_movement(&p.c, p.i) {
            let m = super::announced_movement::read_announced_movement(&p.c, &mut p.i)?;
            announced_movements.push(m);
        } else if starts_macro(&p.c, p.i) {
            p.i = skip_macro(&p.c, p.i); // read by `read_macros`
        } else if starts_negated_definition(&p.c, p.i) {
            negated.push(read_negated_definition(&p.c, &mut p.i, &macros)?);
        } else if starts_piece_definition(&p.c, p.i) {
            pieces.push(read_piece_definition(&p.c, &mut p.i, &macros)?);
        } else {
            rules.push(p.rule()?);
        }
        match p.peek() {
            None => {}
            Some(c) if c.is_whitespace() => {}
            Some(',') if p.c.get(p.i + 1).is_none_or(|c| c.is_whitespace()) => {}
            Some(c) => return p.err(format!("unexpected `{c}` after a rule")),
        }
    }
    Ok(RuleList {
        rules,
        pieces,
        prefix_rules,
        announced_rules,
        drop_rules,
        alice_rules,
        announced_movements,
        negated,
        castlings,
    })
}

struct Parser {
    c: Vec<char>,
    i: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.c.get(self.i).copied()
    }

    fn err<T>(&self, reason: impl Into<String>) -> Result<T, FbrError> {
        Err(FbrError {
            column: self.i + 1,
            reason: reason.into(),
        })
    }

    fn eat(&mut self, ch: char) -> bool {
        if self.peek() == Some(ch) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn skip_separators(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == ',' {
                self.i += 1;
            } else {
                break;
            }
        }
    }

    /// A name: letters and digits (`star` also takes a trailing `*`, as in `move*`).
    fn word(&mut self, star: bool) -> String {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
            self.i += 1;
        }
        if star && self.i > start {
            self.eat('*');
        }
        self.c[start..self.i].iter().collect()
    }

    fn rule(&mut self) -> Result<Rule, FbrError> {
        let column = self.i + 1;
        let cancel = self.eat('!');
        let start = self.i;
        let name = self.word(false).to_lowercase();
        if name.is_empty() {
            return self.err("expected a rule name");
        }
        let Some(&(_, allowed)) = RULES.iter().find(|(n, _)| *n == name) else {
            self.i = start;
            return self.err(format!("unknown FBR rule `{name}`"));
        };
        let mut rule = Rule {
            name,
            cancel,
            prefix: None,
            seq: None,
            pieces: None,
            range: None,
            attrs: Vec::new(),
            column,
            announcement: None,
        };
        if let Some(c) = self.peek()
            && "+-#*$%&".contains(c)
        {
            rule.prefix = Some(c);
            self.i += 1;
        }
        if self.eat('<') {
            let s = self.word(false);
            if !self.eat('>') || s.is_empty() {
                return self.err("expected `<NUMBER>` or `<DIRECTION>`");
            }
            rule.seq = Some(s.to_lowercase());
        }
        for _ in 0..2 {
            match self.peek() {
                Some('{') if rule.pieces.is_none() => rule.pieces = Some(self.piece_set()?),
                Some('[') if rule.range.is_none() => rule.range = Some(self.range()?),
                _ => {}
            }
        }
        // The seed also writes the prefix after the piece set (`freezer{S}*=(2)`).
        if rule.prefix.is_none()
            && let Some(c) = self.peek()
            && "+-#*$%&".contains(c)
            && self
                .c
                .get(self.i + 1)
                .is_none_or(|n| *n == '=' || n.is_whitespace())
        {
            rule.prefix = Some(c);
            self.i += 1;
        }
        if rule.name == "announcement" && self.peek() == Some('/') {
            rule.announcement = Some(self.announcement_name()?);
        }
        if self.eat('=') {
            loop {
                let a = self.attribute()?;
                // A nameless attribute (`burner#={^A}`, `freezer{S}*=(2)`, as the seed
                // writes them) is left to the rule.
                let known =
                    a.name.is_empty() || allowed.iter().any(|n| n.eq_ignore_ascii_case(&a.name));
                if !known {
                    return Err(FbrError {
                        column: a.column,
                        reason: format!(
                            "`{}` is not an attribute of `{}` (allowed: {})",
                            a.name,
                            rule.name,
                            if allowed.is_empty() {
                                "none".to_string()
                            } else {
                                allowed.join(", ")
                            }
                        ),
                    });
                }
                rule.attrs.push(a);
                // A comma followed by more of the attribute list continues it.
                if self.peek() == Some(',')
                    && self.c.get(self.i + 1).is_some_and(|c| !c.is_whitespace())
                {
                    self.i += 1;
                    continue;
                }
                break;
            }
        }
        Ok(rule)
    }

    fn attribute(&mut self) -> Result<Attribute, FbrError> {
        let column = self.i + 1;
        let negated = self.eat('!');
        let mut name = self.word(true);
        // `move*` is an attribute of its own; on any other name `*` is a piece prefix
        // (`promote*`, `demote*`: the `*` rules).
        if name.len() > 1 && name.ends_with('*') && !name.eq_ignore_ascii_case("move*") {
            name.pop();
            self.i -= 1;
        }
        if name.is_empty() && !matches!(self.peek(), Some('(' | '{')) {
            return self.err("expected an attribute");
        }
        let mut a = Attribute {
            name: name.to_lowercase(),
            negated,
            prefix: None,
            arg: None,
            pieces: None,
            range: None,
            column,
        };
        if let Some(c) = self.peek()
            && "+-#*$%&".contains(c)
        {
            a.prefix = Some(c);
            self.i += 1;
        }
        if self.eat('(') {
            let start = self.i;
            let neg = self.eat('-');
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.i += 1;
            }
            let digits: String = self.c[start..self.i].iter().collect();
            let n: i64 = match digits.parse() {
                Ok(n) => n,
                Err(_) => return self.err("expected a number"),
            };
            let _ = neg;
            if !self.eat(')') {
                return self.err("expected `)`");
            }
            a.arg = Some(n);
        }
        for _ in 0..2 {
            match self.peek() {
                Some('{') if a.pieces.is_none() => a.pieces = Some(self.piece_set()?),
                Some('[') if a.range.is_none() => a.range = Some(self.range()?),
                _ => {}
            }
        }
        Ok(a)
    }

    /// `/Name/` after `announcement` (the seed's `announcement{GHW}[8-9]/DragonResurrection/`):
    /// the name (letters and digits) and the column of its first letter.
    fn announcement_name(&mut self) -> Result<(String, usize), FbrError> {
        self.eat('/');
        let column = self.i + 1;
        let name = self.word(false);
        if name.is_empty() {
            return self.err("expected an announcement's name (`/Name/`: letters and digits)");
        }
        if !self.eat('/') {
            return self.err("expected `/` closing the announcement's name");
        }
        Ok((name, column))
    }

    fn piece_letter(&mut self) -> Result<String, FbrError> {
        match self.peek() {
            Some(':') => {
                let start = self.i;
                self.i += 1;
                while self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
                    self.i += 1;
                }
                if !self.eat(':') || self.i - start > 5 || self.i - start < 3 {
                    self.i = start;
                    return self.err("expected a piece name `:Xyz:`");
                }
                Ok(self.c[start..self.i].iter().collect())
            }
            Some(c) if c.is_ascii_alphabetic() => {
                self.i += 1;
                Ok(c.to_string())
            }
            _ => self.err("expected a piece letter"),
        }
    }

    fn piece_set(&mut self) -> Result<PieceSet, FbrError> {
        self.eat('{');
        let mut set = PieceSet {
            not: self.eat('!'),
            caret: self.eat('^'),
            ..PieceSet::default()
        };
        loop {
            match self.peek() {
                Some('}') => {
                    self.i += 1;
                    return Ok(set);
                }
                None => return self.err("unclosed `{`"),
                Some(',') => self.i += 1,
                Some(c) => {
                    let mut letter = String::new();
                    set.columns.push(self.i + 1);
                    if "+-#*".contains(c) {
                        letter.push(c);
                        self.i += 1;
                    }
                    letter += &self.piece_letter()?;
                    if self.eat('=') {
                        let start = self.i;
                        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                            self.i += 1;
                        }
                        let n: String = self.c[start..self.i].iter().collect();
                        let Ok(n) = n.parse() else {
                            return self.err("expected a piece value");
                        };
                        set.values.push((letter.clone(), n));
                    }
                    set.pieces.push(letter);
                }
            }
        }
    }

    fn range(&mut self) -> Result<BoardRange, FbrError> {
        self.eat('[');
        let mut r = BoardRange {
            not: self.eat('^'),
            parts: Vec::new(),
        };
        loop {
            let files = self.span(|c| c.is_ascii_lowercase(), |c| c as u32 - 'a' as u32)?;
            let ranks = self.span(|c| c.is_ascii_digit(), |_| 0)?;
            if files.is_none() && ranks.is_none() {
                return self.err("expected files (`d-e`) or ranks (`4-5`) in a board range");
            }
            r.parts.push(SingleRange { files, ranks });
            if self.eat(',') {
                continue;
            }
            if self.eat(']') {
                return Ok(r);
            }
            return self.err("expected `,` or `]` in a board range");
        }
    }

    /// A file span `d` / `d-e` (letters) or a rank span `4` / `4-5` (numbers, 1-based).
    fn span(
        &mut self,
        is: fn(char) -> bool,
        letter: fn(char) -> u32,
    ) -> Result<Option<(u8, u8)>, FbrError> {
        let one = |p: &mut Parser| -> Result<Option<u8>, FbrError> {
            let Some(c) = p.peek().filter(|&c| is(c)) else {
                return Ok(None);
            };
            if c.is_ascii_lowercase() {
                p.i += 1;
                return Ok(Some(letter(c) as u8));
            }
            let start = p.i;
            while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                p.i += 1;
            }
            let n: String = p.c[start..p.i].iter().collect();
            match n.parse::<u8>() {
                Ok(n) if (1..=16).contains(&n) => Ok(Some(n - 1)),
                _ => {
                    p.i = start;
                    p.err(format!("rank `{n}` out of 1..16"))
                }
            }
        };
        let Some(a) = one(self)? else {
            return Ok(None);
        };
        let save = self.i;
        if self.eat('-') {
            if let Some(b) = one(self)? {
                return Ok(Some((a.min(b), a.max(b))));
            }
            self.i = save;
        }
        Ok(Some((a, a)))
    }
}
