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

/// The set's PGN (in `dir`) without `[Variant ...]` tags, written into the folder `scratch`.
fn untagged(dir: &Path, scratch: &Path, name: &str) -> PathBuf {
    let text = std::fs::read_to_string(dir.join(format!("{name}.pgn"))).expect("pgn");
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("[Variant ") && !l.starts_with("[FSFVariant "))
        .collect();
    let path = scratch.join(format!("{name}.pgn"));
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
        let scratch = crate::common::scratch("fbr", name);
        let pgn = untagged(&dir, scratch.path(), name);
        let (out, err, code) = cqlq(&[
            "--count",
            "--rules",
            rules,
            "-e",
            "mate",
            pgn.to_str().unwrap(),
        ]);
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
    let scratch = crate::common::scratch("fbr", "rules-line");
    let pgn = untagged(&dir, scratch.path(), "seirawan");
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
    assert_eq!(code, 0, "exit status; {err}");
    assert!(!err.contains(": game "), "bad games:\n{err}");
    assert_eq!(out.trim(), checkmates(&dir, "seirawan").to_string());
}

#[test]
fn bad_rules_are_refused_with_a_reason() {
    for (rules, want) in [
        ("hill", "`hill` needs a board range"),
        ("hill[d-e4-5", "expected `,` or `]`"),
        ("burner", "`burner` needs the prefix letter of its pieces"),
        (
            "royal=levitate",
            "`levitate` is not an attribute of `royal`",
        ),
        ("teleport", "unknown FBR rule `teleport`"),
        ("mustcapture{Z}", "`Z` names no piece"),
        (
            "torus=spacious X|Lame|=mW-F",
            "`torus=spacious` for `X` (a hopper, a two-part leap or a multi-leg path) is not implemented",
        ),
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

/// `--rules 'gating[1]{HE}'` on Seirawan's pieces without its `Rules:` line (the testdata
/// file with that line removed): `H` and `E` name the variant's Hawk and Elephant, so the
/// rules are taken (they were refused with "`H` names no piece of this variant", checked
/// against standard chess), and the games replay as `rules_line_in_a_definitions_file`'s
/// do: every move, and as many mates as Fairy-Stockfish recorded. A standard game (the
/// tagged `[Variant "chess"]`) is refused by itself, with the reason.
#[test]
fn gating_letters_are_checked_against_the_variants_own_pieces() {
    let Some(dir) = data() else {
        eprintln!("skipped: generated data absent");
        return;
    };
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/fbr/variants.txt"),
    )
    .unwrap();
    assert!(text.contains("\nRules: gating[1]{HE}"));
    let without: String = text
        .lines()
        .filter(|l| !l.starts_with("Rules:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let scratch = crate::common::scratch("fbr", "gating");
    let defs = scratch.path().join("norules.txt");
    std::fs::write(&defs, without).unwrap();
    let pgn = untagged(&dir, scratch.path(), "seirawan");
    let (out, err, code) = cqlq(&[
        "--count",
        "--variants",
        defs.to_str().unwrap(),
        "--variant",
        "seirawan_without_gating",
        "--rules",
        "gating[1]{HE}",
        "-e",
        "mate",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "exit status; {err}");
    assert!(!err.contains(": game "), "bad games:\n{err}");
    assert_eq!(out.trim(), checkmates(&dir, "seirawan").to_string());
    let standard = scratch.path().join("std.pgn");
    std::fs::write(&standard, "[Variant \"chess\"]\n\n1. e4 e5 *\n").unwrap();
    let (out, err, code) = cqlq(&[
        "--count",
        "--variants",
        defs.to_str().unwrap(),
        "--rules",
        "gating[1]{HE}",
        "-e",
        "mate",
        standard.to_str().unwrap(),
    ]);
    // The refused game counts as a bad game (exit 1: nothing matched).
    assert_eq!((out.trim(), code), ("0", 1), "{err}");
    assert!(
        err.contains("--rules does not apply to standard chess games")
            && err.contains("`H` names no piece"),
        "{err}"
    );
}

/// `--rules` equal to antichess (docs/fbr.md: `!royal mustcapture stalemate=win
/// promotion=enter{QRBNK}`) on the first 20 generated antichess games with their
/// `[Variant]`, `[FEN]` and `[SetUp]` tags removed (so they start as a game without a FEN
/// tag does), against python-chess's per-position truth (`antichess.pychess.jsonl.gz`,
/// `pychess_oracle.py` on the same games): every position's FEN (no castling rights: with
/// no royal piece there is no castling) and exactly python-chess's stalemates (a side left
/// without pieces has won by the variant's rule, it is not stalemated).
#[test]
fn antichess_rules_give_python_chess_fens_and_stalemates() {
    let Some(dir) = data() else {
        eprintln!("skipped: generated data absent");
        return;
    };
    let text = std::fs::read_to_string(dir.join("antichess.pgn")).unwrap();
    let mut kept = String::new();
    for (i, game) in text.split("\n[Event ").enumerate().take(20) {
        let game = if i == 0 {
            game.to_string()
        } else {
            format!("[Event {game}")
        };
        for line in game.lines().filter(|l| {
            !["[Variant ", "[FSFVariant ", "[FEN ", "[SetUp "]
                .iter()
                .any(|t| l.starts_with(t))
        }) {
            kept += line;
            kept.push('\n');
        }
        kept.push('\n');
    }
    let scratch = crate::common::scratch("fbr", "anti20");
    let pgn = scratch.path().join("anti20.pgn");
    std::fs::write(&pgn, kept).unwrap();
    let truth: Vec<serde_json::Value> = {
        use std::io::BufRead;
        let file = std::fs::File::open(dir.join("antichess.pychess.jsonl.gz")).unwrap();
        std::io::BufReader::new(flate2::read::GzDecoder::new(file))
            .lines()
            .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
            .collect()
    };
    let rules = "!royal mustcapture stalemate=win promotion=enter{QRBNK}";
    let positions = |query: &str| -> std::collections::BTreeMap<(u64, u64), String> {
        let (out, err, code) = cqlq(&[
            "--json",
            "-q",
            "--rules",
            rules,
            "-e",
            query,
            pgn.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(!err.contains(": game "), "bad games:\n{err}");
        out.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                let key = (v["game"].as_u64().unwrap() - 1, v["ply"].as_u64().unwrap());
                (key, v["fen"].as_str().unwrap().to_string())
            })
            .collect()
    };
    let fens = positions("wtm or btm");
    assert_eq!(fens.len(), truth.len(), "positions");
    let mut wrong = Vec::new();
    for t in &truth {
        let key = (t["game"].as_u64().unwrap(), t["ply"].as_u64().unwrap());
        if fens.get(&key).map(String::as_str) != t["fen"].as_str() {
            wrong.push(format!("{key:?}: {:?} vs {}", fens.get(&key), t["fen"]));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} FENs differ: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    let stalemates: Vec<(u64, u64)> = positions("stalemate").into_keys().collect();
    let want: Vec<(u64, u64)> = truth
        .iter()
        .filter(|t| t["is_stalemate"].as_bool().unwrap())
        .map(|t| (t["game"].as_u64().unwrap(), t["ply"].as_u64().unwrap()))
        .collect();
    assert!(!want.is_empty());
    assert_eq!(stalemates, want);
}
