//! The FBR rule model: what one FBR string (`hill[d-e4-5]=balance`, `royal=expose,bare`) says,
//! before it is applied to a variant.
//!
//! FBR's grammar (seed 001): `<Rule> <Prefix>? <SeqNumber>? <PieceSet>? <BoardRange>?
//! ('=' <Attribute> (',' <Attribute>)*)?`. A leading `!` cancels a rule (`!draw`, `!royal`).

/// A rule list: the rules of one `Rules:` line or one `--rules` option, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleList {
    /// The rules, as written.
    pub rules: Vec<Rule>,
    /// The piece definitions among them (`K`, `Q=BN`, `A|Archer|=W0+N`).
    pub pieces: Vec<super::piece_defs::PieceDefinition>,
    /// The MBN prefixed promotion rules among them (`+P==QRBN`, `-Q==R`, `*N==X`).
    pub prefix_rules: Vec<super::prefix_rules::PrefixRule>,
    /// The prefixed rules bound to an announcement (`!+W/Name/`, `*W/Name/==+D`), kept apart
    /// from `prefix_rules` (they apply only to a move declaring the announcement).
    pub announced_rules: Vec<super::prefix_rules::PrefixRule>,
    /// The drop rules (`*K==@k`, `$K==@K@w@S`): prefixed rules whose results are forced
    /// drops, kept apart from `prefix_rules` (applied by `pieces<p>=minimum(N)`).
    pub drop_rules: Vec<super::prefix_rules::PrefixRule>,
    /// The prefixed rules naming pieces of Alice's second board (`+#P==#Q#R#B#N`), kept
    /// apart from `prefix_rules` (read by `fbr::apply::alice_prefixed`).
    pub alice_rules: Vec<super::prefix_rules::PrefixRule>,
    /// The movements bound to an announcement (`W/Name/=MBN`).
    pub announced_movements: Vec<super::announced_movement::AnnouncedMovement>,
    /// The negated prefixed definitions (`!*K=j{K}K`), read by `conversion<prefix>`.
    pub negated: Vec<super::piece_defs::PieceDefinition>,
    /// The castling definitions (`O-O<*>=[*]isR[g]=isR[f]`; `fbr::castling_defs`).
    pub castlings: Vec<super::castling_defs::CastlingDefinition>,
}

/// One FBR rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// The rule's name (`hill`, `royal`, ...), lower case as written.
    pub name: String,
    /// Written with a leading `!`: the rule (or its default) is cancelled.
    pub cancel: bool,
    /// The piece prefix after the name (`+ - # * $ % &`).
    pub prefix: Option<char>,
    /// The `<...>` after the name: a sequence number or, for `direction`, a compass direction.
    pub seq: Option<String>,
    /// The piece set `{...}`.
    pub pieces: Option<PieceSet>,
    /// The board range `[...]`.
    pub range: Option<BoardRange>,
    /// The attributes after `=`.
    pub attrs: Vec<Attribute>,
    /// 1-based column of the rule's first character in the text it came from.
    pub column: usize,
    /// `announcement`'s name in slashes (`/DragonResurrection/`), with its 1-based column.
    pub announcement: Option<(String, usize)>,
}

/// A piece set `{!^KQ#R}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceSet {
    /// `!`: the set names the pieces it excludes (FBR's `{!p}`: all but these).
    pub not: bool,
    /// `^`: the set names the pieces that are immune (atomic's `{^P}`: all but pawns).
    pub caret: bool,
    /// The letters as written (`K`, `:FD:`), each with its prefix (`#Q`).
    pub pieces: Vec<String>,
    /// `most{M=1,K=1000}`: piece values, when the set is written with them.
    pub values: Vec<(String, i64)>,
    /// The 1-based column of each letter of `pieces` in the rules text (empty for a set not
    /// read from text), where an error about the letter points.
    pub columns: Vec<usize>,
}

impl PieceSet {
    /// Where `letter` was written, or `otherwise` (the rule's column).
    pub fn column_of(&self, letter: &str, otherwise: usize) -> usize {
        self.pieces
            .iter()
            .position(|p| p == letter)
            .and_then(|i| self.columns.get(i).copied())
            .unwrap_or(otherwise)
    }

    /// Whether the set, read with its `!`/`^`, includes a piece letter.
    pub fn includes(&self, letter: &str) -> bool {
        let named = self.pieces.iter().any(|p| p.eq_ignore_ascii_case(letter));
        if self.not || self.caret {
            !named
        } else {
            named
        }
    }
}

/// One single range of a board range: files and/or ranks, inclusive, 0-based.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SingleRange {
    /// Files `(first, last)`; `None` = all files.
    pub files: Option<(u8, u8)>,
    /// Ranks `(first, last)`; `None` = all ranks.
    pub ranks: Option<(u8, u8)>,
}

/// A board range `[^d-e4-5,a1]`: the union of its single ranges (the complement with `^`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardRange {
    /// `^`: the complement.
    pub not: bool,
    /// The single ranges.
    pub parts: Vec<SingleRange>,
}

impl BoardRange {
    /// The whole board (the complement of nothing).
    pub fn whole_board() -> BoardRange {
        BoardRange {
            not: true,
            parts: Vec::new(),
        }
    }
}

/// An attribute after `=`: `expose`, `maxchecks(3)`, `captured{QR}`, `pass[c-f3-6]`, `!capture`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// The name, as written.
    pub name: String,
    /// Written with a leading `!`.
    pub negated: bool,
    /// A piece prefix following the name (`demote-`).
    pub prefix: Option<char>,
    /// `(N)`.
    pub arg: Option<i64>,
    /// `{...}`.
    pub pieces: Option<PieceSet>,
    /// `[...]`.
    pub range: Option<BoardRange>,
    /// 1-based column in the text.
    pub column: usize,
}

impl Attribute {
    /// The name as a refusal quotes it: `!capture` when negated, else `capture`.
    pub fn written_name(&self) -> String {
        format!("{}{}", if self.negated { "!" } else { "" }, self.name)
    }
}
