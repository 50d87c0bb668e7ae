//! The generated fairy PGNs (`../shared/data/variants/generated/*.pgn`, written by
//! Fairy-Stockfish through pyffish) read through cqlq's PGN reader with every move: each
//! game's main line has the oracle's ply count (`games.jsonl`), and each move's text, read by
//! the bundled definition, is the oracle's UCI move (read in place).

use std::path::Path;

use cqlq::pgn::{read_game_with, split_games};
use cqlq::rules::fairy::{FairyPos, RankBase, bundled_variants, find_variant};

/// The fairy sets of the generated data (the standard and online ones read as before).
const SETS: &[&str] = &[
    "capablanca",
    "gothic",
    "shatranj",
    "makruk",
    "courier",
    "xiangqi",
    "shogi",
    "seirawan",
];

#[test]
fn generated_fairy_pgns_read_with_every_move() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/variants/generated");
    if !dir.exists() {
        crate::common::skip(format!("{} absent", dir.display()));
        return;
    }
    let vs = bundled_variants();
    let mut bad = Vec::new();
    let mut games = 0;
    let mut moves = 0;
    for name in SETS {
        let pgn = std::fs::read(dir.join(format!("{name}.pgn"))).expect("pgn");
        let jsonl =
            std::fs::read_to_string(dir.join(format!("{name}.games.jsonl"))).expect("jsonl");
        let oracle: Vec<serde_json::Value> = jsonl
            .lines()
            .map(|l| serde_json::from_str(l).expect("json"))
            .collect();
        let v = find_variant(&vs, name).expect("bundled");
        let mut count = 0;
        for (i, slice) in split_games(&pgn).enumerate() {
            count += 1;
            // Read as the search reads them: the `[Variant]` tag decides, through the rules,
            // that fairy moves are kept as written (the reader itself knows no variants).
            let reading = cqlq::run::families::move_reading(false);
            let record = match read_game_with(&pgn[slice], reading) {
                Ok(r) => r,
                Err(e) => {
                    bad.push(format!("{name} game {i}: {e}"));
                    continue;
                }
            };
            let g = &oracle[i];
            let uci: Vec<&str> = g["uci"]
                .as_array()
                .expect("uci")
                .iter()
                .map(|m| m.as_str().unwrap_or_default())
                .collect();
            let line = &record.mainline()[1..];
            if line.len() != uci.len() {
                bad.push(format!(
                    "{name} game {i}: {} moves read, oracle {}",
                    line.len(),
                    uci.len()
                ));
                continue;
            }
            let fen = record.tag("FEN").expect("FEN tag");
            let mut p = FairyPos::from_fen(v.clone(), fen).expect("fen");
            for (ply, (&n, m)) in line.iter().zip(&uci).enumerate() {
                let san = &record.nodes[n as usize].san;
                let want = p.coord_to_move(m, RankBase::One).expect("oracle move");
                match p.san_to_move(san) {
                    Ok(got) if got == want => p.make(&got),
                    other => {
                        bad.push(format!(
                            "{name} game {i} ply {ply}: `{san}` gives {other:?}, oracle {m}"
                        ));
                        break;
                    }
                }
                moves += 1;
            }
            games += 1;
        }
        assert_eq!(
            count,
            oracle.len(),
            "{name}: games in the PGN and the oracle"
        );
    }
    eprintln!("{games} games, {moves} moves read");
    assert!(bad.is_empty(), "{} faults:\n{}", bad.len(), bad.join("\n"));
}
