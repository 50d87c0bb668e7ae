//! `hhdb KEY`: the Heijden study database (HHdb) words that CQL 6.2 defines as plain CQL
//! over the game's tags and first comment, lowered to the same IR.
//!
//! The meanings follow CQL 6.2's HHdb documentation and its table of keys: the status codes
//! (`(c)`, `MC`, `U1`, ... and their long names) are substrings of the Black tag; `dual` is
//! `U1`/`U2` there; `cook`, `eg`, `minor_dual` mark the original comments (`<cook`, `<eg>`,
//! `<minor_dual`); `diagram` is the number after `#` in the Event tag; `firstcomment`,
//! `stipulation` and `egdiagram` read the comment before the first move; `gbr` is the GBR
//! code in the Black tag (`kings`, `material`, `pieces`, `pawns` its parts); `composer` the
//! White tag (without a trailing ` NN`), or with `MC` the first sentence of the first comment;
//! `search` the text of those fields joined by newlines. The keys that read variations
//! (`<main>`, `<or>`, `mainline`, `variation`) are lowered in `run_words.rs`; `source`,
//! which CQL 6.2 lists but maps to no CQL ("Internal: no cql mapping"), stays refused.
//!
//! `hhdb cooked`, `hhdb sound`, `hhdb unsound` and `hhdb sort ...` follow CQL 6.2's
//! `hhdbkeyword` table and `hhdbaward_sort`, which define them by CQL text:
//! - `cooked` is `cql_hhdbhascook` ([`Node::HhdbCooked`]);
//! - `unsound` is `hhdb cooked or player black ~~ "U[1-5]"`;
//! - `sound` is `not {hhdb cooked and player black ~~ "U[12]" or player black ~~ "U[345]"}`;
//! - `hhdb sort T` (T `prize`, `hm`, `commendation`: categories 1, 3, 5) is the study having
//!   such an award, sorted (smallest first) by the category (one more for a special award),
//!   the award's first place, then its last place; cqlq's `sort` orders by one value, so
//!   the three are one number (category × 10¹⁰ + first × 10⁵ + last: places are below
//!   10⁵, an unranked award's last place being 10,000); `hhdb sort award` is the `or` of
//!   the three types; with `special`: `hhdb special and hhdb sort T`.

use crate::ir::{
    ArithOp, AwardKind, CmpOp, HhdbAward, Node, Pattern, PositionRef, Sort, StrFilter, TagName,
};

use crate::query::ast::Expr;

/// The status codes CQL 6.2 looks up in the Black tag, with their long names.
const BLACK_TAG_CODES: [(&str, &str); 17] = [
    ("(c)", "correction"),
    ("(m)", "modification"),
    ("(s)", "corrected_solution"),
    ("(v)", "version"),
    ("AN", "anticipation"),
    ("CR", "colors_reversed"),
    ("MC", "too_many_composers"),
    ("PH", "posthumous"),
    ("TE", "theoretical_ending"),
    ("TT", "theme_tourney"),
    ("TT", "theme_tournament"),
    ("TW", "twin"),
    ("U1", "dual_at_move_1"),
    ("U2", "dual_after_move_1"),
    ("U3", "white_fails"),
    ("U4", "white_wins_in_draw"),
    ("U5", "unreachable"),
];

/// A compiled constant pattern.
fn re(p: &str) -> Pattern {
    Pattern(regex::Regex::new(p).expect("a valid constant pattern"))
}

fn strs<S>(f: StrFilter<S>) -> Node<S> {
    Node::Strs(Box::new(f))
}

fn b<S>(n: Node<S>) -> Box<Node<S>> {
    Box::new(n)
}

/// `x ~~ re` followed by `\1`: the first group.
fn group<S>(x: Node<S>, pattern: &str) -> Node<S> {
    Node::And(vec![
        Node::RegexMatch(b(x), re(pattern)),
        strs(StrFilter::Capture(1)),
    ])
}

/// `position 0 : f`: f at the game's first position.
fn at_start<S>(f: Node<S>) -> Node<S> {
    Node::At(b(Node::Position(PositionRef::Initial)), b(f))
}

/// `originalcomment "text"`: some original comment contains the text.
fn comment_has<S>(text: &str) -> Node<S> {
    Node::HasCommentText(b(Node::Str(text.to_string())))
}

/// The GBR code of the Black tag: `+0016.32d4g7`.
const GBR: &str = r"[+-=]\d{4}\.\d{2}[a-h][1-8][a-h][1-8]";

/// The filter of `hhdb KEY` (the words after `hhdb`, joined by a space), if it is one of the
/// keys defined by CQL text.
pub(crate) fn hhdb_key<S>(key: &str) -> Option<Node<S>> {
    let black = || Node::Tag(TagName::Black);
    let white = || Node::Tag(TagName::White);
    let key = key.trim_matches(|c| c == '<' || c == '>');
    if let Some((code, _)) = BLACK_TAG_CODES
        .iter()
        .find(|(code, long)| *code == key || *long == key)
    {
        let f = strs(StrFilter::Contains(Node::Str(code.to_string()), black()));
        return Some(f);
    }
    let gbr = || Node::RegexMatch(b(black()), re(GBR));
    let part = |i: Option<i64>, j: Option<i64>| {
        let f = StrFilter::Slice(gbr(), i.map(Node::Number), j.map(Node::Number));
        Some(strs(f))
    };
    Some(match key {
        "dual" => Node::RegexMatch(b(black()), re("U[12]")),
        "cook" => comment_has("<cook"),
        "eg" => comment_has("<eg>"),
        "minor_dual" => comment_has("<minor_dual"),
        "diagram" => group(Node::Tag(TagName::Event), "#([^ ]+)"),
        "firstcomment" => at_start(Node::OriginalComment),
        "stipulation" => {
            let f = group(Node::OriginalComment, r"stipulation: ([^.]+)\.");
            at_start(f)
        }
        "egdiagram" => {
            let comment = Node::OriginalComment;
            let f = Node::And(vec![
                Node::RegexMatch(b(comment), re(r"EG#(\d+)")),
                strs(StrFilter::ToInt(strs(StrFilter::Capture(1)))),
            ]);
            at_start(f)
        }
        "gbr" => gbr(),
        "gbr material" => return part(Some(1), Some(-4)),
        "gbr pieces" => return part(Some(1), Some(5)),
        "gbr pawns" => return part(Some(6), Some(8)),
        "gbr kings" => return part(Some(-4), None),
        "composer" => {
            let mc = strs(StrFilter::Contains(Node::Str("MC".into()), black()));
            let first = at_start(group(Node::OriginalComment, r"^([^.]+)\."));
            let tail = strs(StrFilter::Slice(white(), Some(Node::Number(-3)), None));
            let nn = Node::Compare(CmpOp::Eq, b(tail), b(Node::Str(" NN".into())));
            let trimmed = strs(StrFilter::Slice(white(), None, Some(Node::Number(-3))));
            let plain = Node::If(b(nn), b(trimmed), Some(b(white())));
            Node::If(b(mc), b(first), Some(b(plain)))
        }
        "search" => {
            let nl = || Node::Str("\n".to_string());
            let comment = || at_start(Node::OriginalComment);
            let add = |x: Node<S>, y: Node<S>| Node::Arith(crate::ir::ArithOp::Add, b(x), b(y));
            let head = add(
                add(add(add(Node::Tag(TagName::Event), nl()), white()), nl()),
                black(),
            );
            let tail = Node::If(
                b(comment()),
                b(add(nl(), comment())),
                Some(b(Node::Str(String::new()))),
            );
            add(head, tail)
        }
        _ => return None,
    })
}

/// `hhdb WORDS` for the keys CQL 6.2 defines here (`cooked`, `sound`, `unsound`, and the
/// award keys with `sort`); None for the others.
pub(crate) fn hhdb_table_key<S>(flags: &[&str], filters: &[&Expr]) -> Option<Node<S>> {
    if !filters.is_empty() {
        return None;
    }
    let black = |re: &str| {
        let pattern = Pattern(regex::Regex::new(re).expect("a valid constant pattern"));
        Node::RegexMatch(Box::new(Node::Tag(TagName::Black)), pattern)
    };
    let cooked = || Node::HhdbCooked;
    match flags {
        ["cooked"] => return Some(cooked()),
        ["unsound"] => return Some(Node::Or(vec![cooked(), black("U[1-5]")])),
        ["sound"] => {
            let bad = Node::Or(vec![
                Node::And(vec![cooked(), black("U[12]")]),
                black("U[345]"),
            ]);
            return Some(Node::Not(Box::new(bad)));
        }
        _ => {}
    }
    if !flags.contains(&"sort") {
        return None;
    }
    let mut kind = None;
    let mut special = false;
    for w in flags {
        match *w {
            "sort" => {}
            "special" => special = true,
            "award" => kind = Some(AwardKind::Any),
            "prize" => kind = Some(AwardKind::Prize),
            "hm" => kind = Some(AwardKind::HonourableMention),
            "commendation" => kind = Some(AwardKind::Commendation),
            _ => return None,
        }
    }
    let award = |kind, special, max| Node::Hhdb(HhdbAward { kind, special, max });
    let sorted = match kind.unwrap_or(AwardKind::Any) {
        AwardKind::Any => Node::Or(
            [
                AwardKind::Prize,
                AwardKind::HonourableMention,
                AwardKind::Commendation,
            ]
            .into_iter()
            .map(hhdb_sort_of)
            .collect(),
        ),
        k => hhdb_sort_of(k),
    };
    let node = if special {
        Node::And(vec![award(AwardKind::Any, true, false), sorted])
    } else {
        sorted
    };
    Some(node)
}

/// `hhdb sort T` for one award type (CQL 6.2's `hhdbaward_sort`).
fn hhdb_sort_of<S>(kind: AwardKind) -> Node<S> {
    let award = |special, max| Node::Hhdb(HhdbAward { kind, special, max });
    let category = match kind {
        AwardKind::Prize => 1,
        AwardKind::HonourableMention => 3,
        _ => 5,
    };
    let add = |a: Node<S>, b: Node<S>| Node::Arith(ArithOp::Add, Box::new(a), Box::new(b));
    let times =
        |a: Node<S>, n: i64| Node::Arith(ArithOp::Mul, Box::new(a), Box::new(Node::Number(n)));
    let key = |category: i64, special: bool| {
        add(
            add(
                Node::Number(category * 10_000_000_000),
                times(award(special, false), 100_000),
            ),
            award(special, true),
        )
    };
    // `hhdb T` as a filter holds for a special award too (its value, 0, is no match).
    let has = Node::Or(vec![award(false, false), award(true, false)]);
    let is_special = Node::Hhdb(HhdbAward {
        kind: AwardKind::Any,
        special: true,
        max: false,
    });
    let body = Node::If(
        Box::new(is_special),
        Box::new(key(category + 1, true)),
        Some(Box::new(key(category, false))),
    );
    let sort = Sort {
        label: "hhdb sort".to_string(),
        min: true,
        quiet: false,
        body,
    };
    Node::And(vec![has, Node::Sort(Box::new(sort))])
}
