//! End to end: `--rules` and `Rules:` lines on the generated variant PGNs
//! (`../shared/data/variants/generated/`, read in place; skipped when absent). The games'
//! `[Variant]` tags are removed (a temporary copy), so cqlq replays them as standard games
//! plus the FBR rules given; `-e mate --count` must equal the games Fairy-Stockfish's
//! `games.jsonl` marks as ended by checkmate (a game ends at its mate, and under these rules
//! an exploded king or a third check is not a mate position with the king still attacked),
//! and no game may be reported bad (every move replays).

use std::path::{Path, PathBuf};
use std::process::Command;

fn data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/variants/generated");
    dir.exists().then_some(dir)
}

fn cqlq(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_cqlq"))
        .args(args)
        .output()
        .expect("run cqlq");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// The set's PGN without `[Variant ...]` tags, in a temporary file.
fn untagged(dir: &Path, name: &str) -> PathBuf {
    let text = std::fs::read_to_string(dir.join(format!("{name}.pgn"))).expect("pgn");
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("[Variant ") && !l.starts_with("[FSFVariant "))
        .collect();
    let path = std::env::temp_dir().join(format!("cqlq-fbr-{}-{name}.pgn", std::process::id()));
    std::fs::write(&path, kept.join("\n") + "\n").expect("write");
    path
}

fn checkmates(dir: &Path, name: &str) -> usize {
    std::fs::read_to_string(dir.join(format!("{name}.games.jsonl")))
        .expect("games")
        .lines()
        .filter(|l| l.contains("\"termination\": \"checkmate\""))
        .count()
}

#[test]
fn rules_option_replays_untagged_games_and_counts_mates() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    for (name, rules) in [
        ("atomic", "atomic"),
        ("crazyhouse", "holding=demote drop{P}[2-7]"),
        ("kingofthehill", "hill[d-e4-5]"),
    ] {
        let pgn = untagged(&dir, name);
        let (out, err, code) = cqlq(&[
            "--count",
            "--rules",
            rules,
            "-e",
            "mate",
            pgn.to_str().unwrap(),
        ]);
        let _ = std::fs::remove_file(&pgn);
        assert_eq!(code, 0, "{name}: exit status; {err}");
        assert!(!err.contains(": game "), "{name}: bad games:\n{err}");
        assert_eq!(
            out.trim(),
            checkmates(&dir, name).to_string(),
            "{name}: mates"
        );
    }
}

#[test]
fn rules_line_in_a_definitions_file() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    let defs = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/fbr/variants.txt");
    let pgn = untagged(&dir, "seirawan");
    let (out, err, code) = cqlq(&[
        "--count",
        "--variants",
        defs.to_str().unwrap(),
        "--variant",
        "seirawan_without_gating",
        "-e",
        "mate",
        pgn.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&pgn);
    assert_eq!(code, 0, "exit status; {err}");
    assert!(!err.contains(": game "), "bad games:\n{err}");
    assert_eq!(out.trim(), checkmates(&dir, "seirawan").to_string());
}

#[test]
fn bad_rules_are_refused_with_a_reason() {
    for (rules, want) in [
        ("hill", "`hill` needs a board range"),
        ("hill[d-e4-5", "expected `,` or `]`"),
        ("burner", "needs MBN prefixed piece definitions"),
        (
            "royal=levitate",
            "`levitate` is not an attribute of `royal`",
        ),
        ("teleport", "unknown FBR rule `teleport`"),
        ("mustcapture{Z}", "`Z` names no piece"),
        ("torus=spacious", "`torus=spacious` is not implemented"),
    ] {
        let (_, err, code) = cqlq(&["--rules", rules, "-e", "mate", "/dev/null"]);
        assert_eq!(code, 2, "{rules}: exit status");
        assert!(err.contains(want), "{rules}: {err}");
    }
}

#[test]
fn rules_refuse_online_variant_games() {
    let Some(dir) = data() else {
        crate::common::skip("generated data absent");
        return;
    };
    let pgn = dir.join("atomic.pgn");
    let (_, err, _) = cqlq(&["--rules", "atomic", "-e", "mate", pgn.to_str().unwrap()]);
    assert!(err.contains("--rules does not apply"), "{err}");
}
