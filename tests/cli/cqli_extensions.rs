//! CQLi's output-file options (`--append`, `--noclobber`, `--createdirectories`, `--dryrun`)
//! and the refusals of the CQLi words whose syntax the manual text at hand does not give
//! (`imagine`, `saveposition`, `currentmutation`, `commandpipe`; `commandpipe` under
//! `--secure` as CQLi's option list documents it; the `k[a-h]5-8` square syntax).
//!
//! Expectations come from the manual's one-line descriptions (`src/output/files.rs` quotes
//! them) and from themes.pgn, whose games 1 and 4 end in mate (the only two `mate` games,
//! as `tests/cli/cli.rs` establishes).

use crate::common;

use common::cqlq;

fn testdata(name: &str) -> String {
    format!("{}/testdata/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `mate` on themes.pgn with `extra` options and `-o path`.
fn mate_to(path: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["-q", "-o", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let themes = testdata("themes.pgn");
    args.extend_from_slice(&["-e", "mate", &themes]);
    cqlq(&args)
}

/// Two matched games per run: `--append` keeps the first run's two and adds two more, in
/// order; without it the file is replaced.
#[test]
fn append_adds_to_the_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.pgn");
    assert_eq!(mate_to(&path, &[]).status.code(), Some(0));
    let first = std::fs::read_to_string(&path).unwrap();
    assert_eq!(first.matches("{Game number").count(), 2);

    assert_eq!(mate_to(&path, &["--append"]).status.code(), Some(0));
    let both = std::fs::read_to_string(&path).unwrap();
    assert_eq!(both, format!("{first}{first}"));

    assert_eq!(mate_to(&path, &["-a"]).status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("{first}{first}{first}")
    );

    assert_eq!(mate_to(&path, &[]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
    let entries = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(entries, 1, "no temporary file left behind");
}

/// `--noclobber` refuses an existing file before any game is read (exit 2, the file
/// unchanged) and writes a new one as usual.
#[test]
fn noclobber_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.pgn");
    assert_eq!(mate_to(&path, &["--noclobber"]).status.code(), Some(0));
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("{Game number 4}")
    );

    std::fs::write(&path, "keep me\n").unwrap();
    let out = mate_to(&path, &["--noclobber"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--noclobber"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep me\n");
}

/// A missing directory is an error unless `--createdirectories` makes it.
#[test]
fn createdirectories_makes_the_output_directory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep/er/out.pgn");
    let out = mate_to(&path, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--createdirectories"));
    assert!(!dir.path().join("deep").exists());

    assert_eq!(
        mate_to(&path, &["--createdirectories"]).status.code(),
        Some(0)
    );
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("{Game number 1}")
    );
}

/// `--dryrun` runs the query (same exit status: 0, games matched), prints the output file's
/// name and creates nothing, not even the directories `--createdirectories` would make.
#[test]
fn dryrun_names_the_file_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/out.pgn");
    let out = mate_to(&path, &["--dryrun", "--createdirectories"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{}\n", path.display())
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);

    // No output file for these options to act on: refused, not ignored.
    let themes = testdata("themes.pgn");
    for option in ["--dryrun", "--append", "--noclobber", "--createdirectories"] {
        let out = cqlq(&["-q", option, "-e", "mate", &themes]);
        assert_eq!(out.status.code(), Some(2), "{option}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(option));
        assert!(
            out.stdout.is_empty(),
            "{option}: no games written to stdout"
        );
    }
}

/// Each CQLi word cqlq cannot define from its documentation is refused by name, before any
/// game is read (exit 2), with the manual page that introduces it.
#[test]
fn undocumented_cqli_words_are_refused_by_name() {
    let themes = testdata("themes.pgn");
    for (q, word) in [
        ("imagine k", "imagine"),
        ("saveposition", "saveposition"),
        ("currentmutation == \"\"", "currentmutation"),
        ("commandpipe (\"cat\")", "commandpipe"),
    ] {
        let out = cqlq(&["-q", "--count", "-e", q, &themes]);
        assert_eq!(out.status.code(), Some(2), "{q}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("does not evaluate '{word}'"))
                && err.contains("cql64.com/manual"),
            "{q}: {err}"
        );
        assert!(out.stdout.is_empty(), "{q}: nothing counted");
    }
    // CQLi's --secure forbids commandpipe (its option list: "forbid readfile, writefile,
    // commandpipe").
    let out = cqlq(&["-q", "--secure", "-e", "commandpipe (\"cat\")", &themes]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("'commandpipe' is refused under --secure"),
        "{err}"
    );
}

/// `k[a-h]5-8` (ranks after a bracketed file range) is rejected, as CQL 6.2 rejects it
/// (`../shared/cql/features.md`, section 3), with a message naming the form and the CQL
/// spelling; `k[a-h5-8]` is that spelling and runs (themes.pgn has a black king on ranks
/// 5-8 in some game, so it matches and exits 0).
#[test]
fn cqli_square_syntax_is_named() {
    let themes = testdata("themes.pgn");
    let out = cqlq(&["-q", "--count", "-e", "k[a-h]5-8", &themes]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("k[a-h]5-8") && err.contains("k[a-h5-8]"),
        "{err}"
    );
    let out = cqlq(&["-q", "--count", "-e", "k[a-h5-8]", &themes]);
    assert_eq!(out.status.code(), Some(0));
}
