//! Issue 35, pruning on the stored tags (`index::prune`, `Need::Tag`): `player "x"`,
//! `event "x"`, `date "x"`, `result R`, `elo C op n` in the query (`site "x"`: not kept,
//! decided on the games' text, so nothing skipped), and the game
//! filters of the header and the command line (`cql(player X)`, `--result R`), give the
//! scan's answers byte for byte and rule the games out that fail them (counted by
//! `IndexedSkips::open`, so a rule that prunes nothing fails too).

use std::fs;
use std::path::Path;

use crate::common::cqlq_in;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `common::THREE_GAMES` (Anna Alpha - Bob Beta 1-0, Spring Open, Oslo, 1999; Carl Gamma -
/// Anna Alpha 0-1, Autumn Cup, Rome, 2005; Dana Delta - Eve Epsilon 1/2-1/2, Spring Open,
/// Paris, 2010) and a fourth game with Elo tags (White " 2500 ", Black "2390x", Result
/// " 1-0" with spaces), written as `g.pgn` in `dir` and indexed.
fn four_games(dir: &Path) {
    let rated = "\n[Event \"Rated\"]\n[Site \"Oslo\"]\n[White \"Finn Phi\"]\n[Black \"Gus Psi\"]\n\
[Result \" 1-0\"]\n[WhiteElo \" 2500 \"]\n[BlackElo \"2390x\"]\n\n1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0\n";
    let pgn = format!("{}{rated}", crate::common::THREE_GAMES);
    fs::write(dir.join("g.pgn"), pgn).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "g.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

use super::index_search::{game_numbers_in as game_numbers, skipped_in as skipped};

/// Each tag rule on written games: the game numbers are those the tags say (CQL 6.2's
/// `player "x"` etc. are substring tests of the tag, case and all; `result` reads the Result
/// tag; `elo` the Elo tag as a number), with and without the index, and the other games are
/// skipped.
#[test]
fn tag_filters_answer_as_the_scan_and_skip_games() {
    let scratch = crate::common::scratch("index", "tags-rules");
    let dir = scratch.path();
    four_games(dir);
    for (query, games, skips) in [
        // Anna Alpha plays white in game 1, black in game 2.
        ("player \"Alpha\"", "1\n2\n", 2),
        // Case counts: no tag holds "alpha".
        ("player \"alpha\"", "", 4),
        ("player white \"Alpha\"", "1\n", 3),
        ("event \"Spring\"", "1\n3\n", 2),
        // Site is not kept (every lichess game's is its own): nothing skipped.
        ("site \"Oslo\"", "1\n4\n", 0),
        ("date \"2005\"", "2\n", 3),
        ("result 1-0", "1\n4\n", 2),
        ("result 1/2-1/2", "3\n", 3),
        ("result 0-1 or player \"Delta\"", "2\n3\n", 2),
        ("elo white >= 2500", "4\n", 3),
        ("2500 < elo white", "", 4),
        // "2390x" is no number: the filter never matches.
        ("elo black > 0", "", 4),
        ("player \"Phi\" and mate", "4\n", 3),
        // A regular expression on a kept tag: only "Anna Alpha" (game 1) holds a capital A
        // among the white players (Carl Gamma, Dana Delta, Finn Phi).
        ("player white ~~ \"A\"", "1\n", 3),
    ] {
        assert_eq!(game_numbers(dir, "g.pgn", query, &[]), games, "{query}");
        assert_eq!(skipped(dir, "g.pgn", query), skips, "{query}");
    }
    // No condition: every game is read.
    for query in ["not player \"Alpha\"", "player \"\""] {
        game_numbers(dir, "g.pgn", query, &[]);
        assert_eq!(skipped(dir, "g.pgn", query), 0, "{query}");
    }
}

/// The game filters of the header and the command line prune as the query's tag filters
/// do, and give the scan's output.
#[test]
fn header_and_option_game_filters_answer_as_the_scan() {
    let scratch = crate::common::scratch("index", "tags-select");
    let dir = scratch.path();
    four_games(dir);
    // `cql(result 1-0)` reads the Result tag as written: game 4's " 1-0" is not "1-0".
    assert_eq!(
        game_numbers(dir, "g.pgn", "cql(result 1-0) true", &[]),
        "1\n"
    );
    assert_eq!(
        game_numbers(dir, "g.pgn", "cql(player \"Alpha\") check", &[]),
        "1\n2\n"
    );
    assert_eq!(
        game_numbers(dir, "g.pgn", "check", &["--event", "Spring"]),
        "1\n3\n"
    );
    assert_eq!(
        game_numbers(dir, "g.pgn", "true", &["--player", ""]),
        "1\n2\n3\n4\n"
    );
}

/// On real games (`../shared/data/std-visible-5k.pgn`), every tag rule prints what the scan
/// prints, byte for byte, and skips games.
#[test]
fn tag_filters_on_real_games_answer_as_the_scan() {
    let Some(source) = crate::common::shared_file("data/std-visible-5k.pgn") else {
        return;
    };
    let scratch = crate::common::scratch("index", "tags-real");
    let dir = scratch.path();
    fs::copy(&source, dir.join("r.pgn")).unwrap();
    let out = cqlq_in(dir, &["index", "-q", "r.pgn"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for query in [
        "player \"Anand\"",
        "player black \"Carlsen\" and check",
        "event \"Hoogovens\"",
        "date \"1999\"",
        "result 0-1 and mate",
        "elo white >= 2700",
        "elo black < 2600 and player white \"Anand\"",
        "eco \"B9\"",
    ] {
        let numbers = game_numbers(dir, "r.pgn", query, &[]);
        assert!(!numbers.is_empty(), "{query}: nothing matched");
        assert!(skipped(dir, "r.pgn", query) > 0, "{query}: nothing skipped");
    }
    game_numbers(
        dir,
        "r.pgn",
        "check",
        &["--player", "Anand", "--result", "1-0"],
    );
}

/// A full table of tag values (`index::tag_values`: a debug build takes each tag's budget
/// from `CQLQ_TEST_TAG_BYTES`, here 22 bytes, a value's length byte and bytes counted): the
/// values met first keep their numbers and still rule games out; a later new value is "not
/// kept", and a game holding one is searched whatever the test, so the answers stay the
/// scan's. With 22 bytes a tag: White keeps "Anna Alpha" and "Carl Gamma" (11 bytes each),
/// not "Dana Delta" (game 3) nor "Finn Phi" (game 4); Black keeps "Bob Beta" (9), "Anna
/// Alpha" (already numbered: no bytes), "Eve Epsilon" (12), not "Gus Psi" (game 4); Event
/// "Spring Open" (12) and "Rated" (6), not "Autumn Cup" (game 2: 12 + 11 > 22); Date not
/// "2010.01.02" (game 3, the third of 11 bytes); every Result and Elo value: 14 values kept
/// (of the 19 a whole table holds), 5 tags not kept.
#[test]
fn a_full_tag_table_keeps_the_values_met_first() {
    let scratch = crate::common::scratch("index", "tags-full");
    let dir = scratch.path();
    four_games(dir);
    fs::remove_file(dir.join("g.pgn.cqlqi")).unwrap();
    let built = std::process::Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .current_dir(dir)
        .env("CQLQ_TEST_TAG_BYTES", "22")
        .args(["index", "-q", "g.pgn"])
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", text(&built.stderr));
    let stats = cqlq_in(dir, &["index", "--stats", "g.pgn"]);
    assert!(
        text(&stats.stdout).contains("): 14; tags whose value was not kept (the table full): 5\n"),
        "{}",
        text(&stats.stdout)
    );
    for (query, games, skips) in [
        // Game 2 (Carl Gamma) is ruled out; games 3 and 4 are searched.
        ("player white \"Alpha\"", "1\n", 1),
        ("player black \"Epsilon\"", "3\n", 2),
        ("player \"Delta\"", "3\n", 2),
        ("event \"Spring\"", "1\n3\n", 1),
        // Game 4 has no Date tag: ruled out.
        ("date \"2010\"", "3\n", 3),
        ("result 1/2-1/2", "3\n", 3),
    ] {
        assert_eq!(game_numbers(dir, "g.pgn", query, &[]), games, "{query}");
        assert_eq!(skipped(dir, "g.pgn", query), skips, "{query}");
    }
}
