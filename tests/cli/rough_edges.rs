//! The rough edges a new user met (issue 36's table): `--html -`, persistent values beside
//! the data formats, `--gamenumbers` with `sort`, suggestions for short names, `#` in
//! picture captions, no count from a failed run, `cqlq help` and a man page that names only
//! what exists.

use std::path::Path;
use std::process::Output;

use crate::common;

/// Fool's mate, its mating move written with a check mark: `2... Qh4+` gives mate (White's
/// king on e1 has no square: f2 and d1/d2/f1 are its own pieces, the check from h4 along
/// h4-g3-f2-e1 cannot be blocked on g3 (no piece reaches it) nor the queen taken), so its
/// SAN is `Qh4#` (the PGN standard, 8.2.3.5: `#` for a checkmating move).
const FOOLS_MATE_PLUS: &str = "[Event \"fool\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n\
1. f3 e5 2. g4 Qh4+ 0-1\n";

/// A game of 2, one of 6 and one of 4 plies (none ends in mate).
const THREE_LENGTHS: &str = "[Event \"a\"]\n\n1. e4 e5 *\n\n\
[Event \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n\
[Event \"c\"]\n\n1. d4 d5 2. c4 e6 *\n";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn cqlq_in(dir: &Path, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run cqlq")
}

/// `--html -` writes the page to standard output, as `-o -` does, and no file named `-`.
#[test]
fn html_dash_writes_the_page_to_stdout() {
    let dir = common::scratch("edges", "html-dash");
    write(dir.path(), "g.pgn", FOOLS_MATE_PLUS);
    let out = cqlq_in(dir.path(), &["--html", "-", "-e", "mate", "g.pgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(
        page.contains("<svg") && page.trim_end().ends_with("</html>"),
        "{page}"
    );
    assert!(
        !dir.path().join("-").exists(),
        "a file named `-` was written"
    );
}

/// A query with a persistent variable, `Mates` counting the mates: two games of Fool's mate
/// make it 2. With `--fen` and `--gamenumbers` stdout holds only the data (FEN lines of six
/// fields, game numbers) and `Mates: 2` goes to stderr; with `--json` every line is a match
/// but the last, `{"persistent":{"Mates":2}}`, the count a JSON number.
#[test]
fn persistent_values_leave_stdout_to_the_data() {
    let dir = common::scratch("edges", "persistent");
    let pgn = write(
        dir.path(),
        "two.pgn",
        &format!("{FOOLS_MATE_PLUS}\n{FOOLS_MATE_PLUS}"),
    );
    let query = "mate persistent Mates += 1";
    let fen = common::cqlq(&["--fen", "-e", query, &pgn]);
    assert_eq!(fen.status.code(), Some(0), "{}", text(&fen.stderr));
    let lines: Vec<String> = text(&fen.stdout).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines.iter().all(|l| l.split(' ').count() == 6), "{lines:?}");
    assert!(
        text(&fen.stderr).contains("Mates: 2\n"),
        "{}",
        text(&fen.stderr)
    );
    let numbers = common::cqlq(&["--gamenumbers", "-e", query, &pgn]);
    assert_eq!(text(&numbers.stdout), "1\n2\n");
    assert!(text(&numbers.stderr).contains("Mates: 2\n"));
    let json = common::cqlq(&["--json", "-e", query, &pgn]);
    let lines = common::json_lines(&json.stdout);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[..2].iter().all(|l| l["fen"].is_string()), "{lines:?}");
    assert_eq!(
        lines[2],
        serde_json::json!({ "persistent": { "Mates": 2 } })
    );
    // With the results in a file, stdout is free: the lines go there, as CQL 6.2's console.
    let out = dir.path().join("out.pgn");
    let to_file = common::cqlq(&["-e", query, &pgn, "-o", out.to_str().unwrap()]);
    assert_eq!(text(&to_file.stdout), "Mates: 2\n");
}

/// `--gamenumbers` on a `sort` query lists the games in the sort's order, as the help says:
/// `sort ply`'s value for a game is its greatest ply (CQL 6.2's `sort` keeps the maximum),
/// 2, 6 and 4, so games 2, 3, 1.
#[test]
fn gamenumbers_of_a_sort_query_follow_the_help() {
    let dir = common::scratch("edges", "sort-numbers");
    let pgn = write(dir.path(), "three.pgn", THREE_LENGTHS);
    let out = common::cqlq(&["--gamenumbers", "-e", "sort \"plies\" ply", &pgn]);
    assert_eq!(text(&out.stdout), "2\n3\n1\n", "{}", text(&out.stderr));
    let help = text(&common::cqlq(&["--help"]).stdout);
    let at = help
        .find("--gamenumbers")
        .expect("--gamenumbers in the help");
    let entry: String = help[at..].lines().take(3).collect::<Vec<_>>().join(" ");
    assert!(
        entry.contains("sort"),
        "the help names the sort order: {entry}"
    );
}

/// Short names get a suggestion: `mat` (one letter from `mate`), `--fne` (a swap of two
/// letters from `--fen`).
#[test]
fn short_misspellings_get_suggestions() {
    let out = common::cqlq(&["--parse", "-e", "mat"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("did you mean `mate`?"),
        "{}",
        text(&out.stderr)
    );
    let out = common::cqlq(&["--fne", "-e", "mate"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("did you mean --fen?"), "{err}");
    assert!(!err.contains("as a value"), "{err}");
}

/// The picture captions write the move that mates with `#` (as `--json`'s `san` does), even
/// when the game wrote `+`: `--diagram`'s header and the HTML page.
#[test]
fn picture_captions_mark_mate_with_hash() {
    let dir = common::scratch("edges", "captions");
    let pgn = write(dir.path(), "g.pgn", FOOLS_MATE_PLUS);
    let diagram = common::cqlq(&["--diagram", "-e", "mate", &pgn]);
    let shown = text(&diagram.stdout);
    assert!(shown.contains("2... Qh4#"), "{shown}");
    assert!(!shown.contains("Qh4+"), "{shown}");
    let page = text(&common::cqlq(&["--html", "-", "-e", "mate", &pgn]).stdout);
    assert!(page.contains("Qh4#") && !page.contains("Qh4+"), "{page}");
}

/// A run that fails (exit 2: an input in a format cqlq does not read) writes no count: a
/// `0` on stdout would read as "no game matched".
#[test]
fn a_failed_count_writes_nothing_on_stdout() {
    let dir = common::scratch("edges", "count-fails");
    // The xz format's magic bytes (xz file format 1.0.4, 2.1.1.1: FD 37 7A 58 5A 00).
    let xz = dir.path().join("t.pgn.xz");
    std::fs::write(&xz, b"\xFD7zXZ\x00\x00\x04rest").unwrap();
    let out = common::cqlq(&["--count", "-e", "mate", xz.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "", "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("t.pgn.xz"));
    // A run that succeeds still counts (Fool's mate: 1 game).
    let pgn = write(dir.path(), "g.pgn", FOOLS_MATE_PLUS);
    let out = common::cqlq(&["--count", "-e", "mate", &pgn]);
    assert_eq!(text(&out.stdout), "1\n");
}

/// `cqlq help` and `cqlq help annotate` print the help as `--help` does (clap's help
/// subcommand); the man page names no other page (`cqlq-help(1)`, `cqlq-annotate(1)`: none
/// is produced) and holds `annotate`'s options itself.
#[test]
fn help_command_and_a_man_page_naming_only_what_exists() {
    let help = common::cqlq(&["help"]);
    assert_eq!(help.status.code(), Some(0), "{}", text(&help.stderr));
    assert_eq!(text(&help.stdout), text(&common::cqlq(&["--help"]).stdout));
    let annotate = common::cqlq(&["help", "annotate"]);
    assert_eq!(annotate.status.code(), Some(0));
    assert_eq!(
        text(&annotate.stdout),
        text(&common::cqlq(&["annotate", "--help"]).stdout)
    );
    assert_eq!(common::cqlq(&["help", "nosuch"]).status.code(), Some(2));
    let man = text(&common::cqlq(&["--print-man"]).stdout);
    let references = regex::Regex::new(r"[A-Za-z\\-]+\(\d\)").unwrap();
    let named: Vec<&str> = references.find_iter(&man).map(|m| m.as_str()).collect();
    assert!(named.is_empty(), "pages nothing produces: {named:?}");
    assert!(
        man.contains("ANNOTATE OPTIONS") && man.contains("in\\-place"),
        "{man}"
    );
}

/// The issue's game, `1. Nf3 Nf6 2. c4 g6 3. Nc3 d5 4. cd5 Nxd5`: python-chess 1.11.2's
/// `parse_san` reads `cd5` (a pawn of the c-file to d5; its capture mark `[\-x]?` is optional)
/// and gives, after 4. cd5, `rnbqkb1r/ppp1pp1p/5np1/3P4/8/2N2N2/PP1PPPPP/R1BQKB1R b KQkq - 0 4`.
/// `o-o` matches neither its SAN pattern nor its castling spellings: still refused, as not
/// SAN.
#[test]
fn san_is_read_as_python_chess_reads_it() {
    let dir = common::scratch("edges", "san");
    let pgn = write(
        dir.path(),
        "g.pgn",
        "[Event \"a\"]\n\n1. Nf3 Nf6 2. c4 g6 3. Nc3 d5 4. cd5 Nxd5 *\n\n\
         [Event \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. o-o Nf6 *\n",
    );
    let out = common::cqlq(&["--fen", "-e", "ply == 7", &pgn]);
    assert_eq!(
        text(&out.stdout),
        "rnbqkb1r/ppp1pp1p/5np1/3P4/8/2N2N2/PP1PPPPP/R1BQKB1R b KQkq - 0 4\n",
        "{}",
        text(&out.stderr)
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("game 2") && err.contains("\"o-o\": not SAN"),
        "{err}"
    );
    assert!(!err.contains("game 1 "), "{err}");
}

/// On `annotated.pgn` (real annotated games), the games python-chess reads whose moves
/// include a pawn capture written without `x` (`4. cd5` in the game at line 8185; python-chess
/// 1.11.2's `chess.pgn.read_game` reports no error for them) are read, not bad games.
#[test]
fn annotated_games_with_captures_without_x_are_read() {
    let Some(pgn) = common::shared_file("data/annotated.pgn") else {
        common::skip("../shared/data/annotated.pgn is absent");
        return;
    };
    let out = common::cqlq(&["--count", "-e", "true", pgn.to_str().unwrap()]);
    let err = text(&out.stderr);
    for refused in ["\"cd5\"", "\"ed3\""] {
        assert!(!err.contains(refused), "{refused} refused: {err}");
    }
}

/// The README's first screen (its first 40 lines) says how to install (`cargo install --path
/// .`, the Rust version `Cargo.toml` asks for), run and test, and names the optional test
/// tools; the dated benchmark logs live in `docs/performance-history.md`, linked from it.
#[test]
fn the_readme_starts_with_install_run_and_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let rust_version = regex::Regex::new(r#"rust-version = "([0-9.]+)""#)
        .unwrap()
        .captures(&manifest)
        .expect("Cargo.toml names its Rust version")[1]
        .to_string();
    let first_screen: String = readme.lines().take(40).collect::<Vec<_>>().join("\n");
    for needed in [
        "cargo install --path .",
        &format!("Rust {rust_version}"),
        "cargo run --release",
        "cargo test",
        "stockfish",
        "chromium",
        "Java 17",
    ] {
        assert!(
            first_screen.contains(needed),
            "{needed} in the first screen"
        );
    }
    // A dated log is a line naming a day (`On 2026-11-26 ...`): none left in the README.
    let dated = regex::Regex::new(r"\b20[0-9]{2}-[0-9]{2}-[0-9]{2}\b").unwrap();
    let dated_lines = readme.lines().filter(|l| dated.is_match(l)).count();
    assert!(dated_lines <= 2, "{dated_lines} dated lines in the README");
    assert!(readme.contains("docs/performance-history.md"));
    let history = std::fs::read_to_string(root.join("docs/performance-history.md")).unwrap();
    assert!(history.lines().filter(|l| dated.is_match(l)).count() >= 10);
}
