//! What a new user meets on the command line (issue 19): queries starting with `-` after
//! `-e`, arguments in the wrong order, a query file given with `-e`, annotate's missing
//! folders and files, a misspelt filter, `annotate` in the usage, man page and completions,
//! and the summary's singular and plural.

use crate::common;

use std::path::Path;

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `text` to `dir/name` and returns the path as a string.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.to_str().expect("utf-8 path").to_string()
}

/// `-e` takes a query that starts with `-`: CQL's dash filter with an empty left side
/// (`--(btm)`, `--=q`, `-- and --`) and unary minus (`-3`). Every such case of
/// `../shared/cql/chessql-cases.txt` gets CQL 6.2's verdict through the command line, as the
/// parser gives it (`tests/cql/parser_conformance.rs`); clap used to take them for options.
#[test]
fn expr_takes_queries_that_start_with_a_dash() {
    let Some(path) = common::shared_file("cql/chessql-cases.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).expect("cases");
    let mut checked = 0;
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 3 || !(cols[0].starts_with("parse") || cols[0].starts_with("run")) {
            continue;
        }
        let query: String = serde_json::from_str(cols[2]).expect("a JSON string");
        if !query.starts_with('-') {
            continue;
        }
        let cql_accepts = !cols[0].starts_with("parse") || cols[0].contains("=0");
        let out = common::cqlq(&["--parse", "-e", &query]);
        assert_eq!(
            out.status.code() == Some(0),
            cql_accepts,
            "{query:?} ({}): {}",
            cols[1],
            stderr(&out)
        );
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} cases start with '-'");
    // `--cql` too (CQL 6.2's `-cql`).
    let out = common::cqlq(&["--parse", "--cql", "--(btm)"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// `cqlq games.pgn q.cql`: the query comes first (it used to read the PGN as the query and
/// say `unexpected 'Event'`); `cqlq games.pgn` alone says the same.
#[test]
fn a_pgn_file_where_the_query_belongs_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", common::THREE_GAMES);
    let q = write(dir.path(), "q.cql", "check\n");
    for args in [vec![pgn.as_str(), q.as_str()], vec![pgn.as_str()]] {
        let out = common::cqlq(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("the query comes first"), "{err}");
        assert!(!err.contains("unexpected"), "{err}");
    }
    // The right order still runs.
    let out = common::cqlq(&["--count", &q, &pgn]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// `cqlq -e mate q.cql games.pgn`: with `-e` every argument is a PGN file, so `q.cql` is
/// named as a query file (it used to be read as PGN: `unreadable move token "cql"`).
#[test]
fn a_query_file_after_expr_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", common::THREE_GAMES);
    let q = write(dir.path(), "q.cql", "cql() check\n");
    let out = common::cqlq(&["-e", "mate", &q, &pgn]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("q.cql: looks like a query file"), "{err}");
    assert!(!err.contains("unreadable move token"), "{err}");
}

/// `cqlq annotate nothemes/ games.pgn`: a folder that does not exist is named as such (it used
/// to say "no theme given"); a folder without `.cql` files says so; `cqlq annotate themes/
/// nosuch.pgn -o x.pgn` names the missing PGN file alone (it used to say `x.pgn: nosuch.pgn:
/// not a file`) and makes no output file.
#[test]
fn annotate_names_missing_folders_and_files() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", common::THREE_GAMES);
    let missing = dir.path().join("nothemes/");
    let missing = format!("{}/", missing.display()).replace("//", "/");
    let out = common::cqlq(&["annotate", &missing, &pgn, "-o", "-"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nothemes/: no such folder"), "{err}");
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let out = common::cqlq(&["annotate", empty.to_str().unwrap(), &pgn, "-o", "-"]);
    assert!(
        stderr(&out).contains("no .cql file in this folder"),
        "{}",
        stderr(&out)
    );
    let themes = dir.path().join("themes");
    std::fs::create_dir(&themes).unwrap();
    write(&themes, "mate.cql", "mate\n");
    let x = dir.path().join("x.pgn");
    let nosuch = dir.path().join("nosuch.pgn");
    let out = common::cqlq(&[
        "annotate",
        themes.to_str().unwrap(),
        nosuch.to_str().unwrap(),
        "-o",
        x.to_str().unwrap(),
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("nosuch.pgn: no such PGN file"), "{err}");
    assert!(!err.contains("x.pgn"), "{err}");
    assert!(!x.exists());
}

/// A misspelt filter gets the nearest word, as a misspelt option does.
#[test]
fn a_misspelt_filter_gets_a_suggestion() {
    let out = common::cqlq(&["--parse", "-e", "mate and chekc"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("did you mean `check`?"), "{err}");
    let out = common::cqlq(&["--parse", "-e", "x = 3 y = xx + 1"]);
    assert!(!stderr(&out).contains("did you mean"), "{}", stderr(&out));
}

/// A CQL-S `:evaluation` query without `--engine` is told to pass `--engine`, not to check
/// its spelling.
#[test]
fn an_engine_query_without_engine_is_told_to_pass_one() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", common::THREE_GAMES);
    let out = common::cqlq(&["-e", "(position :evaluation depth 1 mate)", &pgn]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("pass --engine PATH"), "{err}");
    assert!(!err.contains("check its spelling"), "{err}");
}

/// `annotate` is in the usage line, the man page and the shell completions.
#[test]
fn annotate_is_in_usage_man_page_and_completions() {
    let help = common::cqlq(&["--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    let usage = help.lines().find(|l| l.starts_with("Usage:")).unwrap();
    assert!(
        help.contains("cqlq annotate [OPTIONS] THEMES... PGN..."),
        "{usage}\n{help}"
    );
    let man = common::cqlq(&["--print-man"]);
    assert!(String::from_utf8_lossy(&man.stdout).contains("annotate"));
    for shell in ["bash", "zsh", "fish"] {
        let c = common::cqlq(&["--completions", shell]);
        let text = String::from_utf8_lossy(&c.stdout);
        assert!(text.contains("annotate"), "{shell}");
        assert!(text.contains("in-place"), "{shell}: annotate's options");
    }
}

/// The summary counts in the right number ("1 game read", "1 position matched", "1 bad
/// game"; "2 games read"), and `--showmatches` ends its line.
#[test]
fn the_summary_says_one_position_and_showmatches_ends_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let one = write(
        dir.path(),
        "one.pgn",
        "[Event \"a\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    );
    let out = common::cqlq(&["--count", "-e", "mate", &one]);
    let err = stderr(&out);
    assert!(
        err.contains("cqlq: 1 game read, 1 matched, 1 position matched, 0 bad games,"),
        "{err}"
    );
    let out = common::cqlq(&["--count", "--showmatches", "-q", "-e", "mate", &one]);
    assert_eq!(stderr(&out), "<1>\n");
    let bad = write(
        dir.path(),
        "bad.pgn",
        "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e5 *\n",
    );
    let out = common::cqlq(&["--count", "-e", "check", &bad]);
    let err = stderr(&out);
    assert!(
        err.contains("cqlq: 2 games read, 0 matched, 0 positions matched, 1 bad game,"),
        "{err}"
    );
}

/// An FBR error about a piece letter points at the letter (`X`, column 11 of
/// `gating[1]{XE}`), not at the rule's first column. `X` is a piece of no bundled board, so the
/// rules fit nothing and are refused before any game is read (`gating[1]{HE}` fits the bundled
/// Seirawan, so there standard games are refused one by one: `fbr_cli` in tests/variants).
#[test]
fn an_fbr_error_points_at_the_letter() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write(dir.path(), "games.pgn", common::THREE_GAMES);
    let out = common::cqlq(&["--rules", "gating[1]{XE}", "-e", "check", &pgn]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("column 11: `X` names no piece"), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    let text = lines
        .iter()
        .position(|l| l.trim() == "gating[1]{XE}")
        .expect("the rules shown");
    let caret = lines[text + 1];
    let h = lines[text].find('X').unwrap();
    assert_eq!(caret.find('^'), Some(h), "{err}");
}
