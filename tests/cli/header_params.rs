//! CQL 6.2's header parameters and their command-line options, one behaviour per test, on
//! three games written for them. The expectations are reasoned from the CQL 6.2 docs
//! (options.html: "-matchcount: only output games whose number of matching positions is in
//! range", "-matchstring: comment for matched positions", "-silent: do not output new
//! comments", "-quiet: only print explicit user comments", the tag options) and its source
//! (`cqlnode-parse.cpp` for the header, `cql.cpp` `parseargs` for the options, where the
//! command line overrides the header; `cqlnodematch.cpp`: a game refused by a game filter is
//! still output when the matchcount range admits 0).
//!
//! The games (checks counted by hand):
//! 1. Anna Alpha - Bob Beta, Spring Open, Oslo, 1999, 1-0: 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6
//!    4.Qxf7# — one position in check (after 4.Qxf7#).
//! 2. Carl Gamma - Anna Alpha, Autumn Cup, Rome, 2005, 0-1: 1.f3 e5 2.g4 Qh4# — one.
//! 3. Dana Delta - Eve Epsilon, Spring Open, Paris, 2010, 1/2-1/2: 1.e4 f5 2.Qh5+ g6
//!    3.Qxg6+ hxg6 — two (after 2.Qh5+ and after 3.Qxg6+).

use std::path::PathBuf;
use std::process::Command;

use crate::common::THREE_GAMES as GAMES;

/// The three games in a temporary file (kept alive by the returned directory).
fn games_file() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn");
    std::fs::write(&path, GAMES).unwrap();
    (dir, path)
}

/// cqlq's stdout with `args` then the games file.
fn run(args: &[&str]) -> String {
    let (_dir, pgn) = games_file();
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .arg("-q")
        .args(args)
        .arg(&pgn)
        .output()
        .expect("run cqlq");
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "cqlq {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The numbers of the games in PGN output, from their `{Game number N}` comments.
fn numbers(pgn: &str) -> Vec<u64> {
    pgn.match_indices("{Game number ")
        .map(|(i, m)| {
            let rest = &pgn[i + m.len()..];
            rest[..rest.find(['}', ' ']).unwrap()].parse().unwrap()
        })
        .collect()
}

fn games(args: &[&str]) -> Vec<u64> {
    numbers(&run(args))
}

#[test]
fn every_game_has_a_check_without_parameters() {
    assert_eq!(games(&["-e", "check"]), [1, 2, 3]);
}

#[test]
fn matchcount_counts_matched_positions() {
    // Only game 3 has two positions in check.
    assert_eq!(games(&["--matchcount", "2", "-e", "check"]), [3]);
    assert_eq!(games(&["--matchcount", "1", "1", "-e", "check"]), [1, 2]);
    assert_eq!(games(&["-e", "cql(matchcount 2 9) check"]), [3]);
    // The command line wins over the header.
    assert_eq!(
        games(&["--matchcount", "1", "-e", "cql(matchcount 2 9) check"]),
        [1, 2]
    );
    // `sort matchcount`: the most matched positions first.
    assert_eq!(games(&["-e", "cql(sort matchcount 1 9) check"]), [3, 1, 2]);
}

#[test]
fn matchstring_replaces_the_match_comment() {
    let out = run(&["--matchstring", "HIT", "--gamenumber", "3", "-e", "check"]);
    assert_eq!(out.matches("{HIT}").count(), 2, "{out}");
    assert!(!out.contains("{CQL}"));
    let out = run(&["-e", "cql(matchstring \"Seen\" gamenumber 3) check"]);
    assert_eq!(out.matches("{Seen}").count(), 2, "{out}");
    // An empty match string: no comment at the matched positions.
    let out = run(&["-e", "cql(matchstring \"\" gamenumber 3) check"]);
    assert_eq!(numbers(&out), [3]);
    assert_eq!(out.matches('{').count(), 1, "only the game number: {out}");
}

#[test]
fn silent_adds_no_comment() {
    let out = run(&["--silent", "-e", "check comment(\"seen\")"]);
    assert!(out.contains("Qxf7#") && out.contains("Qh4#") && out.contains("hxg6"));
    assert!(!out.contains('{'), "{out}");
    let out = run(&["-e", "cql(silent) check"]);
    assert!(out.contains("Qxf7#") && !out.contains('{'), "{out}");
}

#[test]
fn quiet_keeps_only_the_query_comments() {
    let out = run(&[
        "--quiet",
        "--gamenumber",
        "3",
        "-e",
        "check comment(\"seen\")",
    ]);
    assert_eq!(numbers(&out), [3]);
    assert!(!out.contains("CQL"), "{out}");
    assert_eq!(out.matches("{seen}").count(), 2, "{out}");
    let out = run(&["-e", "cql(quiet gamenumber 1) check"]);
    assert_eq!(numbers(&out), [1]);
    assert!(!out.contains("CQL"), "{out}");
}

#[test]
fn tag_filters_select_games() {
    let q = ["-e", "check"];
    let with = |opt: &[&str]| games(&[opt, &q[..]].concat());
    assert_eq!(with(&["--player", "Anna"]), [1, 2]);
    assert_eq!(with(&["--white", "^Anna"]), [1]);
    assert_eq!(with(&["--black", "Alpha$"]), [2]);
    assert_eq!(with(&["--event", "Spring"]), [1, 3]);
    assert_eq!(with(&["--site", "Rome"]), [2]);
    assert_eq!(with(&["--result", "1/2-1/2"]), [3]);
    assert_eq!(with(&["--year", "2000", "2010"]), [2, 3]);
    assert_eq!(with(&["--year", "1999"]), [1]);
    assert_eq!(with(&["--gamenumber", "2", "3"]), [2, 3]);
    assert_eq!(with(&["--gamenumber", "2-3"]), [2, 3]);
    assert_eq!(with(&["--player", "Anna", "--result", "0-1"]), [2]);
}

#[test]
fn tag_filters_in_the_header() {
    assert_eq!(games(&["-e", "cql(result 1-0) check"]), [1]);
    assert_eq!(games(&["-e", "cql(player \"Anna\") check"]), [1, 2]);
    assert_eq!(games(&["-e", "cql(gamenumber 3) check"]), [3]);
    assert_eq!(games(&["-e", "cql(year 2005 2010) check"]), [2, 3]);
    assert_eq!(games(&["-e", "cql(event \"Autumn\") check"]), [2]);
    // The command line wins.
    assert_eq!(
        games(&["--result", "0-1", "-e", "cql(result 1-0) check"]),
        [2]
    );
}

#[test]
fn a_refused_game_is_matched_when_matchcount_admits_zero() {
    // No game has a player Zed, and the range admits 0 matched positions.
    let out = run(&["--player", "Zed", "--matchcount", "0", "5", "-e", "check"]);
    assert_eq!(numbers(&out), [1, 2, 3]);
    assert!(
        !out.contains("CQL"),
        "refused games are not searched: {out}"
    );
    assert!(games(&["--player", "Zed", "-e", "check"]).is_empty());
}

#[test]
fn mainline_overrides_the_header_variations() {
    let (_dir, pgn) = games_file();
    let text = GAMES.replace("2. Qh5+ g6", "2. Qh5+ (2. d4) g6");
    std::fs::write(&pgn, &text).unwrap();
    let count = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
            .args(["-q", "--count"])
            .args(args)
            .arg(&pgn)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    // A white pawn stands on d4 only after `2. d4`, inside game 3's variation.
    assert_eq!(count(&["-e", "cql(variations) Pd4"]), "1");
    assert_eq!(count(&["--mainline", "-e", "cql(variations) Pd4"]), "0");
    assert_eq!(count(&["-e", "Pd4"]), "0");
    assert_eq!(count(&["--variations", "-e", "Pd4"]), "1");
}

#[test]
fn bad_values_are_refused() {
    let (_dir, pgn) = games_file();
    for args in [
        &["--result", "2-0", "-e", "check"][..],
        &["--gamenumber", "0", "-e", "check"],
        &["--white", "(", "-e", "check"],
        &["-e", "cql(matchcount 5 2) check"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
            .args(args)
            .arg(&pgn)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

/// Game filters written in the body (`result 1-0 and check`) select the same games as in the
/// header, and like them refuse a game before its moves are read: a bad game they refuse is
/// not reported (game 4 below: 0-1 with an illegal move), while a search of every game reports
/// it.
#[test]
fn game_filters_in_the_body_refuse_games_like_the_header() {
    assert_eq!(games(&["-e", "result 1-0 and check"]), [1]);
    assert_eq!(games(&["-e", "player white \"Carl\" and check"]), [2]);
    assert_eq!(games(&["-e", "gamenumber == 3 check"]), [3]);
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let bad = "[Event \"Bad\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 0-1\n";
    std::fs::write(&pgn, format!("{GAMES}\n{bad}")).unwrap();
    let stderr = |query: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
            .args(["-q", "--count", "-e", query])
            .arg(&pgn)
            .output()
            .expect("run cqlq");
        String::from_utf8(out.stderr).unwrap()
    };
    let body = stderr("result 1-0 and check");
    assert_eq!(
        body.replace(|c: char| c.is_ascii_digit() || c == '.', ""),
        stderr("cql(result 1-0) check").replace(|c: char| c.is_ascii_digit() || c == '.', "")
    );
    assert!(!body.contains("game 4"), "{body}");
    assert!(stderr("check").contains("game 4"), "{}", stderr("check"));
}

/// `eco`, `elo` and `forany` are no header parameters of CQL 6.2: its `match_cqlfeature`
/// (cqlnode-parse.cpp) reads only `matchstring silent quiet input result gamenumber output
/// variations matchcount`, and a header holding anything else is a syntax error there
/// ("Expected right paren (this probably indicates an illegal CQL feature)"). Accepting and
/// ignoring them matched every game (`cql(eco "ZZZ") true`); they are refused by name, with
/// the body filter to write instead.
#[test]
fn eco_elo_forany_in_the_header_are_refused_by_name() {
    let (_dir, pgn) = games_file();
    for (query, name) in [
        ("cql(eco \"ZZZ\") true", "'eco'"),
        ("cql(elo 5000 6000) true", "'elo'"),
        ("cql(forany x) true", "'forany'"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
            .args(["-e", query])
            .arg(&pgn)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{query}: {stderr}");
        assert!(out.stdout.is_empty(), "{query}");
        assert!(stderr.contains(name), "{query}: {stderr}");
        assert!(
            stderr.contains("not a header parameter of CQL 6.2"),
            "{stderr}"
        );
    }
}

/// A header parameter refused for its value is pointed at where it is written, even when an
/// earlier parameter has the same name: in `cql(gamenumber 3 gamenumber 0)` the refused
/// `gamenumber 0` begins at column 18 (counted: `cql(` is 4 characters, `gamenumber 3 ` 13).
#[test]
fn a_refused_parameter_is_pointed_at_where_it_is_written() {
    let (_dir, pgn) = games_file();
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(["-e", "cql(gamenumber 3 gamenumber 0) check"])
        .arg(&pgn)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("'gamenumber': expected positive numbers, lowest first, not '0'"),
        "{stderr}"
    );
    assert!(stderr.contains(":1:18\n"), "{stderr}");
}
