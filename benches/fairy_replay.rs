//! Speed of the generic fairy engine: replays the games of `../shared/data/std-visible.pgn`
//! (main lines, SAN) with FIDE chess defined in SjaakII's format (the bundled `chess`), next to
//! shakmaty's replay of the same games through `rules::standard::Standard`. Prints games/s of
//! both and their ratio (goal: fairy ≥ 50 % of shakmaty). PGN reading is done before timing.
//!
//! Run: `cargo bench --bench fairy_replay [-- PATH.pgn [MAX_GAMES]]`.
//!
//! Instruction counts (independent of the machine's load): build with `cargo bench --bench
//! fairy_replay --no-run`, run the binary under `valgrind --tool=callgrind` with a game limit
//! and compare the inclusive counts of `replay_shakmaty` and `replay_fairy`
//! (`scripts/fairy_speed_instructions.sh`).

use std::time::Instant;

use cqlq::pgn::{read_game, split_games};
use cqlq::rules::Position;
use std::sync::Arc;

use cqlq::rules::fairy::{FairyPos, Variant, bundled_variants, find_variant};
use cqlq::rules::standard::Standard;

fn main() {
    let args: Vec<String> = std::env::args().filter(|a| !a.starts_with("--")).collect();
    let path = args.get(1).cloned().unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/data/std-visible.pgn"
        )
        .to_string()
    });
    let max: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let Ok(data) = std::fs::read(&path) else {
        eprintln!("skipped: {path} absent");
        return;
    };
    let mut games: Vec<Vec<String>> = Vec::new();
    for range in split_games(&data).take(max) {
        let Ok(record) = read_game(&data[range]) else {
            continue;
        };
        if record.tag("FEN").is_some() {
            continue;
        }
        let mut line = Vec::new();
        let mut at = 0usize;
        while let Some(&child) = record.nodes[at].children.first() {
            line.push(record.nodes[child as usize].san.to_string());
            at = child as usize;
        }
        games.push(line);
    }
    let plies: usize = games.iter().map(Vec::len).sum();
    let chess = find_variant(&bundled_variants(), "chess")
        .cloned()
        .expect("bundled chess");

    let t = Instant::now();
    let ok_std = replay_shakmaty(&games);
    let std_s = t.elapsed().as_secs_f64();

    let t = Instant::now();
    let ok_fairy = replay_fairy(&games, &chess);
    let fairy_s = t.elapsed().as_secs_f64();
    assert_eq!(
        ok_std, ok_fairy,
        "both engines replay the same games completely"
    );

    let n = games.len() as f64;
    println!("{} games, {plies} plies from {path}", games.len());
    println!(
        "shakmaty (Standard): {:>9.0} games/s ({std_s:.2} s)",
        n / std_s
    );
    println!(
        "fairy (Sjaak chess): {:>9.0} games/s ({fairy_s:.2} s)",
        n / fairy_s
    );
    println!("fairy / shakmaty:    {:>8.1} %", 100.0 * std_s / fairy_s);
}

/// Replays every game with shakmaty (`rules::standard::Standard`); returns the games replayed
/// completely. Not inlined, so that a profiler can count its instructions apart.
#[inline(never)]
fn replay_shakmaty(games: &[Vec<String>]) -> usize {
    let mut ok = 0;
    for g in games {
        let mut p = Standard::for_game(None, None).expect("start");
        if g.iter().all(|m| p.play_san(m).is_ok()) {
            ok += 1;
        }
    }
    ok
}

/// Replays every game with the generic fairy engine and `chess` from the Sjaak format;
/// returns the games replayed completely. Not inlined (see [`replay_shakmaty`]).
#[inline(never)]
fn replay_fairy(games: &[Vec<String>], chess: &Arc<Variant>) -> usize {
    let mut ok = 0;
    for g in games {
        let mut p = FairyPos::start(chess.clone()).expect("start");
        let mut all = true;
        for m in g {
            if let Err(e) = p.play_san(m) {
                if ok + 60 > games.len() {
                    eprintln!("fairy: {e} at {}", p.to_fen(true));
                }
                all = false;
                break;
            }
        }
        if all {
            ok += 1;
        }
    }
    ok
}
