//! String indexing and slices, `~~` captures, `int`, `str`, `ascii`, `indexof`, `in` and `#`
//! on strings, tags by a computed name, substring assignment, `year` and `hhdb` awards,
//! checked on small PGNs written here. Each expectation is reasoned next to it from CQL 6.2's
//! definitions (its source's `BracketRange::getBounds`, `SubstringAssignmentNode`,
//! `StringMatchNode`, `util::intValue`, `HhdbAwardNode`, and the examples of the `str` page).

use crate::common;

/// Whether `query` matches the one game of `GAME`.
fn holds(query: &str) -> bool {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let games = common::games_from(&format!("one-{n}"), GAME);
    common::matched_games(query, &games)[0]
}

/// Event "Linares Open": 12 bytes, L=0 ... n=11; "Open" starts at byte 8.
const GAME: &str = "[Event \"Linares Open\"]\n[Site \"?\"]\n[Date \"1922.??.??\"]\n\
[Result \"*\"]\n\n1. e4 {a comment} *\n";

/// `s[i]`: one byte; a negative index counts from the end; out of range does not match.
#[test]
fn single_index() {
    assert!(holds("event[0] == \"L\""));
    assert!(holds("event[11] == \"n\""));
    assert!(holds("event[-1] == \"n\""));
    assert!(holds("event[-12] == \"L\""));
    // 12 and -13 lie outside the 12 bytes: no match, so `not` matches.
    assert!(holds("not event[12]"));
    assert!(holds("not event[-13]"));
}

/// `s[i:j]`: bytes i..j; missing i is 0, missing j the length; negative counts from the
/// end; bounds are clamped (j to at least i), so a slice always matches.
#[test]
fn slices() {
    assert!(holds("event[0:7] == \"Linares\""));
    assert!(holds("event[8:] == \"Open\""));
    assert!(holds("event[:7] == \"Linares\""));
    assert!(holds("event[:-5] == \"Linares\""));
    assert!(holds("event[-4:] == \"Open\""));
    // j before i: clamped to i, the empty string.
    assert!(holds("event[5:2] == \"\""));
    // Past the end: clamped to the length.
    assert!(holds("event[100:] == \"\""));
    assert!(holds("event[8:100] == \"Open\""));
    // (A negative literal before `:` is written in parentheses: cqlq's parser reads `-100:3`
    // as the position operator.)
    assert!(holds("event[(-100):3] == \"Lin\""));
    assert!(holds("event[(-4):(-1)] == \"Ope\""));
    // A computed index.
    assert!(holds("x = 2 event[x:x + 3] == \"nar\""));
}

/// `#s`, `"a" in s`, `indexof(a s)`.
#[test]
fn length_containment_indexof() {
    assert!(holds("#event == 12"));
    assert!(holds("\"Open\" in event"));
    assert!(holds("not (\"open\" in event)"));
    assert!(holds("indexof(\"Open\" event) == 8"));
    assert!(holds("indexof(\"a\" event) == 3"));
    assert!(holds("indexof(\"zz\" event) == -1"));
}

/// `int`: an optional `-` and decimal digits, nothing else (CQL 6.2's `util::intValue`).
#[test]
fn int_conversion() {
    assert!(holds("int \"42\" == 42"));
    assert!(holds("int \"-7\" == -7"));
    assert!(holds("int \"007\" == 7"));
    assert!(holds("not int \"+7\""));
    assert!(holds("not int \"4a\""));
    assert!(holds("not int \"\""));
    assert!(holds("not int \" 4\""));
    // The year digits of the Date tag.
    assert!(holds("int (date[0:4]) == 1922"));
}

/// `str`: the `str` page's examples ("pinmate43", `<false>` for a failed argument, a square).
#[test]
fn str_conversion() {
    assert!(holds("str(\"pin\" \"mate\" 43) == \"pinmate43\""));
    // At the start position the white king stands on e1.
    assert!(holds("initial str(2 < 1 K) == \"<false>e1\""));
    assert!(holds("str(\"a\" 1 + 2) == \"a3\""));
}

/// `ascii`: a one-character string's code, or a code's one-character string.
#[test]
fn ascii_conversion() {
    assert!(holds("ascii \"A\" == 65"));
    // (`ascii 97` with a literal reads 97 as a range parameter in cqlq's parser today.)
    assert!(holds("x = 97 ascii x == \"a\""));
    assert!(holds("ascii (event[0]) == 76"));
    assert!(holds("not ascii \"ab\""));
}

/// `~~`: its value is the matched text; `\N` are the groups of the last successful match,
/// and a failed match forgets them (CQL 6.2's `StringMatchNode` clears its history).
#[test]
fn regex_values_and_captures() {
    assert!(holds("(event ~~ \"ar..\") == \"ares\""));
    assert!(holds(
        "event ~~ \"^(\\w+) (\\w+)$\" \\1 == \"Linares\" \\2 == \"Open\""
    ));
    assert!(holds("event ~~ \"n(a)r\" \\0 == \"nar\""));
    // Group 2 exists in the pattern but took no part: no match.
    assert!(holds("event ~~ \"(L)|(z)\" not \\2"));
    // The second ~~ fails and forgets the first's groups.
    assert!(holds("event ~~ \"(L)\" not (event ~~ \"(zzz)\") not \\1"));
    // The last successful match wins.
    assert!(holds("event ~~ \"(L)\" event ~~ \"(O)\" \\1 == \"O\""));
    // A capture converted to a number.
    assert!(holds("date ~~ \"^(\\d+)\\.\" int \\1 == 1922"));
}

/// `tag` with a computed name; `tag "X" = v` and `settag` do not change what `tag` reads
/// here (they edit the written game).
#[test]
fn computed_tag_names() {
    assert!(holds("x = \"Ev\" + \"ent\" tag x == \"Linares Open\""));
    assert!(holds("x = \"Nope\" not tag x"));
    assert!(holds("tag (\"Da\" + \"te\") ~~ \"^1922\""));
}

/// String variables: assignment, `+=`, and assignment to a substring (the bytes of the range
/// are replaced by the value, as CQL 6.2's `SubstringAssignmentNode`).
#[test]
fn string_variables() {
    assert!(holds("x = \"abc\" x += \"def\" x == \"abcdef\""));
    assert!(holds("x = \"abcdef\" x[1:3] = \"XY\" x == \"aXYdef\""));
    assert!(holds("x = \"abcdef\" x[0] = \"Z\" x == \"Zbcdef\""));
    assert!(holds("x = \"abcdef\" x[-1] = \"\" x == \"abcde\""));
    assert!(holds("x = \"abcdef\" x[2:] = \"!\" x == \"ab!\""));
}

/// `year`: the Date tag's leading number; a date without digits is year 0 (Scid's date
/// decoding, which CQL 6.2's `YearNode` reads).
#[test]
fn year_from_date() {
    let pgn = "[Date \"1922.??.??\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
               [Date \"????.??.??\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
               [Result \"*\"]\n\n1. e4 *\n\n\
               [Date \"2014.03.02\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let games = common::games_from("year", pgn);
    assert_eq!(
        common::matched_games("year == 1922", &games),
        [true, false, false, false]
    );
    assert_eq!(
        common::matched_games("year == 0", &games),
        [false, true, true, false]
    );
    assert_eq!(
        common::matched_games("year > 1900", &games),
        [true, false, false, true]
    );
}

/// `hhdb` awards, read from the Event tag as CQL 6.2's `HhdbAwardNode` does: `R[/R2]` places,
/// `sp`/`.sp` special, then `.p`, `.hm` or `.c`. The value is the first place (`max`: the
/// last; no place: 1, and 10,000 with `max`); a special award has no place unless `special`
/// is asked for: as a filter it matches (`HhdbAwardNode::match_position` returns `compute`'s
/// result, true with the place set to 0), as a number it fails (`match_count` wants a place
/// above 0).
#[test]
fn hhdb_awards() {
    let events = [
        "1.p Jenever Thematic ty",  // 1: prize 1
        "1/2.p Berger-170 MT",      // 2: prize 1 (max 2)
        "4.hm The Problemist#1140", // 3: hm 4
        ".c Olympic ty",            // 4: commendation, no place: 1
        "sp.p Ellerman-120 MT",     // 5: special prize
        "1.sp.p Birnov MT",         // 6: special prize with a place
        "Variantim#2443",           // 7: no award
        "3/2.p Bad range",          // 8: malformed range: no award
    ];
    let pgn: String = events
        .iter()
        .map(|e| format!("[Event \"{e}\"]\n[Result \"*\"]\n\n1. e4 *\n\n"))
        .collect();
    let games = common::games_from("hhdb", &pgn);
    let t = true;
    let f = false;
    assert_eq!(
        common::matched_games("hhdb prize == 1", &games),
        [t, t, f, f, f, f, f, f]
    );
    assert_eq!(
        common::matched_games("hhdb max prize == 2", &games),
        [f, t, f, f, f, f, f, f]
    );
    assert_eq!(
        common::matched_games("hhdb hm == 4", &games),
        [f, f, t, f, f, f, f, f]
    );
    assert_eq!(
        common::matched_games("hhdb commendation == 1", &games),
        [f, f, f, t, f, f, f, f]
    );
    assert_eq!(
        common::matched_games("hhdb max commendation == 10000", &games),
        [f, f, f, t, f, f, f, f]
    );
    // Any award; as a number only those with a place (not the special ones).
    assert_eq!(
        common::matched_games("hhdb award", &games),
        [t, t, t, t, t, t, f, f]
    );
    assert_eq!(
        common::matched_games("hhdb award > 0", &games),
        [t, t, t, t, f, f, f, f]
    );
    assert_eq!(
        common::matched_games("hhdb special prize", &games),
        [f, f, f, f, t, t, f, f]
    );
    assert_eq!(
        common::matched_games("hhdb special prize == 1", &games),
        [f, f, f, f, t, t, f, f]
    );
}

/// Words still refused name themselves.
#[test]
fn refusals_name_the_word() {
    for (q, word) in [
        ("imagine k", "imagine"),
        ("rotate45 {currenttransform == \"<>\"}", "currenttransform"),
    ] {
        let e = cqlq::query::Program::from_text(q, Some(cqlq::query::Dialect::Cql), false)
            .and_then(|prog| prog.lower::<shakmaty::Bitboard>(cqlq::squares::Geometry::STANDARD))
            .err()
            .unwrap_or_else(|| panic!("{q} compiled"));
        assert!(e.to_string().contains(word), "{q}: {e}");
    }
}

/// `hhdb` keys CQL 6.2 defines by CQL text (its HHdb key table): status codes in the Black
/// tag, the GBR code and its parts (`material` is `[1:-4]`, `pieces` `[1:5]`, `pawns`
/// `[6:8]`, `kings` `[-4:]` of the code), the diagram number after `#` in the Event tag,
/// the composer (the first comment's first sentence with `MC`, else White without ` NN`),
/// and the first comment's stipulation and EG number.
#[test]
fn hhdb_keys() {
    let pgn = "[Event \"1.p Test#22\"]\n[White \"Smith=J NN\"]\n\
               [Black \"(+0016.32d4g7) MC U1 (c)\"]\n[Result \"*\"]\n\n\
               {Smith=J, Jones=K. stipulation: win. EG#123} 1. e4 *\n\n\
               [Event \"Quiet\"]\n[White \"Smith=J NN\"]\n[Black \"(=0001.33b7d6)\"]\n\
               [Result \"*\"]\n\n1. e4 *\n";
    let games = common::games_from("hhdb-keys", pgn);
    let both = |q: &str| common::matched_games(q, &games);
    assert_eq!(both("hhdb diagram == \"22\""), [true, false]);
    assert_eq!(both("hhdb gbr == \"+0016.32d4g7\""), [true, false]);
    assert_eq!(both("hhdb gbr pieces == \"0016\""), [true, false]);
    assert_eq!(both("hhdb gbr pawns == \"32\""), [true, false]);
    assert_eq!(both("hhdb gbr kings == \"b7d6\""), [false, true]);
    assert_eq!(both("hhdb gbr material == \"0001.33\""), [false, true]);
    assert_eq!(both("hhdb MC"), [true, false]);
    assert_eq!(both("hhdb too_many_composers"), [true, false]);
    assert_eq!(both("hhdb \"(c)\""), [true, false]);
    assert_eq!(both("hhdb dual"), [true, false]);
    assert_eq!(both("hhdb TT"), [false, false]);
    assert_eq!(both("hhdb composer == \"Smith=J, Jones=K\""), [true, false]);
    assert_eq!(both("hhdb composer == \"Smith=J\""), [false, true]);
    assert_eq!(both("hhdb stipulation == \"win\""), [true, false]);
    assert_eq!(both("hhdb egdiagram == 123"), [true, false]);
    assert_eq!(
        both("hhdb firstcomment == \"Smith=J, Jones=K. stipulation: win. EG#123\""),
        [true, false]
    );
}
