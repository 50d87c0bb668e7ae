//! CQL 6.2's last small words (issue 33): `dihedral`, `ascii` without parentheses,
//! `extension`, `enpassantsquare`, `cql_abort`, `cql_assertvariations "msg"`,
//! `cql_hhdbhascook`. Each expectation is derived next to its test from CQL 6.2's source
//! (`lamech/cql`, the CQL 6.2 source distribution: the file named) or from the games' own
//! text, never from cqlq's output.

use crate::common;

use std::io::Write;

/// A temporary PGN file holding `text`.
fn pgn_file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new()
        .suffix(".pgn")
        .tempfile()
        .expect("temp");
    f.write_all(text.as_bytes()).expect("write");
    f
}

/// The `{Game number N}` of each game written, in output order.
fn game_numbers(out: &std::process::Output) -> Vec<u64> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("{Game number "))
        .map(|l| l.split(['}', ' ']).next().unwrap().parse().unwrap())
        .collect()
}

/// The numbers of the games `query` matches in `pgn` (exit status 0 or 1 required).
fn matched(query: &str, pgn: &str) -> Vec<u64> {
    let out = common::cqlq(&["-q", "-e", query, pgn]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{query}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    game_numbers(&out)
}

/// `dihedral` is a third spelling of `flip` (transform-parse.cpp: `flip`, `flipdihedral` and
/// `dihedral` all take the identity and the eight `DihedralTransform`s), so both select the
/// same games; `Ka1` alone (no transform) selects fewer on the sample, so the test can fail.
#[test]
fn dihedral_is_flip() {
    let Some(sample) = common::shared_file("data/cql-sample.pgn") else {
        return;
    };
    let sample = sample.to_str().unwrap();
    let flip = matched("flip {Ka1 Pb2}", sample);
    assert_eq!(matched("dihedral {Ka1 Pb2}", sample), flip);
    assert_ne!(matched("{Ka1 Pb2}", sample), flip);
}

/// `ascii` takes one string or numeric operand without parentheses (node-parse.cpp,
/// `match_stringasciinode`: `match_sortable()` after the keyword): `ascii 65` is the
/// one-letter string "A" (ASCII 65), `ascii "A"` the number 65.
#[test]
fn ascii_takes_its_operand_without_parentheses() {
    let f = pgn_file("[Event \"E\"]\n[Result \"*\"]\n\n1. e4 *\n");
    let path = f.path().to_str().unwrap();
    assert_eq!(matched("ascii 65 == \"A\"", path), [1]);
    assert_eq!(matched("ascii \"A\" == 65", path), [1]);
    assert_eq!(matched("ascii 66 == \"A\"", path), Vec::<u64>::new());
}

/// `extension` is CQL 6.2's `ExtensionNode`, whose `match_position` returns false: it
/// matches no position, and its negation every game.
#[test]
fn extension_never_matches() {
    let f = pgn_file("[Event \"E\"]\n[Result \"*\"]\n\n1. e4 *\n");
    let path = f.path().to_str().unwrap();
    assert_eq!(matched("extension", path), Vec::<u64>::new());
    assert_eq!(matched("not extension", path), [1]);
}

/// `cql_abort` is CQL 6.2's `AbortNode`: evaluating it is an internal error that ends the
/// run (`uassert(false, ...)` with where it is written). Behind a filter that never holds
/// it is never evaluated.
#[test]
fn cql_abort_stops_the_run_where_it_is_reached() {
    let f = pgn_file("[Event \"E\"]\n[Result \"*\"]\n\n1. e4 *\n");
    let path = f.path().to_str().unwrap();
    let out = common::cqlq(&["-q", "-e", "cql_abort", path]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cql_abort"), "{stderr}");
    assert!(stderr.contains("line 1, column 1"), "{stderr}");
    assert_eq!(matched("mate and cql_abort", path), Vec::<u64>::new());
}

/// `cql_assertvariations "msg"` (`AssertVariationsNode`, checked by
/// `CqlNode::checkAssertVariations`): without `variations` the run stops with the message;
/// with them it is a game filter that always matches. Its argument must be a nonempty quoted
/// string (node-parse.cpp: "cql_assertvariations must be followed by nonempty quoted
/// string").
#[test]
fn cql_assertvariations_needs_variations() {
    let f = pgn_file("[Event \"E\"]\n[Result \"*\"]\n\n1. e4 *\n");
    let path = f.path().to_str().unwrap();
    let q = "cql_assertvariations \"search variations please\"";
    let out = common::cqlq(&["-q", "-e", q, path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("search variations please"));
    assert_eq!(matched(&format!("cql(variations) {q}"), path), [1]);
    for bad in ["cql_assertvariations \"\"", "cql_assertvariations"] {
        let out = common::cqlq(&["-q", "-e", bad, path]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

/// `cql_hhdbhascook` is `HhdbHasCookNode`: the game's PGN text contains `<cook`
/// (qgame.cpp: `strstr(pgnBuffer, "<cook")`). The truth is counted here from the sample's
/// text, game by game.
#[test]
fn cql_hhdbhascook_finds_the_games_whose_text_holds_cook() {
    let Some(sample) = common::shared_file("data/cql-sample.pgn") else {
        return;
    };
    let bytes = std::fs::read(&sample).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    // A game starts at a line `[Event ` that follows a movetext line (or the file's start).
    let mut games: Vec<String> = Vec::new();
    let mut in_tags = false;
    for line in text.lines() {
        let tag = line.starts_with('[');
        if tag && !in_tags {
            games.push(String::new());
        }
        in_tags = tag || (in_tags && line.trim().is_empty());
        if let Some(g) = games.last_mut() {
            g.push_str(line);
            g.push('\n');
        }
    }
    let expected: Vec<u64> = (1..)
        .zip(&games)
        .filter(|(_, g)| g.contains("<cook"))
        .map(|(n, _)| n)
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(
        matched("cql_hhdbhascook", sample.to_str().unwrap()),
        expected
    );
}

/// Game 1: White takes en passant (3.exd6, the pawn taken stood on d5); game 2: Black does
/// (3...axb3, the pawn taken stood on b4); game 3: no en passant.
const EN_PASSANT: &str = "[Event \"W\"]\n[Result \"*\"]\n\n1. e4 a6 2. e5 d5 3. exd6 *\n\n\
[Event \"B\"]\n[Result \"*\"]\n\n1. h4 a5 2. h5 a4 3. b4 axb3 *\n\n\
[Event \"N\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";

/// The filter `enpassantsquare` is CQL 6.2's text (pastmove-parse.cpp): empty unless the
/// move just played took en passant, else the square below (Black to move) or above (White
/// to move) the move's destination: the taken pawn's square, not the square passed over.
#[test]
fn enpassantsquare_is_the_taken_pawns_square() {
    let f = pgn_file(EN_PASSANT);
    let path = f.path().to_str().unwrap();
    assert_eq!(matched("enpassantsquare", path), [1, 2]);
    assert_eq!(matched("enpassantsquare & d5", path), [1]);
    assert_eq!(matched("enpassantsquare & b4", path), [2]);
    assert_eq!(
        matched("enpassantsquare & [d6,b3]", path),
        Vec::<u64>::new()
    );
}

/// `move ... enpassantsquare S` (move-parse.cpp `match_move_enpassant`, movebase.cpp
/// `match_move`): the move takes en passant and the taken pawn (`QMove::getEnPassantSquare`,
/// the captured square) stands on S; parsed, so `--parse` accepts it.
#[test]
fn move_enpassantsquare_reads_the_taken_pawns_square() {
    let f = pgn_file(EN_PASSANT);
    let path = f.path().to_str().unwrap();
    assert_eq!(matched("move enpassantsquare d5", path), [1]);
    assert_eq!(matched("move enpassantsquare d6", path), Vec::<u64>::new());
    assert_eq!(matched("move previous enpassantsquare b4", path), [2]);
    assert_eq!(matched("move legal enpassantsquare b4", path), [2]);
    assert_eq!(matched("move legal enpassantsquare a-h5", path), [1]);
    let out = common::cqlq(&["--parse", "-e", "move enpassantsquare e3"]);
    assert_eq!(out.status.code(), Some(0));
}

/// `(position 0) : initial` is CQL (a position by its id, parenthesised, then `:`), not a
/// CQL-S position list (which holds keywords and designators and is the whole query): the
/// position whose id is 0 is the game's start in every game; id 1 (after the first move) is
/// not.
#[test]
fn parenthesised_position_is_cql() {
    let f = pgn_file(EN_PASSANT);
    let path = f.path().to_str().unwrap();
    assert_eq!(matched("(position 0) : initial", path), [1, 2, 3]);
    assert_eq!(matched("(position 1) : initial", path), Vec::<u64>::new());
}

/// The HHdb status keys CQL 6.2 lists (hhdbkeyword-vars.cpp, `playerBlackKeys` and
/// `abbreviationMap`) are `"KEY" in player black` (hhdb-cql.cpp `cql_from_key`), each long
/// name the same as its code. The truth is read here from the sample's Black tags.
#[test]
fn hhdb_status_keys_search_the_black_tag() {
    let Some(sample) = common::shared_file("data/cql-sample.pgn") else {
        return;
    };
    let bytes = std::fs::read(&sample).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    // Every game has one Black tag, in order.
    let blacks: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[Black \""))
        .collect();
    let sample = sample.to_str().unwrap();
    for (code, long) in [
        ("PH", "posthumous"),
        ("TW", "twin"),
        ("AN", "anticipation"),
        ("(c)", "correction"),
        ("(m)", "modification"),
        ("TT", "theme_tournament"),
        ("U5", "unreachable"),
    ] {
        let expected: Vec<u64> = (1..)
            .zip(&blacks)
            .filter(|(_, b)| b.contains(code))
            .map(|(n, _)| n)
            .collect();
        assert!(!expected.is_empty(), "{code}");
        assert_eq!(matched(&format!("hhdb {long}"), sample), expected, "{long}");
        if !code.starts_with('(') {
            assert_eq!(matched(&format!("hhdb {code}"), sample), expected, "{code}");
        }
    }
}

/// `hhdb variation` is CQL 6.2's text (hhdb-cql.cpp): `cql_assertvariations "..." and find
/// quiet <-- move previous secondary and not originalcomment "<main>"`: with variations, a
/// position reached through a variation move; without them the run stops.
#[test]
fn hhdb_variation_finds_positions_inside_variations() {
    let f = pgn_file(
        "[Event \"V\"]\n[Result \"*\"]\n\n1. e4 (1. d4 d5) e5 *\n\n\
         [Event \"M\"]\n[Result \"*\"]\n\n1. e4 (1. d4 {<main>} d5) e5 *\n\n\
         [Event \"N\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
    );
    let path = f.path().to_str().unwrap();
    assert_eq!(matched("cql(variations) hhdb variation", path), [1]);
    let out = common::cqlq(&["-q", "-e", "hhdb variation", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'hhdb variation'"));
}

/// `hhdb source`: CQL 6.2 lists the key (hhdbkeyword-vars.cpp) but maps it to no CQL
/// (hhdb-cql.cpp), and its parser stops ("Internal: no cql mapping for key: source"): cqlq
/// rejects it as CQL 6.2 does, at once (`--parse` exits 2), naming it.
#[test]
fn hhdb_source_is_rejected_as_cql_6_2_does() {
    let out = common::cqlq(&["--parse", "-e", "hhdb source"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'hhdb source'"));
}
