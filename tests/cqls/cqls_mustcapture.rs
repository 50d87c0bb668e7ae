//! CQL-S `:mustcapture` (seed 004: "the side to move has the obligation to capture a piece
//! ... provided for chess variant Antichess, and cannot be successful in all other chess
//! variants") against Fairy-Stockfish's recorded legal moves
//! (`scripts/cqls_mustcapture_truth.py`, golden `tests/expected/cqls-mustcapture.tsv`): in the
//! first 20 oracle games of Antichess and Giveaway it marks exactly the positions where every
//! legal move is a capture (and there is one); in standard chess it marks nothing, although
//! such positions occur there too (every way out of a check captures).

use crate::common;

use std::collections::BTreeSet;

/// The (game, ply) pairs the golden lists for `set`.
fn golden(set: &str) -> BTreeSet<(u64, u64)> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/expected/cqls-mustcapture.tsv"),
    )
    .expect("golden file");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols[0] == set).then(|| (cols[1].parse().unwrap(), cols[2].parse().unwrap()))
        })
        .collect()
}

/// The (game, ply) pairs `query` marks in games 1..20 of the oracle set `set`.
fn marked(set: &str, query: &str) -> Option<BTreeSet<(u64, u64)>> {
    let pgn = common::shared_file(&format!("data/variants/generated/{set}.pgn"))?;
    let out = common::cqlq(&[
        "--json",
        "--gamenumber",
        "1",
        "20",
        "-q",
        "-e",
        query,
        pgn.to_str().expect("utf-8 path"),
    ]);
    // Exit status 0: some game matched, 1: none.
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        String::from_utf8(out.stdout)
            .expect("utf-8")
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("json line");
                (v["game"].as_u64().unwrap(), v["ply"].as_u64().unwrap())
            })
            .collect(),
    )
}

#[test]
fn compulsory_capture_variants_agree_with_fairy_stockfish() {
    for set in ["antichess", "giveaway"] {
        let Some(got) = marked(set, "(position :mustcapture)") else {
            return;
        };
        let want = golden(set);
        assert!(want.len() > 100, "{set}: {}", want.len());
        assert_eq!(got, want, "{set}");
        // The negated form marks the other positions (terminal ones included).
        let not = marked(set, "(position !:mustcapture)").expect("same file");
        assert!(not.is_disjoint(&got) && !not.is_empty(), "{set}");
    }
}

#[test]
fn standard_chess_never_must_capture() {
    let Some(got) = marked("chess", "(position :mustcapture)") else {
        return;
    };
    // Positions whose legal moves are all captures exist in these games ...
    assert!(!golden("chess").is_empty());
    // ... but captures are never compulsory in chess.
    assert!(got.is_empty(), "{got:?}");
}

/// A fairy variant in SjaakII's format, with `Rule: forced capture` or without: rooks and
/// pawns, no royal piece (the suicide-style variant of `tests/variants/fairy_rules.rs`).
fn fairy_variant(name: &str, forced: bool) -> String {
    format!(
        "Variant: {name}\nBoard: 8x8\nFEN: \"r7/p7/8/8/8/8/7P/R7 w - - 0 1\"\n\
         Zone: rank8 = a8,b8,c8,d8,e8,f8,g8,h8\nZone: rank1 = a1,b1,c1,d1,e1,f1,g1,h1\n\
         Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\n\
         Piece: Pawn\nMove: step N\nCapture: step NE,NW\nSymbol: \" \", \"P,p\"\n\
         Promotion: rank8, rank1, \"R\"\n{}\n",
        if forced { "\nRule: forced capture" } else { "" }
    )
}

/// The plies `(position :mustcapture)` marks in `1. Rxa7 Rxa7 2. h3` played under the fairy
/// variant `name` of `defs`.
fn fairy_marks(defs: &str, name: &str) -> Vec<u64> {
    let dir = tempfile::tempdir().expect("temporary directory");
    let (variants, pgn) = (dir.path().join("v.txt"), dir.path().join("g.pgn"));
    std::fs::write(&variants, defs).unwrap();
    std::fs::write(
        &pgn,
        format!("[Variant \"{name}\"]\n\n1. Rxa7 Rxa7 2. h3 *\n"),
    )
    .unwrap();
    let out = common::cqlq(&[
        "--variants",
        variants.to_str().unwrap(),
        "--json",
        "-q",
        "-e",
        "(position :mustcapture)",
        pgn.to_str().unwrap(),
    ]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["ply"]
                .as_u64()
                .unwrap()
        })
        .collect()
}

#[test]
fn fairy_forced_capture_rule() {
    let defs = fairy_variant("ForcedT", true) + "\n" + &fairy_variant("FreeT", false);
    // Start: the white rook a1 can take the pawn a7 (Rxa7); with forced capture that is its
    // only move, so ply 0 must capture. After 1. Rxa7 the black rook a8 can take back (ply 1,
    // its only move again). After 1... Rxa7 White has only the pawn h2 (h3: no capture): ply
    // 2 has no capture, and the final position (ply 3: Black's rook a7 attacks nothing it can
    // take) neither.
    assert_eq!(fairy_marks(&defs, "ForcedT"), vec![0, 1]);
    // The same moves without the rule: captures are never compulsory.
    assert_eq!(fairy_marks(&defs, "FreeT"), Vec::<u64>::new());
}
