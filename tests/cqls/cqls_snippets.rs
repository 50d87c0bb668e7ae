//! Every CQL-S example block of the Scidb help (`../shared/cql/cqls-snippets/`, 90 files):
//! each either compiles and runs, or is refused with an error that names the reason. The
//! expectation for each block is written here with why (a whole query, a template with
//! placeholders, a typo in the help's own parentheses, a keyword outside seed 004's index).
//! Blocks that the help pages call equivalent must match the same positions of real games.

use crate::common;

use cqlq::ir::Node;
use cqlq::squares::Geometry;
use shakmaty::Bitboard;

const PREFIX: &str = "rofl0r__scidb__trunk__tcl__help__en__";

/// None: compiles. Some(text): refused, the message contains `text`.
const EXPECTED: &[(&str, Option<&str>)] = &[
    // CQL-Examples: passed pawns with :shift and accumulators (1-5) are whole queries.
    ("CQL-Examples.txt__block01", None),
    ("CQL-Examples.txt__block02", None),
    ("CQL-Examples.txt__block03", None),
    ("CQL-Examples.txt__block04", None),
    ("CQL-Examples.txt__block05", None),
    // The CQL 3 manual's Dobrescu example: :relation with :pattern :shift :flip :variations.
    ("CQL-Examples.txt__block06", None),
    // Tagging: :forany, $tag, :tagmatch (their meaning is checked in cqls_tagging.rs).
    ("CQL-Examples.txt__block07", None),
    ("CQL-Examples.txt__block08", None),
    ("CQL-Examples.txt__block09", None),
    ("CQL-Examples.txt__block10", None),
    // Scidb's SAN line patterns (`Nxe5 bxQ ... | ke7!`) are not seed 004's long algebraic.
    ("CQL-Examples.txt__block11", Some("algebraic")),
    ("CQL-Examples.txt__block12", Some("algebraic")),
    // Pawn ending with :gappedsequence, :powerdifference, :pawncount passed-!inside.
    ("CQL-Examples.txt__block13", None),
    // A :line written as an item of a :sequence list: not a position list.
    (
        "CQL-Examples.txt__block14",
        Some("expected a position list"),
    ),
    ("CQL-Examples.txt__block15", None),
    ("CQL-Examples.txt__block16", None),
    // The help's own text lacks a ')'.
    ("CQL-Examples.txt__block17", Some("never closed")),
    // File-format headers: comments only, a BNF grammar, then a whole file with bare keywords.
    ("CQL-File-Format.txt__block01", Some("empty")),
    ("CQL-File-Format.txt__block02", Some("empty")),
    (
        "CQL-File-Format.txt__block03",
        Some("(match ...) or (position ...)"),
    ),
    ("CQL-File-Format.txt__block04", None),
    // Match list: a stray ')' in the help text.
    ("CQL-Match-List.txt__block01", Some("closes no list")),
    ("CQL-Match-List.txt__block02", None),
    // Templates with <Condition> placeholders.
    (
        "CQL-Match-List.txt__block03",
        Some("(match ...) or (position ...)"),
    ),
    ("CQL-Match-List.txt__block04", Some("text after")),
    // The :or template: its placeholders are no keywords.
    (
        "CQL-Match-List.txt__block05",
        Some("'<Condition1>' is not a piece designator"),
    ),
    // Match-level :cond over sub-match lists with :whiteplayer / :blackplayer.
    ("CQL-Match-List.txt__block06", None),
    ("CQL-Match-List.txt__block07", None),
    // The help's own parentheses put the second (match ...) inside the first.
    (
        "CQL-Match-List.txt__block08",
        Some("a match list holds (position ...) lists and keywords"),
    ),
    // :hasmarker: Scidb's game flags, which PGN does not carry.
    ("CQL-Match-List.txt__block09", Some("game markers")),
    (
        "CQL-Match-List.txt__block10",
        Some("(match ...) or (position ...)"),
    ),
    // The definition of :goodgame: it reads ACF ratings, which no PGN tag carries.
    (
        "CQL-Match-List.txt__block11",
        Some("no PGN tag carries 'ACF'"),
    ),
    // (match ( :result 1-0 :whiteelo <=2300 :blackelo >=2600 match:eithercolor)): runs.
    ("CQL-Match-List.txt__block12", None),
    // Position lists.
    ("CQL-Position-List.txt__block01", None),
    (
        "CQL-Position-List.txt__block02",
        Some("(match ...) or (position ...)"),
    ),
    ("CQL-Position-List.txt__block03", Some("text after")),
    (
        "CQL-Position-List.txt__block04",
        Some("'<Condition1>' is not a piece designator"),
    ),
    ("CQL-Position-List.txt__block05", None),
    ("CQL-Position-List.txt__block06", None),
    ("CQL-Position-List.txt__block07", None),
    ("CQL-Position-List.txt__block08", None),
    ("CQL-Position-List.txt__block09", None),
    // Fragments (`:or (...)` without a list around them).
    (
        "CQL-Position-List.txt__block10",
        Some("(match ...) or (position ...)"),
    ),
    ("CQL-Position-List.txt__block11", None),
    ("CQL-Position-List.txt__block12", None),
    ("CQL-Position-List.txt__block13", None),
    (
        "CQL-Position-List.txt__block14",
        Some("(match ...) or (position ...)"),
    ),
    (
        "CQL-Position-List.txt__block15",
        Some("(match ...) or (position ...)"),
    ),
    (
        "CQL-Position-List.txt__block16",
        Some("(match ...) or (position ...)"),
    ),
    ("CQL-Position-List.txt__block17", None),
    ("CQL-Position-List.txt__block18", None),
    ("CQL-Position-List.txt__block19", None),
    ("CQL-Position-List.txt__block20", None),
    ("CQL-Position-List.txt__block21", None),
    ("CQL-Position-List.txt__block22", None),
    ("CQL-Position-List.txt__block23", None),
    // :repetitioncount (the help's German text; tests/cqls/cqls_nextmove.rs).
    ("CQL-Position-List.txt__block24", None),
    ("CQL-Position-List.txt__block25", Some("never closed")),
    ("CQL-Position-List.txt__block26", None),
    ("CQL-Position-List.txt__block27", None),
    ("CQL-Position-List.txt__block28", None),
    ("CQL-Position-List.txt__block29", None),
    ("CQL-Position-List.txt__block30", None),
    ("CQL-Position-List.txt__block31", None),
    ("CQL-Position-List.txt__block32", None),
    ("CQL-Position-List.txt__block33", None),
    ("CQL-Position-List.txt__block34", None),
    (
        "CQL-Position-List.txt__block35",
        Some("'...' is not a piece designator"),
    ),
    ("CQL-Position-List.txt__block36", None),
    ("CQL-Position-List.txt__block37", None),
    ("CQL-Position-List.txt__block38", None),
    ("CQL-Position-List.txt__block39", None),
    ("CQL-Position-List.txt__block40", Some("never closed")),
    (
        "CQL-Position-List.txt__block41",
        Some("'T1' is not a piece designator"),
    ),
    (
        "CQL-Position-List.txt__block42",
        Some("is not a piece designator"),
    ),
    ("CQL-Position-List.txt__block43", Some("closes no list")),
    ("CQL-Position-List.txt__block44", None),
    // :endgameevaluation *mate compiles (the command line then asks for --syzygy DIR); the
    // next block's half-moves to mate are refused (Syzygy has no distance to mate).
    ("CQL-Position-List.txt__block45", None),
    ("CQL-Position-List.txt__block46", Some("not to mate")),
    ("CQL-Position-List.txt__block47", Some("closes no list")),
    ("CQL-Position-List.txt__block48", None),
    ("CQL-Position-List.txt__block49", Some("closes no list")),
    ("CQL-Position-List.txt__block50", None),
    ("CQL-Position-List.txt__block51", None),
    (
        "CQL-Position-List.txt__block52",
        Some("'<A>' is not a piece designator"),
    ),
    (
        "CQL-Position-List.txt__block53",
        Some("'<A>' is not a piece designator"),
    ),
    (
        "CQL-Syntax.txt__block01",
        Some("'...' is not a piece designator"),
    ),
    // :year in the match list (the Date tag's year).
    ("CQL-Syntax.txt__block02", None),
    ("CQL-Syntax.txt__block03", None),
    ("CQL-Syntax.txt__block04", None),
];

fn snippet(name: &str) -> Option<String> {
    let path = common::shared_file(&format!("cql/cqls-snippets/{PREFIX}{name}.cql"))?;
    Some(std::fs::read_to_string(path).expect("read snippet"))
}

fn compile(text: &str) -> Result<Node<Bitboard>, cqlq::query::QueryError> {
    cqlq::query::Program::from_text(text, Some(cqlq::query::Dialect::Cqls), false)
        .and_then(|prog| prog.lower::<Bitboard>(Geometry::STANDARD))
        .map(|q| q.filter)
}

#[test]
fn every_snippet_compiles_or_is_refused_by_name() {
    let Some(dir) = common::shared_file("cql/cqls-snippets") else {
        return;
    };
    let on_disk = std::fs::read_dir(dir)
        .expect("dir")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "cql"))
        })
        .count();
    assert_eq!(on_disk, EXPECTED.len(), "one expectation per snippet");
    let mut ran = 0;
    for (name, expected) in EXPECTED {
        let text = snippet(name).expect("snippet");
        match (compile(&text), expected) {
            (Ok(_), None) => ran += 1,
            (Err(e), Some(want)) => {
                let rendered = e.render(name, &text);
                assert!(
                    rendered.contains(want),
                    "{name}: expected an error with {want:?}, got:\n{rendered}"
                );
                // Errors point into the s-expression with a line, a column and a caret.
                assert!(rendered.contains(&format!("--> {name}:{}:{}\n", e.line, e.column)));
                assert!(rendered.contains('^'));
            }
            (Ok(_), Some(want)) => panic!("{name}: compiled, expected refusal ({want})"),
            (Err(e), None) => panic!("{name}: {}", e.render(name, &text)),
        }
    }
    assert_eq!(ran, EXPECTED.iter().filter(|(_, e)| e.is_none()).count());
}

/// `(match (position))` "matches every position"; `(match)` (Scidb: no position list needed)
/// matches every game.
#[test]
fn the_empty_position_list_matches_everything() {
    let Some(pgn) = common::shared_file("data/tiny3.pgn") else {
        return;
    };
    let text = snippet("CQL-Syntax.txt__block04").expect("snippet");
    let filter = compile(&text).expect("compiles");
    let games = common::replay_file(&pgn, 10);
    for (i, g) in games.iter().enumerate() {
        let g = g.as_ref().expect("tiny3 games read");
        let plies = common::matching_plies(g, i as u64 + 1, &filter);
        let all: Vec<u32> = (0..plies.len() as u32).collect();
        assert_eq!(plies, all);
        let last = g.record.mainline().len();
        assert_eq!(plies.len(), last);
    }
}

/// Blocks that the help calls equivalent, on real games.
#[test]
fn equivalent_snippets_match_the_same_positions() {
    let Some(pgn) = common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let pairs = [
        // "Another way to write this position list is"
        (
            "CQL-Position-List.txt__block21",
            "CQL-Position-List.txt__block22",
        ),
        // ":line ... is identical to the following sequence"
        (
            "CQL-Position-List.txt__block27",
            "CQL-Position-List.txt__block28",
        ),
        // "In games with a normal start position ... equivalent to" (the French FEN after 2 moves
        // is 4p3 / 4P3 — block 29's line has 4 moves, block 30 is after 1.e4 e6 only: compare
        // block 30 with its own copy block 33 instead)
        (
            "CQL-Position-List.txt__block30",
            "CQL-Position-List.txt__block33",
        ),
        // ":cut is not required for this search criterion, see next example"
        (
            "CQL-Position-List.txt__block50",
            "CQL-Position-List.txt__block51",
        ),
        // block 08 and 09 are the same :xor example
        (
            "CQL-Position-List.txt__block08",
            "CQL-Position-List.txt__block09",
        ),
    ];
    let games = common::replay_file(&pgn, 400);
    let mut seen = 0;
    for (a, b) in pairs {
        let fa = compile(&snippet(a).expect("a")).expect("compiles");
        let fb = compile(&snippet(b).expect("b")).expect("compiles");
        for (i, g) in games.iter().enumerate() {
            let Some(g) = g else { continue };
            let n = i as u64 + 1;
            let (x, y) = (
                common::matching_plies(g, n, &fa),
                common::matching_plies(g, n, &fb),
            );
            assert_eq!(x, y, "game {n}: {a} vs {b}");
            seen += x.len();
        }
    }
    assert!(seen > 0, "the pairs matched nothing in 400 games");
}
