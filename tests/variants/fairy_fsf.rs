//! Fairy-Stockfish's own games replayed through the bundled definitions: every move is legal,
//! and at each recorded position the number of legal moves and check agree
//! (`tests/expected/fsf-games.txt`, from `scripts/fsf_games.py`); all 200 games of each set in
//! `../shared/data/variants/generated/` replay to their recorded end, and each move's SAN (as
//! Fairy-Stockfish writes it) names the same move as its UCI (read in place).

use std::path::Path;
use std::sync::Arc;

use cqlq::rules::fairy::{FairyPos, RankBase, Variant, bundled_variants, find_variant};

fn replay_counts(
    v: &Arc<Variant>,
    fen: &str,
    moves: &[&str],
    want: &[&str],
) -> Result<usize, String> {
    let mut p = FairyPos::from_fen(v.clone(), fen)?;
    let mut agree = 0;
    for (ply, w) in want.iter().enumerate() {
        // Fairy-Stockfish ends the game at a bare king (shatranj, courier): no moves there.
        let n = if p.is_variant_end() {
            0
        } else {
            p.legal_moves().len()
        };
        let check = p.in_check(p.turn) as u8;
        let got = format!("{n}:{check}");
        if got != *w {
            return Err(format!(
                "ply {ply}: got {got} want {w} ({})",
                p.to_fen(true)
            ));
        }
        agree += 1;
        if let Some(m) = moves.get(ply) {
            let mv = p
                .coord_to_move(m, RankBase::One)
                .map_err(|e| format!("ply {ply}: {e}"))?;
            p.make(&mv);
        }
    }
    Ok(agree)
}

#[test]
fn legal_move_counts_and_check_agree_with_fairy_stockfish() {
    let vs = bundled_variants();
    let mut positions = 0;
    let mut bad = Vec::new();
    for line in include_str!("../expected/fsf-games.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('\t').collect();
        let v = find_variant(&vs, f[0]).expect("bundled");
        let moves: Vec<&str> = f[2].split(' ').filter(|s| !s.is_empty()).collect();
        let want: Vec<&str> = f[3].split(' ').collect();
        match replay_counts(v, f[1], &moves, &want) {
            Ok(n) => positions += n,
            Err(e) => bad.push(format!("{}: {e}", f[0])),
        }
    }
    eprintln!("{positions} positions agree");
    assert!(
        bad.is_empty(),
        "{} games differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// All 200 games per variant (moves only). Reads the shared data in place.
#[test]
fn all_fairy_stockfish_games_replay() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/variants/generated");
    if !dir.exists() {
        crate::common::skip(format!("{} absent", dir.display()));
        return;
    }
    let vs = bundled_variants();
    let mut bad = Vec::new();
    let mut games = 0;
    for name in [
        "chess",
        "capablanca",
        "gothic",
        "shatranj",
        "makruk",
        "courier",
        "xiangqi",
        "shogi",
        "seirawan",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.games.jsonl"))).expect("games");
        let v = find_variant(&vs, name).expect("bundled");
        for line in text.lines() {
            let g: serde_json::Value = serde_json::from_str(line).expect("json");
            let fen = g["start_fen"].as_str().unwrap_or_default();
            let mut p = FairyPos::from_fen(v.clone(), fen).expect("fen");
            games += 1;
            let uci = g["uci"].as_array().cloned().unwrap_or_default();
            let san = g["san"].as_array().cloned().unwrap_or_default();
            let mut failed = false;
            for (ply, m) in uci.iter().enumerate() {
                match p.coord_to_move(m.as_str().unwrap_or_default(), RankBase::One) {
                    Ok(mv) => {
                        // Fairy-Stockfish's SAN of the same move names the same move.
                        let s = san.get(ply).and_then(|s| s.as_str()).unwrap_or_default();
                        match p.san_to_move(s) {
                            Ok(by_san) if by_san == mv => {}
                            other => {
                                bad.push(format!(
                                    "{name} game {} ply {ply}: SAN `{s}` gives {other:?}, UCI {m}",
                                    g["game"]
                                ));
                                failed = true;
                                break;
                            }
                        }
                        p.make(&mv)
                    }
                    Err(e) => {
                        bad.push(format!(
                            "{name} game {} ply {ply}: {e} ({})",
                            g["game"],
                            p.to_fen(true)
                        ));
                        failed = true;
                        break;
                    }
                }
            }
            let term = g["termination"].as_str().unwrap_or_default();
            if !failed && term == "checkmate" && !(p.legal_moves().is_empty() && p.in_check(p.turn))
            {
                bad.push(format!(
                    "{name} game {}: recorded checkmate is not mate here",
                    g["game"]
                ));
            }
        }
    }
    eprintln!("{games} games replayed");
    assert!(
        bad.is_empty(),
        "{} of {games} games fail:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
