//! The last CQL 6.2 forms cqlq refused (`lastgamenumber`, `sort` by a string, `line` with a
//! range, `currenttransform` inside `shift`, `hhdb "<main>"` / `"<or>"` / `mainline`, a
//! special `hhdb prize`, `eco k`). Each expectation is derived next to its test from CQL
//! 6.2's source (`lamech/cql`: the file named) or its documentation, never from cqlq's output.

use crate::common;

use std::io::Write;

/// Three short games: White is Carl, Anna, Bert; the first has an ECO tag.
const THREE: &str = r#"[Event "One"]
[White "Carl"]
[Black "X"]
[ECO "C20"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Two"]
[White "Anna"]
[Black "Y"]
[Result "*"]

1. d4 d5 *

[Event "Three"]
[White "Bert"]
[Black "Z"]
[Result "*"]

1. c4 *
"#;

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
        // The number ends at `}`, or at the blank before a `sort` value.
        .map(|l| l.split(['}', ' ']).next().unwrap().parse().unwrap())
        .collect()
}

/// `lastgamenumber` is the number of the input's last game (`LastGameNumberNode`), across
/// all inputs as game numbers are; CQL 6.2 caps it by the `gamenumber` range's upper end.
#[test]
fn lastgamenumber_is_the_last_game_of_the_input() {
    let f = pgn_file(THREE);
    let path = f.path().to_str().unwrap();
    let q = "gamenumber == lastgamenumber";
    assert_eq!(game_numbers(&common::cqlq(&["-q", "-e", q, path])), [3]);
    // Two inputs: 3 + 3 games, numbered on; the last is 6.
    assert_eq!(
        game_numbers(&common::cqlq(&["-q", "-e", q, path, path])),
        [6]
    );
    // `gamenumber 1 2` in the header: min(3, 2) = 2.
    let capped = "cql(gamenumber 1 2) gamenumber == lastgamenumber";
    assert_eq!(
        game_numbers(&common::cqlq(&["-q", "-e", capped, path])),
        [2]
    );
    // Its value is a number usable in arithmetic: the second-to-last game.
    let q = "gamenumber == lastgamenumber - 1";
    assert_eq!(game_numbers(&common::cqlq(&["-q", "-e", q, path])), [2]);
}

/// Standard input cannot be counted before the search: the run is refused, naming the word.
#[test]
fn lastgamenumber_on_standard_input_is_refused_by_name() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["-q", "-e", "gamenumber == lastgamenumber"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run cqlq");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(THREE.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("lastgamenumber"));
    assert!(game_numbers(&out).is_empty());
}

/// `sort` by a string: CQL 6.2's `SortValue` compares strings with `std::string`'s `<`; the
/// greatest is written first (`sort min`: the least first).
#[test]
fn sort_by_a_string_orders_games_by_the_string() {
    let f = pgn_file(THREE);
    let path = f.path().to_str().unwrap();
    let run = |q: &str| game_numbers(&common::cqlq(&["-q", "-e", q, path]));
    // Carl (1), Anna (2), Bert (3).
    assert_eq!(run("sort \"white\" player white"), [1, 3, 2]);
    assert_eq!(run("sort min \"white\" player white"), [2, 3, 1]);
    // Bytewise, not numeric: the best `str(ply)` of game 1 (plies 0..7) is "7", of game 2
    // (0..2) "2", of game 3 (0..1) "1"; with min all are "0": input order.
    assert_eq!(run("sort \"ply\" str(ply)"), [1, 2, 3]);
    assert_eq!(run("sort min \"ply\" str(ply)"), [1, 2, 3]);
    // A game's best value over its positions, compared bytewise: "10" < "9".
    let ten = "[White \"N\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O *\n\n\
               [White \"T\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 *\n";
    let g = pgn_file(ten);
    let p2 = g.path().to_str().unwrap();
    // Game 1 has plies 0..9, game 2 plies 0..10: both greatest strings are "9" ("10" < "9"),
    // a tie that keeps input order (numbers would put game 2 first).
    let out = common::cqlq(&["-q", "-e", "sort \"p\" str(ply)", p2]);
    assert_eq!(game_numbers(&out), [1, 2]);
    // The least strings: "0" in both; from ply 9 on: "9" in game 1, "10" in game 2.
    let out = common::cqlq(&["-q", "-e", "ply >= 9 sort min \"p\" str(ply)", p2]);
    assert_eq!(game_numbers(&out), [2, 1]);
}

/// `line 2 3 --> ...`: the line's count (plies from the start to its last position, plus
/// one: `SequenceBase::match_position`) must lie in the range.
#[test]
fn line_with_a_range_keeps_matches_of_that_length() {
    let games = common::games_from("words3-line", THREE);
    let game = games[0].as_ref().unwrap();
    // Game 1: only the final position (ply 7) is a check. From ply p <= 6 the longest run of
    // positions without check ends at ply 6: its count is 7 - p.
    let all = common::compile("line --> {not check}+");
    assert_eq!(common::matching_plies(game, 1, &all), [0, 1, 2, 3, 4, 5, 6]);
    let ranged = common::compile("line 2 3 --> {not check}+");
    assert_eq!(common::matching_plies(game, 1, &ranged), [4, 5]);
    let valued = common::compile("{x = line 2 3 --> {not check}+} x == 3");
    assert_eq!(common::matching_plies(game, 1, &valued), [4]);
    let one = common::compile("line 1 --> {not check}+");
    assert_eq!(common::matching_plies(game, 1, &one), [6]);
}

/// `currenttransform` in a shifted image is `<` + `ShiftTransform::toString` + `>`:
/// `right^N` / `left^N`, then `up^N` / `down^N`; the identity image is `<>`.
#[test]
fn currenttransform_names_shifts() {
    let games = common::games_from("words3-shift", THREE);
    let game = games[0].as_ref().unwrap();
    let count = |q: &str| common::matching_plies(game, 1, &common::compile(q)).len();
    // The white king stays on e1 for the whole game (8 positions). The image shifted by
    // (-1, -1) reads `Kf2` as `Ke1`.
    assert_eq!(
        count("shift {Kf2 and currenttransform == \"<left^1 down^1>\"}"),
        8
    );
    assert_eq!(
        count("shift {Kf2 and currenttransform == \"<right^1 up^1>\"}"),
        0
    );
    assert_eq!(count("shift {Ke1 and currenttransform == \"<>\"}"), 8);
    assert_eq!(
        count("shifthorizontal {Kc1 and currenttransform == \"<right^2>\"}"),
        8
    );
    assert_eq!(
        count("shiftvertical {Ke3 and currenttransform == \"<down^2>\"}"),
        8
    );
    // Combined with a reflection (`current_transform.rs` has more): the image that moves
    // nothing is `<>`, the shift is the outer transform.
    assert_eq!(
        count("flipvertical shift {Ke1 and currenttransform == \"<>\"}"),
        8
    );
    // c2 mirrored on the files is f2, one file left and one rank down is e1.
    assert_eq!(
        count("shift flipvertical {Kc2 and currenttransform == \"<left^1 down^1 reflect_v>\"}"),
        8
    );
}

/// An HHdb-style study with variations: main line 1. a4 Kc2 2. a5; after 1. a4 the
/// variation 1... Kd2 2. a5; instead of 2. a5 the variation 2. Ka2 {<main>} Kc3 {<or>}.
const STUDY: &str = r#"[Event "2.sp.p Study Tourney"]
[White "Composer, A."]
[Black "+0100.10a1c3"]
[Result "1-0"]
[SetUp "1"]
[FEN "8/8/8/8/8/8/P7/K1k5 w - - 0 1"]

1. a4 Kc2 (1... Kd2 2. a5) 2. a5 (2. Ka2 {<main>} Kc3 {<or>}) 1-0

[Event "3.p Other Tourney"]
[White "B"]
[Black "+0100.10a1c3"]
[Result "1-0"]
[SetUp "1"]
[FEN "8/8/8/8/8/8/P7/K1k5 w - - 0 1"]

1. a4 Kc2 1-0
"#;

/// `hhdb "<main>"`, `hhdb "<or>"`: `originalcomment "<main>"` (`hhdbkeyword.cpp`), with
/// variations; `hhdb mainline`: `not find quiet <-- move previous secondary and not
/// originalcomment "<main>"`.
#[test]
fn hhdb_main_or_and_mainline_read_the_variation_marks() {
    let games = common::replay_file_with(pgn_file(STUDY).path(), 1, true);
    let game = games[0].as_ref().unwrap();
    let count = |q: &str| common::matching_count(game, 1, &common::compile(q), true);
    // Positions: main line 4 (start, a4, Kc2, a5), variation one 2 (Kd2, a5), variation
    // two 2 (Ka2, Kc3): 8.
    assert_eq!(count("true"), 8);
    assert_eq!(count("hhdb \"<main>\""), 1);
    assert_eq!(count("hhdb \"<or>\""), 1);
    // Not main line: Kd2 (a secondary move without `<main>`) and the a5 after it. The Ka2
    // position is reached by a secondary move marked `<main>`; Kc3 by a primary move.
    assert_eq!(count("hhdb mainline"), 6);
    assert_eq!(count("not hhdb mainline"), 2);
}

/// Without variations, CQL 6.2 refuses these keys (`cql_assertvariations`): the run stops
/// with its message.
#[test]
fn hhdb_main_without_variations_stops_the_run() {
    let f = pgn_file(STUDY);
    let path = f.path().to_str().unwrap();
    let out = common::cqlq(&["-q", "-e", "hhdb \"<main>\"", path]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("'hhdb <main>' can only be used when 'variations'"),
        "{err}"
    );
    let out = common::cqlq(&["-q", "--variations", "-e", "hhdb \"<main>\"", path]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(game_numbers(&out), [1]);
}

/// `hhdb prize` on a special prize (`2.sp.p`): `HhdbAwardNode::compute` matches it but sets
/// no place unless `special` is asked for, so as a filter it matches and as a number it
/// fails; `hhdb special prize` has the place 2.
#[test]
fn hhdb_prize_matches_special_prizes_without_a_place() {
    let games = common::replay_file(pgn_file(STUDY).path(), 2);
    let count = |k: usize, q: &str| {
        let game = games[k].as_ref().unwrap();
        common::matching_count(game, k as u64 + 1, &common::compile(q), false)
    };
    // Game 1's main line: 4 positions; game 2: 3.
    assert_eq!(count(0, "hhdb prize"), 4);
    assert_eq!(count(0, "hhdb prize == 2"), 0);
    assert_eq!(count(0, "hhdb special prize == 2"), 4);
    assert_eq!(count(1, "hhdb prize == 3"), 3);
    assert_eq!(count(1, "hhdb special prize"), 0);
}

/// `eco k`: CQL 6.2's `match_tagbuiltinnode` takes only a quoted string after `eco` (and
/// `eventdate`); `k` is the next filter: the game has the tag, and a black king stands.
#[test]
fn eco_followed_by_a_filter_is_two_filters() {
    let games = common::games_from("words3-eco", THREE);
    let count = |k: usize, q: &str| {
        let game = games[k].as_ref().unwrap();
        common::matching_plies(game, k as u64 + 1, &common::compile(q)).len()
    };
    assert_eq!(count(0, "eco k"), 8);
    assert_eq!(count(1, "eco k"), 0);
    assert_eq!(count(0, "eco \"C20\""), 8);
    assert_eq!(count(0, "eventdate k"), 0);
}

/// `x ∊ D body` and CQL 6.1's `string x in D body` (`dictionary-parse.cpp`,
/// `DictionaryIterateNode`): x takes each key of D in the `std::map`'s key order (strings
/// bytewise, numbers by value), the body runs for each, and the filter always matches.
#[test]
fn iterating_a_dictionary_visits_its_keys_in_order() {
    let games = common::games_from("words3-dict", THREE);
    let game = games[0].as_ref().unwrap();
    let count = |q: &str| common::matching_plies(game, 1, &common::compile(q)).len();
    // Keys "b", "a", "ab" are visited as "a", "ab", "b".
    let strings = "dictionary D D[\"b\"]=1 D[\"a\"]=2 D[\"ab\"]=3 \
                   s = \"\" x ∊ D {s = s + x} s == \"aabb\"";
    assert_eq!(count(strings), 8);
    let old = "dictionary D D[\"b\"]=1 D[\"a\"]=2 s = \"\" string x in D {s = s + x} s == \"ab\"";
    assert_eq!(count(old), 8);
    // Numbers by value: 9 before 10.
    let numbers = "dictionary Nums Nums[10]=1 Nums[9]=1 total = 0 key ∊ Nums {total = total * 100 + key} total == 910";
    assert_eq!(count(numbers), 8);
    // The body's failure does not matter: the iteration matches (and an empty one too).
    assert_eq!(count("dictionary E E[1]=1 unbind E key ∊ E false"), 8);
}
