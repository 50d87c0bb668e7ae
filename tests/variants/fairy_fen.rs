//! The FEN cqlq writes for fairy positions against Fairy-Stockfish's, along its games
//! (`../shared/data/variants/generated/V.positions.jsonl.gz`, read in place: each game is
//! replayed from its first recorded FEN by the recorded moves, and the FEN compared at every
//! ply), and Grand chess's perft from Fairy-Stockfish's positions
//! (`tests/expected/fsf-grand.txt`, `scripts/fsf_positions.py --variants grand --every 5`).

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use cqlq::rules::fairy::{FairyPos, RankBase, bundled_variants, find_variant};

/// Fields compared: placement with holdings, side, castling (Seirawan's gating files), en
/// passant, and the clocks (the halfmove clock is not reset by pawns that capture as they
/// move: shogi's pawn, xiangqi's soldier). While Makruk's count runs, Fairy-Stockfish writes
/// its limit and count in place of the en passant square and the halfmove clock (compared too).
const COMPARED_FIELDS: usize = 6;

#[test]
fn fen_along_fairy_stockfish_games_agrees() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/variants/generated");
    if !dir.exists() {
        crate::common::skip(format!("{} absent", dir.display()));
        return;
    }
    let vs = bundled_variants();
    let mut bad = Vec::new();
    let mut compared = 0;
    for name in [
        "capablanca",
        "gothic",
        "grand",
        "seirawan",
        "shatranj",
        "makruk",
        "courier",
        "xiangqi",
        "shogi",
    ] {
        let v = find_variant(&vs, name).expect("bundled");
        let file = std::fs::File::open(dir.join(format!("{name}.positions.jsonl.gz"))).unwrap();
        let mut text = String::new();
        flate2::read::GzDecoder::new(file)
            .read_to_string(&mut text)
            .unwrap();
        let mut games: BTreeMap<u64, Vec<serde_json::Value>> = BTreeMap::new();
        for line in text.lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            games
                .entry(r["game"].as_u64().unwrap())
                .or_default()
                .push(r);
        }
        let n = COMPARED_FIELDS;
        for (game, mut plies) in games {
            plies.sort_by_key(|r| r["ply"].as_u64());
            let start = plies[0]["fen"].as_str().unwrap();
            let mut p = FairyPos::from_fen(v.clone(), start).unwrap();
            for r in &plies {
                let want = r["fen"].as_str().unwrap();
                let got = p.to_fen(true);
                let fields = |f: &str| f.split(' ').take(n).collect::<Vec<_>>().join(" ");
                compared += 1;
                if fields(&got) != fields(want) {
                    bad.push(format!(
                        "{name} game {game} ply {}: {got} != {want}",
                        r["ply"]
                    ));
                    break;
                }
                if let Some(m) = r["next"].as_str() {
                    match p.coord_to_move(m, RankBase::One) {
                        Ok(mv) => p.make(&mv),
                        Err(e) => {
                            bad.push(format!("{name} game {game}: {m}: {e}"));
                            break;
                        }
                    }
                }
            }
        }
    }
    eprintln!("{compared} positions compared");
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
    assert!(compared > 30_000);
}

fn grand_perft(depth: u32) {
    let vs = bundled_variants();
    let v = find_variant(&vs, "grand").expect("grand is bundled");
    let mut bad = Vec::new();
    let mut n = 0;
    for line in include_str!("../expected/fsf-grand.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('\t').collect();
        let p = FairyPos::from_fen(v.clone(), f[1]).expect("fen");
        let want: Vec<Option<u64>> = f[3].split(' ').map(|s| s.parse().ok()).collect();
        let check = (p.in_check(p.turn) as u8).to_string();
        let mut got: Vec<Option<u64>> = (1..=depth).map(|d| Some(p.perft(d))).collect();
        got.resize(want.len(), None);
        let want: Vec<Option<u64>> = want.iter().zip(&got).map(|(w, g)| g.and(*w)).collect();
        n += 1;
        if check != f[2] || got != want {
            bad.push(format!(
                "{}: check {check}, perft {got:?} want {want:?}",
                f[1]
            ));
        }
    }
    eprintln!("{n} Grand positions");
    assert!(bad.is_empty(), "{} differ:\n{}", bad.len(), bad.join("\n"));
}

/// Grand chess (10x10; promotion only to a piece of a type already captured, as `Max:`
/// says; optional on ranks 8-9, forced on 10): check and perft 1..2.
#[test]
fn grand_perft_agrees_with_fairy_stockfish() {
    grand_perft(2);
}

/// Depth 3 (a minute or so): `cargo test --test variants fairy_fen:: -- --ignored`.
#[test]
#[ignore]
fn grand_perft_3_agrees_with_fairy_stockfish() {
    grand_perft(3);
}
