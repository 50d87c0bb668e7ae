//! CQL 6.2's converters (issue 33): `cqlq -a q.cql`, `-u`, `-utf8`, `-html`, `-echo`,
//! `-colorize`. The truth: CQL 6.2's source (`lamech/cql`: `cql.cpp` says where each writes:
//! `-a`/`-u` rewrite the query file itself, `-utf8` writes standard output or `-o FILE`,
//! `-html x.cql` writes `x-cql.html`, `-colorize` reads standard input; `uchar-strings.h`'s
//! `AsciiToUnicode` table gives each glyph's ASCII spelling) and `../shared/cql/features.md`'s
//! glyph rows (`⊢ ◎ ∊ ∀ ⬓ ✵` are path, focus, in, square all, flipcolor, flip; `♔…♟ △ ▲ ◭ □
//! ▦` the designators K…p A a [Aa] _ .). No CQL 6.2 output of a converter is recorded in
//! `../shared/cql`, so the official examples are checked by meaning: each converted both ways
//! must parse to the original's tree, read here from `cqlq --parse` with spans dropped and
//! each designator read by its pieces (the glyph table above), written independently of
//! cqlq's converter.

use std::path::Path;

use crate::common;

/// The glyphs of designators and their ASCII pieces (features.md's designator row).
const DESIGNATOR_GLYPHS: &[(char, &str)] = &[
    ('♔', "K"),
    ('♕', "Q"),
    ('♖', "R"),
    ('♗', "B"),
    ('♘', "N"),
    ('♙', "P"),
    ('♚', "k"),
    ('♛', "q"),
    ('♜', "r"),
    ('♝', "b"),
    ('♞', "n"),
    ('♟', "p"),
    ('△', "A"),
    ('▲', "a"),
    ('◭', "Aa"),
    ('□', "_"),
    ('▦', "."),
];

/// `cqlq --parse`'s tree of `path`, spans dropped and each designator's text read as its
/// pieces and squares (glyphs as letters, brackets dropped).
fn tree(path: &Path) -> String {
    let out = common::cqlq(&["--parse", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{} does not parse: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .map(|line| {
            let line = line.rsplit_once(" @").map_or(line, |(l, _)| l);
            // A parameter's debug text holds spans too (`span: 512..530`).
            let line = &without_spans(line);
            match line.split_once("piece designator ") {
                Some((indent, d)) => {
                    let mut pieces = String::new();
                    for c in d.chars() {
                        match DESIGNATOR_GLYPHS.iter().find(|(g, _)| *g == c) {
                            Some((_, a)) => pieces.push_str(a),
                            None if c == '[' || c == ']' => {}
                            None => pieces.push(c),
                        }
                    }
                    format!("{indent}piece designator {pieces}")
                }
                None => line.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `line` with each `span: A..B` dropped.
fn without_spans(line: &str) -> String {
    let mut out = String::new();
    for (i, part) in line.split("span: ").enumerate() {
        if i == 0 {
            out.push_str(part);
        } else {
            out.push_str(part.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'));
        }
    }
    out
}

/// The text outside comments and strings (a rough cut: `//` to the line's end, `/* */`,
/// `"..."`).
fn code_only(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("//") {
            rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
        } else if rest.starts_with("/*") {
            rest = &rest[rest.find("*/").map_or(rest.len(), |i| i + 2)..];
        } else if c == '"' {
            rest = &rest[1..];
            rest = &rest[rest.find('"').map_or(rest.len(), |i| i + 1)..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

#[test]
fn every_official_example_converts_both_ways_to_the_same_query() {
    let Some(dir) = common::shared_file("cql/examples") else {
        return;
    };
    let work = common::scratch("convert", "examples");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cql"))
        .collect();
    names.sort();
    assert!(names.len() >= 90, "the 90 official examples");
    for original in &names {
        let name = original.file_name().unwrap().to_str().unwrap();
        // -a rewrites the file itself (CQL 6.2's cql.cpp: fromCqlFileToFile(f, f)).
        let ascii = work.path().join(format!("a-{name}"));
        std::fs::copy(original, &ascii).unwrap();
        let out = common::cqlq(&["-a", ascii.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "-a {name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ascii_text = std::fs::read_to_string(&ascii).unwrap();
        let left: String = code_only(&ascii_text)
            .chars()
            .filter(|c| !c.is_ascii())
            .collect();
        assert!(left.is_empty(), "{name}: glyphs left after -a: {left}");
        // -utf8 writes standard output; -u the file itself.
        let out = common::cqlq(&["-utf8", ascii.to_str().unwrap()]);
        assert!(out.status.success(), "-utf8 {name}");
        let unicode = work.path().join(format!("u-{name}"));
        std::fs::write(&unicode, &out.stdout).unwrap();
        let in_place = work.path().join(format!("i-{name}"));
        std::fs::copy(&ascii, &in_place).unwrap();
        assert!(
            common::cqlq(&["-u", in_place.to_str().unwrap()])
                .status
                .success()
        );
        let in_place_text = std::fs::read(&in_place).unwrap();
        assert_eq!(
            in_place_text.trim_ascii_end(),
            out.stdout.trim_ascii_end(),
            "{name}: -u and -utf8 agree"
        );
        let want = tree(original);
        assert_eq!(tree(&ascii), want, "{name}: ASCII spelling");
        assert_eq!(tree(&unicode), want, "{name}: Unicode spelling");
    }
}

#[test]
fn each_glyph_has_cql_ascii_spelling() {
    // uchar-strings.h's AsciiToUnicode table and features.md: ✵ flip, ⬓ flipcolor, ⊢ path,
    // ◎ focus, ∙ currentposition, ∊ [element], ∀ [forall], ≤ <=, ≥ >=, ≠ !=, → ->, ← <-,
    // ∩ &, ∪ |, ▦ ., □ _, △ A, ▲ a, ♔ K ... ♟ p, ―― --, × [x] (converttoascii.cpp); several
    // piece glyphs are one set in brackets; a glyph meeting a word gets a space.
    let work = common::scratch("convert", "glyphs");
    let q = work.path().join("q.cql");
    let unicode = "✵{♔a1 ♖♕[a1,h8] ⊢ ♘――e4 ♟×□} ⬓ y∊△ y≤▲ ≠ 1 ∩ ∪ ← → ≥ ◎ ∙\n";
    let ascii = "flip{Ka1 [RQ][a1,h8] path N--e4 p[x]_} flipcolor y[element]A y<=a != 1 & | <- -> >= focus currentposition\n";
    std::fs::write(&q, unicode).unwrap();
    // A query that does not parse is still converted, with a warning.
    let out = common::cqlq(&["-a", q.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&q).unwrap(), ascii);
    let out = common::cqlq(&["-utf8", q.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), unicode);
}

#[test]
fn utf8_writes_the_o_file_and_leaves_the_query() {
    let work = common::scratch("convert", "utf8-o");
    let q = work.path().join("q.cql");
    let o = work.path().join("o.cql");
    std::fs::write(&q, "flip {K--e4 check}\n").unwrap();
    let out = common::cqlq(&["-utf8", q.to_str().unwrap(), "-o", o.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&q).unwrap(), "flip {K--e4 check}\n");
    assert_eq!(std::fs::read_to_string(&o).unwrap(), "✵ {♔――e4 check}\n");
}

#[test]
fn html_writes_stem_cql_html_in_the_current_folder() {
    // cql.cpp's help: "-html x.cql: create x-cql.html, an HTML file that renders x.cql";
    // converttoexternal.cpp: the name is the file's stem (its folder dropped) + "-cql.html".
    let work = common::scratch("convert", "html");
    let sub = work.path().join("queries");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("x.cql"), "✵ ♔a1 < 3 // \"c\" & d\n").unwrap();
    let out = common::cqlq_fed(Some(work.path()), &["-html", "queries/x.cql"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(work.path().join("x-cql.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    // Each glyph as a character reference titled with its ASCII spelling; <, & escaped.
    assert!(page.contains("title=\"flip\">&#x2735;</span>"), "{page}");
    assert!(page.contains("title=\"K\">&#x2654;</span>a1"), "{page}");
    assert!(
        page.contains("&lt;</span>") && page.contains("&amp; d"),
        "{page}"
    );
    assert!(!page.contains("< 3"), "{page}");
}

#[test]
fn colorize_reads_standard_input_and_echo_lists_characters() {
    let out = common::cqlq_fed(None, &["-colorize"], "check // c\n".as_bytes());
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "<span class=\"k\">check</span> <span class=\"c\">// c</span>\n"
    );
    let work = common::scratch("convert", "echo");
    let q = work.path().join("q.cql");
    std::fs::write(&q, "✵K\n").unwrap();
    let out = common::cqlq(&["-echo", q.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    // ✵ is U+2735, UTF-8 E2 9C B5, at line 1 column 1 offset 0; K at column 2 offset 3.
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[1].contains("U+2735") && lines[1].contains("E29CB5"),
        "{text}"
    );
    assert!(
        lines[2].split_whitespace().take(3).eq(["1", "2", "3"]),
        "{text}"
    );
}

#[test]
fn converters_are_named_errors_elsewhere_and_bad_input_writes_nothing() {
    let work = common::scratch("convert", "errors");
    let q = work.path().join("q.cql");
    std::fs::write(&q, b"check \xff\n").unwrap();
    let out = common::cqlq(&["-a", q.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(":1:7:") && err.contains("byte offset 6"),
        "{err}"
    );
    assert_eq!(std::fs::read(&q).unwrap(), b"check \xff\n");
    // Not first on the command line: refused by name.
    let out = common::cqlq(&["-i", "g.pgn", "-html", q.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'-html'"));
    let out = common::cqlq(&["-html", "q.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    // `x = .k` is two filters, `.` then `k` (cqlq's grammar, as CQL 6.2 reads it); `▦♚`
    // would be one designator: the converted query is not the same query, so nothing is
    // written and the status is 2.
    std::fs::write(&q, "x = .k\n").unwrap();
    let out = common::cqlq(&["-u", q.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing written"));
    assert_eq!(std::fs::read_to_string(&q).unwrap(), "x = .k\n");
}
