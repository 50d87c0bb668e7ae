//! The output effects of the string filters, through the `cqlq` binary: `settag`,
//! `tag "X" = v`, `removetag` (CQLi) and `removecomment` change the written game (CQL 6.2's
//! `settag`/`removecomment` pages: the output PGN is edited, the input never); `message`
//! prints its text (on stderr, as stdout carries the games); `writefile` appends to a file
//! in input order; `readfile` reads one; `--secure` refuses both (CQLi's option).

use std::path::{Path, PathBuf};

use crate::common;

use common::cqlq;

const PGN: &str = "[Event \"First\"]\n[Site \"Here\"]\n[Result \"*\"]\n\n1. e4 {a note} e5 *\n\n\
[Event \"Second\"]\n[Site \"There\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";

/// Writes [`PGN`] into `dir` as `name`; returns its path.
fn pgn_file(dir: &Path, name: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, PGN).expect("write pgn");
    p
}

fn run(args: &[&str]) -> (String, String, i32) {
    let out = cqlq(args);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn settag_edits_the_written_game() {
    let scratch = common::scratch("output-edits", "settag");
    let p = pgn_file(scratch.path(), "settag.pgn");
    let ps = p.to_str().expect("utf-8 path");
    let (out, _, code) = run(&[
        "-q",
        "-e",
        "initial settag(\"Annotator\" \"cqlq\") settag(\"Event\" event + \"!\")",
        ps,
    ]);
    assert_eq!(code, 0);
    // A new tag is added, an existing one replaced in place, for both games.
    assert_eq!(out.matches("[Annotator \"cqlq\"]").count(), 2, "{out}");
    assert!(out.contains("[Event \"First!\"]") && out.contains("[Event \"Second!\"]"));
    assert!(!out.contains("[Event \"First\"]"));
    // The input is unchanged.
    assert_eq!(std::fs::read_to_string(&p).expect("read"), PGN);
}

#[test]
fn removetag_and_removecomment() {
    let scratch = common::scratch("output-edits", "remove");
    let p = pgn_file(scratch.path(), "remove.pgn");
    let ps = p.to_str().expect("utf-8 path");
    let (out, _, _) = run(&["-q", "-e", "initial removetag \"Site\"", ps]);
    assert!(!out.contains("[Site "), "{out}");
    assert!(out.contains("[Event \"First\"]"));
    // The position after 1. e4 has the comment: it goes, the match comment stays.
    let (out, _, _) = run(&["-q", "-e", "{hascomment} removecomment", ps]);
    assert!(!out.contains("a note"), "{out}");
    assert!(out.contains("{CQL}"));
    // Without removecomment the original comment is written.
    let (out, _, _) = run(&["-q", "-e", "hascomment", ps]);
    assert!(out.contains("a note"), "{out}");
}

#[test]
fn message_prints_its_text() {
    let scratch = common::scratch("output-edits", "message");
    let p = pgn_file(scratch.path(), "message.pgn");
    let ps = p.to_str().expect("utf-8 path");
    let (_, err, _) = run(&["-q", "-e", "initial message quiet (\"event=\" event)", ps]);
    // In input order, one line per game.
    assert!(err.contains("event=First\nevent=Second\n"), "{err}");
    // Without quiet a prefix names the game.
    let (_, err, _) = run(&["-q", "-e", "initial message (\"hello\")", ps]);
    let lines: Vec<&str> = err.lines().filter(|l| l.ends_with("hello")).collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].contains("Game 1") && lines[1].contains("Game 2"),
        "{err}"
    );
}

#[test]
fn writefile_appends_in_input_order_and_readfile_reads() {
    let scratch = common::scratch("output-edits", "write");
    let p = pgn_file(scratch.path(), "write.pgn");
    let ps = p.to_str().expect("utf-8 path");
    let target = scratch.path().join("written.txt");
    let ts = target.to_str().expect("utf-8 path");
    // `\n` (outside quotes) is CQL's newline string.
    let q = format!("initial writefile(\"{ts}\" event + \\n)");
    for threads in ["1", "2"] {
        let (_, err, code) = run(&["-q", "-j", threads, "-e", &q, ps]);
        assert_eq!(code, 0, "{err}");
    }
    // Two runs, each appending the two events in input order.
    assert_eq!(
        std::fs::read_to_string(&target).expect("written"),
        "First\nSecond\nFirst\nSecond\n"
    );
    // readfile reads it back.
    let q = format!("initial readfile \"{ts}\" ~~ \"^First\\sSecond\"");
    let (out, _, code) = run(&["-q", "--count", "-e", &q, ps]);
    assert_eq!((out.trim(), code), ("2", 0));
}

#[test]
fn writefile_never_writes_an_input() {
    let scratch = common::scratch("output-edits", "input");
    let p = pgn_file(scratch.path(), "input.pgn");
    let ps = p.to_str().expect("utf-8 path");
    let q = format!("initial writefile(\"{ps}\" \"oops\")");
    let (_, err, _) = run(&["-q", "-e", &q, ps]);
    assert!(err.contains("input file"), "{err}");
    assert_eq!(std::fs::read_to_string(&p).expect("read"), PGN);
}

#[test]
fn secure_refuses_file_words() {
    let scratch = common::scratch("output-edits", "secure");
    let p = pgn_file(scratch.path(), "secure.pgn");
    let ps = p.to_str().expect("utf-8 path");
    for q in ["readfile \"x.txt\" == \"\"", "writefile(\"x.txt\" \"y\")"] {
        let (_, err, code) = run(&["--secure", "-e", q, ps]);
        assert_eq!(code, 2, "{q}: {err}");
        assert!(err.contains("refused under --secure"), "{q}: {err}");
    }
}
